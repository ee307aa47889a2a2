/* report_json.c: reads back a report written by `gemmscope compare
 * --json` (report_json.h) with yajl's tree parser: the threshold and the
 * regressed entries of shapes[].  Moved out of analysis/confirm.c so that
 * analysis does no file I/O (issue 9, item 3). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yajl/yajl_parse.h>
#include <yajl/yajl_tree.h>

#include "ingest/report_json.h"
#include "util/checked.h"
#include "util/grow.h"
#include "util/intern.h"
#include "util/utf8.h"

enum { REPORT_MAX = 256 << 20 };

void
gs_rjson_free(gs_rjson_report *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->items[i].tag);
	free(r->items);
	memset(r, 0, sizeof *r);
}

/* The file's text, NUL-terminated, in *TEXT (*LEN bytes).  A NUL inside
 * is an error at its offset (issue 11, item 10): strlen would cut the
 * report there. */
static int
slurp(const char *path, char **text, size_t *len, gs_error *err)
{
	FILE *f = fopen(path, "rb");
	gs_dynbuf b;
	char chunk[65536];
	size_t got;
	const char *z;

	*text = NULL;
	if (!f)
		return gs_error_set(err, path, 0, 0, "cannot open report");
	gs_dynbuf_init(&b, REPORT_MAX);
	while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
		if (gs_dynbuf_add(&b, chunk, got) != 0) {
			fclose(f);
			return gs_error_set(err, path, 0, 0, "report too large or out of memory");
		}
	fclose(f);
	*text = gs_dynbuf_take(&b, len);
	if (!*text)
		return gs_error_set(err, path, 0, 0, "out of memory");
	z = memchr(*text, '\0', *len);
	if (z) {
		gs_error_set_offset(err, path, z - *text, "NUL byte in a text input");
		free(*text);
		*text = NULL;
		return -1;
	}
	return 0;
}

static const char *
str_at(yajl_val v, const char *key)
{
	const char *path[] = {key, NULL};
	yajl_val s = yajl_tree_get(v, path, yajl_t_string);
	return s ? YAJL_GET_STRING(s) : NULL;
}

/* The number KEY of V; NULL if absent or not a number. */
static yajl_val
num_val(yajl_val v, const char *key)
{
	const char *path[] = {key, NULL};

	return yajl_tree_get(v, path, yajl_t_number);
}

/* Where each entry of shapes[] and the threshold start (byte offsets),
 * from a streaming pass: yajl_tree keeps no positions. */
typedef struct rj_pos {
	yajl_handle h;
	int depth; /* open maps and arrays */
	int shapes_depth; /* depth of the shapes array, 0 outside */
	int key_shapes, key_threshold;
	long long *off; /* per shapes[] entry */
	size_t n, cap;
	long long threshold; /* offset of the threshold value, 0 if unseen */
} rj_pos;

static int
pos_value(rj_pos *p)
{
	long long at = (long long)yajl_get_bytes_consumed(p->h);

	if (p->depth == 1 && p->key_threshold)
		p->threshold = at;
	if (p->shapes_depth && p->depth == p->shapes_depth) {
		if (GS_GROW(p->off, p->cap, p->n + 1, REPORT_MAX) != 0)
			return 0;
		p->off[p->n++] = at;
	}
	p->key_shapes = p->key_threshold = 0;
	return 1;
}

static int
pos_null(void *c)
{
	return pos_value(c);
}
static int
pos_bool(void *c, int b)
{
	(void)b;
	return pos_value(c);
}
static int
pos_num(void *c, const char *s, size_t n)
{
	(void)s;
	(void)n;
	return pos_value(c);
}
static int
pos_str(void *c, const unsigned char *s, size_t n)
{
	(void)s;
	(void)n;
	return pos_value(c);
}

static int
pos_key(void *ctx, const unsigned char *s, size_t n)
{
	rj_pos *p = ctx;

	p->key_shapes = p->depth == 1 && n == 6 && memcmp(s, "shapes", 6) == 0;
	p->key_threshold = p->depth == 1 && n == 9 && memcmp(s, "threshold", 9) == 0;
	return 1;
}

static int
pos_open(void *ctx)
{
	rj_pos *p = ctx;
	int shapes = p->key_shapes;

	if (!pos_value(p))
		return 0;
	p->depth++;
	if (shapes && !p->shapes_depth)
		p->shapes_depth = p->depth;
	return 1;
}

static int
pos_close(void *ctx)
{
	rj_pos *p = ctx;

	if (p->depth == p->shapes_depth)
		p->shapes_depth = -1; /* done: later arrays are not shapes[] */
	p->depth--;
	return 1;
}

static void
positions(const char *text, size_t len, rj_pos *p)
{
	static const yajl_callbacks cb = {
	        pos_null, pos_bool, NULL,      NULL,     pos_num,   pos_str,
	        pos_open, pos_key,  pos_close, pos_open, pos_close,
	};

	memset(p, 0, sizeof *p);
	p->h = yajl_alloc(&cb, NULL, p);
	if (!p->h)
		return;
	yajl_parse(p->h, (const unsigned char *)text, len);
	yajl_free(p->h);
}

/* The checks the CSV readers make (csv_value.h gs_csv_count): M, N, K and
 * batch whole numbers from 1 to 2^53.  Returns 0, or -1 with ERR at OFF. */
static int
check_dim(yajl_val e, const char *key, long *out, const char *path, size_t i, long long off,
          gs_error *err)
{
	yajl_val v = num_val(e, key);
	double d = v ? YAJL_GET_DOUBLE(v) : 0;
	const char *text = v && YAJL_GET_NUMBER(v) ? YAJL_GET_NUMBER(v) : "?";

	if (!v)
		return gs_error_set_offset(err, path, off, "shapes[%zu] lacks %s", i, key);
	if (!isfinite(d) || d != floor(d))
		return gs_error_set_offset(err, path, off,
		                           "shapes[%zu]: %s is not a whole "
		                           "number: '%.80s'",
		                           i, key, text);
	if (d < 1)
		return gs_error_set_offset(err, path, off,
		                           "shapes[%zu]: %s must be at "
		                           "least 1, got %.80s",
		                           i, key, text);
	if (d > (double)GS_COUNT_MAX)
		return gs_error_set_offset(err, path, off,
		                           "shapes[%zu]: %s is above 2^53 "
		                           "(9007199254740992), the largest dimension "
		                           "accepted: '%.80s'",
		                           i, key, text);
	*out = (long)d;
	return 0;
}

static int
check_trans(const char *v, const char *key, char *out, const char *path, size_t i, long long off,
            gs_error *err)
{
	if (!v)
		return gs_error_set_offset(err, path, off, "shapes[%zu] lacks %s", i, key);
	if (strcmp(v, "N") != 0 && strcmp(v, "T") != 0)
		return gs_error_set_offset(err, path, off,
		                           "shapes[%zu]: %s is not N or T: "
		                           "'%.80s'",
		                           i, key, v);
	*out = v[0];
	return 0;
}

/* One entry of shapes[] back into a key, every field checked. */
static int
shape_of(yajl_val e, gs_shape *s, const char *path, size_t i, long long off, gs_error *err)
{
	const char *bias_path[] = {"bias", NULL};
	const char *op = str_at(e, "op"), *dt = str_at(e, "dtype");

	gs_shape_init(s);
	if (!op || !dt)
		return gs_error_set_offset(err, path, off, "shapes[%zu] lacks %s", i,
		                           op ? "dtype" : "op");
	if (check_dim(e, "batch", &s->batch, path, i, off, err) ||
	    check_dim(e, "M", &s->M, path, i, off, err) ||
	    check_dim(e, "N", &s->N, path, i, off, err) ||
	    check_dim(e, "K", &s->K, path, i, off, err) ||
	    check_trans(str_at(e, "trans_a"), "trans_a", &s->trans_a, path, i, off, err) ||
	    check_trans(str_at(e, "trans_b"), "trans_b", &s->trans_b, path, i, off, err))
		return -1;
	if (strlen(op) >= GS_OP_LEN)
		return gs_error_set_offset(err, path, off,
		                           "shapes[%zu]: op longer than %d "
		                           "bytes: '%.80s'",
		                           i, GS_OP_LEN - 1, op);
	if (gs_utf8_scan(op, strlen(op), NULL) != 0)
		return gs_error_set_offset(err, path, off,
		                           "shapes[%zu]: op is not valid "
		                           "UTF-8",
		                           i);
	if (!(s->op = gs_intern(op)))
		return gs_error_set(err, path, 0, 0, "out of memory");
	if (dt[0] && gs_dtype_normalize(dt, s->dtype) != 0)
		return gs_error_set_offset(err, path, off,
		                           "shapes[%zu]: unknown dtype "
		                           "'%.80s'",
		                           i, dt);
	s->bias = YAJL_IS_TRUE(yajl_tree_get(e, bias_path, yajl_t_true));
	return 0;
}

/* The entry's speedup (finite, > 0) and tag (repaired UTF-8) into IT. */
static int
item_rest(yajl_val e, gs_rjson_regression *it, const char *path, size_t i, long long off,
          gs_error *err)
{
	yajl_val sp = num_val(e, "speedup");
	const char *tag = str_at(e, "tag");

	if (!sp)
		return gs_error_set_offset(err, path, off, "shapes[%zu] lacks its speedup", i);
	it->speedup = YAJL_GET_DOUBLE(sp);
	if (!isfinite(it->speedup) || it->speedup <= 0)
		return gs_error_set_offset(err, path, off,
		                           "shapes[%zu]: speedup is not a "
		                           "finite positive number: '%.80s'",
		                           i, YAJL_GET_NUMBER(sp) ? YAJL_GET_NUMBER(sp) : "?");
	if (tag && (!(it->tag = strdup(tag)) || gs_utf8_clean_str(&it->tag, NULL) != 0))
		return gs_error_set(err, path, 0, 0, "out of memory");
	return 0;
}

static int
load_items(yajl_val root, const char *path, const rj_pos *pos, gs_rjson_report *out, gs_error *err)
{
	const char *shapes_path[] = {"shapes", NULL};
	yajl_val shapes = yajl_tree_get(root, shapes_path, yajl_t_array);
	yajl_val th = num_val(root, "threshold");
	size_t n = shapes ? YAJL_GET_ARRAY(shapes)->len : 0;

	if (!shapes || !th)
		return gs_error_set(err, path, 0, 0,
		                    "not a gemmscope compare report (no shapes[] or threshold)");
	out->threshold = YAJL_GET_DOUBLE(th);
	if (!isfinite(out->threshold) || out->threshold < 0 || out->threshold >= 1)
		return gs_error_set_offset(err, path, pos->threshold,
		                           "threshold is not a "
		                           "fraction from 0 to below 1");
	out->items = calloc(n ? n : 1, sizeof *out->items);
	if (!out->items)
		return gs_error_set(err, path, 0, 0, "out of memory");
	for (size_t i = 0; i < n; i++) {
		yajl_val e = YAJL_GET_ARRAY(shapes)->values[i];
		const char *cls = str_at(e, "class");
		long long off = i < pos->n ? pos->off[i] : 0;
		if (!cls || strcmp(cls, "regressed") != 0)
			continue;
		if (shape_of(e, &out->items[out->n].shape, path, i, off, err) != 0 ||
		    item_rest(e, &out->items[out->n], path, i, off, err) != 0) {
			out->n++; /* so gs_rjson_free releases its tag */
			return -1;
		}
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
	size_t len;
	yajl_val root;
	rj_pos pos;
	int rc;

	memset(out, 0, sizeof *out);
	if (slurp(path, &text, &len, err) != 0)
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
	positions(text, len, &pos);
	free(text);
	rc = load_items(root, path, &pos, out, err);
	free(pos.off);
	yajl_tree_free(root);
	if (rc != 0)
		gs_rjson_free(out);
	return rc;
}
