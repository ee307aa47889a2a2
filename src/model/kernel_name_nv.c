/* kernel_name_nv.c: NVIDIA kernel families (nvjet, CUTLASS 3.x and 2.x,
 * xmma, cuBLAS legacy).  Patterns and fields: reference/kernel-names.md.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/kernel_name_impl.h"

/* ---- families ------------------------------------------------------------ */

void
gs_kn_parse_nvjet(const gs_kparser *p, const char *s, const regmatch_t *m, gs_kernel_info *k)
{
	regmatch_t l[NGROUPS];

	k->family = GS_KF_NVJET;
	gs_kn_set_tile(k, gs_kn_grp_int(s, m, 2), gs_kn_grp_int(s, m, 3), gs_kn_grp_int(s, m, 4));
	k->stages = gs_kn_grp_int(s, m, 5);
	k->cluster_m = gs_kn_grp_int(s, m, 6);
	k->cluster_n = gs_kn_grp_int(s, m, 7);
	if (gs_kn_match(p, R_NVJET_LAYOUT, s, l)) {
		k->trans_a = gs_kn_nt(gs_kn_grp_char(s, l, 1));
		k->trans_b = gs_kn_nt(gs_kn_grp_char(s, l, 2));
	}
	if (gs_kn_match(p, R_NVJET_SPLITK, s, NULL))
		k->split_k = 1;
	k->note = "nvjet fields are inferred; type letters are opaque";
}

void
gs_kn_parse_cutlass3(const gs_kparser *p, const char *s, const regmatch_t *h, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];

	k->family = GS_KF_CUTLASS3;
	k->sm = gs_kn_grp_int(s, h, 1);
	if (gs_kn_match(p, R_CUTLASS3_INSTR, s, m)) {
		k->mi_m = gs_kn_grp_int(s, m, 1);
		k->mi_n = gs_kn_grp_int(s, m, 2);
		k->mi_k = gs_kn_grp_int(s, m, 3);
	}
	if (gs_kn_match(p, R_CUTLASS3_TYPE, s, m)) {
		char tok[16];
		gs_kn_grp_str(s, m, 1, tok, sizeof tok);
		gs_kn_type_prefix(tok, k->dtype);
	}
	if (gs_kn_match(p, R_CUTLASS3_TILE, s, m)) {
		gs_kn_set_tile(k, gs_kn_grp_int(s, m, 1), gs_kn_grp_int(s, m, 2),
		               gs_kn_grp_int(s, m, 3));
		k->cluster_m = gs_kn_grp_int(s, m, 4);
		k->cluster_n = gs_kn_grp_int(s, m, 5);
		k->cluster_k = gs_kn_grp_int(s, m, 6);
		k->stages = gs_kn_grp_int(s, m, 7);
		k->trans_a = gs_kn_nt(s[m[8].rm_so]);
		k->trans_b = gs_kn_nt(s[m[8].rm_so + 1]);
	} else {
		k->note = "CUTLASS 3 name without a tile triplet (dynamic tile)";
	}
	if (strstr(s, "_stream_k"))
		k->stream_k = k->persistent = 1;
	if (strstr(s, "_warpspecialized_cooperative") || strstr(s, "_warpspecialized_pingpong"))
		k->persistent = 1;
}

static void
cutlass2_type(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];
	char tok[16];

	if (gs_kn_match(p, R_CUTLASS2_TYPE, s, m)) {
		gs_kn_grp_str(s, m, 1, tok, sizeof tok);
		gs_kn_type_prefix(tok, k->dtype);
	} else if (gs_kn_match(p, R_CUTLASS2_SIMT, s, m)) {
		char c = gs_kn_grp_char(s, m, 1);
		snprintf(k->dtype, sizeof k->dtype, "%s",
		         c == 's'   ? "f32"
		         : c == 'd' ? "f64"
		                    : "f16");
	}
}

void
gs_kn_parse_cutlass2(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];

	k->family = GS_KF_CUTLASS2;
	cutlass2_type(p, s, k);
	if (strstr(s, "fprop") || strstr(s, "dgrad") || strstr(s, "wgrad")) {
		k->is_gemm = 0;
		k->note = "a CUTLASS convolution kernel, not a GEMM";
	}
	if (gs_kn_match(p, R_CUTLASS2_K, s, m)) {
		gs_kn_set_tile(k, gs_kn_grp_int(s, m, 1), gs_kn_grp_int(s, m, 2),
		               gs_kn_grp_int(s, m, 3));
		k->stages = gs_kn_grp_int(s, m, 4);
		k->trans_a = gs_kn_nt(s[m[5].rm_so]);
		k->trans_b = gs_kn_nt(s[m[5].rm_so + 1]);
	} else if (gs_kn_match(p, R_CUTLASS2_NOK, s, m)) {
		gs_kn_set_tile(k, gs_kn_grp_int(s, m, 1), gs_kn_grp_int(s, m, 2), 0);
		k->trans_a = gs_kn_nt(s[m[3].rm_so]);
		k->trans_b = gs_kn_nt(s[m[3].rm_so + 1]);
	} else if (gs_kn_match(p, R_CUTLASS2_CONV, s, m)) {
		gs_kn_set_tile(k, gs_kn_grp_int(s, m, 1), gs_kn_grp_int(s, m, 2),
		               gs_kn_grp_int(s, m, 3));
		k->stages = gs_kn_grp_int(s, m, 4);
	} else {
		k->note = "CUTLASS 2 name without a recognisable tile";
	}
}

static void
xmma_details(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];

	if (gs_kn_match(p, R_XMMA_STAGE, s, m))
		k->stages = gs_kn_grp_int(s, m, 1);
	if (gs_kn_match(p, R_XMMA_MMA, s, m)) {
		k->mi_m = gs_kn_grp_int(s, m, 1);
		k->mi_n = gs_kn_grp_int(s, m, 2);
		k->mi_k = gs_kn_grp_int(s, m, 3);
	}
	if (gs_kn_match(p, R_XMMA_WARPS, s, m)) {
		k->wg[0] = gs_kn_grp_int(s, m, 2);
		k->wg[1] = gs_kn_grp_int(s, m, 3);
		k->wg[2] = gs_kn_grp_int(s, m, 4);
	}
	if (gs_kn_match(p, R_XMMA_LAYOUT, s, m)) {
		k->trans_a = gs_kn_nt(gs_kn_grp_char(s, m, 1));
		k->trans_b = gs_kn_nt(gs_kn_grp_char(s, m, 2));
	}
	if (gs_kn_match(p, R_XMMA_SEGK, s, m) && s[m[1].rm_so + 1] == 'n')
		k->split_k = 1;
}

void
gs_kn_parse_xmma(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];

	k->family = GS_KF_XMMA;
	if (gs_kn_match(p, R_XMMA_HEAD, s, m)) {
		char tok[16];
		k->sm = gs_kn_grp_int(s, m, 1);
		gs_kn_grp_str(s, m, 2, tok, sizeof tok);
		gs_kn_type_prefix(tok, k->dtype);
	}
	if (gs_kn_match(p, R_XMMA_TILE, s, m))
		gs_kn_set_tile(k, gs_kn_grp_int(s, m, 1), gs_kn_grp_int(s, m, 2),
		               gs_kn_grp_int(s, m, 3));
	else
		k->note = "xmma name without tilesize";
	xmma_details(p, s, k);
	if (k->sm >= 90) {
		k->persistent = 1;
		k->note = "persistent kernel: grid is sized from the SM count, not the tile count";
	}
	/* The wg field holds warps (groups) per CTA here, not threads. */
	k->wg[0] = k->wg[1] = k->wg[2] = 0;
}

void
gs_kn_parse_cublas(const gs_kparser *p, const char *s, const regmatch_t *m, gs_kernel_info *k)
{
	regmatch_t x[NGROUPS];
	char tok[16];

	k->family = GS_KF_CUBLAS;
	gs_kn_set_tile(k, gs_kn_grp_int(s, m, 6), gs_kn_grp_int(s, m, 7), 0);
	if (m[3].rm_so >= 0) {
		gs_kn_grp_str(s, m, 3, tok, sizeof tok);
		gs_kn_type_prefix(tok, k->dtype);
	}
	if (!k->dtype[0]) {
		char c = gs_kn_grp_char(s, m, 4);
		snprintf(k->dtype, sizeof k->dtype, "%s",
		         c == 's'   ? "f32"
		         : c == 'd' ? "f64"
		         : c == 'h' ? "f16"
		                    : "i8");
	}
	if (gs_kn_match(p, R_CUBLAS_STAGES, s, x)) {
		k->tile_k = gs_kn_grp_int(s, x, 1);
		k->stages = gs_kn_grp_int(s, x, 2);
	}
	if (gs_kn_match(p, R_CUBLAS_LAYOUT, s, x)) {
		k->trans_a = gs_kn_nt(gs_kn_grp_char(s, x, 1));
		k->trans_b = gs_kn_nt(gs_kn_grp_char(s, x, 2));
	}
	k->note = "cuBLAS legacy fields are inferred (the naming is undocumented)";
}
