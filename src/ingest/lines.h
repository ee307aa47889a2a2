/* lines.h: the physical lines of a text gs_input, for logs that are not
 * tables (oneDNN benchdnn's console output: an "Output template:" line,
 * "perf,..." lines, test summaries).  A line that is a record is handed
 * to libcsv by its reader; this only cuts the stream at '\n'.
 */
#ifndef GS_LINES_H
#define GS_LINES_H

#include <stddef.h>

#include "ingest/input.h"
#include "util/error.h"

/* The longest line accepted: a longer one is an input error. */
enum { GS_LINE_MAX = 1 << 20 };

/* gs_line_fn: called once per line.  LINE is 1-based; S[0..LEN) is the
 * line without its '\n' or "\r\n", NUL-terminated, valid only during the
 * call.  Return 0 to go on, a positive value to stop without error, or
 * -1 after filling ERR. */
typedef int (*gs_line_fn)(void *ctx, long line, const char *s, size_t len, gs_error *err);

/* gs_input_lines: call FN with CTX for every line of IN from its current
 * position (a last line without '\n' included; a UTF-8 byte-order mark at
 * the start dropped).  Returns 0 at the end of the input or when FN asked
 * to stop; -1 with ERR on a read error (byte offset), a line over
 * GS_LINE_MAX bytes (FILE:LINE), out of memory, or FN's error. */
int gs_input_lines(gs_input *in, gs_line_fn fn, void *ctx, gs_error *err);

/* gs_head_find_line: the byte offset in HEAD[0..LEN) (an input's first
 * bytes, gs_input's head, for sniffing) of the first line whose text
 * S[0..N) (without its '\n'; the last line may be cut by LEN) MATCH
 * accepts, or -1 if none does. */
long gs_head_find_line(const unsigned char *head, size_t len,
                       int (*match)(const char *s, size_t n));

#endif
