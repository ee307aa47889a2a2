/* ingest_bench: time gs_ingest_read() on one input and print what it
 * found, for bench/trace/RESULTS.md.
 *
 * Usage: ingest_bench FILE
 * Prints: format, records, calls (sum of counts), skipped, seconds, and
 * MB/s of the file as stored.  Peak memory comes from /usr/bin/time -v.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>

#include "ingest/ingest.h"

static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int
main(int argc, char **argv)
{
	gs_ingest_opts opts = {.progress = 1};
	gs_table *t;
	gs_error err;
	struct stat st;
	double t0, dt;
	long calls = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: ingest_bench FILE\n");
		return 2;
	}
	gs_error_clear(&err);
	t0 = now_s();
	if (gs_ingest_read(argv[1], &opts, &t, &err) != 0) {
		gs_error_print(&err, stderr);
		return 2;
	}
	dt = now_s() - t0;
	for (size_t i = 0; i < t->n; i++)
		calls += t->rec[i].t.count;
	if (stat(argv[1], &st) != 0)
		st.st_size = 0;
	printf("%s: format %s, %zu records, %ld calls, %zu skipped, %.3f s, %.1f MB/s stored\n",
	       argv[1], t->format, t->n, calls, t->skipped, dt, (double)st.st_size / 1e6 / dt);
	gs_table_free(t);
	return 0;
}
