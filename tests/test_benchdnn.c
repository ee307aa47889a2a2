/* test_benchdnn: oneDNN benchdnn perf lines (benchdnn.c, benchdnn_prb.c)
 * on the Xeon runs of tests/data/benchdnn (reconstructed from benchdnn's
 * documented output, README there): the template names the fields, the
 * matmul descriptor gives M, N, K, batch, dtype and transposes (in the
 * trace reader's convention: trans_a from --wtag, trans_b from --stag),
 * the average time is the time (ms -> µs), other drivers are excluded. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "testdata.h"

#include "ingest/benchdnn.h"
#include "readers_test.h"

#define D "tests/data/benchdnn/"

static void
base_run(void **state)
{
	gs_table *t = gs_test_read(gs_test_path(D "spr-onednn-3.5.txt"), NULL);
	const gs_record *r;

	(void)state;
	assert_string_equal(t->format, "onednn-benchdnn");
	assert_int_equal(t->n, 4);
	r = rt_record(t, "1×4096×4096 bf16 NN");
	assert_true(r->t.median == 78.6); /* %0time% 0.0786 ms, not %-time% 0.0713 */
	assert_string_equal(gs_record_kernel(r), "brg_matmul:avx512_core_amx");
	assert_null(gs_record_tag(r));
	r = rt_record(t, "128×11008×4096 bf16 NN");
	assert_true(r->t.median == 312);
	assert_string_equal(gs_record_tag(r), "llama2:ffn_up"); /* %name%, unquoted by libcsv */
	/* 12x384x64:12x64x384 with --wtag=acb: a batch of 12, weights transposed */
	r = rt_record(t, "384×384×64 f32 TN batch 12");
	assert_true(r->t.median == 51.7);
	assert_string_equal(gs_record_kernel(r), "brg_matmul:avx512_core");
	assert_true(rt_record(t, "1024×1024×1024 f16 TN")->t.median == 63.4);
	assert_int_equal(t->nexcl, 1); /* the --ip problem */
	assert_int_equal(t->excl[0].line, 6);
	assert_string_equal(t->excl[0].reason, "not a matmul problem (another benchdnn driver)");
	assert_int_equal(t->skipped, 3); /* tests:, total perf:, total: */
	gs_table_free(t);
}

/* oneDNN 1.x: no template line, 11 fields (%Gfreq%), the deprecated
 * descriptor and --cfg. */
static void
deprecated_run(void **state)
{
	gs_table *t = gs_test_read(gs_test_path(D "v1-deprecated.txt"), NULL);

	(void)state;
	assert_int_equal(t->n, 2);
	assert_true(rt_record(t, "128×256×512 bf16 NN batch 2")->t.median == 23.5);
	assert_true(rt_record(t, "512×512×1024 f32 NN")->t.median == 253.3);
	gs_table_free(t);
}

static void
problem(const char *prb, int rc, const char *want)
{
	const char *why = NULL;
	char buf[128];
	gs_shape k;

	assert_int_equal(gs_benchdnn_problem(prb, &k, &why), rc);
	if (rc == 0)
		assert_string_equal(gs_shape_format(&k, buf, sizeof buf), want);
	else if (!strstr(why, want))
		fail_msg("%s: '%s' does not say '%s'", prb, why, want);
}

static void
descriptors(void **state)
{
	(void)state;
	problem("--matmul --dt=u8:s8:s32 --stag=ba --wtag=ab 64x32:32x128", 0, "64×128×32 i8 NT");
	/* broadcast batch dims: the larger of each */
	problem("--matmul --dt=bf16 1x8x64x32:4x1x32x16:4x8x64x16", 0, "64×16×32 bf16 NN batch 32");
	problem("--matmul --bia_dt=f32 16x16:16x16", 0, "16×16×16 f32 NN bias");
	problem("--matmul --bia_dt=undef 16x16:16x16", 0, "16×16×16 f32 NN");
	problem("--matmul --cfg=u8s8f32 mb4m8n16k32_nsmall", 0, "8×16×32 i8 NN batch 4");
	problem("--matmul --stag=AB16b64a --wtag=any 8x8:8x8", 0, "8×8×8 f32 NN");
	problem("--matmul 10x30:31x20", -1, "K differs");
	problem("--matmul 10x30:2x30x20", -1, "rank");
	problem("--matmul mb2m0n4k4", -1, "malformed");
	problem("--matmul --dt=f16", -1, "no problem descriptor");
	problem("--mode=P --conv --dir=FWD_B mb1ic3ih224oc64oh112kh7sh2ph3", 1, "another");
}

static void
refused(void **state)
{
	static const char templ[] = "Output template: perf,%engine%,%impl%,%name%,%prb%,%Gops%,"
	                            "%-time%,%-Gflops%,%0time%,%0Gflops%\n";
	char text[512];

	(void)state;
	rt_refused(gs_test_path(D "bad-descriptor.txt"), 3, 5, -1,
	           "the source's K differs from the weights' K");
	snprintf(text, sizeof text, "%sperf,cpu,x,,--matmul 8x8:8x8,1,0.1,1,0.1\n", templ);
	rt_refused_text(text, 2, 0, "perf line of 9 fields; its template has 10");
	snprintf(text, sizeof text, "%sperf,cpu,x,,--matmul 8x8:8x8,1,0.1,1,-0.1,1\n", templ);
	rt_refused_text(text, 2, 9, "negative time");
	rt_refused_text("perf,cpu,x,,--matmul 8x8:8x8,1,0.1,1\n", 1, 0,
	                "without an 'Output template:' line");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(base_run),
	        cmocka_unit_test(deprecated_run),
	        cmocka_unit_test(descriptors),
	        cmocka_unit_test(refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
