/* gate.c: the CI gates of a comparison, a history and a confirmation as
 * data (gate.h). */
#include "analysis/confirm.h"
#include "analysis/gate.h"
#include "analysis/history.h"

static void
add(gs_gates *out, const char *name, double threshold, double value, int passed)
{
	gs_gate *g;

	if (out->n >= GS_GATES_MAX)
		return;
	g = &out->g[out->n++];
	g->name = name;
	g->threshold = threshold;
	g->value = value;
	g->passed = passed;
}

void
gs_gates_compare(const gs_compare *c, double min_geomean, long max_regressed, gs_gates *out)
{
	out->n = 0;
	if (min_geomean > 0)
		add(out, "min-geomean", min_geomean, c->s.geomean, !(c->s.geomean < min_geomean));
	if (max_regressed >= 0)
		add(out, "max-regressed", (double)max_regressed, (double)c->s.regressed,
		    !((long)c->s.regressed > max_regressed));
}

void
gs_gates_history(const gs_history *h, size_t open, double min_geomean, long max_regressed,
                 gs_gates *out)
{
	double g = h->nruns ? h->runs[h->nruns - 1].geomean_vs_first : 0;

	out->n = 0;
	if (min_geomean > 0)
		add(out, "min-geomean", min_geomean, g, g >= min_geomean);
	if (max_regressed >= 0)
		add(out, "max-regressed", (double)max_regressed, (double)open,
		    !((long)open > max_regressed));
}

void
gs_gates_confirm(const gs_confirm *c, long max_regressed, gs_gates *out)
{
	out->n = 0;
	if (max_regressed >= 0)
		add(out, "max-regressed", (double)max_regressed, (double)c->confirmed,
		    !((long)c->confirmed > max_regressed));
}

size_t
gs_gates_crossed(const gs_gates *g)
{
	size_t n = 0;

	for (size_t i = 0; i < g->n; i++)
		n += !g->g[i].passed;
	return n;
}
