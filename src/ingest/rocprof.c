/* rocprof.c: rocprofv3 kernel traces as per-kernel tables (rocprof.h):
 * the per-kernel records the three readers share (rocprof_impl.h), format
 * sniffing and kernel_trace.csv.  The JSON reader is rocprof_json.c, the
 * rocpd SQLite reader rocpd.c. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ingest/csvrows.h"
#include "model/gpu.h"
#include "ingest/rocprof.h"
#include "ingest/rocprof_impl.h"
#include "util/grow.h"

/* ---- per-kernel records, shared by the three readers ----------------- */

int
gs_rocprof_oom(const gs_table *t, gs_error *err)
{
	return gs_error_set(err, t->path, 0, 0, "out of memory");
}

/* Room for name id ID in A's per-name arrays; -1 on out of memory. */
static int
slot_room(gs_rocprof_kagg *a, int id)
{
	size_t cap = a->nrec, cap2;

	if ((size_t)id < a->nrec)
		return 0;
	if (GS_GROW(a->rec, cap, (size_t)id + 1, GS_ROCPROF_MAX_KERNELS) != 0)
		return -1;
	memset(a->rec + a->nrec, 0, (cap - a->nrec) * sizeof *a->rec);
	cap2 = a->nrec;
	if (GS_GROW(a->mixk, cap2, cap, GS_ROCPROF_MAX_KERNELS) != 0)
		return -1;
	memset(a->mixk + a->nrec, 0, (cap - a->nrec) * sizeof *a->mixk);
	a->nrec = cap;
	return 0;
}

/* The index in A->mix of kernel name id ID, classified and added when
 * new; -1 with ERR (out of memory, or the parser could not be made). */
static long
mix_kernel(gs_rocprof_kagg *a, int id, gs_error *err)
{
	const char *name;
	long k;

	if (a->mixk[id])
		return a->mixk[id] - 1;
	if (!a->mix && !(a->mix = calloc(1, sizeof *a->mix)))
		return gs_rocprof_oom(a->t, err);
	if (!a->kp && !(a->kp = gs_kparser_new(err)))
		return -1;
	name = gs_table_intern(a->t, a->names.s[id]);
	k = name ? gs_kmix_add_kernel(a->mix, name, gs_kernel_class(a->kp, name, NULL)) : -1;
	if (k < 0)
		return gs_rocprof_oom(a->t, err);
	a->mixk[id] = k + 1;
	return k;
}

/* The record of GEMM kernel name id ID (in A->names), created if new. */
static gs_record *
kernel_record(gs_rocprof_kagg *a, int id, const gs_launch *l, long line, gs_error *err)
{
	const char *name = a->names.s[id];
	gs_shape key;
	gs_record *r;

	if (a->rec[id])
		return &a->t->rec[a->rec[id] - 1];
	gs_shape_init(&key);
	key.op = "kernel";
	key.M = key.N = key.K = 1;
	key.name = gs_table_intern(a->t, name);
	r = key.name ? gs_table_get(a->t, &key, line, err) : NULL;
	if (!r || gs_table_set_kernel(a->t, r, name) != 0)
		return gs_rocprof_oom(a->t, err), NULL;
	gs_launch *to = gs_record_launch(r);
	if (!to)
		return gs_rocprof_oom(a->t, err), NULL;
	*to = *l;
	a->rec[id] = (size_t)(r - a->t->rec) + 1;
	return r;
}

/* ERR for a dispatch whose timestamps give no duration: END before START,
 * or END - START beyond int64 or GS_TIME_MAX_US (issue 11, items 2, 12).  At A->offset (JSON)
 * when it is >= 0, else at row LINE. */
static int
bad_span(const gs_rocprof_kagg *a, long line, long long start, long long end, gs_error *err)
{
	long long ns;
	const char *why = end < start ? "ends before it starts"
	                  : __builtin_sub_overflow(end, start, &ns)
	                          ? "lasts longer than int64 ns can hold"
	                          : "lasts longer than 1e12 us, the longest time accepted";

	if (a->offset >= 0)
		return gs_error_set_offset(err, a->t->path, a->offset,
		                           "kernel dispatch %s "
		                           "(start %lld ns, end %lld ns)",
		                           why, start, end);
	return gs_error_set(err, a->t->path, line, 0,
	                    "kernel dispatch %s (start %lld ns, "
	                    "end %lld ns)",
	                    why, start, end);
}

/* One dispatch of kernel name id ID lasting END - START ns. */
int
gs_rocprof_kagg_add_id(gs_rocprof_kagg *a, int id, long long start, long long end,
                       const gs_launch *l, long line, gs_error *err)
{
	gs_record *r;
	long long ns;
	long k;

	if (end < start || __builtin_sub_overflow(end, start, &ns) ||
	    (double)ns / 1000.0 > GS_TIME_MAX_US)
		return bad_span(a, line, start, end, err);
	if (ns == 0) {
		a->t->skipped++;
		return 0;
	}
	if (slot_room(a, id) != 0)
		return gs_rocprof_oom(a->t, err);
	if ((k = mix_kernel(a, id, err)) < 0)
		return -1;
	gs_kmix_add_ns(a->mix, (size_t)k, (double)ns);
	if (a->mix->k[k].cls != GS_KC_GEMM)
		return 0;
	r = kernel_record(a, id, l, line, err);
	if (!r)
		return -1;
	if (gs_record_add_sample(r, (double)ns / 1000.0) != 0)
		return gs_rocprof_oom(a->t, err);
	return 0;
}

/* One dispatch of kernel NAME. */
int
gs_rocprof_kagg_add(gs_rocprof_kagg *a, const char *name, long long start, long long end,
                    const gs_launch *l, long line, gs_error *err)
{
	int id = gs_trace_strs_intern(&a->names, name, strlen(name));

	if (id < 0)
		return gs_rocprof_oom(a->t, err);
	return gs_rocprof_kagg_add_id(a, id, start, end, l, line, err);
}

void
gs_rocprof_kagg_free(gs_rocprof_kagg *a)
{
	for (size_t i = 0; i < a->names.n; i++)
		free(a->names.s[i]);
	free(a->names.s);
	free(a->names.slot);
	free(a->rec);
	free(a->mixk);
	gs_kmix_free(a->mix);
	free(a->mix);
	gs_kparser_free(a->kp);
}

static long long
prod3(const long long v[3])
{
	return (v[0] > 0 ? v[0] : 1) * (v[1] > 0 ? v[1] : 1) * (v[2] > 0 ? v[2] : 1);
}

/* Launch geometry from grid (work-items) and workgroup sizes. */
void
gs_rocprof_set_geometry(gs_launch *l, const long long grid[3], const long long wg[3])
{
	long long n = 1;

	for (int i = 0; i < 3; i++)
		n *= wg[i] > 0 ? (grid[i] + wg[i] - 1) / wg[i] : 1;
	l->workgroups = n;
	l->wg_size = (int)prod3(wg);
}

/* ERR for an output whose dispatches hold no GEMM kernel: the largest
 * classes and kernels of M, so the user sees what the profile holds. */
static int
no_gemm(const gs_table *t, const gs_kmix *m, gs_error *err)
{
	char lab[GS_KERNEL_LABEL_MAX + 1], cls[160] = "";
	size_t n = 0;

	for (int c = 0; c < GS_KC_COUNT && n + 1 < sizeof cls; c++)
		if (m->class_kernels[c])
			n += (size_t)snprintf(cls + n, sizeof cls - n, "%s%s %.1f %%",
			                      n ? ", " : "", gs_kclass_name((gs_kclass)c),
			                      100 * gs_kmix_share(m, (gs_kclass)c));
	return gs_error_set(err, t->path, 0, 0,
	                    "no GEMM kernel among the %zu kernel%s this rocprofv3 output "
	                    "dispatched (%ld dispatches, %.1f us: %s; the longest %s)",
	                    m->n, m->n == 1 ? "" : "s", m->calls, m->total_us, cls,
	                    gs_kernel_label(m->k[0].name, lab, sizeof lab));
}

int
gs_rocprof_kagg_finish(gs_rocprof_kagg *a, gs_error *err)
{
	gs_table *t = a->t;

	if (!a->mix || a->mix->n == 0)
		return gs_error_set(err, t->path, 0, 0,
		                    "no kernel dispatches with a positive "
		                    "duration in this rocprofv3 output");
	gs_kmix_finish(a->mix);
	gs_kmix_free(t->kmix);
	free(t->kmix);
	t->kmix = a->mix;
	a->mix = NULL;
	return t->n ? 0 : no_gemm(t, t->kmix, err);
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
	C_NAME,
	C_START,
	C_END,
	C_WGX,
	C_WGY,
	C_WGZ,
	C_GX,
	C_GY,
	C_GZ,
	C_LDS,
	C_VGPR,
	C_AGPR,
	C_SGPR,
	C__N
};

static const char *const csv_cols[C__N][2] = {
        [C_NAME] = {"Kernel_Name", NULL},
        [C_START] = {"Start_Timestamp", NULL},
        [C_END] = {"End_Timestamp", NULL},
        [C_WGX] = {"Workgroup_Size_X", NULL},
        [C_WGY] = {"Workgroup_Size_Y", NULL},
        [C_WGZ] = {"Workgroup_Size_Z", NULL},
        [C_GX] = {"Grid_Size_X", NULL},
        [C_GY] = {"Grid_Size_Y", NULL},
        [C_GZ] = {"Grid_Size_Z", NULL},
        [C_LDS] = {"LDS_Block_Size", "Group_Segment_Size"},
        [C_VGPR] = {"VGPR_Count", "Arch_VGPR_Count"},
        [C_AGPR] = {"Accum_VGPR_Count", NULL},
        [C_SGPR] = {"SGPR_Count", NULL},
};

typedef struct csvctx {
	gs_rocprof_kagg agg;
	int col[C__N]; /* field index per column, -1 if absent */
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
			return gs_error_set(err, c->agg.t->path, line, 0,
			                    "not a rocprofv3 "
			                    "kernel trace: no %s column",
			                    csv_cols[k][0]);
	c->header_done = 1;
	return 0;
}

/* Field K as an integer into *V; absent columns give DEF.  -1 if bad. */
static int
csv_int(const csvctx *c, int k, const char *const *f, size_t n, long long def, long long *v)
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
csv_row(void *ctx, long line, const char *const *f, const size_t *len, size_t n, gs_error *err)
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
			return gs_table_exclude(c->agg.t, line, what, reason) == 0
			               ? 0
			               : gs_rocprof_oom(c->agg.t, err);
		}
	}
	memset(&l, 0, sizeof l);
	gs_rocprof_set_geometry(&l, &v[C_GX], &v[C_WGX]);
	l.vgpr = (int)v[C_VGPR];
	l.agpr = (int)v[C_AGPR];
	l.sgpr = (int)v[C_SGPR];
	l.lds_bytes = (long)v[C_LDS];
	if ((size_t)c->col[C_NAME] >= n)
		return gs_error_set(err, c->agg.t->path, line, 0, "row has no Kernel_Name field");
	return gs_rocprof_kagg_add(&c->agg, f[c->col[C_NAME]], v[C_START], v[C_END], &l, line, err);
}

int
gs_rocprof_csv_read(gs_input *in, const gs_ingest_opts *opts, gs_table *t, gs_error *err)
{
	csvctx c;
	int rc;

	(void)opts;
	memset(&c, 0, sizeof c);
	c.agg.t = t;
	c.agg.offset = -1;
	rc = gs_table_set_format(t, "rocprofv3-csv") != 0 ? gs_rocprof_oom(t, err)
	                                                  : gs_csv_rows(in, csv_row, &c, err);
	if (rc == 0)
		rc = gs_rocprof_kagg_finish(&c.agg, err);
	gs_rocprof_kagg_free(&c.agg);
	return rc;
}

const char *
gs_agent_gpu_name(const char *product, const char *name)
{
	int has_p = product && *product, has_n = name && *name;

	if (has_p && has_n && !gs_gpu_find(product) && gs_gpu_find(name))
		return name;
	return has_p ? product : has_n ? name : NULL;
}

int
gs_agent_set(gs_table *t, const char *product, const char *name, int cus, double sclk_mhz)
{
	const char *gpu = gs_agent_gpu_name(product, name);
	char buf[32];
	int rc = 0;

	if (!gpu)
		return 0;
	rc |= gs_table_set_gpu(t, gpu, cus);
	rc |= gs_table_set_env(t, GS_ENV_DEVICE, product, NAN);
	rc |= gs_table_set_env(t, GS_ENV_ARCH, name, NAN);
	if (cus > 0) {
		snprintf(buf, sizeof buf, "%d", cus);
		rc |= gs_table_set_env(t, GS_ENV_CUS, buf, cus);
	}
	if (sclk_mhz > 0 && sclk_mhz < 1e6) {
		snprintf(buf, sizeof buf, "%.0f MHz", sclk_mhz);
		rc |= gs_table_set_env(t, GS_ENV_SCLK, buf, sclk_mhz);
	}
	return rc ? -1 : 0;
}
