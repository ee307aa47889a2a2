/* effpair.h: why one matched shape's time changed, read from the two
 * sides' efficiency rows (single.h): the GPU, the kernel and its tile,
 * tile / wave quantisation (dim_eff) and the distance to the roofline.
 * Pure computation.
 */
#ifndef GS_EFFPAIR_H
#define GS_EFFPAIR_H

#include <stddef.h>

#include "analysis/compare.h"
#include "analysis/single.h"

/* What the efficiency model says about one pair. */
typedef struct gs_effpair {
	double slowdown; /* t_cand / t_base (1 / speedup) */
	double dim_ratio; /* dim_eff_base / dim_eff_cand: the slowdown
	                             quantisation alone predicts; NAN unless both known */
	double roof_ratio; /* pct_roofline_base / pct_roofline_cand; NAN */
	int same_gpu; /* 1 same GPU name, 0 different, -1 a side unknown */
	int same_kernel; /* 1 same kernel name, 0 different, -1 a side unknown */
	const char *cause; /* static: "quantisation" (dim_ratio covers at least
	                             half of the change), "roofline" (same or better
	                             dim_eff, further from the roofline), "gpu", "kernel",
	                             or "unknown" (tiles or GPU unknown) */
} gs_effpair;

/* One side of a pair: its efficiency row (NULL when not computed), the
 * row's whole efficiency (gs_single_eff; NULL when the row has none) and
 * its GPU (NULL: unknown). */
typedef struct gs_effpair_side {
	const gs_single_row *row;
	const gs_eff *eff;
	const gs_gpu *gpu;
} gs_effpair_side;

/* gs_effpair_compute: the model of pair P from its baseline side B and
 * candidate side C.  Never fails. */
void gs_effpair_compute(const gs_pair *p, const gs_effpair_side *b, const gs_effpair_side *c,
                        gs_effpair *out);

/* gs_effpair_explain: the explanation as clauses joined by "; ", e.g.
 * "same kernel; dim_eff 0.963 → 0.642 (waves 3 → 4, last wave 12.5 %):
 * quantisation alone predicts 1.50× of the measured 1.52× slowdown;
 * % of roofline 64.6 → 42.4" (the "predicts" part only when dim_eff fell
 * by more than 0.5 %), into BUF of SIZE bytes (truncated).
 * Returns BUF. */
char *gs_effpair_explain(const gs_pair *p, const gs_effpair_side *b, const gs_effpair_side *c,
                         char *buf, size_t size);

#endif
