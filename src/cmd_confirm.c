/* cmd_confirm.c: `gemmscope confirm REPORT.json BASE_RE CAND_RE`: ingest
 * -> the confirm analysis -> its report model -> the outputs the format
 * table allows (render/output.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "config.h"
#include "analysis/confirm.h"
#include "analysis/report.h"
#include "cmd_confirm.h"
#include "ingest/report_json.h"
#include "render/output.h"

/* C's report model: the confirm kind, its regenerated list computed once
 * (gs_report_confirm).  Returns 0 or -1 with ERR. */
static int
build_report(const gs_cli *cli, const gs_confirm *c, gs_report *r, gs_error *err)
{
	r->kind = GS_REPORT_CONFIRM;
	r->report_url = cli->report_url;
	r->json_indent = cli->json_indent;
	r->version = PACKAGE_VERSION;
	r->confirm = c;
	gs_gates_confirm(c, cli->max_regressed, &r->gates);
	return gs_report_confirm(r, err);
}

/* The gate the model decided (analysis/gate.h), on stderr when crossed;
 * 1 when crossed. */
static int
gates(const gs_gates *g)
{
	for (size_t i = 0; i < g->n; i++)
		if (!g->g[i].passed)
			fprintf(stderr, "gemmscope: gate: %zu confirmed regressions > --%s %ld\n",
			        (size_t)g->g[i].value, g->g[i].name, (long)g->g[i].threshold);
	return gs_gates_crossed(g) > 0;
}

/* The outputs CLI asks of confirm: its own (--json, --markdown,
 * --regressions; main.c refuses the others), without the default -o
 * path that gs_cli_init sets for the commands that write a page. */
static gs_output_paths
confirm_paths(const gs_cli *cli)
{
	gs_output_paths p = cli->out;

	p.html = NULL;
	return p;
}

int
gs_run_confirm(const gs_cli *cli, const char *report, const char *base_re, const char *cand_re,
               gs_error *err)
{
	gs_table *base = NULL, *cand = NULL;
	gs_rjson_report rep;
	gs_confirm c;
	gs_output_paths paths = confirm_paths(cli);
	gs_report r;
	const char *inputs[4] = {report, base_re, cand_re, cli->gpu};
	int status = 2, rc;

	memset(&c, 0, sizeof c);
	memset(&r, 0, sizeof r);
	r.inputs = inputs;
	r.ninputs = 4;
	if (gs_rjson_load(report, &rep, err) != 0)
		goto done;
	rc = gs_confirm_init(&c, &rep, err);
	gs_rjson_free(&rep);
	if (rc != 0)
		goto done;
	if (gs_ingest_read(base_re, &cli->ingest, &base, err) != 0 ||
	    gs_ingest_read(cand_re, &cli->ingest, &cand, err) != 0 ||
	    gs_confirm_run(&c, base, cand, &cli->cmp, err) != 0 ||
	    build_report(cli, &c, &r, err) != 0 || gs_output_write_all(&r, &paths, err) != 0)
		goto done;
	if (!cli->quiet)
		printf("%zu regressions in %s: %zu confirmed, %zu not reproduced, "
		       "%zu unsure, %zu not re-measured\n",
		       c.n, report, c.confirmed, c.not_reproduced, c.unsure, c.not_remeasured);
	status = gates(&r.gates);
done:
	gs_report_model_free(&r);
	gs_confirm_free(&c);
	gs_table_free(base);
	gs_table_free(cand);
	return status;
}
