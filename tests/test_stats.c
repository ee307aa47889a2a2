/* test_stats: descriptive statistics, t quantiles, the geometric mean and
 * its interval, the Mann-Whitney U test, Holm and Benjamini-Hochberg.
 *
 * Reference numbers: t quantiles from printed tables (and cot(pi/40) for
 * df 1); Mann-Whitney p-values from scipy 1.10.1
 * scipy.stats.mannwhitneyu(x, y, alternative='two-sided', method='auto'),
 * computed once while writing this file; the rest by hand as commented.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "model/stats.h"

#define N_OF(a) (sizeof(a) / sizeof *(a))

/* Fail unless GOT is within relative tolerance REL of WANT. */
#define assert_near(got, want, rel) check_near((got), (want), (rel), #got, __FILE__, __LINE__)

static void
check_near(double got, double want, double rel, const char *what, const char *file, int line)
{
	if (!(fabs(got - want) <= rel * fabs(want)))
		fail_msg("%s:%d: %s = %.17g, want %.17g (rel %g)", file, line, what, got, want,
		         rel);
}

/* ---- median, mean, stddev -------------------------------------------- */

static void
median_odd_even(void **state)
{
	double odd[] = {5.0, 1.0, 4.0, 2.0, 3.0};
	double even[] = {8.0, 1.0, 4.0, 2.0};

	(void)state;
	assert_near(gs_stats_median(odd, 5), 3.0, 0);
	assert_near(gs_stats_median(even, 4), 3.0, 0); /* (2 + 4) / 2 */
	assert_near(gs_stats_median(even, 3), 4.0, 0); /* {8, 1, 4} */
	/* input untouched */
	assert_near(odd[0], 5.0, 0);
	assert_near(even[0], 8.0, 0);
}

static void
one_value_and_empty(void **state)
{
	double one[] = {42.5};

	(void)state;
	assert_near(gs_stats_median(one, 1), 42.5, 0);
	assert_near(gs_stats_mean(one, 1), 42.5, 0);
	assert_true(isnan(gs_stats_stddev(one, 1)));
	assert_true(isnan(gs_stats_median(one, 0)));
	assert_true(isnan(gs_stats_mean(one, 0)));
	assert_true(isnan(gs_stats_stddev(one, 0)));
}

static void
all_equal(void **state)
{
	double x[] = {7.25, 7.25, 7.25, 7.25, 7.25, 7.25};

	(void)state;
	assert_near(gs_stats_median(x, 6), 7.25, 0);
	assert_near(gs_stats_mean(x, 6), 7.25, 0);
	assert_true(gs_stats_stddev(x, 6) == 0.0);
}

static void
mean_stddev_hand(void **state)
{
	/* mean 5; squared deviations sum 32; 32/7 -> sd 2.138089935299395 */
	double x[] = {2, 4, 4, 4, 5, 5, 7, 9};

	(void)state;
	assert_near(gs_stats_mean(x, 8), 5.0, 1e-15);
	assert_near(gs_stats_stddev(x, 8), sqrt(32.0 / 7.0), 1e-15);
	assert_near(gs_stats_stddev(x, 8), 2.138089935299395, 1e-14);
	/* two values: |a - b| / sqrt(2) */
	assert_near(gs_stats_stddev(x, 2), 2.0 / sqrt(2.0), 1e-15);
}

/* ---- t quantiles ------------------------------------------------------ */

static void
t_quantile_table(void **state)
{
	(void)state;
	/* t_{0.975,1} = cot(pi/40) = 12.7062047361747 */
	assert_near(gs_stats_t_quantile(0.975, 1), 12.706204736174707, 1e-12);
	assert_near(gs_stats_t_quantile(0.975, 1), 12.706204736, 1e-10);
	assert_near(gs_stats_t_quantile(0.975, 2), 4.302652730, 1e-9);
	assert_near(gs_stats_t_quantile(0.975, 10), 2.228138852, 1e-9);
	assert_near(gs_stats_t_quantile(0.975, 30), 2.042272456, 1e-9);
	assert_near(gs_stats_t_quantile(0.975, 1e6), 1.959966357, 1e-9);
	/* the normal limit: z_{0.975} = 1.959963985 */
	assert_near(gs_stats_t_quantile(0.975, 1e6), 1.959963985, 2e-6);
	/* other levels, tabled: t_{0.995,5}, t_{0.95,4}, t_{0.9995,3} */
	assert_near(gs_stats_t_quantile(0.995, 5), 4.032142984, 1e-9);
	assert_near(gs_stats_t_quantile(0.95, 4), 2.131846786, 1e-9);
	assert_near(gs_stats_t_quantile(0.9995, 3), 12.92397864, 1e-9);
}

static void
t_quantile_symmetry_and_domain(void **state)
{
	(void)state;
	assert_true(gs_stats_t_quantile(0.5, 7) == 0.0);
	assert_near(gs_stats_t_quantile(0.025, 10), -2.228138852, 1e-9);
	assert_near(gs_stats_t_quantile(0.025, 2), -4.302652730, 1e-9);
	assert_true(isnan(gs_stats_t_quantile(0.0, 5)));
	assert_true(isnan(gs_stats_t_quantile(1.0, 5)));
	assert_true(isnan(gs_stats_t_quantile(0.9, 0.5)));
	/* df 2 closed form: t = (2p - 1) / sqrt(2 p (1 - p)) */
	assert_near(gs_stats_t_quantile(0.9, 2), 0.8 / sqrt(2 * 0.9 * 0.1), 1e-12);
}

/* ---- geometric mean --------------------------------------------------- */

static void
geomean_two_ratios(void **state)
{
	/* ln 2 and ln 8: mean 2 ln 2, sd sqrt(2) ln 2, n 2, so the half-width
	 * is t_{0.975,1} ln 2 and the interval is 2^(2 -+ 12.7062...). */
	double r[] = {2.0, 8.0}, gm, lo, hi;
	double t1 = 12.706204736174707;

	(void)state;
	assert_int_equal(gs_stats_geomean_ci(r, 2, 0.95, &gm, &lo, &hi), 0);
	assert_near(gm, 4.0, 1e-15);
	assert_near(lo, pow(2.0, 2.0 - t1), 1e-11);
	assert_near(hi, pow(2.0, 2.0 + t1), 1e-11);
}

static void
geomean_six_ratios(void **state)
{
	/* gm = (1.10 1.25 0.92 1.31 1.05 0.98)^(1/6); interval from
	 * t_{0.975,5} = 2.5705818366 (95 %) and t_{0.95,5} (90 %). */
	double r[] = {1.10, 1.25, 0.92, 1.31, 1.05, 0.98}, gm, lo, hi;

	(void)state;
	assert_int_equal(gs_stats_geomean_ci(r, 6, 0.95, &gm, &lo, &hi), 0);
	assert_near(gm, pow(1.10 * 1.25 * 0.92 * 1.31 * 1.05 * 0.98, 1.0 / 6), 1e-14);
	assert_near(gm, 1.0930235837474815, 1e-12);
	assert_near(lo, 0.9464932079718061, 1e-9);
	assert_near(hi, 1.2622389094457982, 1e-9);
	assert_int_equal(gs_stats_geomean_ci(r, 6, 0.90, &gm, &lo, &hi), 0);
	assert_near(lo, 0.9763984896589358, 1e-9);
	assert_near(hi, 1.2235788638361236, 1e-9);
}

static void
geomean_one_ratio(void **state)
{
	double r[] = {1.75}, gm = 0, lo = 0, hi = 0;

	(void)state;
	assert_int_equal(gs_stats_geomean_ci(r, 1, 0.95, &gm, &lo, &hi), 0);
	assert_near(gm, 1.75, 1e-15);
	assert_true(isnan(lo) && isnan(hi)); /* one ratio: no interval */
}

static void
geomean_rejects(void **state)
{
	double zero[] = {1.1, 0.0, 0.9};
	double neg[] = {1.1, -2.0};
	double nan_[] = {NAN, 1.0};
	double inf_[] = {1.0, INFINITY};
	double gm = -7, lo = -7, hi = -7;

	(void)state;
	assert_int_equal(gs_stats_geomean_ci(zero, 3, 0.95, &gm, &lo, &hi), -1);
	assert_int_equal(gs_stats_geomean_ci(neg, 2, 0.95, &gm, &lo, &hi), -1);
	assert_int_equal(gs_stats_geomean_ci(nan_, 2, 0.95, &gm, &lo, &hi), -1);
	assert_int_equal(gs_stats_geomean_ci(inf_, 2, 0.95, &gm, &lo, &hi), -1);
	assert_int_equal(gs_stats_geomean_ci(zero, 0, 0.95, &gm, &lo, &hi), -1);
	assert_true(gm == -7 && lo == -7 && hi == -7);
}

/* ---- Mann-Whitney ----------------------------------------------------- */

static double
mw(const double *x, size_t nx, const double *y, size_t ny)
{
	double p = -1.0;

	assert_int_equal(gs_stats_mann_whitney(x, nx, y, ny, &p), 0);
	return p;
}

static void
mw_exact_minimum_p(void **state)
{
	double a[] = {1, 2, 3, 4}, b[] = {5, 6, 7, 8};

	(void)state;
	/* fully separated: 2 / C(8,4) = 2/70 and 2 / C(6,3) = 0.1 */
	assert_near(mw(a, 4, b, 4), 2.0 / 70.0, 1e-14);
	assert_near(mw(b, 4, a, 4), 0.0285714286, 5e-9); /* 10 digits */
	assert_near(mw(a, 3, b, 3), 0.1, 1e-14);
	/* 1 vs 1 can never be significant */
	assert_near(mw(a, 1, b, 1), 1.0, 0);
}

static void
mw_exact_scipy(void **state)
{
	double x5[] = {1.1, 2.5, 3.2, 4.8, 6.0};
	double y7[] = {2.0, 3.0, 3.9, 5.1, 5.5, 6.6, 7.3};
	double x8[8], y30[30], y400[400];

	(void)state;
	assert_near(mw(x5, 5, y7, 7), 0.3434343434343435, 1e-12);
	assert_near(mw(y7, 7, x5, 5), 0.3434343434343435, 1e-12);
	/* 8 vs 30, no ties: still exact under scipy's rule */
	for (int i = 0; i < 8; i++)
		x8[i] = 100 + ((i * 37) % 53) * 0.1;
	for (int i = 0; i < 30; i++)
		y30[i] = 101 + ((i * 29) % 47) * 0.1 + 0.05;
	assert_near(mw(x8, 8, y30, 30), 0.14960727139894223, 1e-12);
	/* 8 and 3 against 400 (no ties among the 408 values): exact */
	for (int i = 0; i < 8; i++)
		x8[i] = 100 + ((i * 37) % 53) * 0.1 + 0.013;
	for (int i = 0; i < 400; i++)
		y400[i] = 100.3 + ((i * 29) % 401) * 0.01 + 0.0005 * i;
	assert_near(mw(x8, 8, y400, 400), 0.9561709189418051, 1e-12);
	assert_near(mw(x8, 3, y400, 400), 0.6525918823917211, 1e-12);
}

static void
mw_asymptotic_no_ties(void **state)
{
	double x[25], y[30], y10[10];

	(void)state;
	/* both sides > 8: normal approximation with continuity correction
	 * (the exact p for this 10 vs 10 would be 0.5288488601182101) */
	for (int i = 0; i < 25; i++)
		x[i] = 100 + ((i * 37) % 53) * 0.1;
	for (int i = 0; i < 10; i++)
		y10[i] = 100.5 + ((i * 29) % 47) * 0.1 + 0.05;
	assert_near(mw(x, 10, y10, 10), 0.5205228832757727, 1e-12);
	for (int i = 0; i < 30; i++)
		y[i] = 100.7 + ((i * 29) % 47) * 0.1 + 0.05;
	assert_near(mw(x, 25, y, 30), 0.4027596942538769, 1e-12);
	for (int i = 0; i < 30; i++)
		y[i] = 101.7 + ((i * 29) % 47) * 0.1 + 0.05;
	assert_near(mw(x, 25, y, 30), 0.003951898220982055, 1e-12);
}

static void
mw_ties(void **state)
{
	double a[] = {10, 11, 11, 12, 13}, b[] = {11, 12, 12, 14, 15, 15};
	double c[] = {3, 3, 3, 4}, d[] = {3, 4, 4, 5};
	double x[40], y[35];

	(void)state;
	assert_near(mw(a, 5, b, 6), 0.1130499788563229, 1e-12);
	assert_near(mw(c, 4, d, 4), 0.2059032107320684, 1e-12);
	for (int i = 0; i < 40; i++)
		x[i] = (i * 7) % 11;
	for (int i = 0; i < 35; i++)
		y[i] = (i * 5) % 13 + 2;
	assert_near(mw(x, 40, y, 35), 0.002575042471672925, 1e-12);
	assert_near(mw(y, 35, x, 40), 0.002575042471672925, 1e-12);
}

static void
mw_degenerate(void **state)
{
	double e[] = {2, 2, 2}, one[] = {2}, nan_[] = {1, NAN}, p = -3;

	(void)state;
	assert_near(mw(e, 3, e, 2), 1.0, 0);
	assert_near(mw(one, 1, one, 1), 1.0, 0);
	assert_int_equal(gs_stats_mann_whitney(e, 0, e, 3, &p), -1);
	assert_int_equal(gs_stats_mann_whitney(e, 3, e, 0, &p), -1);
	assert_int_equal(gs_stats_mann_whitney(e, 3, nan_, 2, &p), -1);
	assert_true(p == -3);
}

/* ---- Holm and Benjamini-Hochberg -------------------------------------- */

static void
holm_bh_worked(void **state)
{
	/* sorted 0.005 0.01 0.03 0.04:
	 * Holm 4*0.005 3*0.01 2*0.03 max(0.06, 1*0.04) -> 0.02 0.03 0.06 0.06
	 * BH   min over j>=i of 4/j p_(j): 0.02 0.02 0.04 0.04 */
	double p[] = {0.01, 0.04, 0.03, 0.005};
	double holm[] = {0.03, 0.06, 0.06, 0.02};
	double bh[] = {0.02, 0.04, 0.04, 0.02};
	double adj[4];

	(void)state;
	assert_int_equal(gs_stats_holm(p, 4, adj), 0);
	for (int i = 0; i < 4; i++)
		assert_near(adj[i], holm[i], 1e-14);
	assert_int_equal(gs_stats_bh(p, 4, adj), 0);
	for (int i = 0; i < 4; i++)
		assert_near(adj[i], bh[i], 1e-14);
}

static void
holm_bh_nan_alias_cap(void **state)
{
	double p[] = {0.01, NAN, 0.04, 0.03, NAN, 0.005};
	double q[6];
	double big[] = {0.5, 0.6}, adj[2];

	(void)state;
	for (int i = 0; i < 6; i++)
		q[i] = p[i];
	assert_int_equal(gs_stats_holm(q, 6, q), 0); /* aliasing allowed */
	assert_near(q[0], 0.03, 1e-14);
	assert_true(isnan(q[1]) && isnan(q[4]));
	assert_near(q[2], 0.06, 1e-14);
	assert_near(q[3], 0.06, 1e-14);
	assert_near(q[5], 0.02, 1e-14);
	for (int i = 0; i < 6; i++)
		q[i] = p[i];
	assert_int_equal(gs_stats_bh(q, 6, q), 0);
	assert_near(q[0], 0.02, 1e-14);
	assert_true(isnan(q[1]) && isnan(q[4]));
	assert_near(q[2], 0.04, 1e-14);
	assert_near(q[3], 0.04, 1e-14);
	assert_near(q[5], 0.02, 1e-14);
	/* capped at 1: Holm 2*0.5 = 1; BH min(2*0.5, 0.6) = 0.6 */
	assert_int_equal(gs_stats_holm(big, 2, adj), 0);
	assert_true(adj[0] == 1.0 && adj[1] == 1.0);
	assert_int_equal(gs_stats_bh(big, 2, adj), 0);
	assert_near(adj[0], 0.6, 1e-15);
	assert_near(adj[1], 0.6, 1e-15);
	/* nothing tested */
	assert_int_equal(gs_stats_holm(p + 1, 1, adj), 0);
	assert_true(isnan(adj[0]));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(median_odd_even),
	        cmocka_unit_test(one_value_and_empty),
	        cmocka_unit_test(all_equal),
	        cmocka_unit_test(mean_stddev_hand),
	        cmocka_unit_test(t_quantile_table),
	        cmocka_unit_test(t_quantile_symmetry_and_domain),
	        cmocka_unit_test(geomean_two_ratios),
	        cmocka_unit_test(geomean_six_ratios),
	        cmocka_unit_test(geomean_one_ratio),
	        cmocka_unit_test(geomean_rejects),
	        cmocka_unit_test(mw_exact_minimum_p),
	        cmocka_unit_test(mw_exact_scipy),
	        cmocka_unit_test(mw_asymptotic_no_ties),
	        cmocka_unit_test(mw_ties),
	        cmocka_unit_test(mw_degenerate),
	        cmocka_unit_test(holm_bh_worked),
	        cmocka_unit_test(holm_bh_nan_alias_cap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
