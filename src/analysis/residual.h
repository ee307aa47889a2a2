/* residual.h: measured against predicted (issue 13 §3).
 *
 * For each shape whose GPU and macro tile are known, the predicted time is
 * the roofline of its math with the compute term stretched by tile and
 * wave quantisation:
 *   predicted_us = max(compute_us / dim_eff, memory_us)
 * (efficiency.md §1.2 for compute_us = FLOP / peak and memory_us = bytes /
 * bandwidth, §4 for dim_eff = tile_eff · wq_eff).  It is an upper-bound
 * model, not a simulator: no cache hierarchy, no prologue or epilogue, no
 * occupancy, so a real kernel is slower.  What it is good for is the ratio
 * frac = predicted / measured, the fraction of what the tile and the wave
 * count allow that the kernel reached: a kernel at 30 % of it while its
 * neighbours sit at 80 % is a likely kernel or heuristic bug.  Kendall's
 * tau-b between predicted and measured times (model/kendall.h) says per
 * input how far the model's ordering can be trusted.
 *
 * A fraction above 1 (the kernel beat its upper bound) is never a result:
 * a figure of the GPU table, the tile or the one-workgroup-per-CU
 * assumption is wrong for that shape; such rows are counted ("beaten")
 * so the report can say so, as single.h counts rows over the roofline.
 */
#ifndef GS_RESIDUAL_H
#define GS_RESIDUAL_H

#include <stddef.h>

#include "analysis/compare.h"
#include "analysis/single.h"
#include "util/error.h"

/* One row of a gs_single. */
typedef struct gs_residual {
	double predicted_us; /* NAN when the GPU, the tile or dim_eff is unknown */
	double measured_us; /* the record's median, µs */
	double frac; /* predicted / measured; NAN with predicted */
	double excess_us; /* time above the prediction over the shape's calls:
	                     total_us · (1 - frac), µs; NAN with predicted */
} gs_residual;

/* gs_residual_predicted_us: the predicted time of ROW (a row of S), µs:
 * max(compute_us / dim_eff, memory_us), NAN when the GPU, the tile or
 * dim_eff is unknown.  The compute term is computed as (FLOP / (M·N·batch))
 * · (tile_m · tile_n · rounds · slots) / peak, which equals compute_us /
 * dim_eff (num_tiles · tile_m · tile_n = M_pad · N_pad · batch) but in
 * factors that are exact for integer inputs (2·K, or 2·K + 1 with a bias,
 * while FLOP < 2^53): shapes whose tile, wave count and K are the same get
 * the same double, so Kendall's tau sees the ties the model has (along an
 * M sweep every shape of one wave count is predicted the same compute
 * time).  cause.h's quantization rule uses the same prediction. */
double gs_residual_predicted_us(const gs_single *s, const gs_single_row *row);

typedef struct gs_residuals {
	gs_residual *rows; /* one per S->rows[i], owned; NULL (n 0) when no
	                      row has a prediction */
	size_t n;
	size_t npredicted; /* rows with a prediction */
	size_t beaten; /* of them, rows with frac > 1 + 1e-9: faster than
	                  the upper bound, so the prediction is wrong there */
	double tau; /* Kendall's tau-b of (predicted, measured) over them;
	               NAN below 2 rows */
	double median_frac; /* median frac over them; NAN if none */
	size_t *outliers; /* up to TOP row indices with a prediction, by
	                     excess_us descending (ties: row order); owned */
	size_t noutliers;
} gs_residuals;

/* gs_residuals_run: the residuals of every row of S (borrowed; only read
 * here) and its TOP outliers into OUT.  Returns 0, or -1 with ERR on out
 * of memory.  Free OUT with gs_residuals_free() in either case. */
int gs_residuals_run(const gs_single *s, size_t top, gs_residuals *out, gs_error *err);

/* gs_residuals_free: release what R owns; R is left empty. */
void gs_residuals_free(gs_residuals *r);

/* How the candidate's residuals moved against the baseline's over the
 * matched shapes that have a prediction on both sides. */
typedef struct gs_residual_shift {
	size_t pairs; /* matched shapes predicted on both sides */
	size_t worse; /* frac_cand < frac_base · (1 - T): the candidate
	                 reaches a smaller part of what its tile allows */
	size_t better; /* frac_cand > frac_base · (1 + T) */
	double worse_base, worse_cand; /* median frac of the worse shapes,
	                                  each side; NAN if none */
	double better_base, better_cand; /* the same for the better shapes */
	size_t beaten_base, beaten_cand; /* pairs whose baseline / candidate
	                                    frac is above 1 + 1e-9 (beaten) */
	double median_base, median_cand; /* median frac of all the pairs */
} gs_residual_shift;

/* gs_residual_shift_run: the shift of C's pairs (T = C->opts.threshold)
 * between BASE and CAND, the residuals of the two sides' efficiency models
 * SB and SC (gs_single of C->base and C->cand).  Returns 0, or -1 with
 * ERR on out of memory. */
int gs_residual_shift_run(const gs_compare *c, const gs_single *sb, const gs_residuals *base,
                          const gs_single *sc, const gs_residuals *cand, gs_residual_shift *out,
                          gs_error *err);

#endif
