/* test_plot_figs.c: the plot module's tile grids (efficiency.md §2-§4)
 * and history plots (trend, small multiples), through their layout model
 * and their SVG.  Shared helpers: plot_test.h.
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

/* The shipped font, as the reports use it. */
static int
setup_font(void **state)
{
	gs_error err;

	*state = NULL;
	return gs_plot_font_init(srcdir(), &err);
}

/* ----------------------------------------------------------- tile grid */

/* efficiency.md §4.1 example 1: 10240 x 2048, 256x64, 304 CUs. */
static void
test_tile_grid_example1(void **state)
{
	gs_tile_grid_spec g = {10240, 2048, 256, 64, 1, 304, 1.0, 0.842105, 0.842105, NULL};
	gs_plot *p = gs_plot_tile_grid(&g);
	gs_plot_tiles t;
	double x, y, w, h, lo, hi;
	int base;
	size_t len;
	char *svg;

	(void)state;
	assert_non_null(p);
	assert_int_equal(gs_plot_tile_info(p, &t), 0);
	assert_int_equal(t.tiles_m, 40);
	assert_int_equal(t.tiles_n, 32);
	assert_int_equal(t.num_tiles, 1280);
	assert_int_equal(t.waves, 5);
	assert_int_equal(t.last_wave_tiles, 64);
	assert_int_equal(t.group, 1);
	assert_int_equal(t.cells_m * t.cells_n, 1280);
	assert_true(has_text(p, "40 \xc3\x97 32 = 1280 tiles"));
	assert_true(has_text(p, "304 CUs: 5 waves, last 64 of 304"));
	assert_true(has_text(p, "wq_eff 0.8421"));
	assert_true(has_text(p, "dim_eff 0.8421"));
	assert_true(has_text(p, "wave 5 (partial)"));
	/* The grid keeps the N : M aspect, and no padding here. */
	assert_int_equal(gs_plot_area(p, 0, &x, &y, &w, &h), 0);
	assert_near(w / h, 2048.0 / 10240.0, 1e-9);
	gs_plot_range(p, GS_PLOT_X, &lo, &hi, &base);
	assert_near(hi, 2048, 0);
	gs_plot_range(p, GS_PLOT_Y, &lo, &hi, &base);
	assert_near(hi, 10240, 0);
	svg = svg_of(p, "tile1", &len);
	check_ids(svg, len, "tile1");
	free(svg);
	gs_plot_free(p);
}

/* Examples 2 and 8: padding and a tiny grid. */
static void
test_tile_grid_padding(void **state)
{
	gs_tile_grid_spec g2 = {2048, 10240, 256, 144, 1, 304, 0.987654, 0.947368, 0.935673, NULL};
	gs_tile_grid_spec g8 = {128, 5,      64,       16,       1,
	                        104, 0.3125, 0.019231, 0.006010, "addmm 5x128x128"};
	gs_plot *p = gs_plot_tile_grid(&g2);
	gs_plot_tiles t;
	double lo, hi;
	int base;

	(void)state;
	assert_non_null(p);
	gs_plot_tile_info(p, &t);
	assert_int_equal(t.tiles_m * t.tiles_n, 576);
	assert_int_equal(t.tiles_n, 72);
	assert_int_equal(t.waves, 2);
	assert_int_equal(t.last_wave_tiles, 576 - 304);
	gs_plot_range(p, GS_PLOT_X, &lo, &hi, &base);
	assert_near(hi, 72 * 144, 0); /* N_pad = 10368 > N */
	assert_true(has_text(p, "tile_eff 0.9877"));
	gs_plot_free(p);
	p = gs_plot_tile_grid(&g8);
	assert_non_null(p);
	gs_plot_tile_info(p, &t);
	assert_int_equal(t.num_tiles, 2);
	assert_int_equal(t.waves, 1);
	assert_int_equal(t.last_wave_tiles, 2);
	assert_string_equal(gs_plot_title(p), "addmm 5x128x128");
	gs_plot_free(p);
}

static void
test_tile_grid_large(void **state)
{
	gs_tile_grid_spec g = {65536, 65536, 64, 64, 2, 304, 1, NAN, NAN, NULL};
	gs_plot *p = gs_plot_tile_grid(&g);
	gs_plot_tiles t;

	(void)state;
	assert_non_null(p);
	gs_plot_tile_info(p, &t);
	assert_int_equal(t.tiles_m * t.tiles_n, 1048576);
	assert_int_equal(t.num_tiles, 2097152);
	assert_int_equal(t.waves, (2097152 + 303) / 304);
	assert_int_equal(t.last_wave_tiles, 2097152 - (t.waves - 1) * 304);
	assert_true(t.cells_m * t.cells_n <= 4096);
	assert_true(t.group > 1);
	assert_true(t.cells_m * t.group >= t.tiles_m);
	assert_true((t.cells_m - 1) * t.group < t.tiles_m);
	assert_true(has_text(p, "wq_eff n/a"));
	assert_true(has_text(p, "batch 2: 2097152 tiles, batch 0 shown"));
	gs_plot_free(p);
	g.cus = 0;
	assert_null(gs_plot_tile_grid(&g));
	g.cus = 304;
	g.tile_n = 0;
	assert_null(gs_plot_tile_grid(&g));
}

/* -------------------------------------------------------------- history */

static void
test_trend(void **state)
{
	static const char *runs[4] = {"n1", "n2", "n3", "n4"};
	double v[4] = {1, 1.02, NAN, 0.9};
	int cls[4] = {GS_PLOT_NEUTRAL, GS_PLOT_IMPROVED, GS_PLOT_NEUTRAL, GS_PLOT_REGRESSED};
	const char *const *lab;
	gs_plot *p;
	double x0, y0, x1, y1, x3, y3;

	(void)state;
	p = gs_plot_trend(runs, v, cls, 4, "geomean vs first");
	assert_non_null(p);
	assert_int_equal(gs_plot_ticks(p, GS_PLOT_X, &lab, NULL, NULL), 4);
	for (size_t i = 0; i < 4; i++)
		assert_string_equal(lab[i], runs[i]);
	assert_int_equal(gs_plot_skipped(p), 1);
	assert_int_equal(gs_plot_point_xy(p, 2, &x0, &y0), -1);
	/* The classes are the caller's (the report model's), not the plot's. */
	assert_int_equal(gs_plot_point_xy(p, 0, &x0, &y0), GS_PLOT_NEUTRAL);
	assert_int_equal(gs_plot_point_xy(p, 1, &x1, &y1), GS_PLOT_IMPROVED);
	assert_int_equal(gs_plot_point_xy(p, 3, &x3, &y3), GS_PLOT_REGRESSED);
	assert_true(x0 < x1 && x1 < x3);
	assert_true(y1 < y0 && y0 < y3);
	assert_near(y0, gs_plot_map(p, GS_PLOT_Y, 1), 1e-9);
	assert_true(has_text(p, "geomean vs first"));
	gs_plot_free(p);
	assert_null(gs_plot_trend(runs, v + 2, cls + 2, 1, NULL));
}

static void
test_small_multiples(void **state)
{
	double a[6] = {10, 10.2, 9.9, 12, 12.1, 12.2};
	gs_series s[30];
	gs_plot *p;
	char name[30][16];

	(void)state;
	for (size_t i = 0; i < 30; i++) {
		snprintf(name[i], sizeof name[i], "shape %zu", i);
		s[i].name = name[i];
		s[i].values = a;
		s[i].n = 6;
		s[i].change_index = 3;
	}
	p = gs_plot_small_multiples(s, 5);
	assert_non_null(p);
	assert_int_equal(gs_plot_npanels(p), 5);
	for (size_t i = 0; i < 5; i++) {
		double x, y, w, h, x2, y2, w2, h2;

		assert_int_equal(gs_plot_area(p, i, &x, &y, &w, &h), 0);
		assert_true(w > 60 && h > 60);
		for (size_t j = 0; j < i; j++) {
			gs_plot_area(p, j, &x2, &y2, &w2, &h2);
			assert_true(x + w <= x2 || x2 + w2 <= x || y + h <= y2 || y2 + h2 <= y);
		}
	}
	assert_true(has_text(p, "shape 4"));
	gs_plot_free(p);
	p = gs_plot_small_multiples(s, 30);
	assert_int_equal(gs_plot_npanels(p), 24);
	assert_true(has_text(p, "first 24 of 30 shapes; dashed: change point"));
	gs_plot_free(p);
	assert_null(gs_plot_small_multiples(s, 0));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_tile_grid_example1), cmocka_unit_test(test_tile_grid_padding),
	        cmocka_unit_test(test_tile_grid_large),    cmocka_unit_test(test_trend),
	        cmocka_unit_test(test_small_multiples),
	};

	return cmocka_run_group_tests(tests, setup_font, teardown_pairs);
}
