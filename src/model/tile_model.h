/* tile_model.h: the analytical tile-selection model of IREE's
 * roofline-based MMA seed selection (reference/seeds/
 * iree-roofline-seed-selection.md; efficiency.md §7): 30 seed candidates
 * per MMA intrinsic scored by a 6-step roofline cost, the lowest cost
 * wins.  With the correct bandwidth (5.3 TB/s on MI300X, not the
 * document's 662.5 GB/s).  Pure computation.
 *
 * Beside the seed's model, a wave-aware correction (issue 12) scores the
 * same candidates.  The seed charges every workgroup its own A and B
 * panels from DRAM at 1/CUs of the bandwidth, as if no two workgroups
 * shared data; so the per-iteration memory term grows with wgTileM +
 * wgTileN per FLOP and the model prefers the largest tiles even when they
 * leave CUs idle (10240x2048x2048 bf16 on MI300X: 512x256, 160 workgroups
 * on 304 CUs, dim_eff 0.53, where hipBLASLt's 256x64 reaches 0.84).  The
 * seed's own section on under-occupied problems says why this is wrong:
 * with the last-level cache, DRAM traffic is nearly independent of the
 * tile.  The correction costs a wave of workgroups as a whole: the
 * workgroups running together read each A and B panel once (through the
 * cache), and a wave's K iteration takes max(its unique panel bytes /
 * bandwidth, one tile's FLOP / the per-CU peak).
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

/* The wave-aware correction's pick, compact (a report holds one per
 * shape). */
typedef struct gs_tile_wave {
	int wg_m, wg_n, wg_k; /* workgroup tile (elements); 0: no pick */
	long num_wgs; /* workgroups: ceil(M/wg_m)·ceil(N/wg_n)·batch·split_k */
	long timesteps; /* waves: ceil(num_wgs / CUs) */
	double work_util; /* M·N / (M_pad·N_pad) */
	double dim_eff; /* work_util · num_wgs / (timesteps·CUs) */
	double cost_us; /* gs_tile_model_wave_cost's cost */
} gs_tile_wave;

typedef struct gs_tile_pick {
	gs_tile_cost best; /* the lowest-cost candidate: the seed's model */
	gs_tile_wave wave; /* the lowest-cost candidate under the wave-aware
	                      correction (same candidates, same filter) */
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
 * the first enumerated.  OUT->wave is the candidate the wave-aware
 * correction (gs_tile_model_wave_cost) scores lowest, ties as above.  Hardware inputs: G's vendor peak for the dtype,
 * G's DRAM bandwidth, its CU count (CUS > 0 overrides) and per-workgroup
 * LDS.  SPLIT_K is the compiler's reduction split (1 if unknown).
 * Limit: every candidate's workgroup count (step 3) must not exceed
 * GS_COUNT_MAX = 2^53 (util/checked.h).
 * Returns 0, or -1 with ERR when G has no peak for the dtype, no MMA
 * intrinsic is known for G's arch and the dtype, every candidate
 * exceeds shared memory, or a workgroup count exceeds the limit. */
int gs_tile_model_pick(const gs_shape *s, const gs_gpu *g, int cus, int split_k, gs_tile_pick *out,
                       gs_error *err);

/* gs_tile_model_wave_cost: the wave-aware correction's cost of the tile
 * WG_M x WG_N x WG_K (WG_K 0 as for gs_tile_model_cost), with the same
 * hardware inputs and limits.  The workgroups are dispatched in waves of
 * CUs (the last one partial), in grid order with the M tiles fastest (the
 * x dimension of Tensile, hipBLASLt and CUTLASS 2.x grids).  A wave of A
 * workgroups within one batch reads min(A, tiles_m) A panels and, on
 * average over where the wave starts, (A - 1) / tiles_m + 1 B panels
 * (Hermite's identity: the mean rows a run of A cells spans on a
 * tiles_m-wide grid); a wave over several batch matrices reads every panel
 * of the matrices it covers.  Per K iteration the wave takes
 * max((A panels · wg_m + B panels · wg_n) · wg_k · elem_bytes / bandwidth,
 * 2·wg_m·wg_n·wg_k / (peak / CUs)); the cost is k_iters times the sum over
 * the waves, divided by work_util as the seed's step 6 does.  Fills OUT:
 * num_wgs, timesteps, work_util, k_iters, dim_eff and smem as
 * gs_tile_model_cost; mem_us the memory time of one K iteration of a full
 * wave (of the only wave when there is one), comp_us one tile's compute
 * time per K iteration, iter_us their max, memory_bound, cost_us the
 * corrected cost.  Returns 0, or -1 with ERR as gs_tile_model_cost. */
int gs_tile_model_wave_cost(const gs_shape *s, const gs_gpu *g, int cus, int split_k, int wg_m,
                            int wg_n, int wg_k, gs_tile_cost *out, gs_error *err);

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
