/* json_explain.c: the JSON of `gemmscope explain --json` (one GEMM's
 * breakdown, keys M, N, K for the dims) and `gemmscope gpus --json` (every
 * figure as {value, kind, tag, source}), each with gates[] (always []
 * for these two), reached through gs_render_json
 * (render/report.h) and written with the JSON writers' generator
 * (render/jsonw.h).  Nothing is computed here.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/explain.h"
#include "model/gpu.h"
#include "render/jsonw.h"
#include "render/writer_impl.h"

static const char *
bound_name(const gs_eff *e)
{
	return isnan(e->roofline_us) ? NULL : e->compute_bound ? "compute" : "memory";
}

/* ---- explain: JSON ---------------------------------------------------------- */

/* Tile-model figures of C under KEY; COST_KEY names its cost: "cost" for
 * the seed model's (a score that ranks tiles, not a time), "cost_us" for
 * the wave-aware model's (µs). */
static void
json_cost(gs_jw *w, const char *key, const gs_tile_cost *c, const char *cost_key)
{
	gs_jw_key(w, key);
	gs_jw_map_open(w);
	gs_jw_kv_count(w, "tile_m", c->wg_m);
	gs_jw_kv_count(w, "tile_n", c->wg_n);
	gs_jw_kv_count(w, "tile_k", c->wg_k);
	if (c->intr_m) {
		gs_jw_kv_count(w, "subgroups", c->subgroups);
		gs_jw_kv_count(w, "mn_tiles", c->mn_tiles);
		gs_jw_kv_count(w, "k_tiles", c->k_tiles);
		gs_jw_kv_count(w, "intrinsic_m", c->intr_m);
		gs_jw_kv_count(w, "intrinsic_n", c->intr_n);
		gs_jw_kv_count(w, "intrinsic_k", c->intr_k);
	}
	gs_jw_kv_count(w, "workgroups", c->num_wgs);
	gs_jw_kv_count(w, "timesteps", c->timesteps);
	gs_jw_kv_num(w, "work_util", c->work_util);
	gs_jw_kv_num(w, "dim_eff", c->dim_eff);
	gs_jw_kv_num(w, cost_key, c->cost_us);
	gs_jw_map_close(w);
}

void
gs_json_tile_wave(gs_jw *w, const gs_tile_wave *t)
{
	gs_jw_key(w, "wave");
	if (!t || t->wg_m <= 0) {
		gs_jw_str(w, NULL);
		return;
	}
	gs_jw_map_open(w);
	gs_jw_kv_count(w, "tile_m", t->wg_m);
	gs_jw_kv_count(w, "tile_n", t->wg_n);
	gs_jw_kv_count(w, "tile_k", t->wg_k);
	gs_jw_kv_count(w, "workgroups", t->num_wgs);
	gs_jw_kv_count(w, "timesteps", t->timesteps);
	gs_jw_kv_num(w, "work_util", t->work_util);
	gs_jw_kv_num(w, "dim_eff", t->dim_eff);
	gs_jw_kv_num(w, "cost_us", t->cost_us);
	gs_jw_map_close(w);
}

static void
json_quant(gs_jw *w, const gs_explain *r)
{
	const gs_eff *e = &r->eff;

	gs_jw_kv_count(w, "blas_m", e->blas_m);
	gs_jw_kv_count(w, "blas_n", e->blas_n);
	gs_jw_kv_bool(w, "swapped", e->swapped);
	gs_jw_kv_count(w, "tile_m", e->tile_m);
	gs_jw_kv_count(w, "tile_n", e->tile_n);
	gs_jw_kv_count(w, "tile_k", e->tile_k);
	gs_jw_kv_str(w, "tile_source", r->tile_source);
	gs_jw_kv_count(w, "tiles_m", e->tiles_m);
	gs_jw_kv_count(w, "tiles_n", e->tiles_n);
	gs_jw_kv_count(w, "num_tiles", e->num_tiles);
	gs_jw_kv_count(w, "cus", e->cus);
	gs_jw_kv_count(w, "waves", e->rounds);
	gs_jw_kv_num(w, "float_waves", e->float_rounds);
	gs_jw_kv_count(w, "last_wave_tiles", e->last_wave_tiles);
	gs_jw_kv_num(w, "last_wave_util", e->last_wave_util);
	gs_jw_kv_num(w, "tile_eff", e->tile_eff);
	gs_jw_kv_num(w, "wq_eff", e->wq_eff);
	gs_jw_kv_num(w, "dim_eff", e->dim_eff);
	gs_jw_kv_str(w, "status", gs_eff_status_name(e->status));
	gs_jw_kv_str(w, "note", e->note);
}

static void
json_roofline(gs_jw *w, const gs_explain *r)
{
	const gs_eff *e = &r->eff;

	gs_jw_kv_num(w, "flop", e->cost.flop);
	gs_jw_kv_num(w, "bytes", e->cost.bytes);
	gs_jw_kv_num(w, "mib", e->cost.mib);
	gs_jw_kv_num(w, "flops_per_byte", e->cost.ai);
	gs_jw_kv_num(w, "peak_tflops", e->peak_tflops);
	gs_jw_kv_str(w, "peak_kind", gs_fig_kind_name(e->peak_kind));
	gs_jw_kv_num(w, "bandwidth_tbs", e->bw_tbs);
	gs_jw_kv_str(w, "bandwidth_kind", gs_fig_kind_name(e->bw_kind));
	gs_jw_kv_num(w, "ridge", e->ridge);
	gs_jw_kv_num(w, "attainable_tflops", e->attainable_tflops);
	gs_jw_kv_num(w, "compute_us", e->compute_us);
	gs_jw_kv_num(w, "memory_us", e->memory_us);
	gs_jw_kv_str(w, "bound", bound_name(e));
	gs_jw_kv_num(w, "achieved_tflops", e->achieved_tflops);
	gs_jw_kv_num(w, "pct_roofline", e->pct_roofline);
	gs_jw_kv_bool(w, "over_roof", e->over_roof);
}

static void
json_occ(gs_jw *w, const gs_explain *r)
{
	char lim[96];

	if (!r->have_occ)
		return;
	gs_jw_key(w, "occupancy");
	gs_jw_map_open(w);
	gs_jw_kv_num(w, "occupancy", r->occ.occupancy);
	gs_jw_kv_count(w, "waves_per_cu", r->occ.waves_per_cu);
	gs_jw_kv_count(w, "max_waves_per_cu", r->occ.max_waves_per_cu);
	gs_jw_kv_num(w, "waves_per_simd", r->occ.waves_per_simd);
	gs_jw_kv_count(w, "workgroups_per_cu", r->occ.wgs_per_cu);
	gs_jw_kv_str(w, "limited_by", gs_occ_limiter_names(&r->occ, lim, sizeof lim));
	gs_jw_map_close(w);
}
int
gs_json_explain(const gs_report *rep, FILE *out, gs_error *err)
{
	const gs_explain *r = rep->explain;
	gs_jw w;

	if (gs_jw_begin(&w, out, rep->json_indent, err))
		return -1;
	gs_jw_map_open(&w);
	gs_jw_kv_count(&w, "M", r->eff.m);
	gs_jw_kv_count(&w, "N", r->eff.n);
	gs_jw_kv_count(&w, "K", r->eff.k);
	gs_jw_kv_count(&w, "batch", r->eff.batch);
	gs_jw_kv_str(&w, "dtype", r->shape.dtype);
	gs_jw_kv_str(&w, "gpu", r->gpu.name);
	gs_jw_kv_str(&w, "arch", r->gpu.arch);
	if (r->have_kernel)
		gs_jw_kv_str(&w, "kernel_family", gs_kfamily_name(r->kinfo.family));
	json_quant(&w, r);
	json_roofline(&w, r);
	if (r->have_pick)
		json_cost(&w, "tile_model", &r->pick.best, "cost");
	if (r->have_actual)
		json_cost(&w, "tile_model_actual", &r->actual, "cost");
	if (r->have_wave) {
		json_cost(&w, "tile_model_wave", &r->wave, "cost_us");
		gs_jw_kv_num(&w, "tile_model_wave_cost_of_seed_pick_us", r->wave_of_seed.cost_us);
	}
	if (r->have_wave_actual)
		json_cost(&w, "tile_model_wave_actual", &r->wave_of_actual, "cost_us");
	json_occ(&w, r);
	gs_jw_gates(&w, &rep->gates);
	gs_jw_map_close(&w);
	return gs_jw_end(&w, err);
}
/* ---- gpus: JSON ------------------------------------------------------------- */

static void
json_fig(gs_jw *w, const gs_gpu *g, const char *key, const gs_fig *f)
{
	if (f->kind == GS_FIG_NONE)
		return;
	gs_jw_key(w, key);
	gs_jw_map_open(w);
	gs_jw_kv_num(w, "value", f->v);
	gs_jw_kv_str(w, "kind", gs_fig_kind_name(f->kind));
	gs_jw_kv_str(w, "tag", gs_fig_kind_tag(f->kind));
	gs_jw_kv_str(w, "source", gs_fig_source(g, f));
	gs_jw_map_close(w);
}

static void
json_fig_set(gs_jw *w, const gs_gpu *g, const char *key, const gs_fig *set)
{
	gs_jw_key(w, key);
	gs_jw_map_open(w);
	for (int i = 0; i < GS_PK_COUNT; i++)
		json_fig(w, g, gs_gpu_class_name(i), &set[i]);
	gs_jw_map_close(w);
}

static void
json_gpu_fields(gs_jw *w, const gs_gpu *g)
{
	gs_jw_kv_str(w, "name", g->name);
	gs_jw_kv_str(w, "full_name", g->full_name);
	gs_jw_kv_str(w, "arch", g->arch);
	gs_jw_kv_str(w, "family", gs_gpu_family_name(g->family));
	json_fig(w, g, "cus", &g->cus);
	json_fig(w, g, "clock_ghz", &g->clock_ghz);
	json_fig_set(w, g, "peak_tflops", g->peak);
	json_fig_set(w, g, "measured_tflops", g->meas);
	json_fig(w, g, "bandwidth_tbs", &g->bw_tbs);
	json_fig(w, g, "measured_bandwidth_tbs", &g->meas_bw_tbs);
	json_fig(w, g, "lds_per_cu_kib", &g->lds_cu_kib);
	json_fig(w, g, "lds_per_wg_kib", &g->lds_wg_kib);
	json_fig(w, g, "wave_size", &g->wave_size);
	json_fig(w, g, "regs", &g->regs);
	json_fig(w, g, "max_waves_per_simd", &g->max_waves_simd);
	json_fig(w, g, "memory_gb", &g->mem_gb);
	json_fig(w, g, "l2_mib", &g->l2_mib);
	json_fig(w, g, "llc_mib", &g->llc_mib);
	gs_jw_kv_count(w, "simds_per_cu", g->simds_per_cu);
	gs_jw_kv_str(w, "note", g->note);
}

static void
json_gpu(gs_jw *w, const gs_gpu *g)
{
	gs_jw_map_open(w);
	json_gpu_fields(w, g);
	gs_jw_map_close(w);
}

int
gs_json_gpus(const gs_report *r, FILE *out, gs_error *err)
{
	const gs_gpu *one = r->gpu;
	gs_jw w;

	if (gs_jw_begin(&w, out, r->json_indent, err))
		return -1;
	gs_jw_map_open(&w);
	if (one) {
		json_gpu_fields(&w, one);
	} else {
		gs_jw_array_open(&w, "gpus");
		for (size_t i = 0; i < r->ngpus; i++)
			json_gpu(&w, r->gpus[i]);
		gs_jw_array_close(&w);
	}
	gs_jw_gates(&w, &r->gates);
	gs_jw_map_close(&w);
	return gs_jw_end(&w, err);
}
