/* kernel_class.h: what any GPU kernel's name says it does, GEMM or not
 * (issue 12): its class (a GEMM, the reduction of a split-K GEMM,
 * attention, communication, ...), a short label for tables, and the
 * split of a profile's GPU time by class (gs_kmix), so that a profiler
 * output's GEMM table holds GEMM kernels only and the rest is accounted
 * for once.  GEMM families are kernel_name.h's (reference/kernel-names.md
 * §1); the other classes are read from the words of the name.  Pure
 * computation.
 */
#ifndef GS_KERNEL_CLASS_H
#define GS_KERNEL_CLASS_H

#include <stddef.h>

#include "model/kernel_name.h"

/* Classes, in the order gs_kernel_class tests them (the first that
 * matches wins), GS_KC_GEMM apart: it is tested after the split-K
 * reductions, communication, attention and convolutions, whose names may
 * hold "gemm". */
typedef enum gs_kclass {
	GS_KC_GEMM, /* a GEMM or GEMV main kernel: its time is GEMM time */
	GS_KC_SPLITK, /* the reduction after a split-K GEMM (Tensile PostGSU,
	                  cuBLAS splitKreduce_kernel, CUTLASS ReduceSplitK) */
	GS_KC_COMM, /* collectives: NCCL / RCCL, all-reduce, all-gather ... */
	GS_KC_ATTENTION, /* flash / fused attention */
	GS_KC_CONV, /* convolutions, implicit-GEMM ones included */
	GS_KC_MEMORY, /* copies, fills, memset, concatenation, gather / scatter */
	GS_KC_NORM, /* layer / RMS / batch / group normalisation */
	GS_KC_REDUCE, /* reductions and softmax */
	GS_KC_ELEMENTWISE, /* pointwise kernels, optimizer multi-tensor kernels */
	GS_KC_OTHER, /* none of the above (sorts, scans, unknown names) */
	GS_KC_COUNT
} gs_kclass;

/* gs_kernel_class: the class of kernel NAME (as a trace or profiler
 * prints it: "void ", template arguments, a parameter list and ".kd" are
 * fine; NULL or "" is GS_KC_OTHER), parsed with P.  GEMM: a family of
 * kernel_name.h that says is_gemm (a CK symbol must also name a gemm),
 * else "gemm", "gemv" or "matmul" in the name (rocBLAS, cuBLAS gemv,
 * CUTLASS device-API kernels, Triton matmul_kernel).  INFO, when not NULL,
 * receives P's parse of NAME.  Never fails (a name too long to inspect
 * whole is judged on its first 4096 bytes). */
gs_kclass gs_kernel_class(gs_kparser *p, const char *name, gs_kernel_info *info);

/* gs_kclass_name: "gemm", "split-k reduction", "communication",
 * "attention", "convolution", "copy/fill", "normalization", "reduction",
 * "elementwise", "other"; "?" out of range. */
const char *gs_kclass_name(gs_kclass c);

/* Longest label gs_kernel_label writes, bytes without the NUL. */
enum { GS_KERNEL_LABEL_MAX = 72 };

/* gs_kernel_label: a short label for kernel NAME into BUF of SIZE bytes
 * (at most GS_KERNEL_LABEL_MAX + 1 used): "void ", the parameter list,
 * ".kd" and namespace qualifiers dropped, nested template arguments
 * written <…>; a Tensile name (Cijk_…_MT…) kept as its first five fields
 * and its MT and MI fields; anything longer cut on a UTF-8 boundary with
 * "…".  When the label is not NAME itself it ends in " #xxxx", four hex
 * digits of NAME's FNV-1a hash, so that two kernels whose labels would
 * otherwise be equal are told apart (JUnit names, table rows).  The full
 * name stays the key: every output that names a kernel in full (JSON
 * name, CSV kernel) still does.  Returns BUF. */
char *gs_kernel_label(const char *name, char *buf, size_t size);

/* One kernel of a profile: its dispatches and their GPU time. */
typedef struct gs_kmix_kernel {
	const char *name; /* borrowed (the table holding the mix owns it) */
	gs_kclass cls;
	long calls; /* dispatches of positive duration */
	double total_ns; /* their summed duration, ns (exact to 2^53 ns) */
} gs_kmix_kernel;

/* A profile's GPU kernel time by class: every kernel the profiler
 * recorded, GEMM or not.  Fill with gs_kmix_add_kernel/gs_kmix_add_ns,
 * then gs_kmix_finish; times are µs after finishing. */
typedef struct gs_kmix {
	gs_kmix_kernel *k; /* owned; after gs_kmix_finish ordered by
	                                     total time, longest first (ties:
	                                     name) */
	size_t n, cap;
	double total_us; /* Σ over all kernels, µs */
	long calls; /* Σ dispatches */
	double class_us[GS_KC_COUNT]; /* per class, µs */
	long class_calls[GS_KC_COUNT];
	size_t class_kernels[GS_KC_COUNT]; /* distinct names per class */
} gs_kmix;

/* gs_kmix_add_kernel: a new kernel NAME (borrowed; must outlive M) of
 * class CLS with no dispatch yet.  Returns its index, or -1 on out of
 * memory or beyond 2^30 kernels. */
long gs_kmix_add_kernel(gs_kmix *m, const char *name, gs_kclass cls);

/* gs_kmix_add_ns: one dispatch of kernel I (an index from
 * gs_kmix_add_kernel) lasting NS > 0 nanoseconds. */
void gs_kmix_add_ns(gs_kmix *m, size_t i, double ns);

/* gs_kmix_finish: the totals per class and overall (µs), and the kernels
 * ordered longest first.  Call once, after the last dispatch. */
void gs_kmix_finish(gs_kmix *m);

/* gs_kmix_share: class C's share of M's GPU time, 0..1 (NAN when M has
 * no time). */
double gs_kmix_share(const gs_kmix *m, gs_kclass c);

/* gs_kmix_free: release what M owns (not M itself, not the names) and
 * leave M empty; NULL is fine. */
void gs_kmix_free(gs_kmix *m);

#endif
