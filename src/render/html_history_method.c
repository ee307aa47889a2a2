/* html_history_method.c: the history page's "How the numbers were
 * computed" section: runs and series, the evolution table, change points,
 * persistence, open regressions and gates, the mode decomposition (placed
 * by html_history.c).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

#include "render/html_impl.h"
#include "analysis/history.h"

static void
method_series(gs_html *w, const gs_history_opts *o, xmlNodePtr dl)
{

	gs_html_define(w, dl, "Runs and series",
	               "Runs are ordered oldest first "
	               "(by name in natural order, run-2 before run-10, or by a date or "
	               "number column with --order). A shape's time in a run is the "
	               "median of its samples (\xc2\xb5s); its series is that time in "
	               "every run, with gaps where a run lacks it.");
	gs_html_define(w, dl, "Evolution table",
	               "Each run is compared with the "
	               "first run and with the previous one exactly as gemmscope compare "
	               "does: speedup s = t_earlier / t_run, geomean exp(mean(ln s)) over "
	               "the shapes both share with a 95 %% Student-t interval, improved "
	               "if s \xe2\x88\x92 1 > +%g %%, regressed if < \xe2\x88\x92%g %% "
	               "(reference/statistics.md \xc2\xa7"
	               "1, \xe2\x80\x9c"
	               "Evolution "
	               "across versions\xe2\x80\x9d: the same metrics for each version "
	               "against one fixed baseline).",
	               o->cmp.threshold * 100, o->cmp.threshold * 100);
	gs_html_define(w, dl, "Change points",
	               "Per shape, E-Divisive (Matteson "
	               "& James, JASA 2014) in windows of %zu runs with a two-sided pooled "
	               "Student t-test as its significance test, as Apache Otava (Hunter: "
	               "Fleming et al., ICPE 2023, doi:10.1145/3578244.3583719) does; a "
	               "step is kept when p \xe2\x89\xa4 %g and its magnitude max(|r "
	               "\xe2\x88\x92 1|, |1/r \xe2\x88\x92 1|) \xe2\x89\xa5 %g %%, r = "
	               "median after / median before. A level that does not hold (a "
	               "one-run spike) is not a change.",
	               o->window ? o->window : 50, o->max_p, o->min_magnitude * 100);
}

static void
method_persist(gs_html *w, const gs_history_opts *o, xmlNodePtr dl)
{

	gs_html_define(w, dl, "Persistence",
	               "A step counts as a regression "
	               "(slower) or an improvement (faster) only once its new level has "
	               "lasted %u runs (--persist); a newer step is pending and fails no "
	               "gate yet (reference/statistics.md \xc2\xa7"
	               "4, item 6: "
	               "require persistence over consecutive runs before alerting).",
	               o->persist);
	gs_html_define(w, dl, "Open regressions and gates",
	               "A confirmed slower "
	               "step stays open while the shape's current level (after its last "
	               "confirmed step) is still at least %g %% above the level before "
	               "it; a step later undone is closed. --max-regressed counts the "
	               "shapes with an open regression, --min-geomean checks the last "
	               "run's geomean against the first; JUnit reports each open "
	               "regression as a failure and each shape with only a pending step "
	               "as skipped.",
	               o->min_magnitude * 100);
	if (w->r->modes)
		gs_html_define(w, dl, "Mode decomposition",
		               "From runs named full, "
		               "no_overlap, comm_only and comp_only: direct gain T_no_overlap "
		               "\xe2\x88\x92 T_full and decomposition gain T_comm_only + "
		               "T_comp_only \xe2\x88\x92 T_full, medians in \xc2\xb5s "
		               "(reference/seeds/gfx1151-reference.md, \xe2\x80\x9cOverlap "
		               "Measurement Without PC Sampling\xe2\x80\x9d).");
}

void
gs_html_history_method(gs_html *w, const gs_history *h, xmlNodePtr sec)
{
	xmlNodePtr dl;

	gs_html_add_text(w, sec, "h2", NULL, "How the numbers were computed");
	dl = gs_html_add(w, sec, "dl", NULL);
	method_series(w, &h->opts, dl);
	method_persist(w, &h->opts, dl);
}
