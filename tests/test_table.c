/* test_table: the shape key, dtype aliases and per-record statistics. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ingest/ingest.h"
#include "model/stats.h"
#include "table.h"

static void
dtype_aliases(void **state)
{
	static const char *const f16[] = {"fp16", "f16", "half", "float16", "F16_R", "c10::Half"};
	static const char *const bf16[] = {"bf16", "bfloat16", "c10::BFloat16", "bf16_r"};
	static const char *const f32[] = {"fp32", "f32", "float", "f32_r", "float32"};
	char out[GS_DTYPE_LEN];

	(void)state;
	for (size_t i = 0; i < sizeof f16 / sizeof *f16; i++) {
		assert_int_equal(gs_dtype_normalize(f16[i], out), 0);
		assert_string_equal(out, "f16");
	}
	for (size_t i = 0; i < sizeof bf16 / sizeof *bf16; i++) {
		assert_int_equal(gs_dtype_normalize(bf16[i], out), 0);
		assert_string_equal(out, "bf16");
	}
	for (size_t i = 0; i < sizeof f32 / sizeof *f32; i++) {
		assert_int_equal(gs_dtype_normalize(f32[i], out), 0);
		assert_string_equal(out, "f32");
	}
	assert_int_equal(gs_dtype_normalize("float8_e4m3fnuz", out), 0);
	assert_string_equal(out, "f8e4m3fnuz");
	assert_int_equal(gs_dtype_bytes("f8e4m3fnuz"), 1);
	assert_int_equal(gs_dtype_bytes("bf16"), 2);
	strcpy(out, "keep");
	assert_int_equal(gs_dtype_normalize("complex64", out), -1);
	assert_string_equal(out, "keep");
}

static void
samples_and_median(void **state)
{
	gs_table *t = gs_table_new("x.csv");
	gs_shape a, b;
	gs_error err;

	(void)state;
	gs_shape_init(&a);
	a.M = 128;
	a.N = 256;
	a.K = 64;
	strcpy(a.dtype, "f16");
	b = a;
	b.trans_a = 'T';
	gs_record *ra = gs_table_get(t, &a, 2, &err);
	assert_int_equal(gs_record_add_sample(ra, 3.0), 0);
	assert_non_null(gs_table_get(t, &b, 3, &err));
	ra = gs_table_get(t, &a, 4, &err);
	assert_int_equal(gs_record_add_sample(ra, 1.0), 0);
	assert_int_equal(gs_record_add_sample(ra, 2.0), 0);
	assert_int_equal(gs_record_add_sample(ra, 10.0), 0);
	assert_int_equal(gs_record_add_sample(gs_table_get(t, &b, 5, &err), 7.0), 0);
	assert_int_equal(t->n, 2);
	assert_int_equal(gs_table_finish(t, &err), 0);
	const gs_record *r = gs_table_find(t, &a);
	assert_non_null(r);
	assert_int_equal(r->line, 2);
	assert_int_equal(r->t.count, 4);
	assert_true(r->t.median == 2.5);
	assert_true(gs_record_stats(r).mean == 4.0);
	assert_true(gs_record_stats(r).min == 1.0 && gs_record_stats(r).max == 10.0 &&
	            gs_record_stats(r).sum == 16.0);
	assert_true(fabs(gs_record_stats(r).std - sqrt(50.0 / 3.0)) < 1e-12);
	r = gs_table_find(t, &b);
	assert_true(r->t.median == 7.0);
	assert_true(isnan(gs_record_stats(r).std)); /* one sample: undefined, as pandas */
	gs_table_free(t);
}

static void
many_keys(void **state)
{
	gs_table *t = gs_table_new("big");
	gs_shape s;
	gs_error err;

	(void)state;
	gs_shape_init(&s);
	strcpy(s.dtype, "bf16");
	for (long i = 1; i <= 5000; i++) {
		s.M = i;
		s.N = i % 7 + 1;
		s.K = 64;
		assert_int_equal(gs_record_add_sample(gs_table_get(t, &s, i, &err), (double)i), 0);
	}
	assert_int_equal(t->n, 5000);
	assert_int_equal(gs_table_finish(t, &err), 0);
	s.M = 4321;
	s.N = 4321 % 7 + 1;
	assert_true(gs_table_find(t, &s)->t.median == 4321.0);
	s.N = 99;
	assert_null(gs_table_find(t, &s));
	gs_table_free(t);
}

static void
kernel_keys_and_exclusions(void **state)
{
	gs_table *t = gs_table_new("k");
	gs_shape s;
	gs_error err;
	char buf[128];

	(void)state;
	gs_shape_init(&s);
	s.M = s.N = s.K = 1;
	s.op = "kernel";
	s.name = gs_table_intern(t, "Cijk_Alik_Bljk_BBS_BH_MT64x32x256");
	assert_ptr_equal(s.name, gs_table_intern(t, "Cijk_Alik_Bljk_BBS_BH_MT64x32x256"));
	assert_non_null(gs_table_get(t, &s, 1, &err));
	s.name = gs_table_intern(t, "ncclDevKernel_Generic_1");
	assert_non_null(gs_table_get(t, &s, 2, &err));
	assert_int_equal(t->n, 2);
	assert_int_equal(gs_table_exclude(t, 9, "64x64x64 f16 NN", "ok is False"), 0);
	assert_int_equal(t->nexcl, 1);
	assert_string_equal(t->excl[0].reason, "ok is False");
	gs_shape_init(&s);
	s.M = 4096;
	s.N = 32;
	s.K = 8192;
	s.batch = 8;
	s.bias = 1;
	strcpy(s.dtype, "bf16");
	s.op = "aten::baddbmm";
	assert_string_equal(gs_shape_format(&s, buf, sizeof buf), "aten::baddbmm 4096\xc3\x97"
	                                                          "32\xc3\x97"
	                                                          "8192 bf16 NN bias batch 8");
	/* An empty table cannot be finished. */
	gs_table *e = gs_table_new("empty.csv");
	assert_int_equal(gs_table_finish(e, &err), -1);
	assert_string_equal(err.file, "empty.csv");
	gs_table_free(e);
	gs_table_free(t);
}

/* Issue 11, item 5: text enters the table as well-formed UTF-8, the
 * repairs counted; the op is cut at a character boundary. */
static void
utf8_repaired_on_entry(void **state)
{
	gs_table *t = gs_table_new("u.csv");
	gs_shape s;
	gs_error err;
	gs_record *r;
	const char *a, *b;
	char op[GS_OP_LEN];

	(void)state;
	a = gs_table_intern(t, "k\xc0\xaf"); /* overlong '/' */
	assert_string_equal(a, "k\xef\xbf\xbd\xef\xbf\xbd");
	assert_int_equal(t->utf8_replaced, 2);
	b = gs_table_intern(t, "k\xc0\xaf");
	assert_ptr_equal(a, b);
	assert_int_equal(t->utf8_replaced, 2); /* counted once */
	gs_shape_init(&s);
	s.M = s.N = s.K = 1;
	memset(op, 'a', sizeof op - 2);
	op[sizeof op - 2] = '\xf8'; /* a 5-byte lead */
	op[sizeof op - 1] = '\0';
	s.op = op;
	r = gs_table_get(t, &s, 1, &err);
	assert_non_null(r);
	assert_int_equal(strlen(r->shape.op), sizeof op - 2); /* U+FFFD does not fit */
	assert_ptr_not_equal(r->shape.op, op); /* the table's copy */
	assert_int_equal(gs_table_set_kernel(t, r, "x\xed\xa0\x80"), 0);
	assert_string_equal(gs_record_kernel(r), "x\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
	assert_int_equal(gs_table_exclude(t, 3, "w\xff", "why"), 0);
	assert_string_equal(t->excl[0].what, "w\xef\xbf\xbd");
	assert_int_equal(t->utf8_replaced, 2 + 1 + 3 + 1);
	gs_table_free(t);
}

/* Issue 11, item 12: the time range every reader applies. */
static void
time_range(void **state)
{
	(void)state;
	assert_true(gs_time_in_range(1e-6) && gs_time_in_range(1e12));
	assert_false(gs_time_in_range(4.9e-324) || gs_time_in_range(1e308));
	assert_false(gs_time_in_range(NAN) || gs_time_in_range(0));
}

/* Many distinct interned names (the string index grows): equal strings
 * still give one pointer, distinct ones distinct pointers. */
static void
intern_many(void **state)
{
	gs_table *t = gs_table_new("x.csv");
	const char *p[1000];
	char buf[32];

	(void)state;
	for (int i = 0; i < 1000; i++) {
		snprintf(buf, sizeof buf, "kernel_%d", i);
		p[i] = gs_table_intern(t, buf);
		assert_non_null(p[i]);
	}
	assert_int_equal(t->ninterned, 1000);
	for (int i = 0; i < 1000; i++) {
		snprintf(buf, sizeof buf, "kernel_%d", i);
		assert_ptr_equal(gs_table_intern(t, buf), p[i]);
		assert_string_equal(p[i], buf);
	}
	assert_int_equal(t->ninterned, 1000);
	gs_table_free(t);
}

/* Records created out of line order are sorted by gs_table_order and
 * still found by key afterwards (the index is rebuilt). */
static void
order_rebuilds_index(void **state)
{
	gs_table *t = gs_table_new("x.csv");
	gs_error err = {0};
	gs_shape s;

	(void)state;
	gs_shape_init(&s);
	snprintf(s.dtype, sizeof s.dtype, "f16");
	for (long i = 0; i < 300; i++) {
		s.M = s.N = s.K = i + 1;
		assert_non_null(gs_table_get(t, &s, 1000 - i, &err));
	}
	gs_table_order(t);
	for (size_t i = 1; i < t->n; i++)
		assert_true(t->rec[i - 1].line < t->rec[i].line);
	for (long i = 0; i < 300; i++) {
		const gs_record *r;
		s.M = s.N = s.K = i + 1;
		r = gs_table_find(t, &s);
		assert_non_null(r);
		assert_int_equal(r->line, 1000 - i);
	}
	gs_table_free(t);
}

/* A lone sample lives in its record: it must survive the record array's
 * growth and gs_table_order's sort, and move out when a second comes. */
static void
lone_samples_follow_records(void **state)
{
	gs_table *t = gs_table_new("x.csv");
	gs_error err = {0};
	gs_shape s;

	(void)state;
	gs_shape_init(&s);
	snprintf(s.dtype, sizeof s.dtype, "bf16");
	for (long i = 0; i < 5000; i++) {
		gs_record *r;
		s.M = s.N = s.K = i + 1;
		r = gs_table_get(t, &s, 10000 - i, &err);
		assert_non_null(r);
		assert_int_equal(gs_record_add_sample(r, (double)i + 0.5), 0);
		if (i % 7 == 0)
			for (int k = 1; k <= 4; k++)
				assert_int_equal(gs_record_add_sample(r, (double)(i * 10 + k)), 0);
	}
	gs_table_order(t);
	for (long i = 0; i < 5000; i++) {
		const gs_record *r;
		s.M = s.N = s.K = i + 1;
		r = gs_table_find(t, &s);
		assert_non_null(r);
		assert_int_equal(r->nsamples, i % 7 == 0 ? 5 : 1);
		assert_true(r->samples[0] == (double)i + 0.5);
		if (i % 7 == 0)
			assert_true(r->samples[4] == (double)(i * 10 + 4));
		else
			assert_ptr_equal(r->samples, &r->t.median);
	}
	gs_table_free(t);
}

/* gs_table_find_each answers as gs_table_find, present keys and absent
 * ones, past its look-ahead window and below it. */
static void
find_each_as_find(void **state)
{
	gs_table *t = gs_table_new("t.csv"), *k = gs_table_new("k.csv");
	gs_error err = {0};
	const gs_record **out;
	gs_shape s;

	(void)state;
	gs_shape_init(&s);
	snprintf(s.dtype, sizeof s.dtype, "f16");
	for (long i = 0; i < 3000; i++) {
		s.M = i + 1;
		s.N = s.K = 64;
		if (i % 3 != 0)
			assert_non_null(gs_table_get(t, &s, i + 1, &err));
		if (i % 5 != 0 || i < 5)
			assert_non_null(gs_table_get(k, &s, i + 1, &err));
	}
	out = malloc(k->n * sizeof *out);
	assert_non_null(out);
	gs_table_find_each(t, k, out);
	for (size_t i = 0; i < k->n; i++) {
		assert_ptr_equal(out[i], gs_table_find(t, &k->rec[i].shape));
		assert_int_equal(out[i] != NULL, (k->rec[i].shape.M - 1) % 3 != 0);
	}
	k->n = 3; /* fewer keys than the window */
	gs_table_find_each(t, k, out);
	for (size_t i = 0; i < 3; i++)
		assert_ptr_equal(out[i], gs_table_find(t, &k->rec[i].shape));
	k->n = 0;
	gs_table_find_each(t, k, out);
	free(out);
	gs_table_free(t);
	gs_table_free(k);
}

/* After gs_table_drop_index the answers stay the same: find and
 * find_each scan, gs_table_get builds the index again and still finds the
 * existing keys rather than adding them twice. */
static void
dropped_index_still_answers(void **state)
{
	gs_table *t = gs_table_new("t.csv"), *k = gs_table_new("k.csv");
	gs_error err = {0};
	const gs_record *before[200], *after[200];
	gs_shape s;

	(void)state;
	gs_shape_init(&s);
	snprintf(s.dtype, sizeof s.dtype, "bf16");
	s.N = s.K = 128;
	for (long i = 0; i < 200; i++) {
		s.M = 8 * (i + 1);
		if (i % 2)
			assert_non_null(gs_table_get(t, &s, i + 1, &err));
		assert_non_null(gs_table_get(k, &s, i + 1, &err));
	}
	gs_table_find_each(t, k, before);
	gs_table_drop_index(t);
	gs_table_find_each(t, k, after);
	for (size_t i = 0; i < 200; i++) {
		assert_ptr_equal(after[i], before[i]);
		assert_ptr_equal(gs_table_find(t, &k->rec[i].shape), before[i]);
		assert_int_equal(after[i] != NULL, i % 2 == 1);
	}
	/* no tag, kernel, launch or extra given: nothing behind the record */
	assert_null(t->rec[0].more);
	assert_int_equal(gs_table_set_tag(t, &t->rec[0], NULL), 0);
	assert_null(t->rec[0].more);
	assert_int_equal(gs_table_set_kernel(t, &t->rec[0], "Cijk_Ailk_Bljk_HHS_MT128x128x32"), 0);
	assert_int_equal(gs_table_set_kernel(t, &t->rec[0], "another"), 0); /* the first kept */
	assert_string_equal(gs_record_kernel(&t->rec[0]), "Cijk_Ailk_Bljk_HHS_MT128x128x32");
	assert_null(gs_record_tag(&t->rec[0]));
	s.M = 8 * 2; /* an existing key: the rebuilt index finds it */
	assert_ptr_equal(gs_table_get(t, &s, 999, &err), before[1]);
	assert_int_equal(t->n, 100);
	s.M = 8 * 1; /* a new one is added once */
	assert_non_null(gs_table_get(t, &s, 1000, &err));
	assert_int_equal(t->n, 101);
	assert_ptr_equal(gs_table_find(t, &s), &t->rec[100]);
	gs_table_free(t);
	gs_table_free(k);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(dtype_aliases),
	        cmocka_unit_test(samples_and_median),
	        cmocka_unit_test(many_keys),
	        cmocka_unit_test(kernel_keys_and_exclusions),
	        cmocka_unit_test(utf8_repaired_on_entry),
	        cmocka_unit_test(time_range),
	        cmocka_unit_test(intern_many),
	        cmocka_unit_test(order_rebuilds_index),
	        cmocka_unit_test(lone_samples_follow_records),
	        cmocka_unit_test(find_each_as_find),
	        cmocka_unit_test(dropped_index_still_answers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
