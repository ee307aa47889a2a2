/* occupancy.c: theoretical occupancy on AMD CDNA, RDNA3/3.5 and NVIDIA.
 * Rules and constants: reference/efficiency.md §9 (LLVM
 * AMDGPUBaseInfo.cpp; CUDA cuda_occupancy.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/occupancy.h"

typedef enum { AGPR_NONE, AGPR_UNIFIED, AGPR_SEPARATE } agpr_mode;

typedef struct amd_rule {
	const char *arch;
	int rdna;
	int simds, max_waves, wave;
	int budget32, gran32, budget64, gran64; /* VGPRs per lane per SIMD */
	agpr_mode agpr;
	int sgpr_limited;
	long lds_cu;
	int wg_slots; /* for multi-wave workgroups, 0 = none */
} amd_rule;

static const amd_rule amd_rules[] = {
        {"gfx908", 0, 4, 10, 64, 0, 0, 256, 4, AGPR_SEPARATE, 1, 65536, 16},
        {"gfx90a", 0, 4, 8, 64, 0, 0, 512, 8, AGPR_UNIFIED, 1, 65536, 16},
        {"gfx942", 0, 4, 8, 64, 0, 0, 512, 8, AGPR_UNIFIED, 1, 65536, 16},
        {"gfx950", 0, 4, 8, 64, 0, 0, 512, 8, AGPR_UNIFIED, 1, 163840, 16},
        {"gfx1100", 1, 2, 16, 32, 1536, 24, 768, 12, AGPR_NONE, 0, 65536, 0},
        {"gfx1101", 1, 2, 16, 32, 1536, 24, 768, 12, AGPR_NONE, 0, 65536, 0},
        {"gfx1151", 1, 2, 16, 32, 1536, 24, 768, 12, AGPR_NONE, 0, 65536, 0},
        {"gfx1102", 1, 2, 16, 32, 1024, 16, 512, 8, AGPR_NONE, 0, 65536, 0},
        {"gfx1103", 1, 2, 16, 32, 1024, 16, 512, 8, AGPR_NONE, 0, 65536, 0},
        {"gfx1150", 1, 2, 16, 32, 1024, 16, 512, 8, AGPR_NONE, 0, 65536, 0},
        {"gfx1152", 1, 2, 16, 32, 1024, 16, 512, 8, AGPR_NONE, 0, 65536, 0},
};

enum { LDS_GRANULE = 512, MAX_CARVEOUTS = 10 };

typedef struct nv_rule {
	int cc; /* 80, 86, 89, 90, 100 */
	int max_warps, max_blocks;
	int carveout_kib[MAX_CARVEOUTS]; /* ascending, 0-terminated after the first */
	long optin; /* sharedMemPerBlockOptin, bytes */
} nv_rule;

static const nv_rule nv_rules[] = {
        {80, 64, 32, {0, 8, 16, 32, 64, 100, 132, 164}, 163 * 1024},
        {86, 48, 16, {0, 8, 16, 32, 64, 100}, 99 * 1024},
        {89, 48, 24, {0, 8, 16, 32, 64, 100}, 99 * 1024},
        {90, 64, 32, {0, 8, 16, 32, 64, 100, 132, 164, 196, 228}, 227 * 1024},
        {100, 64, 32, {0, 8, 16, 32, 64, 100, 132, 164, 196, 228}, 227 * 1024},
};

static long
align_up(long v, long g)
{
	return (v + g - 1) / g * g;
}

static int
min_int(int a, int b)
{
	return a < b ? a : b;
}

/* ---- resolution of the arch ------------------------------------------------ */

static const amd_rule *
find_amd(const char *arch)
{
	for (size_t i = 0; i < sizeof amd_rules / sizeof amd_rules[0]; i++) {
		size_t n = strlen(amd_rules[i].arch);
		if (strncmp(arch, amd_rules[i].arch, n) == 0 && (arch[n] == '\0' || arch[n] == ':'))
			return &amd_rules[i];
	}
	return NULL;
}

static const nv_rule *
find_nv(const char *arch)
{
	int cc;

	if (strncmp(arch, "sm_", 3) == 0)
		arch += 3;
	else if (strncmp(arch, "sm", 2) == 0)
		arch += 2;
	else
		return NULL;
	cc = atoi(arch);
	if (cc == 87)
		cc = 86;
	if (cc == 103)
		cc = 100;
	for (size_t i = 0; i < sizeof nv_rules / sizeof nv_rules[0]; i++)
		if (nv_rules[i].cc == cc)
			return &nv_rules[i];
	return NULL;
}

/* ---- common ---------------------------------------------------------------- */

/* ceil(THREADS / WAVE) for THREADS >= 0, WAVE > 0, without the overflow
 * of THREADS + WAVE - 1 near INT_MAX. */
static int
waves_of(int threads, int wave)
{
	return threads / wave + (threads % wave != 0);
}

/* Every count of IN >= 0 (0 means "not given"), or -1 with ERR. */
static int
check_in(const gs_occ_in *in, gs_error *err)
{
	if (in->wg_size < 0 || in->vgpr < 0 || in->agpr < 0 || in->sgpr < 0 ||
	    in->regs_per_thread < 0 || in->lds_bytes < 0 || in->wave_size < 0)
		return gs_error_set(err, NULL, 0, 0,
		                    "occupancy inputs must be >= 0 (workgroup size %d, VGPR %d, "
		                    "AGPR %d, SGPR %d, registers %d, LDS %ld, wave %d)",
		                    in->wg_size, in->vgpr, in->agpr, in->sgpr, in->regs_per_thread,
		                    in->lds_bytes, in->wave_size);
	return 0;
}

static void
finish(gs_occ *o)
{
	int best = -1;

	for (int r = 0; r < GS_OCC_NRES; r++)
		if (o->limit_wgs[r] >= 0 && (best < 0 || o->limit_wgs[r] < best))
			best = o->limit_wgs[r];
	o->wgs_per_cu = best;
	for (int r = 0; r < GS_OCC_NRES; r++)
		if (o->limit_wgs[r] == best)
			o->limiters |= 1u << r;
	o->waves_per_cu = o->wgs_per_cu * o->waves_per_wg;
	o->waves_per_simd = (double)o->waves_per_cu / o->simds;
	o->occupancy = (double)o->waves_per_cu / o->max_waves_per_cu;
}

static void
occ_init(gs_occ *o)
{
	memset(o, 0, sizeof *o);
	for (int r = 0; r < GS_OCC_NRES; r++)
		o->limit_wgs[r] = -1;
}

/* ---- AMD ------------------------------------------------------------------- */

/* Register-limited waves per SIMD; 0 if no VGPR count is given. */
static int
amd_vgpr_waves(const amd_rule *a, const gs_occ_in *in, int wave)
{
	int budget = wave == 32 && a->budget32 ? a->budget32 : a->budget64;
	int gran = wave == 32 && a->gran32 ? a->gran32 : a->gran64;
	long used;

	if (in->vgpr <= 0 && in->agpr <= 0)
		return 0;
	if (a->agpr == AGPR_SEPARATE)
		used = align_up(in->vgpr > in->agpr ? in->vgpr : in->agpr, gran);
	else if (a->agpr == AGPR_UNIFIED && in->agpr > 0)
		used = align_up(align_up(in->vgpr, 4) + in->agpr, gran);
	else
		used = align_up(in->vgpr, gran);
	if (used <= 0)
		return 0; /* AGPRs only on an arch without them: no VGPR limit */
	if (a->rdna && used > 256)
		used = 256; /* a wave addresses at most 256 VGPRs */
	return min_int((int)(budget / used), a->max_waves);
}

static int
amd_sgpr_waves(const amd_rule *a, int sgpr)
{
	int w = sgpr <= 80 ? 10 : sgpr <= 88 ? 9 : sgpr <= 100 ? 8 : 7;

	return min_int(w, a->max_waves);
}

static int
amd_occupancy(const amd_rule *a, const gs_occ_in *in, gs_occ *o, gs_error *err)
{
	int wave = in->wave_size > 0 ? in->wave_size : a->wave;
	int threads = in->wg_size > 0 ? in->wg_size : wave;
	int wpw = waves_of(threads, wave), vw;

	o->simds = a->simds;
	o->wave_size = wave;
	o->waves_per_wg = wpw;
	o->max_waves_per_cu = a->simds * a->max_waves;
	if (wpw > o->max_waves_per_cu)
		return gs_error_set(err, NULL, 0, 0,
		                    "a %d-thread workgroup exceeds %s's %d waves per CU", threads,
		                    a->arch, o->max_waves_per_cu);
	if ((vw = amd_vgpr_waves(a, in, wave)) > 0) {
		o->waves_per_simd_regs = vw;
		o->limit_wgs[GS_OCC_REGS] = a->simds * vw / wpw;
	}
	if (a->sgpr_limited && in->sgpr > 0)
		o->limit_wgs[GS_OCC_SGPR] = a->simds * amd_sgpr_waves(a, in->sgpr) / wpw;
	if (in->lds_bytes > 0) {
		if (in->lds_bytes > a->lds_cu)
			return gs_error_set(err, NULL, 0, 0,
			                    "%ld bytes of LDS exceed %s's %ld per CU",
			                    in->lds_bytes, a->arch, a->lds_cu);
		o->limit_wgs[GS_OCC_LDS] = (int)(a->lds_cu / align_up(in->lds_bytes, LDS_GRANULE));
	}
	if (a->wg_slots > 0 && wpw > 1)
		o->limit_wgs[GS_OCC_WG_SLOTS] = a->wg_slots;
	o->limit_wgs[GS_OCC_WAVE_SLOTS] = o->max_waves_per_cu / wpw;
	finish(o);
	return 0;
}

/* ---- NVIDIA ---------------------------------------------------------------- */

static int
nv_smem_limit(const nv_rule *r, long lds, gs_error *err)
{
	long per_block, carve = 0;

	if (lds > r->optin)
		return gs_error_set(err, NULL, 0, 0,
		                    "%ld bytes of shared memory exceed sm_%d's %ld per block", lds,
		                    r->cc, r->optin);
	per_block = align_up(lds + 1024, 128); /* after the check: cannot overflow */
	for (int i = 0; i < MAX_CARVEOUTS; i++)
		if (r->carveout_kib[i] * 1024L > carve)
			carve = r->carveout_kib[i] * 1024L;
	return (int)(carve / per_block);
}

static int
nv_occupancy(const nv_rule *r, const gs_occ_in *in, gs_occ *o, gs_error *err)
{
	int threads = in->wg_size > 0 ? in->wg_size : 32;
	int wpb = waves_of(threads, 32), smem;

	o->nvidia = 1;
	o->simds = 4;
	o->wave_size = 32;
	o->waves_per_wg = wpb;
	o->max_waves_per_cu = r->max_warps;
	if (wpb > r->max_warps)
		return gs_error_set(err, NULL, 0, 0, "a %d-thread block exceeds sm_%d's %d warps",
		                    threads, r->cc, r->max_warps);
	if (in->regs_per_thread > 255)
		return gs_error_set(err, NULL, 0, 0, "%d registers per thread exceed 255",
		                    in->regs_per_thread);
	if (in->regs_per_thread > 0) {
		long per_warp = align_up(in->regs_per_thread * 32L, 256);
		o->waves_per_simd_regs = (int)(16384 / per_warp);
		o->limit_wgs[GS_OCC_REGS] = o->waves_per_simd_regs * 4 / wpb;
	}
	if (in->lds_bytes > 0) {
		if ((smem = nv_smem_limit(r, in->lds_bytes, err)) < 0)
			return -1;
		o->limit_wgs[GS_OCC_LDS] = smem;
	}
	o->limit_wgs[GS_OCC_WG_SLOTS] = r->max_blocks;
	o->limit_wgs[GS_OCC_WAVE_SLOTS] = r->max_warps / wpb;
	finish(o);
	return 0;
}

int
gs_occupancy(const char *arch, const gs_occ_in *in, gs_occ *out, gs_error *err)
{
	const amd_rule *a;
	const nv_rule *r;

	occ_init(out);
	if (!arch)
		arch = "";
	if (check_in(in, err))
		return -1;
	if ((a = find_amd(arch)))
		return amd_occupancy(a, in, out, err);
	if ((r = find_nv(arch)))
		return nv_occupancy(r, in, out, err);
	return gs_error_set(err, NULL, 0, 0, "no occupancy rules for arch \"%s\"", arch);
}

int
gs_occ_in_from_launch(const gs_launch *l, gs_occ_in *out)
{
	memset(out, 0, sizeof *out);
	out->wg_size = l->wg_size;
	out->vgpr = l->vgpr;
	out->agpr = l->agpr;
	out->sgpr = l->sgpr;
	out->regs_per_thread = l->regs_per_thread;
	out->lds_bytes = l->lds_bytes;
	return l->vgpr > 0 || l->agpr > 0 || l->sgpr > 0 || l->regs_per_thread > 0 ||
	       l->lds_bytes > 0;
}

char *
gs_occ_limiter_names(const gs_occ *o, char *buf, size_t size)
{
	static const char *const amd[] = {"VGPR", "SGPR", "LDS", "workgroup slots", "wave slots"};
	static const char *const nv[] = {"registers", "SGPR", "shared memory", "block slots",
	                                 "warp slots"};
	size_t len = 0;

	buf[0] = '\0';
	for (int r = 0; r < GS_OCC_NRES && len < size; r++) {
		if (!(o->limiters & (1u << r)))
			continue;
		len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? "+" : "",
		                        o->nvidia ? nv[r] : amd[r]);
	}
	return buf;
}
