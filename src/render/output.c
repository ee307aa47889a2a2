#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "render/history_out.h"
#include "render/output.h"
#include "render/plot.h"
#include "util/outfile.h"

typedef int (*writer_fn)(const gs_report *, FILE *, gs_error *);

/* The writers of one report kind, one per output path. */
typedef struct writer_set {
	writer_fn html, json, markdown, csv, regressions, junit;
} writer_set;

/* Compare and single-run reports share the compare writers (each checks
 * the kind it can render); history reports have their own. */
static const writer_set compare_writers = {
	gs_render_html, gs_render_json, gs_render_markdown, gs_render_csv,
	gs_render_regressions, gs_render_junit,
};
static const writer_set history_writers = {
	gs_render_html_history, gs_render_json_history, gs_render_markdown_history,
	gs_render_csv_history, gs_render_regressions_history, gs_render_junit_history,
};

static const writer_set *
writers_for(gs_report_kind kind)
{
	return kind == GS_REPORT_HISTORY ? &history_writers : &compare_writers;
}

enum { MAX_OUTPUTS = 6 };

/* The pending outputs: rendered into temporary files, renamed at the end. */
typedef struct pending {
	gs_outfile file[MAX_OUTPUTS + 1];
	size_t n;
} pending;

static int
render_one(pending *p, const char *path, writer_fn fn, const gs_report *r,
           gs_error *err)
{
	gs_outfile *f = &p->file[p->n];

	if (!path)
		return 0;
	if (gs_outfile_open(f, path, err) != 0)
		return -1;
	p->n++;
	if (fn(r, f->fp, err) != 0) {
		if (!err->file[0])
			snprintf(err->file, sizeof err->file, "%s", path);
		return -1;
	}
	return 0;
}

static int
write_svg(FILE *fp, const void *data)
{
	const gs_report_plot *pl = data;

	return fwrite(pl->svg, 1, pl->svg_len, fp) == pl->svg_len ? 0 : -1;
}

/* Assets: every figure as DIR/<id>.svg and DIR/<id>.png, each atomic.
 * They are written after the main outputs are rendered, before any rename,
 * so a failure here still leaves the main outputs uncreated. */
static int
write_assets(const gs_report *r, const char *dir, gs_error *err)
{
	char path[4096];

	if (mkdir(dir, 0777) != 0 && errno != EEXIST)
		return gs_error_set(err, dir, 0, 0, "cannot create directory: %s",
		                    strerror(errno));
	for (size_t i = 0; i < r->nplots; i++) {
		const gs_report_plot *pl = &r->plots[i];
		gs_outfile f;

		snprintf(path, sizeof path, "%s/%s.svg", dir, pl->id);
		if (gs_outfile_open(&f, path, err) != 0)
			return -1;
		if (write_svg(f.fp, pl) != 0) {
			gs_outfile_abort(&f);
			return gs_error_set(err, path, 0, 0, "write failed");
		}
		if (gs_outfile_commit(&f, err) != 0)
			return -1;
		snprintf(path, sizeof path, "%s/%s.png", dir, pl->id);
		if (pl->plot && gs_plot_png(pl->plot, path, err) != 0)
			return -1;
	}
	return 0;
}

int
gs_output_write_all(const gs_report *r, const gs_output_paths *paths,
                    gs_error *err)
{
	const writer_set *ws = writers_for(r->kind);
	pending p = {.n = 0};
	size_t i;

	if (render_one(&p, paths->html, ws->html, r, err) != 0 ||
	    render_one(&p, paths->json, ws->json, r, err) != 0 ||
	    render_one(&p, paths->markdown, ws->markdown, r, err) != 0 ||
	    render_one(&p, paths->csv, ws->csv, r, err) != 0 ||
	    render_one(&p, paths->regressions, ws->regressions, r, err) != 0 ||
	    render_one(&p, paths->junit, ws->junit, r, err) != 0 ||
	    (paths->assets && write_assets(r, paths->assets, err) != 0))
		goto fail;
	for (i = 0; i < p.n; i++)
		if (gs_outfile_commit(&p.file[i], err) != 0)
			break;
	if (i == p.n)
		return 0;
	for (i++; i < p.n; i++)
		gs_outfile_abort(&p.file[i]);
	return -1;
fail:
	for (i = 0; i < p.n; i++)
		gs_outfile_abort(&p.file[i]);
	return -1;
}
