/* benchdnn.c: oneDNN benchdnn performance lines into a table
 * (benchdnn.h): the template, the perf lines split by libcsv, each
 * problem's time.  The descriptor is benchdnn_prb.c's. */
#define _POSIX_C_SOURCE 200809L
#include <csv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/benchdnn.h"
#include "ingest/csv_value.h"
#include "ingest/lines.h"
#include "ingest/units.h"
#include "util/grow.h"

enum { MAX_FIELDS = 256 };

/* The template fields a perf line is read by. */
enum { T_ENGINE, T_IMPL, T_NAME, T_PRB, T_AVG, T_MIN, T__N };

static const char template_prefix[] = "Output template: ";

typedef struct bdctx {
	gs_table *t;
	const char *path;
	int pos[T__N]; /* field index of each, -1 if the template lacks it */
	size_t nfields; /* fields of a perf line, 0 before a template */
	/* the perf line being split */
	char *buf; /* field bytes, NUL after each */
	size_t used, cap;
	size_t off[MAX_FIELDS];
	const char *f[MAX_FIELDS];
	size_t n;
	int too_many;
	long nperf;
} bdctx;

/* 1 if S[0..N) is benchdnn's template line or a perf line. */
static int
perf_or_template(const char *s, size_t n)
{
	static const char templ[] = "Output template: perf,";
	size_t commas = 0;

	if (n >= sizeof templ - 1 && strncmp(s, templ, sizeof templ - 1) == 0)
		return 1;
	if (n < 5 || strncmp(s, "perf,", 5) != 0)
		return 0;
	for (size_t k = 0; k < n; k++)
		commas += s[k] == ',';
	return commas >= 7;
}

int
gs_benchdnn_sniff(const unsigned char *head, size_t len)
{
	return gs_head_find_line(head, len, perf_or_template) >= 0;
}

static void
on_field(void *s, size_t n, void *data)
{
	bdctx *c = data;

	if (c->n == MAX_FIELDS) {
		c->too_many = 1;
		return;
	}
	memcpy(c->buf + c->used, s, n);
	c->buf[c->used + n] = 0;
	c->off[c->n++] = c->used;
	c->used += n + 1;
}

static void
on_record(int term, void *data)
{
	(void)term;
	(void)data;
}

/* S[0..LEN) split into c->f[0..c->n) by libcsv without strict quoting.
 * Returns 0, or -1 with ERR at LINE. */
static int
split(bdctx *c, long line, const char *s, size_t len, gs_error *err)
{
	struct csv_parser p;
	int rc = 0;

	c->n = c->used = 0;
	c->too_many = 0;
	if (GS_GROW(c->buf, c->cap, 2 * len + 2, (size_t)4 * GS_LINE_MAX) != 0 ||
	    csv_init(&p, 0) != 0)
		return gs_error_set(err, c->path, line, 0, "out of memory");
	if (csv_parse(&p, s, len, on_field, on_record, c) != len ||
	    csv_fini(&p, on_field, on_record, c) != 0)
		rc = gs_error_set(err, c->path, line, 0, "out of memory");
	csv_free(&p);
	if (rc == 0 && c->too_many)
		rc = gs_error_set(err, c->path, line, 0, "perf line of more than %d fields",
		                  MAX_FIELDS);
	for (size_t i = 0; i < c->n; i++)
		c->f[i] = c->buf + c->off[i];
	return rc;
}

/* The template's fields into c->pos (c->f holds them). */
static void
take_template(bdctx *c)
{
	static const char *const names[T__N][2] = {
	        [T_ENGINE] = {"%engine%", NULL}, [T_IMPL] = {"%impl%", NULL},
	        [T_NAME] = {"%name%", NULL},     [T_PRB] = {"%prb%", "%desc%"},
	        [T_AVG] = {"%0time%", NULL},     [T_MIN] = {"%-time%", "%time%"},
	};

	for (int k = 0; k < T__N; k++) {
		c->pos[k] = -1;
		for (size_t i = 0; i < c->n; i++)
			if (strcmp(c->f[i], names[k][0]) == 0 ||
			    (names[k][1] && strcmp(c->f[i], names[k][1]) == 0))
				c->pos[k] = (int)i;
	}
	c->nfields = c->n;
}

/* No template line: the defaults of benchdnn.h by field count. */
static int
default_template(bdctx *c, long line, gs_error *err)
{
	int extra = c->n == 11;

	if (c->n != 10 && c->n != 11)
		return gs_error_set(
		        err, c->path, line, 0,
		        "benchdnn perf line of %zu fields without an 'Output template:' "
		        "line (the default templates have 10 or 11)",
		        c->n);
	c->pos[T_ENGINE] = 1;
	c->pos[T_IMPL] = 2;
	c->pos[T_NAME] = 3;
	c->pos[T_PRB] = 4;
	c->pos[T_MIN] = 6 + extra;
	c->pos[T_AVG] = 8 + extra;
	c->nfields = c->n;
	return 0;
}

/* The perf line's time (µs) into *US; *WHY for 0, nan, inf. */
static int
perf_time(bdctx *c, long line, double *us, const char **why, gs_error *err)
{
	int k = c->pos[T_AVG] >= 0 ? c->pos[T_AVG] : c->pos[T_MIN];
	double ms;

	if (gs_csv_number(c->f[k], &ms) != 0)
		return gs_error_set(err, c->path, line, k + 1, "time is not a number: '%.80s'",
		                    c->f[k]);
	if (ms < 0)
		return gs_error_set(err, c->path, line, k + 1, "negative time: '%.80s'", c->f[k]);
	*why = isnan(ms) ? "time is nan" : ms == 0 ? "time is 0" : isinf(ms) ? "time is inf" : NULL;
	gs_number_e10(c->f[k], 3, us);
	if (!*why && !gs_time_in_range(*us))
		return gs_error_set(err, c->path, line, k + 1,
		                    "time %.80s ms is outside the accepted range 1e-6 .. 1e12 us",
		                    c->f[k]);
	return 0;
}

/* The field of template item K, "" if the template lacks it. */
static const char *
field(const bdctx *c, int k)
{
	return c->pos[k] >= 0 ? c->f[c->pos[k]] : "";
}

static int
perf_line(bdctx *c, long line, gs_error *err)
{
	const char *why = NULL;
	gs_shape key;
	gs_record *r;
	double us = 0;
	int rc;

	if (!c->nfields && default_template(c, line, err) != 0)
		return -1;
	if (c->n != c->nfields)
		return gs_error_set(err, c->path, line, 0,
		                    "perf line of %zu fields; its template has %zu", c->n,
		                    c->nfields);
	if (c->pos[T_PRB] < 0 || (c->pos[T_AVG] < 0 && c->pos[T_MIN] < 0))
		return gs_error_set(err, c->path, line, 0, "the template names no %s field",
		                    c->pos[T_PRB] < 0 ? "%prb% or %desc%" : "%0time% or %-time%");
	c->nperf++;
	rc = gs_benchdnn_problem(field(c, T_PRB), &key, &why);
	if (rc < 0)
		return gs_error_set(err, c->path, line, c->pos[T_PRB] + 1, "%s: '%.120s'", why,
		                    field(c, T_PRB));
	if (rc == 0 && perf_time(c, line, &us, &why, err) != 0)
		return -1;
	if (why)
		return gs_table_exclude(c->t, line, field(c, T_PRB), why) == 0
		               ? 0
		               : gs_error_set(err, c->path, line, 0, "out of memory");
	if (!(r = gs_table_get(c->t, &key, line, err)))
		return -1;
	if (gs_record_add_sample(r, us) != 0 ||
	    gs_table_set_kernel(c->t, r, field(c, T_IMPL)[0] ? field(c, T_IMPL) : NULL) != 0 ||
	    gs_table_set_tag(c->t, r, field(c, T_NAME)[0] ? field(c, T_NAME) : NULL) != 0)
		return gs_error_set(err, c->path, line, 0, "out of memory");
	return 0;
}

static int
on_line(void *ctx, long line, const char *s, size_t len, gs_error *err)
{
	bdctx *c = ctx;
	size_t pre = sizeof template_prefix - 1;

	if (len > pre && strncmp(s, template_prefix, pre) == 0) {
		if (split(c, line, s + pre, len - pre, err) != 0)
			return -1;
		take_template(c);
		return 0;
	}
	if (len < 5 || strncmp(s, "perf,", 5) != 0) {
		c->t->skipped++;
		return 0;
	}
	return split(c, line, s, len, err) != 0 ? -1 : perf_line(c, line, err);
}

int
gs_benchdnn_read(gs_input *in, const gs_ingest_opts *opts, gs_table *t, gs_error *err)
{
	bdctx c;
	int rc;

	(void)opts;
	memset(&c, 0, sizeof c);
	c.t = t;
	c.path = in->path;
	rc = gs_table_set_format(t, "onednn-benchdnn") != 0
	             ? gs_error_set(err, in->path, 0, 0, "out of memory")
	             : gs_input_lines(in, on_line, &c, err);
	if (rc == 0 && t->n == 0)
		rc = gs_error_set(
		        err, in->path, 0, 0,
		        "no matmul perf line in this benchdnn output (%ld perf lines%s%s)", c.nperf,
		        t->nexcl ? "; the first excluded: " : "",
		        t->nexcl ? t->excl[0].reason : "");
	free(c.buf);
	return rc;
}
