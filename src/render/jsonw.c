#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/fmt.h"
#include "render/jsonw.h"

/* Write the buffered bytes to the stream. */
static void
flush(gs_jw *w)
{
	if (w->len && fwrite(w->buf, 1, w->len, w->out) != w->len)
		w->failed = 1;
	w->len = 0;
}

/* yajl's print callback: tokens are a few bytes each, so they are
 * gathered into the fixed buffer rather than one fwrite per token. */
static void
print_cb(void *ctx, const char *s, size_t len)
{
	gs_jw *w = ctx;

	if (w->len + len > GS_JW_BUF) {
		flush(w);
		if (len > GS_JW_BUF) {
			if (fwrite(s, 1, len, w->out) != len)
				w->failed = 1;
			return;
		}
	}
	memcpy(w->buf + w->len, s, len);
	w->len += len;
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
	yajl_gen_config(w->g, yajl_gen_validate_utf8, 1);
	yajl_gen_config(w->g, yajl_gen_print_callback, print_cb, (void *)w);
	return 0;
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

void
gs_jw_key(gs_jw *w, const char *k)
{
	check(w, yajl_gen_string(w->g, (const unsigned char *)k, strlen(k)));
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

void
gs_jw_str(gs_jw *w, const char *s)
{
	char *clean;

	if (!s) {
		check(w, yajl_gen_null(w->g));
		return;
	}
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

/* ---- numbers: gs_fmt_exact's text, without printf on the common path */

enum { DIGITS_MAX = 17 };

/* 10^K for K in [0, 27]: exact in long double (5^27 < 2^64). */
static long double
pow10l_exact(int k)
{
	long double p = 1;

	while (k-- > 0)
		p *= 10;
	return p;
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

/* The shortest of %.15g, %.16g, %.17g that reads back to V (finite,
 * non-zero, |V| in [1e-300, 1e300]), as gs_fmt_exact: the 17 digits of |V|
 * are taken from one long double product (one rounding, 2^-64 relative)
 * and rounded to 15 and 16; a digit string whose rounding is within 1 % of
 * a unit of a tie (the product's error is below 0.6 %) gets 0 (the caller uses gs_fmt_exact).  Returns 1 with
 * BUF (GS_FMT_LEN bytes) filled, else 0. */
static int
fast_exact(char *buf, double v)
{
	double a = fabs(v);
	int e = (int)floor(log10(a)), k = DIGITS_MAX - 1 - e;
	long double x;
	unsigned long long m17, m;

	if (k < -27 || k > 27)
		return 0;
	x = k >= 0 ? (long double)a * pow10l_exact(k) : (long double)a / pow10l_exact(-k);
	if (x < 1e16L) { /* log10 rounded up: one digit short */
		e--;
		k++;
		x *= 10;
	} else if (x >= 1e17L) {
		e++;
		k--;
		x /= 10;
	}
	if (x < 1e16L || x >= 1e17L)
		return 0;
	m17 = (unsigned long long)x;
	for (int p = 15; p <= DIGITS_MAX; p++) {
		unsigned long long unit = 1;
		long double r;
		int ep = e;

		for (int i = p; i < DIGITS_MAX; i++)
			unit *= 10;
		r = (x - (long double)(m17 - m17 % unit)) / (long double)unit; /* in [0, 1) */
		if (fabsl(r - 0.5L) < 1e-2L)
			return 0;
		m = m17 / unit + (r > 0.5L);
		if (m == (unsigned long long)pow10l_exact(p)) { /* 99..9 rounded up */
			m /= 10;
			ep++;
		}
		g_text(buf, m, p, ep, v < 0);
		if (p == DIGITS_MAX || strtod(buf, NULL) == v)
			return 1;
	}
	return 0;
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
		check(w, yajl_gen_integer(w->g, (long long)v));
		return;
	}
	if (!(fabs(v) >= 1e-300 && fabs(v) <= 1e300) || !fast_exact(buf, v))
		gs_fmt_exact(buf, sizeof buf, v);
	check(w, yajl_gen_number(w->g, buf, strlen(buf)));
}

void
gs_jw_count(gs_jw *w, long long v)
{
	check(w, yajl_gen_integer(w->g, v));
}

void
gs_jw_bool(gs_jw *w, int v)
{
	check(w, yajl_gen_bool(w->g, v));
}

void
gs_jw_kv_str(gs_jw *w, const char *k, const char *v)
{
	gs_jw_key(w, k);
	gs_jw_str(w, v);
}

void
gs_jw_kv_num(gs_jw *w, const char *k, double v)
{
	gs_jw_key(w, k);
	gs_jw_num(w, v);
}

void
gs_jw_kv_count(gs_jw *w, const char *k, long long v)
{
	gs_jw_key(w, k);
	gs_jw_count(w, v);
}

void
gs_jw_kv_bool(gs_jw *w, const char *k, int v)
{
	gs_jw_key(w, k);
	gs_jw_bool(w, v);
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
	if (s->name)
		gs_jw_kv_str(w, "name", s->name);
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
