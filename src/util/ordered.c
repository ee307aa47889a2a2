/* ordered.c: gs_ordered_run (ordered.h).  The runs are taken in order by
 * whichever thread is free, run R into place R % GS_ORDERED_SLOTS once
 * run R - GS_ORDERED_SLOTS was emitted; this thread emits run after run
 * and makes one itself whenever the next to emit is not ready. */
#include <pthread.h>

#include "util/ordered.h"

typedef struct state {
	const gs_ordered *o;
	size_t nruns;
	pthread_mutex_t lock;
	pthread_cond_t changed; /* a run made or emitted, or the work stopped */
	size_t next; /* the first run not yet taken */
	size_t emitted; /* runs emitted */
	int stop; /* a make or emit failed: take no more runs */
	int ready[GS_ORDERED_SLOTS]; /* place holds its run's bytes */
	int failed[GS_ORDERED_SLOTS]; /* its make failed */
} state;

/* The next run to make when its place is free, else -1.  Under the lock. */
static long
take(state *q)
{
	if (q->stop || q->next >= q->nruns || q->next >= q->emitted + GS_ORDERED_SLOTS)
		return -1;
	return (long)q->next++;
}

/* Make run R (taken by this thread): unlocks around the work. */
static void
make(state *q, size_t r)
{
	int s = (int)(r % GS_ORDERED_SLOTS);
	size_t begin = r * q->o->chunk, end = begin + q->o->chunk;
	int rc;

	pthread_mutex_unlock(&q->lock);
	rc = q->o->make(q->o->ctx, s, begin, end < q->o->n ? end : q->o->n);
	pthread_mutex_lock(&q->lock);
	q->failed[s] = rc != 0;
	q->ready[s] = 1;
	pthread_cond_broadcast(&q->changed);
}

static void *
helper(void *arg)
{
	state *q = arg;

	pthread_mutex_lock(&q->lock);
	while (!q->stop && q->next < q->nruns) {
		long r = take(q);

		if (r >= 0)
			make(q, (size_t)r);
		else
			pthread_cond_wait(&q->changed, &q->lock);
	}
	pthread_mutex_unlock(&q->lock);
	return NULL;
}

int
gs_ordered_run(const gs_ordered *o)
{
	state q = {.o = o};
	pthread_t t;
	int threaded, rc = 0;

	if (o->n == 0)
		return 0;
	q.nruns = (o->n + o->chunk - 1) / o->chunk;
	pthread_mutex_init(&q.lock, NULL);
	pthread_cond_init(&q.changed, NULL);
	threaded = q.nruns > 1 && pthread_create(&t, NULL, helper, &q) == 0;
	pthread_mutex_lock(&q.lock);
	while (q.emitted < q.nruns && rc == 0) {
		int s = (int)(q.emitted % GS_ORDERED_SLOTS);
		long r;

		if (q.ready[s]) { /* the next run to emit: place s holds no other */
			pthread_mutex_unlock(&q.lock);
			rc = q.failed[s] ? -1 : o->emit(o->ctx, s, q.emitted);
			pthread_mutex_lock(&q.lock);
			q.ready[s] = 0;
			q.emitted++;
		} else if ((r = take(&q)) >= 0) {
			make(&q, (size_t)r);
		} else {
			pthread_cond_wait(&q.changed, &q.lock);
		}
	}
	q.stop = 1;
	pthread_cond_broadcast(&q.changed);
	pthread_mutex_unlock(&q.lock);
	if (threaded)
		pthread_join(t, NULL);
	pthread_cond_destroy(&q.changed);
	pthread_mutex_destroy(&q.lock);
	return rc;
}
