/* test_roofs.c: the roofline's roofs per GPU (render/plot_roofs.c,
 * render/figures_roof.c; issue 12, cross-GPU compares).
 *
 * Real data: the TraceLens Qwen traces of tests/data/trace, one run on an
 * H100 (the baseline) and one on an MI300X (the candidate).  Expected
 * numbers are the built-in table's figures (gemmscope gpus: H100 3.35 TB/s,
 * bf16 989.4, f32 66.9; MI300X 5.3 TB/s, bf16 1307.4, f32 163.4) and the
 * ridge = peak / bandwidth of efficiency.md §1.2.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analysis/compare.h"
#include "analysis/single.h"
#include "render/figures.h"
#include "render/plot.h"
#include "testdata.h"

#define QWEN "Qwen_Qwen1.5-0.5B-Chat__1016005"
#define H100_QWEN "tests/data/trace/tracelens/h100/" QWEN ".json.gz"
#define MI300_QWEN "tests/data/trace/tracelens/mi300/" QWEN ".json.gz"

static const char *
srcdir(void)
{
	const char *d = getenv("top_srcdir");

	return d && *d ? d : ".";
}

/* The index of the text drawn that equals WANT, or -1. */
static long
text_index(const gs_plot *p, const char *want)
{
	const char *t;

	for (size_t i = 0; (t = gs_plot_text(p, i)) != NULL; i++)
		if (strcmp(t, want) == 0)
			return (long)i;
	return -1;
}

/* A compute roof ("bf16 H100 989.4 TFLOP/s"), memory roof ("... GB/s")
 * or ridge label; not the axis label "TFLOP/s". */
static int
is_roof_label(const char *t)
{
	size_t n = strlen(t);

	return (n > 8 && strcmp(t + n - 8, " TFLOP/s") == 0) || strstr(t, "GB/s") ||
	       strncmp(t, "ridge ", 6) == 0;
}

/* No two roof labels (compute roofs, memory roofs, ridges) overlap. */
static size_t
check_no_overlap(const gs_plot *p)
{
	double a[4], b[4];
	const char *s, *t;
	size_t n = 0;

	for (size_t i = 0; (s = gs_plot_text(p, i)) != NULL; i++) {
		if (!is_roof_label(s))
			continue;
		n++;
		assert_int_equal(gs_plot_text_box(p, i, &a[0], &a[1], &a[2], &a[3]), 0);
		for (size_t j = i + 1; (t = gs_plot_text(p, j)) != NULL; j++) {
			if (!is_roof_label(t))
				continue;
			assert_int_equal(gs_plot_text_box(p, j, &b[0], &b[1], &b[2], &b[3]), 0);
			if (a[0] + 0.5 < b[0] + b[2] && b[0] + 0.5 < a[0] + a[2] &&
			    a[1] + 0.5 < b[1] + b[3] && b[1] + 0.5 < a[1] + a[3])
				fail_msg("'%s' overlaps '%s'", s, t);
		}
	}
	return n;
}

static int
has_ridge(const gs_plot *p, double want)
{
	for (size_t i = 0; !isnan(gs_plot_ridge(p, i)); i++)
		if (fabs(gs_plot_ridge(p, i) - want) < 1e-9 * want)
			return 1;
	return 0;
}

/* H100 against MI300X: each GPU's memory roof, compute roofs and ridges,
 * labels clear of each other. */
static void
test_cross_gpu(void **state)
{
	gs_table *b = gs_test_read(gs_test_path(H100_QWEN), NULL);
	gs_table *c = gs_test_read(gs_test_path(MI300_QWEN), NULL);
	gs_report_plot *plots = NULL;
	const gs_report_plot *roof = NULL;
	gs_compare_opts o;
	gs_single sb, sc;
	gs_compare cmp;
	gs_error err;
	size_t n = 0;

	(void)state;
	gs_compare_opts_default(&o);
	assert_int_equal(gs_compare_run(b, c, &o, &cmp, &err), 0);
	assert_int_equal(gs_single_run(b, gs_gpu_find(b->gpu), NULL, &sb, &err), 0);
	assert_int_equal(gs_single_run(c, gs_gpu_find(c->gpu), NULL, &sc, &err), 0);
	assert_int_equal(gs_figures_efficiency(&cmp, &sb, &sc, srcdir(), &plots, &n, &err), 0);
	for (size_t i = 0; i < n; i++)
		if (strcmp(plots[i].id, "roofline") == 0)
			roof = &plots[i];
	assert_non_null(roof);
	/* a memory roof per GPU, each named with its bandwidth */
	assert_true(text_index(roof->plot, "H100 3350 GB/s") >= 0);
	assert_true(text_index(roof->plot, "MI300X 5300 GB/s") >= 0);
	/* each compute roof meets its own GPU's memory roof */
	assert_true(has_ridge(roof->plot, 989.4 * 1000 / 3350));
	assert_true(has_ridge(roof->plot, 66.9 * 1000 / 3350));
	assert_true(has_ridge(roof->plot, 1307.4 * 1000 / 5300));
	assert_true(has_ridge(roof->plot, 163.4 * 1000 / 5300));
	assert_false(has_ridge(roof->plot, 1307.4 * 1000 / 3350)); /* before: 390.3 */
	assert_true(text_index(roof->plot, "ridge 295.3") >= 0);
	assert_true(text_index(roof->plot, "ridge 246.7") >= 0);
	assert_true(text_index(roof->plot, "bf16 MI300X 1307.4 TFLOP/s") >= 0);
	assert_true(text_index(roof->plot, "bf16 H100 989.4 TFLOP/s") >= 0);
	/* 4 compute roofs, 4 ridges, 2 memory roofs: 10 labels, none overlapping */
	assert_int_equal(check_no_overlap(roof->plot), 10);
	assert_string_equal(gs_plot_legend_label(roof->plot, 0), "H100 roofs");
	assert_string_equal(gs_plot_legend_label(roof->plot, 1), "MI300X roofs");
	assert_non_null(strstr(roof->caption, "H100 (memory roof 3350 GB/s; ridge points f32 H100 "
	                                      "19.97, bf16 H100 295.3 FLOP/B)"));
	assert_non_null(strstr(roof->caption,
	                       "MI300X (memory roof 5300 GB/s; ridge points f32 MI300X "
	                       "30.83, bf16 MI300X 246.7 FLOP/B)"));
	gs_figures_free(plots, n);
	gs_single_free(&sb);
	gs_single_free(&sc);
	gs_compare_free(&cmp);
	gs_table_free(b);
	gs_table_free(c);
}

/* The plot's own checks: a ceiling on no machine, too many machines. */
static void
test_spec(void **state)
{
	static const gs_roofline_machine two[2] = {{"H100", 3350}, {"MI300X", 5300}};
	static const gs_roofline_machine three[3] = {{"a", 1}, {"b", 2}, {"c", 3}};
	gs_roofline_ceiling ceil[2] = {{"bf16", 989.4, 0}, {"bf16", 1307.4, 1}};
	gs_roofline_spec spec = {ceil, 2, 0, NULL, two, 2};
	gs_roofline_point pt = {100, 50, 1, NAN, NULL, -1};
	gs_plot *p;

	(void)state;
	p = gs_plot_roofline(&spec, &pt, 1);
	assert_non_null(p);
	assert_true(fabs(gs_plot_ridge(p, 0) - 989.4e3 / 3350) < 1e-9);
	assert_true(fabs(gs_plot_ridge(p, 1) - 1307.4e3 / 5300) < 1e-9);
	check_no_overlap(p);
	gs_plot_free(p);
	ceil[1].machine = 2;
	assert_null(gs_plot_roofline(&spec, &pt, 1));
	ceil[1].machine = 1;
	spec.machines = three;
	spec.nmachines = 3;
	assert_null(gs_plot_roofline(&spec, &pt, 1));
	/* one unnamed machine, as a single-GPU report draws it */
	spec.machines = NULL;
	spec.nmachines = 0;
	spec.bandwidth_gbs = 5300;
	ceil[1].machine = 0;
	p = gs_plot_roofline(&spec, &pt, 1);
	assert_non_null(p);
	assert_true(text_index(p, "5300 GB/s") >= 0);
	assert_string_equal(gs_plot_legend_label(p, 0), "roofs");
	gs_plot_free(p);
}

static int
setup(void **state)
{
	gs_error err;

	(void)state;
	return gs_plot_font_init(srcdir(), &err);
}

static int
teardown(void **state)
{
	(void)state;
	gs_plot_fini();
	return 0;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_cross_gpu),
	        cmocka_unit_test(test_spec),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
