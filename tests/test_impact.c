/* test_impact: a comparison weighted by a real workload (analysis/impact.h):
 * the shipped example pair weighted by a workload CSV (read by the CSV
 * reader) and by a PyTorch trace; the TraceLens Qwen traces (MI300X vs
 * H100) weighted by the MI300X trace itself; the key rules (as given,
 * M/N swapped between a trace and a BLAS log, no swap when a view is
 * unknown).  Expected sums are computed by hand from the inputs' numbers. */
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

#include "testdata.h"

#include "analysis/compare.h"
#include "analysis/impact.h"
#include "ingest/ingest.h"

#define QWEN(gpu) "tests/data/trace/tracelens/" gpu "/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz"

static gs_table *
example(const char *name)
{
	char rel[256];

	snprintf(rel, sizeof rel, "examples/iree-kernel-benchmark/%s", name);
	return gs_test_read(gs_test_path(rel), NULL);
}

static void
compare(const gs_table *b, const gs_table *k, gs_compare *c)
{
	gs_compare_opts o;
	gs_error err;

	gs_compare_opts_default(&o);
	assert_int_equal(gs_compare_run(b, k, &o, c, &err), 0);
}

static void
near(double got, double want)
{
	if (!(fabs(got - want) <= 1e-9 * fmax(1, fabs(want))))
		fail_msg("got %.17g, want %.17g", got, want);
}

/* TEXT written to a temporary file and read by gs_ingest_read. */
static gs_table *
read_text(const char *text)
{
	char path[] = "/tmp/gs-test-impact-XXXXXX";
	int fd = mkstemp(path);
	FILE *f;
	gs_table *t;

	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	t = gs_test_read(path, NULL);
	unlink(path);
	return t;
}

/* The example (rocBLAS vs hipBLASLt) weighted by a workload CSV with a
 * count column: two shapes of the benchmark, one it lacks. */
static void
example_by_csv(void **state)
{
	gs_table *b = example("rocblas-gemm.csv"), *k = example("hipblaslt-gemm.csv");
	gs_table *w = read_text("M,N,K,dtype,trans_a,trans_b,count,time_us_median\n"
	                        "28672,4,8192,f16,T,N,10,100\n"
	                        "2048,1280,5120,bf16,T,N,5,120\n"
	                        "12345,678,910,f16,N,N,3,50\n");
	gs_compare c;
	gs_impact im;
	gs_error err;

	(void)state;
	compare(b, k, &c);
	assert_string_equal(w->format, "gemmscope");
	assert_int_equal(gs_impact_run(&c, w, 10, &im, &err), 0);
	assert_int_equal(im.work_view, GS_VIEW_UNKNOWN);
	assert_int_equal(im.bench_view, GS_VIEW_UNKNOWN);
	assert_int_equal(im.swapped, 0);
	assert_non_null(strstr(im.rule, "keys matched as given"));
	assert_int_equal(im.n, 3);
	assert_int_equal(im.matched_shapes, 2);
	assert_int_equal(im.unmatched_shapes, 1);
	near(im.matched_calls, 15);
	near(im.unmatched_calls, 3);
	/* rocBLAS 130.72067 and 131.74174 µs, hipBLASLt 156.93609 and 72.55534. */
	near(im.base_us, 10 * 130.72066999999998 + 5 * 131.74174);
	near(im.cand_us, 10 * 156.93609 + 5 * 72.55534);
	near(im.base_us, 1965.9154);
	near(im.cand_us, 1932.1376);
	near(im.speedup, 1965.9154 / 1932.1376);
	near(im.delta_us, 1932.1376 - 1965.9154);
	near(im.work_us, 1000 + 600 + 150);
	near(im.unmatched_us, 150);
	near(im.unmatched_time_share, 150.0 / 1750);
	assert_null(im.rows[0].why);
	assert_string_equal(im.rows[2].why, "not in the comparison");
	assert_null(im.rows[2].pair);
	assert_true(isnan(im.rows[2].base_us));
	/* Only the skinny shape lost time: 10 · (156.93609 - 130.72067). */
	assert_int_equal(im.ntop_lost, 1);
	assert_int_equal(im.top_lost[0], 0);
	near(im.rows[0].lost_us, 262.1542);
	gs_impact_free(&im);

	/* --top 0 keeps none. */
	assert_int_equal(gs_impact_run(&c, w, 0, &im, &err), 0);
	assert_int_equal(im.ntop_lost, 0);
	gs_impact_free(&im);
	gs_compare_free(&c);
	gs_table_free(w);
	gs_table_free(b);
	gs_table_free(k);
}

/* The same example weighted by the Qwen trace: the benchmark covers none of
 * its GEMMs, so everything is unmatched and there is no speedup. */
static void
example_by_trace(void **state)
{
	gs_table *b = example("rocblas-gemm.csv"), *k = example("hipblaslt-gemm.csv");
	gs_table *w = gs_test_read(gs_test_path(QWEN("mi300")), NULL);
	gs_compare c;
	gs_impact im;
	gs_error err;

	(void)state;
	compare(b, k, &c);
	assert_int_equal(gs_impact_run(&c, w, 10, &im, &err), 0);
	assert_int_equal(im.work_view, GS_VIEW_ROW_MAJOR);
	assert_int_equal(im.bench_view, GS_VIEW_UNKNOWN);
	assert_int_equal(im.swapped, 0);
	assert_int_equal(im.matched_shapes, 0);
	assert_int_equal(im.unmatched_shapes, 5);
	near(im.unmatched_calls, 1 + 72 + 24 + 48 + 24);
	assert_true(im.unmatched_time_share == 1);
	assert_true(isnan(im.speedup));
	assert_true(im.base_us == 0 && im.cand_us == 0);
	assert_int_equal(im.ntop_lost, 0);
	gs_impact_free(&im);
	gs_compare_free(&c);
	gs_table_free(w);
	gs_table_free(b);
	gs_table_free(k);
}

/* Qwen on MI300X against H100, weighted by the MI300X trace's own calls:
 * all five GEMMs match (addmm and mm of one key each find their own op). */
static void
qwen_by_own_trace(void **state)
{
	gs_table *b = gs_test_read(gs_test_path(QWEN("mi300")), NULL);
	gs_table *k = gs_test_read(gs_test_path(QWEN("h100")), NULL);
	gs_compare c;
	gs_impact im;
	gs_error err;

	(void)state;
	compare(b, k, &c);
	assert_int_equal(gs_impact_run(&c, b, 10, &im, &err), 0);
	assert_int_equal(im.work_view, GS_VIEW_ROW_MAJOR);
	assert_int_equal(im.bench_view, GS_VIEW_ROW_MAJOR);
	assert_string_equal(im.rule, "both in PyTorch's row-major view: keys matched as given");
	assert_int_equal(im.matched_shapes, 5);
	assert_int_equal(im.unmatched_shapes, 0);
	assert_true(im.unmatched_time_share == 0);
	for (size_t i = 0; i < im.n; i++)
		assert_ptr_equal(im.rows[i].pair->base, im.rows[i].work);
	/* calls × median (µs): bmm 1, addmm 72, mm 24, 48, 24. */
	near(im.base_us, 1 * 27.341796875 + 72 * 40.71240234375 + 24 * 40.532470703125 +
	                         48 * 110.452880859375 + 24 * 98.324951171875);
	near(im.cand_us, 1 * 3.52001953125 + 72 * 32.3680419921875 + 24 * 32.4000244140625 +
	                         48 * 84.4635009765625 + 24 * 76.4954833984375);
	near(im.base_us, 11592.951171875);
	near(im.cand_us, 9001.75927734375);
	near(im.speedup, 11592.951171875 / 9001.75927734375);
	assert_int_equal(im.ntop_lost, 0); /* H100 is faster on every shape */
	/* the trace covers one step (ProfilerStep#6): per step = the total */
	assert_int_equal(im.steps, 1);
	assert_true(im.delta_per_step_us == im.delta_us);
	gs_impact_free(&im);
	gs_compare_free(&c);
	gs_table_free(b);
	gs_table_free(k);
}

static void
add(gs_table *t, long m, long n, long k, const char *dtype, char ta, char tb, const double *x,
    size_t nx)
{
	gs_shape s;
	gs_error err;
	gs_record *r;

	gs_shape_init(&s);
	s.M = m;
	s.N = n;
	s.K = k;
	s.trans_a = ta;
	s.trans_b = tb;
	snprintf(s.dtype, sizeof s.dtype, "%s", dtype);
	r = gs_table_get(t, &s, (long)t->n + 2, &err);
	assert_non_null(r);
	for (size_t i = 0; i < nx; i++)
		assert_int_equal(gs_record_add_sample(r, x[i]), 0);
}

/* A BLAS log (column-major) states the trace's 8944×1024×1024 as
 * 1024×8944×1024: matched with M and N swapped, to the plain mm (no bias)
 * rather than the addmm of the same key.  A format that says nothing gets
 * no swap and no match. */
static void
key_rules(void **state)
{
	gs_table *b = gs_test_read(gs_test_path(QWEN("mi300")), NULL);
	gs_table *k = gs_test_read(gs_test_path(QWEN("h100")), NULL);
	gs_table *w = gs_table_new("rocblas.log");
	const double x[] = {10, 12, 11};
	gs_compare c;
	gs_impact im;
	gs_error err;

	(void)state;
	add(w, 1024, 8944, 1024, "bf16", 'T', 'N', x, 3);
	add(w, 8944, 1024, 1024, "bf16", 'T', 'N', x, 1);
	assert_int_equal(gs_table_finish(w, &err), 0);
	assert_int_equal(gs_table_set_format(w, "rocblas-bench"), 0);
	compare(b, k, &c);

	assert_int_equal(gs_impact_run(&c, w, 10, &im, &err), 0);
	assert_int_equal(im.work_view, GS_VIEW_COL_MAJOR);
	assert_int_equal(im.swapped, 1);
	assert_non_null(strstr(im.rule, "M and N swapped (BLAS M = PyTorch N)"));
	assert_int_equal(im.matched_shapes, 1);
	assert_non_null(im.rows[0].pair);
	assert_string_equal(im.rows[0].pair->base->shape.op, "aten::mm");
	assert_int_equal(im.rows[0].pair->base->shape.N, 1024);
	assert_int_equal(im.rows[0].pair->base->shape.K, 1024);
	near(im.base_us, 3 * 40.532470703125);
	near(im.cand_us, 3 * 32.4000244140625);
	near(im.work_us, 33 + 10);
	near(im.unmatched_time_share, 10.0 / 43);
	gs_impact_free(&im);

	assert_int_equal(gs_table_set_format(w, "csv"), 0);
	assert_int_equal(gs_impact_run(&c, w, 10, &im, &err), 0);
	assert_int_equal(im.work_view, GS_VIEW_UNKNOWN);
	assert_int_equal(im.swapped, 0);
	assert_int_equal(im.matched_shapes, 1);
	assert_null(im.rows[0].pair);
	assert_non_null(im.rows[1].pair);
	near(im.base_us, 40.532470703125);
	gs_impact_free(&im);

	gs_compare_free(&c);
	gs_table_free(w);
	gs_table_free(b);
	gs_table_free(k);
}

/* A rocprof kernel table is keyed by kernel names: nothing to match, and
 * each record says why. */
static void
kernel_keyed(void **state)
{
	gs_table *b = example("rocblas-gemm.csv"), *k = example("hipblaslt-gemm.csv");
	gs_table *w =
	        gs_test_read(gs_test_path("tests/data/trace/rocprof/kernel_trace_v1.csv"), NULL);
	gs_compare c;
	gs_impact im;
	gs_error err;

	(void)state;
	compare(b, k, &c);
	assert_int_equal(gs_impact_run(&c, w, 10, &im, &err), 0);
	assert_int_equal(im.matched_shapes, 0);
	assert_int_equal(im.unmatched_shapes, w->n);
	for (size_t i = 0; i < im.n; i++)
		if (w->rec[i].shape.name)
			assert_string_equal(im.rows[i].why, "no M/N/K (kernel-keyed record)");
	assert_non_null(w->rec[0].shape.name);
	assert_true(im.unmatched_time_share == 1);
	gs_impact_free(&im);
	gs_compare_free(&c);
	gs_table_free(w);
	gs_table_free(b);
	gs_table_free(k);
}

/* The baseline a PyTorch trace (row-major), the candidate a rocBLAS log
 * (column-major) holding the trace's 8944×1024×1024 as stated: the
 * comparison pairs them as stated, and the rule says the two sides' views
 * differ; the workload (a BLAS log) is matched against the baseline's
 * keys, swapped.  A candidate whose format says nothing lets the
 * baseline's view stand; a baseline that says nothing, the candidate's. */
static void
mixed_views(void **state)
{
	gs_table *b = gs_test_read(gs_test_path(QWEN("mi300")), NULL);
	gs_table *k = gs_table_new("rocblas.log"), *w = gs_table_new("work.log");
	const double x[] = {50};
	gs_compare c;
	gs_impact im;
	gs_error err;

	gs_shape mm;

	(void)state;
	gs_shape_init(&mm); /* the trace's aten::mm 8944×1024×1024 bf16 TN */
	mm.op = "aten::mm";
	mm.M = 8944;
	mm.N = mm.K = 1024;
	mm.trans_a = 'T';
	snprintf(mm.dtype, sizeof mm.dtype, "bf16");
	assert_int_equal(gs_record_add_sample(gs_table_get(k, &mm, 2, &err), x[0]), 0);
	add(w, 1024, 8944, 1024, "bf16", 'T', 'N', x, 1);
	assert_int_equal(gs_table_finish(k, &err), 0);
	assert_int_equal(gs_table_finish(w, &err), 0);
	assert_int_equal(gs_table_set_format(k, "rocblas-bench"), 0);
	assert_int_equal(gs_table_set_format(w, "rocblas-bench"), 0);
	compare(b, k, &c);
	assert_int_equal(gs_impact_run(&c, w, 10, &im, &err), 0);
	assert_int_equal(im.base_view, GS_VIEW_ROW_MAJOR);
	assert_int_equal(im.cand_view, GS_VIEW_COL_MAJOR);
	assert_int_equal(im.bench_view, GS_VIEW_ROW_MAJOR);
	assert_int_equal(im.swapped, 1);
	assert_string_equal(im.rule, "the baseline (row-major (PyTorch)) and the candidate "
	                             "(column-major (BLAS)) state M and N in different views and "
	                             "the comparison paired them as stated; the workload is "
	                             "matched against the baseline's keys: one side in PyTorch's "
	                             "row-major view, the other in BLAS's column-major view: M "
	                             "and N swapped (BLAS M = PyTorch N), transposes already in "
	                             "BLAS terms on both sides");
	assert_int_equal(im.matched_shapes, 1);
	assert_int_equal(im.steps, 0); /* a BLAS log does not count steps */
	assert_true(isnan(im.delta_per_step_us));
	gs_impact_free(&im);
	gs_compare_free(&c);
	/* an unknown baseline, the trace as the candidate: its view stands in */
	assert_int_equal(gs_table_set_format(k, "csv"), 0);
	compare(k, b, &c);
	assert_int_equal(gs_impact_run(&c, w, 10, &im, &err), 0);
	assert_int_equal(im.base_view, GS_VIEW_UNKNOWN);
	assert_int_equal(im.bench_view, GS_VIEW_ROW_MAJOR);
	assert_int_equal(im.swapped, 1); /* the candidate's trace view stands in */
	assert_non_null(strstr(im.rule, "M and N swapped"));
	assert_null(strstr(im.rule, "different views"));
	gs_impact_free(&im);
	gs_compare_free(&c);
	gs_table_free(w);
	gs_table_free(k);
	gs_table_free(b);
}

/* Steps: a PyTorch trace counts its CPU ProfilerStep#N annotations (HTA's
 * MI250 toy training trace has two, the gpu_user_annotation twin is not
 * counted); TraceLens's GEMM.csv of a trace does not say. */
static void
steps(void **state)
{
	gs_table *t = gs_test_read(
	        gs_test_path("tests/data/trace/hta/mi250_minitoy_train_ROCm6_2_kineto.json.gz"),
	        NULL);
	gs_table *g = gs_test_read(gs_test_path("tests/data/trace/tracelens/mi300/"
	                                        "Qwen_Qwen1.5-0.5B-Chat__1016005_perf_report_csvs/"
	                                        "GEMM.csv"),
	                           NULL);

	(void)state;
	assert_int_equal(t->steps, 2);
	assert_int_equal(g->steps, 0);
	gs_table_free(t);
	gs_table_free(g);
}

static void
views(void **state)
{
	gs_table *t = gs_table_new("x");

	(void)state;
	assert_int_equal(gs_view_of(t), GS_VIEW_UNKNOWN);
	assert_int_equal(gs_table_set_format(t, "tracelens-gemm"), 0);
	assert_int_equal(gs_view_of(t), GS_VIEW_ROW_MAJOR);
	assert_int_equal(gs_table_set_format(t, "onednn-benchdnn"), 0);
	assert_int_equal(gs_view_of(t), GS_VIEW_ROW_MAJOR);
	assert_int_equal(gs_table_set_format(t, "cutlass-profiler"), 0);
	assert_int_equal(gs_view_of(t), GS_VIEW_COL_MAJOR);
	assert_int_equal(gs_table_set_format(t, "nvbench-json"), 0); /* its axes say nothing */
	assert_int_equal(gs_view_of(t), GS_VIEW_UNKNOWN);
	gs_table_free(t);
	assert_string_equal(gs_view_name(GS_VIEW_COL_MAJOR), "column-major (BLAS)");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(example_by_csv),    cmocka_unit_test(example_by_trace),
	        cmocka_unit_test(qwen_by_own_trace), cmocka_unit_test(key_rules),
	        cmocka_unit_test(kernel_keyed),      cmocka_unit_test(views),
	        cmocka_unit_test(mixed_views),       cmocka_unit_test(steps),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
