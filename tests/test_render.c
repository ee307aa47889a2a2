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
 * Issue 3's efficiency outputs are rendered from the real TraceLens Qwen
 * traces (H100 baseline, MI300X candidate: every shape regresses, each side
 * on the GPU its trace names), the single-run report of the MI300X trace,
 * the Qwen GEMM.csv pair (no GPU) and the Xe counter files of
 * tests/data/history/xe (per-metric deltas); expected numbers are those of
 * the reference efficiency.md and of the input files.
 */
#define _POSIX_C_SOURCE 200809L
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
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <yajl/yajl_tree.h>

#include "analysis/compare.h"
#include "analysis/metrics.h"
#include "analysis/single.h"
#include "ingest/ingest.h"
#include "model/gpu.h"
#include "render/figures.h"
#include "render/fmt.h"
#include "render/native_csv.h"
#include "render/plot.h"
#include "render/report.h"
#include "table.h"

static const char EVIL_TAG[] = "<script>alert(1)</script>";
static const char EVIL_KERNEL[] = "\"><img src=x onerror=alert(1)>";
static const char COMMA_KERNEL[] = "Cijk_Ailk_Bljk_MT128x128x32, \"quoted\"";
static const char PIPE_TAG[] = "llama|`pipe`";

/* An SVG as the plot module hands it over, plus what must be scrubbed. */
static const char PLOT_SVG[] =
	"<svg xmlns=\"http://www.w3.org/2000/svg\" "
	"xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"120\" height=\"80\" "
	"viewBox=\"0 0 120 80\" onload=\"alert(3)\">"
	"<defs><clipPath id=\"speedup-clip1\"><rect x=\"0\" y=\"0\" width=\"120\" "
	"height=\"80\"/></clipPath></defs>"
	"<script>alert(2)</script>"
	"<g clip-path=\"url(#speedup-clip1)\"><circle cx=\"10\" cy=\"10\" r=\"4\" "
	"onclick=\"alert(4)\"/>"
	"<use xlink:href=\"https://example.com/x.svg#a\"/>"
	"<use xlink:href=\"#speedup-clip1\"/></g></svg>";

/* DESIGN.md "Native CSV schema", with the tag column. */
static const char NATIVE_HEADER[] =
	"op,batch,M,N,K,dtype,trans_a,trans_b,bias,tag,kernel,count,time_us_median,"
	"time_us_mean,time_us_min,time_us_max,time_us_std,time_us_sum,gflop,mib,"
	"flops_per_byte,tflops,tile_m,tile_n,tile_k,tile_eff,wq_eff,dim_eff,samples";

static const char CSV_HEADER[] =
	"op,batch,M,N,K,dtype,trans_a,trans_b,bias,tag,kernel,count,time_us_median,"
	"time_us_mean,time_us_min,time_us_max,time_us_std,time_us_sum,gflop,mib,"
	"flops_per_byte,tflops,tile_m,tile_n,tile_k,tile_eff,wq_eff,dim_eff,samples,"
	"base_time_us_median,speedup,change_pct,class,p_value";

typedef struct fixture {
	gs_table *base, *cand;
	gs_compare cmp;
	gs_report rep;
	gs_report_plot plot;
	char datadir[4096];
} fixture;

/* ---- helpers */

static const char *
srcdir(void)
{
	const char *d = getenv("top_srcdir");

	return d && *d ? d : ".";
}

typedef int (*writer)(const gs_report *, FILE *, gs_error *);

/* Render R with WR into a malloc'd NUL-terminated buffer. */
static char *
render(writer wr, const gs_report *r, size_t *len)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	gs_error err;
	int rc;

	assert_non_null(f);
	gs_error_clear(&err);
	rc = wr(r, f, &err);
	fclose(f);
	if (rc != 0) {
		print_error("writer failed: %s: %s\n", err.file, err.msg);
		free(buf);
		buf = NULL;
	}
	assert_int_equal(rc, 0);
	if (len)
		*len = n;
	return buf;
}

/* Render into a temporary file and return its malloc'd path. */
static char *
render_file(writer wr, const gs_report *r)
{
	const char *tmp = getenv("TMPDIR");
	char *path = malloc(4096);
	gs_error err;
	FILE *f;
	int fd, rc;

	assert_non_null(path);
	snprintf(path, 4096, "%s/test_render.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	rc = wr(r, f, &err);
	assert_int_equal(fclose(f), 0);
	if (rc != 0) {
		print_error("writer failed: %s\n", err.msg);
		unlink(path);
	}
	assert_int_equal(rc, 0);
	return path;
}

static gs_record *
add_record(gs_table *t, const char *dtype, long M, long N, long K, char ta, char tb,
           const char *tag, const char *kernel, const double *s, size_t ns, long line)
{
	gs_shape key;
	gs_error err;
	gs_record *r;

	gs_shape_init(&key);
	snprintf(key.dtype, sizeof key.dtype, "%s", dtype);
	key.M = M;
	key.N = N;
	key.K = K;
	key.trans_a = ta;
	key.trans_b = tb;
	r = gs_table_get(t, &key, line, &err);
	assert_non_null(r);
	assert_int_equal(gs_record_set_string(&r->tag, tag), 0);
	assert_int_equal(gs_record_set_string(&r->kernel, kernel), 0);
	for (size_t i = 0; i < ns; i++)
		assert_int_equal(gs_record_add_sample(r, s[i]), 0);
	return r;
}

/* A shape in the candidate only: an addmm with bias, as a trace gives it. */
static void
add_addmm(gs_table *t)
{
	gs_shape addmm;
	gs_error err;
	gs_record *r;

	gs_shape_init(&addmm);
	snprintf(addmm.op, sizeof addmm.op, "aten::addmm");
	snprintf(addmm.dtype, sizeof addmm.dtype, "bf16");
	addmm.M = 4112;
	addmm.N = 2048;
	addmm.K = 2048;
	addmm.bias = 1;
	r = gs_table_get(t, &addmm, 7, &err);
	assert_non_null(r);
	assert_int_equal(gs_record_add_sample(r, 134.4), 0);
}

static void
build_tables(fixture *f)
{
	static const double b1[] = {100, 101, 99, 100, 102}, c1[] = {80, 81, 79, 80, 82};
	static const double b2[] = {41.1}, c2[] = {83.0};
	static const double b3[] = {10.0}, c3[] = {10.2};
	static const double b4[] = {10, 12, 11, 13}, c4[] = {11, 13, 12, 14};
	static const double b5[] = {3.5};
	gs_error err;

	f->base = gs_table_new("runs/base<&>.csv");
	f->cand = gs_table_new("runs/cand.csv");
	assert_non_null(f->base);
	assert_non_null(f->cand);
	assert_int_equal(gs_table_set_format(f->base, "gemmscope"), 0);
	assert_int_equal(gs_table_set_format(f->cand, "gemmscope"), 0);
	assert_int_equal(gs_table_set_gpu(f->base, "MI300X", 304), 0);
	add_record(f->base, "bf16", 4096, 4096, 8192, 'T', 'N', EVIL_TAG, EVIL_KERNEL, b1, 5, 2);
	add_record(f->base, "f16", 512, 512, 7680, 'N', 'N', PIPE_TAG, COMMA_KERNEL, b2, 1, 3);
	add_record(f->base, "f16", 1024, 1024, 1024, 'N', 'N', "unet", "k3", b3, 1, 4);
	add_record(f->base, "f32", 2048, 2048, 2048, 'N', 'N', "unet", "k4", b4, 4, 5);
	add_record(f->base, "f32", 7, 7, 7, 'N', 'N', NULL, NULL, b5, 1, 6);
	assert_int_equal(gs_table_exclude(f->base, 9, "1\xc3\x97" "1\xc3\x97" "1 f16 NN",
	                                  "non-positive time"), 0);
	add_record(f->cand, "bf16", 4096, 4096, 8192, 'T', 'N', EVIL_TAG, EVIL_KERNEL, c1, 5, 2);
	add_record(f->cand, "f16", 512, 512, 7680, 'N', 'N', PIPE_TAG, COMMA_KERNEL, c2, 1, 3);
	add_record(f->cand, "f16", 1024, 1024, 1024, 'N', 'N', "unet", "k3", c3, 1, 4);
	add_record(f->cand, "f32", 2048, 2048, 2048, 'N', 'N', "unet", "k4", c4, 4, 5);
	add_addmm(f->cand);
	assert_int_equal(gs_table_finish(f->base, &err), 0);
	assert_int_equal(gs_table_finish(f->cand, &err), 0);
}

static void
build_report(fixture *f, const char *title)
{
	gs_compare_opts o;
	gs_error err;
	int rc;

	gs_compare_opts_default(&o);
	rc = gs_compare_run(f->base, f->cand, &o, &f->cmp, &err);
	if (rc != 0)
		print_error("%s: %s\n", err.file, err.msg);
	assert_int_equal(rc, 0);
	snprintf(f->datadir, sizeof f->datadir, "%s", srcdir());
	f->rep.kind = GS_REPORT_COMPARE;
	f->rep.title = title;
	f->rep.version = "0.1.0-test";
	f->rep.timestamp = 1700000000;
	f->rep.datadir = f->datadir;
	f->rep.cmp = &f->cmp;
}

static int
setup_synthetic(void **state)
{
	fixture *f = calloc(1, sizeof *f);

	assert_non_null(f);
	build_tables(f);
	build_report(f, "Nightly <b>bf16</b> & f16");
	f->plot.id = "speedup";
	f->plot.title = "Sorted speedup";
	f->plot.caption = "One point per shape, <sorted>.";
	f->plot.svg = strdup(PLOT_SVG);
	f->plot.svg_len = strlen(PLOT_SVG);
	f->rep.plots = &f->plot;
	f->rep.nplots = 1;
	*state = f;
	return 0;
}

static int
setup_iree(void **state)
{
	fixture *f = calloc(1, sizeof *f);
	char base[4096], cand[4096];
	gs_error err;

	*state = f;
	assert_non_null(f);
	snprintf(base, sizeof base, "%s/examples/iree-kernel-benchmark/rocblas-gemm.csv", srcdir());
	snprintf(cand, sizeof cand, "%s/examples/iree-kernel-benchmark/hipblaslt-gemm.csv", srcdir());
	if (gs_ingest_read(base, NULL, &f->base, &err) != 0 ||
	    gs_ingest_read(cand, NULL, &f->cand, &err) != 0)
		print_error("%s:%ld: %s\n", err.file, err.line, err.msg);
	assert_non_null(f->base);
	assert_non_null(f->cand);
	build_report(f, "rocBLAS vs hipBLASLt");
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	fixture *f = *state;

	if (!f)
		return 0;
	gs_compare_free(&f->cmp);
	gs_table_free(f->base);
	gs_table_free(f->cand);
	free(f->plot.svg);
	free(f);
	return 0;
}

/* The synthetic model has one shape of every class: otherwise the checks
 * below could pass on an empty table. */
static void
assert_all_classes(const gs_compare *c)
{
	assert_int_equal(c->npairs, 4);
	assert_int_equal(c->s.improved, 1);
	assert_int_equal(c->s.regressed, 1);
	assert_int_equal(c->s.neutral, 1);
	assert_int_equal(c->s.unsure, 1);
	assert_int_equal(c->nonly_base, 1);
	assert_int_equal(c->nonly_cand, 1);
}

/* ---- HTML */

typedef struct parse_log {
	int errors;        /* errors other than "unknown HTML5 tag" */
	char first[256];
} parse_log;

static void
on_parse_error(void *ctx, xmlErrorPtr e)
{
	parse_log *log = ctx;

	/* libxml2 2.9's HTML parser knows HTML 4 only: <section>, <svg> ... are
	 * reported as unknown tags but parsed; anything else is a real error. */
	if (e->code == XML_HTML_UNKNOWN_TAG)
		return;
	if (log->errors++ == 0)
		snprintf(log->first, sizeof log->first, "line %d: %s", e->line,
		         e->message ? e->message : "?");
}

static htmlDocPtr
parse_html(const char *buf, size_t len)
{
	parse_log log = {0, ""};
	htmlDocPtr doc;

	xmlSetStructuredErrorFunc(&log, on_parse_error);
	doc = htmlReadMemory(buf, (int)len, NULL, "UTF-8", HTML_PARSE_NONET);
	xmlSetStructuredErrorFunc(NULL, NULL);
	if (log.errors)
		print_error("HTML parse error: %s\n", log.first);
	assert_non_null(doc);
	assert_int_equal(log.errors, 0);
	return doc;
}

static double
xpath_number(xmlDocPtr doc, const char *expr)
{
	xmlXPathContextPtr ctx = xmlXPathNewContext(doc);
	xmlXPathObjectPtr o = xmlXPathEvalExpression(BAD_CAST expr, ctx);
	double v;

	assert_non_null(o);
	v = xmlXPathCastToNumber(o);
	xmlXPathFreeObject(o);
	xmlXPathFreeContext(ctx);
	return v;
}

/* The string value of the first node EXPR selects (malloc'd). */
static char *
xpath_string(xmlDocPtr doc, const char *expr)
{
	xmlXPathContextPtr ctx = xmlXPathNewContext(doc);
	xmlXPathObjectPtr o = xmlXPathEvalExpression(BAD_CAST expr, ctx);
	xmlChar *s;
	char *out;

	assert_non_null(o);
	s = xmlXPathCastToString(o);
	out = strdup((const char *)s);
	xmlFree(s);
	xmlXPathFreeObject(o);
	xmlXPathFreeContext(ctx);
	return out;
}

static void
assert_xpath_count(xmlDocPtr doc, const char *expr, size_t n)
{
	char q[512];

	snprintf(q, sizeof q, "count(%s)", expr);
	if (xpath_number(doc, q) != (double)n)
		print_error("%s: %g, expected %zu\n", q, xpath_number(doc, q), n);
	assert_true(xpath_number(doc, q) == (double)n);
}

static void
assert_xpath_string(xmlDocPtr doc, const char *expr, const char *want)
{
	char *got = xpath_string(doc, expr);

	assert_string_equal(got, want);
	free(got);
}

/* No URL in the page other than the SVG and XLink namespace names. */
static void
assert_no_network(const char *html)
{
	static const char *const allowed[] = {
		"http://www.w3.org/2000/svg\"", "http://www.w3.org/1999/xlink\"",
	};
	size_t seen = 0;

	for (const char *p = strstr(html, "http"); p; p = strstr(p + 1, "http")) {
		int ok = 0;
		if (strncmp(p, "http://", 7) != 0 && strncmp(p, "https://", 8) != 0)
			continue;
		for (size_t i = 0; i < 2; i++)
			ok |= strncmp(p, allowed[i], strlen(allowed[i])) == 0;
		if (!ok)
			print_error("URL in page: %.60s\n", p);
		assert_true(ok);
		seen++;
	}
	assert_true(seen >= 1); /* the inlined SVG keeps its namespace */
}

/* A page of F's report, rendered and parsed (both freed by page_free). */
typedef struct page {
	char *html;
	size_t len;
	htmlDocPtr doc;
} page;

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
page_free(page *p)
{
	xmlFreeDoc(p->doc);
	free(p->html);
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
	assert_xpath_count(p.doc, "//dd[. = 'runs/base<&>.csv (gemmscope, 5 shapes, GPU MI300X)']", 1);
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

	/* summary first, with the model's verdict */
	assert_xpath_string(p.doc, "//main/section[1]/@id", "summary");
	assert_xpath_string(p.doc, "//section[@id='summary']/p[@class='verdict']",
	                    gs_fmt_verdict(verdict, sizeof verdict, c));
	assert_non_null(strstr(verdict, "1 regression, 1 improvement; geomean"));
	/* every matched shape, its class in colour and in words */
	assert_xpath_count(p.doc, "//section[@id='shapes']//tbody/tr", c->npairs);
	assert_xpath_count(p.doc, "//section[@id='shapes']//td[@class='cls regressed' and .='regressed']",
	                   c->s.regressed);
	assert_xpath_count(p.doc, "//section[@id='shapes']//td[@class='cls unsure' and .='unsure']",
	                   c->s.unsure);
	assert_xpath_count(p.doc, "//section[@id='top']/table[1]/tbody/tr", c->ntop_improved);
	assert_xpath_count(p.doc, "//section[@id='top']/table[2]/tbody/tr", c->ntop_regressed);
	/* slowdown of the regression: 83.0 / 41.1 */
	assert_xpath_string(p.doc, "//section[@id='top']/table[2]/tbody/tr[1]/td[5]", "2.02\xc3\x97");
	assert_xpath_string(p.doc, "//section[@id='top']/table[2]/tbody/tr[1]/td[1]",
	                    "512\xc3\x97" "7680\xc3\x97" "512 f16 NN");
	assert_xpath_count(p.doc, "//section[@id='breakdown']/table", 3);
	assert_xpath_count(p.doc, "//section[@id='unmatched']//tbody/tr", c->nonly_base + c->nonly_cand);
	assert_xpath_count(p.doc, "//section[@id='unmatched']//td[.='4112\xc3\x97" "2048\xc3\x97"
	                   "2048 bf16 NN bias (aten::addmm)']", 1);
	assert_xpath_count(p.doc, "//section[@id='excluded']//td[.='non-positive time']", 1);
	assert_xpath_count(p.doc, "//section[@id='methodology']//dt", 10);
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
	assert_xpath_count(doc, "//section[@id='shapes']//tbody/tr", 558);
	assert_xpath_count(doc, "//section[@id='shapes']//td[@class='cls regressed']", c->s.regressed);
	assert_xpath_count(doc, "//section[@id='shapes']//td[@class='cls improved']", c->s.improved);
	assert_xpath_count(doc, "//section[@id='top']/table[1]/tbody/tr", 10);
	assert_xpath_count(doc, "//section[@id='top']/table[2]/tbody/tr", 10);
	/* data notes §1: unet 2048x10240x1280 (MxNxK) bf16 NT 460.123 -> 97.595 us, 4.7146x */
	assert_xpath_string(doc, "//section[@id='top']/table[1]/tbody/tr[1]/td[1]",
	                    "2048\xc3\x97" "1280\xc3\x97" "10240 bf16 NT");
	assert_xpath_string(doc, "//section[@id='top']/table[1]/tbody/tr[1]/td[5]", "4.71\xc3\x97");
	/* compute 4096x4096x8192 bf16 TT 481.838 -> 2757.126 us, 5.7221x slower */
	assert_xpath_string(doc, "//section[@id='top']/table[2]/tbody/tr[1]/td[1]",
	                    "4096\xc3\x97" "8192\xc3\x97" "4096 bf16 TT");
	assert_xpath_string(doc, "//section[@id='top']/table[2]/tbody/tr[1]/td[4]", "2,757.1");
	assert_xpath_string(doc, "//section[@id='top']/table[2]/tbody/tr[1]/td[5]", "5.72\xc3\x97");
	assert_xpath_string(doc, "substring-before(//section[@id='summary']/p[@class='verdict'], ';')",
	                    "152 regressions, 317 improvements");
	assert_xpath_count(doc, "//section[@id='breakdown']//tr[td[1]='llama70bskinny']", 1);
	page_free(&p);
}

/* ---- JSON */

static yajl_val
parse_json(const char *buf)
{
	char errbuf[256] = "";
	yajl_val v = yajl_tree_parse(buf, errbuf, sizeof errbuf);

	if (!v)
		print_error("JSON: %s\n", errbuf);
	assert_non_null(v);
	return v;
}

static yajl_val
get(yajl_val v, const char *a, const char *b)
{
	const char *path[] = {a, b, NULL};

	return yajl_tree_get(v, path, yajl_t_any);
}

static double
get_num(yajl_val v, const char *a, const char *b)
{
	yajl_val n = get(v, a, b);

	assert_non_null(n);
	assert_true(YAJL_IS_NUMBER(n));
	return YAJL_GET_DOUBLE(n);
}

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
		if (p->tested)
			assert_true(get_num(s, "p_value", NULL) == p->p_value);
		else
			assert_true(YAJL_IS_NULL(get(s, "p_value", NULL)));
		assert_int_equal(YAJL_GET_ARRAY(get(s, "samples_cand", NULL))->len, p->cand->nsamples);
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
	assert_string_equal(YAJL_GET_STRING(yajl_tree_get(doc, (const char *[]){"inputs",
	                    "baseline", "path", NULL}, yajl_t_string)), "runs/base<&>.csv");
	assert_true(YAJL_IS_NULL(yajl_tree_get(doc, (const char *[]){"inputs", "candidate", "gpu", NULL},
	                                       yajl_t_any)));
	assert_int_equal(YAJL_GET_ARRAY(get(doc, "only_in_baseline", NULL))->len, 1);
	assert_int_equal(YAJL_GET_ARRAY(get(doc, "only_in_candidate", NULL))->len, 1);
	assert_int_equal(YAJL_GET_ARRAY(get(doc, "excluded", NULL))->len, 1);
	assert_int_equal(YAJL_GET_ARRAY(get(doc, "groups", NULL))->len, f->cmp.ngroups);
	assert_int_equal(YAJL_GET_ARRAY(get(doc, "top_regressions", NULL))->len, f->cmp.ntop_regressed);
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

static char *
first_line(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;

	assert_non_null(f);
	assert_true(getline(&line, &cap, f) > 0);
	fclose(f);
	line[strcspn(line, "\r\n")] = '\0';
	return line;
}

static gs_table *
read_back(const char *path)
{
	gs_table *t = NULL;
	gs_error err;

	if (gs_ingest_read(path, NULL, &t, &err) != 0)
		print_error("%s:%ld:%ld: %s\n", err.file, err.line, err.col, err.msg);
	assert_non_null(t);
	return t;
}

static void
assert_same_record(const gs_record *want, const gs_table *t)
{
	const gs_record *got = gs_table_find(t, &want->shape);

	assert_non_null(got);
	assert_true(got->t.median == want->t.median);
	assert_int_equal(got->nsamples, want->nsamples);
	for (size_t i = 0; i < want->nsamples; i++)
		assert_true(got->samples[i] == want->samples[i]);
	if (want->kernel)
		assert_string_equal(got->kernel, want->kernel);
	if (want->tag)
		assert_string_equal(got->tag, want->tag);
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
	assert_xpath_string(doc, "//failure/@message",
	                    "slowdown 2.02\xc3\x97 (t_base 41.10 \xc2\xb5s \xe2\x86\x92 t_cand 83.00 \xc2\xb5s)");
	assert_xpath_count(doc, "//testcase[@name='7\xc3\x97" "7\xc3\x97" "7 f32 NN']/skipped", 1);
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

static size_t
count_lines(const char *s, const char *prefix)
{
	size_t n = 0;

	for (const char *p = s; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		n += strncmp(p, prefix, strlen(prefix)) == 0;
	return n;
}

static void
test_markdown_synthetic(void **state)
{
	fixture *f = *state;
	char *md = render(gs_render_markdown, &f->rep, NULL);
	char verdict[GS_FMT_VERDICT_LEN];

	assert_all_classes(&f->cmp);
	assert_non_null(strstr(md, gs_fmt_verdict(verdict, sizeof verdict, &f->cmp)));
	assert_null(strstr(md, "<script"));
	assert_null(strstr(md, "<b>"));
	assert_non_null(strstr(md, "## Nightly &lt;b&gt;bf16&lt;/b&gt; &amp; f16\n"));
	assert_non_null(strstr(md, "| llama\\|\\`pipe\\` |"));
	assert_non_null(strstr(md, "runs/base&lt;&amp;&gt;.csv (gemmscope, MI300X)"));
	/* header, rule and one row per top regression */
	assert_int_equal(count_lines(md, "| 512\xc3\x97"), f->cmp.ntop_regressed);
	free(md);
}

static void
test_markdown_iree(void **state)
{
	fixture *f = *state;
	char *md = render(gs_render_markdown, &f->rep, NULL);
	size_t lines = count_lines(md, "");
	const char *top = strstr(md, "### Top 10 regressions\n");

	assert_true(lines < 60);
	assert_non_null(strstr(md, "**152 regressions, 317 improvements; geomean 1.103"));
	assert_non_null(top);
	/* the table under it: a header and opts.top rows (the rule is "|---") */
	assert_int_equal(count_lines(top, "| "), 1 + f->cmp.opts.top);
	assert_non_null(strstr(top, "| 4096\xc3\x97" "8192\xc3\x97" "4096 bf16 TT | compute | 481.8 | 2,757.1 | **5.72\xc3\x97** |"));
	free(md);
}

/* ---- formatting and hostile bytes */

static void
test_fmt(void **state)
{
	char buf[GS_FMT_SHAPE_LEN];
	char *clean = gs_fmt_clean("a\xff" "b\x01" "c\xc3\x97");
	gs_shape s;

	(void)state;
	assert_string_equal(clean, "a\xef\xbf\xbd" "b\xef\xbf\xbd" "c\xc3\x97");
	free(clean);
	/* the IREE seed's first improvement: 638,568.5 us */
	assert_string_equal(gs_fmt_grouped(buf, sizeof buf, 638568.5, 1), "638,568.5");
	assert_string_equal(gs_fmt_grouped(buf, sizeof buf, -1234, 1), "\xe2\x88\x92" "1,234.0");
	assert_string_equal(gs_fmt_grouped(buf, sizeof buf, -0.01, 1), "0.0");
	assert_string_equal(gs_fmt_us(buf, sizeof buf, 6.17391), "6.174");
	assert_string_equal(gs_fmt_change(buf, sizeof buf, 0.1032), "+10.3 %");
	assert_string_equal(gs_fmt_change(buf, sizeof buf, -0.05), "\xe2\x88\x92" "5.0 %");
	assert_string_equal(gs_fmt_ratio(buf, sizeof buf, 385.6 / 134.4, 2), "2.87\xc3\x97");
	assert_string_equal(gs_fmt_ratio(buf, sizeof buf, INFINITY, 2), "\xe2\x88\x9e");
	/* the data file writes 13.582600000000001; the shortest exact text */
	assert_true(strtod(gs_fmt_exact(buf, sizeof buf, 13.582600000000001), NULL) == 13.582600000000001);
	assert_string_equal(gs_fmt_exact(buf, sizeof buf, 0.1), "0.1");
	assert_string_equal(gs_fmt_exact(buf, sizeof buf, NAN), "");
	assert_string_equal(gs_fmt_utc(buf, sizeof buf, 0, 1), "1970-01-01T00:00:00Z");
	gs_shape_init(&s);
	snprintf(s.op, sizeof s.op, "addmm");
	snprintf(s.dtype, sizeof s.dtype, "bf16");
	s.M = 4112;
	s.N = 2048;
	s.K = 2048;
	s.batch = 8;
	assert_string_equal(gs_fmt_shape(buf, sizeof buf, &s),
	                    "4112\xc3\x97" "2048\xc3\x97" "2048 bf16 NN batch 8 (addmm)");
}

/* Invalid UTF-8 and control bytes in input strings still give documents
 * that parse, with U+FFFD in their place. */
static void
test_invalid_utf8(void **state)
{
	fixture *f = *state;
	gs_record *r = (gs_record *)f->cmp.pairs[1].base;
	char *tag = r->tag, *kernel = r->kernel;
	char *buf;
	yajl_val json;
	xmlDocPtr xml;
	page p;

	/* copies, so that a failed assertion leaves the fixture freeable */
	r->tag = strdup("t\xfe");
	r->kernel = strdup("k\x01\xff");
	buf = render(gs_render_json, &f->rep, NULL);
	json = parse_json(buf);
	assert_string_equal(YAJL_GET_STRING(get(YAJL_GET_ARRAY(get(json, "shapes", NULL))->values[1],
	                    "kernel_base", NULL)), "k\xef\xbf\xbd\xef\xbf\xbd");
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
	free(r->tag);
	free(r->kernel);
	r->tag = tag;
	r->kernel = kernel;
}

/* ---- efficiency: traces, single-run report, counters */

#define TRACES "tests/data/trace/tracelens/"
#define QWEN "Qwen_Qwen1.5-0.5B-Chat__1016005"

typedef struct tfix {
	gs_table *base, *cand;
	gs_compare cmp;
	gs_single sb, sc;
	gs_report rep;            /* compare H100 -> MI300X */
	gs_report one;            /* report of the MI300X trace */
	gs_report_plot *plots, *one_plots;
	size_t nplots, none;
	char datadir[4096];
} tfix;

static gs_table *
load_rel(const char *rel)
{
	char path[4096];

	snprintf(path, sizeof path, "%s/%s", srcdir(), rel);
	return read_back(path);
}

static void
report_init(gs_report *r, gs_report_kind kind, const char *datadir)
{
	memset(r, 0, sizeof *r);
	r->kind = kind;
	r->title = "Qwen <H100> & MI300X";
	r->version = "0.1.0-test";
	r->timestamp = 1700000000;
	r->datadir = datadir;
}

static void
single_of(const gs_table *t, gs_single *s)
{
	gs_single_opts o;
	gs_error err;

	gs_single_opts_default(&o);
	o.gpu_from = "the input";
	assert_int_equal(gs_single_run(t, t->gpu ? gs_gpu_find(t->gpu) : NULL, &o, s, &err), 0);
}

static int
setup_traces(void **state)
{
	tfix *f = calloc(1, sizeof *f);
	gs_compare_opts o;
	gs_error err;

	*state = f;
	assert_non_null(f);
	snprintf(f->datadir, sizeof f->datadir, "%s", srcdir());
	f->base = load_rel(TRACES "h100/" QWEN ".json.gz");
	f->cand = load_rel(TRACES "mi300/" QWEN ".json.gz");
	gs_compare_opts_default(&o);
	assert_int_equal(gs_compare_run(f->base, f->cand, &o, &f->cmp, &err), 0);
	single_of(f->base, &f->sb);
	single_of(f->cand, &f->sc);
	report_init(&f->rep, GS_REPORT_COMPARE, f->datadir);
	f->rep.cmp = &f->cmp;
	f->rep.eff_base = &f->sb;
	f->rep.eff_cand = &f->sc;
	f->rep.gpu = f->sb.gpu;
	assert_int_equal(gs_report_effpairs(&f->rep, &err), 0);
	assert_int_equal(gs_figures_compare(&f->cmp, f->datadir, &f->plots, &f->nplots, &err), 0);
	assert_int_equal(gs_figures_efficiency(&f->cmp, &f->sb, &f->sc, f->datadir, &f->plots,
	                                       &f->nplots, &err), 0);
	f->rep.plots = f->plots;
	f->rep.nplots = f->nplots;
	report_init(&f->one, GS_REPORT_SINGLE, f->datadir);
	f->one.single = &f->sc;
	f->one.gpu = f->sc.gpu;
	assert_int_equal(gs_figures_single(&f->sc, f->datadir, &f->one_plots, &f->none, &err), 0);
	f->one.plots = f->one_plots;
	f->one.nplots = f->none;
	return 0;
}

static int
teardown_traces(void **state)
{
	tfix *f = *state;

	if (!f)
		return 0;
	gs_figures_free(f->plots, f->nplots);
	gs_figures_free(f->one_plots, f->none);
	gs_report_model_free(&f->rep);
	gs_single_free(&f->sb);
	gs_single_free(&f->sc);
	gs_compare_free(&f->cmp);
	gs_table_free(f->base);
	gs_table_free(f->cand);
	free(f);
	gs_plot_fini();
	return 0;
}

static page
page_of(const gs_report *r)
{
	page p;

	p.html = render(gs_render_html, r, &p.len);
	p.doc = parse_html(p.html, p.len);
	return p;
}

static void
test_html_efficiency(void **state)
{
	tfix *f = *state;
	page p = page_of(&f->rep);

	assert_int_equal(f->cmp.ntop_regressed, 5);
	/* each side's GPU, each regression explained, R1..R5 */
	assert_xpath_count(p.doc, "//section[@id='efficiency']/p[starts-with(., 'Baseline GPU: "
	                   "NVIDIA H100')]", 1);
	assert_xpath_count(p.doc, "//section[@id='efficiency']/p[starts-with(., 'Candidate GPU: "
	                   "AMD Instinct MI300X')]", 1);
	assert_xpath_count(p.doc, "//ul[@class='explained']/li", 5);
	assert_xpath_string(p.doc, "//ul[@class='explained']/li[1]/span", "R1");
	assert_xpath_count(p.doc, "//ul[@class='explained']/li[contains(., 'different GPUs "
	                   "(H100 \xe2\x86\x92 MI300X)')]", 5);
	/* the tile grids side by side, only there; the roofline with the plots */
	assert_xpath_count(p.doc, "//section[@id='efficiency']//div[@class='pair']", 4);
	assert_xpath_count(p.doc, "//div[@class='pair']/figure", 8);
	assert_xpath_count(p.doc, "//div[@class='pair'][2]/figure[1][@id='fig-tiles-r2-base']", 1);
	assert_xpath_count(p.doc, "//div[@class='pair'][2]/figure[2][@id='fig-tiles-r2-cand']", 1);
	assert_xpath_count(p.doc, "//section[@id='plots']//figure[starts-with(@id, 'fig-tiles')]", 0);
	assert_xpath_count(p.doc, "//section[@id='plots']/figure[@id='fig-roofline']//*[local-name()='svg']", 1);
	/* the per-shape table: one row per pair, MI300X's 128x224 for the mm
	 * 8944x2816x1024 (efficiency.md §4.1 row 4) */
	assert_xpath_count(p.doc, "//table[contains(@class, 'eff')]/tbody/tr", f->cmp.npairs);
	assert_xpath_count(p.doc, "//table[contains(@class, 'eff')]/tbody/tr[td[2]='8944\xc3\x97"
	                   "1024\xc3\x97" "2816 bf16 TN (aten::mm)' and td[7]='0.970 \xe2\x86\x92 "
	                   "0.963' and td[9]='gpu']", 1);
	/* methodology: the efficiency definitions and the tile model's limits */
	assert_xpath_count(p.doc, "//section[@id='methodology']//dt[.='tile_eff, wq_eff, dim_eff']", 1);
	assert_xpath_count(p.doc, "//section[@id='methodology']//dd[contains(., 'Infinity Cache')]", 1);
	page_free(&p);
}

/* The string at A/B of V; fails the test when it is not a string. */
static const char *
get_str(yajl_val v, const char *a, const char *b)
{
	yajl_val n = get(v, a, b);
	const char *s = n && YAJL_IS_STRING(n) ? YAJL_GET_STRING(n) : NULL;

	assert_non_null(s);
	return s ? s : "";
}

static yajl_val
shape_where(yajl_val doc, const char *op, long m, long n, long k)
{
	yajl_val shapes = get(doc, "shapes", NULL);

	for (size_t i = 0; i < YAJL_GET_ARRAY(shapes)->len; i++) {
		yajl_val s = YAJL_GET_ARRAY(shapes)->values[i];
		if (strcmp(get_str(s, "op", NULL), op) == 0 &&
		    get_num(s, "M", NULL) == m && get_num(s, "N", NULL) == n &&
		    get_num(s, "K", NULL) == k)
			return s;
	}
	fail();
	return NULL;
}

static void
test_json_efficiency(void **state)
{
	tfix *f = *state;
	char *buf = render(gs_render_json, &f->rep, NULL);
	yajl_val doc = parse_json(buf), s, e;
	const char *cand[] = {"efficiency", "candidate", NULL};
	const char *base[] = {"efficiency", "baseline", NULL};

	assert_string_equal(YAJL_GET_STRING(yajl_tree_get(doc, (const char *[]){"gpus",
	                    "baseline", "name", NULL}, yajl_t_string)), "H100");
	assert_true(yajl_tree_get(doc, (const char *[]){"gpus", "candidate", "cus", NULL},
	                          yajl_t_number)->u.number.i == 304);
	s = shape_where(doc, "aten::mm", 8944, 2816, 1024);
	e = yajl_tree_get(s, cand, yajl_t_object);
	assert_non_null(e);
	assert_true(get_num(e, "tile_m", NULL) == 128 && get_num(e, "tile_n", NULL) == 224);
	assert_true(get_num(e, "num_tiles", NULL) == 880);
	assert_true(fabs(get_num(e, "dim_eff", NULL) - 0.963189) < 5e-7);
	assert_string_equal(get_str(e, "tile_source", NULL), "name");
	assert_string_equal(get_str(e, "bound", NULL), "compute");
	assert_true(YAJL_IS_NULL(get(e, "occupancy", NULL)));
	e = yajl_tree_get(s, base, yajl_t_object);
	assert_string_equal(get_str(e, "status", NULL), "persistent");
	assert_true(fabs(get_num(e, "occupancy", "occupancy") - 0.1875) < 1e-12);
	assert_string_equal(get_str(s, "cause", NULL), "gpu");
	assert_non_null(strstr(get_str(s, "explanation", NULL), "different GPUs"));
	assert_true(get(doc, "metrics", NULL) == NULL);
	yajl_tree_free(doc);
	free(buf);
}

static void
test_html_single(void **state)
{
	tfix *f = *state;
	page p = page_of(&f->one);

	assert_xpath_string(p.doc, "//main/section[1]/@id", "summary");
	assert_xpath_count(p.doc, "//header//dd[starts-with(., 'AMD Instinct MI300X (gfx942)')]", 1);
	assert_xpath_count(p.doc, "//section[@id='plots']/figure", 5);
	assert_xpath_count(p.doc, "//figure[@id='fig-roofline']", 1);
	assert_xpath_count(p.doc, "//figure[@id='fig-tiles-4']", 1);
	assert_xpath_count(p.doc, "//section[@id='top']//tbody/tr", 5);
	/* #1 by total time: the mm with 48 calls, MT128x224 */
	assert_xpath_string(p.doc, "//section[@id='top']//tbody/tr[1]/td[2]",
	                    "8944\xc3\x97" "1024\xc3\x97" "2816 bf16 TN (aten::mm)");
	assert_xpath_string(p.doc, "//section[@id='top']//tbody/tr[1]/td[3]", "48");
	assert_xpath_string(p.doc, "//section[@id='top']//tbody/tr[1]/td[9]", "0.963");
	assert_xpath_count(p.doc, "//section[@id='efficiency']//tbody/tr", f->sc.n);
	/* the addmm of efficiency.md §1.2: AI 484.5, 280 tiles in one wave */
	assert_xpath_count(p.doc, "//section[@id='efficiency']//tbody/tr[td[2]='8944\xc3\x97"
	                   "1024\xc3\x97" "1024 bf16 TN bias (aten::addmm)' and td[6]='484.5' and "
	                   "td[8]='compute' and td[10]='280' and td[11]='1' and td[15]='0.919']", 1);
	assert_xpath_count(p.doc, "//section[@id='methodology']//dt[.='Tile model (the pick, "
	                   "its dim_eff and cost)']", 1);
	assert_xpath_count(p.doc, "//section[@id='breakdown' or @id='shapes' or @id='unmatched']", 0);
	page_free(&p);
}

static void
test_json_single(void **state)
{
	tfix *f = *state;
	char *buf = render(gs_render_json, &f->one, NULL);
	yajl_val doc = parse_json(buf), s, top;
	size_t want = 0;

	assert_string_equal(get_str(doc, "command", NULL), "report");
	assert_string_equal(get_str(doc, "gpu", "name"), "MI300X");
	assert_true(get_num(doc, "summary", "shapes") == 5);
	assert_true(get_num(doc, "summary", "with_dim_eff") == 5);
	s = shape_where(doc, "aten::addmm", 8944, 1024, 1024);
	assert_true(get_num(s, "count", NULL) == 72);
	assert_true(yajl_tree_get(s, (const char *[]){"efficiency", "gflop", NULL},
	                          yajl_t_number)->u.number.d == 18.766086144);
	assert_true(fabs(yajl_tree_get(s, (const char *[]){"efficiency", "wq_eff", NULL},
	                               yajl_t_number)->u.number.d - 0.921053) < 5e-7);
	/* top_time[0] points at the mm 8944x2816x1024 */
	for (size_t i = 0; i < f->sc.n; i++)
		if (f->sc.rows[i].rec->shape.N == 2816 && f->sc.rows[i].rec->shape.K == 1024)
			want = i;
	top = get(doc, "top_time", NULL);
	assert_int_equal(YAJL_GET_ARRAY(top)->len, 5);
	assert_true(YAJL_GET_INTEGER(YAJL_GET_ARRAY(top)->values[0]) == (long long)want);
	yajl_tree_free(doc);
	free(buf);
}

static void
test_markdown_efficiency(void **state)
{
	tfix *f = *state;
	char *one = render(gs_render_markdown, &f->one, NULL);
	char *cmp = render(gs_render_markdown, &f->rep, NULL);

	assert_non_null(strstr(one, "### Top 5 by total time"));
	assert_non_null(strstr(one, "| 8944\xc3\x97" "1024\xc3\x97" "2816 bf16 TN (aten::mm) | 48 | "));
	assert_non_null(strstr(one, "| 128\xc3\x97" "224 | 0.963 |"));
	assert_non_null(strstr(cmp, "**Why (efficiency model):**"));
	assert_non_null(strstr(cmp, "different GPUs (H100 \xe2\x86\x92 MI300X)"));
	free(one);
	free(cmp);
}

/* The GEMM.csv pair names no GPU: the section says so and how to fix it. */
static void
test_html_no_gpu(void **state)
{
	gs_table *b = load_rel(TRACES "h100/" QWEN "_perf_report_csvs/GEMM.csv");
	gs_table *c = load_rel(TRACES "mi300/" QWEN "_perf_report_csvs/GEMM.csv");
	gs_compare_opts o;
	gs_single sb, sc;
	gs_compare cmp;
	gs_report r;
	gs_error err;
	page p;

	(void)state;
	gs_compare_opts_default(&o);
	assert_int_equal(gs_compare_run(b, c, &o, &cmp, &err), 0);
	single_of(b, &sb);
	single_of(c, &sc);
	report_init(&r, GS_REPORT_COMPARE, srcdir());
	r.cmp = &cmp;
	r.eff_base = &sb;
	r.eff_cand = &sc;
	assert_int_equal(gs_report_effpairs(&r, &err), 0);
	p = page_of(&r);
	assert_xpath_count(p.doc, "//section[@id='efficiency']/p[@class='note' and "
	                   "contains(., '--gpu mi300x')]", 1);
	/* tile_eff still shown: the bmm's cutlass 128x32 and Tensile 16x16 */
	assert_xpath_count(p.doc, "//table[contains(@class, 'eff')]/tbody/tr[td[5]='0.873 "
	                   "\xe2\x86\x92 0.998' and td[7]='\xe2\x80\x94 \xe2\x86\x92 \xe2\x80\x94']", 1);
	page_free(&p);
	gs_report_model_free(&r);
	gs_single_free(&sb);
	gs_single_free(&sc);
	gs_compare_free(&cmp);
	gs_table_free(b);
	gs_table_free(c);
}

/* Xe counters (tests/data/history/xe): f16 against the first i8 try. */
static void
test_metrics_xe(void **state)
{
	gs_table *b = load_rel("tests/data/history/xe/f16.csv");
	gs_table *c = load_rel("tests/data/history/xe/try1-i8.csv");
	gs_compare_opts o;
	gs_metrics m;
	gs_compare cmp;
	gs_report r;
	gs_error err;
	yajl_val doc, list, read;
	char *buf;
	page p;

	(void)state;
	gs_compare_opts_default(&o);
	assert_int_equal(gs_compare_run(b, c, &o, &cmp, &err), 0);
	assert_int_equal(gs_metrics_run(&cmp, &m, &err), 0);
	assert_int_equal(m.n, 4);
	report_init(&r, GS_REPORT_COMPARE, srcdir());
	r.cmp = &cmp;
	r.metrics = &m;
	buf = render(gs_render_json, &r, NULL);
	doc = parse_json(buf);
	list = get(doc, "metrics", NULL);
	assert_int_equal(YAJL_GET_ARRAY(list)->len, 4);
	read = YAJL_GET_ARRAY(list)->values[0];
	assert_string_equal(get_str(read, "name", NULL), "GPU_MEMORY_BYTE_READ");
	/* the two files' values: 54139320320 / 124811492864 */
	assert_true(fabs(get_num(read, "geomean_ratio", NULL) - 54139320320.0 / 124811492864.0) < 1e-12);
	yajl_tree_free(doc);
	free(buf);
	p = page_of(&r);
	assert_xpath_count(p.doc, "//section[@id='efficiency']//table[@class='metrics']/tbody/tr", 4);
	assert_xpath_count(p.doc, "//table[@class='full metrics']/tbody/tr[td[2]='GPU_MEMORY_BYTE_READ'"
	                   " and td[3]='124,811,492,864' and td[4]='54,139,320,320']", 1);
	page_free(&p);
	gs_metrics_free(&m);
	gs_compare_free(&cmp);
	gs_table_free(b);
	gs_table_free(c);
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
		cmocka_unit_test(test_csv_synthetic),
		cmocka_unit_test(test_junit_synthetic),
		cmocka_unit_test(test_markdown_synthetic),
		cmocka_unit_test(test_fmt),
		cmocka_unit_test(test_invalid_utf8),
	};
	const struct CMUnitTest iree[] = {
		cmocka_unit_test(test_html_iree),
		cmocka_unit_test(test_json_iree),
		cmocka_unit_test(test_csv_iree),
		cmocka_unit_test(test_junit_iree),
		cmocka_unit_test(test_markdown_iree),
	};
	const struct CMUnitTest traces[] = {
		cmocka_unit_test(test_html_efficiency),
		cmocka_unit_test(test_json_efficiency),
		cmocka_unit_test(test_html_single),
		cmocka_unit_test(test_json_single),
		cmocka_unit_test(test_markdown_efficiency),
		cmocka_unit_test(test_html_no_gpu),
		cmocka_unit_test(test_metrics_xe),
	};
	int failed = cmocka_run_group_tests_name("render, hand-built model", synthetic,
	                                         setup_synthetic, teardown);

	failed += cmocka_run_group_tests_name("render, iree-kernel-benchmark", iree,
	                                      setup_iree, teardown);
	failed += cmocka_run_group_tests_name("render, efficiency (traces)", traces,
	                                      setup_traces, teardown_traces);
	return failed ? 1 : 0;
}
