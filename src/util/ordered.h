/* ordered.h: a long output made on two threads, written in its order.
 *
 * A million-shape compare writes a 400 MB JSON and a 230 MB CSV, one row
 * per shape, each row independent of the others.  gs_ordered_run cuts the
 * rows into runs, makes each run's bytes in memory on this thread or a
 * helper, whichever is free, and writes the runs out on this thread in
 * their order: the output is byte for byte the one-thread loop's, while
 * both cores work.  At most GS_ORDERED_SLOTS runs are held at a time.
 */
#ifndef GS_ORDERED_H
#define GS_ORDERED_H

#include <stddef.h>

enum { GS_ORDERED_SLOTS = 4 };

/* The work: N rows in runs of CHUNK.  The caller keeps GS_ORDERED_SLOTS
 * places for runs' bytes in CTX.
 *   make(CTX, S, BEGIN, END): rows [BEGIN, END) into place S; called on
 *     either thread, on two places at once, so it must only read what the
 *     places share.  Returns 0 or -1 (out of memory).
 *   emit(CTX, S, RUN): write place S's bytes, run RUN (0, 1, ...), called
 *     on gs_ordered_run's thread, in order.  Returns 0 or -1. */
typedef struct gs_ordered {
	size_t n, chunk;
	void *ctx;
	int (*make)(void *ctx, int s, size_t begin, size_t end);
	int (*emit)(void *ctx, int s, size_t run);
} gs_ordered;

/* gs_ordered_run: every run of O made and emitted, with one helper thread
 * (all on this thread when none can be started).  Returns 0, or -1 after
 * the first make or emit that failed (no run is emitted after it). */
int gs_ordered_run(const gs_ordered *o);

#endif
