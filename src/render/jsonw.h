/* jsonw.h: the JSON writers' one generator (yajl_gen): compact by
 * default (no whitespace; one newline ends the document), 2-space indent
 * with --json-indent (gs_report.json_indent).  Tokens stream through a
 * fixed GS_JW_BUF-byte buffer to the FILE: nothing per shape is kept, so
 * the memory does not grow with the number of shapes.
 *
 * Numbers are written with the shortest text that reads back to the same
 * double (gs_fmt_exact); infinities and NaN are null.  Strings from inputs
 * are made valid UTF-8 first (gs_fmt_clean), then escaped by yajl.  A
 * failed generator call sets ->failed; gs_jw_end() reports it once.
 */
#ifndef GS_JSONW_H
#define GS_JSONW_H

#include <stdio.h>
#include <string.h>

#include <yajl/yajl_gen.h>

#include "analysis/gate.h"
#include "table.h"
#include "util/error.h"

enum { GS_JW_BUF = 1 << 16 };

typedef struct gs_jw {
	yajl_gen g;
	FILE *out;
	int failed;
	int indent; /* 1: 2-space indent; 0: compact */
	size_t len; /* bytes waiting in buf */
	size_t cap; /* buf's size: GS_JW_BUF, or more in memory */
	char *buf; /* cap bytes, owned; a memory generator's output */
} gs_jw;

/* gs_jw_begin: a generator writing to OUT, indented with 2 spaces when
 * INDENT is non-zero, else compact.  Returns 0, or -1 with ERR on out of
 * memory (nothing to free then). */
int gs_jw_begin(gs_jw *w, FILE *out, int indent, gs_error *err);

/* gs_jw_begin_mem: a compact generator writing into memory: its output
 * is W->buf[0 .. W->len), grown as needed (out of memory sets ->failed).
 * Returns 0, or -1 with ERR on out of memory.  Free with gs_jw_free(). */
int gs_jw_begin_mem(gs_jw *w, gs_error *err);

/* gs_jw_mem_reset: start a new document on the memory generator W, its
 * output emptied (the buffer kept). */
void gs_jw_mem_reset(gs_jw *w);

/* gs_jw_free: free W's generator and buffer without writing anything
 * (a memory generator's end; gs_jw_end does it for a stream). */
void gs_jw_free(gs_jw *w);

/* gs_jw_raw: N bytes of JSON another generator made, as they are, into
 * W's output.  W's generator does not see them: the caller keeps the
 * document well-formed (gs_jw_array_par). */
void gs_jw_raw(gs_jw *w, const char *s, size_t n);

/* gs_jw_array_par: the N elements of the array just opened in W, element
 * I written by ELEMENT(W', ARG, I) as one value.  In compact mode, above
 * a few thousand elements, runs of elements are generated into memory on
 * this thread and a second one and written in their order (about 7 MB
 * held at a time): the bytes are those of the plain loop, which runs
 * otherwise.  ELEMENT is then called on both threads at once and must
 * only read shared data.  The caller closes the array. */
void gs_jw_array_par(gs_jw *w, size_t n, void (*element)(gs_jw *, const void *, size_t),
                     const void *arg);

/* gs_jw_end: flush the buffer, end the document with a newline, free the
 * generator; 0, or -1 with ERR if a call failed or OUT could not be
 * written. */
int gs_jw_end(gs_jw *w, gs_error *err);

/* The generator calls, one JSON token each (kv_: a key, then its value),
 * in the order yajl requires.  Nothing is returned: a failure (out of
 * memory, a token out of place) sets W->failed for gs_jw_end().  Keys are
 * written as given: program literals, ASCII (yajl does not check them);
 * string values as given when plain ASCII, else cleaned into well-formed
 * UTF-8 first (gs_fmt_clean), so the output is valid UTF-8 whatever the
 * input held.  Arguments are borrowed. */
void gs_jw_key_n(gs_jw *w, const char *k, size_t len); /* LEN: strlen(K) */
void gs_jw_str(gs_jw *w, const char *s); /* NULL -> null */
void gs_jw_num(gs_jw *w, double v); /* non-finite -> null */
void gs_jw_count(gs_jw *w, long long v);
void gs_jw_bool(gs_jw *w, int v);

/* Inline, so that a literal key's length is known when compiled: a
 * million-shape JSON has 23 million keys. */
static inline void
gs_jw_key(gs_jw *w, const char *k)
{
	gs_jw_key_n(w, k, strlen(k));
}

static inline void
gs_jw_kv_str(gs_jw *w, const char *k, const char *v)
{
	gs_jw_key(w, k);
	gs_jw_str(w, v);
}

static inline void
gs_jw_kv_num(gs_jw *w, const char *k, double v)
{
	gs_jw_key(w, k);
	gs_jw_num(w, v);
}

static inline void
gs_jw_kv_count(gs_jw *w, const char *k, long long v)
{
	gs_jw_key(w, k);
	gs_jw_count(w, v);
}

static inline void
gs_jw_kv_bool(gs_jw *w, const char *k, int v)
{
	gs_jw_key(w, k);
	gs_jw_bool(w, v);
}

/* gs_jw_kv_str_known, gs_jw_kv_num_known: the key and V, or nothing when
 * V is NULL (not finite).  For a per-shape object's keys that do not
 * apply to every shape (a tag, a kernel name, a p-value where no U test
 * ran): at a million shapes their nulls were a third of the JSON's
 * bytes and of its writing (README "JSON"). */
static inline void
gs_jw_kv_str_known(gs_jw *w, const char *k, const char *v)
{
	if (v)
		gs_jw_kv_str(w, k, v);
}

static inline void
gs_jw_kv_num_known(gs_jw *w, const char *k, double v)
{
	if (__builtin_isfinite(v))
		gs_jw_kv_num(w, k, v);
}

void gs_jw_map_open(gs_jw *w);
void gs_jw_map_close(gs_jw *w);
void gs_jw_array_open(gs_jw *w, const char *k); /* K NULL: no key */
void gs_jw_array_close(gs_jw *w);

/* gs_jw_shape_fields: the shape key as op, batch, M, N, K, dtype, trans_a,
 * trans_b, bias (and for kernel-keyed records name, the full kernel name,
 * and label, its short label: gs_shape_format), inside an open map. */
void gs_jw_shape_fields(gs_jw *w, const gs_shape *s);

/* gs_jw_gates: the key "gates" and the list of G's gates, each as
 * {name, threshold, value, passed} (DESIGN.md "JSON": every JSON output
 * has it; [] when no gate was asked for), inside an open map. */
void gs_jw_gates(gs_jw *w, const gs_gates *g);

#endif
