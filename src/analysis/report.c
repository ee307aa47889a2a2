/* report.c: the parts of the report model that analysis computes from the
 * other analyses once, so that no writer has to (analysis/report.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "analysis/history.h"
#include "analysis/report.h"
#include "analysis/single.h"

/* Pair P's reading into *OUT.  Returns 0, or -1 when out of memory. */
static int
effpair_of(const gs_report *r, const gs_pair *p, gs_report_eff *out)
{
	const gs_single_row *b = gs_single_row_of(r->eff_base, p->base);
	const gs_single_row *c = gs_single_row_of(r->eff_cand, p->cand);
	const gs_gpu *gb = r->eff_base->gpu, *gc = r->eff_cand->gpu;
	char text[GS_REPORT_EXPLAIN_MAX];

	gs_effpair_compute(p, b, c, gb, gc, &out->e);
	out->explanation = strdup(gs_effpair_explain(p, b, c, gb, gc, text, sizeof text));
	return out->explanation ? 0 : -1;
}

int
gs_report_effpairs(gs_report *r, gs_error *err)
{
	const gs_compare *c = r->cmp;

	r->effpairs = NULL;
	if (!c || !r->eff_base || !r->eff_cand)
		return 0;
	r->effpairs = calloc(c->npairs ? c->npairs : 1, sizeof *r->effpairs);
	if (!r->effpairs)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	for (size_t i = 0; i < c->npairs; i++)
		if (effpair_of(r, &c->pairs[i], &r->effpairs[i]) != 0) {
			gs_report_model_free(r);
			return gs_error_set(err, NULL, 0, 0, "out of memory");
		}
	return 0;
}

static int
run_classes(gs_report *r, gs_error *err)
{
	const gs_history *h = r->hist;

	r->run_cls = malloc((h->nruns ? h->nruns : 1) * sizeof *r->run_cls);
	if (!r->run_cls)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	for (size_t i = 0; i < h->nruns; i++)
		r->run_cls[i] = gs_class_of_speedup(h->runs[i].geomean_vs_first, 0);
	return 0;
}

int
gs_report_history(gs_report *r, gs_error *err)
{
	r->run_cls = NULL;
	if (!r->hist)
		return 0;
	return run_classes(r, err);
}

void
gs_report_model_free(gs_report *r)
{
	if (r->effpairs && r->cmp)
		for (size_t i = 0; i < r->cmp->npairs; i++)
			free(r->effpairs[i].explanation);
	free(r->effpairs);
	free(r->run_cls);
	r->effpairs = NULL;
	r->run_cls = NULL;
}
