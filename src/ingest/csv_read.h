/* csv_read.h: state shared by the benchmark-CSV dialect readers.  Internal
 * to src/ingest/; the public entry point is gs_csv_read() in ingest.h.
 *
 * Calls run one way only:
 *   csv.c (gs_csv_read: the dialect table, header detection, the row loop)
 *     -> csv_plain.c, csv_bench.c, csv_tensile.c (one reader per dialect,
 *        reached through the table's hooks)
 *     -> csv_bind.c (header binding, key and time cells, commit to the table)
 *     -> csv_value.c, fields.c, trace_shape.c, table.c
 * csv_bind.c calls no dialect, by name or through a hook: the hooks are
 * run by csv.c alone. */
#ifndef GS_CSV_READ_H
#define GS_CSV_READ_H

#include <stddef.h>

#include "ingest/ingest.h"

typedef enum gs_csv_dialect {
	GS_CSV_UNKNOWN,
	GS_CSV_IREE,
	GS_CSV_HIPBLASLT,
	GS_CSV_ROCBLAS,
	GS_CSV_TENSILE,
	GS_CSV_NATIVE,
	GS_CSV_TRACELENS,
	GS_CSV_MAPPED
} gs_csv_dialect;

/* The names a dialect gives field F (up to four spellings, NULL-ended). */
typedef struct gs_csv_alias {
	gs_field f;
	const char *name[4];
} gs_csv_alias;

struct gs_csv_reader;

/* One CSV dialect: registered once, in csv.c's table. */
typedef struct gs_csv_dialect_def {
	gs_csv_dialect id;
	const char *name; /* table format, e.g. "tensile" */
	const gs_csv_alias *cols; /* ended by {GS_F__N, {NULL}} */
	/* sniff: 1 if ROW (N fields) is this dialect's header */
	int (*sniff)(const struct gs_csv_reader *r, const char *const *row, size_t n);
	int after_log; /* the header may follow log lines */
	/* bound: run by csv.c after gs_csv_bind_columns() took the first
	 * header, before gs_csv_check_required(); NULL if none; 0 or -1 */
	int (*bound)(struct gs_csv_reader *r, gs_error *err);
	/* row: one row after the header; 0 or -1 with ERR */
	int (*row)(struct gs_csv_reader *r, long line, const char *const *row, size_t n,
	           gs_error *err);
	/* finish: at the end of the input, or NULL; 0 or -1 with ERR */
	int (*finish)(struct gs_csv_reader *r, gs_error *err);
} gs_csv_dialect_def;

/* One data row, parsed. */
typedef struct gs_csv_row {
	gs_shape key;
	double time; /* µs; unused when why != NULL or use_samples */
	const char *why; /* exclusion reason (static string), NULL = keep */
	const char *tag, *kernel; /* borrowed, NULL or "" if not given */
	long count; /* calls or rows aggregated, 0 = not given */
	int tile[3]; /* macro tile from columns, 0 = not given */
	int use_samples; /* the reader's samp[] holds the times */
} gs_csv_row;

/* A hipblaslt-bench / rocblas-bench result waiting for its kernel-name
 * lines, or for a Winner block that replaces it. */
typedef struct gs_csv_pending {
	gs_shape key;
	double time;
	const char *why;
	long line;
	char *kernel; /* owned, may be NULL */
	double solution; /* hipblaslt-bench "--Solution index:", NAN if none */
} gs_csv_pending;

typedef struct gs_csv_reader {
	const char *path;
	const gs_ingest_opts *opts;
	gs_table *t;
	gs_csv_dialect d;
	const gs_csv_dialect_def *dia; /* d's table entry, NULL before the header */
	long first_line; /* line of the first row, 0 before it */
	char **first; /* the first row, owned (for the error message) */
	size_t nfirst;
	size_t nscan; /* rows passed over looking for a bench header */
	char **hdr; /* current header names, owned */
	size_t ncols;
	long header_line;
	int col[GS_F__N]; /* column of each field, -1 = none */
	size_t ndata; /* data rows kept or excluded */
	long first_excl_line;
	/* native schema: extra numeric columns */
	int extras_done;
	int *xcol, *xidx; /* column and table extra index, nx of each */
	size_t nx;
	/* Tensile: TotalFlops and the per-solution GFLOPS columns */
	int flops_col;
	int *sol;
	size_t nsol;
	/* bench outputs */
	gs_csv_pending *pend;
	size_t npend, pend_cap;
	int pend_final; /* pend holds a winner: commit before the next row */
	int after_winner; /* the next value row is the winner */
	int sol_extra; /* hipblaslt-bench: 1 + the index of the table's
	                  "solution_index" extra column, declared at the
	                  first commit; 0 before */
	/* scratch */
	double *samp;
	size_t nsamp, samp_cap;
	char kernel[1024];
} gs_csv_reader;

/* ---- csv_bind.c: header binding, key and time cells, commit ---------- */

/* gs_csv_bind_columns: take ROW (N names, LINE) as the header of dialect
 * R->dia: copy the names (a hipblaslt "[0]:" prefix stripped) and find
 * each field's column from the dialect's names, then --map.  Returns 0,
 * or -1 with ERR (out of memory, a --map column the header lacks). */
int gs_csv_bind_columns(gs_csv_reader *r, long line, const char *const *row, size_t n,
                        gs_error *err);

/* gs_csv_check_required: 0 if R's bound header has columns for M, N, K
 * and a time (a Tensile header without Winner columns: TotalFlops and a
 * solution column), else -1 with ERR at LINE naming what is missing and
 * pointing to --map. */
int gs_csv_check_required(const gs_csv_reader *r, long line, gs_error *err);

/* gs_csv_bind: gs_csv_bind_columns then gs_csv_check_required, for a
 * header that needs no dialect step between them (a bench log's repeated
 * header; the first row explained when no header was found).  Returns 0,
 * or -1 with ERR. */
int gs_csv_bind(gs_csv_reader *r, long line, const char *const *row, size_t n, gs_error *err);

/* gs_csv_header_binds: 1 if ROW (N names) under dialect D's names and
 * --map (R->opts) gives columns for M, N, K and a time, else 0 (also on
 * out of memory).  R is not changed. */
int gs_csv_header_binds(const gs_csv_reader *r, const gs_csv_dialect_def *d, const char *const *row,
                        size_t n);

/* gs_csv_header_col: index of header column NAME (exact, then any case),
 * or -1. */
int gs_csv_header_col(const gs_csv_reader *r, const char *name);

/* gs_csv_col_bound: 1 if header column COL is bound to a field. */
int gs_csv_col_bound(const gs_csv_reader *r, size_t col);

/* gs_csv_copy_row: a copy of ROW (N strings, each strdup'ed; a hipblaslt
 * "[3]:" prefix dropped from the first when STRIP), freed with
 * gs_csv_free_strings.  NULL on out of memory. */
char **gs_csv_copy_row(const char *const *row, size_t n, int strip);

/* gs_csv_free_strings: free S[0..N) and S; NULL is fine. */
void gs_csv_free_strings(char **s, size_t n);

/* gs_csv_ragged: the error for a row of N fields under a header of
 * r->ncols.  Returns -1. */
int gs_csv_ragged(const gs_csv_reader *r, long line, size_t n, gs_error *err);

/* gs_csv_cell_error: ERR "WHAT 'CELL'" (cell cut at 80 bytes) at LINE,
 * column COL + 1.  Returns -1. */
int gs_csv_cell_error(const gs_csv_reader *r, long line, int col, const char *what,
                      const char *cell, gs_error *err);

/* gs_csv_parse_key: the shape key of ROW into *KEY: M, N, K (whole, >= 1),
 * batch, op, dtype, transposes, bias from their columns.  Returns 0, or -1
 * with ERR at LINE:COL. */
int gs_csv_parse_key(const gs_csv_reader *r, long line, const char *const *row, gs_shape *key,
                     gs_error *err);

/* gs_csv_parse_time: cell S of column COL as a time in µs into *T.  0, nan
 * and inf set *WHY (the row is excluded, not an error); a negative or
 * non-numeric cell is an error.  Returns 0, or -1 with ERR at LINE:COL+1. */
int gs_csv_parse_time(const gs_csv_reader *r, long line, int col, const char *s, double *t,
                      const char **why, gs_error *err);

/* gs_csv_commit: add row V (from input LINE) to the table: a sample of
 * its record (created if new), tag, kernel, count, tile, and the native
 * extras from ROW (may be NULL); or an exclusion when V->why is set.
 * Returns 0, or -1 with ERR (out of memory). */
int gs_csv_commit(gs_csv_reader *r, long line, const gs_csv_row *v, const char *const *row,
                  gs_error *err);

/* ---- the dialect readers, registered in csv.c's table ----------------- */

/* gs_csv_plain_row (csv_plain.c): one row of a dialect with one row per
 * measurement (iree-kernel-benchmark, the native schema, TraceLens
 * GEMM.csv, --map'ed CSVs).  Returns 0, or -1 with ERR. */
int gs_csv_plain_row(gs_csv_reader *r, long line, const char *const *row, size_t n, gs_error *err);

/* gs_csv_bench_header (csv_bench.c): GS_CSV_HIPBLASLT or GS_CSV_ROCBLAS if
 * ROW is a hipblaslt-bench or rocblas-bench result header, else
 * GS_CSV_UNKNOWN. */
gs_csv_dialect gs_csv_bench_header(const char *const *row, size_t n);

/* gs_csv_bench_note: take what a bench log line (ROW, N cells: the
 * banner's lines hold commas) tells of the environment (model/env.h): the
 * GPU from "Device ID 0 : AMD Instinct MI300X gfx942...", memory, clocks
 * and compute capability from "with 205.8 GB memory, max. SCLK ...", the
 * library from "hipBLASLt version: ..." and "hipBLASLt git version: ...".
 * Best effort: out of memory only loses the fact. */
void gs_csv_bench_note(gs_csv_reader *r, const char *const *row, size_t n);

/* gs_csv_bench_row / gs_csv_bench_finish: one row of hipblaslt-bench or
 * rocblas-bench output after its first header; the end of the input
 * (commits the last result).  Return 0, or -1 with ERR. */
int gs_csv_bench_row(gs_csv_reader *r, long line, const char *const *row, size_t n, gs_error *err);
int gs_csv_bench_finish(gs_csv_reader *r, gs_error *err);

/* gs_csv_tensile_columns (csv_tensile.c): after gs_csv_bind_columns() of
 * a Tensile header, find TotalFlops and the solution columns.  Returns 0, or -1 on
 * out of memory. */
int gs_csv_tensile_columns(gs_csv_reader *r, gs_error *err);

/* gs_csv_tensile_row: one Tensile benchmark row.  Returns 0 or -1. */
int gs_csv_tensile_row(gs_csv_reader *r, long line, const char *const *row, size_t n,
                       gs_error *err);

#endif
