/* runset.c: the run-set reader of `gemmscope history` (runset.h): list a
 * directory or take a list of files, name each run, order the runs by name
 * (natural order) or by a date/number column, and read every table.
 * Moved out of analysis/history.c so that analysis does no file I/O
 * (issue 9, item 3). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "ingest/csv_value.h"
#include "ingest/csvrows.h"
#include "ingest/runset.h"
#include "util/grow.h"

/* ---- loading: run names and natural order ------------------------------ */

static int
digits_cmp(const unsigned char **px, const unsigned char **py)
{
	const unsigned char *x = *px, *y = *py;
	size_t lx = 0, ly = 0;
	int c;

	while (*x == '0')
		x++;
	while (*y == '0')
		y++;
	while (isdigit(x[lx]))
		lx++;
	while (isdigit(y[ly]))
		ly++;
	*px = x + lx;
	*py = y + ly;
	if (lx != ly)
		return lx < ly ? -1 : 1;
	c = memcmp(x, y, lx);
	return (c > 0) - (c < 0);
}

int
gs_runset_natcmp(const char *a, const char *b)
{
	const unsigned char *x = (const unsigned char *)a;
	const unsigned char *y = (const unsigned char *)b;

	while (*x && *y) {
		if (isdigit(*x) && isdigit(*y)) {
			int c = digits_cmp(&x, &y);
			if (c)
				return c;
			continue;
		}
		if (*x != *y)
			return *x < *y ? -1 : 1;
		x++;
		y++;
	}
	return (*x != 0) - (*y != 0);
}

char *
gs_runset_run_name(const char *path)
{
	static const char *const ext[] = {".csv", ".tsv", ".txt", ".json", ".db"};
	const char *base = strrchr(path, '/');
	size_t len;

	base = base ? base + 1 : path;
	len = strlen(base);
	if (len > 3 && strcasecmp(base + len - 3, ".gz") == 0)
		len -= 3;
	for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++) {
		size_t el = strlen(ext[i]);
		if (len > el && strncasecmp(base + len - el, ext[i], el) == 0) {
			len -= el;
			break;
		}
	}
	return strndup(base, len);
}

/* One input while loading. */
typedef struct run_item {
	char *path; /* owned */
	char *name; /* owned */
	double key; /* order value (seconds since the epoch for dates) */
	int is_date;
	gs_table *t; /* owned until handed over */
} run_item;

typedef struct run_list {
	run_item *v;
	size_t n, cap;
} run_list;

static void
list_free(run_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].path);
		free(l->v[i].name);
		gs_table_free(l->v[i].t);
	}
	free(l->v);
	memset(l, 0, sizeof *l);
}

static int
list_add(run_list *l, const char *path, gs_error *err)
{
	run_item *it;

	if (GS_GROW(l->v, l->cap, l->n + 1, SIZE_MAX) != 0)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	it = &l->v[l->n];
	memset(it, 0, sizeof *it);
	it->path = strdup(path);
	it->name = gs_runset_run_name(path);
	if (!it->path || !it->name) {
		free(it->path);
		free(it->name);
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	}
	l->n++;
	return 0;
}

static int
is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The runs of directory DIR (gs_runset_dir) added to L. */
static int
list_dir(run_list *l, const char *dir, const gs_ingest_opts *io, gs_error *err)
{
	char **paths;
	size_t n;
	int rc;

	if (gs_runset_dir(dir, io, &paths, &n, err) != 0)
		return -1;
	rc = n ? 0 : gs_error_set(err, dir, 0, 0, "no input files in this directory");
	for (size_t i = 0; i < n; i++) {
		if (rc == 0)
			rc = list_add(l, paths[i], err);
		free(paths[i]);
	}
	free(paths);
	return rc;
}

static int
collect(run_list *l, const char *const *paths, size_t n, const gs_ingest_opts *io, gs_error *err)
{
	if (n == 0)
		return gs_error_set(err, NULL, 0, 0, "history: no runs given");
	if (n == 1 && is_dir(paths[0]))
		return list_dir(l, paths[0], io, err);
	for (size_t i = 0; i < n; i++) {
		if (is_dir(paths[i]))
			return gs_error_set(
			        err, paths[i], 0, 0,
			        "is a directory: give one directory or a list of files");
		if (list_add(l, paths[i], err) != 0)
			return -1;
	}
	return 0;
}

/* ---- loading: order by a date or number column ------------------------- */

/* Days since 1970-01-01 of a proleptic Gregorian date: the era/day-of-era
 * method of H. Hinnant, "chrono-Compatible Low-Level Date Algorithms". */
static long
days_from_civil(long y, int m, int d)
{
	long era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* "HH:MM[:SS[.f]]" at S: seconds into *SEC, the rest into *END. */
static int
parse_clock(const char *s, double *sec, const char **end)
{
	int h, mi, pos = 0;
	double ss = 0;

	if (sscanf(s, "%2d:%2d%n", &h, &mi, &pos) != 2 || pos != 5)
		return -1;
	s += pos;
	if (*s == ':') {
		char *e;
		ss = strtod(s + 1, &e);
		if (e == s + 1 || !(ss >= 0 && ss < 61))
			return -1;
		s = e;
	}
	if (h < 0 || h > 23 || mi < 0 || mi > 59)
		return -1;
	*sec = h * 3600.0 + mi * 60.0 + ss;
	*end = s;
	return 0;
}

/* "Z", "+HH:MM", "-HH:MM" or nothing at S: the offset east of UTC. */
static int
parse_zone(const char *s, double *off, const char **end)
{
	int th, tm, pos = 0;

	*off = 0;
	*end = s;
	if (*s == 'Z') {
		*end = s + 1;
		return 0;
	}
	if (*s != '+' && *s != '-')
		return 0;
	if (sscanf(s + 1, "%2d:%2d%n", &th, &tm, &pos) != 2 || pos != 5 || th < 0 || th > 23 ||
	    tm < 0 || tm > 59)
		return -1;
	*off = (*s == '-' ? -1 : 1) * (th * 3600.0 + tm * 60.0);
	*end = s + 1 + pos;
	return 0;
}

/* ISO 8601 "YYYY-MM-DD[(T| )HH:MM[:SS[.f]]][Z|±HH:MM]" as seconds since
 * the epoch (UTC). */
static int
parse_iso8601(const char *s, double *out)
{
	int y, mo, d, pos = 0;
	double sec = 0, off = 0;
	const char *p;

	if (!isdigit((unsigned char)s[0]) || sscanf(s, "%4d-%2d-%2d%n", &y, &mo, &d, &pos) != 3 ||
	    pos != 10 || mo < 1 || mo > 12 || d < 1 || d > 31)
		return -1;
	p = s + pos;
	if ((*p == 'T' || *p == ' ') && parse_clock(p + 1, &sec, &p) != 0)
		return -1;
	if (parse_zone(p, &off, &p) != 0 || *p != '\0')
		return -1;
	*out = (double)days_from_civil(y, mo, d) * 86400.0 + sec - off;
	return 0;
}

typedef struct key_ctx {
	const char *column;
	const char *path;
	long col; /* column index, -1 until the header is seen */
	long rows; /* rows read while looking for the header */
	int found;
	run_item *item;
} key_ctx;

enum { KEY_HEADER_ROWS = 64 }; /* preamble rows searched for the header */

static int
key_value(key_ctx *k, long line, const char *cell, gs_error *err)
{
	run_item *it = k->item;

	if (gs_csv_number(cell, &it->key) == 0 && isfinite(it->key))
		it->is_date = 0;
	else if (parse_iso8601(cell, &it->key) == 0)
		it->is_date = 1;
	else
		return gs_error_set(err, k->path, line, k->col + 1,
		                    "order column '%s': '%s' is neither a number nor an "
		                    "ISO 8601 date",
		                    k->column, cell);
	k->found = 1;
	return 1;
}

static int
key_row(void *ctx, long line, const char *const *field, const size_t *len, size_t nfields,
        gs_error *err)
{
	key_ctx *k = ctx;

	(void)len;
	if (k->col >= 0) {
		if ((size_t)k->col >= nfields)
			return gs_error_set(err, k->path, line, 0,
			                    "order column '%s' is missing in this row", k->column);
		return key_value(k, line, field[k->col], err);
	}
	for (size_t i = 0; i < nfields; i++)
		if (strcasecmp(field[i], k->column) == 0) {
			k->col = (long)i;
			return 0;
		}
	return ++k->rows >= KEY_HEADER_ROWS ? 1 : 0;
}

static int
read_key(run_item *it, const char *column, gs_error *err)
{
	key_ctx k = {column, it->path, -1, 0, 0, it};
	gs_input in;
	int rc;

	if (gs_input_open(&in, it->path, err) != 0)
		return -1;
	rc = gs_csv_rows(&in, key_row, &k, err);
	gs_input_close(&in);
	if (rc != 0)
		return -1;
	if (k.col < 0)
		return gs_error_set(err, it->path, 1, 0, "no column '%s' to order the runs by",
		                    column);
	if (!k.found)
		return gs_error_set(err, it->path, 0, 0, "no data row with a value of '%s'",
		                    column);
	return 0;
}

static int
by_name(const void *a, const void *b)
{
	const run_item *x = a, *y = b;
	int c = gs_runset_natcmp(x->name, y->name);

	return c ? c : strcmp(x->path, y->path);
}

static int
by_key(const void *a, const void *b)
{
	const run_item *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return by_name(a, b);
}

static int
order(run_list *l, const char *column, gs_error *err)
{
	qsort(l->v, l->n, sizeof *l->v, by_name);
	if (!column)
		return 0;
	for (size_t i = 0; i < l->n; i++) {
		if (read_key(&l->v[i], column, err) != 0)
			return -1;
		if (i && l->v[i].is_date != l->v[0].is_date)
			return gs_error_set(err, l->v[i].path, 0, 0,
			                    "order column '%s' holds %s here but %s in %s", column,
			                    l->v[i].is_date ? "a date" : "a number",
			                    l->v[0].is_date ? "a date" : "a number", l->v[0].path);
	}
	qsort(l->v, l->n, sizeof *l->v, by_key);
	return 0;
}

/* ---- loading: read and hand over --------------------------------------- */

/* Read every run, two at a time on two threads (gs_ingest_read_pair: the
 * same tables, warnings and first error as reading them in order). */
static int
read_all(run_list *l, const gs_ingest_opts *io, gs_error *err)
{
	size_t i = 0;

	for (; i + 1 < l->n; i += 2)
		if (gs_ingest_read_pair(l->v[i].path, l->v[i + 1].path, io, &l->v[i].t,
		                        &l->v[i + 1].t, err) != 0)
			return -1;
	if (i < l->n && gs_ingest_read(l->v[i].path, io, &l->v[i].t, err) != 0)
		return -1;
	return 0;
}

static int
hand_over(run_list *l, gs_table ***runs, char ***names, gs_error *err)
{
	*runs = malloc(l->n * sizeof **runs);
	*names = malloc(l->n * sizeof **names);
	if (!*runs || !*names) {
		free(*runs);
		free(*names);
		*runs = NULL;
		*names = NULL;
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	}
	for (size_t i = 0; i < l->n; i++) {
		(*runs)[i] = l->v[i].t;
		(*names)[i] = l->v[i].name;
		l->v[i].t = NULL;
		l->v[i].name = NULL;
	}
	return 0;
}

void
gs_runset_free(gs_table **runs, char **names, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (runs)
			gs_table_free(runs[i]);
		if (names)
			free(names[i]);
	}
	free(runs);
	free(names);
}

/* L: the runs of PATHS named and ordered (nothing read yet). */
static int
prepare(run_list *l, const char *const *paths, size_t n, const gs_ingest_opts *io,
        const char *order_column, gs_error *err)
{
	int rc = collect(l, paths, n, io, err);

	return rc == 0 ? order(l, order_column, err) : rc;
}

/* The paths and names of L's runs, handed over to *PATHS and *NAMES. */
static int
hand_over_names(run_list *l, char ***paths, char ***names, gs_error *err)
{
	*paths = malloc((l->n ? l->n : 1) * sizeof **paths);
	*names = malloc((l->n ? l->n : 1) * sizeof **names);
	if (!*paths || !*names) {
		free(*paths);
		free(*names);
		*paths = *names = NULL;
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	}
	for (size_t i = 0; i < l->n; i++) {
		(*paths)[i] = l->v[i].path;
		(*names)[i] = l->v[i].name;
		l->v[i].path = l->v[i].name = NULL;
	}
	return 0;
}

int
gs_runset_list(const char *const *paths, size_t n, const gs_ingest_opts *io,
               const char *order_column, char ***run_paths, char ***names, size_t *nruns,
               gs_error *err)
{
	run_list l = {0};
	int rc;

	*run_paths = *names = NULL;
	*nruns = 0;
	rc = prepare(&l, paths, n, io, order_column, err);
	if (rc == 0)
		rc = hand_over_names(&l, run_paths, names, err);
	if (rc == 0)
		*nruns = l.n;
	list_free(&l);
	return rc;
}

void
gs_runset_names_free(char **paths, char **names, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (paths)
			free(paths[i]);
		if (names)
			free(names[i]);
	}
	free(paths);
	free(names);
}

int
gs_runset_load(const char *const *paths, size_t n, const gs_ingest_opts *io,
               const char *order_column, gs_table ***runs, char ***names, size_t *nruns,
               gs_error *err)
{
	run_list l = {0};
	int rc;

	*runs = NULL;
	*names = NULL;
	*nruns = 0;
	rc = prepare(&l, paths, n, io, order_column, err);
	if (rc == 0)
		rc = read_all(&l, io, err);
	if (rc == 0)
		rc = hand_over(&l, runs, names, err);
	if (rc == 0)
		*nruns = l.n;
	list_free(&l);
	return rc;
}
