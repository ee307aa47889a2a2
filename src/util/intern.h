/* intern.h: one copy of each short string for the whole process.
 *
 * A shape key's op ("", "aten::mm", "aten::addmm", ...) takes a few
 * distinct values over millions of records: each record points at the one
 * copy (8 bytes) instead of holding 32, and a key copied out of a table
 * stays valid after the table is freed (history frees each run's table).
 * A compare's cause sentences (analysis/cause.h) are kept here too: the
 * hundred thousand classified pairs of a million-shape sweep without a
 * GPU share one sentence.
 */
#ifndef GS_INTERN_H
#define GS_INTERN_H

/* gs_intern: the process's copy of S (compared by content), made on first
 * use; safe from several threads at once.  The copy lives until
 * gs_intern_free().  "" is returned without a lookup.  NULL on out of
 * memory. */
const char *gs_intern(const char *s);

/* gs_intern_free: free every copy (at exit: no pointer gs_intern returned
 * may be used after it). */
void gs_intern_free(void);

#endif
