/* figures_history.c: the history report's plots, built from the model. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/figures.h"
#include "render/figures_history.h"
#include "render/fmt.h"
#include "render/plot.h"

/* The largest change point of series S (index into h->cps). */
static size_t
largest_cp(const gs_history *h, const gs_history_series *s)
{
	size_t best = s->cp_first;

	for (size_t j = s->cp_first + 1; j < s->cp_first + s->ncp; j++)
		if (h->cps[j].magnitude > h->cps[best].magnitude)
			best = j;
	return best;
}

/* 1 if series A (largest step MA) ranks before series B (MB). */
static int
ranks_before(size_t a, double ma, size_t b, double mb)
{
	return ma > mb || (ma == mb && a < b);
}

size_t
gs_figures_history_top(const gs_history *h, size_t *idx, size_t *cp, size_t max)
{
	size_t k = 0;

	/* Repeated selection in the strict order (magnitude desc, series asc):
	 * max is small, no allocation. */
	for (; k < max; k++) {
		size_t pick = 0, pick_cp = 0;
		int found = 0;
		for (size_t s = 0; s < h->nseries; s++) {
			size_t c;
			double m;
			if (h->series[s].ncp == 0)
				continue;
			c = largest_cp(h, &h->series[s]);
			m = h->cps[c].magnitude;
			if (k && !ranks_before(idx[k - 1], h->cps[cp[k - 1]].magnitude, s, m))
				continue;
			if (!found || ranks_before(s, m, pick, h->cps[pick_cp].magnitude)) {
				pick = s;
				pick_cp = c;
				found = 1;
			}
		}
		if (!found)
			break;
		idx[k] = pick;
		cp[k] = pick_cp;
	}
	return k;
}

static gs_plot *
trend(const gs_history *h, const gs_class *run_cls)
{
	const char **names = malloc(h->nruns * sizeof *names);
	double *g = malloc(h->nruns * sizeof *g);
	int *cls = malloc(h->nruns * sizeof *cls);
	gs_plot *p = NULL;

	if (names && g && cls) {
		for (size_t i = 0; i < h->nruns; i++) {
			names[i] = h->runs[i].name;
			g[i] = h->runs[i].geomean_vs_first;
			cls[i] = gs_figures_plot_class(run_cls ? run_cls[i] : GS_NEUTRAL);
		}
		p = gs_plot_trend(names, g, cls, h->nruns, "geomean speedup vs first run");
	}
	free(names);
	free(g);
	free(cls);
	return p;
}

enum { NAME_LEN = GS_FMT_SHAPE_LEN + 64 };

static gs_plot *
multiples(const gs_history *h, const size_t *idx, const size_t *cp, size_t n)
{
	char(*names)[NAME_LEN] = malloc(n * sizeof *names);
	gs_series *ser = malloc(n * sizeof *ser);
	char shape[GS_FMT_SHAPE_LEN];
	gs_plot *p = NULL;

	if (names && ser) {
		for (size_t k = 0; k < n; k++) {
			const gs_history_series *s = &h->series[idx[k]];
			snprintf(names[k], NAME_LEN, "%s",
			         gs_fmt_shape(shape, sizeof shape, &s->rec->shape));
			ser[k].name = names[k];
			ser[k].values = s->t;
			ser[k].n = h->nruns;
			ser[k].change_index = (long)h->cps[cp[k]].run_index;
		}
		p = gs_plot_small_multiples(ser, n);
		if (p && gs_plot_set_title(p, "Shapes with the largest change points") != 0) {
			gs_plot_free(p);
			p = NULL;
		}
	}
	free(names);
	free(ser);
	return p;
}

int
gs_figures_history(const gs_history *h, const gs_class *run_cls, const char *datadir,
                   gs_report_plot **out, size_t *n, gs_error *err)
{
	size_t idx[GS_FIGURES_HISTORY_PANELS], cp[GS_FIGURES_HISTORY_PANELS];
	size_t ntop = gs_figures_history_top(h, idx, cp, GS_FIGURES_HISTORY_PANELS);
	size_t np = ntop ? 2 : 1;
	gs_report_plot *pl = calloc(np, sizeof *pl);

	*out = NULL;
	*n = 0;
	if (!pl)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	if (gs_plot_font_init(datadir, err) != 0 ||
	    gs_figure_finish(
	            &pl[0], trend(h, run_cls), "history-trend",
	            "Geomean speedup against the first run",
	            "One point per run: exp(mean(ln s)) over the shapes the run shares with "
	            "the first run, s = t_first / t_run, so above 1 is faster than the first "
	            "run. The line marks 1.",
	            err) != 0 ||
	    (ntop &&
	     gs_figure_finish(&pl[1], multiples(h, idx, cp, ntop), "history-changes",
	                      "Shapes with the largest change points",
	                      "Median time (\xc2\xb5s) per run of the shapes whose largest step "
	                      "is the largest, one panel each; the dashed line is that step, "
	                      "between the last run before it and the first after. A run "
	                      "without the shape has no point.",
	                      err) != 0)) {
		gs_figures_free(pl, np);
		return -1;
	}
	*out = pl;
	*n = np;
	return 0;
}
