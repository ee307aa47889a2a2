/* render/report.h: the writers of the report model (analysis/report.h),
 * one entry point per output format.  Every writer takes the model (any
 * kind) and a stream and only formats what the model holds; the kinds each
 * format can show are listed once, in render/output.c's format table
 * (gs_output_supports), and a writer handed a kind it cannot show fails
 * with ERR.  Per-kind halves live in files of their format (json*.c,
 * markdown*.c, csv*.c, junit*.c, html*.c; render/writer_impl.h).
 */
#ifndef GS_REPORT_H
#define GS_REPORT_H

#include <stdio.h>

#include "analysis/report.h"
#include "util/error.h"

/* Writers.  Each writes the whole output for R to OUT and returns 0, or -1
 * with ERR set (the caller then discards the temporary file).
 *
 * gs_render_html (compare, report, history): one self-contained page from
 *   DATADIR/templates/report.html (CSS inlined, plots inlined as SVG,
 *   every input string escaped by libxml2, no script, no network).
 * gs_render_markdown (compare, report, history, confirm): a
 *   PR-comment-sized summary: verdict, summary numbers, top regressions;
 *   confirm's counts and its table of the original regressions.
 * gs_render_json (every kind): everything the report shows (DESIGN.md
 *   "JSON"); explain's breakdown and the GPU table with keys M, N, K.
 * gs_render_csv (compare, report, history): the per-shape table in the
 *   native schema (DESIGN.md), candidate side, with base_time_us_median,
 *   speedup, change_pct, class, p_value appended; report: the native
 *   schema; history: one time column per run.
 * gs_render_regressions (compare, history, confirm): regressed shapes
 *   only, native schema, ready for gemmscope-bench --shapes (history: the
 *   open regressions, confirm: the confirmed ones, R->reg_eff).
 * gs_render_junit (compare, history): one testcase per shape, regressions
 *   as failures.
 * gs_render_text (explain, gpus): "label:  value" lines whose labels are
 *   stable for scripts (explain), the GPU table or one GPU's figures with
 *   their kinds and sources (gpus). */
int gs_render_html(const gs_report *r, FILE *out, gs_error *err);
int gs_render_markdown(const gs_report *r, FILE *out, gs_error *err);
int gs_render_json(const gs_report *r, FILE *out, gs_error *err);
int gs_render_csv(const gs_report *r, FILE *out, gs_error *err);
int gs_render_regressions(const gs_report *r, FILE *out, gs_error *err);
int gs_render_junit(const gs_report *r, FILE *out, gs_error *err);
int gs_render_text(const gs_report *r, FILE *out, gs_error *err);

#endif
