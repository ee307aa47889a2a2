/* utf8.c: strict UTF-8 validation and U+FFFD repair.  Byte ranges:
 * Unicode 15 §3.9 Table 3-7 "Well-Formed UTF-8 Byte Sequences".
 */
#include <stdlib.h>
#include <string.h>

#include "util/checked.h"
#include "util/grow.h"
#include "util/utf8.h"

/* The sequence length a lead byte C announces (0: never a lead byte) and
 * the range of the byte after it (Table 3-7). */
static size_t
lead(unsigned c, unsigned *lo, unsigned *hi)
{
	*lo = 0x80;
	*hi = 0xbf;
	if (c < 0x80)
		return 1;
	if (c < 0xc2)
		return 0; /* continuation byte, or overlong C0 / C1 */
	if (c < 0xe0)
		return 2;
	if (c < 0xf0) {
		if (c == 0xe0)
			*lo = 0xa0; /* no overlong 3-byte forms */
		else if (c == 0xed)
			*hi = 0x9f; /* no surrogates */
		return 3;
	}
	if (c < 0xf5) {
		if (c == 0xf0)
			*lo = 0x90; /* no overlong 4-byte forms */
		else if (c == 0xf4)
			*hi = 0x8f; /* nothing above U+10FFFF */
		return 4;
	}
	return 0; /* F5..FF: above U+10FFFF, 5- and 6-byte forms */
}

size_t
gs_utf8_decode(const char *s, size_t len, uint32_t *cp, size_t *bad)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned lo, hi;
	size_t n, i;
	uint32_t v;

	if (bad)
		*bad = 0;
	if (len == 0)
		return 0;
	n = lead(u[0], &lo, &hi);
	v = n == 1 ? u[0] : u[0] & (0x7f >> n);
	for (i = 1; i < n && i < len; i++) {
		if (u[i] < lo || u[i] > hi)
			break;
		v = v << 6 | (u[i] & 0x3f);
		lo = 0x80;
		hi = 0xbf;
	}
	if (n > 0 && i == n) {
		if (cp)
			*cp = v;
		return n;
	}
	if (bad)
		*bad = i; /* the lead byte and the valid bytes after it */
	return 0;
}

size_t
gs_utf8_scan(const char *s, size_t len, size_t *first_bad)
{
	size_t i = 0, count = 0, n, bad;

	if (first_bad)
		*first_bad = len;
	while (i < len) {
		n = gs_utf8_decode(s + i, len - i, NULL, &bad);
		if (n > 0) {
			i += n;
			continue;
		}
		if (count++ == 0 && first_bad)
			*first_bad = i;
		i += bad;
	}
	return count;
}

/* Append S[0..LEN) to B with every ill-formed subpart replaced; returns
 * the number replaced, or -1 when B fails (B is then freed). */
static long
repair(const char *s, size_t len, gs_dynbuf *b)
{
	size_t i = 0, start = 0, n, bad;
	long count = 0;

	while (i < len) {
		n = gs_utf8_decode(s + i, len - i, NULL, &bad);
		if (n > 0) {
			i += n;
			continue;
		}
		if (gs_dynbuf_add(b, s + start, i - start) ||
		    gs_dynbuf_add(b, GS_UTF8_REPLACEMENT, 3))
			return -1;
		count++;
		i += bad;
		start = i;
	}
	return gs_dynbuf_add(b, s + start, len - start) ? -1 : count;
}

int
gs_utf8_clean(const char *s, size_t len, char **out, size_t *out_len, size_t *nreplaced)
{
	gs_dynbuf b;
	size_t cap;
	long count;

	*out = NULL;
	*nreplaced = 0;
	if (gs_utf8_scan(s, len, NULL) == 0)
		return 0;
	if (gs_mul_size(len, 3, &cap))
		return -1;
	gs_dynbuf_init(&b, cap);
	if ((count = repair(s, len, &b)) < 0)
		return -1;
	if (!(*out = gs_dynbuf_take(&b, out_len)))
		return -1;
	*nreplaced = (size_t)count;
	return 0;
}

int
gs_utf8_clean_str(char **s, size_t *nreplaced)
{
	char *clean;
	size_t n;

	if (nreplaced)
		*nreplaced = 0;
	if (!*s)
		return 0;
	if (gs_utf8_clean(*s, strlen(*s), &clean, NULL, &n))
		return -1;
	if (clean) {
		free(*s);
		*s = clean;
	}
	if (nreplaced)
		*nreplaced = n;
	return 0;
}
