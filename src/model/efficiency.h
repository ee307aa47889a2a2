/* efficiency.h: why one GEMM runs below peak on one GPU: the roofline
 * (efficiency.md §1) and tile / wave quantisation (§2–6, the TraceLens
 * seed's tile_eff, wq_eff, dim_eff) with the BLAS column-major M/N swap
 * (§5).  Pure computation.
 */
#ifndef GS_EFFICIENCY_H
#define GS_EFFICIENCY_H

#include "model/gemm.h"
#include "model/gpu.h"
#include "model/kernel_name.h"
#include "model/shape.h"

/* Whether the kernel's tile lies over the dims as given or swapped. */
typedef enum gs_swap_mode {
	GS_SWAP_AUTO, /* swap a framework op's shape (shape.op set, e.g. aten::mm) run
	                   by a column-major BLAS family, or by an unknown one; keep a
	                   benchmark's BLAS dims (shape.op empty) as they are */
	GS_SWAP_ON, /* the dims are row-major framework dims: BLAS M = N, BLAS N = M */
	GS_SWAP_OFF /* the dims are what the kernel sees */
} gs_swap_mode;

typedef struct gs_eff_opts {
	gs_swap_mode swap;
	gs_roof roof; /* roofline roof: vendor peak or measured */
	int cus; /* CU/SM count from the input (trace numSms...), 0: the GPU's */
	int wgs_per_cu; /* occupancy-aware slots: workgroups resident per CU
	                           (efficiency.md §3), 0 or 1: one per CU as the seed */
} gs_eff_opts;

/* What a shape's kernel is known to be; zero-initialise and fill what the
 * input gives. */
typedef struct gs_eff_in {
	const gs_shape *shape; /* required */
	double time_us; /* measured time (median), 0 if none */
	int tile_m, tile_n, tile_k; /* macro tile over the BLAS dims, 0 unknown */
	const gs_kernel_info *kernel; /* parsed name (tile used when tile_m is 0), or NULL */
	long workgroups; /* launched workgroups (grid / block), 0 unknown */
	const char *math_dtype; /* the type the kernel computes in when it differs
	                                   from the storage dtype ("tf32" for fp32 on
	                                   tensor cores: gs_kernel_math_dtype), or NULL:
	                                   the roof is taken for this type */
} gs_eff_in;

/* How far the quantisation model applies to the kernel. */
typedef enum gs_eff_status {
	GS_EFF_OK, /* data-parallel: every number is meaningful */
	GS_EFF_NO_TILE, /* tile unknown: tile_eff, wq_eff, dim_eff are NAN */
	GS_EFF_SPLIT_K, /* split-K: tile_eff kept; wq_eff and dim_eff over the
	                           tiles x splits workgroups when the split is
	                           known (the grid, or Tensile's GSU<n>), else NAN */
	GS_EFF_STREAM_K, /* Stream-K: tile_eff kept, wq_eff and dim_eff NAN */
	GS_EFF_PERSISTENT, /* persistent kernel: wq_eff assumes one tile per CU per
	                           wave and is approximate */
	GS_EFF_GRID_MISMATCH, /* the grid matches neither tile count, nor a
	                           multiple of it, nor (CUTLASS 2.x) a swizzled
	                           grid of it: non-data-parallel; wq_eff and
	                           dim_eff NAN */
	GS_EFF_NO_DIMS /* keyed by kernel name (a profiler's per-kernel table): the
	                           tile is the name's, everything that needs M, N,
	                           K is NAN */
} gs_eff_status;

typedef struct gs_eff {
	/* shape */
	long m, n, k, batch; /* as given */
	long blas_m, blas_n; /* the dims the tile lies over */
	int swapped; /* 1 if blas_m = n, blas_n = m */
	int swap_checked; /* 1 if the grid confirmed the orientation */
	/* FLOP and bytes (gemm.h) */
	gs_gemm cost;
	/* roofline (efficiency.md §1.2); NAN where the GPU lacks a figure */
	double peak_tflops; /* the roof used, TFLOP/s */
	gs_fig_kind peak_kind;
	double bw_tbs; /* TB/s */
	gs_fig_kind bw_kind;
	double ridge; /* peak / bw, FLOP/B */
	double attainable_tflops; /* min(peak, AI·bw) */
	double compute_us, memory_us; /* flop / peak, bytes / bw */
	double roofline_us; /* max of the two */
	int compute_bound; /* 1 if compute_us >= memory_us */
	double achieved_tflops; /* flop / time, NAN without a time */
	double pct_roofline; /* roofline_us / time · 100 = achieved / attainable */
	const char *math_dtype; /* the dtype whose roof was used (in->math_dtype,
	                                   else the storage dtype); borrowed */
	int over_roof; /* 1 if pct_roofline > 100: faster than the roof
	                                   of its math allows, so a figure or the math
	                                   type is wrong (a bug to flag, never a result) */
	/* quantisation (efficiency.md §2–4) */
	int tile_m, tile_n, tile_k; /* 0 unknown */
	long tiles_m, tiles_n; /* ceil(blas_m / tile_m), ceil(blas_n / tile_n) */
	long num_tiles; /* tiles_m · tiles_n · batch */
	int cus; /* CUs / SMs used */
	long slots; /* cus · workgroups per CU */
	double float_rounds; /* num_tiles / slots */
	long rounds; /* waves: ceil(num_tiles / slots) */
	long last_wave_tiles; /* tiles in the last wave */
	double last_wave_util; /* last_wave_tiles / slots */
	double tile_eff; /* M·N / (M_pad·N_pad) */
	double wq_eff; /* num_tiles / (rounds · slots) */
	double dim_eff; /* tile_eff · wq_eff */
	long alt_num_tiles; /* the tile count of the other orientation */
	long splits; /* workgroups per tile: 1 data-parallel, S > 1 split-K
	                           (from the grid, or Tensile's GSU<n> without
	                           one), 0 a split of unknown factor; rounds,
	                           last wave and wq_eff count tiles x splits */
	gs_eff_status status;
	const char *note; /* static sentence for the status, or NULL */
} gs_eff;

/* gs_eff_opts_default: swap auto, peak roof, the GPU's CU count, one
 * workgroup per CU. */
void gs_eff_opts_default(gs_eff_opts *o);

/* gs_eff_compute: the efficiency breakdown of IN on GPU with options O
 * (NULL: defaults) into OUT.
 *
 * Tile: IN's tile_m/tile_n, else IN->kernel's.  Orientation: O->swap; in
 * AUTO mode a known workgroup count picks the orientation whose tile
 * count it equals, else one it is an integer multiple of (split-K, the
 * multiple being the splits; efficiency.md §5 rule, §6); a CUTLASS 2.x
 * kernel's grid may also be its identity swizzle of the tiles (TA · 2^L x
 * ceil(TB / 2^L), L up to 3: CUTLASS threadblock_swizzle.h), whose extra
 * workgroups exit at once.  Split-K kernels get wq_eff/dim_eff over their
 * tiles x splits workgroups when the split is known (the grid, or a
 * Tensile GSU<n> without a grid), else NAN; Stream-K kernels keep tile_eff
 * and get NAN wq_eff/dim_eff; persistent kernels get an approximate
 * wq_eff (status says which).  Without a tile the roofline is still
 * computed.
 * Limits: the tile count ceil(M/tile_m)·ceil(N/tile_n)·batch of either
 * orientation must not exceed GS_COUNT_MAX = 2^53 (util/checked.h: exact
 * in double); the roofline alone (no tile) has no limit beyond a long.
 * Returns 0, or -1 with ERR if the shape has a dimension < 1 or its tile
 * count exceeds the limit (OUT is then partly filled and must not be
 * shown). */
int gs_eff_compute(const gs_eff_in *in, const gs_gpu *gpu, const gs_eff_opts *o, gs_eff *out,
                   gs_error *err);

/* gs_eff_kernel_only: the efficiency of a record keyed by kernel name,
 * with no M, N, K (a rocprof per-kernel table: one kernel runs many
 * shapes), into OUT: KERNEL's macro tile (NULL or no tile: none), status
 * GS_EFF_NO_DIMS with a note saying why, every figure that needs the
 * dims NAN (FLOP, bytes, roofline, tile_eff, wq_eff, dim_eff) and every
 * count 0.  Returns 1 if the tile is known, else 0. */
int gs_eff_kernel_only(const gs_kernel_info *kernel, gs_eff *out);

/* gs_eff_in_from_record: IN for record R (borrowed, must outlive IN): its
 * shape, median time (µs), the tile of an input column
 * (gs_launch_of(r)->tile_m/n/k) and the launched workgroups; KERNEL (may be
 * NULL) is the caller's gs_kparser_parse of r->kernel. */
void gs_eff_in_from_record(const gs_record *r, const gs_kernel_info *kernel, gs_eff_in *in);

/* gs_eff_blas_shape: S with M and N replaced by E's BLAS dims (what the
 * tile lies over), into OUT: the shape to give the tile model. */
void gs_eff_blas_shape(const gs_eff *e, const gs_shape *s, gs_shape *out);

/* gs_eff_status_name: "ok", "no-tile", "split-k", "stream-k",
 * "persistent", "grid-mismatch", "no-dims". */
const char *gs_eff_status_name(gs_eff_status s);

#endif
