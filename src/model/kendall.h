/* kendall.h: Kendall's rank correlation, tau-b, in O(n log n).
 *
 * How far to trust a model that ranks: gemmscope's predicted time (the
 * roofline of a shape's math with its compute term divided by dim_eff,
 * analysis/residual.h) is an upper-bound model, not a simulator; tau-b
 * between predicted and measured times says how well it orders the
 * shapes of one input.  Pure; no I/O.
 */
#ifndef GS_KENDALL_H
#define GS_KENDALL_H

#include <stddef.h>

/* gs_kendall_tau_b: Kendall's tau-b of the pairs (X[i], Y[i]), i < N:
 *   tau_b = (n_c - n_d) / sqrt((n0 - n1)(n0 - n2)),
 * n0 = N(N-1)/2, n1 / n2 the pairs tied in X / in Y, n_c - n_d = n0 - n1
 * - n2 + n3 - 2·swaps with n3 the pairs tied in both (Kendall 1945;
 * Knight 1966, "A computer method for calculating Kendall's tau with
 * ungrouped data", JASA 61: sort by X then Y, count the exchanges a merge
 * sort by Y makes).  The same value as scipy.stats.kendalltau's default.
 * Values must not be NaN.  Writes *TAU (NAN when N < 2 or X or Y is
 * constant) and returns 0, or -1 on out of memory (*TAU untouched). */
int gs_kendall_tau_b(const double *x, const double *y, size_t n, double *tau);

#endif
