#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "render/figures.h"
#include "render/plot.h"

void
gs_figures_free(gs_report_plot *plots, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(plots[i].svg);
		gs_plot_free(plots[i].plot);
	}
	free(plots);
}

static int
finish(gs_report_plot *pl, gs_plot *plot, const char *id, const char *title,
       const char *caption, gs_error *err)
{
	pl->id = id;
	pl->title = title;
	pl->caption = caption;
	pl->plot = plot;
	if (!plot)
		return gs_error_set(err, NULL, 0, 0, "cannot lay out plot '%s'", id);
	return gs_plot_svg(plot, id, &pl->svg, &pl->svg_len, err);
}

int
gs_figures_compare(const gs_compare *c, const char *datadir,
                   gs_report_plot **out, size_t *n, gs_error *err)
{
	size_t np = c->npairs;
	double *s = malloc(np * sizeof *s), *tb = malloc(np * sizeof *tb),
	       *tc = malloc(np * sizeof *tc);
	gs_report_plot *pl = calloc(3, sizeof *pl);
	double t = c->opts.threshold;
	int rc = -1;

	*out = NULL;
	*n = 0;
	if (!s || !tb || !tc || !pl) {
		gs_error_set(err, NULL, 0, 0, "out of memory");
		goto done;
	}
	if (gs_plot_font_init(datadir, err) != 0)
		goto done;
	for (size_t i = 0; i < np; i++) {
		s[i] = c->pairs[i].speedup;
		tb[i] = c->pairs[i].base->t.median;
		tc[i] = c->pairs[i].cand->t.median;
	}
	if (finish(&pl[0], gs_plot_speedup_curve(s, np, t), "speedup-curve",
	           "Sorted speedup",
	           "Every matched shape, sorted by speedup (log scale). The shaded band is "
	           "the neutral zone (change within ±threshold); above it the candidate is "
	           "faster, below it slower.", err) != 0 ||
	    finish(&pl[1], gs_plot_scatter(tb, tc, np, t), "time-scatter",
	           "Baseline vs candidate time",
	           "Median time per shape, log-log. Points below the diagonal are faster in "
	           "the candidate; the dashed lines mark ±threshold.", err) != 0 ||
	    finish(&pl[2], gs_plot_histogram(s, np, t), "speedup-histogram",
	           "Distribution of log2 speedup",
	           "Number of shapes per speedup bin (bins of equal width in log2, axis "
	           "labelled in speedup: 2 is twice as fast, 0.5 twice as slow), bars "
	           "stacked by class. Dashed lines mark ±threshold.", err) != 0)
		goto done;
	*out = pl;
	*n = 3;
	pl = NULL;
	rc = 0;
done:
	if (pl)
		gs_figures_free(pl, 3);
	free(s);
	free(tb);
	free(tc);
	return rc;
}
