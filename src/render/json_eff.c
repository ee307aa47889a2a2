/* json_eff.c: the efficiency objects of the JSON output (json.c's
 * layout comment lists their fields): a shape's roofline, tiles, waves,
 * tile model and occupancy, each side's GPU, and a pair's explanation,
 * from the efficiency rows (analysis/single.h), the whole model computed
 * again for the shapes that have a tile or a GPU (json_eff_impl.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/single.h"
#include "render/json_eff_impl.h"
#include "render/jsonw.h"
#include "render/writer_impl.h"

/* ---- efficiency (analysis/single.h) */

/* A positive dimension, else null. */
static void
kv_dim(gs_jw *w, const char *k, long v)
{
	if (v > 0)
		gs_jw_kv_count(w, k, v);
	else
		gs_jw_kv_str(w, k, NULL);
}

void
gs_json_gpu(gs_jw *w, const char *k, const gs_single *s)
{
	const gs_gpu *g = s ? s->gpu : NULL;

	gs_jw_key(w, k);
	if (!g) {
		gs_jw_str(w, NULL);
		return;
	}
	gs_jw_map_open(w);
	gs_jw_kv_str(w, "name", g->name);
	gs_jw_kv_str(w, "full_name", g->full_name);
	gs_jw_kv_str(w, "arch", g->arch);
	gs_jw_kv_count(w, "cus", s->cus);
	gs_jw_kv_bool(w, "cus_from_input", s->cus_from_input);
	gs_jw_kv_str(w, "from", s->opts.gpu_from);
	gs_jw_kv_str(w, "variant_why", s->opts.gpu_why);
	gs_jw_kv_str(w, "roof", s->opts.roof == GS_ROOF_PEAK ? "peak" : "measured");
	gs_jw_kv_num(w, "bw_tbs", s->roof_bw_tbs);
	gs_jw_kv_count(w, "over_roof", (long long)s->s.over_roof);
	gs_jw_map_close(w);
}

static void
eff_cost(gs_jw *w, const gs_eff *e)
{
	gs_jw_kv_num(w, "gflop", e->cost.flop / 1e9);
	gs_jw_kv_num(w, "mib", e->cost.mib);
	gs_jw_kv_num(w, "flops_per_byte", e->cost.ai);
	gs_jw_kv_num(w, "tflops", e->achieved_tflops);
}

static void
eff_tiles(gs_jw *w, const gs_single_row *row, const gs_eff *e)
{
	gs_jw_kv_str(w, "tile_source", gs_tile_source_name(row->tile_source));
	kv_dim(w, "tile_m", e->tile_m);
	kv_dim(w, "tile_n", e->tile_n);
	kv_dim(w, "tile_k", e->tile_k);
	gs_jw_kv_count(w, "blas_m", e->blas_m);
	gs_jw_kv_count(w, "blas_n", e->blas_n);
	gs_jw_kv_bool(w, "swapped", e->swapped);
	gs_jw_kv_bool(w, "swap_checked", e->swap_checked);
	kv_dim(w, "num_tiles", e->tile_m > 0 ? e->num_tiles : 0);
	kv_dim(w, "cus", e->cus);
	kv_dim(w, "waves", e->rounds);
	kv_dim(w, "last_wave_tiles", e->rounds > 0 ? e->last_wave_tiles : 0);
	gs_jw_kv_num(w, "last_wave_util", e->rounds > 0 ? e->last_wave_util : NAN);
	gs_jw_kv_num(w, "tile_eff", e->tile_eff);
	gs_jw_kv_num(w, "wq_eff", e->wq_eff);
	gs_jw_kv_num(w, "dim_eff", e->dim_eff);
	gs_jw_kv_str(w, "status", gs_eff_status_name(e->status));
	gs_jw_kv_str(w, "note", e->note);
}

static void
eff_roofline(gs_jw *w, const gs_eff *e)
{
	int known = isfinite(e->roofline_us);

	gs_jw_kv_num(w, "peak_tflops", e->peak_tflops);
	gs_jw_kv_num(w, "bw_tbs", e->bw_tbs);
	gs_jw_kv_num(w, "ridge", e->ridge);
	gs_jw_kv_num(w, "attainable_tflops", e->attainable_tflops);
	gs_jw_kv_num(w, "roofline_us", e->roofline_us);
	gs_jw_kv_str(w, "bound", !known ? NULL : e->compute_bound ? "compute" : "memory");
	gs_jw_kv_num(w, "pct_roofline", e->pct_roofline);
	gs_jw_kv_bool(w, "over_roof", e->over_roof);
}

static void
eff_model(gs_jw *w, const gs_single_row *row)
{
	const gs_tile_cost *b;

	gs_jw_key(w, "tile_model");
	if (!row->have_pick) {
		gs_jw_str(w, NULL);
		return;
	}
	b = &row->detail->pick.best;
	gs_jw_map_open(w);
	gs_jw_kv_count(w, "tile_m", b->wg_m);
	gs_jw_kv_count(w, "tile_n", b->wg_n);
	gs_jw_kv_count(w, "tile_k", b->wg_k);
	gs_jw_kv_num(w, "dim_eff", b->dim_eff);
	gs_jw_kv_num(w, "cost", b->cost_us);
	gs_jw_kv_num(w, "kernel_tile_cost",
	             row->have_actual ? row->detail->x->actual.cost_us : NAN);
	gs_jw_kv_count(w, "candidates", row->detail->pick.ncandidates);
	gs_jw_kv_count(w, "rejected", row->detail->pick.nrejected);
	gs_json_tile_wave(w, &row->detail->pick.wave);
	gs_jw_map_close(w);
}

static void
eff_occupancy(gs_jw *w, const gs_single_row *row)
{
	const gs_occ *o;
	char lim[96];

	gs_jw_key(w, "occupancy");
	if (!row->have_occ) {
		gs_jw_str(w, NULL);
		return;
	}
	o = &row->detail->x->occ;
	gs_jw_map_open(w);
	gs_jw_kv_num(w, "occupancy", o->occupancy);
	gs_jw_kv_count(w, "waves_per_cu", o->waves_per_cu);
	gs_jw_kv_count(w, "max_waves_per_cu", o->max_waves_per_cu);
	gs_jw_kv_count(w, "workgroups_per_cu", o->wgs_per_cu);
	gs_jw_kv_str(w, "limiter", gs_occ_limiter_names(o, lim, sizeof lim));
	gs_jw_map_close(w);
}

/* The efficiency object of ROW under key K (null without a row; without
 * M/N/K only kernel_family and occupancy). */
void
gs_json_efficiency(gs_jw *w, const char *k, const gs_single *s, const gs_single_row *row)
{
	gs_eff eff;
	const gs_eff *e;

	gs_jw_key(w, k);
	if (!row) {
		gs_jw_str(w, NULL);
		return;
	}
	gs_jw_map_open(w);
	if ((e = gs_single_eff(s, row, &eff))) {
		eff_cost(w, e);
		eff_tiles(w, row, e);
		eff_roofline(w, e);
		eff_model(w, row);
	}
	gs_jw_kv_str(w, "kernel_family", gs_single_kernel_family(row));
	eff_occupancy(w, row);
	gs_jw_map_close(w);
}

/* Pair I's efficiency, both sides and the model's reading of the pair. */
/* 1 if ROW tells more than the shape itself does: a macro tile or a
 * roofline (a GPU). */
static int
efficiency_known(const gs_single *s, const gs_single_row *row)
{
	return row && row->have_eff &&
	       (gs_single_tile_of(row)->tile_m > 0 ||
	        (s->gpu && isfinite(gs_single_roof_tflops(s, row))));
}

/* The pair's efficiency, written only where a tile or a GPU is known on
 * either side: without them every field but FLOP, bytes and TFLOP/s (the
 * CSV's gflop, mib, flops_per_byte, tflops) is null, and at a million
 * shapes those nulls were two thirds of the JSON. */
void
gs_json_efficiency_pair(gs_jw *w, const gs_report *r, size_t i)
{
	const gs_pair *p = &r->cmp->pairs[i];
	const gs_single_row *b, *c;
	char why[GS_REPORT_EXPLAIN_MAX];

	if (!r->eff_base || !r->eff_cand)
		return;
	b = gs_single_row_of(r->eff_base, p->base);
	c = gs_single_row_of(r->eff_cand, p->cand);
	if (!efficiency_known(r->eff_base, b) && !efficiency_known(r->eff_cand, c))
		return;
	gs_jw_key(w, "efficiency");
	gs_jw_map_open(w);
	gs_json_efficiency(w, "baseline", r->eff_base, b);
	gs_json_efficiency(w, "candidate", r->eff_cand, c);
	gs_jw_map_close(w);
	gs_jw_kv_str(w, "explanation", gs_report_explain(r, i, why, sizeof why));
}
