/* plot_impl.h: the plot frame shared by plot.c and the plot_*.c families.
 * Private to src/render/plot*.c.
 *
 * A gs_plot holds the layout model: panels (plot area + two axes with their
 * ticks), the data points, and a display list of marks in device units.
 * Layout code appends marks (plot_marks.c); drawing (plot_draw.c) only
 * paints them in order.
 * Allocation failures set P->OOM; constructors check it once at the end.
 */
#ifndef GS_PLOT_IMPL_H
#define GS_PLOT_IMPL_H

#include <stddef.h>

#include "render/plot.h"

#define GS_PI 3.14159265358979323846

#include <stdint.h>

/* Bounds of a plot's growable arrays (util/grow.h): far beyond any real
 * plot (a mark per shape of a million-shape run and its frame, a tick per
 * run of a history), so a runaway layout ends in P->OOM instead of
 * exhausting memory. */
#define GS_PLOT_MAX_MARKS ((size_t)1 << 24)
#define GS_PLOT_MAX_TICKS ((size_t)1 << 20)
#define GS_PLOT_MAX_LEGEND ((size_t)1 << 8)

enum { GS_SCALE_LINEAR = 0, GS_SCALE_LOG2 = 2, GS_SCALE_LOG10 = 10 };

enum gs_mark_kind {
	GS_MK_LINE,
	GS_MK_POLY,
	GS_MK_RECT,
	GS_MK_CIRCLE,
	GS_MK_TEXT,
	GS_MK_ARROW,
	GS_MK_HATCH,
	GS_MK_RECTS, /* many rectangles of one fill: pts holds x,y,w,h each */
	GS_MK_DOTS /* many circles of one style: pts holds x,y each, radius w */
};

enum gs_halign { GS_AL_LEFT, GS_AL_CENTER, GS_AL_RIGHT };
enum gs_valign { GS_AL_TOP, GS_AL_MIDDLE, GS_AL_BASELINE, GS_AL_BOTTOM };

/* Font sizes (px). */
#define GS_FS_TICK 11.0
#define GS_FS_LABEL 12.0
#define GS_FS_TITLE 15.0

typedef struct gs_rgb {
	double r, g, b, a;
} gs_rgb;

typedef struct gs_mark {
	int kind;
	double x, y, w, h; /* rect/hatch box; line/arrow x,y -> w,h;
	                          circle centre x,y radius w */
	double *pts; /* polyline x0,y0,x1,y1... (owned) */
	size_t npts;
	gs_rgb fill, stroke; /* alpha 0 = none */
	double lw;
	int dash; /* 0 solid, 1 dashed, 2 dotted */
	char *text; /* owned */
	double size;
	int halign, valign;
	double angle; /* radians */
	int clip; /* panel index whose area clips it, -1 none */
	int axis_aligned; /* raster: snap to pixel centres */
} gs_mark;

typedef struct gs_axis {
	int scale; /* GS_SCALE_* */
	double lo, hi; /* data range */
	double p0, p1; /* device position of lo and hi */
	int flip; /* y axis: lo at the top (matrix rows) */
	size_t nticks;
	double *tick; /* data values (owned) */
	double *tick_px; /* device positions (owned) */
	char **tick_label; /* owned */
	size_t cap_tick, cap_tick_px, cap_tick_label; /* their capacities (util/grow.h) */
	char *label; /* owned, may be NULL */
} gs_axis;

typedef struct gs_panel {
	double x, y, w, h; /* plot area */
	gs_axis ax, ay;
} gs_panel;

typedef struct gs_point {
	double x, y, r;
	int cls;
} gs_point;

typedef struct gs_legend_item {
	char *label; /* owned */
	gs_rgb colour;
	int kind; /* 0 swatch, 1 line, 2 dot, 3 dashed line, 4 dotted line,
	             5 arrow down, 6 hollow dot */
} gs_legend_item;

struct gs_plot {
	double width, height;
	char *title;
	double title_x, title_y;
	gs_panel *panel;
	size_t npanels;
	gs_mark *mark;
	size_t nmarks, capmarks;
	gs_point *pt;
	size_t npt;
	size_t skipped;
	gs_legend_item *legend;
	size_t nlegend, caplegend;
	/* family facts for the accessors */
	int has_band;
	double band_top, band_bottom;
	double *bin_edges;
	size_t *bin_counts;
	size_t *bin_cls; /* GS_PLOT_NCLS per bin, indexed by GS_PLOT_* */
	size_t nbins;
	double *ridge;
	size_t nridge;
	int has_tiles;
	gs_plot_tiles tiles;
	/* density plots (plot_density.c) */
	int dense;
	size_t dense_cells, dense_points, dense_max;
	double *col_lo, *col_hi; /* reduced curve: per pixel column */
	size_t ncols;
	struct {
		double x, y, w, h;
		char *text; /* owned */
	} lab[GS_PLOT_MAX_LABELS];
	size_t nlab;
	struct gs_sweep_layout *sweep; /* sweep plots (plot_sweep.c), owned */
	int oom;
};

/* A sweep plot's facts (plot_sweep.c); gs_plot_free releases it with
 * gs_sweep_layout_free. */
typedef struct gs_sweep_cliff_mark {
	double x, y, drop;
	size_t series;
} gs_sweep_cliff_mark;
typedef struct gs_sweep_layout {
	gs_plot_sweep_facts f;
	double *line[2]; /* tile, wave boundary sizes drawn (owned) */
	gs_sweep_cliff_mark *cliff; /* owned */
} gs_sweep_layout;
void gs_sweep_layout_free(struct gs_sweep_layout *l);

/* Palette (Okabe-Ito, viridis for sequential). */
extern const gs_rgb gs_col_improved, gs_col_regressed, gs_col_neutral, gs_col_unsure, gs_col_ink,
        gs_col_grid, gs_col_band, gs_col_accent, gs_col_white;
gs_rgb gs_rgb_hex(unsigned hex, double alpha);
gs_rgb gs_viridis(double t);
/* gs_class_colour: the fill of class CLS (GS_PLOT_*; anything else grey).
 * Classes are the caller's (the report model's), never computed here. */
const gs_rgb *gs_class_colour(int cls);

/* Plot life cycle. */
gs_plot *gs_plot_new(double width, double height, const char *title, size_t npanels);
int gs_plot_finish(gs_plot *p); /* 0 ok; -1 (and frees nothing) if OOM */
char *gs_plot_strdup(gs_plot *p, const char *s);

/* Text measurement with the plot font (px). */
double gs_text_width(const char *s, double size);

/* Axis setup (data side): range and ticks; ticks are formatted here. */
void gs_axis_linear(gs_plot *p, gs_axis *a, double lo, double hi, int expand, size_t target);
void gs_axis_log(gs_plot *p, gs_axis *a, int base, double lo, double hi);
void gs_axis_set_label(gs_plot *p, gs_axis *a, const char *label);
void gs_axis_add_tick(gs_plot *p, gs_axis *a, double v, const char *label);
double gs_axis_map(const gs_axis *a, double v);
double gs_axis_unit(const gs_axis *a, double v); /* 0..1 along lo..hi */

/* Frame layout: place the plot area of PANEL inside the box (x, y, w, h)
 * leaving room for ticks and axis labels, then emit grid, ticks, labels
 * and frame marks.  GRID: bit 0 x grid, bit 1 y grid. */
void gs_frame_margins(const gs_plot *p, size_t panel, double *left, double *right, double *top,
                      double *bottom);
void gs_frame_place(gs_plot *p, size_t panel, double x, double y, double w, double h, int grid);
void gs_frame_place_area(gs_plot *p, size_t panel, double x, double y, double w, double h,
                         int grid);

/* The usual single-panel figure: panel 0 below the title and legend rows
 * (GS_TOP px), and a note right-aligned on the title row. */
#define GS_TOP 54.0
#define GS_LEGEND_Y 44.0
void gs_frame_single(gs_plot *p, int grid);
void gs_frame_note(gs_plot *p, const char *note);

/* Legend: entries laid out in one row, right-aligned at (right, baseline). */
void gs_legend_add(gs_plot *p, const char *label, gs_rgb colour, int kind);
void gs_legend_place(gs_plot *p, double right, double baseline);

/* Marks: what drawing paints, in device pixels (origin top left, y down),
 * recorded into P's layout (the plot owns them; strings are copied).
 * CLIP 1 clips the mark to its panel's plot area.  LW is a line width in
 * px, DASH 0 solid / 1 dashed / 2 dotted; HALIGN and VALIGN are
 * enum gs_halign / gs_valign; ANGLE rotates text, in radians (-pi/2 for
 * a vertical axis label).  Out of memory sets p->oom (reported by
 * gs_plot_finish) and the mark is dropped; gs_mark_add returns NULL then. */
gs_mark *gs_mark_add(gs_plot *p, int kind);
void gs_mark_line(gs_plot *p, double x0, double y0, double x1, double y1, gs_rgb c, double lw,
                  int dash, int clip);
void gs_mark_rect(gs_plot *p, double x, double y, double w, double h, gs_rgb fill, gs_rgb stroke,
                  int clip);
void gs_mark_circle(gs_plot *p, double x, double y, double r, gs_rgb fill, gs_rgb stroke, int clip);
void gs_mark_text(gs_plot *p, double x, double y, const char *s, double size, int halign,
                  int valign, double angle, gs_rgb c);
/* gs_text_bbox: the axis-aligned box BOX (x, y, w, h) of text S at SIZE
 * drawn at (X, Y) with HALIGN, VALIGN and ANGLE as gs_mark_text draws it
 * (ascent 0.93, descent 0.24 of SIZE). */
void gs_text_bbox(const char *s, double size, double x, double y, int halign, int valign,
                  double angle, double box[4]);
/* gs_boxes_overlap: 1 if boxes A and B (x, y, w, h) share more than a
 * hairline. */
int gs_boxes_overlap(const double *a, const double *b);
void gs_mark_poly(gs_plot *p, const double *xy, size_t n, gs_rgb c, double lw, int clip);
void gs_mark_arrow(gs_plot *p, double x0, double y0, double x1, double y1, gs_rgb c, int clip);
void gs_mark_hatch(gs_plot *p, double x, double y, double w, double h, gs_rgb c, int clip);

/* gs_mark_rects: N rectangles (XYWH: x, y, w, h each, copied) filled with
 * FILL, painted as one path (one SVG element however many). */
void gs_mark_rects(gs_plot *p, const double *xywh, size_t n, gs_rgb fill, int clip);

/* gs_mark_dots: N circles of radius R at XY (x, y each, copied), one
 * FILL and STROKE (alpha 0: none, 0.75 px), painted as one path: every
 * fill, then every outline (one SVG element however many). */
void gs_mark_dots(gs_plot *p, const double *xy, size_t n, double r, gs_rgb fill, gs_rgb stroke,
                  int clip);

/* Density (plot_density.c): a grid of GS_PLOT_CELL_PX cells over a
 * panel's plot area, counted in one pass; memory O(cells), whatever the
 * number of points. */
typedef struct gs_density {
	size_t nx, ny;
	double x0, y0, cell; /* device: top-left of the grid, cell side */
	uint32_t *count; /* nx * ny, row-major from the top */
	size_t points; /* counted (inside the grid) */
} gs_density;
/* gs_density_init: an empty grid over panel PANEL of P; -1 (P->oom) when
 * out of memory. */
int gs_density_init(gs_plot *p, gs_density *d, size_t panel);
/* gs_density_add: count the point at device (X, Y); outside: ignored. */
void gs_density_add(gs_density *d, double x, double y);
/* gs_density_draw: the cells as marks (one path per colour level, runs of
 * a row merged, clipped to the panel), the count colour bar with its
 * title "shapes per cell" left-aligned at device x BAR_X, and P's density
 * facts.  Frees the grid. */
void gs_density_draw(gs_plot *p, gs_density *d, double bar_x);
void gs_density_free(gs_density *d);
/* The count palette and its level of count C for the largest count MAX:
 * ColorBrewer "Purples" steps 4-9 (Brewer & Harrower, colorbrewer2.org),
 * levels at 1-2-5 bounds spaced evenly in log.  Fills LO[] with each
 * level's lowest count; returns the number of levels (1..6). */
size_t gs_density_levels(size_t max, size_t *lo);
gs_rgb gs_density_colour(size_t level);

/* The roofline's roofs (plot_roofs.c), on a plot whose panel 0 has its
 * axes: gs_roof_machines is the number of machines of S (1 when
 * S->machines is NULL), gs_roof_bw the bandwidth (GB/s) of machine M;
 * gs_roof_draw draws every memory and compute roof, the ridges P->ridge
 * holds, and their labels placed clear of each other and of the boxes
 * already in *B (the markers), adding each label's box to *B;
 * gs_roof_legend adds one legend entry per named machine ("roofs" for
 * an unnamed one).  gs_roof_clear: 1 if box X clears every box in B. */
enum { GS_ROOF_BOXES = 96 };
typedef struct gs_roof_boxes {
	double b[GS_ROOF_BOXES][4]; /* x, y, w, h */
	size_t n;
} gs_roof_boxes;
size_t gs_roof_machines(const gs_roofline_spec *s);
double gs_roof_bw(const gs_roofline_spec *s, size_t m);
void gs_roof_draw(gs_plot *p, const gs_roofline_spec *s, gs_roof_boxes *b);
void gs_roof_legend(gs_plot *p, const gs_roofline_spec *s);
int gs_roof_clear(const gs_roof_boxes *b, const double *x);

/* gs_plot_place_labels: label N points at device (X[i], Y[i]) (marker
 * radius R[i]) with TEXT[i]: each label tried right, then left of its
 * point, then moved up and down by a line until it overlaps no placed
 * label and stays inside panel 0; a leader line joins a moved label to
 * its point.  At most GS_PLOT_MAX_LABELS; boxes kept for
 * gs_plot_label_box. */
void gs_plot_place_labels(gs_plot *p, const double *x, const double *y, const double *r,
                          const char *const *text, size_t n);

/* Points: allocate N, fill later. */
int gs_points_alloc(gs_plot *p, size_t n);

/* SVG post-processing (plot_svg.c).  gs_svg_prefix_ok: 1 if S is a
 * non-empty [A-Za-z][A-Za-z0-9_-]*.  gs_svg_finish: parse the N bytes of
 * RAW (cairo's SVG), rename every id to PREFIX-k (k in document order) and
 * every reference to match, add a <title> of TITLE, and serialise without
 * the XML declaration: 0 with *SVG malloc'd (NUL-terminated, *LEN bytes),
 * or -1 with ERR (*SVG untouched). */
int gs_svg_prefix_ok(const char *s);
int gs_svg_finish(const char *raw, size_t n, const char *prefix, const char *title, char **svg,
                  size_t *len, gs_error *err);

/* A speedup with the class the report model gave it (plot_compare.c). */
typedef struct gs_cls_value {
	double v;
	int cls;
} gs_cls_value;

/* The right strip of a density plot for its count colour bar (px). */
#define GS_DENSITY_BAR_W 104.0

/* Dense compare plots (plot_dense.c).  gs_curve_columns: the sorted
 * speedups S[0..M) reduced per pixel column of panel 0 (per class: min to
 * max), with the grey envelope and markers at the first and last rank;
 * fills P->col_lo/col_hi.  gs_scatter_density: pairs (B[i], C[i]) counted
 * into cells of panel 0 and drawn with the colour bar at BAR_X.
 * gs_curve_labels / gs_scatter_labels: LABELS' points (input indices of
 * the constructor's arrays) as class-coloured markers with their text;
 * the curve finds a label's rank in S by binary search. */
void gs_curve_columns(gs_plot *p, const gs_cls_value *s, size_t m);
void gs_scatter_density(gs_plot *p, const double *b, const double *c, size_t n, double bar_x);
void gs_curve_labels(gs_plot *p, const gs_cls_value *s, size_t m, const double *speedup,
                     const int *cls, size_t n, const gs_plot_labels *labels);
void gs_scatter_labels(gs_plot *p, const double *b, const double *c, const int *cls, size_t n,
                       const gs_plot_labels *labels);
int gs_known_class(int cls);
int gs_cmp_cls_value(const void *a, const void *b);

/* Small helpers. */
int gs_cmp_double(const void *a, const void *b);
void gs_plot_fmt_num(char *buf, size_t size, double v);

#endif
