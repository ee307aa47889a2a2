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
	gs_shape shape; /* key fields: op, batch, M, N, K, dtype,
	                               trans_a, trans_b, bias */
	char *tag; /* owned, may be NULL */
	double speedup; /* its speedup: t_base / t_cand */
} gs_rjson_regression;

typedef struct gs_rjson_report {
	double threshold; /* T of the report (fraction, e.g. 0.05) */
	gs_rjson_regression *items; /* owned, the entries of class "regressed",
	                               in report order */
	size_t n;
} gs_rjson_report;

/* gs_rjson_load: read the regressed shapes and the threshold of the
 * compare report PATH (at most 256 MiB).  Fills OUT (owned by the caller:
 * gs_rjson_free).  Every value read back is checked as the CSV readers
 * check theirs: batch, M, N, K whole numbers from 1 to 2^53; trans_a and
 * trans_b "N" or "T"; dtype "" or a known name (normalised); op valid
 * UTF-8 of at most GS_OP_LEN - 1 bytes; speedup finite and > 0; threshold
 * in [0, 1); the tag is repaired to well-formed UTF-8.  Returns 0, or -1
 * with ERR (unreadable file, a NUL byte, invalid JSON, a bad or missing
 * field of shapes[i]: "FILE: byte N: shapes[i]: ...", N the offset of the
 * entry; not a compare report; out of memory) and OUT empty. */
int gs_rjson_load(const char *path, gs_rjson_report *out, gs_error *err);

/* gs_rjson_free: release what R owns; R is left empty. */
void gs_rjson_free(gs_rjson_report *r);

#endif
