/* json_history.c: `gemmscope history --json` (gs_json_history, reached
 * through gs_render_json), through yajl_gen (2-space indent).  The open
 * and pending verdicts are the model's (R->hseries).  Numbers are the
 * shortest text that reads back to the same double; infinities and NaN
 * are null; input strings are made valid UTF-8 (gs_fmt_clean), then
 * escaped by yajl.
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
#include "render/jsonw.h"
#include "analysis/history.h"
#include "render/writer_impl.h"

/* ---- generator helpers */

/* The shape key as compare's JSON writes it, and the tag. */
static void
key_fields(gs_jw *w, const gs_record *r)
{
	gs_jw_shape_fields(w, &r->shape);
	gs_jw_kv_str_known(w, "tag", gs_record_tag(r));
}

/* ---- sections */

static void
header(gs_jw *w, const gs_report *r)
{
	const gs_history_opts *o = &r->hist->opts;
	char when[GS_FMT_LEN];

	gs_jw_kv_str(w, "command", "history");
	gs_jw_kv_str(w, "version", r->version);
	gs_jw_kv_str(w, "title", r->title);
	gs_jw_kv_str(w, "generated", gs_fmt_utc(when, sizeof when, r->timestamp, 1));
	gs_jw_key(w, "options");
	gs_jw_map_open(w);
	gs_jw_kv_num(w, "threshold", o->cmp.threshold);
	gs_jw_kv_count(w, "persist", o->persist);
	gs_jw_kv_num(w, "max_p", o->max_p);
	gs_jw_kv_num(w, "min_magnitude", o->min_magnitude);
	gs_jw_kv_count(w, "window", (long long)o->window);
	gs_jw_kv_str(w, "order", o->order_column);
	gs_jw_map_close(w);
}

static void
summary(gs_jw *w, const gs_report *r)
{
	const gs_history *h = r->hist;
	const gs_history_entry *last = &h->runs[h->nruns - 1];

	gs_jw_key(w, "summary");
	gs_jw_map_open(w);
	gs_jw_kv_count(w, "runs", (long long)h->nruns);
	gs_jw_kv_count(w, "shapes", (long long)h->nseries);
	gs_jw_kv_count(w, "partial_shapes", (long long)h->partial);
	gs_jw_kv_count(w, "change_points", (long long)h->ncps);
	gs_jw_kv_count(w, "regressions", (long long)h->regressions);
	gs_jw_kv_count(w, "improvements", (long long)h->improvements);
	gs_jw_kv_count(w, "pending", (long long)h->pending);
	gs_jw_kv_count(w, "open_regressions", (long long)r->open_regressions);
	gs_jw_kv_str(w, "first_run", h->runs[0].name);
	gs_jw_kv_str(w, "last_run", last->name);
	gs_jw_kv_num(w, "geomean_last_vs_first", last->geomean_vs_first);
	gs_jw_kv_num(w, "geomean_last_vs_previous", last->geomean_vs_previous);
	gs_jw_map_close(w);
}

static void
counts(gs_jw *w, const char *k, const gs_compare *c)
{
	gs_jw_key(w, k);
	gs_jw_map_open(w);
	gs_jw_kv_count(w, "matched", (long long)c->s.matched);
	gs_jw_kv_num(w, "geomean_speedup", c->s.geomean);
	gs_jw_kv_num(w, "geomean_ci_low", c->s.geomean_lo);
	gs_jw_kv_num(w, "geomean_ci_high", c->s.geomean_hi);
	gs_jw_kv_num(w, "weighted_speedup", c->s.weighted);
	gs_jw_kv_count(w, "improved", (long long)c->s.improved);
	gs_jw_kv_count(w, "regressed", (long long)c->s.regressed);
	gs_jw_kv_count(w, "neutral", (long long)c->s.neutral);
	gs_jw_kv_count(w, "unsure", (long long)c->s.unsure);
	gs_jw_kv_count(w, "only_in_earlier", (long long)c->s.only_in_baseline);
	gs_jw_kv_count(w, "only_in_this", (long long)c->s.only_in_candidate);
	gs_jw_map_close(w);
}

static void
runs(gs_jw *w, const gs_history *h)
{
	gs_jw_array_open(w, "runs");
	for (size_t i = 0; i < h->nruns; i++) {
		const gs_history_entry *e = &h->runs[i];
		gs_jw_map_open(w);
		gs_jw_kv_count(w, "index", (long long)i);
		gs_jw_kv_str(w, "name", e->name);
		gs_jw_kv_str(w, "path", e->path);
		gs_jw_kv_str(w, "format", e->format);
		gs_jw_kv_count(w, "shapes", (long long)e->shapes);
		gs_jw_kv_count(w, "excluded_rows", (long long)e->nexcl);
		gs_jw_kv_num(w, "geomean_vs_first", e->geomean_vs_first);
		gs_jw_kv_num(w, "geomean_vs_previous", e->geomean_vs_previous);
		counts(w, "vs_first", &e->vs_first);
		counts(w, "vs_previous", &e->vs_previous);
		gs_jw_map_close(w);
	}
	gs_jw_array_close(w);
}

static void
change_point(gs_jw *w, const gs_report *r, const gs_history_cp *c)
{
	const gs_history *h = r->hist;
	const gs_history_cp *open = r->hseries[c->series].open;

	gs_jw_map_open(w);
	key_fields(w, h->series[c->series].rec);
	gs_jw_kv_count(w, "run_index", (long long)c->run_index);
	gs_jw_kv_str(w, "run", c->run);
	gs_jw_kv_str(w, "direction", gs_history_cp_direction(c));
	gs_jw_kv_str(w, "state", gs_history_cp_state(c));
	gs_jw_kv_bool(w, "pending", c->pending);
	gs_jw_kv_bool(w, "open", open == c);
	gs_jw_kv_num(w, "ratio", c->ratio);
	gs_jw_kv_num(w, "magnitude", c->magnitude);
	gs_jw_kv_num(w, "median_before_us", c->median_before);
	gs_jw_kv_num(w, "median_after_us", c->median_after);
	gs_jw_kv_num(w, "p_value", c->p_value);
	gs_jw_kv_count(w, "runs_before", (long long)c->runs_before);
	gs_jw_kv_count(w, "runs_after", (long long)c->runs_after);
	gs_jw_map_close(w);
}

static void
shapes(gs_jw *w, const gs_report *rep)
{
	const gs_history *h = rep->hist;

	gs_jw_array_open(w, "shapes");
	for (size_t i = 0; i < h->nseries; i++) {
		const gs_history_series *s = &h->series[i];
		gs_jw_map_open(w);
		key_fields(w, s->rec);
		gs_jw_kv_count(w, "present", (long long)s->present);
		gs_jw_kv_count(w, "change_points", (long long)s->ncp);
		gs_jw_kv_bool(w, "open_regression", rep->hseries[i].open != NULL);
		gs_jw_array_open(w, "times_us");
		for (size_t r = 0; r < h->nruns; r++)
			gs_jw_num(w, s->t[r]);
		gs_jw_array_close(w);
		gs_jw_map_close(w);
	}
	gs_jw_array_close(w);
}

static void
mode_row(gs_jw *w, const gs_modes_row *row)
{
	gs_jw_map_open(w);
	key_fields(w, row->rec);
	for (int m = 0; m < GS_MODE__N; m++) {
		char k[32];
		snprintf(k, sizeof k, "%s_us", gs_mode_name((gs_mode)m));
		gs_jw_kv_num(w, k, row->t[m]);
	}
	gs_jw_kv_num(w, "direct_gain_us", row->direct_gain_us);
	gs_jw_kv_num(w, "decomposition_gain_us", row->decomp_gain_us);
	gs_jw_map_close(w);
}

static void
modes(gs_jw *w, const gs_modes *m)
{
	gs_jw_key(w, "modes");
	if (!m) {
		gs_jw_str(w, NULL);
		return;
	}
	gs_jw_map_open(w);
	gs_jw_key(w, "runs");
	gs_jw_map_open(w);
	for (int i = 0; i < GS_MODE__N; i++)
		gs_jw_kv_str(w, gs_mode_name((gs_mode)i), m->name[i]);
	gs_jw_map_close(w);
	gs_jw_kv_count(w, "incomplete", (long long)m->incomplete);
	gs_jw_kv_count(w, "ignored_runs", (long long)m->ignored);
	gs_jw_array_open(w, "shapes");
	for (size_t i = 0; i < m->nrows; i++)
		mode_row(w, &m->rows[i]);
	gs_jw_array_close(w);
	gs_jw_map_close(w);
}

static void
document(gs_jw *w, const gs_report *r)
{
	const gs_history *h = r->hist;

	gs_jw_map_open(w);
	header(w, r);
	summary(w, r);
	gs_jw_gates(w, &r->gates);
	runs(w, h);
	gs_jw_array_open(w, "change_points");
	for (size_t i = 0; i < h->ncps; i++)
		change_point(w, r, &h->cps[i]);
	gs_jw_array_close(w);
	shapes(w, r);
	modes(w, r->modes);
	gs_jw_map_close(w);
}

int
gs_json_history(const gs_report *r, FILE *out, gs_error *err)
{
	gs_jw w;

	if (gs_jw_begin(&w, out, r->json_indent, err) != 0)
		return -1;
	document(&w, r);
	return gs_jw_end(&w, err);
}
