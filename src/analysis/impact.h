/* impact.h: what a comparison costs a real workload (`compare --weights`,
 * issue 13 §2).
 *
 * The workload is any finished gs_table (a PyTorch trace, a rocprof
 * output, a CSV with a count or time column).  Each of its GEMM records
 * is looked up in the comparison; a matched record weighs the pair by its
 * number of calls in the workload (record t.count, at least 1):
 *
 *   base_us = Σ calls · t_base      cand_us = Σ calls · t_cand
 *   speedup = base_us / cand_us     delta_us = cand_us - base_us
 *
 * over matched records, in workload order (t_base, t_cand: the pair's
 * medians, µs).  A workload record's own time is mean · calls (median ·
 * calls without a mean), as single.h counts total_us;
 * unmatched_time_share = Σ own time of unmatched records / Σ own time of
 * all records: the part of the workload the benchmark cannot speak for.
 *
 * Key conventions.  gemmscope's tables keep the transposes in BLAS terms
 * everywhere (the trace reader already exchanges them: trace_shape.h), but
 * M and N as the input states them: a PyTorch trace (and TraceLens's
 * GEMM.csv) in PyTorch's row-major view, BLAS benchmark logs (rocblas-bench,
 * hipblaslt-bench, Tensile) in BLAS's column-major view, where BLAS M is
 * PyTorch N.  The view of each side is read from its table's format:
 *
 *   both views known and equal      the key as given;
 *   one row-major, one column-major M and N swapped, transposes as stored;
 *   either view unknown             the key as given, no swap (iree-kernel-
 *                                   benchmark, gemmscope's native CSV,
 *                                   mapped CSVs do not say which view they use).
 *
 * The benchmark's view is its baseline's, the keys the comparison pairs
 * by; the candidate's is checked too: when it is known and the
 * baseline's is not, it stands in; when both are known and differ (a
 * trace compared with a BLAS log), the rule says so, since the
 * comparison itself then paired M and N as each input states them.
 *
 * Per step: a PyTorch trace counts its steps (ProfilerStep#N, table.h
 * steps); the workload's change per step is delta_us / steps.  Other
 * workloads do not say how many steps their calls are.
 *
 * The key matched is (batch, M, N, K, dtype, trans_a, trans_b); the op and
 * the bias flag are ignored (a benchmark times a plain GEMM for
 * aten::mm and aten::addmm alike), except that when several pairs share
 * the key the one with the same op and bias is taken, else one with the
 * same bias, else the first in pair order.  Records keyed by a kernel name
 * (no M/N/K) never match.  Pure computation, no I/O.
 */
#ifndef GS_IMPACT_H
#define GS_IMPACT_H

#include <stddef.h>

#include "analysis/compare.h"
#include "table.h"
#include "util/error.h"

/* Which view an input's M and N are stated in. */
typedef enum gs_view {
	GS_VIEW_UNKNOWN, /* the format does not say */
	GS_VIEW_ROW_MAJOR, /* PyTorch: pytorch-trace, tracelens-gemm */
	GS_VIEW_COL_MAJOR /* BLAS: rocblas-bench, hipblaslt-bench, tensile */
} gs_view;

/* One workload record. */
typedef struct gs_impact_row {
	const gs_record *work; /* borrowed from the workload table */
	const gs_pair *pair; /* the matched pair (borrowed from the comparison),
	                           NULL if unmatched */
	double calls; /* work->t.count, at least 1 */
	double work_us; /* the workload's own time in the shape: mean · calls */
	double base_us; /* calls · t_base; NAN if unmatched */
	double cand_us; /* calls · t_cand; NAN if unmatched */
	double lost_us; /* cand_us - base_us (negative: saved); NAN if unmatched */
	const char *why; /* static, unmatched only: "not in the comparison",
	                           "no M/N/K (kernel-keyed record)"; NULL if matched */
} gs_impact_row;

typedef struct gs_impact {
	const gs_table *work; /* borrowed */
	gs_view work_view; /* the workload's view */
	gs_view bench_view; /* the comparison's: its baseline's, else candidate's */
	gs_view base_view, cand_view; /* each side's, as its format says */
	int swapped; /* 1 if M and N were swapped to match */
	char rule[400]; /* which key rule matched, for the report (e.g. "one
	                           side in PyTorch's row-major view, the other in
	                           BLAS's column-major view: M and N swapped ...") */
	gs_impact_row *rows; /* owned, one per workload record, in table order */
	size_t n;
	size_t matched_shapes, unmatched_shapes;
	double matched_calls, unmatched_calls;
	double base_us, cand_us; /* µs, over matched rows */
	double speedup; /* base_us / cand_us; NAN if nothing matched */
	double delta_us; /* cand_us - base_us: > 0 the workload is slower */
	long steps; /* the workload's steps (table.h), 0 if unknown */
	double delta_per_step_us; /* delta_us / steps; NAN if steps unknown or
	                                 nothing matched */
	double work_us; /* Σ work_us over all rows */
	double unmatched_us; /* Σ work_us over unmatched rows */
	double unmatched_time_share; /* unmatched_us / work_us, in [0, 1]; NAN if
	                                   work_us is 0 */
	size_t *top_lost; /* owned: indices into rows of matched rows with
	                           lost_us > 0, by lost_us descending (ties: workload
	                           order), at most TOP of them */
	size_t ntop_lost;
} gs_impact;

/* gs_view_of: the view of table T from its format (see above). */
gs_view gs_view_of(const gs_table *t);

/* gs_view_name: "row-major (PyTorch)", "column-major (BLAS)", "unknown". */
const char *gs_view_name(gs_view v);

/* gs_impact_run: weight comparison CMP (finished, borrowed) by workload
 * WORK (a finished table, borrowed for the life of OUT), keeping the TOP
 * matched shapes with the largest weighted time lost.  Returns 0 (also
 * when nothing matches: speedup NAN, every record unmatched), or -1 with
 * ERR on out of memory.  Free OUT with gs_impact_free() in either case. */
int gs_impact_run(const gs_compare *cmp, const gs_table *work, size_t top, gs_impact *out,
                  gs_error *err);

/* gs_impact_free: release what I owns; I is left empty. */
void gs_impact_free(gs_impact *i);

#endif
