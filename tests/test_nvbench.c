/* test_nvbench: nvbench JSON (nvbench_json.c, nvbench_state.c) and CSV
 * (csv_nvbench.c) on the H100 cuBLASLt runs of tests/data/nvbench
 * (reconstructed from nvbench's documented layout, README there): the
 * M, N, K and T axes make the key, the sidecar samples or the median or
 * mean give the time, the device names the GPU; skipped states, states
 * of a benchmark without M, N, K and a second state of one key are
 * excluded; the CSV of a run reads like its JSON. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "model/stats.h"
#include "testdata.h"

#include "ingest/nvbench.h"
#include "readers_test.h"

#define D "tests/data/nvbench/"

static const char *const shapes[] = {"4096×4096×4096 bf16 NN", "8192×8192×8192 bf16 NN",
                                     "1024×1024×8192 bf16 NN", "16×4096×4096 bf16 NN",
                                     "2048×2048×2048 f16 NN"};
static const double base_us[] = {199.1, 1530.4, 46.8, 12.6, 27.9};
static const double cand_us[] = {191.2, 1534.0, 52.3, 11.9, 27.6};

static void
device_and_exclusions(const gs_table *t)
{
	assert_string_equal(t->gpu, "NVIDIA H100 80GB HBM3");
	assert_int_equal(t->gpu_cus, 132);
	assert_string_equal(t->env.text[GS_ENV_CC], "9.0");
	assert_string_equal(t->env.text[GS_ENV_SCLK], "1980 MHz");
	assert_string_equal(t->env.text[GS_ENV_MEMORY], "85.0 GB");
	assert_int_equal(t->nexcl, 2);
	assert_string_equal(t->excl[0].what, "4096×4096×4095 bf16 NN");
	assert_non_null(strstr(t->excl[0].reason, "skipped by nvbench"));
	assert_string_equal(t->excl[1].reason, "no M, N and K axes: not a GEMM state");
}

/* --jsonbin: 25 float32 samples a state, ±1 % around the mean */
static void
json_with_samples(void **state)
{
	gs_table *t = gs_test_read(gs_test_path(D "h100-cublaslt-12.4.json"), NULL);

	(void)state;
	assert_string_equal(t->format, "nvbench-json");
	assert_int_equal(t->n, 5);
	for (int i = 0; i < 5; i++) {
		const gs_record *r = rt_record(t, shapes[i]);
		assert_int_equal(r->nsamples, 25);
		assert_int_equal(r->t.count, 25);
		assert_near(r->t.median, base_us[i], base_us[i] * 1e-6); /* float32 seconds */
		assert_near(gs_record_stats(r).min, base_us[i] * 0.99, base_us[i] * 1e-6);
		assert_near(gs_record_stats(r).max, base_us[i] * 1.01, base_us[i] * 1e-6);
		assert_string_equal(gs_record_tag(r), "cublaslt_gemm");
	}
	assert_int_equal(t->excl[0].line, 6); /* the 6th state */
	assert_string_equal(t->excl[1].what, "l2_flush_probe Elements=16777216");
	device_and_exclusions(t);
	gs_table_free(t);
}

/* --json of a newer nvbench: the median summary, no samples */
static void
json_median(void **state)
{
	gs_table *t = gs_test_read(gs_test_path(D "h100-cublaslt-12.8.json"), NULL);

	(void)state;
	for (int i = 0; i < 5; i++) {
		const gs_record *r = rt_record(t, shapes[i]);
		assert_int_equal(r->nsamples, 1);
		assert_int_equal(r->t.count, 25); /* nv/cold/sample_size */
		assert_true(r->t.median == cand_us[i]); /* "0.0001912" s: 191.2 µs exactly */
	}
	device_and_exclusions(t);
	gs_table_free(t);
}

static void
csv_like_json(void **state)
{
	gs_table *b = gs_test_read(gs_test_path(D "h100-cublaslt-12.4.csv"), NULL);
	gs_table *c = gs_test_read(gs_test_path(D "h100-cublaslt-12.8.csv"), NULL);

	(void)state;
	assert_string_equal(b->format, "nvbench-csv");
	assert_int_equal(b->n, 5);
	assert_int_equal(c->n, 5);
	for (int i = 0; i < 5; i++) {
		assert_true(rt_record(b, shapes[i])->t.median == base_us[i]); /* the mean */
		assert_true(rt_record(c, shapes[i])->t.median == cand_us[i]);
		assert_int_equal(rt_record(b, shapes[i])->t.count, 25);
	}
	assert_string_equal(b->gpu, "NVIDIA H100 80GB HBM3");
	assert_int_equal(b->nexcl, 2);
	assert_int_equal(b->excl[0].line, 7);
	assert_string_equal(b->excl[0].reason, "skipped by nvbench");
	assert_string_equal(b->excl[1].what, "l2_flush_probe");
	gs_table_free(b);
	gs_table_free(c);
}

static char *
slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *s = malloc(1 << 20);
	size_t n;

	assert_non_null(f);
	n = fread(s, 1, (1 << 20) - 1, f);
	s[n] = 0;
	fclose(f);
	return s;
}

/* The JSON without its sidecar (copied elsewhere): the mean summary. */
static void
sidecar_missing(void **state)
{
	char *doc = slurp(gs_test_path(D "h100-cublaslt-12.4.json"));
	const char *path = rt_temp(doc);
	gs_table *t = gs_test_read(path, NULL);
	const gs_record *r = rt_record(t, shapes[0]);

	(void)state;
	assert_int_equal(r->nsamples, 1);
	assert_true(r->t.median == 199.1); /* nv/cold/time/gpu/mean */
	gs_table_free(t);
	unlink(path);
	free(doc);
}

/* A sidecar of another size than its summary says, or with a sample of
 * 0 s, is refused. */
static void
sidecar_bad(void **state)
{
	static const char doc[] =
	        "{\"devices\":[],\"benchmarks\":[{\"name\":\"g\",\"states\":[{\"device\":0,"
	        "\"axis_values\":[{\"name\":\"M\",\"value\":\"64\"},{\"name\":\"N\",\"value\":"
	        "\"64\"},{\"name\":\"K\",\"value\":\"64\"}],\"summaries\":[{\"tag\":\"nv/json/bin:"
	        "nv/cold/sample_times\",\"data\":[{\"name\":\"filename\",\"value\":\"s.bin\"},"
	        "{\"name\":\"size\",\"value\":\"2\"}]}],\"is_skipped\":false}]}]}";
	static const unsigned char zero[8] = {0, 0, 0x80, 0x37, 0, 0, 0, 0}; /* 1.5e-5 s, 0 s */
	char dir[] = "/tmp/gs-test-nvb-XXXXXX", json[64], bin[64];
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(json, sizeof json, "%s/r.json", dir);
	snprintf(bin, sizeof bin, "%s/s.bin", dir);
	f = fopen(json, "w");
	fputs(doc, f);
	fclose(f);
	f = fopen(bin, "wb");
	fwrite(zero, 1, 4, f);
	fclose(f);
	rt_refused(json, -1, 0, -1, "has 4 bytes; the state names 2 samples");
	f = fopen(bin, "wb");
	fwrite(zero, 1, 8, f);
	fclose(f);
	rt_refused(json, -1, 0, -1, "sample 1 (0 s) is not a time");
	unlink(json);
	unlink(bin);
	rmdir(dir);
}

/* Other axes go to the tag; two benchmarks' states of one key: the
 * second is excluded. */
static void
csv_axes_and_clash(void **state)
{
	static const char text[] =
	        "Benchmark,Device,Device Name,m,n,k,Algo,batch,Skipped,Samples,GPU Time (sec)\n"
	        "cutlass_gemm,0,NVIDIA H100 80GB HBM3,256,256,256,2,4,No,10,1.5e-05\n"
	        "cublas_gemm,0,NVIDIA H100 80GB HBM3,256,256,256,,4,No,10,1.4e-05\n"
	        "cutlass_gemm,1,NVIDIA H100 80GB HBM3,256,256,256,2,4,No,10,1.6e-05\n";
	const char *path;
	gs_table *t = rt_read_text("", text, &path);
	const gs_record *r = rt_record(t, "256×256×256 ? NN batch 4");

	(void)state;
	assert_string_equal(gs_record_tag(r), "cutlass_gemm Algo=2");
	assert_true(r->t.median == 15);
	assert_int_equal(t->nexcl, 1);
	assert_int_equal(t->excl[0].line, 3);
	assert_non_null(strstr(t->excl[0].reason, "another benchmark or other axis values"));
	assert_int_equal(t->skipped, 1); /* device 1 */
	gs_table_free(t);
	unlink(path);
}

static void
axes(void **state)
{
	gs_shape k;

	(void)state;
	gs_shape_init(&k);
	assert_int_equal(gs_nvbench_axis(&k, "m", "4096"), 1);
	assert_int_equal(gs_nvbench_axis(&k, "Batch", "8"), 1);
	assert_int_equal(gs_nvbench_axis(&k, "T", "F16"), 1);
	assert_int_equal(gs_nvbench_axis(&k, "layout", "TN"), 1);
	assert_true(k.M == 4096 && k.batch == 8 && k.trans_a == 'T' && k.trans_b == 'N');
	assert_string_equal(k.dtype, "f16");
	assert_int_equal(gs_nvbench_axis(&k, "transB", "T"), 1);
	assert_int_equal(k.trans_b, 'T');
	assert_int_equal(gs_nvbench_axis(&k, "T", "Algo3"), 0); /* not a dtype: the tag's */
	assert_int_equal(gs_nvbench_axis(&k, "Elements", "1024"), 0);
	assert_int_equal(gs_nvbench_axis(&k, "K", "0"), -1);
	assert_int_equal(gs_nvbench_axis(&k, "N", "2^10"), -1);
}

static void
refused(void **state)
{
	(void)state;
	rt_refused(gs_test_path(D "bad-time.csv"), 2, 12, -1, "time is not a number");
	rt_refused(gs_test_path(D "bad-axis.json"), -1, 0, -1,
	           "state 2: axis M is not a positive whole number: '-8192'");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(json_with_samples),
	        cmocka_unit_test(json_median),
	        cmocka_unit_test(csv_like_json),
	        cmocka_unit_test(sidecar_missing),
	        cmocka_unit_test(sidecar_bad),
	        cmocka_unit_test(csv_axes_and_clash),
	        cmocka_unit_test(axes),
	        cmocka_unit_test(refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
