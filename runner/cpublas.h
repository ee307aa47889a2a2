/* cpublas.h: the CPU backend's vendor GEMM, OpenBLAS.
 *
 * `gemmscope-bench --platform cpu` (backend vendor, the default) times
 * OpenBLAS on the host, so that a CPU-only CI machine runs a meaningful
 * end-to-end nightly: the same shapes, rotation, check and output as on a
 * GPU, with a tuned library underneath.  The hand-written blocked GEMM
 * (cpugemm.c, `--backend cpu`) stays the correctness reference.
 *
 * Per dtype: f32 is cblas_sgemm on the operands as they are.  f16 and
 * bf16 have no GEMM in Debian 12's OpenBLAS 0.3.21 (its cblas_sbgemm
 * exists only in builds with BUILD_BFLOAT16, which Debian's is not), so A
 * and B are widened to f32 inside the timed call, cblas_sgemm runs on
 * them and the result is rounded to the dtype: the kernel name says so
 * ("openblas_sgemm_f16cvt", "openblas_sgemm_bf16cvt").  Bias is added to
 * the f32 result before the rounding, as the device backends do in their
 * epilogue.
 * Threads: OpenBLAS's own (OPENBLAS_NUM_THREADS).
 */
#ifndef GS_CPUBLAS_H
#define GS_CPUBLAS_H

#include <stddef.h>

#include "runner/devapi.h"

/* gs_cpublas_version: "OpenBLAS 0.3.21 ..." (its build configuration), or
 * NULL when gemmscope-bench was built without OpenBLAS.  Static. */
const char *gs_cpublas_version(void);

/* gs_cpublas_plan: a plan for G (layout as in devapi.h: column-major,
 * batch-strided packed operands) into *PLAN and its kernel name into
 * KERNEL (KSIZE bytes).  Returns NULL, or a message: no OpenBLAS in this
 * build, an unknown dtype, a dimension beyond OpenBLAS's int, or out of
 * memory.  Free with gs_cpublas_plan_free(). */
const char *gs_cpublas_plan(const gs_dev_gemm *g, void **plan, char *kernel, size_t ksize);

/* gs_cpublas_run: C = op(A)·op(B) (+ bias) for PLAN on host arrays in its
 * dtype (A batch·M·K, B batch·K·N, C batch·M·N elements, BIAS M or NULL).
 * Synchronous.  Returns NULL. */
const char *gs_cpublas_run(void *plan, const void *a, const void *b, void *c, const void *bias);

/* gs_cpublas_plan_free: NULL is fine. */
void gs_cpublas_plan_free(void *plan);

#endif
