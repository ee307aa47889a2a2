/* test_render.c: the report writers (HTML, markdown, JSON, CSV, JUnit).
 *
 * Two models are rendered: a small hand-built comparison whose input
 * strings try to inject markup (a tag "<script>...", a kernel name
 * "\"><img ...>"), with samples, an unsure shape, shapes in one input only
 * and an excluded row; and the real iree-kernel-benchmark pair (rocBLAS
 * against hipBLASLt, examples/README.md) whose reference numbers
 * are in the project's data notes.  Every output is parsed back with the
 * library that reads that format (libxml2, yajl, gemmscope's own ingest)
 * and compared with the model.
 *
 * The efficiency outputs: test_render_eff.c; shared helpers: render_test.h.
 */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "analysis/gate.h"
#include "render/jsonw.h"
#include "render_test.h"

static page
page_render(const fixture *f)
{
	page p;

	p.html = render(gs_render_html, &f->rep, &p.len);
	assert_int_equal(strlen(p.html), p.len);
	p.doc = parse_html(p.html, p.len);
	return p;
}

static void
test_html_escapes(void **state)
{
	fixture *f = *state;
	page p = page_render(f);
	char q[512];

	assert_all_classes(&f->cmp);
	assert_null(strstr(p.html, "<script"));
	assert_null(strstr(p.html, "<img"));
	assert_no_network(p.html);
	assert_xpath_count(p.doc, "//script", 0);
	assert_xpath_count(p.doc, "//img", 0);
	assert_xpath_count(p.doc, "//*[@onload or @onclick or @onerror]", 0);
	assert_xpath_count(p.doc, "//link", 0);
	assert_xpath_count(p.doc, "//style", 1);
	/* the hostile strings are text, in the tables that show them */
	snprintf(q, sizeof q, "//section[@id='shapes']//td[. = '%s']", EVIL_TAG);
	assert_xpath_count(p.doc, q, 1);
	snprintf(q, sizeof q, "//section[@id='shapes']//td[. = '%s']", EVIL_KERNEL);
	assert_xpath_count(p.doc, q, 2);
	assert_xpath_string(p.doc, "//title", "Nightly <b>bf16</b> & f16");
	assert_xpath_count(p.doc, "//h1/*", 0);
	assert_xpath_count(p.doc, "//dd[. = 'runs/base<&>.csv (gemmscope, 5 shapes, GPU MI300X)']",
	                   1);
	page_free(&p);
}

static void
test_html_plot_inlined(void **state)
{
	fixture *f = *state;
	page p = page_render(f);

	assert_xpath_count(p.doc, "//section[@id='plots']//figure/svg", f->rep.nplots);
	assert_xpath_count(p.doc, "//svg//use", 2);
	assert_null(strstr(p.html, "example.com"));
	assert_null(strstr(p.html, "alert(2)"));
	assert_null(strstr(p.html, "alert(3)"));
	assert_null(strstr(p.html, "alert(4)"));
	assert_xpath_count(p.doc, "//svg//circle", 1);
	assert_xpath_count(p.doc, "//g[@clip-path='url(#speedup-clip1)']", 1);
	assert_xpath_string(p.doc, "//figcaption",
	                    "Sorted speedup \xe2\x80\x94 One point per shape, <sorted>.");
	page_free(&p);
}

static void
test_html_sections(void **state)
{
	fixture *f = *state;
	const gs_compare *c = &f->cmp;
	page p = page_render(f);
	char verdict[GS_FMT_VERDICT_LEN];

	/* the verdict first, with the model's verdict and the gates' line */
	assert_xpath_string(p.doc, "//main/section[1]/@id", "summary");
	assert_xpath_string(p.doc, "//main/section[1]/h2", "Verdict");
	assert_xpath_string(p.doc, "//section[@id='summary']/p[@class='verdict']",
	                    gs_fmt_verdict(verdict, sizeof verdict, c));
	assert_non_null(strstr(verdict, "1 regression, 1 improvement; geomean"));
	assert_xpath_count(p.doc, "//section[@id='summary']/ul[@class='gates']", 0);
	assert_xpath_count(p.doc,
	                   "//section[@id='summary']/p[@class='no-gates' and "
	                   "starts-with(., 'No gate was set')]",
	                   1);
	/* the contents follow the verdict and every link lands on the page */
	assert_xpath_count(p.doc, "//main/section[1]/following-sibling::*[1][self::nav]", 1);
	assert_toc_resolves(p.doc);
	/* every matched shape (5 <= 1,000: all, folded), its class in colour
	 * and in words */
	assert_xpath_count(p.doc, "//section[@id='shapes']/details//tbody/tr", c->npairs);
	assert_xpath_count(p.doc, "//section[@id='shapes']//p[@class='more']", 0);
	assert_xpath_count(p.doc,
	                   "//section[@id='shapes']//td[@class='cls regressed' and .='regressed']",
	                   c->s.regressed);
	assert_xpath_count(p.doc, "//section[@id='shapes']//td[@class='cls unsure' and .='unsure']",
	                   c->s.unsure);
	assert_xpath_count(p.doc, "//div[@id='best-ratio']//tbody/tr", c->ntop_improved);
	assert_xpath_count(p.doc, "//div[@id='worst-ratio']//tbody/tr", c->ntop_regressed);
	/* plurals: one regression, one improvement */
	assert_xpath_string(p.doc, "//div[@id='worst-ratio']/h3", "Top 1 regression by slowdown");
	assert_xpath_string(p.doc, "//div[@id='worst-time']/h3", "Top 1 regression by time lost");
	assert_xpath_string(p.doc, "//div[@id='best-ratio']/h3", "Top 1 improvement by speedup");
	/* slowdown of the regression: 83.0 / 41.1, lost 41.9 µs = all of it */
	assert_xpath_string(p.doc, "//div[@id='worst-ratio']//tbody/tr[1]/td[5]", "2.02\xc3\x97");
	assert_xpath_string(p.doc, "//div[@id='worst-ratio']//tbody/tr[1]/td[1]",
	                    "512\xc3\x97"
	                    "512\xc3\x97"
	                    "7680 f16 NN");
	assert_xpath_string(p.doc, "//div[@id='worst-time']//tbody/tr[1]/td[1]",
	                    "512\xc3\x97"
	                    "512\xc3\x97"
	                    "7680 f16 NN");
	assert_xpath_string(p.doc, "//div[@id='worst-time']//tbody/tr[1]/td[3]", "41.90");
	assert_xpath_string(p.doc, "//div[@id='worst-time']//tbody/tr[1]/td[4]", "100.0 %");
	/* the regressions before the plots, the improvements after them */
	assert_xpath_count(
	        p.doc, "//section[@id='regressions']/following-sibling::section[@id='plots']", 1);
	assert_xpath_count(
	        p.doc, "//section[@id='plots']/following-sibling::section[@id='improvements']", 1);
	assert_xpath_count(p.doc, "//section[@id='breakdown']/table", 3);
	assert_xpath_count(p.doc, "//section[@id='unmatched']/details//tbody/tr",
	                   c->nonly_base + c->nonly_cand);
	assert_xpath_count(p.doc,
	                   "//section[@id='unmatched']//td[.='4112\xc3\x97"
	                   "2048\xc3\x97"
	                   "2048 bf16 NN bias (aten::addmm)']",
	                   1);
	assert_xpath_count(p.doc, "//section[@id='excluded']/details//td[.='non-positive time']",
	                   1);
	/* ... the environment's definition among them (no residuals or cliffs
	 * in this model: no entries for them) */
	assert_xpath_count(p.doc, "//section[@id='methodology']//dt", 11);
	assert_xpath_count(p.doc, "//section[@id='methodology']//dt[.='Environment']", 1);
	assert_xpath_count(p.doc, "//section[@id='efficiency']", 0);
	page_free(&p);
}

static void
test_html_deterministic(void **state)
{
	fixture *f = *state;
	size_t n1, n2, n3;
	char *a = render(gs_render_html, &f->rep, &n1);
	char *b = render(gs_render_html, &f->rep, &n2);
	char *c;

	assert_int_equal(n1, n2);
	assert_memory_equal(a, b, n1);
	f->rep.timestamp += 86400;
	c = render(gs_render_html, &f->rep, &n3);
	f->rep.timestamp -= 86400;
	assert_true(n1 != n3 || memcmp(a, c, n1) != 0);
	assert_non_null(strstr(a, "2023-11-14 22:13:20 UTC"));
	assert_non_null(strstr(c, "2023-11-15 22:13:20 UTC"));
	free(a);
	free(b);
	free(c);
}

static void
test_html_errors(void **state)
{
	fixture *f = *state;
	gs_report r = f->rep;
	gs_report_plot bad = f->plot;
	gs_error err;
	char *buf = NULL;
	size_t n = 0;
	FILE *out = open_memstream(&buf, &n);

	assert_non_null(out);
	r.datadir = "/nonexistent/gemmscope";
	gs_error_clear(&err);
	assert_int_equal(gs_render_html(&r, out, &err), -1);
	assert_string_equal(err.file, "/nonexistent/gemmscope/templates/report.html");
	assert_true(err.msg[0] != '\0');
	r = f->rep;
	bad.svg = (char *)"<svg><g></svg>";
	bad.svg_len = strlen(bad.svg);
	r.plots = &bad;
	gs_error_clear(&err);
	assert_int_equal(gs_render_html(&r, out, &err), -1);
	assert_non_null(strstr(err.msg, "speedup"));
	r = f->rep;
	r.kind = GS_REPORT_SINGLE;
	assert_int_equal(gs_render_markdown(&r, out, &err), -1);
	assert_int_equal(gs_render_json(&r, out, &err), -1);
	assert_int_equal(gs_render_csv(&r, out, &err), -1);
	assert_int_equal(gs_render_regressions(&r, out, &err), -1);
	assert_int_equal(gs_render_junit(&r, out, &err), -1);
	fclose(out);
	free(buf);
}

static void
test_html_iree(void **state)
{
	fixture *f = *state;
	const gs_compare *c = &f->cmp;
	page p = page_render(f);
	htmlDocPtr doc = p.doc;

	assert_xpath_count(doc, "//script", 0);
	assert_xpath_count(doc, "//section[@id='shapes']/details//tbody/tr", 558);
	assert_xpath_count(doc, "//section[@id='shapes']//td[@class='cls regressed']",
	                   c->s.regressed);
	assert_xpath_count(doc, "//section[@id='shapes']//td[@class='cls improved']",
	                   c->s.improved);
	assert_xpath_count(doc, "//div[@id='best-ratio']//tbody/tr", 10);
	assert_xpath_count(doc, "//div[@id='worst-ratio']//tbody/tr", 10);
	assert_xpath_count(doc, "//div[@id='best-time']//tbody/tr", 10);
	assert_xpath_count(doc, "//div[@id='worst-time']//tbody/tr", 10);
	assert_xpath_string(doc, "//div[@id='worst-ratio']/h3", "Top 10 regressions by slowdown");
	/* data notes §1: unet 2048x10240x1280 (MxNxK) bf16 NT 460.123 -> 97.595 us, 4.7146x */
	assert_xpath_string(doc, "//div[@id='best-ratio']//tbody/tr[1]/td[1]",
	                    "2048\xc3\x97"
	                    "10240\xc3\x97"
	                    "1280 bf16 NT");
	assert_xpath_string(doc, "//div[@id='best-ratio']//tbody/tr[1]/td[5]", "4.71\xc3\x97");
	/* compute 4096x4096x8192 bf16 TT 481.838 -> 2757.126 us, 5.7221x slower */
	assert_xpath_string(doc, "//div[@id='worst-ratio']//tbody/tr[1]/td[1]",
	                    "4096\xc3\x97"
	                    "4096\xc3\x97"
	                    "8192 bf16 TT");
	assert_xpath_string(doc, "//div[@id='worst-ratio']//tbody/tr[1]/td[4]", "2,757.1");
	assert_xpath_string(doc, "//div[@id='worst-ratio']//tbody/tr[1]/td[5]", "5.72\xc3\x97");
	/* the same shape loses the most time: 2757.126 - 481.838 = 2,275.288 us
	 * (pandas: 2275.28825), 29.5 % of the 7,706.7 us lost */
	assert_xpath_string(doc, "//div[@id='worst-time']//tbody/tr[1]/td[1]",
	                    "4096\xc3\x97"
	                    "4096\xc3\x97"
	                    "8192 bf16 TT");
	assert_xpath_string(doc, "//div[@id='worst-time']//tbody/tr[1]/td[3]", "2,275.3");
	assert_xpath_string(doc, "//div[@id='worst-time']//tbody/tr[1]/td[4]", "29.5 %");
	assert_xpath_string(doc, "normalize-space(//ul[@class='look']/li[1])",
	                    "Worst by time lost and by slowdown: 4096\xc3\x97"
	                    "4096\xc3\x97"
	                    "8192 bf16 TT (compute): +2,275.3 \xc2\xb5s (29.5 % of the time "
	                    "lost), 5.72\xc3\x97 slower.");
	assert_xpath_string(doc,
	                    "substring-before(//section[@id='summary']/p[@class='verdict'], ';')",
	                    "152 regressions, 317 improvements");
	assert_toc_resolves(doc);
	assert_xpath_count(doc, "//section[@id='breakdown']//tr[td[1]='llama70bskinny']", 1);
	page_free(&p);
}

/* The verdict section names each gate with its value and threshold. */
static void
test_html_gates_iree(void **state)
{
	fixture *f = *state;
	gs_report r = f->rep;
	page p;

	gs_gates_compare(&f->cmp, 1.2, 3, &r.gates);
	p.html = render(gs_render_html, &r, &p.len);
	p.doc = parse_html(p.html, p.len);
	assert_xpath_count(p.doc, "//main/section[1]/ul[@class='gates']/li", 2);
	assert_xpath_string(p.doc, "normalize-space(//main/section[1]/ul[@class='gates']/li[1])",
	                    "FAIL: geomean speedup 1.1032 < --min-geomean 1.2");
	assert_xpath_string(p.doc, "normalize-space(//main/section[1]/ul[@class='gates']/li[2])",
	                    "FAIL: 152 regressed > --max-regressed 3");
	assert_xpath_count(p.doc, "//main/section[1]/ul[@class='gates']/li[@class='regressed']", 2);
	assert_xpath_count(p.doc, "//p[@class='no-gates']", 0);
	page_free(&p);
	gs_gates_compare(&f->cmp, 1.1, 152, &r.gates);
	p.html = render(gs_render_html, &r, &p.len);
	p.doc = parse_html(p.html, p.len);
	assert_xpath_string(p.doc, "normalize-space(//main/section[1]/ul[@class='gates']/li[1])",
	                    "PASS: geomean speedup 1.1032 \xe2\x89\xa5 --min-geomean 1.1");
	assert_xpath_string(p.doc, "normalize-space(//main/section[1]/ul[@class='gates']/li[2])",
	                    "PASS: 152 regressed \xe2\x89\xa4 --max-regressed 152");
	page_free(&p);
}

/* ---- JSON */

static void
assert_json_summary(yajl_val doc, const gs_compare_summary *s)
{
	assert_true(get_num(doc, "summary", "matched") == (double)s->matched);
	assert_true(get_num(doc, "summary", "improved") == (double)s->improved);
	assert_true(get_num(doc, "summary", "regressed") == (double)s->regressed);
	assert_true(get_num(doc, "summary", "neutral") == (double)s->neutral);
	assert_true(get_num(doc, "summary", "unsure") == (double)s->unsure);
	assert_true(get_num(doc, "summary", "only_in_baseline") == (double)s->only_in_baseline);
	assert_true(get_num(doc, "summary", "only_in_candidate") == (double)s->only_in_candidate);
	assert_true(get_num(doc, "summary", "excluded_baseline") == (double)s->excluded_baseline);
	assert_true(get_num(doc, "summary", "excluded_candidate") == (double)s->excluded_candidate);
	/* full precision: the doubles read back bit for bit */
	assert_true(get_num(doc, "summary", "geomean_speedup") == s->geomean);
	assert_true(get_num(doc, "summary", "geomean_ci_low") == s->geomean_lo);
	assert_true(get_num(doc, "summary", "geomean_ci_high") == s->geomean_hi);
	assert_true(get_num(doc, "summary", "weighted_speedup") == s->weighted);
	assert_true(get_num(doc, "summary", "time_saved_us") == s->time_saved_us);
	assert_true(get_num(doc, "summary", "time_lost_us") == s->time_lost_us);
	assert_true(get_num(doc, "summary", "net_time_saved_us") == s->net_saved_us);
	assert_true(get_num(doc, "summary", "total_baseline_us") == s->total_base_us);
	assert_true(get_num(doc, "summary", "total_candidate_us") == s->total_cand_us);
}

static void
assert_json_shapes(yajl_val doc, const gs_compare *c)
{
	yajl_val shapes = get(doc, "shapes", NULL);

	assert_true(YAJL_IS_ARRAY(shapes));
	assert_int_equal(YAJL_GET_ARRAY(shapes)->len, c->npairs);
	for (size_t i = 0; i < c->npairs; i++) {
		yajl_val s = YAJL_GET_ARRAY(shapes)->values[i];
		const gs_pair *p = &c->pairs[i];
		assert_true(get_num(s, "M", NULL) == (double)p->base->shape.M);
		assert_true(get_num(s, "N", NULL) == (double)p->base->shape.N);
		assert_true(get_num(s, "K", NULL) == (double)p->base->shape.K);
		assert_true(get_num(s, "time_base_us", NULL) == p->base->t.median);
		assert_true(get_num(s, "time_cand_us", NULL) == p->cand->t.median);
		assert_true(get_num(s, "speedup", NULL) == p->speedup);
		assert_string_equal(YAJL_GET_STRING(get(s, "class", NULL)), gs_class_name(p->cls));
		assert_string_equal(YAJL_GET_STRING(get(s, "dtype", NULL)), p->base->shape.dtype);
		/* keys that do not apply to a shape are left out, not null */
		if (p->tested) {
			assert_true(get_num(s, "p_value", NULL) == gs_pair_p_value(c, p));
			assert_true(get_num(s, "p_adjusted", NULL) == gs_pair_p_adjusted(c, p));
		} else {
			assert_null(get(s, "p_value", NULL));
			assert_null(get(s, "p_adjusted", NULL));
		}
		if (p->cand->nsamples > 1)
			assert_int_equal(YAJL_GET_ARRAY(get(s, "samples_cand", NULL))->len,
			                 p->cand->nsamples);
		else
			assert_null(get(s, "samples_cand", NULL));
		if (!gs_pair_tag(p))
			assert_null(get(s, "tag", NULL));
		if (!gs_record_kernel(p->base))
			assert_null(get(s, "kernel_base", NULL));
	}
}

static void
test_json_synthetic(void **state)
{
	fixture *f = *state;
	gs_compare inf = f->cmp;
	gs_report r = f->rep;
	char *buf = render(gs_render_json, &f->rep, NULL);
	yajl_val doc = parse_json(buf), s0;

	assert_all_classes(&f->cmp);
	assert_json_summary(doc, &f->cmp.s);
	assert_json_shapes(doc, &f->cmp);
	assert_string_equal(YAJL_GET_STRING(get(doc, "command", NULL)), "compare");
	assert_string_equal(YAJL_GET_STRING(get(doc, "generated", NULL)), "2023-11-14T22:13:20Z");
	assert_true(get_num(doc, "threshold", NULL) == 0.05);
	s0 = YAJL_GET_ARRAY(get(doc, "shapes", NULL))->values[0];
	assert_string_equal(YAJL_GET_STRING(get(s0, "tag", NULL)), EVIL_TAG);
	assert_string_equal(YAJL_GET_STRING(get(s0, "kernel_base", NULL)), EVIL_KERNEL);
	assert_string_equal(
	        YAJL_GET_STRING(yajl_tree_get(
	                doc, (const char *[]){"inputs", "baseline", "path", NULL}, yajl_t_string)),
	        "runs/base<&>.csv");
	assert_true(YAJL_IS_NULL(yajl_tree_get(
	        doc, (const char *[]){"inputs", "candidate", "gpu", NULL}, yajl_t_any)));
	assert_int_equal(YAJL_GET_ARRAY(get(doc, "only_in_baseline", NULL))->len, 1);
	/* the 7x7x7 f32 has no tag, no kernel and one time: none of the three
	 * keys, the time itself */
	s0 = YAJL_GET_ARRAY(get(doc, "only_in_baseline", NULL))->values[0];
	assert_true(get_num(s0, "time_us", NULL) == 3.5);
	assert_null(get(s0, "tag", NULL));
	assert_null(get(s0, "kernel", NULL));
	assert_null(get(s0, "samples", NULL));
	assert_int_equal(YAJL_GET_ARRAY(get(doc, "only_in_candidate", NULL))->len, 1);
	assert_int_equal(YAJL_GET_ARRAY(get(doc, "excluded", NULL))->len, 1);
	assert_int_equal(YAJL_GET_ARRAY(get(doc, "groups", NULL))->len, f->cmp.ngroups);
	assert_int_equal(YAJL_GET_ARRAY(get(doc, "top_regressions", NULL))->len,
	                 f->cmp.ntop_regressed);
	yajl_tree_free(doc);
	free(buf);
	/* nothing lost: the ratio is infinite, written as null */
	inf.s.saved_lost_ratio = INFINITY;
	r.cmp = &inf;
	buf = render(gs_render_json, &r, NULL);
	doc = parse_json(buf);
	assert_true(YAJL_IS_NULL(get(doc, "summary", "saved_lost_ratio")));
	yajl_tree_free(doc);
	free(buf);
}

static void
test_json_iree(void **state)
{
	fixture *f = *state;
	char *buf = render(gs_render_json, &f->rep, NULL);
	yajl_val doc = parse_json(buf);

	assert_json_summary(doc, &f->cmp.s);
	assert_json_shapes(doc, &f->cmp);
	/* data notes §1 */
	assert_true(get_num(doc, "summary", "matched") == 558);
	assert_true(get_num(doc, "summary", "improved") == 317);
	assert_true(get_num(doc, "summary", "regressed") == 152);
	assert_true(get_num(doc, "summary", "neutral") == 89);
	assert_true(fabs(get_num(doc, "summary", "geomean_speedup") - 1.103188) < 5e-7);
	assert_true(fabs(get_num(doc, "summary", "weighted_speedup") - 1.082912) < 5e-7);
	assert_true(fabs(get_num(doc, "summary", "net_time_saved_us") - 4355.31139) < 5e-5);
	assert_true(fabs(get_num(doc, "summary", "saved_lost_ratio") - 1.5665) < 5e-5);
	yajl_tree_free(doc);
	free(buf);
}

/* ---- CSV */

static void
assert_same_record(const gs_record *want, const gs_table *t)
{
	const gs_record *got = gs_table_find(t, &want->shape);

	assert_non_null(got);
	assert_true(got->t.median == want->t.median);
	assert_int_equal(got->nsamples, want->nsamples);
	for (size_t i = 0; i < want->nsamples; i++)
		assert_true(got->samples[i] == want->samples[i]);
	if (gs_record_kernel(want))
		assert_string_equal(gs_record_kernel(got), gs_record_kernel(want));
	if (gs_record_tag(want))
		assert_string_equal(gs_record_tag(got), gs_record_tag(want));
}

static void
check_csv(const gs_report *r)
{
	const gs_compare *c = r->cmp;
	char *path = render_file(gs_render_csv, r);
	char *head = first_line(path);
	gs_table *t = read_back(path);

	assert_string_equal(head, CSV_HEADER);
	assert_int_equal(t->n, c->npairs);
	for (size_t i = 0; i < c->npairs; i++)
		assert_same_record(c->pairs[i].cand, t);
	gs_table_free(t);
	free(head);
	unlink(path);
	free(path);
}

static void
check_regressions(const gs_report *r)
{
	const gs_compare *c = r->cmp;
	char *path = render_file(gs_render_regressions, r);
	char *head = first_line(path);
	gs_table *t = read_back(path);

	assert_string_equal(head, NATIVE_HEADER);
	assert_int_equal(t->n, c->s.regressed);
	for (size_t i = 0; i < c->npairs; i++) {
		const gs_record *got = gs_table_find(t, &c->pairs[i].cand->shape);
		assert_int_equal(got != NULL, c->pairs[i].cls == GS_REGRESSED);
		if (got)
			assert_same_record(c->pairs[i].cand, t);
	}
	gs_table_free(t);
	free(head);
	unlink(path);
	free(path);
}

/* The baseline table alone, with its record-only efficiency. */
static int
write_base(const gs_report *r, FILE *out, gs_error *err)
{
	gs_single s;
	int rc = gs_single_records(r->cmp->base, &s, err);

	if (rc == 0)
		rc = gs_native_csv_write(&s, out, err);
	gs_single_free(&s);
	return rc;
}

static void
check_native(const gs_report *r)
{
	const gs_table *base = r->cmp->base;
	char *path = render_file(write_base, r);
	gs_table *t = read_back(path);

	assert_int_equal(t->n, base->n);
	for (size_t i = 0; i < base->n; i++)
		assert_same_record(&base->rec[i], t);
	gs_table_free(t);
	unlink(path);
	free(path);
}

static void
test_csv_synthetic(void **state)
{
	fixture *f = *state;

	assert_all_classes(&f->cmp);
	check_csv(&f->rep);
	check_regressions(&f->rep);
	check_native(&f->rep);
}

static void
test_csv_iree(void **state)
{
	fixture *f = *state;

	check_csv(&f->rep);
	check_regressions(&f->rep);
	check_native(&f->rep);
}

/* ---- JUnit */

static void
check_junit(const gs_report *r)
{
	const gs_compare *c = r->cmp;
	size_t len, one_sided = c->nonly_base + c->nonly_cand;
	char *buf = render(gs_render_junit, r, &len), want[32];
	xmlDocPtr doc = xmlReadMemory(buf, (int)len, NULL, NULL, XML_PARSE_NONET);

	assert_non_null(doc);
	assert_xpath_count(doc, "/testsuites/testsuite", 1);
	assert_xpath_count(doc, "//testcase", c->npairs + one_sided);
	assert_xpath_count(doc, "//testcase/failure", c->s.regressed);
	assert_xpath_count(doc, "//testcase/skipped", c->s.unsure + one_sided);
	snprintf(want, sizeof want, "%zu", c->s.regressed);
	assert_xpath_string(doc, "/testsuites/testsuite/@failures", want);
	snprintf(want, sizeof want, "%zu", c->npairs + one_sided);
	assert_xpath_string(doc, "/testsuites/testsuite/@tests", want);
	snprintf(want, sizeof want, "%zu", c->s.unsure + one_sided);
	assert_xpath_string(doc, "/testsuites/testsuite/@skipped", want);
	assert_xpath_string(doc, "/testsuites/testsuite/@errors", "0");
	assert_xpath_string(doc, "/testsuites/testsuite/@name", "gemmscope compare");
	assert_xpath_count(doc, "//testcase[not(starts-with(@classname, 'gemm.'))]", 0);
	xmlFreeDoc(doc);
	free(buf);
}

static void
test_junit_synthetic(void **state)
{
	fixture *f = *state;
	char *buf;
	xmlDocPtr doc;
	char q[256];

	assert_all_classes(&f->cmp);
	check_junit(&f->rep);
	buf = render(gs_render_junit, &f->rep, NULL);
	doc = xmlReadMemory(buf, (int)strlen(buf), NULL, NULL, XML_PARSE_NONET);
	snprintf(q, sizeof q, "//testcase[@classname='gemm.%s']", EVIL_TAG);
	assert_xpath_count(doc, q, 1);
	assert_xpath_string(
	        doc, "//failure/@message",
	        "slowdown 2.02\xc3\x97 (t_base 41.10 \xc2\xb5s \xe2\x86\x92 t_cand 83.00 \xc2\xb5s)");
	assert_xpath_count(doc,
	                   "//testcase[@name='7\xc3\x97"
	                   "7\xc3\x97"
	                   "7 f32 NN']/skipped",
	                   1);
	xmlFreeDoc(doc);
	free(buf);
}

static void
test_junit_iree(void **state)
{
	fixture *f = *state;

	check_junit(&f->rep);
}

/* ---- markdown */

/* The rows of the markdown table right under the line starting with
 * HEADING: its lines starting "| " (the header and the rows; the rule is
 * "|---"), up to the first line that starts with no '|'. */
static size_t
table_lines(const char *md, const char *heading)
{
	const char *p = strstr(md, heading);
	size_t n = 0;

	assert_non_null(p);
	for (p = strchr(p, '\n') + 1; *p == '|'; p = strchr(p, '\n') + 1)
		n += p[1] == ' ';
	return n;
}

static size_t
min3(size_t a, size_t b, size_t c)
{
	size_t m = a < b ? a : b;

	return m < c ? m : c;
}

static void
test_markdown_synthetic(void **state)
{
	fixture *f = *state;
	char *md = render(gs_render_markdown, &f->rep, NULL);
	char verdict[GS_FMT_VERDICT_LEN], first[512];

	assert_all_classes(&f->cmp);
	assert_int_equal(f->rep.gates.n, 0);
	/* no gates: the first line is the title with the verdict */
	snprintf(first, sizeof first, "## Nightly &lt;b&gt;bf16&lt;/b&gt; &amp; f16: %s\n",
	         gs_fmt_verdict(verdict, sizeof verdict, &f->cmp));
	assert_memory_equal(md, first, strlen(first));
	assert_null(strstr(md, "<script"));
	assert_null(strstr(md, "<b>"));
	assert_non_null(strstr(md, "| llama\\|\\`pipe\\` |"));
	assert_non_null(strstr(md, "runs/base&lt;&amp;&gt;.csv (gemmscope, MI300X)"));
	assert_null(strstr(md, "Full report (HTML)"));
	/* header and one row per top regression, at most 5 */
	assert_int_equal(table_lines(md, "### Top "),
	                 1 + min3(f->cmp.ntop_regressed, f->cmp.opts.top, 5));
	free(md);
}

/* Gates and --report-url: the first line is the gates' verdict, the
 * inputs line links the published HTML. */
static void
test_markdown_gates_link(void **state)
{
	fixture *f = *state;
	gs_report r = f->rep;
	char *md;

	gs_gates_compare(&f->cmp, 1.2, 3, &r.gates);
	r.report_url = "https://ci.example/run 7/<r>.html";
	md = render(gs_render_markdown, &r, NULL);
	assert_memory_equal(md,
	                    "**FAIL**: geomean speedup 1.1032 < --min-geomean 1.2; 152 "
	                    "regressed > --max-regressed 3\n\n## ",
	                    strlen("**FAIL**: geomean speedup 1.1032 < --min-geomean 1.2; 152 "
	                           "regressed > --max-regressed 3\n\n## "));
	assert_non_null(
	        strstr(md, "[Full report (HTML)](<https://ci.example/run%207/%3Cr%3E.html>)"));
	assert_true(count_lines(md, "") <= 60);
	free(md);
	gs_gates_compare(&f->cmp, 1.1, 152, &r.gates);
	md = render(gs_render_markdown, &r, NULL);
	assert_memory_equal(md, "**PASS**: ", 10);
	free(md);
}

static void
test_markdown_iree(void **state)
{
	fixture *f = *state;
	char *md = render(gs_render_markdown, &f->rep, NULL);
	size_t lines = count_lines(md, "");
	const char *top = strstr(md, "### Top 5 regressions by slowdown (of 152)\n");

	assert_true(lines <= 60);
	assert_non_null(strstr(md, ": 152 regressions, 317 improvements; geomean 1.103"));
	assert_non_null(top);
	assert_int_equal(table_lines(md, "### Top 5 regressions"), 1 + 5);
	/* the worst 5 by time lost are the 5 by slowdown: one line, not a
	 * second table (2,275.3 + 2,269.9 + 377.4 + 375.8 + 325.1 of 7,706.7) */
	assert_null(strstr(md, "### Worst 5 by time lost"));
	assert_non_null(strstr(md, "**Worst 5 by time lost:** the same shapes as above, 73.0 % of "
	                           "the time lost together.\n"));
	assert_int_equal(table_lines(md, "### Top 5 improvements by speedup (of 317)\n"), 1 + 5);
	/* two dtypes and two shape classes */
	assert_int_equal(table_lines(md, "### By shape class and dtype\n"), 1 + 4);
	assert_non_null(strstr(top, "| 4096\xc3\x97"
	                            "4096\xc3\x97"
	                            "8192 bf16 TT | compute | 481.8 | 2,757.1 | **5.72\xc3\x97** | "
	                            "2,275.3 |"));
	free(md);
}

/* ---- compact and indented JSON */

static int
same_tree(yajl_val a, yajl_val b)
{
	if (a->type != b->type)
		return 0;
	switch (a->type) {
	case yajl_t_string: return strcmp(a->u.string, b->u.string) == 0;
	case yajl_t_number: return strcmp(a->u.number.r, b->u.number.r) == 0;
	case yajl_t_object:
		if (a->u.object.len != b->u.object.len)
			return 0;
		for (size_t i = 0; i < a->u.object.len; i++)
			if (strcmp(a->u.object.keys[i], b->u.object.keys[i]) != 0 ||
			    !same_tree(a->u.object.values[i], b->u.object.values[i]))
				return 0;
		return 1;
	case yajl_t_array:
		if (a->u.array.len != b->u.array.len)
			return 0;
		for (size_t i = 0; i < a->u.array.len; i++)
			if (!same_tree(a->u.array.values[i], b->u.array.values[i]))
				return 0;
		return 1;
	default: return 1;
	}
}

/* xorshift64: a fixed sequence, the same on every run. */
static uint64_t
next_bits(uint64_t *st)
{
	*st ^= *st << 13;
	*st ^= *st >> 7;
	*st ^= *st << 17;
	return *st;
}

/* A double of kind I % 5: any bit pattern, a short decimal, a ratio, a
 * wide-range exponential, a decimal read from text. */
static double
some_double(uint64_t *st, long i)
{
	uint64_t b = next_bits(st);
	char t[64];
	double x;

	switch (i % 5) {
	case 0: memcpy(&x, &b, sizeof x); return isfinite(x) ? x : 1.5;
	case 1: return (double)(b % 100000000) / pow(10, (int)(next_bits(st) % 12));
	case 2: return (double)(b % 1000000 + 1) / (double)(next_bits(st) % 1000000 + 1);
	case 3: return -exp(((double)(b % 2000000) / 1000.0 - 1000) / 20);
	default:
		snprintf(t, sizeof t, "%llu.%06llue%d", (unsigned long long)(b % 100000),
		         (unsigned long long)(next_bits(st) % 1000000),
		         (int)(next_bits(st) % 40) - 20);
		return strtod(t, NULL);
	}
}

/* Every number the JSON writer prints is gs_fmt_exact's text (the
 * shortest %.15g..%.17g that reads back), whichever path printed it. */
/* gs_fmt_exact's definition: the shortest of %.15g, %.16g, %.17g that
 * reads back to V (the fast path in fmt.c must give the same text). */
static void
exact_by_printf(char *buf, size_t size, double v)
{
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, size, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
}

/* The verdict at a million shapes: counts with separators, and as many
 * decimals as the 95 % interval needs to show two different ends (the
 * 1M benchmark's 0.99731-0.99747 read 0.997-0.997 with three). */
static void
test_verdict_at_scale(void **state)
{
	gs_compare c;
	char buf[GS_FMT_VERDICT_LEN];

	(void)state;
	memset(&c, 0, sizeof c);
	c.s.regressed = 52841;
	c.s.improved = 51232;
	c.s.matched = 997500;
	c.s.geomean = 0.9973902328107576;
	c.s.geomean_lo = 0.9973124025624623;
	c.s.geomean_hi = 0.9974680691329244;
	assert_string_equal(gs_fmt_verdict(buf, sizeof buf, &c),
	                    "52,841 regressions, 51,232 improvements; geomean 0.9974\xc3\x97 "
	                    "[95 % CI 0.9973\xe2\x80\x93"
	                    "0.9975] over 997,500 shapes");
	c.s.geomean_lo = 1.075;
	c.s.geomean_hi = 1.132;
	c.s.geomean = 1.103;
	assert_non_null(strstr(gs_fmt_verdict(buf, sizeof buf, &c),
	                       "geomean 1.103\xc3\x97 [95 % CI 1.075\xe2\x80\x93"
	                       "1.132]"));
}

static void
test_json_numbers(void **state)
{
	enum { N = 300000 };
	double *v = malloc(N * sizeof *v);
	char *buf = NULL, *p, *end, want[GS_FMT_LEN];
	size_t len = 0;
	uint64_t st = 88172645463325252ULL;
	FILE *f = open_memstream(&buf, &len);
	gs_jw w;
	gs_error err;

	(void)state;
	assert_non_null(v);
	assert_non_null(f);
	for (long i = 0; i < N; i++)
		v[i] = some_double(&st, i);
	v[0] = 1234567890123455.0; /* 16 digits, a tie at 15 */
	v[1] = 0.1;
	v[2] = 99999999999999999.0;
	v[3] = 9.9999999999999995e-5;
	v[4] = 1e-5;
	v[5] = 190.2110595703125; /* bytes / 2^20: an exact tie at 15 digits */
	v[6] = 0.00104236602783203125; /* an exact tie at 17 digits: half to even */
	v[7] = 1.430511474609375e-05; /* 15 / 2^20: a tie at 15, the odd digit up */
	/* short decimals (fmt_num.c's short_decimal) and its range's ends */
	v[8] = 8303.002079; /* a time read from text */
	v[9] = 405.079916544; /* FLOP / 1e9 */
	v[10] = 510.63134765625; /* bytes / 2^20, 14 digits */
	v[11] = 0.1 + 0.2; /* 17 digits: not short */
	v[12] = 99999999999999.0; /* 14 nines, the largest decade taken */
	v[13] = 999999999999999.0; /* 15 nines: above it */
	v[14] = 9.99999999999999e-9; /* below the smallest decade taken */
	v[15] = 1.00000000000001e-8;
	v[16] = -2667.374578;
	v[17] = 0.99999999999999989; /* the double below 1: 16 digits */
	assert_int_equal(gs_jw_begin(&w, f, 0, &err), 0);
	gs_jw_array_open(&w, NULL);
	for (long i = 0; i < N; i++)
		gs_jw_num(&w, v[i]);
	gs_jw_array_close(&w);
	assert_int_equal(gs_jw_end(&w, &err), 0);
	fclose(f);
	p = buf + 1;
	for (long i = 0; i < N; i++, p = end + 1) {
		end = strpbrk(p, ",]");
		assert_non_null(end);
		*end = '\0';
		char fast[GS_FMT_LEN];
		exact_by_printf(want, sizeof want, v[i]);
		if (strcmp(p, want) != 0)
			print_error("%.17g: %s, want %s\n", v[i], p, want);
		assert_string_equal(p, want);
		gs_fmt_exact(fast, sizeof fast, v[i]); /* what the CSV writers print */
		assert_string_equal(fast, want);
	}
	free(buf);
	free(v);
}

/* An element of test_json_array_par: an object whose text varies with I
 * (numbers of every length, a string needing escapes, null, nested). */
static void
par_element(gs_jw *w, const void *arg, size_t i)
{
	const double *scale = arg;
	char s[32];

	snprintf(s, sizeof s, "row \"%zu\"", i);
	gs_jw_map_open(w);
	gs_jw_kv_count(w, "i", (long long)i);
	gs_jw_kv_num(w, "x", (double)i * *scale);
	gs_jw_kv_str(w, "s", s);
	gs_jw_kv_str(w, "none", i % 3 ? NULL : "three");
	gs_jw_array_open(w, "a");
	for (size_t k = 0; k < i % 4; k++)
		gs_jw_num(w, 1.0 / (double)(k + i + 1));
	gs_jw_array_close(w);
	gs_jw_map_close(w);
}

/* The array ELEMENT writes for 0..N-1 in a document, with
 * gs_jw_array_par when PAR, else the plain loop; INDENT as --json-indent. */
static char *
par_document(size_t n, int par, int indent)
{
	char *buf = NULL;
	size_t len = 0;
	double scale = 0.1;
	FILE *f = open_memstream(&buf, &len);
	gs_jw w;
	gs_error err;

	assert_non_null(f);
	assert_int_equal(gs_jw_begin(&w, f, indent, &err), 0);
	gs_jw_map_open(&w);
	gs_jw_kv_str(&w, "before", "x");
	gs_jw_array_open(&w, "shapes");
	if (par)
		gs_jw_array_par(&w, n, par_element, &scale);
	else
		for (size_t i = 0; i < n; i++)
			par_element(&w, &scale, i);
	gs_jw_array_close(&w);
	gs_jw_kv_count(&w, "after", (long long)n);
	gs_jw_map_close(&w);
	assert_int_equal(gs_jw_end(&w, &err), 0);
	fclose(f);
	return buf;
}

/* The shapes array generated on two threads in runs (jsonw_par.c) is the
 * plain loop's text byte for byte: below the threshold, at it, at whole
 * and partial runs, and with more runs than slots; indented too. */
static void
test_json_array_par(void **state)
{
	const size_t sizes[] = {0, 1, 16383, 16384, 16385, 4096 * 9, 4096 * 9 + 1, 100003};

	(void)state;
	for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++)
		for (int indent = 0; indent < 2; indent++) {
			char *plain = par_document(sizes[k], 0, indent);
			char *par = par_document(sizes[k], 1, indent);
			yajl_val v = parse_json(par);

			assert_string_equal(par, plain);
			assert_int_equal(YAJL_GET_ARRAY(get(v, "shapes", NULL))->len, sizes[k]);
			yajl_tree_free(v);
			free(plain);
			free(par);
		}
}

/* A token longer than the writer's buffer (a run of gs_jw_array_par:
 * nearly all of a million-shape JSON) goes to the file directly, after
 * the bytes buffered before it and before those after it. */
static void
test_json_long_tokens(void **state)
{
	const size_t run = 3 * GS_JW_BUF; /* longer than the buffer */
	char *text = malloc(run), *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	gs_jw w;
	gs_error err;

	(void)state;
	assert_non_null(text);
	assert_non_null(f);
	for (size_t i = 0; i < run; i++)
		text[i] = (char)('a' + i % 26);
	assert_int_equal(gs_jw_begin(&w, f, 0, &err), 0);
	gs_jw_raw(&w, "[\"", 2);
	for (int k = 0; k < 3; k++) {
		gs_jw_raw(&w, text, run);
		gs_jw_raw(&w, "-", 1);
	}
	gs_jw_raw(&w, "\"]", 2);
	assert_int_equal(gs_jw_end(&w, &err), 0);
	fclose(f);
	assert_int_equal(len, 2 + 3 * (run + 1) + 2 + 1);
	assert_memory_equal(buf, "[\"", 2);
	for (int k = 0; k < 3; k++) {
		assert_memory_equal(buf + 2 + k * (run + 1), text, run);
		assert_int_equal(buf[2 + k * (run + 1) + run], '-');
	}
	assert_memory_equal(buf + len - 3, "\"]\n", 3);
	free(buf);
	free(text);
}

/* Compact by default: one line, ended by a newline; --json-indent: the
 * same tree, 2-space indented. */
static void
test_json_compact(void **state)
{
	fixture *f = *state;
	gs_report r = f->rep;
	size_t n, ni;
	char *c = render(gs_render_json, &r, &n), *in;
	yajl_val dc, di;

	assert_true(n > 2);
	assert_ptr_equal(strchr(c, '\n'), c + n - 1);
	assert_null(strstr(c, "\": "));
	r.json_indent = 1;
	in = render(gs_render_json, &r, &ni);
	assert_true(ni > n);
	assert_non_null(strstr(in, "{\n  \"command\": \"compare\",\n"));
	assert_int_equal(in[ni - 1], '\n');
	dc = parse_json(c);
	di = parse_json(in);
	assert_true(same_tree(dc, di));
	assert_int_equal(YAJL_GET_ARRAY(get(dc, "shapes", NULL))->len, f->cmp.npairs);
	yajl_tree_free(dc);
	yajl_tree_free(di);
	free(c);
	free(in);
}

/* ---- formatting and hostile bytes */

/* gs_fmt_int is "%lld": at the ends of the range, around every power of
 * ten (where its two-digit steps change), and on pseudo-random values. */
static void
test_fmt_int(void **state)
{
	char got[GS_FMT_INT_LEN], want[GS_FMT_INT_LEN];
	long long v[64];
	size_t n = 0;
	unsigned long long x = 88172645463325252ULL;

	(void)state;
	v[n++] = 0;
	v[n++] = LLONG_MAX;
	v[n++] = LLONG_MIN;
	for (long long p = 1; p <= LLONG_MAX / 10; p *= 10) {
		v[n++] = p - 1;
		v[n++] = -p;
	}
	for (size_t i = 0; i < 1000000; i++) {
		long long t;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		t = i < n ? v[i] : (long long)(x >> (x % 60)) * (x & 1 ? -1 : 1);
		snprintf(want, sizeof want, "%lld", t);
		assert_int_equal(gs_fmt_int(got, t), strlen(want));
		assert_string_equal(got, want);
	}
}

static void
test_fmt(void **state)
{
	char buf[GS_FMT_SHAPE_LEN];
	char *clean = gs_fmt_clean("a\xff"
	                           "b\x01"
	                           "c\xc3\x97");
	gs_shape s;

	(void)state;
	assert_string_equal(clean, "a\xef\xbf\xbd"
	                           "b\xef\xbf\xbd"
	                           "c\xc3\x97");
	free(clean);
	/* the IREE seed's first improvement: 638,568.5 us */
	assert_string_equal(gs_fmt_grouped(buf, sizeof buf, 638568.5, 1), "638,568.5");
	assert_string_equal(gs_fmt_grouped(buf, sizeof buf, -1234, 1), "\xe2\x88\x92"
	                                                               "1,234.0");
	assert_string_equal(gs_fmt_grouped(buf, sizeof buf, -0.01, 1), "0.0");
	assert_string_equal(gs_fmt_us(buf, sizeof buf, 6.17391), "6.174");
	assert_string_equal(gs_fmt_change(buf, sizeof buf, 0.1032), "+10.3 %");
	assert_string_equal(gs_fmt_change(buf, sizeof buf, -0.05), "\xe2\x88\x92"
	                                                           "5.0 %");
	assert_string_equal(gs_fmt_ratio(buf, sizeof buf, 385.6 / 134.4, 2), "2.87\xc3\x97");
	assert_string_equal(gs_fmt_ratio(buf, sizeof buf, INFINITY, 2), "\xe2\x88\x9e");
	/* the data file writes 13.582600000000001; the shortest exact text */
	assert_true(strtod(gs_fmt_exact(buf, sizeof buf, 13.582600000000001), NULL) ==
	            13.582600000000001);
	assert_string_equal(gs_fmt_exact(buf, sizeof buf, 0.1), "0.1");
	assert_string_equal(gs_fmt_exact(buf, sizeof buf, NAN), "");
	assert_string_equal(gs_fmt_utc(buf, sizeof buf, 0, 1), "1970-01-01T00:00:00Z");
	gs_shape_init(&s);
	s.op = "addmm";
	snprintf(s.dtype, sizeof s.dtype, "bf16");
	s.M = 4112;
	s.N = 2048;
	s.K = 2048;
	s.batch = 8;
	assert_string_equal(gs_fmt_shape(buf, sizeof buf, &s), "4112\xc3\x97"
	                                                       "2048\xc3\x97"
	                                                       "2048 bf16 NN batch 8 (addmm)");
}

/* Invalid UTF-8 and control bytes in input strings still give documents
 * that parse, with U+FFFD in their place. */
static void
test_invalid_utf8(void **state)
{
	fixture *f = *state;
	gs_record *r = (gs_record *)f->cmp.pairs[1].base;
	gs_record_more *m = gs_record_more_of(r), keep;
	char *buf;
	yajl_val json;
	xmlDocPtr xml;
	page p;

	assert_non_null(m);
	keep = *m;
	/* copies, so that a failed assertion leaves the fixture freeable */
	m->tag = strdup("t\xfe");
	m->kernel = strdup("k\x01\xff");
	buf = render(gs_render_json, &f->rep, NULL);
	json = parse_json(buf);
	assert_string_equal(
	        YAJL_GET_STRING(get(YAJL_GET_ARRAY(get(json, "shapes", NULL))->values[1],
	                            "kernel_base", NULL)),
	        "k\xef\xbf\xbd\xef\xbf\xbd");
	yajl_tree_free(json);
	free(buf);
	buf = render(gs_render_junit, &f->rep, NULL);
	xml = xmlReadMemory(buf, (int)strlen(buf), NULL, NULL, XML_PARSE_NONET);
	assert_non_null(xml);
	assert_xpath_count(xml, "//testcase[@classname='gemm.t\xef\xbf\xbd']", 1);
	xmlFreeDoc(xml);
	free(buf);
	p = page_render(f);
	assert_xpath_count(p.doc, "//td[.='k\xef\xbf\xbd\xef\xbf\xbd']", 1);
	page_free(&p);
	free(m->tag);
	free(m->kernel);
	*m = keep;
}

int
main(void)
{
	const struct CMUnitTest synthetic[] = {
	        cmocka_unit_test(test_html_escapes),
	        cmocka_unit_test(test_html_plot_inlined),
	        cmocka_unit_test(test_html_sections),
	        cmocka_unit_test(test_html_deterministic),
	        cmocka_unit_test(test_html_errors),
	        cmocka_unit_test(test_json_synthetic),
	        cmocka_unit_test(test_json_numbers),
	        cmocka_unit_test(test_json_array_par),
	        cmocka_unit_test(test_json_long_tokens),
	        cmocka_unit_test(test_verdict_at_scale),
	        cmocka_unit_test(test_csv_synthetic),
	        cmocka_unit_test(test_junit_synthetic),
	        cmocka_unit_test(test_markdown_synthetic),
	        cmocka_unit_test(test_fmt),
	        cmocka_unit_test(test_fmt_int),
	        cmocka_unit_test(test_invalid_utf8),
	};
	const struct CMUnitTest iree[] = {
	        cmocka_unit_test(test_html_iree),           cmocka_unit_test(test_html_gates_iree),
	        cmocka_unit_test(test_json_iree),           cmocka_unit_test(test_csv_iree),
	        cmocka_unit_test(test_junit_iree),          cmocka_unit_test(test_markdown_iree),
	        cmocka_unit_test(test_markdown_gates_link), cmocka_unit_test(test_json_compact),
	};
	int failed = cmocka_run_group_tests_name("render, hand-built model", synthetic,
	                                         setup_synthetic, teardown);

	failed += cmocka_run_group_tests_name("render, iree-kernel-benchmark", iree, setup_iree,
	                                      teardown);
	return failed ? 1 : 0;
}
