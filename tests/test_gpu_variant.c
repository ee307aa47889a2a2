/* test_gpu_variant.c: variant choice among boards of one chip
 * (gs_gpu_find_variant) and the cache sizes rotating buffers are sized
 * from (gs_gpu_largest_cache_mib).  Inputs: the deviceProperties of the
 * shipped traces (H100, MI300X, MI250 GCD) and issue 12's A100 trace
 * (NVIDIA A100-PG509-200, 42.5 GB totalGlobalMem), realistically
 * reconstructed where no trace is shipped.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "eff_test.h"
#include "model/gpu.h"

static const gs_gpu *
must_find(const char *name)
{
	const gs_gpu *g = gs_gpu_find(name);

	if (!g)
		fail_msg("no GPU for \"%s\"", name);
	return g;
}

/* Caches for rotating buffers: L2 and Infinity Cache / MALL. */
static void
test_caches(void **state)
{
	(void)state;
	assert_near(gs_gpu_largest_cache_mib(must_find("mi300x")), 256, 0);
	assert_near(must_find("mi300x")->l2_mib.v, 32, 0);
	assert_near(must_find("mi300a")->l2_mib.v, 24, 0);
	assert_near(gs_gpu_largest_cache_mib(must_find("a100")), 40, 0);
	assert_near(gs_gpu_largest_cache_mib(must_find("h100")), 50, 0);
	assert_near(gs_gpu_largest_cache_mib(must_find("gfx1151")), 32, 0);
	assert_near(gs_gpu_largest_cache_mib(must_find("w7900")), 96, 0);
	assert_near(gs_gpu_largest_cache_mib(must_find("v100")), 6, 0);
	assert_true(isnan(gs_gpu_largest_cache_mib(must_find("h100-nvl"))));
}

static void
expect_variant(const char *name, double mem, int cus, double clock, const char *want,
               const char *why_want)
{
	char why[256];
	const gs_gpu *g = gs_gpu_find_variant(name, mem, cus, clock, why, sizeof why);

	if (!g || strcmp(g->name, want) != 0)
		fail_msg("%s: got %s, want %s (%s)", name, g ? g->name : "NULL", want, why);
	if (why_want)
		assert_string_equal(why, why_want);
}

/* Variant choice from what the input says (issue 12: the A100 trace with
 * 42.5 GB totalGlobalMem is the 40 GB board; deviceProperties of the
 * shipped traces for the others). */
static void
test_variants(void **state)
{
	char why[128];

	(void)state;
	expect_variant("NVIDIA A100-PG509-200", 42.5e9, 108, 0, "A100-40GB",
	               "A100-40GB: the input's memory 42.5 GB is closest to 40 GB.");
	expect_variant("NVIDIA A100-PG509-200", 85.1e9, 108, 0, "A100", NULL);
	expect_variant("NVIDIA A100-SXM4-80GB", 0, 0, 0, "A100",
	               "A100: the name \"NVIDIA A100-SXM4-80GB\" names this board.");
	expect_variant("Tesla V100-SXM2-16GB", 16.9e9, 80, 0, "V100-SXM2", NULL);
	expect_variant("Tesla V100-PCIE-32GB", 34.1e9, 80, 0, "V100-PCIe", NULL);
	expect_variant("v100", 0, 80, 1.38, "V100-PCIe",
	               "V100-PCIe: its clock 1.38 GHz is closest to 1.37 GHz.");
	expect_variant("NVIDIA H100 80GB HBM3", 85018279936.0, 132, 0, "H100",
	               "H100: the input's memory 85.0 GB is closest to 80 GB; "
	               "its 132 CUs/SMs match.");
	expect_variant("NVIDIA H100 80GB HBM3", 85018279936.0, 114, 0, "H100-PCIe", NULL);
	expect_variant("AMD Instinct MI300X VF", 205571227648.0, 304, 0, "MI300X", NULL);
	expect_variant("gfx942", 137.4e9, 228, 0, "MI300A",
	               "MI300A: the input's memory 137.4 GB is closest to 128 GB.");
	expect_variant("gfx942:sramecc+:xnack-", 205.6e9, 304, 0, "MI300X", NULL);
	expect_variant("gfx90a", 68702699520.0, 110, 0, "MI250X", "MI250X: its 110 CUs/SMs match.");
	expect_variant("gfx90a", 0, 104, 0, "MI210",
	               "MI210: its 104 CUs/SMs match; the input does not tell the 2 "
	               "remaining variants apart, so the default one.");
	expect_variant("gfx1100", 51.5e9, 96, 0, "W7900", NULL);
	expect_variant("h200", 150e9, 132, 0, "H200",
	               "H200: the only built-in GPU the name \"h200\" designates.");
	assert_null(gs_gpu_find_variant("AMD Radeon Graphics", 68.7e9, 104, 0, why, sizeof why));
	assert_string_equal(why, "no built-in GPU matches \"AMD Radeon Graphics\"");
	assert_non_null(gs_gpu_find_variant("a100", 0, 0, 0, NULL, 0));
	/* truncation keeps a terminated sentence */
	assert_non_null(gs_gpu_find_variant("NVIDIA A100-PG509-200", 42.5e9, 0, 0, why, 10));
	assert_int_equal(strlen(why), 9);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_caches),
	        cmocka_unit_test(test_variants),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
