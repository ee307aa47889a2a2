/* test_plot_sweep.c: the sweep figure (issue 13 §4, plot.h
 * gs_plot_sweep, figures.h gs_figures_sweeps) on the real M sweeps
 * gemmscope-bench measured on an H100 (tests/data/runner/README.md: the
 * tiled kernel's 128x128x32 tile, cuBLASLt, 132 SMs), through the layout
 * model and the SVG; and its bounds on synthetic sweeps (too many tile
 * boundaries, a log2 x axis, a dense sweep).
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

#include "analysis/cliff.h"
#include "analysis/single.h"
#include "ingest/ingest.h"
#include "model/gpu.h"
#include "plot_test.h"
#include "render/figures.h"
#include "render/plot.h"
#include "table.h"

#define MINUS "\xe2\x88\x92"
#define NBSP "\xc2\xa0"

typedef struct side {
	gs_table *t;
	gs_single s;
	gs_cliffs c;
} side;

static void
side_open(side *x, const char *name, const gs_gpu *gpu)
{
	char path[4096];
	gs_error err;

	snprintf(path, sizeof path, "%s/tests/data/runner/%s", srcdir(), name);
	assert_int_equal(gs_ingest_read(path, NULL, &x->t, &err), 0);
	assert_int_equal(gs_single_run(x->t, gpu, NULL, &x->s, &err), 0);
	assert_int_equal(gs_cliffs_find(&x->s, 0.05, &x->c, &err), 0);
}

static void
side_close(side *x)
{
	gs_cliffs_free(&x->c);
	gs_single_free(&x->s);
	gs_table_free(x->t);
}

static int
setup_font(void **state)
{
	gs_error err;

	*state = NULL;
	return gs_plot_font_init(srcdir(), &err);
}

/* The fonts the plots registered, as main does, so LeakSanitizer sees a
 * clean heap. */
static int
teardown_font(void **state)
{
	(void)state;
	gs_plot_fini();
	return 0;
}

/* The sweep of side X whose dtype is DTYPE. */
static const gs_sweep *
sweep_of(const side *x, const char *dtype)
{
	for (size_t i = 0; i < x->c.nsweeps; i++)
		if (strcmp(x->s.rows[x->c.sweeps[i].rows[0]].rec->shape.dtype, dtype) == 0)
			return &x->c.sweeps[i];
	fail();
	return NULL;
}

/* Points FIRST.. of P are the sizes of sweep W of X, in order. */
static void
check_points(const gs_plot *p, size_t first, const side *x, const gs_sweep *w)
{
	for (size_t i = 0; i < w->n; i++) {
		const gs_single_row *r = &x->s.rows[w->rows[i]];
		double px, py;
		assert_int_equal(gs_plot_point_xy(p, first + i, &px, &py), GS_PLOT_UNCLASSED);
		assert_near(px, gs_plot_map(p, GS_PLOT_X, (double)r->rec->shape.M), 1e-9);
		assert_near(py, gs_plot_map(p, GS_PLOT_Y, gs_single_achieved_tflops(r)), 1e-9);
	}
}

/* The tiled kernel's lines: tile boundaries at 128..896 (multiples of the
 * 128 tile along M in 64..1024), one wave boundary at 512: 4 x 32 = 128
 * tiles fit the 132 SMs, 5 x 32 = 160 do not. */
static void
check_tiled_lines(const gs_plot *p)
{
	const double *x;
	size_t n = gs_plot_sweep_lines(p, 0, &x);

	assert_int_equal(n, 7);
	for (size_t i = 0; i < n; i++)
		assert_near(x[i], 128.0 * (double)(i + 1), 0);
	assert_int_equal(gs_plot_sweep_lines(p, 1, &x), 1);
	assert_near(x[0], 512, 0);
	assert_true(has_legend(p, "tile boundary"));
	assert_true(has_legend(p, "wave boundary"));
}

/* Cliff arrow I of P marks row ROW's point of X with its drop. */
static void
check_cliff(const gs_plot *p, size_t i, const side *x, const gs_cliff *cl, size_t series)
{
	const gs_single_row *r = &x->s.rows[cl->to];
	double px, py, drop;
	size_t s;

	assert_int_equal(gs_plot_sweep_cliff(p, i, &px, &py, &s, &drop), 0);
	assert_int_equal(s, series);
	assert_near(drop, cl->drop, 0);
	assert_near(px, gs_plot_map(p, GS_PLOT_X, (double)r->rec->shape.M), 1e-9);
	assert_near(py, gs_plot_map(p, GS_PLOT_Y, cl->tflops_to), 1e-9);
}

static void
check_svg(const gs_report_plot *pl)
{
	svgdoc d;
	xmlXPathObject *o;

	assert_non_null(pl->svg);
	check_ids(pl->svg, pl->svg_len, pl->id);
	svg_open(&d, pl->svg, pl->svg_len);
	o = svg_query(&d, "/svg:svg/svg:title");
	assert_int_equal(nodeset_size(o), 1);
	xmlXPathFreeObject(o);
	svg_close(&d);
}

/* `gemmscope report h100-tiled-msweep.csv`: two sweeps (bf16, f16), one
 * cliff each at M 512 -> 576, the JSON's cliffs (bf16 -24.0 %, f16
 * -18.7 %: tile and wave boundary); one figure each, largest drop first. */
static void
test_report_tiled(void **state)
{
	static const char *const dtype[2] = {"bf16", "f16"};
	side x;
	gs_report_plot *pl = NULL;
	size_t n = 0;
	gs_error err;

	(void)state;
	side_open(&x, "h100-tiled-msweep.csv", gs_gpu_find("h100"));
	assert_int_equal(x.c.ncliffs, 2);
	assert_int_equal(gs_figures_sweeps(&x.s, &x.c, NULL, NULL, srcdir(), &pl, &n, &err), 0);
	assert_int_equal(n, 2);
	for (size_t k = 0; k < n; k++) {
		const gs_plot *p = pl[k].plot;
		gs_plot_sweep_facts f;
		double lo, hi;
		int base;
		char id[32];
		snprintf(id, sizeof id, "sweep-%zu", k + 1);
		assert_string_equal(pl[k].id, id);
		assert_string_equal(pl[k].place, "model");
		check_svg(&pl[k]);
		assert_int_equal(gs_plot_npoints(p), 16);
		check_points(p, 0, &x, sweep_of(&x, dtype[k]));
		assert_int_equal(gs_plot_sweep_info(p, &f), 0);
		assert_int_equal(f.ncliffs, 1);
		assert_int_equal(f.log_y, 0);
		assert_false(f.tile_omitted || f.wave_omitted);
		check_tiled_lines(p);
		assert_string_equal(x.s.rows[x.c.cliffs[k].to].rec->shape.dtype, dtype[k]);
		assert_int_equal(x.s.rows[x.c.cliffs[k].to].rec->shape.M, 576);
		check_cliff(p, 0, &x, &x.c.cliffs[k], 0);
		gs_plot_range(p, GS_PLOT_Y, &lo, &hi, &base);
		assert_near(lo, 0, 0);
		assert_int_equal(base, 0);
		gs_plot_range(p, GS_PLOT_X, &lo, &hi, &base);
		assert_int_equal(base, 0);
		assert_true(lo < 64 && hi > 1024);
		assert_true(has_text(p, "M") && has_text(p, "TFLOP/s"));
		assert_true(has_text(p, "128") && has_text(p, "1024"));
		assert_true(has_text(p, k ? MINUS "18.7" NBSP "%" : MINUS "24.0" NBSP "%"));
		assert_true(has_text(p, "16 sizes"));
		assert_true(has_legend(p, "achieved") && has_legend(p, "cliff"));
		assert_non_null(strstr(pl[k].caption, "multiples of 128"));
		assert_non_null(strstr(pl[k].caption, "132 workgroup slots"));
		assert_non_null(strstr(pl[k].caption, "The input has 2 sweeps, 2 with cliffs"));
	}
	assert_string_equal(gs_plot_title(pl[0].plot), "TFLOP/s along M: M\xc3\x97"
	                                               "4096\xc3\x97"
	                                               "4096 bf16 NN");
	gs_figures_free(pl, n);
	side_close(&x);
}

/* `gemmscope compare tiled vendor`: the baseline's and the candidate's
 * runs of each sweep in one figure, on a log axis (peaks 3.6 and 665
 * TFLOP/s); the lines from the tiled kernel's tile (cuBLASLt's unknown);
 * every cliff of both sides marked. */
static void
test_compare_tiled_vendor(void **state)
{
	side b, c;
	gs_report_plot *pl = NULL;
	size_t n = 0, want[2] = {2, 3};
	gs_error err;

	(void)state;
	side_open(&b, "h100-tiled-msweep.csv", gs_gpu_find("h100"));
	side_open(&c, "h100-vendor-msweep.csv", gs_gpu_find("h100"));
	assert_int_equal(gs_figures_sweeps(&b.s, &b.c, &c.s, &c.c, srcdir(), &pl, &n, &err), 0);
	assert_int_equal(n, 2);
	for (size_t k = 0; k < n; k++) {
		const gs_plot *p = pl[k].plot;
		const char *dt = k ? "f16" : "bf16";
		gs_plot_sweep_facts f;
		check_svg(&pl[k]);
		assert_int_equal(gs_plot_npoints(p), 32);
		check_points(p, 0, &b, sweep_of(&b, dt));
		check_points(p, 16, &c, sweep_of(&c, dt));
		assert_int_equal(gs_plot_sweep_info(p, &f), 0);
		assert_int_equal(f.log_y, 10);
		assert_int_equal(f.ncliffs, want[k]);
		check_tiled_lines(p);
		assert_true(has_legend(p, "baseline") && has_legend(p, "candidate"));
		assert_true(has_text(p, "16 + 16 sizes"));
		assert_non_null(strstr(pl[k].caption, "the baseline's tile along M"));
		assert_non_null(strstr(pl[k].caption, "candidate's kernels: tile unknown"));
		assert_non_null(strstr(pl[k].caption, "log scale"));
	}
	/* bf16: the baseline's -24.0 % at 576 first, then cuBLASLt's -9.6 % at 832 */
	check_cliff(pl[0].plot, 0, &b, &b.c.cliffs[0], 0);
	check_cliff(pl[0].plot, 1, &c, &c.c.cliffs[0], 1);
	gs_figures_free(pl, n);
	side_close(&b);
	side_close(&c);
}

/* cuBLASLt alone: its tiles are unknown, so no line, and the caption says
 * so; every cliff still marked. */
static void
test_report_vendor_no_tile(void **state)
{
	side x;
	gs_report_plot *pl = NULL;
	size_t n = 0, cliffs = 0;
	gs_error err;

	(void)state;
	side_open(&x, "h100-vendor-msweep.csv", gs_gpu_find("h100"));
	assert_int_equal(gs_figures_sweeps(&x.s, &x.c, NULL, NULL, srcdir(), &pl, &n, &err), 0);
	assert_int_equal(n, 2);
	for (size_t k = 0; k < n; k++) {
		gs_plot_sweep_facts f;
		assert_int_equal(gs_plot_sweep_info(pl[k].plot, &f), 0);
		assert_int_equal(f.ntile + f.nwave, 0);
		assert_false(has_legend(pl[k].plot, "tile boundary"));
		assert_non_null(strstr(pl[k].caption, "No boundary lines: tile unknown."));
		cliffs += f.ncliffs;
	}
	assert_int_equal(cliffs, x.c.ncliffs);
	gs_figures_free(pl, n);
	side_close(&x);
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
	gs_sweep_series s = {NULL, x, y, 128, cl, drop, 1, 0};
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

/* Markers only up to GS_PLOT_SWEEP_MAX_MARKERS sizes in a series: a grid
 * sweep of 1,000 sizes a side was 765 KB of markers a figure.  Both
 * series (baseline and candidate) of 150 sizes: a marker each (an SVG of
 * 100 KB); 151: the lines alone (52 KB), the point slots kept; 1,000:
 * still bounded (80 KB). */
static void
test_markers_bound(void **state)
{
	enum { N = 1000 };
	double x[N], y[2][N];
	gs_sweep_series s[2] = {{"baseline", x, y[0], 0, NULL, NULL, 0, 1},
	                        {"candidate", x, y[1], 0, NULL, NULL, 0, 0}};
	gs_sweep_spec spec = {'M', s, 2, NULL, NULL, 0, 0, 0, 0, NULL};
	const size_t sizes[3] = {GS_PLOT_SWEEP_MAX_MARKERS, GS_PLOT_SWEEP_MAX_MARKERS + 1, N};
	size_t len[3];

	(void)state;
	for (size_t i = 0; i < N; i++) {
		x[i] = 64.0 * (double)(i + 1);
		y[0][i] = 100 + (double)(i % 7);
		y[1][i] = 90 + (double)(i % 5);
	}
	for (int k = 0; k < 3; k++) {
		gs_plot *p;
		char *svg;

		s[0].n = s[1].n = sizes[k];
		p = gs_plot_sweep(&spec);
		assert_non_null(p);
		assert_int_equal(gs_plot_npoints(p), 2 * sizes[k]);
		svg = svg_of(p, "m", &len[k]);
		free(svg);
		gs_plot_free(p);
	}
	/* 300 markers are ~160 bytes each or more; the text and frame are
	 * ~45 KB either way */
	assert_true(len[0] > len[1] + 300 * 150);
	assert_true(len[2] < 120000); /* two lines of 1,000 */
}

/* Above GS_PLOT_DENSE_MIN sizes the line is reduced per pixel column:
 * no point slots, a bounded SVG; nothing drawable: NULL. */
static void
test_dense_and_empty(void **state)
{
	enum { N = 50000 };
	double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y), nan_y[4] = {NAN, NAN, 0, -1};
	gs_sweep_series s = {NULL, x, y, N, NULL, NULL, 0, 0};
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

/* A long sweep that steps down every 10 sizes: 5,000 cliffs.  Only the
 * GS_PLOT_SWEEP_MAX_ARROWS largest drops get an arrow, largest first, the
 * note counts the rest, and the SVG stays as small as without cliffs. */
static void
test_many_cliffs(void **state)
{
	enum { N = 50000, NCLIFF = N / 10 };
	double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
	double *drop = malloc(NCLIFF * sizeof *drop), px, py, d, last = INFINITY;
	size_t *cl = malloc(NCLIFF * sizeof *cl), series, len;
	gs_sweep_series s = {NULL, x, y, N, cl, drop, NCLIFF, 0};
	gs_sweep_spec spec = {'M', &s, 1, NULL, NULL, 0, 0, 0, 0, NULL};
	gs_plot_sweep_facts f;
	char note[96], *svg;
	gs_plot *p;

	(void)state;
	assert_true(x && y && drop && cl);
	for (size_t i = 0; i < N; i++) {
		x[i] = (double)(i + 1);
		y[i] = 100 - (double)(i % 10);
	}
	for (size_t k = 0; k < NCLIFF; k++) {
		cl[k] = 10 * k + 1;
		drop[k] = 0.05 + 1e-5 * (double)((k * 7919) % NCLIFF); /* all distinct */
	}
	p = gs_plot_sweep(&spec);
	assert_non_null(p);
	assert_int_equal(gs_plot_sweep_info(p, &f), 0);
	assert_int_equal(f.ncliffs, GS_PLOT_SWEEP_MAX_ARROWS);
	assert_int_equal(f.cliffs_omitted, NCLIFF - GS_PLOT_SWEEP_MAX_ARROWS);
	for (size_t i = 0; i < f.ncliffs; i++) { /* the largest drops, in order */
		assert_int_equal(gs_plot_sweep_cliff(p, i, &px, &py, &series, &d), 0);
		assert_true(d < last);
		assert_near(d, 0.05 + 1e-5 * (double)(NCLIFF - 1 - i), 1e-12);
		last = d;
	}
	assert_int_equal(gs_plot_sweep_cliff(p, f.ncliffs, &px, &py, &series, &d), -1);
	snprintf(note, sizeof note, "%d sizes; %d smaller cliffs not drawn", N,
	         NCLIFF - GS_PLOT_SWEEP_MAX_ARROWS);
	assert_true(has_text(p, note));
	svg = svg_of(p, "cliffs", &len);
	assert_true(len < 200000);
	free(svg);
	gs_plot_free(p);
	free(x);
	free(y);
	free(drop);
	free(cl);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_report_tiled),
	        cmocka_unit_test(test_compare_tiled_vendor),
	        cmocka_unit_test(test_report_vendor_no_tile),
	        cmocka_unit_test(test_many_tile_boundaries),
	        cmocka_unit_test(test_markers_bound),
	        cmocka_unit_test(test_dense_and_empty),
	        cmocka_unit_test(test_many_cliffs),
	};
	return cmocka_run_group_tests(tests, setup_font, teardown_font);
}
