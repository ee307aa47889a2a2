/* stats.c: descriptive statistics, geometric mean with a t interval,
 * Student's t quantiles, the Mann-Whitney U test and multiple-comparison
 * corrections.  Contracts in stats.h; method sources beside each function.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/stats.h"

#define GS_PI 3.14159265358979323846

/* ---- descriptive ------------------------------------------------------ */

/* Total order on doubles with NaN last, for qsort. */
static int
cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	if (isnan(a) || isnan(b))
		return isnan(a) - isnan(b);
	return (a > b) - (a < b);
}

double
gs_stats_median(const double *x, size_t n)
{
	double *s, m;

	if (n == 0)
		return NAN;
	s = malloc(n * sizeof *s);
	if (!s)
		return NAN;
	memcpy(s, x, n * sizeof *s);
	qsort(s, n, sizeof *s, cmp_double);
	m = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
	free(s);
	return m;
}

double
gs_stats_mean(const double *x, size_t n)
{
	double sum = 0.0;

	if (n == 0)
		return NAN;
	for (size_t i = 0; i < n; i++)
		sum += x[i];
	return sum / (double)n;
}

double
gs_stats_stddev(const double *x, size_t n)
{
	double m, ss = 0.0;

	if (n < 2)
		return NAN;
	m = gs_stats_mean(x, n);
	for (size_t i = 0; i < n; i++)
		ss += (x[i] - m) * (x[i] - m);
	return sqrt(ss / (double)(n - 1));
}

/* ---- Student's t ------------------------------------------------------ */

enum { CF_MAXIT = 20000 };
#define CF_EPS 1e-16
#define CF_TINY 1e-300

static double
lentz_guard(double v)
{
	return fabs(v) < CF_TINY ? CF_TINY : v;
}

/* Continued fraction of the regularised incomplete beta function, DLMF
 * 8.17.22, evaluated by the modified Lentz method; converges quickly for
 * x < (a+1)/(a+b+2). */
static double
beta_cf(double a, double b, double x)
{
	double c = 1.0, d = 1.0 / lentz_guard(1.0 - (a + b) * x / (a + 1.0));
	double h = d;

	for (int m = 1; m <= CF_MAXIT; m++) {
		double m2 = 2.0 * m, num, del;

		num = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
		d = 1.0 / lentz_guard(1.0 + num * d);
		c = lentz_guard(1.0 + num / c);
		h *= d * c;
		num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
		d = 1.0 / lentz_guard(1.0 + num * d);
		c = lentz_guard(1.0 + num / c);
		del = d * c;
		h *= del;
		if (fabs(del - 1.0) < CF_EPS)
			break;
	}
	return h;
}

/* ln(v) for v given together with its complement w = 1 - v, choosing the
 * form that keeps precision when v is close to 1. */
static double
log_of(double v, double w)
{
	return w < 0.5 ? log1p(-w) : log(v);
}

/* Stirling series of ln Gamma(x) - ((x - 1/2) ln x - x + ln(2 pi)/2),
 * DLMF 5.11.1, four terms: below 1e-12 for x >= 10. */
static double
stirling_tail(double x)
{
	double r = 1.0 / x, r2 = r * r;

	return r * (1.0 / 12 - r2 * (1.0 / 360 - r2 * (1.0 / 1260 - r2 / 1680)));
}

/* ln B(a, b).  For a large argument lgamma(big) - lgamma(big + small)
 * cancels; it is then taken from Stirling's series directly. */
static double
log_beta(double a, double b)
{
	double big = fmax(a, b), small = fmin(a, b);

	if (big < 10.0)
		return lgamma(a) + lgamma(b) - lgamma(a + b);
	return lgamma(small) - (big - 0.5) * log1p(small / big) - small * log(big + small) + small +
	       stirling_tail(big) - stirling_tail(big + small);
}

/* Regularised incomplete beta I_x(a, b) with y = 1 - x passed separately
 * so that neither loses digits near 0 or 1. */
static double
inc_beta(double a, double b, double x, double y)
{
	double lfront;

	if (x <= 0.0)
		return 0.0;
	if (y <= 0.0)
		return 1.0;
	lfront = a * log_of(x, y) + b * log_of(y, x) - log_beta(a, b);
	if (x < (a + 1.0) / (a + b + 2.0))
		return exp(lfront) * beta_cf(a, b, x) / a;
	return 1.0 - exp(lfront) * beta_cf(b, a, y) / b;
}

/* Upper tail P(T > t) of Student's t with DF degrees of freedom, t >= 0:
 * 0.5 I_{df/(df+t^2)}(df/2, 1/2) (Abramowitz & Stegun 26.7.1, 26.5.27). */
static double
t_tail(double t, double df)
{
	double den = df + t * t;

	return 0.5 * inc_beta(df / 2.0, 0.5, df / den, t * t / den);
}

double
gs_stats_t_sf(double t, double df)
{
	return t >= 0 ? t_tail(t, df) : 1.0 - t_tail(-t, df);
}

/* Density of Student's t with DF degrees of freedom at T. */
static double
t_pdf(double t, double df)
{
	double l = lgamma((df + 1.0) / 2.0) - lgamma(df / 2.0) - 0.5 * log(df * GS_PI) -
	           (df + 1.0) / 2.0 * log1p(t * t / df);

	return exp(l);
}

/* Approximate upper-tail normal quantile z with P(Z > z) = Q, Q <= 0.5
 * (Abramowitz & Stegun 26.2.23, |error| < 4.5e-4): a starting point. */
static double
z_tail_guess(double q)
{
	double t = sqrt(-2.0 * log(q));

	return t - (2.515517 + 0.802853 * t + 0.010328 * t * t) /
	                   (1.0 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t);
}

/* Starting point for the t quantile: Cornish-Fisher expansion of t in z
 * (Abramowitz & Stegun 26.7.5, first two terms). */
static double
t_tail_guess(double q, double df)
{
	double z = z_tail_guess(q), z3 = z * z * z, z5 = z3 * z * z;

	return z + (z3 + z) / (4.0 * df) + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * df * df);
}

/* Solve t_tail(t) = Q for t > 0, Q in (0, 0.5), by Newton's method kept
 * inside a bracket [lo, hi] (bisection when a step leaves it). */
static double
t_tail_inverse(double q, double df)
{
	double lo = 0.0, hi, t = t_tail_guess(q, df);

	if (!(t > 0.0) || !isfinite(t))
		t = 1.0;
	hi = t;
	while (t_tail(hi, df) > q && hi < 1e300)
		hi *= 2.0;
	for (int it = 0; it < 200; it++) {
		double g = t_tail(t, df) - q, next;

		if (g == 0.0)
			return t;
		if (g > 0.0)
			lo = t;
		else
			hi = t;
		next = t + g / t_pdf(t, df);
		if (!(next > lo && next < hi))
			next = 0.5 * (lo + hi);
		if (fabs(next - t) <= 1e-15 * t)
			return next;
		t = next;
	}
	return t;
}

double
gs_stats_t_quantile(double p, double df)
{
	double q, t;

	if (!(p > 0.0 && p < 1.0) || !(df >= 1.0))
		return NAN;
	if (p == 0.5)
		return 0.0;
	q = p < 0.5 ? p : 1.0 - p;
	if (df == 1.0)
		t = 1.0 / tan(GS_PI * q);
	else if (df == 2.0)
		t = (1.0 - 2.0 * q) / sqrt(2.0 * q * (1.0 - q));
	else
		t = t_tail_inverse(q, df);
	return p < 0.5 ? -t : t;
}

/* ---- geometric mean --------------------------------------------------- */

int
gs_stats_geomean_ci(const double *r, size_t n, double level, double *gm, double *lo, double *hi)
{
	double sum = 0.0, ss = 0.0, m, half;

	if (n == 0 || !(level > 0.0 && level < 1.0))
		return -1;
	for (size_t i = 0; i < n; i++)
		if (!(isfinite(r[i]) && r[i] > 0.0))
			return -1;
	for (size_t i = 0; i < n; i++)
		sum += log(r[i]);
	m = sum / (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (log(r[i]) - m) * (log(r[i]) - m);
	*gm = exp(m);
	*lo = *hi = NAN; /* one ratio has no spread: no interval */
	if (n < 2)
		return 0;
	half = gs_stats_t_quantile((1.0 + level) / 2.0, (double)(n - 1)) *
	       sqrt(ss / (double)(n - 1)) / sqrt((double)n);
	*lo = exp(m - half);
	*hi = exp(m + half);
	return 0;
}

/* ---- Mann-Whitney U --------------------------------------------------- */

/* Largest side for which scipy's method="auto" still uses the exact
 * distribution (scipy.stats._mannwhitneyu._mwu_choose_method, 1.10). */
enum { MW_EXACT_MAX = 8 };

typedef struct mw_obs {
	double v;
	int from_x;
} mw_obs;

static int
cmp_obs(const void *pa, const void *pb)
{
	const mw_obs *a = pa, *b = pb;

	return (a->v > b->v) - (a->v < b->v);
}

/* Ranks of the pooled sample (average ranks for ties): writes R1, the rank
 * sum of X, and TIE, sum over tie groups of t^3 - t.  Returns -1 on out of
 * memory. */
static int
mw_ranks(const double *x, size_t nx, const double *y, size_t ny, double *r1, double *tie)
{
	size_t n = nx + ny;
	mw_obs *o = malloc(n * sizeof *o);

	if (!o)
		return -1;
	for (size_t i = 0; i < n; i++) {
		o[i].v = i < nx ? x[i] : y[i - nx];
		o[i].from_x = i < nx;
	}
	qsort(o, n, sizeof *o, cmp_obs);
	*r1 = 0.0;
	*tie = 0.0;
	for (size_t i = 0, j; i < n; i = j) {
		double t, rank;

		for (j = i + 1; j < n && o[j].v == o[i].v; j++)
			;
		t = (double)(j - i);
		rank = (double)(i + j + 1) / 2.0; /* mean of ranks i+1 .. j */
		for (size_t k = i; k < j; k++)
			if (o[k].from_x)
				*r1 += rank;
		*tie += t * t * t - t;
	}
	free(o);
	return 0;
}

/* P(U <= K) under H0 for samples of sizes M and N without ties.  The
 * counts of U are the coefficients of the Gaussian binomial
 * prod_{j=1..m} (1 - q^(n+j)) / (1 - q^j) (Mann & Whitney 1947; Andrews,
 * The Theory of Partitions, 3.3), built one factor at a time in O(m^2 n).
 * Returns NAN on out of memory. */
static double
mw_exact_cdf(size_t m, size_t n, size_t k)
{
	double *c, below = 0.0, total = 0.0;

	if (m > n) {
		size_t s = m;
		m = n;
		n = s;
	}
	c = calloc(m * n + 1, sizeof *c);
	if (!c)
		return NAN;
	c[0] = 1.0;
	for (size_t j = 1; j <= m; j++) {
		for (size_t i = j * n; i >= n + j; i--)
			c[i] -= c[i - n - j];
		for (size_t i = j; i <= j * n; i++)
			c[i] += c[i - j];
	}
	for (size_t i = 0; i <= m * n; i++) {
		total += c[i];
		if (i <= k)
			below += c[i];
	}
	free(c);
	return below / total;
}

/* Two-sided p from the normal approximation with tie and continuity
 * correction, as scipy.stats._mannwhitneyu._get_mwu_z; U = max(U1, U2). */
static double
mw_asymptotic_p(double u, double nx, double ny, double tie)
{
	double n = nx + ny;
	double s = sqrt(nx * ny / 12.0 * ((n + 1.0) - tie / (n * (n - 1.0))));
	double num = u - nx * ny / 2.0 - 0.5;

	if (s == 0.0)
		return 1.0;
	return erfc(num / s / sqrt(2.0)); /* 2 * P(Z > z) */
}

int
gs_stats_mann_whitney(const double *x, size_t nx, const double *y, size_t ny, double *p)
{
	double r1, tie, u1, u, pv;

	if (nx == 0 || ny == 0)
		return -1;
	for (size_t i = 0; i < nx + ny; i++)
		if (isnan(i < nx ? x[i] : y[i - nx]))
			return -1;
	if (mw_ranks(x, nx, y, ny, &r1, &tie) < 0)
		return -1;
	u1 = r1 - (double)nx * (double)(nx + 1) / 2.0;
	u = fmax(u1, (double)nx * (double)ny - u1);
	pv = NAN;
	if ((nx <= MW_EXACT_MAX || ny <= MW_EXACT_MAX) && tie == 0.0)
		pv = 2.0 * mw_exact_cdf(nx, ny, nx * ny - (size_t)u);
	if (isnan(pv)) /* ties, both sides large, or no memory for exact */
		pv = mw_asymptotic_p(u, (double)nx, (double)ny, tie);
	*p = fmin(1.0, pv);
	return 0;
}

/* ---- multiple comparisons -------------------------------------------- */

typedef struct p_ref {
	double p;
	size_t at;
} p_ref;

static int
cmp_pref(const void *pa, const void *pb)
{
	const p_ref *a = pa, *b = pb;

	if (a->p != b->p)
		return (a->p > b->p) - (a->p < b->p);
	return (a->at > b->at) - (a->at < b->at);
}

/* The non-NaN entries of P[0..N) sorted ascending (ties by position);
 * the count goes to *M.  NULL on out of memory. */
static p_ref *
sorted_tested(const double *p, size_t n, size_t *m)
{
	p_ref *s = malloc((n ? n : 1) * sizeof *s);

	if (!s)
		return NULL;
	*m = 0;
	for (size_t i = 0; i < n; i++)
		if (!isnan(p[i]))
			s[(*m)++] = (p_ref){p[i], i};
	qsort(s, *m, sizeof *s, cmp_pref);
	return s;
}

int
gs_stats_holm(const double *p, size_t n, double *adj)
{
	size_t m;
	double run = 0.0;
	p_ref *s = sorted_tested(p, n, &m);

	if (!s)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (isnan(p[i]))
			adj[i] = NAN;
	for (size_t j = 0; j < m; j++) {
		run = fmax(run, fmin(1.0, (double)(m - j) * s[j].p));
		adj[s[j].at] = run;
	}
	free(s);
	return 0;
}

int
gs_stats_bh(const double *p, size_t n, double *adj)
{
	size_t m;
	double run = 1.0;
	p_ref *s = sorted_tested(p, n, &m);

	if (!s)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (isnan(p[i]))
			adj[i] = NAN;
	for (size_t j = m; j-- > 0;) {
		run = fmin(run, fmin(1.0, (double)m / (double)(j + 1) * s[j].p));
		adj[s[j].at] = run;
	}
	free(s);
	return 0;
}

gs_time_stats
gs_record_stats(const gs_record *r)
{
	gs_time_stats t = {.median = r->t.median, .count = r->t.count};

	if (r->nsamples == 0)
		return t;
	t.mean = gs_stats_mean(r->samples, r->nsamples);
	t.std = gs_stats_stddev(r->samples, r->nsamples);
	t.min = t.max = r->samples[0];
	for (size_t i = 0; i < r->nsamples; i++) {
		t.min = fmin(t.min, r->samples[i]);
		t.max = fmax(t.max, r->samples[i]);
		t.sum += r->samples[i];
	}
	return t;
}

double
gs_record_call_us(const gs_record *r)
{
	double mean = gs_stats_mean(r->samples, r->nsamples);

	return isfinite(mean) && mean > 0 ? mean : r->t.median;
}
