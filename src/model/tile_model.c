/* tile_model.c: IREE's roofline seed-selection model (efficiency.md §7;
 * reference/seeds/iree-roofline-seed-selection.md), written from the
 * document's description.  MMA intrinsic shapes per arch are the
 * matrix-core instructions of each ISA (v_mfma_*, WMMA, wmma.mma, DPAS).
 */
#include <math.h>
#include <string.h>

#include "model/tile_model.h"
#include "util/checked.h"

const char GS_TILE_MODEL_LIMITS[] =
        "The tile model is the roofline seed-selection model of IREE's GPU code "
        "generation (30 candidates per MMA intrinsic: subgroups {2,4,8} x M/N tiles "
        "per subgroup {2,4,8,16,32} x K tiles {2,4}; 6-step cost "
        "iterCost x kIters x numTimesteps / workUtil, where iterCost = max(memory, "
        "compute) of one K iteration of one workgroup with bandwidth and FLOP/s "
        "shared evenly across the CUs). It ranks tiles; its cost is not a time "
        "prediction. Its limits: it has no cache model (on MI300X the 256 MB "
        "Infinity Cache makes DRAM traffic nearly independent of the tile when the "
        "GPU is under-occupied, so the memory term is almost constant); no fixed "
        "prologue, epilogue, per-tile or launch costs, which is what penalises tiny "
        "tiles in AMD's Origami model; work utilisation over M and N only (no K "
        "padding); no register, LDS-occupancy or instruction-scheduling effects; "
        "the per-workgroup cost grows with wgTileM + wgTileN, so it favours the "
        "smallest tiles on under-occupied problems, and skinny shapes (M or N <= "
        "256) and small M x N (< 1M) are where IREE measured its regressions. "
        "gemmscope reproduces the document's steps, not IREE's code: the seed-to-tile "
        "split is the sqrt rule of getOptimalMMASchedule without its GCD fitting to "
        "the problem (a tile may overhang a small dimension and is then penalised "
        "by workUtil), the compiler's split-K factor is taken as 1, batch counts in "
        "the workgroups, and the memory bandwidth is the correct 5.3 TB/s for "
        "MI300X, not the document's 662.5 GB/s (a bits/bytes error that moves the "
        "ridge from about 247 to 1973 FLOP/B). MMA shapes are those of each ISA's "
        "matrix instructions (MFMA on CDNA, WMMA 16x16x16 on RDNA3 and, as IREE's "
        "NVIDIA targets, on NVIDIA; DPAS on Xe). Beside it, a wave-aware correction "
        "scores the same candidates: the workgroups of one wave (CUs of them, the last "
        "wave partial) read each A and B panel once through the cache, in grid order "
        "with the M tiles fastest, and a wave's K iteration takes the longer of its "
        "unique panel bytes over the DRAM bandwidth and one tile's FLOP at the per-CU "
        "peak. Where the seed's pick leaves CUs idle (its own under-occupied case: "
        "10240x2048x2048 bf16 on MI300X gets 512x256, 160 workgroups on 304 CUs, "
        "dim_eff 0.53, where hipBLASLt's 256x64 reaches 0.84) the correction picks a "
        "tile that fills the waves (128x64, dim_eff 0.94). It has no on-chip cost (LDS, "
        "registers, L2 to CU feed), so on problems that already fill the GPU it leans to "
        "smaller tiles than libraries use: read the two picks together.";

typedef struct intrinsic {
	int m, n, k;
} intrinsic;

enum { MAX_INTR = 2 };

typedef struct arch_intr {
	const char *arch; /* exact arch, or a prefix ending in '*' */
	int cls; /* gs_pk class */
	intrinsic list[MAX_INTR];
} arch_intr;

static const arch_intr intrinsics[] = {
        {"gfx942", GS_PK_F16, {{16, 16, 16}, {32, 32, 8}}},
        {"gfx942", GS_PK_BF16, {{16, 16, 16}, {32, 32, 8}}},
        {"gfx942", GS_PK_F8, {{16, 16, 32}, {32, 32, 16}}},
        {"gfx942", GS_PK_I8, {{16, 16, 32}, {32, 32, 16}}},
        {"gfx942", GS_PK_TF32, {{16, 16, 8}, {32, 32, 4}}},
        {"gfx942", GS_PK_F32, {{16, 16, 4}, {32, 32, 2}}},
        {"gfx942", GS_PK_F64, {{16, 16, 4}}},
        {"gfx950", GS_PK_F16, {{16, 16, 32}, {32, 32, 16}}},
        {"gfx950", GS_PK_BF16, {{16, 16, 32}, {32, 32, 16}}},
        {"gfx950", GS_PK_F8, {{16, 16, 128}, {32, 32, 64}}},
        {"gfx950", GS_PK_F4, {{16, 16, 128}, {32, 32, 64}}},
        {"gfx950", GS_PK_I8, {{16, 16, 64}, {32, 32, 32}}},
        {"gfx950", GS_PK_F32, {{16, 16, 4}, {32, 32, 2}}},
        {"gfx950", GS_PK_F64, {{16, 16, 4}}},
        {"gfx90a", GS_PK_F16, {{16, 16, 16}, {32, 32, 8}}},
        {"gfx90a", GS_PK_BF16, {{16, 16, 16}, {32, 32, 8}}},
        {"gfx90a", GS_PK_I8, {{16, 16, 16}, {32, 32, 8}}},
        {"gfx90a", GS_PK_F32, {{16, 16, 4}, {32, 32, 2}}},
        {"gfx90a", GS_PK_F64, {{16, 16, 4}}},
        {"gfx908", GS_PK_F16, {{16, 16, 16}, {32, 32, 8}}},
        {"gfx908", GS_PK_BF16, {{16, 16, 8}, {32, 32, 4}}},
        {"gfx908", GS_PK_I8, {{16, 16, 16}, {32, 32, 8}}},
        {"gfx908", GS_PK_F32, {{16, 16, 4}, {32, 32, 2}}},
        {"gfx11*", GS_PK_F16, {{16, 16, 16}}},
        {"gfx11*", GS_PK_BF16, {{16, 16, 16}}},
        {"gfx11*", GS_PK_I8, {{16, 16, 16}}},
        /* NVIDIA: the WMMA shapes IREE's NVIDIA targets use */
        {"sm_*", GS_PK_F16, {{16, 16, 16}}},
        {"sm_*", GS_PK_BF16, {{16, 16, 16}}},
        {"sm_*", GS_PK_TF32, {{16, 16, 8}}},
        {"sm_*", GS_PK_F8, {{16, 16, 32}}},
        {"sm_*", GS_PK_I8, {{16, 16, 16}}},
        {"sm_*", GS_PK_F64, {{8, 8, 4}}},
        {"xe*", GS_PK_F16, {{8, 16, 16}}},
        {"xe*", GS_PK_BF16, {{8, 16, 16}}},
        {"xe*", GS_PK_I8, {{8, 16, 32}}},
};

static const arch_intr *
find_intrinsics(const char *arch, int cls)
{
	for (size_t i = 0; i < sizeof intrinsics / sizeof intrinsics[0]; i++) {
		const char *a = intrinsics[i].arch;
		size_t n = strlen(a);
		int hit = a[n - 1] == '*' ? strncmp(arch, a, n - 1) == 0 : strcmp(arch, a) == 0;
		if (hit && intrinsics[i].cls == cls)
			return &intrinsics[i];
	}
	return NULL;
}

/* Hardware inputs of the model. */
typedef struct hw {
	double peak; /* FLOP/s */
	double bw; /* B/s */
	int cus;
	double smem; /* bytes per workgroup, 0 = no limit known */
	int bpe;
} hw;

static int
get_hw(const gs_shape *s, const gs_gpu *g, int cus, hw *h, gs_error *err)
{
	double peak = gs_gpu_roof_tflops(g, s->dtype, GS_ROOF_PEAK, NULL);
	double bw = gs_gpu_roof_bw(g, GS_ROOF_PEAK, NULL);

	h->cus = cus > 0 ? cus : (int)g->cus.v;
	h->bpe = gs_dtype_bytes(s->dtype);
	if (isnan(peak) || isnan(bw) || h->cus <= 0 || h->bpe <= 0)
		return gs_error_set(
		        err, NULL, 0, 0,
		        "the tile model needs a %s peak, a bandwidth and a CU count for %s",
		        s->dtype[0] ? s->dtype : "dtype", g->name);
	h->peak = peak * 1e12;
	h->bw = bw * 1e12;
	h->smem = (g->lds_wg_kib.kind != GS_FIG_NONE ? g->lds_wg_kib.v : g->lds_cu_kib.v) * 1024.0;
	return 0;
}

/* Step 3's workgroup count ceil(M/WM)·ceil(N/WN)·batch·SPLIT into *OUT;
 * -1 with ERR when it exceeds GS_COUNT_MAX. */
static int
wg_count(const gs_shape *s, int split, int wm, int wn, long *out, gs_error *err)
{
	long mn;

	if (gs_mul_long(gs_ceil_div(s->M, wm), gs_ceil_div(s->N, wn), &mn) ||
	    gs_mul_long3(mn, s->batch, split, out) || *out > GS_COUNT_MAX)
		return gs_error_set(err, NULL, 0, 0,
		                    "the workgroup count of %ldx%ld (tile %dx%d, batch %ld, "
		                    "split %d) exceeds 2^53, the limit of the tile model",
		                    s->M, s->N, wm, wn, s->batch, split);
	return 0;
}

/* Steps 2–6 for one tile; -1 with ERR when its counts exceed the limits. */
static int
score(const gs_shape *s, const hw *h, int split, int wm, int wn, int wk, gs_tile_cost *c,
      gs_error *err)
{
	long m = s->M, n = s->N, kpart = gs_ceil_div(s->K, split);
	long wk_eff = wk > 0 ? wk : kpart;
	double flop_it, bytes_it;

	c->wg_m = wm;
	c->wg_n = wn;
	c->wg_k = wk;
	if (wg_count(s, split, wm, wn, &c->num_wgs, err))
		return -1;
	if (gs_mul_long3((long)wm + wn, wk_eff, h->bpe, &c->smem_bytes))
		c->smem_bytes = -1; /* beyond a long: never fits */
	c->smem_ok = c->smem_bytes >= 0 && (h->smem <= 0 || c->smem_bytes <= h->smem);
	c->timesteps = gs_ceil_div(c->num_wgs, h->cus);
	c->work_util =
	        ((double)m * n) / ((double)gs_ceil_div(m, wm) * wm * gs_ceil_div(n, wn) * wn);
	c->k_iters = gs_ceil_div(kpart, wk_eff);
	flop_it = 2.0 * wm * wn * wk_eff;
	bytes_it = (double)(wm + wn) * wk_eff * h->bpe;
	c->mem_us = bytes_it / (h->bw / h->cus) * 1e6;
	c->comp_us = flop_it / (h->peak / h->cus) * 1e6;
	c->iter_us = fmax(c->mem_us, c->comp_us);
	c->memory_bound = c->mem_us > c->comp_us;
	c->cost_us = c->iter_us * c->k_iters * c->timesteps / c->work_util;
	c->dim_eff = c->work_util * c->num_wgs / ((double)c->timesteps * h->cus);
	return 0;
}

/* The DRAM bytes one K iteration of a wave of A workgroups reads: each A
 * and B panel the wave touches once (gs_tile_model_wave_cost). */
static double
wave_bytes(const gs_shape *s, const hw *h, const gs_tile_cost *c, long wk, double a)
{
	double tm = (double)gs_ceil_div(s->M, c->wg_m), tn = (double)gs_ceil_div(s->N, c->wg_n);
	double apan, bpan;

	if (a <= tm * tn) {
		apan = fmin(a, tm);
		bpan = (a - 1) / tm + 1;
	} else { /* the wave covers a / (tm·tn) whole batch matrices */
		apan = tm * a / (tm * tn);
		bpan = tn * a / (tm * tn);
	}
	return (apan * c->wg_m + bpan * c->wg_n) * (double)wk * h->bpe;
}

/* The wave-aware cost of C (scored by score(): counts filled). */
static void
wave_score(const gs_shape *s, const hw *h, int split, gs_tile_cost *c)
{
	long wk = c->wg_k > 0 ? c->wg_k : gs_ceil_div(s->K, split);
	double full = (double)(c->num_wgs / h->cus), rem = (double)(c->num_wgs % h->cus);
	double mem_rem = rem > 0 ? wave_bytes(s, h, c, wk, rem) / h->bw * 1e6 : 0;

	c->mem_us = full > 0 ? wave_bytes(s, h, c, wk, h->cus) / h->bw * 1e6 : mem_rem;
	c->iter_us = fmax(c->mem_us, c->comp_us);
	c->memory_bound = c->mem_us > c->comp_us;
	c->cost_us = (double)c->k_iters *
	             (full * c->iter_us + (rem > 0 ? fmax(mem_rem, c->comp_us) : 0)) / c->work_util;
}

int
gs_tile_model_wave_cost(const gs_shape *s, const gs_gpu *g, int cus, int split_k, int wg_m,
                        int wg_n, int wg_k, gs_tile_cost *out, gs_error *err)
{
	int split = split_k > 0 ? split_k : 1;
	hw h;

	if (gs_tile_model_cost(s, g, cus, split, wg_m, wg_n, wg_k, out, err) != 0 ||
	    get_hw(s, g, cus, &h, err) != 0)
		return -1;
	wave_score(s, &h, split, out);
	return 0;
}

int
gs_tile_model_cost(const gs_shape *s, const gs_gpu *g, int cus, int split_k, int wg_m, int wg_n,
                   int wg_k, gs_tile_cost *out, gs_error *err)
{
	hw h;

	memset(out, 0, sizeof *out);
	if (wg_m <= 0 || wg_n <= 0 || s->M < 1 || s->N < 1 || s->K < 1 || s->batch < 1)
		return gs_error_set(err, NULL, 0, 0,
		                    "the tile model needs a tile and dimensions >= 1");
	if (get_hw(s, g, cus, &h, err))
		return -1;
	return score(s, &h, split_k > 0 ? split_k : 1, wg_m, wg_n, wg_k, out, err);
}

/* Step 1: the sqrt split of one seed over intrinsic I. */
static void
seed_tile(int sg, int mn, int kt, const intrinsic *in, int *wm, int *wn, int *wk)
{
	int lsg = 0, lmn = 0, msg, nt;

	while ((1 << (lsg + 1)) <= sg)
		lsg++;
	while ((1 << (lmn + 1)) <= mn)
		lmn++;
	msg = 1 << ((lsg + 1) / 2); /* 2^ceil(log2(sg)/2) subgroups along M */
	nt = 1 << (lmn / 2); /* 2^floor(log2(mn)/2) tiles along N */
	*wm = msg * (mn / nt) * in->m;
	*wn = (sg / msg) * nt * in->n;
	*wk = kt * in->k;
}

static int
better(const gs_tile_cost *a, const gs_tile_cost *b)
{
	double tol = 1e-9 * fmax(a->cost_us, b->cost_us);

	if (a->cost_us < b->cost_us - tol)
		return 1;
	if (a->cost_us > b->cost_us + tol)
		return 0;
	return (long)a->wg_m * a->wg_n > (long)b->wg_m * b->wg_n;
}

/* Keep C as the wave-aware pick when it beats the one held (HAVE 1). */
static void
keep_wave(const gs_shape *s, const hw *h, int split, const gs_tile_cost *c, gs_tile_pick *out,
          int have)
{
	gs_tile_cost w = *c, held = {0};

	wave_score(s, h, split, &w);
	held.cost_us = out->wave.cost_us;
	held.wg_m = out->wave.wg_m;
	held.wg_n = out->wave.wg_n;
	if (have && !better(&w, &held))
		return;
	out->wave.wg_m = w.wg_m;
	out->wave.wg_n = w.wg_n;
	out->wave.wg_k = w.wg_k;
	out->wave.num_wgs = w.num_wgs;
	out->wave.timesteps = w.timesteps;
	out->wave.work_util = w.work_util;
	out->wave.dim_eff = w.dim_eff;
	out->wave.cost_us = w.cost_us;
}

static int
try_intrinsic(const gs_shape *s, const hw *h, int split, const intrinsic *in, gs_tile_pick *out,
              int *have, gs_error *err)
{
	static const int sgs[] = {2, 4, 8}, mns[] = {2, 4, 8, 16, 32}, kts[] = {2, 4};
	gs_tile_cost c;
	int wm, wn, wk;

	for (int a = 0; a < 3; a++)
		for (int b = 0; b < 5; b++)
			for (int d = 0; d < 2; d++) {
				seed_tile(sgs[a], mns[b], kts[d], in, &wm, &wn, &wk);
				if (score(s, h, split, wm, wn, wk, &c, err))
					return -1;
				out->ncandidates++;
				if (!c.smem_ok) {
					out->nrejected++;
					continue;
				}
				c.subgroups = sgs[a];
				c.mn_tiles = mns[b];
				c.k_tiles = kts[d];
				c.intr_m = in->m;
				c.intr_n = in->n;
				c.intr_k = in->k;
				if (!*have || better(&c, &out->best))
					out->best = c;
				keep_wave(s, h, split, &c, out, *have);
				*have = 1;
			}
	return 0;
}

int
gs_tile_model_pick(const gs_shape *s, const gs_gpu *g, int cus, int split_k, gs_tile_pick *out,
                   gs_error *err)
{
	const arch_intr *ai = find_intrinsics(g->arch, gs_gpu_dtype_class(s->dtype));
	int have = 0;
	hw h;

	memset(out, 0, sizeof *out);
	out->split_k = split_k > 0 ? split_k : 1;
	if (s->M < 1 || s->N < 1 || s->K < 1 || s->batch < 1)
		return gs_error_set(err, NULL, 0, 0, "the tile model needs dimensions >= 1");
	if (!ai)
		return gs_error_set(err, NULL, 0, 0, "no MMA intrinsic known for %s on %s (%s)",
		                    s->dtype[0] ? s->dtype : "this dtype", g->name, g->arch);
	if (get_hw(s, g, cus, &h, err))
		return -1;
	for (int i = 0; i < MAX_INTR && ai->list[i].m > 0; i++) {
		if (try_intrinsic(s, &h, out->split_k, &ai->list[i], out, &have, err))
			return -1;
		out->nintrinsics++;
	}
	if (!have)
		return gs_error_set(
		        err, NULL, 0, 0,
		        "every tile-model candidate exceeds the %.0f-byte shared memory", h.smem);
	return 0;
}
