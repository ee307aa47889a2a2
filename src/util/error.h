/* error.h: errors are values.
 *
 * Every function that can fail on input takes a gs_error * and fills it with
 * where (file, line, column, or byte offset for JSON) and what, as one
 * sentence.  main() prints it with gs_error_print() and exits 2.  Nothing
 * below main() exits or aborts.
 */
#ifndef GS_ERROR_H
#define GS_ERROR_H

#include <stdio.h>

enum { GS_ERR_FILE_LEN = 512, GS_ERR_MSG_LEN = 512 };

typedef struct gs_error {
	char file[GS_ERR_FILE_LEN]; /* input or output path, "" if none */
	long line; /* 1-based line, 0 if not applicable */
	long col; /* 1-based column (field for CSV), 0 if n/a */
	long long offset; /* byte offset (JSON, gzip), -1 if n/a */
	char msg[GS_ERR_MSG_LEN]; /* one sentence, no trailing newline */
} gs_error;

/* gs_error_set: fill ERR (may be NULL) with FILE:LINE:COL and a printf-style
 * message.  LINE/COL 0 mean unknown.  Returns -1 so callers can write
 * `return gs_error_set(...)`.
 * Quoting input is safe: in the formatted message and in FILE, control
 * characters (bytes < 0x20, DEL, and U+0080..U+009F) and bytes that are
 * not well-formed UTF-8 (util/utf8.h) are written as \xNN (ESC -> \x1b),
 * so a message never carries a terminal escape sequence.  A message longer
 * than GS_ERR_MSG_LEN - 1 bytes is cut at a character boundary. */
int gs_error_set(gs_error *err, const char *file, long line, long col, const char *fmt, ...)
        __attribute__((format(printf, 5, 6)));

/* gs_error_set_offset: as gs_error_set (escaping included), for
 * byte-addressed inputs (JSON, gzip streams): the message reads FILE: byte
 * OFFSET: what.  Returns -1. */
int gs_error_set_offset(gs_error *err, const char *file, long long offset, const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));

/* gs_error_print: write "FILE:LINE[:COL]: msg" (or "FILE: byte N: msg", or
 * "gemmscope: msg" with no file) and a newline to STREAM. */
void gs_error_print(const gs_error *err, FILE *stream);

/* gs_error_clear: reset ERR to "no error". */
void gs_error_clear(gs_error *err);

#endif
