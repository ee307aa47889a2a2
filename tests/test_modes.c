/* test_modes: overlap by mode decomposition (gfx1151 reference: direct
 * gain T_no_overlap - T_full, decomposition gain T_comm_only + T_comp_only
 * - T_full) on the four runs of tests/data/history/modes/ (synthetic
 * times, see its README), loaded as a directory like `gemmscope history`
 * does, and the run-name labelling rules. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analysis/history.h"
#include "analysis/modes.h"
#include "ingest/runset.h"

static const char *
srcdir(void)
{
	const char *d = getenv("top_srcdir");
	return d ? d : ".";
}

static const gs_modes_row *
row_of(const gs_modes *m, long M)
{
	for (size_t i = 0; i < m->nrows; i++)
		if (m->rows[i].rec->shape.M == M)
			return &m->rows[i];
	fail_msg("no row for M = %ld", M);
	return NULL;
}

static void
labels(void **state)
{
	(void)state;
	assert_int_equal(gs_mode_of_name("full"), GS_MODE_FULL);
	assert_int_equal(gs_mode_of_name("n8192-full"), GS_MODE_FULL);
	assert_int_equal(gs_mode_of_name("cfg2222_no_overlap"), GS_MODE_NO_OVERLAP);
	assert_int_equal(gs_mode_of_name("comm_only.rocprof"), GS_MODE_COMM_ONLY);
	assert_int_equal(gs_mode_of_name("x+comp_only@gfx1151"), GS_MODE_COMP_ONLY);
	assert_int_equal(gs_mode_of_name("fullsize"), -1); /* not a token */
	assert_int_equal(gs_mode_of_name("carefully"), -1);
	assert_int_equal(gs_mode_of_name("nightly-3"), -1);
	assert_int_equal(gs_mode_of_name("full-vs-comm_only"), -2);
	assert_string_equal(gs_mode_name(GS_MODE_COMP_ONLY), "comp_only");
}

static void
decomposition(void **state)
{
	char dir[4096];
	const char *d = dir;
	gs_table **runs;
	char **names;
	size_t n;
	gs_modes m;
	gs_error err;

	(void)state;
	snprintf(dir, sizeof dir, "%s/tests/data/history/modes", srcdir());
	assert_int_equal(gs_runset_load(&d, 1, NULL, NULL, &runs, &names, &n, &err), 0);
	assert_int_equal(n, 4);
	assert_int_equal(gs_modes_run(runs, (const char *const *)names, n, &m, &err), 0);
	assert_string_equal(m.name[GS_MODE_FULL], "gemm-full");
	assert_string_equal(m.name[GS_MODE_COMM_ONLY], "gemm-comm_only");
	assert_int_equal(m.nrows, 3);
	assert_int_equal(m.ignored, 0);
	assert_int_equal(m.incomplete, 1);

	/* 8192³: 41000 - 40000 = 1000 µs hidden; 9800 + 31500 - 40000 = 1300. */
	const gs_modes_row *a = row_of(&m, 8192);
	assert_true(a->t[GS_MODE_FULL] == 40000 && a->t[GS_MODE_NO_OVERLAP] == 41000);
	assert_true(a->direct_gain_us == 1000);
	assert_true(a->decomp_gain_us == 1300);
	/* 4096³: overlap costs time: 5350 - 5400 = -50; 1300 + 4050 - 5400 = -50. */
	const gs_modes_row *b = row_of(&m, 4096);
	assert_true(b->direct_gain_us == -50);
	assert_true(b->decomp_gain_us == -50);
	/* 2048³ has no comm_only time: no decomposition gain. */
	const gs_modes_row *c = row_of(&m, 2048);
	assert_true(c->direct_gain_us == 100);
	assert_true(isnan(c->t[GS_MODE_COMM_ONLY]));
	assert_true(isnan(c->decomp_gain_us));
	assert_true(c->t[GS_MODE_COMP_ONLY] == 610);
	gs_modes_free(&m);

	/* Without the no_overlap run only the decomposition gain remains;
	 * an unlabelled run is ignored. */
	const char *renamed[4];
	for (size_t i = 0; i < n; i++)
		renamed[i] = strcmp(names[i], "gemm-no_overlap") == 0 ? "gemm-baseline" : names[i];
	assert_int_equal(gs_modes_run(runs, renamed, n, &m, &err), 0);
	assert_int_equal(m.ignored, 1);
	assert_null(m.run[GS_MODE_NO_OVERLAP]);
	assert_true(isnan(row_of(&m, 8192)->direct_gain_us));
	assert_true(row_of(&m, 8192)->decomp_gain_us == 1300);
	gs_modes_free(&m);
	gs_runset_free(runs, names, n);
}

static void
bad_sets(void **state)
{
	char dir[4096];
	const char *d = dir;
	gs_table **runs;
	char **names;
	size_t n;
	gs_modes m;
	gs_error err;

	(void)state;
	snprintf(dir, sizeof dir, "%s/tests/data/history/modes", srcdir());
	assert_int_equal(gs_runset_load(&d, 1, NULL, NULL, &runs, &names, &n, &err), 0);
	assert_int_equal(n, 4);
	/* Two full runs. */
	const char *dup[4] = {"a-full", "b-full", "comm_only", "comp_only"};
	assert_int_equal(gs_modes_run(runs, dup, n, &m, &err), -1);
	assert_non_null(strstr(err.msg, "second 'full'"));
	gs_modes_free(&m);
	/* No full run. */
	const char *nofull[4] = {"x", "no_overlap", "comm_only", "comp_only"};
	assert_int_equal(gs_modes_run(runs, nofull, n, &m, &err), -1);
	assert_non_null(strstr(err.msg, "'full'"));
	gs_modes_free(&m);
	/* A full run but no gain computable (comp_only missing, no no_overlap). */
	const char *nogain[4] = {"full", "x", "comm_only", "y"};
	assert_int_equal(gs_modes_run(runs, nogain, n, &m, &err), -1);
	assert_non_null(strstr(err.msg, "no_overlap"));
	gs_modes_free(&m);
	/* Two mode words in one name. */
	const char *two[4] = {"full", "full_comm_only", "comp_only", "no_overlap"};
	assert_int_equal(gs_modes_run(runs, two, n, &m, &err), -1);
	assert_non_null(strstr(err.msg, "more than one mode"));
	gs_modes_free(&m);
	gs_runset_free(runs, names, n);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(labels),
	        cmocka_unit_test(decomposition),
	        cmocka_unit_test(bad_sets),
	};

	return cmocka_run_group_tests_name("modes", tests, NULL, NULL);
}
