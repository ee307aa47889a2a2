#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/outfile.h"

static void
release(gs_outfile *out)
{
	free(out->path);
	free(out->tmp_path);
	out->path = out->tmp_path = NULL;
	out->fp = NULL;
}

int
gs_outfile_open(gs_outfile *out, const char *path, gs_error *err)
{
	size_t n = strlen(path);
	int fd;

	memset(out, 0, sizeof *out);
	out->path = strdup(path);
	out->tmp_path = malloc(n + sizeof ".XXXXXX");
	if (!out->path || !out->tmp_path) {
		release(out);
		return gs_error_set(err, path, 0, 0, "out of memory");
	}
	memcpy(out->tmp_path, path, n);
	memcpy(out->tmp_path + n, ".XXXXXX", sizeof ".XXXXXX");
	fd = mkstemp(out->tmp_path);
	if (fd < 0) {
		gs_error_set(err, path, 0, 0, "cannot create output: %s", strerror(errno));
		release(out);
		return -1;
	}
	/* mkstemp creates 0600; give outputs the usual umask-governed mode. */
	mode_t mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	out->fp = fdopen(fd, "w");
	if (!out->fp) {
		gs_error_set(err, path, 0, 0, "cannot open output: %s", strerror(errno));
		close(fd);
		unlink(out->tmp_path);
		release(out);
		return -1;
	}
	return 0;
}

int
gs_outfile_commit(gs_outfile *out, gs_error *err)
{
	int failed = ferror(out->fp);

	if (fflush(out->fp) != 0 || fsync(fileno(out->fp)) != 0)
		failed = 1;
	if (fclose(out->fp) != 0)
		failed = 1;
	out->fp = NULL;
	if (failed) {
		gs_error_set(err, out->path, 0, 0, "write failed: %s", strerror(errno));
		unlink(out->tmp_path);
		release(out);
		return -1;
	}
	if (rename(out->tmp_path, out->path) != 0) {
		gs_error_set(err, out->path, 0, 0, "cannot rename output: %s", strerror(errno));
		unlink(out->tmp_path);
		release(out);
		return -1;
	}
	release(out);
	return 0;
}

void
gs_outfile_abort(gs_outfile *out)
{
	if (out->fp)
		fclose(out->fp);
	if (out->tmp_path)
		unlink(out->tmp_path);
	release(out);
}
