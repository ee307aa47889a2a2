/* confirm.h: were a report's regressions real?  (issue 5, DESIGN.md
 * "Regressions list").
 *
 * A compare report (--json) lists its regressed shapes.  The same shapes
 * re-measured under the baseline and the candidate builds (gemmscope-bench,
 * several samples a shape) are compared again; each original regression
 * is then confirmed (regressed again, and significant when the samples
 * allow a U test), not reproduced (neutral or improved), unsure (crossed
 * the threshold without significance) or not re-measured (missing from a
 * re-measured file).  The regenerated list keeps the confirmed ones only.
 *
 * Clocks: where both re-measurements carry gemmscope-bench's columns
 * (runner/clocks.h) each item also has the speedup at equal clocks, from
 * the median sample in shader clock cycles (cycles_median: time × the
 * clock sampled after each sample), and the samples taken while
 * throttled (throttled_samples).  A slowdown in time that is no slowdown
 * in cycles is a clock, not a kernel: nvbench's robust comparison
 * reports FAST or SLOW only when cycle space confirms the time gap
 * (NVIDIA/nvbench docs/nvbench_compare_robust.md).  The status itself
 * stays the time's; clock_only flags the item.
 */
#ifndef GS_CONFIRM_H
#define GS_CONFIRM_H

#include <stddef.h>

#include "analysis/compare.h"
#include "ingest/report_json.h"
#include "table.h"
#include "util/error.h"

typedef enum gs_confirm_status {
	GS_CONFIRMED,
	GS_NOT_REPRODUCED,
	GS_CONFIRM_UNSURE,
	GS_NOT_REMEASURED
} gs_confirm_status;

typedef struct gs_confirm_item {
	gs_shape shape; /* key from the original report */
	char *tag; /* owned, may be NULL */
	double orig_speedup; /* t_base / t_cand in the original report */
	const gs_pair *re; /* the re-measured pair, NULL if not re-measured */
	gs_confirm_status status;
	double clock_speedup; /* cycles_median base / cand of the re-measured
	                         pair: the speedup at equal clocks; NAN when
	                         either side lacks it */
	double throttled_base, throttled_cand; /* throttled_samples of each
	                                          side; NAN when unknown */
	int clock_only; /* 1: confirmed or unsure in time, but not regressed
	                   at equal clocks (gs_class_of_speedup on
	                   clock_speedup with the report's threshold) */
} gs_confirm_item;

typedef struct gs_confirm {
	double threshold; /* T of the original report (fraction) */
	gs_confirm_item *items; /* original regressions, in report order */
	size_t n;
	size_t confirmed, not_reproduced, unsure, not_remeasured;
	size_t clock_only; /* items with clock_only set */
	size_t throttled; /* re-measured items with a throttled sample on
	                     either side */
	gs_compare re; /* the re-measured comparison */
} gs_confirm;

/* gs_confirm_init: start C from the regressions REP read from a compare
 * report (ingest/report_json.h, gs_rjson_load): C->items/n/threshold, in
 * report order, every item not yet classified.  Takes the tags over from
 * REP (REP's tags are left NULL; the caller still frees REP).  Returns 0,
 * or -1 with ERR on out of memory (REP untouched); free C with
 * gs_confirm_free() in either case. */
int gs_confirm_init(gs_confirm *c, gs_rjson_report *rep, gs_error *err);

/* gs_confirm_run: compare the re-measured tables BASE and CAND (finished;
 * borrowed for the life of OUT) with OPTS (its threshold is replaced by the
 * report's), classify every loaded item and read its clocks (above).
 * Returns 0 or -1 with ERR. */
int gs_confirm_run(gs_confirm *c, const gs_table *base, const gs_table *cand,
                   const gs_compare_opts *opts, gs_error *err);

/* gs_confirm_regenerated: a new table (caller frees) holding the candidate
 * re-measurements of the confirmed regressions, for the native CSV writer.
 * NULL on out of memory. */
gs_table *gs_confirm_regenerated(const gs_confirm *c);

/* gs_confirm_status_name: "confirmed", "not reproduced", "unsure",
 * "not re-measured". */
const char *gs_confirm_status_name(gs_confirm_status s);

/* gs_confirm_free: release what C owns. */
void gs_confirm_free(gs_confirm *c);

#endif
