/* plot_roofline.c: the roofline (efficiency.md §1.2): arithmetic intensity
 * (FLOP/byte) against achieved TFLOP/s, log-log, with a memory ceiling per
 * GPU and one compute ceiling per dtype and GPU (plot_roofs.c), markers
 * sized by time and coloured by dim_eff, and arrows from baseline to
 * candidate.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/plot.h"
#include "render/plot_impl.h"

#define FIG_W 720.0
#define FIG_H 440.0
#define BAR_W 86.0 /* right strip for the dim_eff colour scale */

static int
point_ok(const gs_roofline_point *q)
{
	return isfinite(q->ai) && isfinite(q->tflops) && q->ai > 0 && q->tflops > 0;
}

static int
spec_ok(const gs_roofline_spec *s)
{
	size_t nm;

	if (!s || (s->machines && s->nmachines > GS_ROOFLINE_MAX_MACHINES))
		return 0;
	nm = gs_roof_machines(s);
	for (size_t m = 0; m < nm; m++)
		if (!(gs_roof_bw(s, m) > 0) || !isfinite(gs_roof_bw(s, m)))
			return 0;
	for (size_t i = 0; i < s->nceilings; i++)
		if (!(s->ceilings[i].peak_tflops > 0) || !isfinite(s->ceilings[i].peak_tflops) ||
		    s->ceilings[i].machine >= nm)
			return 0;
	return !s->nceilings || s->ceilings;
}

/* Ridge of each ceiling: its peak over its own machine's bandwidth. */
static void
roof_ridges(gs_plot *p, const gs_roofline_spec *s)
{
	p->ridge = malloc((s->nceilings ? s->nceilings : 1) * sizeof *p->ridge);
	if (!p->ridge) {
		p->oom = 1;
		return;
	}
	p->nridge = s->nceilings;
	for (size_t i = 0; i < s->nceilings; i++)
		p->ridge[i] =
		        s->ceilings[i].peak_tflops * 1000 / gs_roof_bw(s, s->ceilings[i].machine);
}

static void
roof_axes(gs_plot *p, const gs_roofline_spec *s, const gs_roofline_point *pts, size_t n)
{
	double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
	gs_panel *pn = &p->panel[0];

	for (size_t i = 0; i < n; i++) {
		if (!point_ok(&pts[i]))
			continue;
		xlo = fmin(xlo, pts[i].ai);
		xhi = fmax(xhi, pts[i].ai * 2);
		ylo = fmin(ylo, pts[i].tflops);
		yhi = fmax(yhi, pts[i].tflops);
	}
	for (size_t i = 0; i < p->nridge; i++) {
		xlo = fmin(xlo, p->ridge[i] / 4);
		xhi = fmax(xhi, p->ridge[i] * 4);
		yhi = fmax(yhi, s->ceilings[i].peak_tflops * 1.5);
	}
	for (size_t m = 0; m < gs_roof_machines(s); m++)
		ylo = fmin(ylo, xlo * gs_roof_bw(s, m) / 1000);
	gs_axis_log(p, &pn->ax, 10, xlo, xhi);
	gs_axis_log(p, &pn->ay, 10, ylo, yhi);
	gs_axis_set_label(p, &pn->ax, "arithmetic intensity (FLOP/byte)");
	gs_axis_set_label(p, &pn->ay, "TFLOP/s");
}

static double
max_time(const gs_roofline_point *pts, size_t n)
{
	double t = 0;

	for (size_t i = 0; i < n; i++)
		if (point_ok(&pts[i]) && isfinite(pts[i].time_us) && pts[i].time_us > t)
			t = pts[i].time_us;
	return t;
}

/* Marker area proportional to time: r = 3 + 9 sqrt(t / tmax) px. */
static void
roof_place(gs_plot *p, const gs_roofline_point *pts, size_t n)
{
	const gs_panel *pn = &p->panel[0];
	double tmax = max_time(pts, n);

	for (size_t i = 0; i < n; i++) {
		gs_point *q = &p->pt[i];
		double t = pts[i].time_us;

		q->cls = -1;
		q->x = q->y = NAN;
		if (!point_ok(&pts[i])) {
			p->skipped++;
			continue;
		}
		q->cls = GS_PLOT_UNCLASSED;
		q->x = gs_axis_map(&pn->ax, pts[i].ai);
		q->y = gs_axis_map(&pn->ay, pts[i].tflops);
		q->r = 3 + (tmax > 0 && t > 0 ? 9 * sqrt(t / tmax) : 0);
	}
}

typedef struct by_time {
	double t;
	size_t i;
} by_time;

static int
cmp_by_time_desc(const void *a, const void *b)
{
	const by_time *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? 1 : -1;
	return (x->i > y->i) - (x->i < y->i);
}

static void
roof_arrows(gs_plot *p, const gs_roofline_point *pts, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		long j = pts[i].arrow_to;
		const gs_point *a = &p->pt[i], *b;
		double dx, dy, len;

		if (j < 0 || (size_t)j >= n || (size_t)j == i || a->cls < 0 || p->pt[j].cls < 0)
			continue;
		b = &p->pt[j];
		dx = b->x - a->x;
		dy = b->y - a->y;
		len = hypot(dx, dy);
		if (len <= b->r + 2)
			continue;
		gs_mark_arrow(p, a->x, a->y, b->x - dx / len * (b->r + 1),
		              b->y - dy / len * (b->r + 1), gs_rgb_hex(0x222222, 0.8), 0);
	}
}

/* Point label beside the marker: right of it, else left, else the side
 * clear of the roof labels in B. */
static void
roof_label(gs_plot *p, const gs_point *q, const char *label, const gs_roof_boxes *b)
{
	const gs_panel *pn = &p->panel[0];
	double w = gs_text_width(label, GS_FS_TICK), r[4], l[4];
	int right;

	gs_text_bbox(label, GS_FS_TICK, q->x + q->r + 3, q->y, GS_AL_LEFT, GS_AL_MIDDLE, 0, r);
	gs_text_bbox(label, GS_FS_TICK, q->x - q->r - 3, q->y, GS_AL_RIGHT, GS_AL_MIDDLE, 0, l);
	right = q->x + q->r + 3 + w <= pn->x + pn->w;
	if (right && !gs_roof_clear(b, r) && gs_roof_clear(b, l))
		right = 0;
	if (right)
		gs_mark_text(p, q->x + q->r + 3, q->y, label, GS_FS_TICK, GS_AL_LEFT, GS_AL_MIDDLE,
		             0, gs_col_ink);
	else
		gs_mark_text(p, q->x - q->r - 3, q->y, label, GS_FS_TICK, GS_AL_RIGHT, GS_AL_MIDDLE,
		             0, gs_col_ink);
}

/* Largest markers first so small ones stay visible. */
static void
roof_markers(gs_plot *p, const gs_roofline_point *pts, size_t n, const gs_roof_boxes *b)
{
	by_time *order = malloc((n ? n : 1) * sizeof *order);

	if (!order) {
		p->oom = 1;
		return;
	}
	for (size_t i = 0; i < n; i++) {
		order[i].t = isfinite(pts[i].time_us) ? pts[i].time_us : 0;
		order[i].i = i;
	}
	qsort(order, n, sizeof *order, cmp_by_time_desc);
	for (size_t k = 0; k < n; k++) {
		size_t i = order[k].i;
		const gs_point *q = &p->pt[i];
		double e = pts[i].dim_eff;

		if (q->cls < 0)
			continue;
		gs_mark_circle(p, q->x, q->y, q->r, isfinite(e) ? gs_viridis(e) : gs_col_neutral,
		               gs_col_white, 0);
		if (n <= 12 && pts[i].label)
			roof_label(p, q, pts[i].label, b);
	}
	free(order);
}

/* The markers' boxes, obstacles for the roof labels. */
static void
marker_boxes(const gs_plot *p, size_t n, gs_roof_boxes *b)
{
	for (size_t i = 0; i < n && b->n < GS_ROOF_BOXES / 2; i++) {
		const gs_point *q = &p->pt[i];
		if (q->cls < 0)
			continue;
		b->b[b->n][0] = q->x - q->r;
		b->b[b->n][1] = q->y - q->r;
		b->b[b->n][2] = b->b[b->n][3] = 2 * q->r;
		b->n++;
	}
}

/* Vertical viridis scale for dim_eff 0..1 at the right of the panel. */
static void
roof_colour_bar(gs_plot *p)
{
	const gs_panel *pn = &p->panel[0];
	double x = p->width - BAR_W + 22, top = pn->y + 18, h = pn->h - 36;
	char buf[16];

	gs_mark_text(p, x + 6, pn->y + 4, "dim_eff", GS_FS_TICK, GS_AL_CENTER, GS_AL_MIDDLE, 0,
	             gs_col_ink);
	for (int k = 0; k < 20; k++)
		gs_mark_rect(p, x, top + h * (19 - k) / 20.0, 12, h / 20.0 + 0.3,
		             gs_viridis((k + 0.5) / 20), (gs_rgb){0, 0, 0, 0}, -1);
	gs_mark_rect(p, x, top, 12, h, (gs_rgb){0, 0, 0, 0}, gs_col_ink, -1);
	for (int k = 0; k <= 4; k++) {
		double y = top + h * (1 - k / 4.0);

		snprintf(buf, sizeof buf, "%.2g", k / 4.0);
		gs_mark_line(p, x + 12, y, x + 16, y, gs_col_ink, 1, 0, -1);
		gs_mark_text(p, x + 19, y, buf, GS_FS_TICK, GS_AL_LEFT, GS_AL_MIDDLE, 0,
		             gs_col_ink);
	}
}

static void
roof_legend(gs_plot *p, const gs_roofline_spec *s, size_t drawn)
{
	char buf[96];

	gs_roof_legend(p, s);
	gs_legend_add(p, "dim_eff unknown", gs_col_neutral, 2);
	gs_legend_add(p, "baseline \xe2\x86\x92 candidate", gs_rgb_hex(0x222222, 1), 1);
	gs_legend_place(p, p->width - 14, GS_LEGEND_Y);
	snprintf(buf, sizeof buf, "%zu points%s; marker area \xe2\x88\x9d time", drawn,
	         p->skipped ? " (some skipped)" : "");
	gs_frame_note(p, buf);
}

/* ---------------------------------------------------- dense roofline */

/* The dense roofline's markers: the labelled points and their arrows'
 * targets (at most KEEP_MAX), sorted by index. */
#define KEEP_MAX (2 * GS_PLOT_MAX_LABELS)

static int
cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return (x > y) - (x < y);
}

static size_t
dense_keep(const gs_roofline_point *pts, size_t n, size_t *keep)
{
	size_t k = 0;

	for (size_t i = 0; i < n && k + 2 <= KEEP_MAX; i++) {
		long j = pts[i].arrow_to;

		if (!pts[i].label || !point_ok(&pts[i]))
			continue;
		keep[k++] = i;
		if (j >= 0 && (size_t)j < n && (size_t)j != i && point_ok(&pts[j]))
			keep[k++] = (size_t)j;
	}
	qsort(keep, k, sizeof *keep, cmp_size);
	return k;
}

static int
kept(const size_t *keep, size_t k, size_t i)
{
	return bsearch(&i, keep, k, sizeof *keep, cmp_size) != NULL;
}

/* Arrows between kept points, then their markers (white, ink ring), then
 * the labels placed clear of each other. */
static void
dense_markers(gs_plot *p, const gs_roofline_point *pts, size_t n, const size_t *keep, size_t k)
{
	const gs_panel *pn = &p->panel[0];
	double x[KEEP_MAX], y[KEEP_MAX], r[KEEP_MAX], tmax = max_time(pts, n);
	const char *text[KEEP_MAX];
	size_t nl = 0;

	for (size_t a = 0; a < k; a++) {
		double t = pts[keep[a]].time_us;

		x[a] = gs_axis_map(&pn->ax, pts[keep[a]].ai);
		y[a] = gs_axis_map(&pn->ay, pts[keep[a]].tflops);
		r[a] = 3 + (tmax > 0 && t > 0 ? 9 * sqrt(t / tmax) : 0);
	}
	for (size_t a = 0; a < k; a++) {
		long j = pts[keep[a]].arrow_to;
		const size_t *hit = NULL;

		if (pts[keep[a]].label && j >= 0)
			hit = bsearch(&(size_t){(size_t)j}, keep, k, sizeof *keep, cmp_size);
		if (hit && hit != &keep[a]) {
			size_t b = (size_t)(hit - keep);
			double dx = x[b] - x[a], dy = y[b] - y[a], len = hypot(dx, dy);

			if (len > r[b] + 2)
				gs_mark_arrow(p, x[a], y[a], x[b] - dx / len * (r[b] + 1),
				              y[b] - dy / len * (r[b] + 1),
				              gs_rgb_hex(0x222222, 0.9), 0);
		}
	}
	for (size_t a = 0; a < k; a++)
		gs_mark_circle(p, x[a], y[a], r[a], gs_rgb_hex(0xFFFFFF, 0.7), gs_col_ink, 0);
	for (size_t a = 0; a < k; a++)
		if (pts[keep[a]].label) {
			x[nl] = x[a];
			y[nl] = y[a];
			r[nl] = r[a];
			text[nl++] = pts[keep[a]].label;
		}
	gs_plot_place_labels(p, x, y, r, text, nl);
}

/* Density of the unlabelled points under the roofs, the kept markers
 * over them. */
static void
roof_dense(gs_plot *p, const gs_roofline_spec *spec, const gs_roofline_point *pts, size_t n,
           size_t drawn)
{
	const gs_panel *pn = &p->panel[0];
	size_t keep[KEEP_MAX] = {0}, k = dense_keep(pts, n, keep);
	gs_roof_boxes boxes = {.n = 0};
	gs_density d;
	char buf[128];

	if (gs_density_init(p, &d, 0) != 0)
		return;
	for (size_t i = 0; i < n; i++)
		if (point_ok(&pts[i]) && !kept(keep, k, i))
			gs_density_add(&d, gs_axis_map(&pn->ax, pts[i].ai),
			               gs_axis_map(&pn->ay, pts[i].tflops));
	gs_density_draw(p, &d, p->width - GS_DENSITY_BAR_W + 16);
	gs_roof_draw(p, spec, &boxes);
	dense_markers(p, pts, n, keep, k);
	p->skipped = n - drawn;
	gs_roof_legend(p, spec);
	gs_legend_add(p, "labelled (marker area \xe2\x88\x9d time)", gs_col_ink, 2);
	gs_legend_add(p, "baseline \xe2\x86\x92 candidate", gs_rgb_hex(0x222222, 1), 1);
	gs_legend_place(p, p->width - 14, GS_LEGEND_Y);
	snprintf(buf, sizeof buf, "%zu points, counted in 6 px cells", drawn);
	gs_frame_note(p, buf);
}

gs_plot *
gs_plot_roofline(const gs_roofline_spec *spec, const gs_roofline_point *pts, size_t n)
{
	gs_roof_boxes boxes = {.n = 0};
	gs_plot *p;
	size_t drawn = 0;

	for (size_t i = 0; pts && i < n; i++)
		drawn += point_ok(&pts[i]);
	if (!drawn || !spec_ok(spec))
		return NULL;
	p = gs_plot_new(FIG_W, FIG_H, spec->title ? spec->title : "Roofline", 1);
	if (!p)
		return NULL;
	roof_ridges(p, spec);
	if (!p->oom && drawn > GS_PLOT_DENSE_MIN) {
		roof_axes(p, spec, pts, n);
		gs_frame_place(p, 0, 0, GS_TOP, p->width - GS_DENSITY_BAR_W, p->height - GS_TOP, 3);
		roof_dense(p, spec, pts, n, drawn);
	} else if (!p->oom && gs_points_alloc(p, n) == 0) {
		roof_axes(p, spec, pts, n);
		gs_frame_place(p, 0, 0, GS_TOP, p->width - BAR_W, p->height - GS_TOP, 3);
		roof_place(p, pts, n);
		marker_boxes(p, n, &boxes);
		gs_roof_draw(p, spec, &boxes);
		roof_arrows(p, pts, n);
		roof_markers(p, pts, n, &boxes);
		roof_colour_bar(p);
		roof_legend(p, spec, drawn);
	}
	if (gs_plot_finish(p) < 0) {
		gs_plot_free(p);
		return NULL;
	}
	return p;
}
