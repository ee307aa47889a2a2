#include <math.h>
#include <string.h>

#include "runner/bdtype.h"

int
gs_bdtype_from_name(const char *canon)
{
	if (strcmp(canon, "f32") == 0)
		return GS_DEV_F32;
	if (strcmp(canon, "f16") == 0)
		return GS_DEV_F16;
	if (strcmp(canon, "bf16") == 0)
		return GS_DEV_BF16;
	return -1;
}

const char *
gs_bdtype_name(int dtype)
{
	switch (dtype) {
	case GS_DEV_F32: return "f32";
	case GS_DEV_F16: return "f16";
	case GS_DEV_BF16: return "bf16";
	}
	return "?";
}

size_t
gs_bdtype_size(int dtype)
{
	switch (dtype) {
	case GS_DEV_F32: return 4;
	case GS_DEV_F16:
	case GS_DEV_BF16: return 2;
	}
	return 0;
}

double
gs_bdtype_unit_roundoff(int dtype)
{
	switch (dtype) {
	case GS_DEV_F32: return ldexp(1.0, -24);
	case GS_DEV_F16: return ldexp(1.0, -11);
	case GS_DEV_BF16: return ldexp(1.0, -8);
	}
	return 0;
}

static uint32_t
f32_bits(float x)
{
	uint32_t u;

	memcpy(&u, &x, sizeof u);
	return u;
}

static float
bits_f32(uint32_t u)
{
	float x;

	memcpy(&x, &u, sizeof x);
	return x;
}

/* Round the 24-bit significand M (implicit bit included) shifted right by
 * S bits, to nearest with ties to even. */
static uint32_t
round_shift(uint32_t m, int s)
{
	uint32_t q, rem, half;

	if (s >= 32)
		return 0;
	q = m >> s;
	rem = m & ((1u << s) - 1);
	half = 1u << (s - 1);
	if (rem > half || (rem == half && (q & 1)))
		q++;
	return q;
}

uint16_t
gs_bdtype_f16_from_f32(float x)
{
	uint32_t u = f32_bits(x);
	uint16_t sign = (uint16_t)((u >> 16) & 0x8000);
	int e = (int)((u >> 23) & 0xff);
	uint32_t m = u & 0x7fffff;

	if (e == 0xff) /* inf, NaN (quiet) */
		return sign | 0x7c00 | (m ? 0x200 : 0);
	if (e == 0 && m == 0)
		return sign;
	e -= 127 - 15; /* rebias; f32 subnormals underflow */
	m |= 0x800000;
	if (e >= 31)
		return sign | 0x7c00;
	if (e <= 0) { /* f16 subnormal or zero */
		/* the f16 fraction counts units of 2^-24: m·2^(e-14) */
		return sign | (uint16_t)round_shift(m, 14 - e);
	}
	/* normal: 10 fraction bits; a carry out of the fraction raises the
	 * exponent, and up to 0x7c00 (inf), which is the right overflow. */
	return sign | (uint16_t)(((uint32_t)e << 10) + round_shift(m, 13) - 0x400);
}

float
gs_bdtype_f32_from_f16(uint16_t h)
{
	uint32_t sign = (uint32_t)(h & 0x8000) << 16;
	int e = (h >> 10) & 0x1f;
	uint32_t m = h & 0x3ff;

	if (e == 0x1f)
		return bits_f32(sign | 0x7f800000 | (m << 13));
	if (e == 0) /* zero or subnormal: m·2^-24, exact in f32 */
		return sign ? -ldexpf((float)m, -24) : ldexpf((float)m, -24);
	return bits_f32(sign | ((uint32_t)(e + 127 - 15) << 23) | (m << 13));
}

uint16_t
gs_bdtype_bf16_from_f32(float x)
{
	uint32_t u = f32_bits(x);

	if ((u & 0x7f800000) == 0x7f800000 && (u & 0x7fffff))
		return (uint16_t)((u >> 16) | 0x40); /* quiet NaN */
	u += 0x7fff + ((u >> 16) & 1); /* ties to even */
	return (uint16_t)(u >> 16);
}

float
gs_bdtype_f32_from_bf16(uint16_t h)
{
	return bits_f32((uint32_t)h << 16);
}

float
gs_bdtype_round(int dtype, float x)
{
	switch (dtype) {
	case GS_DEV_F16: return gs_bdtype_f32_from_f16(gs_bdtype_f16_from_f32(x));
	case GS_DEV_BF16: return gs_bdtype_f32_from_bf16(gs_bdtype_bf16_from_f32(x));
	}
	return x;
}

void
gs_bdtype_pack(int dtype, const float *src, void *dst, size_t n)
{
	uint16_t *h = dst;

	switch (dtype) {
	case GS_DEV_F32: memcpy(dst, src, n * sizeof *src); break;
	case GS_DEV_F16:
		for (size_t i = 0; i < n; i++)
			h[i] = gs_bdtype_f16_from_f32(src[i]);
		break;
	case GS_DEV_BF16:
		for (size_t i = 0; i < n; i++)
			h[i] = gs_bdtype_bf16_from_f32(src[i]);
		break;
	}
}

void
gs_bdtype_unpack(int dtype, const void *src, float *dst, size_t n)
{
	const uint16_t *h = src;

	switch (dtype) {
	case GS_DEV_F32: memcpy(dst, src, n * sizeof *dst); break;
	case GS_DEV_F16:
		for (size_t i = 0; i < n; i++)
			dst[i] = gs_bdtype_f32_from_f16(h[i]);
		break;
	case GS_DEV_BF16:
		for (size_t i = 0; i < n; i++)
			dst[i] = gs_bdtype_f32_from_bf16(h[i]);
		break;
	}
}
