/* test_plot_dense.c: the plots above GS_PLOT_DENSE_MIN points (issue 10,
 * "Plots that stay readable at any N"): the scatter as a 2-D histogram
 * with its count colour bar and no per-point markers, the sorted curve
 * reduced per pixel column keeping the global min and max, the roofline's
 * density, SVG sizes bounded independently of N, the labelled top
 * regressions at any N, and the 2x PNG.
 *
 * The large inputs are generated here (a fixed LCG, no files): baseline
 * times log-uniform over 5 us .. 100 ms, speedups lognormal (sigma 0.05)
 * with 1 % planted 1.5x-3x regressions, classes by the threshold rule.
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

#include "plot_test.h"
#include "render/plot.h"

/* An SVG of one dense plot must stay under this at any N: the frame, the
 * glyphs of its text and at most one run per row of cells per level. */
#define SVG_BOUND ((size_t)260 * 1024)

typedef struct big {
	size_t n;
	double *tb, *tc, *s;
	int *cls;
	size_t worst[5]; /* indices of the 5 smallest speedups */
} big;

static uint64_t lcg_state;

static double
unif(void)
{
	lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return ((double)(lcg_state >> 11) + 0.5) / 9007199254740992.0;
}

static double
gauss(void)
{
	return sqrt(-2 * log(unif())) * cos(2 * 3.14159265358979323846 * unif());
}

static void
worst5(big *b)
{
	for (size_t k = 0; k < 5; k++) {
		size_t best = SIZE_MAX;

		for (size_t i = 0; i < b->n; i++) {
			int taken = 0;

			for (size_t j = 0; j < k; j++)
				taken |= b->worst[j] == i;
			if (!taken && (best == SIZE_MAX || b->s[i] < b->s[best]))
				best = i;
		}
		b->worst[k] = best;
	}
}

static void
gen(big *b, size_t n, uint64_t seed)
{
	lcg_state = seed;
	b->n = n;
	b->tb = malloc(n * sizeof *b->tb);
	b->tc = malloc(n * sizeof *b->tc);
	b->s = malloc(n * sizeof *b->s);
	b->cls = malloc(n * sizeof *b->cls);
	assert_true(b->tb && b->tc && b->s && b->cls);
	for (size_t i = 0; i < n; i++) {
		double s = exp(0.05 * gauss());

		if (unif() < 0.01)
			s = 1 / (1.5 + 1.5 * unif());
		b->tb[i] = 5 * pow(10, 4.3 * unif());
		b->tc[i] = b->tb[i] / s;
		b->s[i] = b->tb[i] / b->tc[i];
		b->cls[i] = threshold_cls(b->s[i], 0.05);
	}
	worst5(b);
}

static void
big_free(big *b)
{
	free(b->tb);
	free(b->tc);
	free(b->s);
	free(b->cls);
}

static const char *const TEXT5[5] = {"R1 a", "R2 b", "R3 c", "R4 d", "R5 e"};

/* Count the elements named NAME (any namespace) of an SVG. */
static int
svg_count(const char *svg, size_t len, const char *name)
{
	char q[128];
	svgdoc d;
	xmlXPathObject *o;
	int n;

	svg_open(&d, svg, len);
	snprintf(q, sizeof q, "//*[local-name()='%s']", name);
	o = svg_query(&d, q);
	n = nodeset_size(o);
	xmlXPathFreeObject(o);
	svg_close(&d);
	return n;
}

/* The labels of P: all placed, pairwise apart, inside the plot area. */
static void
check_labels(const gs_plot *p, size_t want)
{
	double ax, ay, aw, ah;

	assert_int_equal(gs_plot_nlabels(p), want);
	assert_int_equal(gs_plot_area(p, 0, &ax, &ay, &aw, &ah), 0);
	for (size_t i = 0; i < want; i++) {
		double x, y, w, h;
		const char *t;

		assert_int_equal(gs_plot_label_box(p, i, &x, &y, &w, &h, &t), 0);
		assert_true(has_text(p, t));
		assert_true(x >= ax && y >= ay && x + w <= ax + aw && y + h <= ay + ah);
		for (size_t j = 0; j < i; j++) {
			double x2, y2, w2, h2;
			const char *t2;

			gs_plot_label_box(p, j, &x2, &y2, &w2, &h2, &t2);
			assert_true(x + w <= x2 || x2 + w2 <= x || y + h <= y2 || y2 + h2 <= y);
		}
	}
	assert_int_equal(gs_plot_label_box(p, want, &ax, &ay, &aw, &ah, &(const char *){NULL}), -1);
}

/* ------------------------------------------------------------- scatter */

/* 1 if a text of P starts with PREFIX or ends with SUFFIX (one given). */
static int
has_text_prefix(const gs_plot *p, const char *prefix, const char *suffix)
{
	const char *t;

	for (size_t i = 0; (t = gs_plot_text(p, i)); i++) {
		size_t n = strlen(t);

		if (prefix && strncmp(t, prefix, strlen(prefix)) == 0)
			return 1;
		if (suffix && n >= strlen(suffix) && strcmp(t + n - strlen(suffix), suffix) == 0)
			return 1;
	}
	return 0;
}

static const char *
max_label(size_t max)
{
	static char buf[32];

	snprintf(buf, sizeof buf, "\xe2\x80\x93%zu", max);
	return buf;
}

/* The scatter of B: a density, every pair counted, no point slots, the
 * colour bar with its unit, the labels; returns its SVG size. */
static size_t
dense_scatter(const big *b)
{
	gs_plot_labels lab = {b->worst, (const char *const *)TEXT5, 5};
	gs_plot *p = gs_plot_scatter(b->tb, b->tc, b->cls, b->n, 0.05, &lab);
	size_t cells, points, max, len;
	char *svg;

	assert_non_null(p);
	assert_int_equal(gs_plot_density(p, &cells, &points, &max), 1);
	assert_int_equal(points, b->n);
	assert_true(cells > 50 && max > 1);
	assert_int_equal(gs_plot_npoints(p), 0);
	assert_true(has_text(p, "shapes"));
	assert_true(has_text(p, "per cell"));
	/* The bar's lowest level starts at 1 shape, its highest ends at MAX. */
	assert_true(has_text_prefix(p, "1\xe2\x80\x93", NULL) || has_text(p, "1"));
	assert_true(has_text_prefix(p, NULL, max_label(max)));
	check_labels(p, 5);
	svg = svg_of(p, "sc", &len);
	/* Cells: one path per colour level (<= 6); markers: only the 5
	 * labelled; no circle per pair.  The lightest level's fill (#BCBDDC)
	 * is painted. */
	assert_true(svg_count(svg, len, "path") < 400);
	assert_non_null(strstr(svg, "fill:rgb(73.72549%,74.117647%,86.27451%)"));
	assert_true(len < SVG_BOUND);
	free(svg);
	gs_plot_free(p);
	return len;
}

static void
test_scatter_dense(void **state)
{
	big a, b;
	size_t la, lb;

	(void)state;
	gen(&a, 10000, 1);
	gen(&b, 50000, 2);
	la = dense_scatter(&a);
	lb = dense_scatter(&b);
	/* Five times the pairs, about the same bytes. */
	assert_true(lb < la * 13 / 10 && la < lb * 13 / 10);
	big_free(&a);
	big_free(&b);
}

/* --------------------------------------------------------------- curve */

static size_t
dense_curve(const big *b)
{
	gs_plot_labels lab = {b->worst, (const char *const *)TEXT5, 5};
	gs_plot *p = gs_plot_speedup_curve(b->s, b->cls, b->n, 0.05, &lab);
	const double *lo, *hi;
	double mn = INFINITY, mx = -INFINITY, first = NAN, last = NAN, cmin = INFINITY,
	       cmax = -INFINITY, ax, ay, aw, ah;
	size_t nc, len;
	char *svg;

	assert_non_null(p);
	assert_int_equal(gs_plot_npoints(p), 0);
	nc = gs_plot_columns(p, &lo, &hi);
	assert_int_equal(gs_plot_area(p, 0, &ax, &ay, &aw, &ah), 0);
	assert_int_equal(nc, (size_t)ceil(aw));
	for (size_t i = 0; i < b->n; i++) {
		mn = fmin(mn, b->s[i]);
		mx = fmax(mx, b->s[i]);
	}
	for (size_t c = 0; c < nc; c++) {
		if (isnan(lo[c]))
			continue;
		if (isnan(first))
			first = lo[c];
		last = hi[c];
		assert_true(lo[c] <= hi[c]);
		cmin = fmin(cmin, lo[c]);
		cmax = fmax(cmax, hi[c]);
	}
	/* Every extreme survives, exactly: the first and last rank. */
	assert_true(first == mn && last == mx && cmin == mn && cmax == mx);
	check_labels(p, 5);
	svg = svg_of(p, "cu", &len);
	assert_true(svg_count(svg, len, "path") < 400);
	assert_true(len < SVG_BOUND);
	free(svg);
	gs_plot_free(p);
	return len;
}

static void
test_curve_dense(void **state)
{
	big a, b;
	size_t la, lb;

	(void)state;
	gen(&a, 10000, 3);
	gen(&b, 50000, 4);
	la = dense_curve(&a);
	lb = dense_curve(&b);
	assert_true(lb < la * 13 / 10 && la < lb * 13 / 10);
	big_free(&a);
	big_free(&b);
}

/* At the threshold itself: still one marker per point. */
static void
test_threshold(void **state)
{
	big a;
	gs_plot *p;

	(void)state;
	gen(&a, GS_PLOT_DENSE_MIN, 5);
	p = gs_plot_scatter(a.tb, a.tc, a.cls, a.n, 0.05, NULL);
	assert_int_equal(gs_plot_density(p, NULL, NULL, NULL), 0);
	assert_int_equal(gs_plot_npoints(p), GS_PLOT_DENSE_MIN);
	gs_plot_free(p);
	p = gs_plot_speedup_curve(a.s, a.cls, a.n, 0.05, NULL);
	assert_int_equal(gs_plot_columns(p, NULL, NULL), 0);
	assert_int_equal(gs_plot_npoints(p), GS_PLOT_DENSE_MIN);
	gs_plot_free(p);
	big_free(&a);
}

/* Below the threshold the labels are drawn too (the shipped example). */
static void
test_labels_points(void **state)
{
	pairs *pr = *state;
	size_t idx[3] = {0, 1, 2};
	const char *text[3] = {"R1 x", "R2 y", "R3 z"};
	gs_plot_labels lab = {idx, text, 3};
	gs_plot *p;

	p = gs_plot_scatter(pr->tb, pr->tc, pr->cls, pr->n, 0.05, &lab);
	assert_int_equal(gs_plot_npoints(p), 558);
	assert_int_equal(gs_plot_density(p, NULL, NULL, NULL), 0);
	check_labels(p, 3);
	gs_plot_free(p);
	p = gs_plot_speedup_curve(pr->s, pr->cls, pr->n, 0.05, &lab);
	assert_int_equal(gs_plot_npoints(p), 558);
	check_labels(p, 3);
	gs_plot_free(p);
}

/* ------------------------------------------------------------ roofline */

static void
test_roofline_dense(void **state)
{
	static const gs_roofline_ceiling c[1] = {{"bf16", 1307.4, 0}};
	gs_roofline_spec spec = {c, 1, 5300, NULL, NULL, 0};
	size_t n = 6000, cells, points, len;
	gs_roofline_point *pts = calloc(n, sizeof *pts);
	gs_plot *p;
	char *svg;

	(void)state;
	lcg_state = 7;
	for (size_t i = 0; i < n; i++) {
		pts[i].ai = pow(10, 3 * unif());
		pts[i].tflops = fmin(pts[i].ai * 5.3, 1307.4) * (0.1 + 0.8 * unif());
		pts[i].time_us = 10 + 100 * unif();
		pts[i].dim_eff = NAN;
		pts[i].arrow_to = -1;
	}
	pts[0].label = "R1";
	pts[0].arrow_to = 1;
	pts[2].label = "R2";
	pts[2].arrow_to = 3;
	p = gs_plot_roofline(&spec, pts, n);
	assert_non_null(p);
	assert_int_equal(gs_plot_density(p, &cells, &points, NULL), 1);
	assert_int_equal(points, n - 4); /* the labelled and their targets are markers */
	assert_int_equal(gs_plot_npoints(p), 0);
	assert_true(has_text(p, "R1") && has_text(p, "R2"));
	check_labels(p, 2);
	svg = svg_of(p, "rf", &len);
	assert_true(len < SVG_BOUND);
	free(svg);
	gs_plot_free(p);
	free(pts);
}

/* ------------------------------------------------------------- 2x PNG */

/* Width and height from the IHDR chunk of the PNG at PATH. */
static void
png_size(const char *path, uint32_t *w, uint32_t *h)
{
	unsigned char b[24];
	FILE *f = fopen(path, "rb");

	assert_non_null(f);
	assert_int_equal(fread(b, 1, 24, f), 24);
	fclose(f);
	assert_memory_equal(b, "\x89PNG\r\n\x1a\n", 8);
	assert_memory_equal(b + 12, "IHDR", 4);
	*w = (uint32_t)b[16] << 24 | (uint32_t)b[17] << 16 | (uint32_t)b[18] << 8 | b[19];
	*h = (uint32_t)b[20] << 24 | (uint32_t)b[21] << 16 | (uint32_t)b[22] << 8 | b[23];
}

static void
test_png_2x(void **state)
{
	big a;
	gs_plot *p;
	char dir[] = "/tmp/gs-dense-XXXXXX", p1[64], p2[64];
	uint32_t w1, h1, w2, h2;
	gs_error err;

	(void)state;
	gen(&a, 3000, 9);
	p = gs_plot_scatter(a.tb, a.tc, a.cls, a.n, 0.05, NULL);
	assert_non_null(mkdtemp(dir));
	snprintf(p1, sizeof p1, "%s/s.png", dir);
	snprintf(p2, sizeof p2, "%s/s@2x.png", dir);
	assert_int_equal(gs_plot_png(p, p1, 1, &err), 0);
	assert_int_equal(gs_plot_png(p, p2, 2, &err), 0);
	png_size(p1, &w1, &h1);
	png_size(p2, &w2, &h2);
	assert_int_equal(w1, 720);
	assert_int_equal(h1, 420);
	assert_int_equal(w2, 2 * w1);
	assert_int_equal(h2, 2 * h1);
	assert_int_equal(gs_plot_png(p, p2, 0, &err), -1);
	unlink(p1);
	unlink(p2);
	assert_int_equal(rmdir(dir), 0);
	gs_plot_free(p);
	big_free(&a);
}

/* The real pairs (plot_test.h) and the shipped font. */
static int
setup(void **state)
{
	gs_error err;

	setup_pairs(state);
	return gs_plot_font_init(srcdir(), &err);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_scatter_dense),  cmocka_unit_test(test_curve_dense),
	        cmocka_unit_test(test_threshold),      cmocka_unit_test(test_labels_points),
	        cmocka_unit_test(test_roofline_dense), cmocka_unit_test(test_png_2x),
	};

	return cmocka_run_group_tests(tests, setup, teardown_pairs);
}
