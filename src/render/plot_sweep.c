/* plot_sweep.c: achieved TFLOP/s along a swept dimension (issue 13 §4):
 * one line with markers per series, the tile and wave boundaries as
 * vertical lines, the cliffs as arrows down onto the size after the drop.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/plot.h"
#include "render/plot_impl.h"

#define FIG_W 720.0
#define FIG_H 420.0
#define MARKER_R 3.0
#define ARROW_LEN 16.0
/* Sizes spanning more than this factor get a log2 x axis. */
#define LOG_X_SPAN 16.0
/* Two series whose peaks differ by more than this factor share a log10
 * y axis. */
#define LOG_Y_RATIO 10.0

static const unsigned COL_BASE = 0x009E73; /* Okabe-Ito bluish green */
static const unsigned COL_WAVE = 0xCC79A7; /* Okabe-Ito reddish purple */

static int
size_ok(const gs_sweep_series *s, size_t i)
{
	return isfinite(s->x[i]) && s->x[i] > 0 && isfinite(s->y[i]) && s->y[i] > 0;
}

/* The drawable sizes of SPEC, their x range and y range (*YPEAK[i]: the
 * peak of series i); 0 when none is drawable. */
static size_t
sweep_range(const gs_sweep_spec *spec, double *xlo, double *xhi, double *ylo, double *ypeak)
{
	size_t drawn = 0;

	*xlo = *ylo = INFINITY;
	*xhi = -INFINITY;
	for (size_t k = 0; k < spec->nseries; k++) {
		const gs_sweep_series *s = &spec->series[k];
		ypeak[k] = 0;
		for (size_t i = 0; s->x && s->y && i < s->n; i++) {
			if (!size_ok(s, i))
				continue;
			drawn++;
			*xlo = fmin(*xlo, s->x[i]);
			*xhi = fmax(*xhi, s->x[i]);
			*ylo = fmin(*ylo, s->y[i]);
			ypeak[k] = fmax(ypeak[k], s->y[i]);
		}
	}
	return drawn;
}

/* Linear x over [LO, HI] padded by 4 % each side, ticks at multiples of
 * the smallest power of two that gives at most 8 intervals. */
static void
x_linear(gs_plot *p, gs_axis *a, double lo, double hi)
{
	double span = hi - lo, step = 1;

	if (!(span > 0)) {
		gs_axis_linear(p, a, lo, hi, 0, 6);
		return;
	}
	while (span / step > 8)
		step *= 2;
	a->scale = GS_SCALE_LINEAR;
	a->lo = lo - 0.04 * span;
	a->hi = hi + 0.04 * span;
	for (double v = ceil(a->lo / step) * step; v <= a->hi; v += step)
		gs_axis_add_tick(p, a, v, NULL);
}

/* Whole sizes below 10^7 in full ("16384", "32768"): GEMM sizes are
 * read as numbers, not as SI prefixes ("16.38k"). */
static void
x_labels(gs_plot *p, gs_axis *a)
{
	char buf[32];

	for (size_t i = 0; i < a->nticks; i++) {
		double v = round(a->tick[i]); /* log2 ticks are exp(k ln 2) */
		char *t;
		if (!(v >= 1e4 && v < 1e7 && fabs(a->tick[i] - v) <= 1e-9 * v))
			continue;
		snprintf(buf, sizeof buf, "%.0f", v);
		if (!(t = gs_plot_strdup(p, buf)))
			return;
		free(a->tick_label[i]);
		a->tick_label[i] = t;
	}
}

static void
sweep_axes(gs_plot *p, const gs_sweep_spec *spec, gs_sweep_layout *l)
{
	gs_panel *pn = &p->panel[0];
	double xlo, xhi, ylo, peak[2] = {0, 0};
	char label[2] = {spec->dim, '\0'};

	sweep_range(spec, &xlo, &xhi, &ylo, peak);
	if (xhi > xlo * LOG_X_SPAN)
		gs_axis_log(p, &pn->ax, 2, xlo, xhi);
	else
		x_linear(p, &pn->ax, xlo, xhi);
	x_labels(p, &pn->ax);
	gs_axis_set_label(p, &pn->ax, label);
	if (spec->nseries == 2 && fmax(peak[0], peak[1]) > LOG_Y_RATIO * fmin(peak[0], peak[1])) {
		/* up to the next power of ten, so the top decade has its label */
		l->f.log_y = 10;
		gs_axis_log(p, &pn->ay, 10, ylo,
		            pow(10, ceil(log10(fmax(peak[0], peak[1])) - 1e-9)));
	} else {
		gs_axis_linear(p, &pn->ay, 0, fmax(peak[0], peak[1]) * 1.1, 1, 6);
	}
	gs_axis_set_label(p, &pn->ay, "TFLOP/s");
}

/* 1 if the N boundaries at X (TOTAL in range) are few enough to draw. */
static int
lines_fit(const double *x, size_t n, size_t total)
{
	return x && n > 0 && n <= GS_PLOT_SWEEP_MAX_LINES && total <= GS_PLOT_SWEEP_MAX_LINES;
}

/* Vertical lines at the N sizes X inside the x range (kind WAVE), unless
 * TOTAL (or N) exceeds GS_PLOT_SWEEP_MAX_LINES. */
static void
sweep_lines(gs_plot *p, gs_sweep_layout *l, int wave, const double *x, size_t n, size_t total)
{
	const gs_panel *pn = &p->panel[0];
	gs_rgb c = wave ? gs_rgb_hex(COL_WAVE, 1) : gs_col_neutral;
	size_t *count = wave ? &l->f.nwave : &l->f.ntile;

	if (!lines_fit(x, n, total)) {
		if (x && n > 0)
			*(wave ? &l->f.wave_omitted : &l->f.tile_omitted) = 1;
		return;
	}
	l->line[wave] = malloc(n * sizeof *l->line[wave]);
	if (!l->line[wave]) {
		p->oom = 1;
		return;
	}
	for (size_t i = 0; i < n; i++) {
		double px = gs_axis_map(&pn->ax, x[i]);
		if (!isfinite(px) || px < pn->x || px > pn->x + pn->w)
			continue;
		gs_mark_line(p, px, pn->y, px, pn->y + pn->h, c, wave ? 1.25 : 1, wave ? 1 : 2, 1);
		l->line[wave][(*count)++] = x[i];
	}
}

/* Series S as min and max per pixel column of the plot area, in x order
 * (above GS_PLOT_DENSE_MIN sizes): two vertices per column, the lowest
 * and the highest TFLOP/s in it, so every extreme shows; O(columns)
 * memory and marks. */
static void
series_reduced(gs_plot *p, const gs_sweep_series *s, gs_rgb c)
{
	const gs_panel *pn = &p->panel[0];
	size_t cap = 2 * ((size_t)pn->w + 2), k = 0;
	double *xy = malloc(2 * cap * sizeof *xy);
	long col = -1;

	if (!xy) {
		p->oom = 1;
		return;
	}
	for (size_t i = 0; i < s->n; i++) {
		double px, py;
		if (!size_ok(s, i))
			continue;
		px = gs_axis_map(&pn->ax, s->x[i]);
		py = gs_axis_map(&pn->ay, s->y[i]);
		if ((long)floor(px - pn->x) != col && k + 2 <= cap) {
			col = (long)floor(px - pn->x);
			xy[2 * k] = xy[2 * k + 2] = px;
			xy[2 * k + 1] = xy[2 * k + 3] = py;
			k += 2;
		} else if (k >= 2) {
			/* vertex k-2: the column's lowest TFLOP/s (largest device
			 * y), vertex k-1: its highest */
			xy[2 * k - 3] = fmax(xy[2 * k - 3], py);
			xy[2 * k - 1] = fmin(xy[2 * k - 1], py);
		}
	}
	gs_mark_poly(p, xy, k, c, 1.5, 1);
	free(xy);
}

/* Series S (slots from FIRST) as a line, with markers when MARKERS;
 * HOLLOW: white fill, coloured outline (the baseline). */
static void
series_points(gs_plot *p, const gs_sweep_series *s, size_t first, gs_rgb c, int hollow, int markers)
{
	const gs_panel *pn = &p->panel[0];
	double *xy = malloc(2 * (s->n ? s->n : 1) * sizeof *xy);
	size_t k = 0;

	if (!xy) {
		p->oom = 1;
		return;
	}
	for (size_t i = 0; i < s->n; i++) {
		gs_point *q = &p->pt[first + i];
		q->cls = -1;
		if (!size_ok(s, i)) {
			p->skipped++;
			continue;
		}
		q->x = xy[2 * k] = gs_axis_map(&pn->ax, s->x[i]);
		q->y = xy[2 * k + 1] = gs_axis_map(&pn->ay, s->y[i]);
		q->r = MARKER_R;
		q->cls = GS_PLOT_UNCLASSED;
		k++;
	}
	gs_mark_poly(p, xy, k, c, 1.5, 1);
	if (markers)
		gs_mark_dots(p, xy, k, MARKER_R, hollow ? gs_col_white : c,
		             hollow ? c : gs_col_white, 0);
	free(xy);
}

static gs_rgb
series_colour(const gs_sweep_series *s)
{
	return s->baseline ? gs_rgb_hex(COL_BASE, 1) : gs_col_improved;
}

/* 1 if a series has more than LIMIT sizes: GS_PLOT_DENSE_MIN, every
 * series is then reduced per pixel column; GS_PLOT_SWEEP_MAX_MARKERS, no
 * series gets markers. */
static int
any_above(const gs_sweep_spec *spec, size_t limit)
{
	for (size_t k = 0; k < spec->nseries; k++)
		if (spec->series[k].n > limit)
			return 1;
	return 0;
}

/* Every series; point slots only when none is reduced. */
static void
sweep_series(gs_plot *p, const gs_sweep_spec *spec)
{
	size_t total = 0, first = 0;
	int dense = any_above(spec, GS_PLOT_DENSE_MIN);
	int markers = !any_above(spec, GS_PLOT_SWEEP_MAX_MARKERS);

	for (size_t k = 0; k < spec->nseries; k++)
		total += spec->series[k].n;
	if (!dense && gs_points_alloc(p, total) != 0)
		return;
	for (size_t k = 0; k < spec->nseries; k++) {
		const gs_sweep_series *s = &spec->series[k];
		if (dense)
			series_reduced(p, s, series_colour(s));
		else
			series_points(p, s, first, series_colour(s), s->baseline, markers);
		first += s->n;
	}
}

static int
by_drop_desc(const void *a, const void *b)
{
	const gs_sweep_cliff_mark *p = a, *q = b;

	if (p->drop != q->drop)
		return p->drop < q->drop ? 1 : -1;
	return (p->x > q->x) - (p->x < q->x);
}

/* Collect the drawable cliffs of SPEC into L->cliff (device units), the
 * largest drops first, at most GS_PLOT_SWEEP_MAX_ARROWS of them (the
 * others counted in L->f.cliffs_omitted). */
static void
cliff_marks(gs_plot *p, const gs_sweep_spec *spec, gs_sweep_layout *l)
{
	const gs_panel *pn = &p->panel[0];
	size_t n = 0;

	for (size_t k = 0; k < spec->nseries; k++)
		n += spec->series[k].cliff ? spec->series[k].ncliff : 0;
	l->cliff = malloc((n ? n : 1) * sizeof *l->cliff);
	if (!l->cliff) {
		p->oom = 1;
		return;
	}
	for (size_t k = 0; k < spec->nseries; k++) {
		const gs_sweep_series *s = &spec->series[k];
		for (size_t j = 0; s->cliff && j < s->ncliff; j++) {
			size_t i = s->cliff[j];
			if (i >= s->n || !size_ok(s, i))
				continue;
			l->cliff[l->f.ncliffs++] = (gs_sweep_cliff_mark){
			        gs_axis_map(&pn->ax, s->x[i]), gs_axis_map(&pn->ay, s->y[i]),
			        s->drop ? s->drop[j] : NAN, k};
		}
	}
	if (l->f.ncliffs > 1)
		qsort(l->cliff, l->f.ncliffs, sizeof *l->cliff, by_drop_desc);
	if (l->f.ncliffs > GS_PLOT_SWEEP_MAX_ARROWS) {
		l->f.cliffs_omitted = l->f.ncliffs - GS_PLOT_SWEEP_MAX_ARROWS;
		l->f.ncliffs = GS_PLOT_SWEEP_MAX_ARROWS;
	}
}

/* The cliffs: an arrow down onto each, the largest GS_PLOT_MAX_LABELS
 * labelled with their drop beside the point. */
static void
sweep_cliffs(gs_plot *p, const gs_sweep_spec *spec, gs_sweep_layout *l)
{
	double x[GS_PLOT_MAX_LABELS], y[GS_PLOT_MAX_LABELS], r[GS_PLOT_MAX_LABELS];
	char buf[GS_PLOT_MAX_LABELS][32];
	const char *text[GS_PLOT_MAX_LABELS];
	size_t nl = 0;

	cliff_marks(p, spec, l);
	for (size_t i = 0; l->cliff && i < l->f.ncliffs; i++) {
		const gs_sweep_cliff_mark *c = &l->cliff[i];
		gs_mark_arrow(p, c->x, c->y - MARKER_R - 1 - ARROW_LEN, c->x, c->y - MARKER_R - 1,
		              gs_col_regressed, 1);
		if (nl == GS_PLOT_MAX_LABELS || !isfinite(c->drop))
			continue;
		snprintf(buf[nl], sizeof buf[nl], "\xe2\x88\x92%.1f\xc2\xa0%%", 100 * c->drop);
		x[nl] = c->x;
		y[nl] = c->y;
		r[nl] = MARKER_R + 1;
		text[nl] = buf[nl];
		nl++;
	}
	gs_plot_place_labels(p, x, y, r, text, nl);
}

static void
sweep_legend(gs_plot *p, const gs_sweep_spec *spec, const gs_sweep_layout *l)
{
	for (size_t k = 0; k < spec->nseries; k++)
		gs_legend_add(p, spec->series[k].name ? spec->series[k].name : "achieved",
		              series_colour(&spec->series[k]),
		              any_above(spec, GS_PLOT_SWEEP_MAX_MARKERS) ? 1
		              : spec->series[k].baseline                 ? 6
		                                                         : 2);
	if (l->f.ntile)
		gs_legend_add(p, "tile boundary", gs_col_neutral, 4);
	if (l->f.nwave)
		gs_legend_add(p, "wave boundary", gs_rgb_hex(COL_WAVE, 1), 3);
	if (l->f.ncliffs)
		gs_legend_add(p, "cliff", gs_col_regressed, 5);
	gs_legend_place(p, p->width - 14, GS_LEGEND_Y);
}

static size_t
series_drawn(const gs_sweep_series *s)
{
	size_t n = 0;

	for (size_t i = 0; s->x && s->y && i < s->n; i++)
		n += size_ok(s, i) != 0;
	return n;
}

/* "16 sizes" ("16 + 16 sizes" with two series), and which boundaries
 * and how many cliffs were too many to draw. */
static void
sweep_note(gs_plot *p, const gs_sweep_spec *spec, const gs_sweep_layout *l)
{
	char buf[160];
	size_t tt = spec->tile_total ? spec->tile_total : spec->ntile;
	size_t wt = spec->wave_total ? spec->wave_total : spec->nwave;
	int n = spec->nseries == 2
	                ? snprintf(buf, sizeof buf, "%zu + %zu sizes",
	                           series_drawn(&spec->series[0]), series_drawn(&spec->series[1]))
	                : snprintf(buf, sizeof buf, "%zu sizes", series_drawn(&spec->series[0]));

	if (l->f.tile_omitted && n > 0 && (size_t)n < sizeof buf)
		n += snprintf(buf + n, sizeof buf - (size_t)n, "; %zu tile boundaries not drawn",
		              tt);
	if (l->f.wave_omitted && n > 0 && (size_t)n < sizeof buf)
		n += snprintf(buf + n, sizeof buf - (size_t)n, "; %zu wave boundaries not drawn",
		              wt);
	if (l->f.cliffs_omitted && n > 0 && (size_t)n < sizeof buf)
		snprintf(buf + n, sizeof buf - (size_t)n, "; %zu smaller %s not drawn",
		         l->f.cliffs_omitted, l->f.cliffs_omitted == 1 ? "cliff" : "cliffs");
	gs_frame_note(p, buf);
}

gs_plot *
gs_plot_sweep(const gs_sweep_spec *spec)
{
	double xlo, xhi, ylo, peak[2];
	size_t drawn;
	gs_sweep_layout *l;
	gs_plot *p;
	char title[64];

	if (!spec || spec->nseries < 1 || spec->nseries > 2 || !spec->series)
		return NULL;
	drawn = sweep_range(spec, &xlo, &xhi, &ylo, peak);
	if (!drawn)
		return NULL;
	snprintf(title, sizeof title, "TFLOP/s along %c", spec->dim);
	p = gs_plot_new(FIG_W, FIG_H, spec->title ? spec->title : title, 1);
	if (!p)
		return NULL;
	l = p->sweep = calloc(1, sizeof *l);
	if (l) {
		sweep_axes(p, spec, l);
		/* no x grid under tile boundaries: both mark power-of-two sizes */
		gs_frame_single(p, lines_fit(spec->tile_x, spec->ntile, spec->tile_total) ? 2 : 3);
		sweep_lines(p, l, 0, spec->tile_x, spec->ntile, spec->tile_total);
		sweep_lines(p, l, 1, spec->wave_x, spec->nwave, spec->wave_total);
		sweep_series(p, spec);
		sweep_cliffs(p, spec, l);
		sweep_legend(p, spec, l);
		sweep_note(p, spec, l);
	}
	if (!l || gs_plot_finish(p) < 0) {
		gs_plot_free(p);
		return NULL;
	}
	return p;
}

void
gs_sweep_layout_free(gs_sweep_layout *l)
{
	if (!l)
		return;
	free(l->line[0]);
	free(l->line[1]);
	free(l->cliff);
	free(l);
}

/* ------------------------------------------------------------ accessors */

int
gs_plot_sweep_info(const gs_plot *p, gs_plot_sweep_facts *f)
{
	if (!p->sweep)
		return -1;
	*f = p->sweep->f;
	return 0;
}

size_t
gs_plot_sweep_lines(const gs_plot *p, int wave, const double **x)
{
	if (!p->sweep)
		return 0;
	*x = p->sweep->line[wave ? 1 : 0];
	return wave ? p->sweep->f.nwave : p->sweep->f.ntile;
}

int
gs_plot_sweep_cliff(const gs_plot *p, size_t i, double *x, double *y, size_t *series, double *drop)
{
	const gs_sweep_cliff_mark *c;

	if (!p->sweep || i >= p->sweep->f.ncliffs)
		return -1;
	c = &p->sweep->cliff[i];
	*x = c->x;
	*y = c->y;
	*series = c->series;
	*drop = c->drop;
	return 0;
}
