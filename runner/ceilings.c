#include <math.h>
#include <stdio.h>
#include <string.h>

#include "runner/bdtype.h"
#include "runner/ceilings.h"

/* The copy's size (ceilings.h): 4x the largest cache (CACHE_MIB, the
 * rotation's figure, measure.h; the runtime's L2 when that is unknown),
 * at least 512 MiB, at most a quarter of device memory. */
static double
copy_bytes(const gs_dev_info *info, double cache_mib, double copy_mib)
{
	double llc = cache_mib > 0 ? cache_mib * 1048576.0 : (double)info->l2_bytes, b;

	if (copy_mib > 0)
		return copy_mib * 1048576.0;
	b = fmax(4.0 * llc, 512.0 * 1048576.0);
	if (info->mem_bytes > 0)
		b = fmin(b, (double)info->mem_bytes / 4);
	return b;
}

static double
fastest(const double *x, size_t n)
{
	double m = INFINITY;

	for (size_t i = 0; i < n; i++)
		m = fmin(m, x[i]);
	return m;
}

static int
copy_fail(const gs_dev_api *api, void *src, void *dst, const char *msg, gs_error *err)
{
	api->release(src);
	api->release(dst);
	return gs_error_set(err, NULL, 0, 0, "bandwidth: %s", msg);
}

static int
bandwidth(const gs_dev_api *api, const gs_bench_cfg *cfg, double bytes, double *gbs, gs_error *err)
{
	void *src = NULL, *dst = NULL;
	size_t n = (size_t)bytes;
	double best = INFINITY, us;
	const char *msg;

	if ((msg = api->alloc(&src, n)) || (msg = api->alloc(&dst, n)) ||
	    (msg = api->fill(src, 0x5a, n)))
		return copy_fail(api, src, dst, msg, err);
	for (int w = 0; w < (cfg->warmup > 2 ? 2 : cfg->warmup); w++)
		if ((msg = api->copy(dst, src, n)))
			return copy_fail(api, src, dst, msg, err);
	for (int s = 0; s < cfg->iters; s++) {
		if ((msg = api->timer_start()) || (msg = api->copy(dst, src, n)) ||
		    (msg = api->timer_stop(&us)))
			return copy_fail(api, src, dst, msg, err);
		best = fmin(best, us);
	}
	api->release(src);
	api->release(dst);
	*gbs = 2.0 * bytes / (best * 1e-6) / 1e9;
	return 0;
}

static int
peak(const gs_dev_api *api, const gs_dev_info *info, const gs_bench_cfg *cfg, int dtype, long s,
     double *tflops, gs_error *err)
{
	gs_dev_gemm g = {s, s, s, 1, dtype, 'N', 'N', 0, 0, 0, 0, 0, 0};
	gs_bench_meas m;

	if (gs_bench_measure(api, info, cfg, &g, &m, err) != 0) {
		char msg[GS_ERR_MSG_LEN];
		snprintf(msg, sizeof msg, "%s", err ? err->msg : "");
		return gs_error_set(err, NULL, 0, 0, "peak %s %ldx%ldx%ld: %s",
		                    gs_bdtype_name(dtype), s, s, s, msg);
	}
	*tflops = 2.0 * (double)s * (double)s * (double)s /
	          (fastest(m.samples, m.nsamples) * 1e-6) / 1e12;
	gs_bench_meas_free(&m);
	return 0;
}

int
gs_ceil_measure(const gs_dev_api *api, const gs_dev_info *info, const gs_bench_cfg *cfg,
                const int *dtypes, int ndtypes, long size, double copy_mib, gs_ceilings *out,
                gs_error *err)
{
	memset(out, 0, sizeof *out);
	out->copy_bytes = copy_bytes(info, cfg->cache_mib, copy_mib);
	out->gemm_size = size > 0 ? size : cfg->kind == GS_DEV_CPU ? 256 : 8192;
	if (bandwidth(api, cfg, out->copy_bytes, &out->bandwidth_gbs, err) != 0)
		return -1;
	for (int i = 0; i < ndtypes; i++)
		if (peak(api, info, cfg, dtypes[i], out->gemm_size, &out->peak_tflops[dtypes[i]],
		         err) != 0)
			return -1;
	return 0;
}

int
gs_ceil_write_spec(const gs_ceilings *c, const gs_dev_info *info, FILE *out, gs_error *err)
{
	fprintf(out, "name = %s\n", info->name);
	if (strncmp(info->arch, "gfx", 3) == 0 || strncmp(info->arch, "sm_", 3) == 0)
		fprintf(out, "arch = %.*s\n", (int)strcspn(info->arch, ":"), info->arch);
	else
		fprintf(out, "family = other\n");
	fprintf(out, "cus = %d\n", info->cus);
	fprintf(out, "wave_size = %d\n", info->wave_size);
	if (info->sclk_mhz > 0)
		fprintf(out, "clock_ghz = %.6g\n", info->sclk_mhz / 1000.0);
	if (info->lds_bytes > 0)
		fprintf(out, "lds_per_wg_kib = %.6g\n", (double)info->lds_bytes / 1024);
	fprintf(out, "bandwidth_gbs = %.6g\n", c->bandwidth_gbs);
	for (int d = GS_DEV_F32; d <= GS_DEV_BF16; d++)
		if (c->peak_tflops[d] > 0)
			fprintf(out, "peak_tflops_%s = %.6g\n", gs_bdtype_name(d),
			        c->peak_tflops[d]);
	fprintf(out, "source = measured by gemmscope-bench\n");
	if (ferror(out))
		return gs_error_set(err, NULL, 0, 0, "write error");
	return 0;
}
