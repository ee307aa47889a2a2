/* cliff.h: cliffs along M, N and K (issue 13 §4).
 *
 * An input sweeps a dimension when at least GS_CLIFF_MIN_POINTS of its
 * shapes share every key field (op, batch, the other two dimensions,
 * dtype, transposes, bias) and their tag, and differ in that one: a
 * Tensile ProblemSizes range, `gemmscope-bench --range`, any CSV with many
 * values of one dimension.  Six points, not fewer: a million random
 * shapes (2,048 values per dimension) hold about 20 coincidental groups
 * of four sharing two dimensions, and almost none of six; and shapes of
 * different tags (model layers of a benchmark suite) are no sweep even
 * where their other dimensions agree.  Along a sweep, sorted by the dimension, a cliff is a step
 * from one size to the next where the achieved TFLOP/s (FLOP / median
 * time) drops by more than the threshold T: tflops_to < tflops_from ·
 * (1 - T).  Each cliff says what crossed between the two sizes, as far as
 * the inputs tell: the tile count (a new row or column of macro tiles, or
 * another K step: efficiency.md §2), the wave count (one more round of
 * workgroups over the CUs: §3), the kernel (its name changed).
 */
#ifndef GS_CLIFF_H
#define GS_CLIFF_H

#include <stddef.h>

#include "analysis/single.h"
#include "util/error.h"

enum { GS_CLIFF_MIN_POINTS = 6 };

/* What crossed between the two sizes of a cliff (bits). */
enum {
	GS_CROSS_TILE = 1, /* num_tiles (M, N) or ceil(K / tile_k) grew */
	GS_CROSS_WAVE = 2, /* rounds (waves) grew */
	GS_CROSS_KERNEL = 4 /* the kernel names differ */
};

/* One sweep: rows of a gs_single that differ only in DIM, by DIM. */
typedef struct gs_sweep {
	char dim; /* 'M', 'N' or 'K' */
	size_t *rows; /* indices into the gs_single's rows; points into
	                 gs_cliffs.order, not owned */
	size_t n;
} gs_sweep;

typedef struct gs_cliff {
	size_t sweep; /* index into gs_cliffs.sweeps */
	size_t from, to; /* row indices: consecutive sizes of the sweep */
	double tflops_from, tflops_to;
	double drop; /* 1 - tflops_to / tflops_from, > T */
	unsigned crossed; /* GS_CROSS_* bits; 0: nothing the inputs tell */
	int known; /* GS_CROSS_* bits that could be decided (tile and wave
	              need both sides' tiles and a GPU; kernel both names) */
} gs_cliff;

typedef struct gs_cliffs {
	size_t *order; /* owned: the rows of every sweep, back to back */
	gs_sweep *sweeps; /* owned */
	size_t nsweeps;
	gs_cliff *cliffs; /* owned: those whose crossing the inputs tell
	                     first, then by drop descending (ties: sweep,
	                     size), as the report lists them */
	size_t ncliffs;
} gs_cliffs;

/* gs_cliffs_find: every sweep of S's rows (those with M/N/K and a time)
 * and its cliffs at threshold T (a fraction: 0.05).  Returns 0, or -1
 * with ERR on out of memory.  Free OUT with gs_cliffs_free() in either
 * case. */
int gs_cliffs_find(const gs_single *s, double t, gs_cliffs *out, gs_error *err);

/* gs_cliffs_free: release what C owns; C is left empty. */
void gs_cliffs_free(gs_cliffs *c);

/* gs_cliff_crossed_text: the crossed bits of CL as words, "tile and wave
 * boundary; kernel changed", "kernel changed", or "nothing the inputs
 * tell" (with "tiles unknown" when tile and wave could not be decided),
 * into BUF (SIZE bytes, truncated).  Returns BUF. */
char *gs_cliff_crossed_text(const gs_cliff *cl, char *buf, size_t size);

/* The tile and wave boundaries along a sweep (efficiency.md §2, §3), when
 * every row of the sweep runs the same tile in the same orientation on
 * the same slots.  Along M or N a size past k·TILE needs another row or
 * column of macro tiles; the wave count ceil(k·OTHER / SLOTS) grows with
 * k where k·OTHER crosses a multiple of SLOTS.  Along K, TILE is tile_k
 * and there are no wave boundaries (K does not change the tile count). */
typedef struct gs_sweep_grid {
	long tile; /* macro tile size along the swept dimension (elements); 0:
	              unknown or not the same on every row */
	long other; /* tiles of the other output dimension times batch (M, N
	               sweeps), 0 for K or unknown */
	long slots; /* CUs/SMs times workgroups per CU, 0 unknown */
	const char *why; /* NULL when TILE and SLOTS are known, else a static
	                    phrase for a caption: "tile unknown", "tile varies
	                    along the sweep", "GPU unknown", "waves not modelled
	                    for this kernel" */
} gs_sweep_grid;

/* gs_sweep_grid_of: the grid of sweep W of S into *G (from the rows'
 * efficiency: tile, orientation, tile count, slots).  Never fails: what
 * cannot be known is 0, with G->why saying what is missing. */
void gs_sweep_grid_of(const gs_single *s, const gs_sweep *w, gs_sweep_grid *g);

/* gs_sweep_bounds: the boundaries of G in sizes [LO, HI) (LO >= 1): the
 * tile boundaries (WAVES 0: every multiple of G->tile) or the wave
 * boundaries (WAVES 1: the multiples k·tile after which the wave count
 * grows), ascending, the first CAP of them into OUT (may be NULL when
 * CAP is 0).  Returns how many there are in all (0 when G lacks the tile,
 * or the slots for waves); cost O(CAP), whatever the range. */
size_t gs_sweep_bounds(const gs_sweep_grid *g, long lo, long hi, int waves, long *out, size_t cap);

/* gs_sweep_match: the index of the sweep of B (its sweeps in CB) with
 * the same dimension and key fields (op, batch, the other two
 * dimensions, dtype, transposes, bias) as sweep W of A, and the same tag
 * where both inputs tag them, or -1. */
long gs_sweep_match(const gs_single *a, const gs_sweep *w, const gs_single *b, const gs_cliffs *cb);

/* gs_sweep_pos: the position in W (a sweep of S) of S's row ROW (<
 * S->n), or -1 when ROW is not in W; O(log W->n). */
long gs_sweep_pos(const gs_single *s, const gs_sweep *w, size_t row);

#endif
