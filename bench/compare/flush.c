/* flush.c: what the final fsync of a large output waits for
 * (bench/compare/RESULTS.md, round 9).  Two files grow at a fixed pace,
 * as a million-shape compare's JSON (412 MB) and CSV (234 MB) do, each
 * handed to the kernel's write-back every 8 MB (sync_file_range, as
 * util/writeback.c does), then each fsynced; with SYNCER 1 a third
 * thread also fdatasyncs both files while they grow (util/writeback.h's
 * syncer).  Prints each file's final fsync time.  Not built by make:
 *   cc -O2 -pthread bench/compare/flush.c -o /tmp/flush
 *   /tmp/flush DIR SYNCER [RATE_MB_S]    RATE: both files together, 280
 * DIR must be on the disk under test; the files are removed at the end. */
#define _GNU_SOURCE /* sync_file_range */
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { BLOCK = 1 << 18, WRITEBACK = 8 << 20 };

typedef struct file {
	char path[4096];
	long mb; /* size */
	double rate; /* MB/s */
	int fd;
	double fsync_s; /* the final fsync's time */
} file;

static atomic_int writing = 2;

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void *
writer(void *arg)
{
	file *f = arg;
	static char block[BLOCK];
	off_t done = 0, handed = 0;
	double t0 = now(), t;

	memset(block, 'x', sizeof block);
	for (long i = 0; i < f->mb * ((1 << 20) / BLOCK); i++) {
		if (write(f->fd, block, BLOCK) != BLOCK) {
			perror(f->path);
			exit(1);
		}
		done += BLOCK;
		if (done - handed >= WRITEBACK) {
			sync_file_range(f->fd, 0, done, SYNC_FILE_RANGE_WRITE);
			handed = done;
		}
		while (now() < t0 + (double)done / (f->rate * 1048576.0))
			; /* the pace of a writer formatting its rows */
	}
	atomic_fetch_sub(&writing, 1);
	t = now();
	if (fsync(f->fd) != 0)
		perror(f->path);
	f->fsync_s = now() - t;
	return NULL;
}

static void *
syncer(void *arg)
{
	file *f = arg;

	while (atomic_load(&writing) > 0) {
		for (int i = 0; i < 2; i++)
			fdatasync(f[i].fd);
		usleep(50000);
	}
	return NULL;
}

int
main(int argc, char **argv)
{
	file f[2] = {{"", 412, 0, -1, 0}, {"", 234, 0, -1, 0}};
	double rate = argc > 3 ? atof(argv[3]) : 280, t0;
	pthread_t w[2], s;
	int with_syncer;

	if (argc < 3) {
		fprintf(stderr, "usage: flush DIR SYNCER [RATE_MB_S]\n");
		return 2;
	}
	with_syncer = atoi(argv[2]);
	for (int i = 0; i < 2; i++) {
		snprintf(f[i].path, sizeof f[i].path, "%s/flush-%d.out", argv[1], i);
		f[i].rate = rate * (double)f[i].mb / (double)(f[0].mb + f[1].mb);
		if ((f[i].fd = open(f[i].path, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0) {
			perror(f[i].path);
			return 1;
		}
	}
	t0 = now();
	for (int i = 0; i < 2; i++)
		pthread_create(&w[i], NULL, writer, &f[i]);
	if (with_syncer)
		pthread_create(&s, NULL, syncer, f);
	for (int i = 0; i < 2; i++)
		pthread_join(w[i], NULL);
	if (with_syncer)
		pthread_join(s, NULL);
	printf("syncer %d, %.0f MB/s: total %.2f s, final fsync %.3f s (412 MB) and %.3f s "
	       "(234 MB)\n",
	       with_syncer, rate, now() - t0, f[0].fsync_s, f[1].fsync_s);
	for (int i = 0; i < 2; i++) {
		close(f[i].fd);
		unlink(f[i].path);
	}
	return 0;
}
