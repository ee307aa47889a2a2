/* bdtype.h: the element types gemmscope-bench runs (f32, f16, bf16) and
 * their conversions on the host.
 *
 * f16 is IEEE 754 binary16, bf16 the upper half of a binary32; both are
 * stored as uint16_t.  Conversions from f32 round to nearest, ties to
 * even (IEEE 754 §4.3.1), keep NaN a NaN and overflow to infinity.
 */
#ifndef GS_BDTYPE_H
#define GS_BDTYPE_H

#include <stddef.h>
#include <stdint.h>

#include "runner/devapi.h"

/* gs_bdtype_from_name: the gs_dev_dtype of a canonical dtype name (see
 * gs_dtype_normalize: "f32", "f16", "bf16").  Returns it, or -1 for a
 * dtype gemmscope-bench does not run. */
int gs_bdtype_from_name(const char *canon);

/* gs_bdtype_name: "f32", "f16" or "bf16" for a gs_dev_dtype, "?" else. */
const char *gs_bdtype_name(int dtype);

/* gs_bdtype_size: bytes per element (4 or 2), 0 for an unknown dtype. */
size_t gs_bdtype_size(int dtype);

/* gs_bdtype_unit_roundoff: u = 2^-p of the type's p-bit significand:
 * 2^-24 (f32), 2^-11 (f16), 2^-8 (bf16).  0 for an unknown dtype. */
double gs_bdtype_unit_roundoff(int dtype);

/* Scalar conversions. */
uint16_t gs_bdtype_f16_from_f32(float x);
float gs_bdtype_f32_from_f16(uint16_t h);
uint16_t gs_bdtype_bf16_from_f32(float x);
float gs_bdtype_f32_from_bf16(uint16_t h);

/* gs_bdtype_round: X rounded to DTYPE and back to f32. */
float gs_bdtype_round(int dtype, float x);

/* gs_bdtype_pack: convert N floats SRC to DTYPE elements in DST (N·size
 * bytes).  gs_bdtype_unpack: the reverse.  Unknown dtypes copy nothing. */
void gs_bdtype_pack(int dtype, const float *src, void *dst, size_t n);
void gs_bdtype_unpack(int dtype, const void *src, float *dst, size_t n);

#endif
