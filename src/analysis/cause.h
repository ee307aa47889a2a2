/* cause.h: why each classified shape changed, as one word of a small
 * vocabulary, and the time lost and saved split by that word (issue 13 §1).
 *
 * Every improved or regressed pair of a gs_compare gets one cause, decided
 * by the first rule of this chain that applies (the report's methodology
 * prints it as is):
 *
 *   1. gpu_changed         both sides' GPUs are known and differ (by name),
 *                          or, when not both are known, the kernel names
 *                          belong to different vendors (NVIDIA: nvjet,
 *                          CUTLASS, xmma, cuBLAS; AMD: Tensile, CK, aiter,
 *                          MIOpen): a cross-GPU comparison; nothing below
 *                          compares like with like.
 *   2. same_kernel_slower  the kernel name is identical on both sides: the
 *      same_kernel_faster  library made the same choice, so the change comes
 *                          from the environment (clocks, driver, memory) or
 *                          from code inside the same name.  A shape with
 *                          identical names is never kernel_changed.
 *   3. memory_bound        a GPU is known, the shape's arithmetic intensity
 *                          (FLOP / bytes, model/gemm.h) is below the ridge
 *                          point (peak / bandwidth) of that GPU for the
 *                          shape's dtype, and the memory roof explains both
 *                          times: each side moves its bytes at no less than
 *                          MEM_NEAR (half) of the bandwidth, memory_us /
 *                          t >= 0.5 on both sides (so the change is within
 *                          2x, and neither kernel is far from the memory
 *                          roof).  Its time is set by bytes moved; tile and
 *                          wave quantization are not the determinant.  A
 *                          shape below the ridge but far from the memory
 *                          roof (a reference kernel at 0.2 % of it) is not
 *                          memory_bound: the rules below decide it.
 *   4. quantization        the kernel changed (rule 5's test) and the
 *                          prediction of analysis/residual.h (the roofline
 *                          with its compute term divided by dim_eff,
 *                          max(compute_us / dim_eff, memory_us)) predicts
 *                          at least half of the change: predicted =
 *                          ln(pred_cand / pred_base) / ln(t_cand / t_base)
 *                          >= 0.5 (the share of the measured log time
 *                          ratio that tile and wave quantization explain; 1
 *                          = all of it, above 1 = more than measured).  The
 *                          memory term keeps a memory-dominated shape from
 *                          being blamed on its tile.  Without a roofline
 *                          (no bandwidth or peak) the dim_eff ratio stands
 *                          in for the prediction ratio.
 *   5. kernel_changed      the kernel names are known on both sides and
 *                          differ (or, with no names, both inputs give tile
 *                          columns and the tiles differ): the library picked
 *                          another kernel; the text shows the tile change
 *                          ("256×256 → 128×64").
 *   6. unknown             none of the above could be decided; the text
 *                          says what is missing ("no kernel names, no GPU").
 *
 * Neutral and unsure pairs get GS_CAUSE_NONE.  Times are medians, µs, as
 * in compare.h.  Pure computation, no I/O.
 */
#ifndef GS_CAUSE_H
#define GS_CAUSE_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/compare.h"
#include "analysis/single.h"
#include "util/error.h"

/* The vocabulary, in the order of the rule chain.  The split arrays of
 * gs_causes are indexed by it and summed in this order. */
typedef enum gs_cause_kind {
	GS_CAUSE_NONE = 0, /* not classified (neutral, unsure) */
	GS_CAUSE_GPU_CHANGED,
	GS_CAUSE_SAME_KERNEL_SLOWER,
	GS_CAUSE_SAME_KERNEL_FASTER,
	GS_CAUSE_MEMORY_BOUND,
	GS_CAUSE_QUANTIZATION,
	GS_CAUSE_KERNEL_CHANGED,
	GS_CAUSE_UNKNOWN,
	GS_CAUSE_COUNT
} gs_cause_kind;

/* What an unknown cause lacked (bits of gs_cause.missing). */
enum {
	GS_MISS_NAME_BASE = 1, /* no kernel name on the baseline */
	GS_MISS_NAME_CAND = 2, /* no kernel name on the candidate */
	GS_MISS_GPU = 4, /* no GPU on either side */
	GS_MISS_MNK = 8, /* a kernel-keyed record: no M/N/K */
	GS_MISS_ROOF = 16 /* the GPU has no roofline for the dtype */
};

/* The figures the rule chain weighs for one pair (gs_cause_figures). */
typedef struct gs_cause_figs {
	double predicted; /* rule 4's fraction of the change that the
	                     prediction ratio explains; NAN unless both sides
	                     are predicted (set for every cause where they are,
	                     not only quantization) */
	double dim_ratio; /* dim_eff_base / dim_eff_cand; NAN */
	double pred_ratio; /* pred_cand / pred_base: the t_cand / t_base
	                      quantization predicts (the dim_eff ratio without a
	                      roofline, and for a GS_CAUSE_NONE pair, whose whole
	                      model is not computed again); NAN */
	double intensity; /* FLOP/B of the shape; NAN without M/N/K */
	double ridge; /* FLOP/B of the GPU for the dtype; NAN (and not computed
	                 for a GS_CAUSE_NONE pair) */
	double mem_base, mem_cand; /* share of the memory roof each side reaches:
	                              (bytes / bandwidth) / t; NAN without a GPU's
	                              bandwidth (and not computed for a
	                              GS_CAUSE_NONE pair) */
} gs_cause_figs;

/* One pair's cause, as the report keeps it (8 bytes: a million pairs
 * hold one each; the figures behind it are gs_cause_figures'). */
typedef struct gs_cause {
	unsigned char kind; /* gs_cause_kind */
	unsigned char missing; /* GS_MISS_* bits of an unknown cause, else 0 */
	uint32_t text; /* its sentence: gs_cause_text() */
} gs_cause;

typedef struct gs_causes {
	gs_cause *by_pair; /* owned, parallel to cmp->pairs */
	size_t n; /* cmp->npairs */
	/* The distinct sentences, "" first (GS_CAUSE_NONE's), each the
	 * process's copy (util/intern.h): the classified pairs of a
	 * million-shape sweep often share a handful.  The array is owned. */
	const char **texts;
	size_t ntexts;
	/* Time lost (regressed: t_cand - t_base) and saved (improved: t_base -
	 * t_cand) by cause, µs, and the shapes behind each.  Summed in enum
	 * order from 0.0 (gs_cause_sum), lost_us gives exactly the compare's
	 * summary.time_lost_us and saved_us its time_saved_us (bit for bit:
	 * the largest bucket absorbs the last-bit rounding of the split). */
	double lost_us[GS_CAUSE_COUNT];
	double saved_us[GS_CAUSE_COUNT];
	size_t nlost[GS_CAUSE_COUNT];
	size_t nsaved[GS_CAUSE_COUNT];
	/* The causes with time lost / saved, largest first (gs_cause_order):
	 * the order the writers list the split in. */
	gs_cause_kind lost_order[GS_CAUSE_COUNT];
	gs_cause_kind saved_order[GS_CAUSE_COUNT];
	size_t nlost_order, nsaved_order;
	/* What the unknown causes lacked: the GS_MISS_* bits of every
	 * regressed / improved pair whose cause is unknown, or-ed. */
	unsigned missing_lost, missing_saved;
} gs_causes;

/* gs_cause_run: the cause of every pair of CMP (a finished comparison,
 * borrowed) from the two sides' efficiency models BASE and CAND (single.h,
 * run on CMP's tables; either may be NULL: then no GPU, tile or dim_eff is
 * known for that side and only kernel names and tile columns are used).
 * The GPUs are BASE->gpu and CAND->gpu.  Returns 0, or -1 with ERR on out of
 * memory; free OUT with gs_causes_free() in either case. */
int gs_cause_run(const gs_compare *cmp, const gs_single *base, const gs_single *cand,
                 gs_causes *out, gs_error *err);

/* gs_cause_figures: the figures the rule chain weighed for pair I of CMP
 * (as gs_cause_run, with the same BASE and CAND efficiency models, may be
 * NULL), computed again into *OUT.  Returns 0, or -1 for I out of range. */
int gs_cause_figures(const gs_compare *cmp, size_t i, const gs_single *base, const gs_single *cand,
                     gs_cause_figs *out);

/* gs_cause_text: the report's sentence for pair I's cause (I < C->n): ""
 * for GS_CAUSE_NONE; lives as long as the process. */
const char *gs_cause_text(const gs_causes *c, size_t i);

/* gs_causes_free: release what C owns; C is left empty. */
void gs_causes_free(gs_causes *c);

/* gs_cause_sum: V[0] + V[1] + ... + V[GS_CAUSE_COUNT-1], left to right from
 * 0.0: the order in which a writer that lists the split must add it. */
double gs_cause_sum(const double v[GS_CAUSE_COUNT]);

/* gs_cause_order: the causes whose V (µs, lost_us or saved_us of a
 * gs_causes) is above 0, largest first (ties: rule-chain order), into OUT;
 * returns how many.  GS_CAUSE_NONE is never listed.  gs_cause_run fills
 * gs_causes' lost_order and saved_order with it. */
size_t gs_cause_order(const double v[GS_CAUSE_COUNT], gs_cause_kind out[GS_CAUSE_COUNT]);

/* gs_cause_name: "none", "gpu_changed", "same_kernel_slower",
 * "same_kernel_faster", "memory_bound", "quantization", "kernel_changed",
 * "unknown" (the JSON values). */
const char *gs_cause_name(gs_cause_kind k);

/* gs_cause_label: a short phrase for the summary sentence "P % of the time
 * lost: ... for N shapes": "the GPU differs", "the same kernel ran slower",
 * "the same kernel ran faster", "the shape is memory-bound", "tile and wave
 * quantization of a different kernel", "the library picked a different
 * kernel", "unknown (missing information)"; "" for NONE. */
const char *gs_cause_label(gs_cause_kind k);

/* gs_cause_missing_text: the GS_MISS_* bits MISSING as words, "no kernel
 * names, no GPU", "no kernel name on the candidate", into BUF (SIZE
 * bytes, truncated); "" for 0.  Returns BUF. */
char *gs_cause_missing_text(unsigned missing, char *buf, size_t size);

/* gs_cause_rules: the rule chain above as one paragraph of plain text
 * (static), for the methodology section. */
const char *gs_cause_rules(void);

#endif
