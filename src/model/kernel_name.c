/* kernel_name.c: GEMM kernel-name parsing with POSIX regexes.  Families,
 * fields and patterns: reference/kernel-names.md.
 */
#define _POSIX_C_SOURCE 200809L
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/kernel_name.h"

/* The regexes, POSIX ERE.  Tokens are anchored with '_' on both sides
 * (kernel-names.md §2.2) so that _SK does not match _SKXCCM. */
enum {
	R_NVJET, R_NVJET_LAYOUT, R_NVJET_SPLITK,
	R_CUTLASS3, R_CUTLASS3_TILE, R_CUTLASS3_INSTR, R_CUTLASS3_TYPE,
	R_CUTLASS2, R_CUTLASS2_K, R_CUTLASS2_NOK, R_CUTLASS2_CONV,
	R_CUTLASS2_TYPE, R_CUTLASS2_SIMT,
	R_XMMA, R_XMMA_HEAD, R_XMMA_TILE, R_XMMA_STAGE, R_XMMA_WARPS,
	R_XMMA_MMA, R_XMMA_LAYOUT, R_XMMA_SEGK,
	R_CUBLAS, R_CUBLAS_STAGES, R_CUBLAS_LAYOUT,
	R_TENSILE, R_TENSILE_MT, R_TENSILE_MI4, R_TENSILE_MI3, R_TENSILE_MIWT,
	R_TENSILE_WG, R_TENSILE_GSU, R_TENSILE_GSUA, R_TENSILE_SK,
	R_TENSILE_ISA, R_TENSILE_AUX, R_TENSILE_POSTGSU,
	R_CK, R_CK_BLK, R_CK_WAVE, R_CK_BLKSIZE, R_CK_DEV,
	R_AITER, R_AITER_TILE, R_AITER_TYPE,
	R_MIOPEN, R_MIOPEN_TILE, R_TRITON, R_TRITON_GEMM,
	R_COUNT
};

static const struct {
	const char *re;
	int icase;
} patterns[R_COUNT] = {
	[R_NVJET] = { "^nvjet_([a-z]+)_([0-9]+)x([0-9]+)_([0-9]+)x([0-9]+)_([0-9]+)x([0-9]+)_", 0 },
	[R_NVJET_LAYOUT] = { "_([NT])([NT])([NT])$", 0 },
	[R_NVJET_SPLITK] = { "_splitK(_|$)", 0 },
	[R_CUTLASS3] = { "^cutlass3x_sm([0-9]+)_", 0 },
	[R_CUTLASS3_TILE] = { "_([0-9]+)x([0-9]+)x([0-9]+)_([0-9]+)x([0-9]+)x([0-9]+)_([0-9]+)_([nt]{3})_align([0-9]+)", 0 },
	[R_CUTLASS3_INSTR] = { "_s([0-9]+)x([0-9]+)x([0-9]+)gemm", 0 },
	[R_CUTLASS3_TYPE] = { "gemm_([a-z0-9]+)_", 0 },
	[R_CUTLASS2] = { "^cutlass_([0-9]+_|tensorop_)", 0 },
	[R_CUTLASS2_K] = { "_([0-9]+)x([0-9]+)_([0-9]+)x([0-9]+)_([nt]{2})_align([0-9]+)", 0 },
	[R_CUTLASS2_NOK] = { "_([0-9]+)x([0-9]+)_([nt]{2})_align([0-9]+)", 0 },
	[R_CUTLASS2_CONV] = { "_([0-9]+)x([0-9]+)_([0-9]+)x([0-9]+)_[a-z]+_align([0-9]+)", 0 },
	[R_CUTLASS2_TYPE] = { "_([a-z]+[0-9]+)_[hsdi][0-9]*(gemm|fprop|dgrad|wgrad)", 0 },
	[R_CUTLASS2_SIMT] = { "_([hsd])gemm_", 0 },
	[R_XMMA] = { "_xmma_gemm_", 0 },
	[R_XMMA_HEAD] = { "^sm([0-9]+)_xmma_gemm_([a-z0-9]+)_", 0 },
	[R_XMMA_TILE] = { "tilesize([0-9]+)x([0-9]+)x([0-9]+)", 0 },
	[R_XMMA_STAGE] = { "_stage([0-9]+)_", 0 },
	[R_XMMA_WARPS] = { "warp(group)?size([0-9]+)x([0-9]+)x([0-9]+)", 0 },
	[R_XMMA_MMA] = { "tensor([0-9]+)x([0-9]+)x([0-9]+)", 0 },
	[R_XMMA_LAYOUT] = { "_([nt])([nt])_([nt])_tilesize", 0 },
	[R_XMMA_SEGK] = { "segment_k_(on|off)", 0 },
	[R_CUBLAS] = { "^(trt_)?(maxwell|pascal|volta|turing|ampere|hopper|sm[0-9]+)_"
	               "([a-z0-9]+_)?([hsdi][0-9]*gemm)_([a-z0-9]+_)?([0-9]+)x([0-9]+)(_|$)", 0 },
	[R_CUBLAS_STAGES] = { "stages_([0-9]+)x([0-9]+)", 0 },
	[R_CUBLAS_LAYOUT] = { "_([nt])([nt])(_v[0-9]+)?$", 0 },
	[R_TENSILE] = { "(^|_)(Custom[0-9]*_)?C([a-z]+)_A([a-zA-Z]+)_B([a-zA-Z]+)_", 0 },
	[R_TENSILE_MT] = { "_MT([0-9]+)x([0-9]+)x([0-9]+)(_|$)", 0 },
	[R_TENSILE_MI4] = { "_MI([0-9]+)x([0-9]+)x([0-9]+)x([0-9]+)(_|$)", 0 },
	[R_TENSILE_MI3] = { "_MI([0-9]+)x([0-9]+)x([0-9]+)(_|$)", 0 },
	[R_TENSILE_MIWT] = { "_MIWT([0-9]+)_([0-9]+)(_|$)", 0 },
	[R_TENSILE_WG] = { "_WG([0-9]+)_([0-9]+)_([0-9]+)(_|$)", 0 },
	[R_TENSILE_GSU] = { "_GSU([0-9]+|M)(_|$)", 0 },
	[R_TENSILE_GSUA] = { "_GSUA(SB|MB|MBSK)(_|$)", 0 },
	[R_TENSILE_SK] = { "_SK([0-9]+)(_|$)", 0 },
	[R_TENSILE_ISA] = { "_ISA([0-9]+[0-9a-f])(_|$)", 0 },
	[R_TENSILE_AUX] = { "^Cijk_", 0 },
	[R_TENSILE_POSTGSU] = { "_PostGSU([0-9]+)(_|$)", 0 },
	[R_CK] = { "BlkTile: |DeviceGemm[A-Za-z0-9_]*<|^_ZN2ck|ck::kernel_", 0 },
	[R_CK_BLK] = { "BlkTile: ([0-9]+)x([0-9]+)x([0-9]+)", 0 },
	[R_CK_WAVE] = { "WaveTile: ([0-9]+)x([0-9]+)", 0 },
	[R_CK_BLKSIZE] = { "BlkSize: ([0-9]+)", 0 },
	[R_CK_DEV] = { "DeviceGemm([A-Za-z0-9_]*)<([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+)", 0 },
	[R_AITER] = { "^_ZN5aiter|aiter::", 0 },
	[R_AITER_TILE] = { "gemm_[a-z0-9_]*_([0-9]+)x([0-9]+)(_|E|$)", 1 },
	[R_AITER_TYPE] = { "^_ZN5aiter[0-9]+([a-z][a-z0-9]*)gemm", 0 },
	[R_MIOPEN] = { "igemm_", 0 },
	[R_MIOPEN_TILE] = { "bt([0-9]+)x([0-9]+)x([0-9]+)", 0 },
	[R_TRITON] = { "^triton_", 0 },
	[R_TRITON_GEMM] = { "^triton_tem_fused_(addmm|mm|bmm|baddbmm)", 0 },
};

struct gs_kparser {
	regex_t re[R_COUNT];
	int ncompiled;
};

enum { NGROUPS = 10 };

gs_kparser *
gs_kparser_new(gs_error *err)
{
	gs_kparser *p = calloc(1, sizeof *p);

	if (!p) {
		gs_error_set(err, NULL, 0, 0, "out of memory");
		return NULL;
	}
	for (int i = 0; i < R_COUNT; i++) {
		int flags = REG_EXTENDED | (patterns[i].icase ? REG_ICASE : 0);
		if (regcomp(&p->re[i], patterns[i].re, flags) != 0) {
			gs_error_set(err, NULL, 0, 0, "cannot compile kernel-name regex %d", i);
			gs_kparser_free(p);
			return NULL;
		}
		p->ncompiled++;
	}
	return p;
}

void
gs_kparser_free(gs_kparser *p)
{
	if (!p)
		return;
	for (int i = 0; i < p->ncompiled; i++)
		regfree(&p->re[i]);
	free(p);
}

/* ---- helpers ------------------------------------------------------------ */

static int
match(const gs_kparser *p, int id, const char *s, regmatch_t *m)
{
	regmatch_t dummy[NGROUPS];

	return regexec(&p->re[id], s, NGROUPS, m ? m : dummy, 0) == 0;
}

/* Group G of M in S as an int; 0 if absent or out of range. */
static int
grp_int(const char *s, const regmatch_t *m, int g)
{
	long v = 0;

	if (m[g].rm_so < 0)
		return 0;
	for (regoff_t i = m[g].rm_so; i < m[g].rm_eo; i++) {
		if (s[i] < '0' || s[i] > '9' || v > 10000000)
			return 0;
		v = v * 10 + (s[i] - '0');
	}
	return (int)v;
}

/* Copy group G of M in S into BUF of SIZE bytes (truncating). */
static void
grp_str(const char *s, const regmatch_t *m, int g, char *buf, size_t size)
{
	size_t n = 0;

	if (m[g].rm_so >= 0) {
		n = (size_t)(m[g].rm_eo - m[g].rm_so);
		if (n >= size)
			n = size - 1;
		memcpy(buf, s + m[g].rm_so, n);
	}
	buf[n] = '\0';
}

static char
grp_char(const char *s, const regmatch_t *m, int g)
{
	return m[g].rm_so >= 0 ? s[m[g].rm_so] : '\0';
}

static char
nt(char c)
{
	return c == 'n' || c == 'N' ? 'N' : c == 't' || c == 'T' ? 'T' : 0;
}

/* Canonical dtype for a type token prefix such as "bf16bf16", "fp16", "e4m3". */
static void
type_prefix(const char *tok, char out[16])
{
	static const struct { const char *pre, *canon; } map[] = {
		{ "bf16", "bf16" }, { "fp16", "f16" }, { "f16", "f16" }, { "half", "f16" },
		{ "tf32", "tf32" }, { "fp32", "f32" }, { "f32", "f32" },
		{ "fp64", "f64" }, { "f64", "f64" }, { "e4m3", "f8e4m3" },
		{ "e5m2", "f8e5m2" }, { "fp8", "f8e4m3" }, { "f8", "f8e4m3" },
		{ "int8", "i8" }, { "s8", "i8" }, { "i8", "i8" },
		{ "fp4", "f4e2m1" }, { "f4", "f4e2m1" },
	};

	out[0] = '\0';
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
		if (strncmp(tok, map[i].pre, strlen(map[i].pre)) == 0) {
			snprintf(out, 16, "%s", map[i].canon);
			return;
		}
	}
}

static void
set_tile(gs_kernel_info *k, int m, int n, int kk)
{
	if (m <= 0 || n <= 0 || m > 65536 || n > 65536)
		return;
	k->tile_m = m;
	k->tile_n = n;
	k->tile_k = kk;
	k->has_tile = 1;
}

/* ---- normalisation (kernel-names.md §0) ---------------------------------- */

/* Index of the first '(' outside <...>, or strlen. */
static size_t
param_list_start(const char *s)
{
	int depth = 0;
	size_t i;

	for (i = 0; s[i]; i++) {
		if (s[i] == '<')
			depth++;
		else if (s[i] == '>' && depth > 0)
			depth--;
		else if (s[i] == '(' && depth == 0)
			break;
	}
	return i;
}

/* The NAME inside cutlass::Kernel<NAME>(...) or ...::Kernel2<NAME>, else NULL. */
static const char *
wrapped_name(const char *s, size_t *len)
{
	const char *w = strstr(s, "::Kernel2<");
	size_t skip = 10;

	if (!w) {
		w = strstr(s, "::Kernel<");
		skip = 9;
	}
	if (!w)
		return NULL;
	w += skip;
	*len = strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
	return *len ? w : NULL;
}

static char *
normalize(const char *name)
{
	const char *s = name, *w;
	size_t len;
	char *out;

	while (*s == ' ')
		s++;
	if (strncmp(s, "void ", 5) == 0)
		s += 5;
	if ((w = wrapped_name(s, &len)))
		s = w;
	else
		len = param_list_start(s);
	while (len > 0 && s[len - 1] == ' ')
		len--;
	if (len > 3 && strncmp(s + len - 3, ".kd", 3) == 0)
		len -= 3;
	out = malloc(len + 1);
	if (out) {
		memcpy(out, s, len);
		out[len] = '\0';
	}
	return out;
}

/* ---- families ------------------------------------------------------------ */

static void
parse_nvjet(const gs_kparser *p, const char *s, const regmatch_t *m, gs_kernel_info *k)
{
	regmatch_t l[NGROUPS];

	k->family = GS_KF_NVJET;
	set_tile(k, grp_int(s, m, 2), grp_int(s, m, 3), grp_int(s, m, 4));
	k->stages = grp_int(s, m, 5);
	k->cluster_m = grp_int(s, m, 6);
	k->cluster_n = grp_int(s, m, 7);
	if (match(p, R_NVJET_LAYOUT, s, l)) {
		k->trans_a = nt(grp_char(s, l, 1));
		k->trans_b = nt(grp_char(s, l, 2));
	}
	if (match(p, R_NVJET_SPLITK, s, NULL))
		k->split_k = 1;
	k->note = "nvjet fields are inferred; type letters are opaque";
}

static void
parse_cutlass3(const gs_kparser *p, const char *s, const regmatch_t *h, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];

	k->family = GS_KF_CUTLASS3;
	k->sm = grp_int(s, h, 1);
	if (match(p, R_CUTLASS3_INSTR, s, m)) {
		k->mi_m = grp_int(s, m, 1);
		k->mi_n = grp_int(s, m, 2);
		k->mi_k = grp_int(s, m, 3);
	}
	if (match(p, R_CUTLASS3_TYPE, s, m)) {
		char tok[16];
		grp_str(s, m, 1, tok, sizeof tok);
		type_prefix(tok, k->dtype);
	}
	if (match(p, R_CUTLASS3_TILE, s, m)) {
		set_tile(k, grp_int(s, m, 1), grp_int(s, m, 2), grp_int(s, m, 3));
		k->cluster_m = grp_int(s, m, 4);
		k->cluster_n = grp_int(s, m, 5);
		k->cluster_k = grp_int(s, m, 6);
		k->stages = grp_int(s, m, 7);
		k->trans_a = nt(s[m[8].rm_so]);
		k->trans_b = nt(s[m[8].rm_so + 1]);
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

	if (match(p, R_CUTLASS2_TYPE, s, m)) {
		grp_str(s, m, 1, tok, sizeof tok);
		type_prefix(tok, k->dtype);
	} else if (match(p, R_CUTLASS2_SIMT, s, m)) {
		char c = grp_char(s, m, 1);
		snprintf(k->dtype, sizeof k->dtype, "%s", c == 's' ? "f32" : c == 'd' ? "f64" : "f16");
	}
}

static void
parse_cutlass2(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];

	k->family = GS_KF_CUTLASS2;
	cutlass2_type(p, s, k);
	if (strstr(s, "fprop") || strstr(s, "dgrad") || strstr(s, "wgrad")) {
		k->is_gemm = 0;
		k->note = "a CUTLASS convolution kernel, not a GEMM";
	}
	if (match(p, R_CUTLASS2_K, s, m)) {
		set_tile(k, grp_int(s, m, 1), grp_int(s, m, 2), grp_int(s, m, 3));
		k->stages = grp_int(s, m, 4);
		k->trans_a = nt(s[m[5].rm_so]);
		k->trans_b = nt(s[m[5].rm_so + 1]);
	} else if (match(p, R_CUTLASS2_NOK, s, m)) {
		set_tile(k, grp_int(s, m, 1), grp_int(s, m, 2), 0);
		k->trans_a = nt(s[m[3].rm_so]);
		k->trans_b = nt(s[m[3].rm_so + 1]);
	} else if (match(p, R_CUTLASS2_CONV, s, m)) {
		set_tile(k, grp_int(s, m, 1), grp_int(s, m, 2), grp_int(s, m, 3));
		k->stages = grp_int(s, m, 4);
	} else {
		k->note = "CUTLASS 2 name without a recognisable tile";
	}
}

static void
xmma_details(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];

	if (match(p, R_XMMA_STAGE, s, m))
		k->stages = grp_int(s, m, 1);
	if (match(p, R_XMMA_MMA, s, m)) {
		k->mi_m = grp_int(s, m, 1);
		k->mi_n = grp_int(s, m, 2);
		k->mi_k = grp_int(s, m, 3);
	}
	if (match(p, R_XMMA_WARPS, s, m)) {
		k->wg[0] = grp_int(s, m, 2);
		k->wg[1] = grp_int(s, m, 3);
		k->wg[2] = grp_int(s, m, 4);
	}
	if (match(p, R_XMMA_LAYOUT, s, m)) {
		k->trans_a = nt(grp_char(s, m, 1));
		k->trans_b = nt(grp_char(s, m, 2));
	}
	if (match(p, R_XMMA_SEGK, s, m) && s[m[1].rm_so + 1] == 'n')
		k->split_k = 1;
}

static void
parse_xmma(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];

	k->family = GS_KF_XMMA;
	if (match(p, R_XMMA_HEAD, s, m)) {
		char tok[16];
		k->sm = grp_int(s, m, 1);
		grp_str(s, m, 2, tok, sizeof tok);
		type_prefix(tok, k->dtype);
	}
	if (match(p, R_XMMA_TILE, s, m))
		set_tile(k, grp_int(s, m, 1), grp_int(s, m, 2), grp_int(s, m, 3));
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

static void
parse_cublas(const gs_kparser *p, const char *s, const regmatch_t *m, gs_kernel_info *k)
{
	regmatch_t x[NGROUPS];
	char tok[16];

	k->family = GS_KF_CUBLAS;
	set_tile(k, grp_int(s, m, 6), grp_int(s, m, 7), 0);
	if (m[3].rm_so >= 0) {
		grp_str(s, m, 3, tok, sizeof tok);
		type_prefix(tok, k->dtype);
	}
	if (!k->dtype[0]) {
		char c = grp_char(s, m, 4);
		snprintf(k->dtype, sizeof k->dtype, "%s",
		         c == 's' ? "f32" : c == 'd' ? "f64" : c == 'h' ? "f16" : "i8");
	}
	if (match(p, R_CUBLAS_STAGES, s, x)) {
		k->tile_k = grp_int(s, x, 1);
		k->stages = grp_int(s, x, 2);
	}
	if (match(p, R_CUBLAS_LAYOUT, s, x)) {
		k->trans_a = nt(grp_char(s, x, 1));
		k->trans_b = nt(grp_char(s, x, 2));
	}
	k->note = "cuBLAS legacy fields are inferred (the naming is undocumented)";
}

/* Tensile type group right after C.._A.._B.._ (kernel-names.md §2.1). */
static void
tensile_type(const char *t, gs_kernel_info *k)
{
	static const struct { const char *code, *canon; } map[] = {
		{ "F8N", "f8e4m3fnuz" }, { "B8N", "f8e5m2fnuz" }, { "F8", "f8e4m3" },
		{ "B8", "f8e5m2" }, { "I8", "i8" }, { "S", "f32" }, { "D", "f64" },
		{ "H", "f16" }, { "B", "bf16" }, { "X", "xf32" }, { "I", "i32" },
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

	grp_str(s, m, 4, a, sizeof a);
	grp_str(s, m, 5, b, sizeof b);
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

	if (match(p, R_TENSILE_MI4, s, m)) {
		k->mi_m = grp_int(s, m, 1);
		k->mi_n = grp_int(s, m, 2);
		k->mi_k = grp_int(s, m, 3);
		k->mi_b = grp_int(s, m, 4);
	} else if (match(p, R_TENSILE_MI3, s, m)) {
		k->mi_m = grp_int(s, m, 1);
		k->mi_n = grp_int(s, m, 2);
		k->mi_b = grp_int(s, m, 3);
	} else {
		k->valu = 1;
	}
	if (match(p, R_TENSILE_MIWT, s, m)) {
		k->wave_tile_m = grp_int(s, m, 1);
		k->wave_tile_n = grp_int(s, m, 2);
	}
	if (match(p, R_TENSILE_WG, s, m)) {
		k->wg[0] = grp_int(s, m, 1);
		k->wg[1] = grp_int(s, m, 2);
		k->wg[2] = grp_int(s, m, 3);
		k->block_size = k->wg[0] * k->wg[1] * k->wg[2];
	}
}

static void
tensile_split(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];

	if (match(p, R_TENSILE_GSU, s, m))
		k->gsu = grp_int(s, m, 1);
	if (match(p, R_TENSILE_GSUA, s, m))
		grp_str(s, m, 1, k->gsu_alg, sizeof k->gsu_alg);
	if (match(p, R_TENSILE_SK, s, m))
		k->stream_k = grp_int(s, m, 1);
	if (match(p, R_TENSILE_ISA, s, m))
		grp_str(s, m, 1, k->isa, sizeof k->isa);
	if (k->gsu > 1 || strcmp(k->gsu_alg, "MBSK") == 0) {
		k->split_k = 1;
		k->note = "split-K (GlobalSplitU): workgroups are GSU x tiles; wave quantisation not modelled";
	}
	if (k->stream_k > 0) {
		k->persistent = 1;
		k->note = "Stream-K: the grid is sized from the CU count; wave quantisation not applicable";
	}
}

static void
parse_tensile(const gs_kparser *p, const char *s, const regmatch_t *f,
              const regmatch_t *mt, gs_kernel_info *k)
{
	k->family = GS_KF_TENSILE;
	k->custom = f[2].rm_so >= 0;
	tensile_transposes(s, f, k);
	tensile_type(s + f[0].rm_eo, k);
	set_tile(k, grp_int(s, mt, 1), grp_int(s, mt, 2), grp_int(s, mt, 3));
	tensile_mi(p, s, k);
	tensile_split(p, s, k);
	if (k->valu && !k->note)
		k->note = "no MI field: a VALU (non-matrix-core) kernel";
}

static void
parse_tensile_aux(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];

	k->family = GS_KF_TENSILE_AUX;
	k->is_gemm = 0;
	if (match(p, R_TENSILE_POSTGSU, s, m))
		k->gsu = grp_int(s, m, 1);
	k->note = "Tensile split-K reduction kernel (no MT): count its time with the GEMM, "
	          "exclude it from tile statistics";
}

static void
parse_ck(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];

	k->family = GS_KF_CK;
	if (match(p, R_CK_BLKSIZE, s, m))
		k->block_size = grp_int(s, m, 1);
	if (match(p, R_CK_WAVE, s, m)) {
		k->wave_tile_m = grp_int(s, m, 1);
		k->wave_tile_n = grp_int(s, m, 2);
	}
	if (match(p, R_CK_BLK, s, m)) {
		set_tile(k, grp_int(s, m, 1), grp_int(s, m, 2), grp_int(s, m, 3));
	} else if (match(p, R_CK_DEV, s, m)) {
		/* DeviceGemmXdl<BlockSize, M, N, K0PerBlock>: the K tile is K0·K1. */
		int old = m[1].rm_eo - m[1].rm_so == 3 && strncmp(s + m[1].rm_so, "Xdl", 3) == 0;
		k->block_size = grp_int(s, m, 2);
		set_tile(k, grp_int(s, m, 3), grp_int(s, m, 4), old ? 0 : grp_int(s, m, 5));
	} else {
		k->note = "CK kernel symbol: the tile is in template arguments (not parsed)";
	}
}

static void
parse_aiter(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];

	k->family = GS_KF_AITER;
	if (match(p, R_AITER_TYPE, s, m)) {
		char tok[16];
		grp_str(s, m, 1, tok, sizeof tok);
		type_prefix(tok, k->dtype);
	}
	if (match(p, R_AITER_TILE, s, m))
		set_tile(k, grp_int(s, m, 1), grp_int(s, m, 2), 0);
	else
		k->note = "aiter kernel without a MxN tile in its name";
	if (!strstr(s, "gemm"))
		k->is_gemm = 0;
}

static void
parse_other(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS];

	if (match(p, R_MIOPEN, s, NULL)) {
		k->family = GS_KF_MIOPEN;
		k->is_gemm = 0;
		if (match(p, R_MIOPEN_TILE, s, m))
			set_tile(k, grp_int(s, m, 1), grp_int(s, m, 2), grp_int(s, m, 3));
		k->note = "MIOpen implicit GEMM: a convolution";
	} else if (match(p, R_TRITON, s, NULL)) {
		k->family = GS_KF_TRITON;
		k->is_gemm = match(p, R_TRITON_GEMM, s, NULL);
		k->note = "Triton kernel names carry no tile";
	} else {
		k->family = GS_KF_UNKNOWN;
		k->is_gemm = 0;
		k->note = "no known kernel-name family: tile unknown";
	}
}

static void
dispatch(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS], mt[NGROUPS];

	if (match(p, R_NVJET, s, m))
		parse_nvjet(p, s, m, k);
	else if (match(p, R_CUTLASS3, s, m))
		parse_cutlass3(p, s, m, k);
	else if (match(p, R_CUTLASS2, s, NULL))
		parse_cutlass2(p, s, k);
	else if (match(p, R_XMMA, s, NULL))
		parse_xmma(p, s, k);
	else if (match(p, R_CUBLAS, s, m))
		parse_cublas(p, s, m, k);
	else if (match(p, R_TENSILE, s, m) && match(p, R_TENSILE_MT, s, mt))
		parse_tensile(p, s, m, mt, k);
	else if (match(p, R_TENSILE_AUX, s, NULL) && !match(p, R_TENSILE_MT, s, NULL))
		parse_tensile_aux(p, s, k);
	else if (match(p, R_CK, s, NULL))
		parse_ck(p, s, k);
	else if (match(p, R_AITER, s, NULL))
		parse_aiter(p, s, k);
	else
		parse_other(p, s, k);
}

int
gs_kparser_parse(gs_kparser *p, const char *name, gs_kernel_info *out)
{
	char *s;

	memset(out, 0, sizeof *out);
	out->stream_k = -1;
	out->is_gemm = 1;
	s = name ? normalize(name) : NULL;
	if (!s) {
		out->is_gemm = 0;
		out->note = name ? "out of memory" : "no kernel name";
		return 0;
	}
	dispatch(p, s, out);
	if (!out->has_tile && !out->note)
		out->note = "the name has no tile";
	free(s);
	return out->has_tile;
}

const char *
gs_kfamily_name(gs_kfamily f)
{
	static const char *const names[] = {
		[GS_KF_UNKNOWN] = "unknown", [GS_KF_NVJET] = "nvjet",
		[GS_KF_CUTLASS3] = "cutlass3", [GS_KF_CUTLASS2] = "cutlass2",
		[GS_KF_XMMA] = "xmma", [GS_KF_CUBLAS] = "cublas",
		[GS_KF_TENSILE] = "tensile", [GS_KF_TENSILE_AUX] = "tensile-aux",
		[GS_KF_CK] = "ck", [GS_KF_AITER] = "aiter", [GS_KF_MIOPEN] = "miopen",
		[GS_KF_TRITON] = "triton",
	};

	return (unsigned)f < sizeof names / sizeof names[0] ? names[f] : "unknown";
}

int
gs_kfamily_blas(gs_kfamily f)
{
	switch (f) {
	case GS_KF_TENSILE: case GS_KF_TENSILE_AUX: case GS_KF_CUBLAS:
	case GS_KF_XMMA: case GS_KF_NVJET: case GS_KF_CUTLASS2:
		return 1;
	default:
		return 0;
	}
}
