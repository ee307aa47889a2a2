/* main.c: options and dispatch only.  Exit status (DESIGN.md): 0 done,
 * 1 a gate was crossed, 2 usage or input error. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include <errno.h>
#include <getopt.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_compare.h"
#include "cmd_confirm.h"
#include "cmd_explain.h"
#include "cmd_history.h"
#include "cmd_report.h"
#include "render/output.h"
#include "render/plot.h"
#include "util/error.h"
#include "util/intern.h"

static const char usage_text[] =
        "usage: gemmscope compare BASELINE CANDIDATE [options]   the main job\n"
        "       gemmscope report INPUT [options]                  one run: efficiency breakdown\n"
        "       gemmscope history RUN... | DIR [options]          nightly series: trends, change points\n"
        "       gemmscope confirm REPORT.json BASE_RE CAND_RE     regressions re-measured: confirmed or not\n"
        "                 [--regressions regenerated.csv] [--json F] [--markdown F]\n"
        "       gemmscope explain M N K [--tile MxN] [--gpu NAME|FILE] [--dtype bf16] [--json]\n"
        "       gemmscope gpus [--json]                           built-in GPU table\n"
        "       gemmscope --version\n"
        "       gemmscope COMMAND --help                          that command's own usage and options\n"
        "\n"
        "Inputs: benchmark CSV (iree-kernel-benchmark, hipblaslt-bench, rocblas-bench,\n"
        "Tensile, TraceLens GEMM.csv, gemmscope native), optionally .gz.\n"
        "\n"
        "Options:\n"
        "  -o FILE.html         the report (default gemmscope-report.html)\n"
        "  --json FILE          everything the report shows, machine-readable (compact)\n"
        "  --json-indent        indent the JSON with 2 spaces, for people\n"
        "  --markdown FILE      short summary for a PR comment or CI job page\n"
        "  --report-url URL     the published HTML: only the markdown links to it\n"
        "  --csv FILE           per-shape table, native schema\n"
        "  --regressions FILE   regressed shapes, native schema (gemmscope-bench --shapes)\n"
        "  --junit FILE         JUnit XML: a testcase per shape, regressions as failures\n"
        "  --assets DIR         every plot as SVG, PNG and 2x PNG\n"
        "  --gpu NAME|FILE      GPU spec (built-in name or a spec file)\n"
        "  --gpu-base NAME|FILE, --gpu-cand NAME|FILE   compare: a GPU per side\n"
        "  --threshold PCT      regression/improvement threshold, default 5\n"
        "  --top N              rows in the top-N tables, default 10\n"
        "  --map FIELD=COLUMN   override column detection (repeatable)\n"
        "  --correction holm|bh|none   multiple-comparison correction, default holm\n"
        "  --min-geomean X      gate: exit 1 if the geomean speedup is below X\n"
        "  --max-regressed N    gate: exit 1 if more than N shapes regressed\n"
        "  --title TEXT         report title\n"
        "  --weights FILE       compare: weight the comparison by a workload's GEMM calls\n"
        "  --persist N          history: a step is a regression once it lasts N runs (2)\n"
        "  --order COLUMN       history: order runs by this date/number column, not by name\n"
        "  -q, --quiet          no summary line on stdout, no progress bar on stderr\n";

enum {
	OPT_JSON = 256,
	OPT_MARKDOWN,
	OPT_CSV,
	OPT_REGRESSIONS,
	OPT_JUNIT,
	OPT_ASSETS,
	OPT_GPU,
	OPT_THRESHOLD,
	OPT_TOP,
	OPT_MAP,
	OPT_CORRECTION,
	OPT_MIN_GEOMEAN,
	OPT_MAX_REGRESSED,
	OPT_TITLE,
	OPT_PERSIST,
	OPT_ORDER,
	OPT_WEIGHTS,
	OPT_REPORT_URL,
	OPT_JSON_INDENT,
	OPT_GPU_BASE,
	OPT_GPU_CAND
};

static const struct option long_options[] = {
        {"json", required_argument, NULL, OPT_JSON},
        {"markdown", required_argument, NULL, OPT_MARKDOWN},
        {"csv", required_argument, NULL, OPT_CSV},
        {"regressions", required_argument, NULL, OPT_REGRESSIONS},
        {"junit", required_argument, NULL, OPT_JUNIT},
        {"assets", required_argument, NULL, OPT_ASSETS},
        {"gpu", required_argument, NULL, OPT_GPU},
        {"gpu-base", required_argument, NULL, OPT_GPU_BASE},
        {"gpu-cand", required_argument, NULL, OPT_GPU_CAND},
        {"threshold", required_argument, NULL, OPT_THRESHOLD},
        {"top", required_argument, NULL, OPT_TOP},
        {"map", required_argument, NULL, OPT_MAP},
        {"correction", required_argument, NULL, OPT_CORRECTION},
        {"min-geomean", required_argument, NULL, OPT_MIN_GEOMEAN},
        {"max-regressed", required_argument, NULL, OPT_MAX_REGRESSED},
        {"title", required_argument, NULL, OPT_TITLE},
        {"persist", required_argument, NULL, OPT_PERSIST},
        {"order", required_argument, NULL, OPT_ORDER},
        {"weights", required_argument, NULL, OPT_WEIGHTS},
        {"report-url", required_argument, NULL, OPT_REPORT_URL},
        {"json-indent", no_argument, NULL, OPT_JSON_INDENT},
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

typedef enum { CMD_COMPARE, CMD_REPORT, CMD_HISTORY, CMD_CONFIRM } command;

static const char *const command_name[] = {"compare", "report", "history", "confirm"};

/* The report model each command builds: which outputs it can write is
 * the format table's answer (render/output.c, gs_output_supports). */
static const gs_report_kind command_kind[] = {
        GS_REPORT_COMPARE,
        GS_REPORT_SINGLE,
        GS_REPORT_HISTORY,
        GS_REPORT_CONFIRM,
};

/* A non-output option a command accepts by the shared parser but cannot
 * honour.  The output options (-o, --json, ... --assets) are refused by
 * the format table instead. */
typedef struct refusal {
	command cmd;
	int opt; /* getopt_long value: an OPT_ */
	const char *why;
} refusal;

#define CONFIRM_WRITES "(it writes --json, --markdown, --regressions)"

static const refusal refusals[] = {
        {CMD_COMPARE, OPT_PERSIST, "compare reads no series of runs (--persist is history's)"},
        {CMD_COMPARE, OPT_ORDER, "compare orders no runs (--order is history's)"},
        {CMD_REPORT, OPT_THRESHOLD, "report compares nothing, so no threshold applies"},
        {CMD_REPORT, OPT_TOP,
         "report has no comparison to rank (--top sizes compare's "
         "and history's tables)"},
        {CMD_REPORT, OPT_CORRECTION, "report runs no significance tests"},
        {CMD_REPORT, OPT_MIN_GEOMEAN, "report has no speedup to gate on"},
        {CMD_REPORT, OPT_MAX_REGRESSED, "report has no regressions to gate on"},
        {CMD_REPORT, OPT_PERSIST, "report reads no series of runs (--persist is history's)"},
        {CMD_REPORT, OPT_ORDER, "report orders no runs (--order is history's)"},
        {CMD_HISTORY, OPT_GPU, "history computes no efficiency, so it uses no GPU spec"},
        {CMD_REPORT, OPT_GPU_BASE, "report has one input (--gpu sets its GPU)"},
        {CMD_REPORT, OPT_GPU_CAND, "report has one input (--gpu sets its GPU)"},
        {CMD_HISTORY, OPT_GPU_BASE, "history computes no efficiency, so it uses no GPU spec"},
        {CMD_HISTORY, OPT_GPU_CAND, "history computes no efficiency, so it uses no GPU spec"},
        {CMD_CONFIRM, OPT_GPU_BASE, "confirm computes no efficiency, so it uses no GPU spec"},
        {CMD_CONFIRM, OPT_GPU_CAND, "confirm computes no efficiency, so it uses no GPU spec"},
        {CMD_CONFIRM, OPT_TITLE, "confirm writes no titled report " CONFIRM_WRITES},
        {CMD_CONFIRM, OPT_GPU, "confirm computes no efficiency, so it uses no GPU spec"},
        {CMD_CONFIRM, OPT_THRESHOLD, "confirm uses the threshold of the original report"},
        {CMD_CONFIRM, OPT_TOP, "confirm lists every regression, it has no top-N tables"},
        {CMD_CONFIRM, OPT_MIN_GEOMEAN,
         "confirm has no geomean to gate on (its gate is "
         "--max-regressed)"},
        {CMD_CONFIRM, OPT_PERSIST, "confirm reads no series of runs (--persist is history's)"},
        {CMD_CONFIRM, OPT_ORDER, "confirm orders no runs (--order is history's)"},
        {CMD_REPORT, OPT_WEIGHTS, "report compares nothing to weight (--weights is compare's)"},
        {CMD_HISTORY, OPT_WEIGHTS, "history weights no comparison (--weights is compare's)"},
        {CMD_CONFIRM, OPT_WEIGHTS, "confirm weights no comparison (--weights is compare's)"},
};

/* The spelling of option OPT: "-o", "-q", "-h" or "--name". */
static const char *
option_name(int opt, char *buf, size_t size)
{
	const char *name = NULL;

	for (const struct option *o = long_options; o->name; o++)
		if (o->val == opt)
			name = o->name;
	if (opt == 'o' || !name)
		snprintf(buf, size, "-%c", opt < 256 ? (char)opt : '?');
	else
		snprintf(buf, size, "--%s", name);
	return buf;
}

/* Why CMD cannot honour option OPT, or NULL when it can: the format
 * table's sentence for an output option, refusals[] for the others.
 * BUF (SIZE bytes) holds the format table's sentence. */
static const char *
refusal_of(command cmd, int opt, char *buf, size_t size)
{
	char spelling[32];
	int f = gs_output_format_of(option_name(opt, spelling, sizeof spelling));

	if (f >= 0)
		return gs_output_refusal(command_kind[cmd], (gs_output_format)f, buf, size);
	for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++)
		if (refusals[i].cmd == cmd && refusals[i].opt == opt)
			return refusals[i].why;
	return NULL;
}

/* 1 after printing why CMD cannot honour option OPT, else 0. */
static int
refused(command cmd, int opt)
{
	char buf[256], spelling[32];
	const char *why = refusal_of(cmd, opt, buf, sizeof buf);

	if (!why)
		return 0;
	fprintf(stderr, "gemmscope %s: %s: %s\n", command_name[cmd],
	        option_name(opt, spelling, sizeof spelling), why);
	return 1;
}

/* ---- per-command help (gemmscope COMMAND --help; src/gemmscope.1 has
 * the same options, tests/manpage.sh checks) ------------------------------- */

static const char *const command_usage[] = {
        "usage: gemmscope compare BASELINE CANDIDATE [options]\n"
        "Compare a candidate run against a baseline, shape by shape: speedups, their\n"
        "geomean with a t interval, U tests, efficiency, and the CI gates.\n",
        "usage: gemmscope report INPUT [options]\n"
        "One run: the efficiency breakdown of every shape against the GPU's roofline.\n",
        "usage: gemmscope history RUN... | DIR [options]\n"
        "A series of runs, oldest first: trends, change points, persistent regressions.\n"
        "A DIR is read in the flat layout (its run files) or the nightly layout (one\n"
        "folder per night holding NIGHT.csv); entries that are no run are skipped\n"
        "with a note.\n",
        "usage: gemmscope confirm REPORT.json BASE_RE CAND_RE [options]\n"
        "The regressions of a compare report (--json) re-measured under both builds:\n"
        "each confirmed or not; --regressions writes the confirmed ones.\n",
};

/* One line of an option's help, and the option it documents. */
typedef struct opt_help {
	int opt;
	const char *line;
} opt_help;

static const opt_help option_help[] = {
        {'o', "  -o FILE.html         the report (default gemmscope-report.html)\n"},
        {OPT_JSON, "  --json FILE          everything the report shows, machine-readable "
                   "(compact)\n"},
        {OPT_JSON_INDENT, "  --json-indent        indent the JSON with 2 spaces, for people\n"},
        {OPT_MARKDOWN, "  --markdown FILE      short summary for a PR comment or CI job page\n"},
        {OPT_REPORT_URL, "  --report-url URL     the published HTML: only the markdown links "
                         "to it\n"},
        {OPT_CSV, "  --csv FILE           per-shape table, native schema\n"},
        {OPT_REGRESSIONS, "  --regressions FILE   regressed shapes, native schema "
                          "(gemmscope-bench --shapes)\n"},
        {OPT_JUNIT, "  --junit FILE         JUnit XML: a testcase per shape, regressions "
                    "as failures\n"},
        {OPT_ASSETS, "  --assets DIR         every plot as SVG, PNG and 2x PNG\n"},
        {OPT_GPU, "  --gpu NAME|FILE      GPU spec (built-in name or a spec file)\n"},
        {OPT_GPU_BASE, "  --gpu-base NAME|FILE the baseline's GPU (cross-GPU compares; "
                       "overrides --gpu)\n"},
        {OPT_GPU_CAND, "  --gpu-cand NAME|FILE the candidate's GPU (overrides --gpu)\n"},
        {OPT_THRESHOLD, "  --threshold PCT      regression/improvement threshold, default 5\n"},
        {OPT_TOP, "  --top N              rows in the top-N tables, default 10\n"},
        {OPT_MAP, "  --map FIELD=COLUMN   override column detection (repeatable)\n"},
        {OPT_CORRECTION, "  --correction holm|bh|none   multiple-comparison correction, "
                         "default holm\n"},
        {OPT_MIN_GEOMEAN, "  --min-geomean X      gate: exit 1 if the geomean speedup is "
                          "below X\n"},
        {OPT_MAX_REGRESSED, "  --max-regressed N    gate: exit 1 if more than N shapes "
                            "regressed\n"},
        {OPT_TITLE, "  --title TEXT         report title\n"},
        {OPT_WEIGHTS, "  --weights FILE       weight the comparison by a workload's GEMM calls "
                      "(trace, rocprof, CSV)\n"},
        {OPT_PERSIST, "  --persist N          a step is a regression once it lasts N "
                      "runs (2)\n"},
        {OPT_ORDER, "  --order COLUMN       order runs by this date/number column, not "
                    "by name\n"},
        {'q', "  -q, --quiet          no summary line on stdout, no progress bar on "
              "stderr\n"},
        {'h', "  -h, --help           this help\n"},
};

/* Whether CMD's help lists OPT: every option it does not refuse. */
static int
listed(command cmd, int opt)
{
	char buf[256];

	return refusal_of(cmd, opt, buf, sizeof buf) == NULL;
}

static void
command_help(command cmd)
{
	fputs(command_usage[cmd], stdout);
	fputs("\nOptions:\n", stdout);
	for (size_t i = 0; i < sizeof option_help / sizeof option_help[0]; i++)
		if (listed(cmd, option_help[i].opt))
			fputs(option_help[i].line, stdout);
	fputs("\nExit status: 0 done, 1 a gate was crossed, 2 usage or input error.\n"
	      "See gemmscope(1).\n",
	      stdout);
}

/* The options that take a path, a name or a title as given.  Returns 1
 * when C is one of them (stored into CLI), else 0. */
static int
set_string(gs_cli *cli, int c, const char *arg)
{
	switch (c) {
	case 'o': cli->out.html = arg; break;
	case OPT_JSON: cli->out.json = arg; break;
	case OPT_MARKDOWN: cli->out.markdown = arg; break;
	case OPT_CSV: cli->out.csv = arg; break;
	case OPT_REGRESSIONS: cli->out.regressions = arg; break;
	case OPT_JUNIT: cli->out.junit = arg; break;
	case OPT_ASSETS: cli->out.assets = arg; break;
	case OPT_GPU: cli->gpu = arg; break;
	case OPT_GPU_BASE: cli->gpu_side[0] = arg; break;
	case OPT_GPU_CAND: cli->gpu_side[1] = arg; break;
	case OPT_TITLE: cli->title = arg; break;
	case OPT_ORDER: cli->order_column = arg; break;
	case OPT_WEIGHTS: cli->weights = arg; break;
	case OPT_REPORT_URL: cli->report_url = arg; break;
	default: return 0;
	}
	return 1;
}

/* The numeric options.  Returns 0 (stored into CLI), 2 after a usage
 * error, or -1 when C is none of them. */
static int
set_number(gs_cli *cli, int c, const char *arg)
{
	double d;
	long l;

	switch (c) {
	case OPT_PERSIST:
		if (parse_long(arg, 1, &l) != 0)
			return usage_error("--persist expects a number of runs >= 1, got '%s'",
			                   arg);
		cli->persist = (unsigned)l;
		return 0;
	case OPT_THRESHOLD:
		if (parse_double(arg, 0, &d) != 0 || d >= 100)
			return usage_error("--threshold expects a percentage in [0, 100), got '%s'",
			                   arg);
		cli->cmp.threshold = d / 100;
		return 0;
	case OPT_TOP:
		if (parse_long(arg, 0, &l) != 0)
			return usage_error("--top expects a count, got '%s'", arg);
		cli->cmp.top = (size_t)l;
		return 0;
	case OPT_MIN_GEOMEAN:
		if (parse_double(arg, 0, &d) != 0 || d == 0)
			return usage_error("--min-geomean expects a positive number, got '%s'",
			                   arg);
		cli->min_geomean = d;
		return 0;
	case OPT_MAX_REGRESSED:
		if (parse_long(arg, 0, &l) != 0)
			return usage_error("--max-regressed expects a count, got '%s'", arg);
		cli->max_regressed = l;
		return 0;
	}
	return -1;
}

/* -q, --json-indent, --map and --correction.  Returns 0, or 2 after a usage error or
 * for an option the parser does not know. */
static int
set_other(gs_cli *cli, int c, const char *arg)
{
	gs_error err;

	switch (c) {
	case 'q':
		cli->quiet = 1;
		cli->ingest.progress = 0;
		return 0;
	case OPT_JSON_INDENT: cli->json_indent = 1; return 0;
	case OPT_MAP:
		if (gs_ingest_opts_map(&cli->ingest, arg, &err) != 0) {
			gs_error_print(&err, stderr);
			return 2;
		}
		return 0;
	case OPT_CORRECTION:
		if (strcmp(arg, "holm") == 0)
			cli->cmp.correction = GS_CORR_HOLM;
		else if (strcmp(arg, "bh") == 0)
			cli->cmp.correction = GS_CORR_BH;
		else if (strcmp(arg, "none") == 0)
			cli->cmp.correction = GS_CORR_NONE;
		else
			return usage_error("--correction expects holm, bh or none, got '%s'", arg);
		return 0;
	}
	return 2;
}

/* Options shared by compare/report/history/confirm; one that CMD cannot
 * honour is refused.  Returns 0, 1 for --help, or 2 after printing a
 * usage error. */
static int
parse_common(command cmd, int argc, char **argv, gs_cli *cli)
{
	int c, rc;

	while ((c = getopt_long(argc, argv, "o:qh", long_options, NULL)) != -1) {
		if (c == 'h') {
			command_help(cmd);
			return 1;
		}
		if (c == '?' || refused(cmd, c))
			return 2;
		if (set_string(cli, c, optarg))
			continue;
		rc = set_number(cli, c, optarg);
		if (rc == -1)
			rc = set_other(cli, c, optarg);
		if (rc != 0)
			return 2;
	}
	return 0;
}

/* compare, report and history share the options; only the inputs differ. */
static int
main_command(command cmd, int argc, char **argv)
{
	gs_cli cli;
	gs_error err;
	int rc, ninputs;

	gs_cli_init(&cli);
	gs_error_clear(&err);
	rc = parse_common(cmd, argc, argv, &cli);
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
		rc = gs_run_confirm(&cli, argv[optind], argv[optind + 1], argv[optind + 2], &err);
		break;
	case CMD_HISTORY:
		if (ninputs < 1)
			return usage_error("history needs RUN... or a DIR%s", "");
		rc = gs_run_history(&cli, (const char *const *)argv + optind, (size_t)ninputs,
		                    &err);
		break;
	}
	if (rc == 2)
		gs_error_print(&err, stderr);
	gs_plot_fini();
	return rc;
}

/* Large temporaries (a plot's copy of a million speedups, a sort's
 * keys) are mapped and unmapped on their own, so that freeing one gives
 * its memory back: glibc raises its mmap threshold after the first large
 * free (up to 32 MB), and the later ones then stay in the heap, freed but
 * resident: 75 MB after the plots of a million-shape compare, 32 MB of
 * its peak (bench/compare/RESULTS.md round 6).  Fixing the threshold
 * turns that adjustment off. */
static void
malloc_setup(void)
{
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
	(void)mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
	(void)atexit(gs_intern_free); /* the interned ops (util/intern.h) */
}

int
main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : NULL;

	malloc_setup();

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
