/* cli.h: gemmscope-bench's options (runner/README.md documents them). */
#ifndef GS_BENCH_CLI_H
#define GS_BENCH_CLI_H

#include <stdio.h>

#include "runner/measure.h"
#include "util/error.h"

enum { GS_BENCH_CLI_MAX_LIST = 64, GS_BENCH_CLI_MAX_DTYPES = 8 };

/* A repeatable option's values (borrowed from argv). */
typedef struct gs_bench_cli_list {
	const char *v[GS_BENCH_CLI_MAX_LIST];
	int n;
} gs_bench_cli_list;

typedef struct gs_bench_args {
	gs_bench_cli_list shapes; /* --shapes FILE */
	gs_bench_cli_list psize_files; /* --problem-sizes FILE */
	gs_bench_cli_list ranges; /* --range SPEC */
	gs_bench_cli_list exacts; /* --exact SPEC */
	long m, n, k, batch; /* -m -n -k --batch; 0 = not given */
	char dtypes[GS_BENCH_CLI_MAX_DTYPES][16]; /* --dtype LIST, canonical */
	const char *dtype_ptrs[GS_BENCH_CLI_MAX_DTYPES + 1]; /* NULL-terminated view */
	int dtype_given; /* 1 if --dtype was given */
	char trans_a, trans_b; /* --transA --transB */
	int bias; /* --bias */
	const char *backend; /* --backend: vendor, tiled, cpu */
	const char *platform; /* --platform: auto, hip, cuda */
	int device; /* --device */
	gs_bench_cfg cfg; /* kind, --tile, timing, --seed ... */
	const char *output; /* -o; NULL = standard output */
	const char *ceilings; /* --ceilings FILE */
	long ceil_size; /* --ceilings-size */
	double ceil_mib; /* --ceilings-mib */
	int quiet; /* -q */
	int help, version; /* --help, --version */
} gs_bench_args;

/* gs_bench_cli_parse: fill A from ARGV[1..ARGC).  Returns 0, or -1 with ERR
 * (one sentence naming the option) for an unknown option, a missing or
 * malformed value. */
int gs_bench_cli_parse(int argc, char **argv, gs_bench_args *a, gs_error *err);

/* gs_bench_cli_usage: the --help text to OUT. */
void gs_bench_cli_usage(FILE *out);

#endif
