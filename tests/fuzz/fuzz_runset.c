/* fuzz_runset: the history run-set reader (ingest/runset.h) against
 * hostile run folders.  The input's first line names the runs: one or two
 * file names (bytes other than [A-Za-z0-9._-] become '_'; "." and ".."
 * become "_"; a repeated name gets a "2" appended) and optionally
 * "order=COLUMN".  A name cut short by a NUL byte
 * ends there (an empty one becomes "_").  The rest is the first file's content; with two names
 * it is split at the first line "=====".  The files are written to a
 * fresh temporary directory, read with gs_runset_load(DIR), and the
 * directory is removed after each input.  A folder may be accepted or
 * rejected; an accepted one gives one named table per visible file, a
 * rejection says what.  The names also exercise gs_runset_natcmp (it must
 * be antisymmetric) and gs_runset_run_name.
 * Built as a libFuzzer target and as a replay check program (replay.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/runset.h"
#include "replay.h"

enum { NAME_LEN = 64 };

static const char sep[] = "\n=====\n";

typedef struct spec {
	char name[2][NAME_LEN + 2];
	int nfiles;
	char order[NAME_LEN + 1];
} spec;

/* Read the control line DATA[0..LEN) into S. */
static void
parse_spec(const uint8_t *data, size_t len, spec *s)
{
	size_t i = 0;

	memset(s, 0, sizeof *s);
	while (i < len) {
		char tok[NAME_LEN + 1];
		size_t n = 0;
		while (i < len && data[i] == ' ')
			i++;
		for (; i < len && data[i] != ' '; i++)
			if (n < NAME_LEN)
				tok[n++] = (char)data[i];
		tok[n] = '\0';
		if (!n)
			break;
		if (!strncmp(tok, "order=", 6))
			memcpy(s->order, tok + 6, n - 5);
		else if (s->nfiles < 2)
			memcpy(s->name[s->nfiles++], tok, n + 1);
	}
}

/* Make S's names safe file names of one directory. */
static void
clean_names(spec *s)
{
	if (!s->nfiles)
		strcpy(s->name[s->nfiles++], "run-1.csv");
	for (int f = 0; f < s->nfiles; f++) {
		char *p = s->name[f];
		for (char *c = p; *c; c++)
			if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			            "0123456789._-",
			            *c))
				*c = '_';
		if (!*p || !strcmp(p, ".") || !strcmp(p, ".."))
			strcpy(p, "_");
	}
	if (s->nfiles == 2 && !strcmp(s->name[0], s->name[1]))
		strcat(s->name[1], "2");
}

static int
check_names(const spec *s)
{
	char *r0 = gs_runset_run_name(s->name[0]);
	int bad = !r0;

	if (s->nfiles == 2) {
		int ab = gs_runset_natcmp(s->name[0], s->name[1]);
		int ba = gs_runset_natcmp(s->name[1], s->name[0]);
		bad |= (ab > 0) != (ba < 0) || (ab < 0) != (ba > 0);
	}
	free(r0);
	if (bad)
		fprintf(stderr, "fuzz-runset: names \"%s\", \"%s\"\n", s->name[0], s->name[1]);
	return bad;
}

/* Write the files of S (contents from DATA[0..SIZE)) into DIR. */
static int
write_files(const spec *s, const char *dir, const uint8_t *data, size_t size)
{
	const uint8_t *cut = NULL;
	size_t n1 = size;

	for (size_t i = 0; s->nfiles == 2 && i + sizeof sep - 1 <= size; i++)
		if (!memcmp(data + i, sep, sizeof sep - 1)) {
			cut = data + i;
			break;
		}
	if (cut)
		n1 = (size_t)(cut - data);
	if (gs_fuzz_put(dir, s->name[0], data, n1, NULL) != 0)
		return -1;
	if (s->nfiles < 2)
		return 0;
	return cut ? gs_fuzz_put(dir, s->name[1], cut + sizeof sep - 1,
	                         size - n1 - (sizeof sep - 1), NULL)
	           : gs_fuzz_put(dir, s->name[1], data, 0, NULL);
}

static int
load(const spec *s, const char *dir)
{
	const char *paths[1] = {dir};
	size_t want = (s->name[0][0] != '.') + (s->nfiles == 2 && s->name[1][0] != '.');
	gs_table **runs = NULL;
	char **names = NULL;
	size_t n = 0;
	gs_error err;
	int rc, bad;

	gs_error_clear(&err);
	rc = gs_runset_load(paths, 1, NULL, s->order[0] ? s->order : NULL, &runs, &names, &n, &err);
	/* A file whose name is not a run's (runset.h: the extensions, the
	 * nightly layout) is skipped with a note, so at most WANT runs. */
	bad = rc != 0 ? rc != -1 || !err.msg[0] : n > want || (n && (!runs || !names));
	for (size_t i = 0; rc == 0 && i < n; i++)
		bad |= !runs[i] || !names[i];
	if (bad)
		fprintf(stderr, "fuzz-runset: rc %d, %zu runs (at most %zu): %s\n", rc, n, want,
		        err.msg);
	if (rc == 0)
		gs_runset_free(runs, names, n);
	return bad;
}

static int
feed(const uint8_t *data, size_t size)
{
	const uint8_t *nl = memchr(data, '\n', size);
	size_t head = nl ? (size_t)(nl - data) : size;
	char dir[GS_FUZZ_PATH];
	spec s;
	int bad;

	parse_spec(data, head, &s);
	clean_names(&s);
	bad = check_names(&s);
	if (gs_fuzz_tmpdir(dir) != 0)
		return 1;
	head += nl != NULL;
	if (write_files(&s, dir, data + head, size - head) != 0) {
		fprintf(stderr, "fuzz-runset: cannot write \"%s\", \"%s\"\n", s.name[0], s.name[1]);
		bad = 1;
	} else
		bad |= load(&s, dir);
	return gs_fuzz_rmdir(dir) != 0 || bad;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (feed(data, size) != 0)
		abort();
	return 0;
}

#ifndef GS_LIBFUZZER
int
main(int argc, char **argv)
{
	static const gs_fuzz_target t = {"fuzz-runset", feed, NULL, 60};

	return gs_fuzz_main(&t, argc, argv);
}
#endif
