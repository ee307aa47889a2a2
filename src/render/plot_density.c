/* plot_density.c: what keeps a plot's cost bounded at any number of
 * points (DESIGN.md "The report", STYLE.md 7b): a 2-D histogram over a
 * panel counted in one pass (memory O(cells)), its cells drawn one path
 * per colour level, the count colour bar, and the placement of the few
 * labelled points (the top regressions) so their labels neither collide
 * nor leave the plot.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/plot.h"
#include "render/plot_impl.h"
#include "util/grow.h"

/* ------------------------------------------------------------- the grid */

int
gs_density_init(gs_plot *p, gs_density *d, size_t panel)
{
	const gs_panel *pn = &p->panel[panel];

	memset(d, 0, sizeof *d);
	d->cell = GS_PLOT_CELL_PX;
	d->x0 = pn->x;
	d->y0 = pn->y;
	d->nx = (size_t)ceil(pn->w / d->cell);
	d->ny = (size_t)ceil(pn->h / d->cell);
	if (d->nx == 0)
		d->nx = 1;
	if (d->ny == 0)
		d->ny = 1;
	d->count = calloc(d->nx * d->ny, sizeof *d->count);
	if (!d->count) {
		p->oom = 1;
		return -1;
	}
	return 0;
}

void
gs_density_add(gs_density *d, double x, double y)
{
	double fx = floor((x - d->x0) / d->cell), fy = floor((y - d->y0) / d->cell);
	uint32_t *c;

	if (!(fx >= 0 && fy >= 0 && fx < (double)d->nx && fy < (double)d->ny))
		return;
	c = &d->count[(size_t)fy * d->nx + (size_t)fx];
	if (*c < UINT32_MAX)
		(*c)++;
	d->points++;
}

void
gs_density_free(gs_density *d)
{
	free(d->count);
	d->count = NULL;
}

/* ------------------------------------------------------- colour levels */

size_t
gs_density_levels(size_t max, size_t *lo)
{
	size_t cand[64], nc = 0;

	for (size_t e = 1; nc < 60 && e <= max && e <= SIZE_MAX / 10; e *= 10) {
		static const size_t mult[3] = {1, 2, 5};
		for (int j = 0; j < 3; j++)
			if (mult[j] * e <= max)
				cand[nc++] = mult[j] * e;
	}
	if (nc == 0)
		cand[nc++] = 1;
	if (nc <= 6) {
		memcpy(lo, cand, nc * sizeof *lo);
		return nc;
	}
	for (size_t k = 0; k < 6; k++)
		lo[k] = cand[(size_t)floor((double)k * (double)(nc - 1) / 5.0 + 0.5)];
	return 6;
}

gs_rgb
gs_density_colour(size_t level)
{
	static const unsigned purples[6] = {0xBCBDDC, 0x9E9AC8, 0x807DBA,
	                                    0x6A51A3, 0x54278F, 0x3F007D};

	return gs_rgb_hex(purples[level < 6 ? level : 5], 1);
}

static size_t
level_of(uint32_t c, const size_t *lo, size_t nl)
{
	size_t k = 0;

	while (k + 1 < nl && (size_t)c >= lo[k + 1])
		k++;
	return k;
}

/* --------------------------------------------------------------- cells */

/* The cells of level K, runs of a row merged, as one mark. */
static void
draw_level(gs_plot *p, const gs_density *d, const size_t *lo, size_t nl, size_t k)
{
	double *r = NULL;
	size_t n = 0, cap = 0;

	for (size_t y = 0; y < d->ny; y++) {
		const uint32_t *row = d->count + y * d->nx;
		for (size_t x = 0; x < d->nx; x++) {
			size_t x1 = x;
			if (!row[x] || level_of(row[x], lo, nl) != k)
				continue;
			while (x1 + 1 < d->nx && row[x1 + 1] && level_of(row[x1 + 1], lo, nl) == k)
				x1++;
			if (GS_GROW(r, cap, 4 * (n + 1), GS_PLOT_MAX_MARKS) != 0) {
				p->oom = 1;
				free(r);
				return;
			}
			r[4 * n] = d->x0 + (double)x * d->cell;
			r[4 * n + 1] = d->y0 + (double)y * d->cell;
			r[4 * n + 2] = (double)(x1 - x + 1) * d->cell;
			r[4 * n + 3] = d->cell;
			n++;
			x = x1;
		}
	}
	if (n)
		gs_mark_rects(p, r, n, gs_density_colour(k), 0);
	free(r);
}

/* A count of the bar: exact below 10000, else as a tick ("28.04k"). */
static void
fmt_count(char *buf, size_t size, size_t c)
{
	if (c < 10000)
		snprintf(buf, size, "%zu", c);
	else
		gs_plot_fmt_num(buf, size, (double)c);
}

/* Level K's label: "LO", "LO–HI" or, for the top level, "LO–MAX". */
static void
level_label(char *buf, size_t size, const size_t *lo, size_t nl, size_t k, size_t max)
{
	size_t hi = k + 1 < nl ? lo[k + 1] - 1 : max;
	char a[24], b[24];

	fmt_count(a, sizeof a, lo[k]);
	fmt_count(b, sizeof b, hi);
	if (hi <= lo[k])
		snprintf(buf, size, "%s", a);
	else
		snprintf(buf, size, "%s\xe2\x80\x93%s", a, b);
}

/* The colour bar: one swatch per level, the highest on top, each with
 * its range of counts; the unit above it. */
static void
colour_bar(gs_plot *p, const size_t *lo, size_t nl, size_t max, double x)
{
	const gs_panel *pn = &p->panel[0];
	double sh = fmin(26, (pn->h - 40) / (double)nl), top = pn->y + 36;
	char buf[80];

	gs_mark_text(p, x, pn->y + 4, "shapes", GS_FS_TICK, GS_AL_LEFT, GS_AL_TOP, 0, gs_col_ink);
	gs_mark_text(p, x, pn->y + 4 + GS_FS_TICK + 2, "per cell", GS_FS_TICK, GS_AL_LEFT,
	             GS_AL_TOP, 0, gs_col_ink);
	for (size_t k = 0; k < nl; k++) {
		double y = top + sh * (double)(nl - 1 - k);

		gs_mark_rect(p, x, y, 14, sh, gs_density_colour(k), gs_col_white, -1);
		level_label(buf, sizeof buf, lo, nl, k, max);
		gs_mark_text(p, x + 19, y + sh / 2, buf, GS_FS_TICK, GS_AL_LEFT, GS_AL_MIDDLE, 0,
		             gs_col_ink);
	}
	gs_mark_rect(p, x, top, 14, sh * (double)nl, (gs_rgb){0, 0, 0, 0}, gs_col_ink, -1);
}

void
gs_density_draw(gs_plot *p, gs_density *d, double bar_x)
{
	size_t lo[6], nl, max = 0, cells = 0;

	for (size_t i = 0; i < d->nx * d->ny; i++) {
		if (d->count[i] > max)
			max = d->count[i];
		cells += d->count[i] != 0;
	}
	p->dense = 1;
	p->dense_cells = cells;
	p->dense_points = d->points;
	p->dense_max = max;
	nl = gs_density_levels(max ? max : 1, lo);
	for (size_t k = 0; k < nl; k++)
		draw_level(p, d, lo, nl, k);
	colour_bar(p, lo, nl, max ? max : 1, bar_x);
	gs_density_free(d);
}

/* -------------------------------------------------------------- labels */

static int
boxes_overlap(double ax, double ay, double aw, double ah, double bx, double by, double bw,
              double bh)
{
	return ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah;
}

/* 1 if the box is inside panel 0 and clear of the placed labels and of
 * the N markers. */
static int
box_free(const gs_plot *p, double bx, double by, double bw, double bh, const double *x,
         const double *y, const double *r, size_t n)
{
	const gs_panel *pn = &p->panel[0];

	if (bx < pn->x + 2 || by < pn->y + 2 || bx + bw > pn->x + pn->w - 2 ||
	    by + bh > pn->y + pn->h - 2)
		return 0;
	for (size_t i = 0; i < p->nlab; i++)
		if (boxes_overlap(bx, by, bw, bh, p->lab[i].x, p->lab[i].y, p->lab[i].w,
		                  p->lab[i].h))
			return 0;
	for (size_t i = 0; i < n; i++)
		if (boxes_overlap(bx, by, bw, bh, x[i] - r[i], y[i] - r[i], 2 * r[i], 2 * r[i]))
			return 0;
	return 1;
}

/* The first free box for a label W x H at the point (X, Y, R): right,
 * then left, at the point's height, then a line up, a line down ... */
static int
find_box(const gs_plot *p, double w, double h, double px, double py, double pr, const double *x,
         const double *y, const double *r, size_t n, double *bx, double *by)
{
	for (int step = 0; step < 60; step++) {
		double dy = (double)((step + 1) / 2) * (h + 1) * (step % 2 ? -1 : 1);

		for (int side = 0; side < 2; side++) {
			*bx = side ? px - pr - 5 - w : px + pr + 5;
			*by = py + dy - h / 2;
			if (box_free(p, *bx, *by, w, h, x, y, r, n))
				return 1;
		}
	}
	return 0;
}

void
gs_plot_place_labels(gs_plot *p, const double *x, const double *y, const double *r,
                     const char *const *text, size_t n)
{
	for (size_t i = 0; i < n && p->nlab < GS_PLOT_MAX_LABELS; i++) {
		double w = gs_text_width(text[i], GS_FS_TICK) + 4, h = GS_FS_TICK + 4, bx, by;

		if (!isfinite(x[i]) || !isfinite(y[i]) ||
		    !find_box(p, w, h, x[i], y[i], r[i], x, y, r, n, &bx, &by))
			continue;
		if (fabs(by + h / 2 - y[i]) > 0.5) {
			double ex = bx > x[i] ? bx : bx + w;

			gs_mark_line(p, x[i], y[i], ex, by + h / 2, gs_rgb_hex(0x555555, 1), 0.75,
			             0, 0);
		}
		gs_mark_rect(p, bx, by, w, h, gs_rgb_hex(0xFFFFFF, 0.85), (gs_rgb){0, 0, 0, 0}, 0);
		gs_mark_text(p, bx + 2, by + h / 2, text[i], GS_FS_TICK, GS_AL_LEFT, GS_AL_MIDDLE,
		             0, gs_col_ink);
		p->lab[p->nlab].x = bx;
		p->lab[p->nlab].y = by;
		p->lab[p->nlab].w = w;
		p->lab[p->nlab].h = h;
		p->lab[p->nlab].text = gs_plot_strdup(p, text[i]);
		p->nlab++;
	}
}
