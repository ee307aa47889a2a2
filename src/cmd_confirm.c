#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "analysis/confirm.h"
#include "cmd_confirm.h"
#include "cmd_report.h"
#include "ingest/report_json.h"
#include "render/confirm_out.h"
#include "render/native_csv.h"
#include "util/outfile.h"

enum { NOUT = 3 };

static int
write_regenerated(const gs_confirm *c, FILE *out, gs_error *err)
{
	gs_table *t = gs_confirm_regenerated(c);
	int rc;

	if (!t)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	rc = gs_report_native_csv(t, out, err);
	gs_table_free(t);
	return rc;
}

/* All outputs or none: render each into its temporary file, then rename. */
static int
write_outputs(const gs_cli *cli, const gs_confirm *c, gs_error *err)
{
	const char *path[NOUT] = {cli->out.regressions, cli->out.json, cli->out.markdown};
	gs_outfile f[NOUT] = {{0}};
	int rc = 0;
	size_t i;

	for (i = 0; i < NOUT && rc == 0; i++) {
		if (!path[i])
			continue;
		if (gs_outfile_open(&f[i], path[i], err) != 0) {
			rc = -1;
			break;
		}
		rc = i == 0 ? write_regenerated(c, f[i].fp, err)
		   : i == 1 ? gs_render_confirm_json(c, f[i].fp, err)
		            : gs_render_confirm_markdown(c, f[i].fp, err);
	}
	for (i = 0; i < NOUT; i++) {
		if (!f[i].fp)
			continue;
		if (rc == 0)
			rc = gs_outfile_commit(&f[i], err);
		else
			gs_outfile_abort(&f[i]);
	}
	return rc;
}

int
gs_run_confirm(const gs_cli *cli, const char *report, const char *base_re,
               const char *cand_re, gs_error *err)
{
	gs_table *base = NULL, *cand = NULL;
	gs_rjson_report rep;
	gs_confirm c;
	int status = 2, rc;

	memset(&c, 0, sizeof c);
	if (gs_rjson_load(report, &rep, err) != 0)
		goto done;
	rc = gs_confirm_init(&c, &rep, err);
	gs_rjson_free(&rep);
	if (rc != 0)
		goto done;
	if (gs_ingest_read(base_re, &cli->ingest, &base, err) != 0 ||
	    gs_ingest_read(cand_re, &cli->ingest, &cand, err) != 0 ||
	    gs_confirm_run(&c, base, cand, &cli->cmp, err) != 0 ||
	    write_outputs(cli, &c, err) != 0)
		goto done;
	if (!cli->quiet)
		printf("%zu regressions in %s: %zu confirmed, %zu not reproduced, "
		       "%zu unsure, %zu not re-measured\n", c.n, report, c.confirmed,
		       c.not_reproduced, c.unsure, c.not_remeasured);
	status = 0;
	if (cli->max_regressed >= 0 && (long)c.confirmed > cli->max_regressed) {
		fprintf(stderr, "gemmscope: gate: %zu confirmed regressions > --max-regressed %ld\n",
		        c.confirmed, cli->max_regressed);
		status = 1;
	}
done:
	gs_confirm_free(&c);
	gs_table_free(base);
	gs_table_free(cand);
	return status;
}
