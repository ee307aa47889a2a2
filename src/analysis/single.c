/* single.c: one run's efficiency model (single.h). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/single.h"
#include "model/gemm.h"
#include "model/kernel_name.h"
#include "model/stats.h"
#include "util/checked.h"

void
gs_single_opts_default(gs_single_opts *o)
{
	memset(o, 0, sizeof *o);
	o->roof = GS_ROOF_PEAK;
	o->top = 4;
	o->by_time = 1;
}

const char *
gs_tile_source_name(gs_tile_source src)
{
	switch (src) {
	case GS_TILE_SRC_NAME: return "name";
	case GS_TILE_SRC_COLUMN: return "column";
	default: return "none";
	}
}

/* Calls of the record: the reader's count, at least 1. */
static double
calls(const gs_record *r)
{
	return r->t.count > 0 ? (double)r->t.count : 1.0;
}

static double
total_time(const gs_record *r)
{
	return gs_record_call_us(r) * calls(r);
}

static void
parse_kernel(gs_kparser *kp, gs_single_row *row, gs_single_detail *d)
{
	const gs_record *r = row->rec;

	if (!gs_record_kernel(r) || !*gs_record_kernel(r))
		return;
	row->have_kernel = 1;
	gs_kparser_parse(kp, gs_record_kernel(r), &d->x->kernel);
}

static void
tile_source(gs_single_row *row, const gs_single_detail *d)
{
	if (d->tile.tile_m <= 0)
		row->tile_source = GS_TILE_SRC_NONE;
	else if (gs_launch_of(row->rec)->tile_m > 0)
		row->tile_source = GS_TILE_SRC_COLUMN;
	else
		row->tile_source = GS_TILE_SRC_NAME;
}

/* Whether the tile model's failure on BLAS can be a limit (a workgroup
 * count above GS_COUNT_MAX): only when the 1x1-tile count M·N·batch
 * exceeds it.  Below it, a failure is a legitimate "no pick" (no MMA
 * intrinsic or no peak for the dtype on this GPU). */
static int
beyond_limit(const gs_shape *blas)
{
	long c;

	return gs_mul_long3(blas->M, blas->N, blas->batch, &c) != 0 || c > GS_COUNT_MAX;
}

/* The tile model's pick, and its cost of the kernel's own tile; -1 with
 * ERR (unlocated) when a failure may be the model's limit. */
static int
tile_model(const gs_single *s, int cus, gs_single_row *row, const gs_eff *eff, gs_single_detail *d,
           gs_error *err)
{
	gs_shape blas;
	gs_error e;

	if (!s->gpu)
		return 0;
	gs_eff_blas_shape(eff, &row->rec->shape, &blas);
	row->have_pick = gs_tile_model_pick(&blas, s->gpu, cus, 1, &d->pick, &e) == 0;
	if (!row->have_pick && beyond_limit(&blas))
		return gs_error_set(err, NULL, 0, 0, "%s", e.msg);
	if (d->tile.tile_m > 0)
		row->have_actual =
		        gs_tile_model_cost(&blas, s->gpu, cus, 1, d->tile.tile_m, d->tile.tile_n,
		                           d->tile.tile_k, &d->x->actual, &e) == 0;
	if (d->tile.tile_m > 0 && !row->have_actual && beyond_limit(&blas))
		return gs_error_set(err, NULL, 0, 0, "%s", e.msg);
	return 0;
}

static void
occupancy(const gs_single *s, gs_single_row *row, gs_single_detail *d)
{
	gs_occ_in in;

	if (!s->gpu || !gs_occ_in_from_launch(gs_launch_of(row->rec), &in))
		return;
	if (in.wg_size == 0 && d->x->kernel.block_size > 0)
		in.wg_size = d->x->kernel.block_size;
	row->have_occ = gs_occupancy(s->gpu->arch, &in, &d->x->occ, NULL) == 0;
}

/* Whether R's dimensions are all >= 1 (a shape the models take), so that
 * a failure of theirs is its size beyond their limits. */
static int
has_dims(const gs_record *r)
{
	const gs_shape *s = &r->shape;

	return !s->name && s->M >= 1 && s->N >= 1 && s->K >= 1 && s->batch >= 1;
}

/* ERR located at the input line of R in T: a shape beyond the limits. */
static int
located(const gs_table *t, const gs_record *r, gs_error *err)
{
	char msg[sizeof err->msg];

	if (!err)
		return -1;
	snprintf(msg, sizeof msg, "%s", err->msg);
	return gs_error_set(err, t->path, r->line > 0 ? r->line : 0, 0,
	                    "shape %ldx%ldx%ld is beyond the model's limits: %s", r->shape.M,
	                    r->shape.N, r->shape.K, msg);
}

/* ROW's detail: a copy of D when the tile is known or one of its have_*
 * is set, else none; its extra parts (D->x, which D may point at the
 * caller's) copied only when a flag of theirs is set.  -1 when out of
 * memory. */
static int
keep_detail(gs_single_row *row, const gs_single_detail *d)
{
	const gs_single_tile *t = &d->tile;
	int extra = row->have_kernel || row->have_actual || row->have_occ;

	if (!extra && !row->have_pick && !t->tile_m && !t->tile_n && !t->tile_k && !t->num_tiles &&
	    !t->rounds)
		return 0;
	if (!(row->detail = malloc(sizeof *row->detail)))
		return -1;
	*row->detail = *d;
	row->detail->x = NULL;
	if (extra) {
		if (!(row->detail->x = malloc(sizeof *row->detail->x)))
			return -1;
		*row->detail->x = *d->x;
	}
	return 0;
}

/* The row's own figures of E (brief: see single.h), its tile into D. */
static void
keep_brief(gs_single_row *row, gs_single_detail *d, const gs_eff *e)
{
	row->dim_eff = e->dim_eff;
	row->roofline_us = e->roofline_us;
	d->tile.num_tiles = e->num_tiles;
	d->tile.rounds = e->rounds;
	d->tile.tile_m = e->tile_m;
	d->tile.tile_n = e->tile_n;
	d->tile.tile_k = e->tile_k;
	row->status = (unsigned char)e->status;
	row->compute_bound = e->compute_bound != 0;
	row->over_roof = e->over_roof != 0;
	row->swapped = e->swapped != 0;
}

/* ROW's figures with no efficiency (no M/N/K, or a failed model). */
static void
no_brief(gs_single_row *row)
{
	row->dim_eff = row->roofline_us = NAN;
}

/* The efficiency model's input and options for ROW of S (KERNEL: its
 * parse, or NULL). */
static void
eff_input(const gs_single *s, const gs_single_row *row, const gs_kernel_info *kernel, gs_eff_in *in,
          gs_eff_opts *eo)
{
	gs_eff_in_from_record(row->rec, kernel, in);
	in->math_dtype = gs_single_math_dtype(row);
	gs_eff_opts_default(eo);
	eo->roof = s->opts.roof;
	eo->cus = s->cus;
}

/* gs_single_row.math of MATH, gs_kernel_math_dtype's answer for STORAGE. */
static unsigned char
math_code(const char *math, const char *storage)
{
	if (math == storage)
		return GS_MATH_STORAGE;
	return strcmp(math, "tf32") == 0 ? GS_MATH_TF32 : GS_MATH_XF32;
}

/* ROW's efficiency into ROW and D (zeroed by the caller). */
static int
compute_into(const gs_single *s, gs_kparser *kp, gs_single_row *row, gs_single_detail *d,
             gs_error *err)
{
	const gs_record *r = row->rec;
	gs_eff_in in;
	gs_eff_opts eo;
	gs_eff e;

	row->math = math_code(gs_kernel_math_dtype(gs_record_kernel(r), r->shape.dtype),
	                      r->shape.dtype);
	row->peak_class =
	        (signed char)(s->gpu ? gs_gpu_dtype_class(gs_single_math_dtype(row)) : -1);
	no_brief(row);
	parse_kernel(kp, row, d);
	occupancy(s, row, d);
	if (r->shape.name) { /* keyed by kernel name: no M, N, K, the name's tile */
		row->have_eff = gs_eff_kernel_only(row->have_kernel ? &d->x->kernel : NULL, &e);
		if (row->have_eff)
			keep_brief(row, d, &e);
		tile_source(row, d);
		return 0;
	}
	eff_input(s, row, row->have_kernel ? &d->x->kernel : NULL, &in, &eo);
	row->have_eff = gs_eff_compute(&in, s->gpu, &eo, &e, err) == 0;
	if (!row->have_eff)
		return has_dims(r) ? located(s->table, r, err) : 0;
	keep_brief(row, d, &e);
	tile_source(row, d);
	if (tile_model(s, eo.cus, row, &e, d, err) != 0)
		return located(s->table, r, err);
	return 0;
}

const gs_eff *
gs_single_eff(const gs_single *s, const gs_single_row *row, gs_eff *out)
{
	gs_eff_in in;
	gs_eff_opts eo;

	if (!row || !row->have_eff)
		return NULL;
	if (row->rec->shape.name) /* keyed by kernel name: the name's tile only */
		return gs_eff_kernel_only(gs_single_kernel_of(row), out) ? out : NULL;
	eff_input(s, row, gs_single_kernel_of(row), &in, &eo);
	/* the inputs gs_single_run accepted: the model succeeds again */
	if (gs_eff_compute(&in, s->gpu, &eo, out, NULL) != 0)
		return NULL;
	return out;
}

double
gs_single_roof_tflops(const gs_single *s, const gs_single_row *row)
{
	return s->gpu ? gs_gpu_roof_tflops(s->gpu, gs_single_math_dtype(row), s->opts.roof, NULL)
	              : NAN;
}

double
gs_single_total_us(const gs_single_row *row)
{
	return total_time(row->rec);
}

/* ROW's FLOP, bytes and intensity as its gs_eff counts them, or 0 when
 * it has none (no efficiency, or no M, N, K). */
static int
row_cost(const gs_single_row *row, gs_gemm *g)
{
	if (!row->have_eff || row->status == GS_EFF_NO_DIMS)
		return 0;
	gs_gemm_cost(&row->rec->shape, g);
	return 1;
}

double
gs_single_achieved_tflops(const gs_single_row *row)
{
	gs_gemm g;

	return row_cost(row, &g) ? gs_gemm_tflops(g.flop, row->rec->t.median) : NAN;
}

double
gs_single_ai(const gs_single_row *row)
{
	gs_gemm g;

	return row_cost(row, &g) ? g.ai : NAN;
}

const char *
gs_single_math_dtype(const gs_single_row *row)
{
	return row->math == GS_MATH_TF32   ? "tf32"
	       : row->math == GS_MATH_XF32 ? "xf32"
	                                   : row->rec->shape.dtype;
}

static int
compute_row(const gs_single *s, gs_kparser *kp, gs_single_row *row, gs_error *err)
{
	gs_single_detail d;
	gs_single_extra x;

	memset(&d, 0, sizeof d);
	memset(&x, 0, sizeof x);
	d.x = &x;
	if (compute_into(s, kp, row, &d, err) != 0)
		return -1;
	if (keep_detail(row, &d) != 0)
		return gs_error_set(err, s->table->path, 0, 0, "out of memory");
	return 0;
}

static void
add_to_summary(gs_single_summary *m, const gs_single_row *row, double *w_dim, double *t_dim,
               double *w_roof, double *t_roof)
{
	double total = gs_single_total_us(row); /* a mean over the samples */
	gs_gemm g;

	m->total_us += total;
	if (!row->have_eff)
		return;
	m->with_tile += gs_single_tile_of(row)->tile_m > 0;
	if (row->status == GS_EFF_NO_DIMS)
		return; /* a kernel's tile, no M, N, K */
	m->with_eff++;
	m->math_differs += row->math != GS_MATH_STORAGE;
	m->over_roof += row->over_roof;
	if (row_cost(row, &g)) /* it has: have_eff, M/N/K */
		m->total_flop += g.flop * calls(row->rec);
	if (isfinite(row->dim_eff)) {
		m->with_dim_eff++;
		*w_dim += total * row->dim_eff;
		*t_dim += total;
	}
	if (isfinite(row->roofline_us)) {
		m->compute_bound += row->compute_bound;
		m->memory_bound += !row->compute_bound;
		*w_roof += row->roofline_us * calls(row->rec);
		*t_roof += total;
	}
}

static void
summarise(gs_single *s)
{
	gs_single_summary *m = &s->s;
	double w_dim = 0, t_dim = 0, w_roof = 0, t_roof = 0;

	memset(m, 0, sizeof *m);
	m->shapes = s->n;
	for (size_t i = 0; i < s->n; i++)
		add_to_summary(m, &s->rows[i], &w_dim, &t_dim, &w_roof, &t_roof);
	m->tflops = m->total_us > 0 && m->with_eff > 0 ? m->total_flop / m->total_us / 1e6 : NAN;
	m->weighted_dim_eff = t_dim > 0 ? w_dim / t_dim : NAN;
	m->weighted_pct_roofline = t_roof > 0 ? w_roof / t_roof * 100 : NAN;
}

typedef struct timed {
	double t;
	size_t i;
} timed;

static int
by_time_desc(const void *a, const void *b)
{
	const timed *x = a, *y = b;

	if (x->t != y->t)
		return x->t > y->t ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

static int
sort_by_time(gs_single *s)
{
	timed *tmp = malloc((s->n ? s->n : 1) * sizeof *tmp);

	if (!tmp)
		return -1;
	for (size_t i = 0; i < s->n; i++) {
		double t = gs_single_total_us(&s->rows[i]);
		tmp[i].t = isfinite(t) ? t : 0;
		tmp[i].i = i;
	}
	qsort(tmp, s->n, sizeof *tmp, by_time_desc);
	for (size_t i = 0; i < s->n; i++)
		s->by_time[i] = tmp[i].i;
	free(tmp);
	return 0;
}

/* The CU count of T on GPU (see gs_single_run). */
static void
choose_cus(gs_single *s)
{
	const gs_table *t = s->table;
	const gs_gpu *named = t->gpu ? gs_gpu_find(t->gpu) : NULL;
	int same = !s->gpu || !named || gs_gpu_same_chip(named, s->gpu);

	s->cus_from_input = t->gpu_cus > 0 && same;
	s->cus = s->cus_from_input ? t->gpu_cus : s->gpu ? (int)s->gpu->cus.v : 0;
}

int
gs_single_run(const gs_table *t, const gs_gpu *gpu, const gs_single_opts *o, gs_single *out,
              gs_error *err)
{
	gs_kparser *kp;

	memset(out, 0, sizeof *out);
	out->table = t;
	out->gpu = gpu;
	if (o)
		out->opts = *o;
	else
		gs_single_opts_default(&out->opts);
	choose_cus(out);
	out->roof_bw_tbs = gpu ? gs_gpu_roof_bw(gpu, out->opts.roof, NULL) : NAN;
	out->rows = calloc(t->n ? t->n : 1, sizeof *out->rows);
	if (out->opts.by_time)
		out->by_time = calloc(t->n ? t->n : 1, sizeof *out->by_time);
	if (!out->rows || (out->opts.by_time && !out->by_time))
		return gs_error_set(err, t->path, 0, 0, "out of memory");
	if (!(kp = gs_kparser_new(err)))
		return -1;
	out->n = t->n;
	for (size_t i = 0; i < t->n; i++) {
		out->rows[i].rec = &t->rec[i];
		if (compute_row(out, kp, &out->rows[i], err) != 0) {
			gs_kparser_free(kp);
			return -1;
		}
	}
	gs_kparser_free(kp);
	if (out->opts.by_time && sort_by_time(out) != 0)
		return gs_error_set(err, t->path, 0, 0, "out of memory");
	summarise(out);
	return 0;
}

void
gs_single_free(gs_single *s)
{
	for (size_t i = 0; s->rows && i < s->n; i++)
		if (s->rows[i].detail) {
			free(s->rows[i].detail->x);
			free(s->rows[i].detail);
		}
	free(s->rows);
	free(s->by_time);
	memset(s, 0, sizeof *s);
}

int
gs_single_records(const gs_table *t, gs_single *out, gs_error *err)
{
	memset(out, 0, sizeof *out);
	out->table = t;
	out->roof_bw_tbs = NAN;
	out->rows = calloc(t->n ? t->n : 1, sizeof *out->rows);
	if (!out->rows)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	out->n = t->n;
	for (size_t i = 0; i < t->n; i++) {
		gs_single_row *row = &out->rows[i];
		gs_single_detail d;
		gs_eff_in in;
		gs_eff_opts eo;
		gs_eff e;

		row->rec = &t->rec[i];
		row->peak_class = -1;
		no_brief(row);
		eff_input(out, row, NULL, &in, &eo);
		row->have_eff = gs_eff_compute(&in, NULL, &eo, &e, err) == 0;
		if (!row->have_eff && has_dims(row->rec))
			return located(t, row->rec, err);
		if (!row->have_eff)
			continue;
		memset(&d, 0, sizeof d);
		keep_brief(row, &d, &e);
		if (keep_detail(row, &d) != 0)
			return gs_error_set(err, t->path, 0, 0, "out of memory");
	}
	return 0;
}

const gs_single_row *
gs_single_row_of(const gs_single *s, const gs_record *r)
{
	size_t i;

	if (!s || !s->table || !r || r < s->table->rec || r >= s->table->rec + s->table->n)
		return NULL;
	i = (size_t)(r - s->table->rec);
	return i < s->n ? &s->rows[i] : NULL;
}
