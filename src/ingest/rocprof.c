/* rocprof.c: rocprofv3 kernel traces (CSV, JSON, rocpd SQLite) as
 * per-kernel tables; see rocprof.h. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sqlite3.h>

#include "ingest/csvrows.h"
#include "ingest/rocprof.h"
#include "ingest/trace_impl.h"
#include "ingest/trace_json.h"

/* ---- per-kernel records, shared by the three readers ----------------- */

typedef struct kagg {
	gs_table *t;
	tr_strs names;          /* kernel name -> id */
	size_t *rec;            /* per name id: record index + 1, 0 if none yet */
	size_t nrec;
} kagg;

static int
oom(const gs_table *t, gs_error *err)
{
	return gs_error_set(err, t->path, 0, 0, "out of memory");
}

/* The record of kernel name id ID (in A->names), created if new. */
static gs_record *
kernel_record(kagg *a, int id, const gs_launch *l, long line, gs_error *err)
{
	const char *name = a->names.s[id];
	gs_shape key;
	gs_record *r;

	if ((size_t)id >= a->nrec) {
		size_t n = ((size_t)id + 1) * 2;
		size_t *p = realloc(a->rec, n * sizeof *p);
		if (!p)
			return oom(a->t, err), NULL;
		memset(p + a->nrec, 0, (n - a->nrec) * sizeof *p);
		a->rec = p;
		a->nrec = n;
	}
	if (a->rec[id])
		return &a->t->rec[a->rec[id] - 1];
	gs_shape_init(&key);
	snprintf(key.op, sizeof key.op, "kernel");
	key.M = key.N = key.K = 1;
	key.name = gs_table_intern(a->t, name);
	r = key.name ? gs_table_get(a->t, &key, line, err) : NULL;
	if (!r || gs_record_set_string(&r->kernel, name) != 0)
		return oom(a->t, err), NULL;
	r->launch = *l;
	a->rec[id] = (size_t)(r - a->t->rec) + 1;
	return r;
}

/* One dispatch of kernel name id ID lasting END - START ns. */
static int
kagg_add_id(kagg *a, int id, long long start, long long end,
            const gs_launch *l, long line, gs_error *err)
{
	gs_record *r;

	if (end <= start) {
		a->t->skipped++;
		return 0;
	}
	r = kernel_record(a, id, l, line, err);
	if (!r)
		return -1;
	if (gs_record_add_sample(r, (double)(end - start) / 1000.0) != 0)
		return oom(a->t, err);
	return 0;
}

/* One dispatch of kernel NAME. */
static int
kagg_add(kagg *a, const char *name, long long start, long long end,
         const gs_launch *l, long line, gs_error *err)
{
	int id = gs_trace_strs_intern(&a->names, name, strlen(name));

	if (id < 0)
		return oom(a->t, err);
	return kagg_add_id(a, id, start, end, l, line, err);
}

static void
kagg_free(kagg *a)
{
	for (size_t i = 0; i < a->names.n; i++)
		free(a->names.s[i]);
	free(a->names.s);
	free(a->names.slot);
	free(a->rec);
}

static long long
prod3(const long long v[3])
{
	return (v[0] > 0 ? v[0] : 1) * (v[1] > 0 ? v[1] : 1) * (v[2] > 0 ? v[2] : 1);
}

/* Launch geometry from grid (work-items) and workgroup sizes. */
static void
set_geometry(gs_launch *l, const long long grid[3], const long long wg[3])
{
	long long n = 1;

	for (int i = 0; i < 3; i++)
		n *= wg[i] > 0 ? (grid[i] + wg[i] - 1) / wg[i] : 1;
	l->workgroups = n;
	l->wg_size = (int)prod3(wg);
}

static int
no_dispatches(const gs_table *t, gs_error *err)
{
	return gs_error_set(err, t->path, 0, 0, "no kernel dispatches with a positive "
	                    "duration in this rocprofv3 output");
}

/* ---- sniffing -------------------------------------------------------- */

int
gs_rocprof_sniff_json(const unsigned char *head, size_t len)
{
	static const char key[] = "\"rocprofiler-sdk-tool\"";
	size_t n = sizeof key - 1;

	for (size_t i = 0; i + n <= len; i++)
		if (head[i] == '"' && memcmp(head + i, key, n) == 0)
			return 1;
	return 0;
}

static int
line_has(const unsigned char *s, size_t len, const char *word)
{
	size_t n = strlen(word);

	for (size_t i = 0; i + n <= len; i++)
		if (strncasecmp((const char *)s + i, word, n) == 0)
			return 1;
	return 0;
}

int
gs_rocprof_sniff_csv(const unsigned char *head, size_t len)
{
	size_t n = 0;

	while (n < len && head[n] != '\n')
		n++;
	return line_has(head, n, "Kernel_Name") && line_has(head, n, "Start_Timestamp") &&
	       line_has(head, n, "End_Timestamp");
}

/* ---- kernel_trace.csv ------------------------------------------------ */

enum {
	C_NAME, C_START, C_END, C_WGX, C_WGY, C_WGZ, C_GX, C_GY, C_GZ, C_LDS,
	C_VGPR, C_AGPR, C_SGPR, C__N
};

static const char *const csv_cols[C__N][2] = {
	[C_NAME] = {"Kernel_Name", NULL}, [C_START] = {"Start_Timestamp", NULL},
	[C_END] = {"End_Timestamp", NULL},
	[C_WGX] = {"Workgroup_Size_X", NULL}, [C_WGY] = {"Workgroup_Size_Y", NULL},
	[C_WGZ] = {"Workgroup_Size_Z", NULL},
	[C_GX] = {"Grid_Size_X", NULL}, [C_GY] = {"Grid_Size_Y", NULL},
	[C_GZ] = {"Grid_Size_Z", NULL},
	[C_LDS] = {"LDS_Block_Size", "Group_Segment_Size"},
	[C_VGPR] = {"VGPR_Count", "Arch_VGPR_Count"},
	[C_AGPR] = {"Accum_VGPR_Count", NULL}, [C_SGPR] = {"SGPR_Count", NULL},
};

typedef struct csvctx {
	kagg agg;
	int col[C__N];          /* field index per column, -1 if absent */
	int header_done;
} csvctx;

static int
csv_header(csvctx *c, long line, const char *const *f, size_t n, gs_error *err)
{
	for (int k = 0; k < C__N; k++) {
		c->col[k] = -1;
		for (size_t i = 0; i < n && c->col[k] < 0; i++)
			for (int a = 0; a < 2 && csv_cols[k][a]; a++)
				if (strcasecmp(f[i], csv_cols[k][a]) == 0)
					c->col[k] = (int)i;
	}
	for (int k = C_NAME; k <= C_END; k++)
		if (c->col[k] < 0)
			return gs_error_set(err, c->agg.t->path, line, 0, "not a rocprofv3 "
			                    "kernel trace: no %s column", csv_cols[k][0]);
	c->header_done = 1;
	return 0;
}

/* Field K as an integer into *V; absent columns give DEF.  -1 if bad. */
static int
csv_int(const csvctx *c, int k, const char *const *f, size_t n, long long def,
        long long *v)
{
	char *end;

	if (c->col[k] < 0 || (size_t)c->col[k] >= n || !f[c->col[k]][0]) {
		*v = def;
		return k <= C_END && c->col[k] >= 0 ? -1 : 0;
	}
	errno = 0;
	*v = strtoll(f[c->col[k]], &end, 10);
	return errno || *end ? -1 : 0;
}

static int
csv_row(void *ctx, long line, const char *const *f, const size_t *len,
        size_t n, gs_error *err)
{
	csvctx *c = ctx;
	long long v[C__N];
	gs_launch l;

	(void)len;
	if (!c->header_done)
		return csv_header(c, line, f, n, err);
	for (int k = C_START; k < C__N; k++) {
		if (csv_int(c, k, f, n, k >= C_WGX && k <= C_GZ ? 1 : 0, &v[k]) != 0) {
			const char *what = (size_t)c->col[C_NAME] < n ? f[c->col[C_NAME]] : "";
			char reason[96];
			snprintf(reason, sizeof reason, "%s is not an integer", csv_cols[k][0]);
			return gs_table_exclude(c->agg.t, line, what, reason) == 0 ? 0 :
			       oom(c->agg.t, err);
		}
	}
	memset(&l, 0, sizeof l);
	set_geometry(&l, &v[C_GX], &v[C_WGX]);
	l.vgpr = (int)v[C_VGPR];
	l.agpr = (int)v[C_AGPR];
	l.sgpr = (int)v[C_SGPR];
	l.lds_bytes = (long)v[C_LDS];
	if ((size_t)c->col[C_NAME] >= n)
		return gs_error_set(err, c->agg.t->path, line, 0, "row has no Kernel_Name field");
	return kagg_add(&c->agg, f[c->col[C_NAME]], v[C_START], v[C_END], &l, line, err);
}

int
gs_rocprof_csv_read(gs_input *in, const gs_ingest_opts *opts, gs_table *t,
                    gs_error *err)
{
	csvctx c;
	int rc;

	(void)opts;
	memset(&c, 0, sizeof c);
	c.agg.t = t;
	rc = gs_table_set_format(t, "rocprofv3-csv") != 0 ? oom(t, err) :
	     gs_csv_rows(in, csv_row, &c, err);
	if (rc == 0 && t->n == 0)
		rc = no_dispatches(t, err);
	kagg_free(&c.agg);
	return rc;
}

/* ---- rocprofv3 JSON -------------------------------------------------- */

enum { MAX_DEPTH = 10, NAME_LEN = 96, MAX_AGENTS = 64 };

typedef enum {
	R_NONE, R_ROOT, R_TOOLS, R_TOOL, R_AGENTS, R_AGENT, R_SYMS, R_SYM,
	R_BUFS, R_DISPS, R_DISP, R_DINFO, R_XYZ, R_HANDLE
} rwhere;

typedef enum {
	RK_NONE, RK_TOOL, RK_AGENTS, RK_SYMS, RK_BUFS, RK_DISPATCH, RK_TYPE, RK_ID,
	RK_NAME, RK_PRODUCT, RK_CUS, RK_KERNEL_ID, RK_KNAME, RK_FNAME, RK_SGPR,
	RK_VGPR, RK_AGPR, RK_LDS, RK_START, RK_END, RK_DINFO, RK_AGENT_ID, RK_WG,
	RK_GRID, RK_HANDLE, RK_X, RK_Y, RK_Z
} rkey;

typedef struct rp_agent {
	long long handle;
	long long type;
	char name[NAME_LEN], product[NAME_LEN];
	int cus;
} rp_agent;

typedef struct rp_sym {
	long long kernel_id;
	int name;               /* in kagg names */
	int sgpr, vgpr, agpr;
	long lds;
} rp_sym;

typedef struct rp_disp {
	long long kernel_id, agent, start, end;
	long long wg[3], grid[3];
	long lds;
	long line;
} rp_disp;

typedef struct rctx {
	gs_jstream js;
	kagg agg;
	int depth, skip;
	rwhere wh[MAX_DEPTH];
	rkey key[MAX_DEPTH];
	int saw_tool;
	rp_agent agents[MAX_AGENTS], agent;
	int nagents;
	rp_sym *syms, sym;
	size_t nsyms, cap_syms;
	char *fname, *kname;    /* the symbol being read */
	rp_disp *disps, disp;
	size_t ndisps, cap_disps;
	long long *xyz;         /* the x/y/z object being read */
} rctx;

#define KEY_IS(s, n, lit) ((n) == sizeof(lit) - 1 && memcmp((s), (lit), (n)) == 0)

static rkey
agent_key(const unsigned char *s, size_t n)
{
	return KEY_IS(s, n, "type") ? RK_TYPE : KEY_IS(s, n, "id") ? RK_ID :
	       KEY_IS(s, n, "name") ? RK_NAME : KEY_IS(s, n, "product_name") ? RK_PRODUCT :
	       KEY_IS(s, n, "cu_count") ? RK_CUS : RK_NONE;
}

static rkey
sym_key(const unsigned char *s, size_t n)
{
	return KEY_IS(s, n, "kernel_id") ? RK_KERNEL_ID :
	       KEY_IS(s, n, "kernel_name") ? RK_KNAME :
	       KEY_IS(s, n, "formatted_kernel_name") ? RK_FNAME :
	       KEY_IS(s, n, "sgpr_count") ? RK_SGPR :
	       KEY_IS(s, n, "arch_vgpr_count") ? RK_VGPR :
	       KEY_IS(s, n, "accum_vgpr_count") ? RK_AGPR :
	       KEY_IS(s, n, "group_segment_size") ? RK_LDS : RK_NONE;
}

static rkey
dinfo_key(const unsigned char *s, size_t n)
{
	return KEY_IS(s, n, "agent_id") ? RK_AGENT_ID : KEY_IS(s, n, "kernel_id") ? RK_KERNEL_ID :
	       KEY_IS(s, n, "workgroup_size") ? RK_WG : KEY_IS(s, n, "grid_size") ? RK_GRID :
	       KEY_IS(s, n, "group_segment_size") ? RK_LDS : RK_NONE;
}

static rkey
r_classify(rwhere w, const unsigned char *s, size_t n)
{
	switch (w) {
	case R_ROOT:
		return KEY_IS(s, n, "rocprofiler-sdk-tool") ? RK_TOOL : RK_NONE;
	case R_TOOL:
		return KEY_IS(s, n, "agents") ? RK_AGENTS : KEY_IS(s, n, "kernel_symbols") ?
		       RK_SYMS : KEY_IS(s, n, "buffer_records") ? RK_BUFS : RK_NONE;
	case R_AGENT:
		return agent_key(s, n);
	case R_SYM:
		return sym_key(s, n);
	case R_BUFS:
		return KEY_IS(s, n, "kernel_dispatch") ? RK_DISPATCH : RK_NONE;
	case R_DISP:
		return KEY_IS(s, n, "start_timestamp") ? RK_START : KEY_IS(s, n, "end_timestamp") ?
		       RK_END : KEY_IS(s, n, "dispatch_info") ? RK_DINFO : RK_NONE;
	case R_DINFO:
		return dinfo_key(s, n);
	case R_HANDLE:
		return KEY_IS(s, n, "handle") ? RK_HANDLE : RK_NONE;
	case R_XYZ:
		return n == 1 && s[0] >= 'x' && s[0] <= 'z' ? (rkey)(RK_X + (s[0] - 'x')) : RK_NONE;
	default:
		return RK_NONE;
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
	case R_ROOT:
		return !is_map && pk == RK_TOOL ? R_TOOLS : R_NONE;
	case R_TOOLS:
		return is_map ? R_TOOL : R_NONE;
	case R_TOOL:
		if (is_map)
			return pk == RK_BUFS ? R_BUFS : R_NONE;
		return pk == RK_AGENTS ? R_AGENTS : pk == RK_SYMS ? R_SYMS : R_NONE;
	case R_AGENTS:
		return is_map ? R_AGENT : R_NONE;
	case R_AGENT:
		return is_map && pk == RK_ID ? R_HANDLE : R_NONE;
	case R_SYMS:
		return is_map ? R_SYM : R_NONE;
	case R_BUFS:
		return !is_map && pk == RK_DISPATCH ? R_DISPS : R_NONE;
	case R_DISPS:
		return is_map ? R_DISP : R_NONE;
	case R_DISP:
		return is_map && pk == RK_DINFO ? R_DINFO : R_NONE;
	case R_DINFO:
		if (!is_map)
			return R_NONE;
		return pk == RK_AGENT_ID ? R_HANDLE : (pk == RK_WG || pk == RK_GRID) ? R_XYZ : R_NONE;
	default:
		return R_NONE;
	}
}

static void
r_enter(rctx *r, rwhere w)
{
	rkey pk = r->depth > 1 ? r->key[r->depth - 2] : RK_NONE;

	switch (w) {
	case R_TOOLS:
		r->saw_tool = 1;
		break;
	case R_AGENT:
		memset(&r->agent, 0, sizeof r->agent);
		break;
	case R_SYM:
		memset(&r->sym, 0, sizeof r->sym);
		r->fname[0] = r->kname[0] = 0;
		break;
	case R_DISP:
		memset(&r->disp, 0, sizeof r->disp);
		r->disp.kernel_id = -1;
		break;
	case R_XYZ:
		r->xyz = pk == RK_WG ? r->disp.wg : r->disp.grid;
		break;
	default:
		break;
	}
}

static int
sym_done(rctx *r)
{
	const char *name = r->fname[0] ? r->fname : r->kname;
	size_t n = strlen(name);
	rp_sym *s;

	if (!r->fname[0] && n > 3 && strcmp(name + n - 3, ".kd") == 0)
		n -= 3;
	if (r->nsyms == r->cap_syms) {
		size_t cap = r->cap_syms ? r->cap_syms * 2 : 256;
		s = realloc(r->syms, cap * sizeof *s);
		if (!s)
			return gs_jstream_fail(&r->js, "out of memory");
		r->syms = s;
		r->cap_syms = cap;
	}
	r->sym.name = gs_trace_strs_intern(&r->agg.names, name, n);
	if (r->sym.name < 0)
		return gs_jstream_fail(&r->js, "out of memory");
	r->syms[r->nsyms++] = r->sym;
	return 1;
}

static int
disp_done(rctx *r)
{
	if (r->ndisps == r->cap_disps) {
		size_t cap = r->cap_disps ? r->cap_disps * 2 : 1024;
		rp_disp *d = realloc(r->disps, cap * sizeof *d);
		if (!d)
			return gs_jstream_fail(&r->js, "out of memory");
		r->disps = d;
		r->cap_disps = cap;
	}
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
	case R_SYM:
		return sym_done(r);
	case R_DISP:
		return disp_done(r);
	default:
		return 1;
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
		r->agent.cus = (int)v;
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
	NULL, NULL, NULL, NULL, r_number, r_string,
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
	return gs_table_set_gpu(r->agg.t, a->product[0] ? a->product : a->name, a->cus);
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
		set_geometry(&l, d->grid, d->wg);
		l.vgpr = s->vgpr;
		l.agpr = s->agpr;
		l.sgpr = s->sgpr;
		l.lds_bytes = d->lds > 0 ? d->lds : s->lds;
		if (kagg_add_id(&r->agg, s->name, d->start, d->end, &l, d->line, err) != 0)
			return -1;
	}
	if (json_set_gpu(r) != 0)
		return oom(t, err);
	return t->n ? 0 : no_dispatches(t, err);
}

int
gs_rocprof_json_read(gs_input *in, const gs_ingest_opts *opts, gs_table *t,
                     gs_error *err)
{
	rctx *r = calloc(1, sizeof *r);
	int rc;

	if (!r || !(r->fname = calloc(1, 1)) || !(r->kname = calloc(1, 1))) {
		if (r)
			free(r->fname);
		free(r);
		return oom(t, err);
	}
	r->agg.t = t;
	rc = gs_table_set_format(t, "rocprofv3-json") != 0 ? oom(t, err) :
	     gs_jstream_run(&r->js, in, &rcallbacks, r, opts && opts->progress, err);
	if (rc == 0 && !r->saw_tool)
		rc = gs_error_set_offset(err, in->path, 0, "not rocprofv3 JSON: no "
		                         "rocprofiler-sdk-tool array");
	if (rc == 0)
		rc = json_emit(r, err);
	kagg_free(&r->agg);
	free(r->syms);
	free(r->disps);
	free(r->fname);
	free(r->kname);
	free(r);
	return rc;
}

/* ---- rocpd SQLite ---------------------------------------------------- */

static const char *const rocpd_queries[] = {
	/* the unsuffixed views over the per-run tables (schema 3.x and 4.x) */
	"SELECT COALESCE(NULLIF(S.display_name, ''), S.kernel_name), K.start, K.end, "
	"K.workgroup_size_x, K.workgroup_size_y, K.workgroup_size_z, "
	"K.grid_size_x, K.grid_size_y, K.grid_size_z, "
	"MAX(COALESCE(K.group_segment_size, 0), COALESCE(S.group_segment_size, 0)), "
	"S.arch_vgpr_count, S.accum_vgpr_count, S.sgpr_count, K.agent_id "
	"FROM rocpd_kernel_dispatch K JOIN rocpd_info_kernel_symbol S "
	"ON S.id = K.kernel_id AND S.guid = K.guid ORDER BY K.start, K.id",
	/* the documented kernels view */
	"SELECT name, start, end, workgroup_x, workgroup_y, workgroup_z, "
	"grid_x, grid_y, grid_z, MAX(COALESCE(lds_size, 0), COALESCE(static_lds_size, 0)), "
	"vgpr_count, accum_vgpr_count, sgpr_count, NULL FROM kernels ORDER BY start, id",
};

static int
rocpd_fail(sqlite3 *db, const char *path, const char *what, gs_error *err)
{
	const char *msg = sqlite3_errmsg(db);

	if (strstr(msg, "lz4_decompress"))
		return gs_error_set(err, path, 0, 0, "rocpd database with LZ4-compressed "
		                    "data: convert it with rocpd first (%s)", msg);
	return gs_error_set(err, path, 0, 0, "%s: %s", what, msg);
}

static int
rocpd_row(kagg *a, sqlite3_stmt *st, long line, gs_error *err)
{
	const unsigned char *name = sqlite3_column_text(st, 0);
	long long grid[3], wg[3];
	gs_launch l;

	if (!name)
		return gs_table_exclude(a->t, line, "", "dispatch without a kernel name") == 0 ?
		       0 : oom(a->t, err);
	for (int i = 0; i < 3; i++) {
		wg[i] = sqlite3_column_int64(st, 3 + i);
		grid[i] = sqlite3_column_int64(st, 6 + i);
	}
	memset(&l, 0, sizeof l);
	set_geometry(&l, grid, wg);
	l.lds_bytes = (long)sqlite3_column_int64(st, 9);
	l.vgpr = sqlite3_column_int(st, 10);
	l.agpr = sqlite3_column_int(st, 11);
	l.sgpr = sqlite3_column_int(st, 12);
	return kagg_add(a, (const char *)name, sqlite3_column_int64(st, 1),
	                sqlite3_column_int64(st, 2), &l, line, err);
}

static int
rocpd_rows(kagg *a, sqlite3 *db, const char *path, long long *agent, gs_error *err)
{
	sqlite3_stmt *st = NULL;
	long line = 0;
	int rc;

	for (size_t q = 0; q < sizeof rocpd_queries / sizeof *rocpd_queries && !st; q++)
		if (sqlite3_prepare_v2(db, rocpd_queries[q], -1, &st, NULL) != SQLITE_OK)
			st = NULL;
	if (!st) {
		sqlite3_stmt *rpd = NULL;
		int is_rpd = sqlite3_prepare_v2(db, "SELECT 1 FROM rocpd_op LIMIT 1", -1,
		                                &rpd, NULL) == SQLITE_OK;
		sqlite3_finalize(rpd);
		if (is_rpd)
			return gs_error_set(err, path, 0, 0, "a rocmProfileData (rpd) database, "
			                    "not rocprofv3's rocpd: not supported");
		return rocpd_fail(db, path, "not a rocpd database (no kernel dispatch table)", err);
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (++line == 1 && sqlite3_column_type(st, 13) != SQLITE_NULL)
			*agent = sqlite3_column_int64(st, 13);
		if (rocpd_row(a, st, line, err) != 0)
			break;
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return -1;
	return rc == SQLITE_DONE ? 0 : rocpd_fail(db, path, "reading kernel dispatches", err);
}

static int
rocpd_gpu(gs_table *t, sqlite3 *db, long long agent)
{
	static const char *const q[] = {
		"SELECT COALESCE(NULLIF(product_name, ''), name), "
		"json_extract(extdata, '$.cu_count') FROM rocpd_info_agent "
		"WHERE type = 'GPU' ORDER BY (id = ?1) DESC, id LIMIT 1",
		"SELECT COALESCE(NULLIF(product_name, ''), name), 0 FROM rocpd_info_agent "
		"WHERE type = 'GPU' ORDER BY (id = ?1) DESC, id LIMIT 1",
	};
	sqlite3_stmt *st = NULL;
	int rc = 0;

	for (size_t i = 0; i < sizeof q / sizeof *q && !st; i++)
		if (sqlite3_prepare_v2(db, q[i], -1, &st, NULL) != SQLITE_OK)
			st = NULL;
	if (!st)
		return 0;       /* no agent table: the GPU stays unnamed */
	sqlite3_bind_int64(st, 1, agent);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
		rc = gs_table_set_gpu(t, (const char *)sqlite3_column_text(st, 0),
		                      sqlite3_column_int(st, 1));
	sqlite3_finalize(st);
	return rc;
}

int
gs_rocpd_read(const char *path, const gs_ingest_opts *opts, gs_table *t,
              gs_error *err)
{
	sqlite3 *db = NULL;
	kagg a;
	long long agent = -1;
	int rc;

	(void)opts;
	memset(&a, 0, sizeof a);
	a.t = t;
	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		rc = gs_error_set(err, path, 0, 0, "cannot open as SQLite: %s",
		                  db ? sqlite3_errmsg(db) : "out of memory");
		sqlite3_close(db);
		return rc;
	}
	rc = gs_table_set_format(t, "rocpd") != 0 ? oom(t, err) :
	     rocpd_rows(&a, db, path, &agent, err);
	if (rc == 0 && rocpd_gpu(t, db, agent) != 0)
		rc = oom(t, err);
	if (rc == 0 && t->n == 0)
		rc = no_dispatches(t, err);
	sqlite3_close(db);
	kagg_free(&a);
	return rc;
}
