/* report.c: the parts of the report model that analysis computes from the
 * other analyses once, so that no writer has to (analysis/report.h). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/confirm.h"
#include "analysis/history.h"
#include "analysis/report.h"
#include "ingest/ingest.h"
#include "analysis/single.h"
#include "model/gpu.h"

const char *
gs_report_explain(const gs_report *r, size_t i, char *buf, size_t size)
{
	const gs_pair *p;
	gs_eff eb, ec;
	gs_effpair_side b, c;

	if (size)
		buf[0] = '\0';
	if (!r->cmp || !r->eff_base || !r->eff_cand || i >= r->cmp->npairs)
		return buf;
	p = &r->cmp->pairs[i];
	b = (gs_effpair_side){gs_single_row_of(r->eff_base, p->base), NULL, r->eff_base->gpu};
	c = (gs_effpair_side){gs_single_row_of(r->eff_cand, p->cand), NULL, r->eff_cand->gpu};
	b.eff = gs_single_eff(r->eff_base, b.row, &eb);
	c.eff = gs_single_eff(r->eff_cand, c.row, &ec);
	return gs_effpair_explain(p, &b, &c, buf, size);
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

/* Every series' open and pending change points, and their count. */
static int
series_verdicts(gs_report *r, gs_error *err)
{
	const gs_history *h = r->hist;

	r->open_regressions = 0;
	r->hseries = calloc(h->nseries ? h->nseries : 1, sizeof *r->hseries);
	if (!r->hseries)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	for (size_t s = 0; s < h->nseries; s++) {
		gs_report_hseries *v = &r->hseries[s];
		v->open = gs_history_open_regression(h, s, &v->open_now);
		v->pending = gs_history_pending_cp(h, s);
		r->open_regressions += v->open != NULL;
	}
	return 0;
}

/* The record of series S in the last run that has it. */
static const gs_record *
last_record(const gs_history *h, size_t s)
{
	const gs_shape *key = &h->series[s].rec->shape;

	for (size_t i = h->nruns; i-- > 0;) {
		const gs_record *rec = gs_table_find(h->runs[i].table, key);
		if (rec)
			return rec;
	}
	return h->series[s].rec;
}

/* Copy SRC into T as the record of input "line" LINE (its series order). */
static int
copy_record(gs_table *t, const gs_record *src, long line, gs_error *err)
{
	return gs_table_copy_record(t, src, line, err) ? 0 : -1;
}

/* R->reg_eff over R->reg_table (set): the record-only efficiency. */
static int
regressions_eff(gs_report *r, gs_error *err)
{
	r->reg_eff = calloc(1, sizeof *r->reg_eff);
	if (!r->reg_eff)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	return gs_single_records(r->reg_table, r->reg_eff, err);
}

/* The open regressions' last records, as --regressions lists them. */
static int
open_regressions_table(gs_report *r, gs_error *err)
{
	const gs_history *h = r->hist;
	int rc = 0;

	r->reg_table = gs_table_new("regressions");
	if (!r->reg_table)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	for (size_t s = 0; rc == 0 && s < h->nseries; s++)
		if (r->hseries[s].open)
			rc = copy_record(r->reg_table, last_record(h, s), (long)s + 1, err);
	/* An empty table cannot be finished; the native CSV writer then
	 * writes the header only. */
	if (rc == 0 && r->reg_table->n > 0)
		rc = gs_table_finish(r->reg_table, err);
	return rc == 0 ? regressions_eff(r, err) : -1;
}

int
gs_report_history(gs_report *r, gs_error *err)
{
	r->run_cls = NULL;
	if (!r->hist)
		return 0;
	if (run_classes(r, err) != 0 || series_verdicts(r, err) != 0 ||
	    open_regressions_table(r, err) != 0) {
		gs_report_model_free(r);
		return -1;
	}
	return 0;
}

void
gs_report_environment(gs_report *r, const struct gs_table *base, const struct gs_table *cand)
{
	r->env[0] = base ? &base->env : NULL;
	r->env[1] = cand ? &cand->env : NULL;
	r->env_differs = 0;
	if (base && cand)
		for (int k = 0; k < GS_ENV_NITEMS; k++)
			if (gs_env_differs(&base->env, &cand->env, (gs_env_item)k))
				r->env_differs |= 1u << k;
}

void
gs_report_kernels(gs_report *r, const struct gs_table *base, const struct gs_table *cand)
{
	r->kmix[0] = base ? base->kmix : NULL;
	r->kmix[1] = cand ? cand->kmix : NULL;
}

int
gs_report_env_known(const gs_report *r, gs_env_item k)
{
	for (int i = 0; i < 2; i++)
		if (r->env[i] && r->env[i]->text[k])
			return 1;
	return 0;
}

int
gs_report_confirm(gs_report *r, gs_error *err)
{
	if (!r->confirm)
		return 0;
	r->reg_table = gs_confirm_regenerated(r->confirm);
	if (!r->reg_table)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	if (regressions_eff(r, err) != 0) {
		gs_report_model_free(r);
		return -1;
	}
	return 0;
}

int
gs_report_gpus(gs_report *r, gs_error *err)
{
	size_t n = gs_gpu_count();

	r->gpus = NULL;
	r->ngpus = 0;
	if (r->gpu)
		return 0;
	r->gpus = malloc((n ? n : 1) * sizeof *r->gpus);
	if (!r->gpus)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	for (size_t i = 0; i < n; i++)
		r->gpus[i] = gs_gpu_at(i);
	r->ngpus = n;
	return 0;
}

void
gs_report_model_free(gs_report *r)
{
	free(r->run_cls);
	free(r->hseries);
	if (r->reg_eff)
		gs_single_free(r->reg_eff);
	free(r->reg_eff);
	gs_table_free(r->reg_table);
	free(r->gpus);
	r->gpus = NULL;
	r->ngpus = 0;
	r->run_cls = NULL;
	r->hseries = NULL;
	r->reg_eff = NULL;
	r->reg_table = NULL;
}
