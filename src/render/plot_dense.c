/* plot_dense.c: the compare plots above GS_PLOT_DENSE_MIN points (the
 * speedup curve reduced per pixel column, the scatter as a 2-D
 * histogram) and, at any N, their labelled top regressions.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/plot.h"
#include "render/plot_impl.h"

#define LABEL_R 4.0 /* radius of a labelled point's marker (px) */

/* ------------------------------------------------------- speedup curve */

/* Per column and class: the smallest and largest speedup (NAN: none). */
typedef struct columns {
	size_t n;
	double *lo, *hi; /* n * GS_PLOT_NCLS */
} columns;

static size_t
column_of(const gs_panel *pn, size_t n, double rank)
{
	double c = floor(gs_axis_map(&pn->ax, rank) - pn->x);

	return c < 0 ? 0 : c >= (double)n ? n - 1 : (size_t)c;
}

static void
keep_range(double *lo, double *hi, double v)
{
	if (isnan(*lo) || v < *lo)
		*lo = v;
	if (isnan(*hi) || v > *hi)
		*hi = v;
}

/* One pass over the sorted S: every column's per-class and overall range. */
static int
columns_fill(gs_plot *p, columns *cl, const gs_cls_value *s, size_t m)
{
	const gs_panel *pn = &p->panel[0];

	cl->n = (size_t)ceil(pn->w);
	cl->lo = malloc(cl->n * GS_PLOT_NCLS * sizeof *cl->lo);
	cl->hi = malloc(cl->n * GS_PLOT_NCLS * sizeof *cl->hi);
	p->col_lo = malloc(cl->n * sizeof *p->col_lo);
	p->col_hi = malloc(cl->n * sizeof *p->col_hi);
	if (!cl->lo || !cl->hi || !p->col_lo || !p->col_hi) {
		p->oom = 1;
		return -1;
	}
	p->ncols = cl->n;
	for (size_t i = 0; i < cl->n * GS_PLOT_NCLS; i++)
		cl->lo[i] = cl->hi[i] = NAN;
	for (size_t i = 0; i < cl->n; i++)
		p->col_lo[i] = p->col_hi[i] = NAN;
	for (size_t i = 0; i < m; i++) {
		size_t c = column_of(pn, cl->n, (double)i), k = c * GS_PLOT_NCLS + (size_t)s[i].cls;

		keep_range(&cl->lo[k], &cl->hi[k], s[i].v);
		keep_range(&p->col_lo[c], &p->col_hi[c], s[i].v);
	}
	return 0;
}

/* The grey envelope through every column's min and max. */
static void
columns_envelope(gs_plot *p)
{
	const gs_panel *pn = &p->panel[0];
	double *xy = malloc(4 * p->ncols * sizeof *xy);
	size_t k = 0;

	if (!xy) {
		p->oom = 1;
		return;
	}
	for (size_t c = 0; c < p->ncols; c++) {
		if (isnan(p->col_lo[c]))
			continue;
		xy[2 * k] = pn->x + (double)c + 0.5;
		xy[2 * k + 1] = gs_axis_map(&pn->ay, p->col_lo[c]);
		k++;
		xy[2 * k] = pn->x + (double)c + 0.5;
		xy[2 * k + 1] = gs_axis_map(&pn->ay, p->col_hi[c]);
		k++;
	}
	gs_mark_poly(p, xy, k, gs_rgb_hex(0x777777, 1), 1, 0);
	free(xy);
}

/* Class CLS's column ranges, at least 3 px tall, as one mark. */
static void
columns_class(gs_plot *p, const columns *cl, int cls)
{
	const gs_panel *pn = &p->panel[0];
	double *r = malloc(4 * cl->n * sizeof *r);
	size_t k = 0;

	if (!r) {
		p->oom = 1;
		return;
	}
	for (size_t c = 0; c < cl->n; c++) {
		size_t i = c * GS_PLOT_NCLS + (size_t)cls;
		double top, h;

		if (isnan(cl->lo[i]))
			continue;
		top = gs_axis_map(&pn->ay, cl->hi[i]);
		h = gs_axis_map(&pn->ay, cl->lo[i]) - top;
		if (h < 3) {
			top -= (3 - h) / 2;
			h = 3;
		}
		r[4 * k] = pn->x + (double)c - 0.3;
		r[4 * k + 1] = top;
		r[4 * k + 2] = 1.6;
		r[4 * k + 3] = h;
		k++;
	}
	if (k)
		gs_mark_rects(p, r, k, *gs_class_colour(cls), 0);
	free(r);
}

void
gs_curve_columns(gs_plot *p, const gs_cls_value *s, size_t m)
{
	static const int order[4] = {GS_PLOT_NEUTRAL, GS_PLOT_IMPROVED, GS_PLOT_UNSURE,
	                             GS_PLOT_REGRESSED};
	const gs_panel *pn = &p->panel[0];
	columns cl = {0, NULL, NULL};

	if (columns_fill(p, &cl, s, m) == 0) {
		columns_envelope(p);
		for (int k = 0; k < 4; k++)
			columns_class(p, &cl, order[k]);
		/* The first and last rank: the global min and max speedup. */
		gs_mark_circle(p, gs_axis_map(&pn->ax, 0), gs_axis_map(&pn->ay, s[0].v), 2.5,
		               *gs_class_colour(s[0].cls), (gs_rgb){0, 0, 0, 0}, 0);
		gs_mark_circle(p, gs_axis_map(&pn->ax, (double)(m - 1)),
		               gs_axis_map(&pn->ay, s[m - 1].v), 2.5,
		               *gs_class_colour(s[m - 1].cls), (gs_rgb){0, 0, 0, 0}, 0);
	}
	free(cl.lo);
	free(cl.hi);
}

/* Rank of the first of S equal to KEY (binary search; S sorted). */
static size_t
rank_of(const gs_cls_value *s, size_t m, const gs_cls_value *key)
{
	size_t a = 0, b = m;

	while (a < b) {
		size_t mid = a + (b - a) / 2;

		if (gs_cmp_cls_value(&s[mid], key) < 0)
			a = mid + 1;
		else
			b = mid;
	}
	return a;
}

/* Markers of the labelled points (ringed in ink), then their labels. */
static void
label_points(gs_plot *p, const double *x, const double *y, const int *cls, const char **text,
             size_t k)
{
	double r[GS_PLOT_MAX_LABELS];

	for (size_t j = 0; j < k; j++) {
		r[j] = LABEL_R;
		gs_mark_circle(p, x[j], y[j], LABEL_R, *gs_class_colour(cls[j]), gs_col_ink, 0);
	}
	gs_plot_place_labels(p, x, y, r, text, k);
}

void
gs_curve_labels(gs_plot *p, const gs_cls_value *s, size_t m, const double *speedup, const int *cls,
                size_t n, const gs_plot_labels *labels)
{
	const gs_panel *pn = &p->panel[0];
	double x[GS_PLOT_MAX_LABELS], y[GS_PLOT_MAX_LABELS];
	int c[GS_PLOT_MAX_LABELS];
	const char *text[GS_PLOT_MAX_LABELS];
	size_t k = 0;

	for (size_t j = 0; labels && j < labels->n && k < GS_PLOT_MAX_LABELS; j++) {
		size_t i = labels->index[j];
		gs_cls_value key;

		if (i >= n || !isfinite(speedup[i]) || !(speedup[i] > 0))
			continue;
		key.v = speedup[i];
		key.cls = gs_known_class(cls[i]);
		x[k] = gs_axis_map(&pn->ax, (double)rank_of(s, m, &key));
		y[k] = gs_axis_map(&pn->ay, key.v);
		c[k] = key.cls;
		text[k++] = labels->text[j];
	}
	label_points(p, x, y, c, text, k);
}

/* ------------------------------------------------------------- scatter */

static int
pair_ok(double b, double c)
{
	return isfinite(b) && isfinite(c) && b > 0 && c > 0;
}

void
gs_scatter_density(gs_plot *p, const double *b, const double *c, size_t n, double bar_x)
{
	const gs_panel *pn = &p->panel[0];
	gs_density d;

	if (gs_density_init(p, &d, 0) != 0)
		return;
	for (size_t i = 0; i < n; i++)
		if (pair_ok(b[i], c[i]))
			gs_density_add(&d, gs_axis_map(&pn->ax, b[i]), gs_axis_map(&pn->ay, c[i]));
	gs_density_draw(p, &d, bar_x);
}

void
gs_scatter_labels(gs_plot *p, const double *b, const double *c, const int *cls, size_t n,
                  const gs_plot_labels *labels)
{
	const gs_panel *pn = &p->panel[0];
	double x[GS_PLOT_MAX_LABELS], y[GS_PLOT_MAX_LABELS];
	int k_cls[GS_PLOT_MAX_LABELS];
	const char *text[GS_PLOT_MAX_LABELS];
	size_t k = 0;

	for (size_t j = 0; labels && j < labels->n && k < GS_PLOT_MAX_LABELS; j++) {
		size_t i = labels->index[j];

		if (i >= n || !pair_ok(b[i], c[i]))
			continue;
		x[k] = gs_axis_map(&pn->ax, b[i]);
		y[k] = gs_axis_map(&pn->ay, c[i]);
		k_cls[k] = gs_known_class(cls[i]);
		text[k++] = labels->text[j];
	}
	label_points(p, x, y, k_cls, text, k);
}
