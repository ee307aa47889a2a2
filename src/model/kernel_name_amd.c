/* kernel_name_amd.c: AMD kernel families (Tensile/TensileLite and its
 * helper kernels, Composable Kernel, aiter) and the others (MIOpen,
 * Triton).  Patterns and fields: reference/kernel-names.md.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/kernel_name_impl.h"

/* Tensile type group right after C.._A.._B.._ (kernel-names.md §2.1). */
static void
tensile_type(const char *t, gs_kernel_info *k)
{
	static const struct {
		const char *code, *canon;
	} map[] = {
	        {"F8N", "f8e4m3fnuz"}, {"B8N", "f8e5m2fnuz"}, {"F8", "f8e4m3"}, {"B8", "f8e5m2"},
	        {"I8", "i8"},          {"S", "f32"},          {"D", "f64"},     {"H", "f16"},
	        {"B", "bf16"},         {"X", "xf32"},         {"I", "i32"},
	};

	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
		if (strncmp(t, map[i].code, strlen(map[i].code)) == 0) {
			snprintf(k->dtype, sizeof k->dtype, "%s", map[i].canon);
			return;
		}
	}
}

static void
tensile_transposes(const char *s, const regmatch_t *m, gs_kernel_info *k)
{
	char a[16], b[16];
	const char *ai, *al, *bj, *bl;

	gs_kn_grp_str(s, m, 4, a, sizeof a);
	gs_kn_grp_str(s, m, 5, b, sizeof b);
	for (char *c = a; *c; c++)
		*c = (char)(*c | 0x20);
	for (char *c = b; *c; c++)
		*c = (char)(*c | 0x20);
	ai = strchr(a, 'i');
	al = strchr(a, 'l');
	bj = strchr(b, 'j');
	bl = strchr(b, 'l');
	if (ai && al)
		k->trans_a = ai < al ? 'N' : 'T';
	if (bj && bl)
		k->trans_b = bl < bj ? 'N' : 'T';
}

static void
tensile_mi(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];

	if (gs_kn_match(p, R_TENSILE_MI4, s, m)) {
		k->mi_m = gs_kn_grp_int(s, m, 1);
		k->mi_n = gs_kn_grp_int(s, m, 2);
		k->mi_k = gs_kn_grp_int(s, m, 3);
		k->mi_b = gs_kn_grp_int(s, m, 4);
	} else if (gs_kn_match(p, R_TENSILE_MI3, s, m)) {
		k->mi_m = gs_kn_grp_int(s, m, 1);
		k->mi_n = gs_kn_grp_int(s, m, 2);
		k->mi_b = gs_kn_grp_int(s, m, 3);
	} else {
		k->valu = 1;
	}
	if (gs_kn_match(p, R_TENSILE_MIWT, s, m)) {
		k->wave_tile_m = gs_kn_grp_int(s, m, 1);
		k->wave_tile_n = gs_kn_grp_int(s, m, 2);
	}
	if (gs_kn_match(p, R_TENSILE_WG, s, m)) {
		k->wg[0] = gs_kn_grp_int(s, m, 1);
		k->wg[1] = gs_kn_grp_int(s, m, 2);
		k->wg[2] = gs_kn_grp_int(s, m, 3);
		k->block_size = k->wg[0] * k->wg[1] * k->wg[2];
	}
}

static void
tensile_split(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];

	if (gs_kn_match(p, R_TENSILE_GSU, s, m))
		k->gsu = gs_kn_grp_int(s, m, 1);
	if (gs_kn_match(p, R_TENSILE_GSUA, s, m))
		gs_kn_grp_str(s, m, 1, k->gsu_alg, sizeof k->gsu_alg);
	if (gs_kn_match(p, R_TENSILE_SK, s, m))
		k->stream_k = gs_kn_grp_int(s, m, 1);
	if (gs_kn_match(p, R_TENSILE_ISA, s, m))
		gs_kn_grp_str(s, m, 1, k->isa, sizeof k->isa);
	if (k->gsu > 1 || strcmp(k->gsu_alg, "MBSK") == 0) {
		k->split_k = 1;
		k->note = "split-K (GlobalSplitU): workgroups are GSU x tiles";
	}
	if (k->stream_k > 0) {
		k->persistent = 1;
		k->note =
		        "Stream-K: the grid is sized from the CU count; wave quantisation not applicable";
	}
}

void
gs_kn_parse_tensile(const gs_kparser *p, const char *s, const regmatch_t *f, const regmatch_t *mt,
                    gs_kernel_info *k)
{
	k->family = GS_KF_TENSILE;
	k->custom = f[2].rm_so >= 0;
	tensile_transposes(s, f, k);
	tensile_type(s + f[0].rm_eo, k);
	gs_kn_set_tile(k, gs_kn_grp_int(s, mt, 1), gs_kn_grp_int(s, mt, 2),
	               gs_kn_grp_int(s, mt, 3));
	tensile_mi(p, s, k);
	tensile_split(p, s, k);
	if (k->valu && !k->note)
		k->note = "no MI field: a VALU (non-matrix-core) kernel";
}

void
gs_kn_parse_tensile_aux(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];

	k->family = GS_KF_TENSILE_AUX;
	k->is_gemm = 0;
	if (gs_kn_match(p, R_TENSILE_POSTGSU, s, m))
		k->gsu = gs_kn_grp_int(s, m, 1);
	k->note = "Tensile split-K reduction kernel (no MT): count its time with the GEMM, "
	          "exclude it from tile statistics";
}

/* CK gridwise GEMM structs whose integer template arguments after the
 * GemmSpecialization are BlockSize, then SKIP others, then MPerBlock,
 * NPerBlock, KPerBlock (ROCm/composable_kernel gridwise_gemm_*.hpp; the
 * ABScale layout as a demangled MI300 vLLM FP8 trace name shows it:
 * BlockSize, ScaleBlockM, ScaleBlockN, ScaleBlockK, MPerBlock, ...). */
static const struct {
	const char *name;
	int skip;
} ck_grids[] = {
        {"GridwiseGemm_xdl_cshuffle_v3", 0},
        {"GridwiseGemmMultiD_xdl_cshuffle_v3", 0},
        {"GridwiseGemmMultiD_ABScale_xdl_cshuffle_v3", 3},
};

/* The tile of a demangled CK kernel symbol
 * "ck::kernel_...<ck::GridwiseGemm...<types..., (...GemmSpecialization)N,
 * BlockSize, ...>" whose gridwise struct ck_grids knows.  1 if set. */
static int
ck_gridwise(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];
	long v[8];
	const char *c;
	char *end;
	size_t len;
	int n = 0;

	if (!gs_kn_match(p, R_CK_GRID, s, m))
		return 0;
	len = (size_t)(m[1].rm_eo - m[1].rm_so);
	for (size_t g = 0; g < sizeof ck_grids / sizeof ck_grids[0]; g++) {
		if (strlen(ck_grids[g].name) != len ||
		    strncmp(s + m[1].rm_so, ck_grids[g].name, len))
			continue;
		for (c = s + m[2].rm_so; n < 8 && c < s + m[2].rm_eo; c = end + (*end == ',')) {
			long x = strtol(c, &end, 10);
			if (end == c)
				break;
			v[n++] = x;
		}
		if (n < 4 + ck_grids[g].skip)
			return 0;
		k->block_size = (int)v[0];
		gs_kn_set_tile(k, (int)v[1 + ck_grids[g].skip], (int)v[2 + ck_grids[g].skip],
		               (int)v[3 + ck_grids[g].skip]);
		return k->has_tile;
	}
	return 0;
}

void
gs_kn_parse_ck(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];

	k->family = GS_KF_CK;
	if (gs_kn_match(p, R_CK_BLKSIZE, s, m))
		k->block_size = gs_kn_grp_int(s, m, 1);
	if (gs_kn_match(p, R_CK_WAVE, s, m)) {
		k->wave_tile_m = gs_kn_grp_int(s, m, 1);
		k->wave_tile_n = gs_kn_grp_int(s, m, 2);
	}
	if (gs_kn_match(p, R_CK_BLK, s, m)) {
		gs_kn_set_tile(k, gs_kn_grp_int(s, m, 1), gs_kn_grp_int(s, m, 2),
		               gs_kn_grp_int(s, m, 3));
	} else if (gs_kn_match(p, R_CK_DEV, s, m)) {
		/* DeviceGemmXdl<BlockSize, M, N, K0PerBlock>: the K tile is K0·K1. */
		int old = m[1].rm_eo - m[1].rm_so == 3 && strncmp(s + m[1].rm_so, "Xdl", 3) == 0;
		k->block_size = gs_kn_grp_int(s, m, 2);
		gs_kn_set_tile(k, gs_kn_grp_int(s, m, 3), gs_kn_grp_int(s, m, 4),
		               old ? 0 : gs_kn_grp_int(s, m, 5));
	} else if (!ck_gridwise(p, s, k)) {
		k->note = "CK kernel symbol: the tile is in template arguments (not parsed)";
	}
}

void
gs_kn_parse_aiter(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];

	k->family = GS_KF_AITER;
	if (gs_kn_match(p, R_AITER_TYPE, s, m)) {
		char tok[16];
		gs_kn_grp_str(s, m, 1, tok, sizeof tok);
		gs_kn_type_prefix(tok, k->dtype);
	}
	if (gs_kn_match(p, R_AITER_TILE, s, m))
		gs_kn_set_tile(k, gs_kn_grp_int(s, m, 1), gs_kn_grp_int(s, m, 2), 0);
	else
		k->note = "aiter kernel without a MxN tile in its name";
	if (!strstr(s, "gemm"))
		k->is_gemm = 0;
}

void
gs_kn_parse_other(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];

	if (gs_kn_match(p, R_MIOPEN, s, NULL)) {
		k->family = GS_KF_MIOPEN;
		k->is_gemm = 0;
		if (gs_kn_match(p, R_MIOPEN_TILE, s, m))
			gs_kn_set_tile(k, gs_kn_grp_int(s, m, 1), gs_kn_grp_int(s, m, 2),
			               gs_kn_grp_int(s, m, 3));
		k->note = "MIOpen implicit GEMM: a convolution";
	} else if (gs_kn_match(p, R_TRITON, s, NULL)) {
		k->family = GS_KF_TRITON;
		k->is_gemm = gs_kn_match(p, R_TRITON_GEMM, s, NULL);
		k->note = "Triton kernel names carry no tile";
	} else {
		k->family = GS_KF_UNKNOWN;
		k->is_gemm = 0;
		k->note = "no known kernel-name family: tile unknown";
	}
}
