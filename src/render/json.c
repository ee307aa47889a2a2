/* json.c: --json, everything the compare report shows, through yajl_gen
 * (2-space indent).  Numbers are written with the shortest text that reads
 * back to the same double; infinities and NaN are null.  Input strings are
 * made valid UTF-8 first (gs_fmt_clean), then escaped by yajl.
 *
 * Layout: command, version, generated, threshold (fraction), alpha,
 * correction, min_samples, inputs{baseline,candidate}{path,format,rows,
 * shapes,gpu}, summary{...}, groups[], top_improvements[],
 * top_regressions[], shapes[], only_in_baseline[], only_in_candidate[],
 * excluded[].
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yajl/yajl_gen.h>

#include "render/fmt.h"
#include "render/report.h"

typedef struct jw {
	yajl_gen g;
	FILE *out;
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
count(jw *w, long long v)
{
	check(w, yajl_gen_integer(w->g, v));
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
	count(w, v);
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

static void
shape_fields(jw *w, const gs_shape *s)
{
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
	key(w, "bias");
	check(w, yajl_gen_bool(w->g, s->bias));
	if (s->name)
		kv_str(w, "name", s->name);
}

static void
samples(jw *w, const char *k, const gs_record *r)
{
	array_open(w, k);
	for (size_t i = 0; i < r->nsamples; i++)
		num(w, r->samples[i]);
	array_close(w);
}

static void
pair(jw *w, const gs_pair *p)
{
	map_open(w);
	shape_fields(w, &p->base->shape);
	kv_str(w, "tag", p->base->tag ? p->base->tag : p->cand->tag);
	kv_str(w, "kernel_base", p->base->kernel);
	kv_str(w, "kernel_cand", p->cand->kernel);
	kv_num(w, "time_base_us", p->base->t.median);
	kv_num(w, "time_cand_us", p->cand->t.median);
	kv_num(w, "speedup", p->speedup);
	kv_num(w, "change_pct", (p->speedup - 1) * 100);
	kv_str(w, "class", gs_class_name(p->cls));
	samples(w, "samples_base", p->base);
	samples(w, "samples_cand", p->cand);
	kv_num(w, "p_value", p->tested ? p->p_value : NAN);
	kv_num(w, "p_adjusted", p->tested ? p->p_adjusted : NAN);
	map_close(w);
}

static void
record(jw *w, const gs_record *r)
{
	map_open(w);
	shape_fields(w, &r->shape);
	kv_str(w, "tag", r->tag);
	kv_str(w, "kernel", r->kernel);
	kv_num(w, "time_us", r->t.median);
	samples(w, "samples", r);
	kv_count(w, "line", r->line);
	map_close(w);
}

static size_t
rows_read(const gs_table *t)
{
	size_t n = t->nexcl;

	for (size_t i = 0; i < t->n; i++)
		n += t->rec[i].nsamples ? t->rec[i].nsamples : 1;
	return n;
}

static void
input(jw *w, const char *k, const gs_table *t)
{
	key(w, k);
	map_open(w);
	kv_str(w, "path", t->path);
	kv_str(w, "format", t->format);
	kv_count(w, "rows", (long long)rows_read(t));
	kv_count(w, "shapes", (long long)t->n);
	kv_str(w, "gpu", t->gpu);
	map_close(w);
}

static void
summary(jw *w, const gs_compare_summary *s)
{
	key(w, "summary");
	map_open(w);
	kv_count(w, "matched", (long long)s->matched);
	kv_num(w, "geomean_speedup", s->geomean);
	kv_num(w, "geomean_ci_low", s->geomean_lo);
	kv_num(w, "geomean_ci_high", s->geomean_hi);
	kv_num(w, "weighted_speedup", s->weighted);
	kv_count(w, "improved", (long long)s->improved);
	kv_count(w, "regressed", (long long)s->regressed);
	kv_count(w, "neutral", (long long)s->neutral);
	kv_count(w, "unsure", (long long)s->unsure);
	kv_count(w, "tested", (long long)s->tested);
	kv_num(w, "expected_false_positives", s->expected_false_positives);
	kv_count(w, "only_in_baseline", (long long)s->only_in_baseline);
	kv_count(w, "only_in_candidate", (long long)s->only_in_candidate);
	kv_count(w, "excluded_baseline", (long long)s->excluded_baseline);
	kv_count(w, "excluded_candidate", (long long)s->excluded_candidate);
	kv_num(w, "time_saved_us", s->time_saved_us);
	kv_num(w, "time_lost_us", s->time_lost_us);
	kv_num(w, "net_time_saved_us", s->net_saved_us);
	kv_num(w, "saved_lost_ratio", s->saved_lost_ratio);
	kv_num(w, "total_baseline_us", s->total_base_us);
	kv_num(w, "total_candidate_us", s->total_cand_us);
	map_close(w);
}

static void
groups(jw *w, const gs_compare *c)
{
	array_open(w, "groups");
	for (size_t i = 0; i < c->ngroups; i++) {
		const gs_group *g = &c->groups[i];
		map_open(w);
		kv_str(w, "by", g->by);
		kv_str(w, "name", g->name);
		kv_count(w, "n", (long long)g->n);
		kv_count(w, "improved", (long long)g->improved);
		kv_count(w, "regressed", (long long)g->regressed);
		kv_count(w, "neutral", (long long)g->neutral);
		kv_count(w, "unsure", (long long)g->unsure);
		kv_num(w, "geomean_speedup", g->geomean);
		kv_num(w, "total_baseline_us", g->total_base_us);
		kv_num(w, "total_candidate_us", g->total_cand_us);
		map_close(w);
	}
	array_close(w);
}

static void
pair_list(jw *w, const char *k, const gs_compare *c, const size_t *idx, size_t n)
{
	array_open(w, k);
	for (size_t i = 0; i < n; i++)
		pair(w, &c->pairs[idx[i]]);
	array_close(w);
}

static void
record_list(jw *w, const char *k, const gs_record *const *r, size_t n)
{
	array_open(w, k);
	for (size_t i = 0; i < n; i++)
		record(w, r[i]);
	array_close(w);
}

static void
excluded(jw *w, const char *side, const gs_table *t)
{
	for (size_t i = 0; i < t->nexcl; i++) {
		map_open(w);
		kv_str(w, "side", side);
		kv_count(w, "line", t->excl[i].line);
		kv_str(w, "what", t->excl[i].what);
		kv_str(w, "reason", t->excl[i].reason);
		map_close(w);
	}
}

static void
header(jw *w, const gs_report *r)
{
	char when[GS_FMT_LEN];
	const gs_compare_opts *o = &r->cmp->opts;

	kv_str(w, "command", "compare");
	kv_str(w, "version", r->version);
	kv_str(w, "title", r->title);
	kv_str(w, "generated", gs_fmt_utc(when, sizeof when, r->timestamp, 1));
	kv_num(w, "threshold", o->threshold);
	kv_num(w, "alpha", o->alpha);
	kv_str(w, "correction", gs_fmt_correction(o->correction));
	kv_count(w, "min_samples", o->min_samples);
	key(w, "inputs");
	map_open(w);
	input(w, "baseline", r->cmp->base);
	input(w, "candidate", r->cmp->cand);
	map_close(w);
}

static void
document(jw *w, const gs_report *r)
{
	const gs_compare *c = r->cmp;

	map_open(w);
	header(w, r);
	summary(w, &c->s);
	groups(w, c);
	pair_list(w, "top_improvements", c, c->top_improved, c->ntop_improved);
	pair_list(w, "top_regressions", c, c->top_regressed, c->ntop_regressed);
	array_open(w, "shapes");
	for (size_t i = 0; i < c->npairs; i++)
		pair(w, &c->pairs[i]);
	array_close(w);
	record_list(w, "only_in_baseline", c->only_base, c->nonly_base);
	record_list(w, "only_in_candidate", c->only_cand, c->nonly_cand);
	array_open(w, "excluded");
	excluded(w, "baseline", c->base);
	excluded(w, "candidate", c->cand);
	array_close(w);
	map_close(w);
}

int
gs_render_json(const gs_report *r, FILE *out, gs_error *err)
{
	jw w = {NULL, out, 0};

	if (r->kind != GS_REPORT_COMPARE || !r->cmp)
		return gs_error_set(err, NULL, 0, 0,
		                    "the JSON output needs a comparison report");
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
	/* yajl's beautify mode ends the document with a newline itself. */
	if (fflush(out) != 0 || ferror(out))
		return gs_error_set(err, NULL, 0, 0, "cannot write the JSON output");
	return 0;
}
