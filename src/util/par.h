/* par.h: two pieces of work at once, on a machine's second core.
 *
 * A compare's two sides are independent until they are joined (each
 * side's efficiency model, residuals and cliffs read only that side's
 * table), and CI machines have two cores or more.  The work functions
 * must not share mutable state: anything static they touch is
 * _Thread_local.
 */
#ifndef GS_PAR_H
#define GS_PAR_H

/* gs_par_fn: a piece of work on ARG; returns 0 or -1 (its error kept in
 * ARG). */
typedef int (*gs_par_fn)(void *arg);

/* gs_par_run2: run B(ARG_B) on a second thread while A(ARG_A) runs on
 * this one, and wait for both.  When no thread can be started, B runs
 * here after A.  Returns A's status; B's goes into *STATUS_B. */
int gs_par_run2(gs_par_fn a, void *arg_a, gs_par_fn b, void *arg_b, int *status_b);

#endif
