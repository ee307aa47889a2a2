/* rocprof_json.c: rocprofv3 JSON output (results.json[.gz]) streamed
 * through yajl into a per-kernel table (gs_rocprof_json_read, rocprof.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "ingest/rocprof.h"
#include "ingest/rocprof_impl.h"
#include "ingest/trace_json.h"
#include "util/grow.h"

/* ---- rocprofv3 JSON -------------------------------------------------- */

enum { MAX_DEPTH = 10, NAME_LEN = 96, MAX_AGENTS = 64 };

typedef enum {
	R_NONE,
	R_ROOT,
	R_TOOLS,
	R_TOOL,
	R_AGENTS,
	R_AGENT,
	R_SYMS,
	R_SYM,
	R_BUFS,
	R_DISPS,
	R_DISP,
	R_DINFO,
	R_XYZ,
	R_HANDLE
} rwhere;

typedef enum {
	RK_NONE,
	RK_TOOL,
	RK_AGENTS,
	RK_SYMS,
	RK_BUFS,
	RK_DISPATCH,
	RK_TYPE,
	RK_ID,
	RK_NAME,
	RK_PRODUCT,
	RK_CUS,
	RK_SCLK,
	RK_KERNEL_ID,
	RK_KNAME,
	RK_FNAME,
	RK_SGPR,
	RK_VGPR,
	RK_AGPR,
	RK_LDS,
	RK_START,
	RK_END,
	RK_DINFO,
	RK_AGENT_ID,
	RK_WG,
	RK_GRID,
	RK_HANDLE,
	RK_X,
	RK_Y,
	RK_Z
} rkey;

typedef struct rp_agent {
	long long handle;
	long long type;
	char name[NAME_LEN], product[NAME_LEN];
	int cus;
	long long sclk_mhz; /* max_engine_clk_fcompute, 0 if not given */
} rp_agent;

typedef struct rp_sym {
	long long kernel_id;
	int name; /* in gs_rocprof_kagg names */
	int sgpr, vgpr, agpr;
	long lds;
} rp_sym;

/* The most kernel dispatches one rocprofv3 JSON may hold (held in memory
 * until the symbols are known). */
#define RP_MAX_DISPATCHES ((size_t)1 << 32)

typedef struct rp_disp {
	long long kernel_id, agent, start, end;
	long long wg[3], grid[3];
	long lds;
	long line;
	long long off; /* byte offset after its last timestamp */
} rp_disp;

typedef struct rctx {
	gs_jstream js;
	gs_rocprof_kagg agg;
	int depth, skip;
	rwhere wh[MAX_DEPTH];
	rkey key[MAX_DEPTH];
	int saw_tool;
	rp_agent agents[MAX_AGENTS], agent;
	int nagents;
	rp_sym *syms, sym;
	size_t nsyms, cap_syms;
	char *fname, *kname; /* the symbol being read */
	rp_disp *disps, disp;
	size_t ndisps, cap_disps;
	long long *xyz; /* the x/y/z object being read */
} rctx;

#define KEY_IS(s, n, lit) ((n) == sizeof(lit) - 1 && memcmp((s), (lit), (n)) == 0)

static rkey
agent_key(const unsigned char *s, size_t n)
{
	return KEY_IS(s, n, "type")                      ? RK_TYPE
	       : KEY_IS(s, n, "id")                      ? RK_ID
	       : KEY_IS(s, n, "name")                    ? RK_NAME
	       : KEY_IS(s, n, "product_name")            ? RK_PRODUCT
	       : KEY_IS(s, n, "cu_count")                ? RK_CUS
	       : KEY_IS(s, n, "max_engine_clk_fcompute") ? RK_SCLK
	                                                 : RK_NONE;
}

static rkey
sym_key(const unsigned char *s, size_t n)
{
	return KEY_IS(s, n, "kernel_id")               ? RK_KERNEL_ID
	       : KEY_IS(s, n, "kernel_name")           ? RK_KNAME
	       : KEY_IS(s, n, "formatted_kernel_name") ? RK_FNAME
	       : KEY_IS(s, n, "sgpr_count")            ? RK_SGPR
	       : KEY_IS(s, n, "arch_vgpr_count")       ? RK_VGPR
	       : KEY_IS(s, n, "accum_vgpr_count")      ? RK_AGPR
	       : KEY_IS(s, n, "group_segment_size")    ? RK_LDS
	                                               : RK_NONE;
}

static rkey
dinfo_key(const unsigned char *s, size_t n)
{
	return KEY_IS(s, n, "agent_id")             ? RK_AGENT_ID
	       : KEY_IS(s, n, "kernel_id")          ? RK_KERNEL_ID
	       : KEY_IS(s, n, "workgroup_size")     ? RK_WG
	       : KEY_IS(s, n, "grid_size")          ? RK_GRID
	       : KEY_IS(s, n, "group_segment_size") ? RK_LDS
	                                            : RK_NONE;
}

static rkey
r_classify(rwhere w, const unsigned char *s, size_t n)
{
	switch (w) {
	case R_ROOT: return KEY_IS(s, n, "rocprofiler-sdk-tool") ? RK_TOOL : RK_NONE;
	case R_TOOL:
		return KEY_IS(s, n, "agents")           ? RK_AGENTS
		       : KEY_IS(s, n, "kernel_symbols") ? RK_SYMS
		       : KEY_IS(s, n, "buffer_records") ? RK_BUFS
		                                        : RK_NONE;
	case R_AGENT: return agent_key(s, n);
	case R_SYM: return sym_key(s, n);
	case R_BUFS: return KEY_IS(s, n, "kernel_dispatch") ? RK_DISPATCH : RK_NONE;
	case R_DISP:
		return KEY_IS(s, n, "start_timestamp") ? RK_START
		       : KEY_IS(s, n, "end_timestamp") ? RK_END
		       : KEY_IS(s, n, "dispatch_info") ? RK_DINFO
		                                       : RK_NONE;
	case R_DINFO: return dinfo_key(s, n);
	case R_HANDLE: return KEY_IS(s, n, "handle") ? RK_HANDLE : RK_NONE;
	case R_XYZ:
		return n == 1 && s[0] >= 'x' && s[0] <= 'z' ? (rkey)(RK_X + (s[0] - 'x')) : RK_NONE;
	default: return RK_NONE;
	}
}

static rwhere
r_child(const rctx *r, int is_map)
{
	rwhere pw;
	rkey pk;

	if (r->depth == 0)
		return is_map ? R_ROOT : R_NONE;
	if (r->depth == MAX_DEPTH)
		return R_NONE;
	pw = r->wh[r->depth - 1];
	pk = r->key[r->depth - 1];
	switch (pw) {
	case R_ROOT: return !is_map && pk == RK_TOOL ? R_TOOLS : R_NONE;
	case R_TOOLS: return is_map ? R_TOOL : R_NONE;
	case R_TOOL:
		if (is_map)
			return pk == RK_BUFS ? R_BUFS : R_NONE;
		return pk == RK_AGENTS ? R_AGENTS : pk == RK_SYMS ? R_SYMS : R_NONE;
	case R_AGENTS: return is_map ? R_AGENT : R_NONE;
	case R_AGENT: return is_map && pk == RK_ID ? R_HANDLE : R_NONE;
	case R_SYMS: return is_map ? R_SYM : R_NONE;
	case R_BUFS: return !is_map && pk == RK_DISPATCH ? R_DISPS : R_NONE;
	case R_DISPS: return is_map ? R_DISP : R_NONE;
	case R_DISP: return is_map && pk == RK_DINFO ? R_DINFO : R_NONE;
	case R_DINFO:
		if (!is_map)
			return R_NONE;
		return pk == RK_AGENT_ID                ? R_HANDLE
		       : (pk == RK_WG || pk == RK_GRID) ? R_XYZ
		                                        : R_NONE;
	default: return R_NONE;
	}
}

static void
r_enter(rctx *r, rwhere w)
{
	rkey pk = r->depth > 1 ? r->key[r->depth - 2] : RK_NONE;

	switch (w) {
	case R_TOOLS: r->saw_tool = 1; break;
	case R_AGENT: memset(&r->agent, 0, sizeof r->agent); break;
	case R_SYM:
		memset(&r->sym, 0, sizeof r->sym);
		r->fname[0] = r->kname[0] = 0;
		break;
	case R_DISP:
		memset(&r->disp, 0, sizeof r->disp);
		r->disp.kernel_id = -1;
		break;
	case R_XYZ: r->xyz = pk == RK_WG ? r->disp.wg : r->disp.grid; break;
	default: break;
	}
}

static int
sym_done(rctx *r)
{
	const char *name = r->fname[0] ? r->fname : r->kname;
	size_t n = strlen(name);

	if (!r->fname[0] && n > 3 && strcmp(name + n - 3, ".kd") == 0)
		n -= 3;
	if (GS_GROW(r->syms, r->cap_syms, r->nsyms + 1, GS_ROCPROF_MAX_KERNELS) != 0)
		return gs_jstream_fail(&r->js, "out of memory");
	r->sym.name = gs_trace_strs_intern(&r->agg.names, name, n);
	if (r->sym.name < 0)
		return gs_jstream_fail(&r->js, "out of memory");
	r->syms[r->nsyms++] = r->sym;
	return 1;
}

static int
disp_done(rctx *r)
{
	if (GS_GROW(r->disps, r->cap_disps, r->ndisps + 1, RP_MAX_DISPATCHES) != 0)
		return gs_jstream_fail(&r->js, "out of memory");
	r->disp.line = (long)r->ndisps + 1;
	r->disps[r->ndisps++] = r->disp;
	return 1;
}

static int
r_open(void *ctx, int is_map)
{
	rctx *r = ctx;
	rwhere w;

	if (r->skip)
		return r->skip++, 1;
	w = r_child(r, is_map);
	if (w == R_NONE)
		return r->skip = 1, 1;
	r->wh[r->depth] = w;
	r->key[r->depth++] = RK_NONE;
	r_enter(r, w);
	return 1;
}

static int
r_close(void *ctx)
{
	rctx *r = ctx;

	if (r->skip)
		return r->skip--, 1;
	switch (r->wh[--r->depth]) {
	case R_AGENT:
		if (r->nagents < MAX_AGENTS)
			r->agents[r->nagents++] = r->agent;
		return 1;
	case R_SYM: return sym_done(r);
	case R_DISP: return disp_done(r);
	default: return 1;
	}
}

static int
r_start_map(void *ctx)
{
	return r_open(ctx, 1);
}

static int
r_start_array(void *ctx)
{
	return r_open(ctx, 0);
}

static int
r_map_key(void *ctx, const unsigned char *s, size_t n)
{
	rctx *r = ctx;

	if (!r->skip && r->depth)
		r->key[r->depth - 1] = r_classify(r->wh[r->depth - 1], s, n);
	return 1;
}

static void
sym_number(rp_sym *s, rkey k, long long v)
{
	switch (k) {
	case RK_KERNEL_ID: s->kernel_id = v; break;
	case RK_SGPR: s->sgpr = (int)v; break;
	case RK_VGPR: s->vgpr = (int)v; break;
	case RK_AGPR: s->agpr = (int)v; break;
	case RK_LDS: s->lds = (long)v; break;
	default: break;
	}
}

static void
disp_number(rctx *r, rwhere w, rkey k, long long v)
{
	rp_disp *d = &r->disp;

	if (w == R_DISP && (k == RK_START || k == RK_END))
		d->off = gs_jstream_offset(&r->js);
	if (w == R_DISP && k == RK_START)
		d->start = v;
	else if (w == R_DISP && k == RK_END)
		d->end = v;
	else if (w == R_DINFO && k == RK_KERNEL_ID)
		d->kernel_id = v;
	else if (w == R_DINFO && k == RK_LDS)
		d->lds = (long)v;
	else if (w == R_XYZ && k >= RK_X && k <= RK_Z)
		r->xyz[k - RK_X] = v;
	else if (w == R_HANDLE && k == RK_HANDLE && r->depth > 1 && r->wh[r->depth - 2] == R_DINFO)
		d->agent = v;
}

static int
r_number(void *ctx, const char *s, size_t n)
{
	rctx *r = ctx;
	long long v;
	rwhere w;
	rkey k;

	if (r->skip || !r->depth || gs_json_int(s, n, &v) != 0)
		return 1;
	w = r->wh[r->depth - 1];
	k = r->key[r->depth - 1];
	if (w == R_SYM)
		sym_number(&r->sym, k, v);
	else if (w == R_AGENT && k == RK_TYPE)
		r->agent.type = v;
	else if (w == R_AGENT && k == RK_CUS)
		r->agent.cus = v > 0 && v < 1000000 ? (int)v : 0;
	else if (w == R_AGENT && k == RK_SCLK)
		r->agent.sclk_mhz = v;
	else if (w == R_HANDLE && r->depth > 1 && r->wh[r->depth - 2] == R_AGENT)
		r->agent.handle = v;
	else
		disp_number(r, w, k, v);
	return 1;
}

static void
copy_str(char *dst, size_t size, const unsigned char *s, size_t n)
{
	if (n > size - 1)
		n = size - 1;
	memcpy(dst, s, n);
	dst[n] = 0;
}

static int
r_string(void *ctx, const unsigned char *s, size_t n)
{
	rctx *r = ctx;
	rwhere w;
	rkey k;
	char **dst;

	if (r->skip || !r->depth)
		return 1;
	w = r->wh[r->depth - 1];
	k = r->key[r->depth - 1];
	if (w == R_AGENT && k == RK_NAME)
		copy_str(r->agent.name, sizeof r->agent.name, s, n);
	else if (w == R_AGENT && k == RK_PRODUCT)
		copy_str(r->agent.product, sizeof r->agent.product, s, n);
	if (w != R_SYM || (k != RK_FNAME && k != RK_KNAME))
		return 1;
	dst = k == RK_FNAME ? &r->fname : &r->kname;
	free(*dst);
	*dst = malloc(n + 1);
	if (!*dst)
		return gs_jstream_fail(&r->js, "out of memory");
	memcpy(*dst, s, n);
	(*dst)[n] = 0;
	return 1;
}

static const yajl_callbacks rcallbacks = {
        NULL,        NULL,      NULL,    NULL,          r_number, r_string,
        r_start_map, r_map_key, r_close, r_start_array, r_close,
};

static int
by_kernel_id(const void *a, const void *b)
{
	const rp_sym *x = a, *y = b;

	return (x->kernel_id > y->kernel_id) - (x->kernel_id < y->kernel_id);
}

static const rp_sym *
find_sym(const rctx *r, long long id)
{
	rp_sym k;

	memset(&k, 0, sizeof k);
	k.kernel_id = id;
	if (!r->nsyms)
		return NULL;
	return bsearch(&k, r->syms, r->nsyms, sizeof *r->syms, by_kernel_id);
}

static int
json_set_gpu(rctx *r)
{
	const rp_agent *a = NULL;

	for (int i = 0; i < r->nagents; i++) {
		if (r->agents[i].type != 2)
			continue;
		if (!a || (r->ndisps && r->agents[i].handle == r->disps[0].agent))
			a = &r->agents[i];
	}
	if (!a)
		return 0;
	return gs_agent_set(r->agg.t, a->product, a->name, a->cus, (double)a->sclk_mhz);
}

static int
json_emit(rctx *r, gs_error *err)
{
	gs_table *t = r->agg.t;

	if (r->nsyms)
		qsort(r->syms, r->nsyms, sizeof *r->syms, by_kernel_id);
	for (size_t i = 0; i < r->ndisps; i++) {
		const rp_disp *d = &r->disps[i];
		const rp_sym *s = find_sym(r, d->kernel_id);
		gs_launch l;
		if (!s) {
			t->skipped++;
			continue;
		}
		memset(&l, 0, sizeof l);
		gs_rocprof_set_geometry(&l, d->grid, d->wg);
		l.vgpr = s->vgpr;
		l.agpr = s->agpr;
		l.sgpr = s->sgpr;
		l.lds_bytes = d->lds > 0 ? d->lds : s->lds;
		r->agg.offset = d->off;
		if (gs_rocprof_kagg_add_id(&r->agg, s->name, d->start, d->end, &l, d->line, err) !=
		    0)
			return -1;
	}
	if (json_set_gpu(r) != 0)
		return gs_rocprof_oom(t, err);
	return gs_rocprof_kagg_finish(&r->agg, err);
}

int
gs_rocprof_json_read(gs_input *in, const gs_ingest_opts *opts, gs_table *t, gs_error *err)
{
	rctx *r = calloc(1, sizeof *r);
	int rc;

	if (!r || !(r->fname = calloc(1, 1)) || !(r->kname = calloc(1, 1))) {
		if (r)
			free(r->fname);
		free(r);
		return gs_rocprof_oom(t, err);
	}
	r->agg.t = t;
	r->agg.offset = -1;
	rc = gs_table_set_format(t, "rocprofv3-json") != 0
	             ? gs_rocprof_oom(t, err)
	             : gs_jstream_run(&r->js, in, &rcallbacks, r, opts && opts->progress, err);
	if (rc == 0 && !r->saw_tool)
		rc = gs_error_set_offset(err, in->path, 0,
		                         "not rocprofv3 JSON: no "
		                         "rocprofiler-sdk-tool array");
	if (rc == 0)
		rc = json_emit(r, err);
	gs_rocprof_kagg_free(&r->agg);
	free(r->syms);
	free(r->disps);
	free(r->fname);
	free(r->kname);
	free(r);
	return rc;
}
