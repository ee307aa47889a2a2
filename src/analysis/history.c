/* history.c: the nightly history model (history.h): per-run compares
 * against the first and the previous run, per-shape series and their
 * change points, and the regressions still open at the last run (the CI
 * gate).  Evolution table: reference/statistics.md §1; change points and
 * persistence: model/changepoint.h (statistics.md §2.2, §4.6).  Reading
 * and ordering the runs is ingest's (ingest/runset.h): no file I/O here. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/history.h"
#include "model/changepoint.h"
#include "util/grow.h"

void
gs_history_opts_default(gs_history_opts *o)
{
	gs_cp_params par;

	gs_cp_params_default(&par);
	gs_compare_opts_default(&o->cmp);
	o->persist = (unsigned)par.persist;
	o->min_magnitude = par.min_magnitude;
	o->max_p = par.max_pvalue;
	o->window = par.window;
	o->order_column = NULL;
}

const char *
gs_history_cp_direction(const gs_history_cp *c)
{
	return c->slower ? "slower" : "faster";
}

const char *
gs_history_cp_state(const gs_history_cp *c)
{
	if (c->pending)
		return "pending";
	return c->slower ? "regression" : "improvement";
}

void
gs_history_free(gs_history *h)
{
	for (size_t i = 0; i < h->nruns; i++) {
		gs_history_entry *e = &h->runs[i];
		gs_compare_free(&e->vs_first);
		gs_compare_free(&e->vs_previous);
		if (!(e->flags & GS_HISTORY_BORROWED))
			free((char *)e->name);
		free(e->path);
		free(e->format);
		for (size_t j = 0; j < e->nexcl; j++) {
			free(e->excl[j].what);
			free(e->excl[j].reason);
		}
		free(e->excl);
	}
	for (size_t i = 0; h->owned && i < h->nexpected; i++)
		gs_table_free(h->owned[i]);
	free(h->owned);
	free(h->runs);
	for (size_t i = 0; i < h->nseries; i++)
		free(h->series[i].t);
	free(h->series);
	free(h->cps);
	gs_table_free(h->keys);
	memset(h, 0, sizeof *h);
}

/* ---- per run: the evolution table ------------------------------------ */

/* Release C's per-shape parts (pairs, one-sided lists, groups, top-N)
 * and its table pointers (a streamed run's table is freed), keeping its
 * summary and options: a history reports each run's summary, and 60 runs
 * of 100k shapes would otherwise hold 120 full compares (issue 10). */
static void
keep_summary(gs_compare *c)
{
	gs_compare keep = {.opts = c->opts, .s = c->s};

	gs_compare_free(c);
	*c = keep;
}

/* A copy of the excluded rows of the caller's table T into E. */
static int
copy_excluded(gs_history_entry *e, const gs_table *t)
{
	if (t->nexcl && !(e->excl = calloc(t->nexcl, sizeof *e->excl)))
		return -1;
	for (size_t j = 0; j < t->nexcl; j++, e->nexcl++) {
		e->excl[j].line = t->excl[j].line;
		if ((t->excl[j].what && !(e->excl[j].what = strdup(t->excl[j].what))) ||
		    (t->excl[j].reason && !(e->excl[j].reason = strdup(t->excl[j].reason))))
			return -1;
	}
	return 0;
}

/* E's own copy of what the writers show of its table T: path, format,
 * shape count and the excluded rows (moved out of a table the history
 * owns). */
static int
describe(gs_history_entry *e, gs_table *t)
{
	if (!(e->path = strdup(t->path ? t->path : "")) ||
	    !(e->format = strdup(t->format ? t->format : "")))
		return -1;
	e->shapes = t->n;
	if (e->flags & GS_HISTORY_BORROWED)
		return copy_excluded(e, t);
	e->excl = t->excl;
	e->nexcl = t->nexcl;
	t->excl = NULL;
	t->nexcl = t->excl_cap = 0;
	return 0;
}

/* Run I (table T) against the first run and the previous one. */
static int
compare_run(gs_history *h, size_t i, const gs_table *t, gs_error *err)
{
	gs_history_entry *e = &h->runs[i];
	const gs_table *first = i ? h->runs[0].table : t;
	const gs_table *prev = i ? h->runs[i - 1].table : t;

	if (gs_compare_run(first, t, &h->opts.cmp, &e->vs_first, err) != 0 ||
	    gs_compare_run(prev, t, &h->opts.cmp, &e->vs_previous, err) != 0)
		return -1;
	e->geomean_vs_first = e->vs_first.s.geomean;
	e->geomean_vs_previous = e->vs_previous.s.geomean;
	keep_summary(&e->vs_first);
	keep_summary(&e->vs_previous);
	return 0;
}

/* ---- per shape: the series ------------------------------------------- */

static gs_history_series *
series_new(gs_history *h, size_t run)
{
	gs_history_series *s;

	/* bounded by the runs' records, which ingest bounds */
	if (GS_GROW(h->series, h->series_cap, h->nseries + 1, SIZE_MAX) != 0)
		return NULL;
	s = &h->series[h->nseries];
	memset(s, 0, sizeof *s);
	s->t = malloc(h->nexpected * sizeof *s->t);
	if (!s->t)
		return NULL;
	for (size_t i = 0; i < h->nexpected; i++)
		s->t[i] = NAN;
	s->first_run = run;
	h->nseries++;
	return s;
}

/* Add run RUN's records (table T) to the series: h->keys maps a shape key
 * to its series (record i of keys is series i, a copy of the record that
 * first had it). */
static int
add_run(gs_history *h, const gs_table *t, size_t run, gs_error *err)
{
	for (size_t j = 0; j < t->n; j++) {
		const gs_record *rec = &t->rec[j];
		size_t before = h->keys->n;
		gs_record *k = gs_table_copy_record(h->keys, rec, (long)before + 1, err);
		if (!k)
			return -1;
		size_t idx = (size_t)(k - h->keys->rec);
		if (h->keys->n > before && !series_new(h, run))
			return gs_error_set(err, NULL, 0, 0, "out of memory");
		gs_history_series *s = &h->series[idx];
		if (isnan(s->t[run]))
			s->present++;
		s->t[run] = rec->t.median;
		s->last_run = run;
	}
	return 0;
}

/* ---- per shape: change points ---------------------------------------- */

static int
cps_reserve(gs_history *h, size_t *cap, size_t more)
{
	/* at most one change point per run boundary of each series */
	return GS_GROW(h->cps, *cap, h->ncps + more, SIZE_MAX);
}

static void
count_cp(gs_history *h, const gs_history_cp *c)
{
	if (c->pending)
		h->pending++;
	else if (c->slower)
		h->regressions++;
	else
		h->improvements++;
}

static void
copy_cp(gs_history *h, size_t series, const gs_cp *in, gs_history_cp *c)
{
	c->series = series;
	c->run_index = in->index;
	c->run = h->runs[in->index].name;
	c->slower = in->ratio > 1.0;
	c->pending = in->pending;
	c->median_before = in->median_before;
	c->median_after = in->median_after;
	c->ratio = in->ratio;
	c->magnitude = in->magnitude;
	c->p_value = in->pvalue;
	c->runs_before = in->runs_before;
	c->runs_after = in->runs_after;
	count_cp(h, c);
}

static int
detect_series(gs_history *h, size_t i, const gs_cp_params *par, size_t *cap, gs_error *err)
{
	gs_history_series *s = &h->series[i];
	gs_cp *found = NULL;
	size_t nfound = 0;

	if (gs_cp_detect(s->t, h->nruns, par, &found, &nfound) != 0)
		return gs_error_set(err, NULL, 0, 0,
		                    "change-point detection failed (out of memory)");
	if (cps_reserve(h, cap, nfound) != 0) {
		free(found);
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	}
	s->cp_first = h->ncps;
	s->ncp = nfound;
	for (size_t j = 0; j < nfound; j++)
		copy_cp(h, i, &found[j], &h->cps[h->ncps++]);
	free(found);
	return 0;
}

static int
check_opts(const gs_history_opts *o, gs_cp_params *par, gs_error *err)
{
	gs_cp_params_default(par);
	if (o->persist < 1)
		return gs_error_set(err, NULL, 0, 0, "--persist must be at least 1");
	if (!(o->min_magnitude >= 0) || !(o->max_p > 0 && o->max_p < 1))
		return gs_error_set(err, NULL, 0, 0,
		                    "change points need a magnitude >= 0 and a p in (0, 1)");
	par->persist = o->persist;
	par->min_magnitude = o->min_magnitude;
	par->max_pvalue = o->max_p;
	if (o->window)
		par->window = o->window;
	if (par->window < 2 * par->min_segment)
		return gs_error_set(err, NULL, 0, 0,
		                    "change-point window must be at least %zu runs",
		                    2 * par->min_segment);
	return 0;
}

static int
detect_all(gs_history *h, const gs_cp_params *par, gs_error *err)
{
	size_t cap = 0;

	for (size_t i = 0; i < h->nseries; i++)
		if (detect_series(h, i, par, &cap, err) != 0)
			return -1;
	return 0;
}

int
gs_history_begin(gs_history *out, size_t n, const gs_history_opts *o, gs_error *err)
{
	gs_cp_params par;

	memset(out, 0, sizeof *out);
	out->opts = *o;
	if (check_opts(o, &par, err) != 0)
		return -1;
	if (n < 2)
		return gs_error_set(err, NULL, 0, 0, "a history needs at least two runs, got %zu",
		                    n);
	out->nexpected = n;
	out->runs = calloc(n, sizeof *out->runs);
	out->owned = calloc(n, sizeof *out->owned);
	out->keys = gs_table_new("history");
	if (!out->runs || !out->owned || !out->keys)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	return 0;
}

/* Free run I's table unless the history still needs it: the first run's,
 * a kept one's, or the newest's. */
static void
release(gs_history *h, size_t i)
{
	gs_history_entry *e = &h->runs[i];

	if (i == 0 || i + 1 == h->nruns || (e->flags & GS_HISTORY_KEEP) || !h->owned[i])
		return;
	gs_table_free(h->owned[i]);
	h->owned[i] = NULL;
	e->table = NULL;
}

int
gs_history_add(gs_history *h, gs_table *t, const char *name, unsigned flags, gs_error *err)
{
	size_t i = h->nruns;
	gs_history_entry *e;
	int borrowed = (flags & GS_HISTORY_BORROWED) != 0;

	if (i >= h->nexpected) {
		if (!borrowed)
			gs_table_free(t);
		return gs_error_set(err, NULL, 0, 0, "more runs than the %zu announced",
		                    h->nexpected);
	}
	e = &h->runs[i];
	h->nruns = i + 1; /* so gs_history_free releases what this run got */
	e->flags = borrowed ? flags | GS_HISTORY_KEEP : flags;
	e->table = t;
	if (!borrowed)
		h->owned[i] = t;
	if (!(e->name = borrowed ? name : strdup(name)) || describe(e, t) != 0)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	if (compare_run(h, i, t, err) != 0 || add_run(h, t, i, err) != 0)
		return -1;
	if (i > 0)
		release(h, i - 1);
	return 0;
}

int
gs_history_end(gs_history *h, gs_error *err)
{
	gs_cp_params par;

	if (h->nruns != h->nexpected)
		return gs_error_set(err, NULL, 0, 0, "%zu of %zu runs added", h->nruns,
		                    h->nexpected);
	for (size_t i = 0; i < h->nseries; i++) {
		h->series[i].rec = &h->keys->rec[i];
		if (h->series[i].present < h->nruns)
			h->partial++;
	}
	if (check_opts(&h->opts, &par, err) != 0)
		return -1;
	return detect_all(h, &par, err);
}

int
gs_history_run(gs_table *const *runs, const char *const *names, size_t n, const gs_history_opts *o,
               gs_history *out, gs_error *err)
{
	if (gs_history_begin(out, n, o, err) != 0)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (gs_history_add(out, runs[i], names[i], GS_HISTORY_BORROWED, err) != 0)
			return -1;
	return gs_history_end(out, err);
}

size_t
gs_history_needs(const gs_history *h, size_t *idx)
{
	size_t n = 0;

	for (size_t s = 0; s < h->nseries; s++) {
		size_t r = h->series[s].last_run, k = 0;
		if (h->runs[r].table || !gs_history_open_regression(h, s, NULL))
			continue;
		while (k < n && idx[k] != r)
			k++;
		if (k == n)
			idx[n++] = r;
	}
	return n;
}

int
gs_history_attach(gs_history *h, size_t i, gs_table *t, gs_error *err)
{
	if (i >= h->nruns || h->runs[i].table) {
		gs_table_free(t);
		return gs_error_set(err, NULL, 0, 0, "run %zu cannot be attached", i);
	}
	h->owned[i] = t;
	h->runs[i].table = t;
	return 0;
}

/* ---- the regressions still open at the last run (the CI gate) -------- */

/* The median after the last confirmed change point of S, or NAN. */
static double
current_level(const gs_history *h, const gs_history_series *s)
{
	for (size_t j = s->cp_first + s->ncp; j-- > s->cp_first;)
		if (!h->cps[j].pending)
			return h->cps[j].median_after;
	return NAN;
}

const gs_history_cp *
gs_history_open_regression(const gs_history *h, size_t s, double *now_ratio)
{
	const gs_history_series *se = &h->series[s];
	double now = current_level(h, se);

	if (now_ratio)
		*now_ratio = NAN;
	for (size_t j = se->cp_first; j < se->cp_first + se->ncp; j++) {
		const gs_history_cp *c = &h->cps[j];
		double r = now / c->median_before;
		if (c->pending || !c->slower || !(r >= 1 + h->opts.min_magnitude))
			continue;
		if (now_ratio)
			*now_ratio = r;
		return c;
	}
	return NULL;
}

size_t
gs_history_open_regressions(const gs_history *h)
{
	size_t n = 0;

	for (size_t s = 0; s < h->nseries; s++)
		n += gs_history_open_regression(h, s, NULL) != NULL;
	return n;
}

const gs_history_cp *
gs_history_pending_cp(const gs_history *h, size_t s)
{
	const gs_history_series *se = &h->series[s];

	for (size_t j = se->cp_first; j < se->cp_first + se->ncp; j++)
		if (h->cps[j].pending)
			return &h->cps[j];
	return NULL;
}
