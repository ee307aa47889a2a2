/* test_psize.c: gemmscope-bench's Tensile ProblemSizes (runner/psize.h):
 * Range and Exact specs, their sizes and counts, their errors, and the
 * ProblemSizes of a Tensile config YAML. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testdata.h"

#include "runner/psize.h"

/* ---- Tensile ProblemSizes ------------------------------------------------------ */

static size_t
range_count(const char *spec)
{
	gs_psize_list l = {0};
	gs_error err;
	size_t n;

	gs_error_clear(&err);
	if (gs_psize_range(spec, "--range", &l, &err) != 0) {
		print_error("%s: %s\n", spec, err.msg);
		fail();
	}
	n = l.n;
	gs_psize_list_free(&l);
	return n;
}

static void
test_psize_range_counts(void **state)
{
	(void)state;
	/* the protocol's examples, counts as formats.md §1.5 corrects them */
	assert_int_equal(range_count("[ [16, 128], [16, 128], [1], [16, 128] ]"), 512);
	assert_int_equal(range_count("[ [16, 128], 0, [1], 0 ]"), 8);
	assert_int_equal(range_count("[ [16, 16, 16, 5760], 0, [1], [1024, 1024, 4096] ]"), 108);
	assert_int_equal(range_count("[[16, 32, 1968], 0, [1], 0]"), 62);
	assert_int_equal(range_count("[[16, 1968], 0, [1], 0]"), 123);
	assert_int_equal(range_count("[[64, 1024], 0, [1], 0]"), 16);
	assert_int_equal(range_count("[[1968], 0, [1], 0]"), 1);
	assert_int_equal(range_count("[[16,128],0,[16,128]]"), 64); /* 3 indices */
	assert_int_equal(range_count("[16,128],[16,128],[1],[16,128]"), 512); /* no brackets */
	assert_int_equal(range_count("[[16,128]]"), 8); /* trailing map to 0 */
}

static void
test_psize_range_sizes(void **state)
{
	const long want[15] = {64,  96,  144,  208,  288,  384,  496, 624,
	                       768, 928, 1104, 1296, 1504, 1728, 1968};
	gs_psize_list l = {0};
	gs_error err;

	(void)state;
	assert_int_equal(gs_psize_range("[[64, 32, 16, 1968], 0, [1], 0]", "--range", &l, &err), 0);
	assert_int_equal(l.n, 15);
	for (size_t i = 0; i < 15; i++) {
		assert_int_equal(l.v[i].m, want[i]);
		assert_int_equal(l.v[i].n, want[i]);
		assert_int_equal(l.v[i].k, want[i]);
		assert_int_equal(l.v[i].batch, 1);
	}
	gs_psize_list_free(&l);
	assert_int_equal(gs_psize_range("[[16, 32, 1968], 0, [1], [64]]", "--range", &l, &err), 0);
	assert_int_equal(l.n, 62);
	assert_int_equal(l.v[1].m, 48);
	assert_int_equal(l.v[61].m, 1968);
	assert_int_equal(l.v[61].k, 64);
	gs_psize_list_free(&l);
	/* index 0 varies fastest; [SizeI, SizeJ, SizeK = batch, SizeL = K] */
	assert_int_equal(gs_psize_range("[[16,32],[64],[2],[8,8,16]]", "--range", &l, &err), 0);
	assert_int_equal(l.n, 4);
	assert_int_equal(l.v[1].m, 32);
	assert_int_equal(l.v[1].k, 8);
	assert_int_equal(l.v[2].m, 16);
	assert_int_equal(l.v[2].k, 16);
	assert_int_equal(l.v[3].n, 64);
	assert_int_equal(l.v[3].batch, 2);
	gs_psize_list_free(&l);
}

static void
test_psize_exact(void **state)
{
	gs_psize_list l = {0};
	gs_error err;
	const char *bad = "[128,-1,1,64]";

	(void)state;
	assert_int_equal(
	        gs_psize_exact("[480, 512, 1, 512, 704, 704, 704, 704]", "--exact", &l, &err), 0);
	assert_int_equal(gs_psize_exact("136, 12, 1, 512", "--exact", &l, &err), 0);
	assert_int_equal(gs_psize_exact("[4, 5, 6]", "--exact", &l, &err), 0);
	assert_int_equal(l.n, 3);
	assert_int_equal(l.v[0].m, 480);
	assert_int_equal(l.v[0].k, 512);
	assert_int_equal(l.v[1].m, 136);
	assert_int_equal(l.v[1].n, 12);
	assert_int_equal(l.v[1].batch, 1);
	assert_int_equal(l.v[2].k, 6);
	assert_int_equal(l.v[2].batch, 1);
	gs_psize_list_free(&l);
	assert_int_equal(gs_psize_exact(bad, "--exact", &l, &err), -1);
	assert_string_equal(err.file, "--exact");
	assert_int_equal(err.line, 1);
	assert_int_equal(err.col, strchr(bad, '-') - bad + 1);
	assert_int_equal(gs_psize_exact("[1, 2]", "--exact", &l, &err), -1);
	assert_int_equal(l.n, 0);
}

static void
test_psize_range_errors(void **state)
{
	static const char *const bad[] = {
	        "[[16, 0, 128], 0, [1], 0]", /* step 0 */
	        "[[128, 16], 0, [1], 0]", /* max < min */
	        "[[16, 128], 3, [1], 0]", /* maps to a mapped index */
	        "[[16, 128], 4, [1], 0]", /* maps past the last index */
	        "[[1,1,100000],[1,1,100000],[1],[1,1,100000]]", /* > GS_PSIZE_MAX */
	        "[[16, 128], [1, 2, 3, 4, 5], [1], 0]", /* 5 numbers */
	        "[[16, x], 0, [1], 0]", /* not a number */
	        "[[16, 128], 0, [1], 0, 0]", /* 5 elements */
	};
	gs_psize_list l = {0};
	gs_error err;

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		gs_error_clear(&err);
		assert_int_equal(gs_psize_range(bad[i], "--range", &l, &err), -1);
		assert_string_equal(err.file, "--range");
		assert_int_equal(err.line, 1);
		assert_true(err.msg[0] != 0);
	}
	assert_int_equal(gs_psize_range("[[16, 128", "--range", &l, &err), -1);
	assert_memory_equal(err.msg, "YAML: ", 6);
	assert_int_equal(l.n, 0);
}

static void
test_psize_yaml(void **state)
{
	gs_psize_list l = {0};
	gs_error err;
	size_t f16_nt = 0, f32_nn = 0, exact8 = 0;

	(void)state;
	assert_int_equal(
	        gs_psize_load(gs_test_path("tests/data/runner/tensile-config.yaml"), &l, &err), 0);
	assert_int_equal(l.n, 580);
	assert_int_equal(l.ignored, 1);
	for (size_t i = 0; i < l.n; i++) {
		const gs_psize *p = &l.v[i];
		f16_nt += !strcmp(p->dtype, "f16") && p->trans_a == 'N' && p->trans_b == 'T';
		f32_nn += !strcmp(p->dtype, "f32") && p->trans_a == 'N' && p->trans_b == 'N' &&
		          p->batch == 1;
		exact8 += p->m == 480 && p->n == 512 && p->k == 512;
	}
	assert_int_equal(f16_nt, 515);
	assert_int_equal(f32_nn, 65);
	assert_int_equal(exact8, 1);
	gs_psize_list_free(&l);
	assert_int_equal(gs_psize_load(gs_test_path("tests/data/runner/sizes.yaml"), &l, &err), 0);
	assert_int_equal(l.n, 110);
	assert_int_equal(l.v[1].batch, 2);
	assert_int_equal(l.v[1].k, 64);
	assert_string_equal(l.v[0].dtype, "");
	gs_psize_list_free(&l);
	assert_int_equal(gs_psize_load(gs_test_path("tests/data/runner/bad-range.yaml"), &l, &err),
	                 -1);
	assert_int_equal(err.line, 2);
	assert_int_equal(err.col, 16);
	gs_psize_list_free(&l);
}

/* Issue 11, item 1: hostile YAML is refused quickly and sizes above 2^53
 * are errors. */
static void
test_psize_hostile(void **state)
{
	char deep[400];
	gs_psize_list l = {0};
	gs_error err;

	(void)state;
	memset(deep, '[', 200);
	memset(deep + 200, ']', 199);
	deep[399] = '\0';
	assert_int_equal(gs_psize_exact(deep, "--exact", &l, &err), -1);
	assert_non_null(strstr(err.msg, "nested deeper than 64"));
	assert_int_equal(gs_psize_load(gs_test_path("tests/data/bad-inputs/laugh9.yaml"), &l, &err),
	                 -1);
	assert_non_null(strstr(err.msg, "expands to more than"));
	assert_int_equal(
	        gs_psize_load(gs_test_path("tests/data/bad-inputs/yaml-nest100k.yaml"), &l, &err),
	        -1);
	assert_non_null(strstr(err.msg, "nested deeper than 64"));
	assert_int_equal(l.n, 0);
	assert_int_equal(gs_psize_exact("[9007199254740993, 1, 1, 1]", "--exact", &l, &err), -1);
	assert_non_null(strstr(err.msg, "2^53"));
	assert_int_equal(err.col, 2);
	assert_int_equal(gs_psize_exact("[9007199254740992, 1, 1, 1]", "--exact", &l, &err), 0);
	assert_int_equal(l.n, 1);
	gs_psize_list_free(&l);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_psize_range_counts),
	        cmocka_unit_test(test_psize_range_sizes),
	        cmocka_unit_test(test_psize_exact),
	        cmocka_unit_test(test_psize_range_errors),
	        cmocka_unit_test(test_psize_yaml),
	        cmocka_unit_test(test_psize_hostile),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
