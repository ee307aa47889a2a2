/* plot_draw.c: the thin drawing layer and the one surface switch.
 *
 * paint() walks the display list of a laid-out gs_plot and issues cairo
 * calls; it computes nothing but text alignment and, for raster output
 * only, pixel snapping of axis-aligned 1 px lines.  render() is the
 * surface switch: SVG or PNG bytes into memory.  The SVG is then rewritten
 * so its ids carry a caller prefix (plot_svg.c, rrdtool issue #267).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <cairo-svg.h>

#include "render/plot.h"
#include "render/plot_impl.h"
#include "util/grow.h"
#include "util/outfile.h"

enum { FMT_SVG, FMT_PNG };

#define OUT_CAP ((size_t)256 << 20) /* no plot is anywhere near this */

/* The bytes cairo writes: a bounded buffer, and whether it ever refused
 * (gs_dynbuf empties itself then, so the flag keeps later writes out). */
typedef struct membuf {
	gs_dynbuf b;
	int oom;
} membuf;

static void
membuf_init(membuf *m)
{
	gs_dynbuf_init(&m->b, OUT_CAP);
	m->oom = 0;
}

static cairo_status_t
membuf_write(void *closure, const unsigned char *data, unsigned int len)
{
	membuf *m = closure;

	if (m->oom || gs_dynbuf_add(&m->b, data, len) != 0) {
		m->oom = 1;
		return CAIRO_STATUS_WRITE_ERROR;
	}
	return CAIRO_STATUS_SUCCESS;
}

/* ---------------------------------------------------------------- paint */

typedef struct draw {
	cairo_t *cr;
	int raster;
	const gs_plot *p;
} draw;

static void
set_colour(cairo_t *cr, gs_rgb c)
{
	if (c.a >= 1)
		cairo_set_source_rgb(cr, c.r, c.g, c.b);
	else
		cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a);
}

/* Raster output at RASTER device pixels per unit: a 1-unit line is
 * RASTER pixels wide, centred on a pixel centre when that is odd and on
 * a pixel edge when even, so it covers whole pixels. */
static double
snap(const draw *d, double v)
{
	int k = d->raster;

	return k ? (floor(v * k) + (k % 2 ? 0.5 : 0)) / k : v;
}

static void
set_dash(cairo_t *cr, int dash)
{
	static const double dashed[2] = {5, 3}, dotted[2] = {1.5, 2.5};

	if (dash == 1)
		cairo_set_dash(cr, dashed, 2, 0);
	else if (dash == 2)
		cairo_set_dash(cr, dotted, 2, 0);
	else
		cairo_set_dash(cr, NULL, 0, 0);
}

static void
paint_line(const draw *d, const gs_mark *m)
{
	double x0 = m->x, y0 = m->y, x1 = m->w, y1 = m->h;

	if (m->axis_aligned && m->lw <= 1) {
		if (x0 == x1)
			x0 = x1 = snap(d, x0);
		if (y0 == y1)
			y0 = y1 = snap(d, y0);
	}
	set_colour(d->cr, m->stroke);
	cairo_set_line_width(d->cr, m->lw);
	set_dash(d->cr, m->dash);
	cairo_move_to(d->cr, x0, y0);
	cairo_line_to(d->cr, x1, y1);
	cairo_stroke(d->cr);
	set_dash(d->cr, 0);
}

static void
paint_poly(const draw *d, const gs_mark *m)
{
	if (m->npts < 2)
		return;
	set_colour(d->cr, m->stroke);
	cairo_set_line_width(d->cr, m->lw);
	cairo_set_line_join(d->cr, CAIRO_LINE_JOIN_ROUND);
	cairo_move_to(d->cr, m->pts[0], m->pts[1]);
	for (size_t i = 1; i < m->npts; i++)
		cairo_line_to(d->cr, m->pts[2 * i], m->pts[2 * i + 1]);
	cairo_stroke(d->cr);
}

/* Fill the current path with M's fill and stroke it with M's stroke (each
 * when not transparent), then clear the path. */
static void
fill_and_stroke(const draw *d, const gs_mark *m)
{
	if (m->fill.a > 0) {
		set_colour(d->cr, m->fill);
		cairo_fill_preserve(d->cr);
	}
	if (m->stroke.a > 0) {
		set_colour(d->cr, m->stroke);
		cairo_set_line_width(d->cr, m->lw);
		cairo_stroke(d->cr);
	}
	cairo_new_path(d->cr);
}

static void
paint_rect(const draw *d, const gs_mark *m)
{
	double x = m->x, y = m->y, w = m->w, h = m->h;

	if (m->stroke.a > 0 && d->raster) {
		x = snap(d, x);
		y = snap(d, y);
		w = floor(w + 0.5);
		h = floor(h + 0.5);
	}
	cairo_rectangle(d->cr, x, y, w, h);
	fill_and_stroke(d, m);
}

static void
paint_circle(const draw *d, const gs_mark *m)
{
	cairo_new_sub_path(d->cr);
	cairo_arc(d->cr, m->x, m->y, m->w, 0, 2 * GS_PI);
	fill_and_stroke(d, m);
}

static void
paint_text(const draw *d, const gs_mark *m)
{
	cairo_text_extents_t te;
	cairo_font_extents_t fe;
	double dx = 0, dy = 0;

	if (!m->text || !*m->text)
		return;
	cairo_set_font_size(d->cr, m->size);
	cairo_text_extents(d->cr, m->text, &te);
	cairo_font_extents(d->cr, &fe);
	if (m->halign == GS_AL_CENTER)
		dx = -te.x_advance / 2;
	else if (m->halign == GS_AL_RIGHT)
		dx = -te.x_advance;
	if (m->valign == GS_AL_TOP)
		dy = fe.ascent;
	else if (m->valign == GS_AL_MIDDLE)
		dy = (fe.ascent - fe.descent) / 2;
	else if (m->valign == GS_AL_BOTTOM)
		dy = -fe.descent;
	cairo_save(d->cr);
	cairo_translate(d->cr, m->x, m->y);
	cairo_rotate(d->cr, m->angle);
	set_colour(d->cr, m->fill);
	cairo_move_to(d->cr, dx, dy);
	cairo_show_text(d->cr, m->text);
	cairo_new_path(d->cr);
	cairo_restore(d->cr);
}

static void
paint_arrow(const draw *d, const gs_mark *m)
{
	double dx = m->w - m->x, dy = m->h - m->y, len = hypot(dx, dy);
	double ux, uy, hl = 7, hw = 3.5;

	if (len < 1e-6)
		return;
	ux = dx / len;
	uy = dy / len;
	set_colour(d->cr, m->stroke);
	cairo_set_line_width(d->cr, m->lw);
	cairo_move_to(d->cr, m->x, m->y);
	cairo_line_to(d->cr, m->w - ux * hl, m->h - uy * hl);
	cairo_stroke(d->cr);
	cairo_move_to(d->cr, m->w, m->h);
	cairo_line_to(d->cr, m->w - ux * hl - uy * hw, m->h - uy * hl + ux * hw);
	cairo_line_to(d->cr, m->w - ux * hl + uy * hw, m->h - uy * hl - ux * hw);
	cairo_close_path(d->cr);
	cairo_fill(d->cr);
}

static void
paint_hatch(const draw *d, const gs_mark *m)
{
	cairo_save(d->cr);
	cairo_rectangle(d->cr, m->x, m->y, m->w, m->h);
	cairo_clip(d->cr);
	set_colour(d->cr, m->stroke);
	cairo_set_line_width(d->cr, m->lw);
	for (double t = -m->h; t < m->w; t += 6) {
		cairo_move_to(d->cr, m->x + t, m->y + m->h);
		cairo_line_to(d->cr, m->x + t + m->h, m->y);
	}
	cairo_stroke(d->cr);
	cairo_restore(d->cr);
}

/* Many rectangles, one path, one fill. */
static void
paint_rects(const draw *d, const gs_mark *m)
{
	for (size_t i = 0; i < m->npts; i++)
		cairo_rectangle(d->cr, m->pts[4 * i], m->pts[4 * i + 1], m->pts[4 * i + 2],
		                m->pts[4 * i + 3]);
	set_colour(d->cr, m->fill);
	cairo_fill(d->cr);
}

/* Many circles of one style, one path: the fills, then the outlines. */
static void
paint_dots(const draw *d, const gs_mark *m)
{
	for (size_t i = 0; i < m->npts; i++) {
		cairo_new_sub_path(d->cr);
		cairo_arc(d->cr, m->pts[2 * i], m->pts[2 * i + 1], m->w, 0, 2 * GS_PI);
	}
	fill_and_stroke(d, m);
}

static void
paint_mark(const draw *d, const gs_mark *m)
{
	switch (m->kind) {
	case GS_MK_LINE: paint_line(d, m); break;
	case GS_MK_POLY: paint_poly(d, m); break;
	case GS_MK_RECT: paint_rect(d, m); break;
	case GS_MK_CIRCLE: paint_circle(d, m); break;
	case GS_MK_TEXT: paint_text(d, m); break;
	case GS_MK_ARROW: paint_arrow(d, m); break;
	case GS_MK_HATCH: paint_hatch(d, m); break;
	case GS_MK_RECTS: paint_rects(d, m); break;
	case GS_MK_DOTS: paint_dots(d, m); break;
	}
}

/* Consecutive marks clipped to the same panel share one clip. */
static void
set_clip(const draw *d, int *cur, int want)
{
	const gs_panel *pn;

	if (*cur == want)
		return;
	if (*cur >= 0)
		cairo_restore(d->cr);
	*cur = want;
	if (want < 0 || (size_t)want >= d->p->npanels) {
		*cur = -1;
		return;
	}
	pn = &d->p->panel[want];
	cairo_save(d->cr);
	cairo_rectangle(d->cr, pn->x, pn->y, pn->w, pn->h);
	cairo_clip(d->cr);
}

static void
paint(cairo_t *cr, const gs_plot *p, int raster)
{
	draw d = {cr, raster, p};
	cairo_font_options_t *fo = cairo_font_options_create();
	gs_mark title;
	int clip = -1;

	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
	                       CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	for (size_t i = 0; i < p->nmarks; i++) {
		set_clip(&d, &clip, p->mark[i].clip);
		paint_mark(&d, &p->mark[i]);
	}
	set_clip(&d, &clip, -1);
	memset(&title, 0, sizeof title);
	title.kind = GS_MK_TEXT;
	title.x = p->title_x;
	title.y = p->title_y;
	title.text = p->title;
	title.size = GS_FS_TITLE;
	title.valign = GS_AL_BASELINE;
	title.fill = gs_col_ink;
	paint_text(&d, &title);
}

/* ------------------------------------------------------- surface switch */

static cairo_surface_t *
surface_open(const gs_plot *p, int fmt, int scale, membuf *out)
{
	cairo_surface_t *s;

	if (fmt == FMT_PNG)
		return cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)ceil(p->width) * scale,
		                                  (int)ceil(p->height) * scale);
	s = cairo_svg_surface_create_for_stream(membuf_write, out, p->width, p->height);
	cairo_svg_surface_restrict_to_version(s, CAIRO_SVG_VERSION_1_1);
	cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
	return s;
}

/* Render P as FMT bytes into OUT, raster at SCALE device pixels per unit
 * (the same layout, cairo_scale).  Returns 0 or -1 with ERR set. */
static int
render(const gs_plot *p, int fmt, int scale, membuf *out, gs_error *err)
{
	cairo_surface_t *s = surface_open(p, fmt, scale, out);
	cairo_status_t st;
	cairo_t *cr;

	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return gs_error_set(err, "", 0, 0, "cairo cannot create a surface");
	}
	cr = cairo_create(s);
	cairo_scale(cr, scale, scale);
	paint(cr, p, fmt == FMT_PNG ? scale : 0);
	st = cairo_status(cr);
	cairo_destroy(cr);
	if (st == CAIRO_STATUS_SUCCESS && fmt == FMT_PNG)
		st = cairo_surface_write_to_png_stream(s, membuf_write, out);
	cairo_surface_finish(s);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(s);
	cairo_surface_destroy(s);
	if (st != CAIRO_STATUS_SUCCESS || out->oom || !out->b.len)
		return gs_error_set(err, "", 0, 0, "cairo cannot draw the plot: %s",
		                    out->oom ? "out of memory" : cairo_status_to_string(st));
	return 0;
}

int
gs_plot_svg(const gs_plot *p, const char *id_prefix, char **svg, size_t *len, gs_error *err)
{
	membuf raw;
	int rc;

	*svg = NULL;
	*len = 0;
	if (!gs_svg_prefix_ok(id_prefix))
		return gs_error_set(err, "", 0, 0, "bad SVG id prefix \"%s\"",
		                    id_prefix ? id_prefix : "");
	membuf_init(&raw);
	if (render(p, FMT_SVG, 1, &raw, err) < 0) {
		gs_dynbuf_free(&raw.b);
		return -1;
	}
	rc = gs_svg_finish(raw.b.d, raw.b.len, id_prefix, gs_plot_title(p), svg, len, err);
	gs_dynbuf_free(&raw.b);
	return rc;
}

int
gs_plot_png(const gs_plot *p, const char *path, int scale, gs_error *err)
{
	membuf png;
	gs_outfile out;

	if (scale < 1 || scale > 4)
		return gs_error_set(err, path, 0, 0, "PNG scale %d is not 1..4", scale);
	membuf_init(&png);
	if (render(p, FMT_PNG, scale, &png, err) < 0) {
		gs_dynbuf_free(&png.b);
		if (err)
			snprintf(err->file, sizeof err->file, "%s", path);
		return -1;
	}
	if (gs_outfile_open(&out, path, err) < 0) {
		gs_dynbuf_free(&png.b);
		return -1;
	}
	if (fwrite(png.b.d, 1, png.b.len, out.fp) != png.b.len) {
		gs_dynbuf_free(&png.b);
		gs_outfile_abort(&out);
		return gs_error_set(err, path, 0, 0, "cannot write PNG");
	}
	gs_dynbuf_free(&png.b);
	return gs_outfile_commit(&out, err);
}
