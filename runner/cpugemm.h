/* cpugemm.h: the CPU reference backend of gemmscope-bench.
 *
 * Always built, so the runner's whole path (shapes, rotation, timing,
 * checking, output) runs in CI without a GPU.  A straightforward blocked
 * GEMM in C: f16/bf16 operands are converted to f32 while packing,
 * products are accumulated in f32 and the result is rounded to the output
 * dtype once.  Single-threaded.
 */
#ifndef GS_CPUGEMM_H
#define GS_CPUGEMM_H

#include "runner/devapi.h"

/* gs_cpugemm_api: the CPU backend (platform "cpu").  It plans GS_DEV_CPU
 * (the blocked GEMM below) and GS_DEV_VENDOR (OpenBLAS, cpublas.h: a
 * message when the build has none; INFO's blas names it when it has);
 * the tiled kind returns a message.  "Device" memory
 * is host memory; the timer is CLOCK_MONOTONIC around the queued work,
 * which runs synchronously.  Static storage; never NULL. */
const gs_dev_api *gs_cpugemm_api(void);

/* gs_cpugemm: C = op(A)·op(B) (+ bias) for G (layout as in devapi.h) on
 * host arrays in G's dtype: A batch·M·K, B batch·K·N, C batch·M·N
 * elements, BIAS M elements or NULL.  Returns 0, or -1 on out of memory
 * or an unknown dtype (C untouched). */
int gs_cpugemm(const gs_dev_gemm *g, const void *a, const void *b, void *c, const void *bias);

#endif
