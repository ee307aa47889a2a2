/* benchout.c: gemmscope-bench's results through the one native-schema
 * writer (render/native_csv.h), the run's columns appended by its hook. */
#include <math.h>
#include <stdlib.h>

#include "analysis/single.h"
#include "render/native_csv.h"
#include "runner/benchout.h"

/* The run's columns, equal on every row (gs_dev_info). */
static const char *const run_columns[] = {
        "sclk_mhz_samples",
        "mclk_mhz_samples",
        "temp_c_samples",
        "power_w_samples",
        "backend",
        "gpu",
        "arch",
        "cus",
        "sclk_mhz",
        "mclk_mhz",
        "runtime",
        "library",
        "clock_source",
};

enum { NRUN = sizeof run_columns / sizeof run_columns[0] };

typedef struct ext_ctx {
	const gs_table *t;
	const gs_benchout_meta *meta;
} ext_ctx;

/* A string cell: "" (unknown) is an empty field, as NULL is. */
static gs_csv_cell
str_cell(const char *s)
{
	return (gs_csv_cell){s, NAN};
}

/* A count cell: 0 (unknown) is an empty field. */
static gs_csv_cell
int_cell(long v)
{
	return (gs_csv_cell){NULL, v ? (double)v : NAN};
}

/* The extra columns of record R: the table's extra numbers, then the run. */
static void
run_cells(const void *ctx, const gs_record *r, size_t i, gs_csv_cell *cell)
{
	const ext_ctx *x = ctx;
	const gs_dev_info *d = x->meta->info;
	size_t n = x->t->nextra;

	for (size_t e = 0; e < n; e++)
		cell[e] = (gs_csv_cell){NULL, gs_record_extra(r)[e]};
	for (size_t f = 0; f < GS_BENCHOUT_CLOCKS; f++)
		cell[n++] = str_cell(x->meta->clocks && i < x->meta->nclocks ? x->meta->clocks[i][f]
		                                                             : NULL);
	cell[n + 0] = str_cell(x->meta->backend);
	cell[n + 1] = str_cell(d->name);
	cell[n + 2] = str_cell(d->arch);
	cell[n + 3] = int_cell(d->cus);
	cell[n + 4] = int_cell(d->sclk_mhz);
	cell[n + 5] = int_cell(d->mclk_mhz);
	cell[n + 6] = str_cell(d->runtime);
	cell[n + 7] = str_cell(d->blas);
	cell[n + 8] = str_cell(x->meta->clock_source);
}

/* Write T with the derived columns of REC (gs_single_records). */
static int
write_with(const gs_table *t, const gs_benchout_meta *meta, const gs_single *rec, FILE *out,
           gs_error *err)
{
	ext_ctx ctx = {t, meta};
	gs_native_csv_ext ext = {NULL, t->nextra + NRUN, run_cells, &ctx};
	const char **names;
	int rc;

	names = malloc(ext.n * sizeof *names);
	if (!names)
		return gs_error_set(err, t->path, 0, 0, "out of memory");
	for (size_t e = 0; e < t->nextra; e++)
		names[e] = t->extra_names[e];
	for (size_t e = 0; e < NRUN; e++)
		names[t->nextra + e] = run_columns[e];
	ext.names = names;
	rc = gs_native_csv_write_ext(rec, &ext, out, err);
	free(names);
	return rc;
}

int
gs_benchout_csv(const gs_table *t, const gs_benchout_meta *meta, FILE *out, gs_error *err)
{
	gs_single rec;
	int rc;

	if (gs_single_records(t, &rec, err) != 0) {
		gs_single_free(&rec);
		return -1;
	}
	rc = write_with(t, meta, &rec, out, err);
	gs_single_free(&rec);
	return rc;
}
