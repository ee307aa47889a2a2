/* plot_frame.c: the plot frame shared by every plot: axes (linear, log2,
 * log10) with nice ticks and their labels, the plot area with grid, tick
 * marks and axis labels, the note and the legend.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/plot.h"
#include "render/plot_impl.h"
#include "util/grow.h"

/* ----------------------------------------------------------------- ticks */

/* Tick label: plain decimal for 1e-3 <= |v| < 1e4; an SI prefix from
 * 1e4 to 1e15 ("10k", "200k", "1.5M", "2G"), so an axis reads "1k, 10k,
 * 100k" rather than "1000, 10000, 1e5"; else "2.5e-6". */
void
gs_plot_fmt_num(char *buf, size_t size, double v)
{
	static const char *const si[4] = {"k", "M", "G", "T"};
	double a = fabs(v);

	if (a == 0) {
		snprintf(buf, size, "0");
	} else if (a >= 1e-3 && a < 1e4) {
		snprintf(buf, size, "%.6g", v);
	} else if (a >= 1e4 && a < 1e15) {
		int u = (int)floor(log10(a) + 1e-9) / 3;

		snprintf(buf, size, "%.4g%s", v / pow(1000, u), si[u - 1]);
	} else {
		int e = (int)floor(log10(a) + 1e-9);
		double m = v / pow(10, e);

		snprintf(buf, size, "%.3ge%d", m, e);
	}
}

void
gs_axis_add_tick(gs_plot *p, gs_axis *a, double v, const char *label)
{
	size_t n = a->nticks + 1;
	char buf[64];

	if (GS_GROW(a->tick, a->cap_tick, n, GS_PLOT_MAX_TICKS) != 0 ||
	    GS_GROW(a->tick_px, a->cap_tick_px, n, GS_PLOT_MAX_TICKS) != 0 ||
	    GS_GROW(a->tick_label, a->cap_tick_label, n, GS_PLOT_MAX_TICKS) != 0) {
		p->oom = 1;
		return;
	}
	if (!label) {
		gs_plot_fmt_num(buf, sizeof buf, v);
		label = buf;
	}
	a->tick[a->nticks] = v;
	a->tick_px[a->nticks] = NAN;
	a->tick_label[a->nticks] = gs_plot_strdup(p, label);
	a->nticks = n;
}

/* Heckbert's nice numbers ("Nice numbers for graph labels", Graphics Gems,
 * 1990): 1, 2, 5 times a power of ten.  The 1e-9 slack keeps 0.2 (stored
 * as 2.0000000000000004e-1) a 2, not a 5. */
static double
nice_num(double x, int round)
{
	double e = floor(log10(x) + 1e-12);
	double f = x / pow(10, e), nf;

	if (round)
		nf = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10;
	else
		nf = f <= 1 + 1e-9 ? 1 : f <= 2 + 1e-9 ? 2 : f <= 5 + 1e-9 ? 5 : 10;
	return nf * pow(10, e);
}

static double
nice_step(double lo, double hi, size_t target)
{
	return nice_num(nice_num(hi - lo, 0) / (double)(target - 1), 1);
}

static void
linear_ticks(gs_plot *p, gs_axis *a, double lo, double hi, double step)
{
	long k0 = (long)ceil(lo / step - 1e-9), k1 = (long)floor(hi / step + 1e-9);

	for (long k = k0; k <= k1; k++) {
		double v = (double)k * step;

		if (fabs(v) < step * 1e-9)
			v = 0;
		gs_axis_add_tick(p, a, v, NULL);
	}
}

void
gs_axis_linear(gs_plot *p, gs_axis *a, double lo, double hi, int expand, size_t target)
{
	double step;

	/* Any finite data draws: non-finite ends fall back, ends beyond ±1e300
	 * are clamped (so hi - lo stays finite), and a range a double cannot
	 * split (a single value, even a subnormal one) is widened. */
	lo = isfinite(lo) ? fmax(fmin(lo, 1e300), -1e300) : 0;
	hi = isfinite(hi) ? fmax(fmin(hi, 1e300), -1e300) : lo;
	if (!(hi > lo)) {
		double d = fmax(fabs(lo) * 0.1, 1e-300);

		if (fabs(lo) < 1e-300)
			d = 1;
		lo -= d;
		hi += d;
	}
	if (target < 2)
		target = 2;
	step = nice_step(lo, hi, target);
	if (expand) {
		lo = floor(lo / step + 1e-9) * step;
		hi = ceil(hi / step - 1e-9) * step;
	}
	a->scale = GS_SCALE_LINEAR;
	a->lo = lo;
	a->hi = hi;
	linear_ticks(p, a, lo, hi, step);
}

static void
log_decade_ticks(gs_plot *p, gs_axis *a, double l0, double l1, double lb)
{
	long k0 = (long)ceil(l0 - 1e-9), k1 = (long)floor(l1 + 1e-9);
	long stride = (k1 - k0 + 1 + 7) / 8;

	for (long k = k0; k <= k1; k++)
		if (k % stride == 0)
			gs_axis_add_tick(p, a, exp(k * lb), NULL);
}

static void
log_125_ticks(gs_plot *p, gs_axis *a)
{
	static const double mult[3] = {1, 2, 5};
	long e0 = (long)floor(log10(a->lo)), e1 = (long)ceil(log10(a->hi));

	for (long e = e0; e <= e1; e++)
		for (int j = 0; j < 3; j++) {
			double v = mult[j] * pow(10, e);

			if (v >= a->lo * (1 - 1e-9) && v <= a->hi * (1 + 1e-9))
				gs_axis_add_tick(p, a, v, NULL);
		}
}

/* Log axis over the positive data range [LO, HI], padded by 5 % of the log
 * span.  Ticks: powers of BASE when at least three fit (thinned to <= 8),
 * else 1-2-5 multiples (base 10), else nice linear values. */
void
gs_axis_log(gs_plot *p, gs_axis *a, int base, double lo, double hi)
{
	double lb = log(base), lmin = log(1e-300) / lb, lmax = log(1e300) / lb;
	double l0, l1, pad;
	long count;

	/* Any positive finite data draws: the axis stays within 1e-300..1e300
	 * (exp of its ends neither underflows to 0 nor overflows), half a
	 * decade at least; data beyond it is clipped by the frame. */
	if (!(lo > 0) || !isfinite(lo))
		lo = hi > 0 && isfinite(hi) ? hi : 1;
	if (!(hi > 0) || !isfinite(hi))
		hi = lo;
	l0 = log(lo) / lb;
	l1 = log(hi) / lb;
	if (l1 - l0 < 1e-9) {
		l0 -= 0.25;
		l1 += 0.25;
	} else {
		pad = 0.05 * (l1 - l0);
		l0 -= pad;
		l1 += pad;
	}
	l0 = fmax(l0, lmin);
	l1 = fmin(l1, lmax);
	if (l1 - l0 < 0.5) {
		if (l0 <= lmin)
			l1 = l0 + 0.5;
		else
			l0 = l1 - 0.5;
	}
	a->scale = base;
	a->lo = exp(l0 * lb);
	a->hi = exp(l1 * lb);
	count = (long)floor(l1 + 1e-9) - (long)ceil(l0 - 1e-9) + 1;
	if (count >= 3) {
		log_decade_ticks(p, a, l0, l1, lb);
		return;
	}
	if (base == 10 && l1 - l0 >= 0.6) {
		log_125_ticks(p, a);
		return;
	}
	linear_ticks(p, a, a->lo, a->hi, nice_step(a->lo, a->hi, 5));
}

void
gs_axis_set_label(gs_plot *p, gs_axis *a, const char *label)
{
	free(a->label);
	a->label = gs_plot_strdup(p, label);
}

double
gs_axis_unit(const gs_axis *a, double v)
{
	if (a->scale == GS_SCALE_LINEAR)
		return (v - a->lo) / (a->hi - a->lo);
	if (!(v > 0))
		return NAN;
	return (log(v) - log(a->lo)) / (log(a->hi) - log(a->lo));
}

double
gs_axis_map(const gs_axis *a, double v)
{
	return a->p0 + gs_axis_unit(a, v) * (a->p1 - a->p0);
}

/* ---------------------------------------------------------------- frame */

static double
max_label_width(const gs_axis *a)
{
	double mw = 0;

	for (size_t i = 0; i < a->nticks; i++) {
		double w = gs_text_width(a->tick_label[i], GS_FS_TICK);

		if (w > mw)
			mw = w;
	}
	return mw;
}

/* Room needed around the plot area of PANEL for ticks and axis labels. */
void
gs_frame_margins(const gs_plot *p, size_t panel, double *left, double *right, double *top,
                 double *bottom)
{
	const gs_panel *pn = &p->panel[panel];

	*left = 8;
	*bottom = 4;
	*right = 10;
	*top = 6;
	if (pn->ay.nticks)
		*left += max_label_width(&pn->ay) + 6;
	if (pn->ay.label)
		*left += GS_FS_LABEL + 6;
	if (pn->ax.nticks)
		*bottom += GS_FS_TICK + 8;
	if (pn->ax.label)
		*bottom += GS_FS_LABEL + 8;
	if (pn->ax.nticks)
		*right += gs_text_width(pn->ax.tick_label[pn->ax.nticks - 1], GS_FS_TICK) / 2;
}

void
gs_frame_place(gs_plot *p, size_t panel, double x, double y, double w, double h, int grid)
{
	double l, r, t, b;

	gs_frame_margins(p, panel, &l, &r, &t, &b);
	gs_frame_place_area(p, panel, x + l, y + t, w - l - r, h - t - b, grid);
}

/* Show every k-th tick label so labels keep 8 px apart. */
static size_t
label_stride(const gs_axis *a, double length, int horizontal)
{
	double need = horizontal ? max_label_width(a) + 8 : GS_FS_TICK + 4;
	size_t fit = (size_t)(fabs(length) / need);

	if (fit < 1)
		fit = 1;
	return a->nticks <= fit ? 1 : (a->nticks + fit - 1) / fit;
}

static void
frame_xaxis(gs_plot *p, size_t panel, int grid)
{
	gs_panel *pn = &p->panel[panel];
	gs_axis *a = &pn->ax;
	double yb = pn->y + pn->h;
	size_t stride = label_stride(a, pn->w, 1);

	for (size_t i = 0; i < a->nticks; i++) {
		double x = gs_axis_map(a, a->tick[i]);

		a->tick_px[i] = x;
		if (grid & 1)
			gs_mark_line(p, x, pn->y, x, yb, gs_col_grid, 1, 0, -1);
		gs_mark_line(p, x, yb, x, yb + 4, gs_col_ink, 1, 0, -1);
		if (i % stride == 0)
			gs_mark_text(p, x, yb + 6, a->tick_label[i], GS_FS_TICK, GS_AL_CENTER,
			             GS_AL_TOP, 0, gs_col_ink);
	}
	if (a->label)
		gs_mark_text(p, pn->x + pn->w / 2, yb + 6 + GS_FS_TICK + 6, a->label, GS_FS_LABEL,
		             GS_AL_CENTER, GS_AL_TOP, 0, gs_col_ink);
}

static void
frame_yaxis(gs_plot *p, size_t panel, int grid)
{
	gs_panel *pn = &p->panel[panel];
	gs_axis *a = &pn->ay;
	size_t stride = label_stride(a, pn->h, 0);
	double mw = max_label_width(a);

	for (size_t i = 0; i < a->nticks; i++) {
		double y = gs_axis_map(a, a->tick[i]);

		a->tick_px[i] = y;
		if (grid & 2)
			gs_mark_line(p, pn->x, y, pn->x + pn->w, y, gs_col_grid, 1, 0, -1);
		gs_mark_line(p, pn->x - 4, y, pn->x, y, gs_col_ink, 1, 0, -1);
		if (i % stride == 0)
			gs_mark_text(p, pn->x - 6, y, a->tick_label[i], GS_FS_TICK, GS_AL_RIGHT,
			             GS_AL_MIDDLE, 0, gs_col_ink);
	}
	if (a->label)
		gs_mark_text(p, pn->x - 6 - mw - 6, pn->y + pn->h / 2, a->label, GS_FS_LABEL,
		             GS_AL_CENTER, GS_AL_BOTTOM, -GS_PI / 2, gs_col_ink);
}

void
gs_frame_place_area(gs_plot *p, size_t panel, double x, double y, double w, double h, int grid)
{
	gs_panel *pn = &p->panel[panel];

	pn->x = x;
	pn->y = y;
	pn->w = w;
	pn->h = h;
	pn->ax.p0 = x;
	pn->ax.p1 = x + w;
	pn->ay.p0 = pn->ay.flip ? y : y + h;
	pn->ay.p1 = pn->ay.flip ? y + h : y;
	gs_mark_rect(p, x, y, w, h, gs_col_white, (gs_rgb){0, 0, 0, 0}, -1);
	frame_xaxis(p, panel, grid);
	frame_yaxis(p, panel, grid);
	gs_mark_rect(p, x, y, w, h, (gs_rgb){0, 0, 0, 0}, gs_col_ink, -1);
}

/* The usual figure: title and note on one row, legend on the next, one
 * panel below. */
void
gs_frame_single(gs_plot *p, int grid)
{
	gs_frame_place(p, 0, 0, GS_TOP, p->width, p->height - GS_TOP, grid);
}

void
gs_frame_note(gs_plot *p, const char *note)
{
	gs_mark_text(p, p->width - 14, p->title_y, note, GS_FS_TICK, GS_AL_RIGHT, GS_AL_BASELINE, 0,
	             gs_rgb_hex(0x555555, 1));
}

/* --------------------------------------------------------------- legend */

void
gs_legend_add(gs_plot *p, const char *label, gs_rgb colour, int kind)
{
	gs_legend_item *l;

	if (GS_GROW(p->legend, p->caplegend, p->nlegend + 1, GS_PLOT_MAX_LEGEND) != 0) {
		p->oom = 1;
		return;
	}
	l = p->legend;
	l[p->nlegend].label = gs_plot_strdup(p, label);
	l[p->nlegend].colour = colour;
	l[p->nlegend].kind = kind;
	p->nlegend++;
}

static void
legend_symbol(gs_plot *p, const gs_legend_item *it, double x, double ymid)
{
	switch (it->kind) {
	case 0: gs_mark_rect(p, x + 1, ymid - 5, 12, 10, it->colour, gs_col_neutral, -1); break;
	case 1:
	case 3: gs_mark_line(p, x, ymid, x + 14, ymid, it->colour, 2, it->kind == 3, -1); break;
	case 4: gs_mark_line(p, x, ymid, x + 14, ymid, it->colour, 1.5, 2, -1); break;
	case 5: gs_mark_arrow(p, x + 7, ymid - 6, x + 7, ymid + 5, it->colour, -1); break;
	case 6: gs_mark_circle(p, x + 7, ymid, 3.5, gs_col_white, it->colour, -1); break;
	default: gs_mark_circle(p, x + 7, ymid, 4, it->colour, (gs_rgb){0, 0, 0, 0}, -1); break;
	}
}

void
gs_legend_place(gs_plot *p, double right, double baseline)
{
	double total = 0, x;

	for (size_t i = 0; i < p->nlegend; i++)
		total += 18 + gs_text_width(p->legend[i].label, GS_FS_TICK) + 14;
	x = right - total + 14;
	for (size_t i = 0; i < p->nlegend; i++) {
		const gs_legend_item *it = &p->legend[i];

		legend_symbol(p, it, x, baseline - GS_FS_TICK * 0.35);
		gs_mark_text(p, x + 18, baseline, it->label, GS_FS_TICK, GS_AL_LEFT, GS_AL_BASELINE,
		             0, gs_col_ink);
		x += 18 + gs_text_width(it->label, GS_FS_TICK) + 14;
	}
}
