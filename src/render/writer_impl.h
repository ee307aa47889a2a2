/* writer_impl.h: inside render/ only.  The per-kind halves of the format
 * writers that live in a file of their own; each is reached through its
 * format's one entry point (render/report.h: gs_render_html ->
 * gs_html_history, gs_render_json -> gs_json_history / gs_json_confirm /
 * gs_json_explain / gs_json_gpus, ...), which has already checked the kind.
 *
 * Every function takes the model R (of the kind its name says, with that
 * kind's fields set: analysis/report.h) and a stream, writes the whole
 * output, and returns 0, or -1 with ERR set (a write error, a template or
 * generator failure).  They format only: every verdict they show (open
 * and pending change points, the --regressions records) is in R.
 */
#ifndef GS_WRITER_IMPL_H
#define GS_WRITER_IMPL_H

#include <stdio.h>

#include "render/report.h"
#include "render/junitw.h"
#include "util/error.h"

/* The CI gates R->gates (analysis/gate.h), as every writer shows them; the
 * verdicts are the model's, these only word them.
 *
 * gs_gate_text (markdown.c): gate G of R as one clause in BUF (SIZE
 * bytes, truncated), naming what was measured, the comparison and the
 * option: "geomean speedup 0.9065 < --min-geomean 1.2", "317 regressed >
 * --max-regressed 3" (compare), "2 open regressions > --max-regressed 0"
 * (history), "100 confirmed regressions > --max-regressed 99" (confirm); a
 * passed gate with the signs for >= or <= (U+2265, U+2264).  Returns BUF.
 * gs_md_gates (markdown.c): when R has gates, the markdown's first line,
 * "**FAIL**: " and the crossed gates' clauses (or "**PASS**: " and every
 * gate's), separated by "; ", and a blank line; nothing without gates.
 * gs_junit_gates (junit.c): one <testcase classname="gates" name=GATE
 * time="0"> per gate, a crossed one with a <failure type="gate"> whose
 * message is its clause; nothing without gates. */
char *gs_gate_text(const gs_report *r, const gs_gate *g, char *buf, size_t size);
void gs_md_gates(const gs_report *r, FILE *out);

/* gs_md_report_link (markdown.c): with --report-url (R->report_url),
 * LEAD then "[Full report (HTML)](<URL>)" (spaces, controls, '<' and '>'
 * percent-encoded); nothing without it. */
void gs_md_report_link(const gs_report *r, FILE *out, const char *lead);
void gs_junit_gates(gs_jx *x, const gs_report *r);

/* gs_md_confirm (markdown_confirm.c): `confirm --markdown`: the gates'
 * line (gs_md_gates), the counts, at most 20 original regressions (the
 * confirmed first) with their slowdowns in time and at equal clocks and
 * their throttled samples, a line on slowdowns that are a clock and one
 * on throttled samples.  R->confirm set. */
int gs_md_confirm(const gs_report *r, FILE *out, gs_error *err);

/* History (html_history.c, json_history.c, markdown_history.c,
 * csv_history.c, junit_history.c): R->hist, R->run_cls and R->hseries set,
 * R->modes optional.
 *
 * gs_html_history: one self-contained page on DATADIR/templates/report.html:
 *   summary, trend plot, evolution table (statistics.md §1 "Evolution
 *   across versions"), change points, small multiples, mode decomposition,
 *   shapes missing from some runs, methodology.
 * gs_json_history: DESIGN.md "history --json": runs[], change_points[],
 *   summary, gates[], shapes[] with their series, modes.
 * gs_md_history: a job-page-sized summary: the gates' line (gs_md_gates),
 *   verdict, the evolution table (last 15 runs), open regressions, pending
 *   steps.
 * gs_csv_history: per-shape series: op,batch,M,N,K,dtype,trans_a,trans_b,
 *   bias,tag, then one column per run (named by the run, time in µs, empty
 *   where the run lacks the shape).
 * gs_junit_history: one testcase per gate (gs_junit_gates), then one per
 *   shape; an open regression is a <failure> with the numbers, a shape
 *   with only a pending step is <skipped>. */
int gs_html_history(const gs_report *r, FILE *out, gs_error *err);
int gs_json_history(const gs_report *r, FILE *out, gs_error *err);
int gs_md_history(const gs_report *r, FILE *out, gs_error *err);
int gs_csv_history(const gs_report *r, FILE *out, gs_error *err);
int gs_junit_history(const gs_report *r, FILE *out, gs_error *err);

/* gs_json_confirm (json_confirm.c): R->confirm's counts and items. */
int gs_json_confirm(const gs_report *r, FILE *out, gs_error *err);

/* gs_json_explain (json_explain.c): R->explain as one JSON object (M, N,
 * K, batch, dtype, gpu, arch, the quantisation, roofline, tile model and
 * occupancy fields; NAN as null). */
int gs_json_explain(const gs_report *r, FILE *out, gs_error *err);

/* gs_json_tile_wave (json_explain.c): the key "wave" and the tile model's
 * wave-aware pick (model/tile_model.h) as {tile_m, tile_n, tile_k,
 * workgroups, timesteps, work_util, dim_eff, cost_us}; null without one. */
struct gs_jw;
struct gs_tile_wave;
void gs_json_tile_wave(struct gs_jw *w, const struct gs_tile_wave *t);

/* gs_json_gpus (json_explain.c): R->gpu as a JSON object, or (R->gpu
 * NULL) R->gpus, the built-in table, as {"gpus": [...]}; every figure as {value,
 * kind, tag, source}. */
int gs_json_gpus(const gs_report *r, FILE *out, gs_error *err);

#endif
