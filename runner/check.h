/* check.h: operands and result checking for gemmscope-bench.
 *
 * Operands are random with a fixed seed and never zero: magnitudes in
 * [1/8, 1] with random signs, rounded to the dtype, so the host copy in
 * f32 holds exactly the values the device sees.  Every result is compared
 * with double-precision dot products of those values before any time is
 * reported: all outputs for small problems, a sample for big ones.
 */
#ifndef GS_CHECK_H
#define GS_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "runner/devapi.h"

/* Problems with batch·M·N·K up to this many multiply-adds are checked in
 * full; bigger ones at sampled outputs. */
#define GS_CHECK_FULL_MACS (1LL << 24)

/* Host operands of one problem, values already rounded to the dtype. */
typedef struct gs_check_ops {
	float *a; /* batch·M·K, layout of devapi.h */
	float *b; /* batch·K·N */
	float *bias; /* M, or NULL without bias */
	size_t na, nb, nc; /* elements of A, B and C (batch·M·N) */
} gs_check_ops;

/* gs_check_ops_init: fill O for G from SEED (splitmix64).  Returns 0, or
 * -1 on out of memory or when a size product overflows size_t (O
 * released; the element and byte counts are checked, util/checked.h). */
int gs_check_ops_init(gs_check_ops *o, const gs_dev_gemm *g, uint64_t seed);

/* gs_check_ops_free: release O; safe on a zeroed O. */
void gs_check_ops_free(gs_check_ops *o);

typedef struct gs_check_result {
	long checked; /* outputs compared */
	int full; /* 1 if all outputs were compared */
	double max_err; /* largest normalised error seen (see gs_check_bound) */
	double bound; /* the bound it was held to */
	long long bad_batch, bad_i, bad_j; /* worst output, when it fails */
	double got, want; /* its value and the reference */
} gs_check_result;

/* gs_check_bound: the largest accepted normalised error
 *   |c − ref| / (Σ_k |a_ik·b_kj| + |bias_i|)
 * for G: 2·u_out + 8·√K·2^-24, where u_out is the unit roundoff of the
 * output dtype (one rounding of the result) and the second term allows
 * f32 accumulation in any order with the probabilistic √K growth of
 * rounding errors (Higham, Accuracy and Stability of Numerical
 * Algorithms, 2nd ed., §3.1 for γ_K; Higham & Mary, SIAM J. Sci. Comput.
 * 41(5), 2019, for √K). */
double gs_check_bound(const gs_dev_gemm *g);

/* gs_check_gemm: compare C (batch·M·N elements of G's dtype, as
 * downloaded) with the reference computed from O.  All outputs when
 * batch·M·N·K <= GS_CHECK_FULL_MACS, else NSAMPLE outputs: the four
 * corners of the first and the last batch, then positions drawn from
 * SEED.  Returns 0 if every compared output is within the bound, or 1
 * if one is not (RES names the worst). */
int gs_check_gemm(const gs_dev_gemm *g, const gs_check_ops *o, const void *c, long nsample,
                  uint64_t seed, gs_check_result *res);

/* gs_check_rand: the next value of the splitmix64 generator at *STATE
 * (Steele, Lea & Flood, OOPSLA 2014). */
uint64_t gs_check_rand(uint64_t *state);

#endif
