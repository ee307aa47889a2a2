/* gpuspec_read.c: GPU spec text to key/value pairs, from YAML (libyaml's
 * event parser) or from `key = value` lines (gemmscope-bench --ceilings).
 * Applying the pairs to a gs_gpu is gpuspec.c's.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include <yaml.h>

#include "ingest/gpuspec_impl.h"

static int
spec_err(spec_ctx *c, long line, long col, const char *what, const char *key)
{
	return gs_error_set(c->err, c->path, line, col, "%s%s%s", what, key ? ": " : "",
	                    key ? key : "");
}

/* Store one key/value; flat keys peak_tflops_<dt> and measured_tflops_<dt>
 * (the key = value form) become tflops.<dt> and measured_tflops.<dt>. */
static int
store_pair(spec_ctx *c, const char *key, const char *sub, const char *val, size_t vlen, long line,
           long col)
{
	static const struct {
		const char *flat, *key;
	} flat[] = {
	        {"peak_tflops_", "tflops"},
	        {"measured_tflops_", "measured_tflops"},
	};
	spec_pair *p;

	if (c->n == MAX_PAIRS)
		return spec_err(c, line, col, "too many keys in the GPU spec", NULL);
	if (vlen >= VAL_LEN)
		return spec_err(c, line, col, "value too long", key);
	p = &c->pair[c->n++];
	snprintf(p->key, sizeof p->key, "%s", key);
	snprintf(p->sub, sizeof p->sub, "%s", sub ? sub : "");
	for (size_t i = 0; i < 2 && !p->sub[0]; i++) {
		size_t n = strlen(flat[i].flat);
		if (strncmp(key, flat[i].flat, n) == 0 && key[n]) {
			snprintf(p->sub, sizeof p->sub, "%s", key + n);
			snprintf(p->key, sizeof p->key, "%s", flat[i].key);
		}
	}
	memcpy(p->val, val, vlen);
	p->val[vlen] = '\0';
	p->line = line;
	p->col = col;
	return 0;
}

static int
add_pair(spec_ctx *c, const char *key, const char *sub, const yaml_event_t *v)
{
	return store_pair(c, key, sub, (const char *)v->data.scalar.value, v->data.scalar.length,
	                  (long)v->start_mark.line + 1, (long)v->start_mark.column + 1);
}

/* ---- the key = value form (what gemmscope-bench --ceilings writes) ---- */

static size_t
trim_span(const char **s, size_t n)
{
	while (n > 0 && (**s == ' ' || **s == '\t')) {
		(*s)++;
		n--;
	}
	while (n > 0 && ((*s)[n - 1] == ' ' || (*s)[n - 1] == '\t' || (*s)[n - 1] == '\r'))
		n--;
	return n;
}

/* Is the first line that is neither blank nor a comment "key = value"? */
static int
is_kv_form(const char *text, size_t len)
{
	size_t i = 0;

	while (i < len) {
		size_t e = i;
		while (e < len && text[e] != '\n')
			e++;
		const char *l = text + i;
		size_t n = trim_span(&l, e - i);
		if (n > 0 && l[0] != '#') {
			size_t k = 0;

			/* Bounded by the line: TEXT need not end in a NUL. */
			while (k < n && (isalnum((unsigned char)l[k]) || l[k] == '_'))
				k++;
			while (k < n && (l[k] == ' ' || l[k] == '\t'))
				k++;
			return k > 0 && k < n && l[k] == '=';
		}
		i = e + 1;
	}
	return 0;
}

static int
kv_line(spec_ctx *c, const char *l, size_t n, long line)
{
	char key[KEY_LEN];
	const char *eq = memchr(l, '=', n), *k = l, *v;
	size_t kn, vn;

	if (!eq)
		return gs_error_set(c->err, c->path, line, 1, "expected key = value");
	kn = trim_span(&k, (size_t)(eq - l));
	v = eq + 1;
	vn = trim_span(&v, n - (size_t)(eq - l) - 1);
	if (kn == 0 || kn >= KEY_LEN || vn == 0)
		return gs_error_set(c->err, c->path, line, vn ? 1 : (long)(eq - l) + 2,
		                    "expected key = value");
	memcpy(key, k, kn);
	key[kn] = '\0';
	return store_pair(c, key, NULL, v, vn, line, (long)(v - l) + 1);
}

static int
read_kv(spec_ctx *c, const char *text, size_t len)
{
	size_t i = 0;
	long line = 0;

	while (i < len) {
		size_t e = i;
		while (e < len && text[e] != '\n')
			e++;
		const char *l = text + i;
		size_t n = trim_span(&l, e - i);
		line++;
		if (n > 0 && l[0] != '#' && kv_line(c, l, n, line))
			return -1;
		i = e + 1;
	}
	return 0;
}

/* Next event into EV (the caller deletes it); -1 with the parser's error. */
static int
next_event(spec_ctx *c, yaml_parser_t *y, yaml_event_t *ev)
{
	if (yaml_parser_parse(y, ev))
		return 0;
	return gs_error_set(c->err, c->path, (long)y->problem_mark.line + 1,
	                    (long)y->problem_mark.column + 1, "YAML: %s",
	                    y->problem ? y->problem : "syntax error");
}

static long
ev_line(const yaml_event_t *e)
{
	return (long)e->start_mark.line + 1;
}

static long
ev_col(const yaml_event_t *e)
{
	return (long)e->start_mark.column + 1;
}

/* Next mapping key into OUT (KEY_LEN bytes): 0 with a key, 1 at the
 * mapping's end, -1 with WHAT (about PARENT, which may be NULL) set. */
static int
next_key(spec_ctx *c, yaml_parser_t *y, char *out, const char *what, const char *parent)
{
	yaml_event_t e;
	int rc = 0;

	if (next_event(c, y, &e))
		return -1;
	if (e.type == YAML_MAPPING_END_EVENT)
		rc = 1;
	else if (e.type != YAML_SCALAR_EVENT || e.data.scalar.length >= KEY_LEN)
		rc = spec_err(c, ev_line(&e), ev_col(&e), what, parent);
	else
		snprintf(out, KEY_LEN, "%s", (const char *)e.data.scalar.value);
	yaml_event_delete(&e);
	return rc;
}

/* Read a nested mapping of scalar: scalar pairs under KEY. */
static int
read_submap(spec_ctx *c, yaml_parser_t *y, const char *key)
{
	yaml_event_t v;
	char sub[KEY_LEN];
	int rc;

	for (;;) {
		rc = next_key(c, y, sub, "expected a dtype name", key);
		if (rc)
			return rc < 0 ? -1 : 0;
		if (next_event(c, y, &v))
			return -1;
		rc = v.type == YAML_SCALAR_EVENT
		             ? add_pair(c, key, sub, &v)
		             : spec_err(c, ev_line(&v), ev_col(&v), "expected a number", sub);
		yaml_event_delete(&v);
		if (rc)
			return -1;
	}
}

/* Read one top-level value for KEY. */
static int
read_value(spec_ctx *c, yaml_parser_t *y, const char *key)
{
	yaml_event_t v;
	int rc;

	if (next_event(c, y, &v))
		return -1;
	if (v.type == YAML_SCALAR_EVENT)
		rc = add_pair(c, key, NULL, &v);
	else if (v.type == YAML_MAPPING_START_EVENT &&
	         (strcmp(key, "tflops") == 0 || strcmp(key, "measured_tflops") == 0))
		rc = read_submap(c, y, key);
	else
		rc = spec_err(c, ev_line(&v), ev_col(&v), "expected a single value", key);
	yaml_event_delete(&v);
	return rc;
}

/* Walk the top-level mapping and collect its pairs. */
static int
read_top(spec_ctx *c, yaml_parser_t *y)
{
	char key[KEY_LEN];
	int rc;

	for (;;) {
		rc = next_key(c, y, key, "expected a key", NULL);
		if (rc)
			return rc < 0 ? -1 : 0;
		if (read_value(c, y, key))
			return -1;
	}
}

/* Skip stream and document starts; expect the top-level mapping. */
static int
read_spec(spec_ctx *c, yaml_parser_t *y)
{
	yaml_event_t e;

	for (;;) {
		if (next_event(c, y, &e))
			return -1;
		if (e.type == YAML_STREAM_START_EVENT || e.type == YAML_DOCUMENT_START_EVENT) {
			yaml_event_delete(&e);
			continue;
		}
		if (e.type == YAML_MAPPING_START_EVENT) {
			yaml_event_delete(&e);
			return read_top(c, y);
		}
		gs_error_set(c->err, c->path, ev_line(&e), ev_col(&e),
		             "a GPU spec must be a YAML mapping of keys to values");
		yaml_event_delete(&e);
		return -1;
	}
}

int
gs_gpuspec_read(spec_ctx *c, const char *text, size_t len)
{
	yaml_parser_t y;
	int rc;

	if (is_kv_form(text, len))
		return read_kv(c, text, len);
	if (!yaml_parser_initialize(&y))
		return gs_error_set(c->err, c->path, 0, 0, "out of memory");
	yaml_parser_set_input_string(&y, (const unsigned char *)text, len);
	rc = read_spec(c, &y);
	yaml_parser_delete(&y);
	return rc;
}
