/* test_changepoint: E-Divisive with a t-test on planted nightly series.
 *
 * Series are built here from a level and deterministic pseudo-noise (a
 * 32-bit linear congruential generator, Numerical Recipes constants), so
 * every expectation is a property of the planted step.  The one p-value
 * checked against an outside number was computed once with scipy 1.10.1
 * scipy.stats.ttest_ind(before, after) on the same generated values.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "model/changepoint.h"
#include "model/stats.h"

/* Uniform pseudo-noise in [-1, 1). */
static double
noise(uint32_t *state)
{
	*state = *state * 1664525u + 1013904223u;
	return (double)*state / 4294967296.0 * 2.0 - 1.0;
}

/* T[i] = level(i) * (1 + AMP * noise) with level BASE before run STEP1,
 * L1 from STEP1, L2 from STEP2 (a step index >= n means no step). */
static void
series(double *t, size_t n, uint32_t seed, double amp, double base, size_t step1, double l1,
       size_t step2, double l2)
{
	uint32_t st = seed;

	for (size_t i = 0; i < n; i++) {
		double level = i >= step2 ? l2 : i >= step1 ? l1 : base;

		t[i] = level * (1.0 + amp * noise(&st));
	}
}

static gs_cp *
detect(const double *t, size_t n, const gs_cp_params *par, size_t *k)
{
	gs_cp *cp = NULL;

	assert_int_equal(gs_cp_detect(t, n, par, &cp, k), 0);
	assert_true((*k == 0) == (cp == NULL));
	return cp;
}

static void
planted_step(void **state)
{
	double t[12];
	size_t k;
	gs_cp *cp;

	(void)state;
	series(t, 12, 1, 0.01, 100.0, 7, 115.0, 99, 0);
	cp = detect(t, 12, NULL, &k);
	assert_int_equal(k, 1);
	assert_int_equal(cp[0].index, 7);
	assert_false(cp[0].pending);
	assert_int_equal(cp[0].runs_before, 7);
	assert_int_equal(cp[0].runs_after, 5);
	assert_true(cp[0].mean_before == gs_stats_mean(t, 7));
	assert_true(cp[0].mean_after == gs_stats_mean(t + 7, 5));
	assert_true(cp[0].median_before == gs_stats_median(t, 7));
	assert_true(cp[0].median_after == gs_stats_median(t + 7, 5));
	assert_true(cp[0].ratio == cp[0].median_after / cp[0].median_before);
	assert_true(cp[0].ratio > 1.15 / 1.02 && cp[0].ratio < 1.15 * 1.02);
	assert_true(fabs(cp[0].magnitude - (cp[0].ratio - 1.0)) < 1e-15);
	/* scipy.stats.ttest_ind(t[:7], t[7:]).pvalue */
	assert_true(fabs(cp[0].pvalue - 4.257603049356318e-13) <
	            1e-9 * 4.257603049356318e-13 + 1e-16);
	free(cp);
}

static void
two_steps(void **state)
{
	double t[24];
	size_t k;
	gs_cp *cp;

	(void)state;
	/* slower at 8, then faster than ever at 16 */
	series(t, 24, 7, 0.01, 100.0, 8, 118.0, 16, 92.0);
	cp = detect(t, 24, NULL, &k);
	assert_int_equal(k, 2);
	assert_int_equal(cp[0].index, 8);
	assert_int_equal(cp[1].index, 16);
	assert_true(cp[0].ratio > 1.1 && cp[1].ratio < 0.85);
	assert_int_equal(cp[0].runs_after, 8);
	assert_int_equal(cp[1].runs_before, 8);
	assert_true(cp[0].pvalue <= 0.001 && cp[1].pvalue <= 0.001);
	assert_false(cp[0].pending || cp[1].pending);
	free(cp);
}

/* A step followed by a one-run return at the last run (found by the
 * history command on runs 0..8 of its planted series): the first step is
 * confirmed and the return is pending; neither hides the other. */
static void
step_then_young_return(void **state)
{
	const double t[9] = {350, 352, 348, 445, 447, 443, 446, 444, 352};
	size_t k = 0;
	gs_cp *cp = NULL;

	(void)state;
	assert_int_equal(gs_cp_detect(t, 9, NULL, &cp, &k), 0);
	assert_int_equal(k, 2);
	assert_int_equal(cp[0].index, 3);
	assert_false(cp[0].pending);
	assert_int_equal(cp[0].runs_after, 5);
	assert_true(cp[0].ratio > 1.25 && cp[0].ratio < 1.3);
	assert_int_equal(cp[1].index, 8);
	assert_true(cp[1].pending);
	assert_true(cp[1].ratio < 0.8);
	free(cp);
}

static void
noise_only(void **state)
{
	double t[80];
	size_t k;

	(void)state;
	for (uint32_t seed = 1; seed <= 20; seed++) {
		series(t, 12, seed, 0.03, 100.0, 99, 0, 99, 0);
		assert_null(detect(t, 12, NULL, &k));
		assert_int_equal(k, 0);
		series(t, 80, seed, 0.03, 100.0, 99, 0, 99, 0);
		assert_null(detect(t, 80, NULL, &k));
		assert_int_equal(k, 0);
	}
}

static void
spike_is_not_a_change(void **state)
{
	double t[12], t24[24];
	gs_cp_params par;
	size_t k;

	(void)state;
	series(t, 12, 3, 0.01, 100.0, 99, 0, 99, 0);
	t[5] = 130.0;
	assert_null(detect(t, 12, NULL, &k));
	/* even when one-run segments are allowed, the level must persist */
	gs_cp_params_default(&par);
	par.min_segment = 1;
	assert_null(detect(t, 12, &par, &k));
	assert_int_equal(k, 0);
	/* a spike anywhere but the last run, up or down, on other noise: a
	 * spike next to a segment boundary must not pass as a two-run level */
	for (uint32_t seed = 1; seed <= 10; seed++)
		for (size_t at = 0; at + 1 < 24; at++) {
			series(t24, 24, seed, 0.01, 100.0, 99, 0, 99, 0);
			t24[at] *= seed % 2 ? 1.3 : 0.7;
			assert_null(detect(t24, 24, NULL, &k));
		}
}

static void
step_at_last_run_is_pending(void **state)
{
	double t[12];
	gs_cp_params par;
	size_t k;
	gs_cp *cp;

	(void)state;
	series(t, 12, 5, 0.01, 100.0, 11, 115.0, 99, 0);
	cp = detect(t, 12, NULL, &k);
	assert_int_equal(k, 1);
	assert_int_equal(cp[0].index, 11);
	assert_true(cp[0].pending);
	assert_int_equal(cp[0].runs_after, 1);
	assert_true(cp[0].ratio > 1.1);
	free(cp);
	/* persist 1 with one-run segments: the same step is confirmed */
	gs_cp_params_default(&par);
	par.persist = 1;
	par.min_segment = 1;
	cp = detect(t, 12, &par, &k);
	assert_int_equal(k, 1);
	assert_int_equal(cp[0].index, 11);
	assert_false(cp[0].pending);
	free(cp);
	/* two runs at the new level persist under the default */
	series(t, 12, 5, 0.01, 100.0, 10, 115.0, 99, 0);
	cp = detect(t, 12, NULL, &k);
	assert_int_equal(k, 1);
	assert_int_equal(cp[0].index, 10);
	assert_false(cp[0].pending);
	free(cp);
	/* persist 3: two runs are not enough yet */
	gs_cp_params_default(&par);
	par.persist = 3;
	cp = detect(t, 12, &par, &k);
	assert_int_equal(k, 1);
	assert_int_equal(cp[0].index, 10);
	assert_true(cp[0].pending);
	free(cp);
}

static void
small_step_below_magnitude(void **state)
{
	double t[30];
	gs_cp_params par;
	size_t k;
	gs_cp *cp;

	(void)state;
	/* a clean 3 % step is significant but below the 5 % gate */
	series(t, 30, 11, 0.002, 100.0, 15, 103.0, 99, 0);
	assert_null(detect(t, 30, NULL, &k));
	gs_cp_params_default(&par);
	par.min_magnitude = 0.02;
	cp = detect(t, 30, &par, &k);
	assert_int_equal(k, 1);
	assert_int_equal(cp[0].index, 15);
	free(cp);
}

static void
missing_runs(void **state)
{
	double t[14];
	size_t k;
	gs_cp *cp;

	(void)state;
	series(t, 14, 9, 0.01, 100.0, 7, 115.0, 99, 0);
	t[3] = NAN;
	cp = detect(t, 14, NULL, &k);
	assert_int_equal(k, 1);
	assert_int_equal(cp[0].index, 7);
	assert_int_equal(cp[0].runs_before, 6);
	free(cp);
	/* the first run after the step is missing: the next one is named */
	t[7] = NAN;
	t[0] = 0.0; /* not a time: skipped too */
	cp = detect(t, 14, NULL, &k);
	assert_int_equal(k, 1);
	assert_int_equal(cp[0].index, 8);
	assert_int_equal(cp[0].runs_before, 5);
	assert_int_equal(cp[0].runs_after, 6);
	free(cp);
}

static void
long_series_windows(void **state)
{
	double t[150];
	size_t k;
	gs_cp *cp;

	(void)state;
	/* steps far apart in a series three windows long */
	series(t, 150, 13, 0.02, 100.0, 40, 112.0, 110, 100.0);
	cp = detect(t, 150, NULL, &k);
	assert_int_equal(k, 2);
	assert_int_equal(cp[0].index, 40);
	assert_int_equal(cp[1].index, 110);
	assert_int_equal(cp[0].runs_after, 70);
	free(cp);
}

static void
params_and_degenerate(void **state)
{
	double t[12];
	gs_cp_params par;
	gs_cp *cp = (gs_cp *)&par;
	size_t k = 5;

	(void)state;
	series(t, 12, 1, 0.01, 100.0, 7, 115.0, 99, 0);
	gs_cp_params_default(&par);
	assert_true(par.max_pvalue == 0.001 && par.min_magnitude == 0.05);
	assert_int_equal(par.min_segment, 2);
	assert_int_equal(par.persist, 2);
	par.min_segment = 0;
	assert_int_equal(gs_cp_detect(t, 12, &par, &cp, &k), -1);
	assert_null(cp);
	assert_int_equal(k, 0);
	gs_cp_params_default(&par);
	par.window = 3; /* < 2 * min_segment */
	assert_int_equal(gs_cp_detect(t, 12, &par, &cp, &k), -1);
	gs_cp_params_default(&par);
	par.max_pvalue = 0.0;
	assert_int_equal(gs_cp_detect(t, 12, &par, &cp, &k), -1);
	assert_null(detect(t, 0, NULL, &k));
	assert_null(detect(t, 3, NULL, &k));
	for (size_t i = 0; i < 12; i++)
		t[i] = 50.0;
	assert_null(detect(t, 12, NULL, &k));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(planted_step),
	        cmocka_unit_test(two_steps),
	        cmocka_unit_test(noise_only),
	        cmocka_unit_test(spike_is_not_a_change),
	        cmocka_unit_test(step_at_last_run_is_pending),
	        cmocka_unit_test(step_then_young_return),
	        cmocka_unit_test(small_step_below_magnitude),
	        cmocka_unit_test(missing_runs),
	        cmocka_unit_test(long_series_windows),
	        cmocka_unit_test(params_and_degenerate),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
