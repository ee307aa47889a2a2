#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/fmt.h"
#include "render/jsonw.h"

static void
print_cb(void *ctx, const char *s, size_t len)
{
	fwrite(s, 1, len, ctx);
}

static void
check(gs_jw *w, yajl_gen_status st)
{
	if (st != yajl_gen_status_ok)
		w->failed = 1;
}

int
gs_jw_begin(gs_jw *w, FILE *out, gs_error *err)
{
	w->out = out;
	w->failed = 0;
	w->g = yajl_gen_alloc(NULL);
	if (!w->g)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	yajl_gen_config(w->g, yajl_gen_beautify, 1);
	yajl_gen_config(w->g, yajl_gen_indent_string, "  ");
	yajl_gen_config(w->g, yajl_gen_validate_utf8, 1);
	yajl_gen_config(w->g, yajl_gen_print_callback, print_cb, (void *)out);
	return 0;
}

int
gs_jw_end(gs_jw *w, gs_error *err)
{
	yajl_gen_free(w->g);
	w->g = NULL;
	if (w->failed)
		return gs_error_set(err, NULL, 0, 0, "cannot generate the JSON output");
	/* yajl's beautify mode ends the document with a newline itself. */
	if (fflush(w->out) != 0 || ferror(w->out))
		return gs_error_set(err, NULL, 0, 0, "cannot write the JSON output");
	return 0;
}

void
gs_jw_key(gs_jw *w, const char *k)
{
	check(w, yajl_gen_string(w->g, (const unsigned char *)k, strlen(k)));
}

void
gs_jw_str(gs_jw *w, const char *s)
{
	char *clean;

	if (!s) {
		check(w, yajl_gen_null(w->g));
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
gs_jw_num(gs_jw *w, double v)
{
	char buf[GS_FMT_LEN];

	if (!isfinite(v)) {
		check(w, yajl_gen_null(w->g));
		return;
	}
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
