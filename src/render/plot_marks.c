/* plot_marks.c: the display list of a plot: marks (lines, polylines,
 * rectangles, circles, text, arrows, hatches) appended in device units by
 * the layout code and painted in order by plot_draw.c.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/plot.h"
#include "render/plot_impl.h"
#include "util/grow.h"

/* ---------------------------------------------------------------- marks */

gs_mark *
gs_mark_add(gs_plot *p, int kind)
{
	gs_mark *m;

	if (GS_GROW(p->mark, p->capmarks, p->nmarks + 1, GS_PLOT_MAX_MARKS) != 0) {
		p->oom = 1;
		return NULL;
	}
	m = &p->mark[p->nmarks++];
	memset(m, 0, sizeof *m);
	m->kind = kind;
	m->clip = -1;
	m->lw = 1;
	return m;
}

void
gs_mark_line(gs_plot *p, double x0, double y0, double x1, double y1, gs_rgb c, double lw, int dash,
             int clip)
{
	gs_mark *m = gs_mark_add(p, GS_MK_LINE);

	if (!m)
		return;
	m->x = x0;
	m->y = y0;
	m->w = x1;
	m->h = y1;
	m->stroke = c;
	m->lw = lw;
	m->dash = dash;
	m->clip = clip;
	m->axis_aligned = x0 == x1 || y0 == y1;
}

void
gs_mark_rect(gs_plot *p, double x, double y, double w, double h, gs_rgb fill, gs_rgb stroke,
             int clip)
{
	gs_mark *m = gs_mark_add(p, GS_MK_RECT);

	if (!m)
		return;
	m->x = x;
	m->y = y;
	m->w = w;
	m->h = h;
	m->fill = fill;
	m->stroke = stroke;
	m->clip = clip;
	m->axis_aligned = 1;
}

void
gs_mark_circle(gs_plot *p, double x, double y, double r, gs_rgb fill, gs_rgb stroke, int clip)
{
	gs_mark *m = gs_mark_add(p, GS_MK_CIRCLE);

	if (!m)
		return;
	m->x = x;
	m->y = y;
	m->w = r;
	m->fill = fill;
	m->stroke = stroke;
	m->lw = 0.75;
	m->clip = clip;
}

void
gs_mark_text(gs_plot *p, double x, double y, const char *s, double size, int halign, int valign,
             double angle, gs_rgb c)
{
	gs_mark *m = gs_mark_add(p, GS_MK_TEXT);

	if (!m)
		return;
	m->x = x;
	m->y = y;
	m->text = gs_plot_strdup(p, s);
	m->size = size;
	m->halign = halign;
	m->valign = valign;
	m->angle = angle;
	m->fill = c;
}

/* A mark of KIND holding a copy of N items of PER values each from XY
 * (points: x, y; rectangles: x, y, w, h); NULL (P->oom set) when out of
 * memory. */
static gs_mark *
mark_with_points(gs_plot *p, int kind, const double *xy, size_t n, size_t per)
{
	gs_mark *m = gs_mark_add(p, kind);

	if (!m)
		return NULL;
	m->pts = malloc((n ? n : 1) * per * sizeof *m->pts);
	if (!m->pts) {
		p->oom = 1;
		return NULL;
	}
	memcpy(m->pts, xy, n * per * sizeof *m->pts);
	m->npts = n;
	return m;
}

void
gs_mark_poly(gs_plot *p, const double *xy, size_t n, gs_rgb c, double lw, int clip)
{
	gs_mark *m = mark_with_points(p, GS_MK_POLY, xy, n, 2);

	if (!m)
		return;
	m->stroke = c;
	m->lw = lw;
	m->clip = clip;
}

void
gs_mark_arrow(gs_plot *p, double x0, double y0, double x1, double y1, gs_rgb c, int clip)
{
	gs_mark *m = gs_mark_add(p, GS_MK_ARROW);

	if (!m)
		return;
	m->x = x0;
	m->y = y0;
	m->w = x1;
	m->h = y1;
	m->stroke = c;
	m->fill = c;
	m->lw = 1.25;
	m->clip = clip;
}

void
gs_mark_hatch(gs_plot *p, double x, double y, double w, double h, gs_rgb c, int clip)
{
	gs_mark *m = gs_mark_add(p, GS_MK_HATCH);

	if (!m)
		return;
	m->x = x;
	m->y = y;
	m->w = w;
	m->h = h;
	m->stroke = c;
	m->lw = 0.75;
	m->clip = clip;
}

void
gs_mark_rects(gs_plot *p, const double *xywh, size_t n, gs_rgb fill, int clip)
{
	gs_mark *m = mark_with_points(p, GS_MK_RECTS, xywh, n, 4);

	if (!m)
		return;
	m->fill = fill;
	m->clip = clip;
}

void
gs_mark_dots(gs_plot *p, const double *xy, size_t n, double r, gs_rgb fill, gs_rgb stroke, int clip)
{
	gs_mark *m = mark_with_points(p, GS_MK_DOTS, xy, n, 2);

	if (!m)
		return;
	m->w = r;
	m->fill = fill;
	m->stroke = stroke;
	m->lw = 0.75;
	m->clip = clip;
}
