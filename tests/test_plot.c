/* test_plot.c: the plot module through its layout model and its SVG: the
 * font, the frame, the compare plots (curve, scatter, histogram, classes
 * included), SVG ids, the roofline and PNG output.  Tile grids and the
 * history plots: test_plot_figs.c; shared helpers: plot_test.h.
 *
 * Real data: examples/iree-kernel-benchmark/{rocblas,hipblaslt}-gemm.csv (iree-kernel-
 * benchmark, MI300X), joined on (M, N, K, dtype, A, B): baseline rocBLAS,
 * candidate hipBLASLt.  Expected numbers come from the reference notes
 * published with the data and from efficiency.md (roofline).
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
#include <cairo.h>
#include <csv.h>
#include <fontconfig/fontconfig.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

#include "plot_test.h"
#include "render/plot.h"

/* ---------------------------------------------------------------- font */

static void
test_font_init(void **state)
{
	char path[1024];
	gs_error err;
	FcPattern *pat, *match;
	FcResult res;
	FcChar8 *file = NULL;

	(void)state;
	assert_int_equal(gs_plot_font_init("/nonexistent-gemmscope", &err), -1);
	assert_non_null(strstr(err.file, "/nonexistent-gemmscope/fonts/DejaVuSans.ttf"));
	assert_int_equal(gs_plot_font_init(srcdir(), &err), 0);
	/* Whatever is asked for, fontconfig now answers with the shipped font. */
	pat = FcNameParse((const FcChar8 *)"Times New Roman:bold");
	FcConfigSubstitute(NULL, pat, FcMatchPattern);
	FcDefaultSubstitute(pat);
	match = FcFontMatch(NULL, pat, &res);
	assert_non_null(match);
	assert_int_equal(FcPatternGetString(match, FC_FILE, 0, &file), FcResultMatch);
	snprintf(path, sizeof path, "%s/fonts/DejaVuSans.ttf", srcdir());
	assert_string_equal((const char *)file, path);
	FcPatternDestroy(match);
	FcPatternDestroy(pat);
}

/* ------------------------------------------------------- compare plots */

static void
count_classes(const gs_plot *p, size_t c[4])
{
	double x, y;

	memset(c, 0, 4 * sizeof *c);
	for (size_t i = 0; i < gs_plot_npoints(p); i++) {
		int k = gs_plot_point_xy(p, i, &x, &y);

		c[k < 0 ? 3 : k]++;
	}
}

static void
test_scatter_real(void **state)
{
	pairs *pr = *state;
	gs_plot *p;
	size_t c[4], eq = SIZE_MAX;
	double x, y, xj, yj, lo, hi;
	int base;

	assert_int_equal(pr->n, 558);
	p = gs_plot_scatter(pr->tb, pr->tc, pr->cls, pr->n, 0.05, NULL);
	assert_non_null(p);
	assert_int_equal(gs_plot_npoints(p), 558);
	assert_int_equal(gs_plot_skipped(p), 0);
	count_classes(p, c);
	assert_int_equal(c[1], 317); /* improved */
	assert_int_equal(c[2], 152); /* regressed */
	assert_int_equal(c[0], 89); /* neutral */
	assert_int_equal(gs_plot_legend(p), 4);
	assert_string_equal(gs_plot_legend_label(p, 0), "improved (> +5 %)");
	assert_string_equal(gs_plot_legend_label(p, 1), "regressed (< \xe2\x88\x92"
	                                                "5 %)");
	assert_null(gs_plot_legend_label(p, 4));
	/* Device x grows with baseline time, device y falls as candidate time
	 * grows (y down), for every pair of shapes. */
	for (size_t i = 0; i < pr->n; i++) {
		gs_plot_point_xy(p, i, &x, &y);
		for (size_t j = 0; j < pr->n; j++) {
			gs_plot_point_xy(p, j, &xj, &yj);
			if (pr->tb[i] < pr->tb[j])
				assert_true(x < xj);
			if (pr->tc[i] < pr->tc[j])
				assert_true(y > yj);
		}
		if (pr->tb[i] == pr->tc[i])
			eq = i;
	}
	/* llama13bskinny 5120x32x640: 6.17391 us on both sides, on the diagonal. */
	assert_true(eq != SIZE_MAX);
	assert_int_equal(gs_plot_point_xy(p, eq, &x, &y), 0);
	gs_plot_range(p, GS_PLOT_X, &lo, &hi, &base);
	assert_int_equal(base, 10);
	assert_true(lo <= 6.17391 && hi >= 2757.126);
	assert_near(x, gs_plot_map(p, GS_PLOT_X, 6.17391), 1e-9);
	assert_near(y, gs_plot_map(p, GS_PLOT_Y, 6.17391), 1e-9);
	gs_plot_free(p);
}

static void
test_log_ticks(void **state)
{
	static const double tb[4] = {1, 10, 100, 1000};
	static const double tc[5] = {1.2, 9, 100, 2000};
	static const char *want[4] = {"1", "10", "100", "1000"};
	const char *const *lab;
	const double *val, *px;
	gs_plot *p;
	size_t n;

	(void)state;
	p = gs_plot_scatter(tb, tc, NEUTRAL, 4, 0.05, NULL);
	assert_non_null(p);
	n = gs_plot_ticks(p, GS_PLOT_X, &lab, &val, &px);
	assert_int_equal(n, 4);
	for (size_t i = 0; i < n; i++) {
		assert_string_equal(lab[i], want[i]);
		assert_near(val[i], tb[i], 1e-9);
	}
	/* A log axis: one decade is the same length everywhere. */
	assert_true(px[1] > px[0]);
	assert_near(px[1] - px[0], px[2] - px[1], 1e-9);
	assert_near(px[2] - px[1], px[3] - px[2], 1e-9);
	/* Candidate 2000 us extends the shared range: y shows 1 .. 1000 too. */
	n = gs_plot_ticks(p, GS_PLOT_Y, &lab, NULL, &px);
	assert_int_equal(n, 4);
	assert_string_equal(lab[3], "1000");
	assert_true(px[3] < px[0]); /* up the page */
	gs_plot_free(p);
}

static void
test_curve_real(void **state)
{
	pairs *pr = *state;
	gs_plot *p = gs_plot_speedup_curve(pr->s, pr->cls, pr->n, 0.05, NULL);
	double x, y, px = -1, py = 1e9, lo, hi, ax, ay, aw, ah, top, bottom;
	int base;

	assert_non_null(p);
	assert_int_equal(gs_plot_npoints(p), 558);
	for (size_t i = 0; i < 558; i++) {
		int k = gs_plot_point_xy(p, i, &x, &y);

		/* Sorted ascending: 152 regressed, 89 neutral, 317 improved. */
		assert_int_equal(k, i < 152 ? 2 : i < 241 ? 0 : 1);
		assert_true(x > px);
		assert_true(y <= py);
		px = x;
		py = y;
	}
	gs_plot_range(p, GS_PLOT_Y, &lo, &hi, &base);
	assert_int_equal(base, 2);
	assert_true(lo <= 1 / 5.7221 && hi >= 4.7146);
	/* The band sits at 1 +/- T on the log2 axis of the plot area. */
	assert_int_equal(gs_plot_area(p, 0, &ax, &ay, &aw, &ah), 0);
	assert_int_equal(gs_plot_band(p, &top, &bottom), 0);
	assert_near(top, ay + ah * (1 - log2(1.05 / lo) / log2(hi / lo)), 1e-9);
	assert_near(bottom, ay + ah * (1 - log2(0.95 / lo) / log2(hi / lo)), 1e-9);
	gs_plot_free(p);
}

static void
test_histogram_real(void **state)
{
	pairs *pr = *state;
	gs_plot *p = gs_plot_histogram(pr->s, pr->cls, pr->n, 0.05);
	const double *e;
	const size_t *c;
	size_t nb, sum = 0, zero_edge = 0;

	assert_non_null(p);
	nb = gs_plot_bins(p, &e, &c);
	assert_true(nb >= 5 && nb <= 60);
	for (size_t i = 0; i < nb; i++) {
		size_t recount = 0;

		for (size_t k = 0; k < pr->n; k++) {
			double v = log2(pr->s[k]);

			if (v >= e[i] && (v < e[i + 1] || (i == nb - 1 && v <= e[nb])))
				recount++;
		}
		assert_int_equal(c[i], recount);
		assert_near(e[i + 1] - e[i], e[1] - e[0], 1e-12);
		zero_edge += fabs(e[i]) < 1e-12;
		sum += c[i];
	}
	assert_int_equal(sum, 558);
	assert_int_equal(zero_edge, 1); /* s = 1 is a bin edge */
	assert_true(e[0] <= log2(1 / 5.7221) && e[nb] >= log2(4.7146));
	gs_plot_free(p);
}

static void
test_histogram_constant(void **state)
{
	double s[7] = {1.02, 1.02, 1.02, 1.02, 1.02, 1.02, -3};
	gs_plot *p;
	const size_t *c;

	(void)state;
	p = gs_plot_histogram(s, NEUTRAL, 7, 0.05);
	assert_non_null(p);
	assert_int_equal(gs_plot_skipped(p), 1);
	assert_int_equal(gs_plot_bins(p, NULL, &c), 1);
	assert_int_equal(c[0], 6);
	gs_plot_free(p);
}

static void
test_degenerate(void **state)
{
	double bad[3] = {0, -1, NAN}, one[3] = {2, 0, 4};
	double x, y;
	gs_plot *p;

	(void)state;
	assert_null(gs_plot_speedup_curve(bad, NEUTRAL, 0, 0.05, NULL));
	assert_null(gs_plot_speedup_curve(bad, NEUTRAL, 3, 0.05, NULL));
	assert_null(gs_plot_histogram(bad, NEUTRAL, 3, 0.05));
	assert_null(gs_plot_scatter(bad, bad, NEUTRAL, 3, 0.05, NULL));
	p = gs_plot_scatter(one, one, NEUTRAL, 3, 0.05, NULL);
	assert_non_null(p);
	assert_int_equal(gs_plot_skipped(p), 1);
	assert_int_equal(gs_plot_point_xy(p, 1, &x, &y), -1);
	assert_int_equal(gs_plot_point_xy(p, 2, &x, &y), 0);
	assert_int_equal(gs_plot_point_xy(p, 3, &x, &y), -1);
	gs_plot_free(p);
}

/* Unsure shapes (past T, not confirmed by the U test) are drawn as the
 * report model classes them: their own colour, legend entry and histogram
 * segment, never as improved or regressed (issue 9). */
static const double US_S[4] = {1.5, 0.5, 1.2, 0.8};
static const double US_B[4] = {15, 5, 12, 8}, US_C[4] = {10, 10, 10, 10};
static const int US_CLS[4] = {GS_PLOT_UNSURE, GS_PLOT_REGRESSED, GS_PLOT_UNSURE, GS_PLOT_NEUTRAL};

/* 1 if the SVG of P paints something in the unsure colour #E6B800. */
static int
svg_has_unsure(const gs_plot *p)
{
	size_t len;
	char *svg = svg_of(p, "u", &len);
	int found = strstr(svg, "rgb(90.196078%,72.156863%,0%)") != NULL;

	free(svg);
	return found;
}

static void
test_unsure_classes(void **state)
{
	static const int sorted[4] = {GS_PLOT_REGRESSED, GS_PLOT_NEUTRAL, GS_PLOT_UNSURE,
	                              GS_PLOT_UNSURE};
	gs_plot *p;
	size_t unsure = 0, improved = 0;
	double x, y;

	(void)state;
	p = gs_plot_speedup_curve(US_S, US_CLS, 4, 0.05, NULL);
	assert_non_null(p);
	for (size_t i = 0; i < 4; i++)
		assert_int_equal(gs_plot_point_xy(p, i, &x, &y), sorted[i]);
	assert_true(has_legend(p, "unsure (U test)"));
	assert_true(svg_has_unsure(p));
	gs_plot_free(p);
	p = gs_plot_scatter(US_B, US_C, US_CLS, 4, 0.05, NULL);
	assert_non_null(p);
	for (size_t i = 0; i < 4; i++)
		assert_int_equal(gs_plot_point_xy(p, i, &x, &y), US_CLS[i]);
	assert_true(has_legend(p, "unsure (U test)"));
	assert_true(svg_has_unsure(p));
	gs_plot_free(p);
	p = gs_plot_histogram(US_S, US_CLS, 4, 0.05);
	assert_non_null(p);
	for (size_t b = 0; b < gs_plot_bins(p, NULL, NULL); b++) {
		unsure += gs_plot_bin_class(p, b, GS_PLOT_UNSURE);
		improved += gs_plot_bin_class(p, b, GS_PLOT_IMPROVED);
	}
	assert_int_equal(unsure, 2);
	assert_int_equal(improved, 0);
	assert_true(has_legend(p, "unsure (U test)"));
	assert_true(svg_has_unsure(p));
	gs_plot_free(p);
	/* Without unsure shapes: no legend entry, no unsure paint. */
	p = gs_plot_scatter(US_B, US_C, NEUTRAL, 4, 0.05, NULL);
	assert_false(has_legend(p, "unsure (U test)"));
	assert_false(svg_has_unsure(p));
	gs_plot_free(p);
}

/* ---------------------------------------------------------------- SVG */

static void
test_svg_ids(void **state)
{
	pairs *pr = *state;
	gs_plot *p = gs_plot_scatter(pr->tb, pr->tc, pr->cls, pr->n, 0.05, NULL);
	gs_plot *q = gs_plot_histogram(pr->s, pr->cls, pr->n, 0.05);
	size_t la, lb, lc;
	char *a = svg_of(p, "scatter", &la), *b = svg_of(q, "hist", &lb);
	char *c = svg_of(p, "scatter", &lc);
	svgdoc da, db;
	int na, nb;
	char **ia, **ib;
	xmlXPathObject *o;

	assert_true(check_ids(a, la, "scatter") > 0);
	assert_true(check_ids(b, lb, "hist") > 0);
	/* Same plot twice: byte-identical, though cairo's counters moved on. */
	assert_int_equal(la, lc);
	assert_memory_equal(a, c, la);
	/* No XML declaration; the root is an SVG element with the title. */
	assert_int_equal(strncmp(a, "<svg", 4), 0);
	svg_open(&da, a, la);
	svg_open(&db, b, lb);
	o = svg_query(&da, "/svg:svg/svg:title");
	assert_int_equal(nodeset_size(o), 1);
	xmlXPathFreeObject(o);
	ia = attr_values(&da, "//@id", &na);
	ib = attr_values(&db, "//@id", &nb);
	for (int i = 0; i < na; i++)
		assert_false(in_list(ib, nb, ia[i], strlen(ia[i])));
	free_values(ia, na);
	free_values(ib, nb);
	svg_close(&da);
	svg_close(&db);
	free(a);
	free(b);
	free(c);
	gs_plot_free(p);
	gs_plot_free(q);
}

static void
test_svg_bad_prefix(void **state)
{
	double s[2] = {1, 2};
	gs_plot *p = gs_plot_speedup_curve(s, NEUTRAL, 2, 0.05, NULL);
	char *svg = (char *)1;
	size_t len;
	gs_error err;

	(void)state;
	assert_int_equal(gs_plot_svg(p, "1bad", &svg, &len, &err), -1);
	assert_null(svg);
	assert_int_equal(gs_plot_svg(p, "a\"b", &svg, &len, &err), -1);
	gs_plot_free(p);
}

/* ------------------------------------------------------------ roofline */

static void
test_roofline(void **state)
{
	pairs *pr = *state;
	static const gs_roofline_ceiling mi300x[2] = {{"bf16", 1307.4, 0}, {"fp32", 163.4, 0}};
	gs_roofline_spec spec = {mi300x, 2, 5300, NULL, NULL, 0};
	gs_roofline_point *pts = calloc(pr->cand.n + 1, sizeof *pts);
	size_t n = pr->cand.n;
	double xi, yi, xj, yj, lo, hi;
	size_t len;
	char *svg;
	gs_plot *p;
	int base;

	for (size_t i = 0; i < n; i++) {
		pts[i].ai = pr->cand.r[i].ai;
		pts[i].tflops = pr->cand.r[i].tflops;
		pts[i].time_us = pr->cand.r[i].us;
		pts[i].dim_eff = NAN;
		pts[i].arrow_to = i == 0 ? (long)n - 1 : -1;
	}
	pts[n].ai = -1; /* not drawable: skipped, keeps its slot */
	pts[n].arrow_to = -1;
	p = gs_plot_roofline(&spec, pts, n + 1);
	assert_non_null(p);
	/* Ridge = peak / bandwidth: 1307.4e12 / 5.3e12 = 246.7 FLOP/B. */
	assert_near(gs_plot_ridge(p, 0), 1307.4e12 / 5.3e12, 1e-9);
	assert_near(round(gs_plot_ridge(p, 0) * 10) / 10, 246.7, 1e-12);
	assert_near(gs_plot_ridge(p, 1), 163.4e12 / 5.3e12, 1e-9);
	assert_true(isnan(gs_plot_ridge(p, 2)));
	assert_int_equal(gs_plot_npoints(p), n + 1);
	assert_int_equal(gs_plot_skipped(p), 1);
	assert_int_equal(gs_plot_point_xy(p, n, &xi, &yi), -1);
	gs_plot_range(p, GS_PLOT_Y, &lo, &hi, &base);
	assert_int_equal(base, 10);
	assert_true(hi >= 1307.4);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(gs_plot_point_xy(p, i, &xi, &yi), 3);
		for (size_t j = 0; j < n; j++) {
			gs_plot_point_xy(p, j, &xj, &yj);
			if (pts[i].ai < pts[j].ai)
				assert_true(xi < xj);
			if (pts[i].tflops < pts[j].tflops)
				assert_true(yi > yj);
			if (pts[i].time_us < pts[j].time_us)
				assert_true(gs_plot_point_radius(p, i) <
				            gs_plot_point_radius(p, j));
		}
	}
	svg = svg_of(p, "roof", &len);
	check_ids(svg, len, "roof");
	free(svg);
	gs_plot_free(p);
	spec.bandwidth_gbs = 0;
	assert_null(gs_plot_roofline(&spec, pts, n));
	free(pts);
}

/* ---------------------------------------------------------------- PNG */

static void
test_png(void **state)
{
	pairs *pr = *state;
	gs_plot *p = gs_plot_speedup_curve(pr->s, pr->cls, pr->n, 0.05, NULL);
	char dir[] = "/tmp/gs-plot-XXXXXX", path[64];
	unsigned char magic[8];
	cairo_surface_t *img;
	gs_error err;
	FILE *f;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/curve.png", dir);
	assert_int_equal(gs_plot_png(p, path, 1, &err), 0);
	f = fopen(path, "rb");
	assert_non_null(f);
	assert_int_equal(fread(magic, 1, 8, f), 8);
	fclose(f);
	assert_memory_equal(magic, "\x89PNG\r\n\x1a\n", 8);
	img = cairo_image_surface_create_from_png(path);
	assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
	assert_int_equal(cairo_image_surface_get_width(img), 720);
	assert_int_equal(cairo_image_surface_get_height(img), 420);
	cairo_surface_destroy(img);
	unlink(path);
	/* A directory that does not exist: error, nothing created. */
	snprintf(path, sizeof path, "%s/no/such.png", dir);
	assert_int_equal(gs_plot_png(p, path, 1, &err), -1);
	assert_string_equal(err.file, path);
	assert_int_equal(rmdir(dir), 0);
	gs_plot_free(p);
}

/* gs_plot_speedups (one sort for both plots, as a compare draws them) gives
 * the SVG of gs_plot_speedup_curve and gs_plot_histogram, each on its own
 * sorted copy: 558 real pairs, and a tenth of them (M >= 1). */
static void
test_speedups_shared_sort(void **state)
{
	pairs *pr = *state;
	gs_error err;

	for (size_t n = pr->n; n > 0; n = n == pr->n ? n / 10 : 0) {
		gs_plot *one[2], *both[2];

		one[0] = gs_plot_speedup_curve(pr->s, pr->cls, n, 0.05, NULL);
		one[1] = gs_plot_histogram(pr->s, pr->cls, n, 0.05);
		gs_plot_speedups(pr->s, pr->cls, n, 0.05, NULL, &both[0], &both[1]);
		for (int k = 0; k < 2; k++) {
			char *a = NULL, *b = NULL;
			size_t la = 0, lb = 0;

			assert_non_null(one[k]);
			assert_non_null(both[k]);
			assert_int_equal(gs_plot_svg(one[k], "x", &a, &la, &err), 0);
			assert_int_equal(gs_plot_svg(both[k], "x", &b, &lb, &err), 0);
			assert_int_equal(la, lb);
			assert_memory_equal(a, b, la);
			free(a);
			free(b);
			gs_plot_free(one[k]);
			gs_plot_free(both[k]);
		}
	}
	/* nothing drawable: both NULL, as the two functions give */
	{
		const double bad[2] = {NAN, -1};
		const int cls[2] = {0, 0};
		gs_plot *c = (gs_plot *)1, *h = (gs_plot *)1;

		gs_plot_speedups(bad, cls, 2, 0.05, NULL, &c, &h);
		assert_null(c);
		assert_null(h);
	}
}

/* Any finite data draws (fuzz reproducers B and C, tests/fuzz/RESULTS.md):
 * a subnormal time compared with itself, times near DBL_MAX and a single
 * value give finite, ordered axes and an SVG, never cairo's "invalid
 * matrix" or an infinite tick count. */
static void
draw_all(const double *tb, const double *tc, size_t n)
{
	double s[4];
	int cls[4] = {0, 0, 0, 0};
	gs_plot *plots[3];
	gs_error err;

	for (size_t i = 0; i < n; i++)
		s[i] = tb[i] / tc[i];
	plots[0] = gs_plot_scatter(tb, tc, cls, n, 0.05, NULL);
	plots[1] = gs_plot_speedup_curve(s, cls, n, 0.05, NULL);
	plots[2] = gs_plot_histogram(s, cls, n, 0.05);
	for (int k = 0; k < 3; k++) {
		char *svg = NULL;
		size_t len = 0;
		double lo, hi;
		int base;

		assert_non_null(plots[k]);
		gs_plot_range(plots[k], GS_PLOT_X, &lo, &hi, &base);
		assert_true(isfinite(lo) && isfinite(hi) && hi > lo);
		gs_plot_range(plots[k], GS_PLOT_Y, &lo, &hi, &base);
		assert_true(isfinite(lo) && isfinite(hi) && hi > lo);
		if (gs_plot_svg(plots[k], "x", &svg, &len, &err) != 0)
			print_error("plot %d: %s\n", k, err.msg);
		assert_non_null(svg);
		assert_true(len > 0);
		free(svg);
		gs_plot_free(plots[k]);
	}
}

static void
test_extreme_values(void **state)
{
	const double sub[2] = {4.9e-324, 4.9e-324};
	const double big_b[2] = {1.5e308, 1.7e308}, big_c[2] = {1.7e308, 1.5e308};
	const double one[1] = {3.0};

	(void)state;
	draw_all(sub, sub, 2);
	draw_all(big_b, big_c, 2);
	draw_all(one, one, 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_font_init),
	        cmocka_unit_test(test_log_ticks),
	        cmocka_unit_test(test_histogram_constant),
	        cmocka_unit_test(test_degenerate),
	        cmocka_unit_test(test_unsure_classes),
	        cmocka_unit_test(test_svg_bad_prefix),
	        cmocka_unit_test(test_scatter_real),
	        cmocka_unit_test(test_curve_real),
	        cmocka_unit_test(test_histogram_real),
	        cmocka_unit_test(test_speedups_shared_sort),
	        cmocka_unit_test(test_svg_ids),
	        cmocka_unit_test(test_png),
	        cmocka_unit_test(test_roofline),
	        cmocka_unit_test(test_extreme_values),
	};

	return cmocka_run_group_tests(tests, setup_pairs, teardown_pairs);
}
