/* json.c: --json, everything the report shows, streamed through yajl_gen
 * (jsonw.h: compact, or 2-space indent with --json-indent).  Numbers are written with the shortest text that reads back to
 * the same double; infinities and NaN are null.  Input strings are made
 * valid UTF-8 first (gs_fmt_clean), then escaped by yajl.
 *
 * Compare layout: command "compare", version, generated, threshold
 * (fraction), alpha, correction, min_samples, inputs{baseline,candidate}
 * {path,format,rows,shapes,gpu}, gpus{baseline,candidate} (the GPU each
 * side's efficiency used, or null), environment[] (what each input
 * says of its machine and software: {item, name, baseline, candidate,
 * differs}, env_impl.h), summary{...}, groups[],
 * top_improvements[], top_regressions[], shapes[] (each with
 * efficiency{baseline,candidate} and, with both, explanation (the
 * efficiency model's reading in words); predicted_base_us, fraction_base,
 * predicted_cand_us, fraction_cand where predicted (model_impl.h); and
 * cause, cause_text: cause.h's word, the one cause vocabulary, "none"
 * with cause_text null for a neutral or unsure shape),
 * only_in_baseline[], only_in_candidate[], excluded[], and metrics[] when
 * both inputs carry the same extra numeric columns.  summary has
 * time_lost_by_cause and time_saved_by_cause (cause -> µs, every cause of
 * the vocabulary in rule order, summing to time_lost_us / time_saved_us)
 * and shapes_lost_by_cause / shapes_saved_by_cause (cause -> count).  With
 * --weights, impact{workload, workload_format, workload_view, benchmark_view,
 * swapped, rule, speedup, base_us, cand_us, delta_us, matched_shapes,
 * unmatched_shapes, matched_calls, unmatched_calls, workload_us,
 * unmatched_us, unmatched_time_share, top_lost[], unmatched[]} (json_cause.c).
 *
 * Report layout: command "report", version, title, generated, input{...},
 * gpu (or null), environment[] ({item, name, value}), summary{...}, shapes[] (key, time statistics, total_us,
 * efficiency{...}), top_time[] (indices into shapes by total time),
 * excluded[].
 *
 * An efficiency object: gflop, mib, flops_per_byte, tflops, kernel_family,
 * tile_source, tile_m/n/k, blas_m, blas_n, swapped, num_tiles, cus, waves,
 * last_wave_tiles, last_wave_util, tile_eff, wq_eff, dim_eff, status, note,
 * peak_tflops, bw_tbs, ridge, attainable_tflops, roofline_us, bound,
 * pct_roofline, tile_model{tile_m,tile_n,tile_k,dim_eff,cost,
 * kernel_tile_cost} or null (cost: the tile model's unitless score,
 * which ranks tiles and is not a time: model/tile_model.h), occupancy{...}
 * or null; for a shape keyed
 * by kernel name (no M/N/K) only kernel_family and occupancy.
 *
 * gs_render_json is the one JSON entry point: history (json_history.c),
 * confirm (json_confirm.c), explain and gpus (json_explain.c) are reached
 * through it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yajl/yajl_gen.h>

#include "analysis/cause.h"
#include "analysis/effpair.h"
#include "analysis/impact.h"
#include "analysis/metrics.h"
#include "analysis/single.h"
#include "model/stats.h"
#include "render/cause_impl.h"
#include "render/model_impl.h"
#include "render/env_impl.h"
#include "render/kmix_impl.h"
#include "render/fmt.h"
#include "render/json_eff_impl.h"
#include "render/jsonw.h"
#include "render/writer_impl.h"

/* R's times as the list K, when it has more than one: one time is the
 * record's time, written beside it already. */
static void
samples(gs_jw *w, const char *k, const gs_record *r)
{
	if (r->nsamples < 2)
		return;
	gs_jw_array_open(w, k);
	for (size_t i = 0; i < r->nsamples; i++)
		gs_jw_num(w, r->samples[i]);
	gs_jw_array_close(w);
}

/* Pair I's cause (cause.h), when the model has the causes. */
static void
cause(gs_jw *w, const gs_report *r, size_t i)
{
	const gs_cause *c;

	if (!r->causes || i >= r->causes->n)
		return;
	c = &r->causes->by_pair[i];
	gs_jw_kv_str(w, "cause", gs_cause_name(c->kind));
	if (c->kind != GS_CAUSE_NONE)
		gs_jw_kv_str(w, "cause_text", gs_cause_text(r->causes, i));
}

/* Matched pair I of the comparison. */
static void
pair(gs_jw *w, const gs_report *r, size_t i)
{
	const gs_pair *p = &r->cmp->pairs[i];

	gs_jw_map_open(w);
	gs_jw_shape_fields(w, &p->base->shape);
	gs_jw_kv_str_known(w, "tag", gs_pair_tag(p));
	gs_jw_kv_str_known(w, "kernel_base", gs_record_kernel(p->base));
	gs_jw_kv_str_known(w, "kernel_cand", gs_record_kernel(p->cand));
	gs_jw_kv_num(w, "time_base_us", p->base->t.median);
	gs_jw_kv_num(w, "time_cand_us", p->cand->t.median);
	gs_jw_kv_num(w, "speedup", p->speedup);
	gs_jw_kv_num(w, "change_pct", (p->speedup - 1) * 100);
	gs_jw_kv_str(w, "class", gs_class_name(p->cls));
	samples(w, "samples_base", p->base);
	samples(w, "samples_cand", p->cand);
	gs_jw_kv_num_known(w, "p_value", gs_pair_p_value(r->cmp, p));
	gs_jw_kv_num_known(w, "p_adjusted", gs_pair_p_adjusted(r->cmp, p));
	gs_json_efficiency_pair(w, r, i);
	gs_json_pair_predicted(w, r, i);
	cause(w, r, i);
	gs_jw_map_close(w);
}

/* pair as a gs_jw_array_par element: ARG is the report. */
static void
pair_element(gs_jw *w, const void *arg, size_t i)
{
	pair(w, arg, i);
}

static void
record(gs_jw *w, const gs_record *r)
{
	gs_jw_map_open(w);
	gs_jw_shape_fields(w, &r->shape);
	gs_jw_kv_str_known(w, "tag", gs_record_tag(r));
	gs_jw_kv_str_known(w, "kernel", gs_record_kernel(r));
	gs_jw_kv_num(w, "time_us", r->t.median);
	samples(w, "samples", r);
	gs_jw_kv_count(w, "line", r->line);
	gs_jw_map_close(w);
}

static size_t
rows_read(const gs_table *t)
{
	size_t n = t->nexcl;

	for (size_t i = 0; i < t->n; i++)
		n += t->rec[i].nsamples ? t->rec[i].nsamples : 1;
	return n;
}

static void
input(gs_jw *w, const char *k, const gs_table *t)
{
	gs_jw_key(w, k);
	gs_jw_map_open(w);
	gs_jw_kv_str(w, "path", t->path);
	gs_jw_kv_str(w, "format", t->format);
	gs_jw_kv_count(w, "rows", (long long)rows_read(t));
	gs_jw_kv_count(w, "shapes", (long long)t->n);
	gs_jw_kv_str(w, "gpu", t->gpu);
	gs_jw_map_close(w);
}

static void
summary(gs_jw *w, const gs_report *r)
{
	const gs_compare_summary *s = &r->cmp->s;

	gs_jw_key(w, "summary");
	gs_jw_map_open(w);
	gs_jw_kv_count(w, "matched", (long long)s->matched);
	gs_jw_kv_num(w, "geomean_speedup", s->geomean);
	gs_jw_kv_num(w, "geomean_ci_low", s->geomean_lo);
	gs_jw_kv_num(w, "geomean_ci_high", s->geomean_hi);
	gs_jw_kv_num(w, "weighted_speedup", s->weighted);
	gs_jw_kv_count(w, "improved", (long long)s->improved);
	gs_jw_kv_count(w, "regressed", (long long)s->regressed);
	gs_jw_kv_count(w, "neutral", (long long)s->neutral);
	gs_jw_kv_count(w, "unsure", (long long)s->unsure);
	gs_jw_kv_count(w, "tested", (long long)s->tested);
	gs_jw_kv_num(w, "expected_false_positives", s->expected_false_positives);
	gs_jw_kv_count(w, "only_in_baseline", (long long)s->only_in_baseline);
	gs_jw_kv_count(w, "only_in_candidate", (long long)s->only_in_candidate);
	gs_jw_kv_count(w, "excluded_baseline", (long long)s->excluded_baseline);
	gs_jw_kv_count(w, "excluded_candidate", (long long)s->excluded_candidate);
	gs_jw_kv_num(w, "time_saved_us", s->time_saved_us);
	gs_jw_kv_num(w, "time_lost_us", s->time_lost_us);
	gs_jw_kv_num(w, "net_time_saved_us", s->net_saved_us);
	gs_jw_kv_num(w, "saved_lost_ratio", s->saved_lost_ratio);
	gs_jw_kv_num(w, "total_baseline_us", s->total_base_us);
	gs_jw_kv_num(w, "total_candidate_us", s->total_cand_us);
	gs_json_cause_summary(w, r);
	gs_jw_map_close(w);
}

static void
groups(gs_jw *w, const gs_compare *c)
{
	gs_jw_array_open(w, "groups");
	for (size_t i = 0; i < c->ngroups; i++) {
		const gs_group *g = &c->groups[i];
		gs_jw_map_open(w);
		gs_jw_kv_str(w, "by", g->by);
		gs_jw_kv_str(w, "name", g->name);
		gs_jw_kv_count(w, "n", (long long)g->n);
		gs_jw_kv_count(w, "improved", (long long)g->improved);
		gs_jw_kv_count(w, "regressed", (long long)g->regressed);
		gs_jw_kv_count(w, "neutral", (long long)g->neutral);
		gs_jw_kv_count(w, "unsure", (long long)g->unsure);
		gs_jw_kv_num(w, "geomean_speedup", g->geomean);
		gs_jw_kv_num(w, "total_baseline_us", g->total_base_us);
		gs_jw_kv_num(w, "total_candidate_us", g->total_cand_us);
		gs_jw_map_close(w);
	}
	gs_jw_array_close(w);
}

static void
pair_list(gs_jw *w, const char *k, const gs_report *r, const size_t *idx, size_t n)
{
	gs_jw_array_open(w, k);
	for (size_t i = 0; i < n; i++)
		pair(w, r, idx[i]);
	gs_jw_array_close(w);
}

static void
record_list(gs_jw *w, const char *k, const gs_record *const *r, size_t n)
{
	gs_jw_array_open(w, k);
	for (size_t i = 0; i < n; i++)
		record(w, r[i]);
	gs_jw_array_close(w);
}

static void
excluded(gs_jw *w, const char *side, const gs_table *t)
{
	for (size_t i = 0; i < t->nexcl; i++) {
		gs_jw_map_open(w);
		gs_jw_kv_str(w, "side", side);
		gs_jw_kv_count(w, "line", t->excl[i].line);
		gs_jw_kv_str(w, "what", t->excl[i].what);
		gs_jw_kv_str(w, "reason", t->excl[i].reason);
		gs_jw_map_close(w);
	}
}

/* ---- per-metric deltas (analysis/metrics.h) */

static void
metric_rows(gs_jw *w, const gs_metric_delta *m, const gs_compare *c)
{
	gs_jw_array_open(w, "rows");
	for (size_t i = 0; i < m->nrows; i++) {
		const gs_metric_row *row = &m->rows[i];
		gs_jw_map_open(w);
		gs_jw_kv_count(w, "shape", (long long)row->pair);
		gs_jw_shape_fields(w, &c->pairs[row->pair].base->shape);
		gs_jw_kv_num(w, "baseline", row->base);
		gs_jw_kv_num(w, "candidate", row->cand);
		gs_jw_kv_num(w, "ratio", row->ratio);
		gs_jw_map_close(w);
	}
	gs_jw_array_close(w);
}

static void
metrics(gs_jw *w, const gs_metrics *ms, const gs_compare *c)
{
	gs_jw_array_open(w, "metrics");
	for (size_t i = 0; i < ms->n; i++) {
		const gs_metric_delta *m = &ms->m[i];
		gs_jw_map_open(w);
		gs_jw_kv_str(w, "name", m->name);
		gs_jw_kv_num(w, "geomean_ratio", m->geomean_ratio);
		gs_jw_kv_count(w, "n", (long long)m->nrows);
		gs_jw_kv_count(w, "in_geomean", (long long)m->ngeomean);
		gs_jw_kv_count(w, "undefined", (long long)m->nundefined);
		metric_rows(w, m, c);
		gs_jw_map_close(w);
	}
	gs_jw_array_close(w);
}

static void
header(gs_jw *w, const gs_report *r)
{
	char when[GS_FMT_LEN];
	const gs_compare_opts *o = &r->cmp->opts;

	gs_jw_kv_str(w, "command", "compare");
	gs_jw_kv_str(w, "version", r->version);
	gs_jw_kv_str(w, "title", r->title);
	gs_jw_kv_str(w, "generated", gs_fmt_utc(when, sizeof when, r->timestamp, 1));
	gs_jw_kv_num(w, "threshold", o->threshold);
	gs_jw_kv_num(w, "alpha", o->alpha);
	gs_jw_kv_str(w, "correction", gs_fmt_correction(o->correction));
	gs_jw_kv_count(w, "min_samples", o->min_samples);
	gs_jw_key(w, "inputs");
	gs_jw_map_open(w);
	input(w, "baseline", r->cmp->base);
	input(w, "candidate", r->cmp->cand);
	gs_jw_map_close(w);
	gs_jw_key(w, "gpus");
	gs_jw_map_open(w);
	gs_json_gpu(w, "baseline", r->eff_base);
	gs_json_gpu(w, "candidate", r->eff_cand);
	gs_jw_map_close(w);
	gs_json_environment(w, r);
	gs_json_kernels(w, r);
}

static void
document(gs_jw *w, const gs_report *r)
{
	const gs_compare *c = r->cmp;

	gs_jw_map_open(w);
	header(w, r);
	summary(w, r);
	gs_jw_gates(w, &r->gates);
	groups(w, c);
	pair_list(w, "top_improvements", r, c->top_improved, c->ntop_improved);
	pair_list(w, "top_regressions", r, c->top_regressed, c->ntop_regressed);
	gs_jw_array_open(w, "shapes");
	gs_jw_array_par(w, c->npairs, pair_element, r);
	gs_jw_array_close(w);
	record_list(w, "only_in_baseline", c->only_base, c->nonly_base);
	record_list(w, "only_in_candidate", c->only_cand, c->nonly_cand);
	gs_jw_array_open(w, "excluded");
	excluded(w, "baseline", c->base);
	excluded(w, "candidate", c->cand);
	gs_jw_array_close(w);
	if (r->metrics)
		metrics(w, r->metrics, c);
	gs_json_impact(w, r);
	gs_json_model(w, r);
	gs_jw_map_close(w);
}

/* ---- report INPUT */

static void
single_summary(gs_jw *w, const gs_single *s)
{
	const gs_single_summary *m = &s->s;

	gs_jw_key(w, "summary");
	gs_jw_map_open(w);
	gs_jw_kv_count(w, "shapes", (long long)m->shapes);
	gs_jw_kv_count(w, "with_tile", (long long)m->with_tile);
	gs_jw_kv_count(w, "with_dim_eff", (long long)m->with_dim_eff);
	gs_jw_kv_count(w, "compute_bound", (long long)m->compute_bound);
	gs_jw_kv_count(w, "memory_bound", (long long)m->memory_bound);
	gs_jw_kv_num(w, "total_time_us", m->total_us);
	gs_jw_kv_num(w, "total_gflop", m->total_flop / 1e9);
	gs_jw_kv_num(w, "tflops", m->tflops);
	gs_jw_kv_num(w, "weighted_dim_eff", m->weighted_dim_eff);
	gs_jw_kv_num(w, "weighted_pct_roofline", m->weighted_pct_roofline);
	gs_jw_kv_count(w, "over_roof", (long long)m->over_roof);
	gs_jw_map_close(w);
}

static void
single_shape(gs_jw *w, const gs_report *rep, const gs_single_row *row)
{
	const gs_record *r = row->rec;

	gs_jw_map_open(w);
	gs_jw_shape_fields(w, &r->shape);
	gs_jw_kv_str_known(w, "tag", gs_record_tag(r));
	gs_jw_kv_str_known(w, "kernel", gs_record_kernel(r));
	const gs_time_stats t = gs_record_stats(r);

	gs_jw_kv_count(w, "count", t.count);
	gs_jw_kv_num(w, "time_us_median", t.median);
	gs_jw_kv_num(w, "time_us_mean", t.mean);
	gs_jw_kv_num(w, "time_us_min", t.min);
	gs_jw_kv_num(w, "time_us_max", t.max);
	gs_jw_kv_num(w, "time_us_std", t.std);
	gs_jw_kv_num(w, "time_us_sum", t.sum);
	gs_jw_kv_num(w, "total_us", gs_single_total_us(row));
	gs_jw_kv_count(w, "line", r->line);
	gs_json_efficiency(w, "efficiency", rep->single, row);
	gs_json_row_predicted(w, rep, (size_t)(row - rep->single->rows));
	gs_jw_map_close(w);
}

/* single_shape as a gs_jw_array_par element: ARG is the report. */
static void
single_element(gs_jw *w, const void *arg, size_t i)
{
	const gs_report *r = arg;

	single_shape(w, r, &r->single->rows[i]);
}

static void
single_document(gs_jw *w, const gs_report *r)
{
	const gs_single *s = r->single;
	char when[GS_FMT_LEN];

	gs_jw_map_open(w);
	gs_jw_kv_str(w, "command", "report");
	gs_jw_kv_str(w, "version", r->version);
	gs_jw_kv_str(w, "title", r->title);
	gs_jw_kv_str(w, "generated", gs_fmt_utc(when, sizeof when, r->timestamp, 1));
	input(w, "input", s->table);
	gs_json_gpu(w, "gpu", s);
	gs_json_environment(w, r);
	gs_json_kernels(w, r);
	single_summary(w, s);
	gs_jw_gates(w, &r->gates);
	gs_jw_array_open(w, "shapes");
	gs_jw_array_par(w, s->n, single_element, r);
	gs_jw_array_close(w);
	gs_jw_array_open(w, "top_time");
	for (size_t i = 0; i < s->n; i++)
		gs_jw_count(w, (long long)s->by_time[i]);
	gs_jw_array_close(w);
	gs_jw_array_open(w, "excluded");
	excluded(w, "input", s->table);
	gs_jw_array_close(w);
	gs_json_model(w, r);
	gs_jw_map_close(w);
}

int
gs_render_json(const gs_report *r, FILE *out, gs_error *err)
{
	gs_jw w;
	int single = r->kind == GS_REPORT_SINGLE && r->single;

	if (r->kind == GS_REPORT_HISTORY && r->hist && r->hseries)
		return gs_json_history(r, out, err);
	if (r->kind == GS_REPORT_CONFIRM && r->confirm)
		return gs_json_confirm(r, out, err);
	if (r->kind == GS_REPORT_EXPLAIN && r->explain)
		return gs_json_explain(r, out, err);
	if (r->kind == GS_REPORT_GPUS)
		return gs_json_gpus(r, out, err);
	if (!single && (r->kind != GS_REPORT_COMPARE || !r->cmp))
		return gs_error_set(err, NULL, 0, 0,
		                    "the JSON output needs a comparison or single-run report");
	if (gs_jw_begin(&w, out, r->json_indent, err) != 0)
		return -1;
	if (single)
		single_document(&w, r);
	else
		document(&w, r);
	return gs_jw_end(&w, err);
}
