/* test_single.c: the single-run efficiency model (analysis/single.h), the
 * per-pair explanation (analysis/effpair.h), the GPU choice of the report
 * commands (gs_cli_gpu) and the efficiency figures (render/figures.h).
 *
 * Inputs are the real traces of tests/data/trace (TraceLens MI300X and
 * H100 Qwen, MI300X bert, HTA MI250) and the TraceLens GEMM.csv files
 * beside them.  Expected values are the worked examples of the project's
 * reference efficiency.md (§1.2 roofline, §4.1 quantisation table, §5 grid
 * check, §9.3 H100 occupancy) and, for the per-shape CSV, the GEMM.csv
 * columns themselves (GFLOPS_first, Data Moved (MB)_first,
 * FLOPS/Byte_first, name_count, Kernel Time (µs) statistics), parsed with
 * libcsv.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <csv.h>

#include "analysis/compare.h"
#include "analysis/effpair.h"
#include "analysis/single.h"
#include "cmd_compare.h"
#include "ingest/ingest.h"
#include "render/figures.h"
#include "render/plot.h"
#include "render/report.h"
#include "table.h"

#define QWEN "Qwen_Qwen1.5-0.5B-Chat__1016005"
#define BERT "gaunernst_bert-small-uncased__1016001"
#define MI300_QWEN "tests/data/trace/tracelens/mi300/" QWEN ".json.gz"
#define H100_QWEN "tests/data/trace/tracelens/h100/" QWEN ".json.gz"
#define MI300_BERT "tests/data/trace/tracelens/mi300/" BERT ".json.gz"
#define HTA_MI250 "tests/data/trace/hta/mi250_minitoy_train_ROCm6_2_kineto.json.gz"
#define MI350_ROCPROF "tests/data/trace/tracelens/rocprof/908_results.json.gz"
#define A100_TRACE "tests/data/trace/reconstructed/a100_pg509_fp32.json.gz"
#define GEMM_CSV(dir, name) "tests/data/trace/tracelens/" dir "/" name "_perf_report_csvs/GEMM.csv"

/* ---- helpers */

static const char *
srcdir(void)
{
	const char *d = getenv("top_srcdir");

	return d && *d ? d : ".";
}

static gs_table *
load(const char *rel)
{
	char path[4096];
	gs_table *t = NULL;
	gs_error err;

	snprintf(path, sizeof path, "%s/%s", srcdir(), rel);
	gs_error_clear(&err);
	if (gs_ingest_read(path, NULL, &t, &err) != 0)
		print_error("%s:%ld: %s\n", err.file, err.line, err.msg);
	assert_non_null(t);
	return t;
}

/* The single-run model of T on the GPU T names (or GPU_NAME when given). */
static void
run_single(const gs_table *t, const char *gpu_name, gs_single *s)
{
	const gs_gpu *g = gpu_name ? gs_gpu_find(gpu_name) : t->gpu ? gs_gpu_find(t->gpu) : NULL;
	gs_error err;

	gs_error_clear(&err);
	if (gs_single_run(t, g, NULL, s, &err) != 0)
		print_error("%s\n", err.msg);
	assert_int_equal(s->n, t->n);
}

static const gs_single_row *
row(const gs_single *s, const char *op, long m, long n, long k)
{
	for (size_t i = 0; i < s->n; i++) {
		const gs_shape *sh = &s->rows[i].rec->shape;
		if (strcmp(sh->op, op) == 0 && sh->M == m && sh->N == n && sh->K == k)
			return &s->rows[i];
	}
	print_error("no row %s %ldx%ldx%ld\n", op, m, n, k);
	fail();
	return NULL;
}

static void
assert_near(double got, double want, double tol)
{
	if (!(fabs(got - want) <= tol))
		print_error("got %.9g, want %.9g (tolerance %g)\n", got, want, tol);
	assert_true(fabs(got - want) <= tol);
}

/* One row of efficiency.md §4.1 (tiles over the BLAS dims). */
typedef struct quant {
	int tile_m, tile_n;
	long num_tiles, rounds;
	double tile_eff, wq_eff, dim_eff;
} quant;

/* The whole efficiency of row R of S (gs_single_eff), in storage that
 * lives until the next call. */
static const gs_eff *
E(const gs_single *s, const gs_single_row *r)
{
	static gs_eff e;
	const gs_eff *p = gs_single_eff(s, r, &e);

	assert_non_null(p);
	return p;
}

static void
assert_quant(const gs_single *s, const gs_single_row *r, const quant *q)
{
	assert_true(r->have_eff);
	assert_int_equal(E(s, r)->tile_m, q->tile_m);
	assert_int_equal(E(s, r)->tile_n, q->tile_n);
	assert_int_equal(E(s, r)->num_tiles, q->num_tiles);
	assert_int_equal(E(s, r)->rounds, q->rounds);
	assert_near(E(s, r)->tile_eff, q->tile_eff, 5e-7);
	assert_near(E(s, r)->wq_eff, q->wq_eff, 5e-7);
	assert_near(E(s, r)->dim_eff, q->dim_eff, 5e-7);
	assert_true(E(s, r)->swapped);
	assert_int_equal(E(s, r)->status, GS_EFF_OK);
	assert_int_equal(r->tile_source, GS_TILE_SRC_NAME);
}

/* ---- a CSV file as rows of strings (libcsv) */

typedef struct csvfile {
	char ***rows; /* rows[i][j], NUL-terminated strings */
	size_t *ncols;
	size_t n, cap;
	char **cur; /* the row being read */
	size_t ncur;
} csvfile;

static void
on_field(void *s, size_t len, void *data)
{
	csvfile *f = data;
	char *v = malloc(len + 1);

	assert_non_null(v);
	memcpy(v, s, len);
	v[len] = '\0';
	f->cur = realloc(f->cur, (f->ncur + 1) * sizeof *f->cur);
	assert_non_null(f->cur);
	f->cur[f->ncur++] = v;
}

static void
on_row(int c, void *data)
{
	csvfile *f = data;

	(void)c;
	if (f->n == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 16;
		f->rows = realloc(f->rows, f->cap * sizeof *f->rows);
		f->ncols = realloc(f->ncols, f->cap * sizeof *f->ncols);
		assert_non_null(f->rows);
		assert_non_null(f->ncols);
	}
	f->rows[f->n] = f->cur;
	f->ncols[f->n++] = f->ncur;
	f->cur = NULL;
	f->ncur = 0;
}

static void
csv_load(const char *text, size_t len, csvfile *f)
{
	struct csv_parser p;

	memset(f, 0, sizeof *f);
	assert_int_equal(csv_init(&p, CSV_STRICT), 0);
	assert_int_equal(csv_parse(&p, text, len, on_field, on_row, f), len);
	assert_int_equal(csv_fini(&p, on_field, on_row, f), 0);
	csv_free(&p);
}

static char *
slurp(const char *rel, size_t *len)
{
	char path[4096];
	FILE *fp;
	char *buf;
	long n;

	snprintf(path, sizeof path, "%s/%s", srcdir(), rel);
	fp = fopen(path, "rb");
	assert_non_null(fp);
	assert_int_equal(fseek(fp, 0, SEEK_END), 0);
	n = ftell(fp);
	rewind(fp);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, fp), (size_t)n);
	fclose(fp);
	buf[n] = '\0';
	*len = (size_t)n;
	return buf;
}

static void
csv_free_file(csvfile *f)
{
	for (size_t i = 0; i < f->n; i++) {
		for (size_t j = 0; j < f->ncols[i]; j++)
			free(f->rows[i][j]);
		free(f->rows[i]);
	}
	free(f->rows);
	free(f->ncols);
}

static int
col(const csvfile *f, const char *name)
{
	for (size_t j = 0; j < f->ncols[0]; j++)
		if (strcmp(f->rows[0][j], name) == 0)
			return (int)j;
	print_error("no column %s\n", name);
	fail();
	return -1;
}

static double
num(const csvfile *f, size_t i, const char *name)
{
	const char *s = f->rows[i][col(f, name)];

	return *s ? strtod(s, NULL) : NAN;
}

/* ---- efficiency.md worked examples on the traces */

static void
test_mi300x_qwen(void **state)
{
	gs_table *t = load(MI300_QWEN);
	const quant mm = {128, 224, 880, 3, 0.998214, 0.964912, 0.963189};
	const quant addmm = {256, 128, 280, 1, 0.998214, 0.921053, 0.919408};
	const gs_single_row *r;
	gs_single s;

	(void)state;
	run_single(t, NULL, &s);
	assert_non_null(s.gpu);
	assert_string_equal(s.gpu->name, "MI300X");
	/* §4.1 row 4: torch mm 8944x2816x1024 is BLAS 2816 x 8944, MT128x224;
	 * §5: its 880 workgroups confirm the swap. */
	r = row(&s, "aten::mm", 8944, 2816, 1024);
	assert_quant(&s, r, &mm);
	assert_true(E(&s, r)->swap_checked);
	assert_int_equal(E(&s, r)->cus, 304);
	assert_int_equal(E(&s, r)->last_wave_tiles, 880 - 2 * 304);
	/* §4.1 row 5 and the §1.2 worked example: addmm 8944x1024x1024 bf16 */
	r = row(&s, "aten::addmm", 8944, 1024, 1024);
	assert_quant(&s, r, &addmm);
	assert_true(E(&s, r)->cost.flop == 18766086144.0);
	assert_true(E(&s, r)->cost.bytes == 38733824.0);
	assert_true(E(&s, r)->cost.mib == 36.939453125);
	assert_near(E(&s, r)->cost.ai, 484.49, 0.005);
	assert_near(E(&s, r)->ridge, 246.7, 0.05);
	assert_true(E(&s, r)->compute_bound);
	assert_near(E(&s, r)->compute_us, 14.354, 0.0005);
	assert_near(E(&s, r)->memory_us, 7.308, 0.0005);
	/* % of roofline = roofline time / median (GEMM.csv: 40.71240234375 µs) */
	assert_near(r->rec->t.median, 40.71240234375, 1e-3);
	assert_near(E(&s, r)->pct_roofline, 14.354 / 40.71240234375 * 100, 0.01);
	/* the tile model ran on the BLAS shape; no registers in ROCm traces */
	assert_true(r->have_pick);
	assert_true(r->detail->pick.best.dim_eff > 0 && r->detail->pick.best.dim_eff <= 1);
	assert_true(r->have_actual);
	assert_false(r->have_occ);
	/* ranking: the mm 8944x2816x1024 (48 calls) takes the most time */
	assert_ptr_equal(&s.rows[s.by_time[0]], row(&s, "aten::mm", 8944, 2816, 1024));
	for (size_t i = 1; i < s.n; i++)
		assert_true(gs_single_total_us(&s.rows[s.by_time[i - 1]]) >=
		            gs_single_total_us(&s.rows[s.by_time[i]]));
	assert_int_equal(s.s.with_tile, 5);
	assert_int_equal(s.s.with_dim_eff, 5);
	gs_single_free(&s);
	gs_table_free(t);
}

/* A benchmark CSV with --gpu: every row has the tile model's pick and
 * nothing a kernel name or registers would give, so no row holds the
 * extra parts (376 bytes a row: with them inline a 1M compare with --gpu
 * held 1.6 GB); a row that has a kernel name has them. */
static void
test_extra_only_when_told(void **state)
{
	gs_table *t = load("examples/iree-kernel-benchmark/rocblas-gemm.csv");
	gs_single s;

	(void)state;
	run_single(t, "mi300x", &s);
	assert_int_equal(s.n, 558);
	for (size_t i = 0; i < s.n; i++) {
		const gs_single_row *r = &s.rows[i];
		assert_true(r->have_pick);
		assert_false(r->have_kernel || r->have_actual || r->have_occ);
		assert_non_null(r->detail);
		assert_null(r->detail->x);
	}
	gs_single_free(&s);
	gs_table_free(t);
	t = load(MI300_QWEN);
	run_single(t, NULL, &s);
	for (size_t i = 0; i < s.n; i++) {
		const gs_single_row *r = &s.rows[i];
		if (r->have_kernel)
			assert_non_null(r->detail->x);
	}
	gs_single_free(&s);
	gs_table_free(t);
}

/* The tile model's pick equals a direct call on the BLAS shape. */
static void
test_pick_consistent(void **state)
{
	gs_table *t = load(MI300_QWEN);
	gs_tile_pick want;
	gs_shape blas;
	gs_error err;
	gs_single s;

	(void)state;
	run_single(t, NULL, &s);
	for (size_t i = 0; i < s.n; i++) {
		const gs_single_row *r = &s.rows[i];
		gs_eff_blas_shape(E(&s, r), &r->rec->shape, &blas);
		if (gs_tile_model_pick(&blas, s.gpu, 304, 1, &want, &err) != 0) {
			assert_false(r->have_pick);
			continue;
		}
		assert_true(r->have_pick);
		assert_int_equal(r->detail->pick.best.wg_m, want.best.wg_m);
		assert_int_equal(r->detail->pick.best.wg_n, want.best.wg_n);
		assert_int_equal(r->detail->pick.best.wg_k, want.best.wg_k);
		assert_true(r->detail->pick.best.cost_us == want.best.cost_us);
	}
	gs_single_free(&s);
	gs_table_free(t);
}

static void
test_bert_and_hta(void **state)
{
	gs_table *t = load(MI300_BERT), *h = load(HTA_MI250);
	const quant big = {128, 144, 239, 1, 0.976926, 0.786184, 0.768044};
	const quant small = {32, 64, 192, 1, 0.734375, 0.631579, 0.463816};
	const quant tiny = {64, 16, 2, 1, 0.3125, 0.019231, 0.006010};
	gs_single s;

	(void)state;
	run_single(t, NULL, &s);
	assert_quant(&s, row(&s, "aten::addmm", 141, 30522, 512), &big); /* §4.1 row 6 */
	assert_quant(&s, row(&s, "aten::addmm", 141, 2048, 512), &small); /* §4.1 row 7 */
	gs_single_free(&s);
	/* HTA MI250: "AMD Radeon Graphics" names no GPU, the trace's 104 CUs
	 * still give the waves (§4.1 row 8). */
	run_single(h, NULL, &s);
	assert_null(s.gpu);
	assert_quant(&s, row(&s, "aten::addmm", 5, 128, 128), &tiny);
	assert_true(isnan(E(&s, row(&s, "aten::addmm", 5, 128, 128))->pct_roofline));
	assert_false(row(&s, "aten::addmm", 5, 128, 128)->have_pick);
	gs_single_free(&s);
	gs_table_free(t);
	gs_table_free(h);
}

/* §9.3: sm90_xmma tilesize128x128x64, 384 threads, 168 registers, 231424 B
 * shared memory: one block per SM, 18.75 %, limited by both. */
static void
test_h100_occupancy(void **state)
{
	gs_table *t = load(H100_QWEN);
	const gs_single_row *r;
	gs_single s;

	(void)state;
	run_single(t, NULL, &s);
	assert_non_null(s.gpu);
	assert_string_equal(s.gpu->name, "H100");
	r = row(&s, "aten::mm", 8944, 2816, 1024);
	assert_true(r->have_occ);
	assert_near(r->detail->x->occ.occupancy, 0.1875, 1e-12);
	assert_int_equal(r->detail->x->occ.wgs_per_cu, 1);
	assert_int_equal(r->detail->x->occ.limiters, (1u << GS_OCC_REGS) | (1u << GS_OCC_LDS));
	/* §3: the sm90 xmma kernels are persistent; wq_eff is approximate */
	assert_int_equal(E(&s, r)->status, GS_EFF_PERSISTENT);
	assert_int_equal(E(&s, r)->cus, 132);
	assert_int_equal(E(&s, r)->tile_m, 128);
	assert_int_equal(E(&s, r)->tile_n, 128);
	gs_single_free(&s);
	gs_table_free(t);
}

/* §9.1: the MI350X rocprof data's MT64x80x256 kernel (256 threads, 140
 * VGPRs, 156672 B LDS) is LDS-limited at 12.5 %.  rocprof rows are keyed
 * by kernel name: no M/N/K, so no roofline or quantisation, but the
 * macro tile their Tensile names carry (issue 12: "tiles known for 0"). */
static void
test_rocprof_occupancy(void **state)
{
	gs_table *t = load(MI350_ROCPROF);
	size_t seen = 0;
	gs_single s;

	(void)state;
	run_single(t, NULL, &s);
	assert_non_null(s.gpu);
	assert_string_equal(s.gpu->arch, "gfx950");
	for (size_t i = 0; i < s.n; i++) {
		const gs_single_row *r = &s.rows[i];
		assert_true(r->have_eff); /* the 14 GEMM kernels are Tensile's */
		assert_int_equal(E(&s, r)->status, GS_EFF_NO_DIMS);
		assert_int_equal(r->tile_source, GS_TILE_SRC_NAME);
		assert_true(E(&s, r)->tile_m > 0 && E(&s, r)->tile_n > 0);
		assert_true(isnan(E(&s, r)->tile_eff) && isnan(E(&s, r)->dim_eff));
		assert_true(isnan(E(&s, r)->cost.flop) && isnan(E(&s, r)->roofline_us));
		if (!gs_record_kernel(r->rec) || !strstr(gs_record_kernel(r->rec), "_MT64x80x256_"))
			continue;
		seen++;
		assert_int_equal(E(&s, r)->tile_m, 64);
		assert_int_equal(E(&s, r)->tile_n, 80);
		assert_int_equal(E(&s, r)->tile_k, 256);
		assert_true(r->have_occ);
		assert_near(r->detail->x->occ.occupancy, 0.125, 1e-12);
		assert_int_equal(r->detail->x->occ.limiters, 1u << GS_OCC_LDS);
	}
	assert_true(seen > 0);
	assert_true(isnan(s.s.tflops));
	assert_int_equal(s.s.with_eff, 0);
	assert_int_equal(s.s.with_tile, 14);
	assert_int_equal(s.s.with_dim_eff, 0);
	assert_true(isnan(s.s.weighted_pct_roofline));
	gs_single_free(&s);
	gs_table_free(t);
}

/* Without a GPU: tile_eff from the kernel name, nothing that needs one. */
static void
test_no_gpu(void **state)
{
	gs_table *t = load(GEMM_CSV("mi300", BERT));
	const gs_single_row *r;
	gs_single s;

	(void)state;
	assert_null(t->gpu);
	run_single(t, NULL, &s);
	assert_null(s.gpu);
	r = row(&s, "aten::addmm", 141, 30522, 512);
	assert_int_equal(E(&s, r)->tile_m, 128);
	assert_int_equal(E(&s, r)->tile_n, 144);
	assert_near(E(&s, r)->tile_eff, 0.976926, 5e-7);
	assert_true(isnan(E(&s, r)->wq_eff));
	assert_true(isnan(E(&s, r)->dim_eff));
	assert_true(isnan(E(&s, r)->pct_roofline));
	assert_false(r->have_pick);
	assert_int_equal(s.s.with_dim_eff, 0);
	assert_true(isnan(s.s.weighted_pct_roofline));
	gs_single_free(&s);
	/* the same input on --gpu mi300x gives §4.1 row 6 */
	run_single(t, "mi300x", &s);
	assert_near(E(&s, row(&s, "aten::addmm", 141, 30522, 512))->dim_eff, 0.768044, 5e-7);
	gs_single_free(&s);
	gs_table_free(t);
}

/* A row has its detail exactly when one of have_kernel, have_pick,
 * have_actual or have_occ is set: none for a record without a kernel
 * name on no GPU (native.csv's second row), one for a named kernel. */
static void
test_detail_only_when_needed(void **state)
{
	gs_table *t = load("tests/data/csv/native.csv");
	size_t with = 0, without = 0;
	gs_single s;

	(void)state;
	run_single(t, NULL, &s);
	assert_null(s.gpu);
	for (size_t i = 0; i < s.n; i++) {
		const gs_single_row *r = &s.rows[i];
		int need = r->have_kernel || r->have_pick || r->have_actual || r->have_occ;
		assert_int_equal(r->detail != NULL, need);
		assert_int_equal(r->have_kernel,
		                 gs_record_kernel(r->rec) && *gs_record_kernel(r->rec));
		with += need;
		without += !need;
	}
	assert_true(with > 0);
	assert_true(without > 0);
	gs_single_free(&s);
	gs_table_free(t);
}

/* ---- report --csv against TraceLens GEMM.csv */

static char *
render_csv(const gs_single *s, size_t *len)
{
	gs_report r = {0};
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	gs_error err;

	assert_non_null(f);
	r.kind = GS_REPORT_SINGLE;
	r.single = s;
	assert_int_equal(gs_render_csv(&r, f, &err), 0);
	fclose(f);
	return buf;
}

/* Our row of GEMM.csv row I (same op, M, N, K), or 0. */
static size_t
match(const csvfile *ours, const csvfile *g, size_t i)
{
	for (size_t j = 1; j < ours->n; j++)
		if (strcmp(ours->rows[j][col(ours, "op")], g->rows[i][col(g, "name")]) == 0 &&
		    num(ours, j, "M") == num(g, i, "param: M") &&
		    num(ours, j, "N") == num(g, i, "param: N") &&
		    num(ours, j, "K") == num(g, i, "param: K"))
			return j;
	return 0;
}

static void
assert_rel(double got, double want, double rel)
{
	assert_near(got, want, fabs(want) * rel);
}

/* TIME: also compare the time statistics (traces; a GEMM.csv read back
 * has its median only). */
static void
check_against(const char *input, const char *gemm_csv, int time)
{
	static const char *const stats[][2] = {
	        {"Kernel Time (\xc2\xb5s)_mean", "time_us_mean"},
	        {"Kernel Time (\xc2\xb5s)_min", "time_us_min"},
	        {"Kernel Time (\xc2\xb5s)_max", "time_us_max"},
	        {"Kernel Time (\xc2\xb5s)_sum", "time_us_sum"},
	        {"Kernel Time (\xc2\xb5s)_std", "time_us_std"},
	};
	gs_table *t = load(input);
	size_t len, glen;
	char *text, *gtext = slurp(gemm_csv, &glen);
	csvfile ours, g;
	gs_single s;

	run_single(t, NULL, &s);
	text = render_csv(&s, &len);
	csv_load(text, len, &ours);
	csv_load(gtext, glen, &g);
	assert_int_equal(ours.n, g.n);
	for (size_t i = 1; i < g.n; i++) {
		size_t j = match(&ours, &g, i);
		assert_true(j > 0);
		assert_rel(num(&ours, j, "gflop"), num(&g, i, "GFLOPS_first"), 1e-6);
		assert_rel(num(&ours, j, "mib"), num(&g, i, "Data Moved (MB)_first"), 1e-6);
		assert_rel(num(&ours, j, "flops_per_byte"), num(&g, i, "FLOPS/Byte_first"), 1e-6);
		assert_true(num(&ours, j, "count") == num(&g, i, "name_count"));
		assert_near(num(&ours, j, "time_us_median"),
		            num(&g, i, "Kernel Time (\xc2\xb5s)_median"), 1e-3);
		for (size_t k = 0; time && k < sizeof stats / sizeof stats[0]; k++) {
			double want = num(&g, i, stats[k][0]), got = num(&ours, j, stats[k][1]);
			assert_int_equal(isnan(got), isnan(want));
			if (!isnan(want))
				assert_near(got, want, 1e-3);
		}
	}
	csv_free_file(&ours);
	csv_free_file(&g);
	free(text);
	free(gtext);
	gs_single_free(&s);
	gs_table_free(t);
}

static void
test_csv_agrees_with_tracelens(void **state)
{
	(void)state;
	check_against(MI300_QWEN, GEMM_CSV("mi300", QWEN), 1);
	check_against(H100_QWEN, GEMM_CSV("h100", QWEN), 1);
	check_against(MI300_BERT, GEMM_CSV("mi300", BERT), 1);
	/* the CSV dialect: report GEMM.csv reproduces its own columns */
	check_against(GEMM_CSV("mi300", QWEN), GEMM_CSV("mi300", QWEN), 0);
	check_against(GEMM_CSV("h100", QWEN), GEMM_CSV("h100", QWEN), 0);
}

/* ---- per-pair explanation */

/* BLAS 10240x2048x2048 bf16 on 304 CUs: MT256x64 is efficiency.md §4.1
 * row 1 (1280 tiles, 5 waves, dim_eff 0.842105); MT256x128 gives 640
 * tiles in 3 waves, dim_eff 640 / (3 * 304). */
static gs_table *
synthetic(const char *path, const char *kernel, double us)
{
	gs_table *t = gs_table_new(path);
	gs_shape key;
	gs_record *r;
	gs_error err;

	assert_non_null(t);
	assert_int_equal(gs_table_set_gpu(t, "AMD Instinct MI300X", 304), 0);
	gs_shape_init(&key);
	key.M = 10240;
	key.N = 2048;
	key.K = 2048;
	snprintf(key.dtype, sizeof key.dtype, "bf16");
	r = gs_table_get(t, &key, 2, &err);
	assert_non_null(r);
	assert_int_equal(gs_table_set_kernel(NULL, r, kernel), 0);
	assert_int_equal(gs_record_add_sample(r, us), 0);
	assert_int_equal(gs_table_finish(t, &err), 0);
	return t;
}

static const char K64[] = "Cijk_Ailk_Bljk_BBS_BH_MT256x64x64_MI16x16x16x1_SN_SK0_WG64_4_1";
static const char K128[] = "Cijk_Ailk_Bljk_BBS_BH_MT256x128x64_MI16x16x16x1_SN_SK0_WG64_4_1";

typedef struct pair_case {
	gs_table *b, *c;
	gs_compare cmp;
	gs_single sb, sc;
} pair_case;

static void
pair_open(pair_case *p, const char *kb, double tb, const char *kc, double tc, const char *gpu_c)
{
	gs_compare_opts o;
	gs_error err;

	p->b = synthetic("base.csv", kb, tb);
	p->c = synthetic("cand.csv", kc, tc);
	gs_compare_opts_default(&o);
	assert_int_equal(gs_compare_run(p->b, p->c, &o, &p->cmp, &err), 0);
	assert_int_equal(p->cmp.npairs, 1);
	run_single(p->b, NULL, &p->sb);
	run_single(p->c, gpu_c, &p->sc);
}

static void
pair_close(pair_case *p)
{
	gs_single_free(&p->sb);
	gs_single_free(&p->sc);
	gs_compare_free(&p->cmp);
	gs_table_free(p->b);
	gs_table_free(p->c);
}

static void
explain(pair_case *p, gs_effpair *e, char *buf, size_t size)
{
	const gs_pair *pr = &p->cmp.pairs[0];
	const gs_single_row *rb = gs_single_row_of(&p->sb, pr->base);
	const gs_single_row *rc = gs_single_row_of(&p->sc, pr->cand);

	assert_non_null(rb);
	assert_non_null(rc);
	gs_eff fb, fc;
	gs_effpair_side b = {rb, gs_single_eff(&p->sb, rb, &fb), p->sb.gpu};
	gs_effpair_side c = {rc, gs_single_eff(&p->sc, rc, &fc), p->sc.gpu};

	gs_effpair_compute(pr, &b, &c, e);
	gs_effpair_explain(pr, &b, &c, buf, size);
}

static void
test_effpair(void **state)
{
	pair_case p;
	gs_effpair e;
	char text[1024];

	(void)state;
	/* 20 % slower with a tile whose waves lose 1/6 of dim_eff */
	pair_open(&p, K64, 100, K128, 120, NULL);
	explain(&p, &e, text, sizeof text);
	assert_near(E(&p.sb, &p.sb.rows[0])->dim_eff, 0.842105, 5e-7);
	assert_near(E(&p.sc, &p.sc.rows[0])->dim_eff, 640.0 / (3 * 304), 1e-12);
	assert_near(e.dim_ratio, 1.2, 1e-9);
	assert_near(e.slowdown, 1.2, 1e-12);
	assert_int_equal(e.same_gpu, 1);
	assert_int_equal(e.same_kernel, 0);
	assert_string_equal(e.cause, "quantisation");
	assert_non_null(strstr(text, "kernel changed (tensile 256\xc3\x97"
	                             "64 \xe2\x86\x92 tensile 256\xc3\x97"
	                             "128)"));
	assert_non_null(strstr(text, "dim_eff 0.842 \xe2\x86\x92 0.702 (waves 5 \xe2\x86\x92 3"));
	assert_non_null(strstr(text, "predicts 1.20\xc3\x97 of the measured 1.20\xc3\x97"));
	pair_close(&p);
	/* same kernel, 30 % slower: tiling explains nothing, the roofline does */
	pair_open(&p, K64, 100, K64, 130, NULL);
	explain(&p, &e, text, sizeof text);
	assert_near(e.dim_ratio, 1.0, 1e-12);
	assert_near(e.roof_ratio, 1.3, 1e-9);
	assert_string_equal(e.cause, "roofline");
	assert_non_null(strstr(text, "same kernel"));
	assert_non_null(strstr(text, "not quantisation"));
	pair_close(&p);
	/* a different GPU on the candidate side */
	pair_open(&p, K64, 100, K64, 130, "h100");
	explain(&p, &e, text, sizeof text);
	assert_int_equal(e.same_gpu, 0);
	assert_string_equal(e.cause, "gpu");
	assert_non_null(strstr(text, "different GPUs (MI300X \xe2\x86\x92 H100)"));
	pair_close(&p);
}

/* Two rocprof runs compare kernel by kernel: the tiles are the names',
 * and the reading says why quantisation is not compared (not "tile
 * unknown"). */
static void
test_effpair_kernel_keyed(void **state)
{
	pair_case p;
	gs_compare_opts o;
	gs_effpair e;
	gs_error err;
	char text[1024];

	(void)state;
	memset(&p, 0, sizeof p);
	p.b = load("tests/data/trace/rocprof/kernel_trace_v2.csv.gz");
	p.c = load("tests/data/trace/rocprof/kernel_trace_v1.csv");
	gs_compare_opts_default(&o);
	assert_int_equal(gs_compare_run(p.b, p.c, &o, &p.cmp, &err), 0);
	assert_int_equal(p.cmp.npairs, 2);
	run_single(p.b, "mi350x", &p.sb);
	run_single(p.c, "mi350x", &p.sc);
	explain(&p, &e, text, sizeof text);
	assert_true(gs_single_tile_of(&p.sb.rows[0])->tile_m > 0);
	assert_int_equal(e.same_kernel, 1);
	assert_non_null(
	        strstr(text, "quantisation not computed (keyed by kernel name: no M, N, K)"));
	assert_null(strstr(text, "tile unknown"));
	pair_close(&p);
}

/* ---- GPU choice */

static void
test_gpu_choice(void **state)
{
	gs_table *t = load(MI300_QWEN), *csv = load(GEMM_CSV("mi300", QWEN));
	gs_table *a100 = load(A100_TRACE), *h100 = load(H100_QWEN);
	gs_gpu_choice c;
	gs_single s;
	gs_error err;
	gs_cli cli;

	(void)state;
	gs_cli_init(&cli);
	assert_int_equal(gs_cli_gpu(&cli, -1, t, &c, &err), 0);
	assert_string_equal(c.gpu->name, "MI300X");
	assert_string_equal(c.from, "the input");
	assert_string_equal(c.why, "MI300X: the name \"AMD Instinct MI300X VF\" names this board.");
	assert_int_equal(gs_cli_gpu(&cli, -1, csv, &c, &err), 0);
	assert_null(c.gpu);
	assert_null(c.from);
	assert_string_equal(c.why, "");
	/* issue 12: 42.5 GB of totalGlobalMem is the 40 GB board, 1.555 TB/s */
	assert_int_equal(gs_cli_gpu(&cli, -1, a100, &c, &err), 0);
	assert_string_equal(c.gpu->name, "A100-40GB");
	assert_near(c.gpu->bw_tbs.v, 1.555, 0);
	assert_string_equal(c.why, "A100-40GB: the input's memory 42.5 GB is closest to 40 GB.");
	/* its 108 SMs are still the input's: the two boards are one chip */
	assert_int_equal(gs_single_run(a100, c.gpu, NULL, &s, &err), 0);
	assert_int_equal(s.cus_from_input, 1);
	assert_near(s.roof_bw_tbs, 1.555, 0);
	gs_single_free(&s);
	cli.gpu = "h100";
	assert_int_equal(gs_cli_gpu(&cli, -1, t, &c, &err), 0);
	assert_ptr_equal(c.gpu, &c.store);
	assert_string_equal(c.gpu->name, "H100");
	assert_string_equal(c.from, "--gpu");
	assert_string_equal(c.why, "");
	/* a GPU per side: --gpu-cand overrides --gpu for the candidate only */
	cli.gpu_side[1] = "mi300x";
	assert_int_equal(gs_cli_gpu(&cli, 1, h100, &c, &err), 0);
	assert_string_equal(c.gpu->name, "MI300X");
	assert_string_equal(c.from, "--gpu-cand");
	assert_int_equal(gs_cli_gpu(&cli, 0, t, &c, &err), 0);
	assert_string_equal(c.gpu->name, "H100");
	assert_string_equal(c.from, "--gpu");
	cli.gpu = NULL;
	assert_int_equal(gs_cli_gpu(&cli, 0, h100, &c, &err), 0);
	assert_string_equal(c.gpu->name, "H100");
	assert_string_equal(c.from, "the input");
	cli.gpu = "no-such-gpu";
	gs_error_clear(&err);
	assert_int_equal(gs_cli_gpu(&cli, -1, t, &c, &err), -1);
	assert_non_null(strstr(err.msg, "unknown GPU"));
	gs_table_free(t);
	gs_table_free(csv);
	gs_table_free(a100);
	gs_table_free(h100);
}

/* ---- figures */

static const gs_report_plot *
plot_id(const gs_report_plot *p, size_t n, const char *id)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(p[i].id, id) == 0)
			return &p[i];
	return NULL;
}

static void
test_figures_single(void **state)
{
	gs_table *t = load(MI300_QWEN);
	const gs_report_plot *roof, *grid;
	gs_report_plot *plots;
	gs_plot_tiles info;
	gs_error err;
	gs_single s;
	size_t n;

	(void)state;
	run_single(t, NULL, &s);
	assert_int_equal(gs_figures_single(&s, srcdir(), &plots, &n, &err), 0);
	assert_int_equal(n, 5); /* the roofline and the top 4 tile grids */
	roof = plot_id(plots, n, "roofline");
	assert_non_null(roof);
	assert_non_null(roof->svg);
	assert_int_equal(gs_plot_npoints(roof->plot), 5);
	/* one compute roof per dtype class, in table order: the f32 bmm comes
	 * first (MI300X f32 matrix 163.4 TFLOP/s), then bf16 (1307.4) */
	assert_near(gs_plot_ridge(roof->plot, 0), 163.4 / 5.3, 0.005);
	assert_near(gs_plot_ridge(roof->plot, 1), 1307.4 / 5.3, 0.005);
	assert_true(isnan(gs_plot_ridge(roof->plot, 2)));
	/* #1 by time is the mm of §4.1 row 4: 22 x 40 tiles, 3 waves */
	grid = plot_id(plots, n, "tiles-1");
	assert_non_null(grid);
	assert_null(grid->place);
	assert_int_equal(gs_plot_tile_info(grid->plot, &info), 0);
	assert_int_equal(info.tiles_m, 22);
	assert_int_equal(info.tiles_n, 40);
	assert_int_equal(info.num_tiles, 880);
	assert_int_equal(info.waves, 3);
	assert_int_equal(info.last_wave_tiles, 272);
	assert_non_null(plot_id(plots, n, "tiles-4"));
	gs_figures_free(plots, n);
	gs_single_free(&s);
	gs_table_free(t);
}

/* H100 (baseline) against MI300X (candidate): every shape regresses. */
static void
test_figures_compare(void **state)
{
	gs_table *b = load(H100_QWEN), *c = load(MI300_QWEN);
	gs_report_plot *plots = NULL;
	const gs_report_plot *roof, *pb, *pc;
	gs_compare_opts o;
	gs_plot_tiles info;
	gs_single sb, sc;
	gs_compare cmp;
	gs_error err;
	size_t n = 0;

	(void)state;
	gs_compare_opts_default(&o);
	assert_int_equal(gs_compare_run(b, c, &o, &cmp, &err), 0);
	assert_int_equal(cmp.ntop_regressed, 5);
	run_single(b, NULL, &sb);
	run_single(c, NULL, &sc);
	assert_int_equal(gs_figures_efficiency(&cmp, &sb, &sc, srcdir(), &plots, &n, &err), 0);
	assert_int_equal(n, 1 + 2 * 4);
	roof = plot_id(plots, n, "roofline");
	assert_non_null(roof);
	/* 5 candidate points and 5 baseline points with arrows */
	assert_int_equal(gs_plot_npoints(roof->plot), 10);
	pb = plot_id(plots, n, "tiles-r1-base");
	pc = plot_id(plots, n, "tiles-r1-cand");
	assert_non_null(pb);
	assert_non_null(pc);
	assert_string_equal(pb->place, "efficiency");
	assert_string_equal(pc->place, "efficiency");
	assert_non_null(plot_id(plots, n, "tiles-r4-cand"));
	assert_null(plot_id(plots, n, "tiles-r5-base"));
	/* R2 is the mm 8944x2816x1024: H100 128x128 on 132 SMs, MI300X 128x224 */
	assert_int_equal(gs_plot_tile_info(plot_id(plots, n, "tiles-r2-cand")->plot, &info), 0);
	assert_int_equal(info.num_tiles, 880);
	assert_int_equal(gs_plot_tile_info(plot_id(plots, n, "tiles-r2-base")->plot, &info), 0);
	assert_int_equal(info.num_tiles, 22 * 70);
	assert_int_equal(info.waves, 12);
	gs_figures_free(plots, n);
	gs_single_free(&sb);
	gs_single_free(&sc);
	gs_compare_free(&cmp);
	gs_table_free(b);
	gs_table_free(c);
}

static int
teardown_all(void **state)
{
	(void)state;
	gs_plot_fini();
	return 0;
}

/* fp32 storage on TF32 tensor cores (issue 12): an A100 CUTLASS 2.x
 * tensorop_s1688 kernel at 60 TFLOP/s is 38 % of the 156 TFLOP/s TF32 roof,
 * where the 19.5 TFLOP/s FP32 roof would make it 308 %; the same time under
 * a SIMT sgemm name is faster than its own roof and is counted in
 * over_roof, never shown as a result. */
static gs_table *
fp32_table(const char *kernel, double us)
{
	gs_table *t = gs_table_new("a100.json");
	gs_shape key;
	gs_record *r;
	gs_error err;

	assert_non_null(t);
	assert_int_equal(gs_table_set_gpu(t, "NVIDIA A100-SXM4-80GB", 108), 0);
	gs_shape_init(&key);
	key.M = key.N = key.K = 4096;
	snprintf(key.dtype, sizeof key.dtype, "f32");
	r = gs_table_get(t, &key, 2, &err);
	assert_non_null(r);
	assert_int_equal(gs_table_set_kernel(NULL, r, kernel), 0);
	assert_int_equal(gs_record_add_sample(r, us), 0);
	assert_int_equal(gs_table_finish(t, &err), 0);
	return t;
}

static void
test_tf32_roof(void **state)
{
	const double us = 2.0 * 4096 * 4096 * 4096 / 60e12 * 1e6; /* 60 TFLOP/s */
	gs_table *tc = fp32_table("cutlass_80_tensorop_s1688gemm_128x128_16x3_tn_align4", us);
	gs_table *ts = fp32_table("ampere_sgemm_128x64_nn", us);
	gs_single sc, ss;

	(void)state;
	run_single(tc, NULL, &sc);
	run_single(ts, NULL, &ss);
	assert_string_equal(gs_single_math_dtype(&sc.rows[0]), "tf32");
	assert_string_equal(sc.rows[0].rec->shape.dtype, "f32");
	assert_near(gs_single_roof_tflops(&sc, &sc.rows[0]), 156, 1e-9);
	assert_near(E(&sc, &sc.rows[0])->peak_tflops, 156, 1e-9);
	assert_near(E(&sc, &sc.rows[0])->pct_roofline, 60.0 / 156 * 100, 1e-9);
	assert_int_equal(E(&sc, &sc.rows[0])->over_roof, 0);
	assert_int_equal(sc.s.math_differs, 1);
	assert_int_equal(sc.s.over_roof, 0);

	assert_string_equal(gs_single_math_dtype(&ss.rows[0]), "f32");
	assert_near(E(&ss, &ss.rows[0])->peak_tflops, 19.5, 1e-9);
	assert_near(E(&ss, &ss.rows[0])->pct_roofline, 60.0 / 19.5 * 100, 1e-9);
	assert_int_equal(E(&ss, &ss.rows[0])->over_roof, 1);
	assert_int_equal(ss.s.math_differs, 0);
	assert_int_equal(ss.s.over_roof, 1);
	gs_single_free(&sc);
	gs_single_free(&ss);
	gs_table_free(tc);
	gs_table_free(ts);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_mi300x_qwen),
	        cmocka_unit_test(test_pick_consistent),
	        cmocka_unit_test(test_extra_only_when_told),
	        cmocka_unit_test(test_bert_and_hta),
	        cmocka_unit_test(test_h100_occupancy),
	        cmocka_unit_test(test_rocprof_occupancy),
	        cmocka_unit_test(test_effpair_kernel_keyed),
	        cmocka_unit_test(test_no_gpu),
	        cmocka_unit_test(test_detail_only_when_needed),
	        cmocka_unit_test(test_csv_agrees_with_tracelens),
	        cmocka_unit_test(test_effpair),
	        cmocka_unit_test(test_gpu_choice),
	        cmocka_unit_test(test_figures_single),
	        cmocka_unit_test(test_figures_compare),
	        cmocka_unit_test(test_tf32_roof),
	};

	return cmocka_run_group_tests(tests, NULL, teardown_all);
}
