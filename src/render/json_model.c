/* json_model.c: measured against predicted and the cliffs, in the JSON,
 * the markdown and the HTML of a compare (two sides) or a report (one
 * input) (model_impl.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/cliff.h"
#include "analysis/residual.h"
#include "render/fmt.h"
#include "render/model_impl.h"

static const char *const sides[2] = {"baseline", "candidate"};

enum { HTML_CLIFFS_MAX = 20 };

#define RESIDUAL_WHAT \
	"an upper-bound model: the roofline of the math with its compute term divided by " \
	"dim_eff; Kendall \xcf\x84 says how well it orders the shapes"
#define CLIFF_WHAT "TFLOP/s drops beyond the threshold between consecutive sizes of a sweep"

/* The efficiency model and its residuals and cliffs of side I of R: a
 * report's one input (I = 0), or a compare's baseline (0) or candidate
 * (1).  The three are NULL where R lacks them. */
typedef struct side {
	const gs_single *s;
	const gs_residuals *res;
	const gs_cliffs *cliffs;
} side;

static side
side_of(const gs_report *r, int i)
{
	side x = {NULL, r->residuals[i], r->cliffs[i]};

	if (r->kind == GS_REPORT_SINGLE)
		x.s = i == 0 ? r->single : NULL;
	else
		x.s = i ? r->eff_cand : r->eff_base;
	if (!x.s)
		x.res = NULL, x.cliffs = NULL;
	return x;
}

/* The number of sides R has: 1 for a report, 2 for a compare. */
static int
nsides(const gs_report *r)
{
	return r->kind == GS_REPORT_SINGLE ? 1 : 2;
}

static long
dim_of(const gs_shape *s, char d)
{
	return d == 'M' ? s->M : d == 'N' ? s->N : s->K;
}

/* ---- JSON */

static void
json_side_residuals(gs_jw *w, const side *x)
{
	const gs_residuals *res = x->res;

	gs_jw_map_open(w);
	gs_jw_kv_count(w, "predicted", (long long)res->npredicted);
	gs_jw_kv_num(w, "tau", res->tau);
	gs_jw_kv_num(w, "median_fraction", res->median_frac);
	gs_jw_array_open(w, "outliers");
	for (size_t k = 0; k < res->noutliers; k++) {
		const gs_residual *o = &res->rows[res->outliers[k]];
		gs_jw_map_open(w);
		gs_jw_shape_fields(w, &x->s->rows[res->outliers[k]].rec->shape);
		gs_jw_kv_num(w, "predicted_us", o->predicted_us);
		gs_jw_kv_num(w, "measured_us", o->measured_us);
		gs_jw_kv_num(w, "fraction", o->frac);
		gs_jw_kv_num(w, "excess_us", o->excess_us);
		gs_jw_map_close(w);
	}
	gs_jw_array_close(w);
	gs_jw_map_close(w);
}

static void
json_shift(gs_jw *w, const gs_residual_shift *sh)
{
	gs_jw_key(w, "shift");
	gs_jw_map_open(w);
	gs_jw_kv_count(w, "pairs", (long long)sh->pairs);
	gs_jw_kv_count(w, "worse", (long long)sh->worse);
	gs_jw_kv_count(w, "better", (long long)sh->better);
	gs_jw_kv_num(w, "worse_base", sh->worse_base);
	gs_jw_kv_num(w, "worse_cand", sh->worse_cand);
	gs_jw_kv_num(w, "median_base", sh->median_base);
	gs_jw_kv_num(w, "median_cand", sh->median_cand);
	gs_jw_map_close(w);
}

static void
json_side_cliffs(gs_jw *w, const side *x)
{
	char text[128], dim[2] = "";

	gs_jw_map_open(w);
	gs_jw_kv_count(w, "sweeps", (long long)x->cliffs->nsweeps);
	gs_jw_array_open(w, "cliffs");
	for (size_t k = 0; k < x->cliffs->ncliffs; k++) {
		const gs_cliff *cl = &x->cliffs->cliffs[k];
		/* named by the shape that dropped, as the HTML table and the
		 * markdown name it */
		const gs_shape *at = &x->s->rows[cl->to].rec->shape;
		dim[0] = x->cliffs->sweeps[cl->sweep].dim;
		gs_jw_map_open(w);
		gs_jw_shape_fields(w, at);
		gs_jw_kv_str(w, "dim", dim);
		gs_jw_kv_count(w, "from", dim_of(&x->s->rows[cl->from].rec->shape, dim[0]));
		gs_jw_kv_count(w, "to", dim_of(at, dim[0]));
		gs_jw_kv_num(w, "tflops_from", cl->tflops_from);
		gs_jw_kv_num(w, "tflops_to", cl->tflops_to);
		gs_jw_kv_num(w, "drop", cl->drop);
		gs_jw_kv_str(w, "crossed", gs_cliff_crossed_text(cl, text, sizeof text));
		gs_jw_map_close(w);
	}
	gs_jw_array_close(w);
	gs_jw_map_close(w);
}

/* The residual of record REC on side X, or NULL (no model, no row). */
static const gs_residual *
residual_of(const side *x, const gs_record *rec)
{
	const gs_single_row *row = x->res ? gs_single_row_of(x->s, rec) : NULL;

	if (!row || (size_t)(row - x->s->rows) >= x->res->n)
		return NULL;
	return &x->res->rows[row - x->s->rows];
}

/* PRED_KEY and FRAC_KEY of X when predicted; nothing otherwise. */
static void
json_predicted(gs_jw *w, const gs_residual *x, const char *pred_key, const char *frac_key)
{
	if (!x || isnan(x->predicted_us))
		return;
	gs_jw_kv_num(w, pred_key, x->predicted_us);
	gs_jw_kv_num(w, frac_key, x->frac);
}

void
gs_json_pair_predicted(gs_jw *w, const gs_report *r, size_t i)
{
	side b = side_of(r, 0), c = side_of(r, 1);
	const gs_pair *p = &r->cmp->pairs[i];

	json_predicted(w, residual_of(&b, p->base), "predicted_base_us", "fraction_base");
	json_predicted(w, residual_of(&c, p->cand), "predicted_cand_us", "fraction_cand");
}

void
gs_json_row_predicted(gs_jw *w, const gs_report *r, size_t i)
{
	side x = side_of(r, 0);

	if (x.res && i < x.res->n)
		json_predicted(w, &x.res->rows[i], "predicted_us", "fraction");
}

/* KEY: one side's object (a report) or {baseline, candidate[, shift]}. */
static void
json_part(gs_jw *w, const gs_report *r, const char *key, int cliffs)
{
	side x[2] = {side_of(r, 0), side_of(r, 1)};
	int n = nsides(r);

	for (int i = 0; i < n; i++)
		if (!x[i].s || (cliffs ? !x[i].cliffs : !x[i].res))
			return;
	gs_jw_key(w, key);
	if (n == 1) {
		(cliffs ? json_side_cliffs : json_side_residuals)(w, &x[0]);
		return;
	}
	gs_jw_map_open(w);
	for (int i = 0; i < 2; i++) {
		gs_jw_key(w, sides[i]);
		(cliffs ? json_side_cliffs : json_side_residuals)(w, &x[i]);
	}
	if (!cliffs && r->residual_shift)
		json_shift(w, r->residual_shift);
	gs_jw_map_close(w);
}

void
gs_json_model(gs_jw *w, const gs_report *r)
{
	json_part(w, r, "residuals", 0);
	json_part(w, r, "cliffs", 1);
}

/* ---- the sentences markdown and HTML share */

/* "Kendall τ 0.80 over 5 baseline shapes, 0.33 over 4 candidate shapes;
 * the candidate moved 2 of 4 shapes from 71 % to 38 % of predicted
 * (median)", or for a report "Kendall τ 0.80 over 5 shapes; median 62 % of
 * predicted", into BUF; 0 when no side has a prediction. */
/* A fraction as a percentage with the digits it needs: "62 %", "3.1 %",
 * "0.31 %" (the tiled reference kernel reaches 0.3 % of an H100's peak). */
static const char *
pct(char *buf, size_t size, double f)
{
	double p = 100 * f;

	snprintf(buf, size, "%.*f %%", p >= 10 ? 0 : p >= 1 ? 1 : 2, p);
	return buf;
}

/* "Kendall τ 0.33 over 4 baseline shapes" or "no baseline shape
 * predicted (no tile or GPU)" into BUF. */
static const char *
side_tau(char *buf, size_t size, const gs_residuals *res, const char *what)
{
	if (res->npredicted < 2)
		snprintf(buf, size, "%s %s%sshape%s predicted (a tile and a GPU are needed)",
		         res->npredicted ? "1" : "no", what, what[0] ? " " : "",
		         res->npredicted == 1 ? "" : "s");
	else
		snprintf(buf, size, "Kendall \xcf\x84 %.2f over %zu %s%sshapes", res->tau,
		         res->npredicted, what, what[0] ? " " : "");
	return buf;
}

/* "Kendall τ 0.80 over 5 baseline shapes, Kendall τ 0.33 over 4 candidate
 * shapes; the candidate moved 2 of 4 shapes from 71 % to 38 % of predicted
 * (median)", or for a report "Kendall τ 0.80 over 5 shapes; the median
 * shape reaches 62 % of its predicted time", into BUF; 0 when no side has
 * a prediction. */
static int
residual_sentence(const gs_report *r, char *buf, size_t size)
{
	side b = side_of(r, 0), c = side_of(r, 1);
	const gs_residual_shift *sh = r->residual_shift;
	char x[160], y[160], p1[32], p2[32];
	int n;

	if (!b.res || (nsides(r) == 2 && (!c.res || !sh)))
		return 0;
	if (nsides(r) == 1) {
		if (b.res->npredicted == 0)
			return 0;
		snprintf(buf, size, "%s; the median shape reaches %s of its predicted time",
		         side_tau(x, sizeof x, b.res, ""), pct(p1, sizeof p1, b.res->median_frac));
		return 1;
	}
	if (b.res->npredicted == 0 && c.res->npredicted == 0)
		return 0;
	n = snprintf(buf, size, "%s; %s", side_tau(x, sizeof x, b.res, "baseline"),
	             side_tau(y, sizeof y, c.res, "candidate"));
	if (sh->worse && n > 0 && (size_t)n < size)
		snprintf(
		        buf + n, size - (size_t)n,
		        "; the candidate moved %zu of %zu shapes from %s to %s of predicted (median)",
		        sh->worse, sh->pairs, pct(p1, sizeof p1, sh->worse_base),
		        pct(p2, sizeof p2, sh->worse_cand));
	return 1;
}

/* "2 in the baseline, 1 in the candidate; the largest: M 512 → 576
 * (576×4096×4096 bf16 NN, baseline), −24.0 %, tile and wave boundary" (a
 * report: "2; the largest: ...") into BUF; 0 when there are none. */
static int
cliff_sentence(const gs_report *r, char *buf, size_t size)
{
	const gs_cliff *top = NULL;
	side at = {0};
	size_t count[2] = {0, 0};
	char shape[GS_FMT_SHAPE_LEN], text[128], head[96], d;
	int ti = 0;

	for (int i = 0; i < nsides(r); i++) {
		side x = side_of(r, i);
		if (!x.cliffs)
			return 0;
		count[i] = x.cliffs->ncliffs;
		if (count[i] && (!top || x.cliffs->cliffs[0].drop > top->drop)) {
			top = &x.cliffs->cliffs[0];
			at = x;
			ti = i;
		}
	}
	if (!top)
		return 0;
	d = at.cliffs->sweeps[top->sweep].dim;
	gs_fmt_shape(shape, sizeof shape, &at.s->rows[top->to].rec->shape);
	if (nsides(r) == 1)
		snprintf(head, sizeof head, "%zu", count[0]);
	else
		snprintf(head, sizeof head, "%zu in the baseline, %zu in the candidate", count[0],
		         count[1]);
	snprintf(
	        buf, size,
	        "%s; the largest: %c %ld \xe2\x86\x92 %ld (%s%s%s), \xe2\x88\x92%.1f\xc2\xa0%%, %s",
	        head, d, dim_of(&at.s->rows[top->from].rec->shape, d),
	        dim_of(&at.s->rows[top->to].rec->shape, d), shape, nsides(r) == 2 ? ", " : "",
	        nsides(r) == 2 ? sides[ti] : "", 100 * top->drop,
	        gs_cliff_crossed_text(top, text, sizeof text));
	return 1;
}

void
gs_md_model(const gs_report *r, FILE *out)
{
	char buf[1024];

	if (residual_sentence(r, buf, sizeof buf))
		fprintf(out, "- **Measured against predicted** (%s): %s.\n", RESIDUAL_WHAT, buf);
	if (cliff_sentence(r, buf, sizeof buf))
		fprintf(out, "- **Cliffs** (%s): %s.\n", CLIFF_WHAT, buf);
}

/* ---- HTML */

static void
html_cliff_row(gs_html *w, xmlNodePtr tb, const side *x, const gs_cliff *cl, const char *name)
{
	char d = x->cliffs->sweeps[cl->sweep].dim, text[128], num[32];
	xmlNodePtr tr = gs_html_add(w, tb, "tr", NULL);

	if (name)
		gs_html_td(w, tr, name);
	gs_html_td_shape(w, tr, &x->s->rows[cl->to].rec->shape);
	snprintf(num, sizeof num, "%c", d);
	gs_html_td(w, tr, num);
	gs_html_td_count(w, tr, (size_t)dim_of(&x->s->rows[cl->from].rec->shape, d));
	gs_html_td_fixed(w, tr, cl->tflops_from, 1);
	gs_html_td_fixed(w, tr, cl->tflops_to, 1);
	snprintf(num, sizeof num, "\xe2\x88\x92%.1f\xc2\xa0%%", 100 * cl->drop);
	gs_html_td_num(w, tr, num);
	gs_html_td(w, tr, gs_cliff_crossed_text(cl, text, sizeof text));
}

static void
html_cliffs(gs_html *w, xmlNodePtr sec)
{
	int two = nsides(w->r) == 2;
	xmlNodePtr tb = gs_html_table(
	        w, sec, "cliffs",
	        two ? "Side|Shape after the drop (M\xc3\x97N\xc3\x97K)|Dim|From|TFLOP/s before|"
	              "TFLOP/s after|Drop|What crossed"
	            : "Shape after the drop (M\xc3\x97N\xc3\x97K)|Dim|From|TFLOP/s before|"
	              "TFLOP/s after|Drop|What crossed",
	        two ? "ttlnnnnt" : "tlnnnnt");
	size_t shown = 0;

	for (int i = 0; i < nsides(w->r); i++) {
		side x = side_of(w->r, i);
		for (size_t k = 0; k < x.cliffs->ncliffs && shown < HTML_CLIFFS_MAX; k++, shown++)
			html_cliff_row(w, tb, &x, &x.cliffs->cliffs[k], two ? sides[i] : NULL);
	}
}

void
gs_html_model(gs_html *w, xmlNodePtr sec)
{
	char buf[1024];
	int res = residual_sentence(w->r, buf, sizeof buf);

	if (!res && !cliff_sentence(w->r, buf, sizeof buf))
		return;
	gs_html_add_text(w, sec, "h2", NULL, "Measured against predicted, and cliffs");
	if (res)
		gs_html_para(w, sec, NULL, "Measured against predicted (%s): %s.", RESIDUAL_WHAT,
		             buf);
	if (cliff_sentence(w->r, buf, sizeof buf)) {
		gs_html_para(w, sec, NULL, "Cliffs (%s): %s.", CLIFF_WHAT, buf);
		html_cliffs(w, sec);
	}
}

int
gs_html_model_figures(gs_html *w, xmlNodePtr sec, gs_error *err)
{
	for (size_t i = 0; i < w->r->nplots; i++) {
		const gs_report_plot *p = &w->r->plots[i];
		if (p->place && strcmp(p->place, "model") == 0 && !gs_html_figure(w, sec, p, err))
			return -1;
	}
	return 0;
}
