/* plot_compare.c: the three compare plots: sorted speedup curve,
 * baseline-vs-candidate scatter, speedup histogram.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/fmt.h"
#include "render/plot.h"
#include "render/plot_impl.h"

#define FIG_W 720.0
#define FIG_H 420.0

typedef gs_cls_value cls_value;

/* CLS as a GS_PLOT_* class this module draws (anything else: neutral). */
int
gs_known_class(int cls)
{
	return cls == GS_PLOT_IMPROVED || cls == GS_PLOT_REGRESSED || cls == GS_PLOT_UNSURE
	               ? cls
	               : GS_PLOT_NEUTRAL;
}

int
gs_cmp_cls_value(const void *a, const void *b)
{
	const cls_value *x = a, *y = b;
	int c = gs_cmp_double(&x->v, &y->v);

	return c ? c : (x->cls > y->cls) - (x->cls < y->cls);
}

/* One stable counting-sort pass of the M values of FROM into TO by the
 * 16-bit digit of their key at SHIFT (SHIFT 64: by class). */
static void
radix_pass(const cls_value *from, cls_value *to, size_t m, int shift, size_t *cnt)
{
	memset(cnt, 0, 65537 * sizeof *cnt);
	for (size_t i = 0; i < m; i++) {
		uint64_t k;

		memcpy(&k, &from[i].v, sizeof k);
		cnt[1 + (shift == 64 ? (size_t)from[i].cls : (size_t)((k >> shift) & 0xFFFF))]++;
	}
	for (size_t d = 1; d <= 65536; d++)
		cnt[d] += cnt[d - 1];
	for (size_t i = 0; i < m; i++) {
		uint64_t k;

		memcpy(&k, &from[i].v, sizeof k);
		to[cnt[shift == 64 ? (size_t)from[i].cls : (size_t)((k >> shift) & 0xFFFF)]++] =
		        from[i];
	}
}

/* Sort S ascending by value, ties by class, as gs_cmp_cls_value: an LSD
 * radix sort (class, then the 64-bit pattern of the value in 16-bit
 * digits; positive finite doubles order as their bit patterns), O(M), so
 * a million shapes cost milliseconds instead of a comparison sort's
 * second.  Falls back to qsort when out of memory. */
static void
sort_values(cls_value *s, size_t m)
{
	cls_value *tmp = malloc((m ? m : 1) * sizeof *tmp);
	size_t *cnt = malloc(65537 * sizeof *cnt);

	if (!tmp || !cnt) {
		qsort(s, m, sizeof *s, gs_cmp_cls_value);
	} else {
		radix_pass(s, tmp, m, 64, cnt);
		radix_pass(tmp, s, m, 0, cnt);
		radix_pass(s, tmp, m, 16, cnt);
		radix_pass(tmp, s, m, 32, cnt);
		radix_pass(s, tmp, m, 48, cnt);
		memcpy(s, tmp, m * sizeof *s);
	}
	free(tmp);
	free(cnt);
}

/* Finite positive values of V with their classes, sorted ascending (ties
 * by class), into a new array. */
static cls_value *
positive_sorted(const double *v, const int *cls, size_t n, size_t *m)
{
	cls_value *s = malloc((n ? n : 1) * sizeof *s);

	*m = 0;
	if (!s)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i]) && v[i] > 0) {
			s[*m].v = v[i];
			s[(*m)++].cls = gs_known_class(cls[i]);
		}
	sort_values(s, *m);
	return s;
}

/* 1 if some of the N classes is unsure. */
static int
any_unsure(const cls_value *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i].cls == GS_PLOT_UNSURE)
			return 1;
	return 0;
}

static void
threshold_legend(gs_plot *p, double t, int with_band, int unsure)
{
	char buf[96];

	snprintf(buf, sizeof buf, "improved (> +%.3g %%)", t * 100);
	gs_legend_add(p, buf, gs_col_improved, with_band == 2 ? 0 : 2);
	snprintf(buf, sizeof buf, "regressed (< \xe2\x88\x92%.3g %%)", t * 100);
	gs_legend_add(p, buf, gs_col_regressed, with_band == 2 ? 0 : 2);
	gs_legend_add(p, "neutral", gs_col_neutral, with_band == 2 ? 0 : 2);
	if (unsure)
		gs_legend_add(p, "unsure (U test)", gs_col_unsure, with_band == 2 ? 0 : 2);
	snprintf(buf, sizeof buf, "\xc2\xb1%.3g %%", t * 100);
	if (with_band == 1)
		gs_legend_add(p, buf, gs_rgb_hex(0x999999, 0.25), 0);
	else
		gs_legend_add(p, buf, gs_col_ink, 3);
}

static void
count_note(gs_plot *p, size_t drawn, size_t skipped, const char *what)
{
	char buf[256], d[GS_FMT_LEN], k[GS_FMT_LEN];

	gs_fmt_count(d, sizeof d, drawn); /* 997,500, as the tables write it */
	if (skipped)
		snprintf(buf, sizeof buf, "%s %s, %s skipped (not > 0)", d, what,
		         gs_fmt_count(k, sizeof k, skipped));
	else
		snprintf(buf, sizeof buf, "%s %s", d, what);
	gs_frame_note(p, buf);
}

/* ------------------------------------------------------- speedup curve */

static void
curve_axes(gs_plot *p, const cls_value *s, size_t m, double t)
{
	gs_panel *pn = &p->panel[0];
	double span = m > 1 ? (double)(m - 1) : 1, lo = s[0].v, hi = s[m - 1].v;

	gs_axis_linear(p, &pn->ax, 0, span, 0, 7);
	pn->ax.lo = -0.02 * span;
	pn->ax.hi = span * 1.02;
	gs_axis_set_label(p, &pn->ax, "shapes, ranked by speedup");
	if (1 - t > 0 && 1 - t < lo)
		lo = 1 - t;
	if (1 + t > hi)
		hi = 1 + t;
	gs_axis_log(p, &pn->ay, 2, lo, hi);
	gs_axis_set_label(p, &pn->ay, "speedup  t_base / t_cand");
}

static void
curve_band(gs_plot *p, double t)
{
	const gs_panel *pn = &p->panel[0];
	double top = gs_axis_map(&pn->ay, 1 + t);
	double bottom = 1 - t > 0 ? gs_axis_map(&pn->ay, 1 - t) : pn->y + pn->h;

	p->has_band = 1;
	p->band_top = top;
	p->band_bottom = bottom;
	gs_mark_rect(p, pn->x, top, pn->w, bottom - top, gs_rgb_hex(0x999999, 0.25),
	             (gs_rgb){0, 0, 0, 0}, 0);
	gs_mark_line(p, pn->x, gs_axis_map(&pn->ay, 1), pn->x + pn->w, gs_axis_map(&pn->ay, 1),
	             gs_col_ink, 1.25, 0, 0);
}

/* The placed points of P as one mark per class (about 140 bytes of SVG a
 * point instead of 400 for a styled element each), regressions drawn
 * last so nothing hides them: neutral, improved, unsure, regressed.
 * STROKE outlines every disc after all fills: only for unoutlined
 * markers whose overlap order does not matter (the sorted curve). */
static void
dots_by_class(gs_plot *p, double r, gs_rgb stroke)
{
	static const int order[4] = {GS_PLOT_NEUTRAL, GS_PLOT_IMPROVED, GS_PLOT_UNSURE,
	                             GS_PLOT_REGRESSED};
	double *xy = malloc(2 * (p->npt ? p->npt : 1) * sizeof *xy);

	if (!xy) {
		p->oom = 1;
		return;
	}
	for (int k = 0; k < 4; k++) {
		size_t n = 0;

		for (size_t i = 0; i < p->npt; i++)
			if (p->pt[i].cls == order[k]) {
				xy[2 * n] = p->pt[i].x;
				xy[2 * n++ + 1] = p->pt[i].y;
			}
		if (n)
			gs_mark_dots(p, xy, n, r, *gs_class_colour(order[k]), stroke, 0);
	}
	free(xy);
}

static void
curve_points(gs_plot *p, const cls_value *s, size_t m)
{
	const gs_panel *pn = &p->panel[0];
	double *xy = malloc(2 * m * sizeof *xy);
	double r = 2.5;

	if (!xy || gs_points_alloc(p, m) < 0) {
		p->oom = 1;
		free(xy);
		return;
	}
	for (size_t i = 0; i < m; i++) {
		p->pt[i].x = xy[2 * i] = gs_axis_map(&pn->ax, (double)i);
		p->pt[i].y = xy[2 * i + 1] = gs_axis_map(&pn->ay, s[i].v);
		p->pt[i].r = r;
		p->pt[i].cls = s[i].cls;
	}
	gs_mark_poly(p, xy, m, gs_rgb_hex(0x777777, 1), 1, 0);
	free(xy);
	dots_by_class(p, r, (gs_rgb){0, 0, 0, 0});
}

/* The sorted curve of the M drawable speedups S (sorted) of the N inputs
 * SPEEDUP, CLS: gs_plot_speedup_curve's plot. */
static gs_plot *
curve_of(const cls_value *s, size_t m, const double *speedup, const int *cls, size_t n,
         double threshold, const gs_plot_labels *labels)
{
	gs_plot *p = gs_plot_new(FIG_W, FIG_H, "Speedup per shape, sorted", 1);

	if (p) {
		p->skipped = n - m;
		curve_axes(p, s, m, threshold);
		gs_frame_single(p, 3);
		curve_band(p, threshold);
		if (m > GS_PLOT_DENSE_MIN)
			gs_curve_columns(p, s, m);
		else
			curve_points(p, s, m);
		gs_curve_labels(p, s, m, speedup, cls, n, labels);
		threshold_legend(p, threshold, 1, any_unsure(s, m));
		gs_legend_place(p, p->width - 14, GS_LEGEND_Y);
		count_note(p, m, p->skipped,
		           m > GS_PLOT_DENSE_MIN ? "shapes; min and max per pixel column"
		                                 : "shapes");
	}
	if (p && gs_plot_finish(p) < 0) {
		gs_plot_free(p);
		return NULL;
	}
	return p;
}

gs_plot *
gs_plot_speedup_curve(const double *speedup, const int *cls, size_t n, double threshold,
                      const gs_plot_labels *labels)
{
	size_t m;
	cls_value *s = positive_sorted(speedup, cls, n, &m);
	gs_plot *p = s && m > 0 && threshold >= 0
	                     ? curve_of(s, m, speedup, cls, n, threshold, labels)
	                     : NULL;

	free(s);
	return p;
}

/* ------------------------------------------------------------- scatter */

static int
pair_ok(double b, double c)
{
	return isfinite(b) && isfinite(c) && b > 0 && c > 0;
}

/* y = x / K across the panel (a straight line in log-log), clipped. */
static void
scatter_ratio_line(gs_plot *p, double k, int dash)
{
	const gs_panel *pn = &p->panel[0];
	double lo = pn->ax.lo, hi = pn->ax.hi;

	gs_mark_line(p, gs_axis_map(&pn->ax, lo), gs_axis_map(&pn->ay, lo / k),
	             gs_axis_map(&pn->ax, hi), gs_axis_map(&pn->ay, hi / k),
	             dash ? gs_rgb_hex(0x555555, 1) : gs_col_ink, dash ? 1 : 1.25, dash, 0);
}

/* Returns 1 if a drawn point is unsure. */
static int
scatter_points(gs_plot *p, const double *b, const double *c, const int *cls, size_t n)
{
	const gs_panel *pn = &p->panel[0];
	double r = 3;
	int unsure = 0;

	if (gs_points_alloc(p, n) < 0)
		return 0;
	for (size_t i = 0; i < n; i++) {
		gs_point *q = &p->pt[i];

		q->cls = -1;
		q->x = q->y = NAN;
		if (!pair_ok(b[i], c[i]))
			continue;
		q->x = gs_axis_map(&pn->ax, b[i]);
		q->y = gs_axis_map(&pn->ay, c[i]);
		q->r = r;
		q->cls = gs_known_class(cls[i]);
		unsure |= q->cls == GS_PLOT_UNSURE;
		/* One mark each, in input order: the white outline of each marker
		 * separates it from those it covers (a batched outline would ring
		 * every marker of a cluster). */
		gs_mark_circle(p, q->x, q->y, r, *gs_class_colour(q->cls), gs_col_white, 0);
	}
	return unsure;
}

/* The dense scatter's legend: the labelled points and the lines. */
static void
dense_legend(gs_plot *p, double t, int labelled)
{
	char buf[96];

	if (labelled)
		gs_legend_add(p, "top regressions", gs_col_regressed, 2);
	gs_legend_add(p, "y = x", gs_col_ink, 1);
	snprintf(buf, sizeof buf, "\xc2\xb1%.3g %%", t * 100);
	gs_legend_add(p, buf, gs_col_ink, 3);
}

gs_plot *
gs_plot_scatter(const double *t_base_us, const double *t_cand_us, const int *cls, size_t n,
                double threshold, const gs_plot_labels *labels)
{
	double lo = INFINITY, hi = -INFINITY;
	size_t m = 0;
	gs_plot *p;

	for (size_t i = 0; i < n; i++) {
		if (!pair_ok(t_base_us[i], t_cand_us[i]))
			continue;
		m++;
		lo = fmin(lo, fmin(t_base_us[i], t_cand_us[i]));
		hi = fmax(hi, fmax(t_base_us[i], t_cand_us[i]));
	}
	if (m == 0 || !(threshold >= 0))
		return NULL;
	p = gs_plot_new(FIG_W, FIG_H, "Candidate vs baseline time per shape", 1);
	if (!p)
		return NULL;
	p->skipped = n - m;
	gs_axis_log(p, &p->panel[0].ax, 10, lo, hi);
	gs_axis_log(p, &p->panel[0].ay, 10, lo, hi);
	gs_axis_set_label(p, &p->panel[0].ax, "baseline time (\xc2\xb5s)");
	gs_axis_set_label(p, &p->panel[0].ay, "candidate time (\xc2\xb5s)");
	if (m > GS_PLOT_DENSE_MIN) {
		gs_frame_place(p, 0, 0, GS_TOP, p->width - GS_DENSITY_BAR_W, p->height - GS_TOP, 3);
		gs_scatter_density(p, t_base_us, t_cand_us, n, p->width - GS_DENSITY_BAR_W + 16);
	} else {
		gs_frame_single(p, 3);
	}
	scatter_ratio_line(p, 1, 0);
	scatter_ratio_line(p, 1 + threshold, 1);
	if (threshold < 1)
		scatter_ratio_line(p, 1 - threshold, 1);
	if (m > GS_PLOT_DENSE_MIN)
		dense_legend(p, threshold, labels && labels->n);
	else
		threshold_legend(p, threshold, 0, scatter_points(p, t_base_us, t_cand_us, cls, n));
	gs_scatter_labels(p, t_base_us, t_cand_us, cls, n, labels);
	gs_legend_place(p, p->width - 14, GS_LEGEND_Y);
	count_note(p, m, p->skipped,
	           m > GS_PLOT_DENSE_MIN
	                   ? "shapes, counted in 6 px cells; below the diagonal is faster"
	                   : "shapes; below the diagonal is faster");
	if (gs_plot_finish(p) < 0) {
		gs_plot_free(p);
		return NULL;
	}
	return p;
}

/* ----------------------------------------------------------- histogram */

/* Quantile Q of sorted V (linear interpolation between order statistics,
 * Hyndman & Fan type 7). */
static double
quantile(const double *v, size_t m, double q)
{
	double h = (double)(m - 1) * q;
	size_t i = (size_t)floor(h);

	if (i + 1 >= m)
		return v[m - 1];
	return v[i] + (h - (double)i) * (v[i + 1] - v[i]);
}

/* Bin width: Freedman-Diaconis, 0.05 if the IQR is 0, at most 60 bins. */
static double
bin_width(const double *v, size_t m)
{
	double iqr = quantile(v, m, 0.75) - quantile(v, m, 0.25);
	double w = 2 * iqr / cbrt((double)m), range = v[m - 1] - v[0];

	if (!(w > 0))
		w = 0.05;
	if (range / w > 59)
		w = range / 59;
	return w;
}

/* Bins over V[i] = log2(S[i].v) (S sorted); per-class counts use the
 * classes S carries from the report model. */
static int
hist_bins(gs_plot *p, const cls_value *s, const double *v, size_t m)
{
	double w = bin_width(v, m);
	long k0 = (long)floor(v[0] / w), k1 = (long)floor(v[m - 1] / w);
	size_t nb = (size_t)(k1 - k0 + 1);

	p->bin_edges = malloc((nb + 1) * sizeof *p->bin_edges);
	p->bin_counts = calloc(nb, sizeof *p->bin_counts);
	p->bin_cls = calloc(GS_PLOT_NCLS * nb, sizeof *p->bin_cls);
	if (!p->bin_edges || !p->bin_counts || !p->bin_cls) {
		p->oom = 1;
		return -1;
	}
	p->nbins = nb;
	for (size_t i = 0; i <= nb; i++)
		p->bin_edges[i] = (double)(k0 + (long)i) * w;
	for (size_t i = 0; i < m; i++) {
		long b = (long)floor(v[i] / w) - k0;

		if (b >= (long)nb)
			b = (long)nb - 1;
		if (b < 0)
			b = 0;
		p->bin_counts[b]++;
		p->bin_cls[GS_PLOT_NCLS * (size_t)b + (size_t)s[i].cls]++;
	}
	return 0;
}

static void
hist_axes(gs_plot *p, double t)
{
	gs_panel *pn = &p->panel[0];
	double lo = p->bin_edges[0], hi = p->bin_edges[p->nbins];
	size_t cmax = 0;

	for (size_t i = 0; i < p->nbins; i++)
		if (p->bin_counts[i] > cmax)
			cmax = p->bin_counts[i];
	if (1 - t > 0 && log2(1 - t) < lo)
		lo = log2(1 - t);
	if (log2(1 + t) > hi)
		hi = log2(1 + t);
	gs_axis_log(p, &pn->ax, 2, exp2(lo), exp2(hi));
	gs_axis_set_label(p, &pn->ax, "speedup  t_base / t_cand  (log2 bins)");
	gs_axis_linear(p, &pn->ay, 0, (double)cmax * 1.05, 1, 5);
	gs_axis_set_label(p, &pn->ay, "shapes");
}

/* Bars stacked by class (regressed, unsure, neutral, improved from the
 * bottom), so a bin that straddles a threshold shows both sides
 * truthfully. */
static void
hist_bar(gs_plot *p, size_t i)
{
	static const int order[4] = {GS_PLOT_REGRESSED, GS_PLOT_UNSURE, GS_PLOT_NEUTRAL,
	                             GS_PLOT_IMPROVED};
	const gs_panel *pn = &p->panel[0];
	double x0 = gs_axis_map(&pn->ax, exp2(p->bin_edges[i]));
	double x1 = gs_axis_map(&pn->ax, exp2(p->bin_edges[i + 1]));
	size_t below = 0;

	for (int k = 0; k < 4; k++) {
		size_t c = p->bin_cls[GS_PLOT_NCLS * i + (size_t)order[k]];
		double y0 = gs_axis_map(&pn->ay, (double)below);
		double y1 = gs_axis_map(&pn->ay, (double)(below + c));

		if (!c)
			continue;
		gs_mark_rect(p, x0, y1, x1 - x0, y0 - y1, *gs_class_colour(order[k]), gs_col_white,
		             0);
		below += c;
	}
}

static void
hist_bars(gs_plot *p, double t)
{
	const gs_panel *pn = &p->panel[0];

	for (size_t i = 0; i < p->nbins; i++)
		hist_bar(p, i);
	gs_mark_line(p, gs_axis_map(&pn->ax, 1), pn->y, gs_axis_map(&pn->ax, 1), pn->y + pn->h,
	             gs_col_ink, 1.25, 0, 0);
	gs_mark_line(p, gs_axis_map(&pn->ax, 1 + t), pn->y, gs_axis_map(&pn->ax, 1 + t),
	             pn->y + pn->h, gs_col_ink, 1, 1, 0);
	if (1 - t > 0)
		gs_mark_line(p, gs_axis_map(&pn->ax, 1 - t), pn->y, gs_axis_map(&pn->ax, 1 - t),
		             pn->y + pn->h, gs_col_ink, 1, 1, 0);
}

/* The histogram of the M drawable speedups S (sorted) of N inputs:
 * gs_plot_histogram's plot. */
static gs_plot *
histogram_of(const cls_value *s, size_t m, size_t n, double threshold)
{
	double *v = malloc(m * sizeof *v);
	gs_plot *p = NULL;
	char note[128];

	if (!v)
		goto out;
	for (size_t i = 0; i < m; i++)
		v[i] = log2(s[i].v);
	p = gs_plot_new(FIG_W, FIG_H, "Distribution of speedups", 1);
	if (!p || hist_bins(p, s, v, m) < 0)
		goto out;
	p->skipped = n - m;
	hist_axes(p, threshold);
	gs_frame_single(p, 2);
	hist_bars(p, threshold);
	threshold_legend(p, threshold, 2, any_unsure(s, m));
	gs_legend_place(p, p->width - 14, GS_LEGEND_Y);
	snprintf(note, sizeof note, "shapes, bin width %.3g in log2(speedup)",
	         p->bin_edges[1] - p->bin_edges[0]);
	count_note(p, m, p->skipped, note);
out:
	free(v);
	if (p && gs_plot_finish(p) < 0) {
		gs_plot_free(p);
		return NULL;
	}
	return p;
}

gs_plot *
gs_plot_histogram(const double *speedup, const int *cls, size_t n, double threshold)
{
	size_t m;
	cls_value *s = positive_sorted(speedup, cls, n, &m);
	gs_plot *p = s && m > 0 && threshold >= 0 ? histogram_of(s, m, n, threshold) : NULL;

	free(s);
	return p;
}

void
gs_plot_speedups(const double *speedup, const int *cls, size_t n, double threshold,
                 const gs_plot_labels *labels, gs_plot **curve, gs_plot **histogram)
{
	size_t m;
	cls_value *s = positive_sorted(speedup, cls, n, &m);
	int ok = s && m > 0 && threshold >= 0;

	*curve = ok ? curve_of(s, m, speedup, cls, n, threshold, labels) : NULL;
	*histogram = ok ? histogram_of(s, m, n, threshold) : NULL;
	free(s);
}
