/* test_plot_sweep.c: the sweep figure (issue 13 §4, plot.h
 * gs_plot_sweep) through its layout model and its SVG: its bounds on
 * synthetic sweeps (too many tile boundaries, a log2 x axis, a dense
 * sweep).
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

#include "plot_test.h"
#include "render/plot.h"

static int
setup_font(void **state)
{
	gs_error err;

	*state = NULL;
	return gs_plot_font_init(srcdir(), &err);
}

/* Sizes 64..8192 step 64 (128 sizes, 128x apart: log2 x), a 64 tile: 127
 * tile boundaries are too many to draw, the 3 wave boundaries are drawn
 * and the note says what is missing. */
static void
test_many_tile_boundaries(void **state)
{
	double x[128], y[128], tiles[127], waves[3] = {1024, 2048, 4096}, lo, hi;
	size_t cl[1] = {40};
	double drop[1] = {0.3};
	gs_sweep_series s = {NULL, x, y, 128, cl, drop, 1};
	gs_sweep_spec spec = {'N', &s, 1, tiles, waves, 127, 3, 127, 3, NULL};
	gs_plot_sweep_facts f;
	const double *lx;
	gs_plot *p;
	int base;

	(void)state;
	for (size_t i = 0; i < 128; i++) {
		x[i] = 64.0 * (double)(i + 1);
		y[i] = 100 + (double)(i % 16);
	}
	for (size_t i = 0; i < 127; i++)
		tiles[i] = 64.0 * (double)(i + 1);
	p = gs_plot_sweep(&spec);
	assert_non_null(p);
	assert_int_equal(gs_plot_sweep_info(p, &f), 0);
	assert_true(f.tile_omitted);
	assert_int_equal(f.ntile, 0);
	assert_int_equal(gs_plot_sweep_lines(p, 1, &lx), 3);
	assert_near(lx[2], 4096, 0);
	assert_true(has_text(p, "128 sizes; 127 tile boundaries not drawn"));
	assert_false(has_legend(p, "tile boundary"));
	assert_true(has_legend(p, "wave boundary"));
	assert_true(has_text(p, "N"));
	assert_string_equal(gs_plot_title(p), "TFLOP/s along N");
	gs_plot_range(p, GS_PLOT_X, &lo, &hi, &base);
	assert_int_equal(base, 2);
	gs_plot_free(p);
}

/* Above GS_PLOT_DENSE_MIN sizes the line is reduced per pixel column:
 * no point slots, a bounded SVG; nothing drawable: NULL. */
static void
test_dense_and_empty(void **state)
{
	enum { N = 50000 };
	double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y), nan_y[4] = {NAN, NAN, 0, -1};
	gs_sweep_series s = {NULL, x, y, N, NULL, NULL, 0};
	gs_sweep_spec spec = {'K', &s, 1, NULL, NULL, 0, 0, 0, 0, NULL};
	gs_plot *p;
	size_t len;
	char *svg;

	(void)state;
	assert_non_null(x);
	assert_non_null(y);
	for (size_t i = 0; i < N; i++) {
		x[i] = (double)(i + 1);
		y[i] = 50 + 10 * sin((double)i / 100);
	}
	p = gs_plot_sweep(&spec);
	assert_non_null(p);
	assert_int_equal(gs_plot_npoints(p), 0);
	svg = svg_of(p, "dense", &len);
	assert_true(len < 200000);
	free(svg);
	gs_plot_free(p);
	s.y = nan_y;
	s.n = 4;
	assert_null(gs_plot_sweep(&spec));
	spec.nseries = 0;
	assert_null(gs_plot_sweep(&spec));
	free(x);
	free(y);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_many_tile_boundaries),
	        cmocka_unit_test(test_dense_and_empty),
	};
	return cmocka_run_group_tests(tests, setup_font, NULL);
}
