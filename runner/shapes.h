/* shapes.h: the list of GEMMs gemmscope-bench runs.
 *
 * The list is a gs_table without samples (the "plan"): one record per
 * shape key, in the order shapes were added, duplicates merged, so
 * results keep the exact keys of the file they came from (what
 * `gemmscope confirm` matches on).  Shapes it cannot run are listed in
 * the plan's exclusions with the reason.  A shape whose operands cannot be
 * allocated at all (a size product that overflows 64 bits, or more host
 * memory than the machine has: every backend keeps f32 host copies of A
 * and B for the check) is refused with an error at its source and line:
 * the run stops before anything is measured or written.
 */
#ifndef GS_SHAPES_H
#define GS_SHAPES_H

#include "runner/psize.h"
#include "table.h"
#include "util/error.h"

typedef struct gs_bshapes_opts {
	const char *const *dtypes; /* canonical dtypes (NULL-terminated) for
	                              shapes that name none */
	char trans_a, trans_b; /* for -m/-n/-k and sizes without a problem type */
	int bias; /* for -m/-n/-k */
} gs_bshapes_opts;

/* gs_bshapes_add_file: add every record of PATH, read with
 * gs_ingest_read() (any CSV gemmscope reads; the --regressions output of
 * `gemmscope compare` first of all), keeping op, batch, M, N, K, dtype,
 * transposes, bias and tag.  Returns the number of shapes added, or -1
 * with ERR from the reader or for a shape too large (PATH:LINE). */
long gs_bshapes_add_file(gs_table *plan, const char *path, const gs_bshapes_opts *o, gs_error *err);

/* gs_bshapes_add_psizes: add Tensile sizes L (WHERE names their source
 * for exclusions and errors).  Returns the number added, or -1 with ERR
 * (a shape too large, out of memory). */
long gs_bshapes_add_psizes(gs_table *plan, const gs_psize_list *l, const char *where,
                           const gs_bshapes_opts *o, gs_error *err);

/* gs_bshapes_add_mnk: add M×N×K with BATCH (all >= 1), O's transposes,
 * bias and each of O's dtypes.  Returns the number added, or -1 with ERR
 * ("-m/-n/-k: ..." for a shape too large). */
long gs_bshapes_add_mnk(gs_table *plan, long m, long n, long k, long batch,
                        const gs_bshapes_opts *o, gs_error *err);

#endif
