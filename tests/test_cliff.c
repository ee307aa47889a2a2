/* test_cliff.c: cliffs along a swept dimension (analysis/cliff.h) on the
 * M sweeps gemmscope-bench measured on an H100 (tests/data/runner/README.md).
 * The expected cliffs and drops are pandas' on the same CSVs: TFLOP/s =
 * 2·M·N·K / time_us_median, consecutive M, a drop of more than 5 %. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analysis/cliff.h"
#include "analysis/single.h"
#include "ingest/ingest.h"
#include "model/gpu.h"
#include "table.h"

typedef struct want {
	const char *dtype;
	long from, to;
	double drop;
	unsigned crossed;
} want;

static void
check_sweep_file(const char *name, const want *w, size_t nw, int tiles_known)
{
	const char *d = getenv("top_srcdir");
	char path[4096], text[128];
	gs_table *t = NULL;
	gs_single s;
	gs_cliffs c;
	gs_error err;

	snprintf(path, sizeof path, "%s/tests/data/runner/%s", d && *d ? d : ".", name);
	assert_int_equal(gs_ingest_read(path, NULL, &t, &err), 0);
	assert_int_equal(gs_single_run(t, gs_gpu_find("h100"), NULL, &s, &err), 0);
	assert_int_equal(gs_cliffs_find(&s, 0.05, &c, &err), 0);
	/* one M sweep per dtype, 16 sizes each; N and K do not vary */
	assert_int_equal(c.nsweeps, 2);
	for (size_t i = 0; i < c.nsweeps; i++) {
		assert_int_equal(c.sweeps[i].dim, 'M');
		assert_int_equal(c.sweeps[i].n, 16);
	}
	assert_int_equal(c.ncliffs, nw);
	for (size_t i = 0; i < nw; i++) {
		const gs_cliff *cl = &c.cliffs[i];
		const gs_shape *a = &s.rows[cl->from].rec->shape, *b = &s.rows[cl->to].rec->shape;
		assert_string_equal(a->dtype, w[i].dtype);
		assert_int_equal(a->M, w[i].from);
		assert_int_equal(b->M, w[i].to);
		assert_true(fabs(cl->drop - w[i].drop) < 5e-7);
		assert_int_equal(cl->crossed, w[i].crossed);
		assert_int_equal(!!(cl->known & GS_CROSS_WAVE), tiles_known);
	}
	gs_cliff_crossed_text(&c.cliffs[0], text, sizeof text);
	assert_string_equal(text, tiles_known ? "tile and wave boundary" : "kernel changed");
	gs_cliffs_free(&c);
	gs_single_free(&s);
	gs_table_free(t);
}

/* The tiled kernel's 128x128 tile: M = 512 is 4 x 32 = 128 tiles, one wave
 * on 132 SMs; M = 576 is 160 tiles, two waves. */
static void
test_tiled_wave_cliff(void **state)
{
	const want w[] = {
	        {"bf16", 512, 576, 0.239742, GS_CROSS_TILE | GS_CROSS_WAVE},
	        {"f16", 512, 576, 0.186820, GS_CROSS_TILE | GS_CROSS_WAVE},
	};

	(void)state;
	check_sweep_file("h100-tiled-msweep.csv", w, 2, 1);
}

/* cuBLASLt: the tile enum in its kernel names is not decoded, so only the
 * kernel change is known. */
static void
test_vendor_kernel_cliffs(void **state)
{
	const want w[] = {
	        {"bf16", 768, 832, 0.096296, GS_CROSS_KERNEL},
	        {"f16", 768, 832, 0.083570, GS_CROSS_KERNEL},
	        {"f16", 640, 704, 0.050645, GS_CROSS_KERNEL},
	};

	(void)state;
	check_sweep_file("h100-vendor-msweep.csv", w, 3, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_tiled_wave_cliff),
	        cmocka_unit_test(test_vendor_kernel_cliffs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
