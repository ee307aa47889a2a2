/* figures.c: the compare and single-run reports' figures, laid out by the
 * plot module (plot.h) from the report models and rendered once as SVG. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/figures.h"
#include "render/plot.h"
#include "util/grow.h"

enum { LABEL_LEN = 64, TEXT_LEN = 1024, MAX_TILE_PAIRS = 4 };

/* The top regressions (by ratio) labelled on the curve and the scatter:
 * a handful a reader can match with the table, at any number of shapes. */
enum { TOP_LABELS = 5, TOP_LABEL_LEN = 80 };

void
gs_figures_free(gs_report_plot *plots, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(plots[i].svg);
		gs_plot_free(plots[i].plot);
		free(plots[i].owned);
	}
	free(plots);
}

int
gs_figure_finish(gs_report_plot *pl, struct gs_plot *plot, const char *id, const char *title,
                 const char *caption, gs_error *err)
{
	pl->id = id;
	pl->title = title;
	pl->caption = caption;
	pl->plot = plot;
	if (!plot)
		return gs_error_set(err, NULL, 0, 0, "cannot lay out plot '%s'", id);
	return gs_plot_svg(plot, id, &pl->svg, &pl->svg_len, err);
}

int
gs_figures_plot_class(gs_class c)
{
	switch (c) {
	case GS_IMPROVED: return GS_PLOT_IMPROVED;
	case GS_REGRESSED: return GS_PLOT_REGRESSED;
	case GS_UNSURE: return GS_PLOT_UNSURE;
	default: return GS_PLOT_NEUTRAL;
	}
}

/* ---- compare: speedup figures */

static void shape_label(const gs_shape *s, char *buf, size_t size);

/* 1 if another of the N shapes S[] than S[I] has its M×N×K. */
static int
dims_shared(const gs_shape *const *s, size_t n, size_t i)
{
	for (size_t j = 0; j < n; j++)
		if (j != i && s[j]->M == s[i]->M && s[j]->N == s[i]->N && s[j]->K == s[i]->K &&
		    (!s[i]->name || (s[j]->name && strcmp(s[i]->name, s[j]->name) == 0)))
			return 1;
	return 0;
}

/* The first TOP_LABELS of C's top regressions (by ratio) as plot labels
 * "R1 M×N×K", numbered as the report numbers them; the dtype and the
 * transposes follow when another label has the same M×N×K. */
static void
top_labels(const gs_compare *c, size_t *idx, char (*text)[TOP_LABEL_LEN], const char **ptr,
           gs_plot_labels *l)
{
	const gs_shape *sh[TOP_LABELS];
	char dims[LABEL_LEN];

	l->n = 0;
	for (size_t i = 0; i < c->ntop_regressed && l->n < TOP_LABELS; i++) {
		idx[l->n] = c->top_regressed[i];
		sh[l->n++] = &c->pairs[c->top_regressed[i]].base->shape;
	}
	for (size_t i = 0; i < l->n; i++) {
		shape_label(sh[i], dims, sizeof dims);
		if (dims_shared(sh, l->n, i))
			snprintf(text[i], TOP_LABEL_LEN, "R%u %.40s %.12s %c%c", (unsigned)(i + 1),
			         dims, sh[i]->dtype, sh[i]->trans_a ? sh[i]->trans_a : '?',
			         sh[i]->trans_b ? sh[i]->trans_b : '?');
		else
			snprintf(text[i], TOP_LABEL_LEN, "R%u %.40s", (unsigned)(i + 1), dims);
		ptr[i] = text[i];
	}
	l->index = idx;
	l->text = ptr;
}

static const char CURVE_POINTS[] =
        "Every matched shape, sorted by speedup (log scale). The shaded band is "
        "the neutral zone (change within ±threshold); above it the candidate is "
        "faster, below it slower. The labelled points are the top regressions R1, R2 ... by ratio.";
static const char CURVE_DENSE[] =
        "Every matched shape, sorted by speedup (log scale), drawn per pixel column "
        "from the smallest to the largest speedup in it, so every extreme shows "
        "(the first and last rank are marked). The shaded band is the neutral zone "
        "(change within ±threshold); above it the candidate is faster, below it "
        "slower. The labelled points are the top regressions R1, R2 ... by ratio.";
static const char SCATTER_POINTS[] =
        "Median time per shape, log-log. Points below the diagonal are faster in "
        "the candidate; the dashed lines mark ±threshold. The labelled points are "
        "the top regressions.";
static const char SCATTER_DENSE[] =
        "Median time per shape, log-log, as a 2-D histogram: the colour of a cell "
        "is how many shapes fall in it (log scale, bar on the right). Cells below "
        "the diagonal are faster in the candidate; the dashed lines mark "
        "±threshold. The labelled points are the top regressions R1, R2 ... by ratio.";

int
gs_figures_compare(const gs_compare *c, const char *datadir, gs_report_plot **out, size_t *n,
                   gs_error *err)
{
	size_t np = c->npairs;
	/* the speedups for the curve and the histogram, then the times for
	 * the scatter in their place: a million pairs' copies are 8 MB each */
	double *s = malloc((np ? np : 1) * sizeof *s), *tb = NULL, *tc = NULL;
	int *cls = malloc((np ? np : 1) * sizeof *cls);
	gs_report_plot *pl = calloc(3, sizeof *pl);
	double t = c->opts.threshold;
	size_t lidx[TOP_LABELS];
	char ltext[TOP_LABELS][TOP_LABEL_LEN];
	const char *lptr[TOP_LABELS];
	gs_plot_labels lab;
	gs_plot *curve, *histogram;
	int rc = -1;

	*out = NULL;
	*n = 0;
	if (!s || !cls || !pl)
		goto oom;
	if (gs_plot_font_init(datadir, err) != 0)
		goto done;
	for (size_t i = 0; i < np; i++) {
		s[i] = c->pairs[i].speedup;
		cls[i] = gs_figures_plot_class(c->pairs[i].cls);
	}
	top_labels(c, lidx, ltext, lptr, &lab);
	gs_plot_speedups(s, cls, np, t, &lab, &curve, &histogram);
	if (gs_figure_finish(&pl[0], curve, "speedup-curve", "Sorted speedup",
	                     np > GS_PLOT_DENSE_MIN ? CURVE_DENSE : CURVE_POINTS, err) != 0) {
		gs_plot_free(histogram);
		goto done;
	}
	if (gs_figure_finish(&pl[2], histogram, "speedup-histogram", "Distribution of log2 speedup",
	                     "Number of shapes per speedup bin (bins of equal width in log2, axis "
	                     "labelled in speedup: 2 is twice as fast, 0.5 twice as slow), bars "
	                     "stacked by class. Dashed lines mark ±threshold.",
	                     err) != 0)
		goto done;
	free(s);
	s = NULL;
	if (!(tb = malloc((np ? np : 1) * sizeof *tb)) ||
	    !(tc = malloc((np ? np : 1) * sizeof *tc)))
		goto oom;
	for (size_t i = 0; i < np; i++) {
		tb[i] = c->pairs[i].base->t.median;
		tc[i] = c->pairs[i].cand->t.median;
	}
	if (gs_figure_finish(&pl[1], gs_plot_scatter(tb, tc, cls, np, t, &lab), "time-scatter",
	                     "Baseline vs candidate time",
	                     np > GS_PLOT_DENSE_MIN ? SCATTER_DENSE : SCATTER_POINTS, err) != 0)
		goto done;
	*out = pl;
	*n = 3;
	pl = NULL;
	rc = 0;
	goto done;
oom:
	gs_error_set(err, NULL, 0, 0, "out of memory");
done:
	if (pl)
		gs_figures_free(pl, 3);
	free(s);
	free(tb);
	free(tc);
	free(cls);
	return rc;
}

/* ---- a growing plot array with run-time strings */

/* A report has a handful of figures; the bound only stops a runaway. */
#define PLOTS_MAX 256

typedef struct plist {
	gs_report_plot *p;
	size_t n, cap;
} plist;

/* A new zeroed slot at the end of L, or NULL (L unchanged) on OOM. */
static gs_report_plot *
plist_add(plist *l)
{
	if (GS_GROW(l->p, l->cap, l->n + 1, PLOTS_MAX) != 0)
		return NULL;
	memset(&l->p[l->n], 0, sizeof *l->p);
	return &l->p[l->n++];
}

/* Copy ID, TITLE and CAPTION into one buffer owned by PL. */
static int
set_text(gs_report_plot *pl, const char *id, const char *title, const char *caption)
{
	size_t a = strlen(id) + 1, b = strlen(title) + 1, c = strlen(caption) + 1;
	char *buf = malloc(a + b + c);

	if (!buf)
		return -1;
	memcpy(buf, id, a);
	memcpy(buf + a, title, b);
	memcpy(buf + a + b, caption, c);
	pl->owned = buf;
	pl->id = buf;
	pl->title = buf + a;
	pl->caption = buf + a + b;
	return 0;
}

/* Append PLOT (taken over, may be NULL) to L with the given strings. */
static int
plist_push(plist *l, gs_plot *plot, const char *id, const char *title, const char *caption,
           const char *place, gs_error *err)
{
	gs_report_plot *pl = plist_add(l);

	if (!pl || set_text(pl, id, title, caption) != 0) {
		gs_plot_free(plot);
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	}
	pl->place = place;
	pl->plot = plot;
	if (!plot)
		return gs_error_set(err, NULL, 0, 0, "cannot lay out plot '%s'", id);
	return gs_plot_svg(plot, pl->id, &pl->svg, &pl->svg_len, err);
}

int
gs_figures_push(gs_report_plot **plots, size_t *n, gs_plot *plot, const char *id, const char *title,
                const char *caption, const char *place, gs_error *err)
{
	plist l = {*plots, *n, *n};
	int rc = plist_push(&l, plot, id, title, caption, place, err);

	*plots = l.p;
	*n = l.n;
	return rc;
}

/* S as M×N×K (DESIGN.md: one order everywhere), or its kernel's label
 * (gs_shape_format, shortened to 28 bytes on a UTF-8 boundary) when it
 * is keyed by kernel name. */
static void
shape_label(const gs_shape *s, char *buf, size_t size)
{
	char lab[128];
	size_t n;

	if (s->name) {
		n = strlen(gs_shape_format(s, lab, sizeof lab));
		if (n > 28) {
			n = 25;
			while (n > 0 && ((unsigned char)lab[n] & 0xC0) == 0x80)
				n--;
			snprintf(buf, size, "%.*s\xe2\x80\xa6", (int)n, lab);
		} else {
			snprintf(buf, size, "%.*s", (int)n, lab);
		}
		return;
	}
	snprintf(buf, size, "%ld\xc3\x97%ld\xc3\x97%ld", s->M, s->N, s->K);
}

/* ---- tile grids */

static long
grid_cus(const gs_eff *e)
{
	return e->slots > 0 ? e->slots : e->cus;
}

/* ROW's whole efficiency into *E when its tile grid can be drawn (a tile
 * and a CU count known); else NULL. */
static const gs_eff *
grid_eff(const gs_single *s, const gs_single_row *row, gs_eff *e)
{
	const gs_eff *r =
	        row && gs_single_tile_of(row)->tile_m > 0 ? gs_single_eff(s, row, e) : NULL;

	return r && grid_cus(r) > 0 ? r : NULL;
}

static void
grid_caption(const gs_single_row *row, const gs_eff *e, char *buf, size_t size)
{
	snprintf(buf, size,
	         "BLAS M\xc3\x97N %ld\xc3\x97%ld%s, tile %d\xc3\x97%d (from the %s): "
	         "%ld tiles over %ld CUs, %ld wave%s, last wave %ld tiles (%.1f %%). "
	         "tile_eff %.3f, wq_eff %.3f, dim_eff %.3f.%s%s",
	         e->blas_m, e->blas_n, e->swapped ? " (framework dims swapped)" : "", e->tile_m,
	         e->tile_n, row->tile_source == GS_TILE_SRC_COLUMN ? "input column" : "kernel name",
	         e->num_tiles, grid_cus(e), e->rounds, e->rounds == 1 ? "" : "s",
	         e->last_wave_tiles, e->last_wave_util * 100, e->tile_eff, e->wq_eff, e->dim_eff,
	         e->note ? " " : "", e->note ? e->note : "");
}

static gs_plot *
grid_plot(const gs_eff *e)
{
	gs_tile_grid_spec g = {e->blas_m,   e->blas_n,   e->tile_m, e->tile_n,  e->batch,
	                       grid_cus(e), e->tile_eff, e->wq_eff, e->dim_eff, NULL};

	return gs_plot_tile_grid(&g);
}

static int
push_grid(plist *l, const gs_single_row *row, const gs_eff *e, const char *id, const char *what,
          const char *place, gs_error *err)
{
	char title[160], caption[TEXT_LEN], shape[LABEL_LEN];

	shape_label(&row->rec->shape, shape, sizeof shape);
	snprintf(title, sizeof title, "%s%s %s: tile %d\xc3\x97%d", what, shape,
	         row->rec->shape.dtype, e->tile_m, e->tile_n);
	grid_caption(row, e, caption, sizeof caption);
	return plist_push(l, grid_plot(e), id, title, caption, place, err);
}

static int
single_grids(plist *l, const gs_single *s, gs_error *err)
{
	size_t k = 0;

	for (size_t i = 0; i < s->n && k < s->opts.top; i++) {
		const gs_single_row *row = &s->rows[s->by_time[i]];
		char id[32], what[48];
		gs_eff eff;
		const gs_eff *e = grid_eff(s, row, &eff);
		if (!e)
			continue;
		k++;
		snprintf(id, sizeof id, "tiles-%zu", k);
		snprintf(what, sizeof what, "Tile grid #%zu by time: ", k);
		if (push_grid(l, row, e, id, what, NULL, err) != 0)
			return -1;
	}
	return 0;
}

int
gs_figures_single(const gs_single *s, const char *datadir, gs_report_plot **out, size_t *n,
                  gs_error *err)
{
	plist l = {NULL, 0, 0};
	int rc;

	*out = NULL;
	*n = 0;
	if (gs_plot_font_init(datadir, err) != 0)
		return -1;
	rc = gs_figures_roofline_single(s, &l.p, &l.n, err);
	l.cap = l.n;
	if (rc != 0 || single_grids(&l, s, err) != 0) {
		gs_figures_free(l.p, l.n);
		return -1;
	}
	*out = l.p;
	*n = l.n;
	return 0;
}

/* ---- compare: efficiency figures */

static const gs_single_row *
row_of(const gs_single *s, const gs_record *r)
{
	return s ? gs_single_row_of(s, r) : NULL;
}

static int
compare_grids(plist *l, const gs_compare *c, const gs_single *b, const gs_single *cd, gs_error *err)
{
	size_t k = 0;

	for (size_t i = 0; i < c->ntop_regressed && k < MAX_TILE_PAIRS; i++) {
		const gs_pair *p = &c->pairs[c->top_regressed[i]];
		const gs_single_row *rb = row_of(b, p->base), *rc = row_of(cd, p->cand);
		char id[48], what[48];
		gs_eff fb, fc;
		const gs_eff *eb = grid_eff(b, rb, &fb), *ec = grid_eff(cd, rc, &fc);
		if (!eb || !ec)
			continue;
		k++;
		snprintf(id, sizeof id, "tiles-r%zu-base", i + 1);
		snprintf(what, sizeof what, "R%zu baseline ", i + 1);
		if (push_grid(l, rb, eb, id, what, "efficiency", err) != 0)
			return -1;
		snprintf(id, sizeof id, "tiles-r%zu-cand", i + 1);
		snprintf(what, sizeof what, "R%zu candidate ", i + 1);
		if (push_grid(l, rc, ec, id, what, "efficiency", err) != 0)
			return -1;
	}
	return 0;
}

int
gs_figures_efficiency(const gs_compare *c, const gs_single *base, const gs_single *cand,
                      const char *datadir, gs_report_plot **plots, size_t *n, gs_error *err)
{
	plist l = {*plots, *n, *n};
	int rc;

	if (gs_plot_font_init(datadir, err) != 0)
		return -1;
	rc = gs_figures_roofline_compare(c, base, cand, &l.p, &l.n, err);
	l.cap = l.n;
	if (rc == 0)
		rc = compare_grids(&l, c, base, cand, err);
	*plots = l.p;
	*n = l.n;
	return rc;
}
