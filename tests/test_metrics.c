/* test_metrics: per-metric deltas of extra columns.  On the Intel Arc B580
 * record's hardware counters (tests/data/history/xe/, values verbatim from
 * reference/seeds/xe-gemm-optimization-record.md): the ratios and the
 * differences the record itself comments on.  On small in-memory tables:
 * the ratio rules (0/0, x/0, negative, missing), the geomean over several
 * shapes and the columns present on one side only. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testdata.h"

#include "analysis/compare.h"
#include "analysis/metrics.h"
#include "ingest/ingest.h"

static const char *const counters[4] = {
        "GPU_MEMORY_BYTE_READ",
        "XVE_INST_EXECUTED_ALU0_ALL",
        "XVE_INST_EXECUTED_ALU1_ALL",
        "XVE_INST_EXECUTED_ALU2_ALL",
};

static gs_table *
load(const char *name)
{
	char rel[256];

	snprintf(rel, sizeof rel, "%s%s", "tests/data/history/xe/", name);
	return gs_test_read(gs_test_path(rel), NULL);
}

/* The one row of metric NAME when comparing BASE_FILE to CAND_FILE. */
typedef struct xe_pair {
	gs_table *b, *k;
	gs_compare c;
	gs_metrics m;
} xe_pair;

static void
xe_open(xe_pair *x, const char *base, const char *cand)
{
	gs_compare_opts o;
	gs_error err;

	x->b = load(base);
	x->k = load(cand);
	gs_compare_opts_default(&o);
	assert_int_equal(gs_compare_run(x->b, x->k, &o, &x->c, &err), 0);
	assert_int_equal(gs_metrics_run(&x->c, &x->m, &err), 0);
	assert_int_equal(x->m.n, 4);
	assert_int_equal(x->m.only_in_baseline + x->m.only_in_candidate, 0);
	for (size_t i = 0; i < 4; i++) {
		const gs_metric_delta *d = gs_metrics_find(&x->m, counters[i]);
		assert_non_null(d);
		assert_int_equal(d->nrows, 1);
		assert_int_equal(d->ngeomean, 1);
		assert_true(fabs(d->geomean_ratio / d->rows[0].ratio - 1) < 1e-12);
	}
}

static void
xe_close(xe_pair *x)
{
	gs_metrics_free(&x->m);
	gs_compare_free(&x->c);
	gs_table_free(x->b);
	gs_table_free(x->k);
}

static const gs_metric_row *
row(const xe_pair *x, size_t counter)
{
	return &gs_metrics_find(&x->m, counters[counter])->rows[0];
}

/* Finding2: f16 against the i8 kernel: i8 reads less memory, but runs 36×
 * the FP (ALU0) and 13× the INT (ALU1) instructions; XMX about the same. */
static void
xe_f16_vs_i8(void **state)
{
	xe_pair x;

	(void)state;
	xe_open(&x, "f16.csv", "try1-i8.csv");
	assert_true(row(&x, 0)->base == 124811492864.0);
	assert_true(row(&x, 0)->cand == 54139320320.0);
	assert_true(row(&x, 0)->ratio == 54139320320.0 / 124811492864.0);
	assert_true(row(&x, 0)->ratio < 0.44);
	assert_true(fabs(row(&x, 1)->ratio - 163528650752.0 / 4564036949.0) < 1e-12);
	assert_true(row(&x, 1)->ratio > 35 && row(&x, 1)->ratio < 36);
	assert_true(row(&x, 2)->ratio > 12 && row(&x, 2)->ratio < 13.1);
	assert_true(fabs(row(&x, 3)->ratio - 1) < 0.012);
	/* 88 T/s against 28 T/s: the i8 kernel is slower. */
	assert_true(fabs(x.c.pairs[0].speedup - 28.0 / 88.0) < 1e-6);
	xe_close(&x);
}

/* TRY2 against TRY1: ALU0 and ALU1 "reduced but not enough", memory and
 * XMX "no change". */
static void
xe_try2(void **state)
{
	xe_pair x;

	(void)state;
	xe_open(&x, "try1-i8.csv", "try2.csv");
	assert_true(row(&x, 1)->ratio == 136892360472.0 / 163528650752.0);
	assert_true(row(&x, 2)->ratio == 125696550983.0 / 178796282624.0);
	assert_true(row(&x, 1)->ratio < 0.9 && row(&x, 2)->ratio < 0.71);
	assert_true(fabs(row(&x, 0)->ratio - 1) < 0.002);
	assert_true(fabs(row(&x, 3)->ratio - 1) < 0.002);
	assert_true(fabs(x.c.pairs[0].speedup - 44.0 / 28.0) < 1e-6);
	xe_close(&x);
}

/* TRY3 (mul+add to mad) against TRY2: ALU0 "reduced ~26G" (theoretical
 * 26.8G), everything else "no change". */
static void
xe_try3(void **state)
{
	xe_pair x;

	(void)state;
	xe_open(&x, "try2.csv", "try3.csv");
	assert_true(row(&x, 1)->base - row(&x, 1)->cand == 26109949720.0);
	assert_true(fabs((row(&x, 1)->base - row(&x, 1)->cand) / 26.8e9 - 1) < 0.03);
	for (size_t i = 0; i < 4; i++)
		if (i != 1)
			assert_true(fabs(row(&x, i)->ratio - 1) < 0.0015);
	assert_true(row(&x, 3)->ratio == 105906176000.0 / 105782711890.0);
	xe_close(&x);
}

/* ---- synthetic: the ratio rules ---------------------------------------- */

static gs_table *
table_with(const char *path, const char *const *extra, size_t nextra, const double (*values)[3],
           size_t nshapes)
{
	gs_table *t = gs_table_new(path);
	gs_error err;

	assert_non_null(t);
	for (size_t j = 0; j < nextra; j++)
		assert_int_equal(gs_table_add_extra_name(t, extra[j]), (int)j);
	for (size_t i = 0; i < nshapes; i++) {
		gs_shape s;
		gs_shape_init(&s);
		s.M = 1024 * (long)(i + 1);
		s.N = s.K = 512;
		strcpy(s.dtype, "f16");
		gs_record *r = gs_table_get(t, &s, (long)i + 2, &err);
		assert_non_null(r);
		assert_int_equal(gs_record_add_sample(r, 10.0 + (double)i), 0);
		for (size_t j = 0; j < nextra; j++)
			r->more->extra[j] = values[i][j];
	}
	assert_int_equal(gs_table_finish(t, &err), 0);
	return t;
}

static void
ratio_rules(void **state)
{
	static const char *const bx[3] = {"VALUInsts", "L2CacheHit", "LDSBankConflict"};
	static const char *const kx[3] = {"L2CacheHit", "extraC", "VALUInsts"};
	/* base: VALUInsts, L2CacheHit, LDSBankConflict */
	static const double bv[4][3] = {{100, 0, 1}, {50, 80, 2}, {0, 90, 3}, {10, -1, 4}};
	/* cand: L2CacheHit, extraC, VALUInsts */
	static const double kv[4][3] = {{5, 7, 200}, {0, 7, 100}, {45, 7, 0}, {2, 7, NAN}};
	gs_table *b = table_with("base.csv", bx, 3, bv, 4);
	gs_table *k = table_with("cand.csv", kx, 3, kv, 4);
	gs_compare_opts o;
	gs_compare c;
	gs_metrics m;
	gs_error err;

	(void)state;
	gs_compare_opts_default(&o);
	assert_int_equal(gs_compare_run(b, k, &o, &c, &err), 0);
	assert_int_equal(gs_metrics_run(&c, &m, &err), 0);
	assert_int_equal(m.n, 2);
	assert_int_equal(m.only_in_baseline, 1);
	assert_int_equal(m.only_in_candidate, 1);
	assert_null(gs_metrics_find(&m, "LDSBankConflict"));
	assert_null(gs_metrics_find(&m, "extraC"));

	/* VALUInsts: 100->200 (2), 50->100 (2), 0->0 (1), 10->absent (no row). */
	const gs_metric_delta *v = gs_metrics_find(&m, "VALUInsts");
	assert_non_null(v);
	assert_int_equal(v->base_col, 0);
	assert_int_equal(v->cand_col, 2);
	assert_int_equal(v->nrows, 3);
	assert_int_equal(v->nundefined, 0);
	assert_int_equal(v->ngeomean, 3);
	assert_true(v->rows[2].ratio == 1.0);
	assert_true(fabs(v->geomean_ratio - cbrt(4.0)) < 1e-12);

	/* L2CacheHit: 0->5 undefined, 80->0 ratio 0 (not in the geomean),
	 * 90->45 0.5, -1->2 undefined. */
	const gs_metric_delta *l2 = gs_metrics_find(&m, "L2CacheHit");
	assert_non_null(l2);
	assert_int_equal(l2->nrows, 4);
	assert_int_equal(l2->nundefined, 2);
	assert_true(isnan(l2->rows[0].ratio));
	assert_true(l2->rows[1].ratio == 0.0);
	assert_true(isnan(l2->rows[3].ratio));
	assert_int_equal(l2->ngeomean, 1);
	assert_true(l2->geomean_ratio == 0.5);
	assert_int_equal(l2->rows[2].pair, 2);
	gs_metrics_free(&m);
	assert_int_equal(m.n, 0);
	gs_compare_free(&c);

	/* No extra columns at all: an empty, valid result. */
	gs_table *b0 = table_with("b0.csv", NULL, 0, NULL, 2);
	assert_int_equal(gs_compare_run(b0, k, &o, &c, &err), 0);
	assert_int_equal(gs_metrics_run(&c, &m, &err), 0);
	assert_int_equal(m.n, 0);
	assert_int_equal(m.only_in_candidate, 3);
	gs_metrics_free(&m);
	gs_compare_free(&c);
	gs_table_free(b0);
	gs_table_free(b);
	gs_table_free(k);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(xe_f16_vs_i8),
	        cmocka_unit_test(xe_try2),
	        cmocka_unit_test(xe_try3),
	        cmocka_unit_test(ratio_rules),
	};

	return cmocka_run_group_tests_name("metrics", tests, NULL, NULL);
}
