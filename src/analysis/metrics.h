/* metrics.h: per-metric deltas of the extra numeric columns of a compare.
 *
 * A benchmark CSV may carry numeric columns beyond the known ones: hardware
 * counters such as GPU_MEMORY_BYTE_READ or XVE_INST_EXECUTED_ALU0_ALL
 * (reference/seeds/xe-gemm-optimization-record.md), which the reader keeps
 * as table->extra_names / record->extra.  For every such column present in
 * both inputs (same name, exact match) this module lists, per matched
 * shape, the baseline value, the candidate value and ratio = cand / base,
 * and per metric the geometric mean of the ratios.
 *
 * The ratio is cand / base (a counter that grows has ratio > 1), the
 * opposite direction of the time speedup.  Ratio rules, after benchstat's
 * geomean (statistics.md §2.1): base == cand gives 1 (so 0/0 is 1); base
 * == 0 with cand != 0, or a negative value on either side, give an
 * undefined ratio (NAN, counted in nundefined).  The geomean takes the
 * ratios that are finite and > 0 (a counter that dropped to 0 has ratio 0,
 * shown but not in the geomean).  A shape whose value is absent (NAN) on
 * either side has no row.
 */
#ifndef GS_METRICS_H
#define GS_METRICS_H

#include <stddef.h>

#include "analysis/compare.h"
#include "util/error.h"

/* One matched shape's values of one metric. */
typedef struct gs_metric_row {
	size_t pair; /* index into the compare's pairs[] */
	double base, cand; /* the column's values, in the input's unit */
	double ratio; /* cand / base; NAN when undefined */
} gs_metric_row;

/* One metric (extra column) present in both inputs. */
typedef struct gs_metric_delta {
	const char *name; /* borrowed from the baseline table's extra_names */
	size_t base_col; /* its index in the baseline's extra[] */
	size_t cand_col; /* its index in the candidate's extra[] */
	gs_metric_row *rows; /* owned, in the compare's pair order */
	size_t nrows;
	size_t nundefined; /* rows with an undefined ratio */
	double geomean_ratio; /* exp(mean ln ratio) over ratios > 0; NAN if none */
	size_t ngeomean; /* rows in the geomean */
} gs_metric_delta;

typedef struct gs_metrics {
	gs_metric_delta *m; /* owned, in the baseline's column order */
	size_t n;
	size_t only_in_baseline; /* extra columns of the baseline the candidate lacks */
	size_t only_in_candidate; /* and the reverse */
} gs_metrics;

/* gs_metrics_run: the per-metric delta tables of C (a finished compare,
 * borrowed with its tables for the life of OUT).  A metric is listed even
 * when no matched shape has a value on both sides (nrows 0).  Returns 0
 * (OUT->n may be 0 when the inputs share no extra column), or -1 with ERR
 * on out of memory.  Free OUT with gs_metrics_free() in either case. */
int gs_metrics_run(const gs_compare *c, gs_metrics *out, gs_error *err);

/* gs_metrics_free: release what M owns; M is left empty. */
void gs_metrics_free(gs_metrics *m);

/* gs_metrics_column: the index of T's extra column NAME (exact match) in
 * t->extra_names and record->extra, or -1 when T has none. */
long gs_metrics_column(const gs_table *t, const char *name);

/* gs_metrics_find: the metric named NAME in M, or NULL. */
const gs_metric_delta *gs_metrics_find(const gs_metrics *m, const char *name);

#endif
