/* test_trace: PyTorch profiler traces -> gs_table.
 *
 * The oracle is TraceLens's own GEMM.csv for each shipped trace
 * (tests/data/trace/README.md): same rows, same call counts, kernel-time
 * median/mean/sum/min/max within 1e-3 µs.  Small synthetic traces pin the
 * linking rules one by one (reference/formats.md §2.3).  The shape
 * helpers are test_trace_shape.c.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include <cmocka.h>

#include "model/stats.h"
#include "testdata.h"
#include "readers_test.h"

#include "ingest/csvrows.h"
#include "ingest/ingest.h"
#include "ingest/trace_shape.h"
#include "util/intern.h"

#define MI300 "tests/data/trace/tracelens/mi300/"
#define H100 "tests/data/trace/tracelens/h100/"
#define BERT "gaunernst_bert-small-uncased__1016001"
#define QWEN "Qwen_Qwen1.5-0.5B-Chat__1016005"
#define HTA "tests/data/trace/hta/mi250_minitoy_train_ROCm6_2_kineto.json.gz"

/* A temporary file holding LEN bytes of DATA; the caller unlinks it. */
static char *
temp_file(const void *data, size_t len, const char *suffix)
{
	static char path[8][64];
	static int next;
	char *p = path[next++ % 8];
	FILE *f;
	int fd;

	(void)suffix; /* formats are sniffed from content, not names */
	snprintf(p, sizeof path[0], "/tmp/gs-test-trace-XXXXXX");
	fd = mkstemp(p);
	assert_true(fd >= 0);
	f = fdopen(fd, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	fclose(f);
	return p;
}

static char *
temp_text(const char *text, const char *suffix)
{
	return temp_file(text, strlen(text), suffix);
}

/* ---- TraceLens GEMM.csv ---------------------------------------------- */

enum {
	G_NAME,
	G_B,
	G_M,
	G_N,
	G_K,
	G_BIAS,
	G_DTYPE,
	G_TRANS,
	G_COUNT,
	G_MEAN,
	G_MEDIAN,
	G_SUM,
	G_MIN,
	G_MAX,
	G_STD,
	G_KERNELS,
	G__N
};

static const char *const gemm_cols[G__N] = {
        "name",
        "param: B",
        "param: M",
        "param: N",
        "param: K",
        "param: bias",
        "param: dtype_A_B",
        "param: transpose",
        "name_count",
        "Kernel Time (\xc2\xb5s)_mean",
        "Kernel Time (\xc2\xb5s)_median",
        "Kernel Time (\xc2\xb5s)_sum",
        "Kernel Time (\xc2\xb5s)_min",
        "Kernel Time (\xc2\xb5s)_max",
        "Kernel Time (\xc2\xb5s)_std",
        "trunc_kernel_details",
};

typedef struct gemm_row {
	gs_shape key;
	int has_trans;
	long count;
	double mean, median, sum, min, max, std;
	char kernels[1024];
} gemm_row;

typedef struct gemm_csv {
	int col[G__N];
	gemm_row rows[16];
	size_t n;
} gemm_csv;

/* "('c10::BFloat16', 'c10::BFloat16')" -> bf16 */
static void
csv_dtype(const char *s, char out[GS_DTYPE_LEN])
{
	char raw[64] = "";
	const char *q = strchr(s, '\'');
	const char *e = q ? strchr(q + 1, '\'') : NULL;

	assert_non_null(e);
	snprintf(raw, sizeof raw, "%.*s", (int)(e - q - 1), q + 1);
	assert_int_equal(gs_dtype_normalize(raw, out), 0);
}

static int
gemm_header(gemm_csv *g, const char *const *f, size_t n)
{
	for (int c = 0; c < G__N; c++) {
		g->col[c] = -1;
		for (size_t i = 0; i < n; i++)
			if (strcmp(f[i], gemm_cols[c]) == 0)
				g->col[c] = (int)i;
		if (c != G_TRANS && c != G_STD)
			assert_true(g->col[c] >= 0);
	}
	return 0;
}

static const char *
gcol(const gemm_csv *g, const char *const *f, int c)
{
	return g->col[c] >= 0 ? f[g->col[c]] : "";
}

static int
gemm_row_fn(void *ctx, long line, const char *const *f, const size_t *len, size_t n, gs_error *err)
{
	gemm_csv *g = ctx;
	gemm_row *r;
	const char *tr;
	char op[GS_OP_LEN];

	(void)len, (void)err;
	if (line == 1)
		return gemm_header(g, f, n);
	assert_true(g->n < sizeof g->rows / sizeof g->rows[0]);
	r = &g->rows[g->n++];
	gs_shape_init(&r->key);
	snprintf(op, sizeof op, "%s", gcol(g, f, G_NAME));
	r->key.op = gs_intern(op);
	assert_non_null(r->key.op);
	r->key.batch = atol(gcol(g, f, G_B));
	r->key.M = atol(gcol(g, f, G_M));
	r->key.N = atol(gcol(g, f, G_N));
	r->key.K = atol(gcol(g, f, G_K));
	r->key.bias = strcmp(gcol(g, f, G_BIAS), "True") == 0;
	csv_dtype(gcol(g, f, G_DTYPE), r->key.dtype);
	tr = gcol(g, f, G_TRANS);
	r->has_trans = tr[0] == '(';
	if (r->has_trans) {
		r->key.trans_a = strncmp(tr, "(True", 5) == 0 ? 'T' : 'N';
		r->key.trans_b = strstr(tr, ", True)") ? 'T' : 'N';
	}
	r->count = atol(gcol(g, f, G_COUNT));
	r->mean = atof(gcol(g, f, G_MEAN));
	r->median = atof(gcol(g, f, G_MEDIAN));
	r->sum = atof(gcol(g, f, G_SUM));
	r->min = atof(gcol(g, f, G_MIN));
	r->max = atof(gcol(g, f, G_MAX));
	r->std = gcol(g, f, G_STD)[0] ? atof(gcol(g, f, G_STD)) : NAN;
	snprintf(r->kernels, sizeof r->kernels, "%s", gcol(g, f, G_KERNELS));
	return 0;
}

static void
load_gemm_csv(const char *path, gemm_csv *g)
{
	gs_input in;
	gs_error err;

	memset(g, 0, sizeof *g);
	assert_int_equal(gs_input_open(&in, path, &err), 0);
	assert_int_equal(gs_csv_rows(&in, gemm_row_fn, g, &err), 0);
	gs_input_close(&in);
	assert_true(g->n > 0);
}

/* The record matching ROW on every key field TraceLens prints (the
 * transposes only where GEMM.csv has them). */
static const gs_record *
match(const gs_table *t, const gemm_row *row)
{
	const gs_record *hit = NULL;

	for (size_t i = 0; i < t->n; i++) {
		const gs_shape *s = &t->rec[i].shape;
		if (strcmp(s->op, row->key.op) || s->batch != row->key.batch ||
		    s->M != row->key.M || s->N != row->key.N || s->K != row->key.K ||
		    s->bias != row->key.bias || strcmp(s->dtype, row->key.dtype))
			continue;
		if (row->has_trans &&
		    (s->trans_a != row->key.trans_a || s->trans_b != row->key.trans_b))
			continue;
		assert_null(hit); /* one record per GEMM.csv row */
		hit = &t->rec[i];
	}
	return hit;
}

/* r->kernel is one of the kernels TraceLens lists (names cut at "..."),
 * and not the memset TraceLens also lists for cuBLAS GEMMs. */
static void
check_kernel(const gs_record *r, const gemm_row *row)
{
	const char *p = row->kernels;
	int found = 0;

	assert_non_null(gs_record_kernel(r));
	assert_false(strncmp(gs_record_kernel(r), "Memset", 6) == 0);
	while ((p = strstr(p, "'name': '")) != NULL) {
		const char *s = p + 9, *e = strchr(s, '\'');
		size_t n = (size_t)(e - s);
		if (n > 3 && strncmp(e - 3, "...", 3) == 0)
			n -= 3;
		found |= strncmp(gs_record_kernel(r), s, n) == 0;
		p = e;
	}
	assert_true(found);
}

static void
check_tracelens(const char *trace, const char *gemm)
{
	gs_table *t = gs_test_read(gs_test_path(trace), NULL);
	gemm_csv g;

	load_gemm_csv(gs_test_path(gemm), &g);
	assert_string_equal(t->format, "pytorch-trace");
	assert_int_equal(t->n, g.n);
	for (size_t i = 0; i < g.n; i++) {
		const gemm_row *row = &g.rows[i];
		const gs_record *r = match(t, row);
		char b[128];
		if (!r)
			fail_msg("GEMM.csv row %zu (%s) has no record", i + 1,
			         gs_shape_format(&row->key, b, sizeof b));
		assert_int_equal(r->t.count, row->count);
		assert_int_equal(r->nsamples, row->count);
		assert_near(r->t.median, row->median, 1e-3);
		assert_near(gs_record_stats(r).mean, row->mean, 1e-3);
		assert_near(gs_record_stats(r).sum, row->sum, 1e-3);
		assert_near(gs_record_stats(r).min, row->min, 1e-3);
		assert_near(gs_record_stats(r).max, row->max, 1e-3);
		if (!isnan(row->std))
			assert_near(gs_record_stats(r).std, row->std, 1e-3);
		check_kernel(r, row);
	}
	gs_table_free(t);
}

static void
bert_matches_tracelens(void **state)
{
	(void)state;
	check_tracelens(MI300 BERT ".json.gz", MI300 BERT "_perf_report_csvs/GEMM.csv");
}

static void
qwen_mi300x_matches_tracelens(void **state)
{
	(void)state;
	check_tracelens(MI300 QWEN ".json.gz", MI300 QWEN "_perf_report_csvs/GEMM.csv");
}

static void
qwen_h100_matches_tracelens(void **state)
{
	(void)state;
	check_tracelens(H100 QWEN ".json.gz", H100 QWEN "_perf_report_csvs/GEMM.csv");
}

static const gs_record *
find(const gs_table *t, const char *op, long M, long N, long K)
{
	for (size_t i = 0; i < t->n; i++) {
		const gs_shape *s = &t->rec[i].shape;
		if (!strcmp(s->op, op) && s->M == M && s->N == N && s->K == K)
			return &t->rec[i];
	}
	fail_msg("no record %s %ldx%ldx%ld", op, M, N, K);
	return NULL;
}

/* data README §2.1-2.3: GPUs, unlinked kernels, grid = tiles. */
static void
qwen_devices_and_launches(void **state)
{
	gs_table *amd = gs_test_read(gs_test_path(MI300 QWEN ".json.gz"), NULL);
	gs_table *nv = gs_test_read(gs_test_path(H100 QWEN ".json.gz"), NULL);
	const gs_record *r;

	(void)state;
	assert_string_equal(amd->gpu, "AMD Instinct MI300X VF");
	assert_int_equal(amd->gpu_cus, 304);
	assert_string_equal(nv->gpu, "NVIDIA H100 80GB HBM3");
	assert_int_equal(nv->gpu_cus, 132);
	/* the environment (issue 13 §5): deviceProperties and the versions */
	assert_string_equal(amd->env.text[GS_ENV_DEVICE], "AMD Instinct MI300X VF");
	assert_string_equal(amd->env.text[GS_ENV_CUS], "304");
	assert_string_equal(amd->env.text[GS_ENV_MEMORY], "205.6 GB"); /* 205571227648 B */
	assert_near(amd->env.num[GS_ENV_MEMORY], 205.571227648, 1e-9);
	assert_string_equal(amd->env.text[GS_ENV_CC], "9.4");
	assert_string_equal(amd->env.text[GS_ENV_RUNTIME], "HIP 6.4.43483"); /* 60443483 */
	assert_string_equal(amd->env.text[GS_ENV_DRIVER], "HIP driver 6.4.43483");
	assert_null(amd->env.text[GS_ENV_LIBRARY]);
	assert_string_equal(nv->env.text[GS_ENV_DEVICE], "NVIDIA H100 80GB HBM3");
	assert_string_equal(nv->env.text[GS_ENV_MEMORY], "85.0 GB");
	assert_string_equal(nv->env.text[GS_ENV_CC], "9.0");
	assert_string_equal(nv->env.text[GS_ENV_RUNTIME], "CUDA 12.4"); /* 12040 */
	assert_string_equal(nv->env.text[GS_ENV_DRIVER], "CUDA driver 12.9"); /* 12090 */
	assert_int_equal(amd->skipped, 463); /* before the CPU window */
	assert_int_equal(nv->skipped, 509);
	/* ROCm: grid in work-items, workgroups = Πgrid/Πblock = tiles */
	r = find(amd, "aten::mm", 8944, 2816, 1024);
	assert_int_equal(gs_launch_of(r)->workgroups, 880);
	assert_int_equal(gs_launch_of(r)->wg_size, 256);
	assert_non_null(strstr(gs_record_kernel(r), "MT128x224x64"));
	r = find(amd, "aten::addmm", 8944, 1024, 1024);
	assert_int_equal(gs_launch_of(r)->workgroups, 280);
	assert_true(r->shape.bias);
	/* CUDA: grid in blocks, persistent xmma kernel, registers and smem */
	r = find(nv, "aten::addmm", 8944, 1024, 1024);
	assert_int_equal(gs_launch_of(r)->workgroups, 30 * 4);
	assert_int_equal(gs_launch_of(r)->wg_size, 384);
	assert_int_equal(gs_launch_of(r)->regs_per_thread, 168);
	assert_int_equal(gs_launch_of(r)->lds_bytes, 231424);
	assert_non_null(strstr(gs_record_kernel(r), "sm90_xmma_gemm_bf16bf16"));
	r = find(nv, "aten::bmm", 32, 559, 1);
	assert_non_null(strstr(gs_record_kernel(r), "cutlass_80_simt_sgemm")); /* cuLaunchKernel */
	gs_table_free(amd);
	gs_table_free(nv);
}

/* One model on two GPUs: the same five keys, so compare joins them. */
static void
qwen_keys_join_across_vendors(void **state)
{
	gs_table *amd = gs_test_read(gs_test_path(MI300 QWEN ".json.gz"), NULL);
	gs_table *nv = gs_test_read(gs_test_path(H100 QWEN ".json.gz"), NULL);

	(void)state;
	assert_int_equal(amd->n, 5);
	assert_int_equal(nv->n, 5);
	for (size_t i = 0; i < amd->n; i++) {
		const gs_record *other = gs_table_find(nv, &amd->rec[i].shape);
		assert_non_null(other);
		assert_int_equal(other->t.count, amd->rec[i].t.count);
	}
	assert_near(gs_record_stats(find(amd, "aten::mm", 8944, 2816, 1024)).mean /
	                    gs_record_stats(find(nv, "aten::mm", 8944, 2816, 1024)).mean,
	            1.309, 1e-3);
	gs_table_free(amd);
	gs_table_free(nv);
}

/* data README §3: ROCm 6.2, grid on the runtime event, bias copy kernel. */
static void
hta_rocm62(void **state)
{
	gs_table *t = gs_test_read(gs_test_path(HTA), NULL);
	const gs_record *r;

	(void)state;
	assert_int_equal(t->n, 2);
	assert_string_equal(t->gpu, "AMD Radeon Graphics");
	assert_int_equal(t->gpu_cus, 104);
	assert_int_equal(t->skipped, 0);
	r = find(t, "aten::addmm", 5, 128, 128);
	assert_int_equal(r->t.count, 1);
	assert_near(r->t.median, 24.47998, 1e-3); /* direct_copy 6.88 + GEMM 17.60 */
	assert_string_equal(r->shape.dtype, "f32");
	assert_true(r->shape.bias);
	assert_int_equal(r->shape.trans_a, 'T');
	assert_int_equal(r->shape.trans_b, 'N');
	assert_int_equal(gs_launch_of(r)->workgroups, 2);
	assert_non_null(strstr(gs_record_kernel(r), "Cijk_Alik_Bljk_SB_Bias")); /* not the copy */
	r = find(t, "aten::mm", 128, 128, 5);
	assert_near(r->t.median, 12.64014, 1e-3);
	assert_int_equal(r->shape.trans_a, 'N');
	assert_int_equal(r->shape.trans_b, 'T');
	assert_int_equal(gs_launch_of(r)->workgroups, 16);
	gs_table_free(t);
}

/* ---- .json and .json.gz ---------------------------------------------- */

static char *
gunzip_to_temp(const char *gz)
{
	gzFile in = gzopen(gz, "rb");
	size_t cap = 1 << 20, n = 0;
	char *buf = malloc(cap), *path;
	int r;

	assert_non_null(in);
	while ((r = gzread(in, buf + n, (unsigned)(cap - n))) > 0) {
		n += (size_t)r;
		if (n == cap)
			buf = realloc(buf, cap *= 2);
	}
	assert_int_equal(r, 0);
	gzclose(in);
	path = temp_file(buf, n, ".json");
	free(buf);
	return path;
}

static void
plain_and_gzip_agree(void **state)
{
	const char *gz = gs_test_path(MI300 BERT ".json.gz");
	char *plain = gunzip_to_temp(gz);
	gs_table *a = gs_test_read(gz, NULL), *b = gs_test_read(plain, NULL);

	(void)state;
	assert_int_equal(a->n, b->n);
	assert_int_equal(a->skipped, b->skipped);
	assert_string_equal(a->gpu, b->gpu);
	for (size_t i = 0; i < a->n; i++) {
		const gs_record *x = &a->rec[i], *y = &b->rec[i];
		assert_true(gs_shape_equal(&x->shape, &y->shape));
		assert_int_equal(x->nsamples, y->nsamples);
		assert_memory_equal(x->samples, y->samples, x->nsamples * sizeof *x->samples);
		assert_string_equal(gs_record_kernel(x), gs_record_kernel(y));
		assert_memory_equal(gs_launch_of(x), gs_launch_of(y), sizeof(gs_launch));
		assert_int_equal(x->line, y->line);
	}
	gs_table_free(a);
	gs_table_free(b);
	unlink(plain);
}

/* ---- bad input ------------------------------------------------------- */

static void
truncated_gzip(void **state)
{
	FILE *f = fopen(gs_test_path(MI300 BERT ".json.gz"), "rb");
	char buf[40000];
	gs_error err;
	char *cut;

	(void)state;
	assert_non_null(f);
	assert_int_equal(fread(buf, 1, sizeof buf, f), sizeof buf);
	fclose(f);
	cut = temp_file(buf, sizeof buf, ".json.gz");
	gs_test_read_fails(cut, &err);
	assert_non_null(strstr(err.msg, "truncated"));
	assert_true(err.offset > 40000); /* decompressed bytes reached */
	assert_true(err.offset < 1201774); /* the whole JSON */
	unlink(cut);
}

static void
invalid_json_offset(void **state)
{
	static const char text[] =
	        "{\"traceEvents\": [{\"ph\": \"X\", \"cat\": \"cpu_op\",, \"x\": 1}]}";
	char *p = temp_text(text, ".json");
	gs_error err;

	(void)state;
	gs_test_read_fails(p, &err);
	assert_non_null(strstr(err.msg, "invalid JSON"));
	/* 1-based position of the stray comma: the byte that broke the parse */
	assert_int_equal(err.offset, strstr(text, ",,") - text + 2);
	unlink(p);
}

static void
cut_short_and_not_a_trace(void **state)
{
	static const char cut[] = "{\"traceEvents\": [{\"ph\": \"X\"";
	char *p = temp_text(cut, ".json");
	char *q = temp_text("{\"schemaVersion\": 1}", ".json");
	gs_error err;

	(void)state;
	gs_test_read_fails(p, &err);
	assert_non_null(strstr(err.msg, "cut short"));
	assert_int_equal(err.offset, (long long)strlen(cut));
	gs_test_read_fails(q, &err);
	assert_non_null(strstr(err.msg, "no traceEvents"));
	unlink(p);
	unlink(q);
}

/* ---- linking rules on a synthetic trace ------------------------------ */

#define SYN_HEAD \
	"{\"deviceProperties\": [{\"id\": 0, \"name\": \"GPU A\", \"numSms\": 10}," \
	"  {\"id\": 1, \"name\": \"GPU B\", \"numSms\": 20}]," \
	" \"traceEvents\": ["
/* string pid/tid; python_function and flows are ignored */
#define SYN_PY \
	"{\"ph\": \"X\", \"cat\": \"python_function\", \"name\": \"x.py\", \"pid\": \"p\", \"tid\": \"t\", \"ts\": 90, \"dur\": 500, \"args\": {\"Python id\": 1}},"
/* call 1 of mm 64x16x32 f16 inside aten::matmul, B a transposed view: TN */
#define SYN_MM1 \
	"{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::matmul\", \"pid\": \"p\", \"tid\": \"t\", \"ts\": 100, \"dur\": 50, \"args\": {\"External id\": 1}}," \
	"{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::mm\", \"pid\": \"p\", \"tid\": \"t\", \"ts\": 105, \"dur\": 40," \
	"  \"args\": {\"External id\": 2, \"Input Dims\": [[64, 32], [32, 16]], \"Input type\": [\"c10::Half\", \"c10::Half\"]," \
	"  \"Input Strides\": [[32, 1], [1, 32]], \"Concrete Inputs\": [\"\", \"\"]}},"
/* call 2 (its kernels come from a graph launch); addmm with no kernel;
 * bmm with no shapes */
#define SYN_MM2 \
	"{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::mm\", \"pid\": \"p\", \"tid\": \"t\", \"ts\": 200, \"dur\": 40," \
	"  \"args\": {\"Input Dims\": [[64, 32], [32, 16]], \"Input type\": [\"c10::Half\", \"c10::Half\"], \"Input Strides\": [[32, 1], [1, 32]]}},"
#define SYN_OTHER_OPS \
	"{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::addmm\", \"pid\": \"p\", \"tid\": \"t\", \"ts\": 400, \"dur\": 10," \
	"  \"args\": {\"Input Dims\": [[16], [8, 32], [32, 16]], \"Input type\": [\"float\", \"float\", \"float\"]}}," \
	"{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::bmm\", \"pid\": \"p\", \"tid\": \"t\", \"ts\": 500, \"dur\": 10, \"args\": {}},"
#define SYN_RUNTIME \
	"{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaMemsetAsync\", \"pid\": \"p\", \"tid\": \"t\", \"ts\": 108, \"dur\": 1, \"args\": {\"correlation\": 6}}," \
	"{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": \"p\", \"tid\": \"t\", \"ts\": 110, \"dur\": 5, \"args\": {\"correlation\": 7, \"External id\": 2}}," \
	"{\"ph\": \"s\", \"id\": 7, \"pid\": \"p\", \"tid\": \"t\", \"ts\": 110, \"cat\": \"ac2g\", \"name\": \"ac2g\"}," /* a launch on another thread at the same time belongs to no op */ \
	"{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": \"p\", \"tid\": \"u\", \"ts\": 111, \"dur\": 2, \"args\": {\"correlation\": 11}}," \
	"{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaGraphLaunch\", \"pid\": \"p\", \"tid\": \"t\", \"ts\": 210, \"dur\": 5, \"args\": {\"correlation\": 9}}," \
	"{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": \"p\", \"tid\": \"t\", \"ts\": 502, \"dur\": 1, \"args\": {\"correlation\": 20}},"
/* GPU side: memset [115,122) overlaps the GEMM [120,130): busy 15 */
#define SYN_GPU \
	"{\"ph\": \"X\", \"cat\": \"gpu_memset\", \"name\": \"Memset (Device)\", \"pid\": 1, \"tid\": 7, \"ts\": 115, \"dur\": 7, \"args\": {\"correlation\": 6, \"device\": 1}}," \
	"{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"gemm_tn\", \"pid\": 1, \"tid\": 7, \"ts\": 120, \"dur\": 10," \
	"  \"args\": {\"correlation\": 7, \"device\": 1, \"grid\": [4, 2, 1], \"block\": [128, 1, 1], \"registers per thread\": 64, \"shared memory\": 4096}}," \
	"{\"ph\": \"f\", \"id\": 7, \"pid\": 1, \"tid\": 7, \"ts\": 120, \"cat\": \"ac2g\", \"name\": \"ac2g\", \"bp\": \"e\"}," \
	"{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"other_thread\", \"pid\": 1, \"tid\": 7, \"ts\": 140, \"dur\": 50, \"args\": {\"correlation\": 11, \"device\": 1}}," \
	"{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"g1\", \"pid\": 1, \"tid\": 7, \"ts\": 300, \"dur\": 3, \"args\": {\"correlation\": 9, \"device\": 1}}," \
	"{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"g2\", \"pid\": 1, \"tid\": 7, \"ts\": 310, \"dur\": 4, \"args\": {\"correlation\": 9, \"device\": 1}}," \
	"{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"bmm_k\", \"pid\": 1, \"tid\": 7, \"ts\": 505, \"dur\": 2, \"args\": {\"correlation\": 20, \"device\": 1}}," /* skipped: recorded before the CPU window; no timestamp */ \
	"{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"early\", \"pid\": 1, \"tid\": 7, \"ts\": 5, \"dur\": 4, \"args\": {\"correlation\": 1}}," \
	"{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"no_ts\", \"pid\": 1, \"tid\": 7, \"dur\": 4, \"args\": {\"correlation\": 7}},"
#define SYN_TAIL \
	"{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 0, \"args\": {\"name\": \"python3\"}}]}"

/* Kineto's order: every cpu_op first, linked while streaming.  Then the
 * kernels first (as CUDA traces write them), pending until their calls.
 * Then a GEMM op after runtime calls: the reader must read again keeping
 * everything, with the same result. */
static const char *const synthetic[] = {
        SYN_HEAD SYN_PY SYN_MM1 SYN_MM2 SYN_OTHER_OPS SYN_RUNTIME SYN_GPU SYN_TAIL,
        SYN_HEAD SYN_PY SYN_MM1 SYN_MM2 SYN_OTHER_OPS SYN_GPU SYN_RUNTIME SYN_TAIL,
        SYN_HEAD SYN_PY SYN_MM1 SYN_RUNTIME SYN_MM2 SYN_GPU SYN_OTHER_OPS SYN_TAIL,
};

static int
has_exclusion(const gs_table *t, const char *what, const char *reason)
{
	for (size_t i = 0; i < t->nexcl; i++)
		if (strstr(t->excl[i].what, what) && strstr(t->excl[i].reason, reason))
			return 1;
	return 0;
}

static void
check_synthetic(const char *text)
{
	char *p = temp_text(text, ".json");
	gs_table *t = gs_test_read(p, NULL);
	const gs_record *r;

	assert_int_equal(t->n, 1);
	r = &t->rec[0];
	assert_string_equal(r->shape.op, "aten::mm");
	assert_int_equal(r->shape.M, 64);
	assert_int_equal(r->shape.N, 16);
	assert_int_equal(r->shape.K, 32);
	assert_string_equal(r->shape.dtype, "f16");
	assert_int_equal(r->shape.trans_a, 'T');
	assert_int_equal(r->shape.trans_b, 'N');
	assert_false(r->shape.bias);
	assert_int_equal(r->nsamples, 2);
	assert_near(r->samples[0], 15.0, 1e-12); /* union, not 7 + 10 */
	assert_near(r->samples[1], 7.0, 1e-12); /* graph: 3 + 4 */
	assert_string_equal(gs_record_kernel(r), "gemm_tn");
	assert_int_equal(gs_launch_of(r)->workgroups, 8); /* CUDA grid in blocks */
	assert_int_equal(gs_launch_of(r)->wg_size, 128);
	assert_int_equal(gs_launch_of(r)->regs_per_thread, 64);
	assert_int_equal(gs_launch_of(r)->lds_bytes, 4096);
	assert_string_equal(t->gpu, "GPU B"); /* the kernels' device */
	assert_int_equal(t->gpu_cus, 20);
	assert_string_equal(t->env.text[GS_ENV_DEVICE], "GPU B"); /* not the first listed */
	assert_string_equal(t->env.text[GS_ENV_CUS], "20");
	assert_null(t->env.text[GS_ENV_RUNTIME]); /* the trace gives no version */
	assert_int_equal(t->skipped, 2);
	assert_int_equal(t->nexcl, 2);
	assert_true(has_exclusion(t, "aten::addmm (1 call)", "no GPU kernel"));
	assert_true(has_exclusion(t, "aten::bmm (1 call)", "no Input Dims"));
	gs_table_free(t);
	unlink(p);
}

static void
synthetic_linking(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof synthetic / sizeof synthetic[0]; i++)
		check_synthetic(synthetic[i]);
}

/* Torch 1.9-era trace: a bare event array, legacy categories, External id
 * links only, ROCm grid on the runtime call, no strides (transposes from
 * the Tensile name). */
static const char legacy[] =
        "[{\"ph\": \"X\", \"cat\": \"Operator\", \"name\": \"aten::addmm\", \"pid\": 1, \"tid\": 1, \"ts\": 10, \"dur\": 30,"
        "  \"args\": {\"Input Dims\": [[128], [5, 128], [128, 128], [], []],"
        "  \"Input type\": [\"float\", \"float\", \"float\", \"Scalar\", \"Scalar\"]}},"
        "{\"ph\": \"X\", \"cat\": \"Runtime\", \"name\": \"hipExtModuleLaunchKernel\", \"pid\": 1, \"tid\": 1, \"ts\": 12, \"dur\": 2,"
        "  \"args\": {\"External id\": 5, \"grid\": [512, 1, 1], \"block\": [256, 1, 1]}},"
        "{\"ph\": \"X\", \"cat\": \"Kernel\", \"name\": \"Cijk_Alik_Bljk_SB_MT64x16x32\", \"pid\": 0, \"tid\": 0, \"ts\": 20, \"dur\": 6.5,"
        "  \"args\": {\"External id\": 5}}]";

static void
legacy_trace(void **state)
{
	char *p = temp_text(legacy, ".json");
	gs_table *t = gs_test_read(p, NULL);
	const gs_record *r;

	(void)state;
	assert_int_equal(t->n, 1);
	r = &t->rec[0];
	assert_string_equal(r->shape.op, "aten::addmm");
	assert_int_equal(r->shape.M, 5);
	assert_int_equal(r->shape.N, 128);
	assert_int_equal(r->shape.K, 128);
	assert_true(r->shape.bias);
	assert_int_equal(r->shape.trans_a, 'T');
	assert_int_equal(r->shape.trans_b, 'N');
	assert_near(r->t.median, 6.5, 1e-12);
	assert_int_equal(gs_launch_of(r)->workgroups, 2); /* 512 work-items / 256 */
	assert_int_equal(gs_launch_of(r)->wg_size, 256);
	assert_null(t->gpu);
	gs_table_free(t);
	unlink(p);
}

/* Issue 12: a split-K GEMM launches its GEMM kernel and then cuBLAS's
 * reduction, which can outlast it (small M, large K).  The op's kernel is
 * the GEMM one, its busy time both.  Reconstructed: an H100 aten::mm
 * 16x1024x4096 bf16 with the nvjet split-K kernel and splitKreduce_kernel
 * as public H100 profiles name them (the reduction's template arguments
 * after bf16 are ours). */
static const char splitk[] =
        "{\"deviceProperties\": [{\"id\": 0, \"name\": \"NVIDIA H100 80GB HBM3\", \"numSms\": 132}],"
        " \"traceEvents\": ["
        "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::mm\", \"pid\": 1, \"tid\": 1, \"ts\": 100, \"dur\": 40,"
        "  \"args\": {\"External id\": 3, \"Input Dims\": [[16, 4096], [4096, 1024]],"
        "  \"Input type\": [\"c10::BFloat16\", \"c10::BFloat16\"], \"Input Strides\": [[4096, 1], [1, 4096]]}},"
        "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": 1, \"tid\": 1, \"ts\": 105, \"dur\": 4, \"args\": {\"correlation\": 31}},"
        "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": 1, \"tid\": 1, \"ts\": 110, \"dur\": 4, \"args\": {\"correlation\": 32}},"
        "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"nvjet_tst_64x8_64x16_1x4_h_bz_splitK_bias_TNT\", \"pid\": 0, \"tid\": 7, \"ts\": 150, \"dur\": 5,"
        "  \"args\": {\"correlation\": 31, \"device\": 0, \"grid\": [16, 2, 4], \"block\": [128, 1, 1]}},"
        "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"void cublasLt::splitKreduce_kernel<32, 16, int, float, __nv_bfloat16, float, __nv_bfloat16, false, false, false>(cublasLt::cublasSplitKParams<float>, float const*, __nv_bfloat16 const*, __nv_bfloat16*, float const*, float const*, __nv_bfloat16 const*)\","
        "  \"pid\": 0, \"tid\": 7, \"ts\": 156, \"dur\": 6, \"args\": {\"correlation\": 32, \"device\": 0, \"grid\": [64, 1, 1], \"block\": [256, 1, 1]}}]}";

static void
splitk_gemm_kernel(void **state)
{
	char *p = temp_text(splitk, ".json");
	gs_table *t = gs_test_read(p, NULL);
	const gs_record *r;

	(void)state;
	assert_int_equal(t->n, 1);
	r = &t->rec[0];
	assert_string_equal(r->shape.op, "aten::mm");
	assert_int_equal(r->shape.M, 16);
	assert_int_equal(r->shape.N, 1024);
	assert_int_equal(r->shape.K, 4096);
	assert_string_equal(gs_record_kernel(r), "nvjet_tst_64x8_64x16_1x4_h_bz_splitK_bias_TNT");
	assert_int_equal(gs_launch_of(r)->workgroups, 16 * 2 * 4); /* the GEMM's grid */
	assert_near(r->t.median, 11.0, 1e-12); /* busy: GEMM 5 + reduction 6 */
	gs_table_free(t);
	unlink(p);
}

/* Issue 11, item 12: a GPU time outside 1e-6 .. 1e12 us is refused. */
static void
time_out_of_range(void **state)
{
	static const char *const durs[] = {"1e300", "2e12"};

	(void)state;
	for (size_t i = 0; i < 2; i++) {
		char text[sizeof legacy + 16], *at, *p;
		gs_error err;
		at = strstr(legacy, "\"dur\": 6.5");
		assert_non_null(at);
		snprintf(text, sizeof text, "%.*s\"dur\": %s%s", (int)(at - legacy), legacy,
		         durs[i], at + strlen("\"dur\": 6.5"));
		p = temp_text(text, ".json");
		gs_test_read_fails(p, &err);
		assert_non_null(strstr(err.msg, "outside the accepted range"));
		unlink(p);
	}
}

/* Two traces read at once (gs_ingest_read_pair, two threads) give the
 * tables two reads in order give: the readers share no state. */
static void
pair_of_traces(void **state)
{
	const char *pa = gs_test_path(MI300 QWEN ".json.gz"),
	           *pb = gs_test_path(H100 QWEN ".json.gz");
	gs_table *a, *b, *sa = gs_test_read(pa, NULL), *sb = gs_test_read(pb, NULL);
	gs_error err = {0};

	(void)state;
	for (int round = 0; round < 3; round++) {
		assert_int_equal(gs_ingest_read_pair(pa, pb, NULL, &a, &b, &err), 0);
		assert_int_equal(a->n, sa->n);
		assert_int_equal(b->n, sb->n);
		for (size_t i = 0; i < a->n; i++) {
			assert_true(gs_shape_equal(&a->rec[i].shape, &sa->rec[i].shape));
			assert_true(a->rec[i].t.median == sa->rec[i].t.median);
		}
		for (size_t i = 0; i < b->n; i++) {
			assert_true(gs_shape_equal(&b->rec[i].shape, &sb->rec[i].shape));
			assert_true(b->rec[i].t.median == sb->rec[i].t.median);
		}
		gs_table_free(a);
		gs_table_free(b);
	}
	gs_table_free(sa);
	gs_table_free(sb);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(bert_matches_tracelens),
	        cmocka_unit_test(qwen_mi300x_matches_tracelens),
	        cmocka_unit_test(qwen_h100_matches_tracelens),
	        cmocka_unit_test(qwen_devices_and_launches),
	        cmocka_unit_test(qwen_keys_join_across_vendors),
	        cmocka_unit_test(hta_rocm62),
	        cmocka_unit_test(plain_and_gzip_agree),
	        cmocka_unit_test(truncated_gzip),
	        cmocka_unit_test(invalid_json_offset),
	        cmocka_unit_test(cut_short_and_not_a_trace),
	        cmocka_unit_test(synthetic_linking),
	        cmocka_unit_test(legacy_trace),
	        cmocka_unit_test(splitk_gemm_kernel),
	        cmocka_unit_test(time_out_of_range),
	        cmocka_unit_test(pair_of_traces),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
