/* gpuspec.c: the GPU spec reader: --gpu NAME|FILE to a gs_gpu.  A spec
 * file's pairs (gpuspec_read.c) are applied over a built-in base or the
 * family defaults; figures, kinds and sources: reference/gpu-specs.md.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ingest/gpuspec.h"
#include "ingest/gpuspec_impl.h"
#include "table.h"

const char gs_gpu_spec_format[] =
        "A GPU spec file is a YAML mapping (or the same keys as `key = value` lines,\n"
        "as gemmscope-bench --ceilings writes them).  Units are in the key names.\n"
        "  name: MI300X-lab            required; a built-in name (\"AMD Instinct MI300X\")\n"
        "                              is also the base when there is no base, arch, family\n"
        "  base: mi300x                optional: start from a built-in GPU (applied first)\n"
        "  arch: gfx942                LLVM target or sm_XX (occupancy rules, MMA shapes)\n"
        "  family: cdna                cdna, rdna, nvidia, xe or other (default: from arch)\n"
        "  kind: measured              kind of the figures in this file: peak, measured,\n"
        "                              derived or third-party (default measured)\n"
        "  source: \"how measured\"      default: the file's path\n"
        "  cus: 304                    CUs / SMs\n"
        "  clock_ghz: 2.1\n"
        "  bandwidth_tbs: 4.3          DRAM bandwidth, TB/s (or bandwidth_gbs: 4300)\n"
        "  measured_bandwidth_tbs: 4.0 second (measured) roof, kind measured\n"
        "  lds_per_cu_kib: 64          lds_per_wg_kib: 64\n"
        "  wave_size: 64  regs: 512  max_waves_per_simd: 8  simds_per_cu: 4\n"
        "  tflops:                     the roof, TFLOP/s per dtype (f16 bf16 tf32 f32 f64 f8\n"
        "    bf16: 708                 i8 f4); flat form: peak_tflops_bf16: 708\n"
        "  measured_tflops:            second (measured) roof, kind measured;\n"
        "    bf16: 650                 flat form: measured_tflops_bf16: 650\n"
        "Without a base, name, cus, bandwidth and one tflops entry are required.\n";

static int
parse_number(spec_ctx *c, const spec_pair *p, double *out)
{
	char *end;
	double v = strtod(p->val, &end);

	if (end == p->val || *end != '\0' || !isfinite(v) || v <= 0)
		return gs_error_set(c->err, c->path, p->line, p->col,
		                    "%s%s%s: expected a positive number, got \"%s\"", p->key,
		                    p->sub[0] ? "." : "", p->sub, p->val);
	*out = v;
	return 0;
}

static int
set_fig(spec_ctx *c, const spec_pair *p, gs_fig *f, gs_fig_kind kind)
{
	double v = 0;

	if (parse_number(c, p, &v))
		return -1;
	f->v = v;
	f->kind = kind;
	f->src = NULL;
	return 0;
}

static int
set_string(spec_ctx *c, const spec_pair *p, char *dst, size_t size)
{
	if (strlen(p->val) >= size || !p->val[0])
		return gs_error_set(c->err, c->path, p->line, p->col,
		                    "%s: expected a non-empty value shorter than %zu bytes", p->key,
		                    size);
	memcpy(dst, p->val, strlen(p->val) + 1);
	return 0;
}

static int
dtype_key(spec_ctx *c, const spec_pair *p)
{
	char canon[GS_DTYPE_LEN];
	int cls = gs_gpu_dtype_class(p->sub);

	if (cls < 0 && gs_dtype_normalize(p->sub, canon) == 0)
		cls = gs_gpu_dtype_class(canon);
	if (cls < 0)
		gs_error_set(c->err, c->path, p->line, p->col,
		             "%s: unknown dtype \"%s\" (f16, bf16, tf32, f32, f64, f8, i8, f4)",
		             p->key, p->sub);
	return cls;
}

static int
parse_family(spec_ctx *c, const spec_pair *p, gs_gpu *g)
{
	static const char *const names[] = {"cdna", "rdna", "nvidia", "xe", "other"};

	for (int i = 0; i < 5; i++) {
		if (strcmp(p->val, names[i]) == 0) {
			g->family = (gs_gpu_family)i;
			return 0;
		}
	}
	return gs_error_set(c->err, c->path, p->line, p->col,
	                    "family: expected cdna, rdna, nvidia, xe or other, got \"%s\"", p->val);
}

static int
parse_kind(spec_ctx *c, const spec_pair *p)
{
	static const struct {
		const char *name;
		gs_fig_kind kind;
	} kinds[] = {
	        {"peak", GS_FIG_PEAK},
	        {"measured", GS_FIG_MEASURED},
	        {"derived", GS_FIG_DERIVED},
	        {"third-party", GS_FIG_THIRD_PARTY},
	};

	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		if (strcmp(p->val, kinds[i].name) == 0) {
			c->kind = kinds[i].kind;
			return 0;
		}
	}
	return gs_error_set(c->err, c->path, p->line, p->col,
	                    "kind: expected peak, measured, derived or third-party, got \"%s\"",
	                    p->val);
}

/* Integer-valued figures with the file's kind. */
static int
set_int_fig(spec_ctx *c, const spec_pair *p, gs_fig *f)
{
	if (set_fig(c, p, f, c->kind))
		return -1;
	if (f->v != floor(f->v))
		return gs_error_set(c->err, c->path, p->line, p->col,
		                    "%s: expected a whole number, got \"%s\"", p->key, p->val);
	/* Counts (CUs, wave size, registers, waves, SIMDs) are ints downstream. */
	if (!(f->v >= 0 && f->v <= INT_MAX))
		return gs_error_set(c->err, c->path, p->line, p->col, "%s: %s is outside 0..%d",
		                    p->key, p->val, INT_MAX);
	return 0;
}

static int
apply_number(spec_ctx *c, const spec_pair *p, gs_gpu *g)
{
	static const struct {
		const char *key;
		size_t off;
		int whole;
	} figs[] = {
	        {"cus", offsetof(gs_gpu, cus), 1},
	        {"clock_ghz", offsetof(gs_gpu, clock_ghz), 0},
	        {"bandwidth_tbs", offsetof(gs_gpu, bw_tbs), 0},
	        {"lds_per_cu_kib", offsetof(gs_gpu, lds_cu_kib), 0},
	        {"lds_per_wg_kib", offsetof(gs_gpu, lds_wg_kib), 0},
	        {"wave_size", offsetof(gs_gpu, wave_size), 1},
	        {"regs", offsetof(gs_gpu, regs), 1},
	        {"max_waves_per_simd", offsetof(gs_gpu, max_waves_simd), 1},
	};

	for (size_t i = 0; i < sizeof figs / sizeof figs[0]; i++) {
		if (strcmp(p->key, figs[i].key) == 0) {
			gs_fig *f = (gs_fig *)((char *)g + figs[i].off);
			return figs[i].whole ? set_int_fig(c, p, f) : set_fig(c, p, f, c->kind);
		}
	}
	if (strcmp(p->key, "measured_bandwidth_tbs") == 0)
		return set_fig(c, p, &g->meas_bw_tbs, GS_FIG_MEASURED);
	if (strcmp(p->key, "bandwidth_gbs") == 0 || strcmp(p->key, "measured_bandwidth_gbs") == 0) {
		gs_fig *f = p->key[0] == 'b' ? &g->bw_tbs : &g->meas_bw_tbs;
		if (set_fig(c, p, f, p->key[0] == 'b' ? c->kind : GS_FIG_MEASURED))
			return -1;
		f->v /= 1000.0;
		return 0;
	}
	if (strcmp(p->key, "simds_per_cu") == 0) {
		gs_fig f;
		if (set_int_fig(c, p, &f))
			return -1;
		g->simds_per_cu = (int)f.v;
		return 0;
	}
	return gs_error_set(c->err, c->path, p->line, p->col, "unknown key \"%s\" in the GPU spec",
	                    p->key);
}

static int
apply_pair(spec_ctx *c, const spec_pair *p, gs_gpu *g)
{
	int cls;

	if (strcmp(p->key, "tflops") == 0 || strcmp(p->key, "measured_tflops") == 0) {
		if ((cls = dtype_key(c, p)) < 0)
			return -1;
		if (p->key[0] == 't')
			return set_fig(c, p, &g->peak[cls], c->kind);
		return set_fig(c, p, &g->meas[cls], GS_FIG_MEASURED);
	}
	if (strcmp(p->key, "name") == 0)
		return set_string(c, p, g->name, sizeof g->name);
	if (strcmp(p->key, "full_name") == 0)
		return set_string(c, p, g->full_name, sizeof g->full_name);
	if (strcmp(p->key, "arch") == 0)
		return set_string(c, p, g->arch, sizeof g->arch);
	if (strcmp(p->key, "family") == 0)
		return parse_family(c, p, g);
	if (strcmp(p->key, "base") == 0 || strcmp(p->key, "kind") == 0 ||
	    strcmp(p->key, "source") == 0)
		return 0; /* applied first, by apply_header() */
	return apply_number(c, p, g);
}

/* Defaults of a family for a spec without base. */
static void
family_defaults(gs_gpu *g)
{
	static const struct {
		double wave, regs, waves;
		int simds;
	} d[] = {
	        [GS_FAM_CDNA] = {64, 512, 8, 4},      [GS_FAM_RDNA] = {32, 1536, 16, 2},
	        [GS_FAM_NVIDIA] = {32, 65536, 16, 4}, [GS_FAM_XE] = {16, 0, 0, 8},
	        [GS_FAM_OTHER] = {0, 0, 0, 0},
	};
	const char *src = "family default (spec file without base)";

	if (d[g->family].wave > 0)
		g->wave_size = (gs_fig){d[g->family].wave, GS_FIG_DERIVED, src};
	if (d[g->family].regs > 0) {
		g->regs = (gs_fig){d[g->family].regs, GS_FIG_DERIVED, src};
		g->max_waves_simd = (gs_fig){d[g->family].waves, GS_FIG_DERIVED, src};
	}
	g->simds_per_cu = d[g->family].simds;
}

static int
family_from_arch(const char *arch, gs_gpu_family *f)
{
	if (strncmp(arch, "gfx9", 4) == 0)
		*f = GS_FAM_CDNA;
	else if (strncmp(arch, "gfx1", 4) == 0)
		*f = GS_FAM_RDNA;
	else if (strncmp(arch, "sm_", 3) == 0)
		*f = GS_FAM_NVIDIA;
	else if (strncmp(arch, "xe", 2) == 0)
		*f = GS_FAM_XE;
	else
		return -1;
	return 0;
}

static const spec_pair *
find_pair(const spec_ctx *c, const char *key)
{
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->pair[i].key, key) == 0)
			return &c->pair[i];
	return NULL;
}

/* The built-in GPU a spec builds on: its base key, else (no arch, no
 * family) the built-in its name designates, as in gemmscope-bench's
 * "name = AMD Instinct MI300X".  *BASE is NULL for neither; -1 on an
 * unknown base. */
static int
find_base(spec_ctx *c, const gs_gpu **base)
{
	const spec_pair *p = find_pair(c, "base");

	*base = NULL;
	if (p) {
		if ((*base = gs_gpu_find(p->val)))
			return 0;
		return gs_error_set(c->err, c->path, p->line, p->col,
		                    "base: unknown GPU \"%s\" (see gemmscope gpus)", p->val);
	}
	if (!find_pair(c, "arch") && !find_pair(c, "family") && (p = find_pair(c, "name")))
		*base = gs_gpu_find(p->val);
	return 0;
}

static const char no_arch_note[] =
        "spec without a known arch: occupancy and the tile model are not available";

/* base, kind, source and the family, before the other keys. */
static int
apply_header(spec_ctx *c, gs_gpu *g)
{
	const spec_pair *p;
	const gs_gpu *base;

	memset(g, 0, sizeof *g);
	c->kind = GS_FIG_MEASURED;
	if (find_base(c, &base))
		return -1;
	if (base)
		*g = *base;
	if ((p = find_pair(c, "kind")) && parse_kind(c, p))
		return -1;
	snprintf(g->source, sizeof g->source, "%s", c->path ? c->path : "GPU spec");
	if ((p = find_pair(c, "source")) && set_string(c, p, g->source, sizeof g->source))
		return -1;
	if (base)
		return 0;
	if ((p = find_pair(c, "family"))) {
		if (parse_family(c, p, g))
			return -1;
	} else if (!(p = find_pair(c, "arch")) || family_from_arch(p->val, &g->family)) {
		g->family = GS_FAM_OTHER;
		g->note = no_arch_note;
	}
	family_defaults(g);
	return 0;
}

static int
check_spec(spec_ctx *c, const gs_gpu *g)
{
	int any = 0;

	for (int i = 0; i < GS_PK_COUNT; i++)
		any |= g->peak[i].kind != GS_FIG_NONE;
	if (!g->name[0])
		return gs_error_set(c->err, c->path, 1, 0, "the GPU spec needs a name");
	if (g->cus.kind == GS_FIG_NONE)
		return gs_error_set(c->err, c->path, 1, 0, "the GPU spec needs cus");
	if (g->bw_tbs.kind == GS_FIG_NONE)
		return gs_error_set(c->err, c->path, 1, 0, "the GPU spec needs bandwidth_tbs");
	if (!any)
		return gs_error_set(c->err, c->path, 1, 0,
		                    "the GPU spec needs a tflops mapping with at least one dtype");
	return 0;
}
int
gs_gpu_parse_spec(const char *text, size_t len, const char *path, gs_gpu *out, gs_error *err)
{
	spec_ctx c = {.path = path, .err = err};
	int rc = -1;

	c.pair = calloc(MAX_PAIRS, sizeof *c.pair);
	if (!c.pair)
		return gs_error_set(err, path, 0, 0, "out of memory");
	if (gs_gpuspec_read(&c, text, len) == 0 && apply_header(&c, out) == 0) {
		rc = 0;
		for (size_t i = 0; i < c.n && rc == 0; i++)
			rc = apply_pair(&c, &c.pair[i], out);
		if (rc == 0)
			rc = check_spec(&c, out);
	}
	free(c.pair);
	return rc;
}

/* ---- --gpu NAME|FILE -------------------------------------------------------- */

enum { SPEC_MAX_BYTES = 1 << 20 };

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
		return gs_error_set(err, path, 0, 0, "%s",
		                    n > SPEC_MAX_BYTES ? "GPU spec larger than 1 MiB"
		                                       : "read error");
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
		                    "(see gemmscope gpus)",
		                    arg);
	*out = *g;
	return 0;
}
