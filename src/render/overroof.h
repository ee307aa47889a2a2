/* overroof.h: GEMMs faster than their roof, said loudly in every output
 * (issue 12).  The efficiency model counts them (analysis/single.h
 * gs_single_summary.over_roof, gs_eff.over_roof); a GEMM above 100 % of
 * the roof of its math is a wrong figure in gemmscope (a GPU figure, the
 * board, the math type), never a result.  Formatting only. */
#ifndef GS_OVERROOF_H
#define GS_OVERROOF_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/single.h"

struct gs_html; /* render/html_impl.h; declared, not included: the JUnit
                   and markdown writers use this header too */
struct _xmlNode;

/* gs_over_roof_text: into BUF (SIZE bytes) the sentence for S's rows
 * above their roof, led by LABEL ("Baseline", may be NULL): "3 GEMMs run
 * above 100 % of their roof (up to 569 %): that is a bug in gemmscope
 * ...".  Returns BUF, or NULL (BUF empty) when S (may be NULL) has none. */
char *gs_over_roof_text(const gs_single *s, const char *label, char *buf, size_t size);

/* gs_html_over_roof: that sentence as a warning paragraph (class "bug")
 * under PARENT; nothing when there is none. */
void gs_html_over_roof(struct gs_html *w, struct _xmlNode *parent, const gs_single *s,
                       const char *label);

/* gs_md_over_roof: that sentence as a bold markdown paragraph
 * ("**⚠ ...**" and a blank line); nothing when there is none. */
void gs_md_over_roof(FILE *out, const gs_single *s, const char *label);

/* gs_over_roof_note: " ⚠ over the roof" when ROW is above its roof,
 * else "": a marker for a table cell beside its % of roofline. */
const char *gs_over_roof_note(const gs_single_row *row);

#endif
