/* tile_model.h: the analytical tile-selection model of IREE's
 * roofline-based MMA seed selection (reference/seeds/
 * iree-roofline-seed-selection.md; efficiency.md §7): 30 seed candidates
 * per MMA intrinsic scored by a 6-step roofline cost, the lowest cost
 * wins.  With the correct bandwidth (5.3 TB/s on MI300X, not the
 * document's 662.5 GB/s).  Pure computation.
 */
#ifndef GS_TILE_MODEL_H
#define GS_TILE_MODEL_H

#include "model/gpu.h"
#include "model/shape.h"
#include "util/error.h"

/* One scored tile: a candidate of the model, or a kernel's actual tile. */
typedef struct gs_tile_cost {
	int wg_m, wg_n, wg_k; /* workgroup tile (elements) */
	int subgroups; /* seed subgroupCount (0 for an actual tile) */
	int mn_tiles, k_tiles; /* seeds mnTileCount, kTileCount (0 for actual) */
	int intr_m, intr_n, intr_k; /* MMA intrinsic (0 for an actual tile) */
	long smem_bytes; /* (wg_m + wg_n)·wg_k·elem_bytes; -1 beyond a long */
	int smem_ok; /* step 2: smem_bytes <= GPU's per-workgroup limit */
	long num_wgs; /* step 3: ceil(M/wg_m)·ceil(N/wg_n)·batch·split_k */
	long timesteps; /* step 3: ceil(num_wgs / CUs) */
	double work_util; /* step 4: M·N / (M_pad·N_pad) */
	long k_iters; /* step 6: ceil(K / split_k / wg_k) */
	double mem_us, comp_us; /* step 5: one K iteration of one workgroup, µs */
	double iter_us; /* step 5: max(mem_us, comp_us) */
	double cost_us; /* step 6: iter_us · k_iters · timesteps / work_util */
	double dim_eff; /* predicted: work_util · num_wgs / (timesteps·CUs) */
	int memory_bound; /* 1 if mem_us > comp_us */
} gs_tile_cost;

typedef struct gs_tile_pick {
	gs_tile_cost best; /* the lowest-cost candidate */
	int ncandidates; /* scored (30 per intrinsic) */
	int nrejected; /* rejected by the shared-memory filter */
	int nintrinsics;
	int split_k; /* split factor the model used (1) */
} gs_tile_pick;

/* gs_tile_model_pick: the tile the model picks for shape S (BLAS dims M, N
 * as given, K, batch; dtype canonical) on GPU G: for each MMA intrinsic of
 * G's arch and S's dtype, the 30 seeds subgroupCount {2,4,8} x mnTileCount
 * {2,4,8,16,32} x kTileCount {2,4} are turned into a workgroup tile by the
 * sqrt split of getOptimalMMASchedule (M takes 2^ceil(log2(sg)/2)
 * subgroups, N takes 2^floor(log2(mn)/2) tiles), filtered by shared memory
 * and scored by gs_tile_model_cost.  Ties go to the larger tile area, then
 * the first enumerated.  Hardware inputs: G's vendor peak for the dtype,
 * G's DRAM bandwidth, its CU count (CUS > 0 overrides) and per-workgroup
 * LDS.  SPLIT_K is the compiler's reduction split (1 if unknown).
 * Limit: every candidate's workgroup count (step 3) must not exceed
 * GS_COUNT_MAX = 2^53 (util/checked.h).
 * Returns 0, or -1 with ERR when G has no peak for the dtype, no MMA
 * intrinsic is known for G's arch and the dtype, every candidate
 * exceeds shared memory, or a workgroup count exceeds the limit. */
int gs_tile_model_pick(const gs_shape *s, const gs_gpu *g, int cus, int split_k, gs_tile_pick *out,
                       gs_error *err);

/* gs_tile_model_cost: steps 2–6 of the model for the tile WG_M x WG_N x
 * WG_K (WG_K 0: unknown, the whole K is costed as one iteration, which
 * only removes K rounding).  Fills OUT (intrinsic and seed fields 0).
 * Returns 0, or -1 with ERR as gs_tile_model_pick (dimensions or tile
 * < 1, no hardware figures, workgroup count above 2^53). */
int gs_tile_model_cost(const gs_shape *s, const gs_gpu *g, int cus, int split_k, int wg_m, int wg_n,
                       int wg_k, gs_tile_cost *out, gs_error *err);

/* What the model leaves out, for the report's methodology section. */
extern const char GS_TILE_MODEL_LIMITS[];

#endif
