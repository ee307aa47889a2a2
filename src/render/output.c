/* output.c: the format table (output.h) and the all-or-nothing writing
 * of every requested output (util/outfile.c). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "render/output.h"
#include "render/plot.h"
#include "util/outfile.h"

typedef int (*writer_fn)(const gs_report *, FILE *, gs_error *);

#define KIND(k) (1u << GS_REPORT_##k)
#define NO_PATH ((size_t)-1)

/* One output format: how it is asked for, who writes it, what it shows. */
typedef struct format {
	const char *option;    /* "-o", "--json" ...; NULL: stdout only */
	const char *name;      /* in "the NAME output needs ..." */
	const char *needs;     /* ... the report it needs */
	const char *refusal;   /* "writes no HTML report": why a command refuses it */
	writer_fn write;       /* NULL: the assets directory */
	size_t path;           /* offsetof its path in gs_output_paths, or NO_PATH */
	unsigned kinds;        /* KIND() of every report kind it can show */
} format;

/* THE table: one row per gs_output_format, in that order. */
static const format formats[GS_OUT_NFORMATS] = {
	[GS_OUT_HTML] = {"-o", "HTML", "a comparison or single-run report",
		"writes no HTML report", gs_render_html, offsetof(gs_output_paths, html),
		KIND(COMPARE) | KIND(SINGLE) | KIND(HISTORY)},
	[GS_OUT_JSON] = {"--json", "JSON", "a report model", "writes no JSON",
		gs_render_json, offsetof(gs_output_paths, json),
		KIND(COMPARE) | KIND(SINGLE) | KIND(HISTORY) | KIND(CONFIRM) |
		KIND(EXPLAIN) | KIND(GPUS)},
	[GS_OUT_MARKDOWN] = {"--markdown", "markdown", "a comparison report",
		"writes no markdown summary", gs_render_markdown,
		offsetof(gs_output_paths, markdown),
		KIND(COMPARE) | KIND(SINGLE) | KIND(HISTORY) | KIND(CONFIRM)},
	[GS_OUT_CSV] = {"--csv", "CSV", "a comparison report", "writes no per-shape CSV",
		gs_render_csv, offsetof(gs_output_paths, csv),
		KIND(COMPARE) | KIND(SINGLE) | KIND(HISTORY)},
	[GS_OUT_REGRESSIONS] = {"--regressions", "regressions", "a comparison report",
		"writes no regressions list", gs_render_regressions,
		offsetof(gs_output_paths, regressions),
		KIND(COMPARE) | KIND(HISTORY) | KIND(CONFIRM)},
	[GS_OUT_JUNIT] = {"--junit", "JUnit", "a comparison report",
		"writes no JUnit output", gs_render_junit, offsetof(gs_output_paths, junit),
		KIND(COMPARE) | KIND(HISTORY)},
	[GS_OUT_ASSETS] = {"--assets", "assets", "a report with plots", "draws no plots",
		NULL, offsetof(gs_output_paths, assets),
		KIND(COMPARE) | KIND(SINGLE) | KIND(HISTORY)},
	[GS_OUT_TEXT] = {NULL, "text", "an explain or gpus report", "writes no text",
		gs_render_text, NO_PATH, KIND(EXPLAIN) | KIND(GPUS)},
};

/* The command that builds each report kind, for refusals. */
static const char *const kind_command[GS_REPORT_NKINDS] = {
	[GS_REPORT_COMPARE] = "compare", [GS_REPORT_SINGLE] = "report",
	[GS_REPORT_HISTORY] = "history", [GS_REPORT_CONFIRM] = "confirm",
	[GS_REPORT_EXPLAIN] = "explain", [GS_REPORT_GPUS] = "gpus",
};

int
gs_output_supports(gs_report_kind kind, gs_output_format f)
{
	if ((unsigned)kind >= GS_REPORT_NKINDS || (unsigned)f >= GS_OUT_NFORMATS)
		return 0;
	return (formats[f].kinds & (1u << kind)) != 0;
}

int
gs_output_format_of(const char *option)
{
	for (int f = 0; f < GS_OUT_NFORMATS; f++)
		if (formats[f].option && strcmp(formats[f].option, option) == 0)
			return f;
	return -1;
}

const char *
gs_output_refusal(gs_report_kind kind, gs_output_format f, char *buf, size_t size)
{
	size_t n;

	if (gs_output_supports(kind, f) || (unsigned)kind >= GS_REPORT_NKINDS ||
	    (unsigned)f >= GS_OUT_NFORMATS || size == 0)
		return NULL;
	n = (size_t)snprintf(buf, size, "%s %s (it writes", kind_command[kind],
	                     formats[f].refusal);
	for (int g = 0, first = 1; g < GS_OUT_NFORMATS && n < size; g++) {
		if (!formats[g].option || !gs_output_supports(kind, (gs_output_format)g))
			continue;
		n += (size_t)snprintf(buf + n, size - n, "%s %s", first ? "" : ",",
		                      formats[g].option);
		first = 0;
	}
	if (n < size)
		snprintf(buf + n, size - n, ")");
	return buf;
}

/* The path option F asks for in PATHS, or NULL. */
static const char *
path_of(const gs_output_paths *paths, gs_output_format f)
{
	if (formats[f].path == NO_PATH)
		return NULL;
	return *(const char *const *)(const void *)((const char *)paths + formats[f].path);
}

/* 0 when F can show R, else -1 with ERR (naming PATH, may be NULL). */
static int
check_supported(const gs_report *r, gs_output_format f, const char *path,
                gs_error *err)
{
	if (gs_output_supports(r->kind, f))
		return 0;
	return gs_error_set(err, path, 0, 0, "the %s output needs %s", formats[f].name,
	                    formats[f].needs);
}

int
gs_output_write(const gs_report *r, gs_output_format f, FILE *out, gs_error *err)
{
	if (check_supported(r, f, NULL, err) != 0)
		return -1;
	if (!formats[f].write)
		return gs_error_set(err, NULL, 0, 0, "the %s output is a directory",
		                    formats[f].name);
	return formats[f].write(r, out, err);
}

enum { MAX_OUTPUTS = GS_OUT_NFORMATS };

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

/* Every requested output supported by R's kind?  Else -1 with ERR naming
 * the first path that is not, before anything is written. */
static int
check_all(const gs_report *r, const gs_output_paths *paths, gs_error *err)
{
	for (int f = 0; f < GS_OUT_NFORMATS; f++) {
		const char *path = path_of(paths, (gs_output_format)f);
		if (path && check_supported(r, (gs_output_format)f, path, err) != 0)
			return -1;
	}
	return 0;
}

/* Render every requested stream output, then the assets; 0 or -1. */
static int
render_all(pending *p, const gs_report *r, const gs_output_paths *paths,
           gs_error *err)
{
	for (int f = 0; f < GS_OUT_NFORMATS; f++) {
		if (!formats[f].write)
			continue;
		if (render_one(p, path_of(paths, (gs_output_format)f), formats[f].write, r,
		               err) != 0)
			return -1;
	}
	if (paths->assets && write_assets(r, paths->assets, err) != 0)
		return -1;
	return 0;
}

int
gs_output_write_all(const gs_report *r, const gs_output_paths *paths,
                    gs_error *err)
{
	pending p = {.n = 0};
	size_t i;

	if (check_all(r, paths, err) != 0)
		return -1;
	if (render_all(&p, r, paths, err) != 0)
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
