/* test_render_eff.c: the report writers' efficiency outputs (issue 3),
 * rendered from the real TraceLens Qwen traces (H100 baseline, MI300X
 * candidate: every shape regresses, each side on the GPU its trace names),
 * the single-run report of the MI300X trace, the Qwen GEMM.csv pair (no
 * GPU) and the Xe counter files of tests/data/history/xe (per-metric
 * deltas); expected numbers are those of the reference efficiency.md and
 * of the input files.  Shared helpers: render_test.h.
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

#include "render_test.h"

#include "analysis/cause.h"
#include "analysis/impact.h"

/* ---- efficiency: traces, single-run report, counters */

#define TRACES "tests/data/trace/tracelens/"
#define QWEN "Qwen_Qwen1.5-0.5B-Chat__1016005"

typedef struct tfix {
	gs_table *base, *cand;
	gs_compare cmp;
	gs_single sb, sc;
	gs_causes causes; /* of rep's pairs */
	gs_impact impact; /* rep weighted by the MI300X trace itself */
	gs_report rep; /* compare H100 -> MI300X */
	gs_report one; /* report of the MI300X trace */
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
	{ /* the explanation is computed on demand, for any pair */
		char why[GS_REPORT_EXPLAIN_MAX];
		assert_true(gs_report_explain(&f->rep, 0, why, sizeof why)[0] != '\0');
		assert_string_equal(gs_report_explain(&f->rep, f->cmp.npairs, why, sizeof why), "");
	}
	assert_int_equal(gs_cause_run(&f->cmp, &f->sb, &f->sc, &f->causes, &err), 0);
	assert_int_equal(gs_impact_run(&f->cmp, f->cand, 10, &f->impact, &err), 0);
	f->rep.causes = &f->causes;
	f->rep.impact = &f->impact;
	assert_int_equal(gs_figures_compare(&f->cmp, f->datadir, &f->plots, &f->nplots, &err), 0);
	assert_int_equal(gs_figures_efficiency(&f->cmp, &f->sb, &f->sc, f->datadir, &f->plots,
	                                       &f->nplots, &err),
	                 0);
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
	gs_impact_free(&f->impact);
	gs_causes_free(&f->causes);
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
	assert_xpath_count(p.doc,
	                   "//section[@id='efficiency']/p[starts-with(., 'Baseline GPU: "
	                   "NVIDIA H100')]",
	                   1);
	assert_xpath_count(p.doc,
	                   "//section[@id='efficiency']/p[starts-with(., 'Candidate GPU: "
	                   "AMD Instinct MI300X')]",
	                   1);
	assert_xpath_count(p.doc, "//ul[@class='explained']/li", 5);
	assert_xpath_string(p.doc, "//ul[@class='explained']/li[1]/span", "R1");
	assert_xpath_count(p.doc,
	                   "//ul[@class='explained']/li[contains(., 'different GPUs "
	                   "(H100 \xe2\x86\x92 MI300X)')]",
	                   5);
	/* the tile grids side by side, only there; the roofline with the plots */
	assert_xpath_count(p.doc, "//section[@id='efficiency']//div[@class='pair']", 4);
	assert_xpath_count(p.doc, "//div[@class='pair']/figure", 8);
	assert_xpath_count(p.doc, "//div[@class='pair'][2]/figure[1][@id='fig-tiles-r2-base']", 1);
	assert_xpath_count(p.doc, "//div[@class='pair'][2]/figure[2][@id='fig-tiles-r2-cand']", 1);
	assert_xpath_count(p.doc, "//section[@id='plots']//figure[starts-with(@id, 'fig-tiles')]",
	                   0);
	assert_xpath_count(
	        p.doc, "//section[@id='plots']/figure[@id='fig-roofline']//*[local-name()='svg']",
	        1);
	/* the per-shape table: one row per pair, MI300X's 128x224 for the mm
	 * 8944x2816x1024 (efficiency.md §4.1 row 4) */
	assert_xpath_count(p.doc, "//table[contains(@class, 'eff')]/tbody/tr", f->cmp.npairs);
	assert_xpath_count(p.doc,
	                   "//table[contains(@class, 'eff')]/tbody/tr[td[2]='8944\xc3\x97"
	                   "2816\xc3\x97"
	                   "1024 bf16 TN (aten::mm)' and td[7]='0.970 \xe2\x86\x92 "
	                   "0.963' and td[9]='gpu_changed']",
	                   1);
	/* methodology: the efficiency definitions and the tile model's limits */
	assert_xpath_count(p.doc, "//section[@id='methodology']//dt[.='tile_eff, wq_eff, dim_eff']",
	                   1);
	assert_xpath_count(p.doc, "//section[@id='methodology']//dd[contains(., 'Infinity Cache')]",
	                   1);
	page_free(&p);
}

/* Issue 13: the cause split first in the summary, a cause column in the
 * top tables, the rule chain, and the Impact section. */
static void
test_html_causes(void **state)
{
	tfix *f = *state;
	page p = page_of(&f->rep);

	assert_xpath_count(p.doc, "//section[@id='summary']/ul[@id='cause-split']/li", 1);
	assert_xpath_string(p.doc, "//ul[@id='cause-split']/li[1]",
	                    "100 % of the time lost "
	                    "(88.12 \xc2\xb5s): the GPU differs for 5 shapes");
	assert_xpath_count(p.doc,
	                   "//section[@id='regressions']//table/thead/tr/th[last()][.='Cause']", 2);
	assert_xpath_count(
	        p.doc, "//div[@id='worst-ratio']//table/tbody/tr/td[last()][.='gpu_changed']", 5);
	assert_xpath_count(
	        p.doc, "//div[@id='worst-time']//table/tbody/tr/td[last()][.='gpu_changed']", 5);
	assert_xpath_count(p.doc, "//section[@id='methodology']//dt[.='Causes']", 1);
	assert_xpath_count(p.doc,
	                   "//section[@id='methodology']//dt[.='Workload impact "
	                   "(--weights)']",
	                   1);
	assert_xpath_count(p.doc, "//section[@id='impact']/h2[.='Impact on the workload']", 1);
	assert_xpath_count(p.doc,
	                   "//section[@id='impact']//th[.='Workload speedup (baseline "
	                   "/ candidate)']",
	                   1);
	assert_xpath_count(p.doc, "//section[@id='impact']//table[@class='top']/tbody/tr", 5);
	page_free(&p);
}

static yajl_val
shape_where(yajl_val doc, const char *op, long m, long n, long k)
{
	yajl_val shapes = get(doc, "shapes", NULL);

	for (size_t i = 0; i < YAJL_GET_ARRAY(shapes)->len; i++) {
		yajl_val s = YAJL_GET_ARRAY(shapes)->values[i];
		if (strcmp(get_str(s, "op", NULL), op) == 0 && get_num(s, "M", NULL) == m &&
		    get_num(s, "N", NULL) == n && get_num(s, "K", NULL) == k)
			return s;
	}
	fail();
	return NULL;
}

/* SUMMARY.KEY's values (cause -> µs) added in document (rule) order. */
static double
by_cause_sum(yajl_val doc, const char *key)
{
	yajl_val o = yajl_tree_get(doc, (const char *[]){"summary", key, NULL}, yajl_t_object);
	double sum = 0.0;

	assert_non_null(o);
	assert_int_equal(YAJL_GET_OBJECT(o)->len, GS_CAUSE_COUNT - 1);
	for (size_t i = 0; i < YAJL_GET_OBJECT(o)->len; i++) {
		assert_string_equal(YAJL_GET_OBJECT(o)->keys[i],
		                    gs_cause_name((gs_cause_kind)(i + 1)));
		sum += YAJL_GET_DOUBLE(YAJL_GET_OBJECT(o)->values[i]);
	}
	return sum;
}

/* Issue 13 in the JSON: the split sums exactly to the totals, every
 * classified shape has a cause, the impact object. */
static void
test_json_causes(void **state)
{
	tfix *f = *state;
	char *buf = render(gs_render_json, &f->rep, NULL);
	yajl_val doc = parse_json(buf), shapes = get(doc, "shapes", NULL), im;

	assert_true(by_cause_sum(doc, "time_lost_by_cause") ==
	            get_num(doc, "summary", "time_lost_us"));
	assert_true(by_cause_sum(doc, "time_saved_by_cause") ==
	            get_num(doc, "summary", "time_saved_us"));
	assert_true(get_num(doc, "summary", "time_lost_us") > 0);
	for (size_t i = 0; i < YAJL_GET_ARRAY(shapes)->len; i++) {
		yajl_val s = YAJL_GET_ARRAY(shapes)->values[i];
		int classified = strcmp(get_str(s, "class", NULL), "regressed") == 0 ||
		                 strcmp(get_str(s, "class", NULL), "improved") == 0;
		assert_int_equal(strcmp(get_str(s, "cause", NULL), "none") != 0, classified);
	}
	im = get(doc, "impact", NULL);
	assert_non_null(im);
	assert_true(get_num(im, "matched_shapes", NULL) == 5);
	assert_true(get_num(im, "unmatched_shapes", NULL) == 0);
	assert_true(get_num(im, "unmatched_time_share", NULL) == 0);
	assert_true(get_num(im, "speedup", NULL) ==
	            get_num(im, "base_us", NULL) / get_num(im, "cand_us", NULL));
	assert_true(get_num(im, "speedup", NULL) < 1);
	assert_string_equal(get_str(im, "workload_format", NULL), "pytorch-trace");
	assert_int_equal(YAJL_GET_ARRAY(get(im, "top_lost", NULL))->len, 5);
	yajl_tree_free(doc);
	free(buf);
}

static void
test_json_efficiency(void **state)
{
	tfix *f = *state;
	char *buf = render(gs_render_json, &f->rep, NULL);
	yajl_val doc = parse_json(buf), s, e;
	const char *cand[] = {"efficiency", "candidate", NULL};
	const char *base[] = {"efficiency", "baseline", NULL};

	assert_string_equal(
	        YAJL_GET_STRING(yajl_tree_get(
	                doc, (const char *[]){"gpus", "baseline", "name", NULL}, yajl_t_string)),
	        "H100");
	assert_true(yajl_tree_get(doc, (const char *[]){"gpus", "candidate", "cus", NULL},
	                          yajl_t_number)
	                    ->u.number.i == 304);
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
	assert_null(get(s, "efficiency_cause", NULL)); /* one vocabulary: cause */
	assert_string_equal(get_str(s, "cause", NULL), "gpu_changed");
	assert_non_null(strstr(get_str(s, "cause_text", NULL), "H100"));
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
	assert_xpath_count(p.doc, "//header//dd[starts-with(., 'AMD Instinct MI300X (gfx942)')]",
	                   1);
	assert_xpath_count(p.doc, "//section[@id='plots']/figure", 5);
	assert_xpath_count(p.doc, "//figure[@id='fig-roofline']", 1);
	assert_xpath_count(p.doc, "//figure[@id='fig-tiles-4']", 1);
	assert_xpath_count(p.doc, "//section[@id='top']//tbody/tr", 5);
	/* #1 by total time: the mm with 48 calls, MT128x224 */
	assert_xpath_string(p.doc, "//section[@id='top']//tbody/tr[1]/td[2]",
	                    "8944\xc3\x97"
	                    "2816\xc3\x97"
	                    "1024 bf16 TN (aten::mm)");
	assert_xpath_string(p.doc, "//section[@id='top']//tbody/tr[1]/td[3]", "48");
	assert_xpath_string(p.doc, "//section[@id='top']//tbody/tr[1]/td[9]", "0.963");
	assert_xpath_count(p.doc, "//section[@id='efficiency']//tbody/tr", f->sc.n);
	/* the addmm of efficiency.md §1.2: AI 484.5, 280 tiles in one wave */
	assert_xpath_count(p.doc,
	                   "//section[@id='efficiency']//tbody/tr[td[2]='8944\xc3\x97"
	                   "1024\xc3\x97"
	                   "1024 bf16 TN bias (aten::addmm)' and td[6]='484.5' and "
	                   "td[8]='compute' and td[10]='280' and td[11]='1' and td[15]='0.919']",
	                   1);
	assert_xpath_count(p.doc,
	                   "//section[@id='methodology']//dt[.='Tile model (the pick, "
	                   "its dim_eff and cost)']",
	                   1);
	assert_xpath_count(p.doc, "//section[@id='breakdown' or @id='shapes' or @id='unmatched']",
	                   0);
	/* the contents after the summary, every link landing on the page */
	assert_xpath_count(p.doc, "//main/section[1]/following-sibling::*[1][self::nav]", 1);
	assert_toc_resolves(p.doc);
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
	assert_true(yajl_tree_get(s, (const char *[]){"efficiency", "gflop", NULL}, yajl_t_number)
	                    ->u.number.d == 18.766086144);
	assert_true(
	        fabs(yajl_tree_get(s, (const char *[]){"efficiency", "wq_eff", NULL}, yajl_t_number)
	                     ->u.number.d -
	             0.921053) < 5e-7);
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

	assert_non_null(strstr(one, "### Top 5 shapes by total time"));
	assert_non_null(strstr(one, "| 8944\xc3\x97"
	                            "2816\xc3\x97"
	                            "1024 bf16 TN (aten::mm) | 48 | "));
	assert_non_null(strstr(one, "| 128\xc3\x97"
	                            "224 | 0.963 |"));
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
	p = page_of(&r);
	assert_xpath_count(
	        p.doc,
	        "//section[@id='efficiency']/p[@class='note' and "
	        "contains(., 'no GPU is known') and contains(., 'pass --gpu with a name')]",
	        1);
	/* tile_eff still shown: the bmm's cutlass 128x32 and Tensile 16x16 */
	assert_xpath_count(
	        p.doc,
	        "//table[contains(@class, 'eff')]/tbody/tr[td[5]='0.873 "
	        "\xe2\x86\x92 0.998' and td[7]='\xe2\x80\x94 \xe2\x86\x92 \xe2\x80\x94']",
	        1);
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
	assert_true(fabs(get_num(read, "geomean_ratio", NULL) - 54139320320.0 / 124811492864.0) <
	            1e-12);
	yajl_tree_free(doc);
	free(buf);
	p = page_of(&r);
	assert_xpath_count(p.doc, "//section[@id='efficiency']//table[@class='metrics']/tbody/tr",
	                   4);
	assert_xpath_count(p.doc,
	                   "//table[@class='full metrics']/tbody/tr[td[2]='GPU_MEMORY_BYTE_READ'"
	                   " and td[3]='124,811,492,864' and td[4]='54,139,320,320']",
	                   1);
	page_free(&p);
	gs_metrics_free(&m);
	gs_compare_free(&cmp);
	gs_table_free(b);
	gs_table_free(c);
}

int
main(void)
{
	const struct CMUnitTest traces[] = {
	        cmocka_unit_test(test_html_efficiency),     cmocka_unit_test(test_json_efficiency),
	        cmocka_unit_test(test_html_causes),         cmocka_unit_test(test_json_causes),
	        cmocka_unit_test(test_html_single),         cmocka_unit_test(test_json_single),
	        cmocka_unit_test(test_markdown_efficiency), cmocka_unit_test(test_html_no_gpu),
	        cmocka_unit_test(test_metrics_xe),
	};

	return cmocka_run_group_tests_name("render, efficiency (traces)", traces, setup_traces,
	                                   teardown_traces)
	               ? 1
	               : 0;
}
