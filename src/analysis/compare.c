/* compare.c: join two tables on the shape key and classify every shape.
 * Definitions: DESIGN.md "Definitions"; reference/statistics.md §1 (the
 * IREE report's summary metrics) and §4 (the two gates per shape). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/compare.h"
#include "util/hash.h"
#include "model/stats.h"
#include "util/grow.h"

void
gs_compare_opts_default(gs_compare_opts *o)
{
	o->threshold = 0.05;
	o->top = 10;
	o->alpha = 0.05;
	o->correction = GS_CORR_HOLM;
	o->min_samples = 4;
}

const char *
gs_class_name(gs_class c)
{
	switch (c) {
	case GS_IMPROVED: return "improved";
	case GS_REGRESSED: return "regressed";
	case GS_UNSURE: return "unsure";
	case GS_NEUTRAL: break;
	}
	return "neutral";
}

gs_shape_class
gs_shape_classify(const gs_shape *s)
{
	if (s->M <= 256 || s->N <= 256)
		return GS_SC_SKINNY;
	if ((double)s->M * (double)s->N < 1048576.0)
		return GS_SC_SMALL;
	return GS_SC_LARGE;
}

const char *
gs_shape_class_name(gs_shape_class c)
{
	switch (c) {
	case GS_SC_SKINNY: return "skinny";
	case GS_SC_SMALL: return "small";
	case GS_SC_LARGE: break;
	}
	return "large";
}

void
gs_compare_free(gs_compare *c)
{
	for (size_t i = 0; i < c->ngroups; i++)
		free(c->groups[i].name);
	free(c->groups);
	free(c->pairs);
	free(c->p_value);
	free(c->p_adjusted);
	free(c->only_base);
	free(c->only_cand);
	free(c->top_improved);
	free(c->top_regressed);
	free(c->top_saved);
	free(c->top_lost);
	memset(c, 0, sizeof *c);
}

/* Threshold gate: change = s - 1 against ±T (statistics.md §1, reading (a)). */
gs_class
gs_class_of_speedup(double s, double t)
{
	if (s - 1.0 > t)
		return GS_IMPROVED;
	if (s - 1.0 < -t)
		return GS_REGRESSED;
	return GS_NEUTRAL;
}

/* Join on the key: one lookup per baseline record; a candidate record
 * that no baseline record found is one-sided (MATCHED marks them).  Each
 * pair's candidate time goes into T_CAND (one per baseline record) and
 * *ANY_TAG tells whether a pair has a tag: the candidate's records are
 * in their own input's order, so each is a cache miss from a pair, taken
 * here once for the passes that follow. */
static int
match(gs_compare *c, double *t_cand, int *any_tag, gs_error *err)
{
	const gs_table *b = c->base, *k = c->cand;
	unsigned char *matched = calloc(k->n ? k->n : 1, 1);
	const gs_record **found = malloc((b->n ? b->n : 1) * sizeof *found);

	c->pairs = calloc(b->n ? b->n : 1, sizeof *c->pairs);
	c->only_base = calloc(b->n ? b->n : 1, sizeof *c->only_base);
	c->only_cand = calloc(k->n ? k->n : 1, sizeof *c->only_cand);
	if (!matched || !found || !c->pairs || !c->only_base || !c->only_cand) {
		free(matched);
		free(found);
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	}
	gs_table_find_each(k, b, found);
	for (size_t i = 0; i < b->n; i++) {
		const gs_record *cand = found[i];
		if (!cand) {
			c->only_base[c->nonly_base++] = &b->rec[i];
			continue;
		}
		gs_pair *p = &c->pairs[c->npairs++];
		matched[cand - k->rec] = 1;
		p->base = &b->rec[i];
		p->cand = cand;
		p->speedup = p->base->t.median / cand->t.median;
		p->cls = gs_class_of_speedup(p->speedup, c->opts.threshold);
		t_cand[c->npairs - 1] = cand->t.median;
		*any_tag |= gs_pair_tag(p) != NULL;
	}
	for (size_t i = 0; i < k->n; i++)
		if (!matched[i])
			c->only_cand[c->nonly_cand++] = &k->rec[i];
	free(matched);
	free(found);
	if (c->npairs == 0)
		return gs_error_set(err, k->path, 0, 0,
		                    "no shape in common with %s (%zu and %zu shapes; "
		                    "check dtype and transposes, or --map)",
		                    b->path, b->n, k->n);
	return 0;
}

/* Significance gate: Mann-Whitney U where both sides have enough samples,
 * corrected across the tested shapes; a shape that crossed T without
 * significance becomes unsure. */
static int
significance(gs_compare *c, gs_error *err)
{
	size_t n = c->npairs, tested = 0;
	int rc = 0;

	for (size_t i = 0; i < n; i++) {
		gs_pair *q = &c->pairs[i];
		if (q->base->nsamples < c->opts.min_samples ||
		    q->cand->nsamples < c->opts.min_samples)
			continue;
		if (!c->p_value) { /* the first shape with enough samples */
			if (!(c->p_value = malloc(n * sizeof *c->p_value)))
				return gs_error_set(err, NULL, 0, 0, "out of memory");
			for (size_t j = 0; j < n; j++)
				c->p_value[j] = NAN;
		}
		if (gs_stats_mann_whitney(q->base->samples, q->base->nsamples, q->cand->samples,
		                          q->cand->nsamples, &c->p_value[i]) != 0) {
			c->p_value[i] = NAN;
			continue;
		}
		q->tested = 1;
		tested++;
	}
	c->s.tested = tested;
	c->s.expected_false_positives = c->opts.alpha * (double)tested;
	if (!tested) {
		free(c->p_value);
		c->p_value = NULL;
		return 0;
	}
	if (!(c->p_adjusted = malloc(n * sizeof *c->p_adjusted)))
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	if (c->opts.correction == GS_CORR_HOLM)
		rc = gs_stats_holm(c->p_value, n, c->p_adjusted);
	else if (c->opts.correction == GS_CORR_BH)
		rc = gs_stats_bh(c->p_value, n, c->p_adjusted);
	else
		memcpy(c->p_adjusted, c->p_value, n * sizeof *c->p_adjusted);
	if (rc != 0)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	for (size_t i = 0; i < n; i++) {
		gs_pair *q = &c->pairs[i];
		if (q->tested && q->cls != GS_NEUTRAL && !(c->p_adjusted[i] <= c->opts.alpha))
			q->cls = GS_UNSURE;
	}
	return 0;
}

const char *
gs_pair_tag(const gs_pair *p)
{
	return gs_record_tag(p->base) ? gs_record_tag(p->base) : gs_record_tag(p->cand);
}

double
gs_pair_p_value(const gs_compare *c, const gs_pair *p)
{
	return p->tested ? c->p_value[p - c->pairs] : NAN;
}

double
gs_pair_p_adjusted(const gs_compare *c, const gs_pair *p)
{
	return p->tested ? c->p_adjusted[p - c->pairs] : NAN;
}

/* T_CAND: each pair's candidate time (match). */
static int
summarize(gs_compare *c, const double *t_cand, gs_error *err)
{
	gs_compare_summary *s = &c->s;
	double *r = malloc(c->npairs * sizeof *r);

	if (!r)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	s->matched = c->npairs;
	for (size_t i = 0; i < c->npairs; i++) {
		const gs_pair *p = &c->pairs[i];
		double tb = p->base->t.median, tc = t_cand[i];
		r[i] = p->speedup;
		s->total_base_us += tb;
		s->total_cand_us += tc;
		switch (p->cls) {
		case GS_IMPROVED:
			s->improved++;
			s->time_saved_us += tb - tc;
			break;
		case GS_REGRESSED:
			s->regressed++;
			s->time_lost_us += tc - tb;
			break;
		case GS_UNSURE: s->unsure++; break;
		case GS_NEUTRAL: s->neutral++; break;
		}
	}
	int rc = gs_stats_geomean_ci(r, c->npairs, 0.95, &s->geomean, &s->geomean_lo,
	                             &s->geomean_hi);
	free(r);
	if (rc != 0)
		return gs_error_set(err, NULL, 0, 0,
		                    "geomean undefined: a speedup is not positive");
	s->weighted = s->total_base_us / s->total_cand_us;
	s->net_saved_us = s->total_base_us - s->total_cand_us;
	s->saved_lost_ratio = s->time_lost_us > 0 ? s->time_saved_us / s->time_lost_us : INFINITY;
	s->only_in_baseline = c->nonly_base;
	s->only_in_candidate = c->nonly_cand;
	s->excluded_baseline = c->base->nexcl;
	s->excluded_candidate = c->cand->nexcl;
	return 0;
}

/* ---- breakdowns ------------------------------------------------------- */

/* The groups by (kind, name): open addressing over group positions + 1
 * (0: empty), at most half full.  A scan per pair was quadratic in the
 * number of tags (nvbench and Tensile inputs can tag every shape). */
typedef struct group_index {
	size_t *slot;
	size_t cap; /* a power of two, or 0 */
} group_index;

static size_t *
group_slot(group_index *x, const gs_compare *c, const char *by, const char *name)
{
	uint64_t h = gs_fnv1a(GS_FNV1A_BASIS, by, strlen(by) + 1);
	size_t i = (size_t)gs_mix64(gs_fnv1a(h, name, strlen(name))) & (x->cap - 1);

	while (x->slot[i] && !(c->groups[x->slot[i] - 1].by == by &&
	                       strcmp(c->groups[x->slot[i] - 1].name, name) == 0))
		i = (i + 1) & (x->cap - 1);
	return &x->slot[i];
}

/* Room in X for one more group of C's; -1 when out of memory. */
static int
group_room(group_index *x, const gs_compare *c)
{
	size_t cap = x->cap ? 2 * x->cap : 64;
	size_t *s;

	if (2 * (c->ngroups + 1) <= x->cap)
		return 0;
	if (!(s = calloc(cap, sizeof *s)))
		return -1;
	free(x->slot);
	x->slot = s;
	x->cap = cap;
	for (size_t g = 0; g < c->ngroups; g++)
		*group_slot(x, c, c->groups[g].by, c->groups[g].name) = g + 1;
	return 0;
}

/* The group BY/NAME, created if new. */
static gs_group *
group_get(gs_compare *c, const char *by, const char *name, size_t *cap, group_index *x)
{
	gs_group *g;
	size_t *slot;

	if (group_room(x, c) != 0)
		return NULL;
	slot = group_slot(x, c, by, name);
	if (*slot)
		return &c->groups[*slot - 1];
	if (GS_GROW(c->groups, *cap, c->ngroups + 1, SIZE_MAX) != 0)
		return NULL;
	g = &c->groups[c->ngroups];
	memset(g, 0, sizeof *g);
	g->by = by;
	g->name = strdup(name);
	if (!g->name)
		return NULL;
	*slot = ++c->ngroups;
	return g;
}

/* Pair P, its candidate time T_CAND, into G. */
static void
group_add(gs_group *g, const gs_pair *p, double t_cand)
{
	g->n++;
	g->total_base_us += p->base->t.median;
	g->total_cand_us += t_cand;
	g->geomean += log(p->speedup); /* sum of logs until group_finish */
	switch (p->cls) {
	case GS_IMPROVED: g->improved++; break;
	case GS_REGRESSED: g->regressed++; break;
	case GS_UNSURE: g->unsure++; break;
	case GS_NEUTRAL: g->neutral++; break;
	}
}

/* T_CAND: each pair's candidate time; ANY_TAG: whether a pair has a tag
 * (match). */
static int
groups(gs_compare *c, const double *t_cand, int any_tag, gs_error *err)
{
	static const char by_tag[] = "tag", by_dtype[] = "dtype", by_class[] = "class";
	const char *const order[] = {by_tag, by_dtype, by_class};
	size_t cap = 0;
	group_index x = {NULL, 0};

	for (size_t o = any_tag ? 0 : 1; o < 3; o++) { /* no tags: no tag breakdown */
		for (size_t i = 0; i < c->npairs; i++) {
			const gs_pair *p = &c->pairs[i];
			const char *name;
			if (order[o] == by_tag)
				name = gs_pair_tag(p);
			else if (order[o] == by_dtype)
				name = p->base->shape.dtype[0] ? p->base->shape.dtype : "unknown";
			else
				name = gs_shape_class_name(gs_shape_classify(&p->base->shape));
			if (!name)
				continue; /* inputs without tags have no tag breakdown */
			gs_group *g = group_get(c, order[o], name, &cap, &x);
			if (!g) {
				free(x.slot);
				return gs_error_set(err, NULL, 0, 0, "out of memory");
			}
			group_add(g, p, t_cand[i]);
		}
	}
	free(x.slot);
	for (size_t i = 0; i < c->ngroups; i++)
		c->groups[i].geomean = exp(c->groups[i].geomean / (double)c->groups[i].n);
	return 0;
}

/* ---- top-N ------------------------------------------------------------ */

/* A pair in a ranking: its sort key, computed once (a key read through the
 * pair from the candidate's record at every comparison was a cache miss
 * each: a third of the join's time at a million shapes), and its index. */
typedef struct keyed {
	double k;
	size_t i;
} keyed;

/* By key ascending, equal keys by index ascending / descending. */
static int
by_key_index_asc(const void *a, const void *b)
{
	const keyed *x = a, *y = b;

	if (x->k != y->k)
		return x->k < y->k ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

static int
by_key_index_desc(const void *a, const void *b)
{
	const keyed *x = a, *y = b;

	if (x->k != y->k)
		return x->k < y->k ? -1 : 1;
	return (x->i < y->i) - (x->i > y->i);
}

/* The rankings: which key, negated for a descending order, and how equal
 * keys are ordered. */
typedef enum { BY_SPEEDUP_DESC, BY_SPEEDUP_ASC, BY_SAVED_DESC, BY_LOST_DESC } ranking;

/* The time a pair's change saves (> 0) or loses (< 0), µs. */
static double
saved_us(const gs_pair *p)
{
	return p->base->t.median - p->cand->t.median;
}

static double
rank_key(const gs_pair *p, ranking by)
{
	switch (by) {
	case BY_SPEEDUP_DESC: return -p->speedup;
	case BY_SPEEDUP_ASC: return p->speedup;
	case BY_SAVED_DESC: return -saved_us(p);
	case BY_LOST_DESC: break;
	}
	return saved_us(p); /* the most negative (most time lost) first */
}

/* The indices of C's pairs of class CLS ranked BY, the first
 * C->opts.top of them (*N); equal keys by index, ascending except for
 * BY_SPEEDUP_ASC, the reverse of BY_SPEEDUP_DESC.  NULL on out of
 * memory. */
static size_t *
top_of(const gs_compare *c, gs_class cls, ranking by, size_t *n)
{
	keyed *key = malloc((c->npairs ? c->npairs : 1) * sizeof *key);
	size_t *idx, m = 0;

	*n = 0;
	if (!key)
		return NULL;
	for (size_t i = 0; i < c->npairs; i++)
		if (c->pairs[i].cls == cls)
			key[m++] = (keyed){rank_key(&c->pairs[i], by), i};
	qsort(key, m, sizeof *key, by == BY_SPEEDUP_ASC ? by_key_index_desc : by_key_index_asc);
	*n = m < c->opts.top ? m : c->opts.top;
	if ((idx = malloc((*n ? *n : 1) * sizeof *idx)))
		for (size_t i = 0; i < *n; i++)
			idx[i] = key[i].i;
	free(key);
	return idx;
}

int
gs_compare_run(const gs_table *base, const gs_table *cand, const gs_compare_opts *opts,
               gs_compare *out, gs_error *err)
{
	double *t_cand = malloc((base->n ? base->n : 1) * sizeof *t_cand);
	int any_tag = 0, rc;

	memset(out, 0, sizeof *out);
	out->opts = *opts;
	out->base = base;
	out->cand = cand;
	if (!t_cand)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	rc = match(out, t_cand, &any_tag, err) != 0 || significance(out, err) != 0 ||
	     summarize(out, t_cand, err) != 0 || groups(out, t_cand, any_tag, err) != 0;
	free(t_cand);
	if (rc)
		return -1;
	out->top_improved = top_of(out, GS_IMPROVED, BY_SPEEDUP_DESC, &out->ntop_improved);
	out->top_regressed = top_of(out, GS_REGRESSED, BY_SPEEDUP_ASC, &out->ntop_regressed);
	out->top_saved = top_of(out, GS_IMPROVED, BY_SAVED_DESC, &out->ntop_saved);
	out->top_lost = top_of(out, GS_REGRESSED, BY_LOST_DESC, &out->ntop_lost);
	if (!out->top_improved || !out->top_regressed || !out->top_saved || !out->top_lost)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	return 0;
}
