#define _POSIX_C_SOURCE 200809L
/* test_utf8.c: util/utf8.h (strict validation, U+FFFD repair) and the
 * control-character escaping of util/error.h (issue 11, items 5 and 11).
 * The hostile lines are those of ../shared/data/bad-inputs/
 * overlong-utf8-base.csv, utf8-5byte-base.csv and esc-dtype.csv; the
 * replacement counts agree with Python's bytes.decode("utf-8", "replace")
 * (the maximal-subpart practice of the WHATWG Encoding Standard).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "util/error.h"
#include "util/utf8.h"

#define FFFD GS_UTF8_REPLACEMENT

/* Every boundary of Table 3-7: the encoding of a code point and whether it
 * is well-formed. */
static const struct {
	const char *bytes;
	uint32_t cp; /* decoded value when valid */
	int valid;
} edges[] = {
        {"\x7f", 0x7f, 1},
        {"\xc2\x80", 0x80, 1},
        {"\xdf\xbf", 0x7ff, 1},
        {"\xe0\xa0\x80", 0x800, 1},
        {"\xed\x9f\xbf", 0xd7ff, 1},
        {"\xed\xa0\x80", 0xd800, 0}, /* surrogates */
        {"\xed\xbf\xbf", 0xdfff, 0},
        {"\xee\x80\x80", 0xe000, 1},
        {"\xef\xbf\xbf", 0xffff, 1},
        {"\xf0\x90\x80\x80", 0x10000, 1},
        {"\xf4\x8f\xbf\xbf", 0x10ffff, 1},
        {"\xf4\x90\x80\x80", 0x110000, 0}, /* above U+10FFFF */
        {"\xc0\x80", 0, 0}, /* overlong NUL */
        {"\xc1\xbf", 0x7f, 0}, /* overlong DEL */
        {"\xe0\x80\x80", 0, 0},
        {"\xe0\x9f\xbf", 0x7ff, 0},
        {"\xf0\x80\x80\x80", 0, 0},
        {"\xf0\x8f\xbf\xbf", 0xffff, 0},
        {"\xf8\x88\x80\x80\x80", 0, 0}, /* 5-byte form */
        {"\xfc\x84\x80\x80\x80\x80", 0, 0}, /* 6-byte form */
        {"\xfe", 0, 0},
        {"\xff", 0, 0},
};

static void
test_decode_edges(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
		const char *b = edges[i].bytes;
		size_t len = strlen(b), bad = 99, n;
		uint32_t cp = 0;

		n = gs_utf8_decode(b, len, &cp, &bad);
		if (edges[i].valid) {
			assert_int_equal(n, len);
			assert_int_equal(cp, edges[i].cp);
			assert_int_equal(bad, 0);
		} else {
			assert_int_equal(n, 0);
			assert_true(bad >= 1 && bad <= 3);
		}
		assert_int_equal(gs_utf8_scan(b, len, NULL) == 0, edges[i].valid);
	}
	/* U+0000 is well-formed (NUL is ingest's error, not an encoding one) */
	assert_int_equal(gs_utf8_decode("\0", 1, NULL, NULL), 1);
	assert_int_equal(gs_utf8_decode("", 0, NULL, NULL), 0);
}

/* bytes, replacement count, repaired text (as Python's "replace") */
static const struct {
	const char *in;
	size_t count;
	const char *out;
} repairs[] = {
        {"\xc0\x80", 2, FFFD FFFD},
        {"\xe0\x80\x80", 3, FFFD FFFD FFFD},
        {"\xf0\x80\x80\x80", 4, FFFD FFFD FFFD FFFD},
        {"\xed\xa0\x80", 3, FFFD FFFD FFFD},
        {"\xf4\x90\x80\x80", 4, FFFD FFFD FFFD FFFD},
        {"\xf8\x88\x80\x80\x80", 5, FFFD FFFD FFFD FFFD FFFD},
        {"\xe2\x82", 1, FFFD}, /* truncated at the end */
        {"\xf0\x9f\x98", 1, FFFD},
        {"\xe2\x82x", 1, FFFD "x"}, /* truncated in the middle */
        {"\x80", 1, FFFD},
        {"\xc2", 1, FFFD},
        {"a\xe2\x82\xac"
         "b\xc3",
         1,
         "a\xe2\x82\xac"
         "b" FFFD},
};

static void
test_repair_table(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof repairs / sizeof repairs[0]; i++) {
		const char *in = repairs[i].in;
		char *out = NULL;
		size_t n = 0, len = 0, first = 99;

		assert_int_equal(gs_utf8_scan(in, strlen(in), &first), repairs[i].count);
		assert_int_equal(gs_utf8_clean(in, strlen(in), &out, &len, &n), 0);
		assert_non_null(out);
		assert_int_equal(n, repairs[i].count);
		assert_string_equal(out, repairs[i].out);
		assert_int_equal(len, strlen(repairs[i].out));
		assert_int_equal(gs_utf8_scan(out, len, NULL), 0);
		free(out);
	}
}

/* The fields of the reproducers: overlong "/" (C0 AF) and a 5-byte form. */
static void
test_reproducers(void **state)
{
	static const char overlong[] = "2000,512,256,f16,ov2_c0af_\xc0\xaf_end,kern_\xc0\xaf,10";
	static const char five[] = "2000,512,256,f16,f8_\xf8\x88\x80\x80\x80_end,"
	                           "kern_\xf8\x88\x80\x80\x80,10";
	char *out;
	size_t n, first;

	(void)state;
	assert_int_equal(gs_utf8_scan(overlong, strlen(overlong), &first), 4);
	assert_int_equal(first, 26);
	assert_int_equal(gs_utf8_clean(overlong, strlen(overlong), &out, NULL, &n), 0);
	assert_int_equal(n, 4);
	assert_string_equal(out,
	                    "2000,512,256,f16,ov2_c0af_" FFFD FFFD "_end,kern_" FFFD FFFD ",10");
	free(out);
	assert_int_equal(gs_utf8_clean(five, strlen(five), &out, NULL, &n), 0);
	assert_int_equal(n, 10);
	assert_string_equal(out, "2000,512,256,f16,f8_" FFFD FFFD FFFD FFFD FFFD
	                         "_end,kern_" FFFD FFFD FFFD FFFD FFFD ",10");
	free(out);
}

static void
test_clean_keeps_valid(void **state)
{
	static const char ok[] = "M\xc3\x97N \xc2\xb5s \xe2\x86\x92 \xf0\x9f\x98\x80";
	char *out = (char *)1, *s;
	size_t n = 99;

	(void)state;
	assert_int_equal(gs_utf8_clean(ok, strlen(ok), &out, NULL, &n), 0);
	assert_null(out); /* nothing copied */
	assert_int_equal(n, 0);
	/* an embedded NUL is kept as it is: length-based */
	assert_int_equal(gs_utf8_scan("a\0b", 3, NULL), 0);
	s = strdup("x\xff");
	assert_int_equal(gs_utf8_clean_str(&s, &n), 0);
	assert_string_equal(s, "x" FFFD);
	assert_int_equal(n, 1);
	assert_int_equal(gs_utf8_clean_str(&s, &n), 0); /* now valid: kept */
	assert_int_equal(n, 0);
	free(s);
	s = NULL;
	assert_int_equal(gs_utf8_clean_str(&s, NULL), 0);
}

/* esc-dtype.csv line 302: a dtype with OSC and CSI sequences. */
static void
test_error_escapes_controls(void **state)
{
	static const char dtype[] = "f16\x1b]0;PWNED\x07\x1b[2J";
	gs_error err;
	char buf[1024];
	FILE *fp;

	(void)state;
	gs_error_set(&err, "esc-dtype.csv", 302, 4, "unknown dtype '%s'", dtype);
	assert_string_equal(err.msg, "unknown dtype 'f16\\x1b]0;PWNED\\x07\\x1b[2J'");
	gs_error_set_offset(&err, "a\nb.json", 7, "tab\there, DEL\x7f, C1 \xc2\x9b, bad \xc0\xaf");
	assert_string_equal(err.msg, "tab\\x09here, DEL\\x7f, C1 \\xc2\\x9b, bad \\xc0\\xaf");
	assert_string_equal(err.file, "a\\x0ab.json");
	fp = fmemopen(buf, sizeof buf, "w");
	assert_non_null(fp);
	gs_error_print(&err, fp);
	fclose(fp);
	assert_null(strchr(buf, '\x1b'));
	assert_string_equal(buf, "a\\x0ab.json: byte 7: tab\\x09here, DEL\\x7f, C1 \\xc2\\x9b, "
	                         "bad \\xc0\\xaf\n");
	/* printable UTF-8 is kept */
	gs_error_set(&err, NULL, 0, 0, "%s",
	             "10240\xc3\x97"
	             "2048 \xc2\xb5s");
	assert_string_equal(err.msg, "10240\xc3\x97"
	                             "2048 \xc2\xb5s");
}

static void
test_error_truncation(void **state)
{
	char big[2 * GS_ERR_MSG_LEN];
	gs_error err;

	(void)state;
	/* 1000 ESC bytes: escaped text cut at an escape's boundary */
	memset(big, 0x1b, sizeof big - 1);
	big[sizeof big - 1] = '\0';
	gs_error_set(&err, NULL, 0, 0, "%s", big);
	assert_true(strlen(err.msg) < GS_ERR_MSG_LEN);
	assert_int_equal(strlen(err.msg) % 4, 0);
	/* a multibyte character cut by the format's truncation is dropped */
	memset(big, 'a', GS_ERR_MSG_LEN - 2);
	memcpy(big + GS_ERR_MSG_LEN - 2, "\xe2\x86\x92", 4);
	gs_error_set(&err, NULL, 0, 0, "%s", big);
	assert_int_equal(strlen(err.msg), GS_ERR_MSG_LEN - 2);
	assert_int_equal(gs_utf8_scan(err.msg, strlen(err.msg), NULL), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_decode_edges),
	        cmocka_unit_test(test_repair_table),
	        cmocka_unit_test(test_reproducers),
	        cmocka_unit_test(test_clean_keeps_valid),
	        cmocka_unit_test(test_error_escapes_controls),
	        cmocka_unit_test(test_error_truncation),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
