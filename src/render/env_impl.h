/* env_impl.h: inside render/ only.  What the inputs say of their machine
 * and software (issue 13 §5): R->env and R->env_differs as analysis set
 * them (gs_report_environment), in the JSON, the HTML header and the
 * markdown.  Formatting only.
 */
#ifndef GS_ENV_IMPL_H
#define GS_ENV_IMPL_H

#include <stdio.h>

#include "render/html_impl.h"
#include "render/jsonw.h"
#include "render/report.h"

/* gs_json_environment: the top-level key "environment": a list with one
 * object per item some input states, in model/env.h's order: compare
 * {item, name, baseline, candidate, differs} (a side that does not say:
 * null), report {item, name, value}.  An empty list when no input says
 * anything. */
void gs_json_environment(gs_jw *w, const gs_report *r);

/* gs_html_environment: the environment block under SEC (id
 * "environment"): compare, when an item differs, a warning naming the
 * items and a table Item | Baseline | Candidate with the differing rows
 * marked (class "differs"), open; when nothing differs the same table
 * folded in a <details> whose summary says what each side states ("the
 * same on both sides (N items both inputs state)", "the same in the N
 * items both inputs state; only the candidate states ...", "only the
 * candidate states it (...); the baseline states nothing, so nothing can
 * be compared"): an item one side does not state is never "the same";
 * report, the table Item | Value folded.  A plain note (class "none")
 * when no input says anything. */
void gs_html_environment(gs_html *w, xmlNodePtr sec);

/* gs_html_env_methodology: the definition of the environment block for
 * the methodology list DL: what is read from which input, how items are
 * compared (memory within 1 %, clocks and text exactly), that an item one
 * side does not state is no difference and is said so. */
void gs_html_env_methodology(gs_html *w, xmlNodePtr dl);

/* gs_md_environment: compare: one line "**Environment differs:** item
 * `base` → `cand`; ..." when an item differs, else "Environment: " and
 * the HTML's summary sentence; report: a list item "- Environment: item
 * value, ...".  Nothing when no input says anything. */
void gs_md_environment(const gs_report *r, FILE *out);

/* gs_md_gpus: compare: one line "GPUs: baseline `A100-40GB` (from the
 * input: why that board); candidate `MI300X` (from --gpu-cand)." naming
 * each side's GPU and how it was chosen (analysis/single.h opts); nothing
 * when neither side has a GPU. */
void gs_md_gpus(const gs_report *r, FILE *out);

#endif
