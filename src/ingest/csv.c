/* csv.c: benchmark CSVs into a gs_table (gs_csv_read, ingest.h).
 *
 * The header decides the dialect (reference/formats.md §1); columns are
 * matched by name, never by position, and --map FIELD=COLUMN overrides
 * any of them.  This file holds detection, header binding, cell checks
 * and the commit of a row into the table; hipblaslt-bench/rocblas-bench
 * logs are in csv_bench.c and Tensile's one-column-per-solution layout in
 * csv_tensile.c. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ingest/csv_read.h"
#include "ingest/trace_shape.h"
#include "ingest/csv_value.h"
#include "ingest/csvrows.h"

typedef struct alias {
	gs_field f;
	const char *name[4];
} alias;

#define END {GS_F__N, {NULL}}

static const alias iree_cols[] = {
	{GS_F_M, {"M"}}, {GS_F_N, {"N"}}, {GS_F_K, {"K"}},
	{GS_F_DTYPE, {"dtype"}}, {GS_F_TRANS_A, {"A", "tA"}},
	{GS_F_TRANS_B, {"B", "tB"}}, {GS_F_TIME, {"mean_microseconds"}},
	{GS_F_TAG, {"tag"}}, {GS_F_OK, {"ok"}}, END,
};

static const alias hipblaslt_cols[] = {
	{GS_F_TRANS_A, {"transA"}}, {GS_F_TRANS_B, {"transB"}},
	{GS_F_BATCH, {"batch_count"}}, {GS_F_M, {"m"}}, {GS_F_N, {"n"}},
	{GS_F_K, {"k"}}, {GS_F_DTYPE, {"a_type", "d_type"}},
	{GS_F_BIAS, {"bias_vector"}}, {GS_F_TIME, {"us"}}, END,
};

static const alias rocblas_cols[] = {
	{GS_F_TRANS_A, {"transA"}}, {GS_F_TRANS_B, {"transB"}},
	{GS_F_BATCH, {"batch_count"}}, {GS_F_M, {"M"}}, {GS_F_N, {"N"}},
	{GS_F_K, {"K"}}, {GS_F_DTYPE, {"a_type", "compute_type", "precision"}},
	{GS_F_TIME, {"us"}}, END,
};

static const alias tensile_cols[] = {
	{GS_F_M, {"SizeI"}}, {GS_F_N, {"SizeJ"}}, {GS_F_BATCH, {"SizeK"}},
	{GS_F_K, {"SizeL"}}, {GS_F_TIME, {"WinnerTimeUS"}},
	{GS_F_KERNEL, {"WinnerName"}}, END,
};

static const alias native_cols[] = {
	{GS_F_OP, {"op"}}, {GS_F_BATCH, {"batch"}}, {GS_F_M, {"M"}},
	{GS_F_N, {"N"}}, {GS_F_K, {"K"}}, {GS_F_DTYPE, {"dtype"}},
	{GS_F_TRANS_A, {"trans_a"}}, {GS_F_TRANS_B, {"trans_b"}},
	{GS_F_BIAS, {"bias"}}, {GS_F_TIME, {"time_us_median"}},
	{GS_F_TAG, {"tag"}}, {GS_F_KERNEL, {"kernel"}}, {GS_F_OK, {"ok"}},
	{GS_F_COUNT, {"count"}}, {GS_F_SAMPLES, {"samples"}},
	{GS_F_TILE_M, {"tile_m"}}, {GS_F_TILE_N, {"tile_n"}},
	{GS_F_TILE_K, {"tile_k"}}, END,
};

static const alias tracelens_cols[] = {
	{GS_F_OP, {"name"}}, {GS_F_BATCH, {"param: B"}}, {GS_F_M, {"param: M"}},
	{GS_F_N, {"param: N"}}, {GS_F_K, {"param: K"}},
	{GS_F_BIAS, {"param: bias"}}, {GS_F_DTYPE, {"param: dtype_A_B"}},
	{GS_F_TRANS_A, {"param: transpose"}}, {GS_F_TRANS_B, {"param: transpose"}},
	{GS_F_TIME, {"Kernel Time (\xc2\xb5s)_median", "Kernel Time (us)_median"}},
	{GS_F_COUNT, {"name_count"}},
	{GS_F_KERNEL, {"kernel_details__summarize_kernel_stats", "kernel_details"}},
	END,
};

/* Any other CSV: the field names and common spellings; --map does the rest. */
static const alias generic_cols[] = {
	{GS_F_OP, {"op"}}, {GS_F_BATCH, {"batch", "batch_count", "Batch Count"}},
	{GS_F_M, {"M"}}, {GS_F_N, {"N"}}, {GS_F_K, {"K"}},
	{GS_F_DTYPE, {"dtype", "a_type", "precision"}},
	{GS_F_TRANS_A, {"trans_a", "transA", "tA", "Transpose A"}},
	{GS_F_TRANS_B, {"trans_b", "transB", "tB", "Transpose B"}},
	{GS_F_BIAS, {"bias"}}, {GS_F_TIME, {"time_us", "time_us_median", "us", "time"}},
	{GS_F_TAG, {"tag"}}, {GS_F_KERNEL, {"kernel", "kernel_name"}},
	{GS_F_OK, {"ok"}}, {GS_F_COUNT, {"count"}}, {GS_F_SAMPLES, {"samples"}},
	{GS_F_TILE_M, {"tile_m"}}, {GS_F_TILE_N, {"tile_n"}},
	{GS_F_TILE_K, {"tile_k"}}, END,
};

static const struct {
	const char *name;
	const alias *cols;
} dialects[] = {
	[GS_CSV_UNKNOWN] = {"", generic_cols},
	[GS_CSV_IREE] = {"iree-kernel-benchmark", iree_cols},
	[GS_CSV_HIPBLASLT] = {"hipblaslt-bench", hipblaslt_cols},
	[GS_CSV_ROCBLAS] = {"rocblas-bench", rocblas_cols},
	[GS_CSV_TENSILE] = {"tensile", tensile_cols},
	[GS_CSV_NATIVE] = {"gemmscope", native_cols},
	[GS_CSV_TRACELENS] = {"tracelens-gemm", tracelens_cols},
	[GS_CSV_MAPPED] = {"csv", generic_cols},
};

/* Native-schema columns gemmscope writes but never reads back (derived
 * values, or compare --csv output): not extras. */
static const char *const native_output_only[] = {
	"time_us_mean", "time_us_min", "time_us_max", "time_us_std",
	"time_us_sum", "gflop", "mib", "flops_per_byte", "tflops", "tile_eff",
	"wq_eff", "dim_eff", "base_time_us_median", "speedup", "change_pct",
	"class", "p_value",
};

static int
has(const char *const *row, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(row[i], name) == 0)
			return 1;
	return 0;
}

/* The dialect a first row names, or GS_CSV_UNKNOWN. */
static gs_csv_dialect
detect(const char *const *row, size_t n)
{
	if (has(row, n, "time_us_median"))
		return GS_CSV_NATIVE;
	if (has(row, n, "mean_microseconds"))
		return GS_CSV_IREE;
	if (has(row, n, "param: M") || has(row, n, "Kernel Time (\xc2\xb5s)_median"))
		return GS_CSV_TRACELENS;
	if (has(row, n, "SizeI") && has(row, n, "SizeL"))
		return GS_CSV_TENSILE;
	return gs_csv_bench_header(row, n);
}

int
gs_csv_header_col(const gs_csv_reader *r, const char *name)
{
	for (size_t i = 0; i < r->ncols; i++)
		if (strcmp(r->hdr[i], name) == 0)
			return (int)i;
	for (size_t i = 0; i < r->ncols; i++)
		if (strcasecmp(r->hdr[i], name) == 0)
			return (int)i;
	return -1;
}

static void
free_strings(char **s, size_t n)
{
	for (size_t i = 0; s && i < n; i++)
		free(s[i]);
	free(s);
}

/* A copy of ROW; a hipblaslt "[3]:" prefix is dropped from its first
 * name when STRIP. */
static char **
copy_row(const char *const *row, size_t n, int strip)
{
	char **c = calloc(n ? n : 1, sizeof *c);

	if (!c)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		const char *s = row[i];
		if (i == 0 && strip && s[0] == '[' && strstr(s, "]:"))
			s = strstr(s, "]:") + 2;
		c[i] = strdup(s);
		if (!c[i]) {
			free_strings(c, i);
			return NULL;
		}
	}
	return c;
}

static int
bind_names(gs_csv_reader *r)
{
	const alias *a = dialects[r->d].cols;

	for (int f = 0; f < GS_F__N; f++)
		r->col[f] = -1;
	for (; a->f != GS_F__N; a++)
		for (int i = 0; i < 4 && a->name[i] && r->col[a->f] < 0; i++)
			r->col[a->f] = gs_csv_header_col(r, a->name[i]);
	return 0;
}

static int
bind_map(gs_csv_reader *r, long line, gs_error *err)
{
	for (int f = 0; f < GS_F__N; f++) {
		const char *name = r->opts->map[f];
		if (!name)
			continue;
		r->col[f] = gs_csv_header_col(r, name);
		if (r->col[f] < 0)
			return gs_error_set(err, r->path, line, 0,
			                    "--map %s=%s: the header has no column '%s'",
			                    gs_field_name(f), name, name);
	}
	return 0;
}

/* 1 if required field F has no column.  A Tensile CSV without Winner
 * columns takes its time from TotalFlops and the best solution. */
static int
missing(const gs_csv_reader *r, gs_field f)
{
	if (r->col[f] >= 0)
		return 0;
	return !(f == GS_F_TIME && r->d == GS_CSV_TENSILE && r->flops_col >= 0 &&
	         r->nsol > 0);
}

/* An error naming the required fields without a column ("M, K and time"). */
static int
check_required(const gs_csv_reader *r, long line, gs_error *err)
{
	static const gs_field req[] = {GS_F_M, GS_F_N, GS_F_K, GS_F_TIME};
	char list[64] = "";
	size_t nmiss = 0, k = 0;

	for (size_t i = 0; i < 4; i++)
		nmiss += missing(r, req[i]);
	if (nmiss == 0)
		return 0;
	for (size_t i = 0; i < 4; i++) {
		if (!missing(r, req[i]))
			continue;
		k++;
		strcat(list, k == 1 ? "" : k == nmiss ? " and " : ", ");
		strcat(list, gs_field_name(req[i]));
	}
	return gs_error_set(err, r->path, line, 0,
	                    "%s header: no column for %s; name %s with --map FIELD=COLUMN",
	                    r->d == GS_CSV_MAPPED ? "unknown CSV" : dialects[r->d].name,
	                    list, nmiss == 1 ? "it" : "them");
}

int
gs_csv_bind(gs_csv_reader *r, long line, const char *const *row, size_t n,
            gs_error *err)
{
	char **hdr = copy_row(row, n, r->d == GS_CSV_HIPBLASLT);

	if (!hdr)
		return gs_error_set(err, r->path, line, 0, "out of memory");
	free_strings(r->hdr, r->ncols);
	r->hdr = hdr;
	r->ncols = n;
	r->header_line = line;
	bind_names(r);
	if (bind_map(r, line, err) != 0)
		return -1;
	if (r->d == GS_CSV_TENSILE && gs_csv_tensile_columns(r, err) != 0)
		return -1;
	return check_required(r, line, err);
}

int
gs_csv_ragged(const gs_csv_reader *r, long line, size_t n, gs_error *err)
{
	size_t col = (n < r->ncols ? n : r->ncols) + 1;

	return gs_error_set(err, r->path, line, (long)col,
	                    "row has %zu fields but the header (line %ld) has %zu",
	                    n, r->header_line, r->ncols);
}

static int
cell_error(const gs_csv_reader *r, long line, int col, const char *what,
           const char *cell, gs_error *err)
{
	return gs_error_set(err, r->path, line, col + 1, "%s '%.80s'", what, cell);
}

static int
parse_dim(const gs_csv_reader *r, long line, const char *const *row,
          gs_field f, long *out, gs_error *err)
{
	int c = r->col[f];
	int rc;

	if (c < 0)
		return 0;
	if (f == GS_F_BATCH && !row[c][0])
		return 0; /* empty: batch 1 */
	rc = gs_csv_count(row[c], out);
	if (rc == -1)
		return gs_error_set(err, r->path, line, c + 1,
		                    "%s is not a whole number: '%.80s'", gs_field_name(f), row[c]);
	if (rc == -2)
		return gs_error_set(err, r->path, line, c + 1,
		                    "%s must be at least 1, got %ld", gs_field_name(f), *out);
	return 0;
}

static int
parse_flags(const gs_csv_reader *r, long line, const char *const *row,
            gs_shape *key, gs_error *err)
{
	int c;

	if ((c = r->col[GS_F_DTYPE]) >= 0 && gs_csv_dtype(row[c], key->dtype) != 0)
		return cell_error(r, line, c, "unknown dtype", row[c], err);
	if ((c = r->col[GS_F_TRANS_A]) >= 0 && row[c][0] &&
	    gs_csv_trans(row[c], 0, &key->trans_a) != 0)
		return cell_error(r, line, c, "trans_a is not N or T:", row[c], err);
	if ((c = r->col[GS_F_TRANS_B]) >= 0 && row[c][0] &&
	    gs_csv_trans(row[c], 1, &key->trans_b) != 0)
		return cell_error(r, line, c, "trans_b is not N or T:", row[c], err);
	if ((c = r->col[GS_F_BIAS]) >= 0 && row[c][0] &&
	    gs_csv_bool(row[c], &key->bias) != 0)
		return cell_error(r, line, c, "bias is not True/False or 1/0:", row[c], err);
	return 0;
}

/* The last two integers of a Python tuple cell such as "(1024, 1)" or
 * "(32, 1, 1)": a matrix's row and column strides.  -1 if there are fewer. */
static int
last_two_strides(const char *s, long long st[2])
{
	long long v[2];
	size_t n = 0;
	char *end;

	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			continue;
		v[n % 2] = strtoll(s, &end, 10);
		n++;
		s = end - 1;
	}
	if (n < 2)
		return -1;
	st[0] = v[n % 2];
	st[1] = v[(n + 1) % 2];
	return 0;
}

/* TraceLens writes `param: transpose` only for kernel names it can parse
 * (not for cuBLAS xmma, the H100 file), but always the operand strides:
 * derive the BLAS flags from them as the trace reader does (BLAS A is
 * torch B: trans_a from torch B [K,N], trans_b from torch A [M,K]), so the
 * same GEMM keys alike from both GPUs' GEMM.csv. */
static void
tracelens_strides(const gs_csv_reader *r, const char *const *row, gs_shape *key)
{
	int ca = gs_csv_header_col(r, "param: stride_A");
	int cb = gs_csv_header_col(r, "param: stride_B");
	long long sa[2], sb[2];
	long long da[2] = {key->M, key->K}, db[2] = {key->K, key->N};

	if (r->d != GS_CSV_TRACELENS || r->col[GS_F_TRANS_A] >= 0 || ca < 0 || cb < 0 ||
	    last_two_strides(row[ca], sa) != 0 || last_two_strides(row[cb], sb) != 0)
		return;
	key->trans_b = gs_trace_matrix_trans(da, sa);
	key->trans_a = gs_trace_matrix_trans(db, sb);
}

int
gs_csv_parse_key(const gs_csv_reader *r, long line, const char *const *row,
                 gs_shape *key, gs_error *err)
{
	int c = r->col[GS_F_OP];

	gs_shape_init(key);
	if (parse_dim(r, line, row, GS_F_M, &key->M, err) ||
	    parse_dim(r, line, row, GS_F_N, &key->N, err) ||
	    parse_dim(r, line, row, GS_F_K, &key->K, err) ||
	    parse_dim(r, line, row, GS_F_BATCH, &key->batch, err))
		return -1;
	if (c >= 0)
		snprintf(key->op, sizeof key->op, "%s", row[c]);
	if (parse_flags(r, line, row, key, err) != 0)
		return -1;
	tracelens_strides(r, row, key);
	return 0;
}

int
gs_csv_parse_time(const gs_csv_reader *r, long line, int col, const char *s,
                  double *t, const char **why, gs_error *err)
{
	double v;

	if (gs_csv_number(s, &v) != 0)
		return cell_error(r, line, col, "time is not a number:", s, err);
	if (isnan(v)) {
		*why = "time is nan";
		return 0;
	}
	if (v < 0)
		return cell_error(r, line, col, "negative time:", s, err);
	if (v == 0)
		*why = "time is 0";
	else if (isinf(v))
		*why = "time is inf";
	*t = v;
	return 0;
}

static int
push_sample(gs_csv_reader *r, double v)
{
	if (r->nsamp == r->samp_cap) {
		size_t cap = r->samp_cap ? r->samp_cap * 2 : 16;
		double *s = realloc(r->samp, cap * sizeof *s);
		if (!s)
			return -1;
		r->samp = s;
		r->samp_cap = cap;
	}
	r->samp[r->nsamp++] = v;
	return 0;
}

/* The native `samples` cell "12.5;12.7;12.6" into r->samp. */
static int
parse_samples(gs_csv_reader *r, long line, int col, const char *s,
              gs_csv_row *v, gs_error *err)
{
	char tok[64];

	r->nsamp = 0;
	while (*s) {
		size_t n = strcspn(s, ";");
		double t = 0;
		snprintf(tok, sizeof tok, "%.*s", (int)(n < 63 ? n : 63), s);
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
parse_time_cols(gs_csv_reader *r, long line, const char *const *row,
                gs_csv_row *v, gs_error *err)
{
	int c = r->col[GS_F_SAMPLES];

	if (c >= 0 && row[c][0])
		return parse_samples(r, line, c, row[c], v, err);
	c = r->col[GS_F_TIME];
	return gs_csv_parse_time(r, line, c, row[c], &v->time, &v->why, err);
}

static int
parse_counts(const gs_csv_reader *r, long line, const char *const *row,
             gs_csv_row *v, gs_error *err)
{
	static const gs_field f[] = {GS_F_COUNT, GS_F_TILE_M, GS_F_TILE_N, GS_F_TILE_K};
	long out[4] = {0, 0, 0, 0};

	for (int i = 0; i < 4; i++) {
		int c = r->col[f[i]];
		if (c < 0 || !row[c][0])
			continue;
		if (gs_csv_count(row[c], &out[i]) != 0)
			return gs_error_set(err, r->path, line, c + 1,
			                    "%s is not a positive whole number: '%.80s'",
			                    gs_field_name(f[i]), row[c]);
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
parse_row(gs_csv_reader *r, long line, const char *const *row, gs_csv_row *v,
          gs_error *err)
{
	int c;

	memset(v, 0, sizeof *v);
	if (gs_csv_parse_key(r, line, row, &v->key, err) != 0)
		return -1;
	if ((c = r->col[GS_F_TAG]) >= 0)
		v->tag = row[c];
	if ((c = r->col[GS_F_KERNEL]) >= 0)
		v->kernel = kernel_cell(r, row[c]);
	if ((c = r->col[GS_F_OK]) >= 0 && row[c][0]) {
		int ok;
		if (gs_csv_bool(row[c], &ok) != 0)
			return cell_error(r, line, c, "ok is not True or False:", row[c], err);
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

static int
is_bound(const gs_csv_reader *r, size_t col)
{
	for (int f = 0; f < GS_F__N; f++)
		if (r->col[f] == (int)col)
			return 1;
	return 0;
}

/* Native schema: columns gemmscope does not know whose first value is a
 * number (hardware counters...) become table extras.  Called on the first
 * data row, before the first record exists. */
static int
declare_extras(gs_csv_reader *r, const char *const *row, gs_error *err)
{
	double v;

	r->extras_done = 1;
	r->xcol = malloc(r->ncols * sizeof *r->xcol);
	r->xidx = malloc(r->ncols * sizeof *r->xidx);
	if (!r->xcol || !r->xidx)
		return gs_error_set(err, r->path, 0, 0, "out of memory");
	for (size_t c = 0; c < r->ncols; c++) {
		if (is_bound(r, c) || is_output_only(r->hdr[c]) || !r->hdr[c][0] ||
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

static void
set_extras(const gs_csv_reader *r, gs_record *rec, const char *const *row)
{
	double v;

	for (size_t i = 0; row && i < r->nx; i++)
		if (isnan(rec->extra[r->xidx[i]]) && gs_csv_number(row[r->xcol[i]], &v) == 0)
			rec->extra[r->xidx[i]] = v;
}

static void
set_launch(gs_record *rec, const gs_csv_row *v)
{
	if (v->tile[0] && !rec->launch.tile_m)
		rec->launch.tile_m = v->tile[0];
	if (v->tile[1] && !rec->launch.tile_n)
		rec->launch.tile_n = v->tile[1];
	if (v->tile[2] && !rec->launch.tile_k)
		rec->launch.tile_k = v->tile[2];
}

static int
add_times(gs_csv_reader *r, gs_record *rec, const gs_csv_row *v)
{
	if (!v->use_samples)
		return gs_record_add_sample(rec, v->time);
	for (size_t i = 0; i < r->nsamp; i++)
		if (gs_record_add_sample(rec, r->samp[i]) != 0)
			return -1;
	return 0;
}

static const char *
nonempty(const char *s)
{
	return s && s[0] ? s : NULL;
}

int
gs_csv_commit(gs_csv_reader *r, long line, const gs_csv_row *v,
              const char *const *row, gs_error *err)
{
	char what[160];
	gs_record *rec;

	r->ndata++;
	if (v->why) {
		if (!r->first_excl_line)
			r->first_excl_line = line;
		gs_shape_format(&v->key, what, sizeof what);
		if (gs_table_exclude(r->t, line, what, v->why) != 0)
			return gs_error_set(err, r->path, line, 0, "out of memory");
		return 0;
	}
	rec = gs_table_get(r->t, &v->key, line, err);
	if (!rec)
		return -1;
	if (add_times(r, rec, v) != 0 ||
	    gs_record_set_string(&rec->tag, nonempty(v->tag)) != 0 ||
	    gs_record_set_string(&rec->kernel, nonempty(v->kernel)) != 0)
		return gs_error_set(err, r->path, line, 0, "out of memory");
	rec->t.count += v->count;
	set_launch(rec, v);
	set_extras(r, rec, row);
	return 0;
}

static int
plain_row(gs_csv_reader *r, long line, const char *const *row, size_t n,
          gs_error *err)
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

static int
start(gs_csv_reader *r, gs_csv_dialect d, long line, const char *const *row,
      size_t n, gs_error *err)
{
	r->d = d;
	if (gs_table_set_format(r->t, dialects[d].name) != 0)
		return gs_error_set(err, r->path, line, 0, "out of memory");
	return gs_csv_bind(r, line, row, n, err);
}

/* 1 if ROW names M, N, K and a time under the generic names or --map. */
static int
generic_header(gs_csv_reader *r, const char *const *row, size_t n)
{
	gs_csv_reader probe = *r;
	char **hdr = copy_row(row, n, 0);
	int ok;

	if (!hdr)
		return 0;
	probe.hdr = hdr;
	probe.ncols = n;
	probe.d = GS_CSV_MAPPED;
	bind_names(&probe);
	ok = bind_map(&probe, 0, NULL) == 0 && probe.col[GS_F_M] >= 0 &&
	     probe.col[GS_F_N] >= 0 && probe.col[GS_F_K] >= 0 &&
	     probe.col[GS_F_TIME] >= 0;
	free_strings(hdr, n);
	return ok;
}

/* Rows before the dialect is known: the first row is the header, unless
 * it is a log line before a hipblaslt-bench/rocblas-bench header. */
static int
find_header(gs_csv_reader *r, long line, const char *const *row, size_t n,
            gs_error *err)
{
	gs_csv_dialect d;

	if (r->first_line) {
		d = gs_csv_bench_header(row, n);
		if (d == GS_CSV_UNKNOWN) {
			gs_csv_bench_note(r, row[0]);
			r->nscan++;
			return 0;
		}
		r->t->skipped += r->nscan;
		return start(r, d, line, row, n, err);
	}
	r->first_line = line;
	r->first = copy_row(row, n, 0);
	if (!r->first)
		return gs_error_set(err, r->path, line, 0, "out of memory");
	r->nfirst = n;
	d = detect(row, n);
	if (d == GS_CSV_UNKNOWN && generic_header(r, row, n))
		d = GS_CSV_MAPPED;
	if (d != GS_CSV_UNKNOWN)
		return start(r, d, line, row, n, err);
	gs_csv_bench_note(r, row[0]);
	r->nscan = 1;
	return 0;
}

static int
on_row(void *ctx, long line, const char *const *row, const size_t *len,
       size_t n, gs_error *err)
{
	gs_csv_reader *r = ctx;

	(void)len;
	switch (r->d) {
	case GS_CSV_UNKNOWN:
		return find_header(r, line, row, n, err);
	case GS_CSV_HIPBLASLT:
	case GS_CSV_ROCBLAS:
		return gs_csv_bench_row(r, line, row, n, err);
	case GS_CSV_TENSILE:
		return gs_csv_tensile_row(r, line, row, n, err);
	default:
		return plain_row(r, line, row, n, err);
	}
}

/* After the last row: the checks that need the whole input. */
static int
finish(gs_csv_reader *r, gs_error *err)
{
	if (!r->first_line)
		return gs_error_set(err, r->path, 1, 0, "empty input: no header row");
	if (r->d == GS_CSV_UNKNOWN) {
		/* No header found: explain against the first row. */
		r->d = GS_CSV_MAPPED;
		if (gs_csv_bind(r, r->first_line, (const char *const *)r->first,
		                r->nfirst, err) != 0)
			return -1;
		return gs_error_set(err, r->path, r->first_line, 0, "no data rows");
	}
	if ((r->d == GS_CSV_HIPBLASLT || r->d == GS_CSV_ROCBLAS) &&
	    gs_csv_bench_finish(r, err) != 0)
		return -1;
	if (r->ndata == 0)
		return gs_error_set(err, r->path, r->first_line, 0,
		                    "no data rows after the header");
	if (r->t->n == 0)
		return gs_error_set(err, r->path, r->first_excl_line, 0,
		                    "all %zu data rows are excluded (this one: %s)",
		                    r->ndata, r->t->excl[0].reason);
	return 0;
}

static void
reader_free(gs_csv_reader *r)
{
	free_strings(r->first, r->nfirst);
	free_strings(r->hdr, r->ncols);
	for (size_t i = 0; i < r->npend; i++)
		free(r->pend[i].kernel);
	free(r->pend);
	free(r->xcol);
	free(r->xidx);
	free(r->sol);
	free(r->samp);
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
	reader_free(&r);
	return rc;
}
