#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model/gpu.h"
#include "runner/bdtype.h"
#include "runner/check.h"
#include "runner/measure.h"
#include "util/checked.h"

typedef struct opset {
	void *a, *b, *c, *bias;
} opset;

/* The operand slots of an opset, in this order: each is one allocation
 * holding every set's copy, STRIDE bytes apart. */
enum { OP_A, OP_B, OP_C, OP_BIAS, OP__N };
enum { SET_ALIGN = 256 };

typedef struct run_ctx {
	const gs_dev_api *api;
	const gs_dev_info *info;
	const gs_bench_cfg *cfg;
	const gs_dev_gemm *g;
	gs_check_ops ops;
	opset *sets; /* pointers into block[] */
	void *block[OP__N];
	size_t stride[OP__N]; /* bytes between two sets' copies */
	long copies;
	long next; /* rotation counter */
	void *plan;
	void *flush;
	size_t flush_bytes;
	gs_error *err;
} run_ctx;

void
gs_bench_cfg_default(gs_bench_cfg *cfg)
{
	memset(cfg, 0, sizeof *cfg);
	cfg->kind = GS_DEV_VENDOR;
	cfg->tile_m = cfg->tile_n = 128;
	cfg->tile_k = 32;
	cfg->thr_m = cfg->thr_n = 8;
	cfg->warmup = 10;
	cfg->warmup_ms = 50;
	cfg->iters = 20;
	cfg->launches = 1;
	cfg->rotating_mib = -1;
	cfg->seed = 1;
	cfg->check_samples = 1024;
	cfg->throttle_pct = GS_CLOCKS_THROTTLE_PCT;
	cfg->flush_icache = 1;
}

double
gs_bench_gemm_bytes(const gs_dev_gemm *g)
{
	double es = (double)gs_bdtype_size(g->dtype), b = (double)g->batch;

	return es * (b * (double)g->m * (double)g->k + b * (double)g->k * (double)g->n +
	             b * (double)g->m * (double)g->n + (g->bias ? (double)g->m : 0));
}

/* "the GPU table's MI300X: L2 32 MiB, last-level 256 MiB" into WHY
 * (SIZE bytes): the cache figures G has. */
static void
table_why(const gs_gpu *g, char *why, size_t size)
{
	char l2[40] = "", llc[48] = "";

	if (g->l2_mib.kind != GS_FIG_NONE)
		snprintf(l2, sizeof l2, "L2 %g MiB", g->l2_mib.v);
	if (g->llc_mib.kind != GS_FIG_NONE)
		snprintf(llc, sizeof llc, "%slast-level %g MiB", l2[0] ? ", " : "", g->llc_mib.v);
	snprintf(why, size, "the GPU table's %s: %s%s", g->name, l2, llc);
}

double
gs_bench_cache_mib(const gs_dev_info *info, const char *platform, char *why, size_t why_size)
{
	const gs_gpu *g = NULL;
	double mib = NAN;
	char none[1];

	if (!why || !why_size)
		why = none, why_size = sizeof none;
	if (strcmp(platform, "cpu") != 0)
		g = gs_gpu_find_variant(info->name, (double)info->mem_bytes, info->cus,
		                        info->sclk_mhz / 1000.0, NULL, 0);
	if (g && (mib = gs_gpu_largest_cache_mib(g)) > 0) {
		table_why(g, why, why_size);
		return mib;
	}
	if (info->l2_bytes > 0) {
		mib = (double)info->l2_bytes / 1048576.0;
		snprintf(why, why_size, "the runtime's %s", strcmp(platform, "cpu") ? "L2" : "L3");
		return mib;
	}
	snprintf(why, why_size, "unknown");
	return 0;
}

double
gs_bench_rotating_mib(const gs_bench_cfg *cfg)
{
	if (cfg->rotating_mib >= 0)
		return cfg->rotating_mib;
	return cfg->cache_mib > 0 ? 2 * cfg->cache_mib : GS_BENCH_DEFAULT_MIB;
}

size_t
gs_bench_flush_bytes(const gs_bench_cfg *cfg)
{
	double mib = cfg->flush_mib > 0   ? cfg->flush_mib
	             : cfg->cache_mib > 0 ? 2 * cfg->cache_mib
	                                  : GS_BENCH_DEFAULT_MIB;

	return cfg->flush ? (size_t)ceil(mib * 1048576.0) : 0;
}

long
gs_bench_copies(const gs_bench_cfg *cfg, double bytes)
{
	double need = ceil(gs_bench_rotating_mib(cfg) * 1048576.0 / bytes);

	return (long)fmax(1, fmin(GS_BENCH_MAX_COPIES, need));
}

static int
dev_fail(run_ctx *c, const char *msg)
{
	return gs_error_set(c->err, NULL, 0, 0, "%s", msg);
}

/* Bytes of ELEMENTS elements; SIZE_MAX (which no allocation grants) when
 * the product overflows. */
static size_t
nbytes(const run_ctx *c, size_t elements)
{
	size_t b;

	return gs_mul_size(elements, gs_bdtype_size(c->g->dtype), &b) ? SIZE_MAX : b;
}

/* Pack N host floats to the dtype, upload them to set 0's copy of
 * operand OP, then fill the other sets by doubling device-to-device
 * copies (log2(copies) calls, not one upload per set). */
static int
upload_all(run_ctx *c, const float *src, size_t n, int op)
{
	size_t bytes = nbytes(c, n), stride = c->stride[op];
	void *host = malloc(bytes);
	const char *msg;
	char *base = c->block[op];

	if (!host)
		return dev_fail(c, "out of memory packing the operands");
	gs_bdtype_pack(c->g->dtype, src, host, n);
	msg = c->api->upload(base, host, bytes);
	free(host);
	for (long have = 1; have < c->copies && !msg; have *= 2) {
		long more = have < c->copies - have ? have : c->copies - have;
		msg = c->api->copy(base + (size_t)have * stride, base,
		                   (size_t)(more - 1) * stride + bytes);
	}
	if (!msg)
		msg = c->api->sync();
	return msg ? dev_fail(c, msg) : 0;
}

/* Allocate operand OP's block: COPIES copies of ELEMENTS elements. */
static int
alloc_block(run_ctx *c, int op, size_t elements)
{
	size_t bytes = nbytes(c, elements), stride, total;
	const char *msg;

	if (bytes == SIZE_MAX || __builtin_add_overflow(bytes, (size_t)SET_ALIGN - 1, &stride) ||
	    gs_mul_size(stride / SET_ALIGN * SET_ALIGN, (size_t)c->copies, &total))
		return dev_fail(c, "the operands' size overflows");
	c->stride[op] = stride / SET_ALIGN * SET_ALIGN;
	if ((msg = c->api->alloc(&c->block[op], total)))
		return dev_fail(c, msg);
	return 0;
}

static int
alloc_sets(run_ctx *c)
{
	size_t n[OP__N] = {c->ops.na, c->ops.nb, c->ops.nc, c->ops.bias ? (size_t)c->g->m : 0};

	c->copies = gs_bench_copies(c->cfg, gs_bench_gemm_bytes(c->g));
	c->sets = calloc((size_t)c->copies, sizeof *c->sets);
	if (!c->sets)
		return dev_fail(c, "out of memory");
	for (int op = 0; op < OP__N; op++)
		if (n[op] && alloc_block(c, op, n[op]) != 0)
			return -1;
	for (long i = 0; i < c->copies; i++) {
		void **slot[OP__N] = {&c->sets[i].a, &c->sets[i].b, &c->sets[i].c,
		                      &c->sets[i].bias};
		for (int op = 0; op < OP__N; op++)
			if (c->block[op])
				*slot[op] = (char *)c->block[op] + (size_t)i * c->stride[op];
	}
	if (upload_all(c, c->ops.a, c->ops.na, OP_A) != 0 ||
	    upload_all(c, c->ops.b, c->ops.nb, OP_B) != 0)
		return -1;
	if (c->ops.bias && upload_all(c, c->ops.bias, (size_t)c->g->m, OP_BIAS) != 0)
		return -1;
	return 0;
}

static const char *
launch(run_ctx *c)
{
	opset *s = &c->sets[c->next++ % c->copies];

	return c->api->run(c->plan, s->a, s->b, s->c, s->bias);
}

static int
check_once(run_ctx *c, gs_bench_meas *out)
{
	void *host = malloc(nbytes(c, c->ops.nc));
	const char *msg;
	gs_check_result res;
	int rc;

	if (!host)
		return dev_fail(c, "out of memory for the result check");
	/* The last set: the doubling copies of upload_all fill it last, so a
	 * right result there shows the rotation holds the operands. */
	c->next = c->copies - 1;
	if ((msg = c->api->fill(c->sets[c->next].c, 0xff, nbytes(c, c->ops.nc))) ||
	    (msg = launch(c)) || (msg = c->api->sync()) ||
	    (msg = c->api->download(host, c->sets[c->copies - 1].c, nbytes(c, c->ops.nc)))) {
		free(host);
		return dev_fail(c, msg);
	}
	rc = gs_check_gemm(c->g, &c->ops, host, c->cfg->check_samples, c->cfg->seed, &res);
	free(host);
	out->max_err = res.max_err;
	out->bound = res.bound;
	out->checked = res.checked;
	out->full_check = res.full;
	if (rc != 0)
		return gs_error_set(c->err, NULL, 0, 0,
		                    "wrong result: C(%lld,%lld) of batch %lld is %.9g, the CPU "
		                    "reference %.9g (normalised error %.3g > bound %.3g)",
		                    res.bad_i, res.bad_j, res.bad_batch, res.got, res.want,
		                    res.max_err, res.bound);
	return 0;
}

static int
prepare_flush(run_ctx *c)
{
	const char *msg;

	c->flush_bytes = gs_bench_flush_bytes(c->cfg);
	if (c->flush_bytes == 0)
		return 0;
	if ((msg = c->api->alloc(&c->flush, c->flush_bytes)))
		return dev_fail(c, msg);
	return 0;
}

/* 1 when the instruction caches are flushed before each sample: asked
 * for, and the backend can. */
static int
icache_flushed(const run_ctx *c)
{
	return c->cfg->flush_icache && c->api->flush_icache;
}

static int
one_sample(run_ctx *c, double *us)
{
	const char *msg = NULL;

	if (c->flush && (msg = c->api->fill(c->flush, c->next & 0xff, c->flush_bytes)))
		return dev_fail(c, msg);
	if (icache_flushed(c) && (msg = c->api->flush_icache()))
		return dev_fail(c, msg);
	if ((msg = c->api->timer_start()))
		return dev_fail(c, msg);
	for (int l = 0; l < c->cfg->launches && !msg; l++)
		msg = launch(c);
	if (msg || (msg = c->api->timer_stop(us)))
		return dev_fail(c, msg);
	*us /= c->cfg->launches;
	return 0;
}

/* The host's monotonic clock, ms. */
static double
now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Step 4's warm-up: batches of `warmup` launches (1 when 0), each batch
 * synchronised, until at least `warmup` launches have run and
 * `warmup_ms` have passed on the host clock.  Their count into OUT. */
static int
warm_up(run_ctx *c, gs_bench_meas *out)
{
	double until = now_ms() + c->cfg->warmup_ms;
	int batch = c->cfg->warmup > 0 ? c->cfg->warmup : 1;
	const char *msg = NULL;

	if (c->cfg->warmup == 0 && !(c->cfg->warmup_ms > 0))
		return 0;
	do {
		for (int i = 0; i < batch && !msg; i++) {
			msg = launch(c);
			out->warmup_launches += !msg;
		}
	} while (!msg && !(msg = c->api->sync()) && now_ms() < until);
	return msg ? dev_fail(c, msg) : 0;
}

static int
time_it(run_ctx *c, gs_bench_meas *out)
{
	if (warm_up(c, out) != 0)
		return -1;
	out->samples = malloc((size_t)c->cfg->iters * sizeof *out->samples);
	if (c->cfg->clocks)
		out->clk = malloc((size_t)c->cfg->iters * sizeof *out->clk);
	if (!out->samples || (c->cfg->clocks && !out->clk))
		return dev_fail(c, "out of memory");
	for (int s = 0; s < c->cfg->iters; s++) {
		if (one_sample(c, &out->samples[s]) != 0)
			return -1;
		if (out->clk)
			gs_clocks_sample(c->cfg->clocks, &out->clk[s]);
		out->nsamples++;
	}
	return 0;
}

static void
release(run_ctx *c)
{
	for (int op = 0; op < OP__N; op++)
		c->api->release(c->block[op]);
	free(c->sets);
	c->api->release(c->flush);
	c->api->plan_free(c->plan);
	gs_check_ops_free(&c->ops);
}

static int
prepare(run_ctx *c, gs_bench_meas *out)
{
	gs_dev_gemm g = *c->g;
	const char *msg;

	g.tile_m = c->cfg->tile_m;
	g.tile_n = c->cfg->tile_n;
	g.tile_k = c->cfg->tile_k;
	g.thr_m = c->cfg->thr_m;
	g.thr_n = c->cfg->thr_n;
	if (gs_check_ops_init(&c->ops, c->g, c->cfg->seed) != 0)
		return dev_fail(c, "out of memory for the operands");
	if ((msg = c->api->plan(&g, c->cfg->kind, &c->plan, out->kernel, sizeof out->kernel)))
		return dev_fail(c, msg);
	return alloc_sets(c);
}

int
gs_bench_measure(const gs_dev_api *api, const gs_dev_info *info, const gs_bench_cfg *cfg,
                 const gs_dev_gemm *g, gs_bench_meas *out, gs_error *err)
{
	run_ctx c = {.api = api, .info = info, .cfg = cfg, .g = g, .err = err};
	int rc;

	memset(out, 0, sizeof *out);
	rc = prepare(&c, out);
	out->copies = c.copies;
	out->footprint_mib = (double)c.copies * gs_bench_gemm_bytes(g) / 1048576.0;
	if (rc == 0)
		rc = check_once(&c, out);
	if (rc == 0)
		rc = prepare_flush(&c);
	out->flush_mib = (double)c.flush_bytes / 1048576.0;
	out->icache_flushed = icache_flushed(&c);
	if (rc == 0)
		rc = time_it(&c, out);
	release(&c);
	if (rc != 0)
		gs_bench_meas_free(out);
	return rc;
}

void
gs_bench_meas_free(gs_bench_meas *m)
{
	free(m->samples);
	free(m->clk);
	m->samples = NULL;
	m->clk = NULL;
	m->nsamples = 0;
}
