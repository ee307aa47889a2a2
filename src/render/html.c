/* html.c: the compare report page (helpers in html_core.c, efficiency
 * section in html_eff.c, causes and impact in html_cause.c; the single-run
 * page is html_single.c).
 * DATADIR/templates/report.html is parsed with libxml2's HTML parser; its placeholder elements (found by id: header,
 * summary, impact, plots, top, breakdown, efficiency, shapes, unmatched, excluded,
 * methodology, footer) are filled with nodes built by libxml2, so every
 * string from an input is a text node escaped on output.  The style sheet
 * (templates/report.css) is inlined, every plot's SVG is parsed and
 * imported (scripts, event handlers and external references removed).
 * Placeholders this writer does not fill and that stay empty are removed.
 * The summary's verdict is followed by the CI gates, passed and crossed
 * (gs_html_gates), when any was asked for.
 * Output is a pure function of the report: the same timestamp gives the
 * same bytes.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "render/cause_impl.h"
#include "render/env_impl.h"
#include "render/model_impl.h"
#include "render/fmt.h"
#include "render/html_eff.h"
#include "render/html_impl.h"
#include "render/writer_impl.h"

/* The class cell: colour by CSS class, and always the word itself. */
static void
td_class(gs_html *w, xmlNodePtr tr, gs_class c)
{
	char cls[32];

	snprintf(cls, sizeof cls, "cls %s", gs_class_name(c));
	gs_html_add_text(w, tr, "td", cls, gs_class_name(c));
}

static const char *
pair_tag(const gs_pair *p)
{
	const char *t = gs_pair_tag(p);

	return t ? t : "";
}

/* ---- header and footer */

static void
fill_header(gs_html *w, xmlNodePtr h)
{
	const gs_report *r = w->r;
	xmlNodePtr dl;

	gs_html_add_text(w, h, "h1", NULL, r->title ? r->title : "gemmscope compare");
	dl = gs_html_add(w, h, "dl", "meta");
	gs_html_input_row(w, dl, "Baseline", w->c->base);
	gs_html_input_row(w, dl, "Candidate", w->c->cand);
	gs_html_meta_tool(w, dl);
}

/* ---- breakdowns */

static void
group_row(gs_html *w, xmlNodePtr tb, const gs_group *g)
{
	xmlNodePtr tr = gs_html_add(w, tb, "tr", NULL);

	gs_html_td(w, tr, g->name ? g->name : "");
	gs_html_td_count(w, tr, g->n);
	gs_html_td_count(w, tr, g->improved);
	gs_html_td_count(w, tr, g->regressed);
	gs_html_td_count(w, tr, g->neutral);
	gs_html_td_count(w, tr, g->unsure);
	gs_html_td_ratio(w, tr, g->geomean, 4);
	gs_html_td_us(w, tr, g->total_base_us);
	gs_html_td_us(w, tr, g->total_cand_us);
}

static _Thread_local const gs_group *sort_groups;

/* Groups by baseline time, largest first (ties: their order). */
static int
by_base_time(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	double x = sort_groups[i].total_base_us, y = sort_groups[j].total_base_us;

	if (x != y)
		return x < y ? 1 : -1;
	return (i > j) - (i < j);
}

/* The breakdown by BY under the heading TITLE.  Tags come largest
 * baseline time first and at most GS_HTML_LIST_ROWS of them (a sweep can
 * tag every shape: 50,000 tags made a 12 MB page); the JSON has all. */
static void
group_table(gs_html *w, xmlNodePtr sec, const char *by, const char *title)
{
	char heads[256];
	size_t n = 0, shown, *idx = malloc((w->c->ngroups ? w->c->ngroups : 1) * sizeof *idx);
	int tags = strcmp(by, "tag") == 0;
	xmlNodePtr tb;

	if (!idx) {
		w->failed = 1;
		return;
	}
	for (size_t i = 0; i < w->c->ngroups; i++)
		if (w->c->groups[i].by && strcmp(w->c->groups[i].by, by) == 0)
			idx[n++] = i;
	if (n == 0) {
		free(idx);
		return;
	}
	if (tags) {
		sort_groups = w->c->groups;
		qsort(idx, n, sizeof *idx, by_base_time);
	}
	gs_html_add_text(w, sec, "h3", NULL, title);
	snprintf(heads, sizeof heads,
	         "%s|Shapes|Improved|Regressed|Neutral|Unsure|Geomean|\xce\xa3 baseline "
	         "(\xc2\xb5s)|\xce\xa3 candidate (\xc2\xb5s)",
	         title);
	tb = gs_html_table(w, sec, "groups", heads, "tnnnnnnnn");
	shown = tags && n > GS_HTML_LIST_ROWS ? GS_HTML_LIST_ROWS : n;
	for (size_t i = 0; i < shown; i++)
		group_row(w, tb, &w->c->groups[idx[i]]);
	gs_html_more(w, sec, shown, n, "tag", "tags",
	             "the largest by baseline time are shown; the JSON output (--json) has every "
	             "group");
	free(idx);
}

static void
fill_breakdown(gs_html *w, xmlNodePtr sec)
{
	gs_html_add_text(w, sec, "h2", NULL, "Breakdown");
	gs_html_para(w, sec, NULL,
	             "Shape classes: skinny if M or N \xe2\x89\xa4 256, small if "
	             "M\xc2\xb7N < 2\xc2\xb2\xe2\x81\xb0, large otherwise.");
	group_table(w, sec, "tag", "Tag");
	group_table(w, sec, "dtype", "dtype");
	group_table(w, sec, "class", "Shape class");
}

/* ---- every matched shape */

static void
td_samples(gs_html *w, xmlNodePtr tr, const gs_pair *p)
{
	char buf[64];

	snprintf(buf, sizeof buf, "%zu / %zu", p->base->nsamples, p->cand->nsamples);
	gs_html_td_num(w, tr, buf);
}

static void
td_p(gs_html *w, xmlNodePtr tr, const gs_pair *p)
{
	char buf[64];

	if (p->tested)
		snprintf(buf, sizeof buf, "%.3g", gs_pair_p_adjusted(w->c, p));
	else
		snprintf(buf, sizeof buf, "\xe2\x80\x94");
	gs_html_td_num(w, tr, buf);
}

static void
shape_row(gs_html *w, xmlNodePtr tb, size_t i, int tags)
{
	const gs_pair *p = &w->c->pairs[i];
	xmlNodePtr tr = gs_html_add(w, tb, "tr", NULL);
	char buf[GS_FMT_LEN];

	snprintf(buf, sizeof buf, "%zu", i + 1);
	gs_html_td_num(w, tr, buf);
	gs_html_td_shape(w, tr, &p->base->shape);
	if (tags)
		gs_html_td(w, tr, pair_tag(p));
	gs_html_td_us(w, tr, p->base->t.median);
	gs_html_td_us(w, tr, p->cand->t.median);
	gs_html_td_ratio(w, tr, p->speedup, 3);
	gs_html_td_num(w, tr, gs_fmt_change(buf, sizeof buf, p->speedup - 1));
	td_class(w, tr, p->cls);
	td_samples(w, tr, p);
	td_p(w, tr, p);
	gs_html_add_text(w, tr, "td", "kernel",
	                 gs_record_kernel(p->base) ? gs_record_kernel(p->base) : "");
	gs_html_add_text(w, tr, "td", "kernel",
	                 gs_record_kernel(p->cand) ? gs_record_kernel(p->cand) : "");
}

static void
legend(gs_html *w, xmlNodePtr parent)
{
	static const gs_class order[] = {GS_IMPROVED, GS_REGRESSED, GS_NEUTRAL, GS_UNSURE};
	xmlNodePtr ul = gs_html_add(w, parent, "ul", "legend");

	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
		gs_html_add_text(w, ul, "li", gs_class_name(order[i]), gs_class_name(order[i]));
}

/* |t_cand - t_base| of pair I (gs_html_largest's key). */
static double
abs_delta(const void *ctx, size_t i)
{
	const gs_pair *p = &((const gs_compare *)ctx)->pairs[i];

	return fabs(p->cand->t.median - p->base->t.median);
}

int
gs_html_shown_pairs(const gs_compare *c, size_t **idx, size_t *n)
{
	size_t k = c->npairs < GS_HTML_ROWS ? c->npairs : GS_HTML_ROWS;

	*idx = malloc((k ? k : 1) * sizeof **idx);
	*n = 0;
	if (!*idx)
		return -1;
	if (c->npairs <= GS_HTML_ROWS) {
		for (size_t i = 0; i < c->npairs; i++)
			(*idx)[i] = i;
		*n = c->npairs;
		return 0;
	}
	*n = gs_html_largest(c->npairs, abs_delta, c, k, *idx);
	if (*n == (size_t)-1) {
		free(*idx);
		*idx = NULL;
		*n = 0;
		return -1;
	}
	return 0;
}

static int
fill_shapes(gs_html *w, xmlNodePtr sec, gs_error *err)
{
	size_t npairs = w->c->npairs, *idx, n;
	int tags = 0;
	char total[GS_FMT_LEN], shown[GS_FMT_LEN];
	xmlNodePtr d, tb;

	if (gs_html_shown_pairs(w->c, &idx, &n) != 0)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	gs_html_add_text(w, sec, "h2", NULL, "Every matched shape");
	gs_fmt_count(total, sizeof total, npairs);
	if (n == npairs)
		d = gs_html_details(w, sec, 0, "All %s matched %s, in baseline input order", total,
		                    gs_fmt_plural(npairs, "shape", "shapes"));
	else
		d = gs_html_details(w, sec, 0,
		                    "The %s of %s matched shapes with the largest time "
		                    "difference |t_cand \xe2\x88\x92 t_base|, largest first",
		                    gs_fmt_count(shown, sizeof shown, n), total);
	gs_html_para(w, d, NULL,
	             "Times are medians of the samples of each shape; # is the shape's place in "
	             "the baseline input; p is the corrected U-test p-value (\xe2\x80\x94 where "
	             "a side has fewer than %u samples).",
	             w->c->opts.min_samples);
	legend(w, d);
	for (size_t i = 0; i < n && !tags; i++)
		tags = *pair_tag(&w->c->pairs[idx[i]]) != '\0';
	tb = gs_html_table(w, d, "full",
	                   tags ? "#|Shape (M\xc3\x97N\xc3\x97K)|Tag|Baseline (\xc2\xb5s)|"
	                          "Candidate (\xc2\xb5s)|Speedup|Change|Class|Samples|p|"
	                          "Kernel (baseline)|Kernel (candidate)"
	                        : "#|Shape (M\xc3\x97N\xc3\x97K)|Baseline (\xc2\xb5s)|"
	                          "Candidate (\xc2\xb5s)|Speedup|Change|Class|Samples|p|"
	                          "Kernel (baseline)|Kernel (candidate)",
	                   tags ? "nttnnnntnntt" : "ntnnnntnntt");
	for (size_t i = 0; i < n; i++)
		shape_row(w, tb, idx[i], tags);
	free(idx);
	gs_html_more(w, sec, n, npairs, "shape", "shapes",
	             "every shape is in the per-shape CSV (--csv) and JSON (--json) outputs");
	return 0;
}

/* ---- shapes in one input, excluded rows */

static void
one_sided(gs_html *w, xmlNodePtr sec, const char *title, const gs_record *const *r, size_t n)
{
	size_t shown = n < GS_HTML_LIST_ROWS ? n : GS_HTML_LIST_ROWS;
	char total[GS_FMT_LEN];
	xmlNodePtr d, tb;

	if (n == 0) {
		gs_html_add_text(w, sec, "h3", NULL, title);
		gs_html_add_text(w, sec, "p", "none", "None.");
		return;
	}
	d = gs_html_details(w, sec, 0, "%s: %s %s", title, gs_fmt_count(total, sizeof total, n),
	                    gs_fmt_plural(n, "shape", "shapes"));
	tb = gs_html_table(w, d, "one-sided",
	                   "Shape (M\xc3\x97N\xc3\x97K)|Tag|Time (\xc2\xb5s)|"
	                   "Samples|Line|Kernel",
	                   "ttnnnt");
	for (size_t i = 0; i < shown; i++) {
		xmlNodePtr tr = gs_html_add(w, tb, "tr", NULL);
		gs_html_td_shape(w, tr, &r[i]->shape);
		gs_html_td(w, tr, gs_record_tag(r[i]) ? gs_record_tag(r[i]) : "");
		gs_html_td_us(w, tr, r[i]->t.median);
		gs_html_td_count(w, tr, r[i]->nsamples);
		gs_html_td_count(w, tr, (size_t)r[i]->line);
		gs_html_add_text(w, tr, "td", "kernel",
		                 gs_record_kernel(r[i]) ? gs_record_kernel(r[i]) : "");
	}
	gs_html_more(w, d, shown, n, "shape", "shapes",
	             "the JSON output (--json) lists every one, in input order");
}

static void
fill_unmatched(gs_html *w, xmlNodePtr sec)
{
	gs_html_add_text(w, sec, "h2", NULL, "Shapes in one input only");
	gs_html_para(w, sec, NULL, "In input order, left out of every number above.");
	one_sided(w, sec, "Only in the baseline", w->c->only_base, w->c->nonly_base);
	one_sided(w, sec, "Only in the candidate", w->c->only_cand, w->c->nonly_cand);
}

static void
excluded_rows(gs_html *w, xmlNodePtr sec, const char *side, const gs_table *t)
{
	size_t shown = t->nexcl < GS_HTML_LIST_ROWS ? t->nexcl : GS_HTML_LIST_ROWS;
	char total[GS_FMT_LEN];
	xmlNodePtr d, tb;

	if (t->nexcl == 0)
		return;
	d = gs_html_details(w, sec, 0, "Excluded from the %s: %s %s", side,
	                    gs_fmt_count(total, sizeof total, t->nexcl),
	                    gs_fmt_plural(t->nexcl, "row", "rows"));
	tb = gs_html_table(w, d, "excluded", "Input|Line|Row|Reason", "tntt");
	for (size_t i = 0; i < shown; i++) {
		xmlNodePtr tr = gs_html_add(w, tb, "tr", NULL);
		gs_html_td(w, tr, side);
		gs_html_td_count(w, tr, (size_t)t->excl[i].line);
		gs_html_add_text(w, tr, "td", "mono", t->excl[i].what ? t->excl[i].what : "");
		gs_html_td(w, tr, t->excl[i].reason ? t->excl[i].reason : "");
	}
	gs_html_more(w, d, shown, t->nexcl, "row", "rows",
	             "the JSON output (--json) lists every one with its reason");
}

static void
fill_excluded(gs_html *w, xmlNodePtr sec)
{
	gs_html_add_text(w, sec, "h2", NULL, "Excluded rows");
	if (w->c->base->nexcl + w->c->cand->nexcl == 0) {
		gs_html_add_text(w, sec, "p", "none", "No row was excluded.");
		return;
	}
	excluded_rows(w, sec, "baseline", w->c->base);
	excluded_rows(w, sec, "candidate", w->c->cand);
}

/* ---- methodology */

static size_t
with_samples(const gs_table *t, unsigned min)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n; i++)
		n += t->rec[i].nsamples >= min;
	return n;
}

static void
method_basics(gs_html *w, xmlNodePtr dl)
{
	double t = w->c->opts.threshold * 100;

	gs_html_define(w, dl, "Shapes and times",
	               "A shape is the key (op, batch, M, N, K, "
	               "dtype, transposes, bias), dtype aliases normalised; tables write it "
	               "M\xc3\x97N\xc3\x97K as the IREE benchmark report does. Times are "
	               "microseconds; repeated rows of one shape in one input are samples, "
	               "and the shape's time is their median.");
	gs_html_define(w, dl, "Speedup",
	               "s = t_base / t_cand, so s > 1 means the candidate "
	               "is faster. Slowdown (regression tables) is t_cand / t_base = 1/s.");
	gs_html_define(w, dl, "Threshold rule",
	               "change = s \xe2\x88\x92 1; improved if change "
	               "> +%g %%, regressed if change < \xe2\x88\x92%g %%, neutral otherwise. This "
	               "is the speedup reading; the time-change reading ((t_cand \xe2\x88\x92 "
	               "t_base) / t_base > %g %% is a regression) differs at the boundary, e.g. "
	               "s = 0.952 is neutral here and a regression there.",
	               t, t, t);
}

static void
method_tests(gs_html *w, xmlNodePtr dl)
{
	const gs_compare *c = w->c;
	char t[GS_FMT_LEN], sb[GS_FMT_LEN], nb[GS_FMT_LEN], sc[GS_FMT_LEN], nc[GS_FMT_LEN];

	gs_html_define(w, dl, "Significance",
	               "With at least %u samples on each side, a "
	               "two-sided Mann\xe2\x80\x93Whitney U test compares the two sample sets; "
	               "the p-values of the %s tested shapes are corrected (%s) and a shape "
	               "that crosses the threshold with corrected p \xe2\x89\xa5 %g is unsure. "
	               "Without correction about %.1f false positives would be expected. "
	               "Shapes with fewer samples are classed by the threshold alone.",
	               c->opts.min_samples, gs_fmt_count(t, sizeof t, c->s.tested),
	               gs_fmt_correction(c->opts.correction), c->opts.alpha,
	               c->s.expected_false_positives);
	gs_html_define(w, dl, "Samples in these inputs",
	               "Baseline: %s of %s shapes have at "
	               "least %u samples; candidate: %s of %s.",
	               gs_fmt_count(sb, sizeof sb, with_samples(c->base, c->opts.min_samples)),
	               gs_fmt_count(nb, sizeof nb, c->base->n), c->opts.min_samples,
	               gs_fmt_count(sc, sizeof sc, with_samples(c->cand, c->opts.min_samples)),
	               gs_fmt_count(nc, sizeof nc, c->cand->n));
}

static void
method_means(gs_html *w, xmlNodePtr dl)
{
	const gs_compare_summary *s = &w->c->s;
	char net[GS_FMT_LEN], diff[GS_FMT_LEN], m[GS_FMT_LEN];

	gs_html_define(w, dl, "Geometric-mean speedup",
	               "exp(mean(ln s)) over the %s matched "
	               "shapes, each shape weighted equally. The 95 %% confidence interval is "
	               "exp(mean \xc2\xb1 t(0.975, n\xe2\x88\x92"
	               "1) \xc2\xb7 sd / \xe2\x88\x9an) "
	               "on ln s (Student's t).",
	               gs_fmt_count(m, sizeof m, s->matched));
	gs_html_define(w, dl, "Weighted speedup",
	               "\xce\xa3 t_base / \xce\xa3 t_cand over the "
	               "matched shapes: the speedup of running all of them once, dominated by "
	               "the longest shapes.");
	gs_html_define(w, dl, "Time saved, lost and net",
	               "Saved = \xce\xa3 (t_base \xe2\x88\x92 "
	               "t_cand) over improved shapes; lost = \xce\xa3 (t_cand \xe2\x88\x92 t_base) "
	               "over regressed shapes; net = \xce\xa3 t_base \xe2\x88\x92 \xce\xa3 t_cand "
	               "over all matched shapes, neutral and unsure ones included, so net "
	               "(%s \xc2\xb5s) \xe2\x89\xa0 saved \xe2\x88\x92 lost (%s \xc2\xb5s). "
	               "Saved / lost is their ratio.",
	               gs_fmt_us(net, sizeof net, s->net_saved_us),
	               gs_fmt_us(diff, sizeof diff, s->time_saved_us - s->time_lost_us));
	gs_html_define(w, dl, "Top tables and capped tables",
	               "Regressions by slowdown beside regressions by time lost (t_cand "
	               "\xe2\x88\x92 t_base, and its share of the total lost); improvements by "
	               "speedup beside improvements by time saved; largest first, at most %zu rows "
	               "each (--top). A per-shape table shows every shape up to %d of them, else "
	               "the %d with the largest |t_cand \xe2\x88\x92 t_base|; lists of shapes in "
	               "one input and of excluded rows show at most %d rows. The per-shape CSV "
	               "and the JSON always hold every shape.",
	               w->c->opts.top, GS_HTML_ROWS, GS_HTML_ROWS, GS_HTML_LIST_ROWS);
}

static void
fill_methodology(gs_html *w, xmlNodePtr sec)
{
	xmlNodePtr dl;

	gs_html_add_text(w, sec, "h2", NULL, "How the numbers were computed");
	dl = gs_html_add(w, sec, "dl", NULL);
	method_basics(w, dl);
	method_tests(w, dl);
	method_means(w, dl);
	if (w->r->eff_base)
		gs_html_eff_methodology(w, dl, w->r->eff_base->opts.roof);
	gs_html_cause_methodology(w, dl);
	gs_html_model_methodology(w, dl);
	gs_html_env_methodology(w, dl);
	gs_html_define(w, dl, "Unmatched and excluded",
	               "Shapes found in one input only and "
	               "rows excluded by a reader (failed runs, non-positive times) are listed "
	               "with their reasons and take part in no number.");
}

/* ---- the document */

typedef void (*filler)(gs_html *w, xmlNodePtr sec);

static int
fill_sections(gs_html *w, gs_error *err)
{
	static const struct {
		const char *id;
		filler fn;
	} parts[] = {
	        {"header", fill_header},
	        {"summary", gs_html_compare_summary},
	        {"regressions", gs_html_compare_regressions},
	        {"impact", gs_html_impact},
	        {"model", gs_html_model},
	        {"improvements", gs_html_compare_improvements},
	        {"breakdown", fill_breakdown},
	        {"unmatched", fill_unmatched},
	        {"excluded", fill_excluded},
	        {"methodology", fill_methodology},
	        {"footer", gs_html_footer},
	};
	xmlNodePtr plots, model, eff, shapes, toc;

	for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
		xmlNodePtr sec = gs_html_slot(w, parts[i].id, err);
		if (!sec)
			return -1;
		parts[i].fn(w, sec);
	}
	model = gs_html_slot(w, "model", err);
	if (!model || gs_html_model_figures(w, model, err) != 0)
		return -1;
	plots = gs_html_slot(w, "plots", err);
	if (!plots || gs_html_plots(w, plots, w->r->plots, w->r->nplots, err) != 0)
		return -1;
	eff = gs_html_slot(w, "efficiency", err);
	if (!eff || gs_html_eff_compare(w, eff, err) != 0)
		return -1;
	shapes = gs_html_slot(w, "shapes", err);
	if (!shapes || fill_shapes(w, shapes, err) != 0)
		return -1;
	toc = gs_html_slot(w, "toc", err);
	if (!toc)
		return -1;
	gs_html_toc(w, toc);
	return 0;
}

int
gs_render_html(const gs_report *r, FILE *out, gs_error *err)
{
	gs_html w;

	if (r->kind == GS_REPORT_SINGLE)
		return gs_render_html_single(r, out, err);
	if (r->kind == GS_REPORT_HISTORY && r->hist && r->hseries)
		return gs_html_history(r, out, err);
	if (r->kind != GS_REPORT_COMPARE || !r->cmp)
		return gs_error_set(err, NULL, 0, 0,
		                    "the HTML output needs a comparison or single-run report");
	if (gs_html_open(&w, r, "gemmscope compare", err) != 0)
		return -1;
	if (fill_sections(&w, err) != 0) {
		gs_html_close(&w, NULL, err);
		return -1;
	}
	return gs_html_close(&w, out, err);
}
