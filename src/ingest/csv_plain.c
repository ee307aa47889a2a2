/* csv_plain.c: the dialects with one row per measurement
 * (iree-kernel-benchmark, gemmscope's native schema, TraceLens GEMM.csv,
 * --map'ed CSVs): key, tag, kernel, ok, counts, tile and the time (or the
 * native `samples` list) of each row, and the native schema's extra
 * numeric columns.  Registered in csv.c's dialect table. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/csv_read.h"
#include "ingest/csv_value.h"
#include "util/grow.h"

/* The most samples one `samples` cell may give. */
#define GS_CSV_MAX_SAMPLES ((size_t)1 << 24)

/* Native-schema columns gemmscope writes but never reads back (derived
 * values, or compare --csv output): not extras. */
static const char *const native_output_only[] = {
        "time_us_mean", "time_us_min", "time_us_max",         "time_us_std", "time_us_sum",
        "gflop",        "mib",         "flops_per_byte",      "tflops",      "tile_eff",
        "wq_eff",       "dim_eff",     "base_time_us_median", "speedup",     "change_pct",
        "class",        "p_value",
};

static int
push_sample(gs_csv_reader *r, double v)
{
	if (GS_GROW(r->samp, r->samp_cap, r->nsamp + 1, GS_CSV_MAX_SAMPLES) != 0)
		return -1;
	r->samp[r->nsamp++] = v;
	return 0;
}

/* The native `samples` cell "12.5;12.7;12.6" into r->samp. */
static int
parse_samples(gs_csv_reader *r, long line, int col, const char *s, gs_csv_row *v, gs_error *err)
{
	char tok[64];

	r->nsamp = 0;
	while (*s) {
		size_t n = strcspn(s, ";");
		double t = 0;
		size_t m = n < sizeof tok - 1 ? n : sizeof tok - 1;
		memcpy(tok, s, m); /* not snprintf: this runs for every sample */
		tok[m] = '\0';
		if (gs_csv_parse_time(r, line, col, tok, &t, &v->why, err) != 0)
			return -1;
		if (!v->why && push_sample(r, t) != 0)
			return gs_error_set(err, r->path, line, 0, "out of memory");
		s += n + (s[n] == ';');
	}
	v->use_samples = !v->why && r->nsamp > 0;
	return 0;
}

static int
parse_time_cols(gs_csv_reader *r, long line, const char *const *row, gs_csv_row *v, gs_error *err)
{
	int c = r->col[GS_F_SAMPLES];

	if (c >= 0 && row[c][0])
		return parse_samples(r, line, c, row[c], v, err);
	c = r->col[GS_F_TIME];
	return gs_csv_parse_time(r, line, c, row[c], &v->time, &v->why, err);
}

static int
parse_counts(const gs_csv_reader *r, long line, const char *const *row, gs_csv_row *v,
             gs_error *err)
{
	static const gs_field f[] = {GS_F_COUNT, GS_F_TILE_M, GS_F_TILE_N, GS_F_TILE_K};
	long out[4] = {0, 0, 0, 0};

	for (int i = 0; i < 4; i++) {
		int c = r->col[f[i]];
		if (c < 0 || !row[c][0])
			continue;
		int rc = gs_csv_count(row[c], &out[i]);
		if (rc != 0)
			return gs_error_set(err, r->path, line, c + 1,
			                    "%s is not a positive whole number%s: '%.80s'",
			                    gs_field_name(f[i]), rc == -3 ? " up to 2^53" : "",
			                    row[c]);
	}
	v->count = out[0];
	for (int i = 0; i < 3; i++)
		v->tile[i] = out[i + 1] > 65536 ? 0 : (int)out[i + 1];
	return 0;
}

static const char *
kernel_cell(gs_csv_reader *r, const char *s)
{
	if (s[0] == '[' && strstr(s, "'name'"))
		return gs_csv_pylist_kernel(s, r->kernel, sizeof r->kernel) == 0 ? r->kernel : NULL;
	return s;
}

/* A row of a dialect with one row per measurement into *V. */
static int
parse_row(gs_csv_reader *r, long line, const char *const *row, gs_csv_row *v, gs_error *err)
{
	int c;

	memset(v, 0, sizeof *v);
	if (gs_csv_parse_key(r, line, row, &v->key, err) != 0)
		return -1;
	/* the key's index slot comes from memory while the rest is parsed */
	gs_table_prefetch(r->t, &v->key);
	if ((c = r->col[GS_F_TAG]) >= 0)
		v->tag = row[c];
	if ((c = r->col[GS_F_KERNEL]) >= 0)
		v->kernel = kernel_cell(r, row[c]);
	if ((c = r->col[GS_F_OK]) >= 0 && row[c][0]) {
		int ok;
		if (gs_csv_bool(row[c], &ok) != 0)
			return gs_csv_cell_error(r, line, c, "ok is not True or False:", row[c],
			                         err);
		if (!ok) {
			v->why = "ok is False";
			return 0;
		}
	}
	if (parse_counts(r, line, row, v, err) != 0)
		return -1;
	return parse_time_cols(r, line, row, v, err);
}

static int
is_output_only(const char *name)
{
	for (size_t i = 0; i < sizeof native_output_only / sizeof *native_output_only; i++)
		if (strcmp(name, native_output_only[i]) == 0)
			return 1;
	return 0;
}

/* Native schema: columns gemmscope does not know whose first value is a
 * number (hardware counters...) become table extras.  Called on the first
 * data row, before the first record exists. */
/* The runner's "CUDA runtime 13000" / "HIP runtime 60443483" as a trace
 * states it ("CUDA 13.0", "HIP 6.4.43483"), so inputs of both kinds line
 * up; anything else as it is.  Returns BUF or S. */
static const char *
runtime_text(const char *s, char *buf, size_t size)
{
	long long v;
	char *end;

	if (strncmp(s, "CUDA runtime ", 13) == 0 || strncmp(s, "HIP runtime ", 12) == 0) {
		v = strtoll(strrchr(s, ' ') + 1, &end, 10);
		if (*end == 0 && v > 0)
			return s[0] == 'C' ? gs_env_version_cuda(v, "", buf, size)
			                   : gs_env_version_hip(v, "", buf, size);
	}
	return s;
}

/* gemmscope-bench's run columns (runner/benchout.h), equal on every row:
 * the first data row's become the environment (model/env.h). */
static int
run_env(gs_csv_reader *r, const char *const *row)
{
	static const struct {
		const char *col, *unit;
		gs_env_item k;
	} cols[] = {
	        {"gpu", NULL, GS_ENV_DEVICE},      {"arch", NULL, GS_ENV_ARCH},
	        {"cus", "", GS_ENV_CUS},           {"sclk_mhz", " MHz", GS_ENV_SCLK},
	        {"mclk_mhz", " MHz", GS_ENV_MCLK}, {"runtime", NULL, GS_ENV_RUNTIME},
	        {"library", NULL, GS_ENV_LIBRARY}, {"backend", NULL, GS_ENV_BACKEND},
	};
	char text[64];
	double v;

	for (size_t i = 0; i < sizeof cols / sizeof *cols; i++) {
		int c = gs_csv_header_col(r, cols[i].col);
		const char *s = c >= 0 ? row[c] : "";
		int rc;

		if (cols[i].k == GS_ENV_RUNTIME)
			rc = gs_table_set_env(r->t, cols[i].k, runtime_text(s, text, sizeof text),
			                      NAN);
		else if (!cols[i].unit)
			rc = gs_table_set_env(r->t, cols[i].k, s, NAN);
		else if (gs_csv_number(s, &v) == 0 && v > 0 && v < 1e7) {
			snprintf(text, sizeof text, "%.0f%s", v, cols[i].unit);
			rc = gs_table_set_env(r->t, cols[i].k, text, v);
		} else
			continue;
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* gemmscope-bench's run columns name the device: its `gpu` and `cus` on
 * the first data row become the table's GPU (as a trace's
 * deviceProperties do), unless something named one already.  Returns 0 or
 * -1 on out of memory. */
static int
run_gpu(gs_csv_reader *r, const char *const *row)
{
	int g = gs_csv_header_col(r, "gpu"), c = gs_csv_header_col(r, "cus");
	double cus = 0;

	if (run_env(r, row) != 0)
		return -1;
	if (r->t->gpu || g < 0 || !row[g][0])
		return 0;
	if (c >= 0 && (gs_csv_number(row[c], &cus) != 0 || !(cus >= 1 && cus <= 1e6)))
		cus = 0;
	return gs_table_set_gpu(r->t, row[g], (int)cus);
}

static int
declare_extras(gs_csv_reader *r, const char *const *row, gs_error *err)
{
	double v;

	r->extras_done = 1;
	if (run_gpu(r, row) != 0)
		return gs_error_set(err, r->path, 0, 0, "out of memory");
	r->xcol = malloc(r->ncols * sizeof *r->xcol);
	r->xidx = malloc(r->ncols * sizeof *r->xidx);
	if (!r->xcol || !r->xidx)
		return gs_error_set(err, r->path, 0, 0, "out of memory");
	for (size_t c = 0; c < r->ncols; c++) {
		if (gs_csv_col_bound(r, c) || is_output_only(r->hdr[c]) || !r->hdr[c][0] ||
		    (row[c][0] && gs_csv_number(row[c], &v) != 0))
			continue;
		int idx = gs_table_add_extra_name(r->t, r->hdr[c]);
		if (idx < 0)
			return gs_error_set(err, r->path, 0, 0, "out of memory");
		r->xcol[r->nx] = (int)c;
		r->xidx[r->nx++] = idx;
	}
	return 0;
}

int
gs_csv_plain_row(gs_csv_reader *r, long line, const char *const *row, size_t n, gs_error *err)
{
	gs_csv_row v;

	if (n != r->ncols)
		return gs_csv_ragged(r, line, n, err);
	if (parse_row(r, line, row, &v, err) != 0)
		return -1;
	if (r->d == GS_CSV_NATIVE && !r->extras_done && declare_extras(r, row, err) != 0)
		return -1;
	return gs_csv_commit(r, line, &v, row, err);
}
