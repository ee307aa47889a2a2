/* kernel_name_impl.h: private to the kernel-name parser (kernel_name.c,
 * kernel_name_nv.c, kernel_name_amd.c): the regex ids, the compiled
 * parser, the match helpers and one parse function per family.
 * Conventions: reference/kernel-names.md.
 */
#ifndef GS_KERNEL_NAME_IMPL_H
#define GS_KERNEL_NAME_IMPL_H

#include <regex.h>
#include <stddef.h>

#include "model/kernel_name.h"

enum {
	R_NVJET,
	R_NVJET_LAYOUT,
	R_NVJET_SPLITK,
	R_CUTLASS3,
	R_CUTLASS3_TILE,
	R_CUTLASS3_INSTR,
	R_CUTLASS3_TYPE,
	R_CUTLASS2,
	R_CUTLASS2_K,
	R_CUTLASS2_NOK,
	R_CUTLASS2_CONV,
	R_CUTLASS2_TYPE,
	R_CUTLASS2_SIMT,
	R_XMMA,
	R_XMMA_HEAD,
	R_XMMA_TILE,
	R_XMMA_STAGE,
	R_XMMA_WARPS,
	R_XMMA_MMA,
	R_XMMA_LAYOUT,
	R_XMMA_SEGK,
	R_CUBLAS,
	R_CUBLAS_STAGES,
	R_CUBLAS_LAYOUT,
	R_TENSILE,
	R_TENSILE_MT,
	R_TENSILE_MI4,
	R_TENSILE_MI3,
	R_TENSILE_MIWT,
	R_TENSILE_WG,
	R_TENSILE_GSU,
	R_TENSILE_GSUA,
	R_TENSILE_SK,
	R_TENSILE_ISA,
	R_TENSILE_AUX,
	R_TENSILE_POSTGSU,
	R_CK,
	R_CK_BLK,
	R_CK_WAVE,
	R_CK_BLKSIZE,
	R_CK_DEV,
	R_CK_GRID,
	R_AITER,
	R_AITER_TILE,
	R_AITER_TYPE,
	R_MIOPEN,
	R_MIOPEN_TILE,
	R_TRITON,
	R_TRITON_GEMM,
	R_COUNT
};

struct gs_kparser {
	regex_t re[R_COUNT];
	int ncompiled;
};

enum { NGROUPS = 10 };

/* ---- match helpers (kernel_name.c) --------------------------------------- */

/* gs_kn_match: regex ID of P against S; 1 with the groups in M (NGROUPS
 * entries) on a match, else 0. */
int gs_kn_match(const gs_kparser *p, int id, const char *s, regmatch_t *m);

/* Group G of M in S as an int; 0 if absent or out of range. */
int gs_kn_grp_int(const char *s, const regmatch_t *m, int g);

/* Copy group G of M in S into BUF of SIZE bytes (truncating). */
void gs_kn_grp_str(const char *s, const regmatch_t *m, int g, char *buf, size_t size);

/* The first character of group G of M in S, 0 if absent. */
char gs_kn_grp_char(const char *s, const regmatch_t *m, int g);

/* 'N' or 'T' for a layout letter (n/t, either case). */
char gs_kn_nt(char c);

/* Canonical dtype for a type token prefix such as "bf16bf16", "fp16", "e4m3". */
void gs_kn_type_prefix(const char *tok, char out[16]);

/* Record the macro tile M x N x KK in K (the tile over the BLAS dims). */
void gs_kn_set_tile(gs_kernel_info *k, int m, int n, int kk);

/* ---- families ------------------------------------------------------------
 * Each fills K (family already set by the dispatcher) from S, the
 * normalised name; M, H or F are the groups of the family's head regex.
 * NVIDIA: kernel_name_nv.c; AMD and others: kernel_name_amd.c. */

void gs_kn_parse_nvjet(const gs_kparser *p, const char *s, const regmatch_t *m, gs_kernel_info *k);
void gs_kn_parse_cutlass3(const gs_kparser *p, const char *s, const regmatch_t *h,
                          gs_kernel_info *k);
void gs_kn_parse_cutlass2(const gs_kparser *p, const char *s, gs_kernel_info *k);
void gs_kn_parse_xmma(const gs_kparser *p, const char *s, gs_kernel_info *k);
void gs_kn_parse_cublas(const gs_kparser *p, const char *s, const regmatch_t *m, gs_kernel_info *k);
void gs_kn_parse_tensile(const gs_kparser *p, const char *s, const regmatch_t *f,
                         const regmatch_t *mt, gs_kernel_info *k);
void gs_kn_parse_tensile_aux(const gs_kparser *p, const char *s, gs_kernel_info *k);
void gs_kn_parse_ck(const gs_kparser *p, const char *s, gs_kernel_info *k);
void gs_kn_parse_aiter(const gs_kparser *p, const char *s, gs_kernel_info *k);
void gs_kn_parse_other(const gs_kparser *p, const char *s, gs_kernel_info *k);

#endif
