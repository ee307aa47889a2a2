/* outfile.h: outputs written atomically.
 *
 * gs_outfile_open() creates a temporary file beside PATH; the writer fills
 * it through ->fp; gs_outfile_commit() flushes, fsyncs and renames it over
 * PATH; gs_outfile_abort() removes it.  An error therefore never leaves a
 * half-written file and never replaces an existing one.
 */
#ifndef GS_OUTFILE_H
#define GS_OUTFILE_H

#include <stdio.h>

#include "util/error.h"

typedef struct gs_outfile {
	FILE *fp;        /* write here */
	char *path;      /* final path (owned) */
	char *tmp_path;  /* temporary path (owned) */
} gs_outfile;

/* gs_outfile_open: create "PATH.XXXXXX" in PATH's directory.  On success
 * returns 0 and OUT owns the stream; on failure returns -1 with ERR naming
 * PATH. */
int gs_outfile_open(gs_outfile *out, const char *path, gs_error *err);

/* gs_outfile_commit: close and rename over the final path.  Returns 0, or
 * -1 with ERR set (the temporary file is removed).  OUT is released either
 * way. */
int gs_outfile_commit(gs_outfile *out, gs_error *err);

/* gs_outfile_abort: close and remove the temporary file; releases OUT.
 * Safe on a zeroed or already released OUT. */
void gs_outfile_abort(gs_outfile *out);

#endif
