#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "runner/bdtype.h"
#include "runner/cpublas.h"
#include "runner/cpugemm.h"
#include "util/checked.h"

/* Blocking after Goto & van de Geijn, "Anatomy of high-performance matrix
 * multiplication" (ACM TOMS 34(3), 2008): an MC×KC block of A (64 KiB of
 * f32) stays in L2 while it meets every column of a KC-deep panel of B;
 * the micro-kernel keeps an MR×NR block of C in registers.  Packed blocks
 * are padded with zeros to whole MR rows and NR columns. */
enum { MC = 64, KC = 256, MR = 4, NR = 8 };

typedef struct cpu_plan {
	gs_dev_gemm g;
	size_t es; /* element size */
	size_t np; /* N rounded up to NR */
	float *ap; /* MC·KC packed A block: MR-row strips, k-major */
	float *bp; /* KC·np packed B panel: NR-column strips, k-major */
	float *acc; /* M·N accumulators of one batch */
} cpu_plan;

static float
load(int dtype, const void *p, size_t i)
{
	switch (dtype) {
	case GS_DEV_F16: return gs_bdtype_f32_from_f16(((const uint16_t *)p)[i]);
	case GS_DEV_BF16: return gs_bdtype_f32_from_bf16(((const uint16_t *)p)[i]);
	}
	return ((const float *)p)[i];
}

/* A(i, k) of one batch: M×K column-major for 'N', K×M for 'T'. */
static size_t
a_index(const gs_dev_gemm *g, size_t i, size_t k)
{
	return g->trans_a == 'T' ? k + i * (size_t)g->k : i + k * (size_t)g->m;
}

/* B(k, j) of one batch: K×N column-major for 'N', N×K for 'T'. */
static size_t
b_index(const gs_dev_gemm *g, size_t k, size_t j)
{
	return g->trans_b == 'T' ? j + k * (size_t)g->n : k + j * (size_t)g->k;
}

static void
pack_b(const cpu_plan *p, const void *b, size_t k0, size_t kc)
{
	size_t n = (size_t)p->g.n;

	for (size_t j = 0; j < p->np; j++) {
		float *dst = p->bp + (j / NR) * kc * NR + j % NR;
		for (size_t k = 0; k < kc; k++)
			dst[k * NR] = j < n ? load(p->g.dtype, b, b_index(&p->g, k0 + k, j)) : 0;
	}
}

static void
pack_a(const cpu_plan *p, const void *a, size_t i0, size_t mc, size_t k0, size_t kc)
{
	size_t mp = (mc + MR - 1) / MR * MR;

	for (size_t i = 0; i < mp; i++) {
		float *dst = p->ap + (i / MR) * kc * MR + i % MR;
		for (size_t k = 0; k < kc; k++)
			dst[k * MR] =
			        i < mc ? load(p->g.dtype, a, a_index(&p->g, i0 + i, k0 + k)) : 0;
	}
}

/* C(i0.., j0..) += the product of one MR strip of A and one NR strip of
 * B over KC; MV×NV of the MR×NR results are inside the matrix. */
static void
micro(const float *a, const float *b, size_t kc, float *c, size_t ldc, size_t mv, size_t nv)
{
	float t[MR][NR] = {{0}};

	for (size_t k = 0; k < kc; k++, a += MR, b += NR)
		for (int r = 0; r < MR; r++)
			for (int x = 0; x < NR; x++)
				t[r][x] += a[r] * b[x];
	for (size_t x = 0; x < nv; x++)
		for (size_t r = 0; r < mv; r++)
			c[r + x * ldc] += t[r][x];
}

static void
block(cpu_plan *p, size_t i0, size_t mc, size_t kc)
{
	size_t m = (size_t)p->g.m, n = (size_t)p->g.n;

	for (size_t j = 0; j < n; j += NR)
		for (size_t i = 0; i < mc; i += MR)
			micro(p->ap + (i / MR) * kc * MR, p->bp + (j / NR) * kc * NR, kc,
			      p->acc + (i0 + i) + j * m, m, mc - i < MR ? mc - i : MR,
			      n - j < NR ? n - j : NR);
}

static void
store(const cpu_plan *p, void *c, const void *bias)
{
	size_t m = (size_t)p->g.m, mn = m * (size_t)p->g.n;

	if (bias)
		for (size_t x = 0; x < mn; x++)
			p->acc[x] += load(p->g.dtype, bias, x % m);
	gs_bdtype_pack(p->g.dtype, p->acc, c, mn);
}

static void
run_batch(cpu_plan *p, const char *a, const char *b, char *c, const void *bias)
{
	size_t m = (size_t)p->g.m, k = (size_t)p->g.k;

	memset(p->acc, 0, m * (size_t)p->g.n * sizeof *p->acc);
	for (size_t k0 = 0; k0 < k; k0 += KC) {
		size_t kc = k - k0 < KC ? k - k0 : KC;
		pack_b(p, b, k0, kc);
		for (size_t i0 = 0; i0 < m; i0 += MC) {
			size_t mc = m - i0 < MC ? m - i0 : MC;
			pack_a(p, a, i0, mc, k0, kc);
			block(p, i0, mc, kc);
		}
	}
	store(p, c, bias);
}

static void
plan_free(void *vp)
{
	cpu_plan *p = vp;

	if (!p)
		return;
	free(p->ap);
	free(p->bp);
	free(p->acc);
	free(p);
}

static cpu_plan *
plan_new(const gs_dev_gemm *g)
{
	cpu_plan *p = calloc(1, sizeof *p);
	size_t kc = g->k < KC ? (size_t)g->k : KC;
	size_t bp_n, acc_n;

	if (!p)
		return NULL;
	p->g = *g;
	p->es = gs_bdtype_size(g->dtype);
	p->np = (size_t)gs_ceil_div((long)g->n, NR) * NR;
	if (gs_mul_size(kc, p->np, &bp_n) || gs_mul_size((size_t)g->m, (size_t)g->n, &acc_n) ||
	    gs_mul_size(bp_n, sizeof *p->bp, &bp_n) || gs_mul_size(acc_n, sizeof *p->acc, &acc_n)) {
		plan_free(p);
		return NULL; /* sizes beyond size_t: cannot be allocated */
	}
	p->ap = malloc(MC * kc * sizeof *p->ap);
	p->bp = malloc(bp_n);
	p->acc = malloc(acc_n);
	if (!p->es || !p->ap || !p->bp || !p->acc) {
		plan_free(p);
		return NULL;
	}
	return p;
}

static void
plan_run(cpu_plan *p, const void *a, const void *b, void *c, const void *bias)
{
	size_t sa = (size_t)p->g.m * (size_t)p->g.k * p->es;
	size_t sb = (size_t)p->g.k * (size_t)p->g.n * p->es;
	size_t sc = (size_t)p->g.m * (size_t)p->g.n * p->es;

	for (long long x = 0; x < p->g.batch; x++)
		run_batch(p, (const char *)a + x * sa, (const char *)b + x * sb, (char *)c + x * sc,
		          bias);
}

int
gs_cpugemm(const gs_dev_gemm *g, const void *a, const void *b, void *c, const void *bias)
{
	cpu_plan *p = plan_new(g);

	if (!p)
		return -1;
	plan_run(p, a, b, c, bias);
	plan_free(p);
	return 0;
}

/* ---- the gs_dev_api of the CPU backend ---------------------------------- */

static struct timespec timer_t0;

static void
cpu_name(char *name, size_t size)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512];

	snprintf(name, size, "CPU");
	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		char *colon = strchr(line, ':');
		if (strncmp(line, "model name", 10) == 0 && colon) {
			colon += 1 + (colon[1] == ' ');
			colon[strcspn(colon, "\n")] = 0;
			snprintf(name, size, "%s", colon);
			break;
		}
	}
	fclose(f);
}

static const char *
cpu_init(int device, gs_dev_info *info)
{
	long llc = 0;

	if (device != 0)
		return "the CPU backend has one device, 0";
	memset(info, 0, sizeof *info);
	cpu_name(info->name, sizeof info->name);
	snprintf(info->arch, sizeof info->arch, "cpu");
	snprintf(info->runtime, sizeof info->runtime, "gemmscope CPU reference");
	info->cus = 1;
	info->wave_size = 1;
#ifdef _SC_LEVEL3_CACHE_SIZE
	llc = sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
	info->l2_bytes = llc > 0 ? llc : 32LL << 20;
	if (gs_cpublas_version())
		snprintf(info->blas, sizeof info->blas, "%s", gs_cpublas_version());
	return NULL;
}

static void
cpu_fini(void)
{
}

static const char *
cpu_alloc(void **p, size_t bytes)
{
	*p = malloc(bytes);
	return *p ? NULL : "malloc: out of memory";
}

static const char *
cpu_memcpy(void *dst, const void *src, size_t bytes)
{
	memcpy(dst, src, bytes);
	return NULL;
}

static const char *
cpu_fill(void *dst, int byte, size_t bytes)
{
	memset(dst, byte, bytes);
	return NULL;
}

/* A plan of this backend: its own blocked GEMM or OpenBLAS (cpublas.h). */
typedef struct cpu_handle {
	int vendor;
	void *plan;
} cpu_handle;

static void
handle_free(void *vh)
{
	cpu_handle *h = vh;

	if (!h)
		return;
	if (h->vendor)
		gs_cpublas_plan_free(h->plan);
	else
		plan_free(h->plan);
	free(h);
}

static const char *
cpu_make_plan(const gs_dev_gemm *g, int kind, void **plan, char *kernel, size_t ksize)
{
	cpu_handle *h;
	const char *msg = NULL;

	*plan = NULL;
	if (kind != GS_DEV_CPU && kind != GS_DEV_VENDOR)
		return "the CPU runs its own blocked GEMM (--backend cpu) and OpenBLAS (--backend "
		       "vendor), not the tiled device kernel";
	if (!(h = calloc(1, sizeof *h)))
		return "out of memory for the CPU GEMM plan";
	h->vendor = kind == GS_DEV_VENDOR;
	if (h->vendor) {
		msg = gs_cpublas_plan(g, &h->plan, kernel, ksize);
	} else if (!(h->plan = plan_new(g))) {
		msg = "out of memory for the CPU GEMM workspace";
	} else {
		snprintf(kernel, ksize, "gemmscope_cpu_MC%dKC%d_MR%dNR%d_f32acc", MC, KC, MR, NR);
	}
	if (msg) {
		handle_free(h);
		return msg;
	}
	*plan = h;
	return NULL;
}

static const char *
cpu_run(void *vh, const void *a, const void *b, void *c, const void *bias)
{
	cpu_handle *h = vh;

	if (h->vendor)
		return gs_cpublas_run(h->plan, a, b, c, bias);
	plan_run(h->plan, a, b, c, bias);
	return NULL;
}

static const char *
cpu_timer_start(void)
{
	clock_gettime(CLOCK_MONOTONIC, &timer_t0);
	return NULL;
}

static const char *
cpu_timer_stop(double *us)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	*us = (double)(t1.tv_sec - timer_t0.tv_sec) * 1e6 +
	      (double)(t1.tv_nsec - timer_t0.tv_nsec) * 1e-3;
	return NULL;
}

static const char *
cpu_sync(void)
{
	return NULL;
}

static const gs_dev_api cpu_api = {
        .abi = GS_DEV_ABI,
        .platform = "cpu",
        .init = cpu_init,
        .fini = cpu_fini,
        .alloc = cpu_alloc,
        .release = free,
        .upload = cpu_memcpy,
        .download = cpu_memcpy,
        .fill = cpu_fill,
        .copy = cpu_memcpy,
        .plan = cpu_make_plan,
        .run = cpu_run,
        .plan_free = handle_free,
        .timer_start = cpu_timer_start,
        .timer_stop = cpu_timer_stop,
        .sync = cpu_sync,
};

const gs_dev_api *
gs_cpugemm_api(void)
{
	return &cpu_api;
}
