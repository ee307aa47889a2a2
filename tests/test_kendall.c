/* test_kendall.c: Kendall's tau-b (model/kendall.h) against scipy 1.10.1's
 * scipy.stats.kendalltau (values below printed by it) and against the
 * O(n^2) definition. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "model/kendall.h"

/* tau-b by its definition: every pair once. */
static double
tau_b_slow(const double *x, const double *y, size_t n)
{
	double s = 0, tx = 0, ty = 0, n0 = (double)n * (double)(n - 1) / 2;

	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			double dx = x[i] - x[j], dy = y[i] - y[j];
			s += (dx > 0) - (dx < 0) == 0 || (dy > 0) - (dy < 0) == 0
			             ? 0
			             : ((dx > 0) == (dy > 0) ? 1 : -1);
			tx += dx == 0;
			ty += dy == 0;
		}
	return s / sqrt((n0 - tx) * (n0 - ty));
}

static void
test_scipy_values(void **state)
{
	const double x[] = {1, 2, 2, 3, 4, 5, 5, 5, 6, 7, 8, 9};
	const double y[] = {2, 1, 3, 3, 5, 4, 4, 6, 8, 7, 9, 9};
	const double up[] = {1, 2, 3}, down[] = {3, 2, 1}, flat[] = {1, 1, 1};
	double tau;

	(void)state;
	assert_int_equal(gs_kendall_tau_b(x, y, 12, &tau), 0);
	assert_true(fabs(tau - 0.8320266252780202) < 1e-15);
	assert_int_equal(gs_kendall_tau_b(up, down, 3, &tau), 0);
	assert_true(tau == -1);
	assert_int_equal(gs_kendall_tau_b(flat, up, 3, &tau), 0);
	assert_true(isnan(tau)); /* scipy: nan for a constant input */
	assert_int_equal(gs_kendall_tau_b(up, up, 1, &tau), 0);
	assert_true(isnan(tau));
}

/* 5,000 pairs with many ties on both sides: scipy gives
 * 0.21383157822457305; the definition agrees. */
static void
test_large_with_ties(void **state)
{
	enum { N = 5000 };
	double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y), tau;

	(void)state;
	assert_non_null(x);
	assert_non_null(y);
	for (size_t i = 0; i < N; i++) {
		x[i] = (double)((i * 37) % 101);
		y[i] = (double)((i * 53) % 97 + ((i * 37) % 101) / 3);
	}
	assert_int_equal(gs_kendall_tau_b(x, y, N, &tau), 0);
	assert_true(fabs(tau - 0.21383157822457305) < 1e-13);
	assert_true(fabs(tau - tau_b_slow(x, y, N)) < 1e-13);
	free(x);
	free(y);
}

/* Random data, no structure: the fast count equals the definition. */
static void
test_random_against_definition(void **state)
{
	enum { N = 777 };
	double x[N], y[N], tau;
	uint64_t s = 88172645463325252u;

	(void)state;
	for (size_t i = 0; i < N; i++) {
		s ^= s << 13, s ^= s >> 7, s ^= s << 17;
		x[i] = (double)(s % 50);
		y[i] = (double)((s >> 20) % 1000) / 7.0;
	}
	assert_int_equal(gs_kendall_tau_b(x, y, N, &tau), 0);
	assert_true(fabs(tau - tau_b_slow(x, y, N)) < 1e-13);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_scipy_values),
	        cmocka_unit_test(test_large_with_ties),
	        cmocka_unit_test(test_random_against_definition),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
