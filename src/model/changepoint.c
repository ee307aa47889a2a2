/* changepoint.c: E-Divisive with a Student t-test over a nightly series.
 * The method and its sources are described in changepoint.h.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/changepoint.h"
#include "model/stats.h"
#include "util/grow.h"

/* The valid runs of a series: times (µs) and their input indices. */
typedef struct cp_series {
	double *z;
	size_t *orig;
	size_t n;
} cp_series;

/* Change positions (indices into cp_series.z), sorted, no duplicates. */
typedef struct cp_list {
	size_t *at;
	size_t n, cap;
} cp_list;

/* What one change point looks like against its neighbouring segments
 * [a, b) and [b, c). */
typedef struct cp_eval {
	size_t a, b, c;
	size_t hold1, hold2; /* runs of each side nearer its own median */
	double mean1, mean2, med1, med2, ratio, mag, p;
} cp_eval;

void
gs_cp_params_default(gs_cp_params *par)
{
	par->max_pvalue = 0.001;
	par->min_magnitude = 0.05;
	par->min_segment = 2;
	par->window = 50;
	par->persist = 2;
}

static int
params_valid(const gs_cp_params *par)
{
	return par->max_pvalue > 0.0 && par->max_pvalue < 1.0 && par->min_magnitude >= 0.0 &&
	       par->min_segment >= 1 && par->persist >= 1 && par->window >= 2 * par->min_segment &&
	       par->window >= 2;
}

/* ---- sorted position list -------------------------------------------- */

static int
list_insert(cp_list *l, size_t pos)
{
	size_t i = 0;

	while (i < l->n && l->at[i] < pos)
		i++;
	if (i < l->n && l->at[i] == pos)
		return 0;
	if (GS_GROW(l->at, l->cap, l->n + 1, SIZE_MAX) != 0)
		return -1;
	memmove(l->at + i + 1, l->at + i, (l->n - i) * sizeof *l->at);
	l->at[i] = pos;
	l->n++;
	return 0;
}

static void
list_remove(cp_list *l, size_t i)
{
	memmove(l->at + i, l->at + i + 1, (l->n - i - 1) * sizeof *l->at);
	l->n--;
}

/* ---- Student's t-test ------------------------------------------------ */

/* Mean and sum of squared deviations of Z[a..b). */
static void
seg_moments(const double *z, size_t a, size_t b, double *mean, double *ss)
{
	double m = gs_stats_mean(z + a, b - a), s = 0.0;

	for (size_t i = a; i < b; i++)
		s += (z[i] - m) * (z[i] - m);
	*mean = m;
	*ss = s;
}

/* Two-sided pooled-variance Student t-test of Z[a..b) against Z[b..c)
 * (scipy.stats.ttest_ind, equal_var=True).  1 when there are no degrees
 * of freedom or the means are equal; 0 when both sides are constant and
 * differ. */
static double
pooled_t_p(const double *z, size_t a, size_t b, size_t c)
{
	double m1, ss1, m2, ss2, sp2, t;
	size_t n1 = b - a, n2 = c - b;

	if (n1 == 0 || n2 == 0 || n1 + n2 < 3)
		return 1.0;
	seg_moments(z, a, b, &m1, &ss1);
	seg_moments(z, b, c, &m2, &ss2);
	if (m1 == m2)
		return 1.0;
	sp2 = (ss1 + ss2) / (double)(n1 + n2 - 2);
	if (sp2 == 0.0)
		return 0.0;
	t = (m1 - m2) / sqrt(sp2 * (1.0 / (double)n1 + 1.0 / (double)n2));
	return isnan(t) ? 1.0 : 2.0 * gs_stats_t_sf(fabs(t), (double)(n1 + n2 - 2));
}

/* Runs of Z[a..b) strictly nearer to OWN than to OTHER: how long the
 * segment actually held its level (a one-run spike inside a two-run
 * segment holds for one run only). */
static size_t
hold(const double *z, size_t a, size_t b, double own, double other)
{
	size_t k = 0;

	for (size_t i = a; i < b; i++)
		k += fabs(z[i] - own) < fabs(z[i] - other);
	return k;
}

/* Fill E for the change at B between segments [A, B) and [B, C) of Z.
 * Returns -1 on out of memory (a median failed). */
static int
eval_change(const double *z, size_t a, size_t b, size_t c, cp_eval *e)
{
	e->a = a;
	e->b = b;
	e->c = c;
	e->mean1 = gs_stats_mean(z + a, b - a);
	e->mean2 = gs_stats_mean(z + b, c - b);
	e->med1 = gs_stats_median(z + a, b - a);
	e->med2 = gs_stats_median(z + b, c - b);
	if (isnan(e->med1) || isnan(e->med2))
		return -1;
	e->hold1 = hold(z, a, b, e->med1, e->med2);
	e->hold2 = hold(z, b, c, e->med2, e->med1);
	e->ratio = e->med2 / e->med1;
	e->mag = fmax(fabs(e->ratio - 1.0), fabs(1.0 / e->ratio - 1.0));
	e->p = pooled_t_p(z, a, b, c);
	return 0;
}

/* ---- E-Divisive candidate ------------------------------------------- */

/* Row prefix sums of the distance matrix of W[0..L):
 * P[k (L+1) + i] = sum_{l < i} |w_k - w_l|.  NULL on out of memory. */
static double *
distance_prefix(const double *w, size_t L)
{
	double *p;

	if (L + 1 > SIZE_MAX / sizeof *p / (L + 1))
		return NULL;
	p = malloc(L * (L + 1) * sizeof *p);
	if (!p)
		return NULL;
	for (size_t k = 0; k < L; k++) {
		double *row = p + k * (L + 1);

		row[0] = 0.0;
		for (size_t i = 0; i < L; i++)
			row[i + 1] = row[i] + fabs(w[k] - w[i]);
	}
	return p;
}

/* sum_{l in [a, b)} |w_k - w_l| from the prefix table. */
static double
dsum(const double *p, size_t L, size_t k, size_t a, size_t b)
{
	return p[k * (L + 1) + b] - p[k * (L + 1) + a];
}

/* Matteson & James' Q-hat for X = w[s, tau), Y = w[tau, kappa) given the
 * cross sum and the two within-sample sums of |differences|. */
static double
qhat(double n, double m, double cross, double wx, double wy)
{
	double q = 2.0 / (m + n) * cross;

	if (n > 1)
		q -= 2.0 * m / ((m + n) * (n - 1.0)) * wx;
	if (m > 1)
		q -= 2.0 * n / ((m + n) * (m - 1.0)) * wy;
	return q;
}

/* Best E-Divisive split of the segment [s, e) of the window: the (tau,
 * kappa) maximising Q-hat with at least MS runs on each side.  Returns 1
 * and writes *TAU, *KAPPA and *Q, or 0 when the segment is too short. */
static int
best_split(const double *p, size_t L, size_t s, size_t e, size_t ms, size_t *tau_out,
           size_t *kappa_out, double *q_out)
{
	double wx = 0.0, best = -INFINITY;
	int found = 0;

	if (e - s < 2 * ms)
		return 0;
	for (size_t k = s; k < s + ms; k++)
		wx += dsum(p, L, k, s, k);
	for (size_t tau = s + ms; tau + ms <= e; tau++) {
		double cross = 0.0, wy = 0.0;

		for (size_t kap = tau + 1; kap <= e; kap++) {
			double q;

			cross += dsum(p, L, kap - 1, s, tau);
			wy += dsum(p, L, kap - 1, tau, kap - 1);
			if (kap - tau < ms)
				continue;
			q = qhat((double)(tau - s), (double)(kap - tau), cross, wx, wy);
			if (!found || q > best) {
				best = q;
				*tau_out = tau;
				*kappa_out = kap;
				found = 1;
			}
		}
		wx += dsum(p, L, tau, s, tau);
	}
	*q_out = best;
	return found;
}

/* ---- split step ------------------------------------------------------ */

/* Among the segments of W[0..L) cut at LOCAL, the best candidate: the
 * split *TAU of [*S, *KAPPA) with the largest Q-hat.  Returns 1 if there
 * is one. */
static int
best_candidate(const double *p, size_t L, const cp_list *local, size_t ms, size_t *s_out,
               size_t *tau_out, size_t *kappa_out)
{
	double best = -INFINITY;
	int found = 0;

	for (size_t i = 0; i <= local->n; i++) {
		size_t s = i ? local->at[i - 1] : 0;
		size_t e = i < local->n ? local->at[i] : L;
		size_t tau, kappa;
		double q;

		if (best_split(p, L, s, e, ms, &tau, &kappa, &q) && (!found || q > best)) {
			best = q;
			*s_out = s;
			*tau_out = tau;
			*kappa_out = kappa;
			found = 1;
		}
	}
	return found;
}

/* E-Divisive bisection of Z[lo..hi) at significance PMAX: a candidate is
 * kept if the t-test of the two samples it was chosen for, [s, tau) and
 * [tau, kappa), passes (testing [tau, e) instead would mix a later level
 * into the right side, and stop the bisection before a second step is
 * seen).  The accepted positions are added to FOUND.  Returns -1 on out of
 * memory. */
static int
split_window(const double *z, size_t lo, size_t hi, size_t ms, double pmax, cp_list *found)
{
	size_t L = hi - lo, s = 0, tau = 0, kappa = 0;
	cp_list local = {0};
	double *p = distance_prefix(z + lo, L);
	int rc = 0;

	if (!p)
		return -1;
	while (rc == 0 && best_candidate(p, L, &local, ms, &s, &tau, &kappa)) {
		if (pooled_t_p(z + lo, s, tau, kappa) > pmax)
			break;
		rc = list_insert(&local, tau);
	}
	for (size_t i = 0; rc == 0 && i < local.n; i++)
		rc = list_insert(found, lo + local.at[i]);
	free(local.at);
	free(p);
	return rc;
}

/* The relaxed first-pass significance of Otava's compute_change_points. */
static double
weak_pvalue(double pmax)
{
	if (pmax < 0.05)
		return 10.0 * pmax;
	return pmax < 0.5 ? 2.0 * pmax : pmax;
}

/* Weak change points of S in sliding windows (step WINDOW/2). */
static int
split_series(const cp_series *s, const gs_cp_params *par, cp_list *found)
{
	size_t step = par->window / 2;
	double pweak = weak_pvalue(par->max_pvalue);

	for (size_t lo = 0; lo < s->n; lo += step) {
		size_t hi = lo + par->window < s->n ? lo + par->window : s->n;

		if (split_window(s->z, lo, hi, par->min_segment, pweak, found) < 0)
			return -1;
		if (hi == s->n)
			break;
	}
	return 0;
}

/* ---- merge step ------------------------------------------------------ */

/* Evaluate every change in L against its neighbours into EV[0..l->n). */
static int
eval_all(const cp_series *s, const cp_list *l, cp_eval *ev)
{
	for (size_t i = 0; i < l->n; i++) {
		size_t a = i ? l->at[i - 1] : 0;
		size_t c = i + 1 < l->n ? l->at[i + 1] : s->n;

		if (eval_change(s->z, a, l->at[i], c, &ev[i]) < 0)
			return -1;
	}
	return 0;
}

/* Does change I break a structural rule: a neighbouring segment shorter
 * than MIN_SEGMENT, or a level on either side held for fewer than PERSIST
 * runs?  The level after the last change may still be young (shorter than
 * PERSIST, and so than MIN_SEGMENT): that change is pending, not broken;
 * dropping it would also merge its runs into the segment before and hide
 * the earlier step behind them. */
static int
too_short(const cp_eval *ev, size_t i, size_t k, const gs_cp_params *par)
{
	int young = i + 1 == k && ev[i].c - ev[i].b < par->persist;

	if (ev[i].b - ev[i].a < par->min_segment ||
	    (!young && ev[i].c - ev[i].b < par->min_segment))
		return 1;
	return ev[i].hold1 < par->persist || (!young && ev[i].hold2 < par->persist);
}

/* Index of the change to drop next, or K when all pass: smallest
 * magnitude below MIN_MAGNITUDE; else largest p above MAX_PVALUE; else the
 * largest-p change breaking a structural rule.  Otava tests p first; the
 * magnitude goes first here because a weak point too small ever to be
 * reported otherwise cuts the segments beside a real step so short that
 * the step's own t-test loses its power (seen on 17-run series with a
 * step two runs from the end). */
static size_t
pick_victim(const cp_eval *ev, size_t k, const gs_cp_params *par)
{
	size_t v = k;

	for (size_t i = 0; i < k; i++)
		if (ev[i].mag < par->min_magnitude && (v == k || ev[i].mag < ev[v].mag))
			v = i;
	if (v < k)
		return v;
	for (size_t i = 0; i < k; i++)
		if (ev[i].p > par->max_pvalue && (v == k || ev[i].p > ev[v].p))
			v = i;
	if (v < k)
		return v;
	for (size_t i = 0; i < k; i++)
		if (too_short(ev, i, k, par) && (v == k || ev[i].p > ev[v].p))
			v = i;
	return v;
}

/* Drop weak change points from L until all pass; EV then holds the final
 * evaluation.  Returns -1 on out of memory. */
static int
merge(const cp_series *s, cp_list *l, cp_eval *ev, const gs_cp_params *par)
{
	for (;;) {
		size_t v;

		if (eval_all(s, l, ev) < 0)
			return -1;
		v = pick_victim(ev, l->n, par);
		if (v == l->n)
			return 0;
		list_remove(l, v);
	}
}

/* ---- pending steps at the end ---------------------------------------- */

/* A step in the last PERSIST-1 runs, tested against the segment before it
 * (from the last change L0): the j with the smallest p that passes the p
 * and magnitude gates.  Returns 1 and fills *E if there is one, 0 if not,
 * -1 on out of memory. */
static int
tail_step(const cp_series *s, size_t l0, const gs_cp_params *par, cp_eval *e)
{
	int found = 0;

	for (size_t j = 1; j < par->persist && j < s->n; j++) {
		size_t b = s->n - j;
		cp_eval t;

		if (b < l0 + par->min_segment)
			break;
		if (eval_change(s->z, l0, b, s->n, &t) < 0)
			return -1;
		if (t.p <= par->max_pvalue && t.mag >= par->min_magnitude &&
		    (!found || t.p < e->p)) {
			*e = t;
			found = 1;
		}
	}
	return found;
}

/* E-Divisive cannot cut off a last segment shorter than MIN_SEGMENT, so a
 * step in the last runs stays inside the final segment, where it dilutes
 * the test of the step before it (350 350 350 445 445 445 445 445 352: the
 * step at run 3 fails its t-test against a right side that holds the 352).
 * Cut such a young tail off before the merge: the merge then tests the
 * earlier step on clean segments and keeps the tail as a pending change.
 * Returns -1 on out of memory. */
static int
young_tail(const cp_series *s, const gs_cp_params *par, cp_list *l)
{
	cp_eval t;
	int found = tail_step(s, l->n ? l->at[l->n - 1] : 0, par, &t);

	if (found <= 0)
		return found;
	return list_insert(l, t.b);
}

/* ---- driver ----------------------------------------------------------- */

static int
compact(const double *t, size_t n, cp_series *s)
{
	s->z = malloc((n ? n : 1) * sizeof *s->z);
	s->orig = malloc((n ? n : 1) * sizeof *s->orig);
	s->n = 0;
	if (!s->z || !s->orig)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (isfinite(t[i]) && t[i] > 0.0) {
			s->z[s->n] = t[i];
			s->orig[s->n++] = i;
		}
	return 0;
}

static void
fill_cp(const cp_series *s, const cp_eval *e, size_t persist, gs_cp *cp)
{
	cp->index = s->orig[e->b];
	cp->runs_before = e->b - e->a;
	cp->runs_after = e->c - e->b;
	cp->mean_before = e->mean1;
	cp->mean_after = e->mean2;
	cp->median_before = e->med1;
	cp->median_after = e->med2;
	cp->ratio = e->ratio;
	cp->magnitude = e->mag;
	cp->pvalue = e->p;
	cp->pending = cp->runs_after < persist;
}

/* Final list L with evaluation EV, plus the tail step if any, into a
 * fresh array. */
static int
build_output(const cp_series *s, const cp_list *l, const cp_eval *ev, const gs_cp_params *par,
             gs_cp **out, size_t *nout)
{
	cp_eval tail = {0};
	int has_tail = 0;
	size_t k = l->n;

	if (k == 0 || s->n - l->at[k - 1] >= par->persist) {
		has_tail = tail_step(s, k ? l->at[k - 1] : 0, par, &tail);
		if (has_tail < 0)
			return -1;
	}
	if (k + (size_t)has_tail == 0)
		return 0;
	*out = malloc((k + (size_t)has_tail) * sizeof **out);
	if (!*out)
		return -1;
	for (size_t i = 0; i < k; i++)
		fill_cp(s, &ev[i], par->persist, &(*out)[i]);
	if (has_tail)
		fill_cp(s, &tail, par->persist, &(*out)[k]);
	*nout = k + (size_t)has_tail;
	return 0;
}

static int
detect(const cp_series *s, const gs_cp_params *par, gs_cp **out, size_t *nout)
{
	cp_list l = {0};
	cp_eval *ev = NULL;
	int rc = split_series(s, par, &l);

	if (rc == 0)
		rc = young_tail(s, par, &l);
	if (rc == 0 && l.n) {
		ev = malloc(l.n * sizeof *ev);
		rc = ev ? merge(s, &l, ev, par) : -1;
	}
	if (rc == 0)
		rc = build_output(s, &l, ev, par, out, nout);
	free(ev);
	free(l.at);
	return rc;
}

int
gs_cp_detect(const double *t, size_t n, const gs_cp_params *par, gs_cp **out, size_t *nout)
{
	gs_cp_params def;
	cp_series s;
	int rc;

	*out = NULL;
	*nout = 0;
	if (!par) {
		gs_cp_params_default(&def);
		par = &def;
	}
	if (!params_valid(par))
		return -1;
	rc = compact(t, n, &s);
	if (rc == 0)
		rc = detect(&s, par, out, nout);
	free(s.z);
	free(s.orig);
	if (rc < 0) {
		free(*out);
		*out = NULL;
		*nout = 0;
	}
	return rc;
}
