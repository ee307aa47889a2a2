#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"
#include "analysis/cause.h"
#include "analysis/cliff.h"
#include "analysis/impact.h"
#include "analysis/residual.h"
#include "analysis/metrics.h"
#include "analysis/single.h"
#include "cmd_compare.h"
#include "util/par.h"
#include "ingest/gpuspec.h"
#include "render/figures.h"
#include "render/overroof.h"
#include "util/datadir.h"

void
gs_cli_init(gs_cli *cli)
{
	memset(cli, 0, sizeof *cli);
	cli->out.html = "gemmscope-report.html";
	gs_compare_opts_default(&cli->cmp);
	cli->max_regressed = -1;
	cli->persist = 2;
	cli->ingest.progress = 1; /* drawn only on a terminal, after a second */
}

/* The last second a report can print as a date: 9999-12-31T23:59:59Z
 * (four-digit years, what gmtime and strftime give everywhere). */
#define GS_TIMESTAMP_MAX 253402300799LL

int
gs_report_timestamp(long long *ts, gs_error *err)
{
	const char *env = getenv("SOURCE_DATE_EPOCH");
	char *end;

	if (!env || !*env) {
		*ts = (long long)time(NULL);
		return 0;
	}
	errno = 0;
	*ts = strtoll(env, &end, 10);
	if (errno || *end || *ts < 0 || *ts > GS_TIMESTAMP_MAX)
		return gs_error_set(err, NULL, 0, 0,
		                    "SOURCE_DATE_EPOCH must be an integer from 0 to %lld "
		                    "(9999-12-31T23:59:59Z), got '%s'",
		                    (long long)GS_TIMESTAMP_MAX, env);
	return 0;
}

static void
print_summary(const gs_compare *c, const gs_cli *cli)
{
	const gs_compare_summary *s = &c->s;

	char ci[64] = "n/a";

	if (!isnan(s->geomean_lo)) /* one shape has no interval */
		snprintf(ci, sizeof ci, "%.4f-%.4f", s->geomean_lo, s->geomean_hi);
	printf("%zu shapes matched: geomean speedup %.4f [95%% CI %s], "
	       "weighted %.4f; %zu improved, %zu regressed, %zu neutral, %zu unsure "
	       "(threshold %g%%)\n",
	       s->matched, s->geomean, ci, s->weighted, s->improved, s->regressed, s->neutral,
	       s->unsure, cli->cmp.threshold * 100);
	if (s->only_in_baseline || s->only_in_candidate || s->excluded_baseline ||
	    s->excluded_candidate)
		printf("%zu only in baseline, %zu only in candidate, %zu+%zu rows excluded\n",
		       s->only_in_baseline, s->only_in_candidate, s->excluded_baseline,
		       s->excluded_candidate);
}

/* The CI gates the model decided (analysis/gate.h): each crossed one on
 * stderr; 1 when any was crossed. */
static int
gates(const gs_gates *g)
{
	for (size_t i = 0; i < g->n; i++) {
		const gs_gate *x = &g->g[i];

		if (x->passed)
			continue;
		if (strcmp(x->name, "min-geomean") == 0)
			fprintf(stderr,
			        "gemmscope: gate: geomean speedup %.4f < --min-geomean %g\n",
			        x->value, x->threshold);
		else
			fprintf(stderr, "gemmscope: gate: %zu regressed shapes > --%s %ld\n",
			        (size_t)x->value, x->name, (long)x->threshold);
	}
	return gs_gates_crossed(g) > 0;
}

/* The option that sets SIDE's GPU, with its spelling in *NAME. */
static const char *
gpu_option(const gs_cli *cli, int side, const char **name)
{
	static const char *const names[2] = {"--gpu-base", "--gpu-cand"};

	if (side >= 0 && side < 2 && cli->gpu_side[side]) {
		*name = names[side];
		return cli->gpu_side[side];
	}
	*name = "--gpu";
	return cli->gpu;
}

int
gs_cli_gpu(const gs_cli *cli, int side, const gs_table *t, gs_gpu_choice *c, gs_error *err)
{
	const char *opt = gpu_option(cli, side, &c->from);
	double mem_gb = t->env.num[GS_ENV_MEMORY], sclk = t->env.num[GS_ENV_SCLK];

	c->gpu = NULL;
	c->why[0] = '\0';
	if (opt) {
		if (gs_gpu_resolve(opt, &c->store, err) != 0)
			return -1;
		c->gpu = &c->store;
		return 0;
	}
	c->from = NULL;
	if (!t->gpu)
		return 0;
	c->gpu = gs_gpu_find_variant(t->gpu, mem_gb > 0 ? mem_gb * 1e9 : 0, t->gpu_cus,
	                             sclk > 0 ? sclk / 1e3 : 0, c->why, sizeof c->why);
	if (c->gpu)
		c->from = "the input";
	else
		c->why[0] = '\0';
	return 0;
}

void
gs_warn_over_roof(const gs_single *s, const char *label)
{
	char buf[768];

	if (gs_over_roof_text(s, label, buf, sizeof buf))
		fprintf(stderr, "gemmscope: WARNING: %s\n", buf);
}

/* Everything one compare run holds. */
typedef struct cmp_run {
	gs_table *base, *cand;
	gs_table *work; /* --weights: the workload, else NULL */
	gs_compare cmp;
	gs_gpu_choice gpu[2]; /* baseline, candidate */
	gs_single eff[2]; /* baseline, candidate */
	gs_metrics metrics;
	gs_causes causes;
	gs_impact impact;
	gs_residuals res[2]; /* measured against predicted, each side */
	gs_residual_shift shift;
	gs_cliffs cliffs[2];
	const char *inputs[6]; /* baseline, candidate, --gpu, --weights, --gpu-base,
	                          --gpu-cand: not outputs */
	gs_report r;
} cmp_run;

/* SIDE's efficiency model on its own GPU. */
static int
side_efficiency(const gs_cli *cli, int side, const gs_table *t, gs_gpu_choice *c, gs_single *out,
                gs_error *err)
{
	gs_single_opts o;

	gs_single_opts_default(&o);
	o.by_time = 0; /* a compare ranks pairs, not one side's rows */
	if (gs_cli_gpu(cli, side, t, c, err) != 0)
		return -1;
	o.gpu_from = c->from;
	o.gpu_why = c->why[0] ? c->why : NULL;
	return gs_single_run(t, c->gpu, &o, out, err);
}

/* One side's analyses that read only its own table: its efficiency
 * model, its residuals and its cliffs (a gs_par_fn). */
typedef struct side_job {
	const gs_cli *cli;
	cmp_run *x;
	int i; /* 0 baseline, 1 candidate */
	gs_error err;
} side_job;

static int
side_run(void *arg)
{
	side_job *j = arg;
	cmp_run *x = j->x;
	int i = j->i;

	if (side_efficiency(j->cli, i, i ? x->cand : x->base, &x->gpu[i], &x->eff[i], &j->err) !=
	            0 ||
	    gs_residuals_run(&x->eff[i], j->cli->cmp.top, &x->res[i], &j->err) != 0)
		return -1;
	return gs_cliffs_find(&x->eff[i], j->cli->cmp.threshold, &x->cliffs[i], &j->err);
}

/* The join (a gs_par_fn), beside the candidate's side. */
typedef struct join_job {
	const gs_cli *cli;
	cmp_run *x;
	gs_error err;
} join_job;

static int
join_run(void *arg)
{
	join_job *j = arg;
	cmp_run *x = j->x;

	if (gs_compare_run(x->base, x->cand, &j->cli->cmp, &x->cmp, &j->err) != 0)
		return -1;
	/* joined: no key is looked up again (the other thread reads the
	 * candidate's records, never its index) */
	gs_table_drop_index(x->base);
	gs_table_drop_index(x->cand);
	return 0;
}

/* The pairs' three plots (a gs_par_fn), beside the baseline's side: they
 * need only the pairs. */
static int
figures_run(void *arg)
{
	join_job *j = arg;

	return gs_figures_compare(&j->x->cmp, gs_datadir(), &j->x->r.plots, &j->x->r.nplots,
	                          &j->err);
}

/* The two sides and the join on two threads, in two rounds of about equal
 * halves: the join beside the candidate's side, then the baseline's side
 * beside the pairs' plots; then what needs both. */
static int
analyse(const gs_cli *cli, cmp_run *x, gs_error *err)
{
	join_job jn, fig;
	side_job b, c;
	int rc_a, rc_b;

	memset(&jn, 0, sizeof jn);
	memset(&b, 0, sizeof b);
	memset(&c, 0, sizeof c);
	jn.cli = b.cli = c.cli = cli;
	jn.x = b.x = c.x = x;
	fig = jn;
	c.i = 1;
	/* errors are told in the order of the steps: join, baseline,
	 * candidate, plots */
	rc_a = gs_par_run2(join_run, &jn, side_run, &c, &rc_b);
	if (rc_a != 0) {
		*err = jn.err;
		return -1;
	}
	if (rc_b != 0) {
		*err = side_run(&b) != 0 ? b.err : c.err;
		return -1;
	}
	rc_a = gs_par_run2(side_run, &b, figures_run, &fig, &rc_b);
	if (rc_a != 0 || rc_b != 0) {
		*err = rc_a != 0 ? b.err : fig.err;
		return -1;
	}
	if (gs_metrics_run(&x->cmp, &x->metrics, err) != 0 ||
	    gs_cause_run(&x->cmp, &x->eff[0], &x->eff[1], &x->causes, err) != 0)
		return -1;
	if (x->work && gs_impact_run(&x->cmp, x->work, cli->cmp.top, &x->impact, err) != 0)
		return -1;
	return gs_residual_shift_run(&x->cmp, &x->eff[0], &x->res[0], &x->eff[1], &x->res[1],
	                             &x->shift, err);
}

static int
build_report(const gs_cli *cli, cmp_run *x, gs_error *err)
{
	gs_report *r = &x->r;

	r->kind = GS_REPORT_COMPARE;
	r->title = cli->title ? cli->title : "GEMM comparison";
	r->report_url = cli->report_url;
	r->json_indent = cli->json_indent;
	r->version = PACKAGE_VERSION;
	r->datadir = gs_datadir();
	r->cmp = &x->cmp;
	r->eff_base = &x->eff[0];
	r->eff_cand = &x->eff[1];
	r->gpu = x->eff[0].gpu ? x->eff[0].gpu : x->eff[1].gpu;
	r->metrics = x->metrics.n > 0 ? &x->metrics : NULL;
	r->causes = &x->causes;
	r->impact = x->work ? &x->impact : NULL;
	for (int i = 0; i < 2; i++) {
		r->residuals[i] = &x->res[i];
		r->cliffs[i] = &x->cliffs[i];
	}
	r->residual_shift = &x->shift;
	gs_report_environment(r, x->base, x->cand);
	gs_report_kernels(r, x->base, x->cand);
	gs_gates_compare(&x->cmp, cli->min_geomean, cli->max_regressed, &r->gates);
	if (gs_report_timestamp(&r->timestamp, err) != 0 ||
	    gs_figures_efficiency(&x->cmp, &x->eff[0], &x->eff[1], r->datadir, &r->plots,
	                          &r->nplots, err) != 0 ||
	    gs_figures_sweeps(&x->eff[0], &x->cliffs[0], &x->eff[1], &x->cliffs[1], r->datadir,
	                      &r->plots, &r->nplots, err) != 0)
		return -1;
	return 0;
}

int
gs_run_compare(const gs_cli *cli, const char *base_path, const char *cand_path, gs_error *err)
{
	cmp_run x;
	int status = 2;

	memset(&x, 0, sizeof x);
	x.inputs[0] = base_path;
	x.inputs[1] = cand_path;
	x.inputs[2] = cli->gpu;
	x.inputs[3] = cli->weights;
	x.inputs[4] = cli->gpu_side[0];
	x.inputs[5] = cli->gpu_side[1];
	x.r.inputs = x.inputs;
	x.r.ninputs = 6;
	if (gs_ingest_read_pair(base_path, cand_path, &cli->ingest, &x.base, &x.cand, err) != 0 ||
	    (cli->weights && gs_ingest_read(cli->weights, &cli->ingest, &x.work, err) != 0) ||
	    analyse(cli, &x, err) != 0 || build_report(cli, &x, err) != 0 ||
	    gs_output_write_all(&x.r, &cli->out, err) != 0)
		goto done;
	if (!cli->quiet)
		print_summary(&x.cmp, cli);
	gs_warn_over_roof(&x.eff[0], "baseline");
	gs_warn_over_roof(&x.eff[1], "candidate");
	status = gates(&x.r.gates);
done:
	gs_figures_free(x.r.plots, x.r.nplots);
	gs_report_model_free(&x.r);
	gs_metrics_free(&x.metrics);
	gs_impact_free(&x.impact);
	gs_causes_free(&x.causes);
	for (int i = 0; i < 2; i++) {
		gs_residuals_free(&x.res[i]);
		gs_cliffs_free(&x.cliffs[i]);
	}
	gs_single_free(&x.eff[0]);
	gs_single_free(&x.eff[1]);
	gs_compare_free(&x.cmp);
	gs_table_free(x.base);
	gs_table_free(x.cand);
	gs_table_free(x.work);
	return status;
}
