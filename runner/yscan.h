/* yscan.h: YAML inputs of gemmscope-bench (problem sizes) bounded before
 * libyaml's loader sees them (issue 11, item 1).
 *
 * The loader's flow-level bookkeeping is quadratic in the nesting depth
 * (100k nested flow sequences took 48 s), so one pass over the events
 * refuses nesting deeper than GS_YSCAN_MAX_DEPTH and more than
 * GS_YSCAN_MAX_ALIASES alias references at the event's position; the
 * walk over the loaded document then caps how often aliases are followed
 * (psize.c).  The pass costs O(input).
 */
#ifndef GS_YSCAN_H
#define GS_YSCAN_H

#include <yaml.h>

#include "util/error.h"

enum { GS_YSCAN_MAX_DEPTH = 64, GS_YSCAN_MAX_ALIASES = 1000 };

/* gs_yscan_error: ERR at the problem mark of PARSER (WHERE:LINE:COL, COL
 * less COL_SHIFT, the columns a wrapped command-line spec added): "YAML:
 * problem context".  Returns -1. */
int gs_yscan_error(const yaml_parser_t *p, const char *where, long col_shift, gs_error *err);

/* gs_yscan_events: read every event of PARSER (initialised with its
 * input, consumed here: the caller deletes it and starts a new one to
 * load).  Returns 0, or -1 with ERR at WHERE:LINE:COL for a syntax error,
 * nesting deeper than GS_YSCAN_MAX_DEPTH or more than GS_YSCAN_MAX_ALIASES
 * aliases. */
int gs_yscan_events(yaml_parser_t *parser, const char *where, long col_shift, gs_error *err);

/* gs_yscan_text: gs_yscan_events over the NUL-terminated TEXT. */
int gs_yscan_text(const char *text, const char *where, long col_shift, gs_error *err);

#endif
