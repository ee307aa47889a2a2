/* test_compare: the compare definitions on the shipped real example
 * (examples/iree-kernel-benchmark, rocBLAS baseline vs hipBLASLt candidate;
 * expected values from shared/data/README.md §1, computed independently)
 * and on small synthetic tables for the significance gate. */
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
#include "analysis/gate.h"
#include "ingest/ingest.h"

static gs_table *
load(const char *name)
{
	char rel[256];

	snprintf(rel, sizeof rel, "%s%s", "examples/iree-kernel-benchmark/", name);
	return gs_test_read(gs_test_path(rel), NULL);
}

static const gs_pair *
find_pair(const gs_compare *c, long m, long n, long k, const char *dtype, char ta, char tb)
{
	for (size_t i = 0; i < c->npairs; i++) {
		const gs_shape *s = &c->pairs[i].base->shape;
		if (s->M == m && s->N == n && s->K == k && strcmp(s->dtype, dtype) == 0 &&
		    s->trans_a == ta && s->trans_b == tb)
			return &c->pairs[i];
	}
	return NULL;
}

static const gs_group *
find_group(const gs_compare *c, const char *by, const char *name)
{
	for (size_t i = 0; i < c->ngroups; i++)
		if (strcmp(c->groups[i].by, by) == 0 && strcmp(c->groups[i].name, name) == 0)
			return &c->groups[i];
	return NULL;
}

/* Top tables of the example pair: the largest speedup and the largest
 * slowdown, regressions by slowdown descending. */
static void
check_top_tables(const gs_compare *cp)
{
	assert_int_equal(cp->ntop_improved, 10);
	assert_int_equal(cp->ntop_regressed, 10);
	const gs_pair *best = &cp->pairs[cp->top_improved[0]];
	assert_int_equal(best->base->shape.M, 2048);
	assert_int_equal(best->base->shape.N, 10240);
	assert_int_equal(best->base->shape.K, 1280);
	assert_true(fabs(best->speedup - 4.7146) < 5e-5);
	const gs_pair *worst = &cp->pairs[cp->top_regressed[0]];
	assert_int_equal(worst->base->shape.M, 4096);
	assert_int_equal(worst->base->shape.K, 8192);
	assert_true(fabs(1 / worst->speedup - 5.7221) < 5e-5);
	for (size_t i = 1; i < cp->ntop_regressed; i++)
		assert_true(cp->pairs[cp->top_regressed[i]].speedup >=
		            cp->pairs[cp->top_regressed[i - 1]].speedup);

	/* By time: pandas on the same CSVs (mean_microseconds, classes by
	 * speedup - 1 against 5 %) ranks 4096x4096x8192 bf16 TT first by time
	 * lost (2,275.28825 µs) and 8192x8192x65536 fp16 NN first by time
	 * saved (3,994.69513 µs). */
	assert_int_equal(cp->ntop_lost, 10);
	assert_int_equal(cp->ntop_saved, 10);
	const gs_pair *lost = &cp->pairs[cp->top_lost[0]];
	assert_int_equal(lost->base->shape.N, 4096);
	assert_int_equal(lost->base->shape.K, 8192);
	assert_string_equal(lost->base->shape.dtype, "bf16");
	assert_true(fabs(lost->cand->t.median - lost->base->t.median - 2275.28825) < 1e-6);
	const gs_pair *saved = &cp->pairs[cp->top_saved[0]];
	assert_int_equal(saved->base->shape.M, 8192);
	assert_int_equal(saved->base->shape.N, 8192);
	assert_int_equal(saved->base->shape.K, 65536);
	assert_true(fabs(saved->base->t.median - saved->cand->t.median - 3994.69513) < 1e-6);
	for (size_t i = 1; i < cp->ntop_lost; i++) {
		const gs_pair *a = &cp->pairs[cp->top_lost[i - 1]],
		              *b = &cp->pairs[cp->top_lost[i]];
		assert_int_equal(b->cls, GS_REGRESSED);
		assert_true(a->cand->t.median - a->base->t.median >=
		            b->cand->t.median - b->base->t.median);
	}
}

static void
example_summary(void **state)
{
	gs_table *b = load("rocblas-gemm.csv"), *k = load("hipblaslt-gemm.csv");
	gs_compare_opts o;
	gs_compare c;
	gs_error err;

	(void)state;
	gs_compare_opts_default(&o);
	assert_int_equal(gs_compare_run(b, k, &o, &c, &err), 0);
	assert_int_equal(c.s.matched, 558);
	assert_true(fabs(c.s.geomean - 1.103188) < 5e-7);
	assert_true(fabs(c.s.weighted - 1.082912) < 5e-7);
	assert_int_equal(c.s.improved, 317);
	assert_int_equal(c.s.regressed, 152);
	assert_int_equal(c.s.neutral, 89);
	assert_int_equal(c.s.unsure, 0);
	assert_int_equal(c.s.tested, 0); /* one value per shape: threshold only */
	assert_null(c.p_value); /* and no p-value arrays */
	assert_null(c.p_adjusted);
	assert_true(isnan(gs_pair_p_value(&c, &c.pairs[0])));
	assert_true(fabs(c.s.total_base_us - 56884.70800) < 1e-4);
	assert_true(fabs(c.s.total_cand_us - 52529.39661) < 1e-4);
	assert_true(fabs(c.s.time_saved_us - 12072.18216) < 1e-4);
	assert_true(fabs(c.s.time_lost_us - 7706.70662) < 1e-4);
	assert_true(fabs(c.s.net_saved_us - 4355.31139) < 1e-4);
	assert_true(fabs(c.s.saved_lost_ratio - 1.5665) < 5e-5);
	assert_true(c.s.geomean_lo < c.s.geomean && c.s.geomean < c.s.geomean_hi);
	assert_int_equal(c.s.only_in_baseline, 0);
	assert_int_equal(c.s.only_in_candidate, 0);
	assert_int_equal(c.s.excluded_baseline + c.s.excluded_candidate, 0);

	/* Per dtype. */
	const gs_group *f16 = find_group(&c, "dtype", "f16");
	const gs_group *bf16 = find_group(&c, "dtype", "bf16");
	assert_non_null(f16);
	assert_non_null(bf16);
	assert_int_equal(f16->n, 291);
	assert_int_equal(bf16->n, 267);
	assert_true(fabs(f16->geomean - 1.106271) < 5e-7);
	assert_true(fabs(bf16->geomean - 1.099837) < 5e-7);
	const gs_group *tag = find_group(&c, "tag", "unet");
	assert_non_null(tag);
	assert_int_equal(tag->n, 40);

	check_top_tables(&c);

	/* The threshold rule is change = s - 1: s = 0.951884 is neutral. */
	const gs_pair *edge = find_pair(&c, 7168, 32, 8192, "f16", 'T', 'N');
	assert_non_null(edge);
	assert_true(fabs(edge->speedup - 0.951884) < 5e-7);
	assert_int_equal(edge->cls, GS_NEUTRAL);
	const gs_pair *equal = find_pair(&c, 5120, 32, 640, "f16", 'T', 'N');
	assert_non_null(equal);
	assert_true(equal->speedup == 1.0);

	gs_compare_free(&c);
	gs_table_free(b);
	gs_table_free(k);
}

/* Swapping the sides does not swap the counts: ±5 % is not symmetric in
 * ratio (shared/data/README.md §1). */
static void
example_reversed(void **state)
{
	gs_table *b = load("hipblaslt-gemm.csv"), *k = load("rocblas-gemm.csv");
	gs_compare_opts o;
	gs_compare c;
	gs_error err;

	(void)state;
	gs_compare_opts_default(&o);
	assert_int_equal(gs_compare_run(b, k, &o, &c, &err), 0);
	assert_true(fabs(c.s.geomean - 0.906464) < 5e-7);
	assert_int_equal(c.s.improved, 153);
	assert_int_equal(c.s.regressed, 317);
	assert_int_equal(c.s.neutral, 88);
	gs_compare_free(&c);
	gs_table_free(b);
	gs_table_free(k);
}

/* The gates as data (gate.h): only those asked for, in a fixed order,
 * with the measured value and the verdict. */
static void
gates_as_data(void **state)
{
	gs_table *b = load("rocblas-gemm.csv"), *k = load("hipblaslt-gemm.csv");
	gs_compare_opts o;
	gs_compare c;
	gs_gates g;
	gs_error err;

	(void)state;
	gs_compare_opts_default(&o);
	assert_int_equal(gs_compare_run(b, k, &o, &c, &err), 0);
	gs_gates_compare(&c, 0, -1, &g);
	assert_int_equal(g.n, 0);
	assert_int_equal(gs_gates_crossed(&g), 0);
	gs_gates_compare(&c, 1.2, 152, &g);
	assert_int_equal(g.n, 2);
	assert_string_equal(g.g[0].name, "min-geomean");
	assert_true(g.g[0].threshold == 1.2 && g.g[0].value == c.s.geomean);
	assert_false(g.g[0].passed); /* 1.103 < 1.2 */
	assert_string_equal(g.g[1].name, "max-regressed");
	assert_true(g.g[1].value == 152 && g.g[1].passed); /* 152 is not > 152 */
	assert_int_equal(gs_gates_crossed(&g), 1);
	gs_gates_compare(&c, 1.1, 151, &g);
	assert_true(g.g[0].passed && !g.g[1].passed);
	gs_compare_free(&c);
	gs_table_free(b);
	gs_table_free(k);
}

/* The threshold rule alone (the history trend uses T = 0). */
static void
class_of_speedup(void **state)
{
	(void)state;
	assert_int_equal(gs_class_of_speedup(1.06, 0.05), GS_IMPROVED);
	assert_int_equal(gs_class_of_speedup(0.94, 0.05), GS_REGRESSED);
	assert_int_equal(gs_class_of_speedup(1.04, 0.05), GS_NEUTRAL);
	assert_int_equal(gs_class_of_speedup(1.0, 0), GS_NEUTRAL);
	assert_int_equal(gs_class_of_speedup(1.001, 0), GS_IMPROVED);
	assert_int_equal(gs_class_of_speedup(NAN, 0), GS_NEUTRAL);
}

static void
add(gs_table *t, long m, const char *dtype, const double *x, size_t n)
{
	gs_shape s;
	gs_error err;

	gs_shape_init(&s);
	s.M = m;
	s.N = 512;
	s.K = 512;
	strcpy(s.dtype, dtype);
	gs_record *r = gs_table_get(t, &s, m, &err);
	assert_non_null(r);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(gs_record_add_sample(r, x[i]), 0);
}

/* With >= 4 samples a side, crossing T is not enough: the U test decides. */
static void
significance_gate(void **state)
{
	gs_table *b = gs_table_new("base"), *k = gs_table_new("cand");
	gs_compare_opts o;
	gs_compare c;
	gs_error err;
	/* separated: every candidate sample slower than every baseline one */
	const double sb[] = {100, 101, 99, 100.5, 100.2, 99.8};
	const double sc[] = {110, 111, 109, 110.5, 110.2, 109.8};
	/* noisy: medians 10 % apart, samples interleaved */
	const double nb[] = {100, 60, 140, 95, 130};
	const double nc[] = {110, 65, 135, 90, 150};
	/* too few samples: threshold only */
	const double fb[] = {100, 100, 100};
	const double fc[] = {120, 120, 120};

	(void)state;
	add(b, 1024, "f16", sb, 6);
	add(k, 1024, "f16", sc, 6);
	add(b, 2048, "f16", nb, 5);
	add(k, 2048, "f16", nc, 5);
	add(b, 4096, "bf16", fb, 3);
	add(k, 4096, "bf16", fc, 3);
	add(b, 8192, "bf16", fb, 1); /* baseline only */
	add(k, 16384, "bf16", fc, 1); /* candidate only */
	assert_int_equal(gs_table_finish(b, &err), 0);
	assert_int_equal(gs_table_finish(k, &err), 0);
	gs_compare_opts_default(&o);
	assert_int_equal(gs_compare_run(b, k, &o, &c, &err), 0);
	assert_int_equal(c.npairs, 3);
	assert_int_equal(c.pairs[0].cls, GS_REGRESSED);
	assert_true(c.pairs[0].tested);
	assert_true(gs_pair_p_adjusted(&c, &c.pairs[0]) <= 0.05);
	assert_int_equal(c.pairs[1].cls, GS_UNSURE);
	assert_true(c.pairs[1].tested);
	assert_int_equal(c.pairs[2].cls, GS_REGRESSED);
	assert_false(c.pairs[2].tested);
	assert_true(isnan(gs_pair_p_value(&c, &c.pairs[2])));
	assert_int_equal(c.s.tested, 2);
	assert_int_equal(c.s.unsure, 1);
	assert_int_equal(c.nonly_base, 1);
	assert_int_equal(c.only_base[0]->shape.M, 8192);
	assert_int_equal(c.nonly_cand, 1);
	assert_int_equal(c.only_cand[0]->shape.M, 16384);
	/* Shape classes: N = 512 > 256 and M*N >= 1 Mi for M = 2048 and above. */
	assert_int_equal(gs_shape_classify(&c.pairs[0].base->shape), GS_SC_SMALL);
	assert_int_equal(gs_shape_classify(&c.pairs[1].base->shape), GS_SC_LARGE);
	gs_compare_free(&c);
	gs_table_free(b);
	gs_table_free(k);
}

static void
nothing_matches(void **state)
{
	gs_table *b = gs_table_new("base.csv"), *k = gs_table_new("cand.csv");
	const double x[] = {10};
	gs_compare_opts o;
	gs_compare c;
	gs_error err;

	(void)state;
	add(b, 64, "f16", x, 1);
	add(k, 64, "bf16", x, 1);
	assert_int_equal(gs_table_finish(b, &err), 0);
	assert_int_equal(gs_table_finish(k, &err), 0);
	gs_compare_opts_default(&o);
	assert_int_equal(gs_compare_run(b, k, &o, &c, &err), -1);
	assert_non_null(strstr(err.msg, "no shape in common"));
	assert_string_equal(err.file, "cand.csv");
	gs_compare_free(&c);
	gs_table_free(b);
	gs_table_free(k);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(example_summary),   cmocka_unit_test(example_reversed),
	        cmocka_unit_test(gates_as_data),     cmocka_unit_test(class_of_speedup),
	        cmocka_unit_test(significance_gate), cmocka_unit_test(nothing_matches),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
