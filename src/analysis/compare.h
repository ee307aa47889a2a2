/* compare.h: baseline against candidate, shape by shape (DESIGN.md
 * "Definitions").
 *
 * speedup s = t_base / t_cand (> 1 is faster), change = s - 1.
 * improved: change > +T; regressed: change < -T; neutral otherwise.
 * With >= 4 samples a side, a shape that crosses T but fails a two-sided
 * Mann-Whitney U test (alpha, corrected across the tested shapes) is
 * unsure.  Times are medians, µs.
 */
#ifndef GS_COMPARE_H
#define GS_COMPARE_H

#include <stddef.h>

#include "table.h"
#include "util/error.h"

typedef enum gs_class { GS_NEUTRAL, GS_IMPROVED, GS_REGRESSED, GS_UNSURE } gs_class;

typedef enum gs_correction { GS_CORR_HOLM, GS_CORR_BH, GS_CORR_NONE } gs_correction;

typedef enum gs_shape_class { GS_SC_SKINNY, GS_SC_SMALL, GS_SC_LARGE } gs_shape_class;

typedef struct gs_compare_opts {
	double threshold; /* T as a fraction: 0.05 for --threshold 5 */
	size_t top; /* rows of the top-N tables */
	double alpha; /* significance level, 0.05 */
	gs_correction correction;
	unsigned min_samples; /* per side for the U test, 4 */
} gs_compare_opts;

/* One matched shape. */
typedef struct gs_pair {
	const gs_record *base, *cand; /* borrowed from the tables */
	double speedup; /* t_base / t_cand */
	gs_class cls;
	int tested; /* 1 if the U test ran (>= min_samples a side): its p-values
	               are gs_pair_p_value() and gs_pair_p_adjusted() */
} gs_pair;

/* Counts and geomean of a subset of pairs (a tag, a dtype, a shape class). */
typedef struct gs_group {
	const char *by; /* "tag", "dtype", "class" (static) */
	char *name; /* owned */
	size_t n, improved, regressed, neutral, unsure;
	double geomean;
	double total_base_us, total_cand_us;
} gs_group;

typedef struct gs_compare_summary {
	size_t matched, improved, regressed, neutral, unsure, tested;
	size_t only_in_baseline, only_in_candidate;
	size_t excluded_baseline, excluded_candidate;
	double geomean, geomean_lo, geomean_hi; /* 95 % CI, t on ln s */
	double weighted; /* sum t_base / sum t_cand */
	double total_base_us, total_cand_us;
	double time_saved_us; /* sum(base-cand) over improved */
	double time_lost_us; /* sum(cand-base) over regressed */
	double net_saved_us; /* sum base - sum cand, all matched */
	double saved_lost_ratio; /* saved / lost; INFINITY if lost == 0 */
	double expected_false_positives; /* alpha * tested, before correction */
} gs_compare_summary;

typedef struct gs_compare {
	gs_compare_opts opts;
	const gs_table *base, *cand; /* borrowed */
	gs_pair *pairs; /* matched shapes, in baseline input order */
	size_t npairs;
	double *p_value; /* raw U-test p of each pair (NAN if untested), or
	                    NULL when no pair was tested (one sample a shape:
	                    most sweeps), so that a pair is 32 bytes */
	double *p_adjusted; /* after correction, as p_value */
	const gs_record **only_base; /* shapes in the baseline only */
	size_t nonly_base;
	const gs_record **only_cand;
	size_t nonly_cand;
	gs_group *groups; /* by tag, then dtype, then class */
	size_t ngroups;
	size_t *top_improved; /* indices into pairs, by speedup descending */
	size_t ntop_improved;
	size_t *top_regressed; /* indices into pairs, by slowdown descending */
	size_t ntop_regressed;
	size_t *top_lost; /* regressed pairs by time lost (t_cand - t_base,
	                     µs) descending: at scale a 3x slowdown of a 2 µs
	                     kernel matters less than 8 % of a 10 ms one */
	size_t ntop_lost;
	size_t *top_saved; /* improved pairs by time saved (t_base - t_cand) */
	size_t ntop_saved;
	gs_compare_summary s;
} gs_compare;

/* gs_pair_tag: P's shape family, the baseline's tag or else the
 * candidate's (borrowed from their records), NULL when neither has one. */
const char *gs_pair_tag(const gs_pair *p);

/* gs_pair_p_value, gs_pair_p_adjusted: the raw and the corrected U-test
 * p of P (a pair of C), NAN when P was not tested. */
double gs_pair_p_value(const gs_compare *c, const gs_pair *p);
double gs_pair_p_adjusted(const gs_compare *c, const gs_pair *p);

/* gs_compare_opts_default: T 5 %, top 10, alpha 0.05, Holm, 4 samples. */
void gs_compare_opts_default(gs_compare_opts *o);

/* gs_compare_run: join BASE and CAND (finished tables, borrowed for the
 * life of OUT) on the shape key and fill OUT.  Returns 0, or -1 with ERR
 * when nothing matches or on out of memory.  Free OUT with
 * gs_compare_free() in either case. */
int gs_compare_run(const gs_table *base, const gs_table *cand, const gs_compare_opts *opts,
                   gs_compare *out, gs_error *err);

/* gs_compare_free: release what OUT owns (not the tables). */
void gs_compare_free(gs_compare *out);

/* gs_class_of_speedup: the threshold rule alone, without the U test:
 * improved when S - 1 > T, regressed when S - 1 < -T, neutral otherwise
 * (NaN included).  S = t_base / t_cand, T a fraction (statistics.md §1).
 * gs_compare_run uses it before testing; the history trend uses it with
 * T = 0. */
gs_class gs_class_of_speedup(double s, double t);

/* gs_shape_classify: skinny if M or N <= 256, small if M*N < 2^20,
 * large otherwise. */
gs_shape_class gs_shape_classify(const gs_shape *s);

/* Names for the report: "improved", "regressed", "neutral", "unsure";
 * "skinny", "small", "large". */
const char *gs_class_name(gs_class c);
const char *gs_shape_class_name(gs_shape_class c);

#endif
