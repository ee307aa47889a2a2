/* explain.c: the explain model: one GEMM's efficiency breakdown from the
 * models in src/model/ (efficiency, tile model, occupancy, kernel names).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/explain.h"

static int
parse_kernel(const gs_explain_in *o, gs_explain *r, gs_error *err)
{
	gs_kparser *kp;

	if (!o->kernel)
		return 0;
	if (!(kp = gs_kparser_new(err)))
		return -1;
	gs_kparser_parse(kp, o->kernel, &r->kinfo);
	gs_kparser_free(kp);
	r->have_kernel = 1;
	return 0;
}

static void
make_shapes(const gs_explain_in *o, gs_explain *r)
{
	gs_shape_init(&r->shape);
	r->shape.M = o->m;
	r->shape.N = o->n;
	r->shape.K = o->k;
	r->shape.batch = o->batch;
	r->shape.bias = o->bias;
	snprintf(r->shape.dtype, sizeof r->shape.dtype, "%s", o->dtype);
	r->blas = r->shape;
	if (o->swap == GS_SWAP_ON) {
		r->blas.M = o->n;
		r->blas.N = o->m;
	}
}

static void
run_tile_model(const gs_explain_in *o, gs_explain *r)
{
	gs_error e;

	gs_error_clear(&e);
	r->have_pick = gs_tile_model_pick(&r->blas, &r->gpu, o->cus, 1, &r->pick, &e) == 0;
	if (!r->have_pick) {
		snprintf(r->pick_err, sizeof r->pick_err, "%s", e.msg);
		return;
	}
	r->have_wave = gs_tile_model_wave_cost(&r->blas, &r->gpu, o->cus, 1, r->pick.wave.wg_m,
	                                       r->pick.wave.wg_n, r->pick.wave.wg_k, &r->wave,
	                                       NULL) == 0 &&
	               gs_tile_model_wave_cost(&r->blas, &r->gpu, o->cus, 1, r->pick.best.wg_m,
	                                       r->pick.best.wg_n, r->pick.best.wg_k,
	                                       &r->wave_of_seed, NULL) == 0;
}

/* The tile: --tile, the kernel name's, else the tile model's pick. */
static void
choose_tile(const gs_explain_in *o, gs_explain *r, gs_eff_in *in)
{
	if (o->tile_m > 0) {
		in->tile_m = o->tile_m;
		in->tile_n = o->tile_n;
		in->tile_k = o->tile_k;
		r->tile_source = "--tile";
	} else if (r->have_kernel && r->kinfo.has_tile) {
		r->tile_source = "kernel name";
	} else if (r->have_pick) {
		in->tile_m = r->pick.best.wg_m;
		in->tile_n = r->pick.best.wg_n;
		in->tile_k = r->pick.best.wg_k;
		r->tile_source = "the tile model's pick: no --tile given";
	} else {
		r->tile_source = "unknown";
	}
}

static void
run_occupancy(const gs_explain_in *o, gs_explain *r)
{
	gs_occ_in in = o->occ;
	gs_error e;

	if (!o->have_occ)
		return;
	if (in.wg_size == 0 && r->have_kernel && r->kinfo.block_size > 0)
		in.wg_size = r->kinfo.block_size;
	gs_error_clear(&e);
	r->have_occ = gs_occupancy(r->gpu.arch, &in, &r->occ, &e) == 0;
	if (!r->have_occ)
		snprintf(r->occ_err, sizeof r->occ_err, "%s", e.msg);
}

/* The tile model's cost of the tile actually used, over the BLAS dims
 * gs_eff_compute settled on; the float tile counts. */
static void
cost_actual(const gs_explain_in *o, gs_explain *r)
{
	const gs_eff *e = &r->eff;

	r->cus = e->cus ? e->cus : (int)r->gpu.cus.v;
	r->float_tiles_m = NAN;
	r->float_tiles_n = NAN;
	if (e->tile_m <= 0)
		return;
	r->float_tiles_m = (double)e->blas_m / e->tile_m;
	r->float_tiles_n = (double)e->blas_n / e->tile_n;
	r->blas.M = e->blas_m;
	r->blas.N = e->blas_n;
	r->have_actual = gs_tile_model_cost(&r->blas, &r->gpu, o->cus, 1, e->tile_m, e->tile_n,
	                                    e->tile_k, &r->actual, NULL) == 0;
	r->have_wave_actual =
	        r->have_actual &&
	        gs_tile_model_wave_cost(&r->blas, &r->gpu, o->cus, 1, e->tile_m, e->tile_n,
	                                e->tile_k, &r->wave_of_actual, NULL) == 0;
}

int
gs_explain_compute(const gs_explain_in *o, const gs_gpu *gpu, gs_explain *r, gs_error *err)
{
	gs_eff_in in = {0};
	gs_eff_opts eo;

	memset(r, 0, sizeof *r);
	r->gpu = *gpu;
	if (parse_kernel(o, r, err))
		return -1;
	make_shapes(o, r);
	run_tile_model(o, r);
	in.shape = &r->shape;
	in.time_us = o->time_us;
	in.kernel = r->have_kernel ? &r->kinfo : NULL;
	in.workgroups = o->grid;
	choose_tile(o, r, &in);
	gs_eff_opts_default(&eo);
	eo.swap = o->swap;
	eo.roof = o->roof;
	eo.cus = o->cus;
	eo.wgs_per_cu = o->wgs_per_cu;
	if (gs_eff_compute(&in, &r->gpu, &eo, &r->eff, err))
		return -1;
	cost_actual(o, r);
	run_occupancy(o, r);
	return 0;
}
