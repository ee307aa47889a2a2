#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yajl/yajl_gen.h>

#include "render/confirm_out.h"
#include "render/fmt.h"

static void
print_cb(void *ctx, const char *s, size_t len)
{
	fwrite(s, 1, len, ctx);
}

static void
gen_str(yajl_gen g, const char *s)
{
	if (s)
		yajl_gen_string(g, (const unsigned char *)s, strlen(s));
	else
		yajl_gen_null(g);
}

static void
gen_num(yajl_gen g, double v)
{
	char buf[GS_FMT_LEN];

	if (!isfinite(v)) {
		yajl_gen_null(g);
		return;
	}
	gs_fmt_exact(buf, sizeof buf, v);
	yajl_gen_number(g, buf, strlen(buf));
}

static void
gen_kv_count(yajl_gen g, const char *k, long long v)
{
	gen_str(g, k);
	yajl_gen_integer(g, v);
}

static void
gen_item(yajl_gen g, const gs_confirm_item *it)
{
	char t[2] = "N";
	char *tag = it->tag ? gs_fmt_clean(it->tag) : NULL;

	yajl_gen_map_open(g);
	gen_str(g, "op"); gen_str(g, it->shape.op);
	gen_kv_count(g, "batch", it->shape.batch);
	gen_kv_count(g, "M", it->shape.M);
	gen_kv_count(g, "N", it->shape.N);
	gen_kv_count(g, "K", it->shape.K);
	gen_str(g, "dtype"); gen_str(g, it->shape.dtype);
	t[0] = it->shape.trans_a;
	gen_str(g, "trans_a"); gen_str(g, t);
	t[0] = it->shape.trans_b;
	gen_str(g, "trans_b"); gen_str(g, t);
	gen_str(g, "bias"); yajl_gen_bool(g, it->shape.bias);
	gen_str(g, "tag"); gen_str(g, tag);
	gen_str(g, "original_speedup"); gen_num(g, it->orig_speedup);
	gen_str(g, "remeasured_speedup"); gen_num(g, it->re ? it->re->speedup : NAN);
	gen_str(g, "p_value");
	gen_num(g, it->re && it->re->tested ? it->re->p_adjusted : NAN);
	gen_str(g, "status"); gen_str(g, gs_confirm_status_name(it->status));
	yajl_gen_map_close(g);
	free(tag);
}

int
gs_render_confirm_json(const gs_confirm *c, FILE *out, gs_error *err)
{
	yajl_gen g = yajl_gen_alloc(NULL);

	if (!g)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	yajl_gen_config(g, yajl_gen_beautify, 1);
	yajl_gen_config(g, yajl_gen_indent_string, "  ");
	yajl_gen_config(g, yajl_gen_print_callback, print_cb, out);
	yajl_gen_map_open(g);
	gen_str(g, "command"); gen_str(g, "confirm");
	gen_str(g, "threshold"); gen_num(g, c->threshold);
	gen_kv_count(g, "regressions", (long long)c->n);
	gen_kv_count(g, "confirmed", (long long)c->confirmed);
	gen_kv_count(g, "not_reproduced", (long long)c->not_reproduced);
	gen_kv_count(g, "unsure", (long long)c->unsure);
	gen_kv_count(g, "not_remeasured", (long long)c->not_remeasured);
	gen_str(g, "items");
	yajl_gen_array_open(g);
	for (size_t i = 0; i < c->n; i++)
		gen_item(g, &c->items[i]);
	yajl_gen_array_close(g);
	yajl_gen_map_close(g);
	yajl_gen_free(g);
	fputc('\n', out);
	return ferror(out) ? gs_error_set(err, NULL, 0, 0, "write failed") : 0;
}

int
gs_render_confirm_markdown(const gs_confirm *c, FILE *out, gs_error *err)
{
	char shape[256];

	fprintf(out, "### gemmscope confirm: %zu of %zu regressions confirmed\n\n",
	        c->confirmed, c->n);
	fprintf(out, "%zu confirmed, %zu not reproduced, %zu unsure, %zu not re-measured "
	        "(threshold %g %%).\n\n", c->confirmed, c->not_reproduced, c->unsure,
	        c->not_remeasured, c->threshold * 100);
	if (c->n)
		fprintf(out, "| Shape | Original slowdown | Re-measured slowdown | Status |\n"
		        "|---|---:|---:|---|\n");
	for (size_t i = 0; i < c->n; i++) {
		const gs_confirm_item *it = &c->items[i];
		gs_shape_format(&it->shape, shape, sizeof shape);
		fprintf(out, "| %s | %.2f\xc3\x97 | ", shape, 1 / it->orig_speedup);
		if (it->re)
			fprintf(out, "%.2f\xc3\x97", 1 / it->re->speedup);
		else
			fputs("—", out);
		fprintf(out, " | %s |\n", gs_confirm_status_name(it->status));
	}
	return ferror(out) ? gs_error_set(err, NULL, 0, 0, "write failed") : 0;
}
