/* fmt_num.c: numbers as text for the machine-read outputs (CSV, JSON):
 * gs_fmt_exact, the shortest of %.15g, %.16g and %.17g that reads back,
 * and gs_fmt_int.  A million-shape compare writes tens of millions of
 * numbers, so the common path does without printf and strtod; every
 * value it cannot decide goes to them (test_render compares the two). */
#define _POSIX_C_SOURCE 200809L
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/fmt.h"

enum { DIGITS_MAX = 17 };

/* 10^K for K in [0, 19]: the powers of ten a uint64_t holds. */
static uint64_t
pow10u(int k)
{
	static const uint64_t p[20] = {1ULL,
	                               10ULL,
	                               100ULL,
	                               1000ULL,
	                               10000ULL,
	                               100000ULL,
	                               1000000ULL,
	                               10000000ULL,
	                               100000000ULL,
	                               1000000000ULL,
	                               10000000000ULL,
	                               100000000000ULL,
	                               1000000000000ULL,
	                               10000000000000ULL,
	                               100000000000000ULL,
	                               1000000000000000ULL,
	                               10000000000000000ULL,
	                               100000000000000000ULL,
	                               1000000000000000000ULL,
	                               10000000000000000000ULL};

	return p[k];
}

/* 10^K for K in [0, 27]: exact in long double (5^27 < 2^64, so each
 * literal converts without rounding). */
static long double
pow10l_exact(int k)
{
	static const long double p[28] = {1e0L,  1e1L,  1e2L,  1e3L,  1e4L,  1e5L,  1e6L,
	                                  1e7L,  1e8L,  1e9L,  1e10L, 1e11L, 1e12L, 1e13L,
	                                  1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L, 1e20L,
	                                  1e21L, 1e22L, 1e23L, 1e24L, 1e25L, 1e26L, 1e27L};

	return p[k];
}

/* Whether the normal long double Y lies exactly halfway between two
 * doubles: its significand's bits below a double's 53 are 1 followed by
 * zeros.  x87's 80-bit format keeps the 64-bit significand, integer bit
 * included, in its first 8 bytes (little-endian), read directly; other
 * formats go through frexpl. */
static int
halfway(long double y)
{
#if LDBL_MANT_DIG == 64 && (defined(__x86_64__) || defined(__i386__))
	uint64_t sig;

	memcpy(&sig, &y, sizeof sig);
	return (sig & 0x7ff) == 0x400;
#else
	int x;
	/* F in [2^53, 2^54): an odd whole number is halfway */
	long double f = ldexpl(frexpl(y, &x), 54);
	unsigned long long u = (unsigned long long)f;

	return (long double)u == f && (u & 1);
#endif
}

/* %.{P}g's text of M (P significant digits, the first non-zero) times
 * 10^(E - P + 1), in C's "%g" layout: fixed when -4 <= E < P, else d.ddde±XX;
 * trailing zeros and a bare point dropped.  NEG: a leading '-'. */
static void
g_text(char *buf, unsigned long long m, int p, int e, int neg)
{
	char d[DIGITS_MAX + 1] = {0};
	int n = p, o = 0;

	for (int i = p - 1; i >= 0; i--, m /= 10)
		d[i] = (char)('0' + m % 10);
	while (n > 1 && d[n - 1] == '0')
		n--;
	if (neg)
		buf[o++] = '-';
	if (e >= -4 && e < p) {
		if (e < 0) {
			buf[o++] = '0';
			buf[o++] = '.';
			for (int i = -1; i > e; i--)
				buf[o++] = '0';
		}
		for (int i = 0; i < n || i <= e; i++) {
			if (i == e + 1 && i > 0)
				buf[o++] = '.';
			buf[o++] = i < n ? d[i] : '0';
		}
		buf[o] = '\0';
		return;
	}
	buf[o++] = d[0];
	if (n > 1)
		buf[o++] = '.';
	for (int i = 1; i < n; i++)
		buf[o++] = d[i];
	buf[o++] = 'e'; /* %g's exponent: a sign and at least two digits */
	buf[o++] = e < 0 ? '-' : '+';
	e = e < 0 ? -e : e; /* |e| < 400: a double's range */
	if (e >= 100)
		buf[o++] = (char)('0' + e / 100);
	buf[o++] = (char)('0' + e / 10 % 10);
	buf[o++] = (char)('0' + e % 10);
	buf[o] = '\0';
}

/* Whether the decimal M · 10^(E - P + 1) (M of P <= 17 digits) reads
 * back to the positive double A, as strtod would decide: 1 or 0, or -1
 * when only strtod can tell.  Clinger's observation used in reverse: M
 * (< 2^57) and 10^|q| (|q| <= 27: 5^27 < 2^63) are exact in a long
 * double of 64 or more significand bits, so their product or quotient is
 * the exact decimal rounded once; rounding that to double is correct
 * unless the long double lies exactly halfway between two doubles.  A in
 * [1e-300, 1e300] keeps every double normal. */
static int
reads_back(unsigned long long m, int p, int e, double a)
{
#if LDBL_MANT_DIG >= 64
	int q = e - p + 1;
	long double y;

	if (q < -27 || q > 27)
		return -1;
	y = q >= 0 ? (long double)m * pow10l_exact(q) : (long double)m / pow10l_exact(-q);
	if (halfway(y))
		return -1;
	return (double)y == a;
#else
	(void)m;
	(void)p;
	(void)e;
	(void)a;
	return -1;
#endif
}

/* |V| · 10^K for |K| <= 27, rounded once (pow10l_exact is exact). */
static long double
scaled(double a, int k)
{
	return k >= 0 ? (long double)a * pow10l_exact(k) : (long double)a / pow10l_exact(-k);
}

/* floor(log10(A)) for a normal A > 0, or one off: from the binary
 * exponent and the mantissa's fraction F, with log2(1 + F) taken as F (at
 * most 0.086 low, 0.026 of a decade), without a call to log10.
 * fast_exact scales again when the estimate is off. */
static int
decimal_exponent(double a)
{
	uint64_t bits;
	int e2;
	double f;

	memcpy(&bits, &a, sizeof bits);
	e2 = (int)((bits >> 52) & 0x7ff) - 1023;
	f = (double)(bits & ((1ULL << 52) - 1)) / 4503599627370496.0; /* / 2^52 */
	return (int)floor((e2 + f) * 0.30102999566398120); /* log10(2) */
}

/* Whether A · 10^K (A a normal double > 0, 0 <= K <= 27) is exact in a
 * long double of 64 significand bits: the odd part of A's significand
 * times 5^K fits in 64 bits (the power of two only moves the exponent).
 * MiB figures (bytes / 2^20) and other short binary fractions are: their
 * 16-digit decimals end in 5, a true tie at 15 digits that only an exact
 * product can round (half to even, as printf does). */
static int
scaled_exact(double a, int k)
{
#if LDBL_MANT_DIG >= 64
	uint64_t bits, sig, p5, prod;

	if (k < 0 || k > 27)
		return 0;
	memcpy(&bits, &a, sizeof bits);
	sig = (bits & ((1ULL << 52) - 1)) | (1ULL << 52);
	sig >>= __builtin_ctzll(sig);
	/* 5^K = 10^K / 2^K, in integers (a long double conversion to an
	 * integer changes the x87 control word twice: slow) */
	p5 = k <= 19 ? pow10u(k) >> k : (pow10u(19) >> 19) * (pow10u(k - 19) >> (k - 19));
	return !__builtin_mul_overflow(sig, p5, &prod);
#else
	(void)a;
	(void)k;
	return 0;
#endif
}

/* The shortest of %.15g, %.16g, %.17g that reads back to V (finite,
 * non-zero, |V| in [1e-300, 1e300]), as gs_fmt_exact: the 17 digits of |V|
 * are taken from one long double product (one rounding, 2^-64 relative)
 * and rounded to 15 and 16.  The product, below 1e17 < 2^57, is within
 * 2^-8 (0.4 %) of a unit of the 17th digit of the exact one, so where
 * the part a rounding drops is within 1 % of such a unit of a tie, only
 * an exact product (scaled_exact) decides; otherwise 0 (the caller uses
 * printf).  Returns 1 with BUF (GS_FMT_LEN bytes) filled, else 0. */
static int
fast_exact(char *buf, double v)
{
	double a = fabs(v);
	int e = decimal_exponent(a);
	long double x;
	unsigned long long m17, m = 0;
	int p, ep = e, ok = 0, exact;

	if (DIGITS_MAX - 1 - e < -26 || DIGITS_MAX - 1 - e > 26)
		return 0;
	x = scaled(a, DIGITS_MAX - 1 - e);
	if (x < 1e16L || x >= 1e17L) { /* the estimate was one off: scale again, once */
		e += x < 1e16L ? -1 : 1;
		x = scaled(a, DIGITS_MAX - 1 - e);
	}
	if (x < 1e16L || x >= 1e17L)
		return 0;
	/* floor(X) through llrintl: a cast would change the x87 control word
	 * to truncate and back, twice as slow as the rest of this function */
	m17 = (unsigned long long)llrintl(x);
	m17 -= (long double)m17 > x;
	exact = scaled_exact(a, DIGITS_MAX - 1 - e);
	for (p = 15; p <= DIGITS_MAX && !ok; p++) {
		unsigned long long unit = pow10u(DIGITS_MAX - p);
		/* what rounding to P digits drops, in units of the 17th digit:
		 * in [0, UNIT), within 2^-8 of the exact value's */
		long double d = x - (long double)(long long)(m17 - m17 % unit), half = unit / 2.0L;

		if (exact && d == half) /* a true tie: half to even */
			m = m17 / unit + (m17 / unit % 2);
		else if (!exact && fabsl(d - half) < 1e-2L)
			return 0;
		else
			m = m17 / unit + (d > half);
		ep = e;
		if (m == pow10u(p)) { /* 99..9 rounded up */
			m /= 10;
			ep++;
		}
		ok = p == DIGITS_MAX ? 1 : reads_back(m, p, ep, a);
		if (ok < 0) {
			g_text(buf, m, p, ep, v < 0);
			ok = fabs(strtod(buf, NULL)) == a;
		}
	}
	g_text(buf, m, p - 1, ep, v < 0);
	return 1;
}

/* The last few numbers gs_fmt_exact printed on this thread, by their
 * bits: a writer prints one value several times (a one-sample shape's
 * median, mean, min, max, sum and sample are one double). */
enum { RECENT = 4 };
static _Thread_local struct {
	uint64_t bits;
	char text[GS_FMT_LEN];
} recent[RECENT];
static _Thread_local unsigned recent_next;

size_t
gs_fmt_int(char *buf, long long v)
{
	char d[GS_FMT_INT_LEN];
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
	size_t n = 0, o = 0;

	do
		d[n++] = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		buf[o++] = '-';
	while (n > 0)
		buf[o++] = d[--n];
	buf[o] = '\0';
	return o;
}

char *
gs_fmt_exact(char *buf, size_t size, double v)
{
	if (!isfinite(v)) {
		if (size)
			buf[0] = '\0';
		return buf;
	}
	if (size >= GS_FMT_LEN && fabs(v) >= 1e-300 && fabs(v) <= 1e300) {
		uint64_t bits;

		memcpy(&bits, &v, sizeof bits);
		for (unsigned i = 0; i < RECENT; i++)
			if (recent[i].bits == bits && recent[i].text[0]) {
				memcpy(buf, recent[i].text, strlen(recent[i].text) + 1);
				return buf;
			}
		if (fast_exact(buf, v)) {
			unsigned i = recent_next++ % RECENT;
			recent[i].bits = bits;
			memcpy(recent[i].text, buf, strlen(buf) + 1);
			return buf;
		}
	}
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, size, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return buf;
}
