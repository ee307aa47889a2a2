/* runner_test.h: what the cmocka tests of gemmscope-bench share
 * (test_runner.c, test_runner_method.c, test_runner_clocks.c): a
 * temporary directory made by the group setup and removed with its
 * contents by the group teardown, paths and files in it, and
 * gs_bench_main called like the command.  Include after
 * <cmocka.h>; the includer defines _XOPEN_SOURCE 700 (nftw, mkdtemp). */
#ifndef GS_RUNNER_TEST_H
#define GS_RUNNER_TEST_H

#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "runner/bench.h"

static char gs_rt_dir[256];

/* gs_rt_tmp: NAME under the temporary directory, in one of 16 rotating
 * static buffers (the 16 most recent results stay valid). */
static inline const char *
gs_rt_tmp(const char *name)
{
	static char path[16][512];
	static int next;
	char *p = path[next++ % 16];

	snprintf(p, sizeof path[0], "%s/%s", gs_rt_dir, name);
	return p;
}

/* gs_rt_put: write TEXT to the file NAME under the temporary directory,
 * making its directories; the test fails if it cannot. */
static inline void
gs_rt_put(const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof path, "%s", gs_rt_tmp(name));
	for (char *s = strchr(path + strlen(gs_rt_dir) + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		mkdir(path, 0700); /* exists already: fine */
		*s = '/';
	}
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* gs_rt_bench: gemmscope-bench FIRST ... (NULL-terminated), no backend
 * library directories; its exit status. */
static inline int
gs_rt_bench(const char *first, ...)
{
	static const char *const no_dirs[] = {NULL};
	char *argv[64];
	int argc = 0;
	va_list ap;

	argv[argc++] = (char *)"gemmscope-bench";
	va_start(ap, first);
	for (const char *a = first; a && argc < 63; a = va_arg(ap, const char *))
		argv[argc++] = (char *)a;
	va_end(ap);
	argv[argc] = NULL;
	return gs_bench_main(argc, argv, no_dirs);
}

/* The group setup: a fresh directory under $TMPDIR (else /tmp). */
static inline int
gs_rt_setup(void **state)
{
	const char *t = getenv("TMPDIR");

	(void)state;
	snprintf(gs_rt_dir, sizeof gs_rt_dir, "%s/gs-runner-XXXXXX", t && *t ? t : "/tmp");
	return mkdtemp(gs_rt_dir) ? 0 : -1;
}

static inline int
gs_rt_remove(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

/* The group teardown: the directory and whatever a test left in it. */
static inline int
gs_rt_teardown(void **state)
{
	(void)state;
	return nftw(gs_rt_dir, gs_rt_remove, 16, FTW_DEPTH | FTW_PHYS);
}

#endif
