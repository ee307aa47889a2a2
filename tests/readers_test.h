/* readers_test.h: what the tests of the readers share (test_cutlass,
 * test_nvbench, test_benchdnn, test_ncu, test_rocprof, test_trace): a
 * tolerance assertion, the record of a shape, a temporary input written
 * from a string, a read that must fail at a given place.  Include after
 * <cmocka.h> and testdata.h. */
#ifndef GS_READERS_TEST_H
#define GS_READERS_TEST_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define assert_near(a, b, tol) \
	do { \
		double a_ = (a), b_ = (b); \
		if (!(fabs(a_ - b_) <= (tol))) \
			fail_msg("%s = %.9f, expected %.9f (tolerance %g)", #a, a_, b_, \
			         (double)(tol)); \
	} while (0)

/* The record of T whose shape formats as WANT ("4096×4096×4096 bf16 TN"),
 * or whose kernel name is WANT for a kernel-keyed table, failing the test
 * when there is none. */
static inline const gs_record *
rt_record(const gs_table *t, const char *want)
{
	char buf[256];

	for (size_t i = 0; i < t->n; i++) {
		const gs_shape *k = &t->rec[i].shape;
		if (k->name ? strcmp(k->name, want) == 0
		            : strcmp(gs_shape_format(k, buf, sizeof buf), want) == 0)
			return &t->rec[i];
	}
	fail_msg("no record %s in %s", want, t->path);
	return NULL;
}

/* A temporary file /tmp/gs-test-XXXXXX holding TEXT; the caller unlinks
 * it.  The name lives in one of 4 rotating static buffers. */
static inline const char *
rt_temp(const char *text)
{
	static char path[4][64];
	static int next;
	char *p = path[next++ % 4];
	int fd;

	snprintf(p, sizeof path[0], "/tmp/gs-test-XXXXXX");
	fd = mkstemp(p);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	return p;
}

/* HEAD then BODY as an input of its own, read (the test fails if it
 * cannot be); *PATH is its name, for unlink(). */
static inline gs_table *
rt_read_text(const char *head, const char *body, const char **path)
{
	size_t n = strlen(head) + strlen(body) + 1;
	char *text = malloc(n);

	assert_non_null(text);
	snprintf(text, n, "%s%s", head, body);
	*path = rt_temp(text);
	free(text);
	return gs_test_read(*path, NULL);
}

/* PATH must be refused at LINE:COL (or, for LINE -1, at byte OFFSET; any
 * byte for OFFSET -1) with a message holding WHAT. */
static inline void
rt_refused(const char *path, long line, long col, long long offset, const char *what)
{
	gs_error err;

	gs_test_read_fails(path, &err);
	if (line >= 0) {
		assert_int_equal(err.line, line);
		assert_int_equal(err.col, col);
	} else {
		assert_int_equal(err.line, 0);
		assert_true(offset < 0 ? err.offset > 0 : err.offset == offset);
	}
	if (!strstr(err.msg, what))
		fail_msg("'%s' does not say '%s'", err.msg, what);
}

/* TEXT, as an input of its own, must be refused at LINE:COL with a
 * message holding WHAT. */
static inline void
rt_refused_text(const char *text, long line, long col, const char *what)
{
	const char *path = rt_temp(text);

	rt_refused(path, line, col, -1, what);
	unlink(path);
}

#endif
