/* json_model.c: measured against predicted and the cliffs, in the JSON
 * and the markdown of a compare (two sides) or a report (one input), and
 * the sentences the HTML shares (model_impl.h; the HTML is html_model.c). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/fmt.h"
#include "render/model_impl.h"

static const char *const sides[2] = {"baseline", "candidate"};

typedef gs_model_side side;

const char *
gs_model_side_name(int i)
{
	return sides[i ? 1 : 0];
}

side
gs_model_side_of(const gs_report *r, int i)
{
	side x = {NULL, r->residuals[i], r->cliffs[i]};

	if (r->kind == GS_REPORT_SINGLE)
		x.s = i == 0 ? r->single : NULL;
	else
		x.s = i ? r->eff_cand : r->eff_base;
	if (!x.s)
		x.res = NULL, x.cliffs = NULL;
	return x;
}

int
gs_model_nsides(const gs_report *r)
{
	return r->kind == GS_REPORT_SINGLE ? 1 : 2;
}

static long
dim_of(const gs_shape *s, char d)
{
	return d == 'M' ? s->M : d == 'N' ? s->N : s->K;
}

/* ---- JSON */

static void
json_side_residuals(gs_jw *w, const side *x)
{
	const gs_residuals *res = x->res;

	gs_jw_map_open(w);
	gs_jw_kv_count(w, "predicted", (long long)res->npredicted);
	gs_jw_kv_count(w, "beaten", (long long)res->beaten);
	gs_jw_kv_num(w, "tau", res->tau);
	gs_jw_kv_num(w, "median_fraction", res->median_frac);
	gs_jw_array_open(w, "outliers");
	for (size_t k = 0; k < res->noutliers; k++) {
		const gs_residual *o = &res->rows[res->outliers[k]];
		gs_jw_map_open(w);
		gs_jw_shape_fields(w, &x->s->rows[res->outliers[k]].rec->shape);
		gs_jw_kv_num(w, "predicted_us", o->predicted_us);
		gs_jw_kv_num(w, "measured_us", o->measured_us);
		gs_jw_kv_num(w, "fraction", o->frac);
		gs_jw_kv_num(w, "excess_us", o->excess_us);
		gs_jw_map_close(w);
	}
	gs_jw_array_close(w);
	gs_jw_map_close(w);
}

static void
json_shift(gs_jw *w, const gs_residual_shift *sh)
{
	gs_jw_key(w, "shift");
	gs_jw_map_open(w);
	gs_jw_kv_count(w, "pairs", (long long)sh->pairs);
	gs_jw_kv_count(w, "worse", (long long)sh->worse);
	gs_jw_kv_count(w, "better", (long long)sh->better);
	gs_jw_kv_num(w, "worse_base", sh->worse_base);
	gs_jw_kv_num(w, "worse_cand", sh->worse_cand);
	gs_jw_kv_num(w, "better_base", sh->better_base);
	gs_jw_kv_num(w, "better_cand", sh->better_cand);
	gs_jw_kv_num(w, "median_base", sh->median_base);
	gs_jw_kv_num(w, "median_cand", sh->median_cand);
	gs_jw_kv_count(w, "beaten_base", (long long)sh->beaten_base);
	gs_jw_kv_count(w, "beaten_cand", (long long)sh->beaten_cand);
	gs_jw_map_close(w);
}

static void
json_side_cliffs(gs_jw *w, const side *x)
{
	char text[128], dim[2] = "";

	gs_jw_map_open(w);
	gs_jw_kv_count(w, "sweeps", (long long)x->cliffs->nsweeps);
	gs_jw_array_open(w, "cliffs");
	for (size_t k = 0; k < x->cliffs->ncliffs; k++) {
		const gs_cliff *cl = &x->cliffs->cliffs[k];
		/* named by the shape that dropped, as the HTML table and the
		 * markdown name it */
		const gs_shape *at = &x->s->rows[cl->to].rec->shape;
		dim[0] = x->cliffs->sweeps[cl->sweep].dim;
		gs_jw_map_open(w);
		gs_jw_shape_fields(w, at);
		gs_jw_kv_str(w, "dim", dim);
		gs_jw_kv_count(w, "from", dim_of(&x->s->rows[cl->from].rec->shape, dim[0]));
		gs_jw_kv_count(w, "to", dim_of(at, dim[0]));
		gs_jw_kv_num(w, "tflops_from", cl->tflops_from);
		gs_jw_kv_num(w, "tflops_to", cl->tflops_to);
		gs_jw_kv_num(w, "drop", cl->drop);
		gs_jw_kv_str(w, "crossed", gs_cliff_crossed_text(cl, text, sizeof text));
		gs_jw_map_close(w);
	}
	gs_jw_array_close(w);
	gs_jw_map_close(w);
}

/* The residual of record REC on side X, or NULL (no model, no row). */
static const gs_residual *
residual_of(const side *x, const gs_record *rec)
{
	const gs_single_row *row = x->res ? gs_single_row_of(x->s, rec) : NULL;

	if (!row || (size_t)(row - x->s->rows) >= x->res->n)
		return NULL;
	return &x->res->rows[row - x->s->rows];
}

/* PRED_KEY and FRAC_KEY of X when predicted; nothing otherwise. */
static void
json_predicted(gs_jw *w, const gs_residual *x, const char *pred_key, const char *frac_key)
{
	if (!x || isnan(x->predicted_us))
		return;
	gs_jw_kv_num(w, pred_key, x->predicted_us);
	gs_jw_kv_num(w, frac_key, x->frac);
}

void
gs_json_pair_predicted(gs_jw *w, const gs_report *r, size_t i)
{
	side b = gs_model_side_of(r, 0), c = gs_model_side_of(r, 1);
	const gs_pair *p = &r->cmp->pairs[i];

	json_predicted(w, residual_of(&b, p->base), "predicted_base_us", "fraction_base");
	json_predicted(w, residual_of(&c, p->cand), "predicted_cand_us", "fraction_cand");
}

void
gs_json_row_predicted(gs_jw *w, const gs_report *r, size_t i)
{
	side x = gs_model_side_of(r, 0);

	if (x.res && i < x.res->n)
		json_predicted(w, &x.res->rows[i], "predicted_us", "fraction");
}

/* KEY: one side's object (a report) or {baseline, candidate[, shift]}. */
static void
json_part(gs_jw *w, const gs_report *r, const char *key, int cliffs)
{
	side x[2] = {gs_model_side_of(r, 0), gs_model_side_of(r, 1)};
	int n = gs_model_nsides(r);

	for (int i = 0; i < n; i++)
		if (!x[i].s || (cliffs ? !x[i].cliffs : !x[i].res))
			return;
	gs_jw_key(w, key);
	if (n == 1) {
		(cliffs ? json_side_cliffs : json_side_residuals)(w, &x[0]);
		return;
	}
	gs_jw_map_open(w);
	for (int i = 0; i < 2; i++) {
		gs_jw_key(w, sides[i]);
		(cliffs ? json_side_cliffs : json_side_residuals)(w, &x[i]);
	}
	if (!cliffs && r->residual_shift)
		json_shift(w, r->residual_shift);
	gs_jw_map_close(w);
}

void
gs_json_model(gs_jw *w, const gs_report *r)
{
	json_part(w, r, "residuals", 0);
	json_part(w, r, "cliffs", 1);
}

/* ---- the sentences markdown and HTML share */

const char *
gs_model_pct(char *buf, size_t size, double f)
{
	double p = 100 * f;

	snprintf(buf, size, "%.*f %%", p >= 10 ? 0 : p >= 1 ? 1 : 2, p);
	return buf;
}

/* Why no row of S could be predicted: what the prediction needs and S
 * lacks (residual.h: a GPU's roofline, a macro tile, dim_eff). */
static const char *
why_unpredicted(const gs_single *s)
{
	if (!s->gpu && s->s.with_tile == 0)
		return "no GPU and no macro tile is known (--gpu NAME adds the roofline; kernel "
		       "names or tile_m/tile_n columns give the tile)";
	if (!s->gpu)
		return "no GPU is known (--gpu NAME adds the roofline)";
	if (s->s.with_tile == 0)
		return "no macro tile is known (kernel names or tile_m/tile_n columns give one)";
	if (s->s.with_dim_eff == 0)
		return "no shape has a dim_eff (split-K, Stream-K or non-data-parallel kernels)";
	return "the GPU has no roofline for these dtypes";
}

/* "Kendall τ 0.33 over 4 baseline shapes", "1 baseline shape predicted (τ
 * needs 2)", "no baseline shape predicted: WHY" into BUF. */
static const char *
side_tau(char *buf, size_t size, const side *x, const char *what)
{
	const char *sp = what[0] ? " " : "";

	if (x->res->npredicted == 0)
		snprintf(buf, size, "no %s%sshape predicted: %s", what, sp, why_unpredicted(x->s));
	else if (x->res->npredicted == 1)
		snprintf(buf, size, "1 %s%sshape predicted (\xcf\x84 needs 2)", what, sp);
	else
		snprintf(buf, size, "Kendall \xcf\x84 %.2f over %zu %s%sshapes", x->res->tau,
		         x->res->npredicted, what, sp);
	return buf;
}

/* "; 1 baseline shape beat the prediction ...", appended at N of BUF, for
 * COUNT rows above 100 % of their prediction, WHO of them ("1 baseline",
 * "2 baseline and 1 candidate"); nothing for none. */
static void
beaten_clause(char *buf, size_t size, size_t n, size_t count, const char *who)
{
	if (count == 0 || n >= size)
		return;
	snprintf(buf + n, size - n,
	         "; %s shape%s beat the prediction (above 100 %% of it), which an upper bound "
	         "cannot be: a GPU figure, the tile or the one-workgroup-per-CU assumption is "
	         "wrong for %s, not the kernel fast",
	         who, count == 1 ? "" : "s", count == 1 ? "it" : "them");
}

/* The compare's shift: who moved away from the prediction, who closer. */
static int
shift_clause(char *buf, size_t size, int n, const gs_residual_shift *sh)
{
	char p1[32], p2[32];

	if (sh->worse && n > 0 && (size_t)n < size)
		n += snprintf(buf + n, size - (size_t)n,
		              "; the candidate moved %zu of %zu shapes from %s to %s of predicted "
		              "(median)",
		              sh->worse, sh->pairs, gs_model_pct(p1, sizeof p1, sh->worse_base),
		              gs_model_pct(p2, sizeof p2, sh->worse_cand));
	if (sh->better && n > 0 && (size_t)n < size)
		n += snprintf(buf + n, size - (size_t)n,
		              "; %zu of %zu shapes got closer to it, from %s to %s (median)",
		              sh->better, sh->pairs, gs_model_pct(p1, sizeof p1, sh->better_base),
		              gs_model_pct(p2, sizeof p2, sh->better_cand));
	return n;
}

int
gs_model_residual_sentence(const gs_report *r, char *buf, size_t size)
{
	side b = gs_model_side_of(r, 0), c = gs_model_side_of(r, 1);
	const gs_residual_shift *sh = r->residual_shift;
	char x[300], y[300], p1[32], what[80];
	int n;

	if (!b.res || (gs_model_nsides(r) == 2 && (!c.res || !sh)))
		return 0;
	if (gs_model_nsides(r) == 1) {
		if (b.res->npredicted == 0)
			return 0;
		n = snprintf(buf, size, "%s; the median shape reaches %s of its predicted time",
		             side_tau(x, sizeof x, &b, ""),
		             gs_model_pct(p1, sizeof p1, b.res->median_frac));
		snprintf(what, sizeof what, "%zu", b.res->beaten);
		beaten_clause(buf, size, n > 0 ? (size_t)n : size, b.res->beaten, what);
		return 1;
	}
	if (b.res->npredicted == 0 && c.res->npredicted == 0)
		return 0;
	n = snprintf(buf, size, "%s; %s", side_tau(x, sizeof x, &b, "baseline"),
	             side_tau(y, sizeof y, &c, "candidate"));
	n = shift_clause(buf, size, n, sh);
	if (b.res->beaten && c.res->beaten)
		snprintf(what, sizeof what, "%zu baseline and %zu candidate", b.res->beaten,
		         c.res->beaten);
	else
		snprintf(what, sizeof what, "%zu %s", b.res->beaten + c.res->beaten,
		         b.res->beaten ? "baseline" : "candidate");
	beaten_clause(buf, size, n > 0 ? (size_t)n : size, b.res->beaten + c.res->beaten, what);
	return 1;
}

int
gs_model_unpredicted_sentence(const gs_report *r, char *buf, size_t size)
{
	side b = gs_model_side_of(r, 0), c = gs_model_side_of(r, 1);

	if (!b.res || b.res->npredicted > 0)
		return 0;
	if (gs_model_nsides(r) == 1) {
		snprintf(buf, size, "no shape could be predicted: %s", why_unpredicted(b.s));
		return 1;
	}
	if (!c.res || c.res->npredicted > 0)
		return 0;
	if (strcmp(why_unpredicted(b.s), why_unpredicted(c.s)) == 0)
		snprintf(buf, size, "no shape could be predicted: %s on both sides",
		         why_unpredicted(b.s));
	else
		snprintf(buf, size,
		         "no shape could be predicted: the baseline has %s; the candidate %s",
		         why_unpredicted(b.s), why_unpredicted(c.s));
	return 1;
}

/* "2 in the baseline, 1 in the candidate; the largest: M 512 → 576
 * (576×4096×4096 bf16 NN, baseline), −24.0 %, tile and wave boundary" (a
 * report: "2; the largest: ...") into BUF; 0 when there are none. */
int
gs_model_cliff_sentence(const gs_report *r, char *buf, size_t size)
{
	const gs_cliff *top = NULL;
	side at = {0};
	size_t count[2] = {0, 0};
	char shape[GS_FMT_SHAPE_LEN], text[128], head[96], d;
	int ti = 0;

	for (int i = 0; i < gs_model_nsides(r); i++) {
		side x = gs_model_side_of(r, i);
		if (!x.cliffs)
			return 0;
		count[i] = x.cliffs->ncliffs;
		/* the largest drop, whatever order analysis keeps the cliffs in */
		for (size_t k = 0; k < count[i]; k++)
			if (!top || x.cliffs->cliffs[k].drop > top->drop) {
				top = &x.cliffs->cliffs[k];
				at = x;
				ti = i;
			}
	}
	if (!top)
		return 0;
	d = at.cliffs->sweeps[top->sweep].dim;
	gs_fmt_shape(shape, sizeof shape, &at.s->rows[top->to].rec->shape);
	if (gs_model_nsides(r) == 1)
		snprintf(head, sizeof head, "%zu", count[0]);
	else
		snprintf(head, sizeof head, "%zu in the baseline, %zu in the candidate", count[0],
		         count[1]);
	snprintf(
	        buf, size,
	        "%s; the largest: %c %ld \xe2\x86\x92 %ld (%s%s%s), \xe2\x88\x92%.1f\xc2\xa0%%, %s",
	        head, d, dim_of(&at.s->rows[top->from].rec->shape, d),
	        dim_of(&at.s->rows[top->to].rec->shape, d), shape,
	        gs_model_nsides(r) == 2 ? ", " : "", gs_model_nsides(r) == 2 ? sides[ti] : "",
	        100 * top->drop, gs_cliff_crossed_text(top, text, sizeof text));
	return 1;
}

void
gs_md_model(const gs_report *r, FILE *out)
{
	char buf[1024];

	if (gs_model_residual_sentence(r, buf, sizeof buf))
		fprintf(out, "- **Measured against predicted** (%s): %s.\n", GS_MODEL_RESIDUAL_WHAT,
		        buf);
	if (gs_model_cliff_sentence(r, buf, sizeof buf))
		fprintf(out, "- **Cliffs** (%s): %s.\n", GS_MODEL_CLIFF_WHAT, buf);
}
