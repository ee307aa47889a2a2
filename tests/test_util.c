#define _POSIX_C_SOURCE 200809L
/* test_util.c: util/checked.h and util/outfile.h (issue 11, items 1, 3,
 * 6, 7, 9): checked products, direct outputs (/dev/null, a FIFO with a
 * reader, /dev/fd/N, "-"), same-file detection by hard link and symlink,
 * the two-phase commit and the stale-temporary cleanup.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "util/checked.h"
#include "util/intern.h"
#include "util/outfile.h"

static char dir[64];

static int
setup(void **state)
{
	const char *t = getenv("TMPDIR");

	(void)state;
	snprintf(dir, sizeof dir, "%s/gs-util-XXXXXX", t && *t && strlen(t) < 40 ? t : "/tmp");
	return mkdtemp(dir) ? 0 : -1;
}

static int
teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static const char *
in_dir(const char *name)
{
	static char buf[64][256];
	static int k;

	k = (k + 1) % 64;
	snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
	return buf[k];
}

static void
slurp(const char *path, char *buf, size_t size)
{
	FILE *fp = fopen(path, "r");
	size_t n;

	assert_non_null(fp);
	n = fread(buf, 1, size - 1, fp);
	buf[n] = '\0';
	fclose(fp);
}

/* The number of entries of dir (. and .. excluded). */
static int
entries(void)
{
	char cmd[128], out[32];
	FILE *p;

	snprintf(cmd, sizeof cmd, "ls -A '%s' | wc -l", dir);
	p = popen(cmd, "r");
	assert_non_null(p);
	assert_non_null(fgets(out, sizeof out, p));
	pclose(p);
	return atoi(out);
}

static void
test_checked(void **state)
{
	long r;
	size_t z;

	(void)state;
	assert_int_equal(gs_mul_long(1L << 40, 1L << 22, &r), 0);
	assert_int_equal(r, 1L << 62);
	assert_int_equal(gs_mul_long(1L << 40, 1L << 40, &r), -1);
	assert_int_equal(gs_mul_long3(1L << 20, 1L << 20, 1L << 23, &r), -1);
	assert_int_equal(gs_mul_long3(-3, 5, 7, &r), 0);
	assert_int_equal(r, -105);
	assert_int_equal(gs_add_long(LONG_MAX, 1, &r), -1);
	assert_int_equal(gs_mul_size(SIZE_MAX / 2, 3, &z), -1);
	assert_int_equal(gs_ceil_div(LONG_MAX, 1L << 30), (LONG_MAX >> 30) + 1);
	assert_int_equal(gs_ceil_div(10, 5), 2);
	assert_int_equal(gs_ceil_div(11, 5), 3);
	assert_int_equal(gs_ceil_div(0, 5), 0);
	assert_int_equal(gs_ceil_div(5, 0), 0);
	assert_int_equal(GS_COUNT_MAX, 1L << 53);
}

static void
test_atomic(void **state)
{
	const char *path = in_dir("out.html");
	gs_outfile f;
	gs_error err;
	char buf[64];

	(void)state;
	assert_int_equal(gs_outfile_open(&f, path, &err), 0);
	assert_int_equal(f.mode, GS_OUT_ATOMIC);
	assert_non_null(strstr(f.tmp_path, "out.html" GS_OUTFILE_TMP_TAG));
	assert_int_equal(strlen(f.tmp_path), strlen(path) + strlen(GS_OUTFILE_TMP_TAG) + 6);
	fputs("one", f.fp);
	assert_int_equal(access(path, F_OK), -1); /* nothing yet */
	assert_int_equal(gs_outfile_commit(&f, &err), 0);
	slurp(path, buf, sizeof buf);
	assert_string_equal(buf, "one");
	assert_int_equal(gs_outfile_open(&f, path, &err), 0);
	fputs("two", f.fp);
	gs_outfile_abort(&f); /* old content stays */
	slurp(path, buf, sizeof buf);
	assert_string_equal(buf, "one");
	assert_int_equal(entries(), 1);
	assert_int_equal(unlink(path), 0);
	/* a directory is refused; a missing directory fails on open */
	assert_int_equal(gs_outfile_open(&f, dir, &err), -1);
	assert_non_null(strstr(err.msg, "directory"));
	assert_int_equal(gs_outfile_open(&f, in_dir("no/such.html"), &err), -1);
	assert_null(f.path);
}

static void
test_dev_null(void **state)
{
	gs_outfile f;
	gs_error err;
	struct stat st;

	(void)state;
	assert_int_equal(gs_outfile_open(&f, "/dev/null", &err), 0);
	assert_int_equal(f.mode, GS_OUT_DIRECT);
	assert_null(f.tmp_path);
	fputs("discarded", f.fp);
	assert_int_equal(gs_outfile_commit(&f, &err), 0);
	assert_int_equal(stat("/dev/null", &st), 0);
	assert_true(S_ISCHR(st.st_mode));
	/* a full device: the write error is reported, the node kept */
	if (access("/dev/full", W_OK) == 0) {
		assert_int_equal(gs_outfile_open(&f, "/dev/full", &err), 0);
		fputs("x", f.fp);
		assert_int_equal(gs_outfile_commit(&f, &err), -1);
		assert_non_null(strstr(err.msg, "write failed"));
		assert_int_equal(stat("/dev/full", &st), 0);
		assert_true(S_ISCHR(st.st_mode));
	}
}

static void
test_fifo(void **state)
{
	const char *fifo = in_dir("pipe"), *copy = in_dir("copy");
	gs_outfile f;
	gs_error err;
	struct stat st;
	char buf[64];
	pid_t pid;
	int status;

	(void)state;
	assert_int_equal(mkfifo(fifo, 0600), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) { /* the reader: copy the FIFO into a file */
		FILE *in = fopen(fifo, "r"), *out = fopen(copy, "w");
		int c;
		if (!in || !out)
			_exit(1);
		while ((c = getc(in)) != EOF)
			putc(c, out);
		_exit(fclose(out) == 0 ? 0 : 1);
	}
	assert_int_equal(gs_outfile_open(&f, fifo, &err), 0);
	assert_int_equal(f.mode, GS_OUT_DIRECT);
	fputs("through the fifo", f.fp);
	assert_int_equal(gs_outfile_commit(&f, &err), 0);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	slurp(copy, buf, sizeof buf);
	assert_string_equal(buf, "through the fifo");
	assert_int_equal(lstat(fifo, &st), 0);
	assert_true(S_ISFIFO(st.st_mode)); /* not renamed over */
	assert_int_equal(entries(), 2); /* no temporary */
	unlink(fifo);
	unlink(copy);
}

static void
test_streams(void **state)
{
	gs_outfile f;
	gs_error err;
	char path[64], buf[64];
	int fds[2];
	ssize_t n;

	(void)state;
	assert_int_equal(gs_outfile_open(&f, "-", &err), 0);
	assert_int_equal(f.mode, GS_OUT_STREAM);
	assert_ptr_equal(f.fp, stdout);
	assert_int_equal(gs_outfile_commit(&f, &err), 0);
	assert_int_not_equal(fcntl(fileno(stdout), F_GETFD), -1); /* not closed */
	assert_int_equal(gs_outfile_open(&f, "/dev/stdout", &err), 0);
	assert_ptr_equal(f.fp, stdout);
	gs_outfile_abort(&f);
	assert_int_equal(pipe(fds), 0);
	snprintf(path, sizeof path, "/dev/fd/%d", fds[1]);
	assert_int_equal(gs_outfile_open(&f, path, &err), 0);
	assert_int_equal(f.mode, GS_OUT_DIRECT);
	fputs("via fd", f.fp);
	assert_int_equal(gs_outfile_commit(&f, &err), 0);
	close(fds[1]);
	n = read(fds[0], buf, sizeof buf - 1);
	assert_int_equal(n, 6);
	buf[n] = '\0';
	assert_string_equal(buf, "via fd");
	close(fds[0]);
}

static void
touch(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

static void
test_same(void **state)
{
	const char *a = in_dir("a.csv"), *hard = in_dir("hard.csv"), *sym = in_dir("sym.csv");
	const char *b = in_dir("b.csv"), *ins[2], *outs[3];
	char dotted[256];
	gs_error err;

	(void)state;
	touch(a, "x");
	touch(b, "x");
	assert_int_equal(link(a, hard), 0);
	assert_int_equal(symlink("a.csv", sym), 0);
	assert_int_equal(gs_outfile_same(a, a), 1);
	assert_int_equal(gs_outfile_same(a, hard), 1);
	assert_int_equal(gs_outfile_same(sym, a), 1);
	assert_int_equal(gs_outfile_same(a, b), 0);
	/* not yet existing: directory identity + name */
	snprintf(dotted, sizeof dotted, "%s/./new.html", dir);
	assert_int_equal(gs_outfile_same(in_dir("new.html"), dotted), 1);
	assert_int_equal(gs_outfile_same(in_dir("new.html"), in_dir("new.json")), 0);
	assert_int_equal(gs_outfile_same(in_dir("new.html"), a), 0);
	assert_int_equal(gs_outfile_same("/dev/null", "/dev/null"), 0);
	assert_int_equal(gs_outfile_same(in_dir("no/x"), in_dir("no/x")), 0);
	/* compare a.csv b.csv -o a.csv (via the symlink) */
	ins[0] = a;
	ins[1] = b;
	outs[0] = sym;
	outs[1] = NULL;
	outs[2] = "/dev/null";
	assert_int_equal(gs_outfile_check_distinct(outs, 3, ins, 2, &err), -1);
	assert_non_null(strstr(err.msg, "overwrite the input"));
	/* -o same.html --json same.html */
	outs[0] = in_dir("same.html");
	outs[1] = dotted;
	snprintf(dotted, sizeof dotted, "%s/./same.html", dir);
	assert_int_equal(gs_outfile_check_distinct(outs, 3, ins, 2, &err), -1);
	assert_non_null(strstr(err.msg, "two outputs"));
	outs[1] = "/dev/null";
	assert_int_equal(gs_outfile_check_distinct(outs, 3, ins, 2, &err), 0);
	outs[0] = outs[1] = "-";
	assert_int_equal(gs_outfile_check_distinct(outs, 2, ins, 2, &err), 0);
	unlink(a);
	unlink(b);
	unlink(hard);
	unlink(sym);
}

static void
test_commit_all(void **state)
{
	gs_outfile f[3];
	gs_error err;
	char buf[16];

	(void)state;
	assert_int_equal(gs_outfile_open(&f[0], in_dir("r.html"), &err), 0);
	assert_int_equal(gs_outfile_open(&f[1], in_dir("r.json"), &err), 0);
	fputs("h", f[0].fp);
	fputs("j", f[1].fp);
	assert_int_equal(gs_outfile_commit_all(f, 2, &err), 0);
	slurp(in_dir("r.json"), buf, sizeof buf);
	assert_string_equal(buf, "j");
	assert_null(f[0].path);
	unlink(in_dir("r.html"));
	unlink(in_dir("r.json"));
	if (access("/dev/full", W_OK) != 0)
		return;
	/* the third cannot be finished: nothing is renamed, no temporary left */
	assert_int_equal(gs_outfile_open(&f[0], in_dir("r.html"), &err), 0);
	assert_int_equal(gs_outfile_open(&f[1], in_dir("r.json"), &err), 0);
	assert_int_equal(gs_outfile_open(&f[2], "/dev/full", &err), 0);
	fputs("h", f[0].fp);
	fputs("j", f[1].fp);
	fputs("full", f[2].fp);
	assert_int_equal(gs_outfile_commit_all(f, 3, &err), -1);
	assert_string_equal(err.file, "/dev/full");
	assert_int_equal(entries(), 0);
}

/* Set PATH's modification time SECONDS ago. */
static void
age(const char *path, long seconds)
{
	struct timespec ts[2];

	clock_gettime(CLOCK_REALTIME, &ts[0]);
	ts[0].tv_sec -= seconds;
	ts[1] = ts[0];
	assert_int_equal(utimensat(AT_FDCWD, path, ts, AT_SYMLINK_NOFOLLOW), 0);
}

static void
test_clean_stale(void **state)
{
	static const char *const keep[] = {
	        "fresh.html.gemmscope-Ab12Cd", /* a run in progress */
	        "user.html.Ab12Cd", /* the old pattern: not ours to judge */
	        "short.html.gemmscope-Ab12C", /* five characters */
	        "odd.html.gemmscope-Ab12C_",
	        "link.gemmscope-ABCDEF", /* a symlink, not followed */
	};
	size_t n = 9;

	(void)state;
	touch(in_dir("stale.html.gemmscope-Ab12Cd"), "old");
	age(in_dir("stale.html.gemmscope-Ab12Cd"), 2 * GS_OUTFILE_STALE_S);
	touch(in_dir(keep[0]), "new");
	for (size_t i = 1; i < 4; i++) {
		touch(in_dir(keep[i]), "old");
		age(in_dir(keep[i]), 2 * GS_OUTFILE_STALE_S);
	}
	assert_int_equal(symlink("user.html.Ab12Cd", in_dir(keep[4])), 0);
	age(in_dir(keep[4]), 2 * GS_OUTFILE_STALE_S);
	assert_int_equal(mkdir(in_dir("d.gemmscope-ABCDEF"), 0700), 0);
	age(in_dir("d.gemmscope-ABCDEF"), 2 * GS_OUTFILE_STALE_S);
	assert_int_equal(gs_outfile_clean_stale(dir, GS_OUTFILE_STALE_S, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(access(in_dir("stale.html.gemmscope-Ab12Cd"), F_OK), -1);
	for (size_t i = 0; i < 5; i++) {
		struct stat st;
		assert_int_equal(lstat(in_dir(keep[i]), &st), 0);
	}
	assert_int_equal(entries(), 6);
	/* age 0 takes the fresh one too */
	assert_int_equal(gs_outfile_clean_stale(dir, 0, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(gs_outfile_clean_stale(in_dir("missing"), 0, &n), -1);
	for (size_t i = 1; i < 5; i++)
		unlink(in_dir(keep[i]));
	rmdir(in_dir("d.gemmscope-ABCDEF"));
}

/* gs_intern: one copy per text, whatever the pointer it was given; ""
 * without a lookup; the set grows past its first 64 slots and keeps every
 * copy; the same from two threads at once. */
static void *
intern_many(void *arg)
{
	const char **got = arg;
	char s[32];

	for (int i = 0; i < 5000; i++) {
		snprintf(s, sizeof s, "op-%d", i);
		got[i] = gs_intern(s);
	}
	return NULL;
}

static void
test_intern(void **state)
{
	static const char *a[5000], *b[5000];
	char s[32] = "aten::mm";
	const char *mm = gs_intern(s);
	pthread_t t;

	(void)state;
	assert_non_null(mm);
	assert_ptr_not_equal(mm, s);
	assert_string_equal(mm, "aten::mm");
	s[0] = 'x'; /* the copy does not follow the caller's buffer */
	assert_string_equal(mm, "aten::mm");
	assert_ptr_equal(gs_intern("aten::mm"), mm);
	assert_string_equal(gs_intern(""), "");
	assert_int_equal(pthread_create(&t, NULL, intern_many, a), 0);
	intern_many(b);
	assert_int_equal(pthread_join(t, NULL), 0);
	for (int i = 0; i < 5000; i++) {
		snprintf(s, sizeof s, "op-%d", i);
		assert_non_null(a[i]);
		assert_ptr_equal(a[i], b[i]);
		assert_string_equal(a[i], s);
	}
	assert_ptr_equal(gs_intern("aten::mm"), mm);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_checked),    cmocka_unit_test(test_atomic),
	        cmocka_unit_test(test_dev_null),   cmocka_unit_test(test_fifo),
	        cmocka_unit_test(test_streams),    cmocka_unit_test(test_same),
	        cmocka_unit_test(test_commit_all), cmocka_unit_test(test_clean_stale),
	        cmocka_unit_test(test_intern),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
