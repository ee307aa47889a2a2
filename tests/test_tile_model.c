/* test_tile_model.c: the IREE roofline seed-selection model
 * (reference/seeds/iree-roofline-seed-selection.md, efficiency.md §7):
 * candidate count, the 6 cost steps against the document's formulas and
 * the MI300X inputs it lists (with the corrected 5.3 TB/s), the selection
 * as the minimum over all candidates, and the limitation the document
 * states for skinny shapes.  The wave-aware correction beside it (issue
 * 12) on TraceLens's worked example (10240x2048x2048 bf16 on MI300X,
 * whose hipBLASLt kernel is 256x64) and on the seed document's own
 * example shapes (its top improvements and regressions, written M×K×N
 * there), with expected costs derived by hand from the formulas.
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
#include "ingest/gpuspec.h"
#include "model/efficiency.h"
#include "model/tile_model.h"

static gs_shape
shape(long m, long n, long k, const char *dtype)
{
	gs_shape s;

	gs_shape_init(&s);
	s.M = m;
	s.N = n;
	s.K = k;
	snprintf(s.dtype, sizeof s.dtype, "%s", dtype);
	return s;
}

static const gs_gpu *
mi300x(void)
{
	return gs_gpu_find("mi300x");
}

/* 3 x 5 x 2 = 30 seeds per MMA intrinsic. */
static void
test_candidates(void **state)
{
	gs_shape s = shape(10240, 2048, 2048, "bf16");
	gs_tile_pick p;

	(void)state;
	assert_int_equal(gs_tile_model_pick(&s, mi300x(), 0, 1, &p, NULL), 0);
	assert_int_equal(p.nintrinsics, 2); /* 16x16x16 and 32x32x8 bf16 MFMA */
	assert_int_equal(p.ncandidates, 60);
	assert_int_equal(gs_tile_model_pick(&s, gs_gpu_find("h100"), 0, 1, &p, NULL), 0);
	assert_int_equal(p.ncandidates, 30);
	assert_int_equal(p.best.intr_n, 16); /* WMMA 16x16x16 */
}

/* Steps 3–6 for the seed's example tiles, with the document's formulas and
 * MI300X inputs: 1307.4 TFLOP/s, 5.3 TB/s, 304 WGPs, 65536 B. */
static void
test_cost_steps(void **state)
{
	gs_shape s = shape(10240, 2048, 2048, "bf16");
	double peak_wg = 1307.4e12 / 304, bw_wg = 5.3e12 / 304;
	double mem = (256 + 64) * 64 * 2 / bw_wg * 1e6;
	double comp = 2.0 * 256 * 64 * 64 / peak_wg * 1e6;
	gs_tile_cost c;

	(void)state;
	assert_int_equal(gs_tile_model_cost(&s, mi300x(), 0, 1, 256, 64, 64, &c, NULL), 0);
	assert_int_equal(c.num_wgs, 1280); /* ceil(M/256)·ceil(N/64)·splitK */
	assert_int_equal(c.timesteps, 5); /* ceil(1280/304) */
	assert_near(c.work_util, 1.0, 0);
	assert_int_equal(c.k_iters, 32); /* ceil(2048/64) */
	assert_near(c.mem_us, mem, 1e-9);
	assert_near(c.comp_us, comp, 1e-9);
	assert_true(c.memory_bound);
	assert_near(c.cost_us, fmax(mem, comp) * 32 * 5 / 1.0, 1e-6);
	assert_int_equal(c.smem_bytes, (256 + 64) * 64 * 2);
	assert_true(c.smem_ok);
	/* the model's occupancy x work utilisation is the seed's dim_eff */
	assert_near(c.dim_eff, 0.842105, 5e-7);
	s = shape(2048, 10240, 2048, "bf16");
	gs_tile_model_cost(&s, mi300x(), 0, 1, 256, 144, 32, &c, NULL);
	assert_int_equal(c.timesteps, 2);
	assert_near(c.work_util, 0.987654, 5e-7);
	assert_near(c.dim_eff, 0.935673, 5e-7);
	/* split-K multiplies the workgroups and divides the K iterations */
	gs_tile_model_cost(&s, mi300x(), 0, 4, 256, 144, 32, &c, NULL);
	assert_int_equal(c.num_wgs, 4 * 576);
	assert_int_equal(c.k_iters, 2048 / 4 / 32);
	/* K tile unknown: the whole K as one iteration */
	gs_tile_model_cost(&s, mi300x(), 0, 1, 256, 144, 0, &c, NULL);
	assert_int_equal(c.k_iters, 1);
}

/* Seed -> tile, as the document describes getOptimalMMASchedule's split:
 * subgroups sg -> (M, N) = {2: 2x1, 4: 2x2, 8: 4x2}; tiles per subgroup
 * mn -> (M, N) = {2: 2x1, 4: 2x2, 8: 4x2, 16: 4x4, 32: 8x4}. */
static const int sg_split[][3] = {{2, 2, 1}, {4, 2, 2}, {8, 4, 2}};
static const int mn_split[][3] = {{2, 2, 1}, {4, 2, 2}, {8, 4, 2}, {16, 4, 4}, {32, 8, 4}};

typedef struct scan {
	double min_cost;
	int min_sum; /* smallest wg_m + wg_n */
	int ok, rejected;
} scan;

static void
scan_candidates(const gs_shape *s, const int intr[][3], int nintr, scan *out)
{
	gs_tile_cost c;

	out->min_cost = INFINITY;
	out->min_sum = 1 << 30;
	out->ok = out->rejected = 0;
	for (int i = 0; i < nintr; i++)
		for (int a = 0; a < 3; a++)
			for (int b = 0; b < 5; b++)
				for (int kt = 2; kt <= 4; kt += 2) {
					int wm = sg_split[a][1] * mn_split[b][1] * intr[i][0];
					int wn = sg_split[a][2] * mn_split[b][2] * intr[i][1];
					assert_int_equal(gs_tile_model_cost(s, mi300x(), 0, 1, wm,
					                                    wn, kt * intr[i][2], &c,
					                                    NULL),
					                 0);
					if (!c.smem_ok) {
						out->rejected++;
						continue;
					}
					out->ok++;
					out->min_cost = fmin(out->min_cost, c.cost_us);
					if (wm + wn < out->min_sum)
						out->min_sum = wm + wn;
				}
}

/* The pick is the cheapest of all candidates; the rejected ones are those
 * over 64 KiB of shared memory. */
static void
test_pick_is_minimum(void **state)
{
	static const int bf16_gfx942[][3] = {{16, 16, 16}, {32, 32, 8}};
	static const long shapes[][3] = {
	        {10240, 2048, 2048}, {4112, 2048, 2048},   {16640, 3840, 3840},
	        {512, 512, 7680},    {150000, 2048, 1134}, {8944, 2816, 1024},
	};
	gs_tile_pick p;
	scan sc;

	(void)state;
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		gs_shape s = shape(shapes[i][0], shapes[i][1], shapes[i][2], "bf16");
		assert_int_equal(gs_tile_model_pick(&s, mi300x(), 0, 1, &p, NULL), 0);
		scan_candidates(&s, bf16_gfx942, 2, &sc);
		assert_near(p.best.cost_us, sc.min_cost, 1e-9 * sc.min_cost);
		assert_int_equal(p.nrejected, sc.rejected);
		assert_int_equal(p.ncandidates - p.nrejected, sc.ok);
		assert_true(p.best.smem_bytes <= 65536);
	}
}

/* The document's limitation: on an under-occupied skinny shape the
 * per-workgroup cost, which grows with wgTileM + wgTileN, picks the
 * smallest tile, even where it overhangs the narrow dimension
 * (its regression 20 x 21760 x 3840, written M x K x N). */
static void
test_skinny_limitation(void **state)
{
	static const int bf16_gfx942[][3] = {{16, 16, 16}, {32, 32, 8}};
	gs_shape s = shape(20, 3840, 21760, "bf16");
	gs_tile_pick p;
	scan sc;

	(void)state;
	assert_int_equal(gs_tile_model_pick(&s, mi300x(), 0, 1, &p, NULL), 0);
	scan_candidates(&s, bf16_gfx942, 2, &sc);
	assert_int_equal(p.best.timesteps, 1);
	assert_int_equal(p.best.wg_m + p.best.wg_n, sc.min_sum);
	assert_true(p.best.wg_m > 20); /* overhangs M = 20 */
	assert_true(p.best.work_util < 0.5);
	assert_non_null(strstr(GS_TILE_MODEL_LIMITS, "skinny"));
}

/* efficiency.md §1.3: the document's 662.5 GB/s is 5.3 TB/s / 8; with it the
 * ridge moves from about 247 to about 1973 FLOP/B and the memory term of
 * every candidate grows 8x. */
static void
test_bandwidth_error(void **state)
{
	static const char spec[] = "base: mi300x\nname: iree-doc\nbandwidth_tbs: 0.6625\n";
	gs_shape s = shape(10240, 2048, 2048, "bf16");
	gs_eff_in in = {.shape = &s};
	gs_tile_cost good, bad;
	gs_gpu g;
	gs_eff e;

	(void)state;
	assert_int_equal(gs_gpu_parse_spec(spec, strlen(spec), "doc", &g, NULL), 0);
	gs_eff_compute(&in, &g, NULL, &e, NULL);
	assert_near(e.ridge, 1973, 0.5);
	gs_eff_compute(&in, mi300x(), NULL, &e, NULL);
	assert_near(e.ridge, 247, 0.5);
	gs_tile_model_cost(&s, mi300x(), 0, 1, 256, 64, 64, &good, NULL);
	gs_tile_model_cost(&s, &g, 0, 1, 256, 64, 64, &bad, NULL);
	assert_near(bad.mem_us, 8 * good.mem_us, 1e-9);
	assert_non_null(strstr(GS_TILE_MODEL_LIMITS, "662.5"));
	assert_non_null(strstr(GS_TILE_MODEL_LIMITS, "Infinity Cache"));
}

static void
test_errors(void **state)
{
	gs_shape s = shape(1024, 1024, 1024, "f32");
	gs_tile_pick p;
	gs_tile_cost c;
	gs_error err;

	(void)state;
	/* NVIDIA fp32 GEMMs run on CUDA cores: no MMA intrinsic */
	assert_int_equal(gs_tile_model_pick(&s, gs_gpu_find("h100"), 0, 1, &p, &err), -1);
	assert_non_null(strstr(err.msg, "intrinsic"));
	s = shape(1024, 1024, 1024, "f8e4m3");
	assert_int_equal(gs_tile_model_pick(&s, gs_gpu_find("mi250x"), 0, 1, &p, &err), -1);
	assert_int_equal(gs_tile_model_cost(&s, gs_gpu_find("mi250x"), 0, 1, 64, 64, 64, &c, &err),
	                 -1);
	assert_non_null(strstr(err.msg, "peak"));
	s = shape(1024, 1024, 1024, "bf16");
	assert_int_equal(gs_tile_model_cost(&s, mi300x(), 0, 1, 0, 64, 64, &c, &err), -1);
	assert_int_equal(gs_tile_model_pick(&s, gs_gpu_find("gfx1151"), 0, 1, &p, NULL), 0);
	assert_int_equal(p.ncandidates, 30); /* one WMMA 16x16x16 */
}

/* issue 11 item 3: workgroup counts beyond 2^53 are refused. */
static void
test_count_limits(void **state)
{
	gs_shape s = shape(1L << 40, 1L << 40, 1024, "f16");
	gs_tile_pick p;
	gs_tile_cost c;
	gs_error err;

	(void)state;
	assert_int_equal(gs_tile_model_pick(&s, mi300x(), 0, 1, &p, &err), -1);
	assert_non_null(strstr(err.msg, "exceeds 2^53"));
	assert_int_equal(gs_tile_model_cost(&s, mi300x(), 0, 1, 1, 1, 32, &c, &err), -1);
	assert_non_null(strstr(err.msg, "exceeds 2^53"));
	s = shape(1L << 30, 1L << 30, 1024, "f16"); /* 2^48 workgroups of 64x64 */
	assert_int_equal(gs_tile_model_cost(&s, mi300x(), 0, 1, 64, 64, 32, &c, &err), 0);
	assert_int_equal(c.num_wgs, 1L << 48);
	assert_true(c.timesteps > 0 && c.cost_us > 0);
	/* split 2^6 more: 2^54 */
	assert_int_equal(gs_tile_model_cost(&s, mi300x(), 0, 64, 64, 64, 32, &c, &err), -1);
	/* a whole-K tile (wg_k 0) over K near LONG_MAX: shared memory beyond a
	 * long is "does not fit", not a wrapped number */
	s = shape(1024, 1024, 0x7fffffffffffffffL, "f16");
	assert_int_equal(gs_tile_model_cost(&s, mi300x(), 0, 1, 256, 256, 0, &c, &err), 0);
	assert_int_equal(c.smem_bytes, -1);
	assert_false(c.smem_ok);
	assert_int_equal(c.k_iters, 1);
}

/* ---- the wave-aware correction (tile_model.h) */

/* One tile's compute time per K iteration on one CU, µs: 2·wm·wn·wk FLOP
 * at the per-CU share of MI300X's 1307.4 TFLOP/s bf16 peak. */
static double
comp_us(int wm, int wn, int wk)
{
	return 2.0 * wm * wn * wk / (1307.4e12 / 304) * 1e6;
}

/* A wave's DRAM time per K iteration, µs: A panels of wm rows and B
 * panels of wn columns, wk deep, bf16, at 5.3 TB/s. */
static double
panels_us(double apan, double bpan, int wm, int wn, int wk)
{
	return (apan * wm + bpan * wn) * wk * 2 / 5.3e12 * 1e6;
}

static void
test_wave_worked_example(void **state)
{
	gs_shape s = shape(10240, 2048, 2048, "bf16");
	gs_tile_cost c, k, big;
	gs_tile_pick p;
	double full, rem;

	(void)state;
	assert_int_equal(gs_tile_model_pick(&s, mi300x(), 0, 1, &p, NULL), 0);
	/* the seed's model: 512x256x16, 160 workgroups on 304 CUs */
	assert_int_equal(p.best.wg_m, 512);
	assert_int_equal(p.best.wg_n, 256);
	assert_int_equal(p.best.num_wgs, 160);
	assert_near(p.best.dim_eff, 160.0 / 304, 1e-12);
	/* the kernel's 256x64x32 under the correction: 1280 workgroups in 4
	 * full waves and one of 64; a full wave reads all 40 A panels and
	 * (304 - 1) / 40 + 1 B panels, less than its compute: compute-bound */
	assert_int_equal(gs_tile_model_wave_cost(&s, mi300x(), 0, 1, 256, 64, 32, &k, NULL), 0);
	assert_near(k.mem_us, panels_us(40, 303.0 / 40 + 1, 256, 64, 32), 1e-12);
	assert_true(k.mem_us < k.comp_us);
	assert_near(k.cost_us, 64 * 5 * comp_us(256, 64, 32), 1e-9);
	assert_near(k.dim_eff, 1280.0 / (5 * 304), 1e-12);
	/* the seed's pick under the correction: one wave, compute-bound */
	assert_int_equal(gs_tile_model_wave_cost(&s, mi300x(), 0, 1, 512, 256, 16, &big, NULL), 0);
	assert_near(big.mem_us, panels_us(20, 159.0 / 20 + 1, 512, 256, 16), 1e-12);
	assert_near(big.cost_us, 128 * comp_us(512, 256, 16), 1e-9);
	assert_true(k.cost_us < big.cost_us);
	/* the correction's pick: 128x64x32, 2560 workgroups in 8 full waves
	 * and one of 128, each slightly memory-bound */
	assert_int_equal(p.wave.wg_m, 128);
	assert_int_equal(p.wave.wg_n, 64);
	assert_int_equal(p.wave.wg_k, 32);
	assert_int_equal(p.wave.num_wgs, 2560);
	assert_int_equal(p.wave.timesteps, 9);
	assert_near(p.wave.dim_eff, 2560.0 / (9 * 304), 1e-12);
	full = fmax(panels_us(80, 303.0 / 80 + 1, 128, 64, 32), comp_us(128, 64, 32));
	rem = fmax(panels_us(80, 127.0 / 80 + 1, 128, 64, 32), comp_us(128, 64, 32));
	assert_near(p.wave.cost_us, 64 * (8 * full + rem), 1e-9);
	assert_int_equal(gs_tile_model_wave_cost(&s, mi300x(), 0, 1, 128, 64, 32, &c, NULL), 0);
	assert_near(c.cost_us, p.wave.cost_us, 0);
	assert_true(p.wave.cost_us < k.cost_us);
}

/* The seed document's example shapes (M×K×N there; M, N, K here). */
typedef struct seed_example {
	long m, k, n;
	int under; /* the seed's pick runs one partial wave on 304 CUs */
} seed_example;

static void
test_wave_seed_examples(void **state)
{
	static const seed_example ex[] = {
	        {16384, 150000, 4096, 1}, {16640, 3840, 3840, 1},  {4352, 3840, 3840, 1},
	        {11520, 3840, 3840, 1},   {6400, 3840, 3840, 1},   {4112, 2048, 2048, 1},
	        {150000, 1134, 2048, 0},  {150000, 1024, 3072, 0}, {21760, 3840, 3840, 0},
	        {128, 2119936, 128, 1},   {512, 32768, 128, 1},
	};

	(void)state;
	for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++) {
		gs_shape s = shape(ex[i].m, ex[i].n, ex[i].k, "bf16");
		gs_tile_cost seed_w;
		gs_tile_pick p;

		assert_int_equal(gs_tile_model_pick(&s, mi300x(), 0, 1, &p, NULL), 0);
		assert_int_equal(gs_tile_model_wave_cost(&s, mi300x(), 0, 1, p.best.wg_m,
		                                         p.best.wg_n, p.best.wg_k, &seed_w, NULL),
		                 0);
		/* the correction's pick is its own minimum: never above the
		 * seed's pick under the same cost */
		assert_true(p.wave.cost_us <= seed_w.cost_us * (1 + 1e-12));
		assert_int_equal(p.best.num_wgs < 304, ex[i].under);
		if (ex[i].under && ex[i].m * ex[i].n >= 304L * 64 * 64) {
			/* the seed's own under-occupied case, on a problem that can
			 * fill the GPU: the correction fills at least one wave */
			assert_true(p.wave.num_wgs >= 304);
			assert_true(p.wave.dim_eff > p.best.dim_eff);
		}
	}
}

/* 128x128 output: no candidate can make more than 2 x 8 = 16 workgroups
 * (smallest tile 64x16), so both models see 16 workgroups on 304 CUs and
 * pick the same tile. */
static void
test_wave_tiny(void **state)
{
	gs_shape s = shape(128, 128, 2119936, "bf16");
	gs_tile_pick p;

	(void)state;
	assert_int_equal(gs_tile_model_pick(&s, mi300x(), 0, 1, &p, NULL), 0);
	assert_int_equal(p.best.num_wgs, 16);
	assert_int_equal(p.wave.num_wgs, 16);
	assert_int_equal(p.wave.wg_m, p.best.wg_m);
	assert_int_equal(p.wave.wg_n, p.best.wg_n);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_candidates),
	        cmocka_unit_test(test_cost_steps),
	        cmocka_unit_test(test_pick_is_minimum),
	        cmocka_unit_test(test_skinny_limitation),
	        cmocka_unit_test(test_bandwidth_error),
	        cmocka_unit_test(test_errors),
	        cmocka_unit_test(test_count_limits),
	        cmocka_unit_test(test_wave_worked_example),
	        cmocka_unit_test(test_wave_seed_examples),
	        cmocka_unit_test(test_wave_tiny),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
