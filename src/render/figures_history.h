/* figures_history.h: the plots of the history report (issue 6). */
#ifndef GS_FIGURES_HISTORY_H
#define GS_FIGURES_HISTORY_H

#include <stddef.h>

#include "analysis/history.h"
#include "render/report.h"
#include "util/error.h"

enum { GS_FIGURES_HISTORY_PANELS = 12 }; /* shapes in the small multiples */

/* Bounded at any size (issue 10: 60 runs x 100k shapes): the trend has one
 * point per run, the small multiples GS_FIGURES_HISTORY_PANELS panels of
 * one point per run, chosen in GS_FIGURES_HISTORY_PANELS passes over the
 * series without allocation.
 *
 * gs_figures_history: lay out and render (SVG, ids prefixed per plot) the
 * history report's figures from H (borrowed):
 *   "history-trend": the geomean speedup of every run against the first
 *     (gs_plot_trend, the evolution table's "Geo Mean" column,
 *     statistics.md §1), run i's point of class RUN_CLS[i] (the report
 *     model's, gs_report_history; NULL: all neutral);
 *   "history-changes": small multiples (gs_plot_small_multiples) of the
 *     GS_FIGURES_HISTORY_PANELS shapes with the largest change points by
 *     magnitude (ties: series order), each panel marking that shape's
 *     largest step; left out when H has no change point.
 * DATADIR holds fonts/.  On success *OUT is a malloc'd array of *N plots
 * (free with gs_figures_free, render/figures.h).  Returns 0, or -1 with
 * ERR (*OUT NULL, *N 0). */
int gs_figures_history(const gs_history *h, const gs_class *run_cls, const char *datadir,
                       gs_report_plot **out, size_t *n, gs_error *err);

/* gs_figures_history_top: the indices of the series of H with a change
 * point, by their largest change point's magnitude descending (ties:
 * series order): at most MAX of them into IDX[] (series index) and CP[]
 * (index into H->cps of that largest step).  Returns how many were
 * written. */
size_t gs_figures_history_top(const gs_history *h, size_t *idx, size_t *cp, size_t max);

#endif
