/* bench.h: gemmscope-bench, the GEMM runner (runner/README.md).
 *
 * Reads shapes (gemmscope CSVs, Tensile ProblemSizes, -m/-n/-k), runs each
 * on one backend (vendor library, the project's tiled kernel, or the CPU
 * reference), checks every result against the CPU reference, and writes
 * the timings in gemmscope's native CSV schema; --ceilings writes a GPU
 * spec file.
 */
#ifndef GS_BENCH_H
#define GS_BENCH_H

/* Exit statuses (DESIGN.md "Exit status"). */
enum {
	GS_BENCH_OK = 0,
	GS_BENCH_FAILED = 1, /* a shape failed its check or the runtime */
	GS_BENCH_USAGE = 2, /* usage or input error */
	GS_BENCH_NO_GPU = 3 /* no GPU; no device backend, or no vendor
	                          library for --backend vendor, in this build */
};

/* gs_bench_main: run gemmscope-bench with ARGC/ARGV.  PLUGIN_DIRS
 * (NULL-terminated, "" entries skipped) are searched for the
 * device backends.  Messages go to stderr, results to -o or stdout
 * (written atomically; nothing is written on status 2 or 3, or when no
 * shape succeeded).  Returns the exit status above. */
int gs_bench_main(int argc, char **argv, const char *const *plugin_dirs);

#endif
