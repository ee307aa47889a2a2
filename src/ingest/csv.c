/* csv.c: benchmark CSVs into a gs_table (gs_csv_read, ingest.h).
 *
 * The header decides the dialect (reference/formats.md §1); columns are
 * matched by name, never by position, and --map FIELD=COLUMN overrides
 * any of them.  This file is the one place that knows which dialects
 * exist: their column names, how each header is recognised, and the
 * reader each one's rows go to (the table `dialects`), then the row loop
 * and the checks at the end of the input.  The readers (csv_plain.c,
 * csv_bench.c, csv_tensile.c) and what they share (csv_bind.c) never call
 * back into it. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "ingest/csv_read.h"
#include "ingest/csvrows.h"

typedef gs_csv_alias alias;

#define END \
	{ \
		GS_F__N, \
		{ \
			NULL \
		} \
	}

static const alias iree_cols[] = {
        {GS_F_M, {"M"}},
        {GS_F_N, {"N"}},
        {GS_F_K, {"K"}},
        {GS_F_DTYPE, {"dtype"}},
        {GS_F_TRANS_A, {"A", "tA"}},
        {GS_F_TRANS_B, {"B", "tB"}},
        {GS_F_TIME, {"mean_microseconds"}},
        {GS_F_TAG, {"tag"}},
        {GS_F_OK, {"ok"}},
        END,
};

static const alias hipblaslt_cols[] = {
        {GS_F_TRANS_A, {"transA"}},
        {GS_F_TRANS_B, {"transB"}},
        {GS_F_BATCH, {"batch_count"}},
        {GS_F_M, {"m"}},
        {GS_F_N, {"n"}},
        {GS_F_K, {"k"}},
        {GS_F_DTYPE, {"a_type", "d_type"}},
        {GS_F_BIAS, {"bias_vector"}},
        {GS_F_TIME, {"us"}},
        END,
};

static const alias rocblas_cols[] = {
        {GS_F_TRANS_A, {"transA"}},
        {GS_F_TRANS_B, {"transB"}},
        {GS_F_BATCH, {"batch_count"}},
        {GS_F_M, {"M"}},
        {GS_F_N, {"N"}},
        {GS_F_K, {"K"}},
        {GS_F_DTYPE, {"a_type", "compute_type", "precision"}},
        {GS_F_TIME, {"us"}},
        END,
};

static const alias tensile_cols[] = {
        {GS_F_M, {"SizeI"}},
        {GS_F_N, {"SizeJ"}},
        {GS_F_BATCH, {"SizeK"}},
        {GS_F_K, {"SizeL"}},
        {GS_F_TIME, {"WinnerTimeUS"}},
        {GS_F_KERNEL, {"WinnerName"}},
        END,
};

static const alias native_cols[] = {
        {GS_F_OP, {"op"}},
        {GS_F_BATCH, {"batch"}},
        {GS_F_M, {"M"}},
        {GS_F_N, {"N"}},
        {GS_F_K, {"K"}},
        {GS_F_DTYPE, {"dtype"}},
        {GS_F_TRANS_A, {"trans_a"}},
        {GS_F_TRANS_B, {"trans_b"}},
        {GS_F_BIAS, {"bias"}},
        {GS_F_TIME, {"time_us_median"}},
        {GS_F_TAG, {"tag"}},
        {GS_F_KERNEL, {"kernel"}},
        {GS_F_OK, {"ok"}},
        {GS_F_COUNT, {"count"}},
        {GS_F_SAMPLES, {"samples"}},
        {GS_F_TILE_M, {"tile_m"}},
        {GS_F_TILE_N, {"tile_n"}},
        {GS_F_TILE_K, {"tile_k"}},
        END,
};

static const alias tracelens_cols[] = {
        {GS_F_OP, {"name"}},
        {GS_F_BATCH, {"param: B"}},
        {GS_F_M, {"param: M"}},
        {GS_F_N, {"param: N"}},
        {GS_F_K, {"param: K"}},
        {GS_F_BIAS, {"param: bias"}},
        {GS_F_DTYPE, {"param: dtype_A_B"}},
        {GS_F_TRANS_A, {"param: transpose"}},
        {GS_F_TRANS_B, {"param: transpose"}},
        {GS_F_TIME, {"Kernel Time (\xc2\xb5s)_median", "Kernel Time (us)_median"}},
        {GS_F_COUNT, {"name_count"}},
        {GS_F_KERNEL, {"kernel_details__summarize_kernel_stats", "kernel_details"}},
        END,
};

/* CUTLASS profiler (csv_cutlass.c): dtype and transposes come from the A
 * and B tensor columns, which name more than one field each. */
static const alias cutlass_cols[] = {
        {GS_F_M, {"m"}},          {GS_F_N, {"n"}},
        {GS_F_K, {"k"}},          {GS_F_BATCH, {"batch_count"}},
        {GS_F_TIME, {"Runtime"}}, {GS_F_KERNEL, {"Operation"}},
        {GS_F_TILE_M, {"cta_m"}}, {GS_F_TILE_N, {"cta_n"}},
        {GS_F_TILE_K, {"cta_k"}}, END,
};

/* nvbench CSV (csv_nvbench.c): axes named M, N, K in any case; the other
 * axes are matched by nvbench.h. */
static const alias nvbench_cols[] = {
        {GS_F_M, {"M"}},           {GS_F_N, {"N"}},
        {GS_F_K, {"K"}},           {GS_F_TIME, {"GPU Time (sec)"}},
        {GS_F_COUNT, {"Samples"}}, END,
};

/* Any other CSV: the field names and common spellings; --map does the rest. */
static const alias generic_cols[] = {
        {GS_F_OP, {"op"}},
        {GS_F_BATCH, {"batch", "batch_count", "Batch Count"}},
        {GS_F_M, {"M"}},
        {GS_F_N, {"N"}},
        {GS_F_K, {"K"}},
        {GS_F_DTYPE, {"dtype", "a_type", "precision"}},
        {GS_F_TRANS_A, {"trans_a", "transA", "tA", "Transpose A"}},
        {GS_F_TRANS_B, {"trans_b", "transB", "tB", "Transpose B"}},
        {GS_F_BIAS, {"bias"}},
        {GS_F_TIME, {"time_us", "time_us_median", "us", "time"}},
        {GS_F_TAG, {"tag"}},
        {GS_F_KERNEL, {"kernel", "kernel_name"}},
        {GS_F_OK, {"ok"}},
        {GS_F_COUNT, {"count"}},
        {GS_F_SAMPLES, {"samples"}},
        {GS_F_TILE_M, {"tile_m"}},
        {GS_F_TILE_N, {"tile_n"}},
        {GS_F_TILE_K, {"tile_k"}},
        END,
};

static int
has(const char *const *row, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(row[i], name) == 0)
			return 1;
	return 0;
}

static int
sniff_native(const gs_csv_reader *r, const char *const *row, size_t n)
{
	(void)r;
	return has(row, n, "time_us_median");
}

static int
sniff_iree(const gs_csv_reader *r, const char *const *row, size_t n)
{
	(void)r;
	return has(row, n, "mean_microseconds");
}

static int
sniff_tracelens(const gs_csv_reader *r, const char *const *row, size_t n)
{
	(void)r;
	return has(row, n, "param: M") || has(row, n, "Kernel Time (\xc2\xb5s)_median");
}

static int
sniff_tensile(const gs_csv_reader *r, const char *const *row, size_t n)
{
	(void)r;
	return has(row, n, "SizeI") &&
	       (has(row, n, "SizeL") || (has(row, n, "SizeJ") && has(row, n, "SizeK")));
}

static int
sniff_hipblaslt(const gs_csv_reader *r, const char *const *row, size_t n)
{
	(void)r;
	return gs_csv_bench_header(row, n) == GS_CSV_HIPBLASLT;
}

static int
sniff_rocblas(const gs_csv_reader *r, const char *const *row, size_t n)
{
	(void)r;
	return gs_csv_bench_header(row, n) == GS_CSV_ROCBLAS;
}

static int
sniff_cutlass(const gs_csv_reader *r, const char *const *row, size_t n)
{
	(void)r;
	return has(row, n, "Problem") && has(row, n, "Provider") && has(row, n, "OperationKind") &&
	       has(row, n, "Operation") && has(row, n, "Disposition") && has(row, n, "Runtime");
}

static int
sniff_nvbench(const gs_csv_reader *r, const char *const *row, size_t n)
{
	(void)r;
	return has(row, n, "Benchmark") && has(row, n, "Device Name") && has(row, n, "Skipped");
}

static int sniff_mapped(const gs_csv_reader *r, const char *const *row, size_t n);

/* The dialects, in the order a first row is tried against them: the
 * first whose sniff matches reads the input. */
static const gs_csv_dialect_def dialects[] = {
        {GS_CSV_NATIVE, "gemmscope", native_cols, sniff_native, 0, NULL, gs_csv_plain_row, NULL},
        {GS_CSV_IREE, "iree-kernel-benchmark", iree_cols, sniff_iree, 0, NULL, gs_csv_plain_row,
         NULL},
        {GS_CSV_TRACELENS, "tracelens-gemm", tracelens_cols, sniff_tracelens, 0, NULL,
         gs_csv_plain_row, NULL},
        {GS_CSV_TENSILE, "tensile", tensile_cols, sniff_tensile, 0, gs_csv_tensile_columns,
         gs_csv_tensile_row, NULL},
        {GS_CSV_HIPBLASLT, "hipblaslt-bench", hipblaslt_cols, sniff_hipblaslt, 1, NULL,
         gs_csv_bench_row, gs_csv_bench_finish},
        {GS_CSV_ROCBLAS, "rocblas-bench", rocblas_cols, sniff_rocblas, 1, NULL, gs_csv_bench_row,
         gs_csv_bench_finish},
        {GS_CSV_CUTLASS, "cutlass-profiler", cutlass_cols, sniff_cutlass, 1, NULL,
         gs_csv_cutlass_row, gs_csv_cutlass_finish},
        {GS_CSV_NVBENCH, "nvbench-csv", nvbench_cols, sniff_nvbench, 0, NULL, gs_csv_nvbench_row,
         NULL},
        {GS_CSV_MAPPED, "csv", generic_cols, sniff_mapped, 0, NULL, gs_csv_plain_row, NULL},
};

enum { NDIALECTS = sizeof dialects / sizeof dialects[0], MAPPED = NDIALECTS - 1 };

/* Any other CSV whose header names M, N, K and a time under the generic
 * names or --map. */
static int
sniff_mapped(const gs_csv_reader *r, const char *const *row, size_t n)
{
	return gs_csv_header_binds(r, &dialects[MAPPED], row, n);
}

/* The first dialect whose header ROW is (only those that may follow log
 * lines when AFTER_LOG), or NULL. */
static const gs_csv_dialect_def *
detect(const gs_csv_reader *r, const char *const *row, size_t n, int after_log)
{
	for (size_t i = 0; i < NDIALECTS; i++)
		if ((!after_log || dialects[i].after_log) && dialects[i].sniff(r, row, n))
			return &dialects[i];
	return NULL;
}

static void
use(gs_csv_reader *r, const gs_csv_dialect_def *d)
{
	r->dia = d;
	r->d = d->id;
}

static int
start(gs_csv_reader *r, const gs_csv_dialect_def *d, long line, const char *const *row, size_t n,
      gs_error *err)
{
	use(r, d);
	if (gs_table_set_format(r->t, d->name) != 0)
		return gs_error_set(err, r->path, line, 0, "out of memory");
	if (gs_csv_bind_columns(r, line, row, n, err) != 0)
		return -1;
	if (d->bound && d->bound(r, err) != 0)
		return -1;
	return gs_csv_check_required(r, line, err);
}

/* Rows before the dialect is known: the first row is the header, unless
 * it is a log line before a hipblaslt-bench/rocblas-bench header. */
static int
find_header(gs_csv_reader *r, long line, const char *const *row, size_t n, gs_error *err)
{
	const gs_csv_dialect_def *d;

	if (r->first_line) {
		d = detect(r, row, n, 1);
		if (!d) {
			gs_csv_bench_note(r, row, n);
			r->nscan++;
			return 0;
		}
		r->t->skipped += r->nscan;
		return start(r, d, line, row, n, err);
	}
	r->first_line = line;
	r->first = gs_csv_copy_row(row, n, 0);
	if (!r->first)
		return gs_error_set(err, r->path, line, 0, "out of memory");
	r->nfirst = n;
	d = detect(r, row, n, 0);
	if (d)
		return start(r, d, line, row, n, err);
	gs_csv_bench_note(r, row, n);
	r->nscan = 1;
	return 0;
}

static int
on_row(void *ctx, long line, const char *const *row, const size_t *len, size_t n, gs_error *err)
{
	gs_csv_reader *r = ctx;

	(void)len;
	if (!r->dia)
		return find_header(r, line, row, n, err);
	return r->dia->row(r, line, row, n, err);
}

/* After the last row: the checks that need the whole input. */
static int
finish(gs_csv_reader *r, gs_error *err)
{
	if (!r->first_line)
		return gs_error_set(err, r->path, 1, 0, "empty input: no header row");
	if (!r->dia) {
		/* No header found: explain against the first row. */
		use(r, &dialects[MAPPED]);
		if (gs_csv_bind(r, r->first_line, (const char *const *)r->first, r->nfirst, err) !=
		    0)
			return -1;
		return gs_error_set(err, r->path, r->first_line, 0, "no data rows");
	}
	if (r->dia->finish && r->dia->finish(r, err) != 0)
		return -1;
	if (r->ndata == 0)
		return gs_error_set(err, r->path, r->first_line, 0,
		                    "no data rows after the header");
	if (r->t->n == 0)
		return gs_error_set(err, r->path, r->first_excl_line, 0,
		                    "all %zu data rows are excluded (this one: %s)", r->ndata,
		                    r->t->excl[0].reason);
	return 0;
}

static void
reader_free(gs_csv_reader *r)
{
	gs_csv_free_strings(r->first, r->nfirst);
	gs_csv_free_strings(r->hdr, r->ncols);
	for (size_t i = 0; i < r->npend; i++)
		free(r->pend[i].kernel);
	free(r->pend);
	free(r->xcol);
	free(r->xidx);
	free(r->sol);
	free(r->samp);
	free(r->keep);
}

/* 1 if the input's first row could be a CSV header: two fields or more
 * (a one-column CSV cannot name M, N, K and a time). */
static int
looks_tabular(const gs_csv_reader *r)
{
	return r->nfirst >= 2;
}

/* Replace ERR, an error met before any header was recognised in an input
 * whose first row is not even tabular (a README, a log), by what is true:
 * no known format.  The original message stays at the end. */
static void
not_recognised(const gs_csv_reader *r, gs_error *err)
{
	char was[sizeof err->msg];
	long line = err->line;

	snprintf(was, sizeof was, "%s", err->msg);
	gs_error_set(err, r->path, r->first_line ? r->first_line : 1, 0,
	             "format not recognised: not a benchmark CSV (no header of "
	             "iree-kernel-benchmark, hipblaslt-bench, rocblas-bench, Tensile, CUTLASS "
	             "profiler, nvbench or gemmscope's schema; a one-column first line), "
	             "oneDNN benchdnn perf lines, an Nsight Compute CSV, a PyTorch, rocprofv3 "
	             "or nvbench JSON, nor a rocpd database (read as CSV, line %ld: %s)",
	             line, was);
}

int
gs_csv_read(gs_input *in, const gs_ingest_opts *opts, gs_table *t, gs_error *err)
{
	static const gs_ingest_opts defaults;
	gs_csv_reader r;
	int rc;

	memset(&r, 0, sizeof r);
	r.path = in->path;
	r.opts = opts ? opts : &defaults;
	r.t = t;
	r.flops_col = -1;
	for (int f = 0; f < GS_F__N; f++)
		r.col[f] = -1;
	rc = gs_csv_rows(in, on_row, &r, err);
	if (rc == 0)
		rc = finish(&r, err);
	if (rc != 0 && !r.dia && !looks_tabular(&r))
		not_recognised(&r, err);
	reader_free(&r);
	return rc;
}
