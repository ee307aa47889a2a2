/* explain.h: the explain model: one GEMM's efficiency breakdown on one GPU
 * (shape and BLAS dims, the tile and where it came from, tile and wave
 * quantisation, roofline, the tile model's pick and the cost of the tile
 * used, occupancy), computed once, held by the report model
 * (analysis/report.h, kind GS_REPORT_EXPLAIN) and formatted by the text
 * and JSON writers.  Pure computation over model/: no I/O.
 */
#ifndef GS_EXPLAIN_H
#define GS_EXPLAIN_H

#include "model/efficiency.h"
#include "model/gpu.h"
#include "model/kernel_name.h"
#include "model/occupancy.h"
#include "model/tile_model.h"
#include "table.h"
#include "util/error.h"

/* What `gemmscope explain` was asked: dims, dtype and the kernel facts
 * given.  Zero means "not given" for the tile, cus, wgs_per_cu, time_us,
 * grid; kernel is a kernel name or NULL. */
typedef struct gs_explain_in {
	long m, n, k, batch; /* dims as given (>= 1) */
	char dtype[GS_DTYPE_LEN]; /* canonical dtype (gs_dtype_normalize) */
	int bias; /* count a 1xN bias */
	int tile_m, tile_n, tile_k; /* --tile over the BLAS dims, 0: none */
	const char *kernel; /* --kernel NAME, or NULL */
	gs_swap_mode swap;
	int cus; /* CU/SM count, 0: the GPU's */
	int wgs_per_cu; /* slots per CU, 0: one */
	double time_us; /* measured time, 0: none */
	gs_roof roof;
	long grid; /* launched workgroups, 0: unknown */
	gs_occ_in occ; /* kernel resources */
	int have_occ; /* 1 if any resource was given */
} gs_explain_in;

/* The explain model.  Strings are static or inside the struct. */
typedef struct gs_explain {
	gs_gpu gpu; /* a copy of the GPU used */
	gs_shape shape; /* as given */
	gs_shape blas; /* the dims the tile lies over */
	int cus; /* CUs / SMs used: eff.cus, else the GPU's */
	gs_kernel_info kinfo; /* the parsed --kernel name */
	int have_kernel;
	gs_eff eff; /* roofline and quantisation */
	double float_tiles_m; /* blas_m / tile_m (NAN without a tile) */
	double float_tiles_n; /* blas_n / tile_n */
	gs_tile_pick pick; /* the tile model's pick */
	int have_pick;
	char pick_err[GS_ERR_MSG_LEN]; /* why there is no pick */
	gs_tile_cost actual; /* the tile model's cost of the tile used */
	int have_actual;
	/* The wave-aware correction beside the seed's model (tile_model.h):
	 * its pick, the seed's pick and the tile used, each costed by it
	 * (gs_tile_model_wave_cost); have_wave with have_pick. */
	gs_tile_cost wave, wave_of_seed, wave_of_actual;
	int have_wave, have_wave_actual;
	gs_occ occ;
	int have_occ;
	char occ_err[GS_ERR_MSG_LEN]; /* why there is no occupancy ("" if not asked) */
	const char *tile_source; /* "--tile", "kernel name", the pick's or "unknown" */
} gs_explain;

/* gs_explain_compute: fill OUT (caller-owned; any previous content is
 * overwritten) with the breakdown of IN on GPU (copied).  The tile is
 * IN's --tile, else the kernel name's, else the tile model's pick
 * (tile_model.h); occupancy only when IN->have_occ.  A missing pick or
 * occupancy is no error: their *_err say why.  Returns 0, or -1 with ERR
 * (kernel-name parser setup, or gs_eff_compute's error). */
int gs_explain_compute(const gs_explain_in *in, const gs_gpu *gpu, gs_explain *out, gs_error *err);

#endif
