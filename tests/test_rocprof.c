/* test_rocprof: rocprofv3 JSON, kernel_trace.csv and rocpd -> per-kernel
 * tables.
 *
 * The oracle is the data README §2.4 for 908_results.json.gz (MI350X
 * training run); the CSV fixtures hold some of the same dispatches in the
 * CSV layouts (tests/data/trace/README.md), so every container must give
 * the JSON's numbers kernel by kernel.  The rocpd database is built here
 * from a CSV fixture with the rocpd schema's table and view names.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "model/stats.h"
#include "testdata.h"
#include "readers_test.h"
#include <sqlite3.h>

#include "ingest/csvrows.h"
#include "ingest/ingest.h"
#include "model/kernel_class.h"
#include "analysis/single.h"

#define RP "tests/data/trace/rocprof/"
#define JSON908 "tests/data/trace/tracelens/rocprof/908_results.json.gz"

static gs_table *json908; /* read once: the reference for the others */

static char *
temp_name(void)
{
	static char path[4][64];
	static int next;
	char *p = path[next++ % 4];
	int fd;

	snprintf(p, sizeof path[0], "/tmp/gs-test-rocprof-XXXXXX");
	fd = mkstemp(p);
	assert_true(fd >= 0);
	close(fd);
	return p;
}

static int
is_tensile_gemm(const char *name)
{
	return strncmp(name, "Cijk_", 5) == 0 && strstr(name, "_MT");
}

static int
setup(void **state)
{
	(void)state;
	json908 = gs_test_read(gs_test_path(JSON908), NULL);
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	gs_table_free(json908);
	return 0;
}

/* ---- rocprofv3 JSON: data README §2.4 -------------------------------- */

static void
json_totals(void **state)
{
	const gs_table *t = json908;
	const gs_kmix *m = t->kmix;
	long calls = 0;
	double us = 0;

	(void)state;
	assert_string_equal(t->format, "rocprofv3-json");
	assert_string_equal(t->gpu, "AMD Instinct MI350X");
	assert_int_equal(t->gpu_cus, 256);
	assert_string_equal(t->env.text[GS_ENV_DEVICE], "AMD Instinct MI350X");
	assert_string_equal(t->env.text[GS_ENV_ARCH], "gfx950");
	assert_string_equal(t->env.text[GS_ENV_CUS], "256");
	assert_string_equal(t->env.text[GS_ENV_SCLK], "2200 MHz"); /* max_engine_clk_fcompute */
	assert_int_equal(t->skipped, 0);
	/* the table holds the 14 GEMM kernels, Tensile all (issue 12) */
	assert_int_equal(t->n, 14);
	for (size_t i = 0; i < t->n; i++) {
		const gs_record *r = &t->rec[i];
		assert_string_equal(r->shape.op, "kernel");
		assert_non_null(r->shape.name);
		assert_string_equal(r->shape.name, gs_record_kernel(r));
		assert_true(is_tensile_gemm(gs_record_kernel(r)));
		calls += r->t.count;
		us += gs_record_stats(r).sum;
	}
	assert_int_equal(calls, 5350);
	assert_near(us, 65590.500, 1e-6); /* 65 590 500 ns */
	/* every dispatch is in the kernel mix, by class */
	assert_non_null(m);
	assert_int_equal(m->n, 80);
	assert_int_equal(m->calls, 43915);
	assert_near(m->total_us, 4441741.378, 1e-6); /* 4 441 741 378 ns */
	assert_int_equal(m->class_kernels[GS_KC_GEMM], 14);
	assert_int_equal(m->class_calls[GS_KC_GEMM], 5350);
	assert_near(m->class_us[GS_KC_GEMM], 65590.500, 1e-6);
	assert_near(100 * gs_kmix_share(m, GS_KC_GEMM), 1.4767, 1e-4);
	/* the issue's 93.6 %: one RCCL kernel */
	assert_string_equal(m->k[0].name,
	                    "ncclDevKernel_Generic_1(ncclDevKernelArgsStorage<4096ul>)");
	assert_int_equal(m->k[0].cls, GS_KC_COMM);
	assert_int_equal(m->k[0].calls, 1310);
	assert_near(m->k[0].total_ns / m->total_us / 1000, 0.9363, 1e-4);
	for (size_t i = 1; i < m->n; i++)
		assert_true(m->k[i - 1].total_ns >= m->k[i].total_ns);
}

static const gs_record *
busiest_with(const gs_table *t, const char *tile)
{
	const gs_record *best = NULL;

	for (size_t i = 0; i < t->n; i++)
		if (strstr(gs_record_kernel(&t->rec[i]), tile) &&
		    (!best || t->rec[i].t.count > best->t.count))
			best = &t->rec[i];
	assert_non_null(best);
	return best;
}

static void
json_kernels(void **state)
{
	const gs_record *r;

	(void)state;
	r = busiest_with(json908, "_MT64x32x256_");
	assert_int_equal(r->t.count, 1250);
	assert_near(gs_record_stats(r).sum, 16994.139, 1e-6);
	/* occupancy inputs from kernel_symbols (README: 256 threads, 140 arch
	 * VGPRs, 0 AGPRs, 156 672 B LDS) */
	r = busiest_with(json908, "_MT64x80x256_");
	assert_int_equal(gs_launch_of(r)->wg_size, 256);
	assert_int_equal(gs_launch_of(r)->vgpr, 140);
	assert_int_equal(gs_launch_of(r)->agpr, 0);
	assert_int_equal(gs_launch_of(r)->sgpr, 96);
	assert_int_equal(gs_launch_of(r)->lds_bytes, 156672);
	assert_int_equal(gs_launch_of(r)->workgroups, 64512 / 256);
	assert_null(strstr(gs_record_kernel(r), ".kd")); /* formatted name */
}

/* ---- kernel_trace.csv: the same dispatches, same numbers ------------- */

/* Every record of T equals the JSON record of the same kernel name: the
 * key is the name, so this is also how two rocprof runs compare. */
static void
same_as_json(const gs_table *t, int has_regs)
{
	for (size_t i = 0; i < t->n; i++) {
		const gs_record *r = &t->rec[i];
		const gs_record *j = gs_table_find(json908, &r->shape);
		if (!j)
			fail_msg("kernel %.60s is not in the JSON", gs_record_kernel(r));
		assert_int_equal(r->t.count, j->t.count);
		assert_true(gs_record_stats(r).sum ==
		            gs_record_stats(j).sum); /* same ns, same order */
		assert_true(r->t.median == j->t.median);
		assert_true(gs_record_stats(r).min == gs_record_stats(j).min);
		assert_true(gs_record_stats(r).max == gs_record_stats(j).max);
		assert_int_equal(gs_launch_of(r)->workgroups, gs_launch_of(j)->workgroups);
		assert_int_equal(gs_launch_of(r)->wg_size, gs_launch_of(j)->wg_size);
		assert_int_equal(gs_launch_of(r)->lds_bytes, gs_launch_of(j)->lds_bytes);
		if (has_regs) {
			assert_int_equal(gs_launch_of(r)->vgpr, gs_launch_of(j)->vgpr);
			assert_int_equal(gs_launch_of(r)->agpr, gs_launch_of(j)->agpr);
			assert_int_equal(gs_launch_of(r)->sgpr, gs_launch_of(j)->sgpr);
		}
	}
}

static void
csv_rocm64_header(void **state)
{
	gs_table *t = gs_test_read(gs_test_path(RP "kernel_trace_v2.csv.gz"), NULL);
	long calls = 0;

	(void)state;
	assert_string_equal(t->format, "rocprofv3-csv");
	assert_int_equal(t->n, 14); /* every Tensile GEMM kernel */
	for (size_t i = 0; i < t->n; i++)
		calls += t->rec[i].t.count;
	assert_int_equal(calls, 5350);
	same_as_json(t, 1);
	gs_table_free(t);
}

static void
csv_rocm62_header(void **state)
{
	gs_table *t = gs_test_read(gs_test_path(RP "kernel_trace_v1.csv"), NULL);

	(void)state;
	assert_int_equal(t->n, 2);
	same_as_json(t, 0); /* no register columns then */
	assert_int_equal(gs_launch_of(&t->rec[0])->vgpr, 0);
	gs_table_free(t);
}

static void
csv_rocpd_converted(void **state)
{
	gs_table *t = gs_test_read(gs_test_path(RP "kernel_trace_rocpd.csv"), NULL);

	(void)state;
	assert_int_equal(t->n, 1);
	assert_int_equal(t->rec[0].t.count, 50);
	same_as_json(t, 1); /* Vgpr_Count etc., any case */
	gs_table_free(t);
}

static void
csv_bad_rows(void **state)
{
	static const char text[] =
	        "\"Kind\",\"Kernel_Name\",\"Start_Timestamp\",\"End_Timestamp\"\n"
	        "\"KERNEL_DISPATCH\",\"Cijk_Alik_Bljk_SB_MT64x128x32_SE_K1\",100,1100\n"
	        "\"KERNEL_DISPATCH\",\"Cijk_Alik_Bljk_SB_MT64x128x32_SE_K1\",abc,1100\n"
	        "\"KERNEL_DISPATCH\",\"Cijk_Alik_Bljk_SB_MT64x128x32_SE_K1\",2000,2000\n"
	        "\"KERNEL_DISPATCH\",\"__amd_rocclr_copyBuffer\",2500,2600\n"
	        "\"KERNEL_DISPATCH\",\"Cijk_Alik_Bljk_SB_MT64x128x32_SE_K1\",3000,5000\n";
	char *p = temp_name();
	FILE *f = fopen(p, "w");
	gs_table *t;

	(void)state;
	fputs(text, f);
	fclose(f);
	t = gs_test_read(p, NULL);
	assert_int_equal(t->n, 1);
	assert_int_equal(t->rec[0].nsamples, 2);
	assert_near(gs_record_stats(&t->rec[0]).sum, 3.0, 1e-12); /* 1 µs + 2 µs */
	assert_int_equal(t->nexcl, 1); /* "abc" */
	assert_int_equal(t->excl[0].line, 3);
	assert_int_equal(t->skipped, 1); /* zero duration */
	/* the copy is no GEMM: counted in the mix only */
	assert_int_equal(t->kmix->n, 2);
	assert_near(t->kmix->total_us, 3.1, 1e-12);
	assert_near(t->kmix->class_us[GS_KC_MEMORY], 0.1, 1e-12);
	gs_table_free(t);
	unlink(p);
}

/* A profile without a GEMM kernel is refused, saying what it holds. */
static void
csv_no_gemm(void **state)
{
	static const char text[] =
	        "Kernel_Name,Start_Timestamp,End_Timestamp\n"
	        "__amd_rocclr_copyBuffer,100,1100\n"
	        "ncclDevKernel_Generic_1(ncclDevKernelArgsStorage<4096ul>),2000,5000\n";
	char *p = temp_name();
	FILE *f = fopen(p, "w");
	gs_error err;

	(void)state;
	fputs(text, f);
	fclose(f);
	gs_test_read_fails(p, &err);
	assert_non_null(strstr(err.msg, "no GEMM kernel among the 2 kernels"));
	assert_non_null(strstr(err.msg, "communication 75.0 %, copy/fill 25.0 %"));
	assert_non_null(strstr(err.msg, "the longest ncclDevKernel_Generic_1 #"));
	unlink(p);
}

/* ---- rocpd ----------------------------------------------------------- */

static const char rocpd_schema[] =
        "CREATE TABLE rocpd_info_agent_0908 (id INTEGER PRIMARY KEY, guid TEXT, nid INTEGER,"
        " pid INTEGER, type TEXT, absolute_index INTEGER, logical_index INTEGER,"
        " type_index INTEGER, uuid INTEGER, name TEXT, model_name TEXT, vendor_name TEXT,"
        " product_name TEXT, user_name TEXT, extdata JSONB DEFAULT '{}' NOT NULL);"
        "CREATE TABLE rocpd_info_kernel_symbol_0908 (id INTEGER PRIMARY KEY, guid TEXT,"
        " nid INTEGER, pid INTEGER, code_object_id INTEGER, kernel_name TEXT,"
        " display_name TEXT, kernel_object INTEGER, kernarg_segment_size INTEGER,"
        " kernarg_segment_alignment INTEGER, group_segment_size INTEGER,"
        " private_segment_size INTEGER, sgpr_count INTEGER, arch_vgpr_count INTEGER,"
        " accum_vgpr_count INTEGER, extdata JSONB DEFAULT '{}' NOT NULL);"
        "CREATE TABLE rocpd_kernel_dispatch_0908 (id INTEGER PRIMARY KEY, guid TEXT,"
        " nid INTEGER, pid INTEGER, tid INTEGER, agent_id INTEGER, kernel_id INTEGER,"
        " dispatch_id INTEGER, queue_id INTEGER, stream_id INTEGER, start BIGINT,"
        " \"end\" BIGINT, private_segment_size INTEGER, group_segment_size INTEGER,"
        " workgroup_size_x INTEGER, workgroup_size_y INTEGER, workgroup_size_z INTEGER,"
        " grid_size_x INTEGER, grid_size_y INTEGER, grid_size_z INTEGER,"
        " region_name_id INTEGER, event_id INTEGER, extdata JSONB DEFAULT '{}' NOT NULL);"
        "CREATE VIEW rocpd_info_agent AS SELECT * FROM rocpd_info_agent_0908;"
        "CREATE VIEW rocpd_info_kernel_symbol AS SELECT * FROM rocpd_info_kernel_symbol_0908;"
        "CREATE VIEW rocpd_kernel_dispatch AS SELECT * FROM rocpd_kernel_dispatch_0908;"
        "INSERT INTO rocpd_info_agent_0908 (id, guid, type, name, product_name, extdata) VALUES"
        " (1, 'g', 'CPU', 'AMD EPYC 9575F 64-Core Processor', 'AMD EPYC 9575F 64-Core Processor', '{\"cu_count\": 128}'),"
        " (2, 'g', 'GPU', 'gfx950', 'AMD Instinct MI350X', '{\"cu_count\": 256, \"simd_per_cu\": 4, \"max_engine_clk_fcompute\": 2200}');";

enum {
	R_NAME,
	R_START,
	R_END,
	R_LDS,
	R_VGPR,
	R_AGPR,
	R_SGPR,
	R_WX,
	R_WY,
	R_WZ,
	R_GX,
	R_GY,
	R_GZ,
	R__N
};

static const char *const rocpd_cols[R__N] = {
        "Kernel_Name",      "Start_Timestamp",  "End_Timestamp", "Lds_Block_Size",
        "Vgpr_Count",       "Accum_Vgpr_Count", "Sgpr_Count",    "Workgroup_Size_X",
        "Workgroup_Size_Y", "Workgroup_Size_Z", "Grid_Size_X",   "Grid_Size_Y",
        "Grid_Size_Z",
};

typedef struct dbfill {
	sqlite3 *db;
	int col[R__N];
	long rows;
} dbfill;

static int
fill_row(void *ctx, long line, const char *const *f, const size_t *len, size_t n, gs_error *err)
{
	dbfill *d = ctx;
	char *sql;

	(void)len, (void)err;
	if (line == 1) {
		for (int c = 0; c < R__N; c++) {
			d->col[c] = -1;
			for (size_t i = 0; i < n; i++)
				if (strcmp(f[i], rocpd_cols[c]) == 0)
					d->col[c] = (int)i;
			assert_true(d->col[c] >= 0);
		}
		return 0;
	}
	d->rows++;
	/* one symbol per dispatch row is enough: the name is the key */
	sql = sqlite3_mprintf(
	        "INSERT INTO rocpd_info_kernel_symbol_0908 (id, guid, kernel_name, display_name,"
	        " group_segment_size, sgpr_count, arch_vgpr_count, accum_vgpr_count)"
	        " VALUES (%ld, 'g', '%q.kd', '%q', %s, %s, %s, %s);"
	        "INSERT INTO rocpd_kernel_dispatch_0908 (id, guid, agent_id, kernel_id, start, \"end\","
	        " group_segment_size, workgroup_size_x, workgroup_size_y, workgroup_size_z,"
	        " grid_size_x, grid_size_y, grid_size_z)"
	        " VALUES (%ld, 'g', 2, %ld, %s, %s, %s, %s, %s, %s, %s, %s, %s);",
	        d->rows, f[d->col[R_NAME]], f[d->col[R_NAME]], f[d->col[R_LDS]], f[d->col[R_SGPR]],
	        f[d->col[R_VGPR]], f[d->col[R_AGPR]], d->rows, d->rows, f[d->col[R_START]],
	        f[d->col[R_END]], f[d->col[R_LDS]], f[d->col[R_WX]], f[d->col[R_WY]],
	        f[d->col[R_WZ]], f[d->col[R_GX]], f[d->col[R_GY]], f[d->col[R_GZ]]);
	assert_int_equal(sqlite3_exec(d->db, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_free(sql);
	return 0;
}

static char *
make_rocpd(const char *schema, int with_rows)
{
	char *path = temp_name();
	dbfill d;
	gs_input in;
	gs_error err;

	memset(&d, 0, sizeof d);
	unlink(path);
	assert_int_equal(sqlite3_open(path, &d.db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(d.db, schema, NULL, NULL, NULL), SQLITE_OK);
	if (with_rows) {
		assert_int_equal(
		        gs_input_open(&in, gs_test_path(RP "kernel_trace_rocpd.csv"), &err), 0);
		assert_int_equal(gs_csv_rows(&in, fill_row, &d, &err), 0);
		gs_input_close(&in);
		assert_int_equal(d.rows, 50);
	}
	sqlite3_close(d.db);
	return path;
}

/* An APU's agent says "AMD Radeon Graphics", a name no GPU table can
 * place; its gfx target names the chip (issue 12: gfx1151, Strix Halo). */
static void
rocpd_generic_product(void **state)
{
	static const char from[] = "'gfx950', 'AMD Instinct MI350X', '{\"cu_count\": 256";
	static const char to[] = "'gfx1151', 'AMD Radeon Graphics', '{\"cu_count\": 40";
	char *schema = malloc(sizeof rocpd_schema + sizeof to), *at, *db;
	gs_table *t;

	(void)state;
	assert_non_null(schema);
	at = strstr(rocpd_schema, from);
	assert_non_null(at);
	snprintf(schema, sizeof rocpd_schema + sizeof to, "%.*s%s%s", (int)(at - rocpd_schema),
	         rocpd_schema, to, at + strlen(from));
	db = make_rocpd(schema, 1);
	t = gs_test_read(db, NULL);
	assert_string_equal(t->gpu, "gfx1151");
	assert_int_equal(t->gpu_cus, 40);
	assert_string_equal(t->env.text[GS_ENV_DEVICE], "AMD Radeon Graphics"); /* as stated */
	assert_string_equal(t->env.text[GS_ENV_ARCH], "gfx1151");
	gs_table_free(t);
	unlink(db);
	free(schema);
}

static void
rocpd_database(void **state)
{
	char *db = make_rocpd(rocpd_schema, 1);
	gs_table *t = gs_test_read(db, NULL);

	(void)state;
	assert_string_equal(t->format, "rocpd");
	assert_string_equal(t->gpu, "AMD Instinct MI350X");
	assert_int_equal(t->gpu_cus, 256);
	assert_string_equal(t->env.text[GS_ENV_ARCH], "gfx950");
	assert_string_equal(t->env.text[GS_ENV_CUS], "256");
	assert_string_equal(t->env.text[GS_ENV_SCLK], "2200 MHz"); /* extdata */
	assert_true(t->env.num[GS_ENV_SCLK] == 2200);
	assert_int_equal(t->n, 1);
	assert_int_equal(t->rec[0].t.count, 50);
	same_as_json(t, 1);
	gs_table_free(t);
	unlink(db);
}

/* The documented kernels view alone (no per-table views) also works. */
static void
rocpd_kernels_view(void **state)
{
	static const char schema[] =
	        "CREATE TABLE kernels (id INTEGER PRIMARY KEY, name TEXT, start BIGINT,"
	        " \"end\" BIGINT, workgroup_x INT, workgroup_y INT, workgroup_z INT,"
	        " grid_x INT, grid_y INT, grid_z INT, lds_size INT, static_lds_size INT,"
	        " vgpr_count INT, accum_vgpr_count INT, sgpr_count INT);"
	        "INSERT INTO kernels VALUES (1, 'gemm', 1000, 3000, 256, 1, 1, 71680, 1, 1, 0, 32768, 128, 0, 96),"
	        " (2, 'gemm', 5000, 9000, 256, 1, 1, 71680, 1, 1, 0, 32768, 128, 0, 96);";
	char *db = make_rocpd(schema, 0);
	gs_table *t = gs_test_read(db, NULL);

	(void)state;
	assert_int_equal(t->n, 1);
	assert_int_equal(t->rec[0].t.count, 2);
	assert_near(t->rec[0].t.median, 3.0, 1e-12); /* (2 + 4) / 2 µs */
	assert_int_equal(gs_launch_of(&t->rec[0])->workgroups, 280);
	assert_int_equal(gs_launch_of(&t->rec[0])->lds_bytes, 32768);
	assert_null(t->gpu);
	gs_table_free(t);
	unlink(db);
}

/* The gfx1151 seed's rocpd (tests/data/trace/rocpd/: its kernels view
 * has only the columns the seed's query reads, and a duration instead of
 * start and end; its agent has a generic product name).  The seed's
 * occupancy reasoning comes out of it: 128 threads, 256 VGPRs, 17408 B
 * LDS are 3 workgroups = 12 waves per CU, 37.5 %. */
static void
rocpd_seed_gfx1151(void **state)
{
	gs_table *t =
	        gs_test_read(gs_test_path("tests/data/trace/rocpd/gfx1151-torch8192.db"), NULL);
	const gs_launch *l;
	gs_single s;
	gs_error err;

	(void)state;
	assert_string_equal(t->format, "rocpd");
	assert_string_equal(t->gpu, "gfx1151"); /* not "AMD Radeon Graphics" */
	assert_int_equal(t->gpu_cus, 40);
	assert_string_equal(t->env.text[GS_ENV_DEVICE], "AMD Radeon Graphics");
	assert_string_equal(t->env.text[GS_ENV_SCLK], "2900 MHz");
	assert_int_equal(t->n, 1);
	assert_string_equal(gs_record_kernel(&t->rec[0]), "triton_tem_fused_mm_0");
	assert_near(t->rec[0].t.median, 40186.0, 1e-9); /* duration, ns -> µs */
	l = gs_launch_of(&t->rec[0]);
	assert_int_equal(l->workgroups, 64 * 64); /* grid (8192, 64) / (128, 1) */
	assert_int_equal(l->wg_size, 128);
	assert_int_equal(l->vgpr, 256);
	assert_int_equal(l->sgpr, 128);
	assert_int_equal(l->lds_bytes, 17408);
	assert_near(gs_kmix_share(t->kmix, GS_KC_GEMM), 1.0, 0);
	assert_int_equal(gs_single_run(t, gs_gpu_find(t->gpu), NULL, &s, &err), 0);
	assert_true(s.rows[0].have_occ);
	assert_int_equal(s.rows[0].detail->x->occ.wgs_per_cu, 3);
	assert_near(s.rows[0].detail->x->occ.occupancy, 0.375, 1e-12);
	assert_true(s.rows[0].detail->x->occ.limiters & (1u << GS_OCC_LDS));
	gs_single_free(&s);
	gs_table_free(t);
}

static void
rpd_is_refused(void **state)
{
	char *db = make_rocpd("CREATE TABLE rocpd_op (id INTEGER PRIMARY KEY, start INT);", 0);
	gs_error err;

	(void)state;
	gs_test_read_fails(db, &err);
	assert_non_null(strstr(err.msg, "rpd"));
	unlink(db);
}

/* ---- bad JSON -------------------------------------------------------- */

static void
json_truncated(void **state)
{
	FILE *f = fopen(gs_test_path(JSON908), "rb");
	static char buf[300000];
	char *p = temp_name();
	FILE *o = fopen(p, "wb");
	gs_error err;

	(void)state;
	assert_non_null(f);
	assert_int_equal(fread(buf, 1, sizeof buf, f), sizeof buf);
	fclose(f);
	fwrite(buf, 1, sizeof buf, o);
	fclose(o);
	gs_test_read_fails(p, &err);
	assert_non_null(strstr(err.msg, "truncated"));
	assert_true(err.offset > (long long)sizeof buf);
	unlink(p);
}

static void
json_without_dispatches(void **state)
{
	char *p = temp_name();
	FILE *f = fopen(p, "w");
	gs_error err;

	(void)state;
	fputs("{\"rocprofiler-sdk-tool\": [{\"agents\": [], \"kernel_symbols\": [],"
	      " \"buffer_records\": {\"kernel_dispatch\": []}}]}",
	      f);
	fclose(f);
	gs_test_read_fails(p, &err);
	assert_non_null(strstr(err.msg, "no kernel dispatches"));
	unlink(p);
}

/* Issue 11, item 2: timestamps are validated with the row (CSV) or the
 * byte offset (JSON). */
static void
bad_timestamps(void **state)
{
	static const char *const csv[] = {
	        "Kernel_Name,Start_Timestamp,End_Timestamp\nk,100,1100\nk,2000,1000\n",
	        "Kernel_Name,Start_Timestamp,End_Timestamp\nk,100,1100\n"
	        "k,-9223372036854775807,9223372036854775807\n",
	};
	static const char json[] =
	        "{\"rocprofiler-sdk-tool\":[{\"agents\":[],\"kernel_symbols\":"
	        "[{\"kernel_id\":1,\"kernel_name\":\"k\"}],\"buffer_records\":"
	        "{\"kernel_dispatch\":[{\"start_timestamp\":5000,\"end_timestamp\":"
	        "4000,\"dispatch_info\":{\"kernel_id\":1}}]}}]}";
	char *p = temp_name();
	gs_error err;
	FILE *f;

	(void)state;
	for (size_t i = 0; i < 2; i++) {
		f = fopen(p, "w");
		fputs(csv[i], f);
		fclose(f);
		gs_test_read_fails(p, &err);
		assert_int_equal(err.line, 3);
		assert_non_null(strstr(err.msg, i ? "int64" : "ends before it starts"));
	}
	f = fopen(p, "w");
	fputs(json, f);
	fclose(f);
	gs_test_read_fails(p, &err);
	assert_non_null(strstr(err.msg, "ends before it starts"));
	assert_true(err.offset > 100 && err.offset < (long long)sizeof json);
	unlink(p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(json_totals),           cmocka_unit_test(json_kernels),
	        cmocka_unit_test(csv_rocm64_header),     cmocka_unit_test(csv_rocm62_header),
	        cmocka_unit_test(csv_rocpd_converted),   cmocka_unit_test(csv_bad_rows),
	        cmocka_unit_test(csv_no_gemm),           cmocka_unit_test(rocpd_database),
	        cmocka_unit_test(rocpd_generic_product), cmocka_unit_test(rocpd_kernels_view),
	        cmocka_unit_test(rpd_is_refused),        cmocka_unit_test(rocpd_seed_gfx1151),
	        cmocka_unit_test(json_truncated),        cmocka_unit_test(json_without_dispatches),
	        cmocka_unit_test(bad_timestamps),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
