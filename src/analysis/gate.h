/* gate.h: the CI gates of a comparison, a history and a confirmation as
 * data (DESIGN.md "CI gates").
 * Analysis decides each gate once; the command prints the verdicts and
 * sets the exit status from them, and a writer may show them.
 */
#ifndef GS_GATE_H
#define GS_GATE_H

#include <stddef.h>

#include "analysis/compare.h"

struct gs_history;
struct gs_confirm;

enum { GS_GATES_MAX = 4 };

/* One gate asked for on the command line. */
typedef struct gs_gate {
	const char *name; /* static: "min-geomean" or "max-regressed" */
	double threshold; /* the option's value */
	double value; /* what was measured: the geomean speedup, or the
	                           number of regressed shapes (compare), of open
	                           regressions (history), of confirmed
	                           regressions (confirm) */
	int passed; /* 1 passed, 0 crossed */
} gs_gate;

/* The gates of one report, in a fixed order, only those asked for. */
typedef struct gs_gates {
	gs_gate g[GS_GATES_MAX];
	size_t n;
} gs_gates;

/* gs_gates_compare: the gates of comparison C (borrowed).  MIN_GEOMEAN > 0
 * asks for "min-geomean" (crossed when the geomean speedup is below it);
 * MAX_REGRESSED >= 0 asks for "max-regressed" (crossed when more shapes
 * than that regressed).  Fills OUT (no allocation); never fails. */
void gs_gates_compare(const gs_compare *c, double min_geomean, long max_regressed, gs_gates *out);

/* gs_gates_history: the gates of history H (borrowed) with OPEN series
 * holding an open regression at the last run (gs_report_history's
 * count).  MIN_GEOMEAN > 0 asks for "min-geomean" on the last run's
 * geomean against the first (crossed unless >= MIN_GEOMEAN, so an
 * undefined geomean crosses it); MAX_REGRESSED >= 0 asks for
 * "max-regressed" (crossed when OPEN > MAX_REGRESSED).  Fills OUT (no
 * allocation); never fails. */
void gs_gates_history(const struct gs_history *h, size_t open, double min_geomean,
                      long max_regressed, gs_gates *out);

/* gs_gates_confirm: the gate of confirmation C (borrowed): MAX_REGRESSED
 * >= 0 asks for "max-regressed", crossed when more regressions were
 * confirmed.  Fills OUT (no allocation); never fails. */
void gs_gates_confirm(const struct gs_confirm *c, long max_regressed, gs_gates *out);

/* gs_gates_crossed: the number of gates in G that did not pass. */
size_t gs_gates_crossed(const gs_gates *g);

#endif
