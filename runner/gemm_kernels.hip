/* gemm_kernels.hip: gemmscope-bench's device code, the one HIP source.
 *
 * hipcc builds it into gemmscope-bench-hip.so, nvcc (-x cu, through
 * hip2cuda.h) into gemmscope-bench-cuda.so.  It implements gs_dev_api
 * (devapi.h): device setup, memory, event timing, the vendor GEMM
 * (hipBLASLt, or rocBLAS, on AMD; cuBLASLt on NVIDIA) and the project's
 * tiled GEMM kernel.  Everything else (shapes, rotation, checking,
 * statistics, output) is host C in libgs.a.
 */
#include "hip2cuda.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "devapi.h"

#if defined(GS_HIP2CUDA)
#define RT "cuda"               /* runtime call names in messages */
#else
#define RT "hip"
#endif

#if defined(GS_HIP2CUDA) || defined(GS_HAVE_HIPBLASLT)
#define GS_VENDOR_LT 1        /* hipBLASLt API (cuBLASLt under hip2cuda.h) */
#elif defined(GS_HAVE_ROCBLAS)
#define GS_VENDOR_ROCBLAS 1
#endif

namespace {

char msg_buf[512];
hipStream_t stream;
hipEvent_t ev_start, ev_stop;
int lds_max;
unsigned flush_groups = 1;  /* CUs × 60: the instruction-cache flush's grid */

const char *
say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

const char *
say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg_buf, sizeof msg_buf, fmt, ap);
	va_end(ap);
	return msg_buf;
}

/* "hipGetDeviceCount: hipErrorNoDevice (no ROCm-capable device is
 * detected)", named as the runtime in use names them. */
const char *
fail(const char *call, hipError_t e)
{
	const char *name = hipGetErrorName(e), *text = hipGetErrorString(e);

	if (strcmp(name, text) == 0)
		return say("%s%s: %s", RT, call, name);
	return say("%s%s: %s (%s)", RT, call, name, text);
}

#define TRY(name, call) do { \
	hipError_t e_ = (call); \
	if (e_ != hipSuccess) \
		return fail(name, e_); \
} while (0)

/* ---- the tiled kernel --------------------------------------------------------- */

/* Element access per dtype: f32 math on f32, f16 or bf16 storage. */
template <int DT> struct elem;
template <> struct elem<GS_DEV_F32> {
	typedef float T;
	static __device__ float ld(float x) { return x; }
	static __device__ float st(float x) { return x; }
};
template <> struct elem<GS_DEV_F16> {
	typedef uint16_t T;
	static __device__ float ld(uint16_t x) { return __half2float(__ushort_as_half(x)); }
	static __device__ uint16_t st(float x) { return __half_as_ushort(__float2half_rn(x)); }
};
template <> struct elem<GS_DEV_BF16> {
	typedef uint16_t T;
	static __device__ float ld(uint16_t x) { return __uint_as_float((unsigned)x << 16); }
	static __device__ uint16_t st(float x)
	{
		unsigned u = __float_as_uint(x);
		if ((u & 0x7f800000u) == 0x7f800000u && (u & 0x7fffffu))
			return (uint16_t)((u >> 16) | 0x40);   /* quiet NaN */
		return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16); /* ties to even */
	}
};

struct kargs {
	long long m, n, k;
	long long sa, sb, sc;     /* elements per batch of A, B, C */
	int ta, tb;               /* 1: transposed (devapi.h layout) */
	int tm, tn, tk, rm, rn;   /* macro tile, outputs per thread */
};

/* Stage A(m0.., k0..) as As[kk·tm + mi] (f32), zero outside the matrix;
 * consecutive threads read consecutive addresses in either layout. */
template <int DT>
__device__ void
load_a(const kargs &a, const typename elem<DT>::T *A, float *As, long long m0,
       long long k0, int tid, int nthr)
{
	for (int x = tid; x < a.tm * a.tk; x += nthr) {
		int mi = a.ta ? x / a.tk : x % a.tm, ki = a.ta ? x % a.tk : x / a.tm;
		long long m = m0 + mi, k = k0 + ki;
		float v = 0.f;
		if (m < a.m && k < a.k)
			v = elem<DT>::ld(a.ta ? A[k + m * a.k] : A[m + k * a.m]);
		As[ki * a.tm + mi] = v;
	}
}

template <int DT>
__device__ void
load_b(const kargs &a, const typename elem<DT>::T *B, float *Bs, long long n0,
       long long k0, int tid, int nthr)
{
	for (int x = tid; x < a.tn * a.tk; x += nthr) {
		int ni = a.tb ? x % a.tn : x / a.tk, ki = a.tb ? x / a.tn : x % a.tk;
		long long n = n0 + ni, k = k0 + ki;
		float v = 0.f;
		if (n < a.n && k < a.k)
			v = elem<DT>::ld(a.tb ? B[n + k * a.n] : B[k + n * a.k]);
		Bs[ki * a.tn + ni] = v;
	}
}

/* One workgroup computes the tm×tn block (blockIdx.x, blockIdx.y) of batch
 * blockIdx.z; thread (x, y) owns rows x + i·(tm/rm), columns y + j·(tn/rn).
 * R (1, 2, 4 or 8) bounds rm and rn so the accumulators stay in registers. */
template <int DT, int R>
__global__ void __launch_bounds__(1024)
gs_tiled_gemm(kargs a, const typename elem<DT>::T *A, const typename elem<DT>::T *B,
              typename elem<DT>::T *C, const typename elem<DT>::T *bias)
{
	extern __shared__ float smem[];
	float *As = smem, *Bs = smem + a.tk * a.tm;
	const int tdm = blockDim.x, tdn = blockDim.y;
	const int tid = threadIdx.x + threadIdx.y * tdm, nthr = tdm * tdn;
	const long long m0 = (long long)blockIdx.x * a.tm, n0 = (long long)blockIdx.y * a.tn;
	float acc[R][R];

	A += blockIdx.z * a.sa;
	B += blockIdx.z * a.sb;
	C += blockIdx.z * a.sc;
#pragma unroll
	for (int i = 0; i < R; i++)
#pragma unroll
		for (int j = 0; j < R; j++)
			acc[i][j] = 0.f;
	for (long long k0 = 0; k0 < a.k; k0 += a.tk) {
		load_a<DT>(a, A, As, m0, k0, tid, nthr);
		load_b<DT>(a, B, Bs, n0, k0, tid, nthr);
		__syncthreads();
		for (int kk = 0; kk < a.tk; kk++) {
			float ar[R], br[R];
#pragma unroll
			for (int i = 0; i < R; i++)
				ar[i] = i < a.rm ? As[kk * a.tm + threadIdx.x + i * tdm] : 0.f;
#pragma unroll
			for (int j = 0; j < R; j++)
				br[j] = j < a.rn ? Bs[kk * a.tn + threadIdx.y + j * tdn] : 0.f;
#pragma unroll
			for (int i = 0; i < R; i++)
#pragma unroll
				for (int j = 0; j < R; j++)
					acc[i][j] += ar[i] * br[j];
		}
		__syncthreads();
	}
#pragma unroll
	for (int i = 0; i < R; i++) {
		long long m = m0 + threadIdx.x + i * tdm;
#pragma unroll
		for (int j = 0; j < R; j++) {
			long long n = n0 + threadIdx.y + j * tdn;
			if (i < a.rm && j < a.rn && m < a.m && n < a.n)
				C[m + n * a.m] = elem<DT>::st(acc[i][j] +
				                              (bias ? elem<DT>::ld(bias[m]) : 0.f));
		}
	}
}

struct tiled_plan {
	kargs a;
	int dtype, r;
	dim3 grid, block;
	size_t smem;
	int smem_raised;          /* the kernel's dynamic LDS limit is raised */
};

template <int DT, int R>
const char *
launch_tiled(tiled_plan *p, const void *A, const void *B, void *C, const void *bias)
{
	typedef typename elem<DT>::T T;

	if (p->smem > 48 * 1024 && !p->smem_raised) {
		TRY("FuncSetAttribute", hipFuncSetAttribute(
		    reinterpret_cast<const void *>(&gs_tiled_gemm<DT, R>),
		    hipFuncAttributeMaxDynamicSharedMemorySize, (int)p->smem));
		p->smem_raised = 1;
	}
	gs_tiled_gemm<DT, R><<<p->grid, p->block, p->smem, stream>>>(
		p->a, (const T *)A, (const T *)B, (T *)C, (const T *)bias);
	TRY("GetLastError after the tiled GEMM launch", hipGetLastError());
	return NULL;
}

template <int DT>
const char *
launch_dtype(tiled_plan *p, const void *A, const void *B, void *C, const void *bias)
{
	switch (p->r) {
	case 1: return launch_tiled<DT, 1>(p, A, B, C, bias);
	case 2: return launch_tiled<DT, 2>(p, A, B, C, bias);
	case 4: return launch_tiled<DT, 4>(p, A, B, C, bias);
	}
	return launch_tiled<DT, 8>(p, A, B, C, bias);
}

const char *
run_tiled(tiled_plan *p, const void *A, const void *B, void *C, const void *bias)
{
	switch (p->dtype) {
	case GS_DEV_F16: return launch_dtype<GS_DEV_F16>(p, A, B, C, bias);
	case GS_DEV_BF16: return launch_dtype<GS_DEV_BF16>(p, A, B, C, bias);
	}
	return launch_dtype<GS_DEV_F32>(p, A, B, C, bias);
}

const char *
plan_tiled(const gs_dev_gemm *g, tiled_plan *p, char *kernel, size_t ksize)
{
	int rmax = g->thr_m > g->thr_n ? g->thr_m : g->thr_n;

	if (g->tile_m < 1 || g->tile_n < 1 || g->tile_k < 1 || g->thr_m < 1 ||
	    g->thr_n < 1 || rmax > 8 || g->tile_m % g->thr_m || g->tile_n % g->thr_n)
		return say("tiled: invalid tile %dx%dx%d with %dx%d outputs per thread",
		           g->tile_m, g->tile_n, g->tile_k, g->thr_m, g->thr_n);
	p->smem = (size_t)(g->tile_m + g->tile_n) * g->tile_k * sizeof(float);
	if (lds_max > 0 && p->smem > (size_t)lds_max)
		return say("tiled: the tile needs %zu bytes of LDS/shared memory, the device "
		           "allows %d", p->smem, lds_max);
	if (g->batch > 65535 || (g->n + g->tile_n - 1) / g->tile_n > 65535)
		return say("tiled: the grid exceeds 65535 workgroups in y or z");
	p->a = kargs{g->m, g->n, g->k, g->m * g->k, g->k * g->n, g->m * g->n,
	             g->trans_a == 'T', g->trans_b == 'T', g->tile_m, g->tile_n,
	             g->tile_k, g->thr_m, g->thr_n};
	p->dtype = g->dtype;
	p->r = rmax <= 1 ? 1 : rmax <= 2 ? 2 : rmax <= 4 ? 4 : 8;
	p->grid = dim3((unsigned)((g->m + g->tile_m - 1) / g->tile_m),
	               (unsigned)((g->n + g->tile_n - 1) / g->tile_n), (unsigned)g->batch);
	p->block = dim3(g->tile_m / g->thr_m, g->tile_n / g->thr_n, 1);
	snprintf(kernel, ksize, "gemmscope_tiled_MT%dx%dx%d_TT%dx%d_%s", g->tile_m,
	         g->tile_n, g->tile_k, g->thr_m, g->thr_n,
	         g->dtype == GS_DEV_F16 ? "f16" : g->dtype == GS_DEV_BF16 ? "bf16" : "f32");
	return NULL;
}

/* ---- the vendor library ----------------------------------------------------------- */

#if GS_VENDOR_LT
hipblasLtHandle_t lt;
int lt_ok;
const size_t lt_workspace = 32u << 20;

struct vendor_plan {
	hipblasLtMatmulDesc_t desc;
	hipblasLtMatrixLayout_t la, lb, lc;
	hipblasLtMatmulHeuristicResult_t heur;
	void *ws;
	int bias;
};

#define TRY_LT(name, call) do { \
	hipblasStatus_t s_ = (call); \
	if (s_ != HIPBLAS_STATUS_SUCCESS) \
		return say("%s: status %d", name, (int)s_); \
} while (0)

hipDataType
lt_type(int dtype)
{
	return dtype == GS_DEV_F16 ? HIP_R_16F : dtype == GS_DEV_BF16 ? HIP_R_16BF : HIP_R_32F;
}

const char *
lt_layout(hipblasLtMatrixLayout_t *l, int dtype, long long rows, long long cols,
          long long batch)
{
	int32_t count = (int32_t)batch;
	int64_t stride = rows * cols;

	TRY_LT("hipblasLtMatrixLayoutCreate",
	       hipblasLtMatrixLayoutCreate(l, lt_type(dtype), rows, cols, rows));
	TRY_LT("hipblasLtMatrixLayoutSetAttribute", hipblasLtMatrixLayoutSetAttribute(
	       *l, HIPBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &count, sizeof count));
	TRY_LT("hipblasLtMatrixLayoutSetAttribute", hipblasLtMatrixLayoutSetAttribute(
	       *l, HIPBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride, sizeof stride));
	return NULL;
}

const char *
lt_desc(const gs_dev_gemm *g, vendor_plan *p)
{
	hipblasOperation_t ta = g->trans_a == 'T' ? HIPBLAS_OP_T : HIPBLAS_OP_N;
	hipblasOperation_t tb = g->trans_b == 'T' ? HIPBLAS_OP_T : HIPBLAS_OP_N;
	hipblasLtEpilogue_t epi = g->bias ? HIPBLASLT_EPILOGUE_BIAS : HIPBLASLT_EPILOGUE_DEFAULT;

	TRY_LT("hipblasLtMatmulDescCreate",
	       hipblasLtMatmulDescCreate(&p->desc, HIPBLAS_COMPUTE_32F, HIP_R_32F));
	TRY_LT("hipblasLtMatmulDescSetAttribute", hipblasLtMatmulDescSetAttribute(
	       p->desc, HIPBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta));
	TRY_LT("hipblasLtMatmulDescSetAttribute", hipblasLtMatmulDescSetAttribute(
	       p->desc, HIPBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb));
	TRY_LT("hipblasLtMatmulDescSetAttribute", hipblasLtMatmulDescSetAttribute(
	       p->desc, HIPBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof epi));
	return NULL;
}

const char *
lt_algo(vendor_plan *p)
{
	hipblasLtMatmulPreference_t pref;
	int found = 0;
	hipblasStatus_t s;

	TRY_LT("hipblasLtMatmulPreferenceCreate", hipblasLtMatmulPreferenceCreate(&pref));
	s = hipblasLtMatmulPreferenceSetAttribute(pref, HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
	                                          &lt_workspace, sizeof lt_workspace);
	if (s == HIPBLAS_STATUS_SUCCESS)
		s = hipblasLtMatmulAlgoGetHeuristic(lt, p->desc, p->la, p->lb, p->lc, p->lc,
		                                    pref, 1, &p->heur, &found);
	hipblasLtMatmulPreferenceDestroy(pref);
	if (s != HIPBLAS_STATUS_SUCCESS)
		return say("hipblasLtMatmulAlgoGetHeuristic: status %d", (int)s);
	if (found < 1)
		return say("the vendor library has no algorithm for this GEMM");
	return NULL;
}

void
lt_kernel_name(vendor_plan *p, char *kernel, size_t ksize)
{
#if defined(GS_HIP2CUDA)
	int id = -1, tile = -1;

	cublasLtMatmulAlgoConfigGetAttribute(&p->heur.algo, CUBLASLT_ALGO_CONFIG_ID, &id,
	                                     sizeof id, NULL);
	cublasLtMatmulAlgoConfigGetAttribute(&p->heur.algo, CUBLASLT_ALGO_CONFIG_TILE_ID,
	                                     &tile, sizeof tile, NULL);
	snprintf(kernel, ksize, "cublasLt_algo%d_tile%d", id, tile);
#else
	snprintf(kernel, ksize, "%s",
	         hipblaslt_ext::getKernelNameFromAlgo(lt, p->heur.algo).c_str());
#endif
}

void
vendor_free(vendor_plan *p)
{
	if (!p)
		return;
	if (p->la) hipblasLtMatrixLayoutDestroy(p->la);
	if (p->lb) hipblasLtMatrixLayoutDestroy(p->lb);
	if (p->lc) hipblasLtMatrixLayoutDestroy(p->lc);
	if (p->desc) hipblasLtMatmulDescDestroy(p->desc);
	hipFree(p->ws);
	free(p);
}

const char *
plan_vendor(const gs_dev_gemm *g, vendor_plan *p, char *kernel, size_t ksize)
{
	const char *m;

	if (!lt_ok)
		return "the vendor library did not initialise";
	p->bias = g->bias;
	if ((m = lt_desc(g, p)) ||
	    (m = lt_layout(&p->la, g->dtype, g->trans_a == 'T' ? g->k : g->m,
	                   g->trans_a == 'T' ? g->m : g->k, g->batch)) ||
	    (m = lt_layout(&p->lb, g->dtype, g->trans_b == 'T' ? g->n : g->k,
	                   g->trans_b == 'T' ? g->k : g->n, g->batch)) ||
	    (m = lt_layout(&p->lc, g->dtype, g->m, g->n, g->batch)) || (m = lt_algo(p)))
		return m;
	if (p->heur.workspaceSize)
		TRY("Malloc", hipMalloc(&p->ws, p->heur.workspaceSize));
	lt_kernel_name(p, kernel, ksize);
	return NULL;
}

const char *
run_vendor(vendor_plan *p, const void *A, const void *B, void *C, const void *bias)
{
	const float one = 1.f, zero = 0.f;

	if (p->bias)
		TRY_LT("hipblasLtMatmulDescSetAttribute", hipblasLtMatmulDescSetAttribute(
		       p->desc, HIPBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof bias));
	TRY_LT("hipblasLtMatmul", hipblasLtMatmul(lt, p->desc, &one, A, p->la, B, p->lb,
	       &zero, C, p->lc, C, p->lc, &p->heur.algo, p->ws, p->heur.workspaceSize,
	       stream));
	return NULL;
}

const char *
vendor_init(gs_dev_info *info)
{
	lt_ok = hipblasLtCreate(&lt) == HIPBLAS_STATUS_SUCCESS;
#if defined(GS_HIP2CUDA)
	snprintf(info->blas, sizeof info->blas, "cuBLASLt %zu", cublasLtGetVersion());
#else
	snprintf(info->blas, sizeof info->blas, "hipBLASLt");
#endif
	return NULL;
}

void
vendor_fini(void)
{
	if (lt_ok)
		hipblasLtDestroy(lt);
	lt_ok = 0;
}

#elif GS_VENDOR_ROCBLAS
/* rocBLAS, where hipBLASLt is absent: rocblas_gemm_strided_batched_ex with
 * f32 compute.  It has no bias epilogue and does not name its kernel. */
rocblas_handle rb;
int rb_ok;

struct vendor_plan {
	gs_dev_gemm g;
};

void
vendor_free(vendor_plan *p)
{
	free(p);
}

const char *
plan_vendor(const gs_dev_gemm *g, vendor_plan *p, char *kernel, size_t ksize)
{
	if (!rb_ok)
		return "rocblas_create_handle failed";
	if (g->bias)
		return "rocBLAS has no bias epilogue: build with hipBLASLt for bias shapes";
	if (g->m > 0x7fffffff || g->n > 0x7fffffff || g->k > 0x7fffffff)
		return "rocBLAS sizes are 32-bit";
	p->g = *g;
	snprintf(kernel, ksize, "%s", "");
	return NULL;
}

rocblas_datatype
rb_type(int dtype)
{
	return dtype == GS_DEV_F16 ? rocblas_datatype_f16_r :
	       dtype == GS_DEV_BF16 ? rocblas_datatype_bf16_r : rocblas_datatype_f32_r;
}

const char *
run_vendor(vendor_plan *p, const void *A, const void *B, void *C, const void *bias)
{
	const gs_dev_gemm *g = &p->g;
	const float one = 1.f, zero = 0.f;
	rocblas_int lda = (rocblas_int)(g->trans_a == 'T' ? g->k : g->m);
	rocblas_int ldb = (rocblas_int)(g->trans_b == 'T' ? g->n : g->k);
	rocblas_status s;

	(void)bias;
	s = rocblas_gemm_strided_batched_ex(rb,
		g->trans_a == 'T' ? rocblas_operation_transpose : rocblas_operation_none,
		g->trans_b == 'T' ? rocblas_operation_transpose : rocblas_operation_none,
		(rocblas_int)g->m, (rocblas_int)g->n, (rocblas_int)g->k, &one,
		A, rb_type(g->dtype), lda, g->m * g->k, B, rb_type(g->dtype), ldb, g->k * g->n,
		&zero, C, rb_type(g->dtype), (rocblas_int)g->m, g->m * g->n,
		C, rb_type(g->dtype), (rocblas_int)g->m, g->m * g->n, (rocblas_int)g->batch,
		rocblas_datatype_f32_r, rocblas_gemm_algo_standard, 0, 0);
	if (s != rocblas_status_success)
		return say("rocblas_gemm_strided_batched_ex: %s", rocblas_status_to_string(s));
	return NULL;
}

const char *
vendor_init(gs_dev_info *info)
{
	rb_ok = rocblas_create_handle(&rb) == rocblas_status_success &&
	        rocblas_set_stream(rb, stream) == rocblas_status_success;
	snprintf(info->blas, sizeof info->blas, "rocBLAS");
	return NULL;
}

void
vendor_fini(void)
{
	if (rb_ok)
		rocblas_destroy_handle(rb);
	rb_ok = 0;
}

#else
struct vendor_plan {
	int unused;
};

void
vendor_free(vendor_plan *p)
{
	free(p);
}

const char *
plan_vendor(const gs_dev_gemm *, vendor_plan *, char *, size_t)
{
	return "the vendor backend is not built: neither hipBLASLt nor rocBLAS was "
	       "found by configure (use --backend tiled)";
}

const char *
run_vendor(vendor_plan *, const void *, const void *, void *, const void *)
{
	return "the vendor backend is not built";
}

const char *
vendor_init(gs_dev_info *)
{
	return NULL;
}

void
vendor_fini(void)
{
}
#endif

/* ---- gs_dev_api ------------------------------------------------------------------ */

struct plan {
	int kind;
	tiled_plan tiled;
	vendor_plan *vendor;
};

const char *
device_info(int device, gs_dev_info *info)
{
	hipDeviceProp_t prop;
	int sclk = 0, mclk = 0, version = 0;

	TRY("GetDeviceProperties", hipGetDeviceProperties(&prop, device));
	hipDeviceGetAttribute(&sclk, hipDeviceAttributeClockRate, device);
	hipDeviceGetAttribute(&mclk, hipDeviceAttributeMemoryClockRate, device);
	hipDeviceGetAttribute(&lds_max, hipDeviceAttributeMaxSharedMemoryPerBlock, device);
	hipRuntimeGetVersion(&version);
	snprintf(info->name, sizeof info->name, "%s", prop.name);
#if defined(GS_HIP2CUDA)
	snprintf(info->arch, sizeof info->arch, "sm_%d%d", prop.major, prop.minor);
	snprintf(info->runtime, sizeof info->runtime, "CUDA runtime %d", version);
#else
	snprintf(info->arch, sizeof info->arch, "%s", prop.gcnArchName);
	snprintf(info->runtime, sizeof info->runtime, "HIP runtime %d", version);
#endif
	info->cus = prop.multiProcessorCount;
	info->wave_size = prop.warpSize;
	info->sclk_mhz = sclk / 1000;
	info->mclk_mhz = mclk / 1000;
	info->l2_bytes = prop.l2CacheSize;
	info->mem_bytes = (long long)prop.totalGlobalMem;
	info->lds_bytes = lds_max;
	flush_groups = prop.multiProcessorCount > 0 ? 60u * (unsigned)prop.multiProcessorCount : 1u;
	if (hipDeviceGetPCIBusId(info->pci_bus_id, sizeof info->pci_bus_id, device) != hipSuccess)
		info->pci_bus_id[0] = '\0';
	return NULL;
}

const char *
dev_init(int device, gs_dev_info *info)
{
	int n = 0;
	const char *m;

	memset(info, 0, sizeof *info);
	TRY("GetDeviceCount", hipGetDeviceCount(&n));
	if (n < 1)
		return say("%sGetDeviceCount: no device", RT);
	if (device >= n)
		return say("device %d asked for, the runtime has %d", device, n);
	TRY("SetDevice", hipSetDevice(device));
	if ((m = device_info(device, info)))
		return m;
	TRY("StreamCreate", hipStreamCreate(&stream));
	TRY("EventCreate", hipEventCreate(&ev_start));
	TRY("EventCreate", hipEventCreate(&ev_stop));
	return vendor_init(info);
}

void
dev_fini(void)
{
	vendor_fini();
	hipEventDestroy(ev_start);
	hipEventDestroy(ev_stop);
	hipStreamDestroy(stream);
}

const char *
dev_alloc(void **p, size_t bytes)
{
	*p = NULL;
	TRY("Malloc", hipMalloc(p, bytes));
	return NULL;
}

void
dev_release(void *p)
{
	if (p)
		hipFree(p);
}

const char *
dev_upload(void *dst, const void *src, size_t bytes)
{
	TRY("Memcpy", hipMemcpy(dst, src, bytes, hipMemcpyHostToDevice));
	return NULL;
}

const char *
dev_download(void *dst, const void *src, size_t bytes)
{
	TRY("Memcpy", hipMemcpy(dst, src, bytes, hipMemcpyDeviceToHost));
	return NULL;
}

const char *
dev_fill(void *dst, int byte, size_t bytes)
{
	TRY("MemsetAsync", hipMemsetAsync(dst, byte, bytes, stream));
	return NULL;
}

const char *
dev_copy(void *dst, const void *src, size_t bytes)
{
	TRY("MemcpyAsync", hipMemcpyAsync(dst, src, bytes, hipMemcpyDeviceToDevice, stream));
	return NULL;
}

void
dev_plan_free(void *vp)
{
	plan *p = (plan *)vp;

	if (!p)
		return;
	vendor_free(p->vendor);
	free(p);
}

const char *
dev_plan(const gs_dev_gemm *g, int kind, void **out, char *kernel, size_t ksize)
{
	plan *p = (plan *)calloc(1, sizeof *p);
	const char *m = NULL;

	*out = NULL;
	kernel[0] = 0;
	if (!p)
		return "out of memory";
	p->kind = kind;
	if (kind == GS_DEV_TILED) {
		m = plan_tiled(g, &p->tiled, kernel, ksize);
	} else if (kind == GS_DEV_VENDOR) {
		p->vendor = (vendor_plan *)calloc(1, sizeof *p->vendor);
		m = p->vendor ? plan_vendor(g, p->vendor, kernel, ksize) : "out of memory";
	} else {
		m = "a device backend runs the vendor and tiled GEMMs only";
	}
	if (m) {
		dev_plan_free(p);
		return m;
	}
	*out = p;
	return NULL;
}

const char *
dev_run(void *vp, const void *a, const void *b, void *c, const void *bias)
{
	plan *p = (plan *)vp;

	if (p->kind == GS_DEV_TILED)
		return run_tiled(&p->tiled, a, b, c, bias);
	return run_vendor(p->vendor, a, b, c, bias);
}

const char *
dev_timer_start(void)
{
	TRY("EventRecord", hipEventRecord(ev_start, stream));
	return NULL;
}

const char *
dev_timer_stop(double *us)
{
	float ms = 0;

	TRY("EventRecord", hipEventRecord(ev_stop, stream));
	TRY("EventSynchronize", hipEventSynchronize(ev_stop));
	TRY("EventElapsedTime", hipEventElapsedTime(&ms, ev_start, ev_stop));
	*us = ms * 1e3;
	return NULL;
}

const char *
dev_sync(void)
{
	TRY("StreamSynchronize", hipStreamSynchronize(stream));
	return NULL;
}

/* ---- the instruction-cache flush (devapi.h flush_icache) ------------------------ */

#if !defined(GS_HIP2CUDA)
/* Invalidate the instruction cache of the CU this workgroup runs on, then
 * 16 wait states before the wave fetches on.  CUs × 60 workgroups reach
 * every CU (hipBLASLt's and Tensile's clients size their flush so). */
__global__ void
gs_flush_icache()
{
	asm volatile("s_icache_inv\n\t.rept 16\n\ts_nop 0\n\t.endr" ::: "memory");
}

const char *
dev_flush_icache(void)
{
	gs_flush_icache<<<dim3(flush_groups), dim3(64), 0, stream>>>();
	TRY("LaunchKernel", hipGetLastError());
	return NULL;
}
#define GS_FLUSH_ICACHE dev_flush_icache
#else
#define GS_FLUSH_ICACHE NULL     /* CUDA: no instruction to invalidate it */
#endif

const gs_dev_api api = {
	GS_DEV_ABI,
#if defined(GS_HIP2CUDA)
	"cuda",
#else
	"hip",
#endif
	dev_init, dev_fini, dev_alloc, dev_release, dev_upload, dev_download,
	dev_fill, dev_copy, dev_plan, dev_run, dev_plan_free, dev_timer_start,
	dev_timer_stop, dev_sync, GS_FLUSH_ICACHE,
};

} /* namespace */

extern "C" __attribute__((visibility("default"))) const gs_dev_api *
gs_dev_entry(void)
{
	return &api;
}
