/* test_runner_method.c: gemmscope-bench's measuring methodology
 * (runner/measure.h, runner/clocks.h, runner/README.md "How a shape is
 * measured"): the largest-cache figure from the GPU table and what the
 * rotation and the flush make of it; the order of flushes, timer and
 * launches around every sample; the warm-up; OpenBLAS against the
 * hand-written reference loop; shapes whose sizes overflow.  The clock
 * sampler is test_runner_clocks.c, the rest of the runner test_runner.c. */
#define _XOPEN_SOURCE 700
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "runner/bdtype.h"
#include "runner/bench.h"
#include "runner/check.h"
#include "runner/cpublas.h"
#include "runner/cpugemm.h"
#include "runner/measure.h"
#include "runner/shapes.h"
#include "runner_test.h"

/* ---- the largest cache, the rotation and the flush ------------------------------- */

/* What the runtimes report for four boards: the MI300X VF as a PyTorch
 * trace records hipGetDeviceProperties (reference/formats.md:
 * totalGlobalMem 205571227648, 304 CUs), with HIP's l2CacheSize of 4 MiB
 * (one XCD's L2); the B200 with reference/gpu-specs.md's figures (148
 * SMs, totalGlobalMem 178.4 GiB); the H100 of bench/runner (nvidia-smi:
 * 81559 MiB, 1980 MHz; CUDA's l2CacheSize 50 MiB); an RTX 3090 (GA102,
 * 82 SMs, 24 GiB, 6 MiB L2), which the GPU table does not have. */
static const gs_dev_info mi300x = {.name = "AMD Instinct MI300X VF",
                                   .arch = "gfx942",
                                   .cus = 304,
                                   .sclk_mhz = 2100,
                                   .l2_bytes = 4LL << 20,
                                   .mem_bytes = 205571227648LL};
static const gs_dev_info h100 = {.name = "NVIDIA H100 80GB HBM3",
                                 .arch = "sm_90",
                                 .cus = 132,
                                 .sclk_mhz = 1980,
                                 .l2_bytes = 50LL << 20,
                                 .mem_bytes = 81559LL << 20};
static const gs_dev_info rtx3090 = {.name = "NVIDIA GeForce RTX 3090",
                                    .arch = "sm_86",
                                    .cus = 82,
                                    .sclk_mhz = 1695,
                                    .l2_bytes = 6LL << 20,
                                    .mem_bytes = 24LL << 30};
static const gs_dev_info b200 = {.name = "NVIDIA B200",
                                 .arch = "sm_100",
                                 .cus = 148,
                                 .mem_bytes = 191553126400LL};

/* The cache figure: the table's largest cache where the table has the GPU
 * and a cache for it, else the runtime's, else unknown (0). */
static void
test_cache_figure(void **state)
{
	char why[160];

	(void)state;
	/* MI300X: the 256 MB Infinity Cache, not HIP's 4 MiB L2 */
	assert_true(gs_bench_cache_mib(&mi300x, "hip", why, sizeof why) == 256);
	assert_string_equal(why, "the GPU table's MI300X: L2 32 MiB, last-level 256 MiB");
	assert_true(gs_bench_cache_mib(&h100, "cuda", why, sizeof why) == 50);
	assert_string_equal(why, "the GPU table's H100: L2 50 MiB");
	/* a GPU the table lacks: what the runtime reports */
	assert_true(gs_bench_cache_mib(&rtx3090, "cuda", why, sizeof why) == 6);
	assert_string_equal(why, "the runtime's L2");
	/* a GPU the table has without a cache figure, and a runtime that says
	 * nothing either: unknown */
	assert_true(gs_bench_cache_mib(&b200, "cuda", why, sizeof why) == 0);
	assert_string_equal(why, "unknown");
	/* the CPU backend: its L3, never a table lookup */
	assert_true(gs_bench_cache_mib(&mi300x, "cpu", why, sizeof why) == 4);
	assert_string_equal(why, "the runtime's L3");
	assert_true(gs_bench_cache_mib(&h100, "cuda", NULL, 0) == 50);
}

/* 1024^3 bf16 (the example): one set of A, B and C is 6 MiB.  The
 * old rule (at most one set per launch: 20 sets) rotated over 120 MiB,
 * inside MI300X's 256 MB Infinity Cache; now 86 sets, 516 MiB. */
static void
test_rotation_and_flush(void **state)
{
	static const struct {
		const gs_dev_info *info;
		const char *platform;
		double rotating_mib;
		long copies;
		double flush_mib;
	} want[] = {
	        {&mi300x, "hip", 512, 86, 512}, /* ceil(512 / 6) */
	        {&h100, "cuda", 100, 17, 100}, /* ceil(100 / 6) */
	        {&rtx3090, "cuda", 12, 2, 12},
	        {&b200, "cuda", GS_BENCH_DEFAULT_MIB, 86, GS_BENCH_DEFAULT_MIB},
	};
	gs_dev_gemm g = {1024, 1024, 1024, 1, GS_DEV_BF16, 'N', 'N', 0, 0, 0, 0, 0, 0};
	gs_dev_gemm tiny = {16, 16, 16, 1, GS_DEV_F32, 'N', 'N', 0, 0, 0, 0, 0, 0};
	double set = gs_bench_gemm_bytes(&g);
	gs_bench_cfg cfg;

	(void)state;
	assert_true(set == 6 * 1048576.0);
	assert_true(20 * set < 256 * 1048576.0);
	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		gs_bench_cfg_default(&cfg);
		cfg.cache_mib = gs_bench_cache_mib(want[i].info, want[i].platform, NULL, 0);
		cfg.flush = 1;
		assert_true(gs_bench_rotating_mib(&cfg) == want[i].rotating_mib);
		assert_int_equal(gs_bench_copies(&cfg, set), want[i].copies);
		/* the footprint covers twice the cache (or the default) */
		assert_true(want[i].copies * set >= want[i].rotating_mib * 1048576.0);
		assert_true(gs_bench_flush_bytes(&cfg) == (size_t)(want[i].flush_mib * 1048576.0));
	}
	gs_bench_cfg_default(&cfg);
	cfg.cache_mib = 256;
	assert_true(gs_bench_flush_bytes(&cfg) == 0); /* no --flush */
	cfg.flush = 1;
	cfg.flush_mib = 64; /* --flush-mib */
	assert_true(gs_bench_flush_bytes(&cfg) == 64u << 20);
	cfg.rotating_mib = 0; /* --rotating 0: hot-cache timing */
	assert_int_equal(gs_bench_copies(&cfg, set), 1);
	cfg.rotating_mib = 512; /* 3 KiB sets: capped */
	assert_int_equal(gs_bench_copies(&cfg, gs_bench_gemm_bytes(&tiny)), GS_BENCH_MAX_COPIES);
}

/* ---- what happens around every sample -------------------------------------------- */

/* The CPU backend with its calls written down: F a fill of the flush
 * buffer's size, I an instruction-cache flush, S and E the timer's start
 * and stop, R a launch. */
static char calls[256];
static size_t flush_bytes_seen;

static void
note(char c)
{
	size_t n = strlen(calls);

	if (n + 1 < sizeof calls)
		calls[n] = c, calls[n + 1] = '\0';
}

static const char *
traced_fill(void *dst, int byte, size_t bytes)
{
	if (bytes == flush_bytes_seen)
		note('F');
	return gs_cpugemm_api()->fill(dst, byte, bytes);
}

static const char *
traced_icache(void)
{
	note('I');
	return NULL;
}

static const char *
traced_start(void)
{
	note('S');
	return gs_cpugemm_api()->timer_start();
}

static const char *
traced_stop(double *us)
{
	note('E');
	return gs_cpugemm_api()->timer_stop(us);
}

static const char *
traced_run(void *plan, const void *a, const void *b, void *c, const void *bias)
{
	note('R');
	return gs_cpugemm_api()->run(plan, a, b, c, bias);
}

/* Measure a 48×40×72 bf16 GEMM with TRACED, 1 warm-up launch, 3 samples
 * of LAUNCHES launches, the flush of 1 MiB, into M. */
static void
traced_measure(const gs_dev_api *traced, int launches, int icache, gs_bench_meas *m)
{
	gs_dev_gemm g = {48, 40, 72, 1, GS_DEV_BF16, 'N', 'N', 0, 0, 0, 0, 0, 0};
	gs_dev_info info;
	gs_bench_cfg cfg;
	gs_error err;

	assert_null(traced->init(0, &info));
	gs_bench_cfg_default(&cfg);
	cfg.kind = GS_DEV_CPU;
	cfg.warmup = 1;
	cfg.warmup_ms = 0;
	cfg.iters = 3;
	cfg.launches = launches;
	cfg.rotating_mib = 1;
	cfg.flush = 1;
	cfg.flush_mib = 1;
	cfg.flush_icache = icache;
	flush_bytes_seen = 1u << 20;
	calls[0] = '\0';
	assert_int_equal(gs_bench_measure(traced, &info, &cfg, &g, m, &err), 0);
	traced->fini();
}

/* Before every sample, outside the timer: the data flush, then the
 * instruction caches; the checked launch and the warm-up go first; the
 * launches of one sample follow each other with nothing between them. */
static void
test_sample_discipline(void **state)
{
	gs_dev_api traced = *gs_cpugemm_api();
	gs_bench_meas m;

	(void)state;
	traced.fill = traced_fill;
	traced.flush_icache = traced_icache;
	traced.timer_start = traced_start;
	traced.timer_stop = traced_stop;
	traced.run = traced_run;
	traced_measure(&traced, 1, 1, &m);
	/* R: the checked launch, R: the warm-up, then 3 samples */
	assert_string_equal(calls, "RRFISREFISREFISRE");
	assert_int_equal(m.icache_flushed, 1);
	assert_true(m.flush_mib == 1);
	gs_bench_meas_free(&m);
	traced_measure(&traced, 2, 1, &m);
	assert_string_equal(calls, "RRFISRREFISRREFISRRE");
	gs_bench_meas_free(&m);
	/* --no-icache-flush */
	traced_measure(&traced, 1, 0, &m);
	assert_string_equal(calls, "RRFSREFSREFSRE");
	assert_int_equal(m.icache_flushed, 0);
	gs_bench_meas_free(&m);
	/* a backend without the instruction (CUDA, the CPU) says so */
	traced.flush_icache = NULL;
	traced_measure(&traced, 1, 1, &m);
	assert_string_equal(calls, "RRFSREFSREFSRE");
	assert_int_equal(m.icache_flushed, 0);
	gs_bench_meas_free(&m);
}

/* The warm-up: at least --warmup launches and at least --warmup-ms. */
static void
test_warm_up(void **state)
{
	const gs_dev_api *api = gs_cpugemm_api();
	gs_dev_gemm g = {48, 40, 72, 1, GS_DEV_F32, 'N', 'N', 0, 0, 0, 0, 0, 0};
	gs_dev_info info;
	gs_bench_cfg cfg;
	gs_bench_meas m;
	gs_error err;
	struct timespec t0, t1;

	(void)state;
	assert_null(api->init(0, &info));
	gs_bench_cfg_default(&cfg);
	assert_int_equal(cfg.warmup, 10);
	assert_true(cfg.warmup_ms == 50);
	cfg.kind = GS_DEV_CPU;
	cfg.iters = 1;
	cfg.rotating_mib = 0;
	cfg.warmup = 4;
	cfg.warmup_ms = 0;
	assert_int_equal(gs_bench_measure(api, &info, &cfg, &g, &m, &err), 0);
	assert_int_equal(m.warmup_launches, 4);
	gs_bench_meas_free(&m);
	cfg.warmup = 0; /* no warm-up at all */
	assert_int_equal(gs_bench_measure(api, &info, &cfg, &g, &m, &err), 0);
	assert_int_equal(m.warmup_launches, 0);
	gs_bench_meas_free(&m);
	/* 30 ms of a GEMM of about 0.3 MFLOP: many batches of 4 */
	cfg.warmup = 4;
	cfg.warmup_ms = 30;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	assert_int_equal(gs_bench_measure(api, &info, &cfg, &g, &m, &err), 0);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	assert_true((t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6 >= 30);
	assert_true(m.warmup_launches > 4 && m.warmup_launches % 4 == 0);
	gs_bench_meas_free(&m);
	api->fini();
}

/* ---- OpenBLAS against the reference loop ------------------------------------------------- */

/* Σ_k |a_ik·b_kj| + |bias_i| of batch X, output (I, J), layout devapi.h. */
static double
abs_dot(const gs_dev_gemm *g, const gs_check_ops *o, long long x, long long i, long long j)
{
	double s = o->bias ? fabs(o->bias[i]) : 0;

	for (long long k = 0; k < g->k; k++) {
		double a =
		        o->a[x * g->m * g->k + (g->trans_a == 'T' ? k + i * g->k : i + k * g->m)];
		double b =
		        o->b[x * g->k * g->n + (g->trans_b == 'T' ? j + k * g->n : k + j * g->k)];
		s += fabs(a * b);
	}
	return s;
}

/* The largest |blas − loop| / abs_dot over every output of G. */
static double
blas_vs_loop(const gs_dev_gemm *g, const gs_check_ops *o, const void *blas, const void *loop)
{
	size_t nc = o->nc;
	float *cb = malloc(nc * sizeof *cb), *cl = malloc(nc * sizeof *cl);
	double worst = 0;

	gs_bdtype_unpack(g->dtype, blas, cb, nc);
	gs_bdtype_unpack(g->dtype, loop, cl, nc);
	for (long long x = 0; x < g->batch; x++)
		for (long long j = 0; j < g->n; j++)
			for (long long i = 0; i < g->m; i++) {
				size_t e = (size_t)(x * g->m * g->n + i + j * g->m);
				double d = fabs((double)cb[e] - cl[e]) / abs_dot(g, o, x, i, j);
				worst = d > worst ? d : worst;
			}
	free(cb);
	free(cl);
	return worst;
}

/* The operands of O packed to G's dtype: A, B, bias into P[0..2]. */
static void
pack_ops(const gs_dev_gemm *g, const gs_check_ops *o, void *p[3])
{
	size_t es = gs_bdtype_size(g->dtype);

	p[0] = malloc(o->na * es);
	p[1] = malloc(o->nb * es);
	p[2] = o->bias ? malloc((size_t)g->m * es) : NULL;
	gs_bdtype_pack(g->dtype, o->a, p[0], o->na);
	gs_bdtype_pack(g->dtype, o->b, p[1], o->nb);
	if (o->bias)
		gs_bdtype_pack(g->dtype, o->bias, p[2], (size_t)g->m);
}

/* OpenBLAS (the CPU's vendor path) and the hand-written blocked loop on
 * the same operands agree output by output within twice the check's
 * bound (each is within one bound of the exact product), for every dtype
 * and transpose, with bias and batch.  Without OpenBLAS in the build the
 * plan says so. */
static void
test_openblas_against_loop(void **state)
{
	static const char trans[][2] = {{'N', 'N'}, {'N', 'T'}, {'T', 'N'}, {'T', 'T'}};
	char kernel[128];
	void *plan;

	(void)state;
	for (int d = GS_DEV_F32; d <= GS_DEV_BF16; d++)
		for (int t = 0; t < 4; t++) {
			gs_dev_gemm g = {96, 80, 300, 2, d, trans[t][0], trans[t][1], t % 2,
			                 0,  0,  0,   0, 0};
			size_t es = gs_bdtype_size(d);
			gs_check_ops o;
			void *p[3], *cb, *cl;
			if (!gs_cpublas_version()) { /* configure found no OpenBLAS */
				assert_non_null(gs_cpublas_plan(&g, &plan, kernel, sizeof kernel));
				return;
			}
			assert_int_equal(gs_check_ops_init(&o, &g, 11), 0);
			pack_ops(&g, &o, p);
			cb = malloc(o.nc * es);
			cl = malloc(o.nc * es);
			assert_null(gs_cpublas_plan(&g, &plan, kernel, sizeof kernel));
			assert_true(strncmp(kernel, "openblas_sgemm", 14) == 0);
			assert_null(gs_cpublas_run(plan, p[0], p[1], cb, p[2]));
			assert_int_equal(gs_cpugemm(&g, p[0], p[1], cl, p[2]), 0);
			assert_true(blas_vs_loop(&g, &o, cb, cl) <= 2 * gs_check_bound(&g));
			gs_cpublas_plan_free(plan);
			free(p[0]), free(p[1]), free(p[2]), free(cb), free(cl);
			gs_check_ops_free(&o);
		}
}

/* ---- sizes that overflow --------------------------------------------------------------- */

/* Issue 11, item 1 and issue 14: a shape whose operand sizes overflow, or
 * exceed any host's memory, is refused where it enters the plan, at its
 * FILE:LINE, with exit status 2 and nothing written; the check operands
 * refuse it too. */
static void
test_size_overflow(void **state)
{
	static const char *const dt[] = {"f32", NULL};
	gs_bshapes_opts o = {dt, 'N', 'N', 0};
	gs_table *plan = gs_table_new("shapes");
	gs_dev_gemm g = {0};
	gs_check_ops ops;
	gs_error err;

	(void)state;
	assert_int_equal(gs_bshapes_add_mnk(plan, 1L << 31, 1, 1L << 31, 1, &o, &err), -1);
	assert_string_equal(err.file, "-m/-n/-k");
	assert_non_null(strstr(err.msg, "overflow"));
	assert_int_equal(plan->n, 0);
	/* M = K = 2^31 on line 3 of a --shapes file */
	gs_rt_put("huge.csv",
	          "M,N,K,dtype,time_us\n64,64,64,f32,1\n2147483648,1,2147483648,f32,3\n");
	assert_int_equal(gs_bshapes_add_file(plan, gs_rt_tmp("huge.csv"), &o, &err), -1);
	assert_string_equal(err.file, gs_rt_tmp("huge.csv"));
	assert_int_equal(err.line, 3);
	assert_non_null(
	        strstr(err.msg, "2147483648×1×2147483648 f32 NN: its operand sizes overflow"));
	/* 2^31 × 1 × 2^20 does not overflow, but needs 8 PiB of host memory */
	gs_rt_put("big.csv", "M,N,K,dtype,time_us\n2147483648,1,1048576,f32,3\n");
	assert_int_equal(gs_bshapes_add_file(plan, gs_rt_tmp("big.csv"), &o, &err), -1);
	assert_int_equal(err.line, 2);
	assert_non_null(strstr(err.msg, "bytes of host memory"));
	gs_table_free(plan);
	assert_int_equal(gs_rt_bench("--backend", "cpu", "--shapes", gs_rt_tmp("huge.csv"), "-o",
	                             gs_rt_tmp("never.csv"), "-q", NULL),
	                 GS_BENCH_USAGE);
	assert_int_equal(access(gs_rt_tmp("never.csv"), F_OK), -1);
	g.m = g.k = 1LL << 62;
	g.n = g.batch = 1;
	g.dtype = GS_DEV_F32;
	g.trans_a = g.trans_b = 'N';
	assert_int_equal(gs_check_ops_init(&ops, &g, 1), -1);
	assert_null(ops.a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_cache_figure),
	        cmocka_unit_test(test_rotation_and_flush),
	        cmocka_unit_test(test_sample_discipline),
	        cmocka_unit_test(test_warm_up),
	        cmocka_unit_test(test_openblas_against_loop),
	        cmocka_unit_test(test_size_overflow),
	};

	return cmocka_run_group_tests(tests, gs_rt_setup, gs_rt_teardown);
}
