/* history.h: a nightly series of runs (`gemmscope history`, DESIGN.md).
 *
 * Runs are ordered oldest first: by name in natural order (run-2 before
 * run-10), or by the value of a date column.  The model holds
 *   - per run: the run compared with the first run and with the previous
 *     run (gs_compare_run, so every compare definition applies), whose
 *     geomeans and counts vs the first run make the evolution table of
 *     statistics.md §1 ("the same metrics computed for each version
 *     against one fixed baseline");
 *   - per shape (the union of all runs' keys): its median time per run;
 *   - per shape: its change points (model/changepoint.h, E-Divisive with a
 *     t-test as Apache Otava; statistics.md §2.2, §4.6), a step counted as
 *     a regression or improvement only once its new level has lasted
 *     `persist` runs; a newer step is pending.
 * Times are medians in µs.
 */
#ifndef GS_HISTORY_H
#define GS_HISTORY_H

#include <stddef.h>

#include "analysis/compare.h"
#include "table.h"
#include "util/error.h"

typedef struct gs_history_opts {
	gs_compare_opts cmp; /* for run-vs-first and run-vs-previous */
	unsigned persist; /* runs a new level must last (--persist), >= 1, 2 */
	double min_magnitude; /* smallest step max(|r-1|, |1/r-1|), 0.05 */
	double max_p; /* significance of a step (t-test), in (0, 1), 0.001 */
	size_t window; /* change-point window in runs, >= 4; 0: 50 */
	const char *order_column; /* NULL: natural sort by name; else the
	                              column whose first value orders the runs
	                              (gs_runset_load); shown, not used here */
} gs_history_opts;

/* One run: a row of the evolution table. */
typedef struct gs_history_entry {
	const char *name; /* borrowed (gs_history_run), or owned
	                              (gs_history_add) */
	const gs_table *table; /* while the history holds the run's table:
	                              the first and the last run, runs added
	                              with GS_HISTORY_KEEP or borrowed, and
	                              those gs_history_attach gave back; else
	                              NULL (a streamed run is freed once the
	                              next one is compared with it) */
	char *path, *format; /* the run's input path and dialect, owned */
	size_t shapes; /* records of the run */
	gs_excluded *excl; /* the run's excluded rows, owned (taken from its
	                              table), nexcl of them */
	size_t nexcl;
	gs_compare vs_first; /* this run (candidate) vs run 0 (baseline);
	                              run 0 against itself; only its summary
	                              (s) and opts are kept: the per-shape
	                              arrays and the table pointers are NULL
	                              and their counts 0 */
	gs_compare vs_previous; /* vs run i-1; run 0 against itself; as
	                              vs_first */
	double geomean_vs_first; /* vs_first.s.geomean: 1 for run 0 */
	double geomean_vs_previous; /* vs_previous.s.geomean: 1 for run 0 */
	unsigned flags; /* GS_HISTORY_* the run was added with */
} gs_history_entry;

/* One shape across the runs. */
typedef struct gs_history_series {
	const gs_record *rec; /* a copy of its record in the first run that
	                              has it (key, tag, samples), owned by the
	                              history */
	size_t first_run; /* index of that run */
	size_t last_run; /* index of the last run that has it */
	double *t; /* owned, nruns medians (µs); NAN where the
	                              run lacks the shape */
	size_t present; /* runs that have it */
	size_t cp_first, ncp; /* its change points: cps[cp_first ..+ ncp) */
} gs_history_series;

/* One change point of one shape. */
typedef struct gs_history_cp {
	size_t series; /* index into series[] */
	size_t run_index; /* 0-based index of the first run after the step */
	const char *run; /* that run's name, borrowed */
	int slower; /* 1: time went up (a regression), 0: faster */
	int pending; /* 1: the new level has lasted < persist runs:
	                              not (yet) a regression or improvement */
	double median_before; /* µs, the segment before the step */
	double median_after; /* µs, from the step to the next change or the end */
	double ratio; /* median_after / median_before: > 1 slower */
	double magnitude; /* max(|ratio-1|, |1/ratio-1|) */
	double p_value; /* two-sided pooled t-test of the two segments */
	size_t runs_before, runs_after; /* runs with the shape in each segment */
} gs_history_cp;

typedef struct gs_history {
	gs_history_opts opts;
	gs_history_entry *runs; /* owned, oldest first */
	size_t nruns; /* runs added so far */
	size_t nexpected; /* runs announced to gs_history_begin */
	gs_table *keys; /* owned: one record per series, series order */
	gs_table **owned; /* owned: nexpected slots, the tables the history
	                     holds and must free (NULL where none) */
	gs_history_series *series; /* owned, in order of first appearance */
	size_t nseries, series_cap;
	gs_history_cp *cps; /* owned, grouped by series in series order,
	                              by run_index within a series */
	size_t ncps;
	size_t regressions; /* confirmed slower steps */
	size_t improvements; /* confirmed faster steps */
	size_t pending; /* pending steps, either direction */
	size_t partial; /* shapes missing from at least one run */
} gs_history;

/* gs_history_cp_direction: "slower" or "faster" (the JSON `direction`).
 * gs_history_cp_state: "regression" or "improvement" for a confirmed step,
 * "pending" for one that has not lasted `persist` runs yet. */
const char *gs_history_cp_direction(const gs_history_cp *c);
const char *gs_history_cp_state(const gs_history_cp *c);

/* gs_history_opts_default: compare defaults (T 5 %), persist 2,
 * min_magnitude 0.05, max_p 0.001, window 50, order by name. */
void gs_history_opts_default(gs_history_opts *o);

/* Flags of gs_history_add. */
enum {
	GS_HISTORY_KEEP = 1, /* hold the table to the end (runs named by a mode:
	                        analysis/modes.h reads them) */
	GS_HISTORY_BORROWED = 2 /* the caller owns the table and keeps it alive
	                           for the life of the history (implies KEEP) */
};

/* gs_history_begin: start the history of N >= 2 runs, to be added oldest
 * first with gs_history_add and finished with gs_history_end.  Memory
 * then grows with the shapes, not with runs x shapes: a run's table is
 * freed once the next run is compared with it (the first and the last
 * are held).  Returns 0, or -1 with ERR for N < 2, invalid options
 * (persist 0, max_p outside (0, 1), min_magnitude < 0, window 1..3) or
 * out of memory.  Free OUT with gs_history_free() in either case. */
int gs_history_begin(gs_history *out, size_t n, const gs_history_opts *o, gs_error *err);

/* gs_history_add: the next run, table T (finished) named NAME (copied):
 * compared with the first and the previous run, its shapes added to the
 * series.  T is the history's from the call on (freed by it, on error
 * too) unless FLAGS has GS_HISTORY_BORROWED.  Returns 0, or -1 with ERR
 * when T shares no shape with the first or the previous run (ERR names
 * it), when more runs are added than announced, or on out of memory. */
int gs_history_add(gs_history *h, gs_table *t, const char *name, unsigned flags, gs_error *err);

/* gs_history_end: the change points of every series, once every
 * announced run was added.  Returns 0 or -1 with ERR. */
int gs_history_end(gs_history *h, gs_error *err);

/* gs_history_run: the whole history of the N runs RUNS[i] (finished
 * tables, oldest first, borrowed for the life of OUT) named NAMES[i]
 * (borrowed): gs_history_begin, gs_history_add with
 * GS_HISTORY_BORROWED for each, gs_history_end.  Returns 0 or -1 with ERR
 * as they do.  Free OUT with gs_history_free() in either case. */
int gs_history_run(gs_table *const *runs, const char *const *names, size_t n,
                   const gs_history_opts *o, gs_history *out, gs_error *err);

/* gs_history_needs: the runs whose tables the open regressions' records
 * need (their series' last runs) and that the history no longer holds:
 * their indices into IDX (room for H->nruns), their count returned. */
size_t gs_history_needs(const gs_history *h, size_t *idx);

/* gs_history_attach: hand the history run I's table T again (read anew:
 * the same input), after gs_history_end; the history owns it.  Returns 0,
 * or -1 with ERR (I out of range, or the table already held: T is then
 * freed). */
int gs_history_attach(gs_history *h, size_t i, gs_table *t, gs_error *err);

/* gs_history_free: release what H owns (not the tables); H is left empty. */
void gs_history_free(gs_history *h);

/* gs_history_open_regression: the regression of series S (index into
 * H->series) still open at the last run: the earliest confirmed slower
 * change point C of S for which the current level (median_after of the
 * last confirmed change point of S) over C->median_before is still
 * >= 1 + H->opts.min_magnitude.  A step that was later undone (a confirmed
 * faster step back to the old level) is therefore closed; a partial
 * recovery is not.  Pending steps take no part.  Returns C (borrowed from
 * H), or NULL; *NOW_RATIO (may be NULL) gets current level / C's
 * median_before, or NAN when NULL is returned. */
const gs_history_cp *gs_history_open_regression(const gs_history *h, size_t s, double *now_ratio);

/* gs_history_open_regressions: the number of series of H with an open
 * regression (gs_history_open_regression).  The report model holds it
 * (gs_report_history: open_regressions), for the --max-regressed gate of
 * `gemmscope history` and every history writer. */
size_t gs_history_open_regressions(const gs_history *h);

/* gs_history_pending_cp: the pending change point of series S (index into
 * H->series), or NULL; at most one per series, its last.  Borrowed from H. */
const gs_history_cp *gs_history_pending_cp(const gs_history *h, size_t s);

#endif
