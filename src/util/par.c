/* par.c: two pieces of work at once (par.h). */
#include <pthread.h>

#include "util/par.h"

typedef struct task {
	gs_par_fn fn;
	void *arg;
	int status;
} task;

static void *
run(void *p)
{
	task *t = p;

	t->status = t->fn(t->arg);
	return NULL;
}

int
gs_par_run2(gs_par_fn a, void *arg_a, gs_par_fn b, void *arg_b, int *status_b)
{
	task tb = {b, arg_b, 0};
	pthread_t th;
	int threaded = pthread_create(&th, NULL, run, &tb) == 0;
	int sa = a(arg_a);

	if (threaded)
		pthread_join(th, NULL);
	else
		run(&tb);
	*status_b = tb.status;
	return sa;
}
