#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/outfile.h"

static void
release(gs_outfile *out)
{
	free(out->path);
	free(out->tmp_path);
	out->path = out->tmp_path = NULL;
	out->fp = NULL;
	out->finished = 0;
}

/* The descriptor a standard-stream name refers to: 1 for "-" and
 * /dev/stdout, 2 for /dev/stderr, N for /dev/fd/N and /proc/self/fd/N;
 * -1 for any other path. */
static int
stream_fd(const char *path)
{
	static const char *const fd_dirs[] = {"/dev/fd/", "/proc/self/fd/"};
	char *end;
	long fd;

	if (strcmp(path, "-") == 0 || strcmp(path, "/dev/stdout") == 0)
		return 1;
	if (strcmp(path, "/dev/stderr") == 0)
		return 2;
	for (size_t i = 0; i < 2; i++) {
		size_t n = strlen(fd_dirs[i]);
		if (strncmp(path, fd_dirs[i], n) != 0 || !path[n])
			continue;
		errno = 0;
		fd = strtol(path + n, &end, 10);
		if (!*end && errno == 0 && fd >= 0 && fd <= 0x7fffffff)
			return (int)fd;
	}
	return -1;
}

/* A standard stream (stdout, stderr) or a dup of descriptor FD. */
static int
open_stream(gs_outfile *out, int fd, gs_error *err)
{
	int copy;

	out->mode = GS_OUT_STREAM;
	if (fd == 1 || fd == 2) {
		out->fp = fd == 1 ? stdout : stderr;
		return 0;
	}
	out->mode = GS_OUT_DIRECT;
	if ((copy = dup(fd)) < 0)
		return gs_error_set(err, out->path, 0, 0, "cannot open output: %s",
		                    strerror(errno));
	if (!(out->fp = fdopen(copy, "w"))) {
		close(copy);
		return gs_error_set(err, out->path, 0, 0, "cannot open output: %s",
		                    strerror(errno));
	}
	return 0;
}

/* An existing non-regular file, opened in place (no truncation, no
 * creation: a device or FIFO has nothing to truncate). */
static int
open_direct(gs_outfile *out, const struct stat *st, gs_error *err)
{
	int fd;

	out->mode = GS_OUT_DIRECT;
	if (S_ISDIR(st->st_mode))
		return gs_error_set(err, out->path, 0, 0, "cannot write output: is a directory");
	if ((fd = open(out->path, O_WRONLY | O_NOCTTY)) < 0)
		return gs_error_set(err, out->path, 0, 0, "cannot open output: %s",
		                    strerror(errno));
	if (!(out->fp = fdopen(fd, "w"))) {
		close(fd);
		return gs_error_set(err, out->path, 0, 0, "cannot open output: %s",
		                    strerror(errno));
	}
	return 0;
}

/* A temporary "PATH.gemmscope-XXXXXX" beside PATH. */
static int
open_atomic(gs_outfile *out, gs_error *err)
{
	static const char tail[] = GS_OUTFILE_TMP_TAG "XXXXXX";
	size_t n = strlen(out->path);
	mode_t mask;
	int fd;

	out->mode = GS_OUT_ATOMIC;
	if (!(out->tmp_path = malloc(n + sizeof tail)))
		return gs_error_set(err, out->path, 0, 0, "out of memory");
	memcpy(out->tmp_path, out->path, n);
	memcpy(out->tmp_path + n, tail, sizeof tail);
	if ((fd = mkstemp(out->tmp_path)) < 0) {
		free(out->tmp_path);
		out->tmp_path = NULL; /* nothing to remove */
		return gs_error_set(err, out->path, 0, 0, "cannot create output: %s",
		                    strerror(errno));
	}
	/* mkstemp creates 0600; give outputs the usual umask-governed mode. */
	mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	if (!(out->fp = fdopen(fd, "w"))) {
		gs_error_set(err, out->path, 0, 0, "cannot open output: %s", strerror(errno));
		close(fd);
		return -1;
	}
	return 0;
}

int
gs_outfile_open(gs_outfile *out, const char *path, gs_error *err)
{
	struct stat st;
	int fd, rc;

	memset(out, 0, sizeof *out);
	if (!(out->path = strdup(path)))
		return gs_error_set(err, path, 0, 0, "out of memory");
	if ((fd = stream_fd(path)) >= 0)
		rc = open_stream(out, fd, err);
	else if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
		rc = open_direct(out, &st, err);
	else
		rc = open_atomic(out, err);
	if (rc != 0)
		gs_outfile_abort(out);
	return rc;
}

/* Flush and close OUT's stream; 0 or -1 with errno. */
static int
finish_stream(gs_outfile *out)
{
	int failed = ferror(out->fp), saved = 0;

	if (fflush(out->fp) != 0) {
		failed = 1;
		saved = errno;
	}
	if (out->mode != GS_OUT_STREAM && fclose(out->fp) != 0 && !failed) {
		failed = 1;
		saved = errno;
	}
	out->fp = NULL;
	errno = saved ? saved : EIO;
	return failed ? -1 : 0;
}

int
gs_outfile_finish(gs_outfile *out, gs_error *err)
{
	if (out->finished)
		return 0;
	if (!out->fp)
		return gs_error_set(err, out->path, 0, 0, "output not open");
	if (finish_stream(out) != 0) {
		gs_error_set(err, out->path, 0, 0, "write failed: %s", strerror(errno));
		gs_outfile_abort(out);
		return -1;
	}
	out->finished = 1;
	return 0;
}

/* The rename of a finished OUT; releases OUT. */
static int
publish(gs_outfile *out, gs_error *err)
{
	int rc = 0;

	if (out->mode == GS_OUT_ATOMIC && rename(out->tmp_path, out->path) != 0) {
		rc = gs_error_set(err, out->path, 0, 0, "cannot rename output: %s",
		                  strerror(errno));
		unlink(out->tmp_path);
	}
	release(out);
	return rc;
}

int
gs_outfile_commit(gs_outfile *out, gs_error *err)
{
	if (gs_outfile_finish(out, err) != 0)
		return -1;
	return publish(out, err);
}

int
gs_outfile_commit_all(gs_outfile *files, size_t n, gs_error *err)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (gs_outfile_finish(&files[i], err) != 0)
			break;
	if (i < n) {
		for (i = 0; i < n; i++)
			gs_outfile_abort(&files[i]);
		return -1;
	}
	for (i = 0; i < n; i++)
		if (publish(&files[i], err) != 0)
			break;
	if (i == n)
		return 0;
	for (i++; i < n; i++)
		gs_outfile_abort(&files[i]);
	return -1;
}

void
gs_outfile_abort(gs_outfile *out)
{
	if (out->fp && out->mode == GS_OUT_STREAM)
		fflush(out->fp);
	else if (out->fp)
		fclose(out->fp);
	if (out->tmp_path && out->mode == GS_OUT_ATOMIC)
		unlink(out->tmp_path);
	release(out);
}

/* ---- same file ------------------------------------------------------------ */

/* What a path names: an existing file (NAME NULL), or a name in an
 * existing directory (DEV/INO of the directory). */
typedef struct file_id {
	dev_t dev;
	ino_t ino;
	int regular;
	const char *name;
} file_id;

/* Fill ID for PATH; -1 when neither PATH nor its directory can be
 * examined. */
static int
identify(const char *path, file_id *id)
{
	struct stat st;
	const char *slash;
	char *dir;
	int rc;

	memset(id, 0, sizeof *id);
	if (strcmp(path, "-") == 0 ? fstat(1, &st) == 0 : stat(path, &st) == 0) {
		id->dev = st.st_dev;
		id->ino = st.st_ino;
		id->regular = S_ISREG(st.st_mode);
		return 0;
	}
	if (errno != ENOENT)
		return -1;
	slash = strrchr(path, '/');
	id->name = slash ? slash + 1 : path;
	if (!*id->name)
		return -1;
	dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
	if (!dir)
		return -1;
	rc = stat(dir, &st);
	free(dir);
	if (rc != 0)
		return -1;
	id->dev = st.st_dev;
	id->ino = st.st_ino;
	id->regular = 1; /* it will be a regular file once written */
	return 0;
}

int
gs_outfile_same(const char *a, const char *b)
{
	file_id x, y;

	if (identify(a, &x) != 0 || identify(b, &y) != 0)
		return 0;
	if (!x.regular || !y.regular || x.dev != y.dev || x.ino != y.ino)
		return 0;
	if (!x.name || !y.name)
		return !x.name && !y.name;
	return strcmp(x.name, y.name) == 0;
}

/* Whether OUT conflicts with the path P (both "-": no). */
static int
conflicts(const char *out, const char *p)
{
	if (!p || (strcmp(out, "-") == 0 && strcmp(p, "-") == 0))
		return 0;
	return gs_outfile_same(out, p);
}

int
gs_outfile_check_distinct(const char *const *outs, size_t nout, const char *const *ins, size_t nin,
                          gs_error *err)
{
	for (size_t i = 0; i < nout; i++) {
		if (!outs[i])
			continue;
		for (size_t j = 0; j < nin; j++)
			if (conflicts(outs[i], ins[j]))
				return gs_error_set(err, outs[i], 0, 0,
				                    "the output would overwrite the input %s",
				                    ins[j]);
		for (size_t j = 0; j < i; j++)
			if (conflicts(outs[i], outs[j]))
				return gs_error_set(err, outs[i], 0, 0,
				                    "two outputs name the same file (%s and %s)",
				                    outs[j], outs[i]);
	}
	return 0;
}

/* ---- stale temporaries ------------------------------------------------------ */

/* Whether NAME ends in GS_OUTFILE_TMP_TAG and six [A-Za-z0-9]. */
static int
tmp_name(const char *name)
{
	static const char tag[] = GS_OUTFILE_TMP_TAG;
	size_t n = strlen(name), t = sizeof tag - 1;

	if (n <= t + 6 || strncmp(name + n - 6 - t, tag, t) != 0)
		return 0;
	for (size_t i = n - 6; i < n; i++) {
		char c = name[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
			return 0;
	}
	return 1;
}

/* Remove DIR/NAME if it is a stale temporary of ours; 1 if removed. */
static int
remove_stale(int dfd, const char *name, const struct timespec *now, long min_age_s)
{
	struct stat st;
	double age;

	if (!tmp_name(name) || fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return 0;
	/* nanoseconds both sides: a file written this instant may carry a
	 * fine-grained mtime a little past time()'s coarse second (Linux's
	 * multigrain timestamps), which read as a negative age */
	age = (double)(now->tv_sec - st.st_mtim.tv_sec) +
	      (double)(now->tv_nsec - st.st_mtim.tv_nsec) * 1e-9;
	if (!S_ISREG(st.st_mode) || st.st_uid != geteuid() || age < (double)min_age_s)
		return 0;
	return unlinkat(dfd, name, 0) == 0;
}

int
gs_outfile_clean_stale(const char *dir, long min_age_s, size_t *nremoved)
{
	DIR *d = opendir(dir && *dir ? dir : ".");
	struct dirent *e;
	struct timespec now;
	size_t count = 0;

	if (nremoved)
		*nremoved = 0;
	if (!d)
		return -1;
	clock_gettime(CLOCK_REALTIME, &now);
	while ((e = readdir(d)))
		count += (size_t)remove_stale(dirfd(d), e->d_name, &now, min_age_s);
	closedir(d);
	if (nremoved)
		*nremoved = count;
	return 0;
}
