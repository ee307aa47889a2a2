/* testdata.h: finding and reading the test data, for the cmocka tests.
 *
 * Data lives under $top_srcdir (set by the test harness; "." when a test
 * is run by hand from the source tree).  Include after <cmocka.h>.
 */
#ifndef GS_TESTDATA_H
#define GS_TESTDATA_H

#include <stdio.h>
#include <stdlib.h>

#include "ingest/ingest.h"

/* gs_test_path: $top_srcdir/REL in one of 8 rotating static buffers, so a
 * few paths can be alive at once. */
static inline char *
gs_test_path(const char *rel)
{
	static char buf[8][1024];
	static int next;
	const char *top = getenv("top_srcdir");
	char *p = buf[next++ % 8];

	snprintf(p, sizeof buf[0], "%s/%s", top && *top ? top : ".", rel);
	return p;
}

/* gs_test_read: PATH read with OPTS (NULL: defaults); the test fails with
 * the reader's message if it cannot be read.  The caller frees the table. */
static inline gs_table *
gs_test_read(const char *path, const gs_ingest_opts *opts)
{
	gs_table *t = NULL;
	gs_error err;

	gs_error_clear(&err);
	if (gs_ingest_read(path, opts, &t, &err) != 0) {
		gs_error_print(&err, stderr);
		fail_msg("cannot read %s", path);
	}
	return t;
}

/* gs_test_read_fails: PATH must be rejected, with no table and an error
 * naming PATH; ERR holds it for further checks. */
static inline void
gs_test_read_fails(const char *path, gs_error *err)
{
	gs_table *t = NULL;

	gs_error_clear(err);
	assert_int_equal(gs_ingest_read(path, NULL, &t, err), -1);
	assert_null(t);
	assert_string_equal(err->file, path);
}

#endif
