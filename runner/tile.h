/* tile.h: the macro tile of gemmscope-bench's tiled kernel.
 *
 * The tiled kernel (gemm_kernels.hip) computes one TM×TN block of C per
 * workgroup, stepping through K in TK-deep slices staged in LDS / shared
 * memory as f32, (TM + TN)·TK·4 bytes.  Each thread owns RM×RN outputs
 * (RM, RN <= 8), so a workgroup has (TM/RM)·(TN/RN) threads, at most
 * 1024.  The grid is ceil(M/TM)·ceil(N/TN)·batch workgroups, exactly the
 * tile count the efficiency model's tile_eff and wq_eff count.
 */
#ifndef GS_TILE_H
#define GS_TILE_H

#include "runner/devapi.h"
#include "util/error.h"

enum { GS_TILE_MAX = 256, GS_TILE_MAX_THREADS = 1024, GS_TILE_MAX_R = 8 };

/* gs_tile_parse: "TMxTNxTK" (or "TMxTN", TK then 32) into G's tile_m,
 * tile_n, tile_k, thr_m and thr_n.  TM and TN in 1..256, TK in 1..256.
 * Returns 0, or -1 with ERR (naming "--tile") for a malformed spec or a
 * tile no thread layout fits (TM or TN with no divisor <= 8 that leaves
 * at most 1024 threads, e.g. 211). */
int gs_tile_parse(const char *spec, gs_dev_gemm *g, gs_error *err);

/* gs_tile_threads: choose RM and RN for TM×TN: divisors of TM and TN, at
 * most 8, giving at most 1024 threads, with the thread count closest to
 * 256 (then the squarest RM×RN).  Returns the thread count, or -1. */
int gs_tile_threads(int tm, int tn, int *rm, int *rn);

/* gs_tile_lds_bytes: LDS / shared memory the tile needs, (TM+TN)·TK·4. */
long gs_tile_lds_bytes(const gs_dev_gemm *g);

#endif
