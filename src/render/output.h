/* output.h: the one table of output formats, and every requested output
 * of one report written all or nothing.
 *
 * The table (render/output.c) lists each format once: its option, its
 * writer (render/report.h) and the report kinds it can show.  The writing
 * below and the command line's refusals both read it, so an option a
 * command cannot honour is refused, never ignored.
 *
 * Each output is rendered into a temporary file beside its destination;
 * only when every writer has succeeded are they renamed into place
 * (DESIGN.md: "On any error no output file is created or replaced").
 * README.md "What the outputs guarantee" says what a kill, a full disk
 * and concurrent runs can leave.
 */
#ifndef GS_OUTPUT_H
#define GS_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

#include "render/report.h"
#include "util/error.h"

/* The output formats, in the order they are written. */
typedef enum gs_output_format {
	GS_OUT_HTML, /* -o FILE: gs_render_html */
	GS_OUT_JSON, /* --json FILE (explain, gpus: --json, stdout) */
	GS_OUT_MARKDOWN, /* --markdown FILE */
	GS_OUT_CSV, /* --csv FILE */
	GS_OUT_REGRESSIONS, /* --regressions FILE */
	GS_OUT_JUNIT, /* --junit FILE */
	GS_OUT_ASSETS, /* --assets DIR: every plot as SVG and PNG */
	GS_OUT_TEXT, /* explain, gpus without --json: stdout */
	GS_OUT_NFORMATS
} gs_output_format;

typedef struct gs_output_paths {
	const char *html; /* -o, NULL for none */
	const char *json; /* --json */
	const char *markdown; /* --markdown */
	const char *csv; /* --csv */
	const char *regressions; /* --regressions */
	const char *junit; /* --junit */
	const char *assets; /* --assets DIR: every plot as SVG and PNG */
} gs_output_paths;

/* gs_output_supports: 1 when format F can show a model of kind KIND (the
 * format table), else 0 (also for an out-of-range KIND or F). */
int gs_output_supports(gs_report_kind kind, gs_output_format f);

/* gs_output_format_of: the format of command-line option OPTION ("-o",
 * "--json", "--markdown", "--csv", "--regressions", "--junit",
 * "--assets"), or -1 when OPTION names no output. */
int gs_output_format_of(const char *option);

/* gs_output_refusal: NULL when F is supported for KIND; else why not, as
 * one sentence without the program name, written into BUF (SIZE bytes,
 * truncated) and returned, e.g. "confirm writes no HTML report (it writes
 * --json, --markdown, --regressions)". */
const char *gs_output_refusal(gs_report_kind kind, gs_output_format f, char *buf, size_t size);

/* gs_output_write: format F of R to the stream OUT (explain and gpus on
 * stdout; not GS_OUT_ASSETS).  Returns 0, or -1 with ERR when F cannot
 * show R's kind or its writer fails. */
int gs_output_write(const gs_report *r, gs_output_format f, FILE *out, gs_error *err);

/* gs_output_write_all: render R to every non-NULL path of PATHS, all or
 * nothing.  Before anything is written: every requested format must
 * support R's kind, and no output path (nor an asset file DIR/<id>.svg,
 * .png) may name one of R->inputs or another output, compared by device
 * and inode (gs_outfile_check_distinct; "-", devices and FIFOs never
 * conflict; an input that does not exist, such as a GPU name, is
 * skipped): else -1 with ERR naming the path(s).  Then the stale
 * temporaries of gemmscope's pattern (gs_outfile_clean_stale, and
 * "DIR.gemmscope-XXXXXX" assets directories, older than
 * GS_OUTFILE_STALE_S) are removed from each output's directory.  Each
 * output is rendered into its temporary; the assets (every plot as SVG,
 * and as PNG re-rendered from R->plots' figures, see gs_report_plot) into
 * a temporary directory "DIR.gemmscope-XXXXXX" beside DIR.  Commit: every
 * temporary complete and closed first; then the assets directory renamed
 * to DIR (DIR absent) or its files renamed into DIR (DIR an existing
 * directory: other files in it are kept); then the outputs renamed
 * (gs_outfile_commit_all).  Returns 0, or -1 with ERR and, when the
 * failure came before the renames (any writer, a full disk), nothing
 * created or replaced and no temporary left. */
int gs_output_write_all(const gs_report *r, const gs_output_paths *paths, gs_error *err);

#endif
