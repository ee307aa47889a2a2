/* html_cause.c: the cause split, the cause cells, the rule chain and the
 * --weights Impact section of the compare page (cause_impl.h). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>

#include "analysis/cause.h"
#include "analysis/impact.h"
#include "render/cause_impl.h"
#include "render/fmt.h"

/* The sentences of one side of the split: V µs by cause out of TOTAL, for
 * the N causes of ORDER; MISSING: what the unknown ones lacked. */
static void
split_side(gs_html *w, xmlNodePtr ul, const char *what, const double v[GS_CAUSE_COUNT],
           const size_t nshapes[GS_CAUSE_COUNT], const gs_cause_kind *order, size_t n, double total,
           unsigned missing)
{
	char us[GS_FMT_LEN], cnt[GS_FMT_LEN], buf[480];

	for (size_t i = 0; i < n; i++) {
		gs_cause_kind k = order[i];
		char label[200], miss[160];
		if (k == GS_CAUSE_UNKNOWN) /* say what is missing */
			snprintf(label, sizeof label, "unknown (%s)",
			         gs_cause_missing_text(missing, miss, sizeof miss));
		else
			snprintf(label, sizeof label, "%s", gs_cause_label(k));
		snprintf(buf, sizeof buf, "%.0f %% of the time %s (%s \xc2\xb5s): %s for %s %s",
		         total > 0 ? 100 * v[k] / total : 0.0, what, gs_fmt_us(us, sizeof us, v[k]),
		         label, gs_fmt_count(cnt, sizeof cnt, nshapes[k]),
		         gs_fmt_plural(nshapes[k], "shape", "shapes"));
		gs_html_add_text(w, ul, "li", gs_cause_name(k), buf);
	}
}

void
gs_html_cause_split(gs_html *w, xmlNodePtr sec)
{
	const gs_causes *c = w->r->causes;
	const gs_compare_summary *s = &w->c->s;
	xmlNodePtr ul;

	if (!c || (s->regressed == 0 && s->improved == 0))
		return;
	gs_html_add_text(w, sec, "h3", NULL, "Time lost and saved, by cause");
	ul = gs_html_add(w, sec, "ul", "causes");
	gs_html_set_attr(w, ul, "id", "cause-split");
	split_side(w, ul, "lost", c->lost_us, c->nlost, c->lost_order, c->nlost_order,
	           s->time_lost_us, c->missing_lost);
	split_side(w, ul, "saved", c->saved_us, c->nsaved, c->saved_order, c->nsaved_order,
	           s->time_saved_us, c->missing_saved);
}

void
gs_html_td_cause(gs_html *w, xmlNodePtr tr, size_t i)
{
	const gs_causes *c = w->r->causes;
	xmlNodePtr td;

	if (!c || i >= c->n) {
		gs_html_td(w, tr, "");
		return;
	}
	td = gs_html_add_text(w, tr, "td", "cause", gs_cause_name(c->by_pair[i].kind));
	if (c->by_pair[i].kind != GS_CAUSE_NONE)
		gs_html_set_attr(w, td, "title", gs_cause_text(c, i));
}

void
gs_html_cause_methodology(gs_html *w, xmlNodePtr dl)
{
	const gs_impact *m = w->r->impact;

	if (w->r->causes)
		gs_html_define(w, dl, "Causes",
		               "%s The time lost and saved are split by "
		               "cause; the parts add up to the totals above.",
		               gs_cause_rules());
	if (m)
		gs_html_define(
		        w, dl, "Workload impact (--weights)",
		        "Each GEMM record of the "
		        "workload is looked up in the comparison by (batch, M, N, K, dtype, "
		        "transposes) and weighted by its calls: workload time = \xce\xa3 calls "
		        "\xc2\xb7 t_base (baseline) and \xce\xa3 calls \xc2\xb7 t_cand "
		        "(candidate), ratio = their quotient. Records the benchmark lacks are "
		        "uncovered; their share is of the workload's own GEMM time. Key rule "
		        "for this workload (%s, benchmark %s): %s.",
		        gs_view_name(m->work_view), gs_view_name(m->bench_view), m->rule);
}

/* The key/value table of the impact. */
static void
impact_kv(gs_html *w, xmlNodePtr sec, const gs_impact *m)
{
	xmlNodePtr tb = gs_html_table(w, sec, "kv", "Metric|Value", "tn");
	char a[GS_FMT_LEN], b[GS_FMT_LEN], buf[256];

	gs_html_kv_us(w, tb,
	              "Estimated workload GEMM time, baseline (\xce\xa3 calls "
	              "\xc2\xb7 t_base)",
	              m->base_us);
	gs_html_kv_us(w, tb,
	              "Estimated workload GEMM time, candidate (\xce\xa3 calls "
	              "\xc2\xb7 t_cand)",
	              m->cand_us);
	gs_html_kv(w, tb, "Workload speedup (baseline / candidate)",
	           gs_fmt_ratio(a, sizeof a, m->speedup, 4));
	snprintf(buf, sizeof buf, "%s%s \xc2\xb5s (%s)", m->delta_us > 0 ? "+" : "",
	         gs_fmt_us(a, sizeof a, m->delta_us),
	         gs_fmt_change(b, sizeof b, m->base_us > 0 ? m->delta_us / m->base_us : NAN));
	gs_html_kv(w, tb,
	           "Change of the workload's GEMM time (candidate \xe2\x88\x92 "
	           "baseline)",
	           buf);
	gs_html_kv(w, tb, "Change per step", gs_impact_step_text(m, buf, sizeof buf));
	snprintf(buf, sizeof buf, "%zu of %zu (%.0f calls)", m->matched_shapes, m->n,
	         m->matched_calls);
	gs_html_kv(w, tb, "Workload shapes covered by the benchmark", buf);
	snprintf(buf, sizeof buf, "%zu (%.0f calls), %.1f %% of the workload's GEMM time",
	         m->unmatched_shapes, m->unmatched_calls,
	         isfinite(m->unmatched_time_share) ? 100 * m->unmatched_time_share : 0.0);
	gs_html_kv(w, tb, "Uncovered shapes (the benchmark cannot speak for them)", buf);
}

static void
impact_top(gs_html *w, xmlNodePtr sec, const gs_impact *m)
{
	xmlNodePtr tb;

	gs_html_add_text(w, sec, "h3", NULL, "Top shapes by weighted time lost");
	if (m->ntop_lost == 0) {
		gs_html_add_text(w, sec, "p", "none", "No workload shape lost time.");
		return;
	}
	tb = gs_html_table(w, sec, "top",
	                   "Shape (M\xc3\x97N\xc3\x97K)|Calls|"
	                   "Baseline (\xc2\xb5s)|Candidate (\xc2\xb5s)|Lost (\xc2\xb5s)|"
	                   "Slowdown|Cause",
	                   "tnnnnnt");
	for (size_t i = 0; i < m->ntop_lost; i++) {
		const gs_impact_row *x = &m->rows[m->top_lost[i]];
		xmlNodePtr tr = gs_html_add(w, tb, "tr", NULL);
		gs_html_td_shape(w, tr, &x->work->shape);
		gs_html_td_fixed(w, tr, x->calls, 0);
		gs_html_td_us(w, tr, x->base_us);
		gs_html_td_us(w, tr, x->cand_us);
		gs_html_td_us(w, tr, x->lost_us);
		gs_html_td_ratio(w, tr, 1 / x->pair->speedup, 2);
		gs_html_td_cause(w, tr, (size_t)(x->pair - w->c->pairs));
	}
}

/* The uncovered records, workload order, at most the --top count. */
static void
impact_uncovered(gs_html *w, xmlNodePtr sec, const gs_impact *m)
{
	size_t shown = 0, max = w->c->opts.top;
	xmlNodePtr tb;

	if (m->unmatched_shapes == 0)
		return;
	gs_html_add_text(w, sec, "h3", NULL, "Workload shapes the benchmark does not cover");
	tb = gs_html_table(w, sec, "one-sided",
	                   "Shape (M\xc3\x97N\xc3\x97K)|Calls|"
	                   "Workload time (\xc2\xb5s)|Why",
	                   "tnnt");
	for (size_t i = 0; i < m->n && shown < max; i++) {
		const gs_impact_row *x = &m->rows[i];
		xmlNodePtr tr;
		if (x->pair)
			continue;
		tr = gs_html_add(w, tb, "tr", NULL);
		gs_html_td_shape(w, tr, &x->work->shape);
		gs_html_td_fixed(w, tr, x->calls, 0);
		gs_html_td_us(w, tr, x->work_us);
		gs_html_td(w, tr, x->why);
		shown++;
	}
	if (shown < m->unmatched_shapes)
		gs_html_para(w, sec, NULL,
		             "The first %zu of %zu in workload order; the JSON "
		             "output lists all of them.",
		             shown, m->unmatched_shapes);
}

void
gs_html_impact(gs_html *w, xmlNodePtr sec)
{
	const gs_impact *m = w->r->impact;

	if (!m)
		return;
	gs_html_add_text(w, sec, "h2", NULL, "Impact on the workload");
	gs_html_para(w, sec, NULL, "Workload: %s (%s, %zu GEMM shapes, %s). Key rule: %s.",
	             m->work->path ? m->work->path : "",
	             m->work->format ? m->work->format : "unknown format", m->n,
	             gs_view_name(m->work_view), m->rule);
	impact_kv(w, sec, m);
	impact_top(w, sec, m);
	impact_uncovered(w, sec, m);
}
