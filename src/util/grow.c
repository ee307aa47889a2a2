#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/grow.h"

enum { MIN_ELEMS = 8, MIN_BYTES = 256 };

/* The next capacity: doubled from MIN, at least N, at most MAX. */
static size_t
next_cap(size_t cap, size_t n, size_t min, size_t max)
{
	size_t c = cap ? cap : min;

	while (c < n && c <= max / 2)
		c *= 2;
	if (c < n || c > max)
		c = max;
	return c;
}

int
gs_grow(void *array, size_t *cap, size_t n, size_t size, size_t max)
{
	void *old, *p;
	size_t c;

	if (n <= *cap)
		return 0;
	if (size == 0)
		return -1;
	if (max > (size_t)-1 / size)
		max = (size_t)-1 / size;
	if (n > max)
		return -1;
	c = next_cap(*cap, n, MIN_ELEMS, max);
	memcpy(&old, array, sizeof old);
	p = realloc(old, c * size);
	if (!p)
		return -1;
	/* The caller's pointer now owns P (cppcheck cannot follow the memcpy). */
	memcpy(array, &p, sizeof p);
	*cap = c;
	// cppcheck-suppress memleak
	return 0;
}

void
gs_dynbuf_init(gs_dynbuf *b, size_t max)
{
	b->d = NULL;
	b->len = b->cap = 0;
	b->max = max;
}

/* Room for LEN more bytes and the NUL, or -1 (buffer freed). */
static int
reserve(gs_dynbuf *b, size_t len)
{
	size_t need, c;
	char *p;
	size_t limit = b->max < (size_t)-1 ? b->max + 1 : b->max; /* with the NUL */

	if (len > b->max - b->len || b->len + len >= limit) {
		gs_dynbuf_free(b);
		return -1;
	}
	need = b->len + len + 1;
	if (need <= b->cap)
		return 0;
	c = next_cap(b->cap, need, MIN_BYTES, limit);
	p = realloc(b->d, c);
	if (!p) {
		gs_dynbuf_free(b);
		return -1;
	}
	b->d = p;
	b->cap = c;
	return 0;
}

int
gs_dynbuf_add(gs_dynbuf *b, const void *data, size_t len)
{
	if (reserve(b, len) != 0)
		return -1;
	if (len)
		memcpy(b->d + b->len, data, len);
	b->len += len;
	b->d[b->len] = 0;
	return 0;
}

int
gs_dynbuf_printf(gs_dynbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || reserve(b, (size_t)n) != 0) {
		gs_dynbuf_free(b);
		return -1;
	}
	va_start(ap, fmt);
	vsnprintf(b->d + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
	return 0;
}

char *
gs_dynbuf_take(gs_dynbuf *b, size_t *len)
{
	char *d = b->d ? b->d : calloc(1, 1);

	if (len)
		*len = b->d ? b->len : 0;
	b->d = NULL;
	b->len = b->cap = 0;
	return d;
}

void
gs_dynbuf_free(gs_dynbuf *b)
{
	free(b->d);
	b->d = NULL;
	b->len = b->cap = 0;
}
