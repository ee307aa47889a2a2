/* gpu.h: GPU specifications for the roofline, quantisation, tile-model and
 * occupancy computations.  Pure data and lookups, no I/O.
 *
 * Every figure is a gs_fig: a value, its kind (vendor peak, derived,
 * measured ...) and its source, as in reference/gpu-specs.md.  Units are
 * in the field names: TFLOP/s (1e12 FLOP/s), TB/s (1e12 B/s), KiB, GHz.
 *
 * The built-in table holds the GPUs of gpu-specs.md and more (vendor
 * datasheets and the pages that restate them; each figure names its
 * source), one entry per device as the runtime enumerates it (an MI250X
 * is two devices of 110 CUs).  Boards of one chip that differ in memory,
 * SM count or clock (A100 40GB / 80GB, H100 SXM / PCIe / NVL, the gfx942
 * parts) are separate entries of one variant group: gs_gpu_find_variant
 * picks among them from what the input says.
 * A spec file (YAML, read by ingest/gpuspec.h) adds or overrides figures.
 */
#ifndef GS_GPU_H
#define GS_GPU_H

#include <stddef.h>

#include "util/error.h"

/* The kind of a figure (gpu-specs.md, "Every figure has a source and a
 * kind"). */
typedef enum gs_fig_kind {
	GS_FIG_NONE = 0, /* not known */
	GS_FIG_PEAK, /* P:  vendor peak, datasheet or vendor docs */
	GS_FIG_PEAK_3P, /* P*: vendor peak read from a third-party page */
	GS_FIG_DERIVED, /* D:  arithmetic from other figures */
	GS_FIG_MEASURED, /* M:  measured / max-achievable, or read from the device */
	GS_FIG_THIRD_PARTY /* T:  third-party listing, not checked */
} gs_fig_kind;

typedef struct gs_fig {
	double v; /* value in the field's unit; 0 when kind is NONE */
	gs_fig_kind kind;
	const char *src; /* static text; NULL means gs_gpu.source (spec files) */
} gs_fig;

/* Data-type classes that have their own peak. */
typedef enum gs_pk {
	GS_PK_F16,
	GS_PK_BF16,
	GS_PK_TF32,
	GS_PK_F32,
	GS_PK_F64,
	GS_PK_F8,
	GS_PK_I8,
	GS_PK_F4,
	GS_PK_COUNT
} gs_pk;

typedef enum gs_gpu_family {
	GS_FAM_CDNA,
	GS_FAM_RDNA,
	GS_FAM_NVIDIA,
	GS_FAM_XE,
	GS_FAM_OTHER /* a spec file without a known arch */
} gs_gpu_family;

/* Which roof a roofline uses: the vendor peak (gs_gpu.peak, bw_tbs) or the
 * measured / max-achievable figures (meas, meas_bw_tbs), which fall back to
 * the peak figure per field where none is known. */
typedef enum gs_roof { GS_ROOF_PEAK, GS_ROOF_MEASURED } gs_roof;

enum { GS_GPU_NAME_LEN = 64, GS_GPU_ARCH_LEN = 24, GS_GPU_SRC_LEN = 256 };

typedef struct gs_gpu {
	char name[GS_GPU_NAME_LEN]; /* short name: "MI300X", "H100" */
	char full_name[GS_GPU_NAME_LEN]; /* "AMD Instinct MI300X" */
	char arch[GS_GPU_ARCH_LEN]; /* LLVM target or sm_XX: "gfx942", "sm_90" */
	gs_gpu_family family;
	gs_fig cus; /* CUs (AMD), SMs (NVIDIA), Xe-cores (Intel) */
	gs_fig clock_ghz; /* engine clock the peaks assume */
	gs_fig peak[GS_PK_COUNT]; /* dense matrix TFLOP/s (vector where no matrix
	                                    unit); from a spec file, of the file's kind */
	gs_fig meas[GS_PK_COUNT]; /* measured / max-achievable TFLOP/s, optional */
	gs_fig bw_tbs; /* DRAM bandwidth, TB/s */
	gs_fig meas_bw_tbs; /* measured bandwidth, TB/s, optional */
	gs_fig lds_cu_kib; /* LDS / shared memory per CU/SM, KiB */
	gs_fig lds_wg_kib; /* most one workgroup/block may use, KiB */
	gs_fig wave_size; /* lanes per wave/warp (Intel: SIMD width) */
	gs_fig regs; /* AMD: VGPRs per lane per SIMD; NVIDIA: 32-bit
	                                    registers per SM */
	gs_fig max_waves_simd; /* AMD: waves per SIMD; NVIDIA: warps per SM / 4 */
	int simds_per_cu; /* SIMDs per CU; NVIDIA: 4 SM sub-partitions */
	gs_fig mem_gb; /* device memory as the vendor states it (GB; AMD's
	                                    GiB figures as printed), per enumerated device */
	gs_fig l2_mib; /* L2 cache, all of the device, MiB (MB as printed) */
	gs_fig llc_mib; /* last-level cache behind L2 (Infinity Cache,
	                                    MALL), MiB; NONE where there is none */
	const char *note; /* static caveat, or NULL */
	char source[GS_GPU_SRC_LEN]; /* source of figures whose src is NULL */
} gs_gpu;

/* gs_gpu_count / gs_gpu_at: the built-in table, I in [0, count).  The
 * entries are static; never NULL for a valid I. */
size_t gs_gpu_count(void);
const gs_gpu *gs_gpu_at(size_t i);

/* gs_gpu_find: the built-in GPU that NAME designates, or NULL.  Accepts
 * what inputs call a GPU, case-insensitively: "AMD Instinct MI300X VF",
 * "gfx942", "gfx942:sramecc+:xnack-", "NVIDIA H100 80GB HBM3", "mi300x",
 * "h100", "sm_90", "Radeon 8060S" ...  Matching is by whole words of NAME
 * (letters and digits; adjacent words may join: "RX 7900 XTX"), never by
 * a fragment of a word, so "A1000" is not an A100.  Where several entries
 * match, the longest matching alias wins ("H100 PCIe" is the PCIe board,
 * "H100" the SXM5), then table order.  Vague names ("AMD Radeon
 * Graphics") give NULL. */
const gs_gpu *gs_gpu_find(const char *name);

/* gs_gpu_find_variant: the built-in GPU that NAME designates, chosen among
 * the variants of its group (boards of one chip) by what the input says.
 * NAME as for gs_gpu_find; MEM_BYTES the device memory the input reports
 * (totalGlobalMem, bytes), CUS its SM/CU count (numSms, cu_count) and
 * CLOCK_GHZ its engine clock; each <= 0 when the input does not give it.
 * The choice narrows the group step by step: a name naming one variant
 * ("A100-SXM4-40GB", "V100-SXM2", "H100 PCIe") decides; else the variants
 * whose memory is closest to MEM_BYTES (|log| ratio; MEM_BYTES / 1e9
 * against mem_gb), then those whose CU count equals CUS, then the closest
 * clock; a tie left at the end gives gs_gpu_find's entry if it is among
 * them, else the first in table order.  WHY (may be NULL) receives, NUL-
 * terminated and truncated to WHY_SIZE, one sentence a report can print:
 * "A100-40GB: the input's memory 42.4 GB is closest to 40 GB."
 * Returns NULL (and a sentence in WHY) when no built-in GPU matches NAME.
 * Pure; the result is a static table entry. */
const gs_gpu *gs_gpu_find_variant(const char *name, double mem_bytes, int cus, double clock_ghz,
                                  char *why, size_t why_size);

/* gs_gpu_same_chip: 1 if A and B are one GPU or boards of one chip (one
 * variant group of the built-in table: A100 and A100-40GB, the H100
 * boards), so that an input naming one board may describe the other's
 * CU count; else 0.  A GPU that is no built-in entry (a spec file's copy)
 * is matched by its name.  NULL gives 0. */
int gs_gpu_same_chip(const gs_gpu *a, const gs_gpu *b);

/* gs_gpu_largest_cache_mib: the larger of G's L2 and last-level cache,
 * MiB (what a rotating buffer must exceed to defeat the caches); NAN when
 * neither is known. */
double gs_gpu_largest_cache_mib(const gs_gpu *g);

/* gs_gpu_dtype_class: the peak class of a canonical dtype (table.h
 * gs_dtype_normalize names): f16, bf16, tf32/xf32, f32, f64, f8*, i8,
 * f4e2m1.  Returns -1 for others (i32, unknown). */
int gs_gpu_dtype_class(const char *dtype);

/* gs_gpu_class_name: "f16", "bf16", "tf32", "f32", "f64", "f8", "i8",
 * "f4"; "?" out of range. */
const char *gs_gpu_class_name(int cls);

/* gs_gpu_roof_tflops: the TFLOP/s roof of G for DTYPE (canonical name)
 * under ROOF; *FIG (may be NULL) receives the figure used, with its kind.
 * GS_ROOF_MEASURED falls back to the peak figure where no measured one
 * exists.  NAN when G has no figure for that dtype class. */
double gs_gpu_roof_tflops(const gs_gpu *g, const char *dtype, gs_roof roof, const gs_fig **fig);

/* gs_gpu_roof_bw: the bandwidth roof, TB/s, under ROOF, with its figure
 * in *FIG (may be NULL).  NAN if unknown. */
double gs_gpu_roof_bw(const gs_gpu *g, gs_roof roof, const gs_fig **fig);

/* gs_fig_kind_tag: "P", "P*", "D", "M", "T", "-".
 * gs_fig_kind_name: "vendor peak", "vendor peak (third-party page)",
 * "derived", "measured", "third-party", "unknown". */
const char *gs_fig_kind_tag(gs_fig_kind k);
const char *gs_fig_kind_name(gs_fig_kind k);

/* gs_fig_source: F's source, or G's source for figures from a spec file;
 * never NULL. */
const char *gs_fig_source(const gs_gpu *g, const gs_fig *f);

/* gs_gpu_family_name: "cdna", "rdna", "nvidia", "xe", "other". */
const char *gs_gpu_family_name(gs_gpu_family f);

#endif
