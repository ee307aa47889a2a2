/* runset.h: the run-set reader of `gemmscope history` (DESIGN.md): the
 * runs of a nightly series, named and ordered oldest first, read into
 * finished tables.  All of history's file and directory I/O lives here;
 * analysis/history.h computes from the tables it is given. */
#ifndef GS_RUNSET_H
#define GS_RUNSET_H

#include <stddef.h>

#include "ingest/ingest.h"
#include "table.h"
#include "util/error.h"

/* gs_runset_load: read the runs of a history.  PATHS[0..N) are input
 * files, or (N == 1) one directory, whose runs gs_runset_dir picks.  Each
 * is read with gs_ingest_read(PATH, IO) and named
 * by its base name without ".gz" and one of ".csv", ".tsv", ".txt",
 * ".json", ".db" (gs_runset_run_name).  Runs are returned oldest first:
 * with ORDER_COLUMN NULL by name in natural order (gs_runset_natcmp, then
 * the path); otherwise by the first data row's value of that CSV column
 * (matched case-insensitively), a number or an ISO 8601 date
 * "YYYY-MM-DD[THH:MM[:SS[.f]]][Z|±HH:MM]", ties by name.  On success
 * returns 0 with *RUNS (N tables) and *NAMES (N strings), both owned by the
 * caller (free with gs_runset_free), and *NRUNS.  On failure returns
 * -1 with ERR (an unreadable input, an empty directory, a directory among
 * several paths, a missing or unparsable order value, or a date column
 * mixing numbers and dates) and nothing allocated. */
int gs_runset_load(const char *const *paths, size_t n, const gs_ingest_opts *io,
                   const char *order_column, gs_table ***runs, char ***names, size_t *nruns,
                   gs_error *err);

/* gs_runset_list: the runs of a history named and ordered as
 * gs_runset_load does (an order column is read from each run's first data
 * row), without reading them: `gemmscope history` reads them one pair at
 * a time, so that memory grows with the shapes, not runs x shapes.  On
 * success returns 0 with *RUN_PATHS and *NAMES (*NRUNS strings each,
 * oldest first, owned by the caller: gs_runset_names_free); on failure
 * -1 with ERR as gs_runset_load, and nothing allocated. */
int gs_runset_list(const char *const *paths, size_t n, const gs_ingest_opts *io,
                   const char *order_column, char ***run_paths, char ***names, size_t *nruns,
                   gs_error *err);

/* gs_runset_names_free: free what gs_runset_list returned (either array
 * may be NULL). */
void gs_runset_names_free(char **paths, char **names, size_t n);

/* gs_runset_dir: the run files of directory DIR, in name order.  Names
 * starting with '.' are ignored.  The nightly layout of README.md, where
 * some folder DIR/NIGHT holds a file NIGHT.EXT (EXT one of .csv .tsv .json
 * .db .txt, each optionally followed by .gz): the runs are those files, one
 * per folder (two in one folder is an error); DIR's own files (the
 * baseline, say) and folders without one are skipped, and so is
 * everything else inside a night folder (that night's reports).
 * Otherwise, the flat layout: the runs are DIR's regular files ending in
 * .csv .tsv .json .db (optionally .gz), and those ending in .txt[.gz] that
 * read as an input (gs_ingest_read with IO: benchmark logs, not notes);
 * folders and other files are skipped.  Skipped entries get one note line
 * on stderr ("gemmscope: note: DIR: skipped N entries (not runs):"
 * and the first four names, sorted).  Returns 0 with *PATHS (*N strings,
 * each and the array owned by the caller, free()) -- *N may be 0 -- or -1
 * with ERR (an unreadable DIR, two runs in a night folder, out of memory)
 * and nothing allocated. */
int gs_runset_dir(const char *dir, const gs_ingest_opts *io, char ***paths, size_t *n,
                  gs_error *err);

/* gs_runset_free: free what gs_runset_load returned (RUNS[0..N) and
 * NAMES[0..N), either may be NULL). */
void gs_runset_free(gs_table **runs, char **names, size_t n);

/* gs_runset_natcmp: natural order of two names: digit runs compare as
 * whole numbers (leading zeros ignored), other bytes as unsigned chars.
 * Returns < 0, 0, > 0 as strcmp (0 also for "run-01" and "run-1"). */
int gs_runset_natcmp(const char *a, const char *b);

/* gs_runset_run_name: the run name of PATH (see gs_runset_load) as a
 * new string (caller frees), or NULL on out of memory. */
char *gs_runset_run_name(const char *path);

#endif
