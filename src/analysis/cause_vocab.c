/* cause_vocab.c: the cause vocabulary of cause.h, its rule chain as the
 * methodology states it, and the sums and orders of the split (cause.h). */
#include <stdio.h>

#include "analysis/cause.h"

#define TIMES "\xc3\x97"

static const char *const names[GS_CAUSE_COUNT] = {
        "none",         "gpu_changed",  "same_kernel_slower", "same_kernel_faster",
        "memory_bound", "quantization", "kernel_changed",     "unknown",
};

static const char *const labels[GS_CAUSE_COUNT] = {
        "",
        "the GPU differs",
        "the same kernel ran slower",
        "the same kernel ran faster",
        "the shape is memory-bound",
        "tile and wave quantization of a different kernel",
        "the library picked a different kernel",
        "unknown (missing information)",
};

const char *
gs_cause_name(gs_cause_kind k)
{
	return (int)k >= 0 && (int)k < GS_CAUSE_COUNT ? names[k] : "none";
}

const char *
gs_cause_label(gs_cause_kind k)
{
	return (int)k >= 0 && (int)k < GS_CAUSE_COUNT ? labels[k] : "";
}

const char *
gs_cause_rules(void)
{
	return "Each improved or regressed shape gets the first cause that applies: "
	       "(1) gpu_changed: both GPUs are known and differ, or, when not both are "
	       "known, the kernel names belong to different vendors (NVIDIA: nvjet, "
	       "CUTLASS, xmma, cuBLAS; AMD: Tensile, CK, aiter, MIOpen); "
	       "(2) same_kernel_slower / same_kernel_faster: the kernel name is identical "
	       "on both sides (never kernel_changed): clocks, driver, memory or code "
	       "inside the same name, and the text names the environment items the inputs "
	       "state differently (library, clocks, runtime...); "
	       "(3) memory_bound: a GPU is known, the arithmetic intensity (FLOP/B) is "
	       "below its ridge point (peak / bandwidth) for the dtype, and the memory roof "
	       "explains both times: each side moves its bytes at no less than half the "
	       "bandwidth (bytes / bandwidth / t >= 0.5); bytes moved set the time, tile "
	       "and wave quantization do not (a kernel far from the memory roof is not "
	       "memory_bound, whatever its intensity); "
	       "(4) quantization: the kernel changed and the predicted time (the roofline "
	       "with its compute term divided by dim_eff = tile " TIMES " wave quantization, "
	       "max(compute / dim_eff, memory), as in Measured against predicted) predicts "
	       "at least half of the change, ln(pred_cand / pred_base) / ln(t_cand / t_base) "
	       ">= 0.5 (the dim_eff ratio without a roofline); "
	       "(5) kernel_changed: the kernel names differ (or, without names, the input's "
	       "tile columns differ); "
	       "(6) unknown: not enough information, with what is missing.";
}

double
gs_cause_sum(const double v[GS_CAUSE_COUNT])
{
	double s = 0.0;

	for (int i = 0; i < GS_CAUSE_COUNT; i++)
		s += v[i];
	return s;
}

size_t
gs_cause_order(const double v[GS_CAUSE_COUNT], gs_cause_kind out[GS_CAUSE_COUNT])
{
	size_t n = 0;

	for (int k = GS_CAUSE_NONE + 1; k < GS_CAUSE_COUNT; k++) {
		size_t j;
		if (!(v[k] > 0))
			continue;
		/* insertion: after every listed cause with as much time */
		for (j = n; j > 0 && v[out[j - 1]] < v[k]; j--)
			out[j] = out[j - 1];
		out[j] = (gs_cause_kind)k;
		n++;
	}
	return n;
}

char *
gs_cause_missing_text(unsigned m, char *buf, size_t size)
{
	const unsigned both = GS_MISS_NAME_BASE | GS_MISS_NAME_CAND;
	const char *k = (m & both) == both                ? "no kernel names"
	                : (m & both) == GS_MISS_NAME_BASE ? "no kernel name on the baseline"
	                : (m & both) == GS_MISS_NAME_CAND ? "no kernel name on the candidate"
	                                                  : NULL;
	const char *more[3] = {m & GS_MISS_GPU ? "no GPU" : NULL,
	                       m & GS_MISS_MNK ? "no M/N/K (kernel-keyed record)" : NULL,
	                       m & GS_MISS_ROOF ? "no roofline for its dtype on the GPU" : NULL};
	size_t n = 0;

	buf[0] = 0;
	if (k)
		n = (size_t)snprintf(buf, size, "%s", k);
	for (int i = 0; i < 3 && n < size; i++)
		if (more[i])
			n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? ", " : "", more[i]);
	return buf;
}
