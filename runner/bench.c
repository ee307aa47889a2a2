#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/ingest.h"
#include "model/gemm.h"
#include "model/stats.h"
#include "runner/bdtype.h"
#include "runner/bench.h"
#include "runner/benchout.h"
#include "runner/ceilings.h"
#include "runner/cli.h"
#include "runner/clocks.h"
#include "runner/cpugemm.h"
#include "runner/devload.h"
#include "runner/shapes.h"
#include "runner/tile.h"
#include "util/grow.h"
#include "util/outfile.h"
#include "render/fmt.h"

/* Extra numeric columns of the results, in this order. */
enum {
	X_ERR,
	X_CHECKED,
	X_WARMUP,
	X_COPIES,
	X_FOOTPRINT,
	X_CACHE,
	X_FLUSH,
	X_ICACHE,
	X_THROTTLED,
	X_SCLK,
	X_CYCLES,
	X__N
};
static const char *const extra_names[X__N] = {
        "max_rel_err",       "checked_outputs", "warmup_launches", "rotating_copies",
        "rotating_mib",      "cache_mib",       "flush_mib",       "icache_flushed",
        "throttled_samples", "sclk_mhz_mean",   "cycles_median",
};

typedef struct bench {
	gs_bench_args a;
	const char *const *dirs;
	gs_table *plan;
	gs_table *res;
	const gs_dev_api *api; /* NULL until started */
	gs_devload dl;
	gs_dev_info info;
	gs_outfile out;
	long failed;
	gs_clocks *clocks; /* NULL until the backend started */
	char *(*clk)[GS_BENCHOUT_CLOCKS]; /* per result record, in order: the
	                                     sampled clocks as ';'-lists, owned */
	size_t nclk, clk_cap;
} bench;

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void
say(const char *fmt, ...)
{
	va_list ap;

	fputs("gemmscope-bench: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void
say_error(const gs_error *err)
{
	if (err->file[0])
		gs_error_print(err, stderr);
	else
		say("%s", err->msg);
}

/* ---- shapes ---------------------------------------------------------------- */

static int
add_psizes(bench *b, gs_psize_list *l, const char *where, gs_error *err)
{
	gs_bshapes_opts o = {b->a.dtype_ptrs, b->a.trans_a, b->a.trans_b, 0};
	long n = gs_bshapes_add_psizes(b->plan, l, where, &o, err);

	gs_psize_list_free(l);
	return n < 0 ? -1 : 0;
}

static int
add_tensile(bench *b, gs_error *err)
{
	const gs_bench_cli_list *lists[] = {&b->a.psize_files, &b->a.ranges, &b->a.exacts};

	for (int x = 0; x < 3; x++) {
		for (int i = 0; i < lists[x]->n; i++) {
			const char *v = lists[x]->v[i];
			gs_psize_list l = {0};
			int rc = x == 0   ? gs_psize_load(v, &l, err)
			         : x == 1 ? gs_psize_range(v, "--range", &l, err)
			                  : gs_psize_exact(v, "--exact", &l, err);
			if (rc != 0) {
				gs_psize_list_free(&l);
				return -1;
			}
			if (add_psizes(b, &l,
			               x == 0   ? v
			               : x == 1 ? "--range"
			                        : "--exact",
			               err) != 0)
				return -1;
		}
	}
	return 0;
}

static int
add_mnk(bench *b, gs_error *err)
{
	gs_bshapes_opts o = {b->a.dtype_ptrs, b->a.trans_a, b->a.trans_b, b->a.bias};
	const gs_bench_args *a = &b->a;

	if (!a->m && !a->n && !a->k)
		return 0;
	if (!a->m || !a->n || !a->k)
		return gs_error_set(err, NULL, 0, 0, "-m, -n and -k go together");
	return gs_bshapes_add_mnk(b->plan, a->m, a->n, a->k, a->batch, &o, err) < 0 ? -1 : 0;
}

static int
build_plan(bench *b, gs_error *err)
{
	gs_bshapes_opts o = {b->a.dtype_ptrs, b->a.trans_a, b->a.trans_b, 0};

	b->plan = gs_table_new("shapes");
	if (!b->plan)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	for (int i = 0; i < b->a.shapes.n; i++)
		if (gs_bshapes_add_file(b->plan, b->a.shapes.v[i], &o, err) < 0)
			return -1;
	if (add_tensile(b, err) != 0 || add_mnk(b, err) != 0)
		return -1;
	for (size_t i = 0; i < b->plan->nexcl; i++)
		say("skipped %s (line %ld): %s", b->plan->excl[i].what, b->plan->excl[i].line,
		    b->plan->excl[i].reason);
	if (b->plan->n == 0 && !b->a.ceilings)
		return gs_error_set(
		        err, NULL, 0, 0,
		        b->plan->nexcl ? "none of the shapes can be run"
		                       : "no shapes: give --shapes, -m/-n/-k, --problem-sizes, "
		                         "--range, --exact or --ceilings (see --help)");
	return 0;
}

/* ---- backend --------------------------------------------------------------- */

static int
start_backend(bench *b, gs_error *err)
{
	char why[1024];
	const char *msg;

	if (b->a.cfg.kind == GS_DEV_CPU || strcmp(b->a.platform, "cpu") == 0) {
		if ((msg = gs_cpugemm_api()->init(b->a.device, &b->info)))
			return gs_error_set(err, NULL, 0, 0, "%s", msg);
		b->api = gs_cpugemm_api();
		if (b->a.cfg.kind == GS_DEV_VENDOR && !b->info.blas[0]) {
			say("no vendor GEMM library for the CPU in this build of gemmscope-bench "
			    "(configure found no OpenBLAS): use --backend cpu");
			return GS_BENCH_NO_GPU;
		}
		return 0;
	}
	if (gs_devload_open(&b->dl, b->a.platform, b->dirs, b->a.device, &b->info, why,
	                    sizeof why) != 0) {
		say("no GPU for backend '%s': %s", b->a.backend, why);
		return GS_BENCH_NO_GPU;
	}
	b->api = b->dl.api;
	if (b->a.cfg.kind == GS_DEV_VENDOR && !b->info.blas[0]) {
		say("no vendor GEMM library in this %s build of gemmscope-bench (configure "
		    "found neither hipBLASLt nor rocBLAS): use --backend tiled",
		    b->api->platform);
		return GS_BENCH_NO_GPU;
	}
	return 0;
}

static int
check_tile(bench *b, gs_error *err)
{
	gs_dev_gemm g = {0};

	if (b->a.cfg.kind != GS_DEV_TILED)
		return 0;
	g.tile_m = b->a.cfg.tile_m;
	g.tile_n = b->a.cfg.tile_n;
	g.tile_k = b->a.cfg.tile_k;
	if (b->info.lds_bytes > 0 && gs_tile_lds_bytes(&g) > b->info.lds_bytes)
		return gs_error_set(err, "--tile", 0, 0,
		                    "the %dx%dx%d tile needs %ld bytes of LDS/shared memory, "
		                    "%s has %lld per workgroup",
		                    g.tile_m, g.tile_n, g.tile_k, gs_tile_lds_bytes(&g),
		                    b->info.name, b->info.lds_bytes);
	return 0;
}

/* ---- running --------------------------------------------------------------- */

static int
new_results(bench *b, gs_error *err)
{
	b->res = gs_table_new(b->a.output ? b->a.output : "-");
	if (!b->res || gs_table_set_format(b->res, "gemmscope") != 0 ||
	    gs_table_set_gpu(b->res, b->info.name, b->info.cus) != 0)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	for (int x = 0; x < X__N; x++)
		if (gs_table_add_extra_name(b->res, extra_names[x]) != x)
			return gs_error_set(err, NULL, 0, 0, "out of memory");
	return 0;
}

static gs_dev_gemm
gemm_of(const gs_shape *s)
{
	gs_dev_gemm g = {0};

	g.m = s->M;
	g.n = s->N;
	g.k = s->K;
	g.batch = s->batch;
	g.dtype = gs_bdtype_from_name(s->dtype);
	g.trans_a = s->trans_a;
	g.trans_b = s->trans_b;
	g.bias = s->bias;
	return g;
}

/* Field F of S in the order of the lists: sclk, mclk, temperature, power. */
static double
clock_field(const gs_clock_sample *s, size_t f)
{
	return f == 0 ? s->sclk_mhz : f == 1 ? s->mclk_mhz : f == 2 ? s->temp_c : s->power_w;
}

/* Field F of M's clock samples as "v;v;..." (shortest exact text, empty
 * items where unknown), or NULL when none is known.  Malloc'd. */
static char *
clock_list(const gs_bench_meas *m, size_t f)
{
	gs_dynbuf d;
	int any = 0;

	gs_dynbuf_init(&d, (size_t)1 << 30);
	for (size_t i = 0; m->clk && i < m->nsamples; i++) {
		double v = clock_field(&m->clk[i], f);
		char num[GS_FMT_LEN] = "";
		if (!isnan(v)) {
			gs_fmt_exact(num, sizeof num, v);
			any = 1;
		}
		if (gs_dynbuf_printf(&d, "%s%s", i ? ";" : "", num) != 0)
			return NULL; /* the buffer is freed */
	}
	if (!any) {
		gs_dynbuf_free(&d);
		return NULL;
	}
	return d.d;
}

/* Keep M's clock lists for record R, the last one added to the results. */
static int
keep_clocks(bench *b, const gs_record *r, const gs_bench_meas *m, gs_error *err)
{
	size_t i = (size_t)(r - b->res->rec);

	if (i >= b->nclk) {
		if (GS_GROW(b->clk, b->clk_cap, i + 1, (size_t)1 << 40) != 0)
			return gs_error_set(err, NULL, 0, 0, "out of memory");
		memset(b->clk + b->nclk, 0, (i + 1 - b->nclk) * sizeof *b->clk);
		b->nclk = i + 1;
	}
	for (size_t f = 0; f < GS_BENCHOUT_CLOCKS; f++) {
		free(b->clk[i][f]);
		b->clk[i][f] = clock_list(m, f);
	}
	return 0;
}

static int
keep(bench *b, const gs_record *p, const gs_bench_meas *m, gs_error *err)
{
	gs_record *r = gs_table_get(b->res, &p->shape, p->line, err);
	double *x;

	if (!r)
		return -1;
	x = r->more->extra; /* the results table has extra columns */
	for (size_t i = 0; i < m->nsamples; i++)
		if (gs_record_add_sample(r, m->samples[i]) != 0)
			return gs_error_set(err, NULL, 0, 0, "out of memory");
	if (gs_table_set_tag(NULL, r, gs_record_tag(p)) != 0 ||
	    gs_table_set_kernel(NULL, r, m->kernel[0] ? m->kernel : NULL) != 0)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	if (b->a.cfg.kind == GS_DEV_TILED) {
		gs_launch *l = gs_record_launch(r);
		if (!l)
			return gs_error_set(err, NULL, 0, 0, "out of memory");
		l->tile_m = b->a.cfg.tile_m;
		l->tile_n = b->a.cfg.tile_n;
		l->tile_k = b->a.cfg.tile_k;
	}
	x[X_ERR] = m->max_err;
	x[X_CHECKED] = (double)m->checked;
	x[X_WARMUP] = (double)m->warmup_launches;
	x[X_COPIES] = (double)m->copies;
	x[X_FOOTPRINT] = m->footprint_mib;
	x[X_CACHE] = b->a.cfg.cache_mib > 0 ? b->a.cfg.cache_mib : NAN;
	x[X_FLUSH] = m->flush_mib;
	x[X_ICACHE] = m->icache_flushed;
	x[X_THROTTLED] = m->clk ? gs_clocks_throttled(m->clk, m->nsamples, b->info.sclk_mhz,
	                                              b->a.cfg.throttle_pct)
	                        : NAN;
	x[X_SCLK] = m->clk ? gs_clocks_sclk_mean(m->clk, m->nsamples) : NAN;
	x[X_CYCLES] = m->clk ? gs_clocks_cycles_median(m->samples, m->clk, m->nsamples) : NAN;
	return keep_clocks(b, r, m, err);
}

static void
progress(const bench *b, size_t i, const char *what, const gs_bench_meas *m)
{
	double med = gs_stats_median(m->samples, m->nsamples);
	gs_gemm g;

	gs_gemm_cost(&b->plan->rec[i].shape, &g); /* flop is set for any dtype */

	if (b->a.quiet)
		return;
	say("[%zu/%zu] %s: %.4g us median of %zu, %.4g TFLOP/s, %s %ld outputs "
	    "(max error %.2g)",
	    i + 1, b->plan->n, what, med, m->nsamples, gs_gemm_tflops(g.flop, med),
	    m->full_check ? "checked all" : "checked", m->checked, m->max_err);
}

static int
run_one(bench *b, size_t i, gs_error *err)
{
	const gs_record *p = &b->plan->rec[i];
	gs_dev_gemm g = gemm_of(&p->shape);
	gs_bench_meas m;
	gs_error e;
	char what[160];
	int rc;

	gs_shape_format(&p->shape, what, sizeof what);
	gs_error_clear(&e);
	if (gs_bench_measure(b->api, &b->info, &b->a.cfg, &g, &m, &e) != 0) {
		say("%s: %s", what, e.msg);
		b->failed++;
		return 0;
	}
	progress(b, i, what, &m);
	rc = keep(b, p, &m, err);
	gs_bench_meas_free(&m);
	return rc;
}

static int
write_results(bench *b, gs_error *err)
{
	gs_benchout_meta meta = {b->a.backend, &b->info, gs_clocks_source(b->clocks),
	                         (char *const(*)[GS_BENCHOUT_CLOCKS])b->clk, b->nclk};

	if (b->res->n == 0)
		return gs_error_set(err, NULL, 0, 0, "no shape succeeded: nothing written");
	if (gs_table_finish(b->res, err) != 0)
		return -1;
	if (!b->a.output)
		return gs_benchout_csv(b->res, &meta, stdout, err);
	if (gs_benchout_csv(b->res, &meta, b->out.fp, err) != 0)
		return -1;
	return gs_outfile_commit(&b->out, err);
}

static int
run_shapes(bench *b, gs_error *err)
{
	if (b->plan->n == 0)
		return 0;
	if (new_results(b, err) != 0)
		return -1;
	for (size_t i = 0; i < b->plan->n; i++)
		if (run_one(b, i, err) != 0)
			return -1;
	return write_results(b, err);
}

static int
run_ceilings(bench *b, gs_error *err)
{
	int all[] = {GS_DEV_F32, GS_DEV_F16, GS_DEV_BF16}, given[GS_BENCH_CLI_MAX_DTYPES];
	int n = 0;
	gs_ceilings c;
	gs_outfile out;

	if (!b->a.ceilings)
		return 0;
	for (; b->a.dtype_ptrs[n]; n++)
		given[n] = gs_bdtype_from_name(b->a.dtype_ptrs[n]);
	if (gs_ceil_measure(b->api, &b->info, &b->a.cfg, b->a.dtype_given ? given : all,
	                    b->a.dtype_given ? n : 3, b->a.ceil_size, b->a.ceil_mib, &c, err) != 0)
		return -1;
	if (!b->a.quiet)
		say("ceilings: %.4g GB/s copy bandwidth; peak f32 %.4g, f16 %.4g, "
		    "bf16 %.4g TFLOP/s (%ld^3)",
		    c.bandwidth_gbs, c.peak_tflops[GS_DEV_F32], c.peak_tflops[GS_DEV_F16],
		    c.peak_tflops[GS_DEV_BF16], c.gemm_size);
	if (gs_outfile_open(&out, b->a.ceilings, err) != 0)
		return -1;
	if (gs_ceil_write_spec(&c, &b->info, out.fp, err) != 0) {
		gs_outfile_abort(&out);
		return -1;
	}
	return gs_outfile_commit(&out, err);
}

/* ---- main ------------------------------------------------------------------- */

/* The device's largest cache, which the rotation and the flush must
 * exceed (gs_bench_cache_mib), said once unless -q. */
static void
set_cache(bench *b)
{
	gs_bench_cfg *c = &b->a.cfg;
	char why[160];

	c->cache_mib = gs_bench_cache_mib(&b->info, b->api->platform, why, sizeof why);
	if (!b->a.quiet)
		say("largest cache %g MiB (%s): operands rotate over %g MiB%s", c->cache_mib, why,
		    gs_bench_rotating_mib(c), c->flush ? ", flushed before each sample" : "");
	if (c->rotating_mib > 0 && c->cache_mib > 0 && c->rotating_mib < 2 * c->cache_mib)
		say("--rotating %g MiB is less than 2x the largest cache (%g MiB): operands may be "
		    "timed warm",
		    c->rotating_mib, c->cache_mib);
}

static int
prepare(bench *b, gs_error *err)
{
	int rc;

	if (build_plan(b, err) != 0)
		return GS_BENCH_USAGE;
	if ((rc = start_backend(b, err)) != 0)
		return rc == GS_BENCH_NO_GPU ? rc : GS_BENCH_USAGE;
	set_cache(b);
	if (!(b->clocks = gs_clocks_open(b->api->platform, b->info.pci_bus_id)))
		return GS_BENCH_USAGE;
	b->a.cfg.clocks = b->clocks;
	if (check_tile(b, err) != 0)
		return GS_BENCH_USAGE;
	if (b->plan->n && b->a.output && gs_outfile_open(&b->out, b->a.output, err) != 0)
		return GS_BENCH_USAGE;
	return 0;
}

static int
run(bench *b)
{
	gs_error err;
	int rc;

	gs_error_clear(&err);
	if ((rc = prepare(b, &err)) != 0) {
		if (rc == GS_BENCH_USAGE)
			say_error(&err);
		return rc;
	}
	if (run_shapes(b, &err) != 0 || run_ceilings(b, &err) != 0) {
		say_error(&err);
		return GS_BENCH_FAILED;
	}
	return b->failed ? GS_BENCH_FAILED : GS_BENCH_OK;
}

int
gs_bench_main(int argc, char **argv, const char *const *plugin_dirs)
{
	bench b;
	gs_error err;
	int rc;

	memset(&b, 0, sizeof b);
	b.dirs = plugin_dirs;
	gs_error_clear(&err);
	if (gs_bench_cli_parse(argc, argv, &b.a, &err) != 0) {
		say_error(&err);
		return GS_BENCH_USAGE;
	}
	if (b.a.help || b.a.version) {
		if (b.a.help)
			gs_bench_cli_usage(stdout);
		else
			printf("gemmscope-bench %s\n", PACKAGE_VERSION);
		return GS_BENCH_OK;
	}
	rc = run(&b);
	gs_outfile_abort(&b.out);
	if (b.api && b.api == gs_cpugemm_api())
		b.api->fini();
	gs_devload_close(&b.dl);
	gs_table_free(b.plan);
	gs_table_free(b.res);
	gs_clocks_close(b.clocks);
	for (size_t i = 0; i < b.nclk; i++)
		for (size_t f = 0; f < GS_BENCHOUT_CLOCKS; f++)
			free(b.clk[i][f]);
	free(b.clk);
	return rc;
}
