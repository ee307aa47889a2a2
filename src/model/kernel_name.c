/* kernel_name.c: GEMM kernel-name parsing with POSIX regexes.  Families,
 * fields and patterns: reference/kernel-names.md.
 */
#define _POSIX_C_SOURCE 200809L
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/kernel_name_impl.h"

/* The regexes, POSIX ERE.  Tokens are anchored with '_' on both sides
 * (kernel-names.md §2.2) so that _SK does not match _SKXCCM. */
static const struct {
	const char *re;
	int icase;
} patterns[R_COUNT] = {
        [R_NVJET] = {"^nvjet_([a-z]+)_([0-9]+)x([0-9]+)_([0-9]+)x([0-9]+)_([0-9]+)x([0-9]+)_", 0},
        [R_NVJET_LAYOUT] = {"_([NT])([NT])([NT])$", 0},
        [R_NVJET_SPLITK] = {"_splitK(_|$)", 0},
        [R_CUTLASS3] = {"^cutlass3x_sm([0-9]+)_", 0},
        [R_CUTLASS3_TILE] =
                {"_([0-9]+)x([0-9]+)x([0-9]+)_([0-9]+)x([0-9]+)x([0-9]+)_([0-9]+)_([nt]{3})_align([0-9]+)",
                 0},
        [R_CUTLASS3_INSTR] = {"_s([0-9]+)x([0-9]+)x([0-9]+)gemm", 0},
        [R_CUTLASS3_TYPE] = {"gemm_([a-z0-9]+)_", 0},
        [R_CUTLASS2] = {"^cutlass_([0-9]+_|tensorop_)", 0},
        [R_CUTLASS2_K] = {"_([0-9]+)x([0-9]+)_([0-9]+)x([0-9]+)_([nt]{2})_align([0-9]+)", 0},
        [R_CUTLASS2_NOK] = {"_([0-9]+)x([0-9]+)_([nt]{2})_align([0-9]+)", 0},
        [R_CUTLASS2_CONV] = {"_([0-9]+)x([0-9]+)_([0-9]+)x([0-9]+)_[a-z]+_align([0-9]+)", 0},
        [R_CUTLASS2_TYPE] = {"_([a-z]+[0-9]+)_[hsdi][0-9]*(gemm|fprop|dgrad|wgrad)", 0},
        [R_CUTLASS2_SIMT] = {"_([hsd])gemm_", 0},
        [R_XMMA] = {"_xmma_gemm_", 0},
        [R_XMMA_HEAD] = {"^sm([0-9]+)_xmma_gemm_([a-z0-9]+)_", 0},
        [R_XMMA_TILE] = {"tilesize([0-9]+)x([0-9]+)x([0-9]+)", 0},
        [R_XMMA_STAGE] = {"_stage([0-9]+)_", 0},
        [R_XMMA_WARPS] = {"warp(group)?size([0-9]+)x([0-9]+)x([0-9]+)", 0},
        [R_XMMA_MMA] = {"tensor([0-9]+)x([0-9]+)x([0-9]+)", 0},
        [R_XMMA_LAYOUT] = {"_([nt])([nt])_([nt])_tilesize", 0},
        [R_XMMA_SEGK] = {"segment_k_(on|off)", 0},
        [R_CUBLAS] = {"^(trt_)?(maxwell|pascal|volta|turing|ampere|hopper|sm[0-9]+)_"
                      "([a-z0-9]+_)?([hsdi][0-9]*gemm)_([a-z0-9]+_)?([0-9]+)x([0-9]+)(_|$)",
                      0},
        [R_CUBLAS_STAGES] = {"stages_([0-9]+)x([0-9]+)", 0},
        [R_CUBLAS_LAYOUT] = {"_([nt])([nt])(_v[0-9]+)?$", 0},
        [R_TENSILE] = {"(^|_)(Custom[0-9]*_)?C([a-z]+)_A([a-zA-Z]+)_B([a-zA-Z]+)_", 0},
        [R_TENSILE_MT] = {"_MT([0-9]+)x([0-9]+)x([0-9]+)(_|$)", 0},
        [R_TENSILE_MI4] = {"_MI([0-9]+)x([0-9]+)x([0-9]+)x([0-9]+)(_|$)", 0},
        [R_TENSILE_MI3] = {"_MI([0-9]+)x([0-9]+)x([0-9]+)(_|$)", 0},
        [R_TENSILE_MIWT] = {"_MIWT([0-9]+)_([0-9]+)(_|$)", 0},
        [R_TENSILE_WG] = {"_WG([0-9]+)_([0-9]+)_([0-9]+)(_|$)", 0},
        [R_TENSILE_GSU] = {"_GSU([0-9]+|M)(_|$)", 0},
        [R_TENSILE_GSUA] = {"_GSUA(SB|MB|MBSK)(_|$)", 0},
        [R_TENSILE_SK] = {"_SK([0-9]+)(_|$)", 0},
        [R_TENSILE_ISA] = {"_ISA([0-9]+[0-9a-f])(_|$)", 0},
        [R_TENSILE_AUX] = {"^Cijk_", 0},
        [R_TENSILE_POSTGSU] = {"_PostGSU([0-9]+)(_|$)", 0},
        [R_CK] = {"BlkTile: |DeviceGemm[A-Za-z0-9_]*<|^_ZN2ck|ck::kernel_", 0},
        [R_CK_BLK] = {"BlkTile: ([0-9]+)x([0-9]+)x([0-9]+)", 0},
        [R_CK_WAVE] = {"WaveTile: ([0-9]+)x([0-9]+)", 0},
        [R_CK_BLKSIZE] = {"BlkSize: ([0-9]+)", 0},
        [R_CK_DEV] = {"DeviceGemm([A-Za-z0-9_]*)<([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+)", 0},
        [R_CK_GRID] = {"ck::kernel_[a-z0-9_]*<ck::(Gridwise[A-Za-z0-9_]*)<.*GemmSpecialization\\)"
                       "[0-9]+, ([0-9, ]+)",
                       0},
        [R_AITER] = {"^_ZN5aiter|aiter::", 0},
        [R_AITER_TILE] = {"gemm_[a-z0-9_]*_([0-9]+)x([0-9]+)(_|E|$)", 1},
        [R_AITER_TYPE] = {"^_ZN5aiter[0-9]+([a-z][a-z0-9]*)gemm", 0},
        [R_MIOPEN] = {"igemm_", 0},
        [R_MIOPEN_TILE] = {"bt([0-9]+)x([0-9]+)x([0-9]+)", 0},
        [R_TRITON] = {"^triton_", 0},
        [R_TRITON_GEMM] = {"^triton_tem_fused_(addmm|mm|bmm|baddbmm)", 0},
};

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

int
gs_kn_match(const gs_kparser *p, int id, const char *s, regmatch_t *m)
{
	regmatch_t dummy[NGROUPS];

	return regexec(&p->re[id], s, NGROUPS, m ? m : dummy, 0) == 0;
}

/* Group G of M in S as an int; 0 if absent or out of range. */
int
gs_kn_grp_int(const char *s, const regmatch_t *m, int g)
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
void
gs_kn_grp_str(const char *s, const regmatch_t *m, int g, char *buf, size_t size)
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

char
gs_kn_grp_char(const char *s, const regmatch_t *m, int g)
{
	return m[g].rm_so >= 0 ? s[m[g].rm_so] : '\0';
}

char
gs_kn_nt(char c)
{
	return c == 'n' || c == 'N' ? 'N' : c == 't' || c == 'T' ? 'T' : 0;
}

/* Canonical dtype for a type token prefix such as "bf16bf16", "fp16", "e4m3". */
void
gs_kn_type_prefix(const char *tok, char out[16])
{
	static const struct {
		const char *pre, *canon;
	} map[] = {
	        {"bf16", "bf16"},  {"fp16", "f16"},    {"f16", "f16"},     {"half", "f16"},
	        {"tf32", "tf32"},  {"fp32", "f32"},    {"f32", "f32"},     {"fp64", "f64"},
	        {"f64", "f64"},    {"e4m3", "f8e4m3"}, {"e5m2", "f8e5m2"}, {"fp8", "f8e4m3"},
	        {"f8", "f8e4m3"},  {"int8", "i8"},     {"s8", "i8"},       {"i8", "i8"},
	        {"fp4", "f4e2m1"}, {"f4", "f4e2m1"},
	};

	out[0] = '\0';
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
		if (strncmp(tok, map[i].pre, strlen(map[i].pre)) == 0) {
			snprintf(out, 16, "%s", map[i].canon);
			return;
		}
	}
}

void
gs_kn_set_tile(gs_kernel_info *k, int m, int n, int kk)
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

/* The NAME inside cutlass::Kernel<NAME>(...), ...::Kernel2<NAME> or, as
 * traces print CUTLASS 3 kernels, cutlass::device_kernel<NAME>(...), else
 * NULL. */
static const char *
wrapped_name(const char *s, size_t *len)
{
	static const char *const wrappers[] = {"::Kernel2<", "::Kernel<", "::device_kernel<"};
	const char *w = NULL;

	for (size_t i = 0; !w && i < sizeof wrappers / sizeof wrappers[0]; i++)
		if ((w = strstr(s, wrappers[i])))
			w += strlen(wrappers[i]);
	if (!w)
		return NULL;
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

static void
dispatch(const gs_kparser *p, const char *s, gs_kernel_info *k)
{
	regmatch_t m[NGROUPS], mt[NGROUPS];

	if (gs_kn_match(p, R_NVJET, s, m))
		gs_kn_parse_nvjet(p, s, m, k);
	else if (gs_kn_match(p, R_CUTLASS3, s, m))
		gs_kn_parse_cutlass3(p, s, m, k);
	else if (gs_kn_match(p, R_CUTLASS2, s, NULL))
		gs_kn_parse_cutlass2(p, s, k);
	else if (gs_kn_match(p, R_XMMA, s, NULL))
		gs_kn_parse_xmma(p, s, k);
	else if (gs_kn_match(p, R_CUBLAS, s, m))
		gs_kn_parse_cublas(p, s, m, k);
	else if (gs_kn_match(p, R_TENSILE, s, m) && gs_kn_match(p, R_TENSILE_MT, s, mt))
		gs_kn_parse_tensile(p, s, m, mt, k);
	else if (gs_kn_match(p, R_TENSILE_AUX, s, NULL) && !gs_kn_match(p, R_TENSILE_MT, s, NULL))
		gs_kn_parse_tensile_aux(p, s, k);
	else if (gs_kn_match(p, R_CK, s, NULL))
		gs_kn_parse_ck(p, s, k);
	else if (gs_kn_match(p, R_AITER, s, NULL))
		gs_kn_parse_aiter(p, s, k);
	else
		gs_kn_parse_other(p, s, k);
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
	        [GS_KF_UNKNOWN] = "unknown",
	        [GS_KF_NVJET] = "nvjet",
	        [GS_KF_CUTLASS3] = "cutlass3",
	        [GS_KF_CUTLASS2] = "cutlass2",
	        [GS_KF_XMMA] = "xmma",
	        [GS_KF_CUBLAS] = "cublas",
	        [GS_KF_TENSILE] = "tensile",
	        [GS_KF_TENSILE_AUX] = "tensile-aux",
	        [GS_KF_CK] = "ck",
	        [GS_KF_AITER] = "aiter",
	        [GS_KF_MIOPEN] = "miopen",
	        [GS_KF_TRITON] = "triton",
	};

	return (unsigned)f < sizeof names / sizeof names[0] ? names[f] : "unknown";
}

int
gs_kfamily_blas(gs_kfamily f)
{
	switch (f) {
	case GS_KF_TENSILE:
	case GS_KF_TENSILE_AUX:
	case GS_KF_CUBLAS:
	case GS_KF_XMMA:
	case GS_KF_NVJET:
	case GS_KF_CUTLASS2: return 1;
	default: return 0;
	}
}
