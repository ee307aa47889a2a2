/* lines.c: see lines.h. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "ingest/lines.h"
#include "util/grow.h"

enum { CHUNK = 1 << 16 };

typedef struct lines {
	gs_input *in;
	gs_line_fn fn;
	void *ctx;
	gs_error *err;
	char *buf; /* the line being assembled */
	size_t len, cap;
	long line;
	int first; /* nothing handed out yet: a BOM may come */
} lines;

/* Hand out the assembled line.  Returns FN's answer. */
static int
emit(lines *l)
{
	size_t n = l->len;
	int rc;

	if (n && l->buf[n - 1] == '\r')
		n--;
	l->buf[n] = '\0';
	rc = l->fn(l->ctx, l->line, l->buf, n, l->err);
	l->len = 0;
	l->line++;
	return rc;
}

/* Append S[0..N) to the line being assembled. */
static int
append(lines *l, const char *s, size_t n)
{
	if (l->len + n + 1 > GS_LINE_MAX)
		return gs_error_set(l->err, l->in->path, l->line, 0, "line longer than %d bytes",
		                    GS_LINE_MAX);
	if (GS_GROW(l->buf, l->cap, l->len + n + 1, (size_t)GS_LINE_MAX) != 0)
		return gs_error_set(l->err, l->in->path, l->line, 0, "out of memory");
	memcpy(l->buf + l->len, s, n);
	l->len += n;
	return 0;
}

/* Cut CHUNK[0..N) into lines.  Returns 0 to go on, else FN's stop. */
static int
feed(lines *l, const char *s, size_t n)
{
	if (l->first && n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) {
		s += 3;
		n -= 3;
	}
	l->first = 0;
	while (n > 0) {
		const char *nl = memchr(s, '\n', n);
		size_t seg = nl ? (size_t)(nl - s) : n;
		int rc;

		if (append(l, s, seg) != 0)
			return -1;
		if (!nl)
			return 0;
		if ((rc = emit(l)) != 0)
			return rc;
		s += seg + 1;
		n -= seg + 1;
	}
	return 0;
}

int
gs_input_lines(gs_input *in, gs_line_fn fn, void *ctx, gs_error *err)
{
	lines l = {.in = in, .fn = fn, .ctx = ctx, .err = err, .line = 1, .first = 1};
	char *chunk = malloc(CHUNK);
	long n = 0;
	int rc = 0;

	if (!chunk)
		return gs_error_set(err, in->path, 0, 0, "out of memory");
	while (rc == 0 && (n = gs_input_read(in, chunk, CHUNK, err)) > 0)
		rc = feed(&l, chunk, (size_t)n);
	if (n < 0)
		rc = -1;
	else if (rc == 0 && l.len > 0 && append(&l, "", 0) == 0)
		rc = emit(&l);
	else if (rc == 0 && l.len > 0)
		rc = -1;
	free(chunk);
	free(l.buf);
	return rc < 0 ? -1 : 0;
}

long
gs_head_find_line(const unsigned char *head, size_t len, int (*match)(const char *s, size_t n))
{
	size_t i = 0;

	while (i < len) {
		const unsigned char *nl = memchr(head + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (head + i)) : len - i;

		if (match((const char *)head + i, n))
			return (long)i;
		i += n + 1;
	}
	return -1;
}
