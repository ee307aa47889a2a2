/* html_eff.h: the efficiency parts of the HTML pages (issue 3): table
 * cells of one side's efficiency row, the GPU sentence, the compare page's
 * efficiency section (per-shape table, top regressions explained, tile
 * grids side by side, per-metric deltas) and the methodology entries.
 * Private to the HTML writers (html*.c).
 */
#ifndef GS_HTML_EFF_H
#define GS_HTML_EFF_H

#include <libxml/tree.h>

#include "analysis/single.h"
#include "render/html_impl.h"
#include "util/error.h"

/* A cell "256×128 (name)", or "—" when the tile is unknown. */
void gs_html_eff_td_tile(gs_html *w, xmlNodePtr tr, const gs_single_row *row);

/* A numeric cell with DECIMALS decimals, "—" when V is not finite. */
void gs_html_eff_td_fixed(gs_html *w, xmlNodePtr tr, double v, int decimals);

/* A TFLOP/s cell: 1 decimal from 100, 2 from 1, else 3 significant
 * digits; "—" when not finite. */
void gs_html_eff_td_tflops(gs_html *w, xmlNodePtr tr, double tflops);

/* A paragraph naming S's GPU (name, arch, CUs, where it came from, the
 * roof), or, without one, the sentence that says so and how to fix it
 * (--gpu mi300x).  LABEL ("Baseline", "Candidate", "GPU") starts it. */
void gs_html_eff_gpu(gs_html *w, xmlNodePtr parent, const char *label, const gs_single *s);

/* gs_html_eff_compare: fill the compare page's efficiency section SEC
 * from w->r (eff_base, eff_cand, metrics and the plots whose place is
 * "efficiency").  Returns 0, or -1 with ERR (an SVG did not parse). */
int gs_html_eff_compare(gs_html *w, xmlNodePtr sec, gs_error *err);

/* gs_html_eff_methodology: the definitions, formulas and sources of the
 * efficiency numbers, and the tile model's limits, under DL.  ROOF is
 * the roof in use. */
void gs_html_eff_methodology(gs_html *w, xmlNodePtr dl, gs_roof roof);

/* gs_render_html_single: the single-run report page (report INPUT). */
int gs_render_html_single(const gs_report *r, FILE *out, gs_error *err);

#endif
