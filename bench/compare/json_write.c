/* json_write.c: the JSON writer alone, on a compare model built as
 * `gemmscope compare` builds it (both sides' efficiency, causes, effpairs),
 * without the HTML and its plots (bench/compare/RESULTS.md, "JSON").  Not
 * built by make; from a configured and built tree:
 *   cc -O2 -Isrc -I. bench/compare/json_write.c libgs.a \
 *      $(pkg-config --libs libxml-2.0 cairo fontconfig zlib) \
 *      -lyajl -lsqlite3 -lcsv -lm -o /tmp/json_write
 *   /tmp/json_write base.csv cand.csv out.json [indent]
 * Prints the CPU seconds of the JSON write (best of 3; the writes to the
 * page cache included), its size and the peak RSS. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

#include "analysis/cause.h"
#include "analysis/compare.h"
#include "analysis/report.h"
#include "analysis/single.h"
#include "ingest/ingest.h"
#include "render/report.h"

/* CPU seconds of this process: on a shared machine, wall time measures the
 * neighbours too. */
static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Write R to PATH; the wall seconds, or -1. */
static double
write_once(const gs_report *r, const char *path)
{
	gs_error err = {0};
	FILE *f = fopen(path, "w");
	double t0 = now(), t;

	if (!f || gs_render_json(r, f, &err) != 0)
		return -1;
	t = now() - t0;
	return fclose(f) == 0 ? t : -1;
}

int
main(int argc, char **argv)
{
	gs_ingest_opts io = {0};
	gs_error err = {0};
	gs_table *a = NULL, *b = NULL;
	gs_compare cmp;
	gs_compare_opts o;
	gs_single_opts so;
	gs_single eff[2];
	gs_causes causes;
	gs_report r = {0};
	struct rusage ru;
	struct stat st;
	double best = -1;

	if (argc < 4) {
		fprintf(stderr, "usage: json_write BASE CAND OUT.json [indent]\n");
		return 2;
	}
	gs_compare_opts_default(&o);
	gs_single_opts_default(&so);
	if (gs_ingest_read(argv[1], &io, &a, &err) != 0 ||
	    gs_ingest_read(argv[2], &io, &b, &err) != 0 || gs_compare_run(a, b, &o, &cmp, &err) ||
	    gs_single_run(a, NULL, &so, &eff[0], &err) ||
	    gs_single_run(b, NULL, &so, &eff[1], &err) ||
	    gs_cause_run(&cmp, &eff[0], &eff[1], &causes, &err)) {
		fprintf(stderr, "json_write: cannot build the model\n");
		return 1;
	}
	r.kind = GS_REPORT_COMPARE;
	r.title = "bench";
	r.version = "bench";
	r.cmp = &cmp;
	r.eff_base = &eff[0];
	r.eff_cand = &eff[1];
	r.causes = &causes;
	r.json_indent = argc > 4;
	if (gs_report_effpairs(&r, &err) != 0)
		return 1;
	for (int i = 0; i < 3; i++) {
		double t = write_once(&r, argv[3]);
		if (t < 0)
			return 1;
		best = best < 0 || t < best ? t : best;
	}
	getrusage(RUSAGE_SELF, &ru);
	stat(argv[3], &st);
	printf("json %.3f s CPU %lld bytes maxrss %ld KB shapes %zu\n", best, (long long)st.st_size,
	       ru.ru_maxrss, cmp.npairs);
	return 0;
}
