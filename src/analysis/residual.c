#include <math.h>
#include <stdlib.h>

#include "analysis/residual.h"
#include "model/kendall.h"
#include "model/stats.h"

/* Whether ROW's own figures allow a prediction: they rule most rows out
 * (no GPU: no roofline; no tile: no dim_eff) before the whole model is
 * computed again. */
static int
may_predict(const gs_single_row *row)
{
	return row->have_eff && row->dim_eff > 0 && isfinite(row->roofline_us);
}

double
gs_residual_predicted_us(const gs_single *s, const gs_single_row *row)
{
	gs_eff eff;
	const gs_eff *e;
	double per_mn, slots_area, peak;

	if (!may_predict(row) || !(e = gs_single_eff(s, row, &eff)))
		return NAN;
	if (!(e->dim_eff > 0) || !isfinite(e->compute_us) || !isfinite(e->memory_us) ||
	    !(e->m > 0 && e->n > 0 && e->batch > 0))
		return NAN;
	/* compute_us / dim_eff = FLOP / peak · (M_pad·N_pad / (M·N)) · (rounds·slots /
	 * num_tiles), and num_tiles · tile_m · tile_n = M_pad · N_pad · batch: */
	per_mn = e->cost.flop / ((double)e->m * (double)e->n * (double)e->batch);
	slots_area = (double)e->tile_m * e->tile_n * (double)e->rounds * (double)e->slots;
	peak = e->peak_tflops * 1e6; /* FLOP per µs */
	return fmax(per_mn * slots_area / peak, e->memory_us);
}

static gs_residual
residual_of(const gs_single *s, const gs_single_row *row)
{
	gs_residual r = {NAN, row->rec->t.median, NAN, NAN};

	if (!(r.measured_us > 0))
		return r;
	r.predicted_us = gs_residual_predicted_us(s, row);
	if (isnan(r.predicted_us))
		return r;
	r.frac = r.predicted_us / r.measured_us;
	r.excess_us = gs_single_total_us(row) * (1 - r.frac);
	return r;
}

/* Beyond the upper bound: the model, not the kernel, is wrong there. */
static int
beaten(double frac)
{
	return frac > 1 + 1e-9;
}

static _Thread_local const gs_residual *sort_rows;

static int
by_excess_desc(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	double x = sort_rows[i].excess_us, y = sort_rows[j].excess_us;

	if (x != y)
		return x < y ? 1 : -1;
	return (i > j) - (i < j);
}

/* Tau, median and outliers over the predicted rows of R. */
static int
summarize(gs_residuals *r, size_t top)
{
	double *pred = calloc(r->npredicted ? r->npredicted : 1, sizeof *pred);
	double *meas = calloc(r->npredicted ? r->npredicted : 1, sizeof *meas);
	size_t k = 0;
	int rc = -1;

	r->outliers = malloc((r->npredicted ? r->npredicted : 1) * sizeof *r->outliers);
	if (!pred || !meas || !r->outliers)
		goto out;
	for (size_t i = 0; i < r->n; i++)
		if (!isnan(r->rows[i].predicted_us)) {
			pred[k] = r->rows[i].predicted_us;
			meas[k] = r->rows[i].measured_us;
			r->outliers[k++] = i;
		}
	if (gs_kendall_tau_b(pred, meas, k, &r->tau) != 0)
		goto out;
	for (size_t i = 0; i < k; i++)
		pred[i] = r->rows[r->outliers[i]].frac;
	r->median_frac = k ? gs_stats_median(pred, k) : NAN;
	sort_rows = r->rows;
	qsort(r->outliers, k, sizeof *r->outliers, by_excess_desc);
	sort_rows = NULL;
	r->noutliers = k < top ? k : top;
	rc = 0;
out:
	free(pred);
	free(meas);
	return rc;
}

int
gs_residuals_run(const gs_single *s, size_t top, gs_residuals *out, gs_error *err)
{
	size_t first = 0;

	*out = (gs_residuals){.tau = NAN, .median_frac = NAN};
	while (first < s->n && !may_predict(&s->rows[first]))
		first++;
	if (first == s->n) /* no row can be predicted: no per-row array (32 MB at 1M) */
		return summarize(out, top) != 0 ? gs_error_set(err, NULL, 0, 0, "out of memory")
		                                : 0;
	out->rows = malloc((s->n ? s->n : 1) * sizeof *out->rows);
	if (!out->rows)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	out->n = s->n;
	for (size_t i = 0; i < s->n; i++) {
		out->rows[i] = residual_of(s, &s->rows[i]);
		out->npredicted += !isnan(out->rows[i].predicted_us);
		out->beaten += (size_t)beaten(out->rows[i].frac);
	}
	if (out->npredicted == 0) { /* no GPU or no tile: nothing to keep */
		free(out->rows);
		out->rows = NULL;
		out->n = 0;
	}
	if (summarize(out, top) != 0)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	return 0;
}

void
gs_residuals_free(gs_residuals *r)
{
	free(r->rows);
	free(r->outliers);
	*r = (gs_residuals){.tau = NAN, .median_frac = NAN};
}

/* The residual of record REC under S and its residuals R, or NULL. */
static const gs_residual *
residual_at(const gs_single *s, const gs_residuals *r, const gs_record *rec)
{
	const gs_single_row *row = gs_single_row_of(s, rec);

	if (!row || (size_t)(row - s->rows) >= r->n)
		return NULL;
	return &r->rows[row - s->rows];
}

/* The medians of the N fractions of each side of a group into *MB, *MC
 * (left NAN when N is 0). */
static void
medians(double *fb, double *fc, size_t n, double *mb, double *mc)
{
	if (n) {
		*mb = gs_stats_median(fb, n);
		*mc = gs_stats_median(fc, n);
	}
}

int
gs_residual_shift_run(const gs_compare *c, const gs_single *sb, const gs_residuals *base,
                      const gs_single *sc, const gs_residuals *cand, gs_residual_shift *out,
                      gs_error *err)
{
	size_t n = c->npairs ? c->npairs : 1, nw = 0, nb = 0;
	/* all pairs, the worse ones, the better ones: baseline and candidate */
	double *f = malloc(6 * n * sizeof *f), *fb, *fc, *wb, *wc, *bb, *bc;
	double t = c->opts.threshold;

	*out = (gs_residual_shift){.worse_base = NAN,
	                           .worse_cand = NAN,
	                           .better_base = NAN,
	                           .better_cand = NAN,
	                           .median_base = NAN,
	                           .median_cand = NAN};
	if (!f)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	fb = f, fc = f + n, wb = f + 2 * n, wc = f + 3 * n, bb = f + 4 * n, bc = f + 5 * n;
	for (size_t i = 0; i < c->npairs; i++) {
		const gs_residual *b = residual_at(sb, base, c->pairs[i].base);
		const gs_residual *k = residual_at(sc, cand, c->pairs[i].cand);
		if (!b || !k || isnan(b->frac) || isnan(k->frac))
			continue;
		fb[out->pairs] = b->frac;
		fc[out->pairs++] = k->frac;
		out->beaten_base += (size_t)beaten(b->frac);
		out->beaten_cand += (size_t)beaten(k->frac);
		if (k->frac < b->frac * (1 - t)) {
			wb[nw] = b->frac;
			wc[nw++] = k->frac;
		} else if (k->frac > b->frac * (1 + t)) {
			bb[nb] = b->frac;
			bc[nb++] = k->frac;
		}
	}
	out->worse = nw;
	out->better = nb;
	medians(fb, fc, out->pairs, &out->median_base, &out->median_cand);
	medians(wb, wc, nw, &out->worse_base, &out->worse_cand);
	medians(bb, bc, nb, &out->better_base, &out->better_cand);
	free(f);
	return 0;
}
