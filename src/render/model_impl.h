/* model_impl.h: inside render/ only.  The compare and report writers'
 * halves for measured against predicted (R->residuals, R->residual_shift:
 * analysis/residual.h) and the cliffs along swept dimensions (R->cliffs:
 * analysis/cliff.h), issue 13 §3 and §4, as analysis computed them: a
 * compare has two sides (baseline, candidate), a report one.  They format
 * only; each does nothing when its part is not in the model.
 */
#ifndef GS_MODEL_IMPL_H
#define GS_MODEL_IMPL_H

#include <stdio.h>

#include "render/html_impl.h"
#include "render/jsonw.h"
#include "render/report.h"

/* gs_json_model (json_model.c): the top-level keys "residuals" (a
 * report: the object of its one input; a compare: per side
 * predicted, tau, median_fraction, outliers[] with the key fields,
 * predicted_us, measured_us, fraction, excess_us; and "shift": pairs,
 * worse, better, worse_base, worse_cand, median_base, median_cand) and
 * "cliffs" (likewise: sweeps, and cliffs[] with the key fields of the
 * size before the drop, dim, from, to, tflops_from, tflops_to, drop,
 * crossed). */
void gs_json_model(gs_jw *w, const gs_report *r);

/* gs_json_pair_predicted (json_model.c): inside compare's shapes[] object
 * of pair I, predicted_base_us, fraction_base, predicted_cand_us,
 * fraction_cand (analysis/residual.h: the predicted time, µs, and
 * predicted / measured), each side's two only where it is predicted.
 * gs_json_row_predicted: the same for row I of a report, predicted_us and
 * fraction. */
void gs_json_pair_predicted(gs_jw *w, const gs_report *r, size_t i);
void gs_json_row_predicted(gs_jw *w, const gs_report *r, size_t i);

/* gs_md_model (json_model.c): at most two list items: the candidate's
 * shift against the prediction with tau per side, and the cliffs. */
void gs_md_model(const gs_report *r, FILE *out);

/* gs_html_model (json_model.c): the section "Measured against predicted,
 * and cliffs" (id "model"): the same as the markdown, then up to the top
 * outliers per side and the cliffs (at most 20), with what crossed. */
void gs_html_model(gs_html *w, xmlNodePtr sec);

/* gs_html_model_figures (json_model.c): append to SEC (the "model"
 * section, after gs_html_model's table) every figure of the report
 * placed "model": the sweep figures (render/figures.h gs_figures_sweeps),
 * one per row.  Returns 0, or -1 with ERR. */
int gs_html_model_figures(gs_html *w, xmlNodePtr sec, gs_error *err);

#endif
