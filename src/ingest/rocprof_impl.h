/* rocprof_impl.h: the per-kernel records the three rocprofv3 readers
 * share (rocprof.c: kernel_trace.csv, rocprof_json.c: JSON, rocpd.c:
 * SQLite).  Private to src/ingest/; defined in rocprof.c. */
#ifndef GS_ROCPROF_IMPL_H
#define GS_ROCPROF_IMPL_H

#include <stddef.h>

#include "ingest/trace_impl.h"
#include "model/kernel_class.h"
#include "table.h"
#include "util/error.h"

/* Kernel name -> record of one table (rocprof.h: one record per GEMM
 * kernel) and every kernel's time by class. */
typedef struct gs_rocprof_kagg {
	gs_table *t;
	tr_strs names; /* kernel name -> id */
	size_t *rec; /* per name id: record index + 1, 0 if none yet */
	long *mixk; /* per name id: index in mix + 1, 0 if not yet seen */
	size_t nrec; /* entries of rec and mixk */
	gs_kmix *mix; /* every kernel's dispatches by class; moved to
	                           t->kmix by gs_rocprof_kagg_finish */
	gs_kparser *kp; /* classifies the names, made on first use */
	long long offset; /* >= 0: byte offset of the dispatch being added
	                           (JSON), named by errors instead of its line */
} gs_rocprof_kagg;

/* The most distinct kernel names one rocprofv3 output may hold. */
#define GS_ROCPROF_MAX_KERNELS ((size_t)1 << 30)

/* gs_agent_gpu_name: the GPU name of a ROCm agent from its PRODUCT name
 * and its NAME (the gfx target), either may be NULL or "": the product
 * name, unless the built-in GPU table does not know it and knows the gfx
 * name (a generic "AMD Radeon Graphics" on gfx1151), then the gfx name;
 * NULL when both are empty.  Borrowed from the arguments. */
const char *gs_agent_gpu_name(const char *product, const char *name);

/* gs_agent_set: T's GPU (gs_agent_gpu_name, with CUS, 0 if unknown) and
 * environment (model/env.h) from a ROCm GPU agent: PRODUCT name, NAME
 * (the gfx target), CUS and SCLK_MHZ (max_engine_clk_fcompute; <= 0:
 * unknown).  Returns 0 or -1 on out of memory. */
int gs_agent_set(gs_table *t, const char *product, const char *name, int cus, double sclk_mhz);

/* gs_rocprof_oom: ERR "out of memory" on T's path.  Returns -1. */
int gs_rocprof_oom(const gs_table *t, gs_error *err);

/* gs_rocprof_kagg_add_id: one dispatch of kernel name id ID (in A->names)
 * lasting END - START ns: counted in A->mix under the kernel's class
 * (gs_kernel_class, decided once per name) and, for a GEMM kernel, a
 * sample of END - START / 1000 µs on its record (created with launch L
 * and input LINE if new); END == START only counts in t->skipped.
 * Returns 0, or -1 with ERR: out of memory, or END before START or
 * END - START beyond int64 or GS_TIME_MAX_US ("FILE:LINE: kernel dispatch
 * ends before it starts ...", at A->offset instead when that is >= 0). */
int gs_rocprof_kagg_add_id(gs_rocprof_kagg *a, int id, long long start, long long end,
                           const gs_launch *l, long line, gs_error *err);

/* gs_rocprof_kagg_add: the same for kernel NAME (interned in A->names). */
int gs_rocprof_kagg_add(gs_rocprof_kagg *a, const char *name, long long start, long long end,
                        const gs_launch *l, long line, gs_error *err);

/* gs_rocprof_kagg_finish: after the last dispatch, A's kernel mix
 * finished (gs_kmix_finish) and moved to A->t->kmix.  Returns 0, or -1
 * with ERR: out of memory; no dispatch of positive duration; no GEMM
 * kernel among those dispatched (the message names the largest classes
 * and kernels instead). */
int gs_rocprof_kagg_finish(gs_rocprof_kagg *a, gs_error *err);

/* gs_rocprof_kagg_free: release what A owns (not A->t, not A itself). */
void gs_rocprof_kagg_free(gs_rocprof_kagg *a);

/* gs_rocprof_set_geometry: L's workgroups (Π ceil(grid / wg), grid in
 * work-items) and workgroup size (Π wg; a size <= 0 counts as 1). */
void gs_rocprof_set_geometry(gs_launch *l, const long long grid[3], const long long wg[3]);

#endif
