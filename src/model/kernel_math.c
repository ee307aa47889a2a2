/* kernel_math.c: the math type a GEMM kernel's name says it uses, where
 * it differs from the storage type (fp32 storage on TF32/XF32 matrix
 * cores).  Name conventions: reference/kernel-names.md §2 (Tensile type
 * character X = xf32), §4 (xmma f32f32_tf32f32), §6 (CUTLASS 2.x
 * tensorop_s1688gemm: no input-type token means fp32 inputs, which sm80+
 * tensor cores take as TF32) and §7 (CUTLASS 3.x tf32 element types).
 * Pure computation.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "model/kernel_name.h"

/* Does S contain SUB, ignoring case? */
static int
has_ci(const char *s, const char *sub)
{
	size_t n = strlen(sub);

	for (; *s; s++) {
		size_t i = 0;
		while (i < n && s[i] && tolower((unsigned char)s[i]) == sub[i])
			i++;
		if (i == n)
			return 1;
	}
	return 0;
}

/* CUTLASS 2.x "cutlass_<cc>_tensorop_s<digits>gemm" (cc >= 80, or no cc):
 * an instruction token right after "tensorop_", with no input type before
 * it, is an fp32-input tensor-op kernel. */
static int
cutlass_f32_tensorop(const char *k)
{
	const char *p = strstr(k, "tensorop_s");
	const char *c = strstr(k, "cutlass_");
	const char *d;

	if (!p || !c || !isdigit((unsigned char)p[10]))
		return 0;
	for (d = p + 10; isdigit((unsigned char)*d); d++)
		;
	if (strncmp(d, "gemm", 4) != 0)
		return 0;
	/* an input type after gemm_ (CUTLASS's extended name: "s1688gemm_f16_",
	 * "s1688gemm_bf16_") is not fp32; "_relu" and the tile are skipped */
	for (d += 4; d && d[0] == '_' && !isdigit((unsigned char)d[1]); d = strchr(d + 1, '_')) {
		if (strncmp(d, "_f32", 4) == 0)
			break;
		if (strncmp(d, "_relu", 5) != 0)
			return 0;
	}
	c += 8;
	return !isdigit((unsigned char)*c) || atoi(c) >= 80;
}

/* Skip "_<letters>" at *P; 1 if there was such a token. */
static int
skip_token(const char **p, char first)
{
	const char *s = *p;

	if (s[0] != '_' || s[1] != first || !isalpha((unsigned char)s[2]))
		return 0;
	for (s += 2; isalpha((unsigned char)*s); s++)
		;
	*p = s;
	return 1;
}

/* Tensile / TensileLite "C<idx>_A<idx>_B<idx>_X...": type character X,
 * xf32 (kernel-names.md §2.1). */
static int
tensile_xf32(const char *k)
{
	for (const char *c = k; (c = strchr(c, 'C')) != NULL; c++) {
		const char *p = c + 1;
		if (c != k && c[-1] != '_')
			continue;
		if (!islower((unsigned char)*p))
			continue;
		while (islower((unsigned char)*p))
			p++;
		if (skip_token(&p, 'A') && skip_token(&p, 'B') && p[0] == '_' && p[1] == 'X')
			return 1;
	}
	return 0;
}

const char *
gs_kernel_math_dtype(const char *kernel, const char *storage_dtype)
{
	int f32 = !storage_dtype || !storage_dtype[0] || strcmp(storage_dtype, "f32") == 0;

	if (!kernel || !f32)
		return storage_dtype;
	if (has_ci(kernel, "xf32") || tensile_xf32(kernel))
		return "xf32";
	if (has_ci(kernel, "tf32") || cutlass_f32_tensorop(kernel))
		return "tf32";
	return storage_dtype;
}
