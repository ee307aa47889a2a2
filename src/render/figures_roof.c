/* figures_roof.c: the roofline figure of the single-run and compare
 * reports (figures.h), laid out by gs_plot_roofline from the efficiency
 * models.  A compare whose sides ran on different GPUs draws each GPU's
 * memory roof, compute roofs and ridges (issue 12: cross-GPU compares). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/figures.h"
#include "render/plot.h"

enum { MAX_CEILINGS = 2 * GS_PK_COUNT, LABEL_LEN = 64, TEXT_LEN = 2048, NAME_LEN = 48 };

typedef struct roof_data {
	gs_roofline_ceiling ceil[MAX_CEILINGS];
	char names[MAX_CEILINGS][NAME_LEN];
	size_t nceil;
	gs_roofline_machine mach[GS_ROOFLINE_MAX_MACHINES];
	const gs_gpu *gpu[GS_ROOFLINE_MAX_MACHINES];
	size_t nmach;
	gs_roofline_point *pts;
	char (*labels)[LABEL_LEN]; /* only the labelled points' (LCAP) */
	size_t n, cap, nl, lcap;
} roof_data;

/* Room for CAP points of which at most LCAP labelled. */
static int
roof_init(roof_data *rd, size_t cap, size_t lcap)
{
	memset(rd, 0, sizeof *rd);
	rd->pts = calloc(cap ? cap : 1, sizeof *rd->pts);
	rd->labels = calloc(lcap ? lcap : 1, sizeof *rd->labels);
	rd->cap = cap;
	rd->lcap = lcap;
	return rd->pts && rd->labels ? 0 : -1;
}

static void
roof_free(roof_data *rd)
{
	free(rd->pts);
	free(rd->labels);
}

/* S's GPU as the next machine: its name and bandwidth roof.  Returns the
 * machine's index. */
static size_t
roof_machine(roof_data *rd, const gs_single *s)
{
	size_t m = rd->nmach++;

	rd->gpu[m] = s->gpu;
	rd->mach[m].name = s->gpu->name;
	rd->mach[m].bandwidth_gbs = s->roof_bw_tbs * 1000;
	return m;
}

/* The compute ceilings of machine M for every dtype class S's rows use,
 * named by the class (and the GPU's name when SUFFIX). */
static void
roof_ceilings(roof_data *rd, const gs_single *s, size_t m, int suffix)
{
	for (size_t i = 0; i < s->n && rd->nceil < MAX_CEILINGS; i++) {
		int cls = s->rows[i].peak_class;
		double peak;
		char name[NAME_LEN];
		int seen = 0;
		if (!s->rows[i].have_eff || cls < 0 ||
		    !((peak = gs_single_roof_tflops(s, &s->rows[i])) > 0))
			continue;
		snprintf(name, sizeof name, suffix ? "%s %s" : "%s", gs_gpu_class_name(cls),
		         s->gpu->name);
		for (size_t j = 0; j < rd->nceil; j++)
			seen |= strcmp(rd->names[j], name) == 0;
		if (seen)
			continue;
		snprintf(rd->names[rd->nceil], sizeof rd->names[0], "%s", name);
		rd->ceil[rd->nceil].name = rd->names[rd->nceil];
		rd->ceil[rd->nceil].peak_tflops = peak;
		rd->ceil[rd->nceil].machine = m;
		rd->nceil++;
	}
}

/* Append ROW's point with LABEL (NULL: none); returns its index, or -1
 * when it cannot be drawn. */
static long
roof_point(roof_data *rd, const gs_single_row *row, const char *label, long arrow_to)
{
	gs_roofline_point *q;
	double ai = row ? gs_single_ai(row) : NAN,
	       tflops = row ? gs_single_achieved_tflops(row) : NAN;

	if (!isfinite(ai) || !isfinite(tflops) || rd->n >= rd->cap)
		return -1;
	q = &rd->pts[rd->n];
	q->label = NULL;
	if (label && rd->nl < rd->lcap) {
		snprintf(rd->labels[rd->nl], LABEL_LEN, "%s", label);
		q->label = rd->labels[rd->nl++];
	}
	q->ai = ai;
	q->tflops = tflops;
	q->time_us = gs_single_total_us(row);
	q->dim_eff = row->dim_eff;
	q->arrow_to = arrow_to;
	return (long)rd->n++;
}

static int
roof_drawable(const roof_data *rd)
{
	for (size_t m = 0; m < rd->nmach; m++)
		if (!(rd->mach[m].bandwidth_gbs > 0))
			return 0;
	return rd->nmach > 0 && rd->nceil > 0 && rd->n > 0;
}

/* The plot; with one GPU its memory roof is unnamed, as it always was. */
static gs_plot *
roof_plot(const roof_data *rd)
{
	gs_roofline_spec spec = {rd->ceil,
	                         rd->nceil,
	                         rd->mach[0].bandwidth_gbs,
	                         NULL,
	                         rd->nmach > 1 ? rd->mach : NULL,
	                         rd->nmach > 1 ? rd->nmach : 0};

	return gs_plot_roofline(&spec, rd->pts, rd->n);
}

/* "; ridge points bf16 246.7, f32 30.83 FLOP/B" for machine M, into BUF. */
static void
ridges_text(const roof_data *rd, size_t m, char *buf, size_t size)
{
	size_t len = 0, k = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < rd->nceil && len + 1 < size; i++) {
		if (rd->ceil[i].machine != m)
			continue;
		int w = snprintf(buf + len, size - len, "%s%s %.4g", k++ ? ", " : "; ridge points ",
		                 rd->names[i],
		                 rd->ceil[i].peak_tflops * 1000 / rd->mach[m].bandwidth_gbs);
		if (w < 0)
			break;
		len += (size_t)w < size - len ? (size_t)w : size - len - 1;
	}
	if (k && len + 8 < size)
		snprintf(buf + len, size - len, " FLOP/B");
}

static const char ROOF_HOW[] =
        "Achieved TFLOP/s against arithmetic intensity (FLOP per byte, TraceLens "
        "byte count: a lower bound on DRAM traffic), log-log. The slanted line is "
        "the memory roof, the flat ones the compute roofs; a point's distance below "
        "its roof is what the kernel leaves on the table.";

int
gs_figures_roofline_single(const gs_single *s, gs_report_plot **plots, size_t *n, gs_error *err)
{
	char caption[TEXT_LEN], ridges[512];
	roof_data rd;
	int rc = 0;

	if (!s->gpu)
		return 0;
	if (roof_init(&rd, s->n, s->opts.top) != 0)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	roof_ceilings(&rd, s, roof_machine(&rd, s), 0);
	for (size_t i = 0; i < s->n; i++) {
		char label[32];
		snprintf(label, sizeof label, "#%zu", i + 1);
		roof_point(&rd, &s->rows[s->by_time[i]], i < s->opts.top ? label : NULL, -1);
	}
	ridges_text(&rd, 0, ridges, sizeof ridges);
	snprintf(caption, sizeof caption,
	         "%s Roofs: the %s %s figures (gemmscope gpus "
	         "lists them with their sources)%s. One point per shape; marker area "
	         "\xe2\x88\x9d total time, colour = dim_eff (grey: unknown); #1..#%zu are "
	         "the largest time consumers, as numbered in the tables.",
	         ROOF_HOW, s->gpu->name, s->opts.roof == GS_ROOF_PEAK ? "vendor peak" : "measured",
	         ridges, s->opts.top);
	if (roof_drawable(&rd))
		rc = gs_figures_push(plots, n, roof_plot(&rd), "roofline", "Roofline", caption,
		                     NULL, err);
	roof_free(&rd);
	return rc;
}

/* The roofline's GPUs: the baseline's, else the candidate's, and the
 * other side's too when it ran on another GPU: each with its own memory
 * roof and compute roofs.  Returns the number of GPUs (0: none). */
static size_t
compare_roofs(roof_data *rd, const gs_single *b, const gs_single *c)
{
	const gs_single *first = b && b->gpu ? b : c && c->gpu ? c : NULL;
	const gs_single *other = first == b ? c : b;
	int differ;

	if (!first)
		return 0;
	differ = other && other->gpu &&
	         (strcmp(other->gpu->name, first->gpu->name) != 0 ||
	          other->roof_bw_tbs != first->roof_bw_tbs);
	roof_ceilings(rd, first, roof_machine(rd, first), differ);
	if (differ)
		roof_ceilings(rd, other, roof_machine(rd, other), 1);
	return rd->nmach;
}

static const gs_single_row *
row_of(const gs_single *s, const gs_record *r)
{
	return s ? gs_single_row_of(s, r) : NULL;
}

static void
compare_points(roof_data *rd, const gs_compare *c, const gs_single *b, const gs_single *cd)
{
	long *at = malloc((c->npairs ? c->npairs : 1) * sizeof *at);
	char label[32];

	for (size_t i = 0; i < c->npairs; i++) {
		long k = roof_point(rd, row_of(cd, c->pairs[i].cand), NULL, -1);
		if (at)
			at[i] = k;
	}
	for (size_t i = 0; at && i < c->ntop_regressed; i++) {
		size_t p = c->top_regressed[i];
		snprintf(label, sizeof label, "R%zu", i + 1);
		if (at[p] >= 0)
			roof_point(rd, row_of(b, c->pairs[p].base), label, at[p]);
	}
	free(at);
}

/* "Roofs: H100 (memory roof 3350 GB/s; ridge bf16 H100 295.3 FLOP/B), ..." */
static void
roofs_text(const roof_data *rd, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t m = 0; m < rd->nmach && len + 1 < size; m++) {
		char ridges[512];
		ridges_text(rd, m, ridges, sizeof ridges);
		int w = snprintf(buf + len, size - len, "%s%s (memory roof %.6g GB/s%s)",
		                 m ? "; " : "Roofs: ", rd->mach[m].name, rd->mach[m].bandwidth_gbs,
		                 ridges);
		if (w < 0)
			break;
		len += (size_t)w < size - len ? (size_t)w : size - len - 1;
	}
}

int
gs_figures_roofline_compare(const gs_compare *c, const gs_single *b, const gs_single *cd,
                            gs_report_plot **plots, size_t *n, gs_error *err)
{
	char caption[TEXT_LEN], roofs[1024];
	roof_data rd;
	int rc = 0;

	if (roof_init(&rd, c->npairs + c->ntop_regressed, c->ntop_regressed) != 0)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	if (compare_roofs(&rd, b, cd) > 0) {
		compare_points(&rd, c, b, cd);
		roofs_text(&rd, roofs, sizeof roofs);
		snprintf(caption, sizeof caption,
		         "%s One point per matched shape as the "
		         "candidate ran it; each top regression (R1, R2 ... as numbered under "
		         "Efficiency) also has its baseline point, with an arrow to its candidate "
		         "point. %s%s; marker area \xe2\x88\x9d total time, colour = "
		         "dim_eff (grey: unknown).",
		         ROOF_HOW, roofs,
		         rd.nmach > 1 ? " (each GPU's compute roofs start at its own ridge, on "
		                        "its own memory roof)"
		                      : "");
		if (roof_drawable(&rd))
			rc = gs_figures_push(plots, n, roof_plot(&rd), "roofline",
			                     "Roofline: baseline \xe2\x86\x92 candidate", caption,
			                     NULL, err);
	}
	roof_free(&rd);
	return rc;
}
