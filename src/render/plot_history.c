/* plot_history.c: the history plots: a trend of one value per run (the
 * geomean speedup) and small multiples of per-shape time series with their
 * change points.
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
#define MAX_PANELS 24
#define PANEL_H 150.0
#define NAME_MAX_BYTES 40

/* NAME shortened to at most MAXB bytes on a UTF-8 boundary, with "…". */
static void
short_name(char *buf, size_t size, const char *name, size_t maxb)
{
	size_t n = strlen(name ? name : "");

	if (n <= maxb || maxb < 4) {
		snprintf(buf, size, "%s", name ? name : "");
		return;
	}
	n = maxb - 3;
	while (n > 0 && ((unsigned char)name[n] & 0xC0) == 0x80)
		n--;
	snprintf(buf, size, "%.*s\xe2\x80\xa6", (int)n, name);
}

/* ----------------------------------------------------------------- trend */

static void
trend_axes(gs_plot *p, const char *const *names, const double *v, size_t n, const char *ylabel)
{
	gs_panel *pn = &p->panel[0];
	double lo = 1, hi = 1;
	char buf[64];

	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i])) {
			lo = fmin(lo, v[i]);
			hi = fmax(hi, v[i]);
		}
	pn->ax.scale = GS_SCALE_LINEAR;
	pn->ax.lo = -0.5;
	pn->ax.hi = (double)n - 0.5;
	for (size_t i = 0; i < n; i++) {
		short_name(buf, sizeof buf, names && names[i] ? names[i] : "", 18);
		gs_axis_add_tick(p, &pn->ax, (double)i, buf);
	}
	gs_axis_set_label(p, &pn->ax, "run");
	gs_axis_linear(p, &pn->ay, lo - (hi - lo) * 0.05, hi + (hi - lo) * 0.05, 1, 6);
	gs_axis_set_label(p, &pn->ay, ylabel ? ylabel : "geomean speedup");
}

static void
trend_points(gs_plot *p, const double *v, const int *cls, size_t n)
{
	const gs_panel *pn = &p->panel[0];
	double *xy = malloc(2 * (n ? n : 1) * sizeof *xy);
	size_t k = 0;

	if (!xy || gs_points_alloc(p, n) < 0) {
		free(xy);
		p->oom = 1;
		return;
	}
	gs_mark_line(p, pn->x, gs_axis_map(&pn->ay, 1), pn->x + pn->w, gs_axis_map(&pn->ay, 1),
	             gs_col_ink, 1.25, 0, 0);
	for (size_t i = 0; i < n; i++) {
		gs_point *q = &p->pt[i];

		q->cls = -1;
		q->x = q->y = NAN;
		if (!isfinite(v[i])) {
			p->skipped++;
			continue;
		}
		q->x = xy[2 * k] = gs_axis_map(&pn->ax, (double)i);
		q->y = xy[2 * k + 1] = gs_axis_map(&pn->ay, v[i]);
		q->r = 3.5;
		q->cls = cls[i] >= 0 ? cls[i] : GS_PLOT_NEUTRAL;
		k++;
	}
	gs_mark_poly(p, xy, k, gs_col_improved, 1.5, 0);
	for (size_t i = 0; i < n; i++)
		if (p->pt[i].cls >= 0)
			gs_mark_circle(p, p->pt[i].x, p->pt[i].y, 3.5, gs_col_improved,
			               gs_col_white, 0);
	free(xy);
}

gs_plot *
gs_plot_trend(const char *const *run_names, const double *value, const int *cls, size_t n,
              const char *ylabel)
{
	size_t ok = 0;
	gs_plot *p;
	char note[64];

	for (size_t i = 0; value && i < n; i++)
		ok += isfinite(value[i]) != 0;
	if (!ok)
		return NULL;
	p = gs_plot_new(FIG_W, FIG_H, "Trend across runs", 1);
	if (!p)
		return NULL;
	trend_axes(p, run_names, value, n, ylabel);
	gs_frame_single(p, 3);
	trend_points(p, value, cls, n);
	snprintf(note, sizeof note, "%zu runs", n);
	gs_frame_note(p, note);
	if (gs_plot_finish(p) < 0) {
		gs_plot_free(p);
		return NULL;
	}
	return p;
}

/* ------------------------------------------------------ small multiples */

static void
panel_axes(gs_plot *p, size_t k, const gs_series *s)
{
	gs_panel *pn = &p->panel[k];
	double lo = INFINITY, hi = -INFINITY;

	for (size_t i = 0; i < s->n; i++)
		if (isfinite(s->values[i]) && s->values[i] > 0) {
			lo = fmin(lo, s->values[i]);
			hi = fmax(hi, s->values[i]);
		}
	if (!(lo <= hi))
		lo = hi = 1;
	gs_axis_linear(p, &pn->ax, 0, s->n > 1 ? (double)(s->n - 1) : 1, 0, 4);
	pn->ax.lo = -0.3;
	pn->ax.hi = (s->n > 1 ? (double)(s->n - 1) : 1) + 0.3;
	gs_axis_linear(p, &pn->ay, lo - (hi - lo) * 0.08, hi + (hi - lo) * 0.08, 0, 3);
	if (k == 0)
		gs_axis_set_label(p, &pn->ay, "\xc2\xb5s");
}

static void
panel_series(gs_plot *p, size_t k, const gs_series *s)
{
	const gs_panel *pn = &p->panel[k];
	double *xy = malloc(2 * (s->n ? s->n : 1) * sizeof *xy);
	size_t m = 0;

	if (!xy) {
		p->oom = 1;
		return;
	}
	if (s->change_index > 0 && (size_t)s->change_index < s->n) {
		double x = gs_axis_map(&pn->ax, (double)s->change_index - 0.5);

		gs_mark_line(p, x, pn->y, x, pn->y + pn->h, gs_col_regressed, 1.5, 1, (int)k);
	}
	for (size_t i = 0; i < s->n; i++) {
		if (!isfinite(s->values[i]) || s->values[i] <= 0)
			continue;
		xy[2 * m] = gs_axis_map(&pn->ax, (double)i);
		xy[2 * m + 1] = gs_axis_map(&pn->ay, s->values[i]);
		m++;
	}
	gs_mark_poly(p, xy, m, gs_col_improved, 1.25, (int)k);
	for (size_t i = 0; i < m; i++)
		gs_mark_circle(p, xy[2 * i], xy[2 * i + 1], 2, gs_col_improved,
		               (gs_rgb){0, 0, 0, 0}, (int)k);
	free(xy);
}

static void
panel_place(gs_plot *p, size_t k, size_t cols, const gs_series *s)
{
	double w = (p->width - 16) / (double)cols;
	double x = 8 + w * (double)(k % cols);
	double y = GS_TOP - 10 + PANEL_H * (double)(k / cols);
	char name[NAME_MAX_BYTES + 8];

	short_name(name, sizeof name, s->name, NAME_MAX_BYTES);
	gs_mark_text(p, x + 8, y + 12, name, GS_FS_TICK, GS_AL_LEFT, GS_AL_BASELINE, 0, gs_col_ink);
	gs_frame_place(p, k, x, y + 16, w, PANEL_H - 16, 2);
}

gs_plot *
gs_plot_small_multiples(const gs_series *series, size_t n)
{
	size_t np = n < MAX_PANELS ? n : MAX_PANELS, cols, rows;
	gs_plot *p;
	char note[96];

	if (!series || np == 0)
		return NULL;
	cols = np < 4 ? np : 4;
	rows = (np + cols - 1) / cols;
	p = gs_plot_new(FIG_W, GS_TOP - 10 + PANEL_H * (double)rows + 6,
	                "Shapes with a change point", np);
	if (!p)
		return NULL;
	for (size_t k = 0; k < np; k++) {
		panel_axes(p, k, &series[k]);
		panel_place(p, k, cols, &series[k]);
		panel_series(p, k, &series[k]);
	}
	if (n > np)
		snprintf(note, sizeof note, "first %zu of %zu shapes; dashed: change point", np, n);
	else
		snprintf(note, sizeof note, "%zu shapes; dashed: change point", np);
	gs_frame_note(p, note);
	if (gs_plot_finish(p) < 0) {
		gs_plot_free(p);
		return NULL;
	}
	return p;
}
