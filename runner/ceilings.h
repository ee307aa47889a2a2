/* ceilings.h: gemmscope-bench --ceilings: what the device achieves.
 *
 * Memory bandwidth: a device-to-device copy of BYTES (default max(4× the
 * largest cache, cfg->cache_mib (measure.h: MI300X's Infinity Cache, not
 * HIP's 4 MiB L2), 512 MiB), at most a quarter of device memory) timed
 * with events like a GEMM sample; bandwidth = 2·BYTES (read + write) /
 * the fastest sample, in GB/s (10^9 bytes/s).
 * Matrix peak per dtype: an S×S×S NN GEMM (default 8192; 256 on the CPU
 * backend) measured and checked like any shape; peak = 2·S³ / the fastest
 * sample, in TFLOP/s.  Fastest rather than median, since a ceiling is what
 * the device can reach.
 *
 * The spec file is what `gemmscope --gpu FILE` reads (model/gpu.h,
 * GS_GPU_SPEC_FORMAT, in its `key = value` form): name; arch (gfx90a,
 * sm_90; the runtime's feature suffix ":sramecc+..." dropped) or, for the
 * CPU backend, family = other; cus; wave_size; clock_ghz and
 * lds_per_wg_kib when the runtime tells them; bandwidth_gbs;
 * peak_tflops_<dtype>; source = measured by gemmscope-bench.
 */
#ifndef GS_CEILINGS_H
#define GS_CEILINGS_H

#include <stdio.h>

#include "runner/devapi.h"
#include "runner/measure.h"
#include "util/error.h"

typedef struct gs_ceilings {
	double bandwidth_gbs; /* 0 if not measured */
	double peak_tflops[3]; /* by gs_dev_dtype; 0 if not measured */
	long gemm_size; /* S */
	double copy_bytes; /* BYTES */
} gs_ceilings;

/* gs_ceil_measure: measure bandwidth and the peak of each dtype in
 * DTYPES (gs_dev_dtype values, NDTYPES of them) on API with CFG's kind
 * and timing.  SIZE (S) and COPY_MIB override the defaults when > 0.
 * Returns 0, or -1 with ERR (a runtime error, a wrong GEMM result). */
int gs_ceil_measure(const gs_dev_api *api, const gs_dev_info *info, const gs_bench_cfg *cfg,
                    const int *dtypes, int ndtypes, long size, double copy_mib, gs_ceilings *out,
                    gs_error *err);

/* gs_ceil_write_spec: the spec file for C and INFO to OUT.  Returns 0,
 * or -1 with ERR on a write error. */
int gs_ceil_write_spec(const gs_ceilings *c, const gs_dev_info *info, FILE *out, gs_error *err);

#endif
