/* markdown.c: --markdown, a summary short enough for a PR comment or a CI
 * job page (GitHub-flavoured markdown): at most about 60 lines at any
 * number of shapes.  The first line is the verdict: the gates' PASS/FAIL
 * line when a gate was asked for (gs_md_gates), else the title heading
 * with the verdict.  Compare: one inputs line (with the --report-url link),
 * the headline table (geomean with its CI, weighted speedup, counts, time
 * saved/lost), the causes and --weights impact lines, the top 5 regressions
 * by slowdown and by time lost, the top 5 improvements, the breakdown by
 * shape class and dtype where there is more than one group (4 rows at
 * most), what the efficiency model says of the worst two, the rule.
 * Report: input and GPU, summary table, the largest time consumers with
 * their efficiency.  Confirm: markdown_confirm.c; history:
 * markdown_history.c, both reached through gs_render_markdown.  Every string from an input is escaped:
 * markdown punctuation with a backslash, '<', '>' and '&' as entities, so
 * neither a table nor raw HTML can be injected.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cause.h"
#include "analysis/effpair.h"
#include "analysis/impact.h"
#include "analysis/single.h"
#include "render/env_impl.h"
#include "render/cause_impl.h"
#include "render/kmix_impl.h"
#include "render/fmt.h"
#include "render/model_impl.h"
#include "render/overroof.h"
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
	size_t n;

	if (strcmp(g->name, "min-geomean") == 0) {
		snprintf(buf, size, "%s %.4f %s --%s %g",
		         r->kind == GS_REPORT_HISTORY ? "geomean of the last run against the first"
		                                      : "geomean speedup",
		         g->value, g->passed ? "\xe2\x89\xa5" : "<", g->name, g->threshold);
		return buf;
	}
	/* a count gate: the value and threshold are counts (gate.h); convert
	 * only what a size_t holds (a double out of range is undefined) */
	n = g->value >= 0 && g->value < 9e15 ? (size_t)g->value : 0;
	snprintf(buf, size, "%zu %s %s --%s %.0f", n, counted(r->kind, n),
	         g->passed ? "\xe2\x89\xa4" : ">", g->name, g->threshold);
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

/* "s" unless N is 1. */
static const char *
plural_s(size_t n)
{
	return n == 1 ? "" : "s";
}

/* "[Full report (HTML)](URL)" when --report-url was given; the URL is
 * written inside <...> so spaces and parentheses cannot end it early, with
 * '<', '>' and control characters percent-encoded. */
void
gs_md_report_link(const gs_report *r, FILE *out, const char *lead)
{
	if (!r->report_url || !r->report_url[0])
		return;
	fprintf(out, "%s[Full report (HTML)](<", lead);
	for (const unsigned char *p = (const unsigned char *)r->report_url; *p; p++)
		if (*p < 0x21 || *p == '<' || *p == '>' || *p == 0x7f)
			fprintf(out, "%%%02X", *p);
		else
			fputc(*p, out);
	fputs(">)", out);
}

/* One input in a sentence: "`path` (format, gpu)". */
static void
put_input(FILE *out, const char *label, const gs_table *t)
{
	fprintf(out, "%s ", label);
	gs_fmt_md_text(out, t->path);
	fputs(" (", out);
	gs_fmt_md_text(out, t->format ? t->format : "unknown format");
	if (t->gpu) {
		fputs(", ", out);
		gs_fmt_md_text(out, t->gpu);
	}
	fputc(')', out);
}

static void
inputs_line(FILE *out, const gs_report *r)
{
	put_input(out, "Baseline", r->cmp->base);
	put_input(out, " \xe2\x86\x92 candidate", r->cmp->cand);
	fputc('.', out);
	gs_md_report_link(r, out, " ");
	fputs("\n\n", out);
}

/* "K (share %)". */
static char *
count_share(char *buf, size_t size, size_t k, size_t n)
{
	char share[GS_FMT_LEN];

	char count[32];

	snprintf(buf, size, "%s (%s)", gs_fmt_count(count, sizeof count, k),
	         gs_fmt_share(share, sizeof share, k, n));
	return buf;
}

static void
summary_table(FILE *out, const gs_compare *c)
{
	const gs_compare_summary *s = &c->s;
	double t = c->opts.threshold * 100;
	char a[GS_FMT_LEN], b[GS_FMT_LEN], d[GS_FMT_LEN], e[GS_FMT_LEN];
	char ci[2 * GS_FMT_LEN + 4];

	fputs("| Metric | Value |\n|---|---|\n", out);
	fprintf(out, "| Geomean speedup | **%s** (95 %% CI %s, n = %s) |\n",
	        gs_fmt_ratio(a, sizeof a, s->geomean, 4),
	        gs_fmt_ci(ci, sizeof ci, s->geomean_lo, s->geomean_hi, 4),
	        gs_fmt_count(e, sizeof e, s->matched));
	fprintf(out, "| Weighted speedup (\xce\xa3 base / \xce\xa3 cand) | %s |\n",
	        gs_fmt_ratio(a, sizeof a, s->weighted, 4));
	fprintf(out, "| Improved (change > +%g %%) | %s |\n", t,
	        count_share(a, sizeof a, s->improved, s->matched));
	fprintf(out, "| Regressed (change < \xe2\x88\x92%g %%) | %s |\n", t,
	        count_share(a, sizeof a, s->regressed, s->matched));
	fprintf(out, "| Neutral / unsure (U test not passed) | %s / %s |\n",
	        count_share(a, sizeof a, s->neutral, s->matched),
	        count_share(b, sizeof b, s->unsure, s->matched));
	fprintf(out, "| Time saved / lost | %s / %s \xc2\xb5s |\n",
	        gs_fmt_us(a, sizeof a, s->time_saved_us), gs_fmt_us(b, sizeof b, s->time_lost_us));
	fprintf(out, "| Net time saved (saved / lost) | %s \xc2\xb5s (%s) |\n",
	        gs_fmt_us(a, sizeof a, s->net_saved_us),
	        gs_fmt_ratio(b, sizeof b, s->saved_lost_ratio, 2));
	/* a row of zeros says nothing: left out */
	if (s->only_in_baseline || s->only_in_candidate || s->excluded_baseline ||
	    s->excluded_candidate)
		fprintf(out, "| Only in baseline / candidate; excluded rows | %s / %s; %s / %s |\n",
		        gs_fmt_count(a, sizeof a, s->only_in_baseline),
		        gs_fmt_count(b, sizeof b, s->only_in_candidate),
		        gs_fmt_count(d, sizeof d, s->excluded_baseline),
		        gs_fmt_count(e, sizeof e, s->excluded_candidate));
}

/* ---- the short top-N tables: heading line, then the table */

enum { MD_TOP = 5, MD_GROUPS = 4, EXPLAINED_MAX = 2 };

static size_t
top_n(const gs_compare *c, size_t have)
{
	size_t n = c->opts.top < MD_TOP ? c->opts.top : MD_TOP;

	return have < n ? have : n;
}

/* The first cells of a row: shape, the tag when TAG, both times. */
static void
shape_cells(FILE *out, const gs_pair *p, int tag)
{
	char shape[GS_FMT_SHAPE_LEN], tb[GS_FMT_LEN], tc[GS_FMT_LEN];
	const char *t = gs_pair_tag(p);

	fputs("| ", out);
	gs_fmt_md_text(out, gs_fmt_shape(shape, sizeof shape, &p->base->shape));
	if (tag) {
		fputs(" | ", out);
		gs_fmt_md_text(out, t ? t : "");
	}
	fprintf(out, " | %s | %s |", gs_fmt_us(tb, sizeof tb, p->base->t.median),
	        gs_fmt_us(tc, sizeof tc, p->cand->t.median));
}

#define SHAPE_HEAD "| Shape (M\xc3\x97N\xc3\x97K) | Baseline (\xc2\xb5s) | Candidate (\xc2\xb5s) |"

/* Top regressions by ratio: slowdown and the time each lost; the tag
 * column when one of them has a tag. */
static void
top_regressions(FILE *out, const gs_compare *c)
{
	size_t n = top_n(c, c->ntop_regressed);
	char v[GS_FMT_LEN], l[GS_FMT_LEN];
	int tags = 0;

	if (n == 0) {
		fputs("\nNo regressions.\n", out);
		return;
	}
	for (size_t i = 0; i < n && !tags; i++) {
		const gs_pair *p = &c->pairs[c->top_regressed[i]];
		tags = gs_pair_tag(p) != NULL;
	}
	fprintf(out, "\n### Top %zu regression%s by slowdown (of %s)\n", n, plural_s(n),
	        gs_fmt_count(v, sizeof v, c->s.regressed));
	fprintf(out,
	        "| Shape (M\xc3\x97N\xc3\x97K) |%s Baseline (\xc2\xb5s) | Candidate (\xc2\xb5s) |"
	        " Slowdown | Time lost (\xc2\xb5s) |\n|---|%s---:|---:|---:|---:|\n",
	        tags ? " Tag |" : "", tags ? "---|" : "");
	for (size_t i = 0; i < n; i++) {
		const gs_pair *p = &c->pairs[c->top_regressed[i]];
		shape_cells(out, p, tags);
		fprintf(out, " **%s** | %s |\n", gs_fmt_ratio(v, sizeof v, gs_fmt_slowdown(p), 2),
		        gs_fmt_us(l, sizeof l, p->cand->t.median - p->base->t.median));
	}
}

/* Whether the first N regressions by time lost are all among the first N
 * by slowdown (the table above). */
static int
all_in_top(const gs_compare *c, size_t n)
{
	size_t m = top_n(c, c->ntop_regressed);

	for (size_t i = 0; i < n; i++) {
		size_t j = 0;
		while (j < m && c->top_regressed[j] != c->top_lost[i])
			j++;
		if (j == m)
			return 0;
	}
	return 1;
}

/* The regressions that cost the most time (cmp->top_lost), with their
 * share of the time lost; one line when they are the shapes of the table
 * above. */
static void
top_lost(FILE *out, const gs_compare *c)
{
	size_t n = top_n(c, c->ntop_lost);
	char v[GS_FMT_LEN], l[GS_FMT_LEN];

	if (n == 0)
		return;
	if (all_in_top(c, n)) { /* the table would repeat the one above */
		double lost = 0;
		for (size_t i = 0; i < n; i++)
			lost += c->pairs[c->top_lost[i]].cand->t.median -
			        c->pairs[c->top_lost[i]].base->t.median;
		fprintf(out,
		        "\n**Worst %zu by time lost:** the same shapes as above, %.1f %% of the time "
		        "lost together.\n",
		        n, c->s.time_lost_us > 0 ? 100 * lost / c->s.time_lost_us : 0.0);
		return;
	}
	fprintf(out, "\n### Worst %zu by time lost\n", n);
	fputs(SHAPE_HEAD " Slowdown | Time lost (\xc2\xb5s) | Share of lost |\n"
	                 "|---|---:|---:|---:|---:|---:|\n",
	      out);
	for (size_t i = 0; i < n; i++) {
		const gs_pair *p = &c->pairs[c->top_lost[i]];
		double lost = p->cand->t.median - p->base->t.median;
		shape_cells(out, p, 0);
		fprintf(out, " %s | %s | %.1f %% |\n",
		        gs_fmt_ratio(v, sizeof v, gs_fmt_slowdown(p), 2),
		        gs_fmt_us(l, sizeof l, lost),
		        c->s.time_lost_us > 0 ? 100 * lost / c->s.time_lost_us : 0.0);
	}
}

static void
top_improvements(FILE *out, const gs_compare *c)
{
	size_t n = top_n(c, c->ntop_improved);
	char v[GS_FMT_LEN], l[GS_FMT_LEN];

	if (n == 0)
		return;
	fprintf(out, "\n### Top %zu improvement%s by speedup (of %s)\n", n, plural_s(n),
	        gs_fmt_count(v, sizeof v, c->s.improved));
	fputs(SHAPE_HEAD " Speedup | Time saved (\xc2\xb5s) |\n|---|---:|---:|---:|---:|\n", out);
	for (size_t i = 0; i < n; i++) {
		const gs_pair *p = &c->pairs[c->top_improved[i]];
		shape_cells(out, p, 0);
		fprintf(out, " **%s** | %s |\n", gs_fmt_ratio(v, sizeof v, p->speedup, 2),
		        gs_fmt_us(l, sizeof l, p->base->t.median - p->cand->t.median));
	}
}

/* Groups of kind BY, when it has more than one. */
static size_t
groups_of(const gs_compare *c, const char *by)
{
	size_t n = 0;

	for (size_t i = 0; i < c->ngroups; i++)
		n += strcmp(c->groups[i].by, by) == 0;
	return n > 1 ? n : 0;
}

/* The breakdown by shape class and dtype, only where there is more than
 * one group, at most MD_GROUPS rows (the HTML and JSON have them all). */
static void
breakdown(FILE *out, const gs_compare *c)
{
	size_t ncls = groups_of(c, "class"), ndt = groups_of(c, "dtype"), shown = 0;
	char g[GS_FMT_LEN];

	if (!ncls && !ndt)
		return;
	fprintf(out, "\n### By %s%s%s", ncls ? "shape class" : "", ncls && ndt ? " and " : "",
	        ndt ? "dtype" : "");
	if (ncls + ndt > MD_GROUPS)
		fprintf(out, " (the first %d of %zu groups; all in the HTML and JSON)", MD_GROUPS,
		        ncls + ndt);
	fputc('\n', out);
	fputs("| Group | Shapes | Geomean | Improved | Regressed |\n|---|---:|---:|---:|---:|\n",
	      out);
	for (size_t i = 0; i < c->ngroups && shown < MD_GROUPS; i++) {
		const gs_group *x = &c->groups[i];
		if (!(ncls && strcmp(x->by, "class") == 0) && !(ndt && strcmp(x->by, "dtype") == 0))
			continue;
		fprintf(out, "| %s ", x->by);
		gs_fmt_md_text(out, x->name);
		char k1[32], k2[32], k3[32];
		fprintf(out, " | %s | %s | %s | %s |\n", gs_fmt_count(k1, sizeof k1, x->n),
		        gs_fmt_ratio(g, sizeof g, x->geomean, 4),
		        gs_fmt_count(k2, sizeof k2, x->improved),
		        gs_fmt_count(k3, sizeof k3, x->regressed));
		shown++;
	}
}

/* ---- efficiency */

static void
explained(FILE *out, const gs_report *r)
{
	const gs_compare *c = r->cmp;
	size_t n = c->ntop_regressed < EXPLAINED_MAX ? c->ntop_regressed : EXPLAINED_MAX;
	char shape[GS_FMT_SHAPE_LEN], why[GS_REPORT_EXPLAIN_MAX];

	if (n == 0 || !r->eff_base || !r->eff_cand)
		return;
	if (!r->eff_base->gpu && !r->eff_cand->gpu && !gs_top_explained(r, n)) {
		/* n lines of "tile unknown on both sides" say less than one */
		fputs("\n**Why:** the efficiency model cannot say: no GPU is known and the top "
		      "regressions' macro tiles are not (`--gpu mi300x` or a spec file adds the "
		      "roofline; kernel names or tile columns add quantisation).\n",
		      out);
		return;
	}
	fputs("\n**Why (efficiency model)", out);
	if (!r->eff_base->gpu && !r->eff_cand->gpu)
		fputs(": no GPU is known for either input; `--gpu mi300x` (or another name from "
		      "`gemmscope gpus`, or a spec file) adds the roofline and wave quantisation",
		      out);
	fputs(":**\n", out);
	for (size_t i = 0; i < n; i++) {
		const gs_pair *p = &c->pairs[c->top_regressed[i]];
		fputs("- ", out);
		gs_fmt_md_text(out, gs_fmt_shape(shape, sizeof shape, &p->base->shape));
		fputs(": ", out);
		gs_fmt_md_text(out, gs_report_explain(r, c->top_regressed[i], why, sizeof why));
		fputc('\n', out);
	}
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
single_row(FILE *out, const gs_single *s, const gs_single_row *row)
{
	char shape[GS_FMT_SHAPE_LEN], v[GS_FMT_LEN];
	gs_eff eff;
	const gs_eff *e = gs_single_eff(s, row, &eff);

	fputs("| ", out);
	gs_fmt_md_text(out, gs_fmt_shape(shape, sizeof shape, &row->rec->shape));
	fprintf(out, " | %ld | %s | ", row->rec->t.count,
	        gs_fmt_us(v, sizeof v, gs_single_total_us(row)));
	put_fixed(out, e ? e->achieved_tflops : NAN, 1);
	fputs(" | ", out);
	if (e && e->tile_m > 0)
		fprintf(out, "%d\xc3\x97%d", e->tile_m, e->tile_n);
	else
		fputs("\xe2\x80\x94", out);
	fputs(" | ", out);
	put_fixed(out, e ? e->dim_eff : NAN, 3);
	fputs(" | ", out);
	put_fixed(out, e ? e->pct_roofline : NAN, 1);
	fprintf(out, "%s |\n", gs_over_roof_note(row));
}

static int
single_markdown(const gs_report *r, FILE *out)
{
	const gs_single *s = r->single;
	size_t n = s->n < 10 ? s->n : 10;
	char v[GS_FMT_LEN];

	fputs("## ", out);
	gs_fmt_md_text(out, r->title ? r->title : "gemmscope report");
	fprintf(out, ": %zu shape%s, %s \xc2\xb5s of GEMM time\n\n", s->s.shapes,
	        plural_s(s->s.shapes), gs_fmt_us(v, sizeof v, s->s.total_us));
	put_input(out, "- Input:", s->table);
	gs_md_report_link(r, out, "\n- ");
	fputs("\n- GPU: ", out);
	if (s->gpu) {
		gs_fmt_md_text(out, s->gpu->full_name);
		fprintf(out, " (from %s", s->opts.gpu_from ? s->opts.gpu_from : "?");
		if (s->opts.gpu_why) {
			fputs(": ", out);
			gs_fmt_md_text(out, s->opts.gpu_why);
		}
		fputs(")\n", out);
	} else {
		char why[1024];
		gs_fmt_md_text(out, gs_fmt_gpu_unknown(why, sizeof why, s));
		fputs("\n", out);
	}
	gs_md_environment(r, out);
	gs_md_kernels(r, out);
	fputc('\n', out);
	gs_md_over_roof(out, s, NULL);
	single_summary(out, s);
	if (r->residuals[0] || r->cliffs[0])
		fputc('\n', out);
	gs_md_model(r, out);
	/* a profiler's per-kernel table is keyed by kernel, not by shape */
	int kernels = s->n > 0 && s->rows[0].rec->shape.name != NULL;

	fprintf(out, "\n### Top %zu %s by total time\n", n,
	        kernels ? (n == 1 ? "kernel" : "kernels") : (n == 1 ? "shape" : "shapes"));
	fprintf(out,
	        "| %s | Calls | Total (\xc2\xb5s) | TFLOP/s | Tile | dim_eff | %% of roofline "
	        "|\n|---|---:|---:|---:|---|---:|---:|\n",
	        kernels ? "Kernel" : "Shape (M\xc3\x97N\xc3\x97K)");
	for (size_t i = 0; i < n; i++)
		single_row(out, s, &s->rows[s->by_time[i]]);
	fprintf(out,
	        "\nFLOP and bytes as TraceLens counts them; dim_eff = tile_eff \xc2\xb7 "
	        "wq_eff. Generated by gemmscope %s.\n",
	        r->version ? r->version : "");
	return 0;
}

/* The first line: the gates' (gs_md_gates) when asked for, else a heading
 * that is the verdict itself. */
static void
compare_markdown(const gs_report *r, FILE *out)
{
	const gs_compare *c = r->cmp;
	char verdict[GS_FMT_VERDICT_LEN];

	gs_md_gates(r, out);
	fputs("## ", out);
	gs_fmt_md_text(out, r->title ? r->title : "gemmscope compare");
	fprintf(out, ": %s\n\n", gs_fmt_verdict(verdict, sizeof verdict, c));
	inputs_line(out, r);
	gs_md_environment(r, out);
	gs_md_gpus(r, out);
	gs_md_over_roof(out, r->eff_base, "Baseline");
	gs_md_over_roof(out, r->eff_cand, "Candidate");
	gs_md_kernels(r, out);
	summary_table(out, c);
	if ((r->causes && (c->s.time_lost_us > 0 || c->s.time_saved_us > 0)) || r->impact)
		fputc('\n', out);
	gs_md_causes(r, out);
	gs_md_impact(r, out);
	gs_md_model(r, out);
	top_regressions(out, c);
	top_lost(out, c);
	top_improvements(out, c);
	breakdown(out, c);
	explained(out, r);
	fprintf(out,
	        "\nSpeedup s = t_base / t_cand; change = s \xe2\x88\x92 1; threshold \xc2\xb1%g %%. "
	        "Every shape: --csv / --json. Generated by gemmscope %s.\n",
	        c->opts.threshold * 100, r->version ? r->version : "");
}

int
gs_render_markdown(const gs_report *r, FILE *out, gs_error *err)
{
	if (r->kind == GS_REPORT_HISTORY && r->hist && r->hseries)
		return gs_md_history(r, out, err);
	if (r->kind == GS_REPORT_CONFIRM && r->confirm)
		return gs_md_confirm(r, out, err);
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
