/* gemm.h: FLOP, bytes, MiB and arithmetic intensity of one GEMM shape, as
 * TraceLens counts them (reference/efficiency.md §1.1; AMD-AGI/TraceLens
 * PerfModel/perf_model.py, class GEMM).  Pure computation.
 */
#ifndef GS_GEMM_H
#define GS_GEMM_H

#include "model/shape.h"

typedef struct gs_gemm {
	double flop; /* B·(2·M·N·K + (bias ? M·N : 0)), FLOP */
	double bytes; /* B·(M·K·e + K·N·e + M·N·e_out + (bias ? N : 0)·e), bytes */
	double mib; /* bytes / 1048576 (TraceLens "Data Moved (MB)" is MiB) */
	double ai; /* flop / bytes, FLOP/B */
	int elem_bytes; /* e: bytes per element of A, used for every operand */
	int out_bytes; /* e_out: e, or 2 for aten::_scaled_mm with fp8 input */
} gs_gemm;

/* gs_gemm_cost: the cost of shape S (M, N, K, batch >= 1; dtype canonical,
 * see gs_dtype_normalize; bias flag as the reader set it: aten::addmm and
 * aten::baddbmm always have one, bias is 1×N).  Every operand uses A's
 * element size except the output of aten::_scaled_mm with an fp8 input,
 * which is 2 bytes.  The byte count assumes each operand is read once and
 * the output written once: a lower bound on DRAM traffic.  Every product
 * is taken in double, so no dimension up to LONG_MAX can overflow (the
 * largest, 2·2^63·2^63·2^63·2^63, is about 2^253 < DBL_MAX); counts above
 * 2^53 are rounded to double precision.  Returns 0;
 * -1 when the dtype's size is unknown (then flop is still set, bytes, mib
 * and ai are NAN) or a dimension is < 1 (everything NAN). */
int gs_gemm_cost(const gs_shape *s, gs_gemm *out);

/* gs_gemm_tflops: FLOP over TIME_US microseconds, in TFLOP/s; NAN unless
 * both are finite and > 0. */
double gs_gemm_tflops(double flop, double time_us);

#endif
