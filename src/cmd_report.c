/* cmd_report.c: `gemmscope report INPUT`, the single-run pipeline: ingest
 * -> GPU (--gpu, else the input's) -> efficiency model (analysis/single.h)
 * -> figures -> outputs. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "config.h"
#include "analysis/cliff.h"
#include "analysis/residual.h"
#include "analysis/single.h"
#include "cmd_report.h"
#include "render/figures.h"
#include "util/datadir.h"

typedef struct report_run {
	gs_table *table;
	gs_gpu_choice gpu;
	gs_single single;
	gs_residuals res; /* measured against predicted */
	gs_cliffs cliffs; /* along swept dimensions */
	const char *inputs[2]; /* the input, --gpu: not outputs */
	gs_report r;
} report_run;

static void
print_summary(const gs_single *s)
{
	const gs_single_summary *m = &s->s;

	printf("%zu shapes, %.1f us in total", m->shapes, m->total_us);
	if (isfinite(m->tflops))
		printf(", %.2f TFLOP/s time-weighted", m->tflops);
	printf("; GPU %s; tiles known for %zu, dim_eff for %zu", s->gpu ? s->gpu->name : "unknown",
	       m->with_tile, m->with_dim_eff);
	if (isfinite(m->weighted_pct_roofline))
		printf(", %.1f %% of roofline", m->weighted_pct_roofline);
	putchar('\n');
}

static int
analyse(const gs_cli *cli, report_run *x, gs_error *err)
{
	gs_single_opts o;

	gs_single_opts_default(&o);
	if (gs_cli_gpu(cli, -1, x->table, &x->gpu, err) != 0)
		return -1;
	o.gpu_from = x->gpu.from;
	o.gpu_why = x->gpu.why[0] ? x->gpu.why : NULL;
	if (gs_single_run(x->table, x->gpu.gpu, &o, &x->single, err) != 0 ||
	    gs_residuals_run(&x->single, cli->cmp.top, &x->res, err) != 0)
		return -1;
	return gs_cliffs_find(&x->single, cli->cmp.threshold, &x->cliffs, err);
}

static int
build_report(const gs_cli *cli, report_run *x, gs_error *err)
{
	gs_report *r = &x->r;

	r->kind = GS_REPORT_SINGLE;
	r->title = cli->title ? cli->title : "GEMM efficiency report";
	r->report_url = cli->report_url;
	r->json_indent = cli->json_indent;
	r->version = PACKAGE_VERSION;
	r->datadir = gs_datadir();
	r->single = &x->single;
	r->gpu = x->single.gpu;
	r->residuals[0] = &x->res;
	r->cliffs[0] = &x->cliffs;
	gs_report_environment(r, x->table, NULL);
	gs_report_kernels(r, x->table, NULL);
	if (gs_report_timestamp(&r->timestamp, err) != 0 ||
	    gs_figures_single(&x->single, r->datadir, &r->plots, &r->nplots, err) != 0 ||
	    gs_figures_sweeps(&x->single, &x->cliffs, NULL, NULL, r->datadir, &r->plots, &r->nplots,
	                      err) != 0)
		return -1;
	return 0;
}

int
gs_run_report(const gs_cli *cli, const char *input, gs_error *err)
{
	report_run x;
	int status = 2;

	memset(&x, 0, sizeof x);
	x.inputs[0] = input;
	x.inputs[1] = cli->gpu;
	x.r.inputs = x.inputs;
	x.r.ninputs = 2;
	if (gs_ingest_read(input, &cli->ingest, &x.table, err) != 0 || analyse(cli, &x, err) != 0 ||
	    build_report(cli, &x, err) != 0 || gs_output_write_all(&x.r, &cli->out, err) != 0)
		goto done;
	if (!cli->quiet)
		print_summary(&x.single);
	gs_warn_over_roof(&x.single, NULL);
	status = 0;
done:
	gs_figures_free(x.r.plots, x.r.nplots);
	gs_report_model_free(&x.r);
	gs_residuals_free(&x.res);
	gs_cliffs_free(&x.cliffs);
	gs_single_free(&x.single);
	gs_table_free(x.table);
	return status;
}
