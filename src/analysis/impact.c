/* impact.c: a comparison weighted by a real workload's GEMM calls
 * (impact.h). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/impact.h"
#include "model/stats.h"

/* Formats whose M and N are PyTorch's row-major view (oneDNN's benchdnn
 * writes its matmul problems row-major too), and those in BLAS's
 * column-major one (the CUTLASS profiler's reader turns its layouts into
 * BLAS transposes).  Any other format says nothing. */
static const char *const row_formats[] = {"pytorch-trace", "tracelens-gemm", "onednn-benchdnn"};
static const char *const col_formats[] = {"rocblas-bench", "hipblaslt-bench", "tensile",
                                          "cutlass-profiler"};

static int
listed(const char *f, const char *const *list, size_t n)
{
	for (size_t i = 0; f && i < n; i++)
		if (strcmp(f, list[i]) == 0)
			return 1;
	return 0;
}

gs_view
gs_view_of(const gs_table *t)
{
	if (!t)
		return GS_VIEW_UNKNOWN;
	if (listed(t->format, row_formats, sizeof row_formats / sizeof *row_formats))
		return GS_VIEW_ROW_MAJOR;
	if (listed(t->format, col_formats, sizeof col_formats / sizeof *col_formats))
		return GS_VIEW_COL_MAJOR;
	return GS_VIEW_UNKNOWN;
}

const char *
gs_view_name(gs_view v)
{
	switch (v) {
	case GS_VIEW_ROW_MAJOR: return "row-major (PyTorch)";
	case GS_VIEW_COL_MAJOR: return "column-major (BLAS)";
	default: return "unknown";
	}
}

void
gs_impact_free(gs_impact *i)
{
	free(i->rows);
	free(i->top_lost);
	memset(i, 0, sizeof *i);
}

/* ---- the key rule ------------------------------------------------------- */

static const char *
match_rule(const gs_impact *out)
{
	if (out->work_view == GS_VIEW_UNKNOWN || out->bench_view == GS_VIEW_UNKNOWN)
		return "the workload's or the benchmark's view (row-major PyTorch or "
		       "column-major BLAS) is unknown from its format: keys matched as "
		       "given, M and N not swapped";
	if (out->work_view == out->bench_view)
		return out->work_view == GS_VIEW_ROW_MAJOR
		               ? "both in PyTorch's row-major view: keys matched as given"
		               : "both in BLAS's column-major view: keys matched as given";
	return "one side in PyTorch's row-major view, the other in BLAS's "
	       "column-major view: M and N swapped (BLAS M = PyTorch N), "
	       "transposes already in BLAS terms on both sides";
}

static void
choose_rule(gs_impact *out, const gs_compare *cmp)
{
	out->base_view = gs_view_of(cmp->base);
	out->cand_view = gs_view_of(cmp->cand);
	out->work_view = gs_view_of(out->work);
	out->bench_view = out->base_view != GS_VIEW_UNKNOWN ? out->base_view : out->cand_view;
	out->swapped = out->work_view != GS_VIEW_UNKNOWN && out->bench_view != GS_VIEW_UNKNOWN &&
	               out->work_view != out->bench_view;
	if (out->base_view != GS_VIEW_UNKNOWN && out->cand_view != GS_VIEW_UNKNOWN &&
	    out->base_view != out->cand_view)
		snprintf(out->rule, sizeof out->rule,
		         "the baseline (%s) and the candidate (%s) state M and N in different "
		         "views and the comparison paired them as stated; the workload is matched "
		         "against the baseline's keys: %s",
		         gs_view_name(out->base_view), gs_view_name(out->cand_view),
		         match_rule(out));
	else
		snprintf(out->rule, sizeof out->rule, "%s", match_rule(out));
}

/* ---- the index of pairs by key ------------------------------------------ */

/* One indexed pair: its key and its index in cmp->pairs. */
typedef struct ix_ent {
	const gs_shape *key;
	size_t i;
} ix_ent;

static int
key_cmp(const gs_shape *a, const gs_shape *b)
{
	int d = strcmp(a->dtype, b->dtype);

	if (d)
		return d;
	if (a->batch != b->batch)
		return a->batch < b->batch ? -1 : 1;
	if (a->M != b->M)
		return a->M < b->M ? -1 : 1;
	if (a->N != b->N)
		return a->N < b->N ? -1 : 1;
	if (a->K != b->K)
		return a->K < b->K ? -1 : 1;
	if (a->trans_a != b->trans_a)
		return a->trans_a < b->trans_a ? -1 : 1;
	if (a->trans_b != b->trans_b)
		return a->trans_b < b->trans_b ? -1 : 1;
	return 0;
}

static int
ix_order(const void *x, const void *y)
{
	const ix_ent *a = x, *b = y;
	int d = key_cmp(a->key, b->key);

	if (d)
		return d;
	return a->i < b->i ? -1 : a->i > b->i;
}

/* CMP's pairs with M/N/K, sorted by key then pair order. */
static ix_ent *
index_pairs(const gs_compare *cmp, size_t *n)
{
	ix_ent *ix = malloc((cmp->npairs ? cmp->npairs : 1) * sizeof *ix);

	*n = 0;
	if (!ix)
		return NULL;
	for (size_t i = 0; i < cmp->npairs; i++)
		if (!cmp->pairs[i].base->shape.name) {
			ix[*n].key = &cmp->pairs[i].base->shape;
			ix[(*n)++].i = i;
		}
	qsort(ix, *n, sizeof *ix, ix_order);
	return ix;
}

/* How well pair shape P fits workload key K beyond the matched fields:
 * 2 the same op and bias, 1 the same bias, 0 neither. */
static int
fit(const gs_shape *p, const gs_shape *k)
{
	if (p->bias != k->bias)
		return 0;
	return strcmp(p->op, k->op) == 0 ? 2 : 1;
}

/* The pair for workload key K among the pairs with equal keys: the best
 * fit, the first in pair order among equals.  NULL if none. */
static const gs_pair *
lookup(const gs_compare *cmp, const ix_ent *ix, size_t n, const gs_shape *k)
{
	size_t lo = 0, hi = n;
	const gs_pair *best = NULL;
	int best_fit = -1;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (key_cmp(ix[mid].key, k) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i < n && key_cmp(ix[i].key, k) == 0; i++) {
		int f = fit(ix[i].key, k);
		if (f > best_fit) {
			best = &cmp->pairs[ix[i].i];
			best_fit = f;
		}
	}
	return best;
}

/* ---- rows and totals ---------------------------------------------------- */

static void
fill_row(gs_impact_row *row, const gs_record *r, const gs_pair *p, int no_key)
{
	double calls = r->t.count > 0 ? (double)r->t.count : 1.0;
	double per = gs_record_call_us(r);

	row->work = r;
	row->pair = p;
	row->calls = calls;
	row->work_us = per * calls;
	row->base_us = p ? calls * p->base->t.median : NAN;
	row->cand_us = p ? calls * p->cand->t.median : NAN;
	row->lost_us = p ? row->cand_us - row->base_us : NAN;
	row->why = p ? NULL : no_key ? "no M/N/K (kernel-keyed record)" : "not in the comparison";
}

static void
totals(gs_impact *out)
{
	for (size_t i = 0; i < out->n; i++) {
		const gs_impact_row *r = &out->rows[i];
		out->work_us += r->work_us;
		if (r->pair) {
			out->matched_shapes++;
			out->matched_calls += r->calls;
			out->base_us += r->base_us;
			out->cand_us += r->cand_us;
		} else {
			out->unmatched_shapes++;
			out->unmatched_calls += r->calls;
			out->unmatched_us += r->work_us;
		}
	}
	out->speedup = out->matched_shapes && out->cand_us > 0 ? out->base_us / out->cand_us : NAN;
	out->delta_us = out->cand_us - out->base_us;
	out->steps = out->work->steps;
	out->delta_per_step_us =
	        out->steps > 0 && out->matched_shapes ? out->delta_us / (double)out->steps : NAN;
	out->unmatched_time_share = out->work_us > 0 ? out->unmatched_us / out->work_us : NAN;
}

/* One ranked row: its weighted time lost and its index in rows. */
typedef struct top_ent {
	double lost;
	size_t i;
} top_ent;

static int
top_order(const void *x, const void *y)
{
	const top_ent *a = x, *b = y;

	if (a->lost != b->lost)
		return a->lost > b->lost ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

static int
top(gs_impact *out, size_t max)
{
	size_t n = 0;
	top_ent *t = malloc((out->n ? out->n : 1) * sizeof *t);

	out->top_lost = malloc((out->n ? out->n : 1) * sizeof *out->top_lost);
	if (!t || !out->top_lost) {
		free(t);
		return -1;
	}
	for (size_t i = 0; i < out->n; i++)
		if (out->rows[i].pair && out->rows[i].lost_us > 0) {
			t[n].lost = out->rows[i].lost_us;
			t[n++].i = i;
		}
	qsort(t, n, sizeof *t, top_order);
	out->ntop_lost = n < max ? n : max;
	for (size_t i = 0; i < out->ntop_lost; i++)
		out->top_lost[i] = t[i].i;
	free(t);
	return 0;
}

int
gs_impact_run(const gs_compare *cmp, const gs_table *work, size_t ntop, gs_impact *out,
              gs_error *err)
{
	size_t nix = 0;
	ix_ent *ix;

	memset(out, 0, sizeof *out);
	out->work = work;
	choose_rule(out, cmp);
	out->rows = calloc(work->n ? work->n : 1, sizeof *out->rows);
	ix = index_pairs(cmp, &nix);
	if (!out->rows || !ix) {
		free(ix);
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	}
	out->n = work->n;
	for (size_t i = 0; i < work->n; i++) {
		const gs_record *r = &work->rec[i];
		gs_shape k = r->shape;
		if (out->swapped) {
			k.M = r->shape.N;
			k.N = r->shape.M;
		}
		fill_row(&out->rows[i], r, r->shape.name ? NULL : lookup(cmp, ix, nix, &k),
		         r->shape.name != NULL);
	}
	free(ix);
	totals(out);
	if (top(out, ntop) != 0)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	return 0;
}
