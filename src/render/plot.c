/* plot.c: the plot frame: font, figure, axes (linear, log2, log10), nice
 * ticks and tick labels, grid, legend, title, the display list of marks,
 * and the layout accessors.  Painting and the SVG/PNG surface switch live
 * in plot_draw.c; each plot family in its own plot_*.c.
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
	snprintf(path, sizeof path, "%s/fonts/DejaVuSans.ttf",
	         datadir && *datadir ? datadir : ".");
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
	gs_rgb c = { ((hex >> 16) & 255) / 255.0, ((hex >> 8) & 255) / 255.0,
	             (hex & 255) / 255.0, alpha };
	return c;
}

const gs_rgb gs_col_improved = { 0x00 / 255.0, 0x72 / 255.0, 0xB2 / 255.0, 1 };
const gs_rgb gs_col_regressed = { 0xD5 / 255.0, 0x5E / 255.0, 0x00 / 255.0, 1 };
const gs_rgb gs_col_neutral = { 0x99 / 255.0, 0x99 / 255.0, 0x99 / 255.0, 1 };
const gs_rgb gs_col_unsure = { 0xCC / 255.0, 0x79 / 255.0, 0xA7 / 255.0, 1 };
const gs_rgb gs_col_ink = { 0x22 / 255.0, 0x22 / 255.0, 0x22 / 255.0, 1 };
const gs_rgb gs_col_grid = { 0xE4 / 255.0, 0xE4 / 255.0, 0xE4 / 255.0, 1 };
const gs_rgb gs_col_band = { 0xEE / 255.0, 0xEE / 255.0, 0xEE / 255.0, 1 };
const gs_rgb gs_col_accent = { 0x00 / 255.0, 0x9E / 255.0, 0x73 / 255.0, 1 };
const gs_rgb gs_col_white = { 1, 1, 1, 1 };

/* Viridis, sampled at 0, .25, .5, .75, 1 (matplotlib's _viridis_data),
 * linearly interpolated in sRGB. */
gs_rgb
gs_viridis(double t)
{
	static const unsigned stop[5] = { 0x440154, 0x3B528B, 0x21918C,
	                                  0x5EC962, 0xFDE725 };
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
	case GS_PLOT_IMPROVED:
		return &gs_col_improved;
	case GS_PLOT_REGRESSED:
		return &gs_col_regressed;
	case GS_PLOT_UNSURE:
		return &gs_col_unsure;
	default:
		return &gs_col_neutral;
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

/* ---------------------------------------------------------------- marks */

gs_mark *
gs_mark_add(gs_plot *p, int kind)
{
	gs_mark *m;

	if (p->nmarks == p->capmarks) {
		size_t cap = p->capmarks ? p->capmarks * 2 : 64;
		gs_mark *nm = realloc(p->mark, cap * sizeof *nm);

		if (!nm) {
			p->oom = 1;
			return NULL;
		}
		p->mark = nm;
		p->capmarks = cap;
	}
	m = &p->mark[p->nmarks++];
	memset(m, 0, sizeof *m);
	m->kind = kind;
	m->clip = -1;
	m->lw = 1;
	return m;
}

void
gs_mark_line(gs_plot *p, double x0, double y0, double x1, double y1,
             gs_rgb c, double lw, int dash, int clip)
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
gs_mark_rect(gs_plot *p, double x, double y, double w, double h,
             gs_rgb fill, gs_rgb stroke, int clip)
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
gs_mark_circle(gs_plot *p, double x, double y, double r, gs_rgb fill,
               gs_rgb stroke, int clip)
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
gs_mark_text(gs_plot *p, double x, double y, const char *s, double size,
             int halign, int valign, double angle, gs_rgb c)
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

void
gs_mark_poly(gs_plot *p, const double *xy, size_t n, gs_rgb c, double lw,
             int clip)
{
	gs_mark *m = gs_mark_add(p, GS_MK_POLY);

	if (!m)
		return;
	m->pts = malloc((n ? n : 1) * 2 * sizeof *m->pts);
	if (!m->pts) {
		p->oom = 1;
		return;
	}
	memcpy(m->pts, xy, n * 2 * sizeof *m->pts);
	m->npts = n;
	m->stroke = c;
	m->lw = lw;
	m->clip = clip;
}

void
gs_mark_arrow(gs_plot *p, double x0, double y0, double x1, double y1,
              gs_rgb c, int clip)
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
gs_mark_hatch(gs_plot *p, double x, double y, double w, double h,
              gs_rgb c, int clip)
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

/* ----------------------------------------------------------------- ticks */

/* Tick label: plain decimal for 1e-3 <= |v| < 1e5, else "2.5e6". */
void
gs_plot_fmt_num(char *buf, size_t size, double v)
{
	double a = fabs(v);

	if (a == 0) {
		snprintf(buf, size, "0");
	} else if (a >= 1e-3 && a < 1e5) {
		snprintf(buf, size, "%.6g", v);
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
	double *t = realloc(a->tick, n * sizeof *t);
	double *px;
	char **l;
	char buf[64];

	if (t)
		a->tick = t;
	px = realloc(a->tick_px, n * sizeof *px);
	if (px)
		a->tick_px = px;
	l = realloc(a->tick_label, n * sizeof *l);
	if (l)
		a->tick_label = l;
	if (!t || !px || !l) {
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
gs_axis_linear(gs_plot *p, gs_axis *a, double lo, double hi, int expand,
               size_t target)
{
	double step;

	if (!(hi > lo)) {
		double d = fabs(lo) > 0 ? fabs(lo) * 0.1 : 1;

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
	static const double mult[3] = { 1, 2, 5 };
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
	double lb = log(base), l0 = log(lo) / lb, l1 = log(hi) / lb, pad;
	long count;

	if (l1 - l0 < 1e-9) {
		l0 -= 0.25;
		l1 += 0.25;
	} else {
		pad = 0.05 * (l1 - l0);
		l0 -= pad;
		l1 += pad;
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
gs_frame_margins(const gs_plot *p, size_t panel, double *left, double *right,
                 double *top, double *bottom)
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
		*right += gs_text_width(pn->ax.tick_label[pn->ax.nticks - 1],
		                        GS_FS_TICK) / 2;
}

void
gs_frame_place(gs_plot *p, size_t panel, double x, double y, double w,
               double h, int grid)
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
			gs_mark_text(p, x, yb + 6, a->tick_label[i], GS_FS_TICK,
			             GS_AL_CENTER, GS_AL_TOP, 0, gs_col_ink);
	}
	if (a->label)
		gs_mark_text(p, pn->x + pn->w / 2, yb + 6 + GS_FS_TICK + 6,
		             a->label, GS_FS_LABEL, GS_AL_CENTER, GS_AL_TOP, 0,
		             gs_col_ink);
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
			gs_mark_line(p, pn->x, y, pn->x + pn->w, y, gs_col_grid, 1,
			             0, -1);
		gs_mark_line(p, pn->x - 4, y, pn->x, y, gs_col_ink, 1, 0, -1);
		if (i % stride == 0)
			gs_mark_text(p, pn->x - 6, y, a->tick_label[i], GS_FS_TICK,
			             GS_AL_RIGHT, GS_AL_MIDDLE, 0, gs_col_ink);
	}
	if (a->label)
		gs_mark_text(p, pn->x - 6 - mw - 6, pn->y + pn->h / 2, a->label,
		             GS_FS_LABEL, GS_AL_CENTER, GS_AL_BOTTOM, -GS_PI / 2,
		             gs_col_ink);
}

void
gs_frame_place_area(gs_plot *p, size_t panel, double x, double y, double w,
                    double h, int grid)
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
	gs_mark_rect(p, x, y, w, h, gs_col_white, (gs_rgb){ 0, 0, 0, 0 }, -1);
	frame_xaxis(p, panel, grid);
	frame_yaxis(p, panel, grid);
	gs_mark_rect(p, x, y, w, h, (gs_rgb){ 0, 0, 0, 0 }, gs_col_ink, -1);
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
	gs_mark_text(p, p->width - 14, p->title_y, note, GS_FS_TICK, GS_AL_RIGHT,
	             GS_AL_BASELINE, 0, gs_rgb_hex(0x555555, 1));
}

/* --------------------------------------------------------------- legend */

void
gs_legend_add(gs_plot *p, const char *label, gs_rgb colour, int kind)
{
	gs_legend_item *l = realloc(p->legend, (p->nlegend + 1) * sizeof *l);

	if (!l) {
		p->oom = 1;
		return;
	}
	p->legend = l;
	l[p->nlegend].label = gs_plot_strdup(p, label);
	l[p->nlegend].colour = colour;
	l[p->nlegend].kind = kind;
	p->nlegend++;
}

static void
legend_symbol(gs_plot *p, const gs_legend_item *it, double x, double ymid)
{
	switch (it->kind) {
	case 0:
		gs_mark_rect(p, x + 1, ymid - 5, 12, 10, it->colour, gs_col_neutral, -1);
		break;
	case 1:
	case 3:
		gs_mark_line(p, x, ymid, x + 14, ymid, it->colour, 2,
		             it->kind == 3, -1);
		break;
	default:
		gs_mark_circle(p, x + 7, ymid, 4, it->colour, (gs_rgb){ 0, 0, 0, 0 }, -1);
		break;
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
		gs_mark_text(p, x + 18, baseline, it->label, GS_FS_TICK,
		             GS_AL_LEFT, GS_AL_BASELINE, 0, gs_col_ink);
		x += 18 + gs_text_width(it->label, GS_FS_TICK) + 14;
	}
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
gs_plot_area(const gs_plot *p, size_t panel, double *x, double *y,
             double *w, double *h)
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
gs_plot_range(const gs_plot *p, gs_plot_axis axis, double *lo, double *hi,
              int *log_base)
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
