#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

#include "runner/psize.h"
#include "runner/yscan.h"
#include "util/checked.h"
#include "util/grow.h"

/* Bounds on what a hostile YAML can cost (issue 11, item 1): depth and
 * aliases are capped by the scan before loading (yscan.h); at most
 * MAX_VISITS nodes visited by the walk, so aliases cannot expand a small
 * file exponentially ("billion laughs"); at most MAX_SIZES sizes in all. */
enum { MAX_DEPTH = GS_YSCAN_MAX_DEPTH };
#define MAX_VISITS 1000000L
#define MAX_SIZES ((size_t)16 * GS_PSIZE_MAX)

/* What the problem type in force says. */
typedef struct ptype {
	char dtype[GS_DTYPE_LEN];
	char ta, tb;
	int nidx; /* 3 or 4; 0 = unknown, decided by each entry */
} ptype;

typedef struct pctx {
	yaml_document_t *doc;
	const char *where;
	long col_shift; /* columns added by wrapping a command-line spec */
	gs_psize_list *out;
	gs_error *err;
	long visits; /* nodes walked so far (aliases count each time) */
} pctx;

/* One Range element. */
typedef struct dim {
	int mapped; /* -1: sized; else the index whose size it takes */
	long min, step, inc, max;
	yaml_node_t *node;
} dim;

static int node_err(const pctx *c, const yaml_node_t *node, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

static int
node_err(const pctx *c, const yaml_node_t *node, const char *fmt, ...)
{
	char msg[GS_ERR_MSG_LEN];
	long col = (long)node->start_mark.column + 1 - c->col_shift;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return gs_error_set(c->err, c->where, (long)node->start_mark.line + 1, col > 0 ? col : 1,
	                    "%s", msg);
}

static yaml_node_t *
node_at(const pctx *c, yaml_node_item_t id)
{
	return yaml_document_get_node(c->doc, id);
}

static const char *
scalar(const yaml_node_t *node)
{
	return node && node->type == YAML_SCALAR_NODE ? (const char *)node->data.scalar.value
	                                              : NULL;
}

static size_t
seq_len(const yaml_node_t *node)
{
	return (size_t)(node->data.sequence.items.top - node->data.sequence.items.start);
}

static yaml_node_t *
seq_item(const pctx *c, const yaml_node_t *node, size_t i)
{
	return node_at(c, node->data.sequence.items.start[i]);
}

static yaml_node_t *
map_get(const pctx *c, const yaml_node_t *node, const char *key)
{
	for (yaml_node_pair_t *p = node->data.mapping.pairs.start; p < node->data.mapping.pairs.top;
	     p++) {
		const char *k = scalar(node_at(c, p->key));
		if (k && strcmp(k, key) == 0)
			return node_at(c, p->value);
	}
	return NULL;
}

static int
parse_long(const pctx *c, const yaml_node_t *node, long *v)
{
	const char *s = scalar(node);
	char *end;

	if (!s)
		return node_err(c, node, "expected an integer, found a %s",
		                node->type == YAML_SEQUENCE_NODE ? "list" : "map");
	errno = 0;
	*v = strtol(s, &end, 10);
	if (end == s || *end || (errno && errno != ERANGE))
		return node_err(c, node, "expected an integer, found '%s'", s);
	if (errno == ERANGE || *v > GS_COUNT_MAX || *v < -GS_COUNT_MAX)
		return node_err(c, node,
		                "'%s' is beyond 2^53 (9007199254740992), the "
		                "largest size accepted",
		                s);
	return 0;
}

static int
append(pctx *c, const long size[4], int nidx, const ptype *pt, long line)
{
	gs_psize_list *l = c->out;
	gs_psize *p;

	if (l->n >= MAX_SIZES)
		return gs_error_set(c->err, c->where, line, 0, "more than %zu sizes in all",
		                    MAX_SIZES);
	if (GS_GROW(l->v, l->cap, l->n + 1, MAX_SIZES) != 0)
		return gs_error_set(c->err, c->where, line, 0, "out of memory");
	p = &l->v[l->n++];
	memset(p, 0, sizeof *p);
	p->m = size[0];
	p->n = size[1];
	p->batch = nidx == 4 ? size[2] : 1;
	p->k = size[nidx - 1];
	memcpy(p->dtype, pt->dtype, sizeof p->dtype);
	p->trans_a = pt->ta;
	p->trans_b = pt->tb;
	p->line = line;
	return 0;
}

/* ---- Range ---------------------------------------------------------------- */

static int
parse_dim(const pctx *c, yaml_node_t *node, dim *d)
{
	long v[4];
	size_t n;

	memset(d, 0, sizeof *d);
	d->node = node;
	d->mapped = -1;
	if (node->type == YAML_SCALAR_NODE) {
		if (parse_long(c, node, &v[0]) != 0)
			return -1;
		d->mapped = v[0] < 0 || v[0] > 3 ? 99 : (int)v[0];
		return 0;
	}
	if (node->type != YAML_SEQUENCE_NODE || (n = seq_len(node)) < 1 || n > 4)
		return node_err(c, node,
		                "a Range element is [size], [min, max], "
		                "[min, step, max], [min, step, increment, max] or a mapped index");
	for (size_t i = 0; i < n; i++)
		if (parse_long(c, seq_item(c, node, i), &v[i]) != 0)
			return -1;
	d->min = v[0];
	d->max = v[n - 1];
	d->step = n == 1 ? 1 : n == 2 ? v[0] : v[1];
	d->inc = n == 4 ? v[2] : 0;
	if (d->min < 1)
		return node_err(c, node, "a size must be at least 1, got %ld", d->min);
	if (d->step < 1 || d->inc < 0)
		return node_err(c, node,
		                "the step must be at least 1 and its increment at least 0");
	if (d->max < d->min)
		return node_err(c, node, "the range is empty: max %ld < min %ld", d->max, d->min);
	return 0;
}

static long
dim_count(const dim *d)
{
	long n = 0;

	for (long s = d->min, step = d->step; s <= d->max && n <= GS_PSIZE_MAX;
	     s += step, step += d->inc)
		n++;
	return n;
}

static int
check_dims(const pctx *c, const dim *d, int nidx, const yaml_node_t *node)
{
	long total = 1;

	for (int i = 0; i < nidx; i++) {
		if (d[i].mapped < 0) {
			total *= dim_count(&d[i]);
			if (total > GS_PSIZE_MAX)
				return node_err(c, node, "the Range gives more than %ld sizes",
				                GS_PSIZE_MAX);
		} else if (d[i].mapped >= nidx || d[d[i].mapped].mapped >= 0) {
			return node_err(c, d[i].node ? d[i].node : node,
			                "a mapped index must name a sized index below %d", nidx);
		}
	}
	return 0;
}

/* Advance the odometer; index 0 fastest.  Returns 0 when it wrapped. */
static int
next_sizes(const dim *d, int nidx, long cur[4], long step[4])
{
	for (int i = 0; i < nidx; i++) {
		if (d[i].mapped >= 0)
			continue;
		cur[i] += step[i];
		step[i] += d[i].inc;
		if (cur[i] <= d[i].max)
			return 1;
		cur[i] = d[i].min;
		step[i] = d[i].step;
	}
	return 0;
}

static int
enumerate(pctx *c, const dim *d, int nidx, const ptype *pt, long line)
{
	long cur[4] = {0}, step[4] = {0}, size[4] = {0};

	for (int i = 0; i < nidx; i++) {
		cur[i] = d[i].min;
		step[i] = d[i].step;
	}
	do {
		for (int i = 0; i < nidx; i++)
			size[i] = d[i].mapped >= 0 ? cur[d[i].mapped] : cur[i];
		if (append(c, size, nidx, pt, line) != 0)
			return -1;
	} while (next_sizes(d, nidx, cur, step));
	return 0;
}

static int
do_range(pctx *c, yaml_node_t *node, const ptype *pt)
{
	dim d[4];
	size_t n;
	int nidx;

	if (node->type != YAML_SEQUENCE_NODE || (n = seq_len(node)) == 0)
		return node_err(c, node, "a Range is a list with one element per index");
	nidx = pt->nidx ? pt->nidx : n == 3 ? 3 : 4;
	if (n > (size_t)nidx)
		return node_err(c, node, "a Range has at most %d elements here, got %zu", nidx, n);
	for (int i = 0; i < nidx; i++) {
		if ((size_t)i >= n) { /* missing trailing elements map to index 0 */
			memset(&d[i], 0, sizeof d[i]);
			continue;
		}
		if (parse_dim(c, seq_item(c, node, (size_t)i), &d[i]) != 0)
			return -1;
	}
	if (check_dims(c, d, nidx, node) != 0)
		return -1;
	return enumerate(c, d, nidx, pt, (long)node->start_mark.line + 1);
}

/* ---- Exact ---------------------------------------------------------------- */

static int
do_exact(pctx *c, yaml_node_t *node, const ptype *pt)
{
	yaml_node_t *sizes = node;
	long size[8] = {0};
	size_t n;
	int nidx;

	if (node->type == YAML_MAPPING_NODE && !(sizes = map_get(c, node, "sizes")))
		return node_err(c, node, "an Exact map needs 'sizes'");
	if (sizes->type != YAML_SEQUENCE_NODE)
		return node_err(c, sizes, "an Exact is a list of sizes");
	n = seq_len(sizes);
	nidx = pt->nidx ? pt->nidx : (n == 3 || n == 7) ? 3 : 4;
	if (n != (size_t)nidx && !(n == (size_t)nidx + 4 && sizes == node))
		return node_err(c, sizes, "an Exact has %d sizes%s, got %zu", nidx,
		                sizes == node ? " (or 4 leading dimensions more)" : "", n);
	for (size_t i = 0; i < n; i++) {
		yaml_node_t *item = seq_item(c, sizes, i);
		if (parse_long(c, item, &size[i]) != 0)
			return -1;
		if (size[i] < 1)
			return node_err(c, item, "a size must be at least 1, got %ld", size[i]);
	}
	return append(c, size, nidx, pt, (long)node->start_mark.line + 1);
}

/* ---- problem types and the walk -------------------------------------------- */

static int
tensile_dtype(const pctx *c, yaml_node_t *node, char out[GS_DTYPE_LEN])
{
	static const char *const codes[][2] = {
	        {"s", "f32"}, {"d", "f64"}, {"h", "f16"},     {"b", "bf16"},
	        {"I", "i32"}, {"i8", "i8"}, {"f8", "f8e4m3"}, {"b8", "f8e5m2"},
	};
	const char *s = scalar(node);

	if (!s)
		return node_err(c, node, "DataType must be a name");
	for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
		if (strcmp(s, codes[i][0]) == 0) {
			snprintf(out, GS_DTYPE_LEN, "%s", codes[i][1]);
			return 0;
		}
	if (gs_dtype_normalize(s, out) != 0)
		return node_err(c, node, "unknown Tensile DataType '%s'", s);
	return 0;
}

static int
yaml_bool(const pctx *c, yaml_node_t *node, int *v)
{
	const char *s = scalar(node);

	if (s && (!strcasecmp(s, "true") || !strcmp(s, "1")))
		*v = 1;
	else if (s && (!strcasecmp(s, "false") || !strcmp(s, "0")))
		*v = 0;
	else
		return node_err(c, node, "expected True or False");
	return 0;
}

static int
parse_ptype(const pctx *c, yaml_node_t *node, ptype *pt)
{
	yaml_node_t *v;
	int b;

	if ((v = map_get(c, node, "DataType")) && tensile_dtype(c, v, pt->dtype) != 0)
		return -1;
	if ((v = map_get(c, node, "TransposeA"))) {
		if (yaml_bool(c, v, &b) != 0)
			return -1;
		pt->ta = b ? 'T' : 'N';
	}
	if ((v = map_get(c, node, "TransposeB"))) {
		if (yaml_bool(c, v, &b) != 0)
			return -1;
		pt->tb = b ? 'T' : 'N';
	}
	if ((v = map_get(c, node, "Batched"))) {
		if (yaml_bool(c, v, &b) != 0)
			return -1;
		pt->nidx = b ? 4 : 3;
	}
	return 0;
}

static int
is_ptype(const pctx *c, yaml_node_t *node)
{
	return node->type == YAML_MAPPING_NODE && map_get(c, node, "OperationType");
}

static int walk(pctx *c, yaml_node_t *node, ptype pt, int depth);

static int
walk_seq(pctx *c, yaml_node_t *node, ptype pt, int depth)
{
	for (size_t i = 0; i < seq_len(node); i++) {
		yaml_node_t *item = seq_item(c, node, i);
		int rc = is_ptype(c, item) ? parse_ptype(c, item, &pt)
		                           : walk(c, item, pt, depth + 1);
		if (rc != 0)
			return -1;
	}
	return 0;
}

static int
walk_pair(pctx *c, const char *key, yaml_node_t *value, const ptype *pt, int depth)
{
	if (!key)
		return 0;
	if (strcmp(key, "Range") == 0)
		return do_range(c, value, pt);
	if (strcmp(key, "Exact") == 0)
		return do_exact(c, value, pt);
	if (strcmp(key, "Conv") == 0 || strcmp(key, "MinStride") == 0) {
		c->out->ignored++;
		return 0;
	}
	if (strcmp(key, "ProblemType") == 0)
		return 0;
	return walk(c, value, *pt, depth + 1);
}

static int
walk_map(pctx *c, yaml_node_t *node, ptype pt, int depth)
{
	yaml_node_t *v = map_get(c, node, "ProblemType");

	if (v && v->type == YAML_MAPPING_NODE && parse_ptype(c, v, &pt) != 0)
		return -1;
	if (is_ptype(c, node) && parse_ptype(c, node, &pt) != 0)
		return -1;
	for (yaml_node_pair_t *p = node->data.mapping.pairs.start; p < node->data.mapping.pairs.top;
	     p++)
		if (walk_pair(c, scalar(node_at(c, p->key)), node_at(c, p->value), &pt, depth) != 0)
			return -1;
	return 0;
}

static int
walk(pctx *c, yaml_node_t *node, ptype pt, int depth)
{
	if (!node)
		return 0;
	if (++c->visits > MAX_VISITS)
		return node_err(c, node,
		                "the YAML expands to more than %ld nodes "
		                "(through aliases)",
		                MAX_VISITS);
	if (depth > MAX_DEPTH)
		return node_err(c, node, "nested deeper than %d levels", MAX_DEPTH);
	if (node->type == YAML_SEQUENCE_NODE)
		return walk_seq(c, node, pt, depth);
	if (node->type == YAML_MAPPING_NODE)
		return walk_map(c, node, pt, depth);
	return 0;
}

/* ---- entry points ------------------------------------------------------------ */

typedef int (*spec_fn)(pctx *c, yaml_node_t *node, const ptype *pt);

/* Whether a command-line SPEC left out its outer brackets: an Exact then
 * starts with a number; a Range does not start with "[[" (its index 0 is
 * always a list, so a complete Range opens two lists). */
static int
needs_wrap(const char *spec, spec_fn fn)
{
	const char *p = spec + strspn(spec, " \t");

	if (fn == do_exact)
		return *p != '[' && *p != '{';
	if (*p != '[')
		return 1;
	p++;
	return p[strspn(p, " \t")] != '[';
}

static int
parse_spec(const char *spec, const char *where, spec_fn fn, gs_psize_list *out, gs_error *err)
{
	size_t len = strlen(spec);
	int wrap = needs_wrap(spec, fn);
	char *text = malloc(len + 3);
	yaml_parser_t parser;
	yaml_document_t doc;
	pctx c = {&doc, where, wrap, out, err, 0};
	ptype pt = {"", 0, 0, 0};
	yaml_node_t *root;
	int rc = -1;

	if (!text)
		return gs_error_set(err, where, 0, 0, "out of memory");
	snprintf(text, len + 3, wrap ? "[%s]" : "%s", spec);
	if (gs_yscan_text(text, where, wrap, err) != 0) {
		free(text);
		return -1;
	}
	yaml_parser_initialize(&parser);
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, strlen(text));
	if (!yaml_parser_load(&parser, &doc)) {
		gs_yscan_error(&parser, where, wrap, err);
	} else {
		root = yaml_document_get_root_node(&doc);
		if (!root)
			gs_error_set(err, where, 1, 1, "empty size specification");
		else
			rc = fn(&c, root, &pt);
		yaml_document_delete(&doc);
	}
	yaml_parser_delete(&parser);
	free(text);
	return rc;
}

int
gs_psize_range(const char *spec, const char *where, gs_psize_list *out, gs_error *err)
{
	return parse_spec(spec, where, do_range, out, err);
}

int
gs_psize_exact(const char *spec, const char *where, gs_psize_list *out, gs_error *err)
{
	return parse_spec(spec, where, do_exact, out, err);
}

static int
load_documents(yaml_parser_t *parser, const char *path, gs_psize_list *out, gs_error *err)
{
	ptype pt = {"", 0, 0, 0};

	for (;;) {
		yaml_document_t doc;
		pctx c = {&doc, path, 0, out, err, 0};
		yaml_node_t *root;
		int rc;

		if (!yaml_parser_load(parser, &doc))
			return gs_yscan_error(parser, path, 0, err);
		root = yaml_document_get_root_node(&doc);
		rc = root ? walk(&c, root, pt, 0) : 0;
		yaml_document_delete(&doc);
		if (!root || rc != 0)
			return rc;
	}
}

int
gs_psize_load(const char *path, gs_psize_list *out, gs_error *err)
{
	FILE *f = fopen(path, "rb");
	yaml_parser_t parser;
	size_t before = out->n;
	int rc;

	if (!f)
		return gs_error_set(err, path, 0, 0, "cannot open: %s", strerror(errno));
	yaml_parser_initialize(&parser);
	yaml_parser_set_input_file(&parser, f);
	rc = gs_yscan_events(&parser, path, 0, err);
	yaml_parser_delete(&parser);
	if (rc == 0 && fseek(f, 0, SEEK_SET) != 0)
		rc = gs_error_set(err, path, 0, 0, "cannot read twice: %s", strerror(errno));
	if (rc == 0) {
		yaml_parser_initialize(&parser);
		yaml_parser_set_input_file(&parser, f);
		rc = load_documents(&parser, path, out, err);
		yaml_parser_delete(&parser);
	}
	fclose(f);
	if (rc == 0 && out->n == before)
		return gs_error_set(err, path, 0, 0,
		                    "no ProblemSizes: expected Range or Exact entries");
	return rc;
}

void
gs_psize_list_free(gs_psize_list *l)
{
	free(l->v);
	memset(l, 0, sizeof *l);
}
