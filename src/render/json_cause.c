/* json_cause.c: the cause split and the --weights impact of a compare
 * JSON document (cause_impl.h). */
#include <math.h>
#include <stdio.h>

#include "analysis/cause.h"
#include "analysis/impact.h"
#include "render/cause_impl.h"

/* An object K: cause name -> V[cause], every cause but none. */
static void
by_cause_num(gs_jw *w, const char *k, const double v[GS_CAUSE_COUNT])
{
	gs_jw_key(w, k);
	gs_jw_map_open(w);
	for (int c = GS_CAUSE_NONE + 1; c < GS_CAUSE_COUNT; c++)
		gs_jw_kv_num(w, gs_cause_name((gs_cause_kind)c), v[c]);
	gs_jw_map_close(w);
}

static void
by_cause_count(gs_jw *w, const char *k, const size_t v[GS_CAUSE_COUNT])
{
	gs_jw_key(w, k);
	gs_jw_map_open(w);
	for (int c = GS_CAUSE_NONE + 1; c < GS_CAUSE_COUNT; c++)
		gs_jw_kv_count(w, gs_cause_name((gs_cause_kind)c), (long long)v[c]);
	gs_jw_map_close(w);
}

void
gs_json_cause_summary(gs_jw *w, const gs_report *r)
{
	const gs_causes *c = r->causes;

	if (!c)
		return;
	by_cause_num(w, "time_lost_by_cause", c->lost_us);
	by_cause_num(w, "time_saved_by_cause", c->saved_us);
	by_cause_count(w, "shapes_lost_by_cause", c->nlost);
	by_cause_count(w, "shapes_saved_by_cause", c->nsaved);
}

static void
row(gs_jw *w, const gs_impact_row *x)
{
	gs_jw_map_open(w);
	gs_jw_shape_fields(w, &x->work->shape);
	gs_jw_kv_str_known(w, "kernel", gs_record_kernel(x->work));
	gs_jw_kv_num(w, "calls", x->calls);
	gs_jw_kv_num(w, "workload_us", x->work_us);
	if (x->pair) {
		gs_jw_kv_num(w, "base_us", x->base_us);
		gs_jw_kv_num(w, "cand_us", x->cand_us);
		gs_jw_kv_num(w, "lost_us", x->lost_us);
		gs_jw_kv_num(w, "speedup", x->pair->speedup);
	} else {
		gs_jw_kv_str(w, "why", x->why);
	}
	gs_jw_kv_count(w, "line", x->work->line);
	gs_jw_map_close(w);
}

static void
rows(gs_jw *w, const gs_impact *m)
{
	gs_jw_array_open(w, "top_lost");
	for (size_t i = 0; i < m->ntop_lost; i++)
		row(w, &m->rows[m->top_lost[i]]);
	gs_jw_array_close(w);
	gs_jw_array_open(w, "unmatched");
	for (size_t i = 0; i < m->n; i++)
		if (!m->rows[i].pair)
			row(w, &m->rows[i]);
	gs_jw_array_close(w);
}

void
gs_json_impact(gs_jw *w, const gs_report *r)
{
	const gs_impact *m = r->impact;

	if (!m)
		return;
	gs_jw_key(w, "impact");
	gs_jw_map_open(w);
	gs_jw_kv_str(w, "workload", m->work->path);
	gs_jw_kv_str(w, "workload_format", m->work->format);
	gs_jw_kv_str(w, "workload_view", gs_view_name(m->work_view));
	gs_jw_kv_str(w, "benchmark_view", gs_view_name(m->bench_view));
	gs_jw_kv_str(w, "baseline_view", gs_view_name(m->base_view));
	gs_jw_kv_str(w, "candidate_view", gs_view_name(m->cand_view));
	gs_jw_kv_bool(w, "swapped", m->swapped);
	gs_jw_kv_str(w, "rule", m->rule);
	gs_jw_kv_num(w, "speedup", m->speedup);
	gs_jw_kv_num(w, "base_us", m->base_us);
	gs_jw_kv_num(w, "cand_us", m->cand_us);
	gs_jw_kv_num(w, "delta_us", m->delta_us);
	gs_jw_kv_num(w, "steps", m->steps > 0 ? (double)m->steps : NAN);
	gs_jw_kv_num(w, "delta_per_step_us", m->delta_per_step_us);
	gs_jw_kv_count(w, "matched_shapes", (long long)m->matched_shapes);
	gs_jw_kv_count(w, "unmatched_shapes", (long long)m->unmatched_shapes);
	gs_jw_kv_num(w, "matched_calls", m->matched_calls);
	gs_jw_kv_num(w, "unmatched_calls", m->unmatched_calls);
	gs_jw_kv_num(w, "workload_us", m->work_us);
	gs_jw_kv_num(w, "unmatched_us", m->unmatched_us);
	gs_jw_kv_num(w, "unmatched_time_share", m->unmatched_time_share);
	rows(w, m);
	gs_jw_map_close(w);
}
