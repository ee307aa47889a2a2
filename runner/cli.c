#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner/bdtype.h"
#include "runner/cli.h"
#include "runner/tile.h"
#include "table.h"

typedef enum opt_id {
	O_OUTPUT,
	O_SHAPES,
	O_PSIZES,
	O_RANGE,
	O_EXACT,
	O_M,
	O_N,
	O_K,
	O_BATCH,
	O_DTYPE,
	O_TA,
	O_TB,
	O_BIAS,
	O_BACKEND,
	O_PLATFORM,
	O_DEVICE,
	O_TILE,
	O_WARMUP,
	O_WARMUP_MS,
	O_ITERS,
	O_LAUNCHES,
	O_ROTATING,
	O_FLUSH,
	O_FLUSH_MIB,
	O_THROTTLE,
	O_NO_ICACHE,
	O_SEED,
	O_CHECK,
	O_CEIL,
	O_CEIL_SIZE,
	O_CEIL_MIB,
	O_QUIET,
	O_HELP,
	O_VERSION
} opt_id;

typedef struct opt {
	const char *name;
	char short_name;
	int arg; /* 1: takes a value */
	opt_id id;
} opt;

static const opt options[] = {
        {"output", 'o', 1, O_OUTPUT},
        {"shapes", 0, 1, O_SHAPES},
        {"problem-sizes", 0, 1, O_PSIZES},
        {"range", 0, 1, O_RANGE},
        {"exact", 0, 1, O_EXACT},
        {"m", 'm', 1, O_M},
        {"n", 'n', 1, O_N},
        {"k", 'k', 1, O_K},
        {"batch", 0, 1, O_BATCH},
        {"dtype", 0, 1, O_DTYPE},
        {"transA", 0, 1, O_TA},
        {"transB", 0, 1, O_TB},
        {"bias", 0, 0, O_BIAS},
        {"backend", 0, 1, O_BACKEND},
        {"platform", 0, 1, O_PLATFORM},
        {"device", 0, 1, O_DEVICE},
        {"tile", 0, 1, O_TILE},
        {"warmup", 0, 1, O_WARMUP},
        {"warmup-ms", 0, 1, O_WARMUP_MS},
        {"iters", 'i', 1, O_ITERS},
        {"launches", 0, 1, O_LAUNCHES},
        {"rotating", 0, 1, O_ROTATING},
        {"flush", 0, 0, O_FLUSH},
        {"flush-mib", 0, 1, O_FLUSH_MIB},
        {"throttle-threshold", 0, 1, O_THROTTLE},
        {"no-icache-flush", 0, 0, O_NO_ICACHE},
        {"seed", 0, 1, O_SEED},
        {"check-samples", 0, 1, O_CHECK},
        {"ceilings", 0, 1, O_CEIL},
        {"ceilings-size", 0, 1, O_CEIL_SIZE},
        {"ceilings-mib", 0, 1, O_CEIL_MIB},
        {"quiet", 'q', 0, O_QUIET},
        {"help", 'h', 0, O_HELP},
        {"version", 0, 0, O_VERSION},
};

void
gs_bench_cli_usage(FILE *out)
{
	fputs("usage: gemmscope-bench [shapes] [options] [-o RESULTS.csv]\n"
	      "shapes (any mix; duplicates are run once):\n"
	      "  --shapes FILE          any CSV gemmscope reads (e.g. compare --regressions)\n"
	      "  -m M -n N -k K         one GEMM; with --batch B --bias --transA/--transB N|T\n"
	      "  --problem-sizes FILE   Tensile config or list of Range/Exact entries (YAML)\n"
	      "  --range SPEC           Tensile Range, e.g. '[[16,128],0,[1],[16,128]]'\n"
	      "  --exact SPEC           Tensile Exact, e.g. '[4096,4096,1,8192]'\n"
	      "  --dtype LIST           f32,f16,bf16 for shapes without a dtype (default f32)\n"
	      "backend:\n"
	      "  --backend NAME         vendor (hipBLASLt/rocBLAS/cuBLASLt), tiled, cpu (default vendor)\n"
	      "  --platform NAME        auto, hip, cuda or cpu (default auto)   --device N (default 0);\n"
	      "                         on cpu, vendor is OpenBLAS\n"
	      "  --tile TMxTNxTK        tiled backend macro tile (default 128x128x32)\n"
	      "measurement:\n"
	      "  --warmup N (10) launches, and --warmup-ms MS (50) at least\n"
	      "  --iters N samples (20)  --launches N per sample (1)\n"
	      "  --rotating MiB         operand sets rotated over this much memory (default 2x the\n"
	      "                         largest cache, 512 if unknown; 0 off)\n"
	      "  --flush [--flush-mib MiB]  flush the data caches before each sample (default\n"
	      "                         2x the largest cache, as the rotation)\n"
	      "  --no-icache-flush      keep the instruction cache warm (default: invalidated\n"
	      "                         before each sample on AMD, as hipBLASLt's tuning)\n"
	      "  --throttle-threshold PCT  a sample below PCT % of the peak shader clock is\n"
	      "                         counted as throttled (default 75, as nvbench; 0 off)\n"
	      "  --seed N (1)  --check-samples N outputs checked on big shapes (1024)\n"
	      "  --ceilings FILE        measure bandwidth and peak TFLOP/s, write a GPU spec file\n"
	      "                         (--ceilings-size S, --ceilings-mib MiB)\n"
	      "  -o FILE                results, native CSV (default standard output)\n"
	      "  -q                     no progress lines\n"
	      "exit status: 0 done, 1 a shape failed (wrong result or runtime error),\n"
	      "2 usage or input error, 3 no GPU or no device backend in this build\n",
	      out);
}

static int
parse_long(const char *name, const char *s, long lo, long hi, long *v, gs_error *err)
{
	char *end;

	errno = 0;
	*v = strtol(s, &end, 10);
	if (end == s || *end || errno || *v < lo || *v > hi)
		return gs_error_set(err, NULL, 0, 0,
		                    "--%s expects an integer from %ld to %ld, got '%s'", name, lo,
		                    hi, s);
	return 0;
}

/* A size in MiB: a number from 0 to 2^24 (16 TiB, beyond any device's
 * memory, and a byte count that size_t holds). */
static int
parse_mib(const char *name, const char *s, double *v, gs_error *err)
{
	char *end;

	*v = strtod(s, &end);
	if (end == s || *end || !isfinite(*v) || *v < 0 || *v > 16777216.0)
		return gs_error_set(err, NULL, 0, 0,
		                    "--%s expects a size in MiB from 0 to 16777216, got '%s'", name,
		                    s);
	return 0;
}

/* A percentage from 0 to 100. */
static int
parse_pct(const char *name, const char *s, double *v, gs_error *err)
{
	char *end;

	*v = strtod(s, &end);
	if (end == s || *end || !(*v >= 0 && *v <= 100))
		return gs_error_set(err, NULL, 0, 0,
		                    "--%s expects a percentage from 0 to 100, got '%s'", name, s);
	return 0;
}

static int
parse_int(const char *name, const char *s, long lo, int *v, gs_error *err)
{
	long l;

	if (parse_long(name, s, lo, 1L << 30, &l, err) != 0)
		return -1;
	*v = (int)l;
	return 0;
}

static int
parse_trans(const char *name, const char *s, char *t, gs_error *err)
{
	if ((s[0] == 'N' || s[0] == 'n' || s[0] == 'T' || s[0] == 't') && !s[1]) {
		*t = (s[0] == 'N' || s[0] == 'n') ? 'N' : 'T';
		return 0;
	}
	return gs_error_set(err, NULL, 0, 0, "--%s expects N or T, got '%s'", name, s);
}

static int
parse_dtypes(gs_bench_args *a, const char *list, gs_error *err)
{
	char buf[256], *save = NULL;
	int n = 0;

	snprintf(buf, sizeof buf, "%s", list);
	for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char canon[GS_DTYPE_LEN];
		if (n == GS_BENCH_CLI_MAX_DTYPES)
			return gs_error_set(err, NULL, 0, 0, "--dtype: too many dtypes");
		if (gs_dtype_normalize(tok, canon) != 0 || gs_bdtype_from_name(canon) < 0)
			return gs_error_set(err, NULL, 0, 0,
			                    "--dtype: '%s' is not one of f32, f16, bf16", tok);
		snprintf(a->dtypes[n], sizeof a->dtypes[n], "%s", canon);
		a->dtype_ptrs[n] = a->dtypes[n];
		n++;
	}
	if (n == 0)
		return gs_error_set(err, NULL, 0, 0, "--dtype: empty list");
	a->dtype_ptrs[n] = NULL;
	a->dtype_given = 1;
	return 0;
}

static int
parse_backend(gs_bench_args *a, const char *s, gs_error *err)
{
	static const char *const names[] = {"vendor", "tiled", "cpu"};

	for (int i = 0; i < 3; i++)
		if (strcmp(s, names[i]) == 0) {
			a->backend = names[i];
			a->cfg.kind = i; /* gs_dev_kind order */
			return 0;
		}
	return gs_error_set(err, NULL, 0, 0, "--backend expects vendor, tiled or cpu, got '%s'", s);
}

static int
parse_platform(gs_bench_args *a, const char *s, gs_error *err)
{
	if (strcmp(s, "auto") && strcmp(s, "hip") && strcmp(s, "cuda") && strcmp(s, "cpu"))
		return gs_error_set(err, NULL, 0, 0,
		                    "--platform expects auto, hip, cuda or cpu, got '%s'", s);
	a->platform = s;
	return 0;
}

static int
push(gs_bench_cli_list *l, const char *name, const char *v, gs_error *err)
{
	if (l->n == GS_BENCH_CLI_MAX_LIST)
		return gs_error_set(err, NULL, 0, 0, "--%s given more than %d times", name,
		                    GS_BENCH_CLI_MAX_LIST);
	l->v[l->n++] = v;
	return 0;
}

static int
apply_shape(gs_bench_args *a, const opt *o, const char *v, gs_error *err)
{
	switch (o->id) {
	case O_SHAPES: return push(&a->shapes, o->name, v, err);
	case O_PSIZES: return push(&a->psize_files, o->name, v, err);
	case O_RANGE: return push(&a->ranges, o->name, v, err);
	case O_EXACT: return push(&a->exacts, o->name, v, err);
	case O_M: return parse_long(o->name, v, 1, 1L << 31, &a->m, err);
	case O_N: return parse_long(o->name, v, 1, 1L << 31, &a->n, err);
	case O_K: return parse_long(o->name, v, 1, 1L << 31, &a->k, err);
	case O_BATCH: return parse_long(o->name, v, 1, 1L << 24, &a->batch, err);
	case O_DTYPE: return parse_dtypes(a, v, err);
	case O_TA: return parse_trans(o->name, v, &a->trans_a, err);
	case O_TB: return parse_trans(o->name, v, &a->trans_b, err);
	default: return 1;
	}
}

static int
apply_run(gs_bench_args *a, const opt *o, const char *v, gs_error *err)
{
	gs_bench_cfg *c = &a->cfg;
	gs_dev_gemm tile;
	long seed, ms;

	switch (o->id) {
	case O_BACKEND: return parse_backend(a, v, err);
	case O_PLATFORM: return parse_platform(a, v, err);
	case O_DEVICE: return parse_int(o->name, v, 0, &a->device, err);
	case O_TILE:
		if (gs_tile_parse(v, &tile, err) != 0)
			return -1;
		c->tile_m = tile.tile_m, c->tile_n = tile.tile_n, c->tile_k = tile.tile_k;
		c->thr_m = tile.thr_m, c->thr_n = tile.thr_n;
		return 0;
	case O_WARMUP: return parse_int(o->name, v, 0, &c->warmup, err);
	case O_WARMUP_MS:
		if (parse_long(o->name, v, 0, 600000, &ms, err) != 0)
			return -1;
		c->warmup_ms = (double)ms;
		return 0;
	case O_ITERS: return parse_int(o->name, v, 1, &c->iters, err);
	case O_LAUNCHES: return parse_int(o->name, v, 1, &c->launches, err);
	case O_ROTATING: return parse_mib(o->name, v, &c->rotating_mib, err);
	case O_FLUSH_MIB: return parse_mib(o->name, v, &c->flush_mib, err);
	case O_THROTTLE: return parse_pct(o->name, v, &c->throttle_pct, err);
	case O_SEED:
		if (parse_long(o->name, v, 0, 0x7fffffffL, &seed, err) != 0)
			return -1;
		c->seed = (uint64_t)seed;
		return 0;
	case O_CHECK: return parse_long(o->name, v, 1, 1L << 30, &c->check_samples, err);
	default: return 1;
	}
}

static int
apply_output(gs_bench_args *a, const opt *o, const char *v, gs_error *err)
{
	switch (o->id) {
	case O_OUTPUT: a->output = strcmp(v, "-") ? v : NULL; return 0;
	case O_CEIL: a->ceilings = v; return 0;
	case O_CEIL_SIZE: return parse_long(o->name, v, 1, 1L << 20, &a->ceil_size, err);
	case O_CEIL_MIB: return parse_mib(o->name, v, &a->ceil_mib, err);
	case O_BIAS: a->bias = 1; return 0;
	case O_FLUSH: a->cfg.flush = 1; return 0;
	case O_NO_ICACHE: a->cfg.flush_icache = 0; return 0;
	case O_QUIET: a->quiet = 1; return 0;
	case O_HELP: a->help = 1; return 0;
	case O_VERSION: a->version = 1; return 0;
	default: return 1;
	}
}

static int
apply(gs_bench_args *a, const opt *o, const char *v, gs_error *err)
{
	int rc = apply_shape(a, o, v, err);

	if (rc == 1)
		rc = apply_run(a, o, v, err);
	if (rc == 1)
		rc = apply_output(a, o, v, err);
	return rc;
}

static const opt *
find_long(const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
		if (strlen(options[i].name) == len && strncmp(options[i].name, name, len) == 0)
			return &options[i];
	return NULL;
}

static const opt *
find_short(char c)
{
	for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
		if (options[i].short_name == c)
			return &options[i];
	return NULL;
}

static void
defaults(gs_bench_args *a)
{
	memset(a, 0, sizeof *a);
	gs_bench_cfg_default(&a->cfg);
	a->batch = 1;
	a->trans_a = a->trans_b = 'N';
	a->backend = "vendor";
	a->platform = "auto";
	snprintf(a->dtypes[0], sizeof a->dtypes[0], "f32");
	a->dtype_ptrs[0] = a->dtypes[0];
}

/* One option at ARGV[*I]; advances *I past its value. */
static int
parse_one(int argc, char **argv, int *i, gs_bench_args *a, gs_error *err)
{
	const char *arg = argv[*i], *eq = NULL, *val = NULL;
	const opt *o;

	if (arg[0] == '-' && arg[1] == '-') {
		eq = strchr(arg + 2, '=');
		o = find_long(arg + 2, eq ? (size_t)(eq - arg - 2) : strlen(arg + 2));
	} else if (arg[0] == '-' && arg[1] && !arg[2]) {
		o = find_short(arg[1]);
	} else {
		return gs_error_set(err, NULL, 0, 0, "unexpected argument '%s' (see --help)", arg);
	}
	if (!o)
		return gs_error_set(err, NULL, 0, 0, "unknown option '%s' (see --help)", arg);
	if (o->arg) {
		val = eq ? eq + 1 : *i + 1 < argc ? argv[++*i] : NULL;
		if (!val)
			return gs_error_set(err, NULL, 0, 0, "%s needs a value", arg);
	} else if (eq) {
		return gs_error_set(err, NULL, 0, 0, "--%s takes no value", o->name);
	}
	return apply(a, o, val, err);
}

int
gs_bench_cli_parse(int argc, char **argv, gs_bench_args *a, gs_error *err)
{
	defaults(a);
	for (int i = 1; i < argc; i++)
		if (parse_one(argc, argv, &i, a, err) != 0)
			return -1;
	return 0;
}
