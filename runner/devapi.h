/* devapi.h: the one interface every gemmscope-bench backend implements.
 *
 * The CPU reference backend (cpugemm.c) implements it in C; the device
 * backends implement it in runner/gemm_kernels.hip, built by hipcc into
 * gemmscope-bench-hip.so and by nvcc (through hip2cuda.h) into
 * gemmscope-bench-cuda.so.  gemmscope-bench dlopens a device backend and
 * calls gs_dev_entry() (devload.c), so one binary runs on AMD, on NVIDIA,
 * or reports "no GPU" with exit status 3.
 *
 * This header is plain C and is included by the HIP/CUDA source inside
 * extern "C".  Bump GS_DEV_ABI whenever a struct or a signature changes.
 *
 * Conventions: matrices are column-major with BLAS semantics, as
 * hipBLASLt, rocBLAS and cuBLASLt see them: C (M×N) = op(A) · op(B) with
 * op(A) M×K and op(B) K×N; A is stored M×K (lda = M) when trans_a is 'N'
 * and K×M (lda = K) when 'T'; B is K×N (ldb = K) for 'N' and N×K (ldb = N)
 * for 'T'; C has ldc = M.  Batches are packed one after the other (stride
 * = the size of one matrix).  With bias, bias[i] (M values) is added to
 * row i of every column (the hipBLASLt/cuBLASLt BIAS epilogue).  A, B, C
 * and bias share one dtype; accumulation is f32.
 *
 * Every function that can fail returns NULL on success or a one-sentence
 * message in static storage ("hipMalloc: hipErrorOutOfMemory (out of
 * memory)") valid until the next call.  Backends are single-threaded.
 */
#ifndef GS_DEVAPI_H
#define GS_DEVAPI_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GS_DEV_ABI 3

/* Element types a backend runs. */
typedef enum gs_dev_dtype {
	GS_DEV_F32 = 0,
	GS_DEV_F16 = 1, /* IEEE binary16, stored as uint16_t */
	GS_DEV_BF16 = 2 /* bfloat16, stored as uint16_t */
} gs_dev_dtype;

/* Which GEMM implementation a plan uses. */
typedef enum gs_dev_kind {
	GS_DEV_VENDOR = 0, /* hipBLASLt / rocBLAS / cuBLASLt */
	GS_DEV_TILED = 1, /* the project's tiled kernel (gemm_kernels.hip) */
	GS_DEV_CPU = 2 /* the blocked CPU GEMM (cpugemm.c) */
} gs_dev_kind;

/* One GEMM problem. */
typedef struct gs_dev_gemm {
	long long m, n, k, batch; /* all >= 1 */
	int dtype; /* gs_dev_dtype of A, B, C and bias */
	char trans_a, trans_b; /* 'N' or 'T' */
	int bias; /* 1: add bias[M] to every column */
	int tile_m, tile_n, tile_k; /* GS_DEV_TILED: macro tile (elements) */
	int thr_m, thr_n; /* GS_DEV_TILED: outputs per thread along
	                              M and N (1..8); threads per workgroup =
	                              (tile_m/thr_m)·(tile_n/thr_n) */
} gs_dev_gemm;

/* What the backend tells about its device.  Zero or "" = unknown. */
typedef struct gs_dev_info {
	char name[256]; /* "NVIDIA H100 80GB HBM3", "AMD Instinct MI300X" */
	char arch[64]; /* "gfx90a", "sm_90" */
	char runtime[64]; /* "HIP 5.2.21153", "CUDA runtime 13000" */
	char blas[64]; /* vendor library, "" if the vendor backend is absent */
	int cus; /* compute units / SMs */
	int wave_size; /* 64 or 32 */
	int sclk_mhz; /* peak shader clock, MHz */
	int mclk_mhz; /* peak memory clock, MHz */
	long long l2_bytes; /* last-level cache the runtime reports, bytes */
	long long mem_bytes; /* device memory, bytes */
	long long lds_bytes; /* shared memory / LDS per workgroup, bytes */
	char pci_bus_id[32]; /* "0000:c1:00.0", "" if unknown: how the clock
	                        sampler (clocks.h) finds the same device */
} gs_dev_info;

typedef struct gs_dev_api {
	int abi; /* GS_DEV_ABI */
	const char *platform; /* "hip", "cuda" or "cpu" */

	/* init: select device DEVICE (0-based) and fill INFO.  A message
	 * naming the runtime status (hipErrorNoDevice, cudaErrorNoDevice,
	 * cudaErrorInsufficientDriver ...) when there is no usable device. */
	const char *(*init)(int device, gs_dev_info *info);
	void (*fini)(void);

	/* Device memory. alloc: BYTES (> 0) into *P; release: NULL is fine.
	 * upload/download are synchronous; fill (memset to BYTE) and copy
	 * (device to device) are queued on the timing stream. */
	const char *(*alloc)(void **p, size_t bytes);
	void (*release)(void *p);
	const char *(*upload)(void *dst, const void *src, size_t bytes);
	const char *(*download)(void *dst, const void *src, size_t bytes);
	const char *(*fill)(void *dst, int byte, size_t bytes);
	const char *(*copy)(void *dst, const void *src, size_t bytes);

	/* plan: prepare G for KIND into *PLAN and write the kernel name (or
	 * "" if the library does not tell) into KERNEL (KSIZE bytes).  A
	 * message if KIND is not built in or cannot run G.
	 * run: queue one GEMM of PLAN on the operands (device pointers; BIAS
	 * NULL unless G had bias).  plan_free: NULL is fine. */
	const char *(*plan)(const gs_dev_gemm *g, int kind, void **plan, char *kernel,
	                    size_t ksize);
	const char *(*run)(void *plan, const void *a, const void *b, void *c, const void *bias);
	void (*plan_free)(void *plan);

	/* Timing with device events: timer_start records the start event;
	 * timer_stop records the stop event, waits for it, and writes the
	 * elapsed time in µs.  sync waits for all queued work. */
	const char *(*timer_start)(void);
	const char *(*timer_stop)(double *us);
	const char *(*sync)(void);

	/* flush_icache: queue on the timing stream the invalidation of every
	 * CU's instruction cache: a kernel of CUs × 60 workgroups of 64
	 * threads, each running s_icache_inv and 16 s_nop wait states, as
	 * hipBLASLt's and Tensile's benchmark clients do (their --flush).
	 * NULL where the platform has no such instruction: CUDA (PTX has
	 * none) and the CPU. */
	const char *(*flush_icache)(void);
} gs_dev_api;

/* The one symbol a device backend library exports. */
typedef const gs_dev_api *(*gs_dev_entry_fn)(void);
#define GS_DEV_ENTRY "gs_dev_entry"

#ifdef __cplusplus
}
#endif

#endif
