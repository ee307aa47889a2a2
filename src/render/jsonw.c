#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/fmt.h"
#include "render/jsonw.h"

/* Write LEN bytes at S to the stream. */
static void
put_file(gs_jw *w, const char *s, size_t len)
{
	if (len && fwrite(s, 1, len, w->out) != len)
		w->failed = 1;
}

/* Write the buffered bytes to the stream. */
static void
flush(gs_jw *w)
{
	put_file(w, w->buf, w->len);
	w->len = 0;
}

/* Room for LEN more bytes in W's buffer, the buffer grown (memory) or
 * flushed (a file) as needed; 0, or 1 when S was written to the file
 * directly (longer than the buffer) or the write failed (W->failed). */
static __attribute__((noinline)) int
make_room(gs_jw *w, const char *s, size_t len)
{
	if (!w->out) { /* memory: grow, doubling */
		size_t cap = w->cap;
		char *b;

		while (cap < w->len + len)
			cap *= 2;
		if (!(b = realloc(w->buf, cap))) {
			w->failed = 1;
			return 1;
		}
		w->buf = b;
		w->cap = cap;
		return 0;
	}
	flush(w);
	if (len <= w->cap)
		return 0;
	/* a long token (a run of gs_jw_array_par: ~0.26 MB) goes to the
	 * file directly */
	put_file(w, s, len);
	return 1;
}

/* yajl's print callback: tokens are a few bytes each (a million-shape
 * JSON makes about 180 million calls), so they are gathered into the
 * buffer rather than one fwrite per token.  The common case is a leaf:
 * a one-byte token (quote, comma, colon, bracket) stored without a call,
 * a longer one handed to memcpy as the last thing done, so that the call
 * costs no stack frame. */
static void
print_cb(void *ctx, const char *s, size_t len)
{
	gs_jw *w = ctx;
	size_t at = w->len;

	if (__builtin_expect(at + len > w->cap, 0)) {
		if (make_room(w, s, len))
			return;
		at = w->len;
	}
	w->len = at + len;
	if (len == 1)
		w->buf[at] = s[0];
	else
		memcpy(w->buf + at, s, len);
}

static void
check(gs_jw *w, yajl_gen_status st)
{
	if (st != yajl_gen_status_ok)
		w->failed = 1;
}

int
gs_jw_begin(gs_jw *w, FILE *out, int indent, gs_error *err)
{
	w->out = out;
	w->failed = 0;
	w->indent = indent != 0;
	w->len = 0;
	w->cap = GS_JW_BUF;
	w->buf = malloc(GS_JW_BUF);
	w->g = w->buf ? yajl_gen_alloc(NULL) : NULL;
	if (!w->g) {
		free(w->buf);
		w->buf = NULL;
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	}
	if (w->indent) {
		yajl_gen_config(w->g, yajl_gen_beautify, 1);
		yajl_gen_config(w->g, yajl_gen_indent_string, "  ");
	}
	/* No yajl_gen_validate_utf8: keys are program literals, and every
	 * string value reaches yajl through gs_jw_str, which passes plain
	 * ASCII and cleans anything else into well-formed UTF-8 (gs_fmt_clean);
	 * yajl's second scan of each string found nothing and cost a tenth of
	 * the JSON writer's instructions. */
	yajl_gen_config(w->g, yajl_gen_print_callback, print_cb, (void *)w);
	return 0;
}

int
gs_jw_begin_mem(gs_jw *w, gs_error *err)
{
	return gs_jw_begin(w, NULL, 0, err);
}

void
gs_jw_mem_reset(gs_jw *w)
{
	yajl_gen_reset(w->g, NULL);
	w->len = 0;
	w->failed = 0;
}

void
gs_jw_raw(gs_jw *w, const char *s, size_t n)
{
	print_cb(w, s, n);
}

void
gs_jw_free(gs_jw *w)
{
	if (w->g)
		yajl_gen_free(w->g);
	w->g = NULL;
	free(w->buf);
	w->buf = NULL;
}

int
gs_jw_end(gs_jw *w, gs_error *err)
{
	/* yajl's beautify mode ends the document with a newline itself; the
	 * compact one with none, and a text file ends with one. */
	if (!w->indent)
		print_cb(w, "\n", 1);
	flush(w);
	yajl_gen_free(w->g);
	w->g = NULL;
	free(w->buf);
	w->buf = NULL;
	if (w->failed)
		return gs_error_set(err, NULL, 0, 0, "cannot generate the JSON output");
	if (fflush(w->out) != 0 || ferror(w->out))
		return gs_error_set(err, NULL, 0, 0, "cannot write the JSON output");
	return 0;
}

/* Whether S is printable ASCII and tabs only: gs_fmt_clean would return
 * it unchanged (the common case: shape fields, names, classes). */
static int
plain_ascii(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if ((*p < 0x20 && *p != '\t') || *p >= 0x7f)
			return 0;
	return 1;
}

/* S (not NULL) as a JSON string: as it is when plain ASCII, else cleaned
 * into well-formed UTF-8 without control characters. */
static void
put_string(gs_jw *w, const char *s)
{
	char *clean;

	if (plain_ascii(s)) {
		check(w, yajl_gen_string(w->g, (const unsigned char *)s, strlen(s)));
		return;
	}
	clean = gs_fmt_clean(s);
	if (!clean) {
		w->failed = 1;
		return;
	}
	check(w, yajl_gen_string(w->g, (unsigned char *)clean, strlen(clean)));
	free(clean);
}

void
gs_jw_key_n(gs_jw *w, const char *k, size_t len)
{
	check(w, yajl_gen_string(w->g, (const unsigned char *)k, len));
}

void
gs_jw_str(gs_jw *w, const char *s)
{
	if (!s)
		check(w, yajl_gen_null(w->g));
	else
		put_string(w, s);
}

void
gs_jw_num(gs_jw *w, double v)
{
	char buf[GS_FMT_LEN];

	if (!isfinite(v)) {
		check(w, yajl_gen_null(w->g));
		return;
	}
	/* An integral value below 1e15 in magnitude: %.15g prints its digits,
	 * which is what gs_fmt_exact returns; -0 takes the general path. */
	if (fabs(v) < 1e15 && v == (double)(long long)v && (v != 0 || !signbit(v))) {
		gs_jw_count(w, (long long)v);
		return;
	}
	check(w, yajl_gen_number(w->g, buf, gs_fmt_exact_n(buf, sizeof buf, v)));
}

void
gs_jw_count(gs_jw *w, long long v)
{
	char buf[GS_FMT_INT_LEN];
	size_t n = gs_fmt_int(buf, v);

	check(w, yajl_gen_number(w->g, buf, n));
}

void
gs_jw_bool(gs_jw *w, int v)
{
	check(w, yajl_gen_bool(w->g, v));
}

void
gs_jw_map_open(gs_jw *w)
{
	check(w, yajl_gen_map_open(w->g));
}

void
gs_jw_map_close(gs_jw *w)
{
	check(w, yajl_gen_map_close(w->g));
}

void
gs_jw_array_open(gs_jw *w, const char *k)
{
	if (k)
		gs_jw_key(w, k);
	check(w, yajl_gen_array_open(w->g));
}

void
gs_jw_array_close(gs_jw *w)
{
	check(w, yajl_gen_array_close(w->g));
}

void
gs_jw_shape_fields(gs_jw *w, const gs_shape *s)
{
	char t[2] = "N";

	gs_jw_kv_str(w, "op", s->op);
	gs_jw_kv_count(w, "batch", s->batch);
	gs_jw_kv_count(w, "M", s->M);
	gs_jw_kv_count(w, "N", s->N);
	gs_jw_kv_count(w, "K", s->K);
	gs_jw_kv_str(w, "dtype", s->dtype);
	t[0] = s->trans_a;
	gs_jw_kv_str(w, "trans_a", t);
	t[0] = s->trans_b;
	gs_jw_kv_str(w, "trans_b", t);
	gs_jw_kv_bool(w, "bias", s->bias);
	if (s->name) { /* kernel-keyed: the full name is the key */
		char label[128];
		gs_jw_kv_str(w, "name", s->name);
		gs_jw_kv_str(w, "label", gs_shape_format(s, label, sizeof label));
	}
}

void
gs_jw_gates(gs_jw *w, const gs_gates *g)
{
	gs_jw_array_open(w, "gates");
	for (size_t i = 0; i < g->n; i++) {
		gs_jw_map_open(w);
		gs_jw_kv_str(w, "name", g->g[i].name);
		gs_jw_kv_num(w, "threshold", g->g[i].threshold);
		gs_jw_kv_num(w, "value", g->g[i].value);
		gs_jw_kv_bool(w, "passed", g->g[i].passed);
		gs_jw_map_close(w);
	}
	gs_jw_array_close(w);
}
