/* csv_cutlass.c: CUTLASS profiler CSVs, as `cutlass_profiler
 * --output=FILE` writes them (FILE.gemm.csv) and as its console output
 * ends ("CSV Results:"): NVIDIA/cutlass tools/profiler/src/
 * performance_report.cpp, media/docs/cpp/profiler.md.
 *
 * The header is [--tags columns,]Problem,Provider,OperationKind,
 * Operation,Disposition,Status, one column per argument of the operation
 * (m, n, k, A, B, C, D, alpha, beta, split_k_mode, split_k_slices,
 * batch_count, ..., cta_m, cta_n, cta_k, cluster_*, stages, ...), then
 * Bytes,Flops,Flops/Byte,Runtime,GB/s,GFLOPs.  Runtime is in ms.  A
 * tensor argument reads "f16:column": the element type and the layout,
 * column-major being BLAS 'N' and row-major 'T' (CUTLASS's "tn" kernels
 * take A row-major, B column-major), so A gives dtype and trans_a, B
 * trans_b.  The CTA tile columns are the macro tile.
 *
 * One row per operation profiled on a problem (all of a problem's rows
 * come together, under one Problem index).  Like hipblaslt-bench's
 * solutions of one problem (csv_bench.c), the operations of one problem
 * are candidates: the fastest that passed stands for its shape key, the
 * others are skipped (t->skipped); a key none of whose operations passed
 * is excluded with the first one's reason.  The same key under another
 * Problem index (a re-run appended with --append) is another sample.
 * Rows of a provider other than the first row's (cuBLAS reference rows
 * beside CUTLASS's) are skipped: one input, one library; a file of
 * cuBLAS rows alone reads as cuBLAS, without kernel or tile (the CTA
 * columns describe the CUTLASS operation it mirrored). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ingest/csv_read.h"
#include "ingest/csv_value.h"
#include "ingest/units.h"

int
gs_csv_parse_time_scaled(const gs_csv_reader *r, long line, int col, const char *s, int e10,
                         double *t, const char **why, gs_error *err)
{
	double v;

	if (gs_csv_number(s, &v) != 0)
		return gs_csv_cell_error(r, line, col, "time is not a number:", s, err);
	if (isnan(v) || v == 0 || isinf(v)) {
		*why = isnan(v) ? "time is nan" : v == 0 ? "time is 0" : "time is inf";
		return 0;
	}
	if (v < 0)
		return gs_csv_cell_error(r, line, col, "negative time:", s, err);
	gs_number_e10(s, e10, &v);
	if (!gs_time_in_range(v))
		return gs_error_set(err, r->path, line, col + 1,
		                    "time %s us is outside the accepted range 1e-6 .. 1e12 us: "
		                    "'%.80s'",
		                    v < GS_TIME_MIN_US ? "below 1e-6" : "above 1e12", s);
	*t = v;
	return 0;
}

/* Cell NAME of ROW, "" when the header has no such column. */
static const char *
cell(const gs_csv_reader *r, const char *const *row, const char *name)
{
	int c = gs_csv_header_col(r, name);

	return c >= 0 ? row[c] : "";
}

/* Tensor argument column NAME ("f16:column") into *TRANS and, when DTYPE
 * is not NULL, the element type into DTYPE. */
static int
operand(const gs_csv_reader *r, long line, const char *const *row, const char *name,
        char dtype[GS_DTYPE_LEN], char *trans, gs_error *err)
{
	int c = gs_csv_header_col(r, name);
	const char *s, *colon;
	char type[GS_DTYPE_LEN + 8];

	if (c < 0 || !row[c][0])
		return 0;
	s = row[c];
	colon = strchr(s, ':');
	if (!colon)
		return gs_csv_cell_error(r, line, c, "tensor argument is not TYPE:LAYOUT:", s, err);
	if (strcasecmp(colon + 1, "column") == 0 || strcasecmp(colon + 1, "n") == 0)
		*trans = 'N';
	else if (strcasecmp(colon + 1, "row") == 0 || strcasecmp(colon + 1, "t") == 0)
		*trans = 'T';
	else
		return gs_csv_cell_error(r, line, c, "layout is neither column nor row:", s, err);
	snprintf(type, sizeof type, "%.*s", (int)(colon - s), s);
	if (dtype && gs_csv_dtype(type, dtype) != 0)
		return gs_csv_cell_error(r, line, c, "unknown element type", s, err);
	return 0;
}

/* The exclusion reason of a row whose Disposition or Status says it did
 * not run to a verified (or unverified) result; NULL if it did. */
static const char *
failed(const gs_csv_reader *r, const char *const *row)
{
	static const struct {
		const char *disp, *why;
	} known[] = {
	        {"failed", "Disposition failed"},
	        {"incorrect", "Disposition incorrect: the result did not verify"},
	        {"not_supported", "Disposition not_supported"},
	        {"not_run", "Disposition not_run"},
	        {"invalid_problem", "Disposition invalid_problem"},
	        {"invalid", "Disposition invalid"},
	};
	const char *d = cell(r, row, "Disposition"), *st = cell(r, row, "Status");

	if (strcasecmp(d, "passed") != 0 && strcasecmp(d, "not_verified") != 0) {
		for (size_t i = 0; i < sizeof known / sizeof *known; i++)
			if (strcasecmp(d, known[i].disp) == 0)
				return known[i].why;
		return "Disposition is neither passed nor not_verified";
	}
	return strcasecmp(st, "success") == 0 ? NULL : "Status is not success";
}

/* The macro tile from cta_m, cta_n, cta_k into V->tile. */
static int
tile(const gs_csv_reader *r, long line, const char *const *row, gs_csv_row *v, gs_error *err)
{
	static const gs_field f[3] = {GS_F_TILE_M, GS_F_TILE_N, GS_F_TILE_K};

	for (int i = 0; i < 3; i++) {
		int c = r->col[f[i]];
		long t = 0;
		if (c < 0 || !row[c][0])
			continue;
		if (gs_csv_count(row[c], &t) != 0)
			return gs_error_set(err, r->path, line, c + 1,
			                    "%s is not a positive whole number: '%.80s'", r->hdr[c],
			                    row[c]);
		v->tile[i] = t > 65536 ? 0 : (int)t;
	}
	return 0;
}

/* Row ROW (its provider's) as a candidate V. */
static int
candidate(gs_csv_reader *r, long line, const char *const *row, gs_csv_row *v, gs_error *err)
{
	int c = r->col[GS_F_TIME];

	memset(v, 0, sizeof *v);
	if (gs_csv_parse_key(r, line, row, &v->key, err) != 0 ||
	    operand(r, line, row, "A", v->key.dtype, &v->key.trans_a, err) != 0 ||
	    operand(r, line, row, "B", NULL, &v->key.trans_b, err) != 0)
		return -1;
	if (strcasecmp(r->keep, "CUTLASS") == 0) {
		if (tile(r, line, row, v, err) != 0)
			return -1;
		if (r->col[GS_F_KERNEL] >= 0)
			v->kernel = row[r->col[GS_F_KERNEL]];
	}
	v->why = failed(r, row);
	if (v->why)
		return 0;
	return gs_csv_parse_time_scaled(r, line, c, row[c], 3, &v->time, &v->why, err);
}

/* The pending entry of KEY in the current problem, or NULL. */
static gs_csv_pending *
pending_of(gs_csv_reader *r, const gs_shape *key)
{
	for (size_t i = 0; i < r->npend; i++)
		if (gs_shape_equal(&r->pend[i].key, key))
			return &r->pend[i];
	return NULL;
}

/* Offer candidate V (problem GROUP) against the pending entry of its key:
 * a passed row beats a failed one, a faster passed row a slower one; the
 * loser is skipped. */
static int
offer(gs_csv_reader *r, long line, long group, const gs_csv_row *v, gs_error *err)
{
	gs_csv_pending *p = pending_of(r, &v->key);
	char *kernel;

	if (!p) {
		p = gs_csv_pending_push(r, line, v, err);
		if (p)
			p->group = group;
		return p ? 0 : -1;
	}
	r->t->skipped++;
	if (v->why || (!p->why && p->time <= v->time))
		return 0;
	kernel = v->kernel && v->kernel[0] ? strdup(v->kernel) : NULL;
	if (v->kernel && v->kernel[0] && !kernel)
		return gs_error_set(err, r->path, line, 0, "out of memory");
	free(p->kernel);
	p->kernel = kernel;
	p->time = v->time;
	p->why = NULL;
	p->line = line;
	memcpy(p->tile, v->tile, sizeof p->tile);
	return 0;
}

/* The Problem index of ROW into *GROUP. */
static int
problem(const gs_csv_reader *r, long line, const char *const *row, long *group, gs_error *err)
{
	int c = gs_csv_header_col(r, "Problem");
	char *end;

	*group = c >= 0 ? strtol(row[c], &end, 10) : 0;
	if (c >= 0 && (!row[c][0] || *end || *group < 0))
		return gs_csv_cell_error(r, line, c, "Problem is not an index:", row[c], err);
	return 0;
}

int
gs_csv_cutlass_row(gs_csv_reader *r, long line, const char *const *row, size_t n, gs_error *err)
{
	const char *provider;
	gs_csv_row v;
	long group;

	if (n != r->ncols)
		return gs_csv_ragged(r, line, n, err);
	provider = cell(r, row, "Provider");
	if (!r->keep && !(r->keep = strdup(provider)))
		return gs_error_set(err, r->path, line, 0, "out of memory");
	if (strcmp(provider, r->keep) != 0) {
		r->t->skipped++;
		return 0;
	}
	if (problem(r, line, row, &group, err) != 0)
		return -1;
	if (r->npend && r->pend[0].group != group && gs_csv_pending_flush(r, err) != 0)
		return -1;
	if (candidate(r, line, row, &v, err) != 0)
		return -1;
	return offer(r, line, group, &v, err);
}

int
gs_csv_cutlass_finish(gs_csv_reader *r, gs_error *err)
{
	return gs_csv_pending_flush(r, err);
}
