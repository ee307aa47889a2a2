/* report.h: the report model.  Every command builds one gs_report; every
 * writer (HTML, markdown, JSON, CSV, JUnit) takes it and a stream, so the
 * outputs can never disagree about a number.
 */
#ifndef GS_REPORT_H
#define GS_REPORT_H

#include <stdio.h>

#include "analysis/compare.h"
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
} gs_report;

/* Writers.  Each writes the whole output for R to OUT and returns 0, or -1
 * with ERR set (the caller then discards the temporary file).
 *
 * gs_render_html: one self-contained page from DATADIR/templates/report.html
 *   (CSS inlined, plots inlined as SVG, every input string escaped by
 *   libxml2, no script, no network).
 * gs_render_markdown: a PR-comment-sized summary: verdict, summary numbers,
 *   top regressions.
 * gs_render_json: everything the report shows (DESIGN.md "JSON").
 * gs_render_csv: the per-shape table in the native schema (DESIGN.md),
 *   candidate side, with base_time_us_median, speedup, change_pct, class,
 *   p_value appended.
 * gs_render_regressions: regressed shapes only, native schema, ready for
 *   gemmscope-bench --shapes.
 * gs_render_junit: one testcase per shape, regressions as failures. */
int gs_render_html(const gs_report *r, FILE *out, gs_error *err);
int gs_render_markdown(const gs_report *r, FILE *out, gs_error *err);
int gs_render_json(const gs_report *r, FILE *out, gs_error *err);
int gs_render_csv(const gs_report *r, FILE *out, gs_error *err);
int gs_render_regressions(const gs_report *r, FILE *out, gs_error *err);
int gs_render_junit(const gs_report *r, FILE *out, gs_error *err);

#endif
