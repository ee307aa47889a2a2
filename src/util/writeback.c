#define _GNU_SOURCE /* sync_file_range */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/writeback.h"

void
gs_writeback_start(FILE *fp)
{
	if (fflush(fp) != 0)
		return;
#if defined(__linux__) && defined(SYNC_FILE_RANGE_WRITE)
	{
		int fd = fileno(fp);
		off_t end = fd >= 0 ? lseek(fd, 0, SEEK_CUR) : -1;

		if (end > 0)
			(void)sync_file_range(fd, 0, end, SYNC_FILE_RANGE_WRITE);
	}
#endif
}

/* ---- the syncer */

struct gs_syncer {
	pthread_t thread;
	pthread_mutex_t lock; /* everything below */
	pthread_cond_t wake; /* to the thread: stop */
	pthread_cond_t done; /* from the thread: a flush ended */
	int stop;
	unsigned long flushes;
	struct {
		int fd; /* -1: free */
		int busy; /* being flushed, the lock released */
		int err; /* errno of a failed flush, 0 none */
		off_t synced; /* the file's size at its last flush */
	} slot[GS_SYNC_SLOTS];
};

/* Flush slot I if it grew enough since its last flush; called and
 * returning with S's lock held, which it drops during the flush. */
static void
flush_slot(gs_syncer *s, int i)
{
	struct stat st;
	int fd = s->slot[i].fd, rc, e;

	if (fd < 0 || s->slot[i].err || fstat(fd, &st) != 0 ||
	    st.st_size - s->slot[i].synced < GS_SYNC_BYTES)
		return;
	s->slot[i].busy = 1;
	pthread_mutex_unlock(&s->lock);
	rc = fdatasync(fd);
	e = errno;
	pthread_mutex_lock(&s->lock);
	s->slot[i].busy = 0;
	s->flushes++;
	if (rc != 0)
		s->slot[i].err = e;
	else
		s->slot[i].synced = st.st_size;
	pthread_cond_broadcast(&s->done);
}

static void *
syncer_main(void *arg)
{
	gs_syncer *s = arg;
	struct timespec t;

	pthread_mutex_lock(&s->lock);
	while (!s->stop) {
		for (int i = 0; i < GS_SYNC_SLOTS && !s->stop; i++)
			flush_slot(s, i);
		clock_gettime(CLOCK_MONOTONIC, &t);
		t.tv_nsec += GS_SYNC_POLL_MS * 1000000L;
		t.tv_sec += t.tv_nsec / 1000000000L;
		t.tv_nsec %= 1000000000L;
		if (!s->stop)
			pthread_cond_timedwait(&s->wake, &s->lock, &t);
	}
	pthread_mutex_unlock(&s->lock);
	return NULL;
}

gs_syncer *
gs_syncer_start(void)
{
	gs_syncer *s = calloc(1, sizeof *s);
	pthread_condattr_t ca;

	if (!s)
		return NULL;
	for (int i = 0; i < GS_SYNC_SLOTS; i++)
		s->slot[i].fd = -1;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_mutex_init(&s->lock, NULL);
	pthread_cond_init(&s->wake, &ca);
	pthread_cond_init(&s->done, NULL);
	pthread_condattr_destroy(&ca);
	if (pthread_create(&s->thread, NULL, syncer_main, s) != 0) {
		pthread_cond_destroy(&s->done);
		pthread_cond_destroy(&s->wake);
		pthread_mutex_destroy(&s->lock);
		free(s);
		return NULL;
	}
	return s;
}

int
gs_syncer_watch(gs_syncer *s, int fd)
{
	int id = -1;

	if (!s || fd < 0)
		return -1;
	pthread_mutex_lock(&s->lock);
	for (int i = 0; i < GS_SYNC_SLOTS && id < 0; i++)
		if (s->slot[i].fd < 0) {
			s->slot[i].fd = fd;
			s->slot[i].err = 0;
			s->slot[i].synced = 0;
			id = i;
		}
	pthread_mutex_unlock(&s->lock);
	return id;
}

int
gs_syncer_release(gs_syncer *s, int id)
{
	int e;

	if (!s || id < 0 || id >= GS_SYNC_SLOTS)
		return 0;
	pthread_mutex_lock(&s->lock);
	while (s->slot[id].busy)
		pthread_cond_wait(&s->done, &s->lock);
	e = s->slot[id].err;
	s->slot[id].fd = -1;
	pthread_mutex_unlock(&s->lock);
	return e;
}

unsigned long
gs_syncer_flushes(gs_syncer *s)
{
	unsigned long n;

	pthread_mutex_lock(&s->lock);
	n = s->flushes;
	pthread_mutex_unlock(&s->lock);
	return n;
}

void
gs_syncer_stop(gs_syncer *s)
{
	if (!s)
		return;
	pthread_mutex_lock(&s->lock);
	s->stop = 1;
	pthread_cond_signal(&s->wake);
	pthread_mutex_unlock(&s->lock);
	pthread_join(s->thread, NULL);
	pthread_cond_destroy(&s->done);
	pthread_cond_destroy(&s->wake);
	pthread_mutex_destroy(&s->lock);
	free(s);
}
