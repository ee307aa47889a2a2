/* plot_roofs.c: the roofs of the roofline (efficiency.md §1.2): per GPU a
 * slanted memory roof, and its flat compute roofs from their ridge points,
 * with every label placed clear of the others.  Two GPUs (a cross-GPU
 * compare) each get their own memory roof and ridges: a compute roof only
 * meets the memory roof of its own GPU.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/plot.h"
#include "render/plot_impl.h"

/* Placements tried per label; ceilings labelled (MAX_CEILINGS of
 * figures_roof.c). */
enum { TRIES = 8, MAX_LABELLED = 32 };

typedef gs_roof_boxes placed;

size_t
gs_roof_machines(const gs_roofline_spec *s)
{
	return s->machines && s->nmachines ? s->nmachines : 1;
}

double
gs_roof_bw(const gs_roofline_spec *s, size_t m)
{
	if (!s->machines || !s->nmachines)
		return m == 0 ? s->bandwidth_gbs : NAN;
	return m < s->nmachines ? s->machines[m].bandwidth_gbs : NAN;
}

/* Machine M's colour and dash: the first ink and solid, the second
 * vermillion (Okabe-Ito, apart from the viridis markers) and dashed. */
static gs_rgb
machine_colour(size_t m)
{
	return m == 0 ? gs_col_ink : gs_rgb_hex(0xD55E00, 1);
}

static int
machine_dash(size_t m)
{
	return m == 0 ? 0 : 1;
}

static const char *
machine_name(const gs_roofline_spec *s, size_t m)
{
	return s->machines && m < s->nmachines ? s->machines[m].name : NULL;
}

static int
clashes(const placed *pl, const double *b)
{
	for (size_t i = 0; i < pl->n; i++)
		if (gs_boxes_overlap(pl->b[i], b))
			return 1;
	return 0;
}

int
gs_roof_clear(const gs_roof_boxes *b, const double *x)
{
	return !clashes(b, x);
}

static void
keep(placed *pl, const double *b)
{
	if (pl->n < GS_ROOF_BOXES)
		memcpy(pl->b[pl->n++], b, sizeof pl->b[0]);
}

/* The leftmost left edge of the placed boxes that B overlaps. */
static double
clash_left(const placed *pl, const double *b)
{
	double x = INFINITY;

	for (size_t i = 0; i < pl->n; i++)
		if (gs_boxes_overlap(pl->b[i], b))
			x = fmin(x, pl->b[i][0]);
	return x;
}

/* Memory roof TFLOP/s of machine M at AI. */
static double
mem_roof(const gs_roofline_spec *s, size_t m, double ai)
{
	return ai * gs_roof_bw(s, m) / 1000;
}

/* The highest ridge of machine M's ceilings, or the right edge. */
static double
top_ridge(const gs_plot *p, const gs_roofline_spec *s, size_t m)
{
	double r = -INFINITY;

	for (size_t i = 0; i < p->nridge; i++)
		if (s->ceilings[i].machine == m)
			r = fmax(r, p->ridge[i]);
	return isfinite(r) ? r : p->panel[0].ax.hi;
}

/* Machine M's memory roof label along its slope, at the first of a few
 * places along the line where it is inside the panel and clear of PL. */
static void
mem_label(gs_plot *p, const gs_roofline_spec *s, size_t m, placed *pl)
{
	const gs_panel *pn = &p->panel[0];
	double top = gs_axis_map(&pn->ax, top_ridge(p, s, m)), b[4];
	char buf[96];

	if (machine_name(s, m))
		snprintf(buf, sizeof buf, "%s %.6g GB/s", machine_name(s, m), gs_roof_bw(s, m));
	else
		snprintf(buf, sizeof buf, "%.6g GB/s", gs_roof_bw(s, m));
	for (int k = 0; k < TRIES; k++) {
		double f = 0.06 + 0.12 * ((k + (int)m * 2) % TRIES);
		double ai = pn->ax.lo * pow(pn->ax.hi / pn->ax.lo, f);
		double x = gs_axis_map(&pn->ax, ai), y = gs_axis_map(&pn->ay, mem_roof(s, m, ai));
		double dx = gs_axis_map(&pn->ax, ai * 10) - x;
		double dy = gs_axis_map(&pn->ay, mem_roof(s, m, ai * 10)) - y;
		double ang = atan2(dy, dx);

		gs_text_bbox(buf, GS_FS_TICK, x, y - 4, GS_AL_LEFT, GS_AL_BOTTOM, ang, b);
		if (b[1] < pn->y + 2 || b[1] + b[3] > pn->y + pn->h || b[0] + b[2] > top ||
		    clashes(pl, b))
			continue;
		gs_mark_text(p, x, y - 4, buf, GS_FS_TICK, GS_AL_LEFT, GS_AL_BOTTOM, ang,
		             machine_colour(m));
		keep(pl, b);
		return;
	}
}

/* What a candidate box of ceiling I's label costs: 1000 outside the
 * panel, 100 per label it overlaps, 50 when it leaves its own roof
 * (starts left of its ridge at X0 although the roof is long enough), 10
 * per marker (the first NOBST boxes of PL), 1 per other compute roof it
 * crosses. */
static int
label_cost(const gs_plot *p, const gs_roofline_spec *s, size_t i, const double *b, double x0,
           const placed *pl, size_t nobst)
{
	const gs_panel *pn = &p->panel[0];
	int cost = 0;

	if (b[0] < pn->x || b[1] < pn->y || b[0] + b[2] > pn->x + pn->w ||
	    b[1] + b[3] > pn->y + pn->h)
		cost += 1000;
	if (b[0] < x0 - 1 && x0 + b[2] + 8 <= pn->x + pn->w)
		cost += 50;
	for (size_t k = 0; k < pl->n; k++)
		if (gs_boxes_overlap(pl->b[k], b))
			cost += k < nobst ? 10 : 100;
	for (size_t j = 0; j < p->nridge; j++) {
		double y = gs_axis_map(&pn->ay, s->ceilings[j].peak_tflops);
		double xj = gs_axis_map(&pn->ax, p->ridge[j]);
		cost += j != i && y > b[1] && y < b[1] + b[3] && xj < b[0] + b[2];
	}
	return cost;
}

/* The label of ceiling I (its roof from the ridge at device X0 to the
 * right edge, at Y): above or below the roof, at its right end, its left
 * end, or left of what its right-end place would overlap; the cheapest
 * place by label_cost. */
static void
ceiling_label(gs_plot *p, const gs_roofline_spec *s, size_t i, double x0, double y, placed *pl,
              size_t nobst)
{
	const gs_panel *pn = &p->panel[0];
	const gs_roofline_ceiling *c = &s->ceilings[i];
	double w, xs[3], b[4], best[4];
	int best_cost = -1, best_va = GS_AL_BOTTOM;
	char buf[128];

	snprintf(buf, sizeof buf, "%s %.6g TFLOP/s", c->name ? c->name : "peak", c->peak_tflops);
	w = gs_text_width(buf, GS_FS_TICK);
	xs[0] = pn->x + pn->w - 4; /* right end */
	xs[1] = fmax(x0 + 4 + w, pn->x + w + 4); /* left end, just past the ridge */
	for (int k = 0; k < 6; k++) {
		int va = k % 2 ? GS_AL_TOP : GS_AL_BOTTOM, cost;

		if (k == 4) { /* left of what the right end overlaps */
			gs_text_bbox(buf, GS_FS_TICK, xs[0], y - 3, GS_AL_RIGHT, GS_AL_BOTTOM, 0,
			             b);
			xs[2] = clash_left(pl, b) - 6;
			if (!isfinite(xs[2]))
				break;
		}
		gs_text_bbox(buf, GS_FS_TICK, xs[k / 2], va == GS_AL_BOTTOM ? y - 3 : y + 3,
		             GS_AL_RIGHT, va, 0, b);
		cost = label_cost(p, s, i, b, x0, pl, nobst) + k / 2; /* ties: the right end */
		if (best_cost < 0 || cost < best_cost) {
			best_cost = cost;
			best_va = va;
			memcpy(best, b, sizeof b);
		}
	}
	gs_mark_text(p, best[0] + best[2], best_va == GS_AL_BOTTOM ? y - 3 : y + 3, buf, GS_FS_TICK,
	             GS_AL_RIGHT, best_va, 0, machine_colour(c->machine));
	keep(pl, best);
}

/* The vertical label of ridge I at device X: left of its dotted line,
 * else right of it, else raised above the label it meets. */
static void
ridge_label(gs_plot *p, const gs_roofline_spec *s, size_t i, double x, placed *pl)
{
	const gs_panel *pn = &p->panel[0];
	double y = pn->y + pn->h - 4, b[4];
	int va = GS_AL_BOTTOM;
	char buf[64];

	snprintf(buf, sizeof buf, "ridge %.4g", p->ridge[i]);
	for (int k = 0; k < TRIES; k++) {
		gs_text_bbox(buf, GS_FS_TICK, x + (va == GS_AL_BOTTOM ? 3 : -3), y, GS_AL_LEFT, va,
		             -GS_PI / 2, b);
		if (!clashes(pl, b) || b[1] < pn->y + 4)
			break;
		if (va == GS_AL_TOP) {
			double above = b[1];
			for (size_t j = 0; j < pl->n; j++)
				if (gs_boxes_overlap(pl->b[j], b))
					above = fmin(above, pl->b[j][1]);
			y = above - 6;
		}
		va = va == GS_AL_BOTTOM ? GS_AL_TOP : GS_AL_BOTTOM;
	}
	gs_mark_text(p, x + (va == GS_AL_BOTTOM ? 3 : -3), y, buf, GS_FS_TICK, GS_AL_LEFT, va,
	             -GS_PI / 2,
	             s->ceilings[i].machine == 0 ? gs_rgb_hex(0x555555, 1)
	                                         : machine_colour(s->ceilings[i].machine));
	keep(pl, b);
}

/* The order of the ceilings, top roof first (lowest device y). */
static void
by_height(const gs_plot *p, const gs_roofline_spec *s, size_t *order)
{
	size_t n = p->nridge;

	for (size_t i = 0; i < n; i++)
		order[i] = i;
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && s->ceilings[order[j]].peak_tflops >
		                                    s->ceilings[order[j - 1]].peak_tflops;
		     j--) {
			size_t t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
}

void
gs_roof_draw(gs_plot *p, const gs_roofline_spec *s, gs_roof_boxes *pl)
{
	const gs_panel *pn = &p->panel[0];
	size_t order[MAX_LABELLED], n = p->nridge < MAX_LABELLED ? p->nridge : MAX_LABELLED;
	size_t nobst = pl->n;

	for (size_t i = 0; i < n; i++) {
		size_t m = s->ceilings[i].machine;
		double r = gs_axis_map(&pn->ax, p->ridge[i]);
		double y = gs_axis_map(&pn->ay, s->ceilings[i].peak_tflops);

		gs_mark_line(p, r, y, pn->x + pn->w, y, machine_colour(m), 1.5, machine_dash(m), 0);
		gs_mark_line(p, r, y, r, pn->y + pn->h, m == 0 ? gs_col_neutral : machine_colour(m),
		             1, 2, 0);
	}
	for (size_t m = 0; m < gs_roof_machines(s); m++) {
		double xl = pn->ax.lo, xr = top_ridge(p, s, m);
		gs_mark_line(p, gs_axis_map(&pn->ax, xl), gs_axis_map(&pn->ay, mem_roof(s, m, xl)),
		             gs_axis_map(&pn->ax, xr), gs_axis_map(&pn->ay, mem_roof(s, m, xr)),
		             machine_colour(m), 1.5, machine_dash(m), 0);
	}
	by_height(p, s, order);
	for (size_t k = 0; k < n; k++)
		ceiling_label(p, s, order[k], gs_axis_map(&pn->ax, p->ridge[order[k]]),
		              gs_axis_map(&pn->ay, s->ceilings[order[k]].peak_tflops), pl, nobst);
	for (size_t i = 0; i < n; i++)
		ridge_label(p, s, i, gs_axis_map(&pn->ax, p->ridge[i]), pl);
	for (size_t m = 0; m < gs_roof_machines(s); m++)
		mem_label(p, s, m, pl);
}

void
gs_roof_legend(gs_plot *p, const gs_roofline_spec *s)
{
	char buf[96];

	for (size_t m = 0; m < gs_roof_machines(s); m++) {
		if (!machine_name(s, m)) {
			gs_legend_add(p, "roofs", machine_colour(m), machine_dash(m) ? 3 : 1);
			continue;
		}
		snprintf(buf, sizeof buf, "%s roofs", machine_name(s, m));
		gs_legend_add(p, buf, machine_colour(m), machine_dash(m) ? 3 : 1);
	}
}
