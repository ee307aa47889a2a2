/* occupancy.h: resident waves (warps) per CU (SM) of a kernel and the
 * resource that limits them, from the registers, LDS / shared memory and
 * workgroup size an input reports.  Rules: reference/efficiency.md §9
 * (LLVM AMDGPUBaseInfo.cpp for CDNA and RDNA3/3.5; cuda_occupancy.h for
 * NVIDIA).  Pure computation.
 */
#ifndef GS_OCCUPANCY_H
#define GS_OCCUPANCY_H

#include <stddef.h>

#include "model/shape.h"
#include "util/error.h"

/* What the input gives about one kernel; 0 means "not given" (that
 * resource then does not limit). */
typedef struct gs_occ_in {
	int wg_size; /* threads per workgroup / block; 0: one wave */
	int vgpr, agpr; /* AMD per-wave arch VGPRs and AccVGPRs (AGPRs) */
	int sgpr; /* AMD SGPRs per wave (limit only on gfx9) */
	int regs_per_thread; /* NVIDIA registers per thread (<= 255) */
	long lds_bytes; /* LDS / shared memory per workgroup (static + dynamic), bytes */
	int wave_size; /* 0: the arch's default (64 CDNA, 32 RDNA and NVIDIA) */
} gs_occ_in;

/* Resources, as bits of gs_occ.limiters and indices of limit_wgs.  On
 * NVIDIA REGS, LDS, WG_SLOTS and WAVE_SLOTS are registers, shared memory,
 * the blocks-per-SM limit and the warps-per-SM limit. */
enum { GS_OCC_REGS, GS_OCC_SGPR, GS_OCC_LDS, GS_OCC_WG_SLOTS, GS_OCC_WAVE_SLOTS, GS_OCC_NRES };

typedef struct gs_occ {
	int nvidia; /* 1 for NVIDIA rules (waves are warps, CUs are SMs) */
	int simds; /* SIMDs per CU (NVIDIA: 4 sub-partitions) */
	int wave_size;
	int waves_per_wg; /* ceil(wg_size / wave_size) */
	int waves_per_simd_regs; /* register-limited waves per SIMD (AMD), 0 if not given */
	int limit_wgs[GS_OCC_NRES]; /* workgroups per CU each resource allows; -1 = no limit */
	int wgs_per_cu; /* the minimum: resident workgroups (blocks) per CU (SM) */
	int waves_per_cu; /* wgs_per_cu · waves_per_wg */
	int max_waves_per_cu; /* SIMDs · max waves per SIMD (NVIDIA: max warps per SM) */
	double waves_per_simd; /* waves_per_cu / simds */
	double occupancy; /* waves_per_cu / max_waves_per_cu, in [0, 1] */
	unsigned limiters; /* bit (1 << GS_OCC_*) for every resource at the minimum */
} gs_occ;

/* gs_occupancy: the theoretical occupancy of a kernel with IN on ARCH
 * (gfx908, gfx90a, gfx942, gfx950, gfx1100, gfx1101, gfx1102, gfx1103,
 * gfx1150, gfx1151, gfx1152, sm_80, sm_86, sm_89, sm_90, sm_100; feature
 * suffixes such as ":sramecc+" or "a" are ignored).
 * CDNA: VGPRs unified with AGPRs (gfx90a+; gfx908 has separate 256-entry
 * files and 10 waves), granule 8, 512 per lane, 8 waves per SIMD; SGPR
 * steps 80/88/100; LDS 64 KiB (160 KiB gfx950) per CU, granule 512 B;
 * 16 workgroups per CU when a workgroup has more than one wave.
 * RDNA3/3.5: 2 SIMDs, 16 waves per SIMD, VGPR budget 1536/granule 24
 * (wave32; 768/12 wave64) on gfx1100/1101/1151, 1024/16 (512/8) on the
 * others, the aligned count capped at the 256 VGPRs a wave can address;
 * LDS 64 KiB per CU (CU mode; WGP mode is not modelled).
 * NVIDIA: warps_per_block = ceil(threads/32); registers allocated per warp
 * in units of 256 over 4 sub-partitions of 16384; shared memory + 1 KiB
 * reserved, rounded to 128 B, against the largest carveout; the warps-
 * and blocks-per-SM limits.
 * Returns 0; -1 with ERR for a negative count in IN, an unknown arch or a
 * kernel that cannot run
 * (more LDS / shared memory or registers than one workgroup may have). */
int gs_occupancy(const char *arch, const gs_occ_in *in, gs_occ *out, gs_error *err);

/* gs_occ_in_from_launch: the occupancy inputs of an input's launch data
 * (table.h gs_launch) into OUT.  Returns 1 if L gives any register or LDS
 * figure (occupancy is then worth computing), else 0. */
int gs_occ_in_from_launch(const gs_launch *l, gs_occ_in *out);

/* gs_occ_limiter_names: the limiting resources of O joined by "+", e.g.
 * "LDS", "VGPR+LDS", "registers+shared memory", into BUF of SIZE bytes.
 * Returns BUF. */
char *gs_occ_limiter_names(const gs_occ *o, char *buf, size_t size);

#endif
