/* render_test.h: what the report writers' tests share (test_render.c,
 * test_render_eff.c): the hand-built and iree-kernel-benchmark comparison
 * fixtures, rendering a writer into memory or a file, and reading every
 * output back with the library of its format (libxml2, yajl, gemmscope's
 * own ingest).  Files are found under $top_srcdir.
 */
#ifndef GS_RENDER_TEST_H
#define GS_RENDER_TEST_H

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

static inline const char *
srcdir(void)
{
	const char *d = getenv("top_srcdir");

	return d && *d ? d : ".";
}

typedef int (*writer)(const gs_report *, FILE *, gs_error *);

/* Render R with WR into a malloc'd NUL-terminated buffer. */
static inline char *
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
static inline char *
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

static inline gs_record *
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
	assert_int_equal(gs_table_set_tag(NULL, r, tag), 0);
	assert_int_equal(gs_table_set_kernel(NULL, r, kernel), 0);
	for (size_t i = 0; i < ns; i++)
		assert_int_equal(gs_record_add_sample(r, s[i]), 0);
	return r;
}

/* A shape in the candidate only: an addmm with bias, as a trace gives it. */
static inline void
add_addmm(gs_table *t)
{
	gs_shape addmm;
	gs_error err;
	gs_record *r;

	gs_shape_init(&addmm);
	addmm.op = "aten::addmm";
	snprintf(addmm.dtype, sizeof addmm.dtype, "bf16");
	addmm.M = 4112;
	addmm.N = 2048;
	addmm.K = 2048;
	addmm.bias = 1;
	r = gs_table_get(t, &addmm, 7, &err);
	assert_non_null(r);
	assert_int_equal(gs_record_add_sample(r, 134.4), 0);
}

static inline void
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
	assert_int_equal(gs_table_exclude(f->base, 9,
	                                  "1\xc3\x97"
	                                  "1\xc3\x97"
	                                  "1 f16 NN",
	                                  "non-positive time"),
	                 0);
	add_record(f->cand, "bf16", 4096, 4096, 8192, 'T', 'N', EVIL_TAG, EVIL_KERNEL, c1, 5, 2);
	add_record(f->cand, "f16", 512, 512, 7680, 'N', 'N', PIPE_TAG, COMMA_KERNEL, c2, 1, 3);
	add_record(f->cand, "f16", 1024, 1024, 1024, 'N', 'N', "unet", "k3", c3, 1, 4);
	add_record(f->cand, "f32", 2048, 2048, 2048, 'N', 'N', "unet", "k4", c4, 4, 5);
	add_addmm(f->cand);
	assert_int_equal(gs_table_finish(f->base, &err), 0);
	assert_int_equal(gs_table_finish(f->cand, &err), 0);
}

static inline void
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

static inline int
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

static inline int
setup_iree(void **state)
{
	fixture *f = calloc(1, sizeof *f);
	char base[4096], cand[4096];
	gs_error err;

	*state = f;
	assert_non_null(f);
	snprintf(base, sizeof base, "%s/examples/iree-kernel-benchmark/rocblas-gemm.csv", srcdir());
	snprintf(cand, sizeof cand, "%s/examples/iree-kernel-benchmark/hipblaslt-gemm.csv",
	         srcdir());
	if (gs_ingest_read(base, NULL, &f->base, &err) != 0 ||
	    gs_ingest_read(cand, NULL, &f->cand, &err) != 0)
		print_error("%s:%ld: %s\n", err.file, err.line, err.msg);
	assert_non_null(f->base);
	assert_non_null(f->cand);
	build_report(f, "rocBLAS vs hipBLASLt");
	*state = f;
	return 0;
}

static inline int
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
static inline void
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
	int errors; /* errors other than "unknown HTML5 tag" */
	char first[256];
} parse_log;

static inline void
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

static inline htmlDocPtr
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

static inline double
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
static inline char *
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

static inline void
assert_xpath_count(xmlDocPtr doc, const char *expr, size_t n)
{
	char q[512];

	snprintf(q, sizeof q, "count(%s)", expr);
	if (xpath_number(doc, q) != (double)n)
		print_error("%s: %g, expected %zu\n", q, xpath_number(doc, q), n);
	assert_true(xpath_number(doc, q) == (double)n);
}

static inline void
assert_xpath_string(xmlDocPtr doc, const char *expr, const char *want)
{
	char *got = xpath_string(doc, expr);

	assert_string_equal(got, want);
	free(got);
}

/* The page's table of contents (nav#toc) links every non-empty section
 * of <main> that has an h2, and each href "#ID" names exactly one
 * element of the page. */
static inline void
assert_toc_resolves(xmlDocPtr doc)
{
	size_t n = (size_t)xpath_number(doc, "count(//nav[@id='toc']//a)");

	assert_true(n >= 3);
	assert_xpath_count(doc, "//main/section[h2]", n);
	assert_xpath_count(doc, "//nav[@id='toc']//a[not(starts-with(@href, '#'))]", 0);
	for (size_t i = 1; i <= n; i++) {
		char q[256], *href, *sec;
		snprintf(q, sizeof q, "string((//nav[@id='toc']//a)[%zu]/@href)", i);
		href = xpath_string(doc, q);
		snprintf(q, sizeof q, "//*[@id='%s']", href + 1);
		assert_xpath_count(doc, q, 1);
		snprintf(q, sizeof q, "string((//main/section[h2])[%zu]/@id)", i);
		sec = xpath_string(doc, q);
		assert_string_equal(href + 1, sec);
		free(href);
		free(sec);
	}
}

/* No URL in the page other than the SVG and XLink namespace names. */
static inline void
assert_no_network(const char *html)
{
	static const char *const allowed[] = {
	        "http://www.w3.org/2000/svg\"",
	        "http://www.w3.org/1999/xlink\"",
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

static inline yajl_val
parse_json(const char *buf)
{
	char errbuf[256] = "";
	yajl_val v = yajl_tree_parse(buf, errbuf, sizeof errbuf);

	if (!v)
		print_error("JSON: %s\n", errbuf);
	assert_non_null(v);
	return v;
}

static inline yajl_val
get(yajl_val v, const char *a, const char *b)
{
	const char *path[] = {a, b, NULL};

	return yajl_tree_get(v, path, yajl_t_any);
}

static inline double
get_num(yajl_val v, const char *a, const char *b)
{
	yajl_val n = get(v, a, b);

	assert_non_null(n);
	assert_true(YAJL_IS_NUMBER(n));
	return YAJL_GET_DOUBLE(n);
}

static inline char *
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

static inline gs_table *
read_back(const char *path)
{
	gs_table *t = NULL;
	gs_error err;

	if (gs_ingest_read(path, NULL, &t, &err) != 0)
		print_error("%s:%ld:%ld: %s\n", err.file, err.line, err.col, err.msg);
	assert_non_null(t);
	return t;
}

static inline size_t
count_lines(const char *s, const char *prefix)
{
	size_t n = 0;

	for (const char *p = s; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		n += strncmp(p, prefix, strlen(prefix)) == 0;
	return n;
}

/* The string at A/B of V; fails the test when it is not a string. */
static inline const char *
get_str(yajl_val v, const char *a, const char *b)
{
	yajl_val n = get(v, a, b);
	const char *s = n && YAJL_IS_STRING(n) ? YAJL_GET_STRING(n) : NULL;

	assert_non_null(s);
	return s ? s : "";
}

static inline void
page_free(page *p)
{
	xmlFreeDoc(p->doc);
	free(p->html);
}

#endif
