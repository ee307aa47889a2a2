/* html_model.c: measured against predicted and the cliffs in the HTML of
 * a compare (two sides) or a report (one input): the sentences of
 * json_model.c, the outliers and cliffs of both sides ranked together,
 * the sweep figures and the methodology's definitions (model_impl.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/fmt.h"
#include "render/model_impl.h"

enum { HTML_CLIFFS_MAX = 20 };

typedef gs_model_side side;

/* One row of a table that ranks both sides together: side I, item K (an
 * index into that side's outliers or cliffs). */
typedef struct ranked {
	int i;
	size_t k;
	double key; /* larger first */
	int late; /* 1: after every row with 0, whatever the key */
} ranked;

static int
by_rank(const void *a, const void *b)
{
	const ranked *x = a, *y = b;

	if (x->late != y->late)
		return x->late - y->late;
	if (x->key != y->key)
		return x->key < y->key ? 1 : -1;
	if (x->i != y->i)
		return x->i - y->i;
	return (x->k > y->k) - (x->k < y->k);
}

static long
dim_of(const gs_shape *s, char d)
{
	return d == 'M' ? s->M : d == 'N' ? s->N : s->K;
}

/* ---- outliers */

static void
outlier_row(gs_html *w, xmlNodePtr tb, const side *x, size_t k, const char *name)
{
	const gs_residual *o = &x->res->rows[x->res->outliers[k]];
	xmlNodePtr tr = gs_html_add(w, tb, "tr", NULL);
	char pct[32];

	if (name)
		gs_html_td(w, tr, name);
	gs_html_td_shape(w, tr, &x->s->rows[x->res->outliers[k]].rec->shape);
	gs_html_td_us(w, tr, o->predicted_us);
	gs_html_td_us(w, tr, o->measured_us);
	gs_html_add_text(w, tr, "td", o->frac > 1 + 1e-9 ? "num worse" : "num",
	                 gs_model_pct(pct, sizeof pct, o->frac));
	gs_html_td_us(w, tr, o->excess_us);
}

/* The outliers of every side, ranked together by time above the
 * prediction, at most the --top count (a report: as many as it keeps). */
static void
html_outliers(gs_html *w, xmlNodePtr sec)
{
	int two = gs_model_nsides(w->r) == 2;
	ranked *rk;
	size_t n = 0, cap = 0, total = 0;
	xmlNodePtr tb;

	for (int i = 0; i < gs_model_nsides(w->r); i++) {
		side x = gs_model_side_of(w->r, i);
		n += x.res ? x.res->noutliers : 0;
		cap = x.res && x.res->noutliers > cap ? x.res->noutliers : cap;
		total += x.res ? x.res->npredicted : 0;
	}
	if (n == 0 || !(rk = malloc(n * sizeof *rk)))
		return; /* out of memory: the sentence above still says it */
	n = 0;
	for (int i = 0; i < gs_model_nsides(w->r); i++) {
		side x = gs_model_side_of(w->r, i);
		for (size_t k = 0; x.res && k < x.res->noutliers; k++)
			rk[n++] = (ranked){i, k, x.res->rows[x.res->outliers[k]].excess_us, 0};
	}
	qsort(rk, n, sizeof *rk, by_rank);
	if (w->c && w->c->opts.top > 0)
		cap = w->c->opts.top;
	n = n < cap ? n : cap;
	gs_html_add_text(w, sec, "h3", NULL, "Furthest below their prediction, by time above it");
	tb = gs_html_table(w, sec, "outliers",
	                   two ? "Side|Shape (M\xc3\x97N\xc3\x97K)|Predicted (\xc2\xb5s)|"
	                         "Measured (\xc2\xb5s)|Of predicted|Time above (\xc2\xb5s)"
	                       : "Shape (M\xc3\x97N\xc3\x97K)|Predicted (\xc2\xb5s)|"
	                         "Measured (\xc2\xb5s)|Of predicted|Time above (\xc2\xb5s)",
	                   two ? "ttnnnn" : "tnnnn");
	for (size_t j = 0; j < n; j++) {
		side x = gs_model_side_of(w->r, rk[j].i);
		outlier_row(w, tb, &x, rk[j].k, two ? gs_model_side_name(rk[j].i) : NULL);
	}
	gs_html_more(w, sec, n, total, "predicted shape", "predicted shapes",
	             "the JSON output (--json) has every shape's predicted_us and fraction in "
	             "shapes[]");
	free(rk);
}

/* ---- cliffs */

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

/* Every side's cliffs, ranked together: those whose crossing the inputs
 * tell first, then by drop; at most HTML_CLIFFS_MAX, "N more" after. */
static void
html_cliffs(gs_html *w, xmlNodePtr sec)
{
	int two = gs_model_nsides(w->r) == 2;
	size_t n = 0, shown;
	ranked *rk;
	xmlNodePtr tb;

	for (int i = 0; i < gs_model_nsides(w->r); i++)
		n += gs_model_side_of(w->r, i).cliffs->ncliffs;
	if (n == 0 || !(rk = malloc(n * sizeof *rk)))
		return; /* out of memory: the sentence above still says it */
	n = 0;
	for (int i = 0; i < gs_model_nsides(w->r); i++) {
		side x = gs_model_side_of(w->r, i);
		for (size_t k = 0; k < x.cliffs->ncliffs; k++)
			rk[n++] = (ranked){i, k, x.cliffs->cliffs[k].drop,
			                   x.cliffs->cliffs[k].crossed == 0};
	}
	qsort(rk, n, sizeof *rk, by_rank);
	tb = gs_html_table(
	        w, sec, "cliffs",
	        two ? "Side|Shape after the drop (M\xc3\x97N\xc3\x97K)|Dim|From|TFLOP/s before|"
	              "TFLOP/s after|Drop|What crossed"
	            : "Shape after the drop (M\xc3\x97N\xc3\x97K)|Dim|From|TFLOP/s before|"
	              "TFLOP/s after|Drop|What crossed",
	        two ? "ttlnnnnt" : "tlnnnnt");
	shown = n < HTML_CLIFFS_MAX ? n : HTML_CLIFFS_MAX;
	for (size_t j = 0; j < shown; j++) {
		side x = gs_model_side_of(w->r, rk[j].i);
		html_cliff_row(w, tb, &x, &x.cliffs->cliffs[rk[j].k],
		               two ? gs_model_side_name(rk[j].i) : NULL);
	}
	gs_html_more(w, sec, shown, n, "cliff", "cliffs",
	             "the JSON output (--json) lists every cliff");
	free(rk);
}

/* ---- the section */

void
gs_html_model(gs_html *w, xmlNodePtr sec)
{
	char buf[1024];

	if (!w->r->residuals[0] && !w->r->cliffs[0])
		return;
	gs_html_add_text(w, sec, "h2", NULL, "Measured against predicted, and cliffs");
	if (gs_model_residual_sentence(w->r, buf, sizeof buf)) {
		gs_html_para(w, sec, NULL, "Measured against predicted (%s): %s.",
		             GS_MODEL_RESIDUAL_WHAT, buf);
		html_outliers(w, sec);
	} else if (gs_model_unpredicted_sentence(w->r, buf, sizeof buf)) {
		gs_html_para(w, sec, "none", "Measured against predicted: %s.", buf);
	}
	if (gs_model_cliff_sentence(w->r, buf, sizeof buf)) {
		gs_html_para(w, sec, NULL, "Cliffs (%s): %s.", GS_MODEL_CLIFF_WHAT, buf);
		html_cliffs(w, sec);
	} else {
		size_t sweeps = 0;
		for (int i = 0; i < gs_model_nsides(w->r); i++) {
			gs_model_side x = gs_model_side_of(w->r, i);
			sweeps += x.cliffs ? x.cliffs->nsweeps : 0;
		}
		gs_html_para(
		        w, sec, "none", "Cliffs: %s.",
		        sweeps ? "no drop beyond the threshold along any sweep"
		               : "no sweep (at least 6 sizes of one dimension, every other key "
		                 "field and the tag alike) in the inputs");
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

void
gs_html_model_methodology(gs_html *w, xmlNodePtr dl)
{
	if (w->r->residuals[0])
		gs_html_define(
		        w, dl, "Measured against predicted",
		        "For each shape whose GPU and macro tile are known, predicted time = "
		        "max(compute_us / dim_eff, memory_us): the roofline of its math with the "
		        "compute term stretched by tile and wave quantisation (computed as "
		        "(FLOP / (M\xc2\xb7N\xc2\xb7"
		        "batch))\xc2\xb7(tile_m\xc2\xb7tile_n\xc2\xb7waves\xc2\xb7slots) / peak, the "
		        "same value, so shapes the model cannot tell apart tie exactly). It is an "
		        "upper-bound model, not a simulator: no caches, prologue, epilogue or "
		        "occupancy, so a kernel reaches some fraction of it, predicted / measured. "
		        "A fraction above 100 %% means the prediction is wrong for that shape (a "
		        "GPU figure, the tile or the one-workgroup-per-CU assumption), never that "
		        "the kernel is fast; it is flagged. Outliers are ranked by the time above "
		        "the prediction over the shape's calls, total_us \xc2\xb7 (1 \xe2\x88\x92 "
		        "fraction). Kendall's \xcf\x84-b between predicted and measured times per "
		        "input (ties counted, as scipy.stats.kendalltau) says how far the model's "
		        "ordering can be trusted. A compare counts the shapes predicted on both "
		        "sides whose fraction fell (or rose) by more than the threshold.");
	if (w->r->cliffs[0])
		gs_html_define(
		        w, dl, "Cliffs",
		        "A sweep is at least %d shapes of one input equal in every key field but "
		        "one of M, N, K. Sorted by that dimension, a cliff is a step to the next "
		        "size whose TFLOP/s (FLOP over the median time) drops by more than the "
		        "threshold, drop = 1 \xe2\x88\x92 TFLOP/s after / TFLOP/s before. What "
		        "crossed: a tile boundary (one more row or column of macro tiles, or "
		        "another K step), a wave boundary (one more round of workgroups over the "
		        "CUs/SMs), a kernel change (the names differ); \"nothing the inputs tell\" "
		        "when none of them did or the tiles are unknown. The table ranks both "
		        "sides together, cliffs with a known crossing first, then by drop.",
		        GS_CLIFF_MIN_POINTS);
}
