/* finish.c: a read table made ready for analysis (gs_table_finish,
 * ingest.h): each record's median and count from its samples (model/stats.h),
 * then the records in input order.  The table itself (table.c) only stores
 * what the readers gave it. */
#include <math.h>

#include "ingest/ingest.h"
#include "model/stats.h"

/* R's median and count from its samples; the other statistics are
 * computed from them when needed (gs_record_stats, model/stats.h). */
static void
record_stats(gs_record *r)
{
	if (r->nsamples == 0)
		return;
	r->t.median = gs_stats_median(r->samples, r->nsamples);
	if (r->t.count < (long)r->nsamples)
		r->t.count = (long)r->nsamples;
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
