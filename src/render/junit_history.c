/* junit_history.c: `gemmscope history --junit`, the series as JUnit XML
 * for a CI test view, written with libxml2's xmlTextWriter (which escapes
 * every attribute and text).
 *
 * <testsuites> holds one <testsuite name="gemmscope history"> with the
 * attributes of the common JUnit schema (name, tests, failures, errors,
 * skipped, time, timestamp) and properties (first and last run, persist,
 * shape order).  One <testcase classname="gemm.TAG" (or "gemm.DTYPE")
 * name="SHAPE" time="last time in s"> per shape: a shape with an open
 * regression at the last run (the model's R->hseries) has a
 * <failure type="regression"> whose message gives the run, the medians
 * before and after, the ratio and p; a shape whose only news is a pending
 * step has a <skipped> saying so.  Every other shape passes.  Before
 * them, one <testcase classname="gates"> per CI gate asked for
 * (gs_junit_gates), failing when crossed; the counts include them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/fmt.h"
#include "render/junitw.h"
#include "analysis/history.h"
#include "render/writer_impl.h"

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
count_cases(const gs_report *r)
{
	const gs_history *h = r->hist;
	tally t = {0, 0, 0};

	for (size_t s = 0; s < h->nseries; s++) {
		double us = last_time(h, &h->series[s]);
		if (r->hseries[s].open)
			t.failures++;
		else if (r->hseries[s].pending)
			t.skipped++;
		if (isfinite(us))
			t.time_us += us;
	}
	return t;
}

static void
classname(gs_jx *x, const gs_record *r)
{
	const char *group = gs_record_tag(r) && *gs_record_tag(r) ? gs_record_tag(r)
	                    : r->shape.dtype[0]                   ? r->shape.dtype
	                                                          : "gemm";
	size_t n = strlen(group) + sizeof "gemm.";
	char *buf = malloc(n);

	if (!buf) {
		x->failed = 1;
		return;
	}
	snprintf(buf, n, "gemm.%s", group);
	gs_jx_attr(x, "classname", buf);
	free(buf);
}

/* "slower at run-4: median 120.6 µs → 144.7 µs, time ratio 1.200×
 * (p = 1.2e-08, 6 runs before, 8 after)" */
static void
describe(char *buf, size_t size, const char *what, const gs_history_cp *c)
{
	char tb[GS_FMT_LEN], ta[GS_FMT_LEN], r[GS_FMT_LEN];

	snprintf(buf, size,
	         "%s at %s: median %s \xc2\xb5s \xe2\x86\x92 %s \xc2\xb5s, "
	         "time ratio %s (p = %.2g, %zu runs before, %zu after)",
	         what, c->run, gs_fmt_us(tb, sizeof tb, c->median_before),
	         gs_fmt_us(ta, sizeof ta, c->median_after), gs_fmt_ratio(r, sizeof r, c->ratio, 3),
	         c->p_value, c->runs_before, c->runs_after);
}

static void
failure(gs_jx *x, const gs_history_cp *c, double now, const gs_history_cp *pend)
{
	char msg[512], text[768], nr[GS_FMT_LEN];

	describe(msg, sizeof msg, "slower", c);
	gs_jx_start(x, "failure");
	gs_jx_attr(x, "message", msg);
	gs_jx_attr(x, "type", "regression");
	snprintf(text, sizeof text,
	         "Regression still open at the last run: the "
	         "current level is %s the level before %s.%s",
	         gs_fmt_ratio(nr, sizeof nr, now, 3), c->run,
	         pend ? " A newer step is pending." : "");
	gs_jx_text(x, text);
	gs_jx_end(x);
}

static void
skipped(gs_jx *x, const gs_history_cp *c, unsigned persist)
{
	char what[96], msg[512];

	snprintf(what, sizeof what, "pending (lasted %zu of %u runs): %s", c->runs_after, persist,
	         gs_history_cp_direction(c));
	describe(msg, sizeof msg, what, c);
	gs_jx_start(x, "skipped");
	gs_jx_attr(x, "message", msg);
	gs_jx_end(x);
}

static void
shape_case(gs_jx *x, const gs_report *r, size_t s)
{
	const gs_history *h = r->hist;
	const gs_history_series *se = &h->series[s];
	const gs_report_hseries *v = &r->hseries[s];
	char shape[GS_FMT_SHAPE_LEN];

	gs_jx_start(x, "testcase");
	classname(x, se->rec);
	gs_jx_attr(x, "name", gs_fmt_shape(shape, sizeof shape, &se->rec->shape));
	gs_jx_attr_seconds(x, "time", last_time(h, se));
	if (v->open)
		failure(x, v->open, v->open_now, v->pending);
	else if (v->pending)
		skipped(x, v->pending, h->opts.persist);
	gs_jx_end(x);
}

static void
property(gs_jx *x, const char *name, const char *value)
{
	gs_jx_start(x, "property");
	gs_jx_attr(x, "name", name);
	gs_jx_attr(x, "value", value);
	gs_jx_end(x);
}

static void
properties(gs_jx *x, const gs_report *r)
{
	const gs_history *h = r->hist;
	char persist[32], runs[32];

	snprintf(persist, sizeof persist, "%u", h->opts.persist);
	snprintf(runs, sizeof runs, "%zu", h->nruns);
	gs_jx_start(x, "properties");
	property(x, "first_run", h->runs[0].name);
	property(x, "last_run", h->runs[h->nruns - 1].name);
	property(x, "runs", runs);
	property(x, "persist", persist);
	property(x, "shape_order", "M\xc3\x97N\xc3\x97K");
	property(x, "version", r->version ? r->version : "");
	gs_jx_end(x);
}

static void
suite_attrs(gs_jx *x, const gs_report *r, const tally *t)
{
	char when[GS_FMT_LEN];

	gs_jx_attr(x, "name", "gemmscope history");
	gs_jx_attr_count(x, "tests", r->hist->nseries + r->gates.n);
	gs_jx_attr_count(x, "failures", t->failures + gs_gates_crossed(&r->gates));
	gs_jx_attr_count(x, "errors", 0);
	gs_jx_attr_count(x, "skipped", t->skipped);
	gs_jx_attr_seconds(x, "time", t->time_us);
	gs_jx_attr(x, "timestamp", gs_fmt_utc(when, sizeof when, r->timestamp, 1));
}

static void
document(gs_jx *x, const gs_report *r)
{
	const gs_history *h = r->hist;
	tally t = count_cases(r);

	gs_jx_start(x, "testsuites");
	gs_jx_attr(x, "name", "gemmscope");
	gs_jx_attr_count(x, "tests", h->nseries + r->gates.n);
	gs_jx_attr_count(x, "failures", t.failures + gs_gates_crossed(&r->gates));
	gs_jx_attr_count(x, "errors", 0);
	gs_jx_attr_count(x, "skipped", t.skipped);
	gs_jx_attr_seconds(x, "time", t.time_us);
	gs_jx_start(x, "testsuite");
	suite_attrs(x, r, &t);
	properties(x, r);
	gs_junit_gates(x, r);
	for (size_t s = 0; s < h->nseries; s++)
		shape_case(x, r, s);
}

int
gs_junit_history(const gs_report *r, FILE *out, gs_error *err)
{
	gs_jx x;

	if (gs_jx_begin(&x, err) != 0)
		return -1;
	document(&x, r);
	return gs_jx_finish(&x, out, err);
}
