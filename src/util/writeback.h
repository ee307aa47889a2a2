/* writeback.h: start writing an output to the disk while it is written.
 *
 * Every output is fsynced before it is renamed (outfile.h).  Left alone,
 * the kernel holds a writer's pages in memory until then, and the fsync
 * of a 400 MB JSON (a million shapes) waits a second after the last byte;
 * asking for the write-back as the file grows moves that wait into the
 * time the writer spends formatting.
 */
#ifndef GS_WRITEBACK_H
#define GS_WRITEBACK_H

#include <stdio.h>

/* gs_writeback_start: flush FP's stdio buffer and ask the kernel to start
 * writing FP's file to the disk up to its current end, without waiting
 * (Linux sync_file_range(SYNC_FILE_RANGE_WRITE); nothing elsewhere).  A
 * hint: errors are ignored (a pipe or a device cannot be synced; a write
 * error stays in FP's error flag for the writer's final check). */
void gs_writeback_start(FILE *fp);

/* How often a writer calls it: after about this many bytes. */
enum { GS_WRITEBACK_BYTES = 8 << 20 };

/* ---- the syncer: the device's cache flushed while the files grow.
 *
 * Written-back pages may still sit in the device's write cache, which
 * only an fsync flushes.  On this project's CI disk (a virtual one) the
 * final fsyncs of a million-shape compare's 650 MB took 0.6-0.9 s after
 * the last byte, whatever the write-back before; flushed every few MB by
 * a thread of their own while the writers format, they take 5-10 ms
 * (bench/compare/RESULTS.md, round 9).  The syncer is that thread: it
 * fdatasyncs each watched file that grew by GS_SYNC_BYTES since its last
 * flush, checking every GS_SYNC_POLL_MS.  The writers' own final fsync
 * stays (outfile.h): the syncer only moves most of its wait earlier. */
enum { GS_SYNC_BYTES = 16 << 20, GS_SYNC_POLL_MS = 50, GS_SYNC_SLOTS = 8 };

typedef struct gs_syncer gs_syncer;

/* gs_syncer_start: the syncer's thread, watching nothing yet.  NULL when
 * it cannot be made (out of memory, no thread): the callers then go on
 * without, each file flushed by its own fsync only. */
gs_syncer *gs_syncer_start(void);

/* gs_syncer_watch: flush FD (a regular file open for writing, which the
 * caller keeps open until gs_syncer_release) as it grows.  Returns its
 * slot (>= 0), or -1 when S is NULL or its GS_SYNC_SLOTS are taken (FD
 * is then not watched). */
int gs_syncer_watch(gs_syncer *s, int fd);

/* gs_syncer_release: stop watching slot ID of S, after a flush of it in
 * progress ends: only then may the caller fsync or close the file.
 * Returns 0, or the errno of a background flush that failed.  That
 * failure must fail the output: Linux reports a write-back error once to
 * each open file, so the caller's own fsync will not see it again. */
int gs_syncer_release(gs_syncer *s, int id);

/* gs_syncer_flushes: the background flushes S made so far (for tests). */
unsigned long gs_syncer_flushes(gs_syncer *s);

/* gs_syncer_stop: end S's thread and free S (NULL: nothing to do).  Every
 * slot must have been released. */
void gs_syncer_stop(gs_syncer *s);

#endif
