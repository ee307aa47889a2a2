/* figures.h: the plots each report shows, built from its model. */
#ifndef GS_FIGURES_H
#define GS_FIGURES_H

#include "analysis/compare.h"
#include "render/report.h"
#include "util/error.h"

/* gs_figures_compare: lay out and render (SVG, ids prefixed per plot) the
 * compare report's figures: sorted speedup curve, baseline-vs-candidate
 * scatter, log2-speedup histogram.  DATADIR holds fonts/.  On success *OUT
 * is a malloc'd array of *N plots (free with gs_figures_free).  Returns 0
 * or -1 with ERR. */
int gs_figures_compare(const gs_compare *c, const char *datadir,
                       gs_report_plot **out, size_t *n, gs_error *err);

/* gs_figures_free: release N plots and the array. */
void gs_figures_free(gs_report_plot *plots, size_t n);

#endif
