/* confirm_out.h: the outputs of `gemmscope confirm`. */
#ifndef GS_CONFIRM_OUT_H
#define GS_CONFIRM_OUT_H

#include <stdio.h>

#include "analysis/confirm.h"
#include "util/error.h"

/* gs_render_confirm_json: {threshold, regressions, confirmed,
 * not_reproduced, unsure, not_remeasured, items[]: key fields, tag,
 * original_speedup, remeasured_speedup (null if not re-measured),
 * p_value (null if untested), status}.  Returns 0 or -1 with ERR. */
int gs_render_confirm_json(const gs_confirm *c, FILE *out, gs_error *err);

/* gs_render_confirm_markdown: the counts and one table row per original
 * regression.  Returns 0 or -1 with ERR. */
int gs_render_confirm_markdown(const gs_confirm *c, FILE *out, gs_error *err);

#endif
