/* plot.c: the plot itself: font, palette, life cycle and the layout
 * accessors.  The frame (axes, ticks, grid, legend) lives in plot_frame.c,
 * the display list of marks in plot_marks.c, painting and the SVG/PNG
 * surface switch in plot_draw.c (SVG ids in plot_svg.c); each plot family
 * in its own plot_*.c.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <fontconfig/fontconfig.h>

#include "render/plot.h"
#include "render/plot_impl.h"

/* ---------------------------------------------------------------- font */

int
gs_plot_font_init(const char *datadir, gs_error *err)
{
	static int done;
	char path[4096];
	FcConfig *cfg;
	FILE *f;

	if (done)
		return 0;
	snprintf(path, sizeof path, "%s/fonts/DejaVuSans.ttf", datadir && *datadir ? datadir : ".");
	f = fopen(path, "rb");
	if (!f)
		return gs_error_set(err, path, 0, 0, "plot font not found");
	fclose(f);
	cfg = FcConfigCreate();
	if (!cfg)
		return gs_error_set(err, path, 0, 0, "fontconfig: out of memory");
	if (!FcConfigAppFontAddFile(cfg, (const FcChar8 *)path)) {
		FcConfigDestroy(cfg);
		return gs_error_set(err, path, 0, 0, "fontconfig cannot load the plot font");
	}
	if (!FcConfigSetCurrent(cfg)) {
		FcConfigDestroy(cfg);
		return gs_error_set(err, path, 0, 0, "fontconfig cannot use the plot font");
	}
	FcConfigDestroy(cfg); /* FcConfigSetCurrent holds its own reference */
	done = 1;
	return 0;
}

void
gs_plot_fini(void)
{
	cairo_debug_reset_static_data();
	FcFini();
}

double
gs_text_width(const char *s, double size)
{
	cairo_surface_t *sf = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1);
	cairo_t *cr = cairo_create(sf);
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_text_extents_t te;

	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_set_font_options(cr, fo);
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
	                       CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size);
	cairo_text_extents(cr, s, &te);
	cairo_font_options_destroy(fo);
	cairo_destroy(cr);
	cairo_surface_destroy(sf);
	return te.x_advance;
}

/* -------------------------------------------------------------- colours */

gs_rgb
gs_rgb_hex(unsigned hex, double alpha)
{
	gs_rgb c = {((hex >> 16) & 255) / 255.0, ((hex >> 8) & 255) / 255.0, (hex & 255) / 255.0,
	            alpha};
	return c;
}

const gs_rgb gs_col_improved = {0x00 / 255.0, 0x72 / 255.0, 0xB2 / 255.0, 1};
const gs_rgb gs_col_regressed = {0xD5 / 255.0, 0x5E / 255.0, 0x00 / 255.0, 1};
const gs_rgb gs_col_neutral = {0x99 / 255.0, 0x99 / 255.0, 0x99 / 255.0, 1};
const gs_rgb gs_col_unsure = {0xE6 / 255.0, 0xB8 / 255.0, 0x00 / 255.0, 1};
const gs_rgb gs_col_ink = {0x22 / 255.0, 0x22 / 255.0, 0x22 / 255.0, 1};
const gs_rgb gs_col_grid = {0xE4 / 255.0, 0xE4 / 255.0, 0xE4 / 255.0, 1};
const gs_rgb gs_col_band = {0xEE / 255.0, 0xEE / 255.0, 0xEE / 255.0, 1};
const gs_rgb gs_col_accent = {0x00 / 255.0, 0x9E / 255.0, 0x73 / 255.0, 1};
const gs_rgb gs_col_white = {1, 1, 1, 1};

/* Viridis, sampled at 0, .25, .5, .75, 1 (matplotlib's _viridis_data),
 * linearly interpolated in sRGB. */
gs_rgb
gs_viridis(double t)
{
	static const unsigned stop[5] = {0x440154, 0x3B528B, 0x21918C, 0x5EC962, 0xFDE725};
	gs_rgb a, b, c;
	double f;
	int i;

	if (!(t >= 0))
		t = 0;
	if (t > 1)
		t = 1;
	i = t >= 1 ? 3 : (int)(t * 4);
	f = t * 4 - i;
	a = gs_rgb_hex(stop[i], 1);
	b = gs_rgb_hex(stop[i + 1], 1);
	c.r = a.r + (b.r - a.r) * f;
	c.g = a.g + (b.g - a.g) * f;
	c.b = a.b + (b.b - a.b) * f;
	c.a = 1;
	return c;
}

const gs_rgb *
gs_class_colour(int cls)
{
	switch (cls) {
	case GS_PLOT_IMPROVED: return &gs_col_improved;
	case GS_PLOT_REGRESSED: return &gs_col_regressed;
	case GS_PLOT_UNSURE: return &gs_col_unsure;
	default: return &gs_col_neutral;
	}
}

/* ----------------------------------------------------------- life cycle */

char *
gs_plot_strdup(gs_plot *p, const char *s)
{
	char *d;

	if (!s)
		return NULL;
	d = strdup(s);
	if (!d)
		p->oom = 1;
	return d;
}

gs_plot *
gs_plot_new(double width, double height, const char *title, size_t npanels)
{
	gs_plot *p = calloc(1, sizeof *p);

	if (!p)
		return NULL;
	p->width = width;
	p->height = height;
	p->title = gs_plot_strdup(p, title ? title : "");
	p->title_x = 14;
	p->title_y = 24;
	p->panel = calloc(npanels, sizeof *p->panel);
	p->npanels = npanels;
	if (!p->panel || p->oom) {
		gs_plot_free(p);
		return NULL;
	}
	return p;
}

int
gs_plot_finish(gs_plot *p)
{
	return p->oom ? -1 : 0;
}

static void
axis_free(gs_axis *a)
{
	for (size_t i = 0; i < a->nticks; i++)
		free(a->tick_label[i]);
	free(a->tick_label);
	free(a->tick);
	free(a->tick_px);
	free(a->label);
	memset(a, 0, sizeof *a);
}

void
gs_plot_free(gs_plot *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->nmarks; i++) {
		free(p->mark[i].pts);
		free(p->mark[i].text);
	}
	for (size_t i = 0; p->panel && i < p->npanels; i++) {
		axis_free(&p->panel[i].ax);
		axis_free(&p->panel[i].ay);
	}
	for (size_t i = 0; i < p->nlegend; i++)
		free(p->legend[i].label);
	free(p->legend);
	free(p->panel);
	free(p->mark);
	free(p->pt);
	free(p->bin_edges);
	free(p->bin_counts);
	free(p->bin_cls);
	free(p->ridge);
	free(p->col_lo);
	free(p->col_hi);
	gs_sweep_layout_free(p->sweep);
	for (size_t i = 0; i < p->nlab; i++)
		free(p->lab[i].text);
	free(p->title);
	free(p);
}

int
gs_plot_set_title(gs_plot *p, const char *title)
{
	char *t = strdup(title ? title : "");

	if (!t)
		return -1;
	free(p->title);
	p->title = t;
	return 0;
}

int
gs_points_alloc(gs_plot *p, size_t n)
{
	p->pt = calloc(n ? n : 1, sizeof *p->pt);
	if (!p->pt) {
		p->oom = 1;
		return -1;
	}
	p->npt = n;
	return 0;
}

int
gs_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* ------------------------------------------------------------ accessors */

void
gs_plot_size(const gs_plot *p, double *width, double *height)
{
	*width = p->width;
	*height = p->height;
}

const char *
gs_plot_title(const gs_plot *p)
{
	return p->title ? p->title : "";
}

size_t
gs_plot_npanels(const gs_plot *p)
{
	return p->npanels;
}

int
gs_plot_area(const gs_plot *p, size_t panel, double *x, double *y, double *w, double *h)
{
	if (panel >= p->npanels)
		return -1;
	*x = p->panel[panel].x;
	*y = p->panel[panel].y;
	*w = p->panel[panel].w;
	*h = p->panel[panel].h;
	return 0;
}

static const gs_axis *
axis_of(const gs_plot *p, gs_plot_axis axis)
{
	return axis == GS_PLOT_X ? &p->panel[0].ax : &p->panel[0].ay;
}

void
gs_plot_range(const gs_plot *p, gs_plot_axis axis, double *lo, double *hi, int *log_base)
{
	const gs_axis *a = axis_of(p, axis);

	*lo = a->lo;
	*hi = a->hi;
	*log_base = a->scale;
}

double
gs_plot_map(const gs_plot *p, gs_plot_axis axis, double v)
{
	return gs_axis_map(axis_of(p, axis), v);
}

size_t
gs_plot_ticks(const gs_plot *p, gs_plot_axis axis, const char *const **labels,
              const double **values, const double **px)
{
	const gs_axis *a = axis_of(p, axis);

	if (labels)
		*labels = (const char *const *)a->tick_label;
	if (values)
		*values = a->tick;
	if (px)
		*px = a->tick_px;
	return a->nticks;
}

size_t
gs_plot_npoints(const gs_plot *p)
{
	return p->npt;
}

size_t
gs_plot_skipped(const gs_plot *p)
{
	return p->skipped;
}

int
gs_plot_point_xy(const gs_plot *p, size_t i, double *x, double *y)
{
	if (i >= p->npt || p->pt[i].cls < 0)
		return -1;
	*x = p->pt[i].x;
	*y = p->pt[i].y;
	return p->pt[i].cls;
}

double
gs_plot_point_radius(const gs_plot *p, size_t i)
{
	return i < p->npt ? p->pt[i].r : -1;
}

int
gs_plot_band(const gs_plot *p, double *y_top, double *y_bottom)
{
	if (!p->has_band)
		return -1;
	*y_top = p->band_top;
	*y_bottom = p->band_bottom;
	return 0;
}

size_t
gs_plot_bins(const gs_plot *p, const double **edges, const size_t **counts)
{
	if (edges)
		*edges = p->bin_edges;
	if (counts)
		*counts = p->bin_counts;
	return p->nbins;
}

size_t
gs_plot_bin_class(const gs_plot *p, size_t bin, int cls)
{
	if (bin >= p->nbins || !p->bin_cls || cls < 0 || cls >= GS_PLOT_NCLS)
		return 0;
	return p->bin_cls[GS_PLOT_NCLS * bin + (size_t)cls];
}

int
gs_plot_density(const gs_plot *p, size_t *cells, size_t *points, size_t *max_count)
{
	if (cells)
		*cells = p->dense_cells;
	if (points)
		*points = p->dense_points;
	if (max_count)
		*max_count = p->dense_max;
	return p->dense;
}

size_t
gs_plot_columns(const gs_plot *p, const double **lo, const double **hi)
{
	if (lo)
		*lo = p->col_lo;
	if (hi)
		*hi = p->col_hi;
	return p->ncols;
}

size_t
gs_plot_nlabels(const gs_plot *p)
{
	return p->nlab;
}

int
gs_plot_label_box(const gs_plot *p, size_t i, double *x, double *y, double *w, double *h,
                  const char **text)
{
	if (i >= p->nlab)
		return -1;
	*x = p->lab[i].x;
	*y = p->lab[i].y;
	*w = p->lab[i].w;
	*h = p->lab[i].h;
	*text = p->lab[i].text;
	return 0;
}

void
gs_text_bbox(const char *s, double size, double x, double y, int halign, int valign, double angle,
             double box[4])
{
	double w = gs_text_width(s, size), a = 0.93 * size, d = 0.24 * size;
	double x0 = halign == GS_AL_CENTER ? -w / 2 : halign == GS_AL_RIGHT ? -w : 0, y0;
	double c = cos(angle), sn = sin(angle), lo[2] = {INFINITY, INFINITY};
	double hi[2] = {-INFINITY, -INFINITY};

	y0 = valign == GS_AL_TOP      ? 0
	     : valign == GS_AL_MIDDLE ? -(a + d) / 2
	     : valign == GS_AL_BOTTOM ? -(a + d)
	                              : -a;
	for (int k = 0; k < 4; k++) {
		double u = x0 + (k & 1 ? w : 0), v = y0 + (k & 2 ? a + d : 0);
		double px = x + u * c - v * sn, py = y + u * sn + v * c;
		lo[0] = fmin(lo[0], px);
		lo[1] = fmin(lo[1], py);
		hi[0] = fmax(hi[0], px);
		hi[1] = fmax(hi[1], py);
	}
	box[0] = lo[0];
	box[1] = lo[1];
	box[2] = hi[0] - lo[0];
	box[3] = hi[1] - lo[1];
}

int
gs_boxes_overlap(const double *a, const double *b)
{
	const double e = 0.5;

	return a[0] + e < b[0] + b[2] && b[0] + e < a[0] + a[2] && a[1] + e < b[1] + b[3] &&
	       b[1] + e < a[1] + a[3];
}

int
gs_plot_text_box(const gs_plot *p, size_t i, double *x, double *y, double *w, double *h)
{
	for (size_t k = 0; k < p->nmarks; k++) {
		const gs_mark *m = &p->mark[k];
		double b[4];

		if (m->kind != GS_MK_TEXT || i-- != 0)
			continue;
		gs_text_bbox(m->text ? m->text : "", m->size, m->x, m->y, m->halign, m->valign,
		             m->angle, b);
		*x = b[0];
		*y = b[1];
		*w = b[2];
		*h = b[3];
		return 0;
	}
	return -1;
}

double
gs_plot_ridge(const gs_plot *p, size_t i)
{
	return i < p->nridge ? p->ridge[i] : NAN;
}

int
gs_plot_tile_info(const gs_plot *p, gs_plot_tiles *info)
{
	if (!p->has_tiles)
		return -1;
	*info = p->tiles;
	return 0;
}

size_t
gs_plot_legend(const gs_plot *p)
{
	return p->nlegend;
}

const char *
gs_plot_legend_label(const gs_plot *p, size_t i)
{
	return i < p->nlegend ? p->legend[i].label : NULL;
}

const char *
gs_plot_text(const gs_plot *p, size_t i)
{
	for (size_t k = 0; k < p->nmarks; k++)
		if (p->mark[k].kind == GS_MK_TEXT && i-- == 0)
			return p->mark[k].text;
	return NULL;
}
