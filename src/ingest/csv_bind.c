/* csv_bind.c: what every benchmark-CSV dialect shares (csv_read.h): a
 * header bound to the fields (the dialect's names, then --map), the shape
 * key and time cells of a row, and the commit of a row into the table.
 * Calls no dialect reader, by name or through a hook: a dialect's own
 * step after binding is run by csv.c. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ingest/csv_read.h"
#include "ingest/csv_value.h"
#include "ingest/trace_shape.h"
#include "util/intern.h"

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

void
gs_csv_free_strings(char **s, size_t n)
{
	for (size_t i = 0; s && i < n; i++)
		free(s[i]);
	free(s);
}

char **
gs_csv_copy_row(const char *const *row, size_t n, int strip)
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
			gs_csv_free_strings(c, i);
			return NULL;
		}
	}
	return c;
}

static int
bind_names(gs_csv_reader *r)
{
	const gs_csv_alias *a = r->dia->cols;

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
	return !(f == GS_F_TIME && r->d == GS_CSV_TENSILE && r->flops_col >= 0 && r->nsol > 0);
}

int
gs_csv_check_required(const gs_csv_reader *r, long line, gs_error *err)
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
	                    r->d == GS_CSV_MAPPED ? "unknown CSV" : r->dia->name, list,
	                    nmiss == 1 ? "it" : "them");
}

int
gs_csv_bind_columns(gs_csv_reader *r, long line, const char *const *row, size_t n, gs_error *err)
{
	char **hdr = gs_csv_copy_row(row, n, r->d == GS_CSV_HIPBLASLT);

	if (!hdr)
		return gs_error_set(err, r->path, line, 0, "out of memory");
	gs_csv_free_strings(r->hdr, r->ncols);
	r->hdr = hdr;
	r->ncols = n;
	r->header_line = line;
	bind_names(r);
	return bind_map(r, line, err);
}

int
gs_csv_bind(gs_csv_reader *r, long line, const char *const *row, size_t n, gs_error *err)
{
	if (gs_csv_bind_columns(r, line, row, n, err) != 0)
		return -1;
	return gs_csv_check_required(r, line, err);
}
int
gs_csv_header_binds(const gs_csv_reader *r, const gs_csv_dialect_def *d, const char *const *row,
                    size_t n)
{
	gs_csv_reader probe = *r;
	char **hdr = gs_csv_copy_row(row, n, 0);
	int ok;

	if (!hdr)
		return 0;
	probe.hdr = hdr;
	probe.ncols = n;
	probe.d = d->id;
	probe.dia = d;
	bind_names(&probe);
	ok = bind_map(&probe, 0, NULL) == 0 && probe.col[GS_F_M] >= 0 && probe.col[GS_F_N] >= 0 &&
	     probe.col[GS_F_K] >= 0 && probe.col[GS_F_TIME] >= 0;
	gs_csv_free_strings(hdr, n);
	return ok;
}

int
gs_csv_ragged(const gs_csv_reader *r, long line, size_t n, gs_error *err)
{
	size_t col = (n < r->ncols ? n : r->ncols) + 1;

	return gs_error_set(err, r->path, line, (long)col,
	                    "row has %zu fields but the header (line %ld) has %zu", n,
	                    r->header_line, r->ncols);
}

int
gs_csv_cell_error(const gs_csv_reader *r, long line, int col, const char *what, const char *cell,
                  gs_error *err)
{
	return gs_error_set(err, r->path, line, col + 1, "%s '%.80s'", what, cell);
}

static int
parse_dim(const gs_csv_reader *r, long line, const char *const *row, gs_field f, long *out,
          gs_error *err)
{
	int c = r->col[f];
	int rc;

	if (c < 0)
		return 0;
	if (f == GS_F_BATCH && !row[c][0])
		return 0; /* empty: batch 1 */
	rc = gs_csv_count(row[c], out);
	if (rc == -1)
		return gs_error_set(err, r->path, line, c + 1, "%s is not a whole number: '%.80s'",
		                    gs_field_name(f), row[c]);
	if (rc == -2)
		return gs_error_set(err, r->path, line, c + 1, "%s must be at least 1, got %ld",
		                    gs_field_name(f), *out);
	if (rc == -3)
		return gs_error_set(err, r->path, line, c + 1,
		                    "%s is above 2^53 "
		                    "(9007199254740992), the largest dimension accepted: "
		                    "'%.80s'",
		                    gs_field_name(f), row[c]);
	return 0;
}

static int
parse_flags(const gs_csv_reader *r, long line, const char *const *row, gs_shape *key, gs_error *err)
{
	int c, bias;

	if ((c = r->col[GS_F_DTYPE]) >= 0 && gs_csv_dtype(row[c], key->dtype) != 0)
		return gs_csv_cell_error(r, line, c, "unknown dtype", row[c], err);
	if ((c = r->col[GS_F_TRANS_A]) >= 0 && row[c][0] &&
	    gs_csv_trans(row[c], 0, &key->trans_a) != 0)
		return gs_csv_cell_error(r, line, c, "trans_a is not N or T:", row[c], err);
	if ((c = r->col[GS_F_TRANS_B]) >= 0 && row[c][0] &&
	    gs_csv_trans(row[c], 1, &key->trans_b) != 0)
		return gs_csv_cell_error(r, line, c, "trans_b is not N or T:", row[c], err);
	if ((c = r->col[GS_F_BIAS]) >= 0 && row[c][0]) {
		if (gs_csv_bool(row[c], &bias) != 0)
			return gs_csv_cell_error(r, line, c,
			                         "bias is not True/False or 1/0:", row[c], err);
		key->bias = (signed char)bias;
	}
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
	int ca, cb;
	long long sa[2], sb[2];
	long long da[2] = {key->M, key->K}, db[2] = {key->K, key->N};

	if (r->d != GS_CSV_TRACELENS || r->col[GS_F_TRANS_A] >= 0)
		return; /* before the header look-ups: this runs for every row */
	ca = gs_csv_header_col(r, "param: stride_A");
	cb = gs_csv_header_col(r, "param: stride_B");
	if (ca < 0 || cb < 0 || last_two_strides(row[ca], sa) != 0 ||
	    last_two_strides(row[cb], sb) != 0)
		return;
	key->trans_b = gs_trace_matrix_trans(da, sa);
	key->trans_a = gs_trace_matrix_trans(db, sb);
}

int
gs_csv_parse_key(const gs_csv_reader *r, long line, const char *const *row, gs_shape *key,
                 gs_error *err)
{
	int c = r->col[GS_F_OP];

	gs_shape_init(key);
	if (parse_dim(r, line, row, GS_F_M, &key->M, err) ||
	    parse_dim(r, line, row, GS_F_N, &key->N, err) ||
	    parse_dim(r, line, row, GS_F_K, &key->K, err) ||
	    parse_dim(r, line, row, GS_F_BATCH, &key->batch, err))
		return -1;
	if (c >= 0) { /* cut to fit a record's op; interned: the row's buffer is reused */
		char op[GS_OP_LEN];

		snprintf(op, sizeof op, "%s", row[c]);
		if (!(key->op = gs_intern(op)))
			return gs_error_set(err, r->path, line, 0, "out of memory");
	}
	if (parse_flags(r, line, row, key, err) != 0)
		return -1;
	tracelens_strides(r, row, key);
	return 0;
}

int
gs_csv_parse_time(const gs_csv_reader *r, long line, int col, const char *s, double *t,
                  const char **why, gs_error *err)
{
	double v;

	if (gs_csv_number(s, &v) != 0)
		return gs_csv_cell_error(r, line, col, "time is not a number:", s, err);
	if (isnan(v)) {
		*why = "time is nan";
		return 0;
	}
	if (v < 0)
		return gs_csv_cell_error(r, line, col, "negative time:", s, err);
	if (v == 0)
		*why = "time is 0";
	else if (isinf(v))
		*why = "time is inf";
	else if (!gs_time_in_range(v))
		return gs_error_set(err, r->path, line, col + 1,
		                    "time %s us is outside "
		                    "the accepted range 1e-6 .. 1e12 us: '%.80s'",
		                    v < GS_TIME_MIN_US ? "below 1e-6" : "above 1e12", s);
	*t = v;
	return 0;
}

int
gs_csv_col_bound(const gs_csv_reader *r, size_t col)
{
	for (int f = 0; f < GS_F__N; f++)
		if (r->col[f] == (int)col)
			return 1;
	return 0;
}

static void
set_extras(const gs_csv_reader *r, gs_record *rec, const char *const *row)
{
	double v;

	for (size_t i = 0; row && i < r->nx; i++)
		if (isnan(rec->more->extra[r->xidx[i]]) && gs_csv_number(row[r->xcol[i]], &v) == 0)
			rec->more->extra[r->xidx[i]] = v;
}

/* The tile columns of V into REC's launch (the first value seen kept).
 * Returns 0, or -1 on out of memory. */
static int
set_launch(gs_record *rec, const gs_csv_row *v)
{
	gs_launch *l;

	if (!v->tile[0] && !v->tile[1] && !v->tile[2])
		return 0;
	if (!(l = gs_record_launch(rec)))
		return -1;
	if (v->tile[0] && !l->tile_m)
		l->tile_m = v->tile[0];
	if (v->tile[1] && !l->tile_n)
		l->tile_n = v->tile[1];
	if (v->tile[2] && !l->tile_k)
		l->tile_k = v->tile[2];
	return 0;
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
gs_csv_commit(gs_csv_reader *r, long line, const gs_csv_row *v, const char *const *row,
              gs_error *err)
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
	if (add_times(r, rec, v) != 0 || gs_table_set_tag(r->t, rec, nonempty(v->tag)) != 0 ||
	    gs_table_set_kernel(r->t, rec, nonempty(v->kernel)) != 0)
		return gs_error_set(err, r->path, line, 0, "out of memory");
	rec->t.count += v->count;
	if (set_launch(rec, v) != 0)
		return gs_error_set(err, r->path, line, 0, "out of memory");
	set_extras(r, rec, row);
	return 0;
}
