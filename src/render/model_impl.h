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

#include "analysis/cliff.h"
#include "analysis/residual.h"
#include "render/html_impl.h"
#include "render/jsonw.h"
#include "render/report.h"

/* The efficiency model and its residuals and cliffs of side I of R: a
 * report's one input (I = 0), or a compare's baseline (0) or candidate
 * (1).  The three are NULL where R lacks them (gs_model_side_of). */
typedef struct gs_model_side {
	const gs_single *s;
	const gs_residuals *res;
	const gs_cliffs *cliffs;
} gs_model_side;

gs_model_side gs_model_side_of(const gs_report *r, int i);

/* gs_model_nsides: 1 for a report, 2 for a compare. */
int gs_model_nsides(const gs_report *r);

/* gs_model_side_name: "baseline", "candidate". */
const char *gs_model_side_name(int i);

/* gs_model_pct: a fraction as a percentage with the digits it needs:
 * "62 %", "3.1 %", "0.31 %", into BUF.  Returns BUF. */
const char *gs_model_pct(char *buf, size_t size, double f);

/* The sentences the markdown and the HTML share, into BUF; each returns 1,
 * or 0 (BUF untouched) when there is nothing to say.
 * gs_model_residual_sentence: "Kendall τ 0.33 over 4 baseline shapes,
 *   ...; the candidate moved 4 of 4 shapes from 69 % to 38 % of predicted
 *   (median); 1 baseline shape beat its prediction (104 %): ..."; 0
 *   when no side has a prediction.
 * gs_model_unpredicted_sentence: why no shape of any side could be
 *   predicted ("baseline: no GPU is known (--gpu NAME) and no macro tile
 *   (...)"); 0 when some shape was, or the model has no residuals.
 * gs_model_cliff_sentence: "2 in the baseline, 3 in the candidate; the
 *   largest: M 512 → 576 (...), −24.0 %, tile and wave boundary"; 0 when
 *   there are no cliffs. */
int gs_model_residual_sentence(const gs_report *r, char *buf, size_t size);
int gs_model_unpredicted_sentence(const gs_report *r, char *buf, size_t size);
int gs_model_cliff_sentence(const gs_report *r, char *buf, size_t size);

#define GS_MODEL_RESIDUAL_WHAT \
	"an upper-bound model: the roofline of the math with its compute term divided by " \
	"dim_eff; Kendall \xcf\x84 says how well it orders the shapes"
#define GS_MODEL_CLIFF_WHAT \
	"TFLOP/s drops beyond the threshold between consecutive sizes of a sweep"

/* gs_json_model (json_model.c): the top-level keys "residuals" (a
 * report: the object of its one input; a compare: per side
 * predicted, beaten (fraction above 1: the prediction is wrong there),
 * tau, median_fraction, outliers[] with the key fields, predicted_us,
 * measured_us, fraction, excess_us; and "shift": pairs, worse, better,
 * worse_base, worse_cand, better_base, better_cand, median_base,
 * median_cand, beaten_base, beaten_cand) and "cliffs" (likewise: sweeps,
 * and cliffs[] with the key fields of the shape after the drop, dim,
 * from, to, tflops_from, tflops_to, drop, crossed). */
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

/* gs_html_model (html_model.c): the section "Measured against predicted,
 * and cliffs" (id "model") whenever the model has residuals or cliffs:
 * the markdown's sentences (or why no shape could be predicted), the
 * outliers of both sides ranked together by time above the prediction
 * (at most the --top count, "N more" after), and the cliffs of both sides
 * ranked together, those with a known crossing first, then by drop (at
 * most 20, "N more cliffs" after), with what crossed. */
void gs_html_model(gs_html *w, xmlNodePtr sec);

/* gs_html_model_figures (html_model.c): append to SEC (the "model"
 * section, after gs_html_model's table) every figure of the report
 * placed "model": the sweep figures (render/figures.h gs_figures_sweeps),
 * one per row.  Returns 0, or -1 with ERR. */
int gs_html_model_figures(gs_html *w, xmlNodePtr sec, gs_error *err);

/* gs_html_model_methodology (html_model.c): the definitions of measured
 * against predicted (the prediction, the fraction, tau, what a fraction
 * above 100 % means) and of cliffs (sweeps, the drop, what crossed) for
 * the methodology list DL, when the model has them. */
void gs_html_model_methodology(gs_html *w, xmlNodePtr dl);

#endif
