/* ncu.c: Nsight Compute CSV (ncu.h) into a per-kernel table, through the
 * per-kernel records the rocprof readers share (rocprof_impl.h). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ingest/csv_value.h"
#include "ingest/csvrows.h"
#include "ingest/lines.h"
#include "ingest/ncu.h"
#include "ingest/rocprof_impl.h"

enum { C_ID, C_NAME, C_BLOCK, C_GRID, C_CC, C_METRIC, C_UNIT, C_VALUE, C__N };

static const char *const col_name[C__N] = {
        [C_ID] = "ID",
        [C_NAME] = "Kernel Name",
        [C_BLOCK] = "Block Size",
        [C_GRID] = "Grid Size",
        [C_CC] = "CC",
        [C_METRIC] = "Metric Name",
        [C_UNIT] = "Metric Unit",
        [C_VALUE] = "Metric Value",
};

/* The metrics read, by label and by name. */
enum { M_DURATION, M_REGS, M_SMEM_STATIC, M_SMEM_DYNAMIC, M_BLOCK, M_GRID, M__N };

static const char *const metric_name[M__N][2] = {
        [M_DURATION] = {"Duration", "gpu__time_duration.sum"},
        [M_REGS] = {"Registers Per Thread", "launch__registers_per_thread"},
        [M_SMEM_STATIC] = {"Static Shared Memory Per Block", "launch__shared_mem_per_block_static"},
        [M_SMEM_DYNAMIC] = {"Dynamic Shared Memory Per Block",
                            "launch__shared_mem_per_block_dynamic"},
        [M_BLOCK] = {"Block Size", "launch__block_size"},
        [M_GRID] = {"Grid Size", "launch__grid_size"},
};

typedef struct ncuctx {
	gs_rocprof_kagg agg;
	long lines0; /* lines before the header */
	int col[C__N];
	size_t ncols; /* 0 before the header */
	int cb_failed; /* the row callback set the error */
	/* the launch being read */
	char id[64];
	char *name; /* owned */
	long line;
	double m[M__N]; /* µs, count, bytes, threads, blocks; NAN if not given */
	long long block, grid; /* from the Block/Grid Size columns, 0 if none */
} ncuctx;

/* 1 if S[0..N) is ncu's CSV header. */
static int
ncu_header(const char *s, size_t n)
{
	char line[2048];

	snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), s);
	return (strncmp(line, "\"ID\",\"Process ID\"", 17) == 0 ||
	        strncmp(line, "ID,Process ID", 13) == 0) &&
	       strstr(line, "Metric Name") && strstr(line, "Metric Value");
}

long
gs_ncu_sniff(const unsigned char *head, size_t len)
{
	return gs_head_find_line(head, len, ncu_header);
}

/* A number cell, thousands separators dropped.  -1 if not a number. */
static int
number(const char *s, double *v)
{
	char buf[64];
	size_t n = 0;

	for (; *s && n < sizeof buf - 1; s++)
		if (*s != ',')
			buf[n++] = *s;
	buf[n] = 0;
	return *s ? -1 : gs_csv_number(buf, v);
}

/* Microseconds per UNIT of a duration; 0 if it is not a time unit. */
static double
time_scale(const char *unit)
{
	static const struct {
		const char *a, *b;
		double us;
	} u[] = {{"nsecond", "ns", 1e-3},
	         {"usecond", "us", 1},
	         {"msecond", "ms", 1e3},
	         {"second", "s", 1e6}};

	for (size_t i = 0; i < sizeof u / sizeof *u; i++)
		if (strcmp(unit, u[i].a) == 0 || strcmp(unit, u[i].b) == 0)
			return u[i].us;
	return 0;
}

/* Bytes per UNIT of a size ("Kbyte/block"), SI as ncu scales; 0 if
 * unknown. */
static double
byte_scale(const char *unit)
{
	static const struct {
		const char *a, *b;
		double bytes;
	} u[] = {{"byte", "B", 1}, {"Kbyte", "KB", 1e3}, {"Mbyte", "MB", 1e6}};
	size_t n = strcspn(unit, "/");

	for (size_t i = 0; i < sizeof u / sizeof *u; i++)
		if ((strlen(u[i].a) == n && strncmp(unit, u[i].a, n) == 0) ||
		    (strlen(u[i].b) == n && strncmp(unit, u[i].b, n) == 0))
			return u[i].bytes;
	return 0;
}

/* "(256,1,1)": the product of the dimensions, 0 if S is not one. */
static long long
dims(const char *s)
{
	long long v[3];

	if (sscanf(s, "(%lld,%lld,%lld)", &v[0], &v[1], &v[2]) != 3 || v[0] < 1 || v[1] < 1 ||
	    v[2] < 1 || v[0] > 1 << 20 || v[1] > 1 << 20 || v[2] > 1 << 20)
		return 0;
	return v[0] * v[1] * v[2];
}

static int
oom(ncuctx *c, gs_error *err)
{
	c->cb_failed = 1;
	return gs_rocprof_oom(c->agg.t, err);
}

static int
fail(ncuctx *c, gs_error *err)
{
	(void)err;
	c->cb_failed = 1;
	return -1;
}

/* The launch read so far into the table: a sample of its kernel, or an
 * exclusion when it has no Duration. */
static int
launch_done(ncuctx *c, gs_error *err)
{
	double *m = c->m;
	long long ns;
	gs_launch l;

	if (!c->name)
		return 0;
	if (isnan(m[M_DURATION]))
		return gs_table_exclude(c->agg.t, c->line, c->name,
		                        "no Duration (gpu__time_duration.sum) metric") == 0
		               ? 0
		               : oom(c, err);
	ns = llround(m[M_DURATION] * 1e3);
	memset(&l, 0, sizeof l);
	l.workgroups = !isnan(m[M_GRID]) ? (long)m[M_GRID] : (long)c->grid;
	l.wg_size = !isnan(m[M_BLOCK]) ? (int)m[M_BLOCK] : (int)c->block;
	l.regs_per_thread = !isnan(m[M_REGS]) ? (int)m[M_REGS] : 0;
	l.lds_bytes = (long)((isnan(m[M_SMEM_STATIC]) ? 0 : m[M_SMEM_STATIC]) +
	                     (isnan(m[M_SMEM_DYNAMIC]) ? 0 : m[M_SMEM_DYNAMIC]));
	if (gs_rocprof_kagg_add(&c->agg, c->name, 0, ns, &l, c->line, err) != 0)
		return fail(c, err);
	return 0;
}

/* Start the launch of ROW (its ID, kernel name, launch columns). */
static int
launch_start(ncuctx *c, long line, const char *const *f, gs_error *err)
{
	free(c->name);
	c->name = strdup(f[c->col[C_NAME]]);
	if (!c->name)
		return oom(c, err);
	snprintf(c->id, sizeof c->id, "%s", f[c->col[C_ID]]);
	c->line = line;
	for (int i = 0; i < M__N; i++)
		c->m[i] = NAN;
	c->block = c->col[C_BLOCK] >= 0 ? dims(f[c->col[C_BLOCK]]) : 0;
	c->grid = c->col[C_GRID] >= 0 ? dims(f[c->col[C_GRID]]) : 0;
	if (c->col[C_CC] >= 0 && f[c->col[C_CC]][0] &&
	    gs_table_set_env(c->agg.t, GS_ENV_CC, f[c->col[C_CC]], NAN) != 0)
		return oom(c, err);
	return 0;
}

/* One metric row of the current launch. */
static int
metric(ncuctx *c, long line, const char *const *f, gs_error *err)
{
	const char *name = f[c->col[C_METRIC]],
	           *unit = c->col[C_UNIT] >= 0 ? f[c->col[C_UNIT]] : "";
	int k = -1;
	double v, scale = 1;

	for (int i = 0; i < M__N && k < 0; i++)
		if (strcmp(name, metric_name[i][0]) == 0 || strcmp(name, metric_name[i][1]) == 0)
			k = i;
	if (k < 0 || number(f[c->col[C_VALUE]], &v) != 0)
		return 0; /* another metric, or "n/a" */
	if (k == M_DURATION && !(scale = time_scale(unit)))
		return gs_error_set(err, c->agg.t->path, line, c->col[C_UNIT] + 1,
		                    "Duration in an unknown unit '%.40s'", unit),
		       fail(c, err);
	if (k == M_DURATION && !(v >= 0 && v * scale <= GS_TIME_MAX_US))
		return gs_error_set(err, c->agg.t->path, line, c->col[C_VALUE] + 1,
		                    "Duration '%.40s' %s is %s", f[c->col[C_VALUE]], unit,
		                    v < 0 ? "negative"
		                          : "above 1e12 us, the longest time accepted"),
		       fail(c, err);
	if ((k == M_SMEM_STATIC || k == M_SMEM_DYNAMIC) && !(scale = byte_scale(unit)))
		return 0; /* a size in a unit not known: not used */
	if (!(v >= 0 && v * scale < 1e15))
		return 0;
	c->m[k] = v * scale;
	return 0;
}

static int
header(ncuctx *c, long line, const char *const *f, size_t n, gs_error *err)
{
	for (int k = 0; k < C__N; k++) {
		c->col[k] = -1;
		for (size_t i = 0; i < n && c->col[k] < 0; i++)
			if (strcmp(f[i], col_name[k]) == 0)
				c->col[k] = (int)i;
	}
	for (int k = 0; k < C__N; k++)
		if (c->col[k] < 0 && (k == C_ID || k == C_NAME || k == C_METRIC || k == C_VALUE))
			return gs_error_set(err, c->agg.t->path, line, 0,
			                    "Nsight Compute CSV header without a '%s' column",
			                    col_name[k]),
			       fail(c, err);
	c->ncols = n;
	return 0;
}

static int
row(void *ctx, long line, const char *const *f, const size_t *len, size_t n, gs_error *err)
{
	ncuctx *c = ctx;

	(void)len;
	line += c->lines0;
	if (!c->ncols)
		return header(c, line, f, n, err);
	if (n != c->ncols) {
		if (strncmp(f[0], "==", 2) == 0) /* ==PROF==, ==WARNING== */
			return c->agg.t->skipped++, 0;
		return gs_error_set(err, c->agg.t->path, line,
		                    (long)(n < c->ncols ? n : c->ncols) + 1,
		                    "row has %zu fields but the header has %zu", n, c->ncols),
		       fail(c, err);
	}
	if (!c->name || strcmp(c->id, f[c->col[C_ID]]) != 0) {
		if (launch_done(c, err) != 0 || launch_start(c, line, f, err) != 0)
			return -1;
	}
	return metric(c, line, f, err);
}

/* The kernels' classes and times into the table (rocprof_impl.h: GEMM
 * kernels are the records, every kernel is in t->kmix).  kagg's errors
 * (no launch with a Duration, no GEMM kernel) speak of a rocprofv3
 * output: this is an Nsight Compute CSV. */
static int
finish(ncuctx *c, gs_error *err)
{
	static const char said[] = "this rocprofv3 output";
	char msg[sizeof err->msg];
	char *at;

	if (gs_rocprof_kagg_finish(&c->agg, err) == 0)
		return 0;
	if ((at = strstr(err->msg, said))) {
		snprintf(msg, sizeof msg, "%.*sthis Nsight Compute CSV%s", (int)(at - err->msg),
		         err->msg, at + sizeof said - 1);
		snprintf(err->msg, sizeof err->msg, "%s", msg);
	}
	return -1;
}

int
gs_ncu_read(gs_input *in, const gs_ingest_opts *opts, gs_table *t, gs_error *err)
{
	long off = gs_ncu_sniff(in->head, in->head_len);
	ncuctx c;
	int rc;

	(void)opts;
	memset(&c, 0, sizeof c);
	c.agg.t = t;
	c.agg.offset = -1;
	for (long i = 0; i < off; i++)
		c.lines0 += in->head[i] == '\n';
	if (off < 0 || gs_input_skip_head(in, (size_t)off) != 0)
		return gs_error_set(err, in->path, 1, 0, "no Nsight Compute CSV header");
	rc = gs_table_set_format(t, "ncu-csv") != 0 ? gs_rocprof_oom(t, err)
	                                            : gs_csv_rows(in, row, &c, err);
	if (rc != 0 && !c.cb_failed && err->line > 0)
		err->line += c.lines0; /* the row reader counts from the header */
	if (rc == 0 && launch_done(&c, err) != 0)
		rc = -1;
	if (rc == 0)
		rc = finish(&c, err);
	free(c.name);
	gs_rocprof_kagg_free(&c.agg);
	return rc;
}
