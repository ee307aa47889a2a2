/* checked.h: size and count arithmetic that cannot overflow silently.
 *
 * Every product of input-given sizes (GEMM dimensions, tile counts, buffer
 * bytes) goes through these helpers instead of a bare `*`: a product that
 * does not fit is reported to the caller, which refuses the input with a
 * located message (issue 11, item 1 and 3).  Header-only, no state.
 */
#ifndef GS_CHECKED_H
#define GS_CHECKED_H

#include <stddef.h>

/* The largest count the models work with: 2^53, the last integer a double
 * holds exactly, so a count and the efficiencies computed from it in double
 * (num_tiles / slots, M·N / padded area) agree.  A shape whose tile or
 * workgroup count exceeds it is refused. */
#define GS_COUNT_MAX 9007199254740992L

/* gs_mul_long: *OUT = A · B.  Returns 0, or -1 when the product does not
 * fit in a long (then *OUT is unspecified). */
static inline int
gs_mul_long(long a, long b, long *out)
{
	return __builtin_mul_overflow(a, b, out) ? -1 : 0;
}

/* gs_mul_long3: *OUT = A · B · C, as gs_mul_long. */
static inline int
gs_mul_long3(long a, long b, long c, long *out)
{
	long ab;

	return gs_mul_long(a, b, &ab) || gs_mul_long(ab, c, out) ? -1 : 0;
}

/* gs_add_long: *OUT = A + B.  Returns 0, or -1 on overflow. */
static inline int
gs_add_long(long a, long b, long *out)
{
	return __builtin_add_overflow(a, b, out) ? -1 : 0;
}

/* gs_mul_size: *OUT = A · B for byte counts.  Returns 0, or -1 when the
 * product does not fit in a size_t. */
static inline int
gs_mul_size(size_t a, size_t b, size_t *out)
{
	return __builtin_mul_overflow(a, b, out) ? -1 : 0;
}

/* gs_ceil_div: ceil(A / B) for A >= 0 and B > 0, without the overflow of
 * (A + B - 1) / B near LONG_MAX.  Returns 0 for B <= 0 (caller's bug). */
static inline long
gs_ceil_div(long a, long b)
{
	if (b <= 0)
		return 0;
	return a / b + (a % b != 0);
}

#endif
