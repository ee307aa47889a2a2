/* env.h: what an input says about the machine and software it ran on
 * (issue 13 §5).
 *
 * A "regression" of every shape at once is often not the kernels: the
 * candidate ran on another GPU, at another clock, with another library.
 * Inputs say some of this, each in its own way:
 *
 *   - hipblaslt-bench / rocblas-bench: the banner ("hipBLASLt version:
 *     100200", "Device ID 0 : AMD Instinct MI300X gfx942:sramecc+:xnack-",
 *     "with 205.8 GB memory, max. SCLK 2100 MHz, max. MCLK 1300 MHz,
 *     compute capability 9.4");
 *   - PyTorch profiler traces: deviceProperties (name, numSms,
 *     totalGlobalMem, computeMajor/Minor) and cuda_runtime_version,
 *     cuda_driver_version, hip_runtime_version, hip_driver_version;
 *   - rocprofv3 JSON and rocpd: the GPU agent (product_name, name,
 *     cu_count, max_engine_clk_fcompute);
 *   - gemmscope-bench CSVs: the run columns gpu, arch, cus, sclk_mhz,
 *     mclk_mhz, runtime, library, backend.
 *
 * Each fact is one of a fixed list of items, so that two inputs of
 * different formats line up item by item.  Values are text as the report
 * shows them ("2100 MHz", "CUDA 12.4"); items that are quantities also
 * carry their number in a fixed unit, so that "205.8 GB" and "206.2 GB"
 * (the same MI300X as two ROCm releases report it) are not called a
 * difference.  Pure: no I/O.
 */
#ifndef GS_MODEL_ENV_H
#define GS_MODEL_ENV_H

#include <stddef.h>

typedef enum gs_env_item {
	GS_ENV_DEVICE, /* GPU product name: "AMD Instinct MI300X" */
	GS_ENV_ARCH, /* ISA target: "gfx942:sramecc+:xnack-", "sm_90" */
	GS_ENV_CC, /* compute capability (HIP reports one too): "9.4" */
	GS_ENV_CUS, /* CUs / SMs; number: count */
	GS_ENV_MEMORY, /* device memory; number: GB (1e9 bytes) */
	GS_ENV_SCLK, /* peak engine (shader/SM) clock; number: MHz */
	GS_ENV_MCLK, /* peak memory clock; number: MHz */
	GS_ENV_LIBRARY, /* GEMM library and version: "hipBLASLt 100200" */
	GS_ENV_RUNTIME, /* "CUDA 12.4", "HIP 6.4.43483" */
	GS_ENV_DRIVER, /* "CUDA driver 12.9" */
	GS_ENV_BACKEND, /* gemmscope-bench's backend: "vendor", "tiled", "cpu" */
	GS_ENV_NITEMS
} gs_env_item;

/* One input's environment: a value per item, NULL where the input does
 * not say.  Strings are owned by whoever fills it (gs_table). */
typedef struct gs_env {
	char *text[GS_ENV_NITEMS];
	double num[GS_ENV_NITEMS]; /* the quantity of a numeric item, in its
	                              unit above; NAN when not a quantity or
	                              not given */
} gs_env;

/* gs_env_name: the item's name as the reports show it ("device", "CUs/SMs",
 * "engine clock (max)"...).  Static. */
const char *gs_env_name(gs_env_item k);

/* gs_env_key: the item's name in JSON ("device", "cus", "sclk_mhz"...).
 * Static. */
const char *gs_env_key(gs_env_item k);

/* gs_env_differs: 1 if the two inputs state item K and it differs, else
 * 0 (either side silent is not a difference: unknown is not different).
 * A quantity differs when its numbers differ by more than the item's
 * tolerance: 1 % for memory (the same board is reported as 205.8 or 206.2
 * GB by different releases), none for counts and clocks.  Text compares
 * exactly. */
int gs_env_differs(const gs_env *a, const gs_env *b, gs_env_item k);

/* gs_env_version_cuda: "CUDA 12.4" (WHAT "") or "CUDA driver 12.9" (WHAT
 * " driver") for a CUDA version integer (1000 * major + 10 * minor: 12040,
 * as cudaRuntimeGetVersion gives it), into BUF (SIZE bytes).  Returns BUF,
 * or NULL when V is not a plausible version (<= 0). */
char *gs_env_version_cuda(long long v, const char *what, char *buf, size_t size);

/* gs_env_version_hip: "HIP 6.4.43483" (WHAT "") or "HIP driver ..." for a
 * HIP_VERSION integer (10^7 major + 10^5 minor + patch: 60443483), into
 * BUF.  Returns BUF, or NULL when V <= 0. */
char *gs_env_version_hip(long long v, const char *what, char *buf, size_t size);

#endif
