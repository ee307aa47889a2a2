/* html_verdict.c: the first screen of the compare page and its ranking
 * tables (html_impl.h).  The verdict section states the verdict sentence,
 * every gate's outcome, the headline numbers, the cause split and what to
 * look at; the regressions section (before the plots) and the
 * improvements section (after them) each put the ranking by ratio beside
 * the ranking by time (issue 10: at scale a 3x slowdown of a 2 µs kernel
 * matters less than 8 % of a 10 ms one).  Every number is the model's
 * (analysis/compare.h); this file only words and lays them out.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/cause_impl.h"
#include "render/env_impl.h"
#include "render/kmix_impl.h"
#include "render/fmt.h"
#include "render/html_impl.h"
#include "render/overroof.h"
#include "render/writer_impl.h"

static const char SHAPE_HEAD[] = "Shape (M\xc3\x97N\xc3\x97K)";

static const char *
pair_tag(const gs_pair *p)
{
	const char *t = gs_pair_tag(p);

	return t ? t : "";
}

/* D as a share of TOTAL, "29.5 %"; "<0.1 %" for a share that is not
 * zero but rounds to it. */
static char *
share(char *buf, size_t size, double d, double total)
{
	double p = total > 0 ? 100 * fabs(d) / total : 0;

	if (p > 0 && p < 0.05)
		snprintf(buf, size, "<0.1 %%");
	else
		snprintf(buf, size, "%.1f %%", p);
	return buf;
}

/* 1 if any of the N pairs IDX of C has a tag. */
static int
any_tag(const gs_compare *c, const size_t *idx, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (*pair_tag(&c->pairs[idx[i]]))
			return 1;
	return 0;
}

/* ---- gates */

void
gs_html_gates(gs_html *w, xmlNodePtr parent)
{
	const gs_gates *g = &w->r->gates;
	xmlNodePtr ul;
	char text[256];

	if (!g->n) {
		gs_html_add_text(w, parent, "p", "no-gates",
		                 "No gate was set (--min-geomean, --max-regressed): "
		                 "nothing here fails a CI job.");
		return;
	}
	ul = gs_html_add(w, parent, "ul", "gates");
	for (size_t i = 0; i < g->n; i++) {
		xmlNodePtr li = gs_html_add(w, ul, "li", g->g[i].passed ? "improved" : "regressed");

		gs_html_add_text(w, li, "strong", NULL, g->g[i].passed ? "PASS" : "FAIL");
		gs_html_text(w, li, ": ");
		gs_html_text(w, li, gs_gate_text(w->r, &g->g[i], text, sizeof text));
	}
}

/* ---- headline numbers */

static void
summary_speed(gs_html *w, xmlNodePtr tb)
{
	const gs_compare_summary *s = &w->c->s;
	char buf[256], g[GS_FMT_LEN], ci[2 * GS_FMT_LEN + 4], ch[GS_FMT_LEN];

	snprintf(buf, sizeof buf, "%s (%s), 95 %% CI %s", gs_fmt_ratio(g, sizeof g, s->geomean, 4),
	         gs_fmt_change(ch, sizeof ch, s->geomean - 1),
	         gs_fmt_ci(ci, sizeof ci, s->geomean_lo, s->geomean_hi, 4));
	gs_html_kv(w, tb, "Geometric-mean speedup", buf);
	gs_html_kv(w, tb, "Weighted speedup (\xce\xa3 t_base / \xce\xa3 t_cand)",
	           gs_fmt_ratio(g, sizeof g, s->weighted, 4));
}

static void
summary_counts(gs_html *w, xmlNodePtr tb)
{
	const gs_compare_summary *s = &w->c->s;
	double t = w->c->opts.threshold * 100;
	char label[96], n[GS_FMT_LEN];

	gs_html_kv(w, tb, "Matched shapes", gs_fmt_count(n, sizeof n, s->matched));
	snprintf(label, sizeof label, "Improved (change > +%g %%)", t);
	gs_html_kv_count(w, tb, label, s->improved, s->matched);
	snprintf(label, sizeof label, "Regressed (change < \xe2\x88\x92%g %%)", t);
	gs_html_kv_count(w, tb, label, s->regressed, s->matched);
	snprintf(label, sizeof label, "Neutral (within \xc2\xb1%g %%)", t);
	gs_html_kv_count(w, tb, label, s->neutral, s->matched);
	gs_html_kv_count(w, tb, "Unsure (crosses the threshold, U test not significant)", s->unsure,
	                 s->matched);
}

static void
summary_times(gs_html *w, xmlNodePtr tb)
{
	const gs_compare_summary *s = &w->c->s;
	char buf[GS_FMT_LEN];

	gs_html_kv_us(w, tb, "Total baseline time", s->total_base_us);
	gs_html_kv_us(w, tb, "Total candidate time", s->total_cand_us);
	gs_html_kv_us(w, tb, "Time saved by improvements", s->time_saved_us);
	gs_html_kv_us(w, tb, "Time lost by regressions", s->time_lost_us);
	gs_html_kv_us(w, tb, "Net time saved (all matched shapes)", s->net_saved_us);
	gs_html_kv(w, tb, "Time saved / time lost",
	           gs_fmt_ratio(buf, sizeof buf, s->saved_lost_ratio, 2));
}

static void
summary_rest(gs_html *w, xmlNodePtr tb)
{
	const gs_compare_summary *s = &w->c->s;
	char buf[96], a[32], b[32];

	snprintf(buf, sizeof buf, "%s / %s", gs_fmt_count(a, sizeof a, s->only_in_baseline),
	         gs_fmt_count(b, sizeof b, s->only_in_candidate));
	gs_html_kv(w, tb, "Shapes only in baseline / only in candidate", buf);
	snprintf(buf, sizeof buf, "%s / %s", gs_fmt_count(a, sizeof a, s->excluded_baseline),
	         gs_fmt_count(b, sizeof b, s->excluded_candidate));
	gs_html_kv(w, tb, "Excluded rows, baseline / candidate", buf);
	snprintf(buf, sizeof buf, "%s (expected false positives %.1f)",
	         gs_fmt_count(a, sizeof a, s->tested), s->expected_false_positives);
	gs_html_kv(w, tb, "Shapes with a U test", buf);
}

/* Two key/value tables side by side: speed and counts, then times. */
static void
headline(gs_html *w, xmlNodePtr sec)
{
	xmlNodePtr side = gs_html_add(w, sec, "div", "side");
	xmlNodePtr a = gs_html_table(w, side, "kv", "Speed and counts|Value", "tn");
	xmlNodePtr b = gs_html_table(w, side, "kv", "Time and inputs|Value", "tn");

	summary_speed(w, a);
	summary_counts(w, a);
	summary_times(w, b);
	summary_rest(w, b);
}

/* ---- what to look at */

/* "SHAPE (tag), " at the start of LI. */
static void
look_shape(gs_html *w, xmlNodePtr li, const char *what, const gs_pair *p)
{
	char shape[GS_FMT_SHAPE_LEN];

	gs_html_add_text(w, li, "strong", NULL, what);
	gs_html_text(w, li, ": ");
	gs_html_add_text(w, li, "code", NULL, gs_fmt_shape(shape, sizeof shape, &p->base->shape));
	if (*pair_tag(p)) {
		gs_html_text(w, li, " (");
		gs_html_text(w, li, pair_tag(p));
		gs_html_text(w, li, ")");
	}
}

/* One line: WHAT, the shape, its time difference D (µs, share of TOTAL)
 * and its ratio. */
static void
look_line(gs_html *w, xmlNodePtr ul, const char *what, size_t i, int lost, double total)
{
	const gs_pair *p = &w->c->pairs[i];
	double d = lost ? p->cand->t.median - p->base->t.median
	                : p->base->t.median - p->cand->t.median;
	char us[GS_FMT_LEN], r[GS_FMT_LEN], sh[GS_FMT_LEN], buf[256];
	xmlNodePtr li = gs_html_add(w, ul, "li", lost ? "regressed" : "improved");

	look_shape(w, li, what, p);
	snprintf(buf, sizeof buf, ": %s%s \xc2\xb5s (%s of the time %s), %s %s.",
	         lost ? "+" : "\xe2\x88\x92", gs_fmt_us(us, sizeof us, d),
	         share(sh, sizeof sh, d, total), lost ? "lost" : "saved",
	         gs_fmt_ratio(r, sizeof r, lost ? gs_fmt_slowdown(p) : p->speedup, 2),
	         lost ? "slower" : "faster");
	gs_html_text(w, li, buf);
}

static void
look_at(gs_html *w, xmlNodePtr sec)
{
	const gs_compare *c = w->c;
	xmlNodePtr ul;

	gs_html_add_text(w, sec, "h3", NULL, "What to look at");
	ul = gs_html_add(w, sec, "ul", "look");
	if (c->ntop_regressed == 0)
		gs_html_add_text(w, ul, "li", NULL, "No shape regressed.");
	else if (c->ntop_lost && c->top_lost[0] == c->top_regressed[0])
		look_line(w, ul, "Worst by time lost and by slowdown", c->top_lost[0], 1,
		          c->s.time_lost_us);
	else {
		if (c->ntop_lost)
			look_line(w, ul, "Worst by time lost", c->top_lost[0], 1,
			          c->s.time_lost_us);
		look_line(w, ul, "Worst by slowdown", c->top_regressed[0], 1, c->s.time_lost_us);
	}
	if (c->ntop_saved)
		look_line(w, ul, "Best by time saved", c->top_saved[0], 0, c->s.time_saved_us);
}

void
gs_html_compare_summary(gs_html *w, xmlNodePtr sec)
{
	char verdict[GS_FMT_VERDICT_LEN];

	gs_html_add_text(w, sec, "h2", NULL, "Verdict");
	gs_html_add_text(w, sec, "p", "verdict", gs_fmt_verdict(verdict, sizeof verdict, w->c));
	gs_html_over_roof(w, sec, w->r->eff_base, "Baseline");
	gs_html_over_roof(w, sec, w->r->eff_cand, "Candidate");
	gs_html_gates(w, sec);
	gs_html_environment(w, sec);
	gs_html_kernels(w, sec);
	headline(w, sec);
	gs_html_cause_split(w, sec);
	look_at(w, sec);
}

/* ---- the rankings */

static void
rank_row(gs_html *w, xmlNodePtr tb, size_t i, int worse, int by_time, int tags, double total)
{
	const gs_pair *p = &w->c->pairs[i];
	xmlNodePtr tr = gs_html_add(w, tb, "tr", gs_class_name(p->cls));
	double d = p->cand->t.median - p->base->t.median;
	char buf[GS_FMT_LEN];

	gs_html_td_shape(w, tr, &p->base->shape);
	if (tags)
		gs_html_td(w, tr, pair_tag(p));
	if (by_time) {
		gs_html_td_us(w, tr, worse ? d : -d);
		gs_html_td_num(w, tr, share(buf, sizeof buf, d, total));
	} else {
		gs_html_td_us(w, tr, p->base->t.median);
		gs_html_td_us(w, tr, p->cand->t.median);
	}
	gs_html_td_ratio(w, tr, worse ? gs_fmt_slowdown(p) : p->speedup, 2);
	gs_html_td_cause(w, tr, i);
}

/* One ranking table: ID, TITLE, the N pairs IDX; a Tag column when
 * TAGS. */
static void
ranking(gs_html *w, xmlNodePtr side, const char *id, const char *title, const size_t *idx, size_t n,
        int worse, int by_time, int tags)
{
	const gs_compare_summary *s = &w->c->s;
	xmlNodePtr div = gs_html_ranking(w, side, id, title);
	char heads[256];
	xmlNodePtr tb;

	snprintf(heads, sizeof heads, "%s%s|%s|%s|%s|Cause", SHAPE_HEAD, tags ? "|Tag" : "",
	         by_time ? (worse ? "Lost (\xc2\xb5s)" : "Saved (\xc2\xb5s)")
	                 : "t_base (\xc2\xb5s)",
	         by_time ? (worse ? "% of lost" : "% of saved") : "t_cand (\xc2\xb5s)",
	         worse ? "Slowdown" : "Speedup");
	tb = gs_html_table(w, div, "top", heads, tags ? "ttnnnt" : "tnnnt");
	for (size_t i = 0; i < n; i++)
		rank_row(w, tb, idx[i], worse, by_time, tags,
		         worse ? s->time_lost_us : s->time_saved_us);
}

/* A section of two rankings, by ratio and by time, of N shapes each. */
static void
rankings(gs_html *w, xmlNodePtr sec, int worse, const size_t *by_ratio, size_t nr,
         const size_t *by_time, size_t nt)
{
	const char *one = worse ? "regression" : "improvement";
	const char *many = worse ? "regressions" : "improvements";
	int tags = any_tag(w->c, by_ratio, nr) || any_tag(w->c, by_time, nt);
	char title[128];
	xmlNodePtr side;

	snprintf(title, sizeof title, "Top %s", many);
	gs_html_add_text(w, sec, "h2", NULL, title);
	if (nr == 0) {
		gs_html_para(w, sec, "none", "No %s.", many);
		return;
	}
	side = gs_html_add(w, sec, "div", "side");
	snprintf(title, sizeof title, "Top %zu %s by %s", nr, gs_fmt_plural(nr, one, many),
	         worse ? "slowdown" : "speedup");
	ranking(w, side, worse ? "worst-ratio" : "best-ratio", title, by_ratio, nr, worse, 0, tags);
	snprintf(title, sizeof title, "Top %zu %s by time %s", nt, gs_fmt_plural(nt, one, many),
	         worse ? "lost" : "saved");
	ranking(w, side, worse ? "worst-time" : "best-time", title, by_time, nt, worse, 1, tags);
}

void
gs_html_compare_regressions(gs_html *w, xmlNodePtr sec)
{
	const gs_compare *c = w->c;

	rankings(w, sec, 1, c->top_regressed, c->ntop_regressed, c->top_lost, c->ntop_lost);
}

void
gs_html_compare_improvements(gs_html *w, xmlNodePtr sec)
{
	const gs_compare *c = w->c;

	rankings(w, sec, 0, c->top_improved, c->ntop_improved, c->top_saved, c->ntop_saved);
}
