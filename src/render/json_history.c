/* json_history.c: `gemmscope history --json`, through yajl_gen (2-space
 * indent), and the per-shape verdicts every history writer shares
 * (history_out.h).  Numbers are the shortest text that reads back to the
 * same double; infinities and NaN are null; input strings are made valid
 * UTF-8 (gs_fmt_clean), then escaped by yajl.
 *
 * Layout: command, version, title, generated, options{threshold, persist,
 * max_p, min_magnitude, window, order}, summary{...}, runs[] (name,
 * geomean_vs_first, geomean_vs_previous, counts vs first and vs previous),
 * change_points[] (key fields, tag, run_index, run, direction, state,
 * ratio, medians, p_value, open), shapes[] (key fields, tag, times_us[]
 * one per run, null where missing), modes (null, or the decomposition).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yajl/yajl_gen.h>

#include "analysis/modes.h"
#include "render/fmt.h"
#include "render/history_out.h"

/* ---- verdicts shared by the history writers */

int
gs_history_need(const gs_report *r, const char *what, gs_error *err)
{
	if (r->kind != GS_REPORT_HISTORY || !r->hist)
		return gs_error_set(err, NULL, 0, 0, "the %s output needs a history report",
		                    what);
	return 0;
}

/* The median after the last confirmed change point of S, or NAN. */
static double
current_level(const gs_history *h, const gs_history_series *s)
{
	for (size_t j = s->cp_first + s->ncp; j-- > s->cp_first;)
		if (!h->cps[j].pending)
			return h->cps[j].median_after;
	return NAN;
}

const gs_history_cp *
gs_history_open_regression(const gs_history *h, size_t s, double *now_ratio)
{
	const gs_history_series *se = &h->series[s];
	double now = current_level(h, se);

	if (now_ratio)
		*now_ratio = NAN;
	for (size_t j = se->cp_first; j < se->cp_first + se->ncp; j++) {
		const gs_history_cp *c = &h->cps[j];
		double r = now / c->median_before;
		if (c->pending || !c->slower || !(r >= 1 + h->opts.min_magnitude))
			continue;
		if (now_ratio)
			*now_ratio = r;
		return c;
	}
	return NULL;
}

size_t
gs_history_open_regressions(const gs_history *h)
{
	size_t n = 0;

	for (size_t s = 0; s < h->nseries; s++)
		n += gs_history_open_regression(h, s, NULL) != NULL;
	return n;
}

const gs_history_cp *
gs_history_pending_cp(const gs_history *h, size_t s)
{
	const gs_history_series *se = &h->series[s];

	for (size_t j = se->cp_first; j < se->cp_first + se->ncp; j++)
		if (h->cps[j].pending)
			return &h->cps[j];
	return NULL;
}

/* ---- generator helpers */

typedef struct jw {
	yajl_gen g;
	int failed;        /* a generator call failed or memory ran out */
} jw;

static void
print_cb(void *ctx, const char *s, size_t len)
{
	fwrite(s, 1, len, ctx);
}

static void
check(jw *w, yajl_gen_status st)
{
	if (st != yajl_gen_status_ok)
		w->failed = 1;
}

static void
key(jw *w, const char *k)
{
	check(w, yajl_gen_string(w->g, (const unsigned char *)k, strlen(k)));
}

static void
str(jw *w, const char *s)
{
	char *clean;

	if (!s) {
		check(w, yajl_gen_null(w->g));
		return;
	}
	clean = gs_fmt_clean(s);
	if (!clean) {
		w->failed = 1;
		return;
	}
	check(w, yajl_gen_string(w->g, (unsigned char *)clean, strlen(clean)));
	free(clean);
}

static void
num(jw *w, double v)
{
	char buf[GS_FMT_LEN];

	if (!isfinite(v)) {
		check(w, yajl_gen_null(w->g));
		return;
	}
	gs_fmt_exact(buf, sizeof buf, v);
	check(w, yajl_gen_number(w->g, buf, strlen(buf)));
}

static void
kv_str(jw *w, const char *k, const char *v)
{
	key(w, k);
	str(w, v);
}

static void
kv_num(jw *w, const char *k, double v)
{
	key(w, k);
	num(w, v);
}

static void
kv_count(jw *w, const char *k, long long v)
{
	key(w, k);
	check(w, yajl_gen_integer(w->g, v));
}

static void
kv_bool(jw *w, const char *k, int v)
{
	key(w, k);
	check(w, yajl_gen_bool(w->g, v));
}

static void
map_open(jw *w)
{
	check(w, yajl_gen_map_open(w->g));
}

static void
map_close(jw *w)
{
	check(w, yajl_gen_map_close(w->g));
}

static void
array_open(jw *w, const char *k)
{
	key(w, k);
	check(w, yajl_gen_array_open(w->g));
}

static void
array_close(jw *w)
{
	check(w, yajl_gen_array_close(w->g));
}

/* The shape key as compare's JSON writes it, and the tag. */
static void
key_fields(jw *w, const gs_record *r)
{
	const gs_shape *s = &r->shape;
	char t[2] = "N";

	kv_str(w, "op", s->op);
	kv_count(w, "batch", s->batch);
	kv_count(w, "M", s->M);
	kv_count(w, "N", s->N);
	kv_count(w, "K", s->K);
	kv_str(w, "dtype", s->dtype);
	t[0] = s->trans_a;
	kv_str(w, "trans_a", t);
	t[0] = s->trans_b;
	kv_str(w, "trans_b", t);
	kv_bool(w, "bias", s->bias);
	if (s->name)
		kv_str(w, "name", s->name);
	kv_str(w, "tag", r->tag);
}

/* ---- sections */

static void
header(jw *w, const gs_report *r)
{
	const gs_history_opts *o = &r->hist->opts;
	char when[GS_FMT_LEN];

	kv_str(w, "command", "history");
	kv_str(w, "version", r->version);
	kv_str(w, "title", r->title);
	kv_str(w, "generated", gs_fmt_utc(when, sizeof when, r->timestamp, 1));
	key(w, "options");
	map_open(w);
	kv_num(w, "threshold", o->cmp.threshold);
	kv_count(w, "persist", o->persist);
	kv_num(w, "max_p", o->max_p);
	kv_num(w, "min_magnitude", o->min_magnitude);
	kv_count(w, "window", (long long)o->window);
	kv_str(w, "order", o->order_column);
	map_close(w);
}

static void
summary(jw *w, const gs_history *h)
{
	const gs_history_entry *last = &h->runs[h->nruns - 1];

	key(w, "summary");
	map_open(w);
	kv_count(w, "runs", (long long)h->nruns);
	kv_count(w, "shapes", (long long)h->nseries);
	kv_count(w, "partial_shapes", (long long)h->partial);
	kv_count(w, "change_points", (long long)h->ncps);
	kv_count(w, "regressions", (long long)h->regressions);
	kv_count(w, "improvements", (long long)h->improvements);
	kv_count(w, "pending", (long long)h->pending);
	kv_count(w, "open_regressions", (long long)gs_history_open_regressions(h));
	kv_str(w, "first_run", h->runs[0].name);
	kv_str(w, "last_run", last->name);
	kv_num(w, "geomean_last_vs_first", last->geomean_vs_first);
	kv_num(w, "geomean_last_vs_previous", last->geomean_vs_previous);
	map_close(w);
}

static void
counts(jw *w, const char *k, const gs_compare *c)
{
	key(w, k);
	map_open(w);
	kv_count(w, "matched", (long long)c->s.matched);
	kv_num(w, "geomean_speedup", c->s.geomean);
	kv_num(w, "geomean_ci_low", c->s.geomean_lo);
	kv_num(w, "geomean_ci_high", c->s.geomean_hi);
	kv_num(w, "weighted_speedup", c->s.weighted);
	kv_count(w, "improved", (long long)c->s.improved);
	kv_count(w, "regressed", (long long)c->s.regressed);
	kv_count(w, "neutral", (long long)c->s.neutral);
	kv_count(w, "unsure", (long long)c->s.unsure);
	kv_count(w, "only_in_earlier", (long long)c->s.only_in_baseline);
	kv_count(w, "only_in_this", (long long)c->s.only_in_candidate);
	map_close(w);
}

static void
runs(jw *w, const gs_history *h)
{
	array_open(w, "runs");
	for (size_t i = 0; i < h->nruns; i++) {
		const gs_history_entry *e = &h->runs[i];
		map_open(w);
		kv_count(w, "index", (long long)i);
		kv_str(w, "name", e->name);
		kv_str(w, "path", e->table->path);
		kv_str(w, "format", e->table->format);
		kv_count(w, "shapes", (long long)e->table->n);
		kv_count(w, "excluded_rows", (long long)e->table->nexcl);
		kv_num(w, "geomean_vs_first", e->geomean_vs_first);
		kv_num(w, "geomean_vs_previous", e->geomean_vs_previous);
		counts(w, "vs_first", &e->vs_first);
		counts(w, "vs_previous", &e->vs_previous);
		map_close(w);
	}
	array_close(w);
}

static void
change_point(jw *w, const gs_history *h, const gs_history_cp *c)
{
	const gs_history_cp *open = gs_history_open_regression(h, c->series, NULL);

	map_open(w);
	key_fields(w, h->series[c->series].rec);
	kv_count(w, "run_index", (long long)c->run_index);
	kv_str(w, "run", c->run);
	kv_str(w, "direction", gs_history_cp_direction(c));
	kv_str(w, "state", gs_history_cp_state(c));
	kv_bool(w, "pending", c->pending);
	kv_bool(w, "open", open == c);
	kv_num(w, "ratio", c->ratio);
	kv_num(w, "magnitude", c->magnitude);
	kv_num(w, "median_before_us", c->median_before);
	kv_num(w, "median_after_us", c->median_after);
	kv_num(w, "p_value", c->p_value);
	kv_count(w, "runs_before", (long long)c->runs_before);
	kv_count(w, "runs_after", (long long)c->runs_after);
	map_close(w);
}

static void
shapes(jw *w, const gs_history *h)
{
	array_open(w, "shapes");
	for (size_t i = 0; i < h->nseries; i++) {
		const gs_history_series *s = &h->series[i];
		map_open(w);
		key_fields(w, s->rec);
		kv_count(w, "present", (long long)s->present);
		kv_count(w, "change_points", (long long)s->ncp);
		kv_bool(w, "open_regression", gs_history_open_regression(h, i, NULL) != NULL);
		array_open(w, "times_us");
		for (size_t r = 0; r < h->nruns; r++)
			num(w, s->t[r]);
		array_close(w);
		map_close(w);
	}
	array_close(w);
}

static void
mode_row(jw *w, const gs_modes_row *row)
{
	map_open(w);
	key_fields(w, row->rec);
	for (int m = 0; m < GS_MODE__N; m++) {
		char k[32];
		snprintf(k, sizeof k, "%s_us", gs_mode_name((gs_mode)m));
		kv_num(w, k, row->t[m]);
	}
	kv_num(w, "direct_gain_us", row->direct_gain_us);
	kv_num(w, "decomposition_gain_us", row->decomp_gain_us);
	map_close(w);
}

static void
modes(jw *w, const gs_modes *m)
{
	key(w, "modes");
	if (!m) {
		check(w, yajl_gen_null(w->g));
		return;
	}
	map_open(w);
	key(w, "runs");
	map_open(w);
	for (int i = 0; i < GS_MODE__N; i++)
		kv_str(w, gs_mode_name((gs_mode)i), m->name[i]);
	map_close(w);
	kv_count(w, "incomplete", (long long)m->incomplete);
	kv_count(w, "ignored_runs", (long long)m->ignored);
	array_open(w, "shapes");
	for (size_t i = 0; i < m->nrows; i++)
		mode_row(w, &m->rows[i]);
	array_close(w);
	map_close(w);
}

static void
document(jw *w, const gs_report *r)
{
	const gs_history *h = r->hist;

	map_open(w);
	header(w, r);
	summary(w, h);
	runs(w, h);
	array_open(w, "change_points");
	for (size_t i = 0; i < h->ncps; i++)
		change_point(w, h, &h->cps[i]);
	array_close(w);
	shapes(w, h);
	modes(w, r->modes);
	map_close(w);
}

int
gs_render_json_history(const gs_report *r, FILE *out, gs_error *err)
{
	jw w = {NULL, 0};

	if (gs_history_need(r, "JSON", err) != 0)
		return -1;
	w.g = yajl_gen_alloc(NULL);
	if (!w.g)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	yajl_gen_config(w.g, yajl_gen_beautify, 1);
	yajl_gen_config(w.g, yajl_gen_indent_string, "  ");
	yajl_gen_config(w.g, yajl_gen_validate_utf8, 1);
	yajl_gen_config(w.g, yajl_gen_print_callback, print_cb, (void *)out);
	document(&w, r);
	yajl_gen_free(w.g);
	if (w.failed)
		return gs_error_set(err, NULL, 0, 0, "cannot generate the JSON output");
	if (fflush(out) != 0 || ferror(out))
		return gs_error_set(err, NULL, 0, 0, "cannot write the JSON output");
	return 0;
}
