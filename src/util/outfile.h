/* outfile.h: outputs written all-or-nothing.
 *
 * gs_outfile_open() creates a temporary file beside PATH, named
 * "PATH.gemmscope-XXXXXX" (GS_OUTFILE_TMP_TAG and six mkstemp characters);
 * the writer fills it through ->fp; gs_outfile_commit() flushes, closes and
 * renames it over PATH; gs_outfile_abort() removes it.  An error therefore
 * never leaves a half-written file and never replaces an existing one.
 * Several outputs that belong together are committed with
 * gs_outfile_commit_all(): every temporary is complete and closed before
 * the first rename, so a kill can only land in the short rename phase.
 *
 * Not fsynced: a killed or failed run never shows a partial output, but
 * a crash of the machine itself may lose outputs renamed shortly before
 * it, as with cp or a compiler's.  Forcing the data to the disk cost a
 * million-shape compare 0.35 s of its 4 s on this project's CI disk, and
 * on a 100 MB/s disk would cost seconds (bench/compare/RESULTS.md, round
 * 11); a report is made again by running the command again.
 *
 * What a kill can leave: before the rename phase, the old outputs and
 * temporaries "*.gemmscope-XXXXXX" (gs_outfile_clean_stale() removes
 * them on a later run); during it, some outputs new and some old.
 *
 * Direct outputs: "-" (standard output), /dev/stdout, /dev/stderr,
 * /dev/fd/N, /proc/self/fd/N and any existing file that is not a regular
 * file (a character device such as /dev/null, a FIFO, a socket) are
 * written in place: no temporary, no rename (renaming over a device node
 * would replace it with a regular file).  They are not all-or-nothing: an
 * aborted direct output may have been partly written.
 */
#ifndef GS_OUTFILE_H
#define GS_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

#include "util/error.h"

/* The tag of gemmscope's temporaries: "PATH" GS_OUTFILE_TMP_TAG "XXXXXX". */
#define GS_OUTFILE_TMP_TAG ".gemmscope-"

/* Age (seconds since the last write) above which gs_outfile_clean_stale
 * takes a temporary for a leftover of a killed run: an hour, far longer
 * than any run writes one output. */
#define GS_OUTFILE_STALE_S 3600L

typedef enum gs_outfile_mode {
	GS_OUT_ATOMIC, /* temporary beside the path, renamed at commit */
	GS_OUT_DIRECT, /* an existing non-regular file opened in place */
	GS_OUT_STREAM /* stdout / stderr: borrowed, flushed, never closed */
} gs_outfile_mode;

typedef struct gs_outfile {
	FILE *fp; /* write here */
	char *path; /* final path (owned) */
	char *tmp_path; /* temporary path (owned), NULL unless ATOMIC */
	gs_outfile_mode mode;
	int finished; /* 1 once gs_outfile_finish succeeded (fp closed) */
} gs_outfile;

/* gs_outfile_open: prepare output PATH: a temporary "PATH.gemmscope-XXXXXX"
 * in PATH's directory (mode 0666 & ~umask), or PATH itself / the standard
 * stream for a direct output (see above; a directory is refused).  On
 * success returns 0 and OUT owns the stream; on failure returns -1 with
 * ERR naming PATH and OUT released. */
int gs_outfile_open(gs_outfile *out, const char *path, gs_error *err);

/* gs_outfile_finish: complete OUT without publishing it: flush and close
 * (a direct output's stream "-" stays open).  Returns 0,
 * or -1 with ERR set (OUT is then aborted and released).  Calling it twice
 * is harmless. */
int gs_outfile_finish(gs_outfile *out, gs_error *err);

/* gs_outfile_commit: gs_outfile_finish, then rename the temporary over
 * the final path (ATOMIC).  Returns 0, or -1 with ERR set (the temporary
 * is removed).  OUT is released either way. */
int gs_outfile_commit(gs_outfile *out, gs_error *err);

/* gs_outfile_commit_all: commit the N outputs of FILES together: first
 * finish every one (all temporaries complete and closed), then rename
 * them in order.  If a finish fails, every output is aborted and no
 * rename happens (returns -1, ERR set); if a rename fails, the remaining
 * ones are aborted (earlier renames stay: a rename cannot be undone).
 * Every element of FILES is released either way.  Returns 0 or -1. */
int gs_outfile_commit_all(gs_outfile *files, size_t n, gs_error *err);

/* gs_outfile_abort: close and remove the temporary file (a direct output
 * is closed as it is); releases OUT.  Safe on a zeroed or already
 * released OUT. */
void gs_outfile_abort(gs_outfile *out);

/* gs_outfile_same: whether paths A and B name the same regular file, so
 * that writing one would destroy the other.  Existing paths are compared
 * by st_dev/st_ino after following symbolic links (a hard link or a
 * symlink is the same file); a path that does not exist yet is compared
 * by its directory's st_dev/st_ino and its last component.  "-" is
 * standard output (fstat(1)).  Non-regular files (devices, FIFOs,
 * terminals) are never "the same": /dev/null may take several outputs.
 * Returns 1 same, 0 different (including when either cannot be
 * examined, e.g. a missing directory: opening the output then fails with
 * its own message). */
int gs_outfile_same(const char *a, const char *b);

/* gs_outfile_check_distinct: refuse output paths that would overwrite an
 * input or another output: for the NOUT paths OUTS (NULL entries skipped)
 * against each other and against the NIN inputs INS (NULL skipped), by
 * gs_outfile_same.  Returns 0, or -1 with ERR naming the output path.
 * Standard input/output names ("-") are never in conflict. */
int gs_outfile_check_distinct(const char *const *outs, size_t nout, const char *const *ins,
                              size_t nin, gs_error *err);

/* gs_outfile_clean_stale: remove gemmscope's own leftover temporaries in
 * directory DIR ("" or NULL: "."): entries named "*.gemmscope-XXXXXX"
 * (exactly six [A-Za-z0-9] after the tag) that are regular files (not
 * followed through symlinks), owned by the calling user, and last
 * modified at least MIN_AGE_S seconds ago (GS_OUTFILE_STALE_S normally).
 * Nothing else is touched.  Best effort: an entry that cannot be removed
 * is skipped.  *NREMOVED (may be NULL) gets the number removed.  Returns
 * 0, or -1 when DIR cannot be read. */
int gs_outfile_clean_stale(const char *dir, long min_age_s, size_t *nremoved);

#endif
