/* test_ncu: Nsight Compute `ncu --csv` (ncu.c) on the H100 runs of
 * tests/data/ncu (reconstructed from ncu's documented CSV, README
 * there): a record per kernel name, a sample per launch (its Duration),
 * the launch geometry, registers and shared memory for occupancy; the
 * "==PROF==" preamble passed over with lines still counted from the top
 * of the file; metrics by label or by name, in scaled or base units. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "testdata.h"

#include "model/kernel_class.h"
#include "readers_test.h"

#define D "tests/data/ncu/"
#define NVJET "nvjet_tst_128x256_64x4_2x1_v_bz_coopA_TNN"
#define XMMA \
	"sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_" \
	"execute_segment_k_off_kernel__5x_cublas"
#define CUTLASS \
	"void cutlass::Kernel2<cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_64x6_tn_align8>" \
	"(T1::Params)"

static const char header[] =
        "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\","
        "\"Stream\",\"Section Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n";

static void
launch_is(const gs_record *r, long blocks, int threads, int regs, long smem)
{
	const gs_launch *l = gs_launch_of(r);

	assert_int_equal(l->workgroups, blocks);
	assert_int_equal(l->wg_size, threads);
	assert_int_equal(l->regs_per_thread, regs);
	assert_int_equal(l->lds_bytes, smem);
}

static void
old_layout(void **state)
{
	gs_table *t = gs_test_read(gs_test_path(D "h100-linear-ncu2022.csv"), NULL);
	const gs_record *r;

	(void)state;
	assert_string_equal(t->format, "ncu-csv");
	assert_int_equal(t->n, 2); /* the GEMM kernels; the fill kernel is in the mix */
	assert_int_equal(t->kmix->n, 3);
	assert_int_equal(t->kmix->calls, 6);
	assert_int_equal(t->kmix->class_calls[GS_KC_GEMM], 5);
	assert_near(t->kmix->total_us, 2.14 + 205.41 + 14.21 + 204.87 + 14.35 + 205.02, 1e-9);
	r = rt_record(t, NVJET);
	assert_string_equal(r->shape.op, "kernel");
	assert_string_equal(gs_record_kernel(r), NVJET);
	assert_int_equal(r->t.count, 3);
	assert_true(r->t.median == 205.02); /* 205.41, 204.87, 205.02 usecond */
	/* 132 persistent blocks of 384 threads, 229.63 Kbyte/block (SI) */
	launch_is(r, 132, 384, 168, 229630);
	r = rt_record(t, CUTLASS);
	assert_int_equal(r->t.count, 2);
	assert_near(r->t.median, 14.28, 1e-9); /* (14.21 + 14.35) / 2 */
	launch_is(r, 128, 128, 230, 98300);
	/* the second launch's first row: 9 preamble lines, the header, the
	 * fill kernel's 25 metric rows */
	assert_int_equal(rt_record(t, NVJET)->line, 36);
	assert_null(t->env.text[GS_ENV_CC]); /* no CC column then */
	gs_table_free(t);
}

static void
new_layout(void **state)
{
	gs_table *t = gs_test_read(gs_test_path(D "h100-linear-ncu2024.csv"), NULL);

	(void)state;
	assert_int_equal(t->n, 2);
	assert_true(rt_record(t, NVJET)->t.median == 193.9); /* "us" */
	assert_true(rt_record(t, CUTLASS)->t.median == 16.0);
	launch_is(rt_record(t, NVJET), 132, 384, 168, 229630);
	assert_string_equal(t->env.text[GS_ENV_CC], "9.0");
	gs_table_free(t);
}

/* --print-metric-name name --print-units base, thousands separators, a
 * launch without a Duration, ncu's closing line after the table. */
static void
names_and_base_units(void **state)
{
	static const char rows[] =
	        "\"0\",\"7\",\"a.out\",\"h\",\"" XMMA
	        "\",\"1\",\"7\",\"Command line profiler metrics\","
	        "\"gpu__time_duration.sum\",\"nsecond\",\"1,234,567\"\n"
	        "\"0\",\"7\",\"a.out\",\"h\",\"" XMMA
	        "\",\"1\",\"7\",\"Command line profiler metrics\","
	        "\"launch__registers_per_thread\",\"register/thread\",\"96\"\n"
	        "\"0\",\"7\",\"a.out\",\"h\",\"" XMMA
	        "\",\"1\",\"7\",\"Command line profiler metrics\","
	        "\"launch__shared_mem_per_block_dynamic\",\"byte/block\",\"49,152\"\n"
	        "\"0\",\"7\",\"a.out\",\"h\",\"" XMMA
	        "\",\"1\",\"7\",\"Command line profiler metrics\","
	        "\"launch__grid_size\",\"\",\"1,024\"\n"
	        "\"1\",\"7\",\"a.out\",\"h\",\"k2\",\"1\",\"7\",\"Command line profiler metrics\","
	        "\"launch__registers_per_thread\",\"register/thread\",\"40\"\n"
	        "==PROF== Report: /tmp/r.ncu-rep\n";
	const char *path;
	gs_table *t = rt_read_text(header, rows, &path);
	const gs_record *r = rt_record(t, XMMA);

	(void)state;
	assert_int_equal(t->n, 1);
	assert_true(r->t.median == 1234.567);
	launch_is(r, 1024, 0, 96, 49152);
	assert_int_equal(t->nexcl, 1);
	assert_string_equal(t->excl[0].what, "k2");
	assert_int_equal(t->excl[0].line, 6);
	assert_int_equal(t->skipped, 1);
	gs_table_free(t);
	unlink(path);
}

static void
refused(void **state)
{
	char text[1024];

	(void)state;
	rt_refused(gs_test_path(D "bad-duration.csv"), 13, 15, -1,
	           "Duration '-2.11' us is negative");
	snprintf(
	        text, sizeof text,
	        "==PROF== Profiling \"k\" - 0: 0%%....100%%\n%s\"0\",\"7\",\"a\",\"h\",\"k\",\"1\","
	        "\"7\",\"S\",\"Duration\",\"cycle\",\"12\"\n",
	        header);
	rt_refused_text(text, 3, 10, "Duration in an unknown unit 'cycle'");
	/* a profile without a GEMM kernel */
	snprintf(text, sizeof text,
	         "%s\"0\",\"7\",\"a\",\"h\",\"void at::native::fill_kernel(float)\",\"1\",\"7\","
	         "\"S\",\"Duration\",\"us\",\"3.5\"\n",
	         header);
	rt_refused_text(text, 0, 0, "no GEMM kernel among the 1 kernel this Nsight Compute CSV");
	/* a quoting error libcsv finds is on the line of the file, too */
	snprintf(text, sizeof text, "==PROF== x\n==PROF== y\n%s\"0\",\"7\",\"a\"b,\"h\"\n", header);
	rt_refused_text(text, 4, 3, "malformed quoting");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(old_layout),
	        cmocka_unit_test(new_layout),
	        cmocka_unit_test(names_and_base_units),
	        cmocka_unit_test(refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
