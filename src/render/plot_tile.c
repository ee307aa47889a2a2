/* plot_tile.c: the tile grid (efficiency.md §2-§4): the M x N output of one
 * batch split into macro tiles, the padding hatched, every tile coloured by
 * the wave that runs it (wave = tile_index / CUs, tile_index row-major:
 * M tile, then N tile), the partial last wave in vermillion.  The model's
 * numbers (tile_eff, wq_eff, dim_eff) are printed as given.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/plot.h"
#include "render/plot_impl.h"

#define FIG_W 720.0
#define FIG_H 480.0
#define GRID_W 440.0 /* left part: the grid and its axes */
#define MAX_CELLS 4096
#define MIN_SIDE 48.0 /* px: below this the aspect is not kept */

/* Okabe-Ito for full waves (cycled); the partial last wave is vermillion. */
static const unsigned wave_hex[6] = {0x0072B2, 0x56B4E9, 0x009E73, 0xF0E442, 0xCC79A7, 0xE69F00};

static int
partial_last(const gs_plot_tiles *t, long cus)
{
	return t->last_wave_tiles < cus;
}

/* Up to 6 waves: one Okabe-Ito colour each.  More: a light-to-dark blue
 * ramp over the wave index (one hue, so it stays colour-blind safe and no
 * colour repeats).  The partial last wave is always vermillion. */
static gs_rgb
wave_colour(const gs_plot_tiles *t, long wave, long cus)
{
	gs_rgb a = gs_rgb_hex(0xC6E2F5, 1), b = gs_rgb_hex(0x08306B, 1), c;
	double f;

	if (wave == t->waves - 1 && partial_last(t, cus))
		return gs_rgb_hex(0xD55E00, 1);
	if (t->waves <= 6)
		return gs_rgb_hex(wave_hex[wave % 6], 1);
	f = t->waves > 2 ? (double)wave / (double)(t->waves - 2) : 0;
	if (f > 1)
		f = 1;
	c.r = a.r + (b.r - a.r) * f;
	c.g = a.g + (b.g - a.g) * f;
	c.b = a.b + (b.b - a.b) * f;
	c.a = 1;
	return c;
}

static int
spec_ok(const gs_tile_grid_spec *g)
{
	return g && g->M > 0 && g->N > 0 && g->tile_m > 0 && g->tile_n > 0 && g->batch > 0 &&
	       g->cus > 0 && g->M / g->tile_m < (1L << 24) && g->N / g->tile_n < (1L << 24) &&
	       g->batch < (1L << 20);
}

static void
tile_facts(gs_plot_tiles *t, const gs_tile_grid_spec *g)
{
	long per;

	t->tiles_m = (g->M + g->tile_m - 1) / g->tile_m;
	t->tiles_n = (g->N + g->tile_n - 1) / g->tile_n;
	per = t->tiles_m * t->tiles_n;
	t->num_tiles = per * g->batch;
	t->waves = (t->num_tiles + g->cus - 1) / g->cus;
	t->last_wave_tiles = t->num_tiles - (t->waves - 1) * g->cus;
	t->group = 1;
	while (((t->tiles_m + t->group - 1) / t->group) * ((t->tiles_n + t->group - 1) / t->group) >
	       MAX_CELLS)
		t->group++;
	t->cells_m = (t->tiles_m + t->group - 1) / t->group;
	t->cells_n = (t->tiles_n + t->group - 1) / t->group;
}

/* Axes in elements: x = N columns, y = M rows from the top. */
static void
tile_axes(gs_plot *p, const gs_tile_grid_spec *g)
{
	gs_panel *pn = &p->panel[0];
	double npad = (double)(p->tiles.tiles_n * g->tile_n);
	double mpad = (double)(p->tiles.tiles_m * g->tile_m);

	gs_axis_linear(p, &pn->ax, 0, npad, 0, 5);
	gs_axis_linear(p, &pn->ay, 0, mpad, 0, 6);
	pn->ay.flip = 1;
	gs_axis_set_label(p, &pn->ax, "N (columns)");
	gs_axis_set_label(p, &pn->ay, "M (rows)");
}

/* Plot area keeping the N_pad : M_pad aspect unless a side would fall below
 * MIN_SIDE px.  Returns 1 if the aspect was kept. */
static int
tile_place(gs_plot *p)
{
	gs_panel *pn = &p->panel[0];
	double l, r, t, b, aw, ah, w, h, aspect;
	int kept = 1;

	gs_frame_margins(p, 0, &l, &r, &t, &b);
	aw = GRID_W - l - r;
	ah = p->height - GS_TOP - t - b;
	aspect = pn->ax.hi / pn->ay.hi;
	w = fmin(aw, ah * aspect);
	h = w / aspect;
	if (w < MIN_SIDE || h < MIN_SIDE) {
		w = fmax(w, MIN_SIDE);
		h = fmax(h, MIN_SIDE);
		kept = 0;
	}
	gs_frame_place_area(p, 0, l, GS_TOP + t, w, h, 0);
	return kept;
}

/* Wave of the last tile (row-major) of cell (CM, CN) in batch 0: with
 * grouping, a cell shows the latest wave it holds, so the partial last
 * wave stays visible. */
static long
cell_wave(const gs_plot_tiles *t, long cm, long cn, long cus)
{
	long tm = (cm + 1) * t->group, tn = (cn + 1) * t->group;

	if (tm > t->tiles_m)
		tm = t->tiles_m;
	if (tn > t->tiles_n)
		tn = t->tiles_n;
	return ((tm - 1) * t->tiles_n + tn - 1) / cus;
}

/* Device rectangle of cells [CM0, CM1) x [CN0, CN1). */
static void
cell_rect(const gs_plot *p, const gs_tile_grid_spec *g, long cm0, long cm1, long cn0, long cn1,
          double r[4])
{
	const gs_panel *pn = &p->panel[0];
	const gs_plot_tiles *t = &p->tiles;
	long k = t->group;
	double y0 = (double)(cm0 * k * g->tile_m);
	double y1 = fmin((double)(cm1 * k), (double)t->tiles_m) * (double)g->tile_m;
	double x0 = (double)(cn0 * k * g->tile_n);
	double x1 = fmin((double)(cn1 * k), (double)t->tiles_n) * (double)g->tile_n;

	r[0] = gs_axis_map(&pn->ax, x0);
	r[1] = gs_axis_map(&pn->ay, y0);
	r[2] = gs_axis_map(&pn->ax, x1) - r[0];
	r[3] = gs_axis_map(&pn->ay, y1) - r[1];
}

static void
cells_fill(gs_plot *p, const gs_tile_grid_spec *g, long cm0, long cm1, long cn0, long cn1,
           long wave)
{
	double r[4];

	cell_rect(p, g, cm0, cm1, cn0, cn1, r);
	gs_mark_rect(p, r[0], r[1], r[2], r[3], wave_colour(&p->tiles, wave, g->cus),
	             (gs_rgb){0, 0, 0, 0}, 0);
}

/* Wave of row CM when the whole row runs in one wave, else -1 (waves grow
 * along the row-major order, so equal ends mean one wave). */
static long
row_wave(const gs_plot_tiles *t, long cm, long cus)
{
	long w = cell_wave(t, cm, 0, cus);

	return cell_wave(t, cm, t->cells_n - 1, cus) == w ? w : -1;
}

/* One rectangle per run of equal waves along row CM. */
static void
tile_row_runs(gs_plot *p, const gs_tile_grid_spec *g, long cm)
{
	const gs_plot_tiles *t = &p->tiles;
	long start = 0;

	for (long cn = 1; cn <= t->cells_n; cn++) {
		long w = cell_wave(t, cm, start, g->cus);

		if (cn < t->cells_n && cell_wave(t, cm, cn, g->cus) == w)
			continue;
		cells_fill(p, g, cm, cm + 1, start, cn, w);
		start = cn;
	}
}

/* Consecutive rows of one wave become one rectangle (no seams, small SVG). */
static void
tile_cells(gs_plot *p, const gs_tile_grid_spec *g)
{
	const gs_plot_tiles *t = &p->tiles;

	for (long cm = 0; cm < t->cells_m;) {
		long w = row_wave(t, cm, g->cus), end = cm + 1;

		if (w < 0) {
			tile_row_runs(p, g, cm++);
			continue;
		}
		while (end < t->cells_m && row_wave(t, end, g->cus) == w)
			end++;
		cells_fill(p, g, cm, end, 0, t->cells_n, w);
		cm = end;
	}
}

/* Cell boundaries as white lines, when cells are at least 3 px. */
static void
tile_lines(gs_plot *p, const gs_tile_grid_spec *g)
{
	const gs_panel *pn = &p->panel[0];
	const gs_plot_tiles *t = &p->tiles;
	double cw = pn->w / ((double)t->tiles_n / t->group);
	double ch = pn->h / ((double)t->tiles_m / t->group);

	if (cw >= 3)
		for (long cn = 1; cn < t->cells_n; cn++) {
			double x = gs_axis_map(&pn->ax, (double)(cn * t->group * g->tile_n));

			gs_mark_line(p, x, pn->y, x, pn->y + pn->h, gs_col_white, 0.75, 0, 0);
		}
	if (ch >= 3)
		for (long cm = 1; cm < t->cells_m; cm++) {
			double y = gs_axis_map(&pn->ay, (double)(cm * t->group * g->tile_m));

			gs_mark_line(p, pn->x, y, pn->x + pn->w, y, gs_col_white, 0.75, 0, 0);
		}
}

/* Padding: N..N_pad and M..M_pad hatched, the true M x N outlined. */
static void
tile_padding(gs_plot *p, const gs_tile_grid_spec *g)
{
	const gs_panel *pn = &p->panel[0];
	double xn = gs_axis_map(&pn->ax, (double)g->N);
	double ym = gs_axis_map(&pn->ay, (double)g->M);
	gs_rgb ink = gs_rgb_hex(0x222222, 0.85);

	if (xn < pn->x + pn->w - 0.01)
		gs_mark_hatch(p, xn, pn->y, pn->x + pn->w - xn, pn->h, ink, 0);
	if (ym < pn->y + pn->h - 0.01)
		gs_mark_hatch(p, pn->x, ym, xn - pn->x, pn->y + pn->h - ym, ink, 0);
	gs_mark_line(p, xn, pn->y, xn, ym, gs_col_ink, 2, 0, -1);
	gs_mark_line(p, pn->x, ym, xn, ym, gs_col_ink, 2, 0, -1);
	gs_mark_rect(p, pn->x, pn->y, pn->w, pn->h, (gs_rgb){0, 0, 0, 0}, gs_col_ink, -1);
}

static void
fmt_eff(char *buf, size_t size, const char *name, double v)
{
	if (isfinite(v))
		snprintf(buf, size, "%s %.4f", name, v);
	else
		snprintf(buf, size, "%s n/a", name);
}

/* The side panel: the numbers, then the wave legend. */
static double
tile_info_text(gs_plot *p, const gs_tile_grid_spec *g, int aspect_kept)
{
	const gs_plot_tiles *t = &p->tiles;
	double x = GRID_W + 16, y = GS_TOP + 14, dy = GS_FS_LABEL + 7;
	char line[9][160];
	int n = 0;

	snprintf(line[n++], 160, "M = %ld, N = %ld", g->M, g->N);
	snprintf(line[n++], 160, "tile %ld \xc3\x97 %ld", g->tile_m, g->tile_n);
	snprintf(line[n++], 160, "%ld \xc3\x97 %ld = %ld tiles", t->tiles_m, t->tiles_n,
	         t->tiles_m * t->tiles_n);
	if (g->batch > 1)
		snprintf(line[n++], 160, "batch %ld: %ld tiles, batch 0 shown", g->batch,
		         t->num_tiles);
	snprintf(line[n++], 160, "%ld CUs: %ld wave%s, last %ld of %ld", g->cus, t->waves,
	         t->waves == 1 ? "" : "s", t->last_wave_tiles, g->cus);
	fmt_eff(line[n++], 160, "tile_eff", g->tile_eff);
	fmt_eff(line[n++], 160, "wq_eff", g->wq_eff);
	fmt_eff(line[n++], 160, "dim_eff", g->dim_eff);
	for (int i = 0; i < n; i++, y += dy)
		gs_mark_text(p, x, y, line[i], GS_FS_LABEL, GS_AL_LEFT, GS_AL_BASELINE, 0,
		             gs_col_ink);
	if (t->group > 1) {
		snprintf(line[0], 160, "each cell = %ld \xc3\x97 %ld tiles (wave of", t->group,
		         t->group);
		gs_mark_text(p, x, y, line[0], GS_FS_TICK, GS_AL_LEFT, GS_AL_BASELINE, 0,
		             gs_col_ink);
		y += GS_FS_TICK + 4;
		gs_mark_text(p, x, y, "its last tile), scaled down", GS_FS_TICK, GS_AL_LEFT,
		             GS_AL_BASELINE, 0, gs_col_ink);
		y += dy;
	}
	if (!aspect_kept) {
		gs_mark_text(p, x, y, "aspect ratio not to scale", GS_FS_TICK, GS_AL_LEFT,
		             GS_AL_BASELINE, 0, gs_col_ink);
		y += dy;
	}
	return y;
}

static void
wave_swatch(gs_plot *p, double x, double y, gs_rgb c, const char *label)
{
	gs_mark_rect(p, x, y - 10, 14, 12, c, gs_col_neutral, -1);
	gs_mark_text(p, x + 20, y, label, GS_FS_TICK, GS_AL_LEFT, GS_AL_BASELINE, 0, gs_col_ink);
}

static double
tile_wave_swatches(gs_plot *p, const gs_tile_grid_spec *g, double x, double y)
{
	const gs_plot_tiles *t = &p->tiles;
	char buf[96];

	if (t->waves <= 6) {
		for (long w = 0; w < t->waves; w++, y += 17) {
			snprintf(buf, sizeof buf, "wave %ld%s", w + 1,
			         w == t->waves - 1 && partial_last(t, g->cus) ? " (partial)" : "");
			wave_swatch(p, x, y, wave_colour(t, w, g->cus), buf);
		}
		return y;
	}
	wave_swatch(p, x, y, wave_colour(t, 0, g->cus), "wave 1");
	y += 17;
	snprintf(buf, sizeof buf, "wave %ld (darker = later)", t->waves - 1);
	wave_swatch(p, x, y, wave_colour(t, t->waves - 2, g->cus), buf);
	y += 17;
	snprintf(buf, sizeof buf, "wave %ld%s", t->waves,
	         partial_last(t, g->cus) ? " (partial)" : "");
	wave_swatch(p, x, y, wave_colour(t, t->waves - 1, g->cus), buf);
	return y + 17;
}

static double
tile_wave_legend(gs_plot *p, const gs_tile_grid_spec *g, double y)
{
	double x = GRID_W + 16;

	y = tile_wave_swatches(p, g, x, y);
	gs_mark_hatch(p, x, y - 10, 14, 12, gs_rgb_hex(0x222222, 0.85), -1);
	gs_mark_rect(p, x, y - 10, 14, 12, (gs_rgb){0, 0, 0, 0}, gs_col_neutral, -1);
	gs_mark_text(p, x + 20, y, "padding (wasted work)", GS_FS_TICK, GS_AL_LEFT, GS_AL_BASELINE,
	             0, gs_col_ink);
	return y;
}

static char *
default_title(const gs_tile_grid_spec *g, char *buf, size_t size)
{
	snprintf(buf, size, "Tile grid: %ld \xc3\x97 %ld, tile %ld \xc3\x97 %ld", g->M, g->N,
	         g->tile_m, g->tile_n);
	return buf;
}

gs_plot *
gs_plot_tile_grid(const gs_tile_grid_spec *g)
{
	char title[160];
	gs_plot *p;
	double bottom;
	int kept;

	if (!spec_ok(g))
		return NULL;
	p = gs_plot_new(FIG_W, FIG_H, g->title ? g->title : default_title(g, title, sizeof title),
	                1);
	if (!p)
		return NULL;
	p->has_tiles = 1;
	tile_facts(&p->tiles, g);
	tile_axes(p, g);
	kept = tile_place(p);
	tile_cells(p, g);
	tile_lines(p, g);
	tile_padding(p, g);
	bottom = tile_info_text(p, g, kept) + 6;
	bottom = tile_wave_legend(p, g, bottom);
	/* Shrink the figure to what it holds. */
	p->height = fmin(p->height, fmax(bottom + 14, p->panel[0].y + p->panel[0].h + GS_FS_TICK +
	                                                      GS_FS_LABEL + 30));
	if (gs_plot_finish(p) < 0) {
		gs_plot_free(p);
		return NULL;
	}
	return p;
}
