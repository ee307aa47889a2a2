/* test_grow.c: util/grow.h, the bounded array and byte buffer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "util/grow.h"

static void
array_grows_and_keeps_contents(void **state)
{
	int *a = NULL;
	size_t cap = 0;

	(void)state;
	for (size_t i = 0; i < 1000; i++) {
		assert_int_equal(GS_GROW(a, cap, i + 1, 1000), 0);
		assert_true(cap >= i + 1 && cap <= 1000);
		a[i] = (int)i;
	}
	for (size_t i = 0; i < 1000; i++)
		assert_int_equal(a[i], (int)i);
	free(a);
}

static void
array_cap_refuses_and_leaves_array(void **state)
{
	int *a = NULL, *kept;
	size_t cap = 0;

	(void)state;
	assert_int_equal(GS_GROW(a, cap, 10, 10), 0);
	assert_int_equal(cap, 10); /* clamped: 8 doubled is 16 > 10 */
	a[9] = 42;
	kept = a;
	assert_int_equal(GS_GROW(a, cap, 11, 10), -1);
	assert_ptr_equal(a, kept);
	assert_int_equal(cap, 10);
	assert_int_equal(a[9], 42);
	free(a);
}

static void
array_size_overflow_refused(void **state)
{
	struct big {
		char c[1 << 20];
	} *b = NULL;
	size_t cap = 0;

	(void)state;
	/* (SIZE_MAX / 2^20 + 1) elements of 1 MiB overflow size_t. */
	assert_int_equal(GS_GROW(b, cap, SIZE_MAX / sizeof *b + 1, SIZE_MAX), -1);
	assert_null(b);
	assert_int_equal(cap, 0);
}

static void
dynbuf_appends_text(void **state)
{
	gs_dynbuf b;
	char *s;
	size_t len;

	(void)state;
	gs_dynbuf_init(&b, 1 << 20);
	for (int i = 0; i < 1000; i++)
		assert_int_equal(gs_dynbuf_printf(&b, "%d,", i), 0);
	assert_int_equal(gs_dynbuf_add(&b, "end", 3), 0);
	s = gs_dynbuf_take(&b, &len);
	assert_int_equal(len, strlen(s));
	assert_int_equal(strncmp(s, "0,1,2,", 6), 0);
	assert_string_equal(s + len - 7, "999,end");
	assert_null(b.d);
	free(s);
}

static void
dynbuf_cap_frees(void **state)
{
	gs_dynbuf b;

	(void)state;
	gs_dynbuf_init(&b, 8);
	assert_int_equal(gs_dynbuf_add(&b, "12345678", 8), 0); /* exactly the cap */
	assert_string_equal(b.d, "12345678");
	assert_int_equal(gs_dynbuf_add(&b, "9", 1), -1);
	assert_null(b.d);
	assert_int_equal(b.len, 0);
	assert_int_equal(gs_dynbuf_printf(&b, "%s", "too long for eight"), -1);
	assert_null(b.d);
}

static void
dynbuf_take_empty(void **state)
{
	gs_dynbuf b;
	size_t len = 99;
	char *s;

	(void)state;
	gs_dynbuf_init(&b, 16);
	s = gs_dynbuf_take(&b, &len);
	assert_non_null(s);
	assert_string_equal(s, "");
	assert_int_equal(len, 0);
	free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(array_grows_and_keeps_contents),
	        cmocka_unit_test(array_cap_refuses_and_leaves_array),
	        cmocka_unit_test(array_size_overflow_refused),
	        cmocka_unit_test(dynbuf_appends_text),
	        cmocka_unit_test(dynbuf_cap_frees),
	        cmocka_unit_test(dynbuf_take_empty),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
