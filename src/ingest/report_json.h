/* report_json.h: the report-JSON reader of `gemmscope confirm` (issue 5,
 * DESIGN.md "Regressions list"): the threshold and the regressed shapes of
 * a report written by `gemmscope compare --json`.  The file is read and
 * parsed here; analysis/confirm.h only classifies what was read. */
#ifndef GS_REPORT_JSON_H
#define GS_REPORT_JSON_H

#include <stddef.h>

#include "table.h"
#include "util/error.h"

/* One regressed entry of the report's shapes[]. */
typedef struct gs_rjson_regression {
	gs_shape shape;             /* key fields: op, batch, M, N, K, dtype,
	                               trans_a, trans_b, bias */
	char *tag;                  /* owned, may be NULL */
	double speedup;             /* its speedup: t_base / t_cand */
} gs_rjson_regression;

typedef struct gs_rjson_report {
	double threshold;           /* T of the report (fraction, e.g. 0.05) */
	gs_rjson_regression *items; /* owned, the entries of class "regressed",
	                               in report order */
	size_t n;
} gs_rjson_report;

/* gs_rjson_load: read the regressed shapes and the threshold of the
 * compare report PATH (at most 256 MiB).  Fills OUT (owned by the caller:
 * gs_rjson_free).  Returns 0, or -1 with ERR (unreadable file, invalid
 * JSON with its byte offset, not a compare report, an entry lacking a key
 * field or its speedup, out of memory) and OUT empty. */
int gs_rjson_load(const char *path, gs_rjson_report *out, gs_error *err);

/* gs_rjson_free: release what R owns; R is left empty. */
void gs_rjson_free(gs_rjson_report *r);

#endif
