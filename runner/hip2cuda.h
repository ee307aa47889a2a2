/* hip2cuda.h: compile runner/gemm_kernels.hip for NVIDIA with nvcc.
 *
 * gemm_kernels.hip is written against HIP and hipBLASLt.  Under hipcc this
 * header only includes the HIP headers.  Under nvcc (`nvcc -x cu -include
 * hip2cuda.h`) it includes the CUDA runtime, cuda_fp16.h and cuBLASLt and
 * maps the subset of HIP the runner uses onto them, one name each: hip* ->
 * cuda*, hipblasLt* -> cublasLt*, HIPBLASLT_* -> CUBLASLT_*.  Kernels stay
 * in the common subset (__global__, threadIdx/blockIdx, extern
 * __shared__, __syncthreads, <<<...>>> launches), so nothing else is
 * needed.  HIP's own NVIDIA headers (hip/nvidia_detail) are not used:
 * Debian's copy calls APIs removed from CUDA 12/13 (reference/formats.md
 * §5).  GS_HIP2CUDA is defined when the mapping is in force.
 */
#ifndef GS_HIP2CUDA_H
#define GS_HIP2CUDA_H

#if defined(__CUDACC__) && !defined(__HIP_PLATFORM_AMD__)

#define GS_HIP2CUDA 1
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cublasLt.h>

/* Runtime. */
#define hipError_t cudaError_t
#define hipSuccess cudaSuccess
#define hipGetErrorName cudaGetErrorName
#define hipGetErrorString cudaGetErrorString
#define hipGetLastError cudaGetLastError
#define hipGetDeviceCount cudaGetDeviceCount
#define hipSetDevice cudaSetDevice
#define hipDeviceProp_t cudaDeviceProp
#define hipGetDeviceProperties cudaGetDeviceProperties
#define hipDeviceGetAttribute cudaDeviceGetAttribute
#define hipDeviceGetPCIBusId cudaDeviceGetPCIBusId
#define hipDeviceAttributeClockRate cudaDevAttrClockRate
#define hipDeviceAttributeMemoryClockRate cudaDevAttrMemoryClockRate
/* the opt-in limit: the runner raises the kernel's limit to it */
#define hipDeviceAttributeMaxSharedMemoryPerBlock cudaDevAttrMaxSharedMemoryPerBlockOptin
#define hipRuntimeGetVersion cudaRuntimeGetVersion
#define hipFuncSetAttribute cudaFuncSetAttribute
#define hipFuncAttributeMaxDynamicSharedMemorySize cudaFuncAttributeMaxDynamicSharedMemorySize
#define hipMalloc cudaMalloc
#define hipFree cudaFree
#define hipMemcpy cudaMemcpy
#define hipMemcpyAsync cudaMemcpyAsync
#define hipMemsetAsync cudaMemsetAsync
#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define hipMemcpyDeviceToDevice cudaMemcpyDeviceToDevice
#define hipStream_t cudaStream_t
#define hipStreamCreate cudaStreamCreate
#define hipStreamDestroy cudaStreamDestroy
#define hipStreamSynchronize cudaStreamSynchronize
#define hipEvent_t cudaEvent_t
#define hipEventCreate cudaEventCreate
#define hipEventDestroy cudaEventDestroy
#define hipEventRecord cudaEventRecord
#define hipEventSynchronize cudaEventSynchronize
#define hipEventElapsedTime cudaEventElapsedTime

/* hipBLASLt -> cuBLASLt: the same API, one prefix apart. */
#define hipblasStatus_t cublasStatus_t
#define HIPBLAS_STATUS_SUCCESS CUBLAS_STATUS_SUCCESS
#define hipblasOperation_t cublasOperation_t
#define HIPBLAS_OP_N CUBLAS_OP_N
#define HIPBLAS_OP_T CUBLAS_OP_T
#define HIPBLAS_COMPUTE_32F CUBLAS_COMPUTE_32F
#define hipDataType cudaDataType_t
#define HIP_R_32F CUDA_R_32F
#define HIP_R_16F CUDA_R_16F
#define HIP_R_16BF CUDA_R_16BF
#define hipblasLtHandle_t cublasLtHandle_t
#define hipblasLtCreate cublasLtCreate
#define hipblasLtDestroy cublasLtDestroy
#define hipblasLtMatmulDesc_t cublasLtMatmulDesc_t
#define hipblasLtMatmulDescCreate cublasLtMatmulDescCreate
#define hipblasLtMatmulDescDestroy cublasLtMatmulDescDestroy
#define hipblasLtMatmulDescSetAttribute cublasLtMatmulDescSetAttribute
#define HIPBLASLT_MATMUL_DESC_TRANSA CUBLASLT_MATMUL_DESC_TRANSA
#define HIPBLASLT_MATMUL_DESC_TRANSB CUBLASLT_MATMUL_DESC_TRANSB
#define HIPBLASLT_MATMUL_DESC_EPILOGUE CUBLASLT_MATMUL_DESC_EPILOGUE
#define HIPBLASLT_MATMUL_DESC_BIAS_POINTER CUBLASLT_MATMUL_DESC_BIAS_POINTER
#define hipblasLtEpilogue_t cublasLtEpilogue_t
#define HIPBLASLT_EPILOGUE_DEFAULT CUBLASLT_EPILOGUE_DEFAULT
#define HIPBLASLT_EPILOGUE_BIAS CUBLASLT_EPILOGUE_BIAS
#define hipblasLtMatrixLayout_t cublasLtMatrixLayout_t
#define hipblasLtMatrixLayoutCreate cublasLtMatrixLayoutCreate
#define hipblasLtMatrixLayoutDestroy cublasLtMatrixLayoutDestroy
#define hipblasLtMatrixLayoutSetAttribute cublasLtMatrixLayoutSetAttribute
#define HIPBLASLT_MATRIX_LAYOUT_BATCH_COUNT CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT
#define HIPBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET
#define hipblasLtMatmulPreference_t cublasLtMatmulPreference_t
#define hipblasLtMatmulPreferenceCreate cublasLtMatmulPreferenceCreate
#define hipblasLtMatmulPreferenceDestroy cublasLtMatmulPreferenceDestroy
#define hipblasLtMatmulPreferenceSetAttribute cublasLtMatmulPreferenceSetAttribute
#define HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES
#define hipblasLtMatmulHeuristicResult_t cublasLtMatmulHeuristicResult_t
#define hipblasLtMatmulAlgoGetHeuristic cublasLtMatmulAlgoGetHeuristic
#define hipblasLtMatmul cublasLtMatmul

#else

#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#if defined(GS_HAVE_HIPBLASLT)
#include <hipblaslt/hipblaslt.h>
#include <hipblaslt/hipblaslt-ext.hpp>
#elif defined(GS_HAVE_ROCBLAS)
#include <rocblas/rocblas.h>
#endif

#endif

#endif
