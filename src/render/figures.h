/* figures.h: the plots each report shows, built from its model. */
#ifndef GS_FIGURES_H
#define GS_FIGURES_H

#include "analysis/compare.h"
#include "analysis/single.h"
#include "render/report.h"
#include "util/error.h"

/* gs_figures_compare: lay out and render (SVG, ids prefixed per plot) the
 * compare report's figures: sorted speedup curve, baseline-vs-candidate
 * scatter, log2-speedup histogram, each point coloured by its pair's class
 * as C has it (unsure included); above GS_PLOT_DENSE_MIN pairs the curve
 * and the scatter are densities (plot.h), so their size and cost do not
 * grow with the number of shapes.  The first 5 of C->top_regressed are
 * labelled "R1 M×N×K" ... on the curve and the scatter at any N (dtype and
 * transposes added when two share M×N×K).  DATADIR holds fonts/.  On success *OUT
 * is a malloc'd array of *N plots (free with gs_figures_free).  Returns 0
 * or -1 with ERR. */
int gs_figures_compare(const gs_compare *c, const char *datadir, gs_report_plot **out, size_t *n,
                       gs_error *err);

/* gs_figures_efficiency: append to the *N plots of *PLOTS (a
 * gs_figures_compare array, realloc'd) the compare report's efficiency
 * figures from BASE and CAND (the two sides' models, single.h):
 *  - "roofline": every matched shape's candidate point, and an arrow from
 *    each top regression's baseline point to its candidate point; the
 *    roofs of the baseline's GPU and, when the candidate ran on another
 *    GPU, the candidate's memory roof, compute roofs and ridges too; only
 *    when a side has a GPU;
 *  - for each of the first 4 top regressions whose kernels' tiles are both
 *    known (and a CU count), "tiles-rI-base" and "tiles-rI-cand" (I its rank) with
 *    place "efficiency": the baseline's tile grid beside the candidate's.
 * Returns 0, or -1 with ERR (the plots already in *PLOTS stay valid). */
int gs_figures_efficiency(const gs_compare *c, const gs_single *base, const gs_single *cand,
                          const char *datadir, gs_report_plot **plots, size_t *n, gs_error *err);

/* gs_figures_single: the single-run report's figures from S: the
 * "roofline" (log-log, one compute ceiling per dtype class present and the
 * memory ceiling of S's GPU, one point per shape sized by total time and
 * coloured by dim_eff; only with a GPU) and "tiles-1".."tiles-K", the tile
 * grids of the S->opts.top largest time consumers whose tile and CU count
 * are known.  *OUT as gs_figures_compare (*N may be 0).  Returns 0 or -1
 * with ERR. */
int gs_figures_single(const gs_single *s, const char *datadir, gs_report_plot **out, size_t *n,
                      gs_error *err);

/* gs_figures_roofline_single / gs_figures_roofline_compare
 * (figures_roof.c): append the "roofline" figure of a single-run report
 * (S's GPU; nothing without one) or of a compare (as gs_figures_efficiency
 * describes it: when the sides ran on different GPUs, each GPU's memory
 * roof, compute roofs and ridges, the caption listing each GPU's bandwidth
 * and ridge points) to the *N plots of *PLOTS (realloc'd).  Returns 0, or
 * -1 with ERR (the plots already in *PLOTS stay valid). */
int gs_figures_roofline_single(const gs_single *s, gs_report_plot **plots, size_t *n,
                               gs_error *err);
int gs_figures_roofline_compare(const gs_compare *c, const gs_single *base, const gs_single *cand,
                                gs_report_plot **plots, size_t *n, gs_error *err);

/* At most this many sweep figures per report (gs_figures_sweeps). */
#define GS_FIGURES_SWEEPS 4

struct gs_cliffs;

/* gs_figures_sweeps: append to the *N plots of *PLOTS (realloc'd) one
 * figure "sweep-1".."sweep-K" (place "model": beside the cliffs table)
 * per sweep with at least one cliff, for the GS_FIGURES_SWEEPS sweeps
 * with the largest drops: achieved TFLOP/s against the swept dimension
 * with the tile and wave boundaries (gs_plot_sweep) and the cliffs.
 * BASE with its cliffs CBASE (analysis/cliff.h: sweeps, cliffs by drop)
 * is a report's one input; with CAND and CCAND (non-NULL: a compare) the
 * baseline's and the candidate's runs of the same sweep (same dimension
 * and key fields) share a figure.  The boundaries come from the
 * candidate's tile when known, else the baseline's (gs_sweep_grid_of);
 * without a tile or a GPU none is drawn and the caption says which is
 * missing.  DATADIR holds fonts/.  Returns 0 (no sweep with a cliff: no
 * figure, *PLOTS untouched), or -1 with ERR (out of memory; the plots
 * already in *PLOTS stay valid). */
int gs_figures_sweeps(const gs_single *base, const struct gs_cliffs *cbase, const gs_single *cand,
                      const struct gs_cliffs *ccand, const char *datadir, gs_report_plot **plots,
                      size_t *n, gs_error *err);

/* gs_figures_push: append PLOT (taken over; NULL: an error naming ID) to
 * the *N plots of *PLOTS (realloc'd), with copies of ID, TITLE and
 * CAPTION and the static PLACE (NULL: the Plots section), rendered to
 * SVG with ids prefixed by ID.  Returns 0, or -1 with ERR (out of memory,
 * or the SVG failed; the plots already in *PLOTS stay valid). */
int gs_figures_push(gs_report_plot **plots, size_t *n, struct gs_plot *plot, const char *id,
                    const char *title, const char *caption, const char *place, gs_error *err);

/* gs_figure_finish: fill PL with ID, TITLE and CAPTION (static strings,
 * borrowed) and PLOT (owned by PL from now on, NULL if its layout failed),
 * and render PLOT to SVG with ids prefixed by ID.  Returns 0, or -1 with
 * ERR (a NULL PLOT is an error naming ID).  Every figure builder uses it. */
int gs_figure_finish(gs_report_plot *pl, struct gs_plot *plot, const char *id, const char *title,
                     const char *caption, gs_error *err);

/* gs_figures_plot_class: the plot class (render/plot.h GS_PLOT_*) that
 * draws report class C (analysis/compare.h); a translation, no decision. */
int gs_figures_plot_class(gs_class c);

/* gs_figures_free: release N plots and the array. */
void gs_figures_free(gs_report_plot *plots, size_t n);

#endif
