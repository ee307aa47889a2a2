/* json.c: --json, everything the report shows, through yajl_gen (2-space
 * indent).  Numbers are written with the shortest text that reads back to
 * the same double; infinities and NaN are null.  Input strings are made
 * valid UTF-8 first (gs_fmt_clean), then escaped by yajl.
 *
 * Compare layout: command "compare", version, generated, threshold
 * (fraction), alpha, correction, min_samples, inputs{baseline,candidate}
 * {path,format,rows,shapes,gpu}, gpus{baseline,candidate} (the GPU each
 * side's efficiency used, or null), summary{...}, groups[],
 * top_improvements[], top_regressions[], shapes[] (each with
 * efficiency{baseline,candidate} and, with both, explanation and cause),
 * only_in_baseline[], only_in_candidate[], excluded[], and metrics[] when
 * both inputs carry the same extra numeric columns.
 *
 * Report layout: command "report", version, title, generated, input{...},
 * gpu (or null), summary{...}, shapes[] (key, time statistics, total_us,
 * efficiency{...}), top_time[] (indices into shapes by total time),
 * excluded[].
 *
 * An efficiency object: gflop, mib, flops_per_byte, tflops, kernel_family,
 * tile_source, tile_m/n/k, blas_m, blas_n, swapped, num_tiles, cus, waves,
 * last_wave_tiles, last_wave_util, tile_eff, wq_eff, dim_eff, status, note,
 * peak_tflops, bw_tbs, ridge, attainable_tflops, roofline_us, bound,
 * pct_roofline, tile_model{tile_m,tile_n,tile_k,dim_eff,cost_us,
 * kernel_tile_cost_us} or null, occupancy{...} or null; for a shape keyed
 * by kernel name (no M/N/K) only kernel_family and occupancy.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yajl/yajl_gen.h>

#include "analysis/effpair.h"
#include "analysis/metrics.h"
#include "analysis/single.h"
#include "render/fmt.h"
#include "render/report.h"

typedef struct jw {
	yajl_gen g;
	FILE *out;
	int failed;        /* a generator call failed or memory ran out */
} jw;

static void
print_cb(void *ctx, const char *s, size_t len)
{
	fwrite(s, 1, len, ctx);
}

static void
check(jw *w, yajl_gen_status st)
{
	if (st != yajl_gen_status_ok)
		w->failed = 1;
}

static void
key(jw *w, const char *k)
{
	check(w, yajl_gen_string(w->g, (const unsigned char *)k, strlen(k)));
}

static void
str(jw *w, const char *s)
{
	char *clean;

	if (!s) {
		check(w, yajl_gen_null(w->g));
		return;
	}
	clean = gs_fmt_clean(s);
	if (!clean) {
		w->failed = 1;
		return;
	}
	check(w, yajl_gen_string(w->g, (unsigned char *)clean, strlen(clean)));
	free(clean);
}

static void
num(jw *w, double v)
{
	char buf[GS_FMT_LEN];

	if (!isfinite(v)) {
		check(w, yajl_gen_null(w->g));
		return;
	}
	gs_fmt_exact(buf, sizeof buf, v);
	check(w, yajl_gen_number(w->g, buf, strlen(buf)));
}

static void
count(jw *w, long long v)
{
	check(w, yajl_gen_integer(w->g, v));
}

static void
kv_str(jw *w, const char *k, const char *v)
{
	key(w, k);
	str(w, v);
}

static void
kv_num(jw *w, const char *k, double v)
{
	key(w, k);
	num(w, v);
}

static void
kv_count(jw *w, const char *k, long long v)
{
	key(w, k);
	count(w, v);
}

static void
map_open(jw *w)
{
	check(w, yajl_gen_map_open(w->g));
}

static void
map_close(jw *w)
{
	check(w, yajl_gen_map_close(w->g));
}

static void
array_open(jw *w, const char *k)
{
	key(w, k);
	check(w, yajl_gen_array_open(w->g));
}

static void
array_close(jw *w)
{
	check(w, yajl_gen_array_close(w->g));
}

static void
shape_fields(jw *w, const gs_shape *s)
{
	char t[2] = "N";

	kv_str(w, "op", s->op);
	kv_count(w, "batch", s->batch);
	kv_count(w, "M", s->M);
	kv_count(w, "N", s->N);
	kv_count(w, "K", s->K);
	kv_str(w, "dtype", s->dtype);
	t[0] = s->trans_a;
	kv_str(w, "trans_a", t);
	t[0] = s->trans_b;
	kv_str(w, "trans_b", t);
	key(w, "bias");
	check(w, yajl_gen_bool(w->g, s->bias));
	if (s->name)
		kv_str(w, "name", s->name);
}

static void
samples(jw *w, const char *k, const gs_record *r)
{
	array_open(w, k);
	for (size_t i = 0; i < r->nsamples; i++)
		num(w, r->samples[i]);
	array_close(w);
}

static void efficiency_pair(jw *w, const gs_report *r, const gs_pair *p);

static void
pair(jw *w, const gs_report *r, const gs_pair *p)
{
	map_open(w);
	shape_fields(w, &p->base->shape);
	kv_str(w, "tag", p->base->tag ? p->base->tag : p->cand->tag);
	kv_str(w, "kernel_base", p->base->kernel);
	kv_str(w, "kernel_cand", p->cand->kernel);
	kv_num(w, "time_base_us", p->base->t.median);
	kv_num(w, "time_cand_us", p->cand->t.median);
	kv_num(w, "speedup", p->speedup);
	kv_num(w, "change_pct", (p->speedup - 1) * 100);
	kv_str(w, "class", gs_class_name(p->cls));
	samples(w, "samples_base", p->base);
	samples(w, "samples_cand", p->cand);
	kv_num(w, "p_value", p->tested ? p->p_value : NAN);
	kv_num(w, "p_adjusted", p->tested ? p->p_adjusted : NAN);
	efficiency_pair(w, r, p);
	map_close(w);
}

static void
record(jw *w, const gs_record *r)
{
	map_open(w);
	shape_fields(w, &r->shape);
	kv_str(w, "tag", r->tag);
	kv_str(w, "kernel", r->kernel);
	kv_num(w, "time_us", r->t.median);
	samples(w, "samples", r);
	kv_count(w, "line", r->line);
	map_close(w);
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
input(jw *w, const char *k, const gs_table *t)
{
	key(w, k);
	map_open(w);
	kv_str(w, "path", t->path);
	kv_str(w, "format", t->format);
	kv_count(w, "rows", (long long)rows_read(t));
	kv_count(w, "shapes", (long long)t->n);
	kv_str(w, "gpu", t->gpu);
	map_close(w);
}

static void
summary(jw *w, const gs_compare_summary *s)
{
	key(w, "summary");
	map_open(w);
	kv_count(w, "matched", (long long)s->matched);
	kv_num(w, "geomean_speedup", s->geomean);
	kv_num(w, "geomean_ci_low", s->geomean_lo);
	kv_num(w, "geomean_ci_high", s->geomean_hi);
	kv_num(w, "weighted_speedup", s->weighted);
	kv_count(w, "improved", (long long)s->improved);
	kv_count(w, "regressed", (long long)s->regressed);
	kv_count(w, "neutral", (long long)s->neutral);
	kv_count(w, "unsure", (long long)s->unsure);
	kv_count(w, "tested", (long long)s->tested);
	kv_num(w, "expected_false_positives", s->expected_false_positives);
	kv_count(w, "only_in_baseline", (long long)s->only_in_baseline);
	kv_count(w, "only_in_candidate", (long long)s->only_in_candidate);
	kv_count(w, "excluded_baseline", (long long)s->excluded_baseline);
	kv_count(w, "excluded_candidate", (long long)s->excluded_candidate);
	kv_num(w, "time_saved_us", s->time_saved_us);
	kv_num(w, "time_lost_us", s->time_lost_us);
	kv_num(w, "net_time_saved_us", s->net_saved_us);
	kv_num(w, "saved_lost_ratio", s->saved_lost_ratio);
	kv_num(w, "total_baseline_us", s->total_base_us);
	kv_num(w, "total_candidate_us", s->total_cand_us);
	map_close(w);
}

static void
groups(jw *w, const gs_compare *c)
{
	array_open(w, "groups");
	for (size_t i = 0; i < c->ngroups; i++) {
		const gs_group *g = &c->groups[i];
		map_open(w);
		kv_str(w, "by", g->by);
		kv_str(w, "name", g->name);
		kv_count(w, "n", (long long)g->n);
		kv_count(w, "improved", (long long)g->improved);
		kv_count(w, "regressed", (long long)g->regressed);
		kv_count(w, "neutral", (long long)g->neutral);
		kv_count(w, "unsure", (long long)g->unsure);
		kv_num(w, "geomean_speedup", g->geomean);
		kv_num(w, "total_baseline_us", g->total_base_us);
		kv_num(w, "total_candidate_us", g->total_cand_us);
		map_close(w);
	}
	array_close(w);
}

static void
pair_list(jw *w, const char *k, const gs_report *r, const size_t *idx, size_t n)
{
	array_open(w, k);
	for (size_t i = 0; i < n; i++)
		pair(w, r, &r->cmp->pairs[idx[i]]);
	array_close(w);
}

static void
record_list(jw *w, const char *k, const gs_record *const *r, size_t n)
{
	array_open(w, k);
	for (size_t i = 0; i < n; i++)
		record(w, r[i]);
	array_close(w);
}

static void
excluded(jw *w, const char *side, const gs_table *t)
{
	for (size_t i = 0; i < t->nexcl; i++) {
		map_open(w);
		kv_str(w, "side", side);
		kv_count(w, "line", t->excl[i].line);
		kv_str(w, "what", t->excl[i].what);
		kv_str(w, "reason", t->excl[i].reason);
		map_close(w);
	}
}

/* ---- efficiency (analysis/single.h) */

static void
kv_bool(jw *w, const char *k, int v)
{
	key(w, k);
	check(w, yajl_gen_bool(w->g, v));
}

/* A positive dimension, else null. */
static void
kv_dim(jw *w, const char *k, long v)
{
	if (v > 0)
		kv_count(w, k, v);
	else
		kv_str(w, k, NULL);
}

static void
gpu_obj(jw *w, const char *k, const gs_single *s)
{
	const gs_gpu *g = s ? s->gpu : NULL;

	key(w, k);
	if (!g) {
		str(w, NULL);
		return;
	}
	map_open(w);
	kv_str(w, "name", g->name);
	kv_str(w, "full_name", g->full_name);
	kv_str(w, "arch", g->arch);
	kv_count(w, "cus", s->cus);
	kv_bool(w, "cus_from_input", s->cus_from_input);
	kv_str(w, "from", s->opts.gpu_from);
	kv_str(w, "roof", s->opts.roof == GS_ROOF_PEAK ? "peak" : "measured");
	kv_num(w, "bw_tbs", gs_gpu_roof_bw(g, s->opts.roof, NULL));
	map_close(w);
}

static void
eff_cost(jw *w, const gs_eff *e)
{
	kv_num(w, "gflop", e->cost.flop / 1e9);
	kv_num(w, "mib", e->cost.mib);
	kv_num(w, "flops_per_byte", e->cost.ai);
	kv_num(w, "tflops", e->achieved_tflops);
}

static void
eff_tiles(jw *w, const gs_single_row *row)
{
	const gs_eff *e = &row->eff;

	kv_str(w, "tile_source", gs_tile_source_name(row->tile_source));
	kv_dim(w, "tile_m", e->tile_m);
	kv_dim(w, "tile_n", e->tile_n);
	kv_dim(w, "tile_k", e->tile_k);
	kv_count(w, "blas_m", e->blas_m);
	kv_count(w, "blas_n", e->blas_n);
	kv_bool(w, "swapped", e->swapped);
	kv_bool(w, "swap_checked", e->swap_checked);
	kv_dim(w, "num_tiles", e->tile_m > 0 ? e->num_tiles : 0);
	kv_dim(w, "cus", e->cus);
	kv_dim(w, "waves", e->rounds);
	kv_dim(w, "last_wave_tiles", e->rounds > 0 ? e->last_wave_tiles : 0);
	kv_num(w, "last_wave_util", e->rounds > 0 ? e->last_wave_util : NAN);
	kv_num(w, "tile_eff", e->tile_eff);
	kv_num(w, "wq_eff", e->wq_eff);
	kv_num(w, "dim_eff", e->dim_eff);
	kv_str(w, "status", gs_eff_status_name(e->status));
	kv_str(w, "note", e->note);
}

static void
eff_roofline(jw *w, const gs_eff *e)
{
	int known = isfinite(e->roofline_us);

	kv_num(w, "peak_tflops", e->peak_tflops);
	kv_num(w, "bw_tbs", e->bw_tbs);
	kv_num(w, "ridge", e->ridge);
	kv_num(w, "attainable_tflops", e->attainable_tflops);
	kv_num(w, "roofline_us", e->roofline_us);
	kv_str(w, "bound", !known ? NULL : e->compute_bound ? "compute" : "memory");
	kv_num(w, "pct_roofline", e->pct_roofline);
}

static void
eff_model(jw *w, const gs_single_row *row)
{
	const gs_tile_cost *b = &row->pick.best;

	key(w, "tile_model");
	if (!row->have_pick) {
		str(w, NULL);
		return;
	}
	map_open(w);
	kv_count(w, "tile_m", b->wg_m);
	kv_count(w, "tile_n", b->wg_n);
	kv_count(w, "tile_k", b->wg_k);
	kv_num(w, "dim_eff", b->dim_eff);
	kv_num(w, "cost_us", b->cost_us);
	kv_num(w, "kernel_tile_cost_us", row->have_actual ? row->actual.cost_us : NAN);
	kv_count(w, "candidates", row->pick.ncandidates);
	kv_count(w, "rejected", row->pick.nrejected);
	map_close(w);
}

static void
eff_occupancy(jw *w, const gs_single_row *row)
{
	const gs_occ *o = &row->occ;
	char lim[96];

	key(w, "occupancy");
	if (!row->have_occ) {
		str(w, NULL);
		return;
	}
	map_open(w);
	kv_num(w, "occupancy", o->occupancy);
	kv_count(w, "waves_per_cu", o->waves_per_cu);
	kv_count(w, "max_waves_per_cu", o->max_waves_per_cu);
	kv_count(w, "workgroups_per_cu", o->wgs_per_cu);
	kv_str(w, "limiter", gs_occ_limiter_names(o, lim, sizeof lim));
	map_close(w);
}

/* The efficiency object of ROW under key K (null without a row; without
 * M/N/K only kernel_family and occupancy). */
static void
efficiency(jw *w, const char *k, const gs_single_row *row)
{
	key(w, k);
	if (!row) {
		str(w, NULL);
		return;
	}
	map_open(w);
	if (row->have_eff) {
		eff_cost(w, &row->eff);
		eff_tiles(w, row);
		eff_roofline(w, &row->eff);
		eff_model(w, row);
	}
	kv_str(w, "kernel_family", row->have_kernel ? gs_kfamily_name(row->kernel.family) : NULL);
	eff_occupancy(w, row);
	map_close(w);
}

static void
efficiency_pair(jw *w, const gs_report *r, const gs_pair *p)
{
	const gs_single_row *b, *c;
	const gs_gpu *gb, *gc;
	char text[1024];
	gs_effpair e;

	if (!r->eff_base || !r->eff_cand)
		return;
	b = gs_single_row_of(r->eff_base, p->base);
	c = gs_single_row_of(r->eff_cand, p->cand);
	gb = r->eff_base->gpu;
	gc = r->eff_cand->gpu;
	key(w, "efficiency");
	map_open(w);
	efficiency(w, "baseline", b);
	efficiency(w, "candidate", c);
	map_close(w);
	gs_effpair_compute(p, b, c, gb, gc, &e);
	kv_str(w, "explanation", gs_effpair_explain(p, b, c, gb, gc, text, sizeof text));
	kv_str(w, "cause", e.cause);
}

/* ---- per-metric deltas (analysis/metrics.h) */

static void
metric_rows(jw *w, const gs_metric_delta *m, const gs_compare *c)
{
	array_open(w, "rows");
	for (size_t i = 0; i < m->nrows; i++) {
		const gs_metric_row *row = &m->rows[i];
		map_open(w);
		kv_count(w, "shape", (long long)row->pair);
		shape_fields(w, &c->pairs[row->pair].base->shape);
		kv_num(w, "baseline", row->base);
		kv_num(w, "candidate", row->cand);
		kv_num(w, "ratio", row->ratio);
		map_close(w);
	}
	array_close(w);
}

static void
metrics(jw *w, const gs_metrics *ms, const gs_compare *c)
{
	array_open(w, "metrics");
	for (size_t i = 0; i < ms->n; i++) {
		const gs_metric_delta *m = &ms->m[i];
		map_open(w);
		kv_str(w, "name", m->name);
		kv_num(w, "geomean_ratio", m->geomean_ratio);
		kv_count(w, "n", (long long)m->nrows);
		kv_count(w, "in_geomean", (long long)m->ngeomean);
		kv_count(w, "undefined", (long long)m->nundefined);
		metric_rows(w, m, c);
		map_close(w);
	}
	array_close(w);
}

static void
header(jw *w, const gs_report *r)
{
	char when[GS_FMT_LEN];
	const gs_compare_opts *o = &r->cmp->opts;

	kv_str(w, "command", "compare");
	kv_str(w, "version", r->version);
	kv_str(w, "title", r->title);
	kv_str(w, "generated", gs_fmt_utc(when, sizeof when, r->timestamp, 1));
	kv_num(w, "threshold", o->threshold);
	kv_num(w, "alpha", o->alpha);
	kv_str(w, "correction", gs_fmt_correction(o->correction));
	kv_count(w, "min_samples", o->min_samples);
	key(w, "inputs");
	map_open(w);
	input(w, "baseline", r->cmp->base);
	input(w, "candidate", r->cmp->cand);
	map_close(w);
	key(w, "gpus");
	map_open(w);
	gpu_obj(w, "baseline", r->eff_base);
	gpu_obj(w, "candidate", r->eff_cand);
	map_close(w);
}

static void
document(jw *w, const gs_report *r)
{
	const gs_compare *c = r->cmp;

	map_open(w);
	header(w, r);
	summary(w, &c->s);
	groups(w, c);
	pair_list(w, "top_improvements", r, c->top_improved, c->ntop_improved);
	pair_list(w, "top_regressions", r, c->top_regressed, c->ntop_regressed);
	array_open(w, "shapes");
	for (size_t i = 0; i < c->npairs; i++)
		pair(w, r, &c->pairs[i]);
	array_close(w);
	record_list(w, "only_in_baseline", c->only_base, c->nonly_base);
	record_list(w, "only_in_candidate", c->only_cand, c->nonly_cand);
	array_open(w, "excluded");
	excluded(w, "baseline", c->base);
	excluded(w, "candidate", c->cand);
	array_close(w);
	if (r->metrics)
		metrics(w, r->metrics, c);
	map_close(w);
}

/* ---- report INPUT */

static void
single_summary(jw *w, const gs_single *s)
{
	const gs_single_summary *m = &s->s;

	key(w, "summary");
	map_open(w);
	kv_count(w, "shapes", (long long)m->shapes);
	kv_count(w, "with_tile", (long long)m->with_tile);
	kv_count(w, "with_dim_eff", (long long)m->with_dim_eff);
	kv_count(w, "compute_bound", (long long)m->compute_bound);
	kv_count(w, "memory_bound", (long long)m->memory_bound);
	kv_num(w, "total_time_us", m->total_us);
	kv_num(w, "total_gflop", m->total_flop / 1e9);
	kv_num(w, "tflops", m->tflops);
	kv_num(w, "weighted_dim_eff", m->weighted_dim_eff);
	kv_num(w, "weighted_pct_roofline", m->weighted_pct_roofline);
	map_close(w);
}

static void
single_shape(jw *w, const gs_single_row *row)
{
	const gs_record *r = row->rec;

	map_open(w);
	shape_fields(w, &r->shape);
	kv_str(w, "tag", r->tag);
	kv_str(w, "kernel", r->kernel);
	kv_count(w, "count", r->t.count);
	kv_num(w, "time_us_median", r->t.median);
	kv_num(w, "time_us_mean", r->t.mean);
	kv_num(w, "time_us_min", r->t.min);
	kv_num(w, "time_us_max", r->t.max);
	kv_num(w, "time_us_std", r->t.std);
	kv_num(w, "time_us_sum", r->t.sum);
	kv_num(w, "total_us", row->total_us);
	kv_count(w, "line", r->line);
	efficiency(w, "efficiency", row);
	map_close(w);
}

static void
single_document(jw *w, const gs_report *r)
{
	const gs_single *s = r->single;
	char when[GS_FMT_LEN];

	map_open(w);
	kv_str(w, "command", "report");
	kv_str(w, "version", r->version);
	kv_str(w, "title", r->title);
	kv_str(w, "generated", gs_fmt_utc(when, sizeof when, r->timestamp, 1));
	input(w, "input", s->table);
	gpu_obj(w, "gpu", s);
	single_summary(w, s);
	array_open(w, "shapes");
	for (size_t i = 0; i < s->n; i++)
		single_shape(w, &s->rows[i]);
	array_close(w);
	array_open(w, "top_time");
	for (size_t i = 0; i < s->n; i++)
		count(w, (long long)s->by_time[i]);
	array_close(w);
	array_open(w, "excluded");
	excluded(w, "input", s->table);
	array_close(w);
	map_close(w);
}

int
gs_render_json(const gs_report *r, FILE *out, gs_error *err)
{
	jw w = {NULL, out, 0};
	int single = r->kind == GS_REPORT_SINGLE && r->single;

	if (!single && (r->kind != GS_REPORT_COMPARE || !r->cmp))
		return gs_error_set(err, NULL, 0, 0,
		                    "the JSON output needs a comparison or single-run report");
	w.g = yajl_gen_alloc(NULL);
	if (!w.g)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	yajl_gen_config(w.g, yajl_gen_beautify, 1);
	yajl_gen_config(w.g, yajl_gen_indent_string, "  ");
	yajl_gen_config(w.g, yajl_gen_validate_utf8, 1);
	yajl_gen_config(w.g, yajl_gen_print_callback, print_cb, (void *)out);
	if (single)
		single_document(&w, r);
	else
		document(&w, r);
	yajl_gen_free(w.g);
	if (w.failed)
		return gs_error_set(err, NULL, 0, 0, "cannot generate the JSON output");
	/* yajl's beautify mode ends the document with a newline itself. */
	if (fflush(out) != 0 || ferror(out))
		return gs_error_set(err, NULL, 0, 0, "cannot write the JSON output");
	return 0;
}
