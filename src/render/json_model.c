/* json_model.c: measured against predicted and the cliffs, in the JSON,
 * the markdown and the HTML of a compare (model_impl.h). */
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

/* The single model of side I (0 baseline, 1 candidate). */
static const gs_single *
side_model(const gs_report *r, int i)
{
	return i ? r->eff_cand : r->eff_base;
}

static void
json_residuals(gs_jw *w, const gs_report *r)
{
	const gs_residual_shift *sh = r->residual_shift;

	gs_jw_key(w, "residuals");
	gs_jw_map_open(w);
	for (int i = 0; i < 2; i++) {
		const gs_residuals *x = r->residuals[i];
		const gs_single *s = side_model(r, i);
		gs_jw_key(w, sides[i]);
		gs_jw_map_open(w);
		gs_jw_kv_count(w, "predicted", (long long)x->npredicted);
		gs_jw_kv_num(w, "tau", x->tau);
		gs_jw_kv_num(w, "median_fraction", x->median_frac);
		gs_jw_array_open(w, "outliers");
		for (size_t k = 0; k < x->noutliers; k++) {
			const gs_residual *o = &x->rows[x->outliers[k]];
			gs_jw_map_open(w);
			gs_jw_shape_fields(w, &s->rows[x->outliers[k]].rec->shape);
			gs_jw_kv_num(w, "predicted_us", o->predicted_us);
			gs_jw_kv_num(w, "measured_us", o->measured_us);
			gs_jw_kv_num(w, "fraction", o->frac);
			gs_jw_kv_num(w, "excess_us", o->excess_us);
			gs_jw_map_close(w);
		}
		gs_jw_array_close(w);
		gs_jw_map_close(w);
	}
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
	gs_jw_map_close(w);
}

static long
dim_of(const gs_shape *s, char d)
{
	return d == 'M' ? s->M : d == 'N' ? s->N : s->K;
}

static void
json_cliffs(gs_jw *w, const gs_report *r)
{
	char text[128], dim[2] = "";

	gs_jw_key(w, "cliffs");
	gs_jw_map_open(w);
	for (int i = 0; i < 2; i++) {
		const gs_cliffs *c = r->cliffs[i];
		const gs_single *s = side_model(r, i);
		gs_jw_key(w, sides[i]);
		gs_jw_map_open(w);
		gs_jw_kv_count(w, "sweeps", (long long)c->nsweeps);
		gs_jw_array_open(w, "cliffs");
		for (size_t k = 0; k < c->ncliffs; k++) {
			const gs_cliff *cl = &c->cliffs[k];
			const gs_shape *a = &s->rows[cl->from].rec->shape;
			dim[0] = c->sweeps[cl->sweep].dim;
			gs_jw_map_open(w);
			gs_jw_shape_fields(w, a);
			gs_jw_kv_str(w, "dim", dim);
			gs_jw_kv_count(w, "from", dim_of(a, dim[0]));
			gs_jw_kv_count(w, "to", dim_of(&s->rows[cl->to].rec->shape, dim[0]));
			gs_jw_kv_num(w, "tflops_from", cl->tflops_from);
			gs_jw_kv_num(w, "tflops_to", cl->tflops_to);
			gs_jw_kv_num(w, "drop", cl->drop);
			gs_jw_kv_str(w, "crossed", gs_cliff_crossed_text(cl, text, sizeof text));
			gs_jw_map_close(w);
		}
		gs_jw_array_close(w);
		gs_jw_map_close(w);
	}
	gs_jw_map_close(w);
}

void
gs_json_model(gs_jw *w, const gs_report *r)
{
	if (r->residuals[0] && r->residuals[1] && r->residual_shift && r->eff_base && r->eff_cand)
		json_residuals(w, r);
	if (r->cliffs[0] && r->cliffs[1] && r->eff_base && r->eff_cand)
		json_cliffs(w, r);
}

/* ---- the sentences markdown and HTML share */

/* "Kendall τ 0.80 over 5 baseline shapes, 0.33 over 4 candidate shapes;
 * the candidate moved 2 of 4 shapes from 71 % to 38 % of predicted
 * (median)" into BUF; 0 when no side has a prediction. */
static int
residual_sentence(const gs_report *r, char *buf, size_t size)
{
	const gs_residuals *b = r->residuals[0], *c = r->residuals[1];
	const gs_residual_shift *sh = r->residual_shift;
	int n;

	if (!b || !c || !sh || (b->npredicted == 0 && c->npredicted == 0))
		return 0;
	n = snprintf(
	        buf, size,
	        "Kendall \xcf\x84 %.2f over %zu baseline shapes, %.2f over %zu candidate shapes",
	        b->tau, b->npredicted, c->tau, c->npredicted);
	if (sh->worse && n > 0 && (size_t)n < size)
		snprintf(
		        buf + n, size - (size_t)n,
		        "; the candidate moved %zu of %zu shapes from %.0f %% to %.0f %% of predicted "
		        "(median)",
		        sh->worse, sh->pairs, 100 * sh->worse_base, 100 * sh->worse_cand);
	return 1;
}

/* "2 in the baseline, 1 in the candidate; the largest: M 512 → 576
 * (576×4096×4096 bf16 NN, baseline), −24.0 %, tile and wave boundary" into
 * BUF; 0 when there are none. */
static int
cliff_sentence(const gs_report *r, char *buf, size_t size)
{
	const gs_cliff *top = NULL;
	const gs_cliffs *top_side = NULL;
	const gs_shape *to;
	int ti = 0;
	char shape[GS_FMT_SHAPE_LEN], text[128], d;

	if (!r->cliffs[0] || !r->cliffs[1] || r->cliffs[0]->ncliffs + r->cliffs[1]->ncliffs == 0)
		return 0;
	for (int i = 0; i < 2; i++)
		if (r->cliffs[i]->ncliffs && (!top || r->cliffs[i]->cliffs[0].drop > top->drop)) {
			top = &r->cliffs[i]->cliffs[0];
			top_side = r->cliffs[i];
			ti = i;
		}
	d = top_side->sweeps[top->sweep].dim;
	to = &side_model(r, ti)->rows[top->to].rec->shape;
	gs_fmt_shape(shape, sizeof shape, to);
	snprintf(buf, size,
	         "%zu in the baseline, %zu in the candidate; the largest: %c %ld \xe2\x86\x92 %ld "
	         "(%s, %s), \xe2\x88\x92%.1f %%, %s",
	         r->cliffs[0]->ncliffs, r->cliffs[1]->ncliffs, d,
	         dim_of(&side_model(r, ti)->rows[top->from].rec->shape, d), dim_of(to, d), shape,
	         sides[ti], 100 * top->drop, gs_cliff_crossed_text(top, text, sizeof text));
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

static void
html_cliffs(gs_html *w, xmlNodePtr sec)
{
	xmlNodePtr tb = gs_html_table(w, sec, "cliffs",
	                              "Side|Shape after the drop (M\xc3\x97N\xc3\x97K)|Dim|From|"
	                              "TFLOP/s before|TFLOP/s after|Drop|What crossed",
	                              "ttlnnnnt");
	size_t shown = 0;
	char text[128], num[32];

	for (int i = 0; i < 2; i++)
		for (size_t k = 0; k < w->r->cliffs[i]->ncliffs && shown < HTML_CLIFFS_MAX; k++) {
			const gs_cliff *cl = &w->r->cliffs[i]->cliffs[k];
			const gs_single *s = side_model(w->r, i);
			char d = w->r->cliffs[i]->sweeps[cl->sweep].dim;
			xmlNodePtr tr = gs_html_add(w, tb, "tr", NULL);
			gs_html_td(w, tr, sides[i]);
			gs_html_td_shape(w, tr, &s->rows[cl->to].rec->shape);
			snprintf(num, sizeof num, "%c", d);
			gs_html_td(w, tr, num);
			gs_html_td_count(w, tr, (size_t)dim_of(&s->rows[cl->from].rec->shape, d));
			gs_html_td_fixed(w, tr, cl->tflops_from, 1);
			gs_html_td_fixed(w, tr, cl->tflops_to, 1);
			snprintf(num, sizeof num, "\xe2\x88\x92%.1f %%", 100 * cl->drop);
			gs_html_td_num(w, tr, num);
			gs_html_td(w, tr, gs_cliff_crossed_text(cl, text, sizeof text));
			shown++;
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
