/* cmd_explain.c: `gemmscope explain` (one GEMM's efficiency breakdown) and
 * `gemmscope gpus` (the GPU table): options and dispatch only.  The GPU
 * comes from ingest/gpuspec.h, the breakdown from analysis/explain.h, the
 * text and JSON from the text and JSON writers through the format table
 * (render/output.h), on a report model of kind GS_REPORT_EXPLAIN or
 * GS_REPORT_GPUS.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analysis/explain.h"
#include "cmd_explain.h"
#include "ingest/gpuspec.h"
#include "render/output.h"
#include "table.h"

/* ---- options ---------------------------------------------------------------- */

/* The command's options: the explain model's input, the GPU named and
 * the output form. */
typedef struct explain_opts {
	gs_explain_in in;
	const char *gpu; /* --gpu NAME|FILE */
	int json; /* 0 text, 1 --json (compact), 2 --json-indent */
} explain_opts;

static const char explain_usage[] =
        "usage: gemmscope explain M N K [options]\n"
        "  M N K                 GEMM dims; by default the dims the kernel sees (BLAS)\n"
        "  --tile MxN[xK]        the kernel's macro tile over the BLAS dims\n"
        "  --kernel NAME         read the tile (and split-K, Stream-K) from a kernel name\n"
        "  --gpu NAME|FILE       built-in GPU (gemmscope gpus) or YAML spec (default mi300x)\n"
        "  --dtype DT            bf16 (default), f16, f32, tf32, f64, fp8, i8 ...\n"
        "  --batch B             batch count (default 1)\n"
        "  --bias                count a 1xN bias (FLOP and bytes)\n"
        "  --swap                M N are row-major PyTorch dims: BLAS M = N, BLAS N = M\n"
        "  --no-swap             M N are the BLAS dims (the default)\n"
        "  --cus N               CU/SM count (default: the GPU's)\n"
        "  --wgs-per-cu N        workgroups resident per CU: slots = CUs x N (default 1)\n"
        "  --time US             measured time: achieved TFLOP/s and % of roofline\n"
        "  --roof peak|measured  which roof (default peak)\n"
        "  --grid WG             launched workgroups, checked against the tile count\n"
        "  --wg-size T --vgpr N --agpr N --sgpr N --regs N --lds BYTES\n"
        "                        kernel resources: occupancy\n"
        "  --json                JSON on stdout\n"
        "  --json-indent         JSON on stdout, indented with 2 spaces\n"
        "  -h, --help            this help\n"
        "Without --tile or a tile in --kernel, the tile model's pick is used.\n";

static int
usage_error(const char *cmd, const char *fmt, const char *arg)
{
	fprintf(stderr, "gemmscope: %s: ", cmd);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (see gemmscope %s --help)\n", cmd);
	return 2;
}

/* A whole number in [1, MAX]. */
static int
parse_count(const char *s, long max, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < 1 || v > max)
		return -1;
	*out = v;
	return 0;
}

static int
parse_int(const char *s, long max, int *out)
{
	long v;

	if (parse_count(s, max, &v))
		return -1;
	*out = (int)v;
	return 0;
}

static int
parse_tile(const char *s, int *m, int *n, int *k)
{
	char *end;
	long v[3] = {0, 0, 0};
	int i = 0;

	for (const char *p = s; i < 3; i++) {
		errno = 0;
		v[i] = strtol(p, &end, 10);
		if (errno || end == p || v[i] < 1 || v[i] > 65536)
			return -1;
		if (*end == '\0')
			break;
		if (*end != 'x' && *end != 'X')
			return -1;
		p = end + 1;
	}
	if (i < 1 || i > 2)
		return -1;
	*m = (int)v[0];
	*n = (int)v[1];
	*k = (int)v[2];
	return 0;
}

/* If ARGV[*I] is option NAME ("--tile" or "--tile=V"), point *VAL at its
 * value (advancing *I) and return 1; -1 if the value is missing. */
static int
opt_value(int argc, char **argv, int *i, const char *name, const char **val)
{
	size_t n = strlen(name);
	const char *a = argv[*i];

	if (strncmp(a, name, n) != 0)
		return 0;
	if (a[n] == '=') {
		*val = a + n + 1;
		return 1;
	}
	if (a[n] != '\0')
		return 0;
	if (*i + 1 >= argc)
		return -1;
	*val = argv[++*i];
	return 1;
}

static int
set_dtype(explain_opts *o, const char *v)
{
	if (gs_dtype_normalize(v, o->in.dtype) == 0)
		return 0;
	if (strcasecmp(v, "fp8") == 0 || strcasecmp(v, "f8") == 0) {
		snprintf(o->in.dtype, sizeof o->in.dtype, "f8e4m3");
		return 0;
	}
	return -1;
}

static int
set_roof(explain_opts *o, const char *v)
{
	if (strcmp(v, "peak") == 0)
		o->in.roof = GS_ROOF_PEAK;
	else if (strcmp(v, "measured") == 0)
		o->in.roof = GS_ROOF_MEASURED;
	else
		return -1;
	return 0;
}

static int
parse_positive(const char *s, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !isfinite(v) || v <= 0)
		return -1;
	*out = v;
	return 0;
}

/* Apply option NAME with value V; returns 0 or -1 for a bad value. */
static int
apply_value(const char *name, const char *v, explain_opts *o)
{
	long l;

	if (!strcmp(name, "--tile"))
		return parse_tile(v, &o->in.tile_m, &o->in.tile_n, &o->in.tile_k);
	if (!strcmp(name, "--kernel"))
		return *(o->in.kernel = v) ? 0 : -1;
	if (!strcmp(name, "--gpu"))
		return *(o->gpu = v) ? 0 : -1;
	if (!strcmp(name, "--dtype"))
		return set_dtype(o, v);
	if (!strcmp(name, "--batch"))
		return parse_count(v, 1L << 30, &o->in.batch);
	if (!strcmp(name, "--cus"))
		return parse_int(v, 1 << 20, &o->in.cus);
	if (!strcmp(name, "--wgs-per-cu"))
		return parse_int(v, 64, &o->in.wgs_per_cu);
	if (!strcmp(name, "--time"))
		return parse_positive(v, &o->in.time_us);
	if (!strcmp(name, "--roof"))
		return set_roof(o, v);
	if (!strcmp(name, "--grid"))
		return parse_count(v, 1L << 40, &o->in.grid);
	if (!strcmp(name, "--wg-size"))
		return parse_int(v, 4096, &o->in.occ.wg_size);
	o->in.have_occ = 1;
	if (!strcmp(name, "--vgpr"))
		return parse_int(v, 1024, &o->in.occ.vgpr);
	if (!strcmp(name, "--agpr"))
		return parse_int(v, 1024, &o->in.occ.agpr);
	if (!strcmp(name, "--sgpr"))
		return parse_int(v, 1024, &o->in.occ.sgpr);
	if (!strcmp(name, "--regs"))
		return parse_int(v, 1024, &o->in.occ.regs_per_thread);
	if (parse_count(v, 1L << 30, &l))
		return -1;
	o->in.occ.lds_bytes = l;
	return 0;
}

/* Options that take a value; returns 0 if ARGV[*I] is none of them, 1 if
 * handled, 2 after a usage error. */
static int
value_option(int argc, char **argv, int *i, explain_opts *o)
{
	static const char *const names[] = {
	        "--tile",       "--kernel", "--gpu",  "--dtype", "--batch",   "--cus",
	        "--wgs-per-cu", "--time",   "--roof", "--grid",  "--wg-size", "--vgpr",
	        "--agpr",       "--sgpr",   "--regs", "--lds",
	};
	const char *v = NULL, *opt = argv[*i];
	int r;

	for (size_t n = 0; n < sizeof names / sizeof names[0]; n++) {
		if ((r = opt_value(argc, argv, i, names[n], &v)) == 0)
			continue;
		if (r < 0)
			return usage_error("explain", "%s needs a value", opt);
		if (apply_value(names[n], v, o))
			return usage_error("explain", "bad value for %s", opt);
		return 1;
	}
	return 0;
}

static int
flag_option(const char *a, explain_opts *o)
{
	if (strcmp(a, "--bias") == 0)
		o->in.bias = 1;
	else if (strcmp(a, "--swap") == 0)
		o->in.swap = GS_SWAP_ON;
	else if (strcmp(a, "--no-swap") == 0)
		o->in.swap = GS_SWAP_OFF;
	else if (strcmp(a, "--json") == 0)
		o->json = o->json ? o->json : 1;
	else if (strcmp(a, "--json-indent") == 0)
		o->json = 2;
	else
		return 0;
	return 1;
}

static int
positional(const char *a, int *npos, explain_opts *o)
{
	long *dims[3] = {&o->in.m, &o->in.n, &o->in.k};

	if (*npos == 3)
		return usage_error("explain", "unexpected argument \"%s\"", a);
	if (parse_count(a, 1L << 40, dims[*npos]))
		return usage_error("explain", "M, N and K must be positive integers, got \"%s\"",
		                   a);
	(*npos)++;
	return 0;
}

/* Returns 0 to run, 1 after --help, 2 after a usage error. */
static int
parse_explain(int argc, char **argv, explain_opts *o)
{
	int npos = 0, r;

	memset(o, 0, sizeof *o);
	o->in.batch = 1;
	snprintf(o->in.dtype, sizeof o->in.dtype, "bf16");
	o->gpu = "mi300x";
	o->in.swap = GS_SWAP_AUTO;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			fputs(explain_usage, stdout);
			return 1;
		}
		if (flag_option(a, o))
			continue;
		if ((r = value_option(argc, argv, &i, o)) == 2)
			return 2;
		if (r == 1)
			continue;
		if (a[0] == '-' && a[1])
			return usage_error("explain", "unknown option \"%s\"", a);
		if (positional(a, &npos, o))
			return 2;
	}
	if (npos != 3)
		return usage_error("explain", "%s", "needs M N K");
	return 0;
}

/* The breakdown of O's GEMM on O's GPU, written as O asks; 0 or 2. */
static int
run_explain(const explain_opts *o, gs_explain *r)
{
	gs_report rep = {0};
	gs_gpu gpu;
	gs_error err;
	int rc;

	gs_error_clear(&err);
	if (gs_gpu_resolve(o->gpu, &gpu, &err) || gs_explain_compute(&o->in, &gpu, r, &err)) {
		gs_error_print(&err, stderr);
		return 2;
	}
	rep.kind = GS_REPORT_EXPLAIN;
	rep.explain = r;
	rep.json_indent = o->json == 2;
	rc = gs_output_write(&rep, o->json ? GS_OUT_JSON : GS_OUT_TEXT, stdout, &err);
	if (rc || fflush(stdout) == EOF || ferror(stdout)) {
		fprintf(stderr, "gemmscope: explain: cannot write the output\n");
		return 2;
	}
	return 0;
}

int
gs_main_explain(int argc, char **argv)
{
	explain_opts o;
	gs_explain *r;
	int rc;

	if ((rc = parse_explain(argc, argv, &o)) != 0)
		return rc == 1 ? 0 : 2;
	if (!(r = calloc(1, sizeof *r))) {
		fprintf(stderr, "gemmscope: out of memory\n");
		return 2;
	}
	rc = run_explain(&o, r);
	free(r);
	return rc;
}

/* ---- gpus ------------------------------------------------------------------------- */

static const char gpus_usage[] =
        "usage: gemmscope gpus [--json] [NAME|FILE]\n"
        "  Without NAME: the built-in GPU table.  With NAME (or a spec FILE): every\n"
        "  figure of that GPU with its kind and source.\n"
        "  Kinds: P vendor peak, P* vendor peak from a third-party page, D derived,\n"
        "  M measured / max-achievable, T third-party listing.\n"
        "  --json                JSON on stdout\n"
        "  --json-indent         JSON on stdout, indented with 2 spaces\n"
        "  -h, --help            this help\n";

int
gs_main_gpus(int argc, char **argv)
{
	const char *name = NULL;
	int json = 0, rc = 0;
	gs_report rep = {0};
	gs_gpu g;
	gs_error err;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			fputs(gpus_usage, stdout);
			fputs(GS_GPU_SPEC_FORMAT, stdout);
			return 0;
		} else if (strcmp(argv[i], "--json") == 0) {
			json = json ? json : 1;
		} else if (strcmp(argv[i], "--json-indent") == 0) {
			json = 2;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return usage_error("gpus", "unknown option \"%s\"", argv[i]);
		} else if (name) {
			return usage_error("gpus", "unexpected argument \"%s\"", argv[i]);
		} else {
			name = argv[i];
		}
	}
	gs_error_clear(&err);
	if (name && gs_gpu_resolve(name, &g, &err)) {
		gs_error_print(&err, stderr);
		return 2;
	}
	rep.kind = GS_REPORT_GPUS;
	rep.gpu = name ? &g : NULL;
	rep.json_indent = json == 2;
	if (gs_report_gpus(&rep, &err) != 0) {
		gs_error_print(&err, stderr);
		return 2;
	}
	rc = gs_output_write(&rep, json ? GS_OUT_JSON : GS_OUT_TEXT, stdout, &err);
	gs_report_model_free(&rep);
	if (rc || fflush(stdout) == EOF || ferror(stdout)) {
		fprintf(stderr, "gemmscope: gpus: cannot write the output\n");
		return 2;
	}
	return 0;
}
