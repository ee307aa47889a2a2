#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#include "ingest/input.h"

/* zlib's message without the "PATH: " it puts in front (gz_error()): the
 * error names the file already. */
static const char *
gz_message(const gs_input *in, const char *what)
{
	size_t n = strlen(in->path);

	if (strncmp(what, in->path, n) == 0 && what[n] == ':' && what[n + 1] == ' ')
		return what + n + 2;
	return what;
}

static int
gz_fail(gs_input *in, gs_error *err)
{
	int code = 0;
	const char *what = gzerror(in->gz, &code);

	if (code == Z_BUF_ERROR)
		what = "truncated gzip stream";
	else if (code == Z_ERRNO)
		what = strerror(errno);
	return gs_error_set_offset(err, in->path, in->offset, "cannot read: %s",
	                           gz_message(in, what));
}

/* A file that begins with the gzip magic but yields no data is a stream
 * cut inside its 10-byte header (RFC 1952 §2.3), not an empty input:
 * zlib reports nothing for it.  Returns -1 with ERR then, else 0. */
static int
gz_header_check(gs_input *in, const struct stat *st, gs_error *err)
{
	unsigned char magic[2];
	FILE *f;
	size_t n;

	if (in->head_len || st->st_size == 0 || !S_ISREG(st->st_mode))
		return 0;
	f = fopen(in->path, "rb");
	n = f ? fread(magic, 1, 2, f) : 0;
	if (f)
		fclose(f);
	if (n == 2 && magic[0] == 0x1f && magic[1] == 0x8b)
		return gs_error_set_offset(err, in->path, (long long)st->st_size,
		                           "truncated gzip stream: %s",
		                           st->st_size < 10 ? "the file ends inside the "
		                                              "10-byte gzip header"
		                                            : "no data after the header");
	return 0;
}

/* Text inputs hold no NUL byte: one would cut a field short in every
 * string function (issue 11, item 10).  BUF[0..N) starts at decompressed
 * offset IN->offset.  Returns 0, or -1 with ERR at the NUL's offset. */
static int
nul_check(const gs_input *in, const void *buf, size_t n, gs_error *err)
{
	const char *z = memchr(buf, '\0', n);

	if (!z)
		return 0;
	return gs_error_set_offset(err, in->path, in->offset + (z - (const char *)buf),
	                           "NUL byte in a text input");
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
	in->regular = S_ISREG(st.st_mode);
	if (gz_header_check(in, &st, err) != 0) {
		gs_input_close(in);
		return -1;
	}
	return 0;
}

/* Up to N decompressed bytes into BUF, the NUL check applied when TEXT. */
static long
input_read(gs_input *in, void *buf, size_t n, int text, gs_error *err)
{
	size_t got = 0;

	if (in->head_pos < in->head_len) {
		got = in->head_len - in->head_pos;
		if (got > n)
			got = n;
		if (text && nul_check(in, in->head + in->head_pos, got, err) != 0)
			return -1;
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
	if (text && nul_check(in, buf, (size_t)r, err) != 0)
		return -1;
	in->offset += r;
	return r;
}

long
gs_input_read(gs_input *in, void *buf, size_t n, gs_error *err)
{
	return input_read(in, buf, n, 1, err);
}

long
gs_input_read_binary(gs_input *in, void *buf, size_t n, gs_error *err)
{
	return input_read(in, buf, n, 0, err);
}

int
gs_input_skip_head(gs_input *in, size_t n)
{
	if (n > in->head_len || in->head_pos != 0 || in->offset != 0)
		return -1;
	in->head_pos = n;
	in->offset = (long long)n;
	return 0;
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
