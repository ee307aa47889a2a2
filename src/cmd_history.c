/* cmd_history.c: the history pipeline, load -> history (and mode
 * decomposition) -> figures -> outputs -> gates, in the shape of
 * cmd_compare.c. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "analysis/history.h"
#include "analysis/modes.h"
#include "cmd_history.h"
#include "ingest/runset.h"
#include "render/figures.h"
#include "render/figures_history.h"
#include "render/output.h"
#include "util/datadir.h"

/* What one history run holds, freed by run_free. */
typedef struct run {
	char **paths; /* the runs' inputs, oldest first */
	char **names; /* their run names */
	size_t n;
	gs_history h;
	gs_modes m;
	int have_modes;
	const char **inputs; /* every run file read, --gpu: not outputs */
	gs_report r;
} run;

static void
run_free(run *x)
{
	gs_figures_free(x->r.plots, x->r.nplots);
	gs_report_model_free(&x->r);
	gs_modes_free(&x->m);
	gs_history_free(&x->h);
	gs_runset_names_free(x->paths, x->names, x->n);
	free(x->inputs);
}

static void
history_opts(const gs_cli *cli, gs_history_opts *o)
{
	gs_history_opts_default(o);
	o->cmp = cli->cmp;
	o->persist = cli->persist ? cli->persist : 2;
	o->order_column = cli->order_column;
}

/* The mode decomposition when a run's name carries a mode word (modes.h).
 * A set of runs that cannot be decomposed is not an error of the history:
 * the section is left out and a note says why. */
static void
decompose(run *x)
{
	gs_error err;
	int any = 0;

	for (size_t i = 0; i < x->n && !any; i++)
		any = gs_mode_of_name(x->names[i]) != -1;
	if (!any)
		return;
	gs_error_clear(&err);
	/* runs named by a mode were added with GS_HISTORY_KEEP: their tables
	 * are still the history's; the others are NULL and unused */
	if (gs_modes_run(x->h.owned, (const char *const *)x->names, x->n, &x->m, &err) == 0) {
		x->have_modes = 1;
		return;
	}
	gs_modes_free(&x->m);
	fputs("gemmscope: note: no mode decomposition: ", stderr);
	gs_error_print(&err, stderr);
}

static void
print_summary(const gs_report *r)
{
	const gs_history *h = r->hist;
	const gs_history_entry *last = &h->runs[h->nruns - 1];

	printf("%zu runs, %zu shapes: %zu change points; %zu regressions confirmed "
	       "(%zu open at the last run), %zu improvements, %zu pending; geomean "
	       "%s vs %s %.4f\n",
	       h->nruns, h->nseries, h->ncps, h->regressions, r->open_regressions, h->improvements,
	       h->pending, last->name, h->runs[0].name, last->geomean_vs_first);
}

/* The CI gates the model decided (analysis/gate.h): each crossed one on
 * stderr; 1 when any was crossed. */
static int
gates(const gs_report *r)
{
	const gs_history *h = r->hist;
	const char *last = h->runs[h->nruns - 1].name;

	for (size_t i = 0; i < r->gates.n; i++) {
		const gs_gate *x = &r->gates.g[i];
		size_t open = (size_t)x->value;

		if (x->passed)
			continue;
		if (strcmp(x->name, "min-geomean") == 0)
			fprintf(stderr,
			        "gemmscope: gate: geomean speedup of %s against %s %.4f < "
			        "--min-geomean %g\n",
			        last, h->runs[0].name, x->value, x->threshold);
		else
			fprintf(stderr,
			        "gemmscope: gate: %zu persistent regression%s open at %s > "
			        "--max-regressed %ld\n",
			        open, open == 1 ? "" : "s", last, (long)x->threshold);
	}
	return gs_gates_crossed(&r->gates) > 0;
}

/* Read the runs one pair at a time (two threads) into the history,
 * which frees each table once the next run was compared with it. */
static int
stream_runs(run *x, const gs_cli *cli, gs_error *err)
{
	for (size_t i = 0; i < x->n; i += 2) {
		gs_table *t[2] = {NULL, NULL};
		int two = i + 1 < x->n;
		if ((two ? gs_ingest_read_pair(x->paths[i], x->paths[i + 1], &cli->ingest, &t[0],
		                               &t[1], err)
		         : gs_ingest_read(x->paths[i], &cli->ingest, &t[0], err)) != 0)
			return -1;
		for (int k = 0; k <= two; k++) {
			unsigned keep =
			        gs_mode_of_name(x->names[i + k]) != -1 ? GS_HISTORY_KEEP : 0;
			if (gs_history_add(&x->h, t[k], x->names[i + k], keep, err) != 0) {
				if (k == 0)
					gs_table_free(t[1]);
				return -1;
			}
		}
	}
	return gs_history_end(&x->h, err);
}

/* Read again the runs whose tables the open regressions' records need
 * (the regressions list takes each shape's record from its last run);
 * standard input cannot be read again: the history then uses the record
 * of the shape's first run. */
static int
reattach(run *x, const gs_cli *cli, gs_error *err)
{
	size_t *idx = malloc(x->n * sizeof *idx), k;
	int rc = 0;

	if (!idx)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	k = gs_history_needs(&x->h, idx);
	for (size_t i = 0; i < k && rc == 0; i++) {
		gs_table *t;
		if (strcmp(x->paths[idx[i]], "-") == 0)
			continue;
		rc = gs_ingest_read(x->paths[idx[i]], &cli->ingest, &t, err) != 0 ||
		                     gs_history_attach(&x->h, idx[i], t, err) != 0
		             ? -1
		             : 0;
	}
	free(idx);
	return rc;
}

static int
build(run *x, const gs_cli *cli, const char *const *inputs, size_t n, gs_error *err)
{
	gs_history_opts o;

	history_opts(cli, &o);
	if (gs_runset_list(inputs, n, &cli->ingest, cli->order_column, &x->paths, &x->names, &x->n,
	                   err) != 0)
		return -1;
	if (x->n < 2)
		return gs_error_set(err, inputs[0], 0, 0,
		                    "a history needs at least two "
		                    "runs, found %zu",
		                    x->n);
	if (gs_history_begin(&x->h, x->n, &o, err) != 0 || stream_runs(x, cli, err) != 0 ||
	    reattach(x, cli, err) != 0)
		return -1;
	decompose(x);
	x->r.kind = GS_REPORT_HISTORY;
	x->r.title = cli->title ? cli->title : "GEMM history";
	x->r.report_url = cli->report_url;
	x->r.json_indent = cli->json_indent;
	x->r.version = PACKAGE_VERSION;
	x->r.datadir = gs_datadir();
	x->r.hist = &x->h;
	x->r.modes = x->have_modes ? &x->m : NULL;
	if (!(x->inputs = calloc(x->n + 1, sizeof *x->inputs)))
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	for (size_t i = 0; i < x->n; i++)
		x->inputs[i] = x->paths[i];
	x->inputs[x->n] = cli->gpu;
	x->r.inputs = x->inputs;
	x->r.ninputs = x->n + 1;
	if (gs_report_timestamp(&x->r.timestamp, err) != 0 || gs_report_history(&x->r, err) != 0)
		return -1;
	gs_gates_history(&x->h, x->r.open_regressions, cli->min_geomean, cli->max_regressed,
	                 &x->r.gates);
	return gs_figures_history(&x->h, x->r.run_cls, x->r.datadir, &x->r.plots, &x->r.nplots,
	                          err);
}

int
gs_run_history(const gs_cli *cli, const char *const *inputs, size_t n, gs_error *err)
{
	run x;
	int status = 2;

	memset(&x, 0, sizeof x);
	if (build(&x, cli, inputs, n, err) != 0 || gs_output_write_all(&x.r, &cli->out, err) != 0)
		goto done;
	if (!cli->quiet)
		print_summary(&x.r);
	status = gates(&x.r);
done:
	run_free(&x);
	return status;
}
