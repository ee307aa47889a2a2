/* changepoint.h: change points in a nightly series of one shape's time
 * (issue 6, `gemmscope history`).  Pure computation, no I/O.
 *
 * Method: E-Divisive with a Student t-test, in the style of Apache Otava
 * (formerly Hunter): Fleming et al., "Hunter: Using Change Point Detection
 * to Hunt for Performance Regressions", ICPE 2023, doi:10.1145/3578244.3583719,
 * on top of Matteson & James, "A Nonparametric Approach for Multiple Change
 * Point Analysis of Multivariate Data", JASA 2014 (divergence with alpha 1).
 * See reference/statistics.md §2.2 and §4.6.
 *
 *  1. Split: in sliding windows of WINDOW runs (step WINDOW/2), E-Divisive
 *     bisection: in every segment the split tau maximising
 *     Q(tau, kappa) = mn/(m+n) * E-distance(x[s:tau], x[tau:kappa]) is a
 *     candidate; the best candidate is kept if a two-sided pooled Student
 *     t-test of x[s:tau] against x[tau:kappa] gives p <= 10 * MAX_PVALUE
 *     (the "weak" pass), and bisection stops at the first that fails.
 *  2. Merge: over the whole series, repeatedly drop the weakest point,
 *     re-testing its neighbours against their new neighbouring segments:
 *     first any with magnitude < MIN_MAGNITUDE (smallest first; Otava
 *     orders p first), then any with p > MAX_PVALUE (largest p first),
 *     then any point bounding a segment shorter than MIN_SEGMENT, or one
 *     where either level held for fewer than PERSIST runs (runs nearer to
 *     their own segment's median than to the other's): a transient, such
 *     as a one-run spike, is not a change.
 *  3. Persistence: a change whose new level has lasted fewer than PERSIST
 *     runs at the end of the series is "pending": it is returned with
 *     pending = 1 and must not be reported as a regression yet.  A step in
 *     the last PERSIST-1 runs that the split step cannot see (too short a
 *     side) is tested directly against the last segment and, if it passes
 *     the same p and magnitude gates, returned as pending.
 *
 * magnitude = max(|r - 1|, |1/r - 1|) with r = median after / median before,
 * so a 5 % gate is symmetric for slower and faster steps (Otava's
 * change_magnitude, on medians).
 */
#ifndef GS_CHANGEPOINT_H
#define GS_CHANGEPOINT_H

#include <stddef.h>

typedef struct gs_cp_params {
	double max_pvalue; /* significance of a step, default 0.001 */
	double min_magnitude; /* smallest relative step, default 0.05 */
	size_t min_segment; /* fewest runs between changes, >= 1, default 2 */
	size_t window; /* split-step window in runs, >= 2*min_segment,
	                       * default 50 */
	size_t persist; /* runs a new level must last, >= 1, default 2 */
} gs_cp_params;

typedef struct gs_cp {
	size_t index; /* 0-based input index of the first run after the
	                       * step */
	size_t runs_before; /* valid runs in the segment before the step */
	size_t runs_after; /* valid runs from the step to the next change or
	                       * the end */
	double mean_before, mean_after; /* µs, over those runs */
	double median_before, median_after; /* µs */
	double ratio; /* median_after / median_before: > 1 slower */
	double magnitude; /* max(|ratio - 1|, |1/ratio - 1|) */
	double pvalue; /* two-sided pooled Student t, the two segments */
	int pending; /* 1: the new level has lasted < persist runs */
} gs_cp;

/* gs_cp_params_default: fill PAR with the defaults above. */
void gs_cp_params_default(gs_cp_params *par);

/* gs_cp_detect: change points of the series T[0..N) of per-run times in
 * µs for one shape, oldest run first.  Runs whose time is not finite and
 * > 0 (NAN: the shape missing that night) are skipped; indices still refer
 * to T.  PAR NULL means the defaults.  On success *OUT is a malloc'd array
 * of *NOUT change points in increasing index order, confirmed ones first
 * and at most one pending one last (*OUT NULL when *NOUT is 0); the caller
 * frees it with free().  Returns 0, or -1 on invalid parameters or out of
 * memory (*OUT NULL, *NOUT 0).  Cost O(N * WINDOW^2). */
int gs_cp_detect(const double *t, size_t n, const gs_cp_params *par, gs_cp **out, size_t *nout);

#endif
