/* kernel_name.h: what a GEMM kernel's name says about it: family, macro
 * tile, matrix instruction, workgroup, split-K / Stream-K, transposes and
 * dtype.  Families and regexes: reference/kernel-names.md (POSIX ERE via
 * regcomp).  A name whose tile cannot be read is reported as unknown,
 * never guessed.  Pure computation.
 */
#ifndef GS_KERNEL_NAME_H
#define GS_KERNEL_NAME_H

#include <stddef.h>

#include "util/error.h"

/* Families, in the parse order of kernel-names.md §1. */
typedef enum gs_kfamily {
	GS_KF_UNKNOWN = 0,
	GS_KF_NVJET, /* cuBLAS nvjet (Hopper, Blackwell) */
	GS_KF_CUTLASS3, /* cutlass3x_sm90_... */
	GS_KF_CUTLASS2, /* cutlass_80_..., also inside cuBLAS/cuDNN */
	GS_KF_XMMA, /* cuBLAS sm80/sm90 xmma */
	GS_KF_CUBLAS, /* cuBLAS legacy: ampere_sgemm_..., volta_... */
	GS_KF_TENSILE, /* Tensile (rocBLAS) / TensileLite (hipBLASLt) */
	GS_KF_TENSILE_AUX, /* Tensile PostGSU split-K reduction: not a GEMM main kernel */
	GS_KF_CK, /* Composable Kernel */
	GS_KF_AITER, /* aiter hand-tuned assembly */
	GS_KF_MIOPEN, /* MIOpen implicit GEMM (a convolution) */
	GS_KF_TRITON /* Triton / Inductor: the name has no tile */
} gs_kfamily;

typedef struct gs_kernel_info {
	gs_kfamily family;
	int has_tile; /* 1 if tile_m and tile_n were read from the name */
	int tile_m, tile_n; /* macro tile over the BLAS dims (mt_m, mt_n), 0 unknown */
	int tile_k; /* K per main-loop iteration (DepthU, K-tile), 0 unknown */
	int mi_m, mi_n, mi_k; /* matrix instruction shape, 0 unknown (TensileLite MI has no K) */
	int mi_b; /* MI blocks (4-field Tensile MI), 0 unknown */
	int wave_tile_m, wave_tile_n; /* Tensile MIWT, CK WaveTile; 0 unknown */
	int wg[3]; /* Tensile WG x_y_z (threads = product); 0 unknown */
	int block_size; /* threads per workgroup (CK BlkSize / 1st arg), 0 unknown */
	int stages; /* pipeline stages, 0 unknown */
	int cluster_m, cluster_n, cluster_k; /* nvjet/CUTLASS 3 cluster, 0 unknown */
	int gsu; /* Tensile GlobalSplitU: 0 not given or run-time (GSU0), 1 none */
	char gsu_alg[8]; /* "SB", "MB", "MBSK" or "" */
	int stream_k; /* Stream-K: Tensile SK mode (0 data-parallel), 1 for CUTLASS 3
	                           _stream_k; -1 not given */
	int split_k; /* 1 if the name shows a split K (GSU>1, GSUAMBSK, splitK,
	                           segment_k_on) */
	int persistent; /* 1 if grid != tiles by design: sm90+ xmma, Tensile SK>0,
	                           CUTLASS 3 stream_k / warp-specialized persistent */
	int valu; /* Tensile without MI: a VALU (non-matrix-core) kernel */
	int custom; /* Tensile Custom_ hand-written assembly */
	int is_gemm; /* 0 for reductions, convolutions and unknown names */
	char trans_a, trans_b; /* 'N' / 'T' in BLAS terms, 0 unknown */
	char dtype[16]; /* canonical input dtype (gs_dtype_normalize), "" unknown */
	char isa[12]; /* Tensile ISA: "942", "90a", "950"; "" unknown */
	int sm; /* NVIDIA compute capability from the name (80, 90), 0 unknown */
	const char *note; /* static sentence: why no tile, or a caveat; NULL if none */
} gs_kernel_info;

typedef struct gs_kparser gs_kparser;

/* gs_kparser_new: compile the regexes.  Returns a parser (free with
 * gs_kparser_free), or NULL with ERR on out of memory or a regcomp
 * failure. */
gs_kparser *gs_kparser_new(gs_error *err);

/* gs_kparser_free: release P; NULL is fine. */
void gs_kparser_free(gs_kparser *p);

/* gs_kparser_parse: parse kernel NAME (the full name from the event, not a
 * truncated display column; a trailing ".kd", a leading "void ", a
 * parameter list and cutlass::Kernel/Kernel2<...> wrappers are stripped)
 * into OUT.  Returns 1 if the tile is known, 0 if not (OUT->family may
 * still be known, OUT->note says why).  Never fails. */
int gs_kparser_parse(gs_kparser *p, const char *name, gs_kernel_info *out);

/* gs_kfamily_name: "tensile", "tensile-aux", "nvjet", "cutlass3", "cutlass2",
 * "xmma", "cublas", "ck", "aiter", "miopen", "triton", "unknown". */
const char *gs_kfamily_name(gs_kfamily f);

/* gs_kfamily_blas: 1 for families that are column-major BLAS kernels
 * (Tensile, cuBLAS legacy, xmma, nvjet, CUTLASS 2.x as built into cuBLAS),
 * whose macro tile lies over the BLAS dims, so that a row-major framework
 * shape must be swapped (efficiency.md §5); 0 otherwise. */
int gs_kfamily_blas(gs_kfamily f);

/* gs_kernel_math_dtype: the math type KERNEL (a full kernel name) runs
 * STORAGE_DTYPE (canonical, table.h gs_dtype_normalize; NULL or "" when
 * unknown) at, where the two differ: "tf32" for fp32 storage on NVIDIA
 * TF32 tensor cores (names with "tf32": xmma f32f32_tf32f32, CUTLASS
 * tf32 element types; CUTLASS 2.x cutlass_<cc>_tensorop_s<mma>gemm with
 * cc >= 80 and no input-type token), "xf32" for AMD XF32 (names with
 * "xf32"; Tensile/TensileLite type character X after C.._A.._B..).  Any
 * other name or storage type gives STORAGE_DTYPE itself (SIMT kernels
 * such as ampere_sgemm stay "f32"; bf16/f16 storage is never changed).
 * Conventions: reference/kernel-names.md §2, §4, §6, §7.  Pure; the
 * result is a static string or STORAGE_DTYPE. */
const char *gs_kernel_math_dtype(const char *kernel, const char *storage_dtype);

#endif
