/* single.h: one run's efficiency model (`gemmscope report INPUT`, and each
 * side of a compare's efficiency section).
 *
 * For every record of a finished table: the kernel name parsed
 * (model/kernel_name.h), the roofline and tile / wave quantisation
 * (model/efficiency.h, efficiency.md §1–6: tile_eff, wq_eff, dim_eff with
 * the BLAS M/N swap), the analytical tile model's pick on the BLAS shape
 * (model/tile_model.h, efficiency.md §7) and, when the input gives
 * registers or LDS, the occupancy and its limiter (model/occupancy.h, §9).
 * Without a GPU the roofline, waves, tile model and occupancy are unknown
 * (NAN / have_* 0) and tile_eff is still computed where the tile is known.
 * Times are µs (the record's median), FLOP and bytes as TraceLens counts
 * them (model/gemm.h).  No I/O.
 */
#ifndef GS_SINGLE_H
#define GS_SINGLE_H

#include <stddef.h>

#include "model/efficiency.h"
#include "model/gpu.h"
#include "model/kernel_name.h"
#include "model/occupancy.h"
#include "model/tile_model.h"
#include "table.h"
#include "util/error.h"

/* Where a row's macro tile came from. */
typedef enum gs_tile_source {
	GS_TILE_SRC_NONE, /* unknown: no tile column, no tile in the kernel name */
	GS_TILE_SRC_NAME, /* parsed from the kernel name */
	GS_TILE_SRC_COLUMN /* an input column (tile_m, tile_n) */
} gs_tile_source;

typedef struct gs_single_opts {
	gs_roof roof; /* roofline roof: vendor peak (default) or measured */
	size_t top; /* top time consumers to draw as tile grids, 4 */
	const char *gpu_from; /* static: how the GPU was chosen ("--gpu",
	                           "the input"), NULL when there is none */
	const char *gpu_why; /* borrowed: why the input's board (variant), or NULL */
	int by_time; /* 1: rank the rows by time (by_time), 1 by default; a
	                compare, which ranks pairs, sets 0 */
} gs_single_opts;

/* A row's macro tile and what it makes of the shape (gs_eff's fields of
 * the same names); all 0 when the tile is unknown. */
typedef struct gs_single_tile {
	long num_tiles, rounds; /* gs_eff.num_tiles, gs_eff.rounds */
	int tile_m, tile_n, tile_k; /* gs_eff's macro tile, 0 unknown */
} gs_single_tile;

/* What a row has only when its record tells a kernel name or registers
 * / LDS: each member meaningful only when the row's matching have_* flag
 * is 1. */
typedef struct gs_single_extra {
	gs_kernel_info kernel; /* parse of rec->kernel (have_kernel) */
	gs_tile_cost actual; /* the model's cost of the kernel's tile (have_actual) */
	gs_occ occ; /* occupancy and its limiter (have_occ) */
} gs_single_extra;

/* The parts of a row that only some records have: a known tile, a GPU
 * for the tile model, and the extra parts above.  pick is meaningful only
 * when have_pick is 1.  With --gpu every row of a benchmark CSV has a
 * pick and nothing else: 248 bytes a row instead of the 616 the extra
 * parts took when they were inline (a million-shape compare with a GPU
 * held 1.6 GB). */
typedef struct gs_single_detail {
	gs_single_tile tile; /* read with gs_single_tile_of() */
	gs_tile_pick pick; /* on the BLAS shape (gs_eff_blas_shape; have_pick) */
	gs_single_extra *x; /* owned by the gs_single; NULL unless have_kernel,
	                       have_actual or have_occ */
} gs_single_detail;

/* gs_single_row.math: the storage dtype, "tf32", "xf32". */
enum { GS_MATH_STORAGE, GS_MATH_TF32, GS_MATH_XF32 };

/* One record's efficiency, kept small (40 bytes): a million-shape compare
 * holds two million rows.  The figures every pass over all rows reads are here; the
 * whole gs_eff (roofline, waves, notes...) is computed again when a writer
 * needs it, by gs_single_eff (the model is pure, so it gives the numbers
 * gs_single_run found, bit for bit). */
typedef struct gs_single_row {
	const gs_record *rec; /* borrowed from the table */
	gs_single_detail *detail; /* owned by the gs_single; NULL when the
	                             tile is unknown and have_kernel,
	                             have_pick, have_actual and have_occ are
	                             all 0 (most records of a benchmark CSV
	                             without --gpu) */
	/* from gs_eff, when have_eff (else NAN); the tile and its counts:
	 * gs_single_tile_of(); the achieved TFLOP/s and the arithmetic
	 * intensity: gs_single_achieved_tflops(), gs_single_ai() */
	double dim_eff; /* gs_eff.dim_eff */
	double roofline_us; /* gs_eff.roofline_us */
	unsigned char math; /* the type the kernel computes in
	                       (gs_kernel_math_dtype): GS_MATH_STORAGE, or
	                       GS_MATH_TF32 / GS_MATH_XF32 for fp32 storage on
	                       matrix units; read gs_single_math_dtype() */
	signed char peak_class; /* gs_gpu_dtype_class of the math dtype, -1
	                           unknown (or no GPU) */
	unsigned char tile_source; /* gs_tile_source */
	unsigned char status; /* gs_eff.status */
	unsigned have_kernel : 1; /* rec->kernel was given */
	unsigned have_eff : 1; /* 0 when the record has no M/N/K (keyed by
	                          kernel name: rocprof per-kernel tables)
	                          unless its name gives a tile: the efficiency
	                          then holds only the tile (status
	                          GS_EFF_NO_DIMS) */
	unsigned have_pick : 1; /* the tile model picked a tile */
	unsigned have_actual : 1; /* the kernel's own tile was costed */
	unsigned have_occ : 1; /* registers / LDS were given and the GPU's
	                          arch is known to occupancy.h */
	unsigned compute_bound : 1; /* gs_eff.compute_bound */
	unsigned over_roof : 1; /* gs_eff.over_roof */
	unsigned swapped : 1; /* gs_eff.swapped */
} gs_single_row;

/* Totals over the rows. */
typedef struct gs_single_summary {
	size_t shapes; /* rows */
	size_t with_eff; /* rows with M/N/K */
	size_t with_tile; /* rows whose tile is known (kernel-keyed rows too) */
	size_t with_dim_eff; /* rows with a finite dim_eff */
	size_t compute_bound, memory_bound; /* rows with a roofline */
	double total_us; /* Σ total_us */
	double total_flop; /* Σ flop · count */
	double tflops; /* total_flop / total_us / 1e6: time-weighted TFLOP/s;
	                                 NAN when no row has M/N/K */
	double weighted_dim_eff; /* Σ total_us·dim_eff / Σ total_us over rows with
	                                 dim_eff; NAN if none */
	double weighted_pct_roofline; /* Σ roofline_us·count / total_us over rows with a
	                                 roofline, in %: the run's % of roofline; NAN */
	size_t math_differs; /* rows whose math dtype is not their storage dtype */
	size_t over_roof; /* rows faster than the roof of their math
	                                 (gs_eff.over_roof): each is a wrong figure or
	                                 math type, reported loudly, never a result */
} gs_single_summary;

typedef struct gs_single {
	const gs_table *table; /* borrowed */
	const gs_gpu *gpu; /* borrowed, NULL if no GPU is known */
	gs_single_opts opts;
	int cus; /* CUs / SMs used: the input's count (trace numSms)
	                                 unless the input names another GPU than GPU,
	                                 else GPU's; 0 when neither is known */
	int cus_from_input; /* 1 if cus is the input's */
	double roof_bw_tbs; /* the GPU's bandwidth roof under opts.roof,
	                                 TB/s (gs_gpu_roof_bw); NAN without a GPU */
	gs_single_row *rows; /* owned, in table order (rows[i].rec == &table->rec[i]) */
	size_t n;
	size_t *by_time; /* owned, n indices into rows by total_us
	                                 descending (ties: table order); NULL
	                                 when opts.by_time is 0 */
	gs_single_summary s;
} gs_single;

/* gs_single_opts_default: peak roof, top 4, no GPU source. */
void gs_single_opts_default(gs_single_opts *o);

/* gs_single_run: the efficiency of every record of T (finished, borrowed
 * for the life of OUT) on GPU (borrowed; NULL: none known) with options O
 * (NULL: defaults).  The CU count is T->gpu_cus when the input gives one
 * and does not name a different GPU (a --gpu override of another GPU uses
 * that GPU's count), else the GPU's.  Returns 0, or -1 with ERR on out of memory, a kernel
 * parser failure, or a record whose shape is beyond the models' limits
 * (gs_eff_compute's tile count above 2^53; a tile-model failure when
 * M·N·batch exceeds 2^53, the only case where a limit can be its cause):
 * ERR is then located at the record's input line (T->path:rec->line).  Free OUT with gs_single_free() in either case. */
int gs_single_run(const gs_table *t, const gs_gpu *gpu, const gs_single_opts *o, gs_single *out,
                  gs_error *err);

/* gs_single_free: release what S owns (not the table nor the GPU); S is
 * left empty. */
void gs_single_free(gs_single *s);

/* gs_single_records: the record-only efficiency of every record of T
 * (finished, or empty; borrowed for the life of OUT): the derived columns
 * of the native CSV schema as far as the record alone gives them, without
 * a GPU and without parsing kernel names (gs_eff_compute with no GPU: no
 * wq_eff, no roofline).  Only table, n and each row's rec, have_eff,
 * status, figures and tile (a detail where the tile is known) are
 * filled; by_time is NULL and the summary zero.  For tables that
 * have no report model of their own (gemmscope-bench results, confirmed
 * or historical regressions).  Returns 0, or -1 with ERR when out of
 * memory or a record's shape is beyond the efficiency model's limits
 * (located as in gs_single_run).  Free OUT with gs_single_free() in either case. */
int gs_single_records(const gs_table *t, gs_single *out, gs_error *err);

/* gs_single_eff: the whole efficiency of ROW (a row of S) computed into
 * *OUT, as gs_single_run computed it; returns OUT, or NULL when the row
 * has none (have_eff 0: OUT untouched).  About 0.2 µs: a writer that
 * needs more than the row's own figures calls it once per row. */
const gs_eff *gs_single_eff(const gs_single *s, const gs_single_row *row, gs_eff *out);

/* gs_single_total_us: the time spent in ROW's shape, µs: mean · count
 * (median · count when only a median is known; gs_record_call_us), the
 * figure the rows are ranked by. */
double gs_single_total_us(const gs_single_row *row);

/* gs_single_achieved_tflops, gs_single_ai: ROW's achieved TFLOP/s (FLOP
 * / median time) and arithmetic intensity (FLOP/byte), gs_eff's
 * achieved_tflops and cost.ai computed from its record (model/gemm.h);
 * NAN when the row has no efficiency or no M, N, K. */
double gs_single_achieved_tflops(const gs_single_row *row);
double gs_single_ai(const gs_single_row *row);

/* gs_single_tile_of: ROW's macro tile and its tile and wave counts, all
 * 0 when the tile is unknown.  Never NULL; lives as long as ROW.  Inline:
 * the cliffs and the writers ask it of every row. */
static inline const gs_single_tile *
gs_single_tile_of(const gs_single_row *row)
{
	static const gs_single_tile unknown;

	return row->detail ? &row->detail->tile : &unknown;
}

/* gs_single_kernel_of: the parse of ROW's kernel name (model/kernel_name.h),
 * or NULL when its record names no kernel (have_kernel 0).  Lives as long
 * as ROW. */
static inline const gs_kernel_info *
gs_single_kernel_of(const gs_single_row *row)
{
	return row && row->have_kernel && row->detail ? &row->detail->x->kernel : NULL;
}

/* gs_single_kernel_family: the family name of ROW's kernel
 * (gs_kfamily_name, static), or NULL when its record names no kernel. */
static inline const char *
gs_single_kernel_family(const gs_single_row *row)
{
	const gs_kernel_info *k = gs_single_kernel_of(row);

	return k ? gs_kfamily_name(k->family) : NULL;
}

/* gs_single_math_dtype: the dtype ROW's kernel computes in: its record's
 * storage dtype, or "tf32" / "xf32" (static). */
const char *gs_single_math_dtype(const gs_single_row *row);

/* gs_single_roof_tflops: the TFLOP/s roof of ROW's math dtype on S's GPU
 * under S's roof (gs_gpu_roof_tflops); NAN without a GPU. */
double gs_single_roof_tflops(const gs_single *s, const gs_single_row *row);

/* gs_single_row_of: the row of record R (a record of S->table), or NULL. */
const gs_single_row *gs_single_row_of(const gs_single *s, const gs_record *r);

/* gs_tile_source_name: "name", "column", "none". */
const char *gs_tile_source_name(gs_tile_source src);

#endif
