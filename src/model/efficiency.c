/* efficiency.c: roofline and tile / wave quantisation of one GEMM.
 * Formulas: reference/efficiency.md §1.2 (roofline, as TraceLens
 * TreePerf compute_perf_metrics), §2–4 (tile_eff, wq_eff, dim_eff, the
 * TraceLens seed document), §5 (BLAS M/N swap and the grid check), §6
 * (split-K, Stream-K).
 */
#include <math.h>
#include <string.h>

#include "model/efficiency.h"
#include "util/checked.h"

void
gs_eff_opts_default(gs_eff_opts *o)
{
	memset(o, 0, sizeof *o);
	o->swap = GS_SWAP_AUTO;
	o->roof = GS_ROOF_PEAK;
}

const char *
gs_eff_status_name(gs_eff_status s)
{
	static const char *const names[] = {"ok",         "no-tile",       "split-k", "stream-k",
	                                    "persistent", "grid-mismatch", "no-dims"};

	return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "?";
}

void
gs_eff_in_from_record(const gs_record *r, const gs_kernel_info *kernel, gs_eff_in *in)
{
	memset(in, 0, sizeof *in);
	in->shape = &r->shape;
	in->time_us = r->t.median;
	in->tile_m = gs_launch_of(r)->tile_m;
	in->tile_n = gs_launch_of(r)->tile_n;
	in->tile_k = gs_launch_of(r)->tile_k;
	in->kernel = kernel;
	in->workgroups = gs_launch_of(r)->workgroups;
}

void
gs_eff_blas_shape(const gs_eff *e, const gs_shape *s, gs_shape *out)
{
	*out = *s;
	out->M = e->blas_m;
	out->N = e->blas_n;
}

/* ---- roofline --------------------------------------------------------- */

static void
roofline(const gs_eff_in *in, const gs_gpu *gpu, gs_roof roof, gs_eff *e)
{
	const gs_fig *pf = NULL, *bf = NULL;
	double flop = e->cost.flop, bytes = e->cost.bytes;

	e->math_dtype = in->math_dtype && *in->math_dtype ? in->math_dtype : in->shape->dtype;
	e->peak_tflops = gpu ? gs_gpu_roof_tflops(gpu, e->math_dtype, roof, &pf) : NAN;
	e->bw_tbs = gpu ? gs_gpu_roof_bw(gpu, roof, &bf) : NAN;
	e->peak_kind = pf ? pf->kind : GS_FIG_NONE;
	e->bw_kind = bf ? bf->kind : GS_FIG_NONE;
	e->ridge = e->peak_tflops / e->bw_tbs;
	e->attainable_tflops = fmin(e->peak_tflops, e->cost.ai * e->bw_tbs);
	if (isnan(e->cost.ai) || isnan(e->bw_tbs))
		e->attainable_tflops = NAN;
	e->compute_us = flop / (e->peak_tflops * 1e12) * 1e6;
	e->memory_us = bytes / (e->bw_tbs * 1e12) * 1e6;
	e->roofline_us = fmax(e->compute_us, e->memory_us);
	if (isnan(e->compute_us) || isnan(e->memory_us))
		e->roofline_us = NAN;
	e->compute_bound = e->compute_us >= e->memory_us;
	e->achieved_tflops = gs_gemm_tflops(flop, in->time_us);
	e->pct_roofline = isnan(e->achieved_tflops) ? NAN : e->roofline_us / in->time_us * 100.0;
	e->over_roof = e->pct_roofline > 100.0 * (1 + 1e-9);
}

/* ---- orientation (§5) ----------------------------------------------------- */

/* ceil(BM / tile_m) · ceil(BN / tile_n) · batch into *OUT; -1 if it
 * exceeds GS_COUNT_MAX (or a long). */
static int
tile_count_checked(long bm, long bn, const gs_eff *e, long *out)
{
	if (gs_mul_long3(gs_ceil_div(bm, e->tile_m), gs_ceil_div(bn, e->tile_n), e->batch, out) ||
	    *out > GS_COUNT_MAX)
		return -1;
	return 0;
}

/* The tile count of one orientation; call after check_counts. */
static long
tile_count(long bm, long bn, const gs_eff *e)
{
	long c = 0;

	tile_count_checked(bm, bn, e, &c);
	return c;
}

/* Both orientations' tile counts within GS_COUNT_MAX, or -1 with ERR. */
static int
check_counts(const gs_eff *e, gs_error *err)
{
	long c;

	if (tile_count_checked(e->blas_m, e->blas_n, e, &c) == 0 &&
	    tile_count_checked(e->blas_n, e->blas_m, e, &c) == 0)
		return 0;
	return gs_error_set(err, NULL, 0, 0,
	                    "the tile count of %ldx%ld (tile %dx%d, batch %ld) exceeds "
	                    "2^53, the limit of the efficiency model",
	                    e->m, e->n, e->tile_m, e->tile_n, e->batch);
}

static int
default_swap(const gs_eff_in *in, gs_swap_mode mode)
{
	const gs_kernel_info *k = in->kernel;

	if (mode != GS_SWAP_AUTO)
		return mode == GS_SWAP_ON;
	if (!in->shape->op[0])
		return 0; /* benchmark CSVs give BLAS dims */
	if (k && k->family != GS_KF_UNKNOWN && !gs_kfamily_blas(k->family))
		return 0; /* CK, aiter, CUTLASS 3, Triton: row-major callers */
	return 1;
}

static void
set_orientation(gs_eff *e, int swap)
{
	e->swapped = swap;
	e->blas_m = swap ? e->n : e->m;
	e->blas_n = swap ? e->m : e->n;
}

/* The largest log tile a CUTLASS 2.x identity swizzle takes for TB tiles
 * along its second dimension (GemmIdentityThreadblockSwizzle<N>::
 * get_log_tile with N = 8, the largest: 3 from 6 tiles, 2 from 3, 1 from
 * 2); a smaller N takes a smaller one. */
static int
swizzle_max_log(long tb)
{
	return tb >= 6 ? 3 : tb >= 3 ? 2 : tb >= 2 ? 1 : 0;
}

/* The split factor S >= 1 of a grid of WG workgroups over the tiles of
 * BM x BN: WG = P · batch · S, P the tile count or, when SWIZZLED, the
 * workgroups of a CUTLASS 2.x identity-swizzled grid of it (TA · 2^L x
 * ceil(TB / 2^L), either dimension as TA: threadblock_swizzle.h
 * get_grid_shape; the workgroups past the tiles exit at once).  The
 * smallest such S, 0 if none. */
static long
grid_splits(const gs_eff *e, long bm, long bn, long wg, int swizzled)
{
	long t[2] = {gs_ceil_div(bm, e->tile_m), gs_ceil_div(bn, e->tile_n)};
	long best = 0;

	for (int o = 0; o < (swizzled ? 2 : 1); o++) {
		long ta = t[o], tb = t[1 - o];
		for (int l = 0; l <= (swizzled ? swizzle_max_log(tb) : 0); l++) {
			long p;
			if (gs_mul_long3(ta << l, gs_ceil_div(tb, 1L << l), e->batch, &p) ||
			    p <= 0 || wg % p != 0)
				continue;
			if (!best || wg / p < best)
				best = wg / p;
		}
	}
	return best;
}

/* Compare the launched workgroups with both orientations' tile counts
 * (a CUTLASS 2.x grid may be swizzled, a split-K one a multiple): may flip
 * the orientation (AUTO, preferring a grid of one workgroup per tile), sets
 * splits and, for a split or a mismatch, the status. */
static void
grid_check(const gs_eff_in *in, gs_swap_mode mode, gs_eff *e)
{
	long wg = in->workgroups, tiles;
	int sw = in->kernel && in->kernel->family == GS_KF_CUTLASS2;
	long mine = grid_splits(e, e->blas_m, e->blas_n, wg, sw);
	long other = mode == GS_SWAP_AUTO ? grid_splits(e, e->blas_n, e->blas_m, wg, sw) : 0;

	if ((mine != 1 && other == 1) || (mine == 0 && other > 1)) {
		set_orientation(e, !e->swapped);
		mine = other;
	}
	if (mine == 0) {
		e->status = GS_EFF_GRID_MISMATCH;
		e->note =
		        "the grid matches neither tile count: non-data-parallel; wave quantisation not modelled";
		return;
	}
	e->splits = mine;
	e->swap_checked = mine == 1;
	tiles = tile_count(e->blas_m, e->blas_n, e);
	if (mine > 1) {
		e->status = GS_EFF_SPLIT_K;
		e->note =
		        "the grid is a multiple of the tile count: split-K; waves counted over its "
		        "workgroups (tiles x splits)";
	} else if (e->status == GS_EFF_SPLIT_K) { /* the name's split is 1 in this launch */
		e->status = GS_EFF_OK;
		e->note = NULL;
	}
	if (wg != tiles * mine && e->status != GS_EFF_SPLIT_K)
		e->note =
		        "a CUTLASS swizzled grid: the workgroups past the tiles exit at once; waves "
		        "counted over the tiles";
}

/* ---- quantisation (§2–4, §6) ------------------------------------------------ */

static void
kernel_status(const gs_kernel_info *k, gs_eff *e)
{
	if (!k)
		return;
	if (k->stream_k > 0) {
		e->status = GS_EFF_STREAM_K;
		e->note =
		        "Stream-K kernel: the grid is sized from the CU count; wave quantisation not applicable";
	} else if (k->split_k) {
		e->status = GS_EFF_SPLIT_K;
		e->splits = k->gsu > 1 ? k->gsu : 0;
		e->note =
		        e->splits
		                ? "split-K kernel (GlobalSplitU): waves counted over its GSU x "
		                  "tiles workgroups"
		                : "split-K kernel of unknown split: wave quantisation not modelled";
	} else if (k->persistent) {
		e->status = GS_EFF_PERSISTENT;
		e->note =
		        "persistent kernel: wq_eff assumes one tile per CU per wave and is approximate";
	}
}

static void
quantise(const gs_eff_opts *o, const gs_gpu *gpu, gs_eff *e)
{
	double pad_m, pad_n;
	long work;

	e->tiles_m = gs_ceil_div(e->blas_m, e->tile_m);
	e->tiles_n = gs_ceil_div(e->blas_n, e->tile_n);
	e->num_tiles = tile_count(e->blas_m, e->blas_n, e);
	e->alt_num_tiles = tile_count(e->blas_n, e->blas_m, e);
	pad_m = (double)e->tiles_m * e->tile_m; /* double: may exceed a long */
	pad_n = (double)e->tiles_n * e->tile_n;
	e->tile_eff = ((double)e->blas_m * e->blas_n) / (pad_m * pad_n);
	e->cus = o->cus > 0 ? o->cus : gpu ? (int)gpu->cus.v : 0;
	if (e->cus <= 0)
		return;
	/* the workgroups that work: a tile each, or a tile's K share each
	   when split (efficiency.md §6: workgroups = GSU · tiles) */
	if (gs_mul_long3(e->num_tiles, e->splits > 1 ? e->splits : 1, 1, &work) != 0) {
		e->splits = 0; /* beyond a long: not modelled */
		work = e->num_tiles;
	}
	e->slots = (long)e->cus * (o->wgs_per_cu > 1 ? o->wgs_per_cu : 1);
	e->float_rounds = (double)work / e->slots;
	e->rounds = gs_ceil_div(work, e->slots);
	e->last_wave_tiles = work - (e->rounds - 1) * e->slots;
	e->last_wave_util = (double)e->last_wave_tiles / e->slots;
	if (e->status == GS_EFF_OK || e->status == GS_EFF_PERSISTENT ||
	    (e->status == GS_EFF_SPLIT_K && e->splits > 0)) {
		e->wq_eff = (double)work / ((double)e->rounds * e->slots);
		e->dim_eff = e->tile_eff * e->wq_eff;
	}
}

static void
eff_init(const gs_shape *s, gs_eff *e)
{
	memset(e, 0, sizeof *e);
	e->m = s->M;
	e->n = s->N;
	e->k = s->K;
	e->batch = s->batch;
	e->tile_eff = e->wq_eff = e->dim_eff = NAN;
	e->float_rounds = e->last_wave_util = NAN;
	e->splits = 1;
}

int
gs_eff_kernel_only(const gs_kernel_info *kernel, gs_eff *out)
{
	gs_shape none;

	gs_shape_init(&none);
	eff_init(&none, out);
	out->m = out->n = out->k = out->batch = 0;
	out->cost.flop = out->cost.bytes = out->cost.mib = out->cost.ai = NAN;
	out->peak_tflops = out->bw_tbs = out->ridge = out->attainable_tflops = NAN;
	out->compute_us = out->memory_us = out->roofline_us = NAN;
	out->achieved_tflops = out->pct_roofline = NAN;
	out->status = GS_EFF_NO_DIMS;
	out->note = "keyed by kernel name: the input gives no M, N, K, so tile_eff, wq_eff, "
	            "dim_eff and the roofline are not computed";
	if (kernel && kernel->has_tile) {
		out->tile_m = kernel->tile_m;
		out->tile_n = kernel->tile_n;
		out->tile_k = kernel->tile_k;
	}
	return out->tile_m > 0;
}

int
gs_eff_compute(const gs_eff_in *in, const gs_gpu *gpu, const gs_eff_opts *o, gs_eff *out,
               gs_error *err)
{
	const gs_shape *s = in->shape;
	const gs_kernel_info *k = in->kernel;
	gs_eff_opts def;

	if (!o) {
		gs_eff_opts_default(&def);
		o = &def;
	}
	if (s->M < 1 || s->N < 1 || s->K < 1 || s->batch < 1)
		return gs_error_set(err, NULL, 0, 0,
		                    "GEMM dimensions must be >= 1 (got %ldx%ldx%ld, batch %ld)",
		                    s->M, s->N, s->K, s->batch);
	eff_init(s, out);
	gs_gemm_cost(s, &out->cost);
	roofline(in, gpu, o->roof, out);
	set_orientation(out, default_swap(in, o->swap));
	out->tile_m = in->tile_m > 0 ? in->tile_m : k && k->has_tile ? k->tile_m : 0;
	out->tile_n = in->tile_m > 0 ? in->tile_n : k && k->has_tile ? k->tile_n : 0;
	out->tile_k = in->tile_m > 0 ? in->tile_k : k && k->has_tile ? k->tile_k : 0;
	if (out->tile_m <= 0 || out->tile_n <= 0) {
		out->tile_m = out->tile_n = out->tile_k = 0;
		out->status = GS_EFF_NO_TILE;
		out->note = k && k->note
		                    ? k->note
		                    : "tile unknown: tile_eff, wq_eff and dim_eff are not computed";
		return 0;
	}
	if (check_counts(out, err))
		return -1;
	kernel_status(k, out);
	if (in->workgroups > 0 && !(k && k->persistent))
		grid_check(in, o->swap, out);
	quantise(o, gpu, out);
	return 0;
}
