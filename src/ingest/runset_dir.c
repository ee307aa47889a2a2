/* runset_dir.c: which files of a `gemmscope history DIR` are runs
 * (runset.h, gs_runset_dir): the flat layout (DIR holds the run files) and
 * the nightly layout of README.md (one folder per night holding NIGHT.csv
 * beside that night's reports).  Everything else is skipped with one note
 * line on stderr instead of failing the history (issue 12). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "ingest/runset.h"
#include "util/grow.h"

enum {
	MAX_ENTRIES = 1 << 20, /* entries of one directory */
	NOTE_NAMES = 4 /* skipped names the note spells out */
};

/* A list of owned strings. */
typedef struct strv {
	char **v;
	size_t n, cap;
} strv;

static void
strv_free(strv *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	memset(s, 0, sizeof *s);
}

/* Append the concatenation A B C (B and C may be ""). */
static int
strv_add3(strv *s, const char *a, const char *b, const char *c, gs_error *err)
{
	size_t len = strlen(a) + strlen(b) + strlen(c) + 1;
	char *p;

	if (GS_GROW(s->v, s->cap, s->n + 1, MAX_ENTRIES) != 0 || !(p = malloc(len)))
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	snprintf(p, len, "%s%s%s", a, b, c);
	s->v[s->n++] = p;
	return 0;
}

static int
by_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int
is_folder(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The entries of DIR not starting with '.', sorted (readdir's order is
 * the file system's). */
static int
list_entries(const char *dir, strv *out, gs_error *err)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int rc = 0;

	if (!d)
		return gs_error_set(err, dir, 0, 0, "cannot read directory: %s", strerror(errno));
	while (rc == 0 && (e = readdir(d)) != NULL)
		if (e->d_name[0] != '.')
			rc = strv_add3(out, e->d_name, "", "", err);
	closedir(d);
	if (rc == 0 && out->n > 1)
		qsort(out->v, out->n, sizeof *out->v, by_str);
	return rc;
}

/* The run-file extensions, each also with ".gz" after it. */
static const char *const run_ext[] = {".csv", ".tsv", ".json", ".db", ".txt"};
enum { N_EXT = sizeof run_ext / sizeof run_ext[0] };

/* 2 when NAME ends in a run extension other than .txt, 1 for .txt (a
 * benchmark log or a note: read to tell), 0 otherwise. */
static int
ext_kind(const char *name)
{
	size_t len = strlen(name);

	if (len > 3 && strcasecmp(name + len - 3, ".gz") == 0)
		len -= 3;
	for (size_t i = 0; i < N_EXT; i++) {
		size_t el = strlen(run_ext[i]);
		if (len > el && strncasecmp(name + len - el, run_ext[i], el) == 0)
			return strcmp(run_ext[i], ".txt") == 0 ? 1 : 2;
	}
	return 0;
}

/* The run of night folder DIR/NIGHT: DIR/NIGHT/NIGHT.EXT[.gz], appended to
 * RUNS.  Returns 1 when found, 0 when the folder holds none, -1 with ERR
 * when it holds two. */
static int
night_run(const char *dir, const char *night, strv *runs, gs_error *err)
{
	size_t found = 0;
	char path[4096];

	for (size_t i = 0; i < 2 * N_EXT; i++) {
		snprintf(path, sizeof path, "%s/%s/%s%s%s", dir, night, night, run_ext[i / 2],
		         i % 2 ? ".gz" : "");
		if (!is_file(path))
			continue;
		if (found++)
			return gs_error_set(err, path, 0, 0,
			                    "a second run of night '%s' "
			                    "(beside %s): keep one",
			                    night, runs->v[runs->n - 1]);
		if (strv_add3(runs, path, "", "", err) != 0)
			return -1;
	}
	return found ? 1 : 0;
}

/* 1 when PATH (a .txt) reads as a known input, else 0. */
static int
reads_as_run(const char *path, const gs_ingest_opts *io)
{
	gs_table *t;
	gs_error ignored;

	if (gs_ingest_read(path, io, &t, &ignored) != 0)
		return 0;
	gs_table_free(t);
	return 1;
}

/* The nightly layout: every folder holding its own-named run.  DIR's own
 * files (baseline.csv) and folders without a run are skipped. */
static int
take_nights(const char *dir, const strv *ent, strv *runs, strv *skip, gs_error *err)
{
	char path[4096];

	for (size_t i = 0; i < ent->n; i++) {
		int dir_entry, rc = 0;
		snprintf(path, sizeof path, "%s/%s", dir, ent->v[i]);
		dir_entry = is_folder(path);
		if (dir_entry)
			rc = night_run(dir, ent->v[i], runs, err);
		if (rc < 0)
			return -1;
		if (rc == 0 && strv_add3(skip, ent->v[i], dir_entry ? "/" : "", "", err) != 0)
			return -1;
	}
	return 0;
}

/* The flat layout: DIR's files with a run extension (a .txt only when it
 * reads as an input); folders and other files are skipped. */
static int
take_files(const char *dir, const strv *ent, const gs_ingest_opts *io, strv *runs, strv *skip,
           gs_error *err)
{
	char path[4096];

	for (size_t i = 0; i < ent->n; i++) {
		int file, kind = ext_kind(ent->v[i]), rc;
		snprintf(path, sizeof path, "%s/%s", dir, ent->v[i]);
		file = is_file(path);
		if (file && (kind == 2 || (kind == 1 && reads_as_run(path, io))))
			rc = strv_add3(runs, path, "", "", err);
		else
			rc = strv_add3(skip, ent->v[i], file ? "" : "/", "", err);
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* One note line naming how many entries of DIR were skipped, and the
 * first few. */
static void
note_skipped(const char *dir, const strv *skip)
{
	if (skip->n == 0)
		return;
	fprintf(stderr, "gemmscope: note: %s: skipped %zu %s:", dir, skip->n,
	        skip->n == 1 ? "entry (not a run)" : "entries (not runs)");
	for (size_t i = 0; i < skip->n && i < NOTE_NAMES; i++)
		fprintf(stderr, "%s %s", i ? "," : "", skip->v[i]);
	if (skip->n > NOTE_NAMES)
		fprintf(stderr, " and %zu more", skip->n - NOTE_NAMES);
	fputc('\n', stderr);
}

/* Whether DIR has the nightly layout: some folder holds its own-named run. */
static int
is_nightly(const char *dir, const strv *ent, gs_error *err)
{
	strv probe = {0};
	int rc = 0;

	for (size_t i = 0; i < ent->n && rc == 0; i++)
		rc = night_run(dir, ent->v[i], &probe, err);
	strv_free(&probe);
	return rc;
}

int
gs_runset_dir(const char *dir, const gs_ingest_opts *io, char ***paths, size_t *n, gs_error *err)
{
	strv ent = {0}, runs = {0}, skip = {0};
	size_t len = strlen(dir);
	char *d = strndup(dir, len > 1 && dir[len - 1] == '/' ? len - 1 : len);
	int rc = d ? list_entries(d, &ent, err) : gs_error_set(err, NULL, 0, 0, "out of memory");

	*paths = NULL;
	*n = 0;
	if (rc == 0)
		rc = is_nightly(d, &ent, err);
	if (rc == 1)
		rc = take_nights(d, &ent, &runs, &skip, err);
	else if (rc == 0)
		rc = take_files(d, &ent, io, &runs, &skip, err);
	if (rc == 0) {
		note_skipped(dir, &skip);
		*paths = runs.v;
		*n = runs.n;
		runs.v = NULL;
		runs.n = 0;
	}
	strv_free(&runs);
	strv_free(&skip);
	strv_free(&ent);
	free(d);
	return rc;
}
