/* ingest_compare.c: ingest + compare alone, without the writers
 * (bench/compare/RESULTS.md).  Not built by make; from a configured and
 * built tree:
 *   cc -O2 -Isrc -I. bench/compare/ingest_compare.c libgs.a \
 *      $(pkg-config --libs libxml-2.0 cairo fontconfig zlib) \
 *      -lyajl -lsqlite3 -lcsv -lm -o /tmp/ingest_compare
 *   /tmp/ingest_compare base.csv cand.csv [summary.json]
 * Prints the wall seconds of the two reads (on two threads) and of
 * gs_compare_run, the peak RSS, and the matched count and geomean; with a
 * third argument, writes the summary as {"summary": {...}} for
 * bench/compare/check.py against ref.py's --summary. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <sys/resource.h>
#include <time.h>

#include "analysis/compare.h"
#include "ingest/ingest.h"

/* The summary numbers check.py compares, as JSON into PATH. */
static int
write_summary(const char *path, const gs_compare_summary *s)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fprintf(f,
	        "{\"summary\": {\"matched\": %zu, \"only_in_baseline\": %zu, "
	        "\"only_in_candidate\": %zu, \"improved\": %zu, \"regressed\": %zu, "
	        "\"neutral\": %zu, \"unsure\": %zu, \"geomean_speedup\": %.17g, "
	        "\"weighted_speedup\": %.17g, \"time_saved_us\": %.17g, "
	        "\"time_lost_us\": %.17g}}\n",
	        s->matched, s->only_in_baseline, s->only_in_candidate, s->improved, s->regressed,
	        s->neutral, s->unsure, s->geomean, s->weighted, s->time_saved_us, s->time_lost_us);
	return fclose(f) == 0 ? 0 : -1;
}

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int
main(int argc, char **argv)
{
	gs_ingest_opts io = {0};
	gs_error err = {0};
	gs_table *a = NULL, *b = NULL;
	gs_compare cmp;
	gs_compare_opts o;
	struct rusage ru;
	double t0, t1, t2;

	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: ingest_compare BASE CAND [SUMMARY.json]\n");
		return 2;
	}
	gs_compare_opts_default(&o);
	t0 = now();
	if (gs_ingest_read_pair(argv[1], argv[2], &io, &a, &b, &err) != 0) {
		fprintf(stderr, "ingest_compare: cannot read the inputs\n");
		return 1;
	}
	t1 = now();
	if (gs_compare_run(a, b, &o, &cmp, &err) != 0) {
		fprintf(stderr, "ingest_compare: compare failed\n");
		return 1;
	}
	t2 = now();
	getrusage(RUSAGE_SELF, &ru);
	printf("ingest %.3f s compare %.3f s maxrss %ld KB matched %zu geomean %.12g\n", t1 - t0,
	       t2 - t1, ru.ru_maxrss, cmp.s.matched, cmp.s.geomean);
	if (argc == 4 && write_summary(argv[3], &cmp.s) != 0) {
		fprintf(stderr, "ingest_compare: cannot write %s\n", argv[3]);
		return 1;
	}
	gs_compare_free(&cmp);
	gs_table_free(a);
	gs_table_free(b);
	return 0;
}
