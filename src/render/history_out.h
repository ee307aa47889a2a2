/* history_out.h: the writers of `gemmscope history` (issue 6) and the
 * per-shape verdicts they share.
 *
 * Every writer takes a gs_report of kind GS_REPORT_HISTORY (r->hist set,
 * r->modes optional) and a stream, writes the whole output and returns 0,
 * or -1 with ERR set (any other kind, or a write error); the caller
 * (render/output.c) then discards the temporary file.
 *
 * gs_render_html_history: one self-contained page on
 *   DATADIR/templates/report.html: summary, trend plot, evolution table
 *   (statistics.md §1 "Evolution across versions"), change points, small
 *   multiples, mode decomposition, shapes missing from some runs,
 *   methodology.
 * gs_render_json_history: DESIGN.md "history --json": runs[] (name,
 *   geomean_vs_first, geomean_vs_previous, ...), change_points[] (the key
 *   fields, run_index, run, direction, ratio, ...), summary, shapes[] with
 *   their series, modes.
 * gs_render_markdown_history: a job-page-sized summary: verdict, the
 *   evolution table (last 15 runs), open regressions, pending steps.
 * gs_render_junit_history: one testcase per shape; an open regression
 *   (gs_history_open_regression) is a <failure> with the numbers, a shape
 *   with only a pending step is <skipped>.
 * gs_render_csv_history: per-shape series: op,batch,M,N,K,dtype,trans_a,
 *   trans_b,bias,tag, then one column per run (named by the run, time in
 *   µs, empty where the run lacks the shape).
 * gs_render_regressions_history: the shapes with an open regression, in
 *   the native schema (render/native_csv.h) with the last run's record
 *   that has the shape, ready for gemmscope-bench --shapes.
 */
#ifndef GS_HISTORY_OUT_H
#define GS_HISTORY_OUT_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/history.h"
#include "render/report.h"
#include "util/error.h"

int gs_render_html_history(const gs_report *r, FILE *out, gs_error *err);
int gs_render_json_history(const gs_report *r, FILE *out, gs_error *err);
int gs_render_markdown_history(const gs_report *r, FILE *out, gs_error *err);
int gs_render_junit_history(const gs_report *r, FILE *out, gs_error *err);
int gs_render_csv_history(const gs_report *r, FILE *out, gs_error *err);
int gs_render_regressions_history(const gs_report *r, FILE *out, gs_error *err);

/* gs_history_open_regression: the regression of series S (index into
 * H->series) still open at the last run: the earliest confirmed slower
 * change point C of S for which the current level (median_after of the
 * last confirmed change point of S) over C->median_before is still
 * >= 1 + H->opts.min_magnitude.  A step that was later undone (a confirmed
 * faster step back to the old level) is therefore closed; a partial
 * recovery is not.  Pending steps take no part.  Returns C (borrowed from
 * H), or NULL; *NOW_RATIO (may be NULL) gets current level / C's
 * median_before, or NAN when NULL is returned. */
const gs_history_cp *gs_history_open_regression(const gs_history *h, size_t s,
                                                double *now_ratio);

/* gs_history_open_regressions: the number of series with an open
 * regression (the --max-regressed gate of `gemmscope history`). */
size_t gs_history_open_regressions(const gs_history *h);

/* gs_history_pending_cp: the pending change point of series S, or NULL
 * (at most one per series, its last). */
const gs_history_cp *gs_history_pending_cp(const gs_history *h, size_t s);

/* gs_history_need: 0 when R is a history report, else -1 with ERR saying
 * that the WHAT output needs one. */
int gs_history_need(const gs_report *r, const char *what, gs_error *err);

#endif
