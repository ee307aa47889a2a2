/* explain_out.c: text and JSON writers of `gemmscope explain` and
 * `gemmscope gpus`.  The numbers come from the explain model
 * (analysis/explain.h) and the GPU table; nothing is computed here.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "render/explain_out.h"
#include "render/jsonw.h"

/* ---- explain: text ---------------------------------------------------------- */

/* One "label:  value" line; labels are stable for scripts. */
static void line(FILE *out, const char *label, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void
line(FILE *out, const char *label, const char *fmt, ...)
{
	va_list ap;

	fprintf(out, "%s:%*s", label, (int)(15 - strlen(label)), "");
	va_start(ap, fmt);
	vfprintf(out, fmt, ap);
	va_end(ap);
	putc('\n', out);
}

static void
text_shape(const gs_explain *r, FILE *out)
{
	const gs_eff *e = &r->eff;

	line(out, "shape", "%ld x %ld x %ld %s, batch %ld%s", e->m, e->n, e->k,
	     r->shape.dtype, e->batch, r->shape.bias ? ", bias" : "");
	line(out, "blas_dims", "M %ld, N %ld (%s%s)", e->blas_m, e->blas_n,
	     e->swapped ? "swapped: row-major dims given" : "as given",
	     e->swap_checked ? "; confirmed by the grid" : "");
	line(out, "gpu", "%s (%s, %s), %d CUs [%s]", r->gpu.name, r->gpu.full_name,
	     r->gpu.arch, r->cus, gs_fig_kind_tag(r->gpu.cus.kind));
}

static void
text_kernel(const gs_explain *r, FILE *out)
{
	const gs_kernel_info *k = &r->kinfo;

	if (!r->have_kernel)
		return;
	line(out, "kernel", "%s, tile %s%dx%dx%d, MI %dx%dx%d, split_k %d, stream_k %d, "
	     "persistent %d", gs_kfamily_name(k->family), k->has_tile ? "" : "unknown ",
	     k->tile_m, k->tile_n, k->tile_k, k->mi_m, k->mi_n, k->mi_k, k->split_k,
	     k->stream_k, k->persistent);
	if (k->note)
		line(out, "kernel_note", "%s", k->note);
}

static void
text_quant(const gs_explain *r, FILE *out)
{
	const gs_eff *e = &r->eff;

	if (e->tile_m <= 0) {
		line(out, "tile", "unknown (%s)", e->note ? e->note : "no tile");
		return;
	}
	line(out, "tile", "%dx%d%s%.0d (%s)", e->tile_m, e->tile_n, e->tile_k ? "x" : "",
	     e->tile_k, r->tile_source);
	line(out, "tiles", "%ld x %ld x %ld = %ld", e->tiles_m, e->tiles_n, e->batch,
	     e->num_tiles);
	line(out, "float_tiles", "%.4f x %.4f", r->float_tiles_m, r->float_tiles_n);
	line(out, "num_tiles", "%ld", e->num_tiles);
	line(out, "other_orient", "%ld tiles", e->alt_num_tiles);
	line(out, "waves", "%ld", e->rounds);
	line(out, "float_waves", "%.4f", e->float_rounds);
	line(out, "last_wave", "%ld tiles of %ld slots (%.6f)", e->last_wave_tiles, e->slots,
	     e->last_wave_util);
	line(out, "tile_eff", "%.6f", e->tile_eff);
	line(out, "wq_eff", "%.6f", e->wq_eff);
	line(out, "dim_eff", "%.6f", e->dim_eff);
	line(out, "status", "%s", gs_eff_status_name(e->status));
	if (e->note)
		line(out, "note", "%s", e->note);
}

static const char *
bound_name(const gs_eff *e)
{
	return isnan(e->roofline_us) ? NULL : e->compute_bound ? "compute" : "memory";
}

static void
text_roofline(const gs_explain *r, FILE *out)
{
	const gs_eff *e = &r->eff;
	const char *bound = bound_name(e);

	line(out, "flop", "%.0f (%.6g GFLOP)", e->cost.flop, e->cost.flop / 1e9);
	line(out, "bytes", "%.0f", e->cost.bytes);
	line(out, "mib", "%.6f", e->cost.mib);
	line(out, "ai", "%.4f FLOP/B", e->cost.ai);
	line(out, "peak", "%.6g TFLOP/s %s [%s]", e->peak_tflops, r->shape.dtype,
	     gs_fig_kind_name(e->peak_kind));
	line(out, "bandwidth", "%.6g TB/s [%s]", e->bw_tbs, gs_fig_kind_name(e->bw_kind));
	line(out, "ridge", "%.2f FLOP/B", e->ridge);
	line(out, "attainable", "%.6g TFLOP/s", e->attainable_tflops);
	line(out, "bound", "%s (compute %.3f us, memory %.3f us)", bound ? bound : "unknown",
	     e->compute_us, e->memory_us);
	line(out, "roofline_time", "%.3f us", e->roofline_us);
	if (!isnan(e->achieved_tflops)) {
		line(out, "achieved", "%.6g TFLOP/s", e->achieved_tflops);
		line(out, "pct_roofline", "%.2f %%", e->pct_roofline);
	}
}

static void
text_cost(FILE *out, const char *label, const gs_tile_cost *c, int cus)
{
	line(out, label, "%dx%d%s%.0d: cost %.4g us, %ld workgroups in %ld steps on %d CUs, "
	     "work_util %.6f, dim_eff %.6f, %s-bound per iteration",
	     c->wg_m, c->wg_n, c->wg_k ? "x" : "", c->wg_k, c->cost_us, c->num_wgs,
	     c->timesteps, cus, c->work_util, c->dim_eff, c->memory_bound ? "memory" : "compute");
}

static void
text_model(const gs_explain *r, FILE *out)
{
	const gs_tile_pick *p = &r->pick;

	if (!r->have_pick) {
		line(out, "tile_model", "not available: %s", r->pick_err);
		return;
	}
	text_cost(out, "tile_model", &p->best, r->cus);
	line(out, "model_seed", "subgroups %d, mn tiles %d, k tiles %d, intrinsic %dx%dx%d; "
	     "%d candidates, %d over shared memory",
	     p->best.subgroups, p->best.mn_tiles, p->best.k_tiles, p->best.intr_m,
	     p->best.intr_n, p->best.intr_k, p->ncandidates, p->nrejected);
	if (r->have_actual)
		text_cost(out, "model_actual", &r->actual, r->cus);
}

static void
text_occ(const gs_explain *r, FILE *out)
{
	const gs_occ *o = &r->occ;
	char lim[96];

	if (!r->have_occ) {
		if (r->occ_err[0])
			line(out, "occupancy", "not available: %s", r->occ_err);
		return;
	}
	line(out, "occupancy", "%.2f %% (%d of %d %s per %s, %.2f per SIMD; %d workgroups per %s)",
	     o->occupancy * 100, o->waves_per_cu, o->max_waves_per_cu,
	     o->nvidia ? "warps" : "waves", o->nvidia ? "SM" : "CU",
	     o->waves_per_simd, o->wgs_per_cu, o->nvidia ? "SM" : "CU");
	line(out, "occ_limit", "%s", gs_occ_limiter_names(o, lim, sizeof lim));
}

int
gs_explain_write_text(const gs_explain *r, FILE *out)
{
	text_shape(r, out);
	text_kernel(r, out);
	text_quant(r, out);
	text_roofline(r, out);
	text_model(r, out);
	text_occ(r, out);
	return ferror(out) ? -1 : 0;
}

/* ---- explain: JSON ---------------------------------------------------------- */

static void
json_cost(gs_jw *w, const char *key, const gs_tile_cost *c)
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
	gs_jw_kv_num(w, "cost_us", c->cost_us);
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
gs_explain_write_json(const gs_explain *r, FILE *out, gs_error *err)
{
	gs_jw w;

	if (gs_jw_begin(&w, out, err))
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
		json_cost(&w, "tile_model", &r->pick.best);
	if (r->have_actual)
		json_cost(&w, "tile_model_actual", &r->actual);
	json_occ(&w, r);
	gs_jw_map_close(&w);
	return gs_jw_end(&w, err);
}

/* ---- gpus: text ------------------------------------------------------------- */

static void
fig_cell(const gs_fig *f, char *buf, size_t size)
{
	if (f->kind == GS_FIG_NONE)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%.6g%s", f->v, gs_fig_kind_tag(f->kind));
}

static void
table_row(const gs_gpu *g, FILE *out)
{
	char c[9][24];
	const gs_fig *figs[9] = {
		&g->cus, &g->peak[GS_PK_BF16], &g->peak[GS_PK_F16], &g->peak[GS_PK_F8],
		&g->peak[GS_PK_F32], &g->bw_tbs, &g->lds_cu_kib, &g->wave_size, &g->regs
	};

	for (int i = 0; i < 9; i++)
		fig_cell(figs[i], c[i], sizeof c[i]);
	fprintf(out, "%-10s %-8s %-6s %-9s %-9s %-9s %-8s %-8s %-6s %-5s %s\n", g->name,
	        g->arch, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]);
}

int
gs_gpus_write_table(FILE *out)
{
	fprintf(out, "%-10s %-8s %-6s %-9s %-9s %-9s %-8s %-8s %-6s %-5s %s\n", "name", "arch",
	        "CUs", "bf16", "f16", "f8", "f32", "TB/s", "LDS/CU", "wave", "regs");
	for (size_t i = 0; i < gs_gpu_count(); i++)
		table_row(gs_gpu_at(i), out);
	fprintf(out, "TFLOP/s dense; LDS in KiB.  P vendor peak, P* vendor peak (third-party "
	        "page), D derived, M measured, T third-party.\n"
	        "gemmscope gpus NAME lists every figure with its source.\n");
	return ferror(out) ? -1 : 0;
}

static void
detail_fig(const gs_gpu *g, const char *label, const gs_fig *f, FILE *out)
{
	if (f->kind == GS_FIG_NONE)
		return;
	fprintf(out, "%-24s %-10.6g %-32s %s\n", label, f->v, gs_fig_kind_name(f->kind),
	        gs_fig_source(g, f));
}

int
gs_gpus_write_detail(const gs_gpu *g, FILE *out)
{
	char label[48];

	fprintf(out, "%s: %s, %s (%s)\n", g->name, g->full_name, g->arch,
	        gs_gpu_family_name(g->family));
	detail_fig(g, "cus", &g->cus, out);
	detail_fig(g, "clock_ghz", &g->clock_ghz, out);
	for (int i = 0; i < GS_PK_COUNT; i++) {
		snprintf(label, sizeof label, "peak_tflops.%s", gs_gpu_class_name(i));
		detail_fig(g, label, &g->peak[i], out);
		snprintf(label, sizeof label, "measured_tflops.%s", gs_gpu_class_name(i));
		detail_fig(g, label, &g->meas[i], out);
	}
	detail_fig(g, "bandwidth_tbs", &g->bw_tbs, out);
	detail_fig(g, "measured_bandwidth_tbs", &g->meas_bw_tbs, out);
	detail_fig(g, "lds_per_cu_kib", &g->lds_cu_kib, out);
	detail_fig(g, "lds_per_wg_kib", &g->lds_wg_kib, out);
	detail_fig(g, "wave_size", &g->wave_size, out);
	detail_fig(g, "regs", &g->regs, out);
	detail_fig(g, "max_waves_per_simd", &g->max_waves_simd, out);
	detail_fig(g, "memory_gb", &g->mem_gb, out);
	detail_fig(g, "l2_mib", &g->l2_mib, out);
	detail_fig(g, "llc_mib", &g->llc_mib, out);
	fprintf(out, "%-24s %d\n", "simds_per_cu", g->simds_per_cu);
	if (g->note)
		fprintf(out, "note: %s\n", g->note);
	return ferror(out) ? -1 : 0;
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
json_gpu(gs_jw *w, const gs_gpu *g)
{
	gs_jw_map_open(w);
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
	gs_jw_map_close(w);
}

int
gs_gpus_write_json(const gs_gpu *one, FILE *out, gs_error *err)
{
	gs_jw w;

	if (gs_jw_begin(&w, out, err))
		return -1;
	if (one) {
		json_gpu(&w, one);
	} else {
		gs_jw_map_open(&w);
		gs_jw_array_open(&w, "gpus");
		for (size_t i = 0; i < gs_gpu_count(); i++)
			json_gpu(&w, gs_gpu_at(i));
		gs_jw_array_close(&w);
		gs_jw_map_close(&w);
	}
	return gs_jw_end(&w, err);
}
