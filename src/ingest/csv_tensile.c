/* csv_tensile.c: Tensile / TensileLite benchmark CSVs (reference/formats.md
 * §1.4): one row per problem, one column per solution holding its GFLOPS
 * (-1 when validation failed).  SizeI = M, SizeJ = N, SizeK = batch,
 * SizeL = K; without SizeL (a non-batched problem) SizeK = K, batch 1.  The time is WinnerTimeUS when the CSV exports the winner,
 * else the best solution's TotalFlops / (GFLOPS * 1e3) µs; the kernel is
 * WinnerName or that solution's column name, and the kernel name gives
 * dtype and transposes (reference/kernel-names.md §2.1). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/csv_read.h"
#include "ingest/csv_value.h"

/* Columns that describe the problem or the winner, not a solution. */
static int
problem_column(const char *name)
{
	static const char *const names[] = {
	        "GFlops", "GFlopsPerCU", "TotalFlops", "TilesPerCu", "TotalGranularity",
	        "LDD",    "LDC",         "LDA",        "LDB",
	};

	if (strncmp(name, "Size", 4) == 0 || strncmp(name, "Winner", 6) == 0 || !name[0])
		return 1;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(name, names[i]) == 0)
			return 1;
	return 0;
}

int
gs_csv_tensile_columns(gs_csv_reader *r, gs_error *err)
{
	free(r->sol);
	r->nsol = 0;
	r->sol = malloc((r->ncols ? r->ncols : 1) * sizeof *r->sol);
	if (!r->sol)
		return gs_error_set(err, r->path, r->header_line, 0, "out of memory");
	/* A non-batched problem (Tensile's NumIndicesC 2) has no SizeL: its
	 * third index, SizeK, is the summation, i.e. K, and the batch is 1. */
	if (r->col[GS_F_K] < 0 && r->col[GS_F_BATCH] >= 0 &&
	    strcmp(r->hdr[r->col[GS_F_BATCH]], "SizeK") == 0) {
		r->col[GS_F_K] = r->col[GS_F_BATCH];
		r->col[GS_F_BATCH] = -1;
	}
	r->flops_col = gs_csv_header_col(r, "TotalFlops");
	for (size_t c = 0; c < r->ncols; c++)
		if (!problem_column(r->hdr[c]) && !gs_csv_col_bound(r, c))
			r->sol[r->nsol++] = (int)c;
	return 0;
}

/* GFLOPS of solution cell S: > 0 measured, 0 failed (-1, 0, nan, empty);
 * -1 with ERR for text or another negative number. */
static int
solution_gflops(const gs_csv_reader *r, long line, int col, const char *s, double *g, gs_error *err)
{
	*g = 0;
	if (!s[0])
		return 0;
	if (gs_csv_number(s, g) != 0)
		return gs_error_set(err, r->path, line, col + 1,
		                    "solution GFLOPS is not a number: '%.80s'", s);
	if (isnan(*g) || *g == -1 || *g == 0) {
		*g = 0;
		return 0;
	}
	if (*g < 0)
		return gs_error_set(
		        err, r->path, line, col + 1,
		        "negative solution GFLOPS (only -1 marks a failed solution): '%.80s'", s);
	return 0;
}

/* No Winner columns: the fastest valid solution. */
static int
best_solution(gs_csv_reader *r, long line, const char *const *row, gs_csv_row *v, gs_error *err)
{
	double flops, best = 0, g;
	int best_col = -1, fc = r->flops_col;

	if (gs_csv_number(row[fc], &flops) != 0 || !(flops > 0) || isinf(flops))
		return gs_error_set(err, r->path, line, fc + 1,
		                    "TotalFlops is not a positive number: '%.80s'", row[fc]);
	for (size_t i = 0; i < r->nsol; i++) {
		if (solution_gflops(r, line, r->sol[i], row[r->sol[i]], &g, err) != 0)
			return -1;
		if (g > best) {
			best = g;
			best_col = r->sol[i];
		}
	}
	if (best_col < 0) {
		v->why = "every solution failed validation (-1)";
		return 0;
	}
	v->time = flops / (best * 1e3); /* GFLOPS = flops / (t_us * 1e3) */
	v->kernel = r->hdr[best_col];
	return 0;
}

static int
winner(gs_csv_reader *r, long line, const char *const *row, gs_csv_row *v, gs_error *err)
{
	int c = r->col[GS_F_TIME];
	double t;

	if (r->col[GS_F_KERNEL] >= 0)
		v->kernel = row[r->col[GS_F_KERNEL]];
	if (gs_csv_number(row[c], &t) == 0 && t == -1) {
		v->why = "no valid solution (WinnerTimeUS -1)";
		return 0;
	}
	return gs_csv_parse_time(r, line, c, row[c], &v->time, &v->why, err);
}

/* dtype and transposes from the kernel name, where no column gives them. */
static void
kernel_key(const gs_csv_reader *r, const char *kernel, gs_shape *key)
{
	char dtype[GS_DTYPE_LEN] = "";
	char ta = key->trans_a, tb = key->trans_b;

	if (!gs_csv_tensile_info(kernel, dtype, &ta, &tb))
		return;
	if (r->col[GS_F_DTYPE] < 0 && dtype[0])
		memcpy(key->dtype, dtype, sizeof dtype);
	if (r->col[GS_F_TRANS_A] < 0)
		key->trans_a = ta;
	if (r->col[GS_F_TRANS_B] < 0)
		key->trans_b = tb;
}

int
gs_csv_tensile_row(gs_csv_reader *r, long line, const char *const *row, size_t n, gs_error *err)
{
	gs_csv_row v;

	if (n != r->ncols)
		return gs_csv_ragged(r, line, n, err);
	memset(&v, 0, sizeof v);
	if (gs_csv_parse_key(r, line, row, &v.key, err) != 0)
		return -1;
	if (r->col[GS_F_TIME] >= 0) {
		if (winner(r, line, row, &v, err) != 0)
			return -1;
	} else if (best_solution(r, line, row, &v, err) != 0) {
		return -1;
	}
	if (v.kernel)
		kernel_key(r, v.kernel, &v.key);
	return gs_csv_commit(r, line, &v, NULL, err);
}
