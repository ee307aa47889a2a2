/* input.h: one byte stream for every reader, plain or gzip.
 *
 * zlib's gzread() reads plain files through unchanged, so readers never
 * care.  The first bytes are kept for format sniffing.  A truncated or
 * corrupt gzip stream is an error naming the byte offset reached.
 */
#ifndef GS_INPUT_H
#define GS_INPUT_H

#include <stddef.h>

#include "util/error.h"

enum { GS_INPUT_HEAD = 4096 };

typedef struct gs_input {
	const char *path; /* borrowed */
	void *gz; /* gzFile */
	unsigned char head[GS_INPUT_HEAD]; /* first bytes of the decompressed stream */
	size_t head_len;
	size_t head_pos; /* bytes of head already handed out */
	long long offset; /* decompressed bytes handed out so far */
	long long file_size; /* on-disk size, -1 if unknown */
	int compressed; /* 1 if the file is gzip */
	int regular; /* 1 if PATH is a regular file (not a FIFO,
	                                   device, socket) */
	int progress; /* readers may draw a progress bar (gs_ingest_opts.progress) */
} gs_input;

/* gs_input_open: open PATH and read its first bytes into ->head.  Returns
 * 0, or -1 with ERR (missing file, unreadable, corrupt gzip header, a
 * gzip stream that ends inside its header: "FILE: byte N: truncated gzip
 * stream ..."). */
int gs_input_open(gs_input *in, const char *path, gs_error *err);

/* gs_input_read: copy up to N bytes of text into BUF.  Returns the count
 * (0 at end of input), or -1 with ERR for a read error, truncated gzip or
 * a NUL byte (text inputs hold none; the message names the decompressed
 * byte offset).  Binary inputs use gs_input_read_binary. */
long gs_input_read(gs_input *in, void *buf, size_t n, gs_error *err);

/* gs_input_read_binary: gs_input_read without the NUL check, for binary
 * inputs copied through (a rocpd database arriving through a FIFO). */
long gs_input_read_binary(gs_input *in, void *buf, size_t n, gs_error *err);

/* gs_input_skip_head: pass over the first N bytes of ->head (a preamble a
 * reader found by sniffing, such as ncu's "==PROF==" lines before its
 * CSV), as if they had been read: the next read starts at byte N, and
 * offsets in errors count from the start of the input.  N is at most
 * head_len; call before any read.  Returns 0, or -1 when N is beyond
 * the head or bytes were already read. */
int gs_input_skip_head(gs_input *in, size_t n);

/* gs_input_compressed_pos: bytes of the on-disk file consumed so far (for
 * progress reporting). */
long long gs_input_compressed_pos(const gs_input *in);

/* gs_input_close: release IN; safe after a failed open. */
void gs_input_close(gs_input *in);

#endif
