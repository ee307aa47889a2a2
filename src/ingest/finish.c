/* finish.c: a read table made ready for analysis (gs_table_finish,
 * ingest.h): each record's time statistics from its samples (model/stats.h),
 * then the records in input order.  The table itself (table.c) only stores
 * what the readers gave it. */
#include <math.h>

#include "ingest/ingest.h"
#include "model/stats.h"

static void
record_stats(gs_record *r)
{
	gs_time_stats *t = &r->t;
	long count = t->count;

	if (r->nsamples == 0)
		return; /* a reader filled t itself */
	t->median = gs_stats_median(r->samples, r->nsamples);
	t->mean = gs_stats_mean(r->samples, r->nsamples);
	t->std = gs_stats_stddev(r->samples, r->nsamples);
	t->min = t->max = r->samples[0];
	t->sum = 0;
	for (size_t i = 0; i < r->nsamples; i++) {
		t->min = fmin(t->min, r->samples[i]);
		t->max = fmax(t->max, r->samples[i]);
		t->sum += r->samples[i];
	}
	t->count = count > (long)r->nsamples ? count : (long)r->nsamples;
}

int
gs_table_finish(gs_table *t, gs_error *err)
{
	if (t->n == 0)
		return gs_error_set(err, t->path, 0, 0, "no GEMM rows to analyse");
	for (size_t i = 0; i < t->n; i++)
		record_stats(&t->rec[i]);
	gs_table_order(t);
	return 0;
}
