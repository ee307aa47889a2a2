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

#endif
