/* figures_sweep.c: the sweep figures (issue 13 §4): achieved TFLOP/s
 * along each swept dimension that has a cliff, with its tile and wave
 * boundaries and its cliffs, from the sweeps and cliffs analysis found
 * (analysis/cliff.h); a compare draws the baseline's and the candidate's
 * runs of the same sweep together. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cliff.h"
#include "render/figures.h"
#include "render/fmt.h"
#include "render/plot.h"

enum { LINES_CAP = GS_PLOT_SWEEP_MAX_LINES + 1, TEXT_LEN = 1400 };

static const char *const side_name[2] = {"baseline", "candidate"};

/* The sides: a report's one input (N 1), or a compare's baseline and
 * candidate (N 2). */
typedef struct sides {
	const gs_single *s[2];
	const gs_cliffs *c[2];
	size_t cliffy[2]; /* sweeps with a cliff, per side */
	int n;
} sides;

/* One figure: the sweep of each side (index into its cliffs' sweeps, -1
 * when that side lacks it). */
typedef struct pick {
	long sw[2];
} pick;

/* The sweep of side I holding cliff CL, with its match on the other side;
 * 1 when it is new to the N picks in P. */
static int
pick_of(const sides *x, int i, const gs_cliff *cl, const pick *p, size_t n, pick *out)
{
	const gs_sweep *w = &x->c[i]->sweeps[cl->sweep];

	out->sw[0] = out->sw[1] = -1;
	out->sw[i] = (long)cl->sweep;
	if (x->n == 2)
		out->sw[!i] = gs_sweep_match(x->s[i], w, x->s[!i], x->c[!i]);
	for (size_t k = 0; k < n; k++)
		if (p[k].sw[i] == out->sw[i])
			return 0;
	return 1;
}

/* The sweeps of the largest drops, at most GS_FIGURES_SWEEPS: both
 * sides' cliffs (each by drop descending) merged by drop. */
static size_t
pick_sweeps(const sides *x, pick *p)
{
	size_t at[2] = {0, 0}, n = 0;

	while (n < GS_FIGURES_SWEEPS) {
		int i = -1;
		for (int k = 0; k < x->n; k++)
			if (at[k] < x->c[k]->ncliffs &&
			    (i < 0 || x->c[k]->cliffs[at[k]].drop > x->c[i]->cliffs[at[i]].drop))
				i = k;
		if (i < 0)
			break;
		if (pick_of(x, i, &x->c[i]->cliffs[at[i]], p, n, &p[n]))
			n++;
		at[i]++;
	}
	return n;
}

/* Sweeps of C with at least one cliff into *N; -1 when out of memory.
 * O(sweeps + cliffs). */
static int
sweeps_with_cliffs(const gs_cliffs *c, size_t *n)
{
	unsigned char *seen = calloc(c->nsweeps ? c->nsweeps : 1, 1);

	*n = 0;
	if (!seen)
		return -1;
	for (size_t k = 0; k < c->ncliffs; k++)
		if (!seen[c->cliffs[k].sweep]) {
			seen[c->cliffs[k].sweep] = 1;
			(*n)++;
		}
	free(seen);
	return 0;
}

static long
dim_of(const gs_shape *s, char d)
{
	return d == 'M' ? s->M : d == 'N' ? s->N : s->K;
}

/* ---- one series */

typedef struct series_buf {
	double *x, *y, *drop;
	size_t *cliff;
} series_buf;

static void
series_free(series_buf *b)
{
	free(b->x);
	free(b->y);
	free(b->drop);
	free(b->cliff);
}

/* Sweep SW of side I as a plot series named NAME (NULL: the default). */
static int
series_of(const sides *x, int i, long sw, const char *name, series_buf *b, gs_sweep_series *out)
{
	const gs_cliffs *c = x->c[i];
	const gs_sweep *w = &c->sweeps[sw];
	size_t nc = 0;

	memset(b, 0, sizeof *b);
	b->x = malloc(w->n * sizeof *b->x);
	b->y = malloc(w->n * sizeof *b->y);
	b->drop = malloc((c->ncliffs ? c->ncliffs : 1) * sizeof *b->drop);
	b->cliff = malloc((c->ncliffs ? c->ncliffs : 1) * sizeof *b->cliff);
	if (!b->x || !b->y || !b->drop || !b->cliff)
		return -1;
	for (size_t k = 0; k < w->n; k++) {
		const gs_single_row *r = &x->s[i]->rows[w->rows[k]];
		b->x[k] = (double)dim_of(&r->rec->shape, w->dim);
		b->y[k] = gs_single_achieved_tflops(r);
	}
	for (size_t k = 0; k < c->ncliffs; k++) {
		long at = c->cliffs[k].sweep == (size_t)sw
		                  ? gs_sweep_pos(x->s[i], w, c->cliffs[k].to)
		                  : -1;
		if (at < 0)
			continue;
		b->cliff[nc] = (size_t)at;
		b->drop[nc++] = c->cliffs[k].drop;
	}
	*out = (gs_sweep_series){name,     b->x,    b->y, w->n,
	                         b->cliff, b->drop, nc,   x->n == 2 && i == 0};
	return 0;
}

/* ---- boundaries */

typedef struct bounds {
	gs_sweep_grid g;
	int side; /* whose grid: the candidate's when known, else the baseline's */
	const char *other_why; /* a compare: why the other side's tile is not used */
	double tile_x[LINES_CAP], wave_x[LINES_CAP];
	size_t ntile, nwave, tile_total, wave_total;
} bounds;

static size_t
bounds_copy(const gs_sweep_grid *g, long lo, long hi, int waves, double *out, size_t *n)
{
	long v[LINES_CAP];
	size_t total = gs_sweep_bounds(g, lo, hi, waves, v, LINES_CAP);

	*n = total < LINES_CAP ? total : LINES_CAP;
	for (size_t k = 0; k < *n; k++)
		out[k] = (double)v[k];
	return total;
}

/* Widen [*LO, *HI] to the sizes of sweep W of S (ascending). */
static void
sweep_span(const gs_single *s, const gs_sweep *w, long *lo, long *hi)
{
	long a = dim_of(&s->rows[w->rows[0]].rec->shape, w->dim);
	long z = dim_of(&s->rows[w->rows[w->n - 1]].rec->shape, w->dim);

	*lo = *lo < 0 || a < *lo ? a : *lo;
	*hi = z > *hi ? z : *hi;
}

/* The grid of pick P (the candidate's, else the baseline's: the side
 * whose tile is known) and its boundaries between the smallest and the
 * largest size of either side's sweep. */
static void
bounds_of(const sides *x, const pick *p, bounds *b)
{
	long lo = -1, hi = -1;

	memset(b, 0, sizeof *b);
	b->side = -1;
	for (int i = x->n - 1; i >= 0; i--) {
		const gs_sweep *w;
		gs_sweep_grid g;
		if (p->sw[i] < 0)
			continue;
		w = &x->c[i]->sweeps[p->sw[i]];
		gs_sweep_grid_of(x->s[i], w, &g);
		if (b->side < 0 || (b->g.tile <= 0 && g.tile > 0)) {
			b->other_why = b->side < 0 ? NULL : b->g.why;
			b->g = g;
			b->side = i;
		}
		sweep_span(x->s[i], w, &lo, &hi);
	}
	b->tile_total = bounds_copy(&b->g, lo, hi, 0, b->tile_x, &b->ntile);
	b->wave_total = bounds_copy(&b->g, lo, hi, 1, b->wave_x, &b->nwave);
}

/* ---- titles and captions */

/* "M×4096×4096 bf16 NN": the key of sweep W of S, the swept dimension
 * as its letter. */
static void
sweep_key(const gs_single *s, const gs_sweep *w, char *buf, size_t size)
{
	const gs_shape *sh = &s->rows[w->rows[0]].rec->shape;
	char full[GS_FMT_SHAPE_LEN], d[3][24];
	const char *rest = strchr(gs_fmt_shape(full, sizeof full, sh), ' ');
	long v[3] = {sh->M, sh->N, sh->K};

	for (int i = 0; i < 3; i++)
		snprintf(d[i], sizeof d[i], "%ld", v[i]);
	snprintf(d[w->dim == 'M' ? 0 : w->dim == 'N' ? 1 : 2], sizeof d[0], "%c", w->dim);
	snprintf(buf, size, "%s\xc3\x97%s\xc3\x97%s%s", d[0], d[1], d[2], rest ? rest : "");
}

/* Append the printf-style text to BUF (SIZE bytes, truncated). */
static void
cat(char *buf, size_t size, const char *fmt, ...)
{
	size_t n = strlen(buf);
	va_list ap;

	if (n + 1 >= size)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + n, size - n, fmt, ap);
	va_end(ap);
}

/* The sentence on the boundary lines of B along D. */
static void
caption_lines(char *buf, size_t size, const bounds *b, char d, int two,
              const gs_plot_sweep_facts *f)
{
	const char *step = d == 'M' ? "row of tiles" : d == 'N' ? "column of tiles" : "K step";

	if (b->g.tile <= 0) {
		cat(buf, size, " No boundary lines: %s.", b->g.why ? b->g.why : "tile unknown");
		return;
	}
	cat(buf, size,
	    " Dotted lines: tile boundaries, the multiples of %ld (the %stile along %c): a size "
	    "past one needs another %s.",
	    b->g.tile, two ? (b->side ? "candidate's " : "baseline's ") : "", d, step);
	if (two && b->other_why)
		cat(buf, size, " No lines for the %s kernels: %s.",
		    b->side ? "baseline's" : "candidate's", b->other_why);
	if (f->tile_omitted)
		cat(buf, size,
		    " The %zu tile boundaries in range are too many to draw; only the "
		    "wave boundaries are.",
		    b->tile_total);
	if (d == 'K')
		cat(buf, size, " K does not change the tile count: no wave boundaries.");
	else if (b->g.slots <= 0)
		cat(buf, size, " No wave boundaries: %s.", b->g.why ? b->g.why : "GPU unknown");
	else
		cat(buf, size,
		    " Dashed lines: wave boundaries, where the tile count passes a multiple of the "
		    "%ld workgroup slots (CUs \xc3\x97 workgroups per CU): a size past one needs "
		    "one more wave of tiles.%s",
		    b->g.slots, f->wave_omitted ? " Too many in range to draw." : "");
}

/* "Achieved TFLOP/s ... of the sweep", and which side is which. */
static void
caption_what(char *buf, size_t size, const sides *x, const pick *p, char d)
{
	cat(buf, size, "Achieved TFLOP/s (FLOP / median time) at each %c of the sweep", d);
	if (x->n == 1)
		cat(buf, size, ".");
	else if (p->sw[0] >= 0 && p->sw[1] >= 0)
		cat(buf, size, ": the baseline hollow green, the candidate blue.");
	else
		cat(buf, size, " in the %s only (the %s has no such sweep).",
		    side_name[p->sw[0] < 0], side_name[p->sw[0] >= 0]);
}

/* The caption of pick P (one of NPICK), drawn as F. */
static void
caption_of(char *buf, size_t size, const sides *x, const pick *p, char d, const bounds *b,
           size_t npick, const gs_plot_sweep_facts *f)
{
	buf[0] = '\0';
	caption_what(buf, size, x, p, d);
	caption_lines(buf, size, b, d, x->n == 2, f);
	cat(buf, size,
	    " Arrows: the cliffs, drops beyond the threshold from one size to the "
	    "next (labelled with the drop; the table above says what crossed).");
	if (f->log_y)
		cat(buf, size,
		    " TFLOP/s on a log scale: the two sides' peaks differ by more "
		    "than 10\xc3\x97.");
	if (x->n == 1)
		cat(buf, size, " The input has %zu sweep%s, %zu with cliffs", x->c[0]->nsweeps,
		    x->c[0]->nsweeps == 1 ? "" : "s", x->cliffy[0]);
	else
		cat(buf, size,
		    " The baseline has %zu sweep%s (%zu with cliffs), the candidate %zu (%zu)",
		    x->c[0]->nsweeps, x->c[0]->nsweeps == 1 ? "" : "s", x->cliffy[0],
		    x->c[1]->nsweeps, x->cliffy[1]);
	cat(buf, size,
	    "; %zu %s drawn, those with the largest drops (at most %d); the JSON lists "
	    "every cliff.",
	    npick, npick == 1 ? "is" : "are", GS_FIGURES_SWEEPS);
}

/* ---- one figure */

/* The series of pick P into SER (*NS of them, buffers in SB); -1 when
 * out of memory. */
static int
pick_series(const sides *x, const pick *p, series_buf *sb, gs_sweep_series *ser, size_t *ns)
{
	*ns = 0;
	for (int i = 0; i < x->n; i++) {
		if (p->sw[i] < 0)
			continue;
		if (series_of(x, i, p->sw[i], x->n == 2 ? side_name[i] : NULL, &sb[*ns],
		              &ser[*ns]) != 0) {
			(*ns)++;
			return -1;
		}
		(*ns)++;
	}
	return 0;
}

/* Lay out pick P: the plot (NULL when out of memory) and its caption
 * (TEXT_LEN bytes) for the figure of NPICK; KEY (KEY_LEN bytes) gets
 * the sweep's key. */
static gs_plot *
pick_plot(const sides *x, const pick *p, size_t npick, char *caption, char *key, size_t key_len)
{
	series_buf sb[2] = {{0}, {0}};
	gs_sweep_series ser[2];
	gs_plot_sweep_facts f;
	gs_plot *plot = NULL;
	size_t ns;
	int first = p->sw[0] >= 0 ? 0 : 1;
	const gs_sweep *w = &x->c[first]->sweeps[p->sw[first]];
	char title[GS_FMT_SHAPE_LEN + 64];
	bounds b;

	sweep_key(x->s[first], w, key, key_len);
	snprintf(title, sizeof title, "TFLOP/s along %c: %s", w->dim, key);
	bounds_of(x, p, &b);
	if (pick_series(x, p, sb, ser, &ns) == 0) {
		gs_sweep_spec spec = {w->dim,  ser,     ns,           b.tile_x,     b.wave_x,
		                      b.ntile, b.nwave, b.tile_total, b.wave_total, title};
		plot = gs_plot_sweep(&spec);
	}
	if (plot && gs_plot_sweep_info(plot, &f) == 0)
		caption_of(caption, TEXT_LEN, x, p, w->dim, &b, npick, &f);
	for (size_t i = 0; i < ns; i++)
		series_free(&sb[i]);
	return plot;
}

/* The figure of pick P (the K-th of NPICK) appended to *PLOTS, placed
 * beside the cliffs table ("model"). */
static int
sweep_figure(const sides *x, const pick *p, size_t k, size_t npick, gs_report_plot **plots,
             size_t *n, gs_error *err)
{
	char key[GS_FMT_SHAPE_LEN + 16], title[GS_FMT_SHAPE_LEN + 64], id[32];
	char *caption = malloc(TEXT_LEN);
	gs_plot *plot = caption ? pick_plot(x, p, npick, caption, key, sizeof key) : NULL;
	int first = p->sw[0] >= 0 ? 0 : 1, rc;

	if (!plot) {
		free(caption);
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	}
	snprintf(id, sizeof id, "sweep-%zu", k + 1);
	snprintf(title, sizeof title, "Sweep along %c: %s", x->c[first]->sweeps[p->sw[first]].dim,
	         key);
	rc = gs_figures_push(plots, n, plot, id, title, caption, "model", err);
	free(caption);
	return rc;
}

int
gs_figures_sweeps(const gs_single *base, const gs_cliffs *cbase, const gs_single *cand,
                  const gs_cliffs *ccand, const char *datadir, gs_report_plot **plots, size_t *n,
                  gs_error *err)
{
	sides x = {{base, cand}, {cbase, ccand}, {0, 0}, cand && ccand ? 2 : 1};
	pick p[GS_FIGURES_SWEEPS];
	size_t np;

	if (!base || !cbase)
		return 0;
	for (int i = 0; i < x.n; i++)
		if (sweeps_with_cliffs(x.c[i], &x.cliffy[i]) != 0)
			return gs_error_set(err, NULL, 0, 0, "out of memory");
	np = pick_sweeps(&x, p);
	if (np && gs_plot_font_init(datadir, err) != 0)
		return -1;
	for (size_t k = 0; k < np; k++)
		if (sweep_figure(&x, &p[k], k, np, plots, n, err) != 0)
			return -1;
	return 0;
}
