/* csv_rows.c: the generic CSV row reader (csvrows.h) on libcsv.
 *
 * libcsv does the RFC 4180 work; this file adds what it does not track:
 * the line where each row starts.  Input is fed to libcsv one physical line
 * at a time, so every callback knows the current line, and a row starts on
 * the first line with content after the previous row ended. */
#define _POSIX_C_SOURCE 200809L
#include <csv.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/csvrows.h"
#include "ingest/progress.h"
#include "util/grow.h"

enum { READ_CHUNK = 1 << 16 };

struct rows {
	struct csv_parser p;
	const char *path;
	gs_csv_row_fn fn;
	void *ctx;
	gs_error *err;
	char *buf; /* field bytes of the current row, NUL after each */
	size_t used, cap;
	size_t *off, *len; /* per field: offset in buf, length */
	const char **ptr; /* per field: pointer handed to fn */
	size_t nfields, fcap;
	long line; /* current physical line, 1-based */
	long row_line; /* line where the current row starts */
	int between_rows; /* no row is open */
	int at_bol; /* the next byte starts a line */
	int line_content; /* the current line has a non-blank byte */
	int row_ended; /* a row ended on the current line */
	int status; /* 0 go on, 1 stop, -1 error */
};

static int
is_blank(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static void
fail(struct rows *r, long col, const char *msg)
{
	if (r->status < 0)
		return;
	gs_error_set(r->err, r->path, r->row_line, col, "%s", msg);
	r->status = -1;
}

/* Room for one more field: three arrays on one capacity, each grown from
 * it to the same size. */
static int
grow_fields(struct rows *r)
{
	size_t co = r->fcap, cl = r->fcap, cp = r->fcap, n = r->fcap + 1;

	if (GS_GROW(r->off, co, n, SIZE_MAX) != 0 || GS_GROW(r->len, cl, n, SIZE_MAX) != 0 ||
	    GS_GROW(r->ptr, cp, n, SIZE_MAX) != 0)
		return -1;
	r->fcap = co < cl ? (co < cp ? co : cp) : (cl < cp ? cl : cp);
	return 0;
}

static int
grow_buf(struct rows *r, size_t need)
{
	return GS_GROW(r->buf, r->cap, need, SIZE_MAX);
}

/* libcsv field callback: append one field to the current row. */
static void
on_field(void *s, size_t n, void *data)
{
	struct rows *r = data;
	size_t need = r->used + n + 1;

	if (r->status)
		return;
	if (r->nfields >= GS_CSV_MAX_FIELDS || need > GS_CSV_MAX_ROW_BYTES) {
		fail(r, (long)r->nfields + 1, "row too long (over 65536 fields or 16 MiB)");
		return;
	}
	if ((r->nfields == r->fcap && grow_fields(r) != 0) ||
	    (need > r->cap && grow_buf(r, need) != 0)) {
		fail(r, 0, "out of memory");
		return;
	}
	if (n)
		memcpy(r->buf + r->used, s, n);
	r->buf[r->used + n] = '\0';
	r->off[r->nfields] = r->used;
	r->len[r->nfields] = n;
	r->nfields++;
	r->used = need;
}

/* libcsv row callback: hand the row to fn and start the next one. */
static void
on_row(int term, void *data)
{
	struct rows *r = data;
	int rc;

	(void)term;
	if (r->status == 0 && r->nfields > 0) {
		for (size_t i = 0; i < r->nfields; i++)
			r->ptr[i] = r->buf + r->off[i];
		rc = r->fn(r->ctx, r->row_line, r->ptr, r->len, r->nfields, r->err);
		if (rc < 0)
			r->status = -1;
		else if (rc > 0)
			r->status = 1;
	}
	r->used = 0;
	r->nfields = 0;
	r->between_rows = 1;
	r->row_ended = 1;
}

static void
start_line(struct rows *r)
{
	if (r->between_rows)
		r->row_line = r->line;
	r->at_bol = 0;
	r->line_content = 0;
	r->row_ended = 0;
}

static void
end_line(struct rows *r)
{
	if (r->line_content && !r->row_ended)
		r->between_rows = 0; /* a quoted field goes on */
	r->line++;
	r->at_bol = 1;
}

static void
parse_failed(struct rows *r)
{
	long col = (long)r->nfields + 1;

	if (r->status)
		return;
	if (csv_error(&r->p) == CSV_ENOMEM || csv_error(&r->p) == CSV_ETOOBIG) {
		fail(r, 0, "out of memory");
		return;
	}
	/* Report the line reached, not the row start: that is where the
	 * stray quote is. */
	r->row_line = r->line;
	fail(r, col,
	     "malformed quoting: a quote inside an unquoted field "
	     "or text after a closing quote");
}

/* Feed N bytes at S, one physical line at a time. */
static int
feed(struct rows *r, const unsigned char *s, size_t n)
{
	while (n > 0 && r->status == 0) {
		const unsigned char *nl = memchr(s, '\n', n);
		size_t seg = nl ? (size_t)(nl - s) + 1 : n;

		if (r->at_bol)
			start_line(r);
		for (size_t i = 0; i < seg && !r->line_content; i++)
			r->line_content = !is_blank(s[i]);
		if (csv_parse(&r->p, s, seg, on_field, on_row, r) != seg)
			parse_failed(r);
		if (nl)
			end_line(r);
		s += seg;
		n -= seg;
	}
	return r->status;
}

static size_t
skip_bom(const unsigned char *s, long n)
{
	return n >= 3 && s[0] == 0xef && s[1] == 0xbb && s[2] == 0xbf ? 3 : 0;
}

static int
read_all(struct rows *r, gs_input *in, unsigned char *chunk)
{
	gs_progress bar;
	int first = 1;
	long n;

	gs_progress_start(&bar, in->path, in->file_size, in->progress);
	while ((n = gs_input_read(in, chunk, READ_CHUNK, r->err)) > 0) {
		size_t skip = first ? skip_bom(chunk, n) : 0;
		first = 0;
		gs_progress_update(&bar, gs_input_compressed_pos(in));
		if (feed(r, chunk + skip, (size_t)n - skip) != 0) {
			gs_progress_end(&bar);
			return r->status;
		}
	}
	gs_progress_end(&bar);
	if (n < 0)
		return r->status = -1;
	if (csv_fini(&r->p, on_field, on_row, r) != 0 && r->status == 0)
		fail(r, (long)r->nfields + 1, "unterminated quoted field at the end of the input");
	return r->status;
}

int
gs_csv_rows(gs_input *in, gs_csv_row_fn fn, void *ctx, gs_error *err)
{
	struct rows r;
	unsigned char *chunk = malloc(READ_CHUNK);
	int rc;

	memset(&r, 0, sizeof r);
	r.path = in->path;
	r.fn = fn;
	r.ctx = ctx;
	r.err = err;
	r.line = r.row_line = 1;
	r.between_rows = r.at_bol = 1;
	if (!chunk || csv_init(&r.p, CSV_STRICT | CSV_STRICT_FINI) != 0) {
		free(chunk);
		return gs_error_set(err, in->path, 0, 0, "out of memory");
	}
	rc = read_all(&r, in, chunk);
	csv_free(&r.p);
	free(chunk);
	free(r.buf);
	free(r.off);
	free(r.len);
	free(r.ptr);
	return rc < 0 ? -1 : 0;
}
