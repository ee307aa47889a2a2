/* measure.h: how gemmscope-bench times one GEMM.
 *
 * Methodology (reference/formats.md §4, after hipblaslt-bench, nvbench
 * and the CUTLASS profiler):
 * 1. Operands are random, never zero, from a fixed seed (check.h).
 * 2. Operands are rotated across `copies` sets of A, B, C (and bias) so
 *    that consecutive launches never find their inputs in the last-level
 *    cache: copies = max(1, min(max(warmup, iters·launches),
 *    ceil(rotating_bytes / bytes_per_problem))), hipblaslt-bench's
 *    --rotating formula; launch i uses set i mod copies.
 * 3. One launch on set 0 is checked against the CPU reference (check.h)
 *    before anything is timed; a wrong result fails the shape.
 * 4. `warmup` launches, then `iters` samples, each timed with device
 *    events around `launches` back-to-back launches; a sample is the
 *    elapsed time divided by `launches`, in µs.  With flush, a memset
 *    of `flush_bytes` (by default 2× the last-level cache) runs before
 *    each sample, outside the events (nvbench's L2 flush).
 */
#ifndef GS_MEASURE_H
#define GS_MEASURE_H

#include <stddef.h>
#include <stdint.h>

#include "runner/devapi.h"
#include "util/error.h"

typedef struct gs_bench_cfg {
	int kind; /* gs_dev_kind */
	int tile_m, tile_n, tile_k, thr_m, thr_n; /* GS_DEV_TILED */
	int warmup; /* launches before timing, >= 0 */
	int iters; /* samples, >= 1 */
	int launches; /* launches per sample, >= 1 */
	double rotating_mib; /* 0: one operand set */
	int flush; /* 1: flush the cache before each sample */
	double flush_mib; /* 0: 2× the device's last-level cache */
	uint64_t seed;
	long check_samples; /* outputs checked for big problems */
} gs_bench_cfg;

/* gs_bench_cfg_default: warmup 10, iters 20, launches 1, rotating 512
 * MiB, no flush, seed 1, 1024 checked outputs, vendor backend, tile
 * 128x128x32 (8×8 per thread). */
void gs_bench_cfg_default(gs_bench_cfg *cfg);

/* The outcome of one shape. */
typedef struct gs_bench_meas {
	double *samples; /* iters values, µs per launch; owned */
	size_t nsamples;
	char kernel[256]; /* "" if the backend does not tell */
	long copies; /* operand sets rotated */
	double max_err, bound; /* check: largest normalised error, its bound */
	long checked; /* outputs compared */
	int full_check; /* 1: every output was compared */
} gs_bench_meas;

/* gs_bench_copies: the rotating set count of step 2 above for a problem
 * of BYTES bytes (A + B + C + bias). */
long gs_bench_copies(const gs_bench_cfg *cfg, double bytes);

/* gs_bench_gemm_bytes: bytes of A, B, C and bias of G, the memory one
 * operand set takes. */
double gs_bench_gemm_bytes(const gs_dev_gemm *g);

/* gs_bench_measure: run G on API (initialised; INFO is what init
 * returned) as CFG says.  On success returns 0 and OUT owns the samples;
 * on failure (out of memory, a runtime or library error, a result
 * outside the check bound) returns -1 with ERR saying what, OUT empty. */
int gs_bench_measure(const gs_dev_api *api, const gs_dev_info *info, const gs_bench_cfg *cfg,
                     const gs_dev_gemm *g, gs_bench_meas *out, gs_error *err);

/* gs_bench_meas_free: release M's samples; safe on a zeroed M. */
void gs_bench_meas_free(gs_bench_meas *m);

#endif
