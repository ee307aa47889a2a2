/* cmd_compare.h: the compare pipeline, ingest -> compare -> figures ->
 * outputs -> gates (DESIGN.md "Commands"). */
#ifndef GS_CMD_COMPARE_H
#define GS_CMD_COMPARE_H

#include "analysis/compare.h"
#include "analysis/single.h"
#include "ingest/ingest.h"
#include "model/gpu.h"
#include "render/output.h"

/* Options shared by compare, report and history (DESIGN.md table). */
typedef struct gs_cli {
	gs_output_paths out;
	gs_ingest_opts ingest;
	gs_compare_opts cmp;
	const char *gpu; /* --gpu NAME|FILE */
	const char *gpu_side[2]; /* compare: --gpu-base, --gpu-cand NAME|FILE (NULL:
	                            --gpu, else the input's) */
	const char *title; /* --title */
	double min_geomean; /* --min-geomean, 0 = no gate */
	long max_regressed; /* --max-regressed, -1 = no gate */
	int quiet; /* -q: no summary line on stdout */
	unsigned persist; /* history: --persist N runs, default 2 */
	const char *order_column; /* history: --order COLUMN (a date or number column) */
	const char *weights; /* compare: --weights FILE, a workload (any input) */
	const char *report_url; /* --report-url URL: the markdown links to it */
	int json_indent; /* --json-indent: 2-space JSON; 0: compact */
} gs_cli;

/* gs_cli_init: defaults (report to gemmscope-report.html, T 5 %, top 10). */
void gs_cli_init(gs_cli *cli);

/* gs_report_timestamp: SOURCE_DATE_EPOCH if set (must be an integer from
 * 0 to 253402300799, 9999-12-31T23:59:59Z, a date every writer can print:
 * otherwise -1 with ERR), else the current time. */
int gs_report_timestamp(long long *ts, gs_error *err);

/* How one input's GPU was chosen (gs_cli_gpu). */
typedef struct gs_gpu_choice {
	gs_gpu store; /* an option's GPU: a spec file or a built-in's copy */
	const gs_gpu *gpu; /* &store, a built-in entry, or NULL: none known */
	const char *from; /* static "--gpu", "--gpu-base", "--gpu-cand",
	                     "the input", or NULL */
	char why[256]; /* why this board of its chip (gs_gpu_find_variant's
	                  sentence) when the input chose it, else "" */
} gs_gpu_choice;

/* gs_cli_gpu: the GPU for input T, SIDE 0 (baseline) or 1 (candidate) of
 * a compare, -1 for report: the side's option (CLI->gpu_side[SIDE]) when
 * given, else --gpu (CLI->gpu), each a spec file or a built-in name
 * (gs_gpu_resolve, copied into C->store); else the built-in board the
 * input names, chosen among the boards of its chip by what the input
 * says of its memory (GS_ENV_MEMORY), CU/SM count (T->gpu_cus) and
 * engine clock (GS_ENV_SCLK) (gs_gpu_find_variant, its reason in
 * C->why); else none.  Fills C.  Returns 0, or -1 with ERR when an
 * option names neither a spec file nor a built-in GPU. */
int gs_cli_gpu(const gs_cli *cli, int side, const gs_table *t, gs_gpu_choice *c, gs_error *err);

/* gs_warn_over_roof: "gemmscope: WARNING: ..." on stderr (even with -q)
 * when S has GEMMs above their roof (render/overroof.h), LABEL naming
 * the side (NULL: none). */
void gs_warn_over_roof(const gs_single *s, const char *label);

/* gs_run_compare: compare BASE_PATH against CAND_PATH, add each side's
 * efficiency (analysis/single.h, on its own GPU: gs_cli_gpu), the cause of
 * every classified change (analysis/cause.h), the per-metric deltas of
 * shared extra columns and, with CLI->weights, the comparison weighted by
 * that workload (read like any input; analysis/impact.h), and write every
 * output CLI asks for.  Returns the exit status: 0 done, 1 a gate was
 * crossed, 2 with ERR set for usage or input errors (nothing written). */
int gs_run_compare(const gs_cli *cli, const char *base_path, const char *cand_path, gs_error *err);

#endif
