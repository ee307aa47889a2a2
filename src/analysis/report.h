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
#include "model/env.h"
#include "util/error.h"

struct gs_plot;
struct gs_single;
struct gs_table;
struct gs_history;
struct gs_history_cp;
struct gs_confirm;
struct gs_explain;
struct gs_modes;
struct gs_metrics;
struct gs_gpu;
struct gs_causes;
struct gs_impact;
struct gs_residuals;
struct gs_residual_shift;
struct gs_cliffs;
struct gs_kmix;

/* One figure of the report, rendered once as SVG for inlining. */
typedef struct gs_report_plot {
	const char *id; /* unique, [a-z0-9-]; also the SVG id prefix and asset name */
	const char *title;
	const char *caption; /* how to read it */
	char *svg; /* owned, NUL-terminated */
	size_t svg_len;
	struct gs_plot *plot; /* the laid-out figure (for PNG assets), owned */
	const char *place; /* NULL: the Plots section; "efficiency": drawn
	                            beside the efficiency section's explanations
	                            (compare tile-grid pairs, two per row);
	                            "model": after the cliffs table (sweeps) */
	char *owned; /* id, title and caption strings built at run time
	                            point into it; owned, may be NULL */
} gs_report_plot;

/* Room for any gs_report_explain text. */
enum { GS_REPORT_EXPLAIN_MAX = 1024 };

/* The command a model was built for; each writer formats the kinds the
 * format table of render/output.c lists for it. */
typedef enum gs_report_kind {
	GS_REPORT_COMPARE, /* compare: cmp, metrics, eff_*, gates,
	                               causes, impact */
	GS_REPORT_SINGLE, /* report: single */
	GS_REPORT_HISTORY, /* history: hist, modes, run_cls, hseries,
	                               open_regressions, reg_eff */
	GS_REPORT_CONFIRM, /* confirm: confirm, reg_eff */
	GS_REPORT_EXPLAIN, /* explain: explain */
	GS_REPORT_GPUS, /* gpus: gpu, or (gpu NULL) gpus/ngpus */
	GS_REPORT_NKINDS
} gs_report_kind;

/* One history series' verdicts at the last run, computed once. */
typedef struct gs_report_hseries {
	const struct gs_history_cp *open; /* gs_history_open_regression, or NULL */
	double open_now; /* its current level over open's
	                                        median_before; NAN when open is NULL */
	const struct gs_history_cp *pending; /* gs_history_pending_cp, or NULL */
} gs_report_hseries;

typedef struct gs_report {
	gs_report_kind kind;
	const char *title; /* --title, or a default */
	const char *report_url; /* --report-url: where the HTML is published
	                           (the markdown links to it), NULL if not given */
	int json_indent; /* --json-indent: pretty-print the JSON (2 spaces);
	                    0: compact, the default (it is for machines) */
	const char *version; /* PACKAGE_VERSION */
	long long timestamp; /* seconds since the epoch: SOURCE_DATE_EPOCH or now */
	const char *datadir; /* templates/ and fonts/ live here */
	const gs_compare *cmp; /* GS_REPORT_COMPARE */
	const struct gs_single *single; /* GS_REPORT_SINGLE: one run's efficiency model */
	const struct gs_history *hist; /* GS_REPORT_HISTORY */
	const struct gs_modes *modes; /* history: mode decomposition, NULL if no mode runs */
	const struct gs_metrics *metrics; /* compare: extra-column deltas, NULL if none */
	const struct gs_gpu *gpu; /* GPU spec used for efficiency, NULL if
	                                     unknown; gpus: the GPU to detail */
	const struct gs_single *eff_base; /* compare: each side's efficiency model */
	const struct gs_single *eff_cand; /*   (single.h), NULL if not computed */
	gs_report_plot *plots; /* owned by whoever built the report */
	size_t nplots;
	/* Computed once by analysis (this module), read by every writer: */
	gs_class *run_cls; /* history: per run, the trend class
	                               (gs_report_history), else NULL; owned */
	gs_gates gates; /* compare, history, confirm: the CI gates
	                               asked for, decided (gate.h) */
	const struct gs_confirm *confirm; /* GS_REPORT_CONFIRM, borrowed */
	const struct gs_explain *explain; /* GS_REPORT_EXPLAIN, borrowed */
	gs_report_hseries *hseries; /* history: one per hist->series
	                               (gs_report_history), else NULL; owned */
	size_t open_regressions; /* history: series with hseries[].open set */
	struct gs_table *reg_table; /* history, confirm: the records of the
	                               --regressions list, owned, else NULL */
	struct gs_single *reg_eff; /* their record-only efficiency
	                               (gs_single_records) over reg_table, what
	                               the native CSV writer takes; owned */
	const char *const *inputs; /* the paths the command read (its input
	                               files; "-" for standard input), which no
	                               output may overwrite (render/output.h);
	                               borrowed, NULL when none */
	size_t ninputs;
	const struct gs_gpu **gpus; /* gpus without a GPU named: the built-in
	                               table (gs_report_gpus); the array owned,
	                               the GPUs static */
	size_t ngpus;
	const struct gs_causes *causes; /* compare: one cause per cmp->pairs[i] and
	                                   the time lost/saved split by cause
	                                   (cause.h), NULL if not computed; borrowed */
	const struct gs_residuals *residuals[2]; /* compare: measured against
	                                   predicted, baseline and candidate;
	                                   report: [0], its input (residual.h);
	                                   NULL if not computed; borrowed */
	const struct gs_residual_shift *residual_shift; /* compare: how the
	                                   candidate's residuals moved, NULL
	                                   if not computed; borrowed */
	const struct gs_cliffs *cliffs[2]; /* compare: each side's sweeps and
	                                   cliffs; report: [0] (cliff.h); NULL
	                                   if not computed; borrowed */
	const gs_env *env[2]; /* what each input says of its machine and
	                                   software (model/env.h): compare
	                                   baseline and candidate, report [0];
	                                   NULL when not set; borrowed from the
	                                   tables (gs_report_environment) */
	unsigned env_differs; /* compare: bit 1 << k set when both inputs
	                                   state item k and it differs
	                                   (gs_env_differs) */
	const struct gs_impact *impact; /* compare --weights: the comparison
	                                   weighted by a workload (impact.h), NULL
	                                   without --weights; borrowed */
	const struct gs_kmix *kmix[2]; /* kernel traces (rocprof): each input's
	                                   GPU time by kernel class, GEMM kernels
	                                   and the rest (model/kernel_class.h):
	                                   compare baseline and candidate, report
	                                   [0]; NULL for an input that is no
	                                   kernel trace; borrowed from the tables
	                                   (gs_report_kernels) */
} gs_report;

/* gs_report_explain: why pair I of a compare model's time changed, as
 * the efficiency model reads it (gs_effpair_explain on both sides' whole
 * efficiency, analysis/effpair.h), into BUF of SIZE bytes
 * (GS_REPORT_EXPLAIN_MAX holds any); "" without the efficiency models or
 * for I out of range.  Computed on each call (a writer asks for the few
 * pairs it shows, or for the shapes whose tile or GPU is known): a
 * million-shape compare held one text per pair.  Returns BUF. */
const char *gs_report_explain(const gs_report *r, size_t i, char *buf, size_t size);

/* gs_report_history: fill the history parts of R (R->hist set):
 * R->run_cls, run i's class being its geomean speedup against the first
 * run read with threshold 0 (gs_class_of_speedup(geomean_vs_first, 0):
 * above 1 improved, below 1 regressed, 1 or undefined neutral);
 * R->hseries and R->open_regressions (analysis/history.h's open and
 * pending change points of every series); R->reg_table and R->reg_eff:
 * for every series with an open regression, in series order, the record
 * of the last run that has the shape (samples, tag, kernel, count; input
 * line = series index + 1), with its record-only efficiency.  Returns 0,
 * or -1 with ERR when out of memory.  Freed by gs_report_model_free. */
int gs_report_history(gs_report *r, gs_error *err);

/* gs_report_confirm: fill the confirm parts of R (R->confirm set, its
 * comparison run): R->reg_table, the candidate re-measurements of the
 * confirmed regressions (gs_confirm_regenerated), and R->reg_eff, their
 * record-only efficiency.  Returns 0, or -1 with ERR when out of memory.
 * Freed by gs_report_model_free. */
int gs_report_confirm(gs_report *r, gs_error *err);

/* gs_report_gpus: fill R->gpus and R->ngpus with every GPU of the
 * built-in table (model/gpu.h, gs_gpu_at), in table order, for a gpus
 * model listing them (R->gpu NULL; else nothing to do).  Returns 0, or -1
 * with ERR when out of memory.  Freed by gs_report_model_free. */
int gs_report_gpus(gs_report *r, gs_error *err);

/* gs_report_environment: point R->env at BASE's and CAND's environment
 * (CAND NULL for a one-input report) and decide R->env_differs, item by
 * item (gs_env_differs).  The tables must outlive R. */
void gs_report_environment(gs_report *r, const struct gs_table *base, const struct gs_table *cand);

/* gs_report_kernels: point R->kmix at BASE's and CAND's kernel mix
 * (table->kmix; CAND NULL for a one-input report).  The tables must
 * outlive R. */
void gs_report_kernels(gs_report *r, const struct gs_table *base, const struct gs_table *cand);

/* gs_report_env_known: 1 if some input of R states item K. */
int gs_report_env_known(const gs_report *r, gs_env_item k);

/* gs_report_model_free: release what the functions above put in R (not
 * the plots, not the borrowed analyses) and set those fields to NULL. */
void gs_report_model_free(gs_report *r);

#endif
