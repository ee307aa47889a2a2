/* csv_bench.c: hipblaslt-bench and rocblas-bench console output
 * (reference/formats.md §1.2, §1.3).
 *
 * A log, not a table: each result is a header line ("[0]:transA,..." for
 * hipblaslt-bench) and a value line, hipblaslt-bench may follow it with
 * "--Solution name:" / "--kernel name:" lines, and everything else (device
 * banner, "Is supported ...", "Skip solution ...") is skipped and counted in
 * t->skipped.  With several solutions per problem (--algo_method all)
 * hipblaslt-bench ends the problem with a "Winner:" block repeating the
 * best one: the winner then stands for the problem and the candidate rows
 * before it are skipped, so a shape's time is its best solution's, not a
 * median over different kernels.  Results wait in r->pend until the next
 * problem starts, so a Winner block can still replace them.  A
 * hipblaslt-bench result's "--Solution index:" goes to the table's extra
 * numeric column "solution_index" (the number `hipblaslt-bench
 * --solution_index` re-runs; a compare lists it per shape beside the
 * other extra columns), its "--kernel name:" (else "--Solution name:")
 * to the record's kernel. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/csv_read.h"
#include "util/grow.h"

static int
starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static int
has(const char *const *row, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(row[i], name) == 0)
			return 1;
	return 0;
}

gs_csv_dialect
gs_csv_bench_header(const char *const *row, size_t n)
{
	const char *s = row[0];

	if (n >= 2 && s[0] == '[' && s[1] >= '0' && s[1] <= '9') {
		while (*++s >= '0' && *s <= '9')
			;
		if (s[0] == ']' && s[1] == ':')
			return GS_CSV_HIPBLASLT;
	}
	if (has(row, n, "hipblaslt-Gflops"))
		return GS_CSV_HIPBLASLT;
	if (has(row, n, "rocblas-Gflops") || (has(row, n, "us") && has(row, n, "transA")))
		return GS_CSV_ROCBLAS;
	return GS_CSV_UNKNOWN;
}

/* "Device ID 0 : AMD Instinct MI300X gfx942:sramecc+:xnack-": the GPU's
 * name and ISA target. */
static void
note_device(gs_csv_reader *r, const char *line)
{
	const char *name = strstr(line, " : "), *end;
	char gpu[128];

	if (!name)
		return;
	name += 3;
	end = strstr(name, " gfx");
	if (!end)
		end = name + strlen(name);
	if (end == name)
		return;
	snprintf(gpu, sizeof gpu, "%.*s", (int)(end - name), name);
	if (!r->t->gpu)
		gs_table_set_gpu(r->t, gpu, 0); /* best effort: OOM only loses the name */
	gs_table_set_env(r->t, GS_ENV_DEVICE, gpu, NAN);
	if (*end)
		gs_table_set_env(r->t, GS_ENV_ARCH, end + 1, NAN);
}

/* One cell of "with 205.8 GB memory, max. SCLK 2100 MHz, max. MCLK 1300
 * MHz, compute capability 9.4". */
static void
note_device_cell(gs_csv_reader *r, const char *c)
{
	char text[64];
	double v;

	while (*c == ' ')
		c++;
	if (sscanf(c, "with %lf GB memory", &v) == 1 && v > 0) {
		snprintf(text, sizeof text, "%.1f GB", v);
		gs_table_set_env(r->t, GS_ENV_MEMORY, text, v);
	} else if (sscanf(c, "max. SCLK %lf MHz", &v) == 1 && v > 0) {
		snprintf(text, sizeof text, "%.0f MHz", v);
		gs_table_set_env(r->t, GS_ENV_SCLK, text, v);
	} else if (sscanf(c, "max. MCLK %lf MHz", &v) == 1 && v > 0) {
		snprintf(text, sizeof text, "%.0f MHz", v);
		gs_table_set_env(r->t, GS_ENV_MCLK, text, v);
	} else if (starts(c, "compute capability ")) {
		gs_table_set_env(r->t, GS_ENV_CC, c + strlen("compute capability "), NAN);
	}
}

/* "hipBLASLt version: 100200" then "hipBLASLt git version: 0a1b2c3d4e":
 * the library as "hipBLASLt 100200 (git 0a1b2c3d4e)". */
static void
note_library(gs_csv_reader *r, const char *line)
{
	static const char ver[] = "hipBLASLt version: ", git[] = "hipBLASLt git version: ";
	char **lib = &r->t->env.text[GS_ENV_LIBRARY], text[160];

	if (starts(line, ver)) {
		snprintf(text, sizeof text, "hipBLASLt %s", line + strlen(ver));
		gs_table_set_env(r->t, GS_ENV_LIBRARY, text, NAN);
	} else if (starts(line, git) && *lib && !strchr(*lib, '(')) {
		snprintf(text, sizeof text, "%.80s (git %.64s)", *lib, line + strlen(git));
		free(*lib);
		*lib = NULL;
		gs_table_set_env(r->t, GS_ENV_LIBRARY, text, NAN);
	}
}

void
gs_csv_bench_note(gs_csv_reader *r, const char *const *row, size_t n)
{
	if (starts(row[0], "Device ID "))
		note_device(r, row[0]);
	else if (starts(row[0], "with "))
		for (size_t i = 0; i < n; i++)
			note_device_cell(r, row[i]);
	else
		note_library(r, row[0]);
}

void
gs_csv_pending_drop(gs_csv_reader *r)
{
	for (size_t i = 0; i < r->npend; i++)
		free(r->pend[i].kernel);
	r->npend = 0;
	r->pend_final = 0;
}

/* hipblaslt-bench: the "solution_index" column, declared before the
 * table's first record (gs_table_add_extra_name); 0 or -1 on OOM. */
static int
declare_solution(gs_csv_reader *r, long line, gs_error *err)
{
	int idx;

	if (r->d != GS_CSV_HIPBLASLT || r->sol_extra > 0 || r->t->n > 0)
		return 0;
	idx = gs_table_add_extra_name(r->t, "solution_index");
	if (idx < 0)
		return gs_error_set(err, r->path, line, 0, "out of memory");
	r->sol_extra = idx + 1;
	return 0;
}

/* P's solution index into its record, just committed (the first one
 * seen stays).  Returns 0, or -1 with ERR (out of memory). */
static int
set_solution(gs_csv_reader *r, const gs_csv_pending *p, gs_error *err)
{
	gs_record *rec;

	if (r->sol_extra == 0 || isnan(p->solution) || p->why)
		return 0;
	if (!(rec = gs_table_get(r->t, &p->key, p->line, err)))
		return -1;
	if (rec->more && rec->more->extra && isnan(rec->more->extra[r->sol_extra - 1]))
		rec->more->extra[r->sol_extra - 1] = p->solution;
	return 0;
}

int
gs_csv_pending_flush(gs_csv_reader *r, gs_error *err)
{
	int rc = 0;

	for (size_t i = 0; i < r->npend && rc == 0; i++) {
		const gs_csv_pending *p = &r->pend[i];
		gs_csv_row v;
		memset(&v, 0, sizeof v);
		v.key = p->key;
		v.time = p->time;
		v.why = p->why;
		v.kernel = p->kernel;
		memcpy(v.tile, p->tile, sizeof v.tile);
		rc = declare_solution(r, p->line, err);
		if (rc == 0)
			rc = gs_csv_commit(r, p->line, &v, NULL, err);
		if (rc == 0)
			rc = set_solution(r, p, err);
	}
	gs_csv_pending_drop(r);
	return rc;
}

gs_csv_pending *
gs_csv_pending_push(gs_csv_reader *r, long line, const gs_csv_row *v, gs_error *err)
{
	gs_csv_pending *p;
	char *kernel = v->kernel && v->kernel[0] ? strdup(v->kernel) : NULL;

	if ((v->kernel && v->kernel[0] && !kernel) ||
	    GS_GROW(r->pend, r->pend_cap, r->npend + 1, SIZE_MAX) != 0) {
		free(kernel);
		gs_error_set(err, r->path, line, 0, "out of memory");
		return NULL;
	}
	p = &r->pend[r->npend++];
	p->key = v->key;
	p->time = v->time;
	p->why = v->why;
	p->line = line;
	p->kernel = kernel;
	memcpy(p->tile, v->tile, sizeof p->tile);
	p->group = 0;
	p->solution = NAN;
	return p;
}

static int
value_row(gs_csv_reader *r, long line, const char *const *row, gs_error *err)
{
	gs_csv_row v;
	int c = r->col[GS_F_TIME];

	memset(&v, 0, sizeof v);
	if (gs_csv_parse_key(r, line, row, &v.key, err) != 0 ||
	    gs_csv_parse_time(r, line, c, row[c], &v.time, &v.why, err) != 0)
		return -1;
	if (r->npend && (r->pend_final || !gs_shape_equal(&r->pend[0].key, &v.key)) &&
	    gs_csv_pending_flush(r, err) != 0)
		return -1;
	if (!gs_csv_pending_push(r, line, &v, err))
		return -1;
	r->pend_final = r->after_winner;
	r->after_winner = 0;
	return 0;
}

/* "--Solution index: 1042" of the last result: a whole number >= 0. */
static void
solution_line(gs_csv_reader *r, const char *s)
{
	char *end;
	long v;

	if (r->npend == 0)
		return;
	s += strlen("--Solution index:");
	v = strtol(s, &end, 10);
	if (end != s && v >= 0 && *(end + strspn(end, " \t\r")) == '\0')
		r->pend[r->npend - 1].solution = (double)v;
}

/* "--kernel name:    Cijk_..." names the last result; "--Solution name:"
 * only if no kernel name came; "--Solution index:" numbers its solution.
 * Returns 1 if ROW was such a line. */
static int
kernel_line(gs_csv_reader *r, const char *s, gs_error *err)
{
	int replace = starts(s, "--kernel name:");
	char **kernel;
	char *copy;

	if (starts(s, "--Solution index:")) {
		solution_line(r, s);
		return 1;
	}
	if (!replace && !starts(s, "--Solution name:"))
		return 0;
	if (r->npend == 0)
		return 1;
	s = strchr(s, ':') + 1;
	s += strspn(s, " \t");
	kernel = &r->pend[r->npend - 1].kernel;
	if (!*s || (*kernel && !replace))
		return 1;
	copy = strdup(s);
	if (!copy)
		return gs_error_set(err, r->path, 0, 0, "out of memory");
	free(*kernel);
	*kernel = copy;
	return 1;
}

/* A line that is not a result.  Returns 1 if it starts a new problem. */
static int
log_line(gs_csv_reader *r, const char *const *row, size_t n)
{
	const char *s = row[0];

	r->t->skipped++;
	gs_csv_bench_note(r, row, n);
	if (starts(s, "Winner")) {
		r->t->skipped += r->npend; /* the candidates the winner replaces */
		gs_csv_pending_drop(r);
		r->after_winner = 1;
		return 0;
	}
	return starts(s, "Is supported");
}

int
gs_csv_bench_row(gs_csv_reader *r, long line, const char *const *row, size_t n, gs_error *err)
{
	int rc;

	if (gs_csv_bench_header(row, n) != GS_CSV_UNKNOWN)
		return gs_csv_bind(r, line, row, n, err);
	rc = kernel_line(r, row[0], err);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	if (n == r->ncols)
		return value_row(r, line, row, err);
	if (log_line(r, row, n) && gs_csv_pending_flush(r, err) != 0)
		return -1;
	return 0;
}

int
gs_csv_bench_finish(gs_csv_reader *r, gs_error *err)
{
	return gs_csv_pending_flush(r, err);
}
