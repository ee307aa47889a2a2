/* analysis/report.h: the report model.  Every command builds one
 * gs_report from its analyses; every writer (render/report.h: HTML,
 * markdown, JSON, CSV, JUnit, plots) takes it and a stream and only
 * formats what it holds, so the outputs can never disagree about a number,
 * a class, an explanation or a gate verdict.
 */
#ifndef GS_ANALYSIS_REPORT_H
#define GS_ANALYSIS_REPORT_H

#include <stddef.h>

#include "analysis/compare.h"
#include "analysis/effpair.h"
#include "analysis/gate.h"
#include "util/error.h"

struct gs_plot;
struct gs_single;
struct gs_history;
struct gs_modes;
struct gs_metrics;
struct gs_gpu;

/* One figure of the report, rendered once as SVG for inlining. */
typedef struct gs_report_plot {
	const char *id;          /* unique, [a-z0-9-]; also the SVG id prefix and asset name */
	const char *title;
	const char *caption;     /* how to read it */
	char *svg;               /* owned, NUL-terminated */
	size_t svg_len;
	struct gs_plot *plot;    /* the laid-out figure (for PNG assets), owned */
	const char *place;       /* NULL: the Plots section; "efficiency": drawn
	                            beside the efficiency section's explanations
	                            (compare tile-grid pairs, two per row) */
	char *owned;             /* id, title and caption strings built at run time
	                            point into it; owned, may be NULL */
} gs_report_plot;

/* One matched pair's efficiency reading (effpair.h), computed once. */
typedef struct gs_report_eff {
	gs_effpair e;               /* cause, ratios */
	char *explanation;          /* gs_effpair_explain's text (at most
	                               GS_REPORT_EXPLAIN_MAX - 1 bytes), owned */
} gs_report_eff;

enum { GS_REPORT_EXPLAIN_MAX = 1024 };

typedef enum gs_report_kind {
	GS_REPORT_COMPARE, GS_REPORT_SINGLE, GS_REPORT_HISTORY
} gs_report_kind;

typedef struct gs_report {
	gs_report_kind kind;
	const char *title;          /* --title, or a default */
	const char *version;        /* PACKAGE_VERSION */
	long long timestamp;        /* seconds since the epoch: SOURCE_DATE_EPOCH or now */
	const char *datadir;        /* templates/ and fonts/ live here */
	const gs_compare *cmp;      /* GS_REPORT_COMPARE */
	const struct gs_single *single;   /* GS_REPORT_SINGLE: one run's efficiency model */
	const struct gs_history *hist;    /* GS_REPORT_HISTORY */
	const struct gs_modes *modes;     /* history: mode decomposition, NULL if no mode runs */
	const struct gs_metrics *metrics; /* compare: extra-column deltas, NULL if none */
	const struct gs_gpu *gpu;         /* GPU spec used for efficiency, NULL if unknown */
	const struct gs_single *eff_base; /* compare: each side's efficiency model */
	const struct gs_single *eff_cand; /*   (single.h), NULL if not computed */
	gs_report_plot *plots;      /* owned by whoever built the report */
	size_t nplots;
	/* Computed once by analysis (this module), read by every writer: */
	gs_report_eff *effpairs;    /* compare: one per cmp->pairs[i] when eff_base
	                               and eff_cand are set (gs_report_effpairs),
	                               else NULL; owned */
	gs_class *run_cls;          /* history: per run, the trend class
	                               (gs_report_history), else NULL; owned */
	gs_gates gates;             /* compare: the CI gates asked for (gate.h) */
} gs_report;

/* gs_report_effpairs: fill R->effpairs for a compare model (R->cmp,
 * R->eff_base and R->eff_cand set): for every pair its gs_effpair
 * (gs_effpair_compute) and explanation (gs_effpair_explain, truncated to
 * GS_REPORT_EXPLAIN_MAX - 1 bytes), on each side's GPU.  Leaves NULL when a
 * side's efficiency model is missing.  Returns 0, or -1 with ERR when out
 * of memory (R->effpairs NULL).  Freed by gs_report_model_free. */
int gs_report_effpairs(gs_report *r, gs_error *err);

/* gs_report_history: fill the history parts of R (R->hist set):
 * R->run_cls, run i's class being its geomean speedup against the first
 * run read with threshold 0 (gs_class_of_speedup(geomean_vs_first, 0):
 * above 1 improved, below 1 regressed, 1 or undefined neutral).  Returns
 * 0, or -1 with ERR when out of memory.  Freed by gs_report_model_free. */
int gs_report_history(gs_report *r, gs_error *err);

/* gs_report_model_free: release what the functions above put in R (not
 * the plots, not the borrowed analyses) and set those fields to NULL. */
void gs_report_model_free(gs_report *r);

#endif
