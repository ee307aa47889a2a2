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
	const char *name; /* borrowed from the caller's names[] */
	const gs_table *table; /* borrowed */
	gs_compare vs_first; /* this run (candidate) vs run 0 (baseline);
	                              run 0 against itself; only its summary
	                              (s), opts, base and cand are kept: the
	                              per-shape arrays are NULL and their
	                              counts 0 */
	gs_compare vs_previous; /* vs run i-1; run 0 against itself; as
	                              vs_first */
	double geomean_vs_first; /* vs_first.s.geomean: 1 for run 0 */
	double geomean_vs_previous; /* vs_previous.s.geomean: 1 for run 0 */
} gs_history_entry;

/* One shape across the runs. */
typedef struct gs_history_series {
	const gs_record *rec; /* its record in the first run that has it
	                              (key, tag), borrowed */
	size_t first_run; /* index of that run */
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
	size_t nruns;
	gs_history_series *series; /* owned, in order of first appearance */
	size_t nseries;
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

/* gs_history_run: build the history of the N >= 2 runs RUNS[i] (finished
 * tables, oldest first) named NAMES[i]; both are borrowed for the life of
 * OUT.  Returns 0, or -1 with ERR when N < 2, when a run shares no shape
 * with the first or the previous run (ERR names it), for invalid options
 * (persist 0, max_p outside (0, 1), min_magnitude < 0, window 1..3) or on
 * out of memory.  Free OUT with gs_history_free() in
 * either case. */
int gs_history_run(gs_table *const *runs, const char *const *names, size_t n,
                   const gs_history_opts *o, gs_history *out, gs_error *err);

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
