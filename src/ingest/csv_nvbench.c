/* csv_nvbench.c: nvbench's CSV (`--csv FILE`; NVIDIA/nvbench
 * nvbench/csv_printer.cu): Benchmark,Device,Device Name, one column per
 * axis (a power-of-two axis twice: "X (pow2)" as 2^E and "X" plain),
 * Skipped (Yes/No), then one column per visible summary: "Samples", "CPU
 * Time (sec)", "Noise (%)", "GPU Time (sec)", ..., "Batch GPU (sec)".
 * M, N and K bind by name (csv.c), the other axes go through nvbench.h
 * as in the JSON, the time is "GPU Time (sec)" (the cold mean, seconds)
 * and the count the first "Samples" column (the cold samples'). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/csv_read.h"
#include "ingest/csv_value.h"
#include "ingest/nvbench.h"

/* 1 if header column C is the "X (pow2)" twin of axis X. */
static int
pow2_twin(const gs_csv_reader *r, int c)
{
	size_t n = strlen(r->hdr[c]);

	return n > 7 && strcmp(r->hdr[c] + n - 7, " (pow2)") == 0;
}

/* The axes of ROW that are not bound to a field: into KEY when they name
 * batch, dtype or transposes, else into the tag r->kernel (started with
 * the benchmark's name). */
static int
axes(gs_csv_reader *r, long line, const char *const *row, gs_shape *key, gs_error *err)
{
	int first = gs_csv_header_col(r, "Device Name") + 1, end = gs_csv_header_col(r, "Skipped");
	int b = gs_csv_header_col(r, "Benchmark");

	snprintf(r->kernel, sizeof r->kernel, "%s", b >= 0 ? row[b] : "");
	for (int c = first; c > 0 && c < end; c++) {
		int rc;
		if (gs_csv_col_bound(r, (size_t)c) || pow2_twin(r, c) || !row[c][0])
			continue; /* empty: an axis of another benchmark */
		rc = gs_nvbench_axis(key, r->hdr[c], row[c]);
		if (rc < 0)
			return gs_csv_cell_error(
			        r, line, c, "axis is not a positive whole number:", row[c], err);
		if (rc == 0)
			gs_nvbench_tag_add(r->kernel, sizeof r->kernel, r->hdr[c], row[c]);
	}
	return 0;
}

/* 1 if ROW ran on the input's device (the first row's, which names the
 * table's GPU), 0 if on another (skipped), -1 on out of memory. */
static int
first_device(gs_csv_reader *r, const char *const *row)
{
	int d = gs_csv_header_col(r, "Device"), name = gs_csv_header_col(r, "Device Name");
	const char *id = d >= 0 ? row[d] : "";

	if (r->keep)
		return strcmp(r->keep, id) == 0;
	if (!(r->keep = strdup(id)))
		return -1;
	if (name >= 0 && row[name][0] &&
	    (gs_table_set_gpu(r->t, row[name], 0) != 0 ||
	     gs_table_set_env(r->t, GS_ENV_DEVICE, row[name], NAN) != 0))
		return -1;
	return 1;
}

/* Time and sample count of a state that ran. */
static int
measured(gs_csv_reader *r, long line, const char *const *row, gs_csv_row *v, gs_error *err)
{
	int c = r->col[GS_F_TIME], s = r->col[GS_F_COUNT];

	if (s >= 0 && row[s][0] && gs_csv_count(row[s], &v->count) != 0)
		return gs_csv_cell_error(r, line, s,
		                         "Samples is not a positive whole number:", row[s], err);
	if (!row[c][0]) {
		v->why = "no GPU time";
		return 0;
	}
	return gs_csv_parse_time_scaled(r, line, c, row[c], 6, &v->time, &v->why, err);
}

/* 1 if ROW has M, N and K: a state of a benchmark that sweeps them (the
 * CSV's one table pads other benchmarks' rows with empty cells). */
static int
gemm_state(const gs_csv_reader *r, const char *const *row)
{
	return row[r->col[GS_F_M]][0] && row[r->col[GS_F_N]][0] && row[r->col[GS_F_K]][0];
}

/* Exclude ROW, a state without M, N, K, described by its tag. */
static int
not_gemm(gs_csv_reader *r, long line, const char *const *row, gs_error *err)
{
	gs_shape none;

	gs_shape_init(&none);
	if (axes(r, line, row, &none, err) != 0)
		return -1;
	r->ndata++;
	if (!r->first_excl_line)
		r->first_excl_line = line;
	if (gs_table_exclude(r->t, line, r->kernel, "no M, N and K axes: not a GEMM state") != 0)
		return gs_error_set(err, r->path, line, 0, "out of memory");
	return 0;
}

int
gs_csv_nvbench_row(gs_csv_reader *r, long line, const char *const *row, size_t n, gs_error *err)
{
	int skip = gs_csv_header_col(r, "Skipped"), rc;
	gs_csv_row v;

	if (n != r->ncols)
		return gs_csv_ragged(r, line, n, err);
	if ((rc = first_device(r, row)) <= 0) {
		r->t->skipped += rc == 0;
		return rc == 0 ? 0 : gs_error_set(err, r->path, line, 0, "out of memory");
	}
	memset(&v, 0, sizeof v);
	if (!gemm_state(r, row))
		return not_gemm(r, line, row, err);
	if (gs_csv_parse_key(r, line, row, &v.key, err) != 0 ||
	    axes(r, line, row, &v.key, err) != 0)
		return -1;
	v.tag = r->kernel;
	if (skip >= 0 && strcmp(row[skip], "No") != 0)
		v.why = "skipped by nvbench";
	else if (measured(r, line, row, &v, err) != 0)
		return -1;
	if (!v.why)
		v.why = gs_nvbench_clash(r->t, &v.key, v.tag);
	return gs_csv_commit(r, line, &v, NULL, err);
}
