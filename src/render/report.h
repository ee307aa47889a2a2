/* render/report.h: the writers of the report model (analysis/report.h).
 * Every writer (HTML, markdown, JSON, CSV, JUnit) takes the model and a
 * stream and only formats it.
 */
#ifndef GS_REPORT_H
#define GS_REPORT_H

#include <stdio.h>

#include "analysis/report.h"
#include "util/error.h"

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
