/* confirm.c: classify a report's regressions against their
 * re-measurement (confirm.h).  The report itself is read by ingest
 * (ingest/report_json.h); nothing here reads a file. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/confirm.h"
#include "analysis/metrics.h"

const char *
gs_confirm_status_name(gs_confirm_status s)
{
	switch (s) {
	case GS_CONFIRMED: return "confirmed";
	case GS_NOT_REPRODUCED: return "not reproduced";
	case GS_CONFIRM_UNSURE: return "unsure";
	case GS_NOT_REMEASURED: break;
	}
	return "not re-measured";
}

void
gs_confirm_free(gs_confirm *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->items[i].tag);
	free(c->items);
	gs_compare_free(&c->re);
	memset(c, 0, sizeof *c);
}

int
gs_confirm_init(gs_confirm *c, gs_rjson_report *rep, gs_error *err)
{
	memset(c, 0, sizeof *c);
	c->threshold = rep->threshold;
	c->items = calloc(rep->n ? rep->n : 1, sizeof *c->items);
	if (!c->items)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	for (size_t i = 0; i < rep->n; i++) {
		c->items[i].shape = rep->items[i].shape;
		c->items[i].tag = rep->items[i].tag;
		c->items[i].orig_speedup = rep->items[i].speedup;
		rep->items[i].tag = NULL;
	}
	c->n = rep->n;
	return 0;
}

static const gs_pair *
find(const gs_compare *c, const gs_shape *s)
{
	for (size_t i = 0; i < c->npairs; i++)
		if (gs_shape_equal(&c->pairs[i].base->shape, s))
			return &c->pairs[i];
	return NULL;
}

/* Record R's value in extra column COL (gs_metrics_column), NAN if none. */
static double
extra_at(const gs_record *r, long col)
{
	return col >= 0 && gs_record_extra(r) ? gs_record_extra(r)[col] : NAN;
}

/* IT's clocks from its re-measured pair (confirm.h "Clocks"). */
static void
read_clocks(gs_confirm *c, gs_confirm_item *it, const gs_table *base, const gs_table *cand)
{
	double cb = extra_at(it->re->base, gs_metrics_column(base, "cycles_median"));
	double ck = extra_at(it->re->cand, gs_metrics_column(cand, "cycles_median"));

	it->clock_speedup = cb > 0 && ck > 0 ? cb / ck : NAN;
	it->throttled_base = extra_at(it->re->base, gs_metrics_column(base, "throttled_samples"));
	it->throttled_cand = extra_at(it->re->cand, gs_metrics_column(cand, "throttled_samples"));
	it->clock_only = (it->status == GS_CONFIRMED || it->status == GS_CONFIRM_UNSURE) &&
	                 !isnan(it->clock_speedup) &&
	                 gs_class_of_speedup(it->clock_speedup, c->threshold) != GS_REGRESSED;
	c->clock_only += it->clock_only;
	c->throttled += it->throttled_base > 0 || it->throttled_cand > 0;
}

int
gs_confirm_run(gs_confirm *c, const gs_table *base, const gs_table *cand,
               const gs_compare_opts *opts, gs_error *err)
{
	gs_compare_opts o = *opts;

	o.threshold = c->threshold;
	if (gs_compare_run(base, cand, &o, &c->re, err) != 0)
		return -1;
	for (size_t i = 0; i < c->n; i++) {
		gs_confirm_item *it = &c->items[i];
		it->clock_speedup = it->throttled_base = it->throttled_cand = NAN;
		it->re = find(&c->re, &it->shape);
		if (!it->re) {
			it->status = GS_NOT_REMEASURED, c->not_remeasured++;
			continue;
		}
		if (it->re->cls == GS_REGRESSED)
			it->status = GS_CONFIRMED, c->confirmed++;
		else if (it->re->cls == GS_UNSURE)
			it->status = GS_CONFIRM_UNSURE, c->unsure++;
		else
			it->status = GS_NOT_REPRODUCED, c->not_reproduced++;
		read_clocks(c, it, base, cand);
	}
	return 0;
}

gs_table *
gs_confirm_regenerated(const gs_confirm *c)
{
	gs_table *t = gs_table_new("regenerated");
	gs_error err;

	if (!t)
		return NULL;
	for (size_t i = 0; i < c->n; i++) {
		const gs_confirm_item *it = &c->items[i];
		const gs_record *src;
		gs_record *r;
		if (it->status != GS_CONFIRMED)
			continue;
		src = it->re->cand;
		r = gs_table_get(t, &src->shape, (long)i + 1, &err);
		if (!r || gs_table_set_tag(NULL, r, it->tag ? it->tag : gs_record_tag(src)) ||
		    gs_table_set_kernel(NULL, r, gs_record_kernel(src)))
			goto oom;
		for (size_t k = 0; k < src->nsamples; k++)
			if (gs_record_add_sample(r, src->samples[k]) != 0)
				goto oom;
		r->t = src->t;
		if (src->more && src->more->launch) {
			gs_launch *l = gs_record_launch(r);
			if (!l)
				goto oom;
			*l = *src->more->launch;
		}
	}
	return t;
oom:
	gs_table_free(t);
	return NULL;
}
