/* junit_history.c: `gemmscope history --junit`, the series as JUnit XML
 * for a CI test view, written with libxml2's xmlTextWriter (which escapes
 * every attribute and text).
 *
 * <testsuites> holds one <testsuite name="gemmscope history"> with the
 * attributes of the common JUnit schema (name, tests, failures, errors,
 * skipped, time, timestamp) and properties (first and last run, persist,
 * shape order).  One <testcase classname="gemm.TAG" (or "gemm.DTYPE")
 * name="SHAPE" time="last time in s"> per shape: a shape with an open
 * regression at the last run (gs_history_open_regression) has a
 * <failure type="regression"> whose message gives the run, the medians
 * before and after, the ratio and p; a shape whose only news is a pending
 * step has a <skipped> saying so.  Every other shape passes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlwriter.h>

#include "render/fmt.h"
#include "render/history_out.h"

typedef struct jx {
	xmlTextWriterPtr w;
	int failed;
} jx;

static void
check(jx *x, int rc)
{
	if (rc < 0)
		x->failed = 1;
}

static void
start(jx *x, const char *name)
{
	check(x, xmlTextWriterStartElement(x->w, BAD_CAST name));
}

static void
end(jx *x)
{
	check(x, xmlTextWriterEndElement(x->w));
}

/* An attribute whose value may come from an input. */
static void
attr(jx *x, const char *name, const char *value)
{
	char *clean = gs_fmt_clean(value);

	if (!clean) {
		x->failed = 1;
		return;
	}
	check(x, xmlTextWriterWriteAttribute(x->w, BAD_CAST name, BAD_CAST clean));
	free(clean);
}

static void
attr_count(jx *x, const char *name, size_t v)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%zu", v);
	attr(x, name, buf);
}

static void
attr_seconds(jx *x, const char *name, double us)
{
	char buf[GS_FMT_LEN];

	snprintf(buf, sizeof buf, "%.6f", isfinite(us) ? us / 1e6 : 0.0);
	attr(x, name, buf);
}

/* The time of series S in the last run that has it (µs). */
static double
last_time(const gs_history *h, const gs_history_series *s)
{
	for (size_t i = h->nruns; i-- > 0;)
		if (!isnan(s->t[i]))
			return s->t[i];
	return NAN;
}

/* The per-shape counts of the suite. */
typedef struct tally {
	size_t failures, skipped;
	double time_us;
} tally;

static tally
count_cases(const gs_history *h)
{
	tally t = {0, 0, 0};

	for (size_t s = 0; s < h->nseries; s++) {
		double us = last_time(h, &h->series[s]);
		if (gs_history_open_regression(h, s, NULL))
			t.failures++;
		else if (gs_history_pending_cp(h, s))
			t.skipped++;
		if (isfinite(us))
			t.time_us += us;
	}
	return t;
}

static void
classname(jx *x, const gs_record *r)
{
	const char *group = r->tag && *r->tag ? r->tag
	                    : r->shape.dtype[0] ? r->shape.dtype : "gemm";
	size_t n = strlen(group) + sizeof "gemm.";
	char *buf = malloc(n);

	if (!buf) {
		x->failed = 1;
		return;
	}
	snprintf(buf, n, "gemm.%s", group);
	attr(x, "classname", buf);
	free(buf);
}

/* "slower at run-4: median 120.6 µs → 144.7 µs, time ratio 1.200×
 * (p = 1.2e-08, 6 runs before, 8 after)" */
static void
describe(char *buf, size_t size, const char *what, const gs_history_cp *c)
{
	char tb[GS_FMT_LEN], ta[GS_FMT_LEN], r[GS_FMT_LEN];

	snprintf(buf, size, "%s at %s: median %s \xc2\xb5s \xe2\x86\x92 %s \xc2\xb5s, "
	         "time ratio %s (p = %.2g, %zu runs before, %zu after)", what, c->run,
	         gs_fmt_us(tb, sizeof tb, c->median_before),
	         gs_fmt_us(ta, sizeof ta, c->median_after),
	         gs_fmt_ratio(r, sizeof r, c->ratio, 3), c->p_value, c->runs_before,
	         c->runs_after);
}

static void
failure(jx *x, const gs_history_cp *c, double now, const gs_history_cp *pend)
{
	char msg[512], text[768], nr[GS_FMT_LEN];

	describe(msg, sizeof msg, "slower", c);
	start(x, "failure");
	attr(x, "message", msg);
	attr(x, "type", "regression");
	snprintf(text, sizeof text, "Regression still open at the last run: the "
	         "current level is %s the level before %s.%s",
	         gs_fmt_ratio(nr, sizeof nr, now, 3), c->run,
	         pend ? " A newer step is pending." : "");
	check(x, xmlTextWriterWriteString(x->w, BAD_CAST text));
	end(x);
}

static void
skipped(jx *x, const gs_history_cp *c, unsigned persist)
{
	char what[96], msg[512];

	snprintf(what, sizeof what, "pending (lasted %zu of %u runs): %s", c->runs_after,
	         persist, gs_history_cp_direction(c));
	describe(msg, sizeof msg, what, c);
	start(x, "skipped");
	attr(x, "message", msg);
	end(x);
}

static void
shape_case(jx *x, const gs_history *h, size_t s)
{
	const gs_history_series *se = &h->series[s];
	const gs_history_cp *pend = gs_history_pending_cp(h, s), *open;
	char shape[GS_FMT_SHAPE_LEN];
	double now;

	start(x, "testcase");
	classname(x, se->rec);
	attr(x, "name", gs_fmt_shape(shape, sizeof shape, &se->rec->shape));
	attr_seconds(x, "time", last_time(h, se));
	open = gs_history_open_regression(h, s, &now);
	if (open)
		failure(x, open, now, pend);
	else if (pend)
		skipped(x, pend, h->opts.persist);
	end(x);
}

static void
property(jx *x, const char *name, const char *value)
{
	start(x, "property");
	attr(x, "name", name);
	attr(x, "value", value);
	end(x);
}

static void
properties(jx *x, const gs_report *r)
{
	const gs_history *h = r->hist;
	char persist[32], runs[32];

	snprintf(persist, sizeof persist, "%u", h->opts.persist);
	snprintf(runs, sizeof runs, "%zu", h->nruns);
	start(x, "properties");
	property(x, "first_run", h->runs[0].name);
	property(x, "last_run", h->runs[h->nruns - 1].name);
	property(x, "runs", runs);
	property(x, "persist", persist);
	property(x, "shape_order", "M\xc3\x97K\xc3\x97N");
	property(x, "version", r->version ? r->version : "");
	end(x);
}

static void
suite_attrs(jx *x, const gs_report *r, const tally *t)
{
	char when[GS_FMT_LEN];

	attr(x, "name", "gemmscope history");
	attr_count(x, "tests", r->hist->nseries);
	attr_count(x, "failures", t->failures);
	attr_count(x, "errors", 0);
	attr_count(x, "skipped", t->skipped);
	attr_seconds(x, "time", t->time_us);
	attr(x, "timestamp", gs_fmt_utc(when, sizeof when, r->timestamp, 1));
}

static void
document(jx *x, const gs_report *r)
{
	const gs_history *h = r->hist;
	tally t = count_cases(h);

	check(x, xmlTextWriterStartDocument(x->w, NULL, "UTF-8", NULL));
	start(x, "testsuites");
	attr(x, "name", "gemmscope");
	attr_count(x, "tests", h->nseries);
	attr_count(x, "failures", t.failures);
	attr_count(x, "errors", 0);
	attr_count(x, "skipped", t.skipped);
	attr_seconds(x, "time", t.time_us);
	start(x, "testsuite");
	suite_attrs(x, r, &t);
	properties(x, r);
	for (size_t s = 0; s < h->nseries; s++)
		shape_case(x, h, s);
	check(x, xmlTextWriterEndDocument(x->w));
}

int
gs_render_junit_history(const gs_report *r, FILE *out, gs_error *err)
{
	xmlBufferPtr buf;
	jx x = {NULL, 0};

	if (gs_history_need(r, "JUnit", err) != 0)
		return -1;
	buf = xmlBufferCreate();
	x.w = buf ? xmlNewTextWriterMemory(buf, 0) : NULL;
	if (!x.w) {
		xmlBufferFree(buf);
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	}
	check(&x, xmlTextWriterSetIndent(x.w, 1));
	check(&x, xmlTextWriterSetIndentString(x.w, BAD_CAST "  "));
	document(&x, r);
	xmlFreeTextWriter(x.w); /* flushes into BUF */
	if (!x.failed)
		fwrite(xmlBufferContent(buf), 1, (size_t)xmlBufferLength(buf), out);
	xmlBufferFree(buf);
	if (x.failed)
		return gs_error_set(err, NULL, 0, 0, "cannot generate the JUnit output");
	if (fflush(out) != 0 || ferror(out))
		return gs_error_set(err, NULL, 0, 0, "cannot write the JUnit output");
	return 0;
}
