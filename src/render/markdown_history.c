/* markdown_history.c: `gemmscope history --markdown`, a summary sized for
 * a CI job page or a PR comment (GitHub-flavoured markdown, at most about
 * 60 lines): the gates' line or the verdict heading first, the counts (with
 * the --report-url link), the evolution table of the last 10 runs, the
 * first 8 open regressions and 5 pending steps (the model's R->hseries),
 * and the rule that made them.
 * Every string from an input is escaped: markdown punctuation with a
 * backslash, '<', '>' and '&' as entities, so neither a table nor raw HTML
 * can be injected.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/fmt.h"
#include "analysis/history.h"
#include "render/writer_impl.h"

enum { MAX_RUN_ROWS = 10, MD_TOP = 8, MD_PENDING = 5 };

static void
put_shape(FILE *out, const gs_record *r)
{
	char shape[GS_FMT_SHAPE_LEN];

	fputs("| ", out);
	gs_fmt_md_text(out, gs_fmt_shape(shape, sizeof shape, &r->shape));
	fputs(" | ", out);
	gs_fmt_md_text(out, gs_record_tag(r) ? gs_record_tag(r) : "");
}

static void
verdict(FILE *out, const gs_report *r)
{
	const gs_history *h = r->hist;
	const gs_history_entry *last = &h->runs[h->nruns - 1];
	size_t open = r->open_regressions;
	char g[GS_FMT_LEN], ch[GS_FMT_LEN];

	fprintf(out,
	        ": %zu regression%s open at the last run; geomean of the last run against "
	        "the first %s (%s)\n\n",
	        open, open == 1 ? "" : "s", gs_fmt_ratio(g, sizeof g, last->geomean_vs_first, 4),
	        gs_fmt_change(ch, sizeof ch, last->geomean_vs_first - 1));
	fprintf(out,
	        "%zu run%s, %zu shape%s; %zu regression%s confirmed in all, %zu "
	        "improvement%s, %zu pending.",
	        h->nruns, h->nruns == 1 ? "" : "s", h->nseries, h->nseries == 1 ? "" : "s",
	        h->regressions, h->regressions == 1 ? "" : "s", h->improvements,
	        h->improvements == 1 ? "" : "s", h->pending);
	gs_md_report_link(r, out, " ");
	fputs("\n\n", out);
}

static void
evolution(FILE *out, const gs_history *h)
{
	size_t first = h->nruns > MAX_RUN_ROWS ? h->nruns - MAX_RUN_ROWS : 0;
	char a[GS_FMT_LEN], b[GS_FMT_LEN];

	fputs("### Evolution (against the first and the previous run)", out);
	if (first)
		fprintf(out, ": the last %d of %zu runs", MAX_RUN_ROWS, h->nruns);
	fputc('\n', out);
	fputs("| Run | Geomean vs first | Geomean vs previous | Improved | Regressed |"
	      " Shapes |\n|---|---:|---:|---:|---:|---:|\n",
	      out);
	for (size_t i = first; i < h->nruns; i++) {
		const gs_history_entry *e = &h->runs[i];
		fputs("| ", out);
		gs_fmt_md_text(out, e->name);
		fprintf(out, " | %s | %s | %zu | %zu | %zu |\n",
		        gs_fmt_ratio(a, sizeof a, e->geomean_vs_first, 4),
		        gs_fmt_ratio(b, sizeof b, e->geomean_vs_previous, 4),
		        e->vs_first.s.improved, e->vs_first.s.regressed, e->shapes);
	}
}

/* The cells of change point C; NOW (the current level over the level
 * before C) gets a column unless NAN. */
static void
cp_cells(FILE *out, const gs_history_cp *c, double now)
{
	char tb[GS_FMT_LEN], ta[GS_FMT_LEN], r[GS_FMT_LEN], nr[GS_FMT_LEN];

	fputs(" | ", out);
	gs_fmt_md_text(out, c->run);
	fprintf(out, " | %s | %s | **%s** |", gs_fmt_us(tb, sizeof tb, c->median_before),
	        gs_fmt_us(ta, sizeof ta, c->median_after), gs_fmt_ratio(r, sizeof r, c->ratio, 3));
	if (!isnan(now))
		fprintf(out, " %s |", gs_fmt_ratio(nr, sizeof nr, now, 3));
	fprintf(out, " %.2g |\n", c->p_value);
}

static void
open_regressions(FILE *out, const gs_report *r)
{
	const gs_history *h = r->hist;
	size_t n = r->open_regressions, shown = 0;
	size_t top = h->opts.cmp.top && h->opts.cmp.top < MD_TOP ? h->opts.cmp.top : MD_TOP;

	if (n == 0) {
		fputs("\nNo regression is open at the last run.\n", out);
		return;
	}
	fprintf(out, "\n### Open regressions (%zu%s)\n", n,
	        n > top ? "; the first in shape order, all in the HTML and JSON" : "");
	fputs("| Shape (M\xc3\x97N\xc3\x97K) | Tag | Since run | Before (\xc2\xb5s) |"
	      " After (\xc2\xb5s) | Time ratio | Now vs before | p |\n"
	      "|---|---|---|---:|---:|---:|---:|---:|\n",
	      out);
	for (size_t s = 0; s < h->nseries && shown < top; s++) {
		const gs_history_cp *c = r->hseries[s].open;
		if (!c)
			continue;
		put_shape(out, h->series[s].rec);
		cp_cells(out, c, r->hseries[s].open_now);
		shown++;
	}
}

static void
pending(FILE *out, const gs_report *r)
{
	const gs_history *h = r->hist;
	size_t top = h->opts.cmp.top && h->opts.cmp.top < MD_PENDING ? h->opts.cmp.top : MD_PENDING;
	size_t shown = 0;

	if (h->pending == 0)
		return;
	fprintf(out, "\n### Pending steps (%zu%s): not yet lasted %u runs\n", h->pending,
	        h->pending > top ? "; the first in shape order" : "", h->opts.persist);
	fputs("| Shape (M\xc3\x97N\xc3\x97K) | Tag | Run | Before (\xc2\xb5s) |"
	      " After (\xc2\xb5s) | Time ratio | p |\n"
	      "|---|---|---|---:|---:|---:|---:|\n",
	      out);
	for (size_t s = 0; s < h->nseries && shown < top; s++) {
		const gs_history_cp *c = r->hseries[s].pending;
		if (!c)
			continue;
		put_shape(out, h->series[s].rec);
		cp_cells(out, c, NAN);
		shown++;
	}
}

int
gs_md_history(const gs_report *r, FILE *out, gs_error *err)
{
	const gs_history *h = r->hist;

	gs_md_gates(r, out);
	fputs("## ", out);
	gs_fmt_md_text(out, r->title ? r->title : "gemmscope history");
	verdict(out, r);
	evolution(out, h);
	open_regressions(out, r);
	pending(out, r);
	fprintf(out,
	        "\nTime ratio = median after / median before (> 1 is slower). "
	        "Change points: E-Divisive with a t-test (p \xe2\x89\xa4 %g, step "
	        "\xe2\x89\xa5 %g %%); a step counts once its new level has lasted %u "
	        "runs. Speedups against the first run: threshold \xc2\xb1%g %%. "
	        "Generated by gemmscope %s.\n",
	        h->opts.max_p, h->opts.min_magnitude * 100, h->opts.persist,
	        h->opts.cmp.threshold * 100, r->version ? r->version : "");
	if (fflush(out) != 0 || ferror(out))
		return gs_error_set(err, NULL, 0, 0, "cannot write the markdown output");
	return 0;
}
