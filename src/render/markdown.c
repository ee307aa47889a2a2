/* markdown.c: --markdown, a summary short enough for a PR comment or a CI
 * job page (GitHub-flavoured markdown).  Compare, confirm and history
 * open with the gates' PASS/FAIL line when a gate was asked for
 * (gs_md_gates).  Compare: verdict, summary table,
 * top regressions (with what the efficiency model says about them),
 * threshold rule.  Report: input and GPU, summary table, the largest time
 * consumers with their efficiency.  Confirm: the counts and one row per
 * original regression.  History: markdown_history.c, reached through
 * gs_render_markdown.  Every string from an input is escaped: markdown
 * punctuation with a backslash, '<', '>' and '&' as entities, so neither a
 * table nor raw HTML can be injected.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cause.h"
#include "analysis/confirm.h"
#include "analysis/effpair.h"
#include "analysis/impact.h"
#include "analysis/single.h"
#include "render/fmt.h"
#include "render/writer_impl.h"

/* What a max-regressed gate counts, by the kind of report. */
static const char *
counted(gs_report_kind kind, size_t n)
{
	if (kind == GS_REPORT_HISTORY)
		return n == 1 ? "open regression" : "open regressions";
	if (kind == GS_REPORT_CONFIRM)
		return n == 1 ? "confirmed regression" : "confirmed regressions";
	return "regressed";
}

char *
gs_gate_text(const gs_report *r, const gs_gate *g, char *buf, size_t size)
{
	size_t n = (size_t)g->value;

	if (strcmp(g->name, "min-geomean") == 0)
		snprintf(buf, size, "%s %.4f %s --%s %g",
		         r->kind == GS_REPORT_HISTORY ? "geomean of the last run against the first"
		                                      : "geomean speedup",
		         g->value, g->passed ? "\xe2\x89\xa5" : "<", g->name, g->threshold);
	else
		snprintf(buf, size, "%zu %s %s --%s %ld", n, counted(r->kind, n),
		         g->passed ? "\xe2\x89\xa4" : ">", g->name, (long)g->threshold);
	return buf;
}

void
gs_md_gates(const gs_report *r, FILE *out)
{
	int fail = gs_gates_crossed(&r->gates) > 0;
	const char *sep = "";
	char text[256];

	if (!r->gates.n)
		return;
	fputs(fail ? "**FAIL**: " : "**PASS**: ", out);
	for (size_t i = 0; i < r->gates.n; i++) {
		if (fail && r->gates.g[i].passed)
			continue;
		fprintf(out, "%s%s", sep, gs_gate_text(r, &r->gates.g[i], text, sizeof text));
		sep = "; ";
	}
	fputs("\n\n", out);
}

static void
put_input(FILE *out, const char *label, const gs_table *t)
{
	fprintf(out, "- %s: ", label);
	gs_fmt_md_text(out, t->path);
	fputs(" (", out);
	gs_fmt_md_text(out, t->format ? t->format : "unknown format");
	if (t->gpu) {
		fputs(", ", out);
		gs_fmt_md_text(out, t->gpu);
	}
	fputs(")\n", out);
}

static void
count_row(FILE *out, const char *label, size_t k, size_t n)
{
	char share[GS_FMT_LEN];

	fprintf(out, "| %s | %zu (%s) |\n", label, k, gs_fmt_share(share, sizeof share, k, n));
}

static void
time_row(FILE *out, const char *label, double us)
{
	char v[GS_FMT_LEN];

	fprintf(out, "| %s | %s \xc2\xb5s |\n", label, gs_fmt_us(v, sizeof v, us));
}

static void
summary_table(FILE *out, const gs_compare *c)
{
	const gs_compare_summary *s = &c->s;
	double t = c->opts.threshold * 100;
	char a[GS_FMT_LEN], b[GS_FMT_LEN], d[GS_FMT_LEN];
	char label[96];

	fputs("| Metric | Value |\n|---|---|\n", out);
	fprintf(out, "| Geomean speedup | **%s** (95 %% CI %s\xe2\x80\x93%s, n = %zu) |\n",
	        gs_fmt_ratio(a, sizeof a, s->geomean, 4),
	        gs_fmt_ratio(b, sizeof b, s->geomean_lo, 4),
	        gs_fmt_ratio(d, sizeof d, s->geomean_hi, 4), s->matched);
	fprintf(out, "| Weighted speedup (\xce\xa3 base / \xce\xa3 cand) | %s |\n",
	        gs_fmt_ratio(a, sizeof a, s->weighted, 4));
	snprintf(label, sizeof label, "Improved (change > +%g %%)", t);
	count_row(out, label, s->improved, s->matched);
	snprintf(label, sizeof label, "Regressed (change < \xe2\x88\x92%g %%)", t);
	count_row(out, label, s->regressed, s->matched);
	count_row(out, "Neutral", s->neutral, s->matched);
	count_row(out, "Unsure (U test not passed)", s->unsure, s->matched);
	time_row(out, "Time saved by improvements", s->time_saved_us);
	time_row(out, "Time lost by regressions", s->time_lost_us);
	time_row(out, "Net time saved (all matched)", s->net_saved_us);
	fprintf(out, "| Saved / lost | %s |\n", gs_fmt_ratio(a, sizeof a, s->saved_lost_ratio, 2));
	fprintf(out, "| Only in baseline / candidate | %zu / %zu |\n", s->only_in_baseline,
	        s->only_in_candidate);
	fprintf(out, "| Excluded rows (baseline / candidate) | %zu / %zu |\n", s->excluded_baseline,
	        s->excluded_candidate);
}

static void
regression_row(FILE *out, const gs_pair *p)
{
	char shape[GS_FMT_SHAPE_LEN], tb[GS_FMT_LEN], tc[GS_FMT_LEN], sl[GS_FMT_LEN];
	const char *tag = p->base->tag ? p->base->tag : p->cand->tag;

	fputs("| ", out);
	gs_fmt_md_text(out, gs_fmt_shape(shape, sizeof shape, &p->base->shape));
	fputs(" | ", out);
	gs_fmt_md_text(out, tag ? tag : "");
	fprintf(out, " | %s | %s | **%s** |\n", gs_fmt_us(tb, sizeof tb, p->base->t.median),
	        gs_fmt_us(tc, sizeof tc, p->cand->t.median),
	        gs_fmt_ratio(sl, sizeof sl, gs_fmt_slowdown(p), 2));
}

static void
top_regressions(FILE *out, const gs_compare *c)
{
	size_t n = c->ntop_regressed < c->opts.top ? c->ntop_regressed : c->opts.top;

	if (n == 0) {
		fputs("\nNo regressions.\n", out);
		return;
	}
	fprintf(out, "\n### Top %zu regressions\n\n", n);
	fputs("| Shape (M\xc3\x97N\xc3\x97K) | Tag | Baseline (\xc2\xb5s) |"
	      " Candidate (\xc2\xb5s) | Slowdown |\n|---|---|---:|---:|---:|\n",
	      out);
	for (size_t i = 0; i < n; i++)
		regression_row(out, &c->pairs[c->top_regressed[i]]);
}

/* ---- causes and --weights impact: at most two lines */

/* "lost 78 % unknown (10 shapes), 22 % memory_bound (142 shapes)". */
static void
cause_part(FILE *out, const char *what, const double v[GS_CAUSE_COUNT],
           const size_t nshapes[GS_CAUSE_COUNT], const gs_cause_kind *order, size_t n, double total)
{
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s%.0f %% %s (%zu shape%s)", i ? ", " : what,
		        total > 0 ? 100 * v[order[i]] / total : 0.0, gs_cause_name(order[i]),
		        nshapes[order[i]], nshapes[order[i]] == 1 ? "" : "s");
}

static void
cause_line(FILE *out, const gs_report *r)
{
	const gs_causes *c = r->causes;
	const gs_compare_summary *s = &r->cmp->s;
	int lost = s->time_lost_us > 0, saved = s->time_saved_us > 0;

	if (!c || (!lost && !saved))
		return;
	fputs("\n**Causes:** ", out);
	if (lost)
		cause_part(out, "time lost ", c->lost_us, c->nlost, c->lost_order, c->nlost_order,
		           s->time_lost_us);
	if (saved)
		cause_part(out, lost ? "; time saved " : "time saved ", c->saved_us, c->nsaved,
		           c->saved_order, c->nsaved_order, s->time_saved_us);
	fputs(".\n", out);
}

static void
impact_line(FILE *out, const gs_impact *m)
{
	char a[GS_FMT_LEN], b[GS_FMT_LEN], d[GS_FMT_LEN], ch[GS_FMT_LEN];

	if (!m)
		return;
	fprintf(out,
	        "\n**Workload impact (--weights):** GEMM time %s \xe2\x86\x92 %s \xc2\xb5s "
	        "(%s, %s); %zu of %zu workload shapes covered, the rest %.1f %% of its GEMM "
	        "time.\n",
	        gs_fmt_us(a, sizeof a, m->base_us), gs_fmt_us(b, sizeof b, m->cand_us),
	        gs_fmt_ratio(d, sizeof d, m->speedup, 4),
	        gs_fmt_change(ch, sizeof ch, m->base_us > 0 ? m->delta_us / m->base_us : NAN),
	        m->matched_shapes, m->n,
	        isfinite(m->unmatched_time_share) ? 100 * m->unmatched_time_share : 0.0);
}

/* ---- efficiency */

enum { EXPLAINED_MAX = 4 };

static void
explained(FILE *out, const gs_report *r)
{
	const gs_compare *c = r->cmp;
	size_t n = c->ntop_regressed < EXPLAINED_MAX ? c->ntop_regressed : EXPLAINED_MAX;
	char shape[GS_FMT_SHAPE_LEN];

	if (n == 0 || !r->eff_base || !r->eff_cand || !r->effpairs)
		return;
	fputs("\n**Why (efficiency model):**\n\n", out);
	for (size_t i = 0; i < n; i++) {
		const gs_pair *p = &c->pairs[c->top_regressed[i]];
		fputs("- ", out);
		gs_fmt_md_text(out, gs_fmt_shape(shape, sizeof shape, &p->base->shape));
		fputs(": ", out);
		gs_fmt_md_text(out, r->effpairs[c->top_regressed[i]].explanation);
		fputc('\n', out);
	}
	if (!r->eff_base->gpu && !r->eff_cand->gpu)
		fputs("\nNo GPU is known for either input: pass `--gpu mi300x` (or another "
		      "name from `gemmscope gpus`, or a spec file) for the roofline and wave "
		      "quantisation.\n",
		      out);
}

/* A number with DECIMALS decimals, "\xe2\x80\x94" when not finite. */
static void
put_fixed(FILE *out, double v, int decimals)
{
	if (isfinite(v))
		fprintf(out, "%.*f", decimals, v);
	else
		fputs("\xe2\x80\x94", out);
}

static void
single_summary(FILE *out, const gs_single *s)
{
	const gs_single_summary *m = &s->s;
	char v[GS_FMT_LEN];

	fputs("| Metric | Value |\n|---|---|\n", out);
	fprintf(out, "| Shapes | %zu (tile known for %zu, dim_eff for %zu) |\n", m->shapes,
	        m->with_tile, m->with_dim_eff);
	fprintf(out, "| Total GEMM time | %s \xc2\xb5s |\n", gs_fmt_us(v, sizeof v, m->total_us));
	fputs("| Time-weighted TFLOP/s | ", out);
	put_fixed(out, m->tflops, 2);
	fputs(" |\n| Time-weighted dim_eff | ", out);
	put_fixed(out, m->weighted_dim_eff, 3);
	fputs(" |\n| % of roofline (\xce\xa3 roofline time / \xce\xa3 time) | ", out);
	put_fixed(out, m->weighted_pct_roofline, 1);
	fprintf(out, " |\n| Compute-bound / memory-bound shapes | %zu / %zu |\n", m->compute_bound,
	        m->memory_bound);
}

static void
single_row(FILE *out, const gs_single_row *row)
{
	char shape[GS_FMT_SHAPE_LEN], v[GS_FMT_LEN];
	const gs_eff *e = &row->eff;

	fputs("| ", out);
	gs_fmt_md_text(out, gs_fmt_shape(shape, sizeof shape, &row->rec->shape));
	fprintf(out, " | %ld | %s | ", row->rec->t.count, gs_fmt_us(v, sizeof v, row->total_us));
	put_fixed(out, row->have_eff ? e->achieved_tflops : NAN, 1);
	fputs(" | ", out);
	if (row->have_eff && e->tile_m > 0)
		fprintf(out, "%d\xc3\x97%d", e->tile_m, e->tile_n);
	else
		fputs("\xe2\x80\x94", out);
	fputs(" | ", out);
	put_fixed(out, row->have_eff ? e->dim_eff : NAN, 3);
	fputs(" | ", out);
	put_fixed(out, row->have_eff ? e->pct_roofline : NAN, 1);
	fputs(" |\n", out);
}

static int
single_markdown(const gs_report *r, FILE *out)
{
	const gs_single *s = r->single;
	size_t n = s->n < 10 ? s->n : 10;

	fputs("## ", out);
	gs_fmt_md_text(out, r->title ? r->title : "gemmscope report");
	fputs("\n\n", out);
	put_input(out, "Input", s->table);
	fputs("- GPU: ", out);
	if (s->gpu) {
		gs_fmt_md_text(out, s->gpu->full_name);
		fprintf(out, " (from %s)\n\n", s->opts.gpu_from ? s->opts.gpu_from : "?");
	} else {
		fputs("unknown: pass `--gpu mi300x` (or another name from `gemmscope gpus`, "
		      "or a spec file) for the roofline and wave quantisation\n\n",
		      out);
	}
	single_summary(out, s);
	fprintf(out, "\n### Top %zu by total time\n\n", n);
	fputs("| Shape (M\xc3\x97N\xc3\x97K) | Calls | Total (\xc2\xb5s) | TFLOP/s | Tile | "
	      "dim_eff | % of roofline |\n|---|---:|---:|---:|---|---:|---:|\n",
	      out);
	for (size_t i = 0; i < n; i++)
		single_row(out, &s->rows[s->by_time[i]]);
	fprintf(out,
	        "\nFLOP and bytes as TraceLens counts them; dim_eff = tile_eff \xc2\xb7 "
	        "wq_eff. Generated by gemmscope %s.\n",
	        r->version ? r->version : "");
	return 0;
}

static void
compare_markdown(const gs_report *r, FILE *out)
{
	const gs_compare *c = r->cmp;
	char verdict[GS_FMT_VERDICT_LEN];

	gs_md_gates(r, out);
	fputs("## ", out);
	gs_fmt_md_text(out, r->title ? r->title : "gemmscope compare");
	fprintf(out, "\n\n**%s.**\n\n", gs_fmt_verdict(verdict, sizeof verdict, c));
	put_input(out, "Baseline", c->base);
	put_input(out, "Candidate", c->cand);
	fputc('\n', out);
	summary_table(out, c);
	cause_line(out, r);
	impact_line(out, r->impact);
	top_regressions(out, c);
	explained(out, r);
	fprintf(out,
	        "\nSpeedup s = t_base / t_cand; change = s \xe2\x88\x92 1; "
	        "threshold \xc2\xb1%g %%. Generated by gemmscope %s.\n",
	        c->opts.threshold * 100, r->version ? r->version : "");
}

/* confirm's summary: the counts and one table row per original
 * regression. */
static int
confirm_markdown(const gs_report *r, FILE *out, gs_error *err)
{
	const gs_confirm *c = r->confirm;
	char shape[256];

	gs_md_gates(r, out);
	fprintf(out, "### gemmscope confirm: %zu of %zu regressions confirmed\n\n", c->confirmed,
	        c->n);
	fprintf(out,
	        "%zu confirmed, %zu not reproduced, %zu unsure, %zu not re-measured "
	        "(threshold %g %%).\n\n",
	        c->confirmed, c->not_reproduced, c->unsure, c->not_remeasured, c->threshold * 100);
	if (c->n)
		fprintf(out, "| Shape | Original slowdown | Re-measured slowdown | Status |\n"
		             "|---|---:|---:|---|\n");
	for (size_t i = 0; i < c->n; i++) {
		const gs_confirm_item *it = &c->items[i];
		fputs("| ", out);
		gs_fmt_md_text(out, gs_shape_format(&it->shape, shape, sizeof shape));
		fprintf(out, " | %.2f\xc3\x97 | ", 1 / it->orig_speedup);
		if (it->re)
			fprintf(out, "%.2f\xc3\x97", 1 / it->re->speedup);
		else
			fputs("—", out);
		fprintf(out, " | %s |\n", gs_confirm_status_name(it->status));
	}
	return ferror(out) ? gs_error_set(err, NULL, 0, 0, "write failed") : 0;
}

int
gs_render_markdown(const gs_report *r, FILE *out, gs_error *err)
{
	if (r->kind == GS_REPORT_HISTORY && r->hist && r->hseries)
		return gs_md_history(r, out, err);
	if (r->kind == GS_REPORT_CONFIRM && r->confirm)
		return confirm_markdown(r, out, err);
	if (r->kind == GS_REPORT_SINGLE && r->single)
		single_markdown(r, out);
	else if (r->kind == GS_REPORT_COMPARE && r->cmp)
		compare_markdown(r, out);
	else
		return gs_error_set(err, NULL, 0, 0,
		                    "the markdown output needs a comparison report");
	if (fflush(out) != 0 || ferror(out))
		return gs_error_set(err, NULL, 0, 0, "cannot write the markdown output");
	return 0;
}
