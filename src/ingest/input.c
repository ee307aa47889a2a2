#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#include "ingest/input.h"

static int
gz_fail(gs_input *in, gs_error *err)
{
	int code = 0;
	const char *what = gzerror(in->gz, &code);

	if (code == Z_BUF_ERROR)
		what = "truncated gzip stream";
	else if (code == Z_ERRNO)
		what = strerror(errno);
	return gs_error_set_offset(err, in->path, in->offset, "cannot read: %s", what);
}

int
gs_input_open(gs_input *in, const char *path, gs_error *err)
{
	struct stat st;
	int n;

	memset(in, 0, sizeof *in);
	in->path = path;
	in->file_size = -1;
	if (stat(path, &st) != 0)
		return gs_error_set(err, path, 0, 0, "cannot open: %s", strerror(errno));
	if (S_ISDIR(st.st_mode))
		return gs_error_set(err, path, 0, 0, "is a directory, not an input file");
	in->file_size = st.st_size;
	in->gz = gzopen(path, "rb");
	if (!in->gz)
		return gs_error_set(err, path, 0, 0, "cannot open: %s", strerror(errno));
	gzbuffer(in->gz, 1 << 17);
	n = gzread(in->gz, in->head, sizeof in->head);
	if (n < 0) {
		gz_fail(in, err);
		gs_input_close(in);
		return -1;
	}
	in->head_len = (size_t)n;
	in->compressed = !gzdirect(in->gz);
	return 0;
}

long
gs_input_read(gs_input *in, void *buf, size_t n, gs_error *err)
{
	size_t got = 0;

	if (in->head_pos < in->head_len) {
		got = in->head_len - in->head_pos;
		if (got > n)
			got = n;
		memcpy(buf, in->head + in->head_pos, got);
		in->head_pos += got;
		in->offset += (long long)got;
		return (long)got;
	}
	if (n > (1u << 30))
		n = 1u << 30;
	int r = gzread(in->gz, buf, (unsigned)n);
	if (r < 0)
		return gz_fail(in, err);
	if (r == 0) {
		int code = 0;
		gzerror(in->gz, &code);
		if (code != Z_OK)
			return gz_fail(in, err);
	}
	in->offset += r;
	return r;
}

long long
gs_input_compressed_pos(const gs_input *in)
{
	return in->gz ? (long long)gzoffset(in->gz) : 0;
}

void
gs_input_close(gs_input *in)
{
	if (in->gz)
		gzclose(in->gz);
	in->gz = NULL;
}
