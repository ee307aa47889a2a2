/* junit.c: --junit, the comparison as JUnit XML for a CI test view, written
 * with libxml2's xmlTextWriter (which escapes every attribute and text).
 *
 * <testsuites> holds one <testsuite name="gemmscope compare"> with the
 * attributes of the common JUnit schema (name, tests, failures, errors,
 * skipped, time, timestamp).  One <testcase classname="gemm.TAG" (or
 * "gemm.DTYPE" without a tag) name="SHAPE" time="t_cand in s"> per matched
 * shape; a regression has a <failure>, an unsure shape and a shape found
 * in one input only a <skipped>.  SHAPE is written M×K×N as in the report
 * tables (the suite's property "shape_order" says so).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlwriter.h>

#include "render/fmt.h"
#include "render/report.h"

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

static void
classname(jx *x, const gs_record *r, const gs_record *other)
{
	const char *tag = r->tag ? r->tag : other ? other->tag : NULL;
	const char *group = tag && *tag ? tag : r->shape.dtype[0] ? r->shape.dtype : "gemm";
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

static void
testcase_open(jx *x, const gs_record *r, const gs_record *other, double us)
{
	char shape[GS_FMT_SHAPE_LEN];

	start(x, "testcase");
	classname(x, r, other);
	attr(x, "name", gs_fmt_shape(shape, sizeof shape, &r->shape));
	attr_seconds(x, "time", us);
}

static void
failure(jx *x, const gs_pair *p)
{
	char sl[GS_FMT_LEN], tb[GS_FMT_LEN], tc[GS_FMT_LEN], ch[GS_FMT_LEN];
	char msg[256];

	snprintf(msg, sizeof msg, "slowdown %s (t_base %s \xc2\xb5s \xe2\x86\x92 t_cand %s \xc2\xb5s)",
	         gs_fmt_ratio(sl, sizeof sl, gs_fmt_slowdown(p), 2),
	         gs_fmt_us(tb, sizeof tb, p->base->t.median),
	         gs_fmt_us(tc, sizeof tc, p->cand->t.median));
	start(x, "failure");
	attr(x, "message", msg);
	attr(x, "type", "regression");
	snprintf(msg, sizeof msg, "speedup %.4f, change %s%s", p->speedup,
	         gs_fmt_change(ch, sizeof ch, p->speedup - 1),
	         p->tested ? "" : " (threshold only: too few samples for the U test)");
	check(x, xmlTextWriterWriteString(x->w, BAD_CAST msg));
	end(x);
}

static void
skipped(jx *x, const char *msg)
{
	start(x, "skipped");
	attr(x, "message", msg);
	end(x);
}

static void
unsure(jx *x, const gs_pair *p, double alpha)
{
	char msg[256], ch[GS_FMT_LEN];

	snprintf(msg, sizeof msg, "unsure: change %s crosses the threshold but the "
	         "U test is not significant (adjusted p = %.3g, alpha %g)",
	         gs_fmt_change(ch, sizeof ch, p->speedup - 1), p->p_adjusted, alpha);
	skipped(x, msg);
}

static void
pair_case(jx *x, const gs_compare *c, const gs_pair *p)
{
	testcase_open(x, p->base, p->cand, p->cand->t.median);
	if (p->cls == GS_REGRESSED)
		failure(x, p);
	else if (p->cls == GS_UNSURE)
		unsure(x, p, c->opts.alpha);
	end(x);
}

static void
one_sided_cases(jx *x, const gs_record *const *r, size_t n, const char *msg)
{
	for (size_t i = 0; i < n; i++) {
		testcase_open(x, r[i], NULL, r[i]->t.median);
		skipped(x, msg);
		end(x);
	}
}

static void
suite_attrs(jx *x, const gs_report *r)
{
	const gs_compare *c = r->cmp;
	size_t one_sided = c->nonly_base + c->nonly_cand;
	char when[GS_FMT_LEN];

	attr(x, "name", "gemmscope compare");
	attr_count(x, "tests", c->npairs + one_sided);
	attr_count(x, "failures", c->s.regressed);
	attr_count(x, "errors", 0);
	attr_count(x, "skipped", c->s.unsure + one_sided);
	attr_seconds(x, "time", c->s.total_cand_us);
	attr(x, "timestamp", gs_fmt_utc(when, sizeof when, r->timestamp, 1));
}

static void
properties(jx *x, const gs_report *r)
{
	const char *names[] = {"baseline", "candidate", "shape_order", "version"};
	const char *values[] = {r->cmp->base->path, r->cmp->cand->path,
	                        "M\xc3\x97K\xc3\x97N", r->version ? r->version : ""};

	start(x, "properties");
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		start(x, "property");
		attr(x, "name", names[i]);
		attr(x, "value", values[i]);
		end(x);
	}
	end(x);
}

static void
document(jx *x, const gs_report *r)
{
	const gs_compare *c = r->cmp;

	check(x, xmlTextWriterStartDocument(x->w, NULL, "UTF-8", NULL));
	start(x, "testsuites");
	attr(x, "name", "gemmscope");
	attr_count(x, "tests", c->npairs + c->nonly_base + c->nonly_cand);
	attr_count(x, "failures", c->s.regressed);
	attr_count(x, "errors", 0);
	attr_seconds(x, "time", c->s.total_cand_us);
	start(x, "testsuite");
	suite_attrs(x, r);
	properties(x, r);
	for (size_t i = 0; i < c->npairs; i++)
		pair_case(x, c, &c->pairs[i]);
	one_sided_cases(x, c->only_base, c->nonly_base, "only in the baseline");
	one_sided_cases(x, c->only_cand, c->nonly_cand, "only in the candidate");
	check(x, xmlTextWriterEndDocument(x->w));
}

int
gs_render_junit(const gs_report *r, FILE *out, gs_error *err)
{
	xmlBufferPtr buf;
	jx x = {NULL, 0};

	if (r->kind != GS_REPORT_COMPARE || !r->cmp)
		return gs_error_set(err, NULL, 0, 0,
		                    "the JUnit output needs a comparison report");
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
