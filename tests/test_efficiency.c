/* test_efficiency.c: FLOP/bytes (gemm.h) and the roofline / quantisation
 * breakdown (efficiency.h).  Expectations: the worked examples of
 * reference/efficiency.md §1.2, §4.1 and §5, TraceLens's GEMM.csv values
 * quoted in data/README.md §2–3, and the swap verification over every
 * GEMM launch of the real traces in tests/data/eff/.
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
#include "model/efficiency.h"
#include "model/gemm.h"

static gs_shape
shape(const char *op, long b, long m, long n, long k, const char *dtype, int bias)
{
	gs_shape s;

	gs_shape_init(&s);
	s.op = op;
	s.batch = b;
	s.M = m;
	s.N = n;
	s.K = k;
	s.bias = bias;
	if (gs_dtype_normalize(dtype, s.dtype))
		fail_msg("dtype %s", dtype);
	return s;
}

/* TraceLens GEMM.csv GFLOPS_first, Data Moved (MB)_first, FLOPS/Byte_first
 * (data/README.md §2.1, §2.3, §3). */
static void
test_flop_bytes(void **state)
{
	static const struct {
		const char *op;
		long b, m, n, k;
		const char *dt;
		int bias;
		double gflop, mib, ai;
	} row[] = {
	        {"aten::mm", 1, 8944, 2816, 1024, "c10::BFloat16", 0, 51.581550592, 71.0078125,
	         692.7688414567059},
	        {"aten::addmm", 1, 8944, 1024, 1024, "c10::BFloat16", 1, 18.766086144, 36.939453125,
	         484.4883413525089},
	        {"aten::mm", 1, 8944, 1024, 1024, "c10::BFloat16", 0, 18.756927488, 36.9375,
	         484.2775},
	        {"aten::bmm", 1, 32, 559, 1, "float", 0, 3.5776e-05, 0.0704918, 0.4840},
	        {"aten::addmm", 1, 141, 512, 512, "c10::BFloat16", 1, 0.0739968, 0.7763671875,
	         90.89622641509433},
	        {"aten::addmm", 1, 141, 2048, 512, "c10::BFloat16", 1, 0.2959872, 2.6923828125,
	         104.84221980413493},
	        {"aten::addmm", 1, 5, 128, 128, "float", 1, 0.00016448, 0.06787109375, 2.3111511},
	        {"aten::mm", 1, 128, 128, 5, "float", 0, 0.00016384, 0.0673828125, 2.3188406},
	};
	gs_gemm g;

	(void)state;
	for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
		gs_shape s = shape(row[i].op, row[i].b, row[i].m, row[i].n, row[i].k, row[i].dt,
		                   row[i].bias);
		assert_int_equal(gs_gemm_cost(&s, &g), 0);
		assert_near(g.flop / 1e9, row[i].gflop, row[i].gflop * 1e-12);
		assert_near(g.mib, row[i].mib, 5e-8);
		assert_near(g.ai, row[i].ai, 5e-5);
	}
	/* efficiency.md §1.2: the exact counts of the Qwen addmm */
	{
		gs_shape s = shape("aten::addmm", 1, 8944, 1024, 1024, "bf16", 1);
		gs_gemm_cost(&s, &g);
		assert_near(g.flop, 18766086144.0, 0);
		assert_near(g.bytes, 38733824.0, 0);
	}
}

static void
test_flop_conventions(void **state)
{
	gs_gemm g;
	gs_shape s = shape("aten::bmm", 96, 3137, 64, 3137, "bf16", 0);

	(void)state;
	gs_gemm_cost(&s, &g); /* batch multiplies FLOP and bytes */
	assert_near(g.flop, 96.0 * 2 * 3137 * 64 * 3137, 0);
	assert_near(g.bytes, 96.0 * (3137.0 * 3137 + 3137.0 * 64 + 3137.0 * 64) * 2, 0);
	s = shape("aten::_scaled_mm", 1, 64, 64, 64, "fp8", 0);
	gs_gemm_cost(&s, &g); /* fp8 input, 2-byte output */
	assert_int_equal(g.out_bytes, 2);
	assert_near(g.bytes, 64.0 * 64 + 64.0 * 64 + 64.0 * 64 * 2, 0);
	s.dtype[0] = '\0';
	assert_int_equal(gs_gemm_cost(&s, &g), -1);
	assert_near(g.flop, 2.0 * 64 * 64 * 64, 0);
	assert_true(isnan(g.bytes));
	s = shape("", 1, 0, 4, 4, "bf16", 0);
	assert_int_equal(gs_gemm_cost(&s, &g), -1);
	assert_near(gs_gemm_tflops(85899345920.0, 100.0), 858.9934592, 1e-9);
	assert_true(isnan(gs_gemm_tflops(1, 0)));
}

static const gs_gpu *
gpu(const char *name)
{
	const gs_gpu *g = gs_gpu_find(name);

	if (!g)
		fail_msg("no GPU %s", name);
	return g;
}

static gs_eff
run(const gs_shape *s, int tm, int tn, int cus, gs_swap_mode swap)
{
	gs_eff_in in = {.shape = s, .tile_m = tm, .tile_n = tn};
	gs_eff_opts o;
	gs_eff e;
	gs_error err;

	gs_eff_opts_default(&o);
	o.cus = cus;
	o.swap = swap;
	if (gs_eff_compute(&in, gpu("mi300x"), &o, &e, &err))
		fail_msg("%s", err.msg);
	return e;
}

/* efficiency.md §4.1, all eight rows (BLAS M x N as given). */
static void
test_worked_examples(void **state)
{
	static const struct {
		long m, n, k;
		int tm, tn, cus;
		long tiles_m, tiles_n, num_tiles, rounds;
		double tile_eff, wq_eff, dim_eff;
	} ex[] = {
	        {10240, 2048, 2048, 256, 64, 304, 40, 32, 1280, 5, 1.0, 0.842105, 0.842105},
	        {2048, 10240, 2048, 256, 144, 304, 8, 72, 576, 2, 0.987654, 0.947368, 0.935673},
	        {2048, 2048, 10240, 256, 64, 304, 8, 32, 256, 1, 1.0, 0.842105, 0.842105},
	        {2816, 8944, 1024, 128, 224, 304, 22, 40, 880, 3, 0.998214, 0.964912, 0.963189},
	        {1024, 8944, 1024, 256, 128, 304, 4, 70, 280, 1, 0.998214, 0.921053, 0.919408},
	        {30522, 141, 512, 128, 144, 304, 239, 1, 239, 1, 0.976926, 0.786184, 0.768044},
	        {2048, 141, 512, 32, 64, 304, 64, 3, 192, 1, 0.734375, 0.631579, 0.463816},
	        {128, 5, 128, 64, 16, 104, 2, 1, 2, 1, 0.3125, 0.019231, 0.006010},
	};

	(void)state;
	for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++) {
		gs_shape s = shape("", 1, ex[i].m, ex[i].n, ex[i].k, "bf16", 0);
		gs_eff e = run(&s, ex[i].tm, ex[i].tn, ex[i].cus, GS_SWAP_AUTO);
		assert_int_equal(e.swapped, 0);
		assert_int_equal(e.tiles_m, ex[i].tiles_m);
		assert_int_equal(e.tiles_n, ex[i].tiles_n);
		assert_int_equal(e.num_tiles, ex[i].num_tiles);
		assert_int_equal(e.rounds, ex[i].rounds);
		assert_near(e.tile_eff, ex[i].tile_eff, 5e-7);
		assert_near(e.wq_eff, ex[i].wq_eff, 5e-7);
		assert_near(e.dim_eff, ex[i].dim_eff, 5e-7);
		assert_int_equal(e.status, GS_EFF_OK);
	}
}

/* The seed's example 1 in its own words: float_rounds 4.21, 64 tiles left
 * for the last wave; and §4: dim_eff does not depend on the orientation
 * when the rounds do not change (8944x2816, MT128x224). */
static void
test_waves_and_orientation(void **state)
{
	gs_shape s = shape("", 1, 10240, 2048, 2048, "bf16", 0);
	gs_eff e = run(&s, 256, 64, 304, GS_SWAP_AUTO);

	(void)state;
	assert_near(e.float_rounds, 4.21, 0.005);
	assert_int_equal(e.last_wave_tiles, 1280 - 4 * 304);
	assert_near(e.last_wave_util, 64.0 / 304, 1e-12);
	s = shape("aten::mm", 1, 8944, 2816, 1024, "bf16", 0);
	e = run(&s, 128, 224, 304, GS_SWAP_ON);
	assert_int_equal(e.blas_m, 2816);
	assert_int_equal(e.num_tiles, 880);
	assert_int_equal(e.alt_num_tiles, 910);
	assert_near(e.tile_eff, 0.998214, 5e-7);
	assert_near(e.wq_eff, 0.964912, 5e-7);
	e = run(&s, 128, 224, 304, GS_SWAP_OFF);
	assert_int_equal(e.num_tiles, 910);
	assert_near(e.tile_eff, 0.965306, 5e-7);
	assert_near(e.wq_eff, 0.997807, 5e-7);
	assert_near(e.dim_eff, 0.963189, 5e-7);
	e = run(&s, 128, 224, 304, GS_SWAP_AUTO); /* a torch op: swapped by default */
	assert_int_equal(e.swapped, 1);
	assert_int_equal(e.num_tiles, 880);
}

/* efficiency.md §1.2: the Qwen addmm against the datasheet peak and the
 * TraceLens max-achievable roof; the fp32 bmm is memory-bound. */
static void
test_roofline(void **state)
{
	gs_shape s = shape("aten::addmm", 1, 8944, 1024, 1024, "bf16", 1);
	gs_eff_in in = {.shape = &s, .time_us = 41.038};
	gs_eff_opts o;
	gs_eff e;

	(void)state;
	gs_eff_opts_default(&o);
	assert_int_equal(gs_eff_compute(&in, gpu("mi300x"), &o, &e, NULL), 0);
	assert_near(e.ridge, 246.7, 0.05);
	assert_near(e.cost.ai, 484.49, 0.005);
	assert_near(e.compute_us, 14.354, 5e-4);
	assert_near(e.memory_us, 7.308, 5e-4);
	assert_true(e.compute_bound);
	assert_near(e.attainable_tflops, 1307.4, 1e-9);
	assert_near(e.pct_roofline, 35.0, 0.05);
	assert_near(e.achieved_tflops, 18766086144.0 / 41.038e-6 / 1e12, 1e-9);
	assert_near(e.achieved_tflops / e.attainable_tflops * 100, e.pct_roofline, 1e-9);
	assert_int_equal(e.peak_kind, GS_FIG_PEAK);
	assert_int_equal(e.status, GS_EFF_NO_TILE); /* no tile: roofline only */
	assert_true(isnan(e.dim_eff));
	o.roof = GS_ROOF_MEASURED;
	gs_eff_compute(&in, gpu("mi300x"), &o, &e, NULL);
	assert_near(e.compute_us, 26.506, 5e-4);
	assert_near(e.pct_roofline, 64.6, 0.05);
	assert_int_equal(e.peak_kind, GS_FIG_MEASURED);
	s = shape("aten::bmm", 1, 32, 559, 1, "float", 0);
	in.time_us = 0;
	gs_eff_opts_default(&o);
	gs_eff_compute(&in, gpu("mi300x"), &o, &e, NULL);
	assert_near(e.cost.ai, 0.484, 5e-4);
	assert_false(e.compute_bound);
	assert_near(e.attainable_tflops, 2.57, 0.005);
	assert_true(isnan(e.pct_roofline));
}

/* One trace launch: the grid picks the orientation; returns 1 if the
 * unswapped count differs (the launch discriminates). */
static int
check_launch(gs_kparser *kp, char **c, const gs_gpu *g, int cus)
{
	gs_shape s = shape(c[1], atol(c[2]), atol(c[3]), atol(c[4]), atol(c[5]), c[6],
	                   strcmp(c[1], "aten::addmm") == 0);
	gs_kernel_info k;
	gs_eff_in in = {.shape = &s, .kernel = &k, .workgroups = atol(c[7])};
	gs_eff_opts o;
	gs_eff e;

	gs_kparser_parse(kp, c[10], &k);
	gs_eff_opts_default(&o);
	o.cus = cus;
	assert_int_equal(gs_eff_compute(&in, g, &o, &e, NULL), 0);
	if (!e.swap_checked || !e.swapped || e.num_tiles != in.workgroups)
		fail_msg("%s %sx%sx%s: %ld swapped tiles, grid %ld", c[1], c[3], c[4], c[5],
		         e.num_tiles, in.workgroups);
	assert_int_equal(e.status, GS_EFF_OK);
	return e.alt_num_tiles != e.num_tiles;
}

/* efficiency.md §5: every linked GEMM kernel of the copied traces matches
 * the swapped tile count; 48 Qwen, 5 bert and 1 HTA launch tell swapped
 * from unswapped apart. */
static void
test_swap_on_real_grids(void **state)
{
	eff_tsv *t = eff_tsv_need("tracelens/mi300_gemms.tsv");
	gs_kparser *kp = gs_kparser_new(NULL);
	long n[3] = {0}, disc[3] = {0};

	(void)state;
	assert_non_null(kp);
	for (size_t r = 0; r < t->nrows; r++) {
		int i = strncmp(t->cell[r][0], "qwen", 4) == 0 ? 0 : 1;
		int calls = atoi(t->cell[r][9]);
		disc[i] += calls * check_launch(kp, t->cell[r], gpu("mi300x"), 0);
		n[i] += calls;
	}
	eff_tsv_free(t);
	t = eff_tsv_need("hta/mi250_gemms.tsv");
	for (size_t r = 0; r < t->nrows; r++) {
		disc[2] += check_launch(kp, t->cell[r], gpu("mi250"), 104);
		n[2]++;
	}
	eff_tsv_free(t);
	gs_kparser_free(kp);
	assert_int_equal(n[0], 169);
	assert_int_equal(disc[0], 48);
	assert_int_equal(n[1], 26);
	assert_int_equal(disc[1], 5);
	assert_int_equal(n[2], 2);
	assert_int_equal(disc[2], 1);
}

/* The H100 trace: persistent xmma kernels (grid 120/132, not the tile
 * count) get an approximate wq_eff; addmm 8944x1024 on 128x128 tiles is
 * 560 tiles, wq_eff 0.848 (data/README.md §2.2).  The CUTLASS 2.x bmm
 * 32x559 (K 1) on its 128x32 tile launches grid [4, 2, 1]: neither its 5
 * tiles (swapped) nor 18 (not), but CUTLASS's identity swizzle of the 1 x
 * 5 tiles with log tile 2 (1·4 x ceil(5/4)): the swapped orientation, the
 * 3 extra workgroups exiting at once (issue 12). */
static void
test_persistent_h100(void **state)
{
	eff_tsv *t = eff_tsv_need("tracelens/h100_gemms.tsv");
	gs_kparser *kp = gs_kparser_new(NULL);
	int seen = 0;

	(void)state;
	for (size_t r = 0; r < t->nrows; r++) {
		char **c = t->cell[r];
		gs_shape s = shape(c[0], atol(c[1]), atol(c[2]), atol(c[3]), atol(c[4]), "bf16",
		                   strcmp(c[0], "aten::addmm") == 0);
		gs_kernel_info k;
		gs_eff_in in = {.shape = &s, .kernel = &k, .workgroups = atol(c[5])};
		gs_eff e;
		gs_kparser_parse(kp, c[10], &k);
		gs_eff_compute(&in, gpu("h100"), NULL, &e, NULL);
		if (k.family == GS_KF_CUTLASS2) {
			assert_int_equal(e.status, GS_EFF_OK);
			assert_true(e.swapped && e.swap_checked);
			assert_int_equal(e.num_tiles, 5);
			assert_int_equal(e.splits, 1);
			assert_near(e.tile_eff, 559.0 / 640, 1e-15);
			assert_near(e.wq_eff, 5.0 / 132, 1e-15);
			assert_near(e.dim_eff, 559.0 / 640 * 5 / 132, 1e-15);
			assert_non_null(strstr(e.note, "swizzled"));
			continue;
		}
		assert_int_equal(e.status, GS_EFF_PERSISTENT);
		assert_non_null(e.note);
		if (strcmp(c[0], "aten::addmm") == 0) {
			assert_int_equal(e.num_tiles, 560);
			assert_near(e.wq_eff, 0.848, 0.0005);
			seen = 1;
		}
	}
	assert_true(seen);
	eff_tsv_free(t);
	gs_kparser_free(kp);
}

/* Split-K and Stream-K are flagged, never given a guessed wq_eff: a
 * split-K kernel's waves are those of its tiles x splits workgroups when
 * the grid (or a GSU<n> in the name) gives the split (issue 12). */
static void
test_split_and_stream_k(void **state)
{
	gs_kparser *kp = gs_kparser_new(NULL);
	gs_shape s = shape("aten::addmm", 1, 141, 2048, 512, "bf16", 1);
	gs_kernel_info k;
	gs_eff_in in = {.shape = &s, .kernel = &k};
	gs_eff e;

	(void)state;
	/* the bert MT32x64 kernel with a grid of 3 x 192 workgroups */
	gs_kparser_parse(kp,
	                 "Cijk_Alik_Bljk_B_BS_BH_Bias_HA_S_SAV_UserArgs_MT32x64x128_"
	                 "MI16x16x1_SN_GSUAMB_ISA942_MIWT2_1_SK0_WG32_8_1",
	                 &k);
	in.workgroups = 3 * 192;
	gs_eff_compute(&in, gpu("mi300x"), NULL, &e, NULL);
	assert_int_equal(e.status, GS_EFF_SPLIT_K);
	assert_near(e.tile_eff, 0.734375, 5e-7);
	assert_int_equal(e.splits, 3);
	assert_int_equal(e.num_tiles, 192);
	assert_int_equal(e.rounds, 2); /* 576 workgroups on 304 CUs */
	assert_near(e.wq_eff, 576.0 / 608, 1e-15);
	assert_near(e.dim_eff, 0.734375 * 576 / 608, 1e-12);
	/* a grid that is no multiple of either tile count */
	in.workgroups = 3 * 192 + 1;
	gs_eff_compute(&in, gpu("mi300x"), NULL, &e, NULL);
	assert_int_equal(e.status, GS_EFF_GRID_MISMATCH);
	assert_true(isnan(e.wq_eff) && isnan(e.dim_eff));
	/* the MI350X Stream-K symbol */
	gs_kparser_parse(kp,
	                 "Cijk_Alik_Bljk_BBS_BH_Bias_HA_S_SAV_UserArgs_MT128x64x128_MI16x16x1_"
	                 "SN_GSU0_GSUAMB_GLS0_ISA950_SK3_WG32_8_1",
	                 &k);
	in.workgroups = 256;
	gs_eff_compute(&in, gpu("mi350x"), NULL, &e, NULL);
	assert_int_equal(e.status, GS_EFF_STREAM_K);
	assert_true(isnan(e.wq_eff));
	/* a GSU4 name */
	gs_kparser_parse(kp, "Cijk_Ailk_Bljk_BBS_BH_MT64x64x64_MI16x16x1_SN_GSU4_GSUASB_WG32_8_1",
	                 &k);
	in.workgroups = 0;
	gs_eff_compute(&in, gpu("mi300x"), NULL, &e, NULL);
	assert_int_equal(e.status, GS_EFF_SPLIT_K);
	assert_int_equal(e.splits, 4); /* GSU4: 96 tiles x 4 on 304 CUs */
	assert_near(e.wq_eff, 384.0 / 608, 1e-15);
	/* GSUAMBSK with the split decided at run time and no grid: unknown */
	gs_kparser_parse(kp, "Cijk_Ailk_Bljk_BBS_BH_MT64x64x64_MI16x16x1_SN_GSU0_GSUAMBSK_WG32_8_1",
	                 &k);
	gs_eff_compute(&in, gpu("mi300x"), NULL, &e, NULL);
	assert_int_equal(e.status, GS_EFF_SPLIT_K);
	assert_int_equal(e.splits, 0);
	assert_true(isnan(e.wq_eff) && isnan(e.dim_eff));
	/* a name without a tile: roofline only, the parser's reason kept */
	gs_kparser_parse(kp, "attn_fwd", &k);
	gs_eff_compute(&in, gpu("mi300x"), NULL, &e, NULL);
	assert_int_equal(e.status, GS_EFF_NO_TILE);
	assert_true(isnan(e.tile_eff));
	assert_false(isnan(e.ridge));
	assert_string_equal(e.note, k.note);
	gs_kparser_free(kp);
}

static void
test_slots_and_errors(void **state)
{
	gs_shape s = shape("", 1, 10240, 2048, 2048, "bf16", 0);
	gs_eff_in in = {.shape = &s, .tile_m = 256, .tile_n = 64};
	gs_eff_opts o;
	gs_eff e;
	gs_error err;

	(void)state;
	gs_eff_opts_default(&o);
	o.wgs_per_cu = 2; /* efficiency.md §3: slots = CUs x WGs per CU */
	gs_eff_compute(&in, gpu("mi300x"), &o, &e, NULL);
	assert_int_equal(e.slots, 608);
	assert_int_equal(e.rounds, 3);
	assert_near(e.wq_eff, 1280.0 / (3 * 608), 1e-12);
	gs_eff_compute(&in, NULL, NULL, &e, NULL); /* no GPU: tile_eff only */
	assert_near(e.tile_eff, 1.0, 0);
	assert_true(isnan(e.wq_eff) && isnan(e.ridge));
	s.K = 0;
	assert_int_equal(gs_eff_compute(&in, gpu("mi300x"), NULL, &e, &err), -1);
	assert_non_null(strstr(err.msg, ">= 1"));
	assert_string_equal(gs_eff_status_name(GS_EFF_STREAM_K), "stream-k");
}

/* A trace record as the readers fill it: the launch's tile and grid. */
static void
test_from_record(void **state)
{
	gs_record r;
	gs_launch launch = {0};
	gs_record_more more = {0};
	gs_eff_in in;
	gs_eff e;
	gs_shape blas;

	(void)state;
	memset(&r, 0, sizeof r);
	more.launch = &launch;
	r.more = &more;
	r.shape = shape("aten::mm", 1, 8944, 2816, 1024, "bf16", 0);
	r.t.median = 110.45288;
	launch.tile_m = 128;
	launch.tile_n = 224;
	launch.workgroups = 880;
	gs_eff_in_from_record(&r, NULL, &in);
	assert_ptr_equal(in.shape, &r.shape);
	assert_near(in.time_us, 110.45288, 0);
	gs_eff_compute(&in, gpu("mi300x"), NULL, &e, NULL);
	assert_true(e.swap_checked && e.swapped);
	assert_int_equal(e.num_tiles, 880);
	/* GEMM.csv: 51.581550592 GFLOP in 110.45 µs */
	assert_near(e.achieved_tflops, 51.581550592e9 / 110.45288e-6 / 1e12, 1e-9);
	gs_eff_blas_shape(&e, &r.shape, &blas);
	assert_int_equal(blas.M, 2816);
	assert_int_equal(blas.N, 8944);
	assert_int_equal(blas.K, 1024);
}

/* issue 11 item 3: M = N = 2^40 (tiles-overflow.csv) with a 1x1 tile has
 * 2^80 tiles; the count is refused, never wrapped to 0 or negative. */
static void
test_tile_count_limits(void **state)
{
	gs_shape s = shape("", 1, 1L << 40, 1L << 40, 1024, "f16", 0);
	gs_eff_in in = {.shape = &s, .tile_m = 1, .tile_n = 1};
	gs_eff e;
	gs_error err;

	(void)state;
	assert_int_equal(gs_eff_compute(&in, gpu("mi300x"), NULL, &e, &err), -1);
	assert_non_null(strstr(err.msg, "exceeds 2^53"));
	in.tile_m = in.tile_n = 256; /* 2^64 tiles: still beyond a long */
	assert_int_equal(gs_eff_compute(&in, gpu("mi300x"), NULL, &e, &err), -1);
	s.M = s.N = 1L << 33; /* 2^25 · 2^25 = 2^50 tiles: within */
	assert_int_equal(gs_eff_compute(&in, gpu("mi300x"), NULL, &e, &err), 0);
	assert_int_equal(e.num_tiles, 1L << 50);
	assert_int_equal(e.tiles_m, 1L << 25);
	assert_near(e.tile_eff, 1.0, 0);
	assert_true(e.rounds > 0 && e.wq_eff > 0 && e.wq_eff <= 1);
	s.batch = 1L << 3; /* 2^53 exactly: the limit is inclusive */
	assert_int_equal(gs_eff_compute(&in, gpu("mi300x"), NULL, &e, &err), 0);
	assert_int_equal(e.num_tiles, 1L << 53);
	s.batch = (1L << 3) + 1;
	assert_int_equal(gs_eff_compute(&in, gpu("mi300x"), NULL, &e, &err), -1);
	/* a dimension near LONG_MAX: ceil_div and the padding do not overflow */
	s.batch = 1;
	s.M = 0x7fffffffffffffffL;
	s.N = 1L << 30;
	in.tile_m = in.tile_n = 1 << 30;
	assert_int_equal(gs_eff_compute(&in, gpu("mi300x"), NULL, &e, &err), 0);
	assert_int_equal(e.tiles_m, 1L << 33);
	assert_true(e.tile_eff > 0.999 && e.tile_eff <= 1);
	/* the roofline alone (no tile) has no count limit */
	in.tile_m = in.tile_n = 0;
	s.M = s.N = 1L << 40;
	assert_int_equal(gs_eff_compute(&in, gpu("mi300x"), NULL, &e, &err), 0);
	assert_int_equal(e.status, GS_EFF_NO_TILE);
	assert_near(e.cost.flop, 2.0 * 0x1p40 * 0x1p40 * 1024, 0);
	assert_true(isfinite(e.roofline_us));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_flop_bytes),
	        cmocka_unit_test(test_flop_conventions),
	        cmocka_unit_test(test_worked_examples),
	        cmocka_unit_test(test_waves_and_orientation),
	        cmocka_unit_test(test_roofline),
	        cmocka_unit_test(test_swap_on_real_grids),
	        cmocka_unit_test(test_persistent_h100),
	        cmocka_unit_test(test_split_and_stream_k),
	        cmocka_unit_test(test_slots_and_errors),
	        cmocka_unit_test(test_from_record),
	        cmocka_unit_test(test_tile_count_limits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
