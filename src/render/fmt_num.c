/* fmt_num.c: numbers as text for the machine-read outputs (CSV, JSON):
 * gs_fmt_exact, the shortest of %.15g, %.16g and %.17g that reads back,
 * and gs_fmt_int.  A million-shape compare writes tens of millions of
 * numbers, so every value with |V| in [1e-15, 1e37] is decided in exact
 * 128-bit integer arithmetic, without printf, strtod or a floating-point
 * rounding (fast_exact); the others go to printf and strtod.  test_render
 * compares the two on 300,000 values; 250 million random doubles of
 * every kind (bench/compare/RESULTS.md round 6) gave the same text. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/fmt.h"

enum { DIGITS_MAX = 17 };

/* 10^K for K in [0, 19]: the powers of ten a uint64_t holds. */
static const uint64_t pow10u[20] = {1ULL,
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

/* "00".."99": two digits per table read. */
static const char digit_pairs[201] = "00010203040506070809"
                                     "10111213141516171819"
                                     "20212223242526272829"
                                     "30313233343536373839"
                                     "40414243444546474849"
                                     "50515253545556575859"
                                     "60616263646566676869"
                                     "70717273747576777879"
                                     "80818283848586878889"
                                     "90919293949596979899";

/* V < 10^8 as 8 digits, zero-padded: four independent table reads. */
static inline void
digits8(char *d, uint32_t v)
{
	uint32_t a = v / 10000, b = v % 10000;

	memcpy(d, digit_pairs + 2 * (a / 100), 2);
	memcpy(d + 2, digit_pairs + 2 * (a % 100), 2);
	memcpy(d + 4, digit_pairs + 2 * (b / 100), 2);
	memcpy(d + 6, digit_pairs + 2 * (b % 100), 2);
}

/* %.{P}g's text of M (P significant digits, the first non-zero) times
 * 10^(E - P + 1), in C's "%g" layout: fixed when -4 <= E < P, else d.ddde±XX;
 * trailing zeros and a bare point dropped.  NEG: a leading '-'.  BUF has
 * GS_FMT_LEN bytes: the digits are copied 17 or 16 at a time whatever
 * their number (one move each, not a call with a length), and what lies
 * past the text is overwritten or left beyond its NUL.  Returns the
 * text's length. */
static size_t
g_text(char *buf, uint64_t m, int p, int e, int neg)
{
	/* the 17 places, zero-padded, then room for a 16-byte copy from any
	 * digit */
	char d17[DIGITS_MAX + 16];
	uint64_t hi = m / 100000000; /* M < 10^17: HI < 10^9 */
	const char *d = d17 + DIGITS_MAX - p;
	char *o = buf + neg;
	int n = p;

	/* three independent parts; M's digits are the last P */
	memset(d17 + DIGITS_MAX, 0, 16); /* what the copies carry past */
	d17[0] = (char)('0' + hi / 100000000);
	digits8(d17 + 1, (uint32_t)(hi % 100000000));
	digits8(d17 + 9, (uint32_t)(m % 100000000));
	while (n > 1 && d[n - 1] == '0') /* the zeros %g drops */
		n--;
	buf[0] = '-'; /* overwritten by the first digit unless NEG */
	if (e >= -4 && e < p) {
		if (e < 0) { /* "0.", then -E - 1 zeros, then the digits */
			memcpy(o, "0.000000", 8);
			o += 1 - e;
			memcpy(o, d, DIGITS_MAX);
			o += n;
		} else {
			/* the whole part: E + 1 <= P digits, a dropped zero among
			 * them still in D */
			memcpy(o, d, DIGITS_MAX);
			o += e + 1;
			if (n > e + 1) { /* a fraction: at most 16 digits */
				*o++ = '.';
				memcpy(o, d + e + 1, 16);
				o += n - e - 1;
			}
		}
		*o = '\0';
		return (size_t)(o - buf);
	}
	*o++ = d[0];
	if (n > 1) {
		*o++ = '.';
		memcpy(o, d + 1, 16);
		o += n - 1;
	}
	*o++ = 'e'; /* %g's exponent: a sign and at least two digits */
	*o++ = e < 0 ? '-' : '+';
	e = e < 0 ? -e : e; /* |e| < 400: a double's range */
	if (e >= 100)
		*o++ = (char)('0' + e / 100);
	memcpy(o, digit_pairs + 2 * (e % 100), 2);
	o[2] = '\0';
	return (size_t)(o + 2 - buf);
}

/* floor(log10(A)) for a normal A > 0, or one off: from the binary
 * exponent and the mantissa's fraction F, with log2(1 + F) taken as F (at
 * most 0.086 low, 0.026 of a decade), without a call to log10.
 * fast_exact scales again when the estimate is off. */
static int
decimal_exponent(uint64_t bits)
{
	int e2 = (int)((bits >> 52) & 0x7ff) - 1023;
	double f = (double)(bits & ((1ULL << 52) - 1)) / 4503599627370496.0; /* / 2^52 */

	double x = (e2 + f) * 0.30102999566398120; /* log10(2) */
	int e = (int)x; /* toward zero */

	return e - (x < e); /* floor */
}

/* 10^K for K in [0, 22]: the powers of ten a double holds exactly. */
static const double pow10d[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                  1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                  1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* %.15g's text of V when it reads back to V, decided in two double
 * operations; 0 when it does not, or cannot be decided so (the caller
 * then asks fast_exact).  Most numbers a writer prints are short
 * decimals: times read from text with six decimals, FLOP / 1e9, bytes /
 * 2^20.
 *
 * With |V| scaled by 10^k to 15 digits before the point and rounded to
 * the whole number D, the text D · 10^-k reads back to V iff
 * D / 10^k == |V|: D < 2^53 and 10^k (k <= 22) are exact doubles, and
 * IEEE division rounds the quotient to nearest as strtod rounds the
 * text.  Such a D is %.15g's rounding of |V|: 15-digit decimals near |V|
 * lie at least 10^-15 · |V| apart, wider than the half-ulp interval that
 * reads back to V (at most 1.2e-16 · |V|), so that interval holds at most
 * one of them, and the one it holds is the nearest.  The product |V| ·
 * 10^k is rounded, so D may miss by one; that D then fails the test, and
 * the caller decides V exactly.  The shortest of %.15g, %.16g, %.17g that
 * reads back is then %.15g. */
static size_t
short_decimal(char *buf, double v)
{
	double a = fabs(v), x;
	uint64_t bits, d;
	int k;

	memcpy(&bits, &a, sizeof bits);
	/* decimal_exponent gives |V|'s exponent E or E - 1: |V| · 10^k in
	 * [10^14, 10^16) */
	k = 14 - decimal_exponent(bits);
	if (k < 1 || k > 22) /* |V| outside about [1e-8, 1e14) */
		return 0;
	x = a * pow10d[k];
	if (x >= 1e15) /* the estimate one low */
		x = a * pow10d[--k];
	d = (uint64_t)(x + 0.5); /* 15 digits, or 10^15 when rounded up */
	if (d < pow10u[14] || d >= pow10u[15] || (double)d / pow10d[k] != a)
		return 0;
	return g_text(buf, d, 15, 14 - k, v < 0);
}

#ifdef __SIZEOF_INT128__
typedef unsigned __int128 u128;

/* The range fast_exact decides in 128-bit integers: |V| in [1e-15, 1e37]
 * (10^(16 - E) for E in [-15, 37]: 5^31 < 2^72 keeps M · 5^k below
 * 2^125, and M · 2^e below 2^125 over 10^21). */
#define FAST_MIN 1e-15
#define FAST_MAX 1e37

/* A normal positive double A = M · 2^e scaled by 10^k, k = 16 - E, as
 * the exact rational D17 + R / DEN: D17 its whole part (the 17 significant
 * digits when E is A's decimal exponent), R < DEN the rest, and ULP the
 * distance from A to the next double up, in the same units 1 / DEN. */
typedef struct scaled {
	uint64_t d17;
	u128 r, den, ulp;
} scaled;

/* 5^K for K in [0, 27]: the powers of five a uint64_t holds. */
static const uint64_t pow5u[28] = {1ULL,
                                   5ULL,
                                   25ULL,
                                   125ULL,
                                   625ULL,
                                   3125ULL,
                                   15625ULL,
                                   78125ULL,
                                   390625ULL,
                                   1953125ULL,
                                   9765625ULL,
                                   48828125ULL,
                                   244140625ULL,
                                   1220703125ULL,
                                   6103515625ULL,
                                   30517578125ULL,
                                   152587890625ULL,
                                   762939453125ULL,
                                   3814697265625ULL,
                                   19073486328125ULL,
                                   95367431640625ULL,
                                   476837158203125ULL,
                                   2384185791015625ULL,
                                   11920928955078125ULL,
                                   59604644775390625ULL,
                                   298023223876953125ULL,
                                   1490116119384765625ULL,
                                   7450580596923828125ULL};

/* 5^K for K in [0, 31]. */
static u128
pow5(int k)
{
	return k <= 27 ? (u128)pow5u[k] : (u128)pow5u[27] * pow5u[k - 27];
}

/* A (mantissa M, binary exponent E2: A = M · 2^E2) times 10^K into OUT,
 * exactly.  Returns 0, or -1 when the whole part is 10^18 or more (a
 * decimal exponent estimated one too low; OUT is then not set). */
static inline __attribute__((always_inline)) int
scale_exact(uint64_t m, int e2, int k, scaled *out)
{
	if (k >= 0) {
		u128 p = (u128)m * pow5(k); /* A · 10^k = M · 5^k · 2^(e2 + k) */
		int t = e2 + k;

		if (t >= 0) { /* a whole number */
			if (t >= 64 || (p << t) >> t != p || (p << t) >= pow10u[18])
				return -1;
			out->d17 = (uint64_t)(p << t);
			out->r = 0;
			out->den = 1;
			out->ulp = pow5(k) << t;
		} else {
			int s = -t;

			if (s >= 127 || (p >> s) >= pow10u[18])
				return -1;
			out->d17 = (uint64_t)(p >> s);
			out->r = p & (((u128)1 << s) - 1);
			out->den = (u128)1 << s;
			out->ulp = pow5(k);
		}
		return 0;
	}
	/* k < 0: A >= 1e16 > 2^53, so e2 >= 1, and A / 10^-k */
	u128 v = (u128)m << e2, q;
	u128 den = -k <= 19 ? (u128)pow10u[-k] : (u128)pow10u[19] * pow10u[-k - 19];

	q = v / den;
	if (q >= pow10u[18])
		return -1;
	out->d17 = (uint64_t)q;
	out->r = v - q * den;
	out->den = den;
	out->ulp = (u128)1 << e2;
	return 0;
}

/* Whether the decimal C (a whole number, in units of S's 17th digit)
 * reads back to the double S was scaled from, as strtod rounds: nearer to
 * it than half the gap to either neighbour, or exactly half and its
 * mantissa even (round half to even).  LOW_NEAR: the double below is half
 * as far as the one above (a mantissa of exactly 2^52). */
static inline __attribute__((always_inline)) int
reads_back(const scaled *s, uint64_t c, int even, int low_near)
{
	u128 dist, gap;
	int below;

	if (c > s->d17) { /* above A: (c - d17) · den - r */
		dist = (u128)(c - s->d17) * s->den - s->r;
		below = 0;
	} else {
		dist = (u128)(s->d17 - c) * s->den + s->r;
		below = 1;
	}
	/* 2 · dist against the gap (4 · dist where the gap below is half) */
	dist <<= below && low_near ? 2 : 1;
	gap = s->ulp;
	return dist < gap || (dist == gap && even);
}

/* S's 17 digits rounded to those above UNIT (100, 10 or 1: 15, 16 or 17
 * digits), half to even as printf rounds: what the rounding drops,
 * (d17 % UNIT) + r / den, against half a UNIT, both times 2 · den.
 * Inline, so that each UNIT divides as a constant. */
static inline __attribute__((always_inline)) uint64_t
round_digits(const scaled *s, uint64_t unit)
{
	uint64_t q = s->d17 / unit;
	u128 drop = ((u128)(s->d17 % unit) * s->den + s->r) * 2, half = (u128)unit * s->den;

	return q + (drop > half || (drop == half && (q & 1)));
}

/* The shortest of %.15g, %.16g, %.17g that reads back to V (finite, |V|
 * in [FAST_MIN, FAST_MAX]), as gs_fmt_exact, decided exactly: |V| times
 * 10^k as a whole number and a remainder in 128-bit integers
 * (scale_exact), each precision rounded from them half to even as printf
 * rounds, and the read-back test done on the same exact numbers.  Fills
 * BUF (GS_FMT_LEN bytes) and returns the text's length; 0 if the decimal exponent could
 * not be found within one step of the estimate (not seen in the range:
 * the caller then asks printf). */
static size_t
fast_exact(char *buf, double v)
{
	uint64_t bits, m, q;
	int e, e2, p, low_near;
	scaled s;

	memcpy(&bits, &v, sizeof bits);
	bits &= ~(1ULL << 63);
	m = (bits & ((1ULL << 52) - 1)) | (1ULL << 52);
	e2 = (int)(bits >> 52) - 1075;
	e = decimal_exponent(bits);
	if (scale_exact(m, e2, 16 - e, &s) != 0) { /* estimated one low */
		e++;
		if (scale_exact(m, e2, 16 - e, &s) != 0)
			return 0;
	}
	if (s.d17 < pow10u[16]) { /* estimated one high */
		e--;
		if (scale_exact(m, e2, 16 - e, &s) != 0 || s.d17 < pow10u[16])
			return 0;
	} else if (s.d17 >= pow10u[17]) {
		e++;
		if (scale_exact(m, e2, 16 - e, &s) != 0 || s.d17 >= pow10u[17])
			return 0;
	}
	low_near = m == 1ULL << 52 && e2 > -1074;
	if ((q = round_digits(&s, 100), reads_back(&s, q * 100, !(m & 1), low_near)))
		p = 15;
	else if ((q = round_digits(&s, 10), reads_back(&s, q * 10, !(m & 1), low_near)))
		p = 16;
	else
		q = round_digits(&s, 1), p = 17;
	if (q == pow10u[p]) { /* 99..9 rounded up */
		q /= 10;
		e++;
	}
	return g_text(buf, q, p, e, v < 0);
}
#else
#define FAST_MIN 1.0
#define FAST_MAX 0.0 /* no 128-bit integers: printf decides every value */
static size_t
fast_exact(char *buf, double v)
{
	(void)buf;
	(void)v;
	return 0;
}
#endif

/* The last few numbers gs_fmt_exact printed on this thread, by their
 * bits: a writer prints one value several times (a one-sample shape's
 * median, mean, min, max, sum and sample are one double).  fast_exact's
 * text is at most 25 bytes and its NUL ("-d.dddddddddddddddde-308"), so
 * a text is copied in and out as a whole RECENT_TEXT bytes, without
 * measuring it. */
enum { RECENT = 4, RECENT_TEXT = 32 };
_Static_assert((int)RECENT_TEXT <= (int)GS_FMT_LEN, "gs_fmt_exact's buffer holds a recent text");
static _Thread_local struct {
	uint64_t bits;
	size_t len;
	char text[RECENT_TEXT];
} recent[RECENT];
static _Thread_local unsigned recent_next;

size_t
gs_fmt_int(char *buf, long long v)
{
	char d[GS_FMT_INT_LEN];
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
	size_t i = sizeof d, o = 0; /* the digits from the right, two at a time */

	for (; u >= 100; u /= 100) {
		i -= 2;
		memcpy(d + i, digit_pairs + 2 * (u % 100), 2);
	}
	if (u >= 10) {
		i -= 2;
		memcpy(d + i, digit_pairs + 2 * u, 2);
	} else {
		d[--i] = (char)('0' + u);
	}
	if (v < 0)
		buf[o++] = '-';
	memcpy(buf + o, d + i, sizeof d - i);
	o += sizeof d - i;
	buf[o] = '\0';
	return o;
}

size_t
gs_fmt_exact_n(char *buf, size_t size, double v)
{
	if (!isfinite(v)) {
		if (size)
			buf[0] = '\0';
		return 0;
	}
	if (size >= GS_FMT_LEN && fabs(v) >= FAST_MIN && fabs(v) <= FAST_MAX) {
		uint64_t bits;
		size_t n;

		memcpy(&bits, &v, sizeof bits);
		for (unsigned i = 0; i < RECENT; i++)
			if (recent[i].bits == bits && recent[i].len) {
				memcpy(buf, recent[i].text, RECENT_TEXT);
				return recent[i].len;
			}
		if ((n = short_decimal(buf, v)) != 0 || (n = fast_exact(buf, v)) != 0) {
			unsigned i = recent_next++ % RECENT;
			recent[i].bits = bits;
			recent[i].len = n;
			memcpy(recent[i].text, buf, RECENT_TEXT);
			return n;
		}
	}
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, size, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return strlen(buf);
}

char *
gs_fmt_exact(char *buf, size_t size, double v)
{
	gs_fmt_exact_n(buf, size, v);
	return buf;
}
