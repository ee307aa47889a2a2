/* cause_impl.h: inside render/ only.  The compare writers' halves for the
 * causes of each classified change and the --weights impact (issue 13 §1,
 * §2): R->causes (analysis/cause.h) and R->impact (analysis/impact.h), as
 * analysis computed them.  They format only.  Each function does nothing
 * when the part it formats is not in the model (R->causes or R->impact
 * NULL).
 */
#ifndef GS_CAUSE_IMPL_H
#define GS_CAUSE_IMPL_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/impact.h"
#include "render/html_impl.h"
#include "render/jsonw.h"
#include "render/report.h"

/* gs_json_cause_summary (json_cause.c): inside the summary object, the
 * keys time_lost_by_cause, time_saved_by_cause (cause name -> µs, every
 * cause but "none", in rule order) and shapes_lost_by_cause,
 * shapes_saved_by_cause (cause name -> count).  The values are the model's
 * split, so they sum (gs_cause_sum's order) to time_lost_us /
 * time_saved_us exactly. */
void gs_json_cause_summary(gs_jw *w, const gs_report *r);

/* gs_json_impact (json_cause.c): the top-level key "impact" with the
 * workload's weighted comparison (impact.h's fields, views of the
 * workload, the benchmark and each side, steps and delta_per_step_us,
 * null when the workload does not count its steps; top_lost[] of
 * matched shapes, unmatched[] of the records the benchmark lacks). */
void gs_json_impact(gs_jw *w, const gs_report *r);

/* gs_html_cause_split (html_cause.c): a list (id "cause-split") appended
 * to SEC, one item per cause with time lost, in the model's order
 * (lost_order: largest first), "P % of the time lost (T µs): LABEL for N
 * shapes", then the same for the time saved (saved_order). */
void gs_html_cause_split(gs_html *w, xmlNodePtr sec);

/* gs_html_td_cause (html_cause.c): a cell with pair I's cause name, its
 * sentence as the title attribute; an empty cell without causes. */
void gs_html_td_cause(gs_html *w, xmlNodePtr tr, size_t i);

/* gs_html_cause_methodology (html_cause.c): the rule chain
 * (gs_cause_rules) as one definition of the methodology list DL, and the
 * impact's key rule with --weights. */
void gs_html_cause_methodology(gs_html *w, xmlNodePtr dl);

/* gs_html_impact (html_cause.c): the Impact section (id "impact"):
 * workload GEMM time base vs candidate, ratio, change, uncovered shapes
 * and their time share, the key rule, the top shapes by weighted time
 * lost.  Nothing without R->impact. */
void gs_html_impact(gs_html *w, xmlNodePtr sec);

/* gs_md_causes (markdown_cause.c): the markdown's causes line, "- **Causes:**
 * time lost 78 % unknown (10 shapes), ...; time saved ...", in the model's
 * order; nothing without causes or without time lost or saved. */
void gs_md_causes(const gs_report *r, FILE *out);

/* gs_md_impact (markdown_cause.c): the --weights line: the workload's GEMM
 * time under each side, the ratio, the change, the change per step,
 * the coverage and the key rule; "no workload shape is in the comparison"
 * when nothing matched. */
void gs_md_impact(const gs_report *r, FILE *out);

/* gs_impact_step_text (markdown_cause.c): the change per step of M into
 * BUF: "+12.3 µs per step (1 ProfilerStep in the trace)", or "unknown:
 * the workload does not say how many steps ...", or "n/a: no workload
 * shape is in the comparison ...".  Returns BUF. */
char *gs_impact_step_text(const gs_impact *m, char *buf, size_t size);

/* gs_top_explained (markdown_cause.c): 1 if one of the first N top
 * regressions of R (a compare with efficiency pairs) has an explanation
 * that says more than that the tile is unknown on both sides; the
 * writers then list them, else they say so in one sentence. */
int gs_top_explained(const gs_report *r, size_t n);

#endif
