/* test_occupancy.c: occupancy rules of reference/efficiency.md §9 on the
 * examples it works (MI300X, MI100, the gfx1151 seed's kernels) and on the
 * real kernels of tests/data/eff/ (MI350X rocprofv3 symbols, H100 trace).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "eff_test.h"
#include "model/occupancy.h"

static gs_occ
occ(const char *arch, gs_occ_in in)
{
	gs_occ o;
	gs_error err;

	if (gs_occupancy(arch, &in, &o, &err))
		fail_msg("%s: %s", arch, err.msg);
	return o;
}

static void
assert_limit(const gs_occ *o, const char *names)
{
	char buf[96];

	assert_string_equal(gs_occ_limiter_names(o, buf, sizeof buf), names);
}

/* §9.1: MI300X, 128 arch VGPRs, no AGPRs: 512/128 = 4 waves/SIMD, 50 %. */
static void
test_mi300x(void **state)
{
	gs_occ o = occ("gfx942", (gs_occ_in){.wg_size = 256, .vgpr = 128});

	(void)state;
	assert_int_equal(o.waves_per_simd_regs, 4);
	assert_near(o.waves_per_simd, 4, 0);
	assert_near(o.occupancy, 0.5, 0);
	assert_limit(&o, "VGPR");
	/* AGPRs share the file: alignTo(128, 4) + 128 = 256 -> 2 waves */
	o = occ("gfx942:sramecc+:xnack-", (gs_occ_in){.wg_size = 256, .vgpr = 128, .agpr = 128});
	assert_int_equal(o.waves_per_simd_regs, 2);
	/* SGPR steps: 104 SGPRs -> 7 waves, below the VGPR limit of 8 */
	o = occ("gfx90a", (gs_occ_in){.wg_size = 64, .vgpr = 64, .sgpr = 104});
	assert_near(o.waves_per_simd, 7, 0);
	assert_limit(&o, "SGPR");
}

/* §9.1, AMD's MI100 page: "with 119 VGPRs used, only two wavefronts can be
 * active" (256 VGPRs per lane, granule 4, at most 10 waves). */
static void
test_mi100(void **state)
{
	gs_occ o = occ("gfx908", (gs_occ_in){.vgpr = 119});

	(void)state;
	assert_int_equal(o.waves_per_simd_regs, 2);
	assert_int_equal(o.max_waves_per_cu, 40);
	o = occ("gfx908", (gs_occ_in){.vgpr = 16});
	assert_int_equal(o.waves_per_simd_regs, 10);
}

/* The gfx1151 seed: 176 VGPRs -> 8 waves/SIMD, 50 %; its two measured
 * kernels at N = 8192 sit at 37.5 %: torch.compile co-limited by VGPRs and
 * LDS (efficiency.md §9.2), the HIP kernel purely LDS-limited. */
static void
test_gfx1151_seed(void **state)
{
	gs_occ o = occ("gfx1151", (gs_occ_in){.vgpr = 176});

	(void)state;
	assert_int_equal(o.waves_per_simd_regs, 8);
	assert_near(o.occupancy, 0.5, 0);
	o = occ("gfx1151",
	        (gs_occ_in){.wg_size = 128, .vgpr = 256, .sgpr = 128, .lds_bytes = 17408});
	assert_int_equal(o.waves_per_wg, 4);
	assert_int_equal(o.waves_per_simd_regs, 6);
	assert_int_equal(o.limit_wgs[GS_OCC_LDS], 3);
	assert_int_equal(o.waves_per_cu, 12);
	assert_near(o.occupancy, 0.375, 0);
	assert_limit(&o, "VGPR+LDS");
	o = occ("gfx1151",
	        (gs_occ_in){.wg_size = 128, .vgpr = 192, .sgpr = 128, .lds_bytes = 16896});
	assert_int_equal(o.waves_per_simd_regs, 8);
	assert_near(o.occupancy, 0.375, 0);
	assert_limit(&o, "LDS");
	/* gfx1150 has the smaller file: 1024 VGPRs, granule 16 */
	o = occ("gfx1150", (gs_occ_in){.vgpr = 176});
	assert_int_equal(o.waves_per_simd_regs, 5);
}

static eff_tsv *
load(const char *rel)
{
	eff_tsv *t = eff_tsv_load(rel);

	if (!t)
		fail_msg("cannot load tests/data/eff/%s", rel);
	return t;
}

/* data/README.md §2.4 and efficiency.md §9.1: the MI350X MT64x80x256
 * kernel (256 threads, 140 VGPRs, 0 AGPRs, 156 672 B LDS) is LDS-limited
 * at 12.5 %; every dispatched kernel of the run fits the CU. */
static void
test_mi350x_rocprof(void **state)
{
	eff_tsv *t = load("tracelens/rocprof_mi350x_gemms.tsv");
	int found = 0;

	(void)state;
	for (size_t r = 0; r < t->nrows; r++) {
		char **c = t->cell[r];
		gs_launch l = {.vgpr = atoi(c[1]),
		               .agpr = atoi(c[2]),
		               .sgpr = atoi(c[3]),
		               .lds_bytes = atol(c[4]),
		               .wg_size = atoi(c[5])};
		gs_occ_in in;
		gs_occ o;
		if (atoi(c[0]) == 0)
			continue;
		assert_int_equal(gs_occ_in_from_launch(&l, &in), 1);
		o = occ("gfx950", in);
		assert_true(o.occupancy > 0 && o.occupancy <= 1);
		if (!strstr(c[7], "_MT64x80x256_"))
			continue;
		found = 1;
		assert_int_equal(o.waves_per_simd_regs, 3); /* 512 / alignTo(140, 8) */
		assert_int_equal(o.wgs_per_cu, 1); /* 163840 / 156672 */
		assert_near(o.waves_per_simd, 1, 0);
		assert_near(o.occupancy, 0.125, 0);
		assert_limit(&o, "LDS");
	}
	assert_true(found);
	eff_tsv_free(t);
}

/* efficiency.md §9.3: the H100 xmma kernel (384 threads, 168 registers,
 * 231 424 B shared memory) is 1 block/SM by registers and by shared
 * memory: 12/64 warps = 18.75 %. */
static void
test_h100_trace(void **state)
{
	eff_tsv *t = load("tracelens/h100_gemms.tsv");
	int found = 0;

	(void)state;
	for (size_t r = 0; r < t->nrows; r++) {
		char **c = t->cell[r];
		gs_occ o = occ("sm_90", (gs_occ_in){.wg_size = atoi(c[6]),
		                                    .regs_per_thread = atoi(c[7]),
		                                    .lds_bytes = atol(c[8])});
		if (!strstr(c[10], "xmma"))
			continue;
		found++;
		assert_int_equal(o.waves_per_simd_regs, 3); /* 16384 / 5376 warps per quarter */
		assert_int_equal(o.limit_wgs[GS_OCC_REGS], 1);
		assert_int_equal(o.limit_wgs[GS_OCC_LDS], 1);
		assert_int_equal(o.waves_per_cu, 12);
		assert_near(o.occupancy, 0.1875, 0);
		assert_limit(&o, "registers+shared memory");
	}
	assert_true(found >= 4);
	eff_tsv_free(t);
}

static void
test_errors(void **state)
{
	gs_occ o;
	gs_error err;

	(void)state;
	assert_int_equal(gs_occupancy("gfx1201x", &(gs_occ_in){.vgpr = 64}, &o, &err), -1);
	assert_non_null(strstr(err.msg, "gfx1201x"));
	assert_int_equal(gs_occupancy("xe2-hpg", &(gs_occ_in){.vgpr = 64}, &o, &err), -1);
	/* more LDS than the CU has, more shared memory than a block may use */
	assert_int_equal(gs_occupancy("gfx942", &(gs_occ_in){.lds_bytes = 70000}, &o, &err), -1);
	assert_int_equal(gs_occupancy("sm_89", &(gs_occ_in){.lds_bytes = 102400}, &o, &err), -1);
	assert_int_equal(gs_occupancy("sm_90", &(gs_occ_in){.regs_per_thread = 256}, &o, &err), -1);
	assert_int_equal(gs_occupancy("gfx942", &(gs_occ_in){.wg_size = 4096}, &o, &err), -1);
	/* nothing given: only the wave slots limit */
	o = occ("sm_80", (gs_occ_in){.wg_size = 256});
	assert_near(o.occupancy, 1.0, 0);
	assert_limit(&o, "warp slots");
	o = occ("sm_89", (gs_occ_in){.wg_size = 32});
	assert_int_equal(o.wgs_per_cu, 24); /* 24 blocks per SM on sm_89 */
	{
		gs_launch l = {.wg_size = 256, .workgroups = 880};
		gs_occ_in in;
		assert_int_equal(gs_occ_in_from_launch(&l, &in), 0); /* nothing to compute */
		assert_int_equal(in.wg_size, 256);
	}
}

/* issue 11: hostile counts give an error or a defined result, never
 * signed overflow or a division by zero. */
static void
test_hostile_inputs(void **state)
{
	gs_occ_in in = {0};
	gs_occ o;
	gs_error err;

	(void)state;
	in.vgpr = -8;
	in.agpr = 16;
	assert_int_equal(gs_occupancy("gfx942", &in, &o, &err), -1);
	assert_non_null(strstr(err.msg, ">= 0"));
	memset(&in, 0, sizeof in);
	in.wg_size = 0x7fffffff; /* ceil(INT_MAX / 64) without INT_MAX + 63 */
	assert_int_equal(gs_occupancy("gfx942", &in, &o, &err), -1);
	assert_non_null(strstr(err.msg, "waves per CU"));
	assert_int_equal(gs_occupancy("sm_90", &in, &o, &err), -1);
	memset(&in, 0, sizeof in);
	in.agpr = 64; /* AGPRs on RDNA (none there): no VGPR limit */
	assert_int_equal(gs_occupancy("gfx1100", &in, &o, &err), 0);
	assert_int_equal(o.limit_wgs[GS_OCC_REGS], -1);
	memset(&in, 0, sizeof in);
	in.lds_bytes = 0x7fffffffffffffffL; /* no lds + 1024 overflow */
	assert_int_equal(gs_occupancy("sm_90", &in, &o, &err), -1);
	assert_non_null(strstr(err.msg, "shared memory"));
	assert_int_equal(gs_occupancy("gfx942", &in, &o, &err), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_mi300x),         cmocka_unit_test(test_mi100),
	        cmocka_unit_test(test_gfx1151_seed),   cmocka_unit_test(test_mi350x_rocprof),
	        cmocka_unit_test(test_h100_trace),     cmocka_unit_test(test_errors),
	        cmocka_unit_test(test_hostile_inputs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
