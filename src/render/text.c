/* text.c: the text writer, `gemmscope explain` and `gemmscope gpus`
 * without --json: "label:  value" lines whose labels are stable for
 * scripts, the GPU table, one GPU's figures.  The numbers come from the
 * explain model (analysis/explain.h) and the GPU table; nothing is
 * computed here.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "analysis/explain.h"
#include "model/gpu.h"
#include "render/report.h"

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

	line(out, "shape", "%ld x %ld x %ld %s, batch %ld%s", e->m, e->n, e->k, r->shape.dtype,
	     e->batch, r->shape.bias ? ", bias" : "");
	line(out, "blas_dims", "M %ld, N %ld (%s%s)", e->blas_m, e->blas_n,
	     e->swapped ? "swapped: row-major dims given" : "as given",
	     e->swap_checked ? "; confirmed by the grid" : "");
	line(out, "gpu", "%s (%s, %s), %d CUs [%s]", r->gpu.name, r->gpu.full_name, r->gpu.arch,
	     r->cus, gs_fig_kind_tag(r->gpu.cus.kind));
}

static void
text_kernel(const gs_explain *r, FILE *out)
{
	const gs_kernel_info *k = &r->kinfo;

	if (!r->have_kernel)
		return;
	line(out, "kernel",
	     "%s, tile %s%dx%dx%d, MI %dx%dx%d, split_k %d, stream_k %d, "
	     "persistent %d",
	     gs_kfamily_name(k->family), k->has_tile ? "" : "unknown ", k->tile_m, k->tile_n,
	     k->tile_k, k->mi_m, k->mi_n, k->mi_k, k->split_k, k->stream_k, k->persistent);
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
	line(out, "tile", "%dx%d%s%.0d (%s)", e->tile_m, e->tile_n, e->tile_k ? "x" : "", e->tile_k,
	     r->tile_source);
	line(out, "tiles", "%ld x %ld x %ld = %ld", e->tiles_m, e->tiles_n, e->batch, e->num_tiles);
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
		if (e->over_roof)
			line(out, "WARNING",
			     "above 100 %% of the roof: a wrong figure in gemmscope (the GPU, its "
			     "board or the math type), never a result");
	}
}

/* One tile's figures under LABEL; TIME: its cost is a time (the
 * wave-aware model's, µs), else a score that only ranks tiles (the seed
 * model's). */
static void
text_cost(FILE *out, const char *label, const gs_tile_cost *c, int cus, int time)
{
	line(out, label,
	     "%dx%d%s%.0d: cost %.4g%s, %ld workgroups in %ld steps on %d CUs, "
	     "work_util %.6f, dim_eff %.6f, %s-bound per iteration",
	     c->wg_m, c->wg_n, c->wg_k ? "x" : "", c->wg_k, c->cost_us, time ? " us" : " (a score)",
	     c->num_wgs, c->timesteps, cus, c->work_util, c->dim_eff,
	     c->memory_bound ? "memory" : "compute");
}

static void
text_model(const gs_explain *r, FILE *out)
{
	const gs_tile_pick *p = &r->pick;

	if (!r->have_pick) {
		line(out, "tile_model", "not available: %s", r->pick_err);
		return;
	}
	text_cost(out, "tile_model", &p->best, r->cus, 0);
	line(out, "model_seed",
	     "subgroups %d, mn tiles %d, k tiles %d, intrinsic %dx%dx%d; "
	     "%d candidates, %d over shared memory",
	     p->best.subgroups, p->best.mn_tiles, p->best.k_tiles, p->best.intr_m, p->best.intr_n,
	     p->best.intr_k, p->ncandidates, p->nrejected);
	if (r->have_actual)
		text_cost(out, "model_actual", &r->actual, r->cus, 0);
	if (!r->have_wave)
		return;
	text_cost(out, "wave_model", &r->wave, r->cus, 1);
	line(out, "wave_note",
	     "the wave-aware correction: a wave's workgroups share their A/B panels through "
	     "the cache; under it the seed's pick %dx%dx%d costs %.4g us",
	     r->wave_of_seed.wg_m, r->wave_of_seed.wg_n, r->wave_of_seed.wg_k,
	     r->wave_of_seed.cost_us);
	if (r->have_wave_actual)
		text_cost(out, "wave_actual", &r->wave_of_actual, r->cus, 1);
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
	     o->nvidia ? "warps" : "waves", o->nvidia ? "SM" : "CU", o->waves_per_simd,
	     o->wgs_per_cu, o->nvidia ? "SM" : "CU");
	line(out, "occ_limit", "%s", gs_occ_limiter_names(o, lim, sizeof lim));
}

static int
explain_text(const gs_explain *r, FILE *out)
{
	text_shape(r, out);
	text_kernel(r, out);
	text_quant(r, out);
	text_roofline(r, out);
	text_model(r, out);
	text_occ(r, out);
	return ferror(out) ? -1 : 0;
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
	const gs_fig *figs[9] = {&g->cus,
	                         &g->peak[GS_PK_BF16],
	                         &g->peak[GS_PK_F16],
	                         &g->peak[GS_PK_F8],
	                         &g->peak[GS_PK_F32],
	                         &g->bw_tbs,
	                         &g->lds_cu_kib,
	                         &g->wave_size,
	                         &g->regs};

	for (int i = 0; i < 9; i++)
		fig_cell(figs[i], c[i], sizeof c[i]);
	fprintf(out, "%-10s %-8s %-6s %-9s %-9s %-9s %-8s %-8s %-6s %-5s %s\n", g->name, g->arch,
	        c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]);
}
static int
gpus_table(const gs_gpu *const *gpus, size_t n, FILE *out)
{
	fprintf(out, "%-10s %-8s %-6s %-9s %-9s %-9s %-8s %-8s %-6s %-5s %s\n", "name", "arch",
	        "CUs", "bf16", "f16", "f8", "f32", "TB/s", "LDS/CU", "wave", "regs");
	for (size_t i = 0; i < n; i++)
		table_row(gpus[i], out);
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
static int
gpus_detail(const gs_gpu *g, FILE *out)
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

int
gs_render_text(const gs_report *r, FILE *out, gs_error *err)
{
	int rc;

	if (r->kind == GS_REPORT_EXPLAIN && r->explain)
		rc = explain_text(r->explain, out);
	else if (r->kind == GS_REPORT_GPUS)
		rc = r->gpu ? gpus_detail(r->gpu, out) : gpus_table(r->gpus, r->ngpus, out);
	else
		return gs_error_set(err, NULL, 0, 0,
		                    "the text output needs an explain or gpus report");
	return rc ? gs_error_set(err, NULL, 0, 0, "write failed") : 0;
}
