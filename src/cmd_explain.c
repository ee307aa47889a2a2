/* cmd_explain.c: `gemmscope explain` (one GEMM's efficiency breakdown) and
 * `gemmscope gpus` (the GPU table): option parsing and printing only; the
 * numbers come from src/model/.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include <yajl/yajl_gen.h>

#include "cmd_explain.h"
#include "model/efficiency.h"
#include "model/gemm.h"
#include "model/kernel_name.h"
#include "model/occupancy.h"
#include "model/tile_model.h"
#include "table.h"

enum { SPEC_MAX_BYTES = 1 << 20 };

/* ---- --gpu NAME|FILE -------------------------------------------------------- */

static int
read_small_file(const char *path, char **text, size_t *len, gs_error *err)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	size_t n;

	if (!f)
		return gs_error_set(err, path, 0, 0, "cannot open: %s", strerror(errno));
	buf = malloc(SPEC_MAX_BYTES + 1);
	if (!buf) {
		fclose(f);
		return gs_error_set(err, path, 0, 0, "out of memory");
	}
	n = fread(buf, 1, SPEC_MAX_BYTES + 1, f);
	if (ferror(f) || n > SPEC_MAX_BYTES) {
		fclose(f);
		free(buf);
		return gs_error_set(err, path, 0, 0, "%s", n > SPEC_MAX_BYTES
		                    ? "GPU spec larger than 1 MiB" : "read error");
	}
	fclose(f);
	buf[n] = '\0';
	*text = buf;
	*len = n;
	return 0;
}

int
gs_gpu_resolve(const char *arg, gs_gpu *out, gs_error *err)
{
	struct stat st;
	const gs_gpu *g;
	char *text = NULL;
	size_t len = 0;
	int rc;

	if (stat(arg, &st) == 0 && S_ISREG(st.st_mode)) {
		if (read_small_file(arg, &text, &len, err))
			return -1;
		rc = gs_gpu_parse_spec(text, len, arg, out, err);
		free(text);
		return rc;
	}
	if (!(g = gs_gpu_find(arg)))
		return gs_error_set(err, NULL, 0, 0,
		                    "unknown GPU \"%s\": not a spec file nor a built-in name "
		                    "(see gemmscope gpus)", arg);
	*out = *g;
	return 0;
}

/* ---- options ---------------------------------------------------------------- */

typedef struct explain_opts {
	long m, n, k, batch;
	char dtype[GS_DTYPE_LEN];
	int bias;
	int tile_m, tile_n, tile_k;
	const char *kernel;
	const char *gpu;
	gs_swap_mode swap;
	int cus;
	int wgs_per_cu;
	double time_us;
	gs_roof roof;
	long grid;
	gs_occ_in occ;
	int have_occ;
	int json;
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
"  --time US             measured time: achieved TFLOP/s and %% of roofline\n"
"  --roof peak|measured  which roof (default peak)\n"
"  --grid WG             launched workgroups, checked against the tile count\n"
"  --wg-size T --vgpr N --agpr N --sgpr N --regs N --lds BYTES\n"
"                        kernel resources: occupancy\n"
"  --json                JSON on stdout\n"
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
	long v[3] = { 0, 0, 0 };
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
	if (gs_dtype_normalize(v, o->dtype) == 0)
		return 0;
	if (strcasecmp(v, "fp8") == 0 || strcasecmp(v, "f8") == 0) {
		snprintf(o->dtype, sizeof o->dtype, "f8e4m3");
		return 0;
	}
	return -1;
}

static int
set_roof(explain_opts *o, const char *v)
{
	if (strcmp(v, "peak") == 0)
		o->roof = GS_ROOF_PEAK;
	else if (strcmp(v, "measured") == 0)
		o->roof = GS_ROOF_MEASURED;
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
		return parse_tile(v, &o->tile_m, &o->tile_n, &o->tile_k);
	if (!strcmp(name, "--kernel"))
		return *(o->kernel = v) ? 0 : -1;
	if (!strcmp(name, "--gpu"))
		return *(o->gpu = v) ? 0 : -1;
	if (!strcmp(name, "--dtype"))
		return set_dtype(o, v);
	if (!strcmp(name, "--batch"))
		return parse_count(v, 1L << 30, &o->batch);
	if (!strcmp(name, "--cus"))
		return parse_int(v, 1 << 20, &o->cus);
	if (!strcmp(name, "--wgs-per-cu"))
		return parse_int(v, 64, &o->wgs_per_cu);
	if (!strcmp(name, "--time"))
		return parse_positive(v, &o->time_us);
	if (!strcmp(name, "--roof"))
		return set_roof(o, v);
	if (!strcmp(name, "--grid"))
		return parse_count(v, 1L << 40, &o->grid);
	if (!strcmp(name, "--wg-size"))
		return parse_int(v, 4096, &o->occ.wg_size);
	o->have_occ = 1;
	if (!strcmp(name, "--vgpr"))
		return parse_int(v, 1024, &o->occ.vgpr);
	if (!strcmp(name, "--agpr"))
		return parse_int(v, 1024, &o->occ.agpr);
	if (!strcmp(name, "--sgpr"))
		return parse_int(v, 1024, &o->occ.sgpr);
	if (!strcmp(name, "--regs"))
		return parse_int(v, 1024, &o->occ.regs_per_thread);
	if (parse_count(v, 1L << 30, &l))
		return -1;
	o->occ.lds_bytes = l;
	return 0;
}

/* Options that take a value; returns 0 if ARGV[*I] is none of them, 1 if
 * handled, 2 after a usage error. */
static int
value_option(int argc, char **argv, int *i, explain_opts *o)
{
	static const char *const names[] = {
		"--tile", "--kernel", "--gpu", "--dtype", "--batch", "--cus", "--wgs-per-cu", "--time",
		"--roof", "--grid", "--wg-size", "--vgpr", "--agpr", "--sgpr", "--regs",
		"--lds",
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
		o->bias = 1;
	else if (strcmp(a, "--swap") == 0)
		o->swap = GS_SWAP_ON;
	else if (strcmp(a, "--no-swap") == 0)
		o->swap = GS_SWAP_OFF;
	else if (strcmp(a, "--json") == 0)
		o->json = 1;
	else
		return 0;
	return 1;
}

static int
positional(const char *a, int *npos, explain_opts *o)
{
	long *dims[3] = { &o->m, &o->n, &o->k };

	if (*npos == 3)
		return usage_error("explain", "unexpected argument \"%s\"", a);
	if (parse_count(a, 1L << 40, dims[*npos]))
		return usage_error("explain", "M, N and K must be positive integers, got \"%s\"", a);
	(*npos)++;
	return 0;
}

/* Returns 0 to run, 1 after --help, 2 after a usage error. */
static int
parse_explain(int argc, char **argv, explain_opts *o)
{
	int npos = 0, r;

	memset(o, 0, sizeof *o);
	o->batch = 1;
	snprintf(o->dtype, sizeof o->dtype, "bf16");
	o->gpu = "mi300x";
	o->swap = GS_SWAP_AUTO;
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

/* ---- the computation ---------------------------------------------------------- */

typedef struct explain_res {
	gs_gpu gpu;
	gs_shape shape;                 /* as given */
	gs_shape blas;                  /* the dims the tile lies over */
	gs_kernel_info kinfo;
	int have_kernel;
	gs_eff eff;
	gs_tile_pick pick;
	int have_pick;
	char pick_err[GS_ERR_MSG_LEN];
	gs_tile_cost actual;
	int have_actual;
	gs_occ occ;
	int have_occ;
	char occ_err[GS_ERR_MSG_LEN];
	const char *tile_source;
} explain_res;

static int
parse_kernel(const explain_opts *o, explain_res *r, gs_error *err)
{
	gs_kparser *kp;

	if (!o->kernel)
		return 0;
	if (!(kp = gs_kparser_new(err)))
		return -1;
	gs_kparser_parse(kp, o->kernel, &r->kinfo);
	gs_kparser_free(kp);
	r->have_kernel = 1;
	return 0;
}

static void
make_shapes(const explain_opts *o, explain_res *r)
{
	gs_shape_init(&r->shape);
	r->shape.M = o->m;
	r->shape.N = o->n;
	r->shape.K = o->k;
	r->shape.batch = o->batch;
	r->shape.bias = o->bias;
	snprintf(r->shape.dtype, sizeof r->shape.dtype, "%s", o->dtype);
	r->blas = r->shape;
	if (o->swap == GS_SWAP_ON) {
		r->blas.M = o->n;
		r->blas.N = o->m;
	}
}

static void
run_tile_model(const explain_opts *o, explain_res *r)
{
	gs_error e;

	gs_error_clear(&e);
	r->have_pick = gs_tile_model_pick(&r->blas, &r->gpu, o->cus, 1, &r->pick, &e) == 0;
	if (!r->have_pick)
		snprintf(r->pick_err, sizeof r->pick_err, "%s", e.msg);
}

/* The tile: --tile, the kernel name's, else the tile model's pick. */
static void
choose_tile(const explain_opts *o, explain_res *r, gs_eff_in *in)
{
	if (o->tile_m > 0) {
		in->tile_m = o->tile_m;
		in->tile_n = o->tile_n;
		in->tile_k = o->tile_k;
		r->tile_source = "--tile";
	} else if (r->have_kernel && r->kinfo.has_tile) {
		r->tile_source = "kernel name";
	} else if (r->have_pick) {
		in->tile_m = r->pick.best.wg_m;
		in->tile_n = r->pick.best.wg_n;
		in->tile_k = r->pick.best.wg_k;
		r->tile_source = "the tile model's pick: no --tile given";
	} else {
		r->tile_source = "unknown";
	}
}

static void
run_occupancy(const explain_opts *o, explain_res *r)
{
	gs_occ_in in = o->occ;
	gs_error e;

	if (!o->have_occ)
		return;
	if (in.wg_size == 0 && r->have_kernel && r->kinfo.block_size > 0)
		in.wg_size = r->kinfo.block_size;
	gs_error_clear(&e);
	r->have_occ = gs_occupancy(r->gpu.arch, &in, &r->occ, &e) == 0;
	if (!r->have_occ)
		snprintf(r->occ_err, sizeof r->occ_err, "%s", e.msg);
}

static int
compute(const explain_opts *o, explain_res *r, gs_error *err)
{
	gs_eff_in in = { 0 };
	gs_eff_opts eo;

	if (gs_gpu_resolve(o->gpu, &r->gpu, err) || parse_kernel(o, r, err))
		return -1;
	make_shapes(o, r);
	run_tile_model(o, r);
	in.shape = &r->shape;
	in.time_us = o->time_us;
	in.kernel = r->have_kernel ? &r->kinfo : NULL;
	in.workgroups = o->grid;
	choose_tile(o, r, &in);
	gs_eff_opts_default(&eo);
	eo.swap = o->swap;
	eo.roof = o->roof;
	eo.cus = o->cus;
	eo.wgs_per_cu = o->wgs_per_cu;
	if (gs_eff_compute(&in, &r->gpu, &eo, &r->eff, err))
		return -1;
	if (r->eff.tile_m > 0) {
		r->blas.M = r->eff.blas_m;
		r->blas.N = r->eff.blas_n;
		r->have_actual = gs_tile_model_cost(&r->blas, &r->gpu, o->cus, 1, r->eff.tile_m,
		                                    r->eff.tile_n, r->eff.tile_k, &r->actual, NULL) == 0;
	}
	run_occupancy(o, r);
	return 0;
}

/* ---- text output ---------------------------------------------------------------- */

/* One "label:  value" line; labels are stable for scripts. */
static void line(const char *label, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
line(const char *label, const char *fmt, ...)
{
	va_list ap;

	printf("%s:%*s", label, (int)(15 - strlen(label)), "");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static void
print_shape(const explain_res *r)
{
	const gs_eff *e = &r->eff;

	line("shape", "%ld x %ld x %ld %s, batch %ld%s", e->m, e->n, e->k,
	     r->shape.dtype, e->batch, r->shape.bias ? ", bias" : "");
	line("blas_dims", "M %ld, N %ld (%s%s)", e->blas_m, e->blas_n,
	     e->swapped ? "swapped: row-major dims given" : "as given",
	     e->swap_checked ? "; confirmed by the grid" : "");
	line("gpu", "%s (%s, %s), %d CUs [%s]", r->gpu.name, r->gpu.full_name,
	     r->gpu.arch, e->cus ? e->cus : (int)r->gpu.cus.v, gs_fig_kind_tag(r->gpu.cus.kind));
}

static void
print_kernel(const explain_res *r)
{
	const gs_kernel_info *k = &r->kinfo;

	if (!r->have_kernel)
		return;
	line("kernel", "%s, tile %s%dx%dx%d, MI %dx%dx%d, split_k %d, stream_k %d, persistent %d",
	     gs_kfamily_name(k->family), k->has_tile ? "" : "unknown ", k->tile_m, k->tile_n,
	     k->tile_k, k->mi_m, k->mi_n, k->mi_k, k->split_k, k->stream_k, k->persistent);
	if (k->note)
		line("kernel_note", "%s", k->note);
}

static void
print_quant(const explain_res *r)
{
	const gs_eff *e = &r->eff;

	if (e->tile_m <= 0) {
		line("tile", "unknown (%s)", e->note ? e->note : "no tile");
		return;
	}
	line("tile", "%dx%d%s%.0d (%s)", e->tile_m, e->tile_n, e->tile_k ? "x" : "",
	     e->tile_k, r->tile_source);
	line("tiles", "%ld x %ld x %ld = %ld", e->tiles_m, e->tiles_n, e->batch, e->num_tiles);
	line("float_tiles", "%.4f x %.4f", (double)e->blas_m / e->tile_m,
	     (double)e->blas_n / e->tile_n);
	line("num_tiles", "%ld", e->num_tiles);
	line("other_orient", "%ld tiles", e->alt_num_tiles);
	line("waves", "%ld", e->rounds);
	line("float_waves", "%.4f", e->float_rounds);
	line("last_wave", "%ld tiles of %ld slots (%.6f)", e->last_wave_tiles, e->slots,
	     e->last_wave_util);
	line("tile_eff", "%.6f", e->tile_eff);
	line("wq_eff", "%.6f", e->wq_eff);
	line("dim_eff", "%.6f", e->dim_eff);
	line("status", "%s", gs_eff_status_name(e->status));
	if (e->note)
		line("note", "%s", e->note);
}

static void
print_roofline(const explain_res *r)
{
	const gs_eff *e = &r->eff;

	line("flop", "%.0f (%.6g GFLOP)", e->cost.flop, e->cost.flop / 1e9);
	line("bytes", "%.0f", e->cost.bytes);
	line("mib", "%.6f", e->cost.mib);
	line("ai", "%.4f FLOP/B", e->cost.ai);
	line("peak", "%.6g TFLOP/s %s [%s]", e->peak_tflops, r->shape.dtype,
	     gs_fig_kind_name(e->peak_kind));
	line("bandwidth", "%.6g TB/s [%s]", e->bw_tbs, gs_fig_kind_name(e->bw_kind));
	line("ridge", "%.2f FLOP/B", e->ridge);
	line("attainable", "%.6g TFLOP/s", e->attainable_tflops);
	line("bound", "%s (compute %.3f us, memory %.3f us)",
	     isnan(e->roofline_us) ? "unknown" : e->compute_bound ? "compute" : "memory",
	     e->compute_us, e->memory_us);
	line("roofline_time", "%.3f us", e->roofline_us);
	if (!isnan(e->achieved_tflops)) {
		line("achieved", "%.6g TFLOP/s", e->achieved_tflops);
		line("pct_roofline", "%.2f %%", e->pct_roofline);
	}
}

static void
print_cost(const char *label, const gs_tile_cost *c, int cus)
{
	line(label, "%dx%d%s%.0d: cost %.4g us, %ld workgroups in %ld steps on %d CUs, "
	     "work_util %.6f, dim_eff %.6f, %s-bound per iteration",
	     c->wg_m, c->wg_n, c->wg_k ? "x" : "", c->wg_k, c->cost_us, c->num_wgs, c->timesteps, cus,
	     c->work_util, c->dim_eff, c->memory_bound ? "memory" : "compute");
}

static void
print_model(const explain_res *r)
{
	const gs_tile_pick *p = &r->pick;
	int cus = r->eff.cus ? r->eff.cus : (int)r->gpu.cus.v;

	if (!r->have_pick) {
		line("tile_model", "not available: %s", r->pick_err);
		return;
	}
	print_cost("tile_model", &p->best, cus);
	line("model_seed", "subgroups %d, mn tiles %d, k tiles %d, intrinsic %dx%dx%d; "
	     "%d candidates, %d over shared memory",
	     p->best.subgroups, p->best.mn_tiles, p->best.k_tiles, p->best.intr_m,
	     p->best.intr_n, p->best.intr_k, p->ncandidates, p->nrejected);
	if (r->have_actual)
		print_cost("model_actual", &r->actual, cus);
}

static void
print_occ(const explain_res *r)
{
	char lim[96];

	if (!r->have_occ) {
		if (r->occ_err[0])
			line("occupancy", "not available: %s", r->occ_err);
		return;
	}
	line("occupancy", "%.2f %% (%d of %d %s per %s, %.2f per SIMD; %d workgroups per %s)",
	     r->occ.occupancy * 100, r->occ.waves_per_cu, r->occ.max_waves_per_cu,
	     r->occ.nvidia ? "warps" : "waves", r->occ.nvidia ? "SM" : "CU",
	     r->occ.waves_per_simd, r->occ.wgs_per_cu, r->occ.nvidia ? "SM" : "CU");
	line("occ_limit", "%s", gs_occ_limiter_names(&r->occ, lim, sizeof lim));
}

static void
print_text(const explain_res *r)
{
	print_shape(r);
	print_kernel(r);
	print_quant(r);
	print_roofline(r);
	print_model(r);
	print_occ(r);
}

/* ---- JSON ---------------------------------------------------------------------- */

static void
jstr(yajl_gen g, const char *s)
{
	yajl_gen_string(g, (const unsigned char *)s, strlen(s));
}

static void
jnum(yajl_gen g, const char *key, double v)
{
	jstr(g, key);
	if (isfinite(v))
		yajl_gen_double(g, v);
	else
		yajl_gen_null(g);
}

static void
jint(yajl_gen g, const char *key, long long v)
{
	jstr(g, key);
	yajl_gen_integer(g, v);
}

static void
jkv(yajl_gen g, const char *key, const char *v)
{
	jstr(g, key);
	if (v)
		jstr(g, v);
	else
		yajl_gen_null(g);
}

static void
json_cost(yajl_gen g, const char *key, const gs_tile_cost *c)
{
	jstr(g, key);
	yajl_gen_map_open(g);
	jint(g, "tile_m", c->wg_m);
	jint(g, "tile_n", c->wg_n);
	jint(g, "tile_k", c->wg_k);
	if (c->intr_m) {
		jint(g, "subgroups", c->subgroups);
		jint(g, "mn_tiles", c->mn_tiles);
		jint(g, "k_tiles", c->k_tiles);
		jint(g, "intrinsic_m", c->intr_m);
		jint(g, "intrinsic_n", c->intr_n);
		jint(g, "intrinsic_k", c->intr_k);
	}
	jint(g, "workgroups", c->num_wgs);
	jint(g, "timesteps", c->timesteps);
	jnum(g, "work_util", c->work_util);
	jnum(g, "dim_eff", c->dim_eff);
	jnum(g, "cost_us", c->cost_us);
	yajl_gen_map_close(g);
}

static void
json_quant(yajl_gen g, const explain_res *r)
{
	const gs_eff *e = &r->eff;

	jint(g, "blas_m", e->blas_m);
	jint(g, "blas_n", e->blas_n);
	jstr(g, "swapped");
	yajl_gen_bool(g, e->swapped);
	jint(g, "tile_m", e->tile_m);
	jint(g, "tile_n", e->tile_n);
	jint(g, "tile_k", e->tile_k);
	jkv(g, "tile_source", r->tile_source);
	jint(g, "tiles_m", e->tiles_m);
	jint(g, "tiles_n", e->tiles_n);
	jint(g, "num_tiles", e->num_tiles);
	jint(g, "cus", e->cus);
	jint(g, "waves", e->rounds);
	jnum(g, "float_waves", e->float_rounds);
	jint(g, "last_wave_tiles", e->last_wave_tiles);
	jnum(g, "last_wave_util", e->last_wave_util);
	jnum(g, "tile_eff", e->tile_eff);
	jnum(g, "wq_eff", e->wq_eff);
	jnum(g, "dim_eff", e->dim_eff);
	jkv(g, "status", gs_eff_status_name(e->status));
	jkv(g, "note", e->note);
}

static void
json_roofline(yajl_gen g, const explain_res *r)
{
	const gs_eff *e = &r->eff;

	jnum(g, "flop", e->cost.flop);
	jnum(g, "bytes", e->cost.bytes);
	jnum(g, "mib", e->cost.mib);
	jnum(g, "flops_per_byte", e->cost.ai);
	jnum(g, "peak_tflops", e->peak_tflops);
	jkv(g, "peak_kind", gs_fig_kind_name(e->peak_kind));
	jnum(g, "bandwidth_tbs", e->bw_tbs);
	jkv(g, "bandwidth_kind", gs_fig_kind_name(e->bw_kind));
	jnum(g, "ridge", e->ridge);
	jnum(g, "attainable_tflops", e->attainable_tflops);
	jnum(g, "compute_us", e->compute_us);
	jnum(g, "memory_us", e->memory_us);
	jkv(g, "bound", isnan(e->roofline_us) ? NULL : e->compute_bound ? "compute" : "memory");
	jnum(g, "achieved_tflops", e->achieved_tflops);
	jnum(g, "pct_roofline", e->pct_roofline);
}

static void
json_occ(yajl_gen g, const explain_res *r)
{
	char lim[96];

	if (!r->have_occ)
		return;
	jstr(g, "occupancy");
	yajl_gen_map_open(g);
	jnum(g, "occupancy", r->occ.occupancy);
	jint(g, "waves_per_cu", r->occ.waves_per_cu);
	jint(g, "max_waves_per_cu", r->occ.max_waves_per_cu);
	jnum(g, "waves_per_simd", r->occ.waves_per_simd);
	jint(g, "workgroups_per_cu", r->occ.wgs_per_cu);
	jkv(g, "limited_by", gs_occ_limiter_names(&r->occ, lim, sizeof lim));
	yajl_gen_map_close(g);
}

static int
flush_json(yajl_gen g)
{
	const unsigned char *buf;
	size_t len;
	int rc = 0;

	if (yajl_gen_get_buf(g, &buf, &len) != yajl_gen_status_ok ||
	    fwrite(buf, 1, len, stdout) != len || putchar('\n') == EOF)
		rc = -1;
	yajl_gen_free(g);
	return rc;
}

static int
print_json(const explain_res *r)
{
	yajl_gen g = yajl_gen_alloc(NULL);

	if (!g)
		return -1;
	yajl_gen_config(g, yajl_gen_beautify, 1);
	yajl_gen_map_open(g);
	jint(g, "m", r->eff.m);
	jint(g, "n", r->eff.n);
	jint(g, "k", r->eff.k);
	jint(g, "batch", r->eff.batch);
	jkv(g, "dtype", r->shape.dtype);
	jkv(g, "gpu", r->gpu.name);
	jkv(g, "arch", r->gpu.arch);
	if (r->have_kernel)
		jkv(g, "kernel_family", gs_kfamily_name(r->kinfo.family));
	json_quant(g, r);
	json_roofline(g, r);
	if (r->have_pick)
		json_cost(g, "tile_model", &r->pick.best);
	if (r->have_actual)
		json_cost(g, "tile_model_actual", &r->actual);
	json_occ(g, r);
	yajl_gen_map_close(g);
	return flush_json(g);
}

int
gs_main_explain(int argc, char **argv)
{
	explain_opts o;
	explain_res *r;
	gs_error err;
	int rc;

	if ((rc = parse_explain(argc, argv, &o)) != 0)
		return rc == 1 ? 0 : 2;
	if (!(r = calloc(1, sizeof *r))) {
		fprintf(stderr, "gemmscope: out of memory\n");
		return 2;
	}
	gs_error_clear(&err);
	if (compute(&o, r, &err)) {
		gs_error_print(&err, stderr);
		free(r);
		return 2;
	}
	if (o.json)
		rc = print_json(r);
	else
		print_text(r);
	free(r);
	if (rc || fflush(stdout) == EOF || ferror(stdout)) {
		fprintf(stderr, "gemmscope: explain: cannot write the output\n");
		return 2;
	}
	return 0;
}

/* ---- gpus ------------------------------------------------------------------------- */

static const char gpus_usage[] =
"usage: gemmscope gpus [--json] [NAME|FILE]\n"
"  Without NAME: the built-in GPU table.  With NAME (or a spec FILE): every\n"
"  figure of that GPU with its kind and source.\n"
"  Kinds: P vendor peak, P* vendor peak from a third-party page, D derived,\n"
"  M measured / max-achievable, T third-party listing.\n";

static void
fig_cell(const gs_fig *f, char *buf, size_t size)
{
	if (f->kind == GS_FIG_NONE)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%.6g%s", f->v, gs_fig_kind_tag(f->kind));
}

static void
table_row(const gs_gpu *g)
{
	char c[9][24];
	const gs_fig *figs[9] = {
		&g->cus, &g->peak[GS_PK_BF16], &g->peak[GS_PK_F16], &g->peak[GS_PK_F8],
		&g->peak[GS_PK_F32], &g->bw_tbs, &g->lds_cu_kib, &g->wave_size, &g->regs
	};

	for (int i = 0; i < 9; i++)
		fig_cell(figs[i], c[i], sizeof c[i]);
	printf("%-10s %-8s %-6s %-9s %-9s %-9s %-8s %-8s %-6s %-5s %s\n", g->name, g->arch,
	       c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]);
}

static void
print_gpu_table(void)
{
	printf("%-10s %-8s %-6s %-9s %-9s %-9s %-8s %-8s %-6s %-5s %s\n", "name", "arch",
	       "CUs", "bf16", "f16", "f8", "f32", "TB/s", "LDS/CU", "wave", "regs");
	for (size_t i = 0; i < gs_gpu_count(); i++)
		table_row(gs_gpu_at(i));
	printf("TFLOP/s dense; LDS in KiB.  P vendor peak, P* vendor peak (third-party page), "
	       "D derived, M measured, T third-party.\n"
	       "gemmscope gpus NAME lists every figure with its source.\n");
}

static void
detail_fig(const gs_gpu *g, const char *label, const gs_fig *f)
{
	if (f->kind == GS_FIG_NONE)
		return;
	printf("%-24s %-10.6g %-32s %s\n", label, f->v, gs_fig_kind_name(f->kind),
	       gs_fig_source(g, f));
}

static void
print_gpu_detail(const gs_gpu *g)
{
	char label[48];

	printf("%s: %s, %s (%s)\n", g->name, g->full_name, g->arch, gs_gpu_family_name(g->family));
	detail_fig(g, "cus", &g->cus);
	detail_fig(g, "clock_ghz", &g->clock_ghz);
	for (int i = 0; i < GS_PK_COUNT; i++) {
		snprintf(label, sizeof label, "peak_tflops.%s", gs_gpu_class_name(i));
		detail_fig(g, label, &g->peak[i]);
		snprintf(label, sizeof label, "measured_tflops.%s", gs_gpu_class_name(i));
		detail_fig(g, label, &g->meas[i]);
	}
	detail_fig(g, "bandwidth_tbs", &g->bw_tbs);
	detail_fig(g, "measured_bandwidth_tbs", &g->meas_bw_tbs);
	detail_fig(g, "lds_per_cu_kib", &g->lds_cu_kib);
	detail_fig(g, "lds_per_wg_kib", &g->lds_wg_kib);
	detail_fig(g, "wave_size", &g->wave_size);
	detail_fig(g, "regs", &g->regs);
	detail_fig(g, "max_waves_per_simd", &g->max_waves_simd);
	printf("%-24s %d\n", "simds_per_cu", g->simds_per_cu);
	if (g->note)
		printf("note: %s\n", g->note);
}

static void
json_fig(yajl_gen y, const gs_gpu *g, const char *key, const gs_fig *f)
{
	if (f->kind == GS_FIG_NONE)
		return;
	jstr(y, key);
	yajl_gen_map_open(y);
	jnum(y, "value", f->v);
	jkv(y, "kind", gs_fig_kind_name(f->kind));
	jkv(y, "tag", gs_fig_kind_tag(f->kind));
	jkv(y, "source", gs_fig_source(g, f));
	yajl_gen_map_close(y);
}

static void
json_fig_set(yajl_gen y, const gs_gpu *g, const char *key, const gs_fig *set)
{
	jstr(y, key);
	yajl_gen_map_open(y);
	for (int i = 0; i < GS_PK_COUNT; i++)
		json_fig(y, g, gs_gpu_class_name(i), &set[i]);
	yajl_gen_map_close(y);
}

static void
json_gpu(yajl_gen y, const gs_gpu *g)
{
	yajl_gen_map_open(y);
	jkv(y, "name", g->name);
	jkv(y, "full_name", g->full_name);
	jkv(y, "arch", g->arch);
	jkv(y, "family", gs_gpu_family_name(g->family));
	json_fig(y, g, "cus", &g->cus);
	json_fig(y, g, "clock_ghz", &g->clock_ghz);
	json_fig_set(y, g, "peak_tflops", g->peak);
	json_fig_set(y, g, "measured_tflops", g->meas);
	json_fig(y, g, "bandwidth_tbs", &g->bw_tbs);
	json_fig(y, g, "measured_bandwidth_tbs", &g->meas_bw_tbs);
	json_fig(y, g, "lds_per_cu_kib", &g->lds_cu_kib);
	json_fig(y, g, "lds_per_wg_kib", &g->lds_wg_kib);
	json_fig(y, g, "wave_size", &g->wave_size);
	json_fig(y, g, "regs", &g->regs);
	json_fig(y, g, "max_waves_per_simd", &g->max_waves_simd);
	jint(y, "simds_per_cu", g->simds_per_cu);
	jkv(y, "note", g->note);
	yajl_gen_map_close(y);
}

static int
print_gpus_json(const gs_gpu *one)
{
	yajl_gen y = yajl_gen_alloc(NULL);

	if (!y)
		return -1;
	yajl_gen_config(y, yajl_gen_beautify, 1);
	if (one) {
		json_gpu(y, one);
	} else {
		yajl_gen_map_open(y);
		jstr(y, "gpus");
		yajl_gen_array_open(y);
		for (size_t i = 0; i < gs_gpu_count(); i++)
			json_gpu(y, gs_gpu_at(i));
		yajl_gen_array_close(y);
		yajl_gen_map_close(y);
	}
	return flush_json(y);
}

int
gs_main_gpus(int argc, char **argv)
{
	const char *name = NULL;
	int json = 0, rc = 0;
	gs_gpu g;
	gs_error err;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			fputs(gpus_usage, stdout);
			fputs(GS_GPU_SPEC_FORMAT, stdout);
			return 0;
		} else if (strcmp(argv[i], "--json") == 0) {
			json = 1;
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
	if (json)
		rc = print_gpus_json(name ? &g : NULL);
	else if (name)
		print_gpu_detail(&g);
	else
		print_gpu_table();
	if (rc || fflush(stdout) == EOF || ferror(stdout)) {
		fprintf(stderr, "gemmscope: gpus: cannot write the output\n");
		return 2;
	}
	return 0;
}
