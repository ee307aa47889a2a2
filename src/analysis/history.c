/* history.c: the nightly history model (history.h): per-run compares
 * against the first and the previous run, per-shape series and their
 * change points.  Evolution table: reference/statistics.md §1; change
 * points and persistence: model/changepoint.h (statistics.md §2.2, §4.6).
 * Then loading and ordering the runs: natural sort or a date column. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "analysis/history.h"
#include "ingest/csv_value.h"
#include "ingest/csvrows.h"
#include "model/changepoint.h"

void
gs_history_opts_default(gs_history_opts *o)
{
	gs_cp_params par;

	gs_cp_params_default(&par);
	gs_compare_opts_default(&o->cmp);
	o->persist = (unsigned)par.persist;
	o->min_magnitude = par.min_magnitude;
	o->max_p = par.max_pvalue;
	o->window = par.window;
	o->order_column = NULL;
}

const char *
gs_history_cp_direction(const gs_history_cp *c)
{
	return c->slower ? "slower" : "faster";
}

const char *
gs_history_cp_state(const gs_history_cp *c)
{
	if (c->pending)
		return "pending";
	return c->slower ? "regression" : "improvement";
}

void
gs_history_free(gs_history *h)
{
	for (size_t i = 0; i < h->nruns; i++) {
		gs_compare_free(&h->runs[i].vs_first);
		gs_compare_free(&h->runs[i].vs_previous);
	}
	free(h->runs);
	for (size_t i = 0; i < h->nseries; i++)
		free(h->series[i].t);
	free(h->series);
	free(h->cps);
	memset(h, 0, sizeof *h);
}

/* ---- per run: the evolution table ------------------------------------ */

static int
compare_runs(gs_history *h, gs_table *const *runs, const char *const *names,
             size_t n, gs_error *err)
{
	h->runs = calloc(n, sizeof *h->runs);
	if (!h->runs)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	for (size_t i = 0; i < n; i++) {
		gs_history_entry *e = &h->runs[i];
		h->nruns = i + 1; /* so gs_history_free releases what this run got */
		e->name = names[i];
		e->table = runs[i];
		if (gs_compare_run(runs[0], runs[i], &h->opts.cmp, &e->vs_first, err) != 0 ||
		    gs_compare_run(runs[i ? i - 1 : 0], runs[i], &h->opts.cmp,
		                   &e->vs_previous, err) != 0)
			return -1;
		e->geomean_vs_first = e->vs_first.s.geomean;
		e->geomean_vs_previous = e->vs_previous.s.geomean;
	}
	return 0;
}

/* ---- per shape: the series ------------------------------------------- */

static gs_history_series *
series_new(gs_history *h, size_t *cap, const gs_record *rec, size_t run)
{
	gs_history_series *s;

	if (h->nseries == *cap) {
		size_t ncap = *cap ? *cap * 2 : 256;
		s = realloc(h->series, ncap * sizeof *s);
		if (!s)
			return NULL;
		h->series = s;
		*cap = ncap;
	}
	s = &h->series[h->nseries];
	memset(s, 0, sizeof *s);
	s->t = malloc(h->nruns * sizeof *s->t);
	if (!s->t)
		return NULL;
	for (size_t i = 0; i < h->nruns; i++)
		s->t[i] = NAN;
	s->rec = rec;
	s->first_run = run;
	h->nseries++;
	return s;
}

/* Add run RUN's records to the series; KEYS maps a shape key to its
 * series (record i of KEYS is series i). */
static int
add_run(gs_history *h, gs_table *keys, size_t *cap, const gs_table *t,
        size_t run, gs_error *err)
{
	for (size_t j = 0; j < t->n; j++) {
		const gs_record *rec = &t->rec[j];
		gs_record *k = gs_table_get(keys, &rec->shape, 0, err);
		if (!k)
			return -1;
		size_t idx = (size_t)(k - keys->rec);
		if (idx == h->nseries && !series_new(h, cap, rec, run))
			return gs_error_set(err, NULL, 0, 0, "out of memory");
		gs_history_series *s = &h->series[idx];
		if (isnan(s->t[run]))
			s->present++;
		s->t[run] = rec->t.median;
	}
	return 0;
}

static int
build_series(gs_history *h, gs_error *err)
{
	gs_table *keys = gs_table_new("history");
	size_t cap = 0;
	int rc = 0;

	if (!keys)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	for (size_t i = 0; i < h->nruns && rc == 0; i++)
		rc = add_run(h, keys, &cap, h->runs[i].table, i, err);
	gs_table_free(keys);
	for (size_t i = 0; i < h->nseries; i++)
		if (h->series[i].present < h->nruns)
			h->partial++;
	return rc;
}

/* ---- per shape: change points ---------------------------------------- */

static int
cps_reserve(gs_history *h, size_t *cap, size_t more)
{
	gs_history_cp *c;
	size_t ncap = *cap ? *cap : 16;

	if (h->ncps + more <= *cap)
		return 0;
	while (ncap < h->ncps + more)
		ncap *= 2;
	c = realloc(h->cps, ncap * sizeof *c);
	if (!c)
		return -1;
	h->cps = c;
	*cap = ncap;
	return 0;
}

static void
count_cp(gs_history *h, const gs_history_cp *c)
{
	if (c->pending)
		h->pending++;
	else if (c->slower)
		h->regressions++;
	else
		h->improvements++;
}

static void
copy_cp(gs_history *h, size_t series, const gs_cp *in, gs_history_cp *c)
{
	c->series = series;
	c->run_index = in->index;
	c->run = h->runs[in->index].name;
	c->slower = in->ratio > 1.0;
	c->pending = in->pending;
	c->median_before = in->median_before;
	c->median_after = in->median_after;
	c->ratio = in->ratio;
	c->magnitude = in->magnitude;
	c->p_value = in->pvalue;
	c->runs_before = in->runs_before;
	c->runs_after = in->runs_after;
	count_cp(h, c);
}

static int
detect_series(gs_history *h, size_t i, const gs_cp_params *par, size_t *cap,
              gs_error *err)
{
	gs_history_series *s = &h->series[i];
	gs_cp *found = NULL;
	size_t nfound = 0;

	if (gs_cp_detect(s->t, h->nruns, par, &found, &nfound) != 0)
		return gs_error_set(err, NULL, 0, 0,
		                    "change-point detection failed (out of memory)");
	if (cps_reserve(h, cap, nfound) != 0) {
		free(found);
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	}
	s->cp_first = h->ncps;
	s->ncp = nfound;
	for (size_t j = 0; j < nfound; j++)
		copy_cp(h, i, &found[j], &h->cps[h->ncps++]);
	free(found);
	return 0;
}

static int
check_opts(const gs_history_opts *o, gs_cp_params *par, gs_error *err)
{
	gs_cp_params_default(par);
	if (o->persist < 1)
		return gs_error_set(err, NULL, 0, 0, "--persist must be at least 1");
	if (!(o->min_magnitude >= 0) || !(o->max_p > 0 && o->max_p < 1))
		return gs_error_set(err, NULL, 0, 0,
		                    "change points need a magnitude >= 0 and a p in (0, 1)");
	par->persist = o->persist;
	par->min_magnitude = o->min_magnitude;
	par->max_pvalue = o->max_p;
	if (o->window)
		par->window = o->window;
	if (par->window < 2 * par->min_segment)
		return gs_error_set(err, NULL, 0, 0,
		                    "change-point window must be at least %zu runs",
		                    2 * par->min_segment);
	return 0;
}

static int
detect_all(gs_history *h, const gs_cp_params *par, gs_error *err)
{
	size_t cap = 0;

	for (size_t i = 0; i < h->nseries; i++)
		if (detect_series(h, i, par, &cap, err) != 0)
			return -1;
	return 0;
}

int
gs_history_run(gs_table *const *runs, const char *const *names, size_t n,
               const gs_history_opts *o, gs_history *out, gs_error *err)
{
	gs_cp_params par;

	memset(out, 0, sizeof *out);
	out->opts = *o;
	if (check_opts(o, &par, err) != 0)
		return -1;
	if (n < 2)
		return gs_error_set(err, n ? runs[0]->path : NULL, 0, 0,
		                    "a history needs at least two runs, got %zu", n);
	if (compare_runs(out, runs, names, n, err) != 0 ||
	    build_series(out, err) != 0 || detect_all(out, &par, err) != 0)
		return -1;
	return 0;
}

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
gs_history_natcmp(const char *a, const char *b)
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
gs_history_run_name(const char *path)
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
	char *path;             /* owned */
	char *name;             /* owned */
	double key;             /* order value (seconds since the epoch for dates) */
	int is_date;
	gs_table *t;            /* owned until handed over */
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

	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 16;
		it = realloc(l->v, cap * sizeof *it);
		if (!it)
			return gs_error_set(err, NULL, 0, 0, "out of memory");
		l->v = it;
		l->cap = cap;
	}
	it = &l->v[l->n];
	memset(it, 0, sizeof *it);
	it->path = strdup(path);
	it->name = gs_history_run_name(path);
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

static int
is_regular(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Every regular file of DIR whose name does not start with '.'. */
static int
list_dir(run_list *l, const char *dir, gs_error *err)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int rc = 0;

	if (!d)
		return gs_error_set(err, dir, 0, 0, "cannot read directory: %s", strerror(errno));
	while (rc == 0 && (e = readdir(d)) != NULL) {
		size_t len = strlen(dir) + strlen(e->d_name) + 2;
		char *path;
		if (e->d_name[0] == '.')
			continue;
		path = malloc(len);
		if (!path) {
			rc = gs_error_set(err, NULL, 0, 0, "out of memory");
			break;
		}
		snprintf(path, len, "%s%s%s", dir,
		         dir[strlen(dir) - 1] == '/' ? "" : "/", e->d_name);
		if (is_regular(path))
			rc = list_add(l, path, err);
		free(path);
	}
	closedir(d);
	if (rc == 0 && l->n == 0)
		rc = gs_error_set(err, dir, 0, 0, "no input files in this directory");
	return rc;
}

static int
collect(run_list *l, const char *const *paths, size_t n, gs_error *err)
{
	if (n == 0)
		return gs_error_set(err, NULL, 0, 0, "history: no runs given");
	if (n == 1 && is_dir(paths[0]))
		return list_dir(l, paths[0], err);
	for (size_t i = 0; i < n; i++) {
		if (is_dir(paths[i]))
			return gs_error_set(err, paths[i], 0, 0,
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
	if (sscanf(s + 1, "%2d:%2d%n", &th, &tm, &pos) != 2 || pos != 5 ||
	    th < 0 || th > 23 || tm < 0 || tm > 59)
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

	if (!isdigit((unsigned char)s[0]) ||
	    sscanf(s, "%4d-%2d-%2d%n", &y, &mo, &d, &pos) != 3 || pos != 10 ||
	    mo < 1 || mo > 12 || d < 1 || d > 31)
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
	long col;               /* column index, -1 until the header is seen */
	long rows;              /* rows read while looking for the header */
	int found;
	run_item *item;
} key_ctx;

enum { KEY_HEADER_ROWS = 64 };  /* preamble rows searched for the header */

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
		                    "ISO 8601 date", k->column, cell);
	k->found = 1;
	return 1;
}

static int
key_row(void *ctx, long line, const char *const *field, const size_t *len,
        size_t nfields, gs_error *err)
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
		return gs_error_set(err, it->path, 0, 0,
		                    "no data row with a value of '%s'", column);
	return 0;
}

static int
by_name(const void *a, const void *b)
{
	const run_item *x = a, *y = b;
	int c = gs_history_natcmp(x->name, y->name);

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
			                    "order column '%s' holds %s here but %s in %s",
			                    column, l->v[i].is_date ? "a date" : "a number",
			                    l->v[0].is_date ? "a date" : "a number", l->v[0].path);
	}
	qsort(l->v, l->n, sizeof *l->v, by_key);
	return 0;
}

/* ---- loading: read and hand over --------------------------------------- */

static int
read_all(run_list *l, const gs_ingest_opts *io, gs_error *err)
{
	for (size_t i = 0; i < l->n; i++)
		if (gs_ingest_read(l->v[i].path, io, &l->v[i].t, err) != 0)
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
gs_history_runs_free(gs_table **runs, char **names, size_t n)
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

int
gs_history_load(const char *const *paths, size_t n, const gs_ingest_opts *io,
                const char *order_column, gs_table ***runs, char ***names,
                size_t *nruns, gs_error *err)
{
	run_list l = {0};
	int rc;

	*runs = NULL;
	*names = NULL;
	*nruns = 0;
	rc = collect(&l, paths, n, err);
	if (rc == 0)
		rc = order(&l, order_column, err);
	if (rc == 0)
		rc = read_all(&l, io, err);
	if (rc == 0)
		rc = hand_over(&l, runs, names, err);
	if (rc == 0)
		*nruns = l.n;
	list_free(&l);
	return rc;
}
