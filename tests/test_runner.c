/* test_runner.c: gemmscope-bench (runner/): dtype conversions, the CPU
 * reference GEMM, result checking, the shape list,
 * the measurement loop, the CSV it writes read back, ceilings, and the
 * refusals with exit status 2 and 3.  Everything runs on the CPU backend;
 * tests/runner.sh drives the built binary and its device backends;
 * Tensile ProblemSizes are test_psize.c; the measuring methodology (cache
 * sizing, flushes, warm-up, OpenBLAS against the reference loop, size
 * overflow) test_runner_method.c; the clock sampler test_runner_clocks.c. */
#define _XOPEN_SOURCE 700
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

#include "ingest/ingest.h"
#include "ingest/gpuspec.h"
#include "model/gpu.h"
#include "runner/bdtype.h"
#include "runner/bench.h"
#include "runner/check.h"
#include "runner/cpugemm.h"
#include "runner/measure.h"
#include "runner/psize.h"
#include "runner/shapes.h"
#include "runner/tile.h"
#include "runner_test.h"

static const char *
srcdir(void)
{
	const char *s = getenv("top_srcdir");

	return s && *s ? s : ".";
}

static const char *
data(const char *name)
{
	static char path[4][1024];
	static int next;
	char *p = path[next++ % 4];

	snprintf(p, sizeof path[0], "%s/%s", srcdir(), name);
	return p;
}

/* ---- dtypes ------------------------------------------------------------------ */

static void
test_f16_conversion(void **state)
{
	(void)state;
	assert_int_equal(gs_bdtype_f16_from_f32(1.0f), 0x3c00);
	assert_int_equal(gs_bdtype_f16_from_f32(-2.0f), 0xc000);
	assert_int_equal(gs_bdtype_f16_from_f32(65504.0f), 0x7bff); /* largest */
	assert_int_equal(gs_bdtype_f16_from_f32(65520.0f), 0x7c00); /* rounds to inf */
	assert_int_equal(gs_bdtype_f16_from_f32(1.0f / 3.0f), 0x3555);
	assert_int_equal(gs_bdtype_f16_from_f32(ldexpf(1, -24)), 0x0001); /* subnormal */
	assert_int_equal(gs_bdtype_f16_from_f32(ldexpf(1, -25)), 0x0000); /* tie to even */
	assert_int_equal(gs_bdtype_f16_from_f32(ldexpf(3, -25)), 0x0002); /* tie to even */
	assert_int_equal(gs_bdtype_f16_from_f32(ldexpf(1, -14)), 0x0400); /* smallest normal */
	assert_int_equal(gs_bdtype_f16_from_f32(1.0f + ldexpf(1, -11)), 0x3c00); /* tie */
	assert_int_equal(gs_bdtype_f16_from_f32(1.0f + ldexpf(3, -11)), 0x3c02); /* tie */
	assert_true(isnan(gs_bdtype_f32_from_f16(gs_bdtype_f16_from_f32(NAN))));
	assert_true(gs_bdtype_f32_from_f16(0x3555) == 0.333251953125f);
	assert_true(gs_bdtype_f32_from_f16(0x0001) == ldexpf(1, -24));
	assert_true(gs_bdtype_f32_from_f16(0xfc00) == -INFINITY);
	for (uint32_t h = 0; h < 0x7c00; h++) /* every finite f16 round-trips */
		assert_int_equal(gs_bdtype_f16_from_f32(gs_bdtype_f32_from_f16((uint16_t)h)), h);
}

static void
test_bf16_conversion(void **state)
{
	(void)state;
	assert_int_equal(gs_bdtype_bf16_from_f32(1.0f), 0x3f80);
	assert_int_equal(gs_bdtype_bf16_from_f32(3.14159274f), 0x4049);
	assert_int_equal(gs_bdtype_bf16_from_f32(1.0f + ldexpf(1, -8)), 0x3f80); /* tie */
	assert_int_equal(gs_bdtype_bf16_from_f32(1.0f + ldexpf(3, -8)), 0x3f82); /* tie */
	assert_int_equal(gs_bdtype_bf16_from_f32(-0.0f), 0x8000);
	assert_true(isnan(gs_bdtype_f32_from_bf16(gs_bdtype_bf16_from_f32(NAN))));
	assert_true(gs_bdtype_f32_from_bf16(0x4049) == 3.140625f);
	assert_int_equal(gs_bdtype_from_name("bf16"), GS_DEV_BF16);
	assert_int_equal(gs_bdtype_from_name("f64"), -1);
	assert_true(gs_bdtype_unit_roundoff(GS_DEV_F16) == ldexp(1, -11));
}

/* ---- the CPU GEMM ------------------------------------------------------------ */

/* Store the 2×3 A = [1 2 3; 4 5 6] and the 3×2 B = [7 8; 9 10; 11 12] in
 * the layout TA/TB say, for BATCH copies (copy x scaled by x + 1). */
static void
known_operands(char ta, char tb, int batch, float *a, float *b)
{
	const float A[2][3] = {{1, 2, 3}, {4, 5, 6}}, B[3][2] = {{7, 8}, {9, 10}, {11, 12}};

	for (int x = 0; x < batch; x++)
		for (int i = 0; i < 2; i++)
			for (int k = 0; k < 3; k++) {
				a[x * 6 + (ta == 'T' ? k + i * 3 : i + k * 2)] =
				        A[i][k] * (float)(x + 1);
				b[x * 6 + (tb == 'T' ? i + k * 2 : k + i * 3)] = B[k][i];
			}
}

static void
test_cpugemm_known_product(void **state)
{
	static const char trans[][2] = {{'N', 'N'}, {'N', 'T'}, {'T', 'N'}, {'T', 'T'}};
	const float want[4] = {58, 139, 64, 154}; /* C = [58 64; 139 154], column-major */
	const float bias[2] = {1, -2};

	(void)state;
	for (int d = GS_DEV_F32; d <= GS_DEV_BF16; d++) {
		for (int t = 0; t < 4; t++) {
			gs_dev_gemm g = {2, 2, 3, 2, d, trans[t][0], trans[t][1], 1, 0, 0, 0, 0, 0};
			float a[12], b[12], c[8], pa[12], pb[12], pc[8], pbias[2];
			known_operands(g.trans_a, g.trans_b, 2, a, b);
			gs_bdtype_pack(d, a, pa, 12);
			gs_bdtype_pack(d, b, pb, 12);
			gs_bdtype_pack(d, bias, pbias, 2);
			assert_int_equal(gs_cpugemm(&g, pa, pb, pc, pbias), 0);
			gs_bdtype_unpack(d, pc, c, 8);
			for (int x = 0; x < 2; x++)
				for (int e = 0; e < 4; e++)
					assert_true(c[x * 4 + e] ==
					            want[e] * (float)(x + 1) + bias[e % 2]);
		}
	}
}

static void
corrupt(int dtype, void *c, size_t idx)
{
	float v;

	gs_bdtype_unpack(dtype, (char *)c + idx * gs_bdtype_size(dtype), &v, 1);
	v += 1.0f + fabsf(v); /* moves every value, by at least 1 */
	gs_bdtype_pack(dtype, &v, (char *)c + idx * gs_bdtype_size(dtype), 1);
}

/* 67×45×300 crosses the MC = 64 and KC = 256 block edges. */
static void
test_cpugemm_against_reference(void **state)
{
	static const char trans[][2] = {{'N', 'N'}, {'N', 'T'}, {'T', 'N'}, {'T', 'T'}};

	(void)state;
	for (int d = GS_DEV_F32; d <= GS_DEV_BF16; d++) {
		for (int t = 0; t < 4; t++) {
			gs_dev_gemm g = {67, 45, 300, 2, d, trans[t][0], trans[t][1], t == 1,
			                 0,  0,  0,   0, 0};
			size_t es = gs_bdtype_size(d);
			gs_check_ops o;
			gs_check_result res;
			float *pa, *pb, *pc, *pbias = NULL;

			assert_int_equal(gs_check_ops_init(&o, &g, 7), 0);
			pa = malloc(o.na * es);
			pb = malloc(o.nb * es);
			pc = malloc(o.nc * es); /* malloc: aligned for f32 */
			gs_bdtype_pack(d, o.a, pa, o.na);
			gs_bdtype_pack(d, o.b, pb, o.nb);
			if (o.bias) {
				pbias = malloc(67 * es);
				gs_bdtype_pack(d, o.bias, pbias, 67);
			}
			assert_int_equal(gs_cpugemm(&g, pa, pb, pc, pbias), 0);
			assert_int_equal(gs_check_gemm(&g, &o, pc, 1024, 7, &res), 0);
			assert_int_equal(res.full, 1);
			assert_int_equal(res.checked, 2 * 67 * 45);
			assert_true(res.max_err <= res.bound);
			/* the checker catches one wrong output and names it */
			corrupt(d, pc, 67 * 45 + 5 + 7 * 67);
			assert_int_equal(gs_check_gemm(&g, &o, pc, 1024, 7, &res), 1);
			assert_int_equal(res.bad_batch, 1);
			assert_int_equal(res.bad_i, 5);
			assert_int_equal(res.bad_j, 7);
			free(pa);
			free(pb);
			free(pc);
			free(pbias);
			gs_check_ops_free(&o);
		}
	}
}

static void
test_check_sampled(void **state)
{
	gs_dev_gemm g = {300, 200, 400, 1, GS_DEV_F32, 'N', 'N', 0, 0, 0, 0, 0, 0};
	gs_check_ops o;
	gs_check_result res;
	float *c;

	(void)state;
	assert_true(300LL * 200 * 400 > GS_CHECK_FULL_MACS);
	assert_int_equal(gs_check_ops_init(&o, &g, 3), 0);
	for (size_t i = 0; i < o.na; i++) /* never zero, within ±[1/8, 1] */
		assert_true(fabsf(o.a[i]) >= 0.125f && fabsf(o.a[i]) <= 1.0f);
	c = malloc(o.nc * sizeof *c);
	assert_int_equal(gs_cpugemm(&g, o.a, o.b, c, NULL), 0);
	assert_int_equal(gs_check_gemm(&g, &o, c, 1024, 3, &res), 0);
	assert_int_equal(res.full, 0);
	assert_int_equal(res.checked, 1024);
	c[299 + 199 * 300] += 1.0f; /* a corner is always checked */
	assert_int_equal(gs_check_gemm(&g, &o, c, 1024, 3, &res), 1);
	assert_int_equal(res.bad_i, 299);
	assert_int_equal(res.bad_j, 199);
	free(c);
	gs_check_ops_free(&o);
}

/* ---- tiles ---------------------------------------------------------------------- */

static void
test_tile(void **state)
{
	gs_dev_gemm g = {0};
	gs_error err;
	int rm, rn;

	(void)state;
	assert_int_equal(gs_tile_parse("128x128x32", &g, &err), 0);
	assert_int_equal(g.thr_m, 8);
	assert_int_equal(g.thr_n, 8);
	assert_int_equal(gs_tile_lds_bytes(&g), 32768);
	assert_int_equal(gs_tile_parse("64x64", &g, &err), 0);
	assert_int_equal(g.tile_k, 32);
	assert_int_equal(gs_tile_threads(64, 64, &rm, &rn), 256);
	assert_int_equal(rm, 4);
	assert_int_equal(gs_tile_threads(16, 16, &rm, &rn), 256);
	assert_int_equal(rm * rn, 1);
	assert_int_equal(gs_tile_threads(256, 144, &rm, &rn), 576);
	assert_int_equal(gs_tile_threads(256, 256, &rm, &rn), 1024);
	assert_int_equal(gs_tile_parse("211x211x16", &g, &err), -1);
	assert_int_equal(gs_tile_parse("211x16x16", &g, &err), 0); /* 211·2 threads */
	assert_int_equal(gs_tile_parse("0x16x16", &g, &err), -1);
	assert_int_equal(gs_tile_parse("512x16x16", &g, &err), -1);
	assert_int_equal(gs_tile_parse("128x128x", &g, &err), -1);
	assert_string_equal(err.file, "--tile");
}

/* ---- shape lists ---------------------------------------------------------------- */

static const char *const f32_only[] = {"f32", NULL};

static void
test_shapes_from_regressions(void **state)
{
	gs_bshapes_opts o = {f32_only, 'N', 'N', 0};
	gs_table *plan = gs_table_new("shapes");
	gs_error err;
	const gs_shape *s;

	(void)state;
	assert_int_equal(
	        gs_bshapes_add_file(plan, data("tests/data/runner/regressions.csv"), &o, &err), 4);
	assert_int_equal(plan->n, 4);
	s = &plan->rec[0].shape;
	assert_int_equal(s->M, 128);
	assert_int_equal(s->N, 96);
	assert_int_equal(s->K, 64);
	assert_string_equal(s->dtype, "f16");
	assert_int_equal(s->trans_b, 'T');
	assert_string_equal(gs_record_tag(&plan->rec[0]), "llama-small");
	assert_int_equal(plan->rec[2].shape.batch, 2);
	s = &plan->rec[3].shape;
	assert_string_equal(s->op, "aten::addmm");
	assert_int_equal(s->bias, 1);
	assert_int_equal(s->trans_a, 'T');
	assert_string_equal(gs_record_tag(&plan->rec[3]), "trace, bias");
	/* the same shapes again are merged */
	assert_int_equal(
	        gs_bshapes_add_file(plan, data("tests/data/runner/regressions.csv"), &o, &err), 4);
	assert_int_equal(plan->n, 4);
	gs_table_free(plan);
}

static void
test_shapes_from_iree(void **state)
{
	const char *const both[] = {"f16", "bf16", NULL};
	gs_bshapes_opts o = {both, 'N', 'N', 0};
	gs_table *plan = gs_table_new("shapes");
	size_t f16 = 0, bf16 = 0;
	gs_error err;

	(void)state;
	assert_int_equal(
	        gs_bshapes_add_file(plan, data("examples/iree-kernel-benchmark/rocblas-gemm.csv"),
	                            &o, &err),
	        558);
	for (size_t i = 0; i < plan->n; i++) {
		f16 += !strcmp(plan->rec[i].shape.dtype, "f16");
		bf16 += !strcmp(plan->rec[i].shape.dtype, "bf16");
	}
	assert_int_equal(f16, 291);
	assert_int_equal(bf16, 267);
	/* -m/-n/-k without a dtype: one shape per --dtype; f64 is listed, not run */
	assert_int_equal(gs_bshapes_add_mnk(plan, 7, 9, 11, 3, &o, &err), 2);
	assert_int_equal(plan->n, 560);
	{
		gs_psize_list l = {0};
		assert_int_equal(gs_psize_exact("[8,8,1,8]", "--exact", &l, &err), 0);
		snprintf(l.v[0].dtype, sizeof l.v[0].dtype, "f64");
		assert_int_equal(gs_bshapes_add_psizes(plan, &l, "--exact", &o, &err), 0);
		assert_int_equal(plan->nexcl, 1);
		gs_psize_list_free(&l);
	}
	gs_table_free(plan);
}

/* ---- measurement ----------------------------------------------------------------- */

static void
test_measure_cpu(void **state)
{
	const gs_dev_api *api = gs_cpugemm_api();
	gs_dev_gemm g = {48, 40, 72, 2, GS_DEV_BF16, 'T', 'N', 1, 0, 0, 0, 0, 0};
	gs_dev_info info;
	gs_bench_cfg cfg;
	gs_bench_meas m;
	gs_error err;

	(void)state;
	assert_null(api->init(0, &info));
	gs_bench_cfg_default(&cfg);
	cfg.kind = GS_DEV_CPU;
	cfg.warmup = 1;
	cfg.iters = 5;
	cfg.rotating_mib = 1;
	cfg.flush = 1;
	cfg.flush_mib = 1;
	/* bytes = 2·(2·48·72 + 2·72·40 + 2·48·40 + 48) = 33120; ceil(1 MiB /
	 * 33120) = 32 sets, more than the 6 launches: the untouched sets still
	 * evict the used ones.  The check ran on set 31, which the doubling
	 * device copies filled last. */
	assert_true(gs_bench_gemm_bytes(&g) == 33120);
	assert_int_equal(gs_bench_measure(api, &info, &cfg, &g, &m, &err), 0);
	assert_int_equal(m.nsamples, 5);
	assert_int_equal(m.copies, 32);
	assert_true(fabs(m.footprint_mib - 32 * 33120 / 1048576.0) < 1e-12);
	assert_true(m.flush_mib == 1);
	assert_int_equal(m.icache_flushed, 0); /* the CPU has no such flush */
	assert_int_equal(m.full_check, 1);
	assert_int_equal(m.checked, 2 * 48 * 40);
	assert_true(m.max_err <= m.bound);
	for (size_t i = 0; i < m.nsamples; i++)
		assert_true(m.samples[i] > 0);
	assert_non_null(strstr(m.kernel, "cpu"));
	gs_bench_meas_free(&m);
	cfg.rotating_mib = 0;
	assert_int_equal(gs_bench_measure(api, &info, &cfg, &g, &m, &err), 0);
	assert_int_equal(m.copies, 1);
	gs_bench_meas_free(&m);
	cfg.kind = GS_DEV_TILED; /* the CPU backend refuses the device kinds */
	assert_int_equal(gs_bench_measure(api, &info, &cfg, &g, &m, &err), -1);
	assert_null(m.samples);
	api->fini();
}

/* ---- the whole runner ------------------------------------------------------------- */

static void
test_results_read_back(void **state)
{
	gs_table *in = NULL, *out = NULL;
	gs_error err;
	const char *csv = gs_rt_tmp("out.csv"), *again = gs_rt_tmp("again.csv");

	(void)state;
	assert_int_equal(gs_rt_bench("--backend", "cpu", "--shapes",
	                             data("tests/data/runner/regressions.csv"), "--iters", "3",
	                             "--warmup", "1", "--rotating", "1", "-q", "-o", csv, NULL),
	                 0);
	assert_int_equal(gs_ingest_read(data("tests/data/runner/regressions.csv"), NULL, &in, &err),
	                 0);
	assert_int_equal(gs_ingest_read(csv, NULL, &out, &err), 0);
	assert_string_equal(out->format, "gemmscope");
	assert_int_equal(out->n, in->n);
	for (size_t i = 0; i < in->n; i++) {
		const gs_record *r = gs_table_find(out, &in->rec[i].shape);
		assert_non_null(r);
		assert_int_equal(r->nsamples, 3);
		assert_true(r->t.median > 0);
		assert_non_null(gs_record_kernel(r));
		if (gs_record_tag(&in->rec[i]))
			assert_string_equal(gs_record_tag(r), gs_record_tag(&in->rec[i]));
	}
	/* the runner's output is a shape list too */
	assert_int_equal(gs_rt_bench("--backend", "cpu", "--shapes", csv, "--iters", "2",
	                             "--warmup", "0", "-q", "-o", again, NULL),
	                 0);
	gs_table_free(out);
	assert_int_equal(gs_ingest_read(again, NULL, &out, &err), 0);
	assert_int_equal(out->n, in->n);
	assert_int_equal(out->rec[0].nsamples, 2);
	gs_table_free(in);
	gs_table_free(out);
	unlink(csv);
	unlink(again);
}

/* The spec file reads back with the efficiency module's parser. */
static void
spec_reads_back(const char *path, double *bw_gbs, double *bf16_tflops)
{
	char text[4096];
	gs_gpu g;
	gs_error err;
	size_t len;
	FILE *f = fopen(path, "r");

	assert_non_null(f);
	len = fread(text, 1, sizeof text, f);
	fclose(f);
	if (gs_gpu_parse_spec(text, len, path, &g, &err) != 0) {
		print_error("%s:%ld:%ld: %s\n", err.file, err.line, err.col, err.msg);
		fail();
	}
	assert_true(g.cus.v == 1);
	assert_string_equal(g.source, "measured by gemmscope-bench");
	*bw_gbs = g.bw_tbs.v * 1000;
	*bf16_tflops = g.peak[gs_gpu_dtype_class("bf16")].v;
}

static void
test_ceilings_cpu(void **state)
{
	const char *spec = gs_rt_tmp("cpu.gpu");
	char line[512];
	double bw = 0, bf16 = 0, parsed_bw, parsed_bf16;
	int keys = 0;
	FILE *f;

	(void)state;
	assert_int_equal(gs_rt_bench("--backend", "cpu", "--ceilings", spec, "--ceilings-size",
	                             "48", "--ceilings-mib", "2", "--iters", "3", "--warmup", "1",
	                             "-q", NULL),
	                 0);
	f = fopen(spec, "r");
	assert_non_null(f);
	while (fgets(line, sizeof line, f)) {
		double v;
		if (sscanf(line, "bandwidth_gbs = %lf", &bw) == 1 ||
		    sscanf(line, "peak_tflops_f32 = %lf", &v) == 1 ||
		    sscanf(line, "peak_tflops_f16 = %lf", &v) == 1 ||
		    sscanf(line, "peak_tflops_bf16 = %lf", &bf16) == 1)
			keys++;
		keys += strcmp(line, "cus = 1\n") == 0;
		keys += strcmp(line, "source = measured by gemmscope-bench\n") == 0;
		keys += strncmp(line, "name = ", 7) == 0;
	}
	fclose(f);
	assert_int_equal(keys, 7);
	assert_true(bw > 0 && bf16 > 0);
	spec_reads_back(spec, &parsed_bw, &parsed_bf16);
	assert_true(fabs(parsed_bw - bw) <= 1e-9 * bw);
	assert_true(parsed_bf16 == bf16);
	unlink(spec);
}

static void
test_refusals(void **state)
{
	const char *csv = gs_rt_tmp("never.csv");

	(void)state;
	/* no device backend found: exit 3, nothing written */
	assert_int_equal(gs_rt_bench("--backend", "tiled", "-m", "64", "-n", "64", "-k", "64", "-o",
	                             csv, NULL),
	                 GS_BENCH_NO_GPU);
	assert_int_equal(gs_rt_bench("--backend", "vendor", "-m", "64", "-n", "64", "-k", "64",
	                             "-o", csv, NULL),
	                 GS_BENCH_NO_GPU);
	assert_int_equal(access(csv, F_OK), -1);
	/* usage and input errors: exit 2 */
	assert_int_equal(gs_rt_bench("--backend", "cpu", NULL), GS_BENCH_USAGE);
	assert_int_equal(gs_rt_bench("--bogus", NULL), GS_BENCH_USAGE);
	assert_int_equal(gs_rt_bench("-m", "64", "-n", "64", NULL), GS_BENCH_USAGE);
	assert_int_equal(gs_rt_bench("-m", "64", "-n", "64", "-k", "64", "--dtype", "f64", NULL),
	                 GS_BENCH_USAGE);
	assert_int_equal(gs_rt_bench("--tile", "7x7x", "-m", "1", "-n", "1", "-k", "1", NULL),
	                 GS_BENCH_USAGE);
	assert_int_equal(gs_rt_bench("--backend", "cpu", "--range", "[[16,0,128]]", NULL),
	                 GS_BENCH_USAGE);
	assert_int_equal(
	        gs_rt_bench("--backend", "cpu", "--shapes", gs_rt_tmp("missing.csv"), NULL),
	        GS_BENCH_USAGE);
	assert_int_equal(gs_rt_bench("--backend", "cpu", "-m", "8", "-n", "8", "-k", "8",
	                             "--device", "1", "-o", csv, NULL),
	                 GS_BENCH_USAGE);
	assert_int_equal(access(csv, F_OK), -1);
	assert_int_equal(gs_rt_bench("--help", NULL), GS_BENCH_OK);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_f16_conversion),
	        cmocka_unit_test(test_bf16_conversion),
	        cmocka_unit_test(test_cpugemm_known_product),
	        cmocka_unit_test(test_cpugemm_against_reference),
	        cmocka_unit_test(test_check_sampled),
	        cmocka_unit_test(test_tile),
	        cmocka_unit_test(test_shapes_from_regressions),
	        cmocka_unit_test(test_shapes_from_iree),
	        cmocka_unit_test(test_measure_cpu),
	        cmocka_unit_test(test_results_read_back),
	        cmocka_unit_test(test_ceilings_cpu),
	        cmocka_unit_test(test_refusals),
	};

	return cmocka_run_group_tests(tests, gs_rt_setup, gs_rt_teardown);
}
