/* metrics.c: per-metric delta tables over the extra numeric columns of a
 * compare (metrics.h).  Ratio and geomean rules: statistics.md §2.1
 * (benchstat: a = b gives 1) and §2.4 (geomean of per-shape ratios over
 * the shapes that have both values). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/metrics.h"

void
gs_metrics_free(gs_metrics *m)
{
	for (size_t i = 0; i < m->n; i++)
		free(m->m[i].rows);
	free(m->m);
	memset(m, 0, sizeof *m);
}

const gs_metric_delta *
gs_metrics_find(const gs_metrics *m, const char *name)
{
	for (size_t i = 0; i < m->n; i++)
		if (strcmp(m->m[i].name, name) == 0)
			return &m->m[i];
	return NULL;
}

long
gs_metrics_column(const gs_table *t, const char *name)
{
	for (size_t i = 0; i < t->nextra; i++)
		if (t->extra_names[i] && strcmp(t->extra_names[i], name) == 0)
			return (long)i;
	return -1;
}

/* cand / base under the rules of metrics.h. */
static double
metric_ratio(double base, double cand)
{
	if (base == cand)
		return 1.0;
	if (base <= 0 || cand < 0)
		return NAN;
	return cand / base;
}

static double
extra_value(const gs_record *r, size_t col)
{
	return gs_record_extra(r) ? gs_record_extra(r)[col] : NAN;
}

/* Fill D's rows from the pairs of C and compute its geomean. */
static int
fill_metric(const gs_compare *c, gs_metric_delta *d, gs_error *err)
{
	double logsum = 0;

	d->rows = malloc((c->npairs ? c->npairs : 1) * sizeof *d->rows);
	if (!d->rows)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	for (size_t i = 0; i < c->npairs; i++) {
		double b = extra_value(c->pairs[i].base, d->base_col);
		double k = extra_value(c->pairs[i].cand, d->cand_col);
		if (isnan(b) || isnan(k))
			continue;
		gs_metric_row *row = &d->rows[d->nrows++];
		row->pair = i;
		row->base = b;
		row->cand = k;
		row->ratio = metric_ratio(b, k);
		if (isnan(row->ratio))
			d->nundefined++;
		else if (row->ratio > 0 && isfinite(row->ratio)) {
			logsum += log(row->ratio);
			d->ngeomean++;
		}
	}
	d->geomean_ratio = d->ngeomean ? exp(logsum / (double)d->ngeomean) : NAN;
	return 0;
}

static size_t
count_missing(const gs_table *from, const gs_table *in)
{
	size_t n = 0;

	for (size_t i = 0; i < from->nextra; i++)
		if (gs_metrics_column(in, from->extra_names[i]) < 0)
			n++;
	return n;
}

int
gs_metrics_run(const gs_compare *c, gs_metrics *out, gs_error *err)
{
	const gs_table *b = c->base, *k = c->cand;

	memset(out, 0, sizeof *out);
	out->only_in_baseline = count_missing(b, k);
	out->only_in_candidate = count_missing(k, b);
	if (b->nextra == 0)
		return 0;
	out->m = calloc(b->nextra, sizeof *out->m);
	if (!out->m)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	for (size_t i = 0; i < b->nextra; i++) {
		long col = gs_metrics_column(k, b->extra_names[i]);
		if (col < 0)
			continue;
		gs_metric_delta *d = &out->m[out->n++];
		d->name = b->extra_names[i];
		d->base_col = i;
		d->cand_col = (size_t)col;
		if (fill_metric(c, d, err) != 0)
			return -1;
	}
	return 0;
}
