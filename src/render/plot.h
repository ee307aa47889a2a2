/* plot.h: every figure gemmscope draws, with cairo.
 *
 * A constructor takes plain arrays (no gs_table, no gs_compare) and lays the
 * figure out once: axes ranges, nice ticks and their labels, point positions,
 * legend, title, all in device units (px, origin top left, y down).  The
 * result is an opaque gs_plot, the layout model.  gs_plot_svg() and
 * gs_plot_png() only paint that layout, so tests inspect the layout through
 * the accessors below instead of comparing pixels.
 *
 * Text uses only the DejaVuSans shipped in fonts/ (gs_plot_font_init), the
 * palette is Okabe-Ito (colour-blind safe: improved blue #0072B2, regressed
 * vermillion #D55E00, neutral grey; unsure yellow #E6B800 as in the
 * tables), the roofline colour scale is viridis.
 * No timestamps and no randomness: the same input gives byte-identical SVG.
 *
 * Speedup convention (DESIGN.md): s = t_base / t_cand; improved when
 * s - 1 > +T, regressed when s - 1 < -T, neutral otherwise, unsure when the
 * U test could not confirm the change.  The plots never classify: each
 * point's class comes from the caller (the report model, analysis/), so a
 * plot colours a shape as the tables do.  T only draws the band and lines.
 */
#ifndef GS_PLOT_H
#define GS_PLOT_H

#include <stddef.h>

#include "util/error.h"

typedef struct gs_plot gs_plot;

/* A compute ceiling of the roofline: NAME (e.g. "bf16", copied) and its
 * peak in TFLOP/s (> 0), on the GPU MACHINE (an index into the spec's
 * machines; 0 when the spec has one). */
typedef struct gs_roofline_ceiling {
	const char *name;
	double peak_tflops;
	size_t machine;
} gs_roofline_ceiling;

/* A GPU of a roofline: its NAME (labels its memory roof; NULL: none) and
 * DRAM bandwidth in GB/s (1 GB = 1e9 bytes). */
typedef struct gs_roofline_machine {
	const char *name;
	double bandwidth_gbs;
} gs_roofline_machine;

/* The machines of a roofline: NMACHINES GPUs (at most
 * GS_ROOFLINE_MAX_MACHINES; MACHINES NULL: one unnamed GPU of bandwidth
 * BANDWIDTH_GBS), each with a memory roof, and NCEILINGS compute
 * ceilings, each on one of them.  TITLE may be NULL. */
typedef struct gs_roofline_spec {
	const gs_roofline_ceiling *ceilings;
	size_t nceilings;
	double bandwidth_gbs;
	const char *title;
	const gs_roofline_machine *machines;
	size_t nmachines;
} gs_roofline_spec;

#define GS_ROOFLINE_MAX_MACHINES 2

/* One GEMM on the roofline: AI in FLOP/byte, achieved TFLOP/s, total time
 * in µs (sets the marker area), DIM_EFF in [0,1] or NAN when unknown (sets
 * the colour), LABEL (may be NULL, copied), ARROW_TO: index of the point
 * this one moved to (baseline -> candidate), or -1. */
typedef struct gs_roofline_point {
	double ai;
	double tflops;
	double time_us;
	double dim_eff;
	const char *label;
	long arrow_to;
} gs_roofline_point;

/* A tile grid (efficiency.md §2-§4).  M, N are the BLAS output dimensions,
 * TILE_M x TILE_N the macro tile, BATCH >= 1, CUS the CU/SM count (wave =
 * tile_index / CUS).  TILE_EFF, WQ_EFF and DIM_EFF are printed as given (NAN
 * prints "n/a"): the plot does not compute the efficiency model.  TITLE may
 * be NULL. */
typedef struct gs_tile_grid_spec {
	long M, N;
	long tile_m, tile_n;
	long batch;
	long cus;
	double tile_eff, wq_eff, dim_eff;
	const char *title;
} gs_tile_grid_spec;

/* One shape's time series for small multiples: NAME (copied), N VALUES
 * (µs, one per run; NAN = missing in that run), CHANGE_INDEX: index of the
 * first run after a detected step, or -1. */
typedef struct gs_series {
	const char *name;
	const double *values;
	size_t n;
	long change_index;
} gs_series;

/* Class of a point (speedup plots) or of a histogram bar segment.
 * UNCLASSED: roofline points; UNSURE: crossed T but failed the U test
 * (yellow #E6B800, the tables' unsure colour, templates/report.css).
 * GS_PLOT_NCLS counts them. */
enum {
	GS_PLOT_NEUTRAL = 0,
	GS_PLOT_IMPROVED = 1,
	GS_PLOT_REGRESSED = 2,
	GS_PLOT_UNCLASSED = 3,
	GS_PLOT_UNSURE = 4,
	GS_PLOT_NCLS = 5
};

/* Above this many drawable points the speedup curve, the scatter and the
 * roofline draw densities instead of one marker per point (DESIGN.md "The
 * report", STYLE.md 7b).  Why 1000: the scatter's plot area is about
 * 600 x 330 px, some 5,500 cells of a 6 px marker's pitch; real pairs
 * crowd near the diagonal, so past ~1,000 markers many of them cover
 * others.  And the bound: a marker is 230-430 bytes of SVG, and each
 * shape is a marker in the curve, the scatter and both sides' roofline
 * (~1.2 KB); at 2,000 a 1,936-shape sweep's report with --gpu was
 * 3.5 MB, over the 3 MB an HTML report may take at any size (issue 10).
 * The curve's x axis has ~640 px columns: past 1,000 ranks two share a
 * column, and its min and max are all a column can show. */
#define GS_PLOT_DENSE_MIN 1000
/* The side of a density cell (px): a marker's diameter. */
#define GS_PLOT_CELL_PX 6.0

/* Points to label on a plot (the top regressions): INDEX[i] is an input
 * index of the constructor's arrays, TEXT[i] its short label (copied),
 * N at most GS_PLOT_MAX_LABELS (the rest are ignored).  Labels are placed
 * so they neither overlap one another nor leave the plot area, with a
 * leader line when moved away from their point. */
#define GS_PLOT_MAX_LABELS 8
typedef struct gs_plot_labels {
	const size_t *index;
	const char *const *text;
	size_t n;
} gs_plot_labels;

/* Axis selector for the accessors. */
typedef enum gs_plot_axis { GS_PLOT_X = 0, GS_PLOT_Y = 1 } gs_plot_axis;

/* gs_plot_font_init: make DATADIR/fonts/DejaVuSans.ttf the only font
 * fontconfig knows (FcConfigCreate, FcConfigAppFontAddFile,
 * FcConfigSetCurrent), so every plot uses it on every machine.  Call once
 * before the first plot; a second call with any DATADIR is a no-op.
 * Returns 0, or -1 with ERR naming the font file when it is missing or
 * fontconfig rejects it. */
int gs_plot_font_init(const char *datadir, gs_error *err);

/* gs_plot_fini: release cairo's and fontconfig's process-wide caches (the
 * font configuration of gs_plot_font_init included).  Call once at exit,
 * after every plot is freed, so leak checkers see a clean heap. */
void gs_plot_fini(void);

/* --- constructors ------------------------------------------------------
 * Each returns a new layout owned by the caller (gs_plot_free), or NULL when
 * out of memory or when no datum is drawable (n == 0, or every value is
 * skipped).  Values that cannot be drawn (NaN, and non-positive values on a
 * log axis) are skipped and counted (gs_plot_skipped), never drawn. */

/* In the three speedup plots CLS[i] is the class (GS_PLOT_*) of input i,
 * as the report model has it; a value outside GS_PLOT_* draws as neutral.
 * The legend gets an "unsure" entry only when some drawn input is unsure. */

/* gs_plot_speedup_curve: the N speedups (t_base/t_cand) sorted ascending
 * with their classes (the function sorts its own copy; ties by class), y on
 * a log2 scale, x = rank.  The neutral band y in [1-T, 1+T] is shaded,
 * y = 1 is drawn.  Up to GS_PLOT_DENSE_MIN drawable speedups, one marker
 * each: point i is the i-th smallest.  Above, the curve is reduced per
 * pixel column of the plot area: each class present in a column is drawn
 * from its smallest to its largest speedup there, so every extreme (the
 * first and last rank, the global min and max) survives; no point slots
 * are kept (gs_plot_npoints 0) and gs_plot_columns gives the columns.
 * LABELS (may be NULL) are drawn at their ranks at any N.
 * THRESHOLD T is a fraction (0.05).  Memory: O(N) for the sorted copy
 * while laying out, O(columns) kept. */
gs_plot *gs_plot_speedup_curve(const double *speedup, const int *cls, size_t n, double threshold,
                               const gs_plot_labels *labels);

/* gs_plot_scatter: candidate time against baseline time (µs), log-log, with
 * the diagonal y = x and the threshold lines y = x/(1+T) (improved below)
 * and y = x/(1-T) (regressed above; omitted when T >= 1).  Up to
 * GS_PLOT_DENSE_MIN drawable pairs, point i is pair i, coloured by CLS[i].
 * Above, a 2-D histogram: the pairs are counted in one pass into square
 * log-log cells of GS_PLOT_CELL_PX (a marker's pitch), each cell filled by
 * its count on a log colour scale (ColorBrewer "Purples", colour-blind
 * safe) with a legend bar of the counts ("shapes per cell"); no point
 * slots are kept (gs_plot_density).  LABELS (may be NULL) are drawn as
 * markers of their class with their text at any N. */
gs_plot *gs_plot_scatter(const double *t_base_us, const double *t_cand_us, const int *cls, size_t n,
                         double threshold, const gs_plot_labels *labels);

/* gs_plot_histogram: histogram of log2(speedup).  Bin width by the
 * Freedman-Diaconis rule 2*IQR*n^(-1/3) (Freedman & Diaconis 1981), 0.05 when
 * the IQR is 0, widened so there are at most 60 bins; edges are multiples of
 * the width so log2(s) = 0 is an edge.  Threshold lines at log2(1-T) and
 * log2(1+T).  The x axis shows speedup values on a log2 scale. */
gs_plot *gs_plot_histogram(const double *speedup, const int *cls, size_t n, double threshold);

/* gs_plot_speedups: gs_plot_speedup_curve and gs_plot_histogram of the
 * same inputs into *CURVE and *HISTOGRAM (each NULL where that function
 * returns NULL), the speedups copied and sorted once for both: a sort of
 * a million speedups is about 0.1 s. */
void gs_plot_speedups(const double *speedup, const int *cls, size_t n, double threshold,
                      const gs_plot_labels *labels, gs_plot **curve, gs_plot **histogram);

/* gs_plot_roofline: log-log, arithmetic intensity (FLOP/byte) against
 * TFLOP/s.  Per machine (GPU) a memory ceiling TFLOP/s = AI * its
 * bandwidth_gbs / 1000, drawn up to its highest ridge and labelled with
 * its name and bandwidth; one flat compute ceiling per SPEC->ceilings from
 * its ridge AI = peak * 1000 / its machine's bandwidth_gbs (efficiency.md
 * §1.2) to the right edge, with a dotted line down from the ridge; a
 * second machine is drawn dashed in another colour and named in the
 * legend.  Ceiling and ridge labels are placed so that no two overlap
 * (gs_plot_text_box).  Marker area is proportional to time_us, colour is
 * dim_eff on a 0..1 viridis scale (grey when NAN); arrows from a point to
 * pts[i].arrow_to.  Point i is pts[i].  Above GS_PLOT_DENSE_MIN drawable
 * points, only the labelled points and their arrows' ends are markers
 * (white, ink outline, sized by time); every other point is counted into
 * a 2-D histogram as gs_plot_scatter's, and no point slots are kept.
 * NULL when no point is drawable or the spec is invalid (a bandwidth or
 * peak not finite and > 0, a ceiling on no machine, too many machines). */
gs_plot *gs_plot_roofline(const gs_roofline_spec *spec, const gs_roofline_point *pts, size_t n);

/* gs_plot_tile_grid: the M x N output split into tile_m x tile_n tiles
 * (tiles_m = ceil(M/tile_m), tiles_n = ceil(N/tile_n), efficiency.md §2),
 * padding (M..M_pad, N..N_pad) hatched, each tile coloured by its wave
 * tile_index / CUS (tile_index row-major: M tile, then N tile; batch 0
 * shown, waves counted over all BATCH * tiles), the partial last wave in
 * vermillion.  Up to 6 waves get one colour each, more a light-to-dark
 * ramp.  The plot keeps the N_pad : M_pad aspect unless a side would be
 * under 48 px (a label then says so).  Above 4096 tiles per batch each
 * drawn cell groups g x g tiles and shows the wave of its last tile (a
 * label says so).  The figure is 720 px wide, at most 480 high.  Returns
 * NULL on a non-positive dimension, tile, batch or CU count. */
gs_plot *gs_plot_tile_grid(const gs_tile_grid_spec *g);

/* gs_plot_trend: VALUE[i] (e.g. geomean speedup vs the first run) per run
 * RUN_NAMES[i] (copied), in run order, with the line y = 1.  CLS[i] is the
 * class (GS_PLOT_*) the point reports through gs_plot_point_xy (every
 * point is drawn in one colour).  YLABEL may be NULL. */
gs_plot *gs_plot_trend(const char *const *run_names, const double *value, const int *cls, size_t n,
                       const char *ylabel);

/* gs_plot_small_multiples: one small panel per series (time in µs against
 * run index), the change point marked by a vertical line between runs
 * change_index-1 and change_index.  At most 24 panels are drawn. */
gs_plot *gs_plot_small_multiples(const gs_series *series, size_t n);

/* One series of a sweep plot: N sizes X along the swept dimension
 * (elements, ascending, > 0) and the achieved TFLOP/s Y at each (a NaN or
 * non-positive value is skipped); NAME its legend entry (copied; NULL:
 * "achieved"); NCLIFF cliffs, CLIFF[k] the index into X of the size after
 * a drop and DROP[k] the drop as a fraction (0.24 for -24 %), as the
 * analysis found them (analysis/cliff.h: the plot never looks for
 * cliffs).  BASELINE 1 draws it as a compare's baseline (hollow bluish
 * green markers), 0 as a candidate or a report's one input (filled
 * blue), so a side keeps its look whether or not the other side has
 * the sweep. */
typedef struct gs_sweep_series {
	const char *name;
	const double *x, *y;
	size_t n;
	const size_t *cliff;
	const double *drop;
	size_t ncliff;
	int baseline;
} gs_sweep_series;

/* Above this many tile (or wave) boundaries in range, that kind is not
 * drawn: 40 lines over the ~640 px of the x axis are 16 px apart, about
 * the width of a tick label; more would grey the plot out. */
#define GS_PLOT_SWEEP_MAX_LINES 40

/* At most this many cliff arrows, the largest drops: a long sweep whose
 * time steps up and down can have thousands of drops (a 40,000-size sweep
 * drew 68,000 paths, a 15 MB figure); the JSON lists every cliff. */
#define GS_PLOT_SWEEP_MAX_ARROWS 40

/* At most this many sizes in a sweep plot's longest series for markers:
 * a marker is 6 px wide and the x axis ~640 px, so more overlap into a
 * band, and each costs ~300 bytes of SVG (a 1,000-size grid sweep's
 * figure was 765 KB, four of them broke the 3 MB HTML bound). */
#define GS_PLOT_SWEEP_MAX_MARKERS 150

/* A sweep plot: DIM ('M', 'N' or 'K'), NSERIES (1, or 2: baseline then
 * candidate of the same sweep) SERIES, the tile boundaries TILE_X (NTILE
 * sizes, ascending) and the wave boundaries WAVE_X (NWAVE), each of the
 * TILE_TOTAL / WAVE_TOTAL boundaries in range (a caller may pass fewer
 * values than there are; 0 totals: the count of values).  TITLE may be
 * NULL. */
typedef struct gs_sweep_spec {
	char dim;
	const gs_sweep_series *series;
	size_t nseries;
	const double *tile_x, *wave_x;
	size_t ntile, nwave, tile_total, wave_total;
	const char *title;
} gs_sweep_spec;

/* gs_plot_sweep: achieved TFLOP/s (y) against the size along SPEC->dim
 * (x), one line with markers per series (a baseline hollow bluish
 * green, any other filled blue: Okabe-Ito), the tile
 * boundaries as dotted grey and the wave boundaries as dashed reddish
 * purple vertical lines (a legend entry each), and each cliff as a
 * vermillion arrow down onto the size after the drop (the largest
 * GS_PLOT_SWEEP_MAX_ARROWS drops; the note on the title row counts the
 * others), the largest GS_PLOT_MAX_LABELS of them labelled with the drop
 * ("−24.0 %").
 * x is linear with power-of-two ticks (GEMM sizes are multiples of
 * powers of two, and so are the boundaries), log2 when the sizes span
 * more than 16x (a linear axis would crowd the small sizes into a few
 * pixels).  y is linear from 0 TFLOP/s, except with two series whose
 * peaks differ by more than 10x: then log10, or the slower series would
 * be a flat line at 0 with its cliffs invisible.  A kind of boundary
 * with more than GS_PLOT_SWEEP_MAX_LINES lines in range is not drawn (the
 * note on the title row says so).  Up to GS_PLOT_DENSE_MIN drawable
 * sizes per series each is a point slot (series 0's sizes, then series
 * 1's; class GS_PLOT_UNCLASSED), with a marker when no series has more
 * than GS_PLOT_SWEEP_MAX_MARKERS sizes; above, a series is drawn as its
 * min and max per pixel column, without markers or slots.  Returns
 * NULL when no size is drawable, NSERIES is not 1 or 2, or out of
 * memory. */
gs_plot *gs_plot_sweep(const gs_sweep_spec *spec);

/* gs_plot_set_title: replace the title (copied).  Returns 0, or -1 when out
 * of memory (the old title stays). */
int gs_plot_set_title(gs_plot *p, const char *title);

/* --- output ------------------------------------------------------------ */

/* gs_plot_svg: paint P as SVG into memory (cairo_svg_surface_create_for_
 * stream, px units), then rewrite every id="X" to id="ID_PREFIX-k" (k
 * numbered in document order, so ids no longer depend on cairo's
 * process-wide counters) and every reference (href="#X", url(#X)) to match,
 * so several SVGs can be inlined in one HTML page (rrdtool issue #267).  The
 * XML declaration is dropped; a <title> holds the plot title.  On success
 * returns 0 with *SVG a malloc'd NUL-terminated string (caller frees) of
 * *LEN bytes; on failure -1 with ERR set and *SVG NULL.  ID_PREFIX must be
 * non-empty, [A-Za-z][A-Za-z0-9_-]*. */
int gs_plot_svg(const gs_plot *p, const char *id_prefix, char **svg, size_t *len, gs_error *err);

/* gs_plot_png: paint P into an ARGB image at SCALE px per unit (1, or 2
 * for a 2x asset: twice the pixels in each dimension, same layout) and
 * write it as PNG to PATH atomically (util/outfile.h): on failure -1 with
 * ERR naming PATH and PATH untouched; 0 on success.  SCALE must be 1..4. */
int gs_plot_png(const gs_plot *p, const char *path, int scale, gs_error *err);

/* gs_plot_free: release P and everything it owns.  NULL is a no-op. */
void gs_plot_free(gs_plot *p);

/* --- layout accessors (device units: px, origin top left, y down) ------
 * Pointers returned stay valid until gs_plot_free(P). */

/* Figure size. */
void gs_plot_size(const gs_plot *p, double *width, double *height);
/* The title ("" if none). */
const char *gs_plot_title(const gs_plot *p);
/* Number of panels (1, or one per series for small multiples). */
size_t gs_plot_npanels(const gs_plot *p);
/* Plot area of PANEL (x, y of the top-left corner, width, height); -1 if
 * PANEL is out of range. */
int gs_plot_area(const gs_plot *p, size_t panel, double *x, double *y, double *w, double *h);
/* Data range of an axis of panel 0: *LO at the left/bottom, *HI at the
 * right/top (top/bottom swapped for the tile grid's M axis), *LOG_BASE 0 for
 * linear, else 2 or 10. */
void gs_plot_range(const gs_plot *p, gs_plot_axis axis, double *lo, double *hi, int *log_base);
/* Map data value V on AXIS of panel 0 to device units (NAN if V cannot be
 * shown on that axis). */
double gs_plot_map(const gs_plot *p, gs_plot_axis axis, double v);
/* Ticks of AXIS of panel 0: count, with their labels, data values and device
 * positions (any output pointer may be NULL). */
size_t gs_plot_ticks(const gs_plot *p, gs_plot_axis axis, const char *const **labels,
                     const double **values, const double **px);
/* Number of point slots and of inputs skipped.  Slots are the inputs for the
 * scatter, roofline and trend plots (a skipped input keeps its slot) and the
 * drawable speedups, by rank, for the curve; 0 for other plots. */
size_t gs_plot_npoints(const gs_plot *p);
size_t gs_plot_skipped(const gs_plot *p);
/* Position of point I; returns its class (GS_PLOT_*), or -1 if I is out of
 * range or was skipped (*X, *Y are then untouched). */
int gs_plot_point_xy(const gs_plot *p, size_t i, double *x, double *y);
/* Marker radius of point I (px), or -1 when I is out of range. */
double gs_plot_point_radius(const gs_plot *p, size_t i);
/* Speedup curve: the neutral band in device y (*Y_TOP for 1+T, *Y_BOTTOM
 * for 1-T).  Returns -1 if P has no band. */
int gs_plot_band(const gs_plot *p, double *y_top, double *y_bottom);
/* Histogram: number of bins, edges (nbins + 1, in log2 speedup) and counts. */
size_t gs_plot_bins(const gs_plot *p, const double **edges, const size_t **counts);
/* Histogram: how many of bin BIN's shapes have class CLS (GS_PLOT_*);
 * 0 when BIN or CLS is out of range. */
size_t gs_plot_bin_class(const gs_plot *p, size_t bin, int cls);
/* Density plots (scatter, roofline above GS_PLOT_DENSE_MIN): returns 1 and
 * fills the number of non-empty cells, the points counted and the largest
 * count of a cell (any pointer may be NULL); 0 for a point plot. */
int gs_plot_density(const gs_plot *p, size_t *cells, size_t *points, size_t *max_count);
/* Reduced speedup curve: the number of pixel columns drawn, with the
 * smallest and largest speedup of each (NAN for an empty column); 0 for a
 * point curve. */
size_t gs_plot_columns(const gs_plot *p, const double **lo, const double **hi);
/* Labelled points: how many were placed, and label I's box (device
 * units) and text; -1 when I is out of range. */
size_t gs_plot_nlabels(const gs_plot *p);
int gs_plot_label_box(const gs_plot *p, size_t i, double *x, double *y, double *w, double *h,
                      const char **text);
/* Roofline: ridge AI (FLOP/byte) of ceiling I, or NAN. */
double gs_plot_ridge(const gs_plot *p, size_t i);
/* Text I (as gs_plot_text numbers them): the axis-aligned box (device
 * units) of its glyphs as drawn, rotation included (font ascent 0.93 and
 * descent 0.24 of its size, DejaVu Sans); -1 past the end. */
int gs_plot_text_box(const gs_plot *p, size_t i, double *x, double *y, double *w, double *h);

/* Tile grid facts as laid out. */
typedef struct gs_plot_tiles {
	long tiles_m, tiles_n; /* per batch */
	long num_tiles; /* tiles_m * tiles_n * batch */
	long waves; /* ceil(num_tiles / cus) */
	long last_wave_tiles; /* tiles in the last wave (cus if full) */
	long group; /* each drawn cell is group x group tiles */
	long cells_m, cells_n; /* drawn cells */
} gs_plot_tiles;
/* Returns 0 and fills *INFO for a tile grid, else -1. */
int gs_plot_tile_info(const gs_plot *p, gs_plot_tiles *info);

/* Sweep plot facts as laid out: the boundary lines drawn (tile, wave),
 * whether a kind was left out for exceeding GS_PLOT_SWEEP_MAX_LINES,
 * the cliff arrows drawn, the y scale (0 linear, 10 log10). */
typedef struct gs_plot_sweep_facts {
	size_t ntile, nwave;
	int tile_omitted, wave_omitted;
	size_t ncliffs; /* arrows drawn */
	size_t cliffs_omitted; /* cliffs past GS_PLOT_SWEEP_MAX_ARROWS */
	int log_y;
} gs_plot_sweep_facts;
/* Returns 0 and fills *F for a sweep plot, else -1. */
int gs_plot_sweep_info(const gs_plot *p, gs_plot_sweep_facts *f);
/* The sizes (data units) of the boundary lines drawn, tile (WAVE 0) or
 * wave (WAVE 1): their count, *X the values; 0 when none or not a sweep
 * plot. */
size_t gs_plot_sweep_lines(const gs_plot *p, int wave, const double **x);
/* Cliff arrow I: the device position of the point it marks, its series
 * and drop (fraction); -1 when I is out of range. */
int gs_plot_sweep_cliff(const gs_plot *p, size_t i, double *x, double *y, size_t *series,
                        double *drop);

/* Legend entries: their count, and label I (NULL past the end). */
size_t gs_plot_legend(const gs_plot *p);
const char *gs_plot_legend_label(const gs_plot *p, size_t i);
/* Every text drawn (ticks, labels, notes), I from 0; NULL past the end. */
const char *gs_plot_text(const gs_plot *p, size_t i);

#endif
