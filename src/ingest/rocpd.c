/* rocpd.c: the rocpd SQLite database of rocprofv3 into a per-kernel table
 * (gs_rocpd_read, rocprof.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "ingest/rocprof.h"
#include "ingest/rocprof_impl.h"
#include "util/grow.h"

/* ---- rocpd SQLite ---------------------------------------------------- */

/* The unsuffixed views over the per-run tables (schema 3.x and 4.x).
 * Columns, as rocpd_row reads them: name, start, end, workgroup x y z,
 * grid x y z, LDS bytes, arch VGPRs, AccVGPRs, SGPRs, agent id. */
static const char views_query[] =
        "SELECT COALESCE(NULLIF(S.display_name, ''), S.kernel_name), K.start, K.end, "
        "K.workgroup_size_x, K.workgroup_size_y, K.workgroup_size_z, "
        "K.grid_size_x, K.grid_size_y, K.grid_size_z, "
        "MAX(COALESCE(K.group_segment_size, 0), COALESCE(S.group_segment_size, 0)), "
        "S.arch_vgpr_count, S.accum_vgpr_count, S.sgpr_count, K.agent_id "
        "FROM rocpd_kernel_dispatch K JOIN rocpd_info_kernel_symbol S "
        "ON S.id = K.kernel_id AND S.guid = K.guid ORDER BY K.start, K.id";

/* The documented kernels view's columns rocpd_row reads, in its order,
 * and the value taken when the view lacks one: the gfx1151 seed's own
 * query reads only name, duration, vgpr_count, sgpr_count, lds_size,
 * grid_x and workgroup_x (reference/seeds/gfx1151-reference.md), so only
 * the name and a duration (end - start, or duration) are required. */
enum { KC_NAME, KC_START, KC_END, KC_DURATION, KC_ID, KC__N = 16 };
static const struct {
	const char *col, *absent;
} kcols[KC__N] = {
        [KC_NAME] = {"name", NULL},
        [KC_START] = {"start", "0"},
        [KC_END] = {"end", NULL},
        [KC_DURATION] = {"duration", NULL},
        [KC_ID] = {"id", NULL},
        {"workgroup_x", "1"},
        {"workgroup_y", "1"},
        {"workgroup_z", "1"},
        {"grid_x", "1"},
        {"grid_y", "1"},
        {"grid_z", "1"},
        {"lds_size", "0"},
        {"static_lds_size", "0"},
        {"vgpr_count", "0"},
        {"accum_vgpr_count", "0"},
        {"sgpr_count", "0"},
};

/* Bit K set when the kernels view has column kcols[K]; 0 when there is
 * no kernels view (or table). */
static unsigned
kernels_columns(sqlite3 *db)
{
	sqlite3_stmt *st = NULL;
	unsigned have = 0;

	if (sqlite3_prepare_v2(db, "SELECT name FROM pragma_table_info('kernels')", -1, &st,
	                       NULL) != SQLITE_OK)
		return 0;
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *c = (const char *)sqlite3_column_text(st, 0);
		for (int k = 0; c && k < KC__N; k++)
			if (strcmp(c, kcols[k].col) == 0)
				have |= 1u << k;
	}
	sqlite3_finalize(st);
	return have;
}

#define HAS(k) ((have >> (k)) & 1u)

/* The query of a kernels view with the columns HAVE, or NULL when it
 * lacks the name or a duration (sqlite3_free the result). */
static char *
kernels_sql(unsigned have)
{
	char c[KC__N][24];
	const char *start, *end;

	if (!HAS(KC_NAME) || !((HAS(KC_START) && HAS(KC_END)) || HAS(KC_DURATION)))
		return NULL;
	for (int k = KC_ID + 1; k < KC__N; k++) {
		if (HAS(k))
			snprintf(c[k], sizeof c[k], "\"%s\"", kcols[k].col);
		else
			snprintf(c[k], sizeof c[k], "%s", kcols[k].absent);
	}
	start = HAS(KC_START) ? "\"start\"" : "0";
	end = HAS(KC_START) && HAS(KC_END) ? "\"end\""
	      : HAS(KC_START)              ? "\"start\" + \"duration\""
	                                   : "\"duration\"";
	return sqlite3_mprintf("SELECT \"name\", %s, %s, %s, %s, %s, %s, %s, %s, MAX(COALESCE(%s, "
	                       "0), COALESCE(%s, 0)), %s, %s, %s, NULL FROM kernels%s%s",
	                       start, end, c[5], c[6], c[7], c[8], c[9], c[10], c[11], c[12], c[13],
	                       c[14], c[15],
	                       HAS(KC_START) ? " ORDER BY \"start\""
	                       : HAS(KC_ID)  ? " ORDER BY \"id\""
	                                     : "",
	                       HAS(KC_START) && HAS(KC_ID) ? ", \"id\"" : "");
}

static int
rocpd_fail(sqlite3 *db, const char *path, const char *what, gs_error *err)
{
	const char *msg = sqlite3_errmsg(db);

	if (strstr(msg, "lz4_decompress"))
		return gs_error_set(err, path, 0, 0,
		                    "rocpd database with LZ4-compressed "
		                    "data: convert it with rocpd first (%s)",
		                    msg);
	return gs_error_set(err, path, 0, 0, "%s: %s", what, msg);
}

static int
rocpd_row(gs_rocprof_kagg *a, sqlite3_stmt *st, long line, gs_error *err)
{
	const unsigned char *name = sqlite3_column_text(st, 0);
	long long grid[3], wg[3];
	gs_launch l;

	if (!name)
		return gs_table_exclude(a->t, line, "", "dispatch without a kernel name") == 0
		               ? 0
		               : gs_rocprof_oom(a->t, err);
	for (int i = 0; i < 3; i++) {
		wg[i] = sqlite3_column_int64(st, 3 + i);
		grid[i] = sqlite3_column_int64(st, 6 + i);
	}
	memset(&l, 0, sizeof l);
	gs_rocprof_set_geometry(&l, grid, wg);
	l.lds_bytes = (long)sqlite3_column_int64(st, 9);
	l.vgpr = sqlite3_column_int(st, 10);
	l.agpr = sqlite3_column_int(st, 11);
	l.sgpr = sqlite3_column_int(st, 12);
	return gs_rocprof_kagg_add(a, (const char *)name, sqlite3_column_int64(st, 1),
	                           sqlite3_column_int64(st, 2), &l, line, err);
}

/* The columns each query reads, per table, for the message that names the
 * missing ones (issue 11, item 16). */
static const char *const kd_cols[] = {
        "id",
        "guid",
        "kernel_id",
        "start",
        "end",
        "workgroup_size_x",
        "workgroup_size_y",
        "workgroup_size_z",
        "grid_size_x",
        "grid_size_y",
        "grid_size_z",
        "group_segment_size",
        "agent_id",
        NULL,
};
static const char *const sym_cols[] = {
        "id",
        "guid",
        "display_name",
        "kernel_name",
        "group_segment_size",
        "arch_vgpr_count",
        "accum_vgpr_count",
        "sgpr_count",
        NULL,
};
/* Append to B the columns of COLS that TABLE lacks ("a, b").  Returns the
 * number missing, or -1 when TABLE does not exist (or cannot be read). */
static int
missing_cols(sqlite3 *db, const char *table, const char *const *cols, gs_dynbuf *b)
{
	sqlite3_stmt *st = NULL;
	int ncols = 0, nmiss = 0;

	for (int i = 0; cols[i]; i++) {
		int found = 0;
		if (sqlite3_prepare_v2(db, "SELECT name FROM pragma_table_info(?1)", -1, &st,
		                       NULL) != SQLITE_OK)
			return -1;
		sqlite3_bind_text(st, 1, table, -1, SQLITE_STATIC);
		for (ncols = 0; sqlite3_step(st) == SQLITE_ROW; ncols++)
			found |= sqlite3_column_text(st, 0) &&
			         strcmp((const char *)sqlite3_column_text(st, 0), cols[i]) == 0;
		sqlite3_finalize(st);
		if (ncols == 0)
			return -1;
		if (!found)
			gs_dynbuf_printf(b, "%s%s", nmiss++ ? ", " : "", cols[i]);
	}
	return nmiss;
}

/* ERR for a kernels view with the columns HAVE that lacks the name or a
 * duration, naming what it lacks.  Returns -1. */
static int
kernels_lack(unsigned have, const char *path, gs_error *err)
{
	int dur = (HAS(KC_START) && HAS(KC_END)) || HAS(KC_DURATION);
	const char *time = dur             ? ""
	                   : HAS(KC_START) ? "end (or duration)"
	                   : HAS(KC_END)   ? "start (or duration)"
	                                   : "start, end (or duration)";

	return gs_error_set(err, path, 0, 0, "rocpd table kernels lacks the column%s %s%s%s",
	                    (!HAS(KC_NAME) && !dur) || strchr(time, ',') ? "s" : "",
	                    HAS(KC_NAME) ? "" : "name", !HAS(KC_NAME) && !dur ? ", " : "", time);
}

/* ERR for a database no dispatch query could read: an rpd database, a
 * kernels table or dispatch view lacking columns (named), or no table. */
static int
no_query(sqlite3 *db, const char *path, gs_error *err)
{
	static const struct {
		const char *table;
		const char *const *cols;
	} tabs[] = {
	        {"rocpd_kernel_dispatch", kd_cols},
	        {"rocpd_info_kernel_symbol", sym_cols},
	};
	unsigned have = kernels_columns(db);
	sqlite3_stmt *rpd = NULL;
	int is_rpd = sqlite3_prepare_v2(db, "SELECT 1 FROM rocpd_op LIMIT 1", -1, &rpd, NULL) ==
	             SQLITE_OK;

	sqlite3_finalize(rpd);
	if (is_rpd)
		return gs_error_set(err, path, 0, 0,
		                    "a rocmProfileData (rpd) database, "
		                    "not rocprofv3's rocpd: not supported");
	for (size_t i = 0; i < sizeof tabs / sizeof *tabs; i++) {
		gs_dynbuf b;
		int n;
		gs_dynbuf_init(&b, 4096);
		n = missing_cols(db, tabs[i].table, tabs[i].cols, &b);
		if (n > 0) {
			gs_error_set(err, path, 0, 0, "rocpd table %s lacks the column%s %s",
			             tabs[i].table, n > 1 ? "s" : "", b.d ? b.d : "?");
			gs_dynbuf_free(&b);
			return -1;
		}
		gs_dynbuf_free(&b);
	}
	if (have)
		return kernels_lack(have, path, err);
	return rocpd_fail(db, path, "not a rocpd database (no kernel dispatch table)", err);
}

static int
rocpd_rows(gs_rocprof_kagg *a, sqlite3 *db, const char *path, long long *agent, gs_error *err)
{
	sqlite3_stmt *st = NULL;
	long line = 0;
	int rc;

	if (sqlite3_prepare_v2(db, views_query, -1, &st, NULL) != SQLITE_OK) {
		char *sql = kernels_sql(kernels_columns(db));
		sqlite3_finalize(st);
		st = NULL;
		if (sql && sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
			st = NULL;
		sqlite3_free(sql);
	}
	if (!st)
		return no_query(db, path, err);
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
	        "SELECT product_name, name, json_extract(extdata, '$.cu_count'), "
	        "json_extract(extdata, '$.max_engine_clk_fcompute') FROM "
	        "rocpd_info_agent WHERE type = 'GPU' ORDER BY (id = ?1) DESC, id LIMIT 1",
	        "SELECT product_name, name, 0, 0 FROM rocpd_info_agent "
	        "WHERE type = 'GPU' ORDER BY (id = ?1) DESC, id LIMIT 1",
	};
	sqlite3_stmt *st = NULL;
	int rc = 0;

	for (size_t i = 0; i < sizeof q / sizeof *q && !st; i++)
		if (sqlite3_prepare_v2(db, q[i], -1, &st, NULL) != SQLITE_OK)
			st = NULL;
	if (!st)
		return 0; /* no agent table: the GPU stays unnamed */
	sqlite3_bind_int64(st, 1, agent);
	if (sqlite3_step(st) == SQLITE_ROW) {
		long long cus = sqlite3_column_int64(st, 2);
		rc = gs_agent_set(t, (const char *)sqlite3_column_text(st, 0),
		                  (const char *)sqlite3_column_text(st, 1),
		                  cus > 0 && cus < 1000000 ? (int)cus : 0,
		                  sqlite3_column_double(st, 3));
	}
	sqlite3_finalize(st);
	return rc;
}

/* A copy of IN, a FIFO or device (SQLite reopens a database by its path,
 * which on a FIFO blocks forever: issue 11, item 13), in a temporary file
 * whose path goes to TMP (SIZE bytes).  Returns 0, or -1 with ERR (the
 * temporary removed). */
static int
copy_to_temp(gs_input *in, char *tmp, size_t size, gs_error *err)
{
	const char *dir = getenv("TMPDIR");
	char buf[65536];
	long n = 0;
	FILE *f = NULL;
	int fd;

	snprintf(tmp, size, "%s/gemmscope-rocpd-XXXXXX", dir && *dir ? dir : "/tmp");
	fd = mkstemp(tmp);
	if (fd >= 0 && !(f = fdopen(fd, "wb")))
		close(fd);
	if (!f)
		return gs_error_set(err, in->path, 0, 0,
		                    "not a regular file: cannot copy the "
		                    "SQLite database to a temporary file: %s",
		                    strerror(errno));
	while ((n = gs_input_read_binary(in, buf, sizeof buf, err)) > 0)
		if (fwrite(buf, 1, (size_t)n, f) != (size_t)n)
			break;
	if ((fclose(f) != 0 || n > 0) && n >= 0)
		n = gs_error_set(err, in->path, 0, 0,
		                 "not a regular file: cannot copy the "
		                 "SQLite database to %s: %s",
		                 tmp, strerror(errno));
	if (n < 0)
		unlink(tmp);
	return n < 0 ? -1 : 0;
}

static int
rocpd_db(const char *db_path, const char *path, gs_table *t, gs_error *err)
{
	sqlite3 *db = NULL;
	gs_rocprof_kagg a;
	long long agent = -1;
	int rc;

	memset(&a, 0, sizeof a);
	a.t = t;
	a.offset = -1;
	if (sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		rc = gs_error_set(err, path, 0, 0, "cannot open as SQLite: %s",
		                  db ? sqlite3_errmsg(db) : "out of memory");
		sqlite3_close(db);
		return rc;
	}
	rc = gs_table_set_format(t, "rocpd") != 0 ? gs_rocprof_oom(t, err)
	                                          : rocpd_rows(&a, db, path, &agent, err);
	if (rc == 0 && rocpd_gpu(t, db, agent) != 0)
		rc = gs_rocprof_oom(t, err);
	if (rc == 0)
		rc = gs_rocprof_kagg_finish(&a, err);
	sqlite3_close(db);
	gs_rocprof_kagg_free(&a);
	return rc;
}

int
gs_rocpd_read(gs_input *in, const gs_ingest_opts *opts, gs_table *t, gs_error *err)
{
	char tmp[4096];
	int rc;

	(void)opts;
	if (in->regular)
		return rocpd_db(in->path, in->path, t, err);
	if (copy_to_temp(in, tmp, sizeof tmp, err) != 0)
		return -1;
	rc = rocpd_db(tmp, in->path, t, err);
	unlink(tmp);
	return rc;
}
