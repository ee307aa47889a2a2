/* main.c: options and dispatch only.  Exit status (DESIGN.md): 0 done,
 * 1 a gate was crossed, 2 usage or input error. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_compare.h"
#include "cmd_confirm.h"
#include "cmd_explain.h"
#include "cmd_history.h"
#include "cmd_report.h"
#include "render/plot.h"
#include "util/error.h"

static const char usage_text[] =
	"usage: gemmscope compare BASELINE CANDIDATE [options]   the main job\n"
	"       gemmscope report INPUT [options]                  one run: efficiency breakdown\n"
	"       gemmscope history RUN... | DIR [options]          nightly series: trends, change points\n"
	"       gemmscope confirm REPORT.json BASE_RE CAND_RE     regressions re-measured: confirmed or not\n"
	"                 [--regressions regenerated.csv] [--json F] [--markdown F]\n"
	"       gemmscope explain M N K [--tile MxN] [--gpu NAME|FILE] [--dtype bf16] [--json]\n"
	"       gemmscope gpus [--json]                           built-in GPU table\n"
	"       gemmscope --version\n"
	"\n"
	"Inputs: benchmark CSV (iree-kernel-benchmark, hipblaslt-bench, rocblas-bench,\n"
	"Tensile, TraceLens GEMM.csv, gemmscope native), optionally .gz.\n"
	"\n"
	"Options:\n"
	"  -o FILE.html         the report (default gemmscope-report.html)\n"
	"  --json FILE          everything the report shows, machine-readable\n"
	"  --markdown FILE      short summary for a PR comment or CI job page\n"
	"  --csv FILE           per-shape table, native schema\n"
	"  --regressions FILE   regressed shapes, native schema (gemmscope-bench --shapes)\n"
	"  --junit FILE         JUnit XML: a testcase per shape, regressions as failures\n"
	"  --assets DIR         every plot as SVG and PNG\n"
	"  --gpu NAME|FILE      GPU spec (built-in name or a spec file)\n"
	"  --threshold PCT      regression/improvement threshold, default 5\n"
	"  --top N              rows in the top-N tables, default 10\n"
	"  --map FIELD=COLUMN   override column detection (repeatable)\n"
	"  --correction holm|bh|none   multiple-comparison correction, default holm\n"
	"  --min-geomean X      gate: exit 1 if the geomean speedup is below X\n"
	"  --max-regressed N    gate: exit 1 if more than N shapes regressed\n"
	"  --title TEXT         report title\n"
	"  --persist N          history: a step is a regression once it lasts N runs (2)\n"
	"  --order COLUMN       history: order runs by this date/number column, not by name\n"
	"  -q, --quiet          no summary line on stdout, no progress bar on stderr\n";

enum {
	OPT_JSON = 256, OPT_MARKDOWN, OPT_CSV, OPT_REGRESSIONS, OPT_JUNIT,
	OPT_ASSETS, OPT_GPU, OPT_THRESHOLD, OPT_TOP, OPT_MAP, OPT_CORRECTION,
	OPT_MIN_GEOMEAN, OPT_MAX_REGRESSED, OPT_TITLE, OPT_PERSIST, OPT_ORDER
};

static const struct option long_options[] = {
	{"json", required_argument, NULL, OPT_JSON},
	{"markdown", required_argument, NULL, OPT_MARKDOWN},
	{"csv", required_argument, NULL, OPT_CSV},
	{"regressions", required_argument, NULL, OPT_REGRESSIONS},
	{"junit", required_argument, NULL, OPT_JUNIT},
	{"assets", required_argument, NULL, OPT_ASSETS},
	{"gpu", required_argument, NULL, OPT_GPU},
	{"threshold", required_argument, NULL, OPT_THRESHOLD},
	{"top", required_argument, NULL, OPT_TOP},
	{"map", required_argument, NULL, OPT_MAP},
	{"correction", required_argument, NULL, OPT_CORRECTION},
	{"min-geomean", required_argument, NULL, OPT_MIN_GEOMEAN},
	{"max-regressed", required_argument, NULL, OPT_MAX_REGRESSED},
	{"title", required_argument, NULL, OPT_TITLE},
	{"persist", required_argument, NULL, OPT_PERSIST},
	{"order", required_argument, NULL, OPT_ORDER},
	{"quiet", no_argument, NULL, 'q'},
	{"help", no_argument, NULL, 'h'},
	{NULL, 0, NULL, 0},
};

static int
usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "gemmscope: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'gemmscope --help'.\n");
	return 2;
}

static int
parse_double(const char *s, double lo, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	return errno || end == s || *end || !(*out >= lo) ? -1 : 0;
}

static int
parse_long(const char *s, long lo, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(s, &end, 10);
	return errno || end == s || *end || *out < lo ? -1 : 0;
}

/* Options shared by compare/report/history.  Returns 0, 1 for --help, or
 * 2 after printing a usage error. */
static int
parse_common(int argc, char **argv, gs_cli *cli)
{
	gs_error err;
	double d;
	long l;
	int c;

	while ((c = getopt_long(argc, argv, "o:qh", long_options, NULL)) != -1) {
		switch (c) {
		case 'o': cli->out.html = optarg; break;
		case OPT_JSON: cli->out.json = optarg; break;
		case OPT_MARKDOWN: cli->out.markdown = optarg; break;
		case OPT_CSV: cli->out.csv = optarg; break;
		case OPT_REGRESSIONS: cli->out.regressions = optarg; break;
		case OPT_JUNIT: cli->out.junit = optarg; break;
		case OPT_ASSETS: cli->out.assets = optarg; break;
		case OPT_GPU: cli->gpu = optarg; break;
		case OPT_TITLE: cli->title = optarg; break;
		case OPT_ORDER: cli->order_column = optarg; break;
		case OPT_PERSIST:
			if (parse_long(optarg, 1, &l) != 0)
				return usage_error("--persist expects a number of runs >= 1, got '%s'", optarg);
			cli->persist = (unsigned)l;
			break;
		case 'q':
			cli->quiet = 1;
			cli->ingest.progress = 0;
			break;
		case OPT_THRESHOLD:
			if (parse_double(optarg, 0, &d) != 0 || d >= 100)
				return usage_error("--threshold expects a percentage in [0, 100), got '%s'", optarg);
			cli->cmp.threshold = d / 100;
			break;
		case OPT_TOP:
			if (parse_long(optarg, 0, &l) != 0)
				return usage_error("--top expects a count, got '%s'", optarg);
			cli->cmp.top = (size_t)l;
			break;
		case OPT_MAP:
			if (gs_ingest_opts_map(&cli->ingest, optarg, &err) != 0) {
				gs_error_print(&err, stderr);
				return 2;
			}
			break;
		case OPT_CORRECTION:
			if (strcmp(optarg, "holm") == 0)
				cli->cmp.correction = GS_CORR_HOLM;
			else if (strcmp(optarg, "bh") == 0)
				cli->cmp.correction = GS_CORR_BH;
			else if (strcmp(optarg, "none") == 0)
				cli->cmp.correction = GS_CORR_NONE;
			else
				return usage_error("--correction expects holm, bh or none, got '%s'", optarg);
			break;
		case OPT_MIN_GEOMEAN:
			if (parse_double(optarg, 0, &d) != 0 || d == 0)
				return usage_error("--min-geomean expects a positive number, got '%s'", optarg);
			cli->min_geomean = d;
			break;
		case OPT_MAX_REGRESSED:
			if (parse_long(optarg, 0, &l) != 0)
				return usage_error("--max-regressed expects a count, got '%s'", optarg);
			cli->max_regressed = l;
			break;
		case 'h':
			fputs(usage_text, stdout);
			return 1;
		default:
			return 2;
		}
	}
	return 0;
}

typedef enum { CMD_COMPARE, CMD_REPORT, CMD_HISTORY, CMD_CONFIRM } command;

/* compare, report and history share the options; only the inputs differ. */
static int
main_command(command cmd, int argc, char **argv)
{
	gs_cli cli;
	gs_error err;
	int rc, ninputs;

	gs_cli_init(&cli);
	gs_error_clear(&err);
	rc = parse_common(argc, argv, &cli);
	if (rc)
		return rc == 1 ? 0 : 2;
	ninputs = argc - optind;
	switch (cmd) {
	case CMD_COMPARE:
		if (ninputs != 2)
			return usage_error("compare needs BASELINE and CANDIDATE%s", "");
		rc = gs_run_compare(&cli, argv[optind], argv[optind + 1], &err);
		break;
	case CMD_REPORT:
		if (ninputs != 1)
			return usage_error("report needs one INPUT%s", "");
		rc = gs_run_report(&cli, argv[optind], &err);
		break;
	case CMD_CONFIRM:
		if (ninputs != 3)
			return usage_error("confirm needs REPORT.json BASE_RE CAND_RE%s", "");
		rc = gs_run_confirm(&cli, argv[optind], argv[optind + 1],
		                    argv[optind + 2], &err);
		break;
	case CMD_HISTORY:
		if (ninputs < 1)
			return usage_error("history needs RUN... or a DIR%s", "");
		rc = gs_run_history(&cli, (const char *const *)argv + optind,
		                    (size_t)ninputs, &err);
		break;
	}
	if (rc == 2)
		gs_error_print(&err, stderr);
	gs_plot_fini();
	return rc;
}

int
main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : NULL;

	if (!cmd || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
		fputs(usage_text, cmd ? stdout : stderr);
		return cmd ? 0 : 2;
	}
	if (strcmp(cmd, "--version") == 0) {
		printf("gemmscope %s\n", PACKAGE_VERSION);
		return 0;
	}
	if (strcmp(cmd, "compare") == 0)
		return main_command(CMD_COMPARE, argc - 1, argv + 1);
	if (strcmp(cmd, "report") == 0)
		return main_command(CMD_REPORT, argc - 1, argv + 1);
	if (strcmp(cmd, "history") == 0)
		return main_command(CMD_HISTORY, argc - 1, argv + 1);
	if (strcmp(cmd, "confirm") == 0)
		return main_command(CMD_CONFIRM, argc - 1, argv + 1);
	if (strcmp(cmd, "explain") == 0)
		return gs_main_explain(argc - 1, argv + 1);
	if (strcmp(cmd, "gpus") == 0)
		return gs_main_gpus(argc - 1, argv + 1);
	return usage_error("unknown command '%s'", cmd);
}
