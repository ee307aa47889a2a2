/* test_csv.c: the benchmark-CSV dialect readers (src/ingest/csv*.c) on
 * real and hand-made files (the row reader and cell values:
 * test_csvrows.c); expectations come from the files themselves and from
 * reference/formats.md and shared data README §1 (see
 * tests/data/csv/README.md). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <cmocka.h>

#include "model/stats.h"
#include "testdata.h"

#include "ingest/csv_value.h"
#include "ingest/csvrows.h"
#include "ingest/ingest.h"

static char *
csv_data(const char *name)
{
	char rel[256];

	snprintf(rel, sizeof rel, "tests/data/csv/%s", name);
	return gs_test_path(rel);
}

static gs_shape
key(long batch, long m, long n, long k, const char *dtype, char ta, char tb, int bias)
{
	gs_shape s;

	gs_shape_init(&s);
	s.batch = batch;
	s.M = m;
	s.N = n;
	s.K = k;
	snprintf(s.dtype, sizeof s.dtype, "%s", dtype);
	s.trans_a = ta;
	s.trans_b = tb;
	s.bias = bias;
	return s;
}

static const gs_record *
must_find(const gs_table *t, gs_shape s)
{
	const gs_record *r = gs_table_find(t, &s);
	char buf[128];

	if (!r)
		fprintf(stderr, "no record %s\n", gs_shape_format(&s, buf, sizeof buf));
	assert_non_null(r);
	return r;
}

/* ---- iree-kernel-benchmark: the two real files ---------------------- */

static void
check_iree_table(const gs_table *t, double unet_nt_us, long unet_nt_line)
{
	size_t f16 = 0, bf16 = 0, tn = 0, nn = 0, nt = 0, tt = 0, unet = 0, gpt4c = 0;

	assert_string_equal(t->format, "iree-kernel-benchmark");
	assert_int_equal(t->n, 558);
	assert_int_equal(t->nexcl, 0);
	for (size_t i = 0; i < t->n; i++) {
		const gs_record *r = &t->rec[i];
		char tr[3] = {r->shape.trans_a, r->shape.trans_b, 0};
		f16 += strcmp(r->shape.dtype, "f16") == 0;
		bf16 += strcmp(r->shape.dtype, "bf16") == 0;
		tn += strcmp(tr, "TN") == 0;
		nn += strcmp(tr, "NN") == 0;
		nt += strcmp(tr, "NT") == 0;
		tt += strcmp(tr, "TT") == 0;
		unet += gs_record_tag(r) && strcmp(gs_record_tag(r), "unet") == 0;
		gpt4c += gs_record_tag(r) && strcmp(gs_record_tag(r), "gpt4compute") == 0;
		assert_int_equal(r->nsamples, 1);
		assert_null(gs_record_kernel(r)); /* the `name` column is not a kernel */
	}
	assert_int_equal(f16, 291);
	assert_int_equal(bf16, 267);
	assert_int_equal(tn, 492);
	assert_int_equal(nn, 39);
	assert_int_equal(nt, 15);
	assert_int_equal(tt, 12);
	assert_int_equal(unet, 40);
	assert_int_equal(gpt4c, 12);
	const gs_record *r = must_find(t, key(1, 2048, 10240, 1280, "bf16", 'N', 'T', 0));
	assert_true(r->t.median == unet_nt_us); /* exact: the digits in the file */
	assert_int_equal(r->line, unet_nt_line);
	assert_string_equal(gs_record_tag(r), "unet");
}

static void
test_iree_rocblas(void **state)
{
	gs_table *t =
	        gs_test_read(gs_test_path("examples/iree-kernel-benchmark/rocblas-gemm.csv"), NULL);

	(void)state;
	check_iree_table(t, strtod("460.12251000000003", NULL), 459);
	const gs_record *r = must_find(t, key(1, 4096, 4096, 8192, "bf16", 'T', 'T', 0));
	assert_true(r->t.median == 481.83805);
	gs_table_free(t);
}

static void
test_iree_hipblaslt(void **state)
{
	gs_table *t = gs_test_read(
	        gs_test_path("examples/iree-kernel-benchmark/hipblaslt-gemm.csv"), NULL);

	(void)state;
	check_iree_table(t, strtod("97.59528999999999", NULL), 306);
	const gs_record *r = must_find(t, key(1, 4096, 4096, 8192, "bf16", 'T', 'T', 0));
	assert_true(r->t.median == 2757.1263);
	gs_table_free(t);
}

/* gzip FROM into a new temporary file; returns its path (static). */
static const char *
gzip_copy(const char *from)
{
	static char path[256];
	const char *tmp = getenv("TMPDIR");
	char buf[8192];
	size_t n;
	FILE *in = fopen(from, "rb");
	int fd;
	gzFile gz;

	assert_non_null(in);
	snprintf(path, sizeof path, "%s/gs-test-csv-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	gz = gzdopen(fd, "wb");
	assert_non_null(gz);
	while ((n = fread(buf, 1, sizeof buf, in)) > 0)
		assert_int_equal(gzwrite(gz, buf, (unsigned)n), (int)n);
	fclose(in);
	assert_int_equal(gzclose(gz), Z_OK);
	return path;
}

static void
test_iree_gzip_same(void **state)
{
	const char *plain = gs_test_path("examples/iree-kernel-benchmark/rocblas-gemm.csv");
	const char *gz = gzip_copy(plain);
	gs_table *a = gs_test_read(plain, NULL), *b = gs_test_read(gz, NULL);

	(void)state;
	unlink(gz);
	assert_string_equal(b->format, "iree-kernel-benchmark");
	assert_int_equal(a->n, b->n);
	for (size_t i = 0; i < a->n; i++) {
		assert_true(gs_shape_equal(&a->rec[i].shape, &b->rec[i].shape));
		assert_true(a->rec[i].t.median == b->rec[i].t.median);
		assert_int_equal(a->rec[i].line, b->rec[i].line);
		assert_string_equal(gs_record_tag(&a->rec[i]), gs_record_tag(&b->rec[i]));
	}
	gs_table_free(a);
	gs_table_free(b);
}

static void
test_iree_excluded(void **state)
{
	gs_table *t = gs_test_read(csv_data("iree-excluded.csv"), NULL);

	(void)state;
	assert_int_equal(t->n, 1);
	assert_true(must_find(t, key(1, 2048, 1280, 5120, "bf16", 'T', 'N', 0))->t.median == 130.5);
	assert_int_equal(t->nexcl, 2);
	assert_int_equal(t->excl[0].line, 3);
	assert_string_equal(t->excl[0].reason, "time is 0");
	assert_string_equal(t->excl[0].what, "2048\xc3\x97"
	                                     "10240\xc3\x97"
	                                     "1280 bf16 NN");
	assert_int_equal(t->excl[1].line, 4);
	assert_string_equal(t->excl[1].reason, "ok is False");
	assert_string_equal(t->excl[1].what, "4096\xc3\x97"
	                                     "4096\xc3\x97"
	                                     "8192 bf16 TT");
	gs_table_free(t);
}

static void
test_iree_ta_tb_variant(void **state)
{
	gs_table *t = gs_test_read(csv_data("iree-tatb.csv"), NULL);

	(void)state;
	assert_string_equal(t->format, "iree-kernel-benchmark");
	assert_int_equal(t->n, 2);
	assert_true(must_find(t, key(1, 28672, 4, 8192, "f16", 'T', 'N', 0))->t.median == 140.5);
	assert_true(must_find(t, key(1, 2048, 10240, 1280, "bf16", 'N', 'T', 0))->t.median ==
	            101.25);
	gs_table_free(t);
}

/* ---- vendor bench logs ----------------------------------------------- */

static void
test_hipblaslt_bench(void **state)
{
	gs_table *t = gs_test_read(csv_data("hipblaslt-bench.txt"), NULL);
	const gs_record *r;

	(void)state;
	assert_string_equal(t->format, "hipblaslt-bench");
	assert_string_equal(t->gpu, "AMD Instinct MI300X");
	/* the banner's environment (issue 13 §5) */
	assert_string_equal(t->env.text[GS_ENV_DEVICE], "AMD Instinct MI300X");
	assert_string_equal(t->env.text[GS_ENV_ARCH], "gfx942:sramecc+:xnack-");
	assert_string_equal(t->env.text[GS_ENV_MEMORY], "205.8 GB");
	assert_true(t->env.num[GS_ENV_MEMORY] == 205.8);
	assert_string_equal(t->env.text[GS_ENV_SCLK], "2100 MHz");
	assert_true(t->env.num[GS_ENV_SCLK] == 2100);
	assert_string_equal(t->env.text[GS_ENV_MCLK], "1300 MHz");
	assert_string_equal(t->env.text[GS_ENV_CC], "9.4");
	assert_string_equal(t->env.text[GS_ENV_LIBRARY], "hipBLASLt 100200 (git 0a1b2c3d4e)");
	assert_null(t->env.text[GS_ENV_RUNTIME]);
	assert_int_equal(t->n, 3);
	assert_int_equal(t->nexcl, 0);
	/* 8 preamble rows, 7 log lines, 3 candidates replaced by the winner */
	assert_int_equal(t->skipped, 18);
	r = must_find(t, key(1, 4096, 4096, 8192, "bf16", 'T', 'N', 0));
	assert_int_equal(r->nsamples, 2); /* two runs of one shape */
	assert_true(fabs(r->t.median - 426.3) < 1e-9);
	assert_int_equal(r->line, 11);
	assert_string_equal(
	        gs_record_kernel(r), /* --kernel name:, not --Solution name: */
	        "Cijk_Alik_Bljk_BBS_BH_Bias_HA_S_SAV_UserArgs_MT256x256x64_MI16x16x1_SN_"
	        "LDSB1_GSU0_GSUAMB_GLS0_ISA942_MIWT8_8_SK3_WG32_8_1");
	/* --Solution index: an extra column of the table (issue 12) */
	assert_int_equal(t->nextra, 1);
	assert_string_equal(t->extra_names[0], "solution_index");
	assert_true(gs_record_extra(r)[0] == 301);
	r = must_find(t, key(1, 1024, 1024, 1024, "f16", 'N', 'N', 0));
	assert_int_equal(r->nsamples, 1); /* the winner, not the 3 candidates */
	assert_true(r->t.median == 20.0);
	assert_non_null(strstr(gs_record_kernel(r), "_MT64x64x128_"));
	assert_true(gs_record_extra(r)[0] == 501); /* the winner's, not 500 or 502 */
	r = must_find(t, key(4, 512, 1024, 256, "f16", 'N', 'T', 1));
	assert_true(r->t.median == 12.75);
	assert_null(gs_record_kernel(r));
	assert_true(isnan(gs_record_extra(r)[0])); /* no --Solution lines */
	gs_table_free(t);
}

static void
test_rocblas_bench(void **state)
{
	gs_table *t = gs_test_read(csv_data("rocblas-bench.txt"), NULL);
	const gs_record *r;

	(void)state;
	assert_string_equal(t->format, "rocblas-bench");
	assert_string_equal(t->gpu, "AMD Instinct MI300X");
	assert_int_equal(t->n, 3);
	assert_int_equal(t->skipped, 7);
	/* old header: no type column, dtype left empty */
	r = must_find(t, key(1, 4096, 4096, 4096, "", 'N', 'N', 0));
	assert_true(r->t.median == 11509.4);
	assert_int_equal(r->line, 10);
	/* current header, ", " values, two runs */
	r = must_find(t, key(1, 1024, 2048, 512, "f16", 'T', 'N', 0));
	assert_int_equal(r->nsamples, 2);
	assert_true(r->t.median == 31.0);
	/* precision column "s", batch_count */
	r = must_find(t, key(8, 256, 256, 64, "f32", 'N', 'T', 0));
	assert_true(r->t.median == 5.0);
	assert_int_equal(r->line, 19);
	gs_table_free(t);
}

/* ---- Tensile ---------------------------------------------------------- */

static void
test_tensile_winner(void **state)
{
	gs_table *t = gs_test_read(csv_data("tensile-winner.csv"), NULL);
	const gs_record *r;

	(void)state;
	assert_string_equal(t->format, "tensile");
	assert_int_equal(t->n, 2);
	r = must_find(t, key(1, 1024, 1024, 1024, "f16", 'N', 'N', 0));
	assert_true(r->t.median == 22.6051);
	assert_string_equal(gs_record_kernel(r),
	                    "Cijk_Ailk_Bljk_HHS_BH_MT256x128x16_MI32x32x8x1_SN_K1_WG128_2_1");
	r = must_find(t, key(2, 2048, 2048, 1024, "f16", 'N', 'N', 0)); /* SizeK = batch */
	assert_true(r->t.median == 49.0853);
	assert_int_equal(t->nexcl, 1);
	assert_int_equal(t->excl[0].line, 3);
	assert_string_equal(t->excl[0].reason, "no valid solution (WinnerTimeUS -1)");
	gs_table_free(t);
}

static void
test_tensile_best_solution(void **state)
{
	gs_table *t = gs_test_read(csv_data("tensile-nowinner.csv"), NULL);
	const gs_record *r;

	(void)state;
	assert_int_equal(t->n, 2);
	/* -1 in the second column: the first one, 600000 GFLOPS */
	r = must_find(t, key(1, 4096, 4096, 8192, "bf16", 'T', 'N', 0));
	assert_true(r->t.median == 274877906944.0 / (600000.0 * 1e3));
	assert_string_equal(gs_record_kernel(r),
	                    "Cijk_Alik_Bljk_BBS_BH_MT128x128x64_MI16x16x1_SN_WG64_4_1");
	r = must_find(t, key(1, 8192, 1024, 1024, "bf16", 'T', 'N', 0));
	assert_true(r->t.median == 17179869184.0 / (500000.0 * 1e3));
	assert_string_equal(gs_record_kernel(r),
	                    "Cijk_Alik_Bljk_BBS_BH_MT256x128x64_MI16x16x1_SN_WG32_8_1");
	assert_int_equal(t->nexcl, 1);
	assert_int_equal(t->excl[0].line, 3);
	assert_string_equal(t->excl[0].reason, "every solution failed validation (-1)");
	gs_table_free(t);
}

/* ---- gemmscope native schema ------------------------------------------ */

static void
test_native(void **state)
{
	gs_table *t = gs_test_read(csv_data("native.csv"), NULL);
	const gs_record *r;
	gs_shape s;

	(void)state;
	assert_string_equal(t->format, "gemmscope");
	assert_int_equal(t->n, 3);
	/* only the unknown numeric column; output-only and text columns are not */
	assert_int_equal(t->nextra, 1);
	assert_string_equal(t->extra_names[0], "GPU_MEMORY_BYTE_READ");
	s = key(1, 8944, 2816, 1024, "bf16", 'T', 'N', 0);
	s.op = "aten::mm";
	r = must_find(t, s);
	assert_int_equal(r->nsamples, 3);
	assert_true(r->t.median == 110.45);
	assert_int_equal(r->t.count, 48);
	assert_int_equal(gs_launch_of(r)->tile_m, 128);
	assert_int_equal(gs_launch_of(r)->tile_n, 224);
	assert_int_equal(gs_launch_of(r)->tile_k, 64);
	assert_non_null(strstr(gs_record_kernel(r), "_MT128x224x64_"));
	assert_true(gs_record_extra(r)[0] == 75000000.0);
	r = must_find(t, key(1, 4096, 4096, 4096, "f16", 'N', 'N', 0));
	assert_int_equal(r->nsamples, 1);
	assert_true(r->t.median == 500.0);
	assert_int_equal(r->t.count, 3);
	assert_true(isnan(gs_record_extra(r)[0]));
	r = must_find(t, key(2, 512, 512, 512, "f32", 'N', 'T', 1));
	assert_int_equal(r->nsamples, 4);
	assert_true(r->t.median == 25.5);
	assert_true(gs_record_extra(r)[0] == 1000.0);
	assert_int_equal(t->nexcl, 2);
	assert_int_equal(t->excl[0].line, 5);
	assert_string_equal(t->excl[0].reason, "time is 0");
	assert_int_equal(t->excl[1].line, 6);
	assert_string_equal(t->excl[1].reason, "time is nan");
	gs_table_free(t);
}

static void
test_repeated_rows_median(void **state)
{
	gs_table *t = gs_test_read(csv_data("repeated.csv"), NULL);
	const gs_record *r;

	(void)state;
	assert_int_equal(t->n, 2);
	r = must_find(t, key(1, 1024, 1024, 1024, "", 'N', 'N', 0));
	assert_int_equal(r->nsamples, 4);
	assert_true(r->t.median == 11.5); /* of 10, 12, 11, 30 */
	assert_true(gs_record_stats(r).mean == 15.75);
	assert_int_equal(r->t.count, 4);
	assert_int_equal(r->line, 2);
	assert_int_equal(t->rec[1].line, 4); /* 2048 comes after, by first line */
	gs_table_free(t);
}

static void
test_bom_crlf_quoted_table(void **state)
{
	gs_table *t = gs_test_read(csv_data("bom-crlf-quoted.csv"), NULL);
	const gs_record *r;

	(void)state;
	assert_string_equal(t->format, "gemmscope");
	assert_int_equal(t->n, 2);
	r = must_find(t, key(1, 4096, 4096, 4096, "bf16", 'N', 'N', 0));
	assert_string_equal(gs_record_kernel(r), "Cijk_Ailk_Bljk_BBS_BH, \"quoted\" name");
	r = must_find(t, key(1, 128, 256, 512, "f16", 'N', 'N', 0));
	assert_true(r->t.median == 7.25);
	assert_int_equal(r->line, 4);
	gs_table_free(t);
}

/* ---- TraceLens GEMM.csv (real, bert on MI300X) ------------------------ */

static void
test_tracelens_gemm(void **state)
{
	static const struct {
		long n, k;
		double median;
		long count;
	} want[] = {
	        {512, 512, 5.009765625, 17},
	        {2048, 512, 7.276123046875, 4},
	        {512, 2048, 7.2958984375, 4},
	        {30522, 512, 25.537109375, 1},
	};
	gs_table *t = gs_test_read(csv_data("tracelens/bert-GEMM.csv"), NULL);

	(void)state;
	assert_string_equal(t->format, "tracelens-gemm");
	assert_int_equal(t->n, 4);
	for (size_t i = 0; i < 4; i++) {
		gs_shape s = key(1, 141, want[i].n, want[i].k, "bf16", 'T', 'N', 1);
		s.op = "aten::addmm";
		const gs_record *r = must_find(t, s);
		assert_true(r->t.median == want[i].median);
		assert_int_equal(r->t.count, want[i].count);
		assert_int_equal(r->line, (long)i + 2);
		assert_non_null(gs_record_kernel(r));
		assert_int_equal(strncmp(gs_record_kernel(r), "Cijk_Alik_Bljk_B_BS_BH_Bias", 27),
		                 0);
	}
	assert_non_null(strstr(gs_record_kernel(&t->rec[0]), "_MT16x16x128_"));
	assert_non_null(strstr(gs_record_kernel(&t->rec[3]), "_MT128x144x64_"));
	gs_table_free(t);
}

/* ---- --map ---------------------------------------------------------------- */

static void
test_map_renamed_header(void **state)
{
	gs_ingest_opts opts;
	gs_table *t = NULL;
	gs_error err;
	const gs_record *r;

	(void)state;
	memset(&opts, 0, sizeof opts);
	gs_error_clear(&err);
	assert_int_equal(gs_ingest_read(csv_data("mapped.csv"), &opts, &t, &err), -1);
	assert_null(t);
	assert_int_equal(err.line, 1);
	assert_non_null(strstr(err.msg, "M, N, K and time"));
	assert_non_null(strstr(err.msg, "--map"));
	assert_int_equal(gs_ingest_opts_map(&opts, "M=rows", &err), 0);
	assert_int_equal(gs_ingest_opts_map(&opts, "N=cols", &err), 0);
	assert_int_equal(gs_ingest_opts_map(&opts, "K=depth", &err), 0);
	assert_int_equal(gs_ingest_opts_map(&opts, "time=Kernel Time (us)", &err), 0);
	assert_int_equal(gs_ingest_opts_map(&opts, "dtype=type", &err), 0);
	t = gs_test_read(csv_data("mapped.csv"), &opts);
	assert_string_equal(t->format, "csv");
	assert_int_equal(t->n, 2);
	r = must_find(t, key(1, 4096, 4096, 4096, "bf16", 'T', 'N', 0));
	assert_true(r->t.median == 250.5);
	r = must_find(t, key(1, 1024, 512, 256, "f16", 'N', 'N', 0));
	assert_true(r->t.median == 12.5);
	gs_table_free(t);
}

static void
test_map_overrides_detection(void **state)
{
	gs_ingest_opts opts;
	gs_table *t;
	gs_error err;

	(void)state;
	memset(&opts, 0, sizeof opts);
	assert_int_equal(gs_ingest_opts_map(&opts, "time=nope", &err), 0);
	gs_error_clear(&err);
	t = NULL;
	assert_int_equal(gs_ingest_read(csv_data("repeated.csv"), &opts, &t, &err), -1);
	assert_int_equal(err.line, 1);
	assert_non_null(strstr(err.msg, "no column 'nope'"));
	memset(&opts, 0, sizeof opts);
	assert_int_equal(gs_ingest_opts_map(&opts, "time=mean_microseconds", &err), 0);
	assert_int_equal(gs_ingest_opts_map(&opts, "M=N", &err), 0);
	assert_int_equal(gs_ingest_opts_map(&opts, "N=M", &err), 0);
	t = gs_test_read(csv_data("iree-tatb.csv"), &opts);
	assert_true(must_find(t, key(1, 4, 28672, 8192, "f16", 'T', 'N', 0))->t.median == 140.5);
	gs_table_free(t);
}

/* ---- the bad-input corpus (tests/data/bad/README.md) -------------------- */

static void
test_bad_corpus(void **state)
{
	static const struct {
		const char *file;
		long line, col;
		long long offset;
		const char *msg;
	} bad[] = {
	        {"empty.csv", 1, 0, -1, "empty"},
	        {"header-only.csv", 1, 0, -1, "no data rows"},
	        {"ragged.csv", 3, 13, -1, "12 fields"},
	        {"nonnumeric-time.csv", 3, 5, -1, "time is not a number"},
	        {"negative-time.csv", 2, 10, -1, "negative time"},
	        {"unknown-columns.csv", 1, 0, -1, "--map"},
	        {"bad-dtype.csv", 3, 4, -1, "unknown dtype 'fp13'"},
	        {"zero-dim.csv", 2, 2, -1, "N must be at least 1"},
	        {"bad-quote.csv", 3, 3, -1, "quot"},
	        {"truncated.csv.gz", 0, 0, 8123, "truncated gzip"},
	        {"garbage.bin", 1, 0, -1, "binary"},
	        /* issue 11 (tests/data/bad-inputs/README.md) */
	        {"../bad-inputs/nul-after-4k.csv", 0, 0, 5402, "NUL byte"},
	        {"../bad-inputs/gz-truncated-in-header.json.gz", 0, 0, 5, "truncated gzip"},
	        {"../bad-inputs/time-1e308.csv", 2, 5, -1, "above 1e12"},
	        {"../bad-inputs/time-denormal.csv", 2, 5, -1, "below 1e-6"},
	        {"../bad-inputs/kt-duration-overflow.csv", 2, 0, -1, "int64"},
	        {"../bad-inputs/rocpd-duration-overflow.db", 1, 0, -1, "int64"},
	};

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char rel[128];
		gs_table dummy, *t = &dummy; /* must be reset to NULL */
		gs_error err;
		snprintf(rel, sizeof rel, "tests/data/bad/%s", bad[i].file);
		const char *path = gs_test_path(rel);
		gs_error_clear(&err);
		int rc = gs_ingest_read(path, NULL, &t, &err);
		if (rc != -1 || err.line != bad[i].line || err.col != bad[i].col ||
		    err.offset != bad[i].offset || !strstr(err.msg, bad[i].msg))
			fprintf(stderr, "%s: rc %d, got %ld:%ld byte %lld: %s\n", bad[i].file, rc,
			        err.line, err.col, err.offset, err.msg);
		assert_int_equal(rc, -1);
		assert_null(t);
		assert_string_equal(err.file, path);
		assert_int_equal(err.line, bad[i].line);
		assert_int_equal(err.col, bad[i].col);
		assert_int_equal(err.offset, bad[i].offset);
		assert_non_null(strstr(err.msg, bad[i].msg));
	}
}

/* gs_ingest_read_pair reads both inputs (on two threads) as two
 * gs_ingest_read calls would: the same tables, and the first input's
 * error when both fail, the second's when only it fails. */
static void
test_read_pair(void **state)
{
	const char *a = gs_test_path("examples/iree-kernel-benchmark/rocblas-gemm.csv");
	const char *b = gs_test_path("examples/iree-kernel-benchmark/hipblaslt-gemm.csv");
	const char *bad1 = gs_test_path("tests/data/bad/negative-time.csv");
	const char *bad2 = gs_test_path("tests/data/bad/bad-dtype.csv");
	gs_table *ta, *tb, *one;
	gs_error err = {0}, e1 = {0};

	(void)state;
	assert_int_equal(gs_ingest_read_pair(a, b, NULL, &ta, &tb, &err), 0);
	one = gs_test_read(b, NULL);
	assert_int_equal(tb->n, one->n);
	for (size_t i = 0; i < one->n; i++) {
		assert_true(gs_shape_equal(&tb->rec[i].shape, &one->rec[i].shape));
		assert_true(tb->rec[i].t.median == one->rec[i].t.median);
	}
	gs_table_free(one);
	gs_table_free(ta);
	gs_table_free(tb);
	assert_int_equal(gs_ingest_read(bad1, NULL, &one, &e1), -1);
	assert_int_equal(gs_ingest_read_pair(bad1, bad2, NULL, &ta, &tb, &err), -1);
	assert_null(ta);
	assert_null(tb);
	assert_string_equal(err.file, e1.file);
	assert_string_equal(err.msg, e1.msg);
	assert_int_equal(err.line, e1.line);
	assert_int_equal(gs_ingest_read(bad2, NULL, &one, &e1), -1);
	assert_int_equal(gs_ingest_read_pair(a, bad2, NULL, &ta, &tb, &err), -1);
	assert_null(ta);
	assert_null(tb);
	assert_string_equal(err.file, e1.file);
	assert_string_equal(err.msg, e1.msg);
}

/* gs_csv_number's fast path for plain decimals gives strtod's double, bit
 * for bit, and leaves everything else (exponents, hex, inf, 16+ digits,
 * junk) to strtod's rules. */
static void
test_number_as_strtod(void **state)
{
	static const char *const cells[] = {
	        "0",
	        "-0",
	        "1.",
	        "0.1",
	        "2667.374578",
	        "-12.5",
	        "+3.25",
	        " 7 ",
	        "12e3",
	        "0x10",
	        "inf",
	        "1e-7",
	        "0.000000000000000000001234",
	        "9007199254740993",
	        "900719925474099.1",
	        "1.0000000000000000000001",
	        "82.617515",
	        "12345678901234.5678",
	        "0.30000000000000004",
	};
	double v;

	(void)state;
	for (size_t i = 0; i < sizeof cells / sizeof *cells; i++) {
		double want = strtod(cells[i], NULL);
		assert_int_equal(gs_csv_number(cells[i], &v), 0);
		assert_memory_equal(&v, &want, sizeof v);
	}
	assert_int_equal(gs_csv_number(".", &v), -1);
	assert_int_equal(gs_csv_number("-", &v), -1);
	assert_int_equal(gs_csv_number("1.2.3", &v), -1);
	assert_int_equal(gs_csv_number("", &v), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_iree_rocblas),
	        cmocka_unit_test(test_iree_hipblaslt),
	        cmocka_unit_test(test_iree_gzip_same),
	        cmocka_unit_test(test_iree_excluded),
	        cmocka_unit_test(test_iree_ta_tb_variant),
	        cmocka_unit_test(test_hipblaslt_bench),
	        cmocka_unit_test(test_rocblas_bench),
	        cmocka_unit_test(test_tensile_winner),
	        cmocka_unit_test(test_tensile_best_solution),
	        cmocka_unit_test(test_native),
	        cmocka_unit_test(test_repeated_rows_median),
	        cmocka_unit_test(test_bom_crlf_quoted_table),
	        cmocka_unit_test(test_tracelens_gemm),
	        cmocka_unit_test(test_map_renamed_header),
	        cmocka_unit_test(test_map_overrides_detection),
	        cmocka_unit_test(test_bad_corpus),
	        cmocka_unit_test(test_read_pair),
	        cmocka_unit_test(test_number_as_strtod),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
