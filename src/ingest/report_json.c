/* report_json.c: reads back a report written by `gemmscope compare
 * --json` (report_json.h) with yajl's tree parser: the threshold and the
 * regressed entries of shapes[].  Moved out of analysis/confirm.c so that
 * analysis does no file I/O (issue 9, item 3). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yajl/yajl_parse.h>
#include <yajl/yajl_tree.h>

#include "ingest/report_json.h"

enum { REPORT_MAX = 256 << 20 };

void
gs_rjson_free(gs_rjson_report *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->items[i].tag);
	free(r->items);
	memset(r, 0, sizeof *r);
}

static char *
slurp(const char *path, gs_error *err)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, got;

	if (!f) {
		gs_error_set(err, path, 0, 0, "cannot open report");
		return NULL;
	}
	do {
		if (len + 65536 + 1 > cap) {
			char *nb;
			cap = cap ? cap * 2 : 131072;
			nb = cap <= REPORT_MAX ? realloc(buf, cap) : NULL;
			if (!nb) {
				free(buf);
				fclose(f);
				gs_error_set(err, path, 0, 0, "report too large or out of memory");
				return NULL;
			}
			buf = nb;
		}
		got = fread(buf + len, 1, 65536, f);
		len += got;
	} while (got > 0);
	fclose(f);
	buf[len] = '\0';
	return buf;
}

static const char *
str_at(yajl_val v, const char *key)
{
	const char *path[] = {key, NULL};
	yajl_val s = yajl_tree_get(v, path, yajl_t_string);
	return s ? YAJL_GET_STRING(s) : NULL;
}

static int
num_at(yajl_val v, const char *key, double *out)
{
	const char *path[] = {key, NULL};
	yajl_val n = yajl_tree_get(v, path, yajl_t_number);

	if (!n)
		return -1;
	*out = YAJL_GET_DOUBLE(n);
	return 0;
}

/* One entry of shapes[] back into a key; -1 if a key field is missing. */
static int
shape_of(yajl_val e, gs_shape *s)
{
	const char *bias_path[] = {"bias", NULL};
	const char *op = str_at(e, "op"), *dt = str_at(e, "dtype");
	const char *ta = str_at(e, "trans_a"), *tb = str_at(e, "trans_b");
	double b, m, n, k;

	gs_shape_init(s);
	if (!op || !dt || !ta || !tb || num_at(e, "batch", &b) || num_at(e, "M", &m) ||
	    num_at(e, "N", &n) || num_at(e, "K", &k))
		return -1;
	snprintf(s->op, sizeof s->op, "%s", op);
	snprintf(s->dtype, sizeof s->dtype, "%s", dt);
	s->batch = (long)b;
	s->M = (long)m;
	s->N = (long)n;
	s->K = (long)k;
	s->trans_a = ta[0];
	s->trans_b = tb[0];
	s->bias = YAJL_IS_TRUE(yajl_tree_get(e, bias_path, yajl_t_true));
	return 0;
}

static int
load_items(yajl_val root, const char *path, gs_rjson_report *out, gs_error *err)
{
	const char *shapes_path[] = {"shapes", NULL};
	yajl_val shapes = yajl_tree_get(root, shapes_path, yajl_t_array);
	size_t n = shapes ? YAJL_GET_ARRAY(shapes)->len : 0;

	if (!shapes || num_at(root, "threshold", &out->threshold) != 0)
		return gs_error_set(err, path, 0, 0,
		                    "not a gemmscope compare report (no shapes[] or threshold)");
	out->items = calloc(n ? n : 1, sizeof *out->items);
	if (!out->items)
		return gs_error_set(err, path, 0, 0, "out of memory");
	for (size_t i = 0; i < n; i++) {
		yajl_val e = YAJL_GET_ARRAY(shapes)->values[i];
		const char *cls = str_at(e, "class"), *tag = str_at(e, "tag");
		gs_rjson_regression *it = &out->items[out->n];
		if (!cls || strcmp(cls, "regressed") != 0)
			continue;
		if (shape_of(e, &it->shape) != 0 || num_at(e, "speedup", &it->speedup) != 0)
			return gs_error_set(err, path, 0, 0,
			                    "shapes[%zu] lacks a key field or its speedup", i);
		if (tag && !(it->tag = strdup(tag)))
			return gs_error_set(err, path, 0, 0, "out of memory");
		out->n++;
	}
	return 0;
}

/* The byte offset where TEXT stops being JSON (yajl_tree does not say). */
static long long
json_error_offset(const char *text)
{
	yajl_handle h = yajl_alloc(NULL, NULL, NULL);
	size_t len = strlen(text);
	long long off = (long long)len;

	if (!h)
		return 0;
	if (yajl_parse(h, (const unsigned char *)text, len) != yajl_status_ok)
		off = (long long)yajl_get_bytes_consumed(h);
	else if (yajl_complete_parse(h) != yajl_status_ok)
		off = (long long)len;
	yajl_free(h);
	return off;
}

int
gs_rjson_load(const char *path, gs_rjson_report *out, gs_error *err)
{
	char msg[256];
	char *text;
	yajl_val root;
	int rc;

	memset(out, 0, sizeof *out);
	text = slurp(path, err);
	if (!text)
		return -1;
	root = yajl_tree_parse(text, msg, sizeof msg);
	if (!root) {
		long long off = json_error_offset(text);
		char *nl = strchr(msg, '\n');
		if (nl)
			*nl = '\0';
		free(text);
		return gs_error_set_offset(err, path, off, "invalid JSON: %s", msg);
	}
	free(text);
	rc = load_items(root, path, out, err);
	yajl_tree_free(root);
	if (rc != 0)
		gs_rjson_free(out);
	return rc;
}
