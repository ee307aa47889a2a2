/* measure.h: how gemmscope-bench times one GEMM.
 *
 * Methodology (reference/formats.md §4, after hipblaslt-bench, nvbench
 * and the CUTLASS profiler):
 * 1. Operands are random, never zero, from a fixed seed (check.h).
 * 2. Operands are rotated across `copies` sets of A, B, C (and bias) so
 *    that consecutive launches never find their inputs in a cache:
 *    copies = ceil(footprint / bytes_per_problem), at least 1 and at most
 *    GS_BENCH_MAX_COPIES, with footprint = `--rotating` MiB, by default 2×
 *    the device's largest cache (L2 or MALL/Infinity Cache: a footprint
 *    inside the 256 MB Infinity Cache of an MI300X would time warm
 *    operands), GS_BENCH_DEFAULT_MIB when no cache size is known
 *    (gs_bench_cache_mib).  Each operand's sets
 *    lie in one allocation (stride rounded up to 256 bytes); launch i uses
 *    set i mod copies.  hipblaslt-bench's --rotating also caps copies at
 *    the number of launches; that cap is dropped here: sets that no
 *    launch touches still evict the ones that do.
 * 3. One launch on the last set is checked against the CPU reference (check.h)
 *    before anything is timed; a wrong result fails the shape.
 * 4. A warm-up of at least `warmup` launches and `warmup_ms` ms (the
 *    warm-up time of hipBLASLt's adaptive benchmark mode, 50 ms by
 *    default: long enough for the clocks to leave idle, which ten
 *    launches of a small GEMM are not), then `iters` samples, each timed with device
 *    events around `launches` back-to-back launches; a sample is the
 *    elapsed time divided by `launches`, in µs.  Before each sample,
 *    outside the events: with flush, a memset of gs_bench_flush_bytes()
 *    (by default 2× the largest cache, as the rotation; nvbench's L2
 *    flush); with flush_icache (the default), the instruction caches
 *    invalidated where the backend can (AMD: hipBLASLt's offline tuning
 *    does so between calls), so that every sample starts, as a GEMM in a
 *    model does after other kernels, with its code to fetch.
 */
#ifndef GS_MEASURE_H
#define GS_MEASURE_H

#include <stddef.h>
#include <stdint.h>

#include "runner/clocks.h"
#include "runner/devapi.h"
#include "util/error.h"

typedef struct gs_bench_cfg {
	int kind; /* gs_dev_kind */
	int tile_m, tile_n, tile_k, thr_m, thr_n; /* GS_DEV_TILED */
	int warmup; /* launches before timing, >= 0 */
	double warmup_ms; /* and at least this long (host clock), ms >= 0 */
	int iters; /* samples, >= 1 */
	int launches; /* launches per sample, >= 1 */
	double rotating_mib; /* rotation footprint, MiB; 0: one operand set;
	                        < 0: 2× cache_mib (512 MiB if that is 0) */
	double cache_mib; /* the device's largest cache (L2 or last-level:
	                     MALL, Infinity Cache), MiB; 0 if unknown */
	int flush; /* 1: flush the data caches before each sample */
	int flush_icache; /* 1: invalidate the instruction caches before each
	                     sample where the backend can (devapi.h) */
	double flush_mib; /* 0: 2× cache_mib */
	uint64_t seed;
	long check_samples; /* outputs checked for big problems */
	gs_clocks *clocks; /* read after every sample, outside the events;
	                      borrowed, NULL: not sampled */
	double throttle_pct; /* a sample below this % of the peak shader clock
	                        was throttled (clocks.h); 0: not judged */
} gs_bench_cfg;

/* gs_bench_cfg_default: warmup 10 launches and 50 ms, iters 20, launches 1, rotating from
 * the cache (-1), cache unknown (0), no flush, seed 1, 1024 checked
 * outputs, vendor backend, tile 128x128x32 (8×8 per thread), throttle
 * threshold GS_CLOCKS_THROTTLE_PCT, instruction caches flushed. */
void gs_bench_cfg_default(gs_bench_cfg *cfg);

/* The outcome of one shape. */
typedef struct gs_bench_meas {
	double *samples; /* iters values, µs per launch; owned */
	gs_clock_sample *clk; /* the clocks after each sample (cfg->clocks),
	                         nsamples entries, owned; NULL if not sampled */
	size_t nsamples;
	char kernel[256]; /* "" if the backend does not tell */
	long copies; /* operand sets rotated */
	long warmup_launches; /* launches of the warm-up */
	double footprint_mib; /* copies × bytes of one set (A, B, C, bias), MiB */
	double flush_mib; /* bytes flushed before each sample, MiB; 0: none */
	int icache_flushed; /* 1: the instruction caches were invalidated
	                       before each sample */
	double max_err, bound; /* check: largest normalised error, its bound */
	long checked; /* outputs compared */
	int full_check; /* 1: every output was compared */
} gs_bench_meas;

/* GS_BENCH_DEFAULT_MIB: the rotation footprint and the flush, in MiB,
 * when the device's caches are unknown: hipBLASLt's tuning utility rotates
 * over 512 MB ("larger than the cache size of the GPU"), 2x the largest
 * cache any GPU of the built-in table has (MI300X/MI355X: 256 MiB). */
enum { GS_BENCH_MAX_COPIES = 1 << 16, GS_BENCH_DEFAULT_MIB = 512 };

/* gs_bench_cache_mib: the largest cache of the device INFO describes, the
 * figure the rotation and the flush must exceed, in MiB: on a GPU
 * (PLATFORM "hip" or "cuda") the built-in table's L2 or last-level cache
 * (Infinity Cache / MALL: HIP's l2CacheSize counts neither beyond the L2)
 * of the variant the runtime's name, memory, CU count and peak clock
 * select (gs_gpu_find_variant, gs_gpu_largest_cache_mib); else, and on
 * the CPU, the cache the runtime reports (INFO->l2_bytes: CUDA's and
 * HIP's l2CacheSize, the CPU's L3); else 0 (unknown).  WHY (WHY_SIZE
 * bytes, may be NULL) receives where the figure came from: "the GPU
 * table's MI300X: L2 32 MiB, last-level 256 MiB", "the runtime's L2",
 * "the runtime's L3" (CPU), "unknown".  Pure. */
double gs_bench_cache_mib(const gs_dev_info *info, const char *platform, char *why,
                          size_t why_size);

/* gs_bench_rotating_mib: CFG's rotation footprint in MiB (step 2 above):
 * rotating_mib when >= 0, else 2 × cache_mib, else GS_BENCH_DEFAULT_MIB. */
double gs_bench_rotating_mib(const gs_bench_cfg *cfg);

/* gs_bench_flush_bytes: the bytes --flush writes before each sample:
 * flush_mib when > 0, else 2 × cache_mib (the rotation's figure), else
 * GS_BENCH_DEFAULT_MIB MiB; 0 without flush. */
size_t gs_bench_flush_bytes(const gs_bench_cfg *cfg);

/* gs_bench_copies: the rotating set count of step 2 above for a problem
 * of BYTES (> 0) bytes (A + B + C + bias): ceil(footprint / BYTES) within
 * [1, GS_BENCH_MAX_COPIES]; 1 when the footprint is 0. */
long gs_bench_copies(const gs_bench_cfg *cfg, double bytes);

/* gs_bench_gemm_bytes: bytes of A, B, C and bias of G, the memory one
 * operand set takes. */
double gs_bench_gemm_bytes(const gs_dev_gemm *g);

/* gs_bench_measure: run G on API (initialised; INFO is what init
 * returned) as CFG says.  On success returns 0 and OUT owns the samples;
 * on failure (out of memory, a runtime or library error, a result
 * outside the check bound) returns -1 with ERR saying what, OUT empty. */
int gs_bench_measure(const gs_dev_api *api, const gs_dev_info *info, const gs_bench_cfg *cfg,
                     const gs_dev_gemm *g, gs_bench_meas *out, gs_error *err);

/* gs_bench_meas_free: release M's samples; safe on a zeroed M. */
void gs_bench_meas_free(gs_bench_meas *m);

#endif
