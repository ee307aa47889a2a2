/* grow.h: bounded growable storage, the one place that calls realloc.
 *
 * Two shapes, in the spirit of curl's dynbuf (lib/curlx/dynbuf.c):
 *
 *   gs_grow / GS_GROW   an array of fixed-size elements that the caller
 *                       indexes itself (records, marks, pairs); the caller
 *                       keeps the pointer and its capacity.
 *   gs_dynbuf           a byte buffer that is appended to (SVG output,
 *                       generated text); always NUL-terminated.
 *
 * Both are bounded: a cap given at the call (elements) or at init (bytes)
 * turns a runaway input into an error instead of an out-of-memory kill, and
 * every size product is checked for overflow.
 */
#ifndef GS_GROW_H
#define GS_GROW_H

#include <stddef.h>

/* gs_grow: make room for at least N elements of SIZE bytes in the array
 * *ARRAY (declared as T *, passed as &array), whose capacity is *CAP
 * elements.  Capacity doubles from 8, is clamped to MAX elements, and the
 * byte size never overflows size_t.  Returns 0 (with N <= *CAP), or -1 when
 * N > MAX, the size overflows or realloc fails; on -1 *ARRAY and *CAP are
 * unchanged, so the owner's free function still releases what it holds.
 * N <= *CAP is a no-op. */
int gs_grow(void *array, size_t *cap, size_t n, size_t size, size_t max);

/* GS_GROW(arr, cap, n, max): gs_grow for an lvalue array pointer ARR. */
#define GS_GROW(arr, cap, n, max) gs_grow(&(arr), &(cap), (n), sizeof *(arr), (max))

/* A byte buffer: D holds LEN bytes plus a NUL, CAP bytes are allocated, no
 * more than MAX bytes (the NUL not counted) are ever stored. */
typedef struct gs_dynbuf {
	char *d; /* NULL until the first append */
	size_t len;
	size_t cap;
	size_t max;
} gs_dynbuf;

/* gs_dynbuf_init: an empty buffer that refuses to grow beyond MAX bytes. */
void gs_dynbuf_init(gs_dynbuf *b, size_t max);

/* gs_dynbuf_add: append LEN bytes of DATA.  Returns 0, or -1 when the
 * result would exceed the cap or memory runs out; on -1 the buffer is
 * freed and reset to empty (as curl's dynbuf does), so a caller that
 * returns the error leaks nothing. */
int gs_dynbuf_add(gs_dynbuf *b, const void *data, size_t len);

/* gs_dynbuf_printf: append printf-style text; as gs_dynbuf_add. */
int gs_dynbuf_printf(gs_dynbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* gs_dynbuf_take: the NUL-terminated contents, now owned by the caller
 * (free()); *LEN (may be NULL) gets the length.  The buffer is left empty.
 * Returns an allocated "" for a buffer never appended to, NULL on out of
 * memory. */
char *gs_dynbuf_take(gs_dynbuf *b, size_t *len);

/* gs_dynbuf_free: release the contents; the buffer is left empty. */
void gs_dynbuf_free(gs_dynbuf *b);

#endif
