/* output.h: write every requested output of one report, all or nothing.
 *
 * Each output is rendered into a temporary file beside its destination;
 * only when every writer has succeeded are they renamed into place
 * (DESIGN.md: "On any error no output file is created or replaced").
 */
#ifndef GS_OUTPUT_H
#define GS_OUTPUT_H

#include "render/report.h"
#include "util/error.h"

typedef struct gs_output_paths {
	const char *html;          /* -o, NULL for none */
	const char *json;          /* --json */
	const char *markdown;      /* --markdown */
	const char *csv;           /* --csv */
	const char *regressions;   /* --regressions */
	const char *junit;         /* --junit */
	const char *assets;        /* --assets DIR: every plot as SVG and PNG */
} gs_output_paths;

/* gs_output_write_all: render R to every non-NULL path of PATHS.  The
 * assets directory is created if missing (plots are re-rendered to PNG
 * from R->plots' figures, see gs_report_plot).  Returns 0, or -1 with ERR
 * and nothing created or replaced. */
int gs_output_write_all(const gs_report *r, const gs_output_paths *paths,
                        gs_error *err);

#endif
