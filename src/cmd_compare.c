#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"
#include "cmd_compare.h"
#include "render/figures.h"
#include "util/datadir.h"

void
gs_cli_init(gs_cli *cli)
{
	memset(cli, 0, sizeof *cli);
	cli->out.html = "gemmscope-report.html";
	gs_compare_opts_default(&cli->cmp);
	cli->max_regressed = -1;
	cli->persist = 2;
}

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
	if (errno || *end || *ts < 0)
		return gs_error_set(err, NULL, 0, 0,
		                    "SOURCE_DATE_EPOCH must be a non-negative integer, got '%s'", env);
	return 0;
}

static void
print_summary(const gs_compare *c, const gs_cli *cli)
{
	const gs_compare_summary *s = &c->s;

	printf("%zu shapes matched: geomean speedup %.4f [95%% CI %.4f-%.4f], "
	       "weighted %.4f; %zu improved, %zu regressed, %zu neutral, %zu unsure "
	       "(threshold %g%%)\n",
	       s->matched, s->geomean, s->geomean_lo, s->geomean_hi, s->weighted,
	       s->improved, s->regressed, s->neutral, s->unsure,
	       cli->cmp.threshold * 100);
	if (s->only_in_baseline || s->only_in_candidate || s->excluded_baseline ||
	    s->excluded_candidate)
		printf("%zu only in baseline, %zu only in candidate, %zu+%zu rows excluded\n",
		       s->only_in_baseline, s->only_in_candidate,
		       s->excluded_baseline, s->excluded_candidate);
}

/* The CI gates: 1 when crossed, with the reason on stderr. */
static int
gates(const gs_compare *c, const gs_cli *cli)
{
	int crossed = 0;

	if (cli->min_geomean > 0 && c->s.geomean < cli->min_geomean) {
		fprintf(stderr, "gemmscope: gate: geomean speedup %.4f < --min-geomean %g\n",
		        c->s.geomean, cli->min_geomean);
		crossed = 1;
	}
	if (cli->max_regressed >= 0 && (long)c->s.regressed > cli->max_regressed) {
		fprintf(stderr, "gemmscope: gate: %zu regressed shapes > --max-regressed %ld\n",
		        c->s.regressed, cli->max_regressed);
		crossed = 1;
	}
	return crossed;
}

int
gs_run_compare(const gs_cli *cli, const char *base_path, const char *cand_path,
               gs_error *err)
{
	gs_table *base = NULL, *cand = NULL;
	gs_compare cmp = {0};
	gs_report r = {0};
	int status = 2;

	if (gs_ingest_read(base_path, &cli->ingest, &base, err) != 0 ||
	    gs_ingest_read(cand_path, &cli->ingest, &cand, err) != 0 ||
	    gs_compare_run(base, cand, &cli->cmp, &cmp, err) != 0)
		goto done;
	r.kind = GS_REPORT_COMPARE;
	r.title = cli->title ? cli->title : "GEMM comparison";
	r.version = PACKAGE_VERSION;
	r.datadir = gs_datadir();
	r.cmp = &cmp;
	if (gs_report_timestamp(&r.timestamp, err) != 0 ||
	    gs_figures_compare(&cmp, r.datadir, &r.plots, &r.nplots, err) != 0 ||
	    gs_output_write_all(&r, &cli->out, err) != 0)
		goto done;
	if (!cli->quiet)
		print_summary(&cmp, cli);
	status = gates(&cmp, cli);
done:
	gs_figures_free(r.plots, r.nplots);
	gs_compare_free(&cmp);
	gs_table_free(base);
	gs_table_free(cand);
	return status;
}
