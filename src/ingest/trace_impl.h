/* trace_impl.h: what the PyTorch trace reader keeps while streaming, shared
 * by its parser (trace.c) and its linker (trace_link.c).  Private to the
 * trace module.
 *
 * Kineto writes every cpu_op before the runtime calls and GPU activities,
 * so the reader links as it streams ("eager" mode): when the first runtime
 * call or GPU activity arrives, the GEMM ops seen so far are indexed; each
 * runtime call is then resolved to its GEMM op at once and only those
 * inside a GEMM op are kept; a GPU activity is kept if its runtime call
 * was, dropped if that call was not, and held as pending if the call has
 * not come yet (CUDA traces write the kernel first).  What is kept is the
 * GEMM ops, their runtime calls and GPU activities, one 16-byte id per
 * other runtime call, and the pending activities (at the end: those with
 * no launching call in the file, counted as skipped).
 *
 * A GEMM op after the first runtime call breaks that assumption; the
 * reader then reads the file again keeping every runtime call and GPU
 * activity as a small record ("keep_all" mode) and links at the end.
 */
#ifndef GS_TRACE_IMPL_H
#define GS_TRACE_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "ingest/trace_shape.h"
#include "table.h"

enum { TR_RAW_LEN = 48 };

/* What kind of event an event's "cat" names. */
typedef enum {
	TR_C_OTHER,
	TR_C_OP,
	TR_C_RT,
	TR_C_KERNEL,
	TR_C_MEMCPY,
	TR_C_MEMSET,
	TR_C_ANNOT /* a CPU user annotation: ProfilerStep#N marks a step */
} tr_category;

/* The event being read: its fields gathered in any order, acted on when
 * its object closes (gs_trace_ev_keep). */
typedef struct tr_ev {
	char ph;
	tr_category cat;
	char *name; /* owned, name_len bytes + NUL */
	size_t name_len, name_cap;
	char pid[TR_RAW_LEN], tid[TR_RAW_LEN], ts[TR_RAW_LEN], dur[TR_RAW_LEN];
	/* raw tokens, gs_trace_ev_set_raw */
	long long corr, ext, device, regs, smem;
	int has_corr, has_ext, has_device, has_regs, has_smem;
	uint32_t grid[3], block[3];
	int ngrid, nblock;
	tr_inputs in;
} tr_ev;

/* Interned strings: id = position, stable for the store's lifetime. */
typedef struct tr_strs {
	char **s;
	size_t n, cap;
	size_t *slot; /* id + 1, 0 = empty; power-of-two size */
	size_t nslot;
} tr_strs;

typedef struct tr_op { /* one GEMM cpu_op call */
	double ts, end; /* µs, end = ts + dur as TraceLens computes it */
	int thread; /* interned (pid, tid) */
	long line; /* 1-based event index */
	gs_shape key; /* trans_a == 0: take transposes from the kernel */
	const char *bad; /* static reason the inputs give no shape, or NULL */
} tr_op;

typedef struct tr_rt { /* a runtime/driver call with a link id */
	long long corr, ext;
	double ts, end;
	int thread;
	int op; /* innermost enclosing GEMM op, -1 if none */
	unsigned char has_corr, has_ext, hip, has_grid;
	uint32_t grid[3], block[3]; /* ROCm 6.2 puts them here (work-items) */
	long smem;
} tr_rt;

enum { TR_KERNEL = 1, TR_MEMCPY, TR_MEMSET };

typedef struct tr_gpu { /* a GPU activity */
	long long corr, ext;
	double ts, dur; /* µs */
	int name; /* interned kernel name, -1 for memcpy/memset */
	int rt; /* linked runtime call, -1 if none */
	long long device; /* args.device, -1 if absent */
	unsigned char kind, has_corr, has_ext, has_grid;
	uint32_t grid[3], block[3];
	int regs; /* registers per thread, 0 if absent */
	long smem; /* shared memory bytes, 0 if absent */
} tr_gpu;

typedef struct tr_dev { /* one deviceProperties entry */
	long long id;
	char name[96];
	int sms;
	double mem_bytes; /* totalGlobalMem, 0 if not given */
	int cc_major, cc_minor; /* computeMajor/Minor, -1 if not given */
} tr_dev;

enum { TR_MAX_DEVS = 16 };

/* An open-addressing map from a link id to a small integer. */
typedef struct tr_slot {
	long long key;
	int val;
	int used;
} tr_slot;

typedef struct tr_map {
	tr_slot *slot;
	size_t n, cap; /* cap: power of two or 0 */
} tr_map;

/* A set of link ids (>= 0), 8 bytes a slot: id + 1, 0 = empty. */
typedef struct tr_set {
	uint64_t *slot;
	size_t n, cap;
} tr_set;

typedef struct tr_store {
	tr_op *ops;
	size_t nops, cap_ops;
	tr_rt *rts; /* keep_all: every call; eager: GEMM ones, linked */
	size_t nrts, cap_rts;
	tr_gpu *gpus; /* keep_all: every activity; eager: GEMM ones, linked */
	size_t ngpus, cap_gpus;
	tr_dev devs[TR_MAX_DEVS];
	int ndevs;
	long long versions[4]; /* cuda_runtime_version, cuda_driver_version,
	                          hip_runtime_version, hip_driver_version;
	                          0 if not given (model/env.h) */
	tr_strs names; /* kernel names */
	tr_strs threads; /* "pid\037tid" with a type letter per part */
	size_t incomplete; /* relevant events without ts/dur, dropped */
	long steps; /* ProfilerStep#N annotations (CPU side): the steps traced */
	int keep_all; /* link at the end (see above) */
	int frozen; /* eager: the op index is built */
	int late_op; /* eager: a GEMM op came after the index was built */
	int *ord; /* ops sorted by (thread, ts) */
	double *maxdur; /* per thread: the longest GEMM op, µs */
	tr_map links; /* eager: link id -> index in rts */
	tr_set others; /* eager: link ids of calls outside GEMM ops */
	tr_map pend; /* eager: link id -> first pending activity */
	tr_gpu *pgpu; /* eager: pending activities ... */
	int *pnext; /* ... chained per link id, free slots chained */
	size_t npgpu, cap_pgpu;
	int pfree; /* first free pending slot, -1 if none */
	size_t npending; /* live pending activities */
} tr_store;

/* gs_trace_link_id: the id that links a runtime call and its GPU activities:
 * the correlation id where the event has one, else its External id (old
 * traces), in separate name spaces.  -1 if the event has neither. */
long long gs_trace_link_id(int has_corr, long long corr, int has_ext, long long ext);

/* gs_trace_store_freeze: index S's GEMM ops by (thread, ts) for
 * gs_trace_store_innermost().  Returns 0, or -1 on OOM. */
int gs_trace_store_freeze(tr_store *s);

/* gs_trace_store_innermost: the innermost GEMM op of frozen S enclosing runtime
 * call R (same thread, op.ts <= r.ts < op.end, r.end <= op.end), or -1. */
int gs_trace_store_innermost(const tr_store *s, const tr_rt *r);

/* gs_trace_store_add_op / _rt / _gpu: keep a GEMM op, a runtime call, a GPU
 * activity (copied).  In eager mode the first runtime call or activity
 * freezes the op index, calls are linked to their GEMM op at once and
 * only GEMM work is kept (see above).  Return 0, or -1 on OOM. */
int gs_trace_store_add_op(tr_store *st, const tr_op *op);
int gs_trace_store_add_rt(tr_store *st, const tr_rt *r);
int gs_trace_store_add_gpu(tr_store *st, const tr_gpu *g);

/* gs_trace_strs_intern: the id of S[0..LEN) in T, added if new; -1 on OOM. */
int gs_trace_strs_intern(tr_strs *t, const char *s, size_t len);

/* gs_trace_store_free: release everything S owns (S itself is the caller's) and
 * zero it. */
void gs_trace_store_free(tr_store *s);

/* gs_trace_ev_reset: E ready for the next event (its name buffer kept). */
void gs_trace_ev_reset(tr_ev *e);

/* gs_trace_ev_set_name: E's name := S[0..N).  Returns 0, or -1 on OOM. */
int gs_trace_ev_set_name(tr_ev *e, const unsigned char *s, size_t n);

/* gs_trace_ev_set_raw: DST (TR_RAW_LEN bytes) := TYPE then S[0..N)
 * (truncated), so that the number 7 and the string "7" stay different
 * ids. */
void gs_trace_ev_set_raw(char *dst, char type, const void *s, size_t n);

/* gs_trace_ev_category: the category an event's "cat" S[0..N) names
 * (cpu_op, kernel, cuda_runtime, ... and their torch 1.9 spellings). */
tr_category gs_trace_ev_category(const unsigned char *s, size_t n);

/* gs_trace_ev_keep: act on complete event E (input event LINE): keep a
 * GEMM cpu_op, a runtime call with a link id, or a GPU activity in ST
 * (events without ts/dur count in st->incomplete).  Returns 0, 1 when a
 * GEMM op came after eager linking froze the store (the reader must
 * restart in keep_all mode), or -1 on out of memory. */
int gs_trace_ev_keep(tr_store *st, const tr_ev *e, long line);

/* gs_trace_link: link S's GPU activities to runtime calls and GEMM ops
 * (formats.md §2.3; in eager mode that is done already), compute each
 * call's busy time and fill T: one
 * sample per call, kernel name, launch geometry, GPU name.  Returns 0 or
 * -1 with ERR (out of memory, or no GEMM op with a GPU kernel). */
int gs_trace_link(tr_store *s, gs_table *t, gs_error *err);

#endif
