/* trace_json.h: run a yajl streaming parser over a gs_input.
 *
 * Shared by the JSON readers (PyTorch traces, rocprofv3 JSON): the input
 * is fed in chunks, so memory holds one chunk plus what the callbacks
 * keep, never the document.  Errors name the decompressed byte offset
 * (chunk start + yajl_get_bytes_consumed()).
 */
#ifndef GS_TRACE_JSON_H
#define GS_TRACE_JSON_H

#include <stddef.h>
#include <yajl/yajl_parse.h>

#include "ingest/input.h"
#include "util/error.h"

typedef struct gs_jstream {
	gs_input *in; /* borrowed */
	yajl_handle h;
	long long chunk_start; /* decompressed offset of the chunk being parsed */
	int failed; /* a callback reported an error and cancelled */
	gs_error *err; /* borrowed: where errors go */
} gs_jstream;

/* gs_jstream_run: parse all of IN with the callbacks CB (CTX is passed to
 * them), drawing a progress bar when PROGRESS is set (see progress.h).
 * JS is the caller's, usually embedded in CTX so callbacks can call
 * gs_jstream_fail().  Returns 0 when the whole input is one complete JSON
 * value, else -1 with ERR: a read error (truncated gzip), invalid JSON,
 * premature end, or what a callback reported, each with its byte offset. */
int gs_jstream_run(gs_jstream *js, gs_input *in, const yajl_callbacks *cb, void *ctx, int progress,
                   gs_error *err);

/* gs_jstream_offset: decompressed byte offset just after the token being
 * handled by the current callback. */
long long gs_jstream_offset(const gs_jstream *js);

/* gs_jstream_fail: from a callback: fill the error at the current offset
 * with a printf-style message and return 0, which cancels the parse
 * (`return gs_jstream_fail(js, "...")`). */
int gs_jstream_fail(gs_jstream *js, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* gs_json_int: the integer in the JSON number text S[0..LEN) ("42",
 * "-7", "1e3", "4.0").  Returns 0 and sets *OUT, or -1 if the text is not
 * a number or not integral. */
int gs_json_int(const char *s, size_t len, long long *out);

/* gs_json_double: the JSON number text S[0..LEN) as a double, correctly
 * rounded (strtod), NAN if it is not a number. */
double gs_json_double(const char *s, size_t len);

/* gs_json_key_is: 1 if the key S[0..LEN) equals the C string LIT. */
int gs_json_key_is(const unsigned char *s, size_t len, const char *lit);

#endif
