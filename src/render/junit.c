/* junit.c: --junit, the comparison as JUnit XML for a CI test view, written
 * with libxml2's xmlTextWriter (which escapes every attribute and text).
 *
 * <testsuites> holds one <testsuite name="gemmscope compare"> with the
 * attributes of the common JUnit schema (name, tests, failures, errors,
 * skipped, time, timestamp).  One <testcase classname="gemm.TAG" (or
 * "gemm.DTYPE" without a tag) name="SHAPE" time="t_cand in s"> per matched
 * shape; a regression has a <failure>, an unsure shape and a shape found
 * in one input only a <skipped>.  Before them, one <testcase
 * classname="gates"> per CI gate asked for (gs_junit_gates), failing when
 * crossed; the counts include them.  SHAPE is written M×N×K as in the report
 * tables (the suite's property "shape_order" says so).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/fmt.h"
#include "render/junitw.h"
#include "render/overroof.h"
#include "render/writer_impl.h"

static void
classname(gs_jx *x, const gs_record *r, const gs_record *other)
{
	const char *tag = gs_record_tag(r) ? gs_record_tag(r) : other ? gs_record_tag(other) : NULL;
	const char *group = tag && *tag ? tag : r->shape.dtype[0] ? r->shape.dtype : "gemm";
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

static void
testcase_open(gs_jx *x, const gs_record *r, const gs_record *other, double us)
{
	char shape[GS_FMT_SHAPE_LEN];

	gs_jx_start(x, "testcase");
	classname(x, r, other);
	gs_jx_attr(x, "name", gs_fmt_shape(shape, sizeof shape, &r->shape));
	gs_jx_attr_seconds(x, "time", us);
}

static void
failure(gs_jx *x, const gs_pair *p)
{
	char sl[GS_FMT_LEN], tb[GS_FMT_LEN], tc[GS_FMT_LEN], ch[GS_FMT_LEN];
	char msg[256];

	snprintf(msg, sizeof msg,
	         "slowdown %s (t_base %s \xc2\xb5s \xe2\x86\x92 t_cand %s \xc2\xb5s)",
	         gs_fmt_ratio(sl, sizeof sl, gs_fmt_slowdown(p), 2),
	         gs_fmt_us(tb, sizeof tb, p->base->t.median),
	         gs_fmt_us(tc, sizeof tc, p->cand->t.median));
	gs_jx_start(x, "failure");
	gs_jx_attr(x, "message", msg);
	gs_jx_attr(x, "type", "regression");
	snprintf(msg, sizeof msg, "speedup %.4f, change %s%s", p->speedup,
	         gs_fmt_change(ch, sizeof ch, p->speedup - 1),
	         p->tested ? "" : " (threshold only: too few samples for the U test)");
	gs_jx_text(x, msg);
	gs_jx_end(x);
}

static void
skipped(gs_jx *x, const char *msg)
{
	gs_jx_start(x, "skipped");
	gs_jx_attr(x, "message", msg);
	gs_jx_end(x);
}

static void
unsure(gs_jx *x, const gs_compare *c, const gs_pair *p)
{
	char msg[256], ch[GS_FMT_LEN];

	snprintf(msg, sizeof msg,
	         "unsure: change %s crosses the threshold but the "
	         "U test is not significant (adjusted p = %.3g, alpha %g)",
	         gs_fmt_change(ch, sizeof ch, p->speedup - 1), gs_pair_p_adjusted(c, p),
	         c->opts.alpha);
	skipped(x, msg);
}

static void
pair_case(gs_jx *x, const gs_compare *c, const gs_pair *p)
{
	testcase_open(x, p->base, p->cand, p->cand->t.median);
	if (p->cls == GS_REGRESSED)
		failure(x, p);
	else if (p->cls == GS_UNSURE)
		unsure(x, c, p);
	gs_jx_end(x);
}

static void
one_sided_cases(gs_jx *x, const gs_record *const *r, size_t n, const char *msg)
{
	for (size_t i = 0; i < n; i++) {
		testcase_open(x, r[i], NULL, r[i]->t.median);
		skipped(x, msg);
		gs_jx_end(x);
	}
}

void
gs_junit_gates(gs_jx *x, const gs_report *r)
{
	char text[256];

	for (size_t i = 0; i < r->gates.n; i++) {
		const gs_gate *g = &r->gates.g[i];

		gs_jx_start(x, "testcase");
		gs_jx_attr(x, "classname", "gates");
		gs_jx_attr(x, "name", g->name);
		gs_jx_attr_seconds(x, "time", 0);
		if (!g->passed) {
			gs_jx_start(x, "failure");
			gs_jx_attr(x, "message", gs_gate_text(r, g, text, sizeof text));
			gs_jx_attr(x, "type", "gate");
			gs_jx_end(x);
		}
		gs_jx_end(x);
	}
}

/* The sides with GEMMs above their roof (overroof.h): each an error case. */
static size_t
over_roof_sides(const gs_report *r)
{
	return (r->eff_base && r->eff_base->s.over_roof) +
	       (r->eff_cand && r->eff_cand->s.over_roof);
}

static void
over_roof_cases(gs_jx *x, const gs_report *r)
{
	const gs_single *side[2] = {r->eff_base, r->eff_cand};
	static const char *const name[2] = {"over-roof baseline", "over-roof candidate"};
	char text[768];

	for (int i = 0; i < 2; i++) {
		if (!gs_over_roof_text(side[i], NULL, text, sizeof text))
			continue;
		gs_jx_start(x, "testcase");
		gs_jx_attr(x, "classname", "efficiency");
		gs_jx_attr(x, "name", name[i]);
		gs_jx_attr_seconds(x, "time", 0);
		gs_jx_start(x, "error");
		gs_jx_attr(x, "message", text);
		gs_jx_attr(x, "type", "over-roof");
		gs_jx_end(x);
		gs_jx_end(x);
	}
}

static void
suite_attrs(gs_jx *x, const gs_report *r)
{
	const gs_compare *c = r->cmp;
	size_t one_sided = c->nonly_base + c->nonly_cand;
	char when[GS_FMT_LEN];

	gs_jx_attr(x, "name", "gemmscope compare");
	gs_jx_attr_count(x, "tests", c->npairs + one_sided + r->gates.n + over_roof_sides(r));
	gs_jx_attr_count(x, "failures", c->s.regressed + gs_gates_crossed(&r->gates));
	gs_jx_attr_count(x, "errors", over_roof_sides(r));
	gs_jx_attr_count(x, "skipped", c->s.unsure + one_sided);
	gs_jx_attr_seconds(x, "time", c->s.total_cand_us);
	gs_jx_attr(x, "timestamp", gs_fmt_utc(when, sizeof when, r->timestamp, 1));
}

static void
properties(gs_jx *x, const gs_report *r)
{
	const char *names[] = {"baseline", "candidate", "shape_order", "version"};
	const char *values[] = {r->cmp->base->path, r->cmp->cand->path, "M\xc3\x97N\xc3\x97K",
	                        r->version ? r->version : ""};

	gs_jx_start(x, "properties");
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		gs_jx_start(x, "property");
		gs_jx_attr(x, "name", names[i]);
		gs_jx_attr(x, "value", values[i]);
		gs_jx_end(x);
	}
	gs_jx_end(x);
}

static void
document(gs_jx *x, const gs_report *r)
{
	const gs_compare *c = r->cmp;

	gs_jx_start(x, "testsuites");
	gs_jx_attr(x, "name", "gemmscope");
	gs_jx_attr_count(x, "tests",
	                 c->npairs + c->nonly_base + c->nonly_cand + r->gates.n +
	                         over_roof_sides(r));
	gs_jx_attr_count(x, "failures", c->s.regressed + gs_gates_crossed(&r->gates));
	gs_jx_attr_count(x, "errors", over_roof_sides(r));
	gs_jx_attr_seconds(x, "time", c->s.total_cand_us);
	gs_jx_start(x, "testsuite");
	suite_attrs(x, r);
	properties(x, r);
	gs_junit_gates(x, r);
	over_roof_cases(x, r);
	for (size_t i = 0; i < c->npairs; i++)
		pair_case(x, c, &c->pairs[i]);
	one_sided_cases(x, c->only_base, c->nonly_base, "only in the baseline");
	one_sided_cases(x, c->only_cand, c->nonly_cand, "only in the candidate");
}

int
gs_render_junit(const gs_report *r, FILE *out, gs_error *err)
{
	gs_jx x;

	if (r->kind == GS_REPORT_HISTORY && r->hist && r->hseries)
		return gs_junit_history(r, out, err);
	if (r->kind != GS_REPORT_COMPARE || !r->cmp)
		return gs_error_set(err, NULL, 0, 0, "the JUnit output needs a comparison report");
	if (gs_jx_begin(&x, err) != 0)
		return -1;
	document(&x, r);
	return gs_jx_finish(&x, out, err);
}
