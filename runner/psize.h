/* psize.h: Tensile `ProblemSizes` (Range and Exact) for gemmscope-bench.
 *
 * Semantics from ROCm/Tensile Tensile/SolutionStructs.py
 * (ProblemSizeRange, ExactList, ExactDict) as summarised in
 * reference/formats.md §1.5:
 *
 * - A Range has one element per index, in index order [SizeI, SizeJ,
 *   SizeK(batch), SizeL] for a batched GEMM, [SizeI, SizeJ, SizeL] for a
 *   non-batched one; M = I, N = J, K = L.  Each element is [v] (v only),
 *   [min, max] (the step equals min), [min, step, max], [min, step,
 *   stepIncrement, max], or an integer: a mapped index that takes the
 *   size of that index.  Sizes are `while size <= max: emit size; size +=
 *   step; step += stepIncrement`.  Missing trailing elements are mapped
 *   to index 0.  Index 0 varies fastest.
 * - An Exact is [M, N, B, K] (or [M, N, K] non-batched), the same plus
 *   four leading dimensions [.., LDD, LDC, LDA, LDB], or a map
 *   {sizes: [...], stridesA: ...}.  gemmscope-bench runs packed operands:
 *   leading dimensions and strides are read but not used.  A size below
 *   1 (Tensile's -1) is an error.
 *
 * Counts checked by the tests: [[16,128],[16,128],[1],[16,128]] gives
 * 512, [[16,128],0,[1],0] gives 8, [[16,16,16,5760],0,[1],[1024,1024,
 * 4096]] gives 108; [16,32,1968] is 62 sizes and [64,32,16,1968] 15.
 */
#ifndef GS_PSIZE_H
#define GS_PSIZE_H

#include <stddef.h>

#include "table.h"
#include "util/error.h"

/* More sizes than this from one Range is an error (a typo such as a step
 * of 1 over 16384 in every index would otherwise exhaust memory). */
#define GS_PSIZE_MAX 1000000L

/* One GEMM size. */
typedef struct gs_psize {
	long m, n, batch, k; /* >= 1 */
	char dtype[GS_DTYPE_LEN]; /* canonical, from ProblemType.DataType; "" if none */
	char trans_a, trans_b; /* 'N'/'T' from ProblemType; 0 if none */
	long line; /* 1-based line of the Range/Exact entry */
} gs_psize;

typedef struct gs_psize_list {
	gs_psize *v;
	size_t n, cap;
	size_t ignored; /* entries that are not GEMM sizes (Conv, MinStride) */
} gs_psize_list;

/* gs_psize_range: append the sizes of one Range SPEC, a YAML flow
 * sequence such as "[[16,128],0,[1],[16,128]]"; the outer brackets may
 * be left out ("[16,128],0,[1],[16,128]").  3 elements mean a non-batched GEMM, otherwise batched.
 * WHERE names the source in errors ("--range").  Returns 0, or -1 with
 * ERR (WHERE:1:COL) and OUT unchanged past its old length. */
int gs_psize_range(const char *spec, const char *where, gs_psize_list *out, gs_error *err);

/* gs_psize_exact: append one Exact SPEC: "[M,N,B,K]", "[M,N,K]", either
 * with four leading dimensions appended, the same without brackets, or
 * "{sizes: [M,N,B,K]}".  Returns 0, or -1 with ERR. */
int gs_psize_exact(const char *spec, const char *where, gs_psize_list *out, gs_error *err);

/* gs_psize_load: append every Range and Exact of the YAML file PATH: a
 * Tensile benchmark config (each BenchmarkProblems entry's problem type,
 * the map with OperationType, gives DataType, TransposeA/B and Batched to
 * the ProblemSizes after it) or a plain list of `- Range:`/`- Exact:`
 * entries.  Returns 0, or -1 with ERR at PATH:LINE:COL (YAML syntax, a
 * malformed entry, no sizes at all). */
int gs_psize_load(const char *path, gs_psize_list *out, gs_error *err);

/* gs_psize_list_free: release L's storage and zero it. */
void gs_psize_list_free(gs_psize_list *l);

#endif
