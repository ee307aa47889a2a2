/* output.c: the format table (output.h) and the all-or-nothing writing
 * of every requested output (util/outfile.c): distinct paths checked,
 * stale temporaries removed, everything rendered into temporaries (the
 * assets into a temporary directory), then committed together. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "render/output.h"
#include "render/output_impl.h"
#include "render/plot.h"
#include "util/outfile.h"

typedef int (*writer_fn)(const gs_report *, FILE *, gs_error *);

#define KIND(k) (1u << GS_REPORT_##k)
#define NO_PATH ((size_t)-1)

/* One output format: how it is asked for, who writes it, what it shows. */
typedef struct format {
	const char *option; /* "-o", "--json" ...; NULL: stdout only */
	const char *name; /* in "the NAME output needs ..." */
	const char *needs; /* ... the report it needs */
	const char *refusal; /* "writes no HTML report": why a command refuses it */
	writer_fn write; /* NULL: the assets directory */
	size_t path; /* offsetof its path in gs_output_paths, or NO_PATH */
	unsigned kinds; /* KIND() of every report kind it can show */
	int plain; /* 1: the writer uses stdio and yajl only, never libxml2 or
	              cairo, so it may run beside another writer (render_all) */
} format;

/* THE table: one row per gs_output_format, in that order. */
static const format formats[GS_OUT_NFORMATS] = {
        [GS_OUT_HTML] = {"-o", "HTML", "a comparison or single-run report", "writes no HTML report",
                         gs_render_html, offsetof(gs_output_paths, html),
                         KIND(COMPARE) | KIND(SINGLE) | KIND(HISTORY)},
        [GS_OUT_JSON] = {"--json", "JSON", "a report model", "writes no JSON", gs_render_json,
                         offsetof(gs_output_paths, json),
                         KIND(COMPARE) | KIND(SINGLE) | KIND(HISTORY) | KIND(CONFIRM) |
                                 KIND(EXPLAIN) | KIND(GPUS),
                         1},
        [GS_OUT_MARKDOWN] = {"--markdown", "markdown", "a comparison report",
                             "writes no markdown summary", gs_render_markdown,
                             offsetof(gs_output_paths, markdown),
                             KIND(COMPARE) | KIND(SINGLE) | KIND(HISTORY) | KIND(CONFIRM)},
        [GS_OUT_CSV] = {"--csv", "CSV", "a comparison report", "writes no per-shape CSV",
                        gs_render_csv, offsetof(gs_output_paths, csv),
                        KIND(COMPARE) | KIND(SINGLE) | KIND(HISTORY), 1},
        [GS_OUT_REGRESSIONS] = {"--regressions", "regressions", "a comparison report",
                                "writes no regressions list", gs_render_regressions,
                                offsetof(gs_output_paths, regressions),
                                KIND(COMPARE) | KIND(HISTORY) | KIND(CONFIRM), 1},
        [GS_OUT_JUNIT] = {"--junit", "JUnit", "a comparison report", "writes no JUnit output",
                          gs_render_junit, offsetof(gs_output_paths, junit),
                          KIND(COMPARE) | KIND(HISTORY)},
        [GS_OUT_ASSETS] = {"--assets", "assets", "a report with plots", "draws no plots", NULL,
                           offsetof(gs_output_paths, assets),
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
	n = (size_t)snprintf(buf, size, "%s %s (it writes", kind_command[kind], formats[f].refusal);
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
check_supported(const gs_report *r, gs_output_format f, const char *path, gs_error *err)
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

/* The assets directory being written: every file rendered into TMP, a
 * directory "DIR.gemmscope-XXXXXX" beside DIR, moved into DIR at commit. */
typedef struct assets {
	char *dir; /* DIR without trailing slashes, owned */
	char *tmp; /* the temporary directory, owned; NULL when none */
	int exists; /* DIR was an existing directory at start */
} assets;

/* The pending outputs: rendered into temporary files, renamed at the end. */
typedef struct pending {
	gs_outfile file[MAX_OUTPUTS + 1];
	size_t n;
	assets a;
} pending;

/* ---- distinct paths ---------------------------------------------------- */

/* The existing inputs of R ("-" as /dev/stdin, the file it reads): a name
 * that is not a file (a GPU name given to --gpu) is no input to protect.
 * Fills INS (R->ninputs slots), returns how many. */
static size_t
existing_inputs(const gs_report *r, const char **ins)
{
	struct stat st;
	size_t n = 0;

	for (size_t i = 0; i < r->ninputs; i++) {
		const char *p = r->inputs[i];
		if (p && strcmp(p, "-") == 0)
			p = "/dev/stdin";
		if (p && stat(p, &st) == 0)
			ins[n++] = p;
	}
	return n;
}

/* The files of one figure in the assets directory: the SVG as inlined,
 * the PNG at 1 px per unit and the 2x PNG (twice the pixels in each
 * dimension, same layout, for high-density screens and slides). */
static const char *const asset_ext[3] = {".svg", ".png", "@2x.png"};
static const int asset_scale[3] = {0, 1, 2};
#define NASSET 3

/* Every output path of PATHS (the assets directory too) into OUTS, then
 * each asset file DIR/<id>.svg, .png and @2x.png (allocated into OWNED,
 * *NOWNED of them), *NOUT in all.  An asset that would land on a directory (its
 * rename would fail half way through the commit) is refused.  Returns 0,
 * or -1 with ERR. */
static int
output_list(const gs_report *r, const gs_output_paths *paths, const char **outs, size_t *nout,
            char **owned, size_t *nowned, gs_error *err)
{
	struct stat st;

	for (int f = 0; f < GS_OUT_NFORMATS; f++)
		if (path_of(paths, (gs_output_format)f))
			outs[(*nout)++] = path_of(paths, (gs_output_format)f);
	for (size_t i = 0; paths->assets && i < r->nplots; i++) {
		for (int k = 0; k < NASSET; k++) {
			char *p = gs_output_join(paths->assets, r->plots[i].id, asset_ext[k]);
			if (!p)
				return gs_error_set(err, paths->assets, 0, 0, "out of memory");
			owned[(*nowned)++] = p;
			outs[(*nout)++] = p;
			if (stat(p, &st) == 0 && S_ISDIR(st.st_mode))
				return gs_error_set(err, p, 0, 0,
				                    "cannot write output: is a directory");
		}
	}
	return 0;
}

/* No output may be an input of R or another output (by device and inode,
 * gs_outfile_check_distinct).  Returns 0, or -1 with ERR naming both. */
static int
check_distinct(const gs_report *r, const gs_output_paths *paths, gs_error *err)
{
	size_t cap = GS_OUT_NFORMATS + NASSET * r->nplots, nowned = 0, nout = 0;
	const char **outs = malloc(cap * sizeof *outs);
	const char **ins = malloc((r->ninputs + 1) * sizeof *ins);
	char **owned = malloc((NASSET * r->nplots + 1) * sizeof *owned);
	int rc = -1;

	if (!outs || !ins || !owned)
		gs_error_set(err, NULL, 0, 0, "out of memory");
	else if (output_list(r, paths, outs, &nout, owned, &nowned, err) == 0)
		rc = gs_outfile_check_distinct(outs, nout, ins, existing_inputs(r, ins), err);
	for (size_t i = 0; owned && i < nowned; i++)
		free(owned[i]);
	free(owned);
	free(outs);
	free(ins);
	return rc;
}

/* ---- stale temporaries (output_stale.c) ---------------------------------- */

static void
clean_stale(const gs_output_paths *paths)
{
	size_t n = paths->assets ? strlen(paths->assets) : 0;
	char *dir;

	for (int f = 0; f < GS_OUT_NFORMATS; f++)
		if (formats[f].write && path_of(paths, (gs_output_format)f))
			gs_output_clean_stale_for(path_of(paths, (gs_output_format)f), 0);
	while (n > 1 && paths->assets[n - 1] == '/')
		n--; /* "DIR/": DIR */
	if (n > 0 && (dir = strndup(paths->assets, n))) {
		gs_output_clean_stale_for(dir, 1);
		free(dir);
	}
}

/* ---- rendering ----------------------------------------------------------- */

/* One output to render: its writer, its open temporary, its outcome. */
typedef struct job {
	writer_fn fn;
	gs_outfile *f;
	const char *path;
	int plain;
	int rc;
	gs_error err;
} job;

/* The jobs of one render_all; the plain ones are taken by both threads
 * in order, under LOCK. */
typedef struct jobs {
	job j[GS_OUT_NFORMATS];
	size_t n, next;
	const gs_report *r;
	pthread_mutex_t lock;
} jobs;

/* Render job J, then finish its temporary (flush, close) on the same
 * thread. */
static void
run_job(const jobs *q, job *j)
{
	memset(&j->err, 0, sizeof j->err);
	j->rc = j->fn(q->r, j->f->fp, &j->err);
	if (j->rc != 0 && !j->err.file[0])
		snprintf(j->err.file, sizeof j->err.file, "%s", j->path);
	if (j->rc == 0)
		j->rc = gs_outfile_finish(j->f, &j->err);
}

/* Run the plain jobs of Q not yet taken, one at a time. */
static void *
run_plain(void *arg)
{
	jobs *q = arg;

	for (;;) {
		job *j = NULL;
		pthread_mutex_lock(&q->lock);
		while (q->next < q->n && !q->j[q->next].plain)
			q->next++;
		if (q->next < q->n)
			j = &q->j[q->next++];
		pthread_mutex_unlock(&q->lock);
		if (!j)
			return NULL;
		run_job(q, j);
	}
}

/* Open the temporary of format F for PATH (NULL: not asked for) as a job
 * of Q.  Returns 0 or -1 with ERR. */
static int
add_job(pending *p, jobs *q, int f, const char *path, gs_error *err)
{
	if (!path)
		return 0;
	if (gs_outfile_open(&p->file[p->n], path, err) != 0)
		return -1;
	q->j[q->n].fn = formats[f].write;
	q->j[q->n].f = &p->file[p->n];
	q->j[q->n].path = path;
	/* beside another writer only into a temporary of its own: outputs
	 * written in place ("-" twice, a FIFO or a device named twice) are
	 * written one after the other in the formats' order, or the bytes
	 * of two writers would interleave on the one stream */
	q->j[q->n++].plain = formats[f].plain && p->file[p->n].mode == GS_OUT_ATOMIC;
	p->n++;
	return 0;
}

/* A's target DIR (PATH without trailing slashes) checked: a directory,
 * or absent.  Returns 0 or -1 with ERR. */
static int
assets_target(assets *a, const char *path, gs_error *err)
{
	struct stat st;
	size_t n = strlen(path);

	while (n > 1 && path[n - 1] == '/')
		n--;
	if (!(a->dir = strndup(path, n)))
		return gs_error_set(err, path, 0, 0, "out of memory");
	if (stat(a->dir, &st) == 0) {
		if (!S_ISDIR(st.st_mode))
			return gs_error_set(err, path, 0, 0, "cannot create directory: %s",
			                    strerror(ENOTDIR));
		a->exists = 1;
	} else if (errno != ENOENT)
		return gs_error_set(err, path, 0, 0, "cannot create directory: %s",
		                    strerror(errno));
	return 0;
}

/* Create A's temporary directory "DIR.gemmscope-XXXXXX" beside DIR, with
 * the mode mkdir would give (0777 & ~umask). */
static int
assets_mktemp(assets *a, gs_error *err)
{
	static const char tail[] = GS_OUTFILE_TMP_TAG "XXXXXX";
	size_t n = strlen(a->dir);
	mode_t mask;

	if (!(a->tmp = malloc(n + sizeof tail)))
		return gs_error_set(err, a->dir, 0, 0, "out of memory");
	memcpy(a->tmp, a->dir, n);
	memcpy(a->tmp + n, tail, sizeof tail);
	if (!mkdtemp(a->tmp)) {
		free(a->tmp);
		a->tmp = NULL;
		return gs_error_set(err, a->dir, 0, 0, "cannot create directory: %s",
		                    strerror(errno));
	}
	mask = umask(0);
	umask(mask);
	chmod(a->tmp, 0777 & ~mask);
	return 0;
}

/* PL as TMP/<id>.svg and (when laid out) TMP/<id>.png and
 * TMP/<id>@2x.png, each complete.  Returns 0 or -1 with ERR
 * (naming the temporary path). */
static int
assets_plot(const assets *a, const gs_report_plot *pl, gs_error *err)
{
	char *path = gs_output_join(a->tmp, pl->id, ".svg");
	gs_outfile f;
	int rc = -1;

	if (!path)
		return gs_error_set(err, a->dir, 0, 0, "out of memory");
	if (gs_outfile_open(&f, path, err) != 0)
		goto done;
	if (fwrite(pl->svg, 1, pl->svg_len, f.fp) != pl->svg_len) {
		gs_outfile_abort(&f);
		gs_error_set(err, path, 0, 0, "write failed");
		goto done;
	}
	if (gs_outfile_commit(&f, err) != 0)
		goto done;
	rc = 0;
	for (int k = 1; k < NASSET && rc == 0 && pl->plot; k++) {
		free(path);
		if (!(path = gs_output_join(a->tmp, pl->id, asset_ext[k])))
			return gs_error_set(err, a->dir, 0, 0, "out of memory");
		rc = gs_plot_png(pl->plot, path, asset_scale[k], err);
	}
done:
	free(path);
	return rc;
}

/* ERR's file inside A's temporary directory named as its final path. */
static void
assets_name_error(const assets *a, gs_error *err)
{
	size_t n = strlen(a->tmp);
	char tail[sizeof err->file];

	if (strncmp(err->file, a->tmp, n) != 0)
		return;
	snprintf(tail, sizeof tail, "%s", err->file + n);
	snprintf(err->file, sizeof err->file, "%s%s", a->dir, tail);
}

/* Assets: every figure as <id>.svg, <id>.png and <id>@2x.png in A's
 * temporary directory; nothing is visible under DIR until assets_commit. */
static int
assets_render(assets *a, const gs_report *r, const char *dir, gs_error *err)
{
	if (assets_target(a, dir, err) != 0 || assets_mktemp(a, err) != 0)
		return -1;
	for (size_t i = 0; i < r->nplots; i++) {
		if (assets_plot(a, &r->plots[i], err) != 0) {
			assets_name_error(a, err);
			return -1;
		}
	}
	return 0;
}

/* Remove A's temporary directory and release A. */
static void
assets_abort(assets *a)
{
	if (a->tmp)
		gs_output_remove_flat_dir(a->tmp);
	free(a->tmp);
	free(a->dir);
	memset(a, 0, sizeof *a);
}

/* Move the files of A's temporary directory into the existing DIR, one
 * rename each (then the empty temporary is removed). */
static int
assets_move(assets *a, const gs_report *r, gs_error *err)
{
	for (size_t i = 0; i < r->nplots; i++) {
		for (int k = 0; k < (r->plots[i].plot ? NASSET : 1); k++) {
			const char *ext = asset_ext[k];
			char *from = gs_output_join(a->tmp, r->plots[i].id, ext);
			char *to = gs_output_join(a->dir, r->plots[i].id, ext);
			int rc = from && to ? rename(from, to) : (errno = ENOMEM, -1);

			if (rc != 0)
				gs_error_set(err, to ? to : a->dir, 0, 0,
				             "cannot rename output: %s", strerror(errno));
			free(from);
			free(to);
			if (rc != 0)
				return -1;
		}
	}
	return 0;
}

/* Publish A: rename the temporary directory to DIR when DIR did not
 * exist (one rename; if a concurrent run created DIR meanwhile, as
 * below), else move each file into DIR.  Releases A.  0 or -1 with ERR. */
static int
assets_commit(assets *a, const gs_report *r, gs_error *err)
{
	int rc = 0;

	if (!a->tmp)
		return 0;
	if (!a->exists && rename(a->tmp, a->dir) == 0) {
		free(a->tmp);
		a->tmp = NULL;
	} else if (!a->exists && errno != ENOTEMPTY && errno != EEXIST) {
		rc = gs_error_set(err, a->dir, 0, 0, "cannot rename output: %s", strerror(errno));
	} else {
		rc = assets_move(a, r, err);
	}
	assets_abort(a);
	return rc;
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
	return check_distinct(r, paths, err);
}

/* Render every requested stream output, then the assets; 0 or -1. */
static int
render_all(pending *p, const gs_report *r, const gs_output_paths *paths, gs_error *err)
{
	jobs q;
	pthread_t worker;
	int threaded;

	memset(&q, 0, sizeof q);
	q.r = r;
	for (int f = 0; f < GS_OUT_NFORMATS; f++)
		if (formats[f].write &&
		    add_job(p, &q, f, path_of(paths, (gs_output_format)f), err) != 0)
			return -1;
	/* The plain writers (JSON, CSV: most of a million-shape compare's
	 * time) run on a second thread beside this one, which renders the
	 * libxml2 and cairo outputs and then helps with the plain ones.  Each
	 * output is one file written by one writer, so the bytes do not
	 * depend on which thread wrote them. */
	pthread_mutex_init(&q.lock, NULL);
	threaded = pthread_create(&worker, NULL, run_plain, &q) == 0;
	for (size_t i = 0; i < q.n; i++)
		if (!q.j[i].plain)
			run_job(&q, &q.j[i]);
	run_plain(&q);
	if (threaded)
		pthread_join(worker, NULL);
	pthread_mutex_destroy(&q.lock);
	for (size_t i = 0; i < q.n; i++)
		if (q.j[i].rc != 0) {
			*err = q.j[i].err;
			return -1;
		}
	if (paths->assets && assets_render(&p->a, r, paths->assets, err) != 0)
		return -1;
	return 0;
}

/* The commit window: every temporary was finished (complete, closed) by
 * the job that wrote it (run_job), before the first rename; the assets,
 * then the files, renamed. */
static int
commit_all(pending *p, const gs_report *r, gs_error *err)
{
	if (assets_commit(&p->a, r, err) != 0)
		return -1;
	return gs_outfile_commit_all(p->file, p->n, err);
}

int
gs_output_write_all(const gs_report *r, const gs_output_paths *paths, gs_error *err)
{
	pending p;

	memset(&p, 0, sizeof p);
	if (check_all(r, paths, err) != 0)
		return -1;
	clean_stale(paths);
	if (render_all(&p, r, paths, err) == 0 && commit_all(&p, r, err) == 0)
		return 0;
	for (size_t i = 0; i < p.n; i++)
		gs_outfile_abort(&p.file[i]);
	assets_abort(&p.a);
	return -1;
}
