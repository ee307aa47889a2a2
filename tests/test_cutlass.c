/* test_cutlass: CUTLASS profiler CSVs (csv_cutlass.c) on the H100 runs of
 * tests/data/cutlass (reconstructed from the profiler's documented
 * layout, README there): the fastest passing operation of each problem
 * stands for its shape, with its kernel and the macro tile of its cta_*
 * columns; failed operations, cuBLAS reference rows and slower
 * operations are left out as documented. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "testdata.h"

#include "readers_test.h"

#define D "tests/data/cutlass/"

static const char header[] =
        "Problem,Provider,OperationKind,Operation,Disposition,Status,m,n,k,A,B,batch_count,"
        "cta_m,cta_n,cta_k,Runtime\n";

static void
base_run(void **state)
{
	gs_table *t = gs_test_read(gs_test_path(D "h100-cutlass-3.5.gemm.csv"), NULL);
	const gs_record *r;

	(void)state;
	assert_string_equal(t->format, "cutlass-profiler");
	assert_int_equal(t->n, 4);
	/* A bf16:row, B bf16:column: BLAS TN; 0.1985 ms beats 0.2168 ms and
	 * the cuBLAS row (0.2011 ms) is another provider's */
	r = rt_record(t, "4096×4096×4096 bf16 TN");
	assert_true(r->t.median == 198.5);
	assert_int_equal(r->nsamples, 1);
	assert_string_equal(gs_record_kernel(r),
	                    "cutlass3x_sm90_tensorop_s64x256x16gemm_bf16_bf16_f32_void_"
	                    "bf16_128x256x64_2x1x1_0_tnn_align8_warpspecialized_"
	                    "cooperative_epi_tma");
	assert_int_equal(gs_launch_of(r)->tile_m, 128);
	assert_int_equal(gs_launch_of(r)->tile_n, 256);
	assert_int_equal(gs_launch_of(r)->tile_k, 64);
	assert_true(rt_record(t, "8192×8192×8192 bf16 TN")->t.median == 1527);
	r = rt_record(t, "1024×1024×8192 bf16 TN");
	assert_true(r->t.median == 45.2); /* "0.0452" ms, correctly rounded */
	assert_int_equal(gs_launch_of(r)->tile_n, 128);
	/* the faster 64x128 operation's result was incorrect: the pingpong one */
	r = rt_record(t, "16×4096×4096 bf16 TN");
	assert_true(r->t.median == 11.8);
	assert_int_equal(gs_launch_of(r)->tile_m, 64);
	/* 2048^3 f16: its one operation not supported */
	assert_int_equal(t->nexcl, 1);
	assert_int_equal(t->excl[0].line, 12);
	assert_string_equal(t->excl[0].what, "2048×2048×2048 f16 TN");
	assert_string_equal(t->excl[0].reason, "Disposition not_supported");
	/* 2 cuBLAS rows, 3 slower operations, 1 incorrect one */
	assert_int_equal(t->skipped, 6);
	gs_table_free(t);
}

static void
candidate_run(void **state)
{
	gs_table *t = gs_test_read(gs_test_path(D "h100-cutlass-3.8.gemm.csv"), NULL);

	(void)state;
	assert_int_equal(t->n, 5);
	assert_int_equal(t->nexcl, 0);
	assert_true(rt_record(t, "4096×4096×4096 bf16 TN")->t.median == 189.0);
	assert_true(rt_record(t, "1024×1024×8192 bf16 TN")->t.median == 51.9);
	/* 0.0131 ms loses to 0.0109 ms */
	assert_true(rt_record(t, "16×4096×4096 bf16 TN")->t.median == 10.9);
	assert_true(rt_record(t, "2048×2048×2048 f16 TN")->t.median == 30.1);
	gs_table_free(t);
}

/* A file of cuBLAS rows alone reads as cuBLAS: no kernel, no tile (the
 * cta columns are the CUTLASS operation's); a re-run appended under
 * another Problem index is a second sample; batch_count is the batch. */
static void
provider_and_samples(void **state)
{
	static const char body[] =
	        "0,cuBLAS,gemm,cutlass_tensorop_h16816gemm_128x128_32x4_nt_align8,passed,success,"
	        "512,512,512,f16:column,f16:row,8,128,128,32,0.0213\n"
	        "0,cuBLAS,gemm,cutlass_tensorop_h16816gemm_256x128_32x3_nt_align8,passed,success,"
	        "512,512,512,f16:column,f16:row,8,256,128,32,0.0209\n"
	        "1,cuBLAS,gemm,cutlass_tensorop_h16816gemm_128x128_32x4_nt_align8,passed,success,"
	        "512,512,512,f16:column,f16:row,8,128,128,32,0.0221\n";
	const char *path;
	gs_table *t = rt_read_text(header, body, &path);
	const gs_record *r = rt_record(t, "512×512×512 f16 NT batch 8");

	(void)state;
	assert_int_equal(t->n, 1);
	assert_int_equal(r->nsamples, 2); /* problem 0's best, then problem 1's */
	assert_true(r->samples[0] == 20.9 && r->samples[1] == 22.1);
	assert_null(gs_record_kernel(r));
	assert_int_equal(gs_launch_of(r)->tile_m, 0);
	assert_int_equal(t->skipped, 1);
	gs_table_free(t);
	unlink(path);
}

/* HEADER then ROW must be refused at line 2, column COL, saying WHAT. */
static void
refused_row(const char *row, long col, const char *what)
{
	char text[1024];

	snprintf(text, sizeof text, "%s%s\n", header, row);
	rt_refused_text(text, 2, col, what);
}

static void
refused(void **state)
{
	(void)state;
	/* Runtime, column 42 of the profiler's header */
	rt_refused(gs_test_path(D "bad-runtime.gemm.csv"), 2, 42, -1, "time is not a number");
	refused_row("0,CUTLASS,gemm,k,passed,success,64,64,64,f16:diagonal,f16:row,1,64,64,32,0.01",
	            10, "layout is neither column nor row");
	refused_row("0,CUTLASS,gemm,k,passed,success,64,64,64,f16:column,f16:row,1,64,64,32,-0.01",
	            16, "negative time");
	refused_row("x,CUTLASS,gemm,k,passed,success,64,64,64,f16:column,f16:row,1,64,64,32,0.01",
	            1, "Problem is not an index");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(base_run),
	        cmocka_unit_test(candidate_run),
	        cmocka_unit_test(provider_and_samples),
	        cmocka_unit_test(refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
