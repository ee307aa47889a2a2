/* test_cause: one cause per classified pair (analysis/cause.h) on the
 * shipped real pairs (examples/iree-kernel-benchmark: no kernel names; the
 * TraceLens Qwen traces, MI300X against H100) and on constructed tables,
 * one shape per rule; the split of time lost / saved by cause must sum to
 * the compare summary bit for bit. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testdata.h"

#include "analysis/cause.h"
#include "analysis/compare.h"
#include "analysis/single.h"
#include "ingest/ingest.h"

/* Everything one case holds. */
typedef struct fx {
	gs_table *b, *k;
	gs_compare c;
	gs_single sb, sk;
	gs_causes causes;
} fx;

/* The sentence of cause E, one of C's. */
static const char *
text_of(const gs_causes *c, const gs_cause *e)
{
	return gs_cause_text(c, (size_t)(e - c->by_pair));
}

/* Compare B and K (finished), each side's efficiency on GB / GK (NULL:
 * none), then the causes. */
static void
run(fx *f, const gs_gpu *gb, const gs_gpu *gk)
{
	gs_compare_opts o;
	gs_error err;

	gs_compare_opts_default(&o);
	assert_int_equal(gs_compare_run(f->b, f->k, &o, &f->c, &err), 0);
	assert_int_equal(gs_single_run(f->b, gb, NULL, &f->sb, &err), 0);
	assert_int_equal(gs_single_run(f->k, gk, NULL, &f->sk, &err), 0);
	assert_int_equal(gs_cause_run(&f->c, &f->sb, &f->sk, &f->causes, &err), 0);
	assert_int_equal(f->causes.n, f->c.npairs);
}

static void
done(fx *f)
{
	gs_causes_free(&f->causes);
	gs_single_free(&f->sb);
	gs_single_free(&f->sk);
	gs_compare_free(&f->c);
	gs_table_free(f->b);
	gs_table_free(f->k);
}

/* The split sums to the summary exactly, and every classified pair has a
 * cause and a text, every other pair none. */
static void
check_split(const fx *f)
{
	size_t nl = 0, ns = 0;

	assert_true(gs_cause_sum(f->causes.lost_us) == f->c.s.time_lost_us);
	assert_true(gs_cause_sum(f->causes.saved_us) == f->c.s.time_saved_us);
	for (int k = 0; k < GS_CAUSE_COUNT; k++) {
		nl += f->causes.nlost[k];
		ns += f->causes.nsaved[k];
		assert_true(f->causes.lost_us[k] >= 0 && f->causes.saved_us[k] >= 0);
	}
	assert_int_equal(nl, f->c.s.regressed);
	assert_int_equal(ns, f->c.s.improved);
	assert_int_equal(f->causes.nlost[GS_CAUSE_NONE] + f->causes.nsaved[GS_CAUSE_NONE], 0);
	for (size_t i = 0; i < f->c.npairs; i++) {
		const gs_cause *e = &f->causes.by_pair[i];
		int classified =
		        f->c.pairs[i].cls == GS_IMPROVED || f->c.pairs[i].cls == GS_REGRESSED;
		assert_non_null(text_of(&f->causes, e));
		assert_int_equal(e->kind != GS_CAUSE_NONE, classified);
		assert_int_equal(*text_of(&f->causes, e) != '\0', classified);
	}
}

static void
print_split(const char *what, const gs_causes *c)
{
	for (int k = 1; k < GS_CAUSE_COUNT; k++)
		if (c->nlost[k] || c->nsaved[k])
			printf("# %s: %-18s lost %3zu shapes %10.3f us, saved %3zu shapes %10.3f us\n",
			       what, gs_cause_name((gs_cause_kind)k), c->nlost[k], c->lost_us[k],
			       c->nsaved[k], c->saved_us[k]);
}

static gs_table *
example(const char *name)
{
	char rel[256];

	snprintf(rel, sizeof rel, "examples/iree-kernel-benchmark/%s", name);
	return gs_test_read(gs_test_path(rel), NULL);
}

/* The shipped example has no kernel names and names no GPU: every
 * classified shape is unknown, for want of both. */
static void
example_no_names(void **state)
{
	fx f = {0};

	(void)state;
	f.b = example("rocblas-gemm.csv");
	f.k = example("hipblaslt-gemm.csv");
	for (size_t i = 0; i < f.b->n; i++)
		assert_null(gs_record_kernel(&f.b->rec[i]));
	run(&f, NULL, NULL);
	check_split(&f);
	assert_int_equal(f.causes.nlost[GS_CAUSE_UNKNOWN], 152);
	assert_int_equal(f.causes.nsaved[GS_CAUSE_UNKNOWN], 317);
	assert_true(f.causes.lost_us[GS_CAUSE_UNKNOWN] == f.c.s.time_lost_us);
	for (size_t i = 0; i < f.c.npairs; i++)
		if (f.causes.by_pair[i].kind == GS_CAUSE_UNKNOWN)
			assert_string_equal(text_of(&f.causes, &f.causes.by_pair[i]),
			                    "not enough information: no kernel names, no GPU");
	/* the 469 classified pairs share that one sentence: kept once, beside
	 * the neutral pairs' "" */
	assert_int_equal(f.causes.ntexts, 2);
	assert_string_equal(f.causes.texts[0], "");
	print_split("example", &f.causes);
	done(&f);
}

/* The figures behind cause E, one of F's (gs_cause_figures). */
static gs_cause_figs
figs(const fx *f, const gs_cause *e)
{
	gs_cause_figs x;

	assert_int_equal(
	        gs_cause_figures(&f->c, (size_t)(e - f->causes.by_pair), &f->sb, &f->sk, &x), 0);
	return x;
}

static const gs_cause *
cause_of(const fx *f, long m, long n, long k, const char *dtype, char ta, char tb)
{
	for (size_t i = 0; i < f->c.npairs; i++) {
		const gs_shape *s = &f->c.pairs[i].base->shape;
		if (s->M == m && s->N == n && s->K == k && strcmp(s->dtype, dtype) == 0 &&
		    s->trans_a == ta && s->trans_b == tb)
			return &f->causes.by_pair[i];
	}
	fail_msg("no pair %ldx%ldx%ld", m, n, k);
	return NULL;
}

/* The same pair on an MI300X (--gpu mi300x): low-intensity shapes that
 * move their bytes at half the bandwidth or more on both sides are
 * memory_bound whatever happened; a low-intensity shape far from the
 * memory roof is not; the rest still lacks kernel names.  The split now
 * has two buckets and still sums exactly. */
static void
example_on_mi300x(void **state)
{
	const gs_gpu *g = gs_gpu_find("mi300x");
	fx f = {0};

	(void)state;
	assert_non_null(g);
	f.b = example("rocblas-gemm.csv");
	f.k = example("hipblaslt-gemm.csv");
	run(&f, g, g);
	check_split(&f);
	assert_int_equal(f.causes.nlost[GS_CAUSE_MEMORY_BOUND], 77);
	assert_int_equal(f.causes.nlost[GS_CAUSE_UNKNOWN], 75);
	assert_int_equal(f.causes.nsaved[GS_CAUSE_MEMORY_BOUND], 206);
	assert_int_equal(f.causes.nsaved[GS_CAUSE_UNKNOWN], 111);
	assert_int_equal(f.causes.missing_lost, GS_MISS_NAME_BASE | GS_MISS_NAME_CAND);
	/* 28672×4×8192 f16 TN: intensity 4.0, 130.7 → 156.9 µs against a
	 * memory roof of 470.1 MB / 5.3 TB/s = 88.7 µs: 68 % and 57 %. */
	const gs_cause *e = cause_of(&f, 28672, 4, 8192, "f16", 'T', 'N');
	assert_int_equal(e->kind, GS_CAUSE_MEMORY_BOUND);
	assert_true(fabs(figs(&f, e).mem_base - 470056960 / 5.3e6 / 130.72067) < 1e-6);
	assert_true(figs(&f, e).mem_base >= 0.5 && figs(&f, e).mem_cand >= 0.5);
	assert_string_equal(text_of(&f.causes, e),
	                    "memory-bound: arithmetic intensity 4.0 FLOP/B below the "
	                    "ridge 246.7 FLOP/B (MI300X, f16), both sides near the "
	                    "memory roof (68 % \xe2\x86\x92 57 % of the bandwidth): bytes "
	                    "moved set its time, tile and wave quantization do not; "
	                    "1.20\xc3\x97 slower; kernel names unknown");
	/* 1920×2×5120 bf16 TN: intensity 2.0, 1.76× slower, but at 44 % and
	 * 25 % of the memory roof (8.4 and 14.8 µs for 19.7 MB): latency, not
	 * bandwidth, so not memory_bound; no names to say more. */
	e = cause_of(&f, 1920, 2, 5120, "bf16", 'T', 'N');
	assert_int_equal(e->kind, GS_CAUSE_UNKNOWN);
	assert_true(fabs(figs(&f, e).intensity - 1.997139513717332) < 1e-9);
	assert_true(fabs(figs(&f, e).ridge - 246.6792452830189) < 1e-9);
	assert_true(figs(&f, e).mem_base < 0.5 && figs(&f, e).mem_cand < 0.5);
	assert_string_equal(text_of(&f.causes, e),
	                    "not enough information: no kernel names (intensity 2.0 below "
	                    "the ridge 246.7 FLOP/B, but at 44 % \xe2\x86\x92 25 % of "
	                    "the memory roof: not memory-bound)");
	/* 4096×4096×8192 bf16 TT, the worst: compute-bound, names unknown. */
	e = cause_of(&f, 4096, 4096, 8192, "bf16", 'T', 'T');
	assert_int_equal(e->kind, GS_CAUSE_UNKNOWN);
	assert_string_equal(text_of(&f.causes, e),
	                    "not enough information: no kernel names (compute-bound: "
	                    "intensity 1638.4 >= ridge 246.7 FLOP/B)");
	print_split("example --gpu mi300x", &f.causes);
	done(&f);
}

/* TraceLens's Qwen traces, MI300X against H100: kernel names on both
 * sides, GPUs differ: every classified shape is gpu_changed. */
static void
qwen_cross_gpu(void **state)
{
	const char *dir = "tests/data/trace/tracelens/";
	fx f = {0};

	(void)state;
	f.b = gs_test_read(gs_test_path("tests/data/trace/tracelens/mi300/"
	                                "Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz"),
	                   NULL);
	f.k = gs_test_read(gs_test_path("tests/data/trace/tracelens/h100/"
	                                "Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz"),
	                   NULL);
	(void)dir;
	assert_non_null(f.b->gpu);
	assert_non_null(f.k->gpu);
	run(&f, gs_gpu_find(f.b->gpu), gs_gpu_find(f.k->gpu));
	check_split(&f);
	assert_int_equal(f.c.npairs, 5);
	assert_int_equal(f.causes.nsaved[GS_CAUSE_GPU_CHANGED], 5);
	assert_true(f.causes.saved_us[GS_CAUSE_GPU_CHANGED] == f.c.s.time_saved_us);
	for (size_t i = 0; i < f.c.npairs; i++) {
		const gs_cause *e = &f.causes.by_pair[i];
		assert_non_null(gs_record_kernel(f.c.pairs[i].base));
		assert_non_null(gs_record_kernel(f.c.pairs[i].cand));
		assert_int_equal(e->kind, GS_CAUSE_GPU_CHANGED);
		assert_non_null(
		        strstr(text_of(&f.causes, e), "different GPUs (MI300X \xe2\x86\x92 H100)"));
		assert_non_null(strstr(text_of(&f.causes, e), "; kernel changed ("));
	}
	/* 32×559×1 f32 bmm: Tensile 16×16 against CUTLASS 2 128×32. */
	const gs_cause *e = cause_of(&f, 32, 559, 1, "f32", 'N', 'N');
	assert_non_null(strstr(text_of(&f.causes, e), "kernel changed (tensile 16\xc3\x97"
	                                              "16 \xe2\x86\x92 "
	                                              "cutlass2 128\xc3\x97"
	                                              "32)"));
	print_split("qwen mi300x vs h100", &f.causes);
	done(&f);
}

/* TraceLens's GEMM.csv of the same Qwen model, H100 against MI300X: the
 * tables name no GPU, but the kernel families do (xmma and CUTLASS are
 * NVIDIA's, Tensile AMD's): every shape is gpu_changed, and the text says
 * the vendors were inferred. */
static void
gemm_csv_vendors(void **state)
{
	fx f = {0};

	(void)state;
	f.b = gs_test_read(
	        gs_test_path("tests/data/trace/tracelens/h100/"
	                     "Qwen_Qwen1.5-0.5B-Chat__1016005_perf_report_csvs/GEMM.csv"),
	        NULL);
	f.k = gs_test_read(
	        gs_test_path("tests/data/trace/tracelens/mi300/"
	                     "Qwen_Qwen1.5-0.5B-Chat__1016005_perf_report_csvs/GEMM.csv"),
	        NULL);
	assert_null(f.b->gpu);
	assert_null(f.k->gpu);
	run(&f, NULL, NULL);
	check_split(&f);
	assert_int_equal(f.c.s.regressed, 5);
	assert_int_equal(f.causes.nlost[GS_CAUSE_GPU_CHANGED], 5);
	const gs_cause *e = cause_of(&f, 32, 559, 1, "f32", 'N', 'N');
	assert_string_equal(text_of(&f.causes, e),
	                    "different GPU vendors (NVIDIA \xe2\x86\x92 AMD, inferred "
	                    "from the kernel names: no GPU named for both inputs): "
	                    "7.77\xc3\x97 slower; kernel changed (cutlass2 128\xc3\x97"
	                    "32 \xe2\x86\x92 tensile 16\xc3\x97"
	                    "16)");
	done(&f);
}

/* gemmscope-bench's M sweeps on one H100 (tests/data/runner): the tiled
 * reference kernel at 0.2 % of its roofline against cuBLASLt 157-221×
 * faster.  Ten of the shapes are below the ridge, but neither side's time
 * is the memory roof's (the baseline moves its bytes at under 1 % of the
 * bandwidth): none is memory_bound; all 32 are kernel changes. */
static void
h100_sweeps_not_memory_bound(void **state)
{
	const gs_gpu *g = gs_gpu_find("h100");
	fx f = {0};
	size_t below = 0;

	(void)state;
	f.b = gs_test_read(gs_test_path("tests/data/runner/h100-tiled-msweep.csv"), NULL);
	f.k = gs_test_read(gs_test_path("tests/data/runner/h100-vendor-msweep.csv"), NULL);
	run(&f, g, g);
	check_split(&f);
	assert_int_equal(f.c.s.improved, 32);
	assert_int_equal(f.causes.nsaved[GS_CAUSE_MEMORY_BOUND], 0);
	assert_int_equal(f.causes.nsaved[GS_CAUSE_KERNEL_CHANGED], 32);
	for (size_t i = 0; i < f.c.npairs; i++) {
		const gs_cause *e = &f.causes.by_pair[i];
		if (!(figs(&f, e).intensity < figs(&f, e).ridge))
			continue;
		below++;
		assert_true(figs(&f, e).mem_base < 0.01);
	}
	assert_int_equal(below, 10);
	done(&f);
}

/* ---- constructed cases -------------------------------------------------- */

#define KNAME(t) "Cijk_Ailk_Bljk_HHS_BH_MT" t "x64_MI32x32x8x1_SN_1LDSB1_WG128_2_1"

static void
add(gs_table *t, long m, long n, long k, const char *dtype, const char *kernel, double us)
{
	gs_shape s;
	gs_error err;
	gs_record *r;

	gs_shape_init(&s);
	s.M = m;
	s.N = n;
	s.K = k;
	snprintf(s.dtype, sizeof s.dtype, "%s", dtype);
	r = gs_table_get(t, &s, (long)t->n + 2, &err);
	assert_non_null(r);
	assert_int_equal(gs_record_add_sample(r, us), 0);
	if (kernel)
		assert_int_equal(gs_table_set_kernel(NULL, r, kernel), 0);
}

static void
finish(fx *f)
{
	gs_error err;

	assert_int_equal(gs_table_finish(f->b, &err), 0);
	assert_int_equal(gs_table_finish(f->k, &err), 0);
}

/* One shape per rule on an MI300X (304 CUs, f16 ridge 246.7 FLOP/B). */
static void
constructed(void **state)
{
	const gs_gpu *g = gs_gpu_find("mi300x");
	fx f = {0};
	const gs_cause *e;

	(void)state;
	f.b = gs_table_new("base.csv");
	f.k = gs_table_new("cand.csv");
	/* 4864×4096: 256×256 tiles fill 304 CUs once (dim_eff 1); 224×256 need
	 * 22×16 = 352 tiles, 2 waves, dim_eff 0.571: 1.75× predicted of 1.8×. */
	add(f.b, 4864, 4096, 8192, "f16", KNAME("256x256"), 100);
	add(f.k, 4864, 4096, 8192, "f16", KNAME("224x256"), 180);
	/* The same shape in bf16: 256×128 keeps dim_eff 1, 1.8× slower. */
	add(f.b, 4864, 4096, 8192, "bf16", KNAME("256x256"), 100);
	add(f.k, 4864, 4096, 8192, "bf16", KNAME("256x128"), 180);
	/* The identical name, slower and faster. */
	add(f.b, 4096, 4096, 4096, "f16", KNAME("256x256"), 100);
	add(f.k, 4096, 4096, 4096, "f16", KNAME("256x256"), 150);
	add(f.b, 2048, 2048, 2048, "f16", KNAME("256x256"), 100);
	add(f.k, 2048, 2048, 2048, "f16", KNAME("256x256"), 50);
	/* No kernel names, compute-bound. */
	add(f.b, 8192, 8192, 8192, "f16", NULL, 100);
	add(f.k, 8192, 8192, 8192, "f16", NULL, 200);
	/* Neutral. */
	add(f.b, 1024, 1024, 1024, "f16", KNAME("256x256"), 100);
	add(f.k, 1024, 1024, 1024, "f16", KNAME("128x128"), 101);
	finish(&f);
	run(&f, g, g);
	check_split(&f);

	e = cause_of(&f, 4864, 4096, 8192, "f16", 'N', 'N');
	assert_int_equal(e->kind, GS_CAUSE_QUANTIZATION);
	assert_true(fabs(figs(&f, e).dim_ratio - 1 / (4864.0 / 4928 * 352 / 608)) < 1e-9);
	assert_true(fabs(figs(&f, e).predicted - log(figs(&f, e).dim_ratio) / log(1.8)) < 1e-12);
	assert_true(figs(&f, e).predicted > 0.9 && figs(&f, e).predicted < 1.0);
	assert_string_equal(text_of(&f.causes, e),
	                    "kernel changed: 256\xc3\x97"
	                    "256 \xe2\x86\x92 224\xc3\x97"
	                    "256; dim_eff 1.000 \xe2\x86\x92 0.571 predicts 1.75\xc3\x97 of the "
	                    "measured 1.80\xc3\x97 time ratio (95 % of the change)");

	e = cause_of(&f, 4864, 4096, 8192, "bf16", 'N', 'N');
	assert_int_equal(e->kind, GS_CAUSE_KERNEL_CHANGED);
	assert_true(figs(&f, e).predicted == 0);
	assert_non_null(strstr(text_of(&f.causes, e), "kernel changed: 256\xc3\x97"
	                                              "256 \xe2\x86\x92 256\xc3\x97"
	                                              "128; dim_eff 1.000 \xe2\x86\x92 1.000"));

	e = cause_of(&f, 4096, 4096, 4096, "f16", 'N', 'N');
	assert_int_equal(e->kind, GS_CAUSE_SAME_KERNEL_SLOWER);
	assert_string_equal(text_of(&f.causes, e),
	                    "identical kernel name on both sides, 1.50\xc3\x97 slower: "
	                    "clocks, driver, memory or code inside the same name");
	e = cause_of(&f, 2048, 2048, 2048, "f16", 'N', 'N');
	assert_int_equal(e->kind, GS_CAUSE_SAME_KERNEL_FASTER);
	assert_non_null(strstr(text_of(&f.causes, e), "2.00\xc3\x97 faster"));

	e = cause_of(&f, 8192, 8192, 8192, "f16", 'N', 'N');
	assert_int_equal(e->kind, GS_CAUSE_UNKNOWN);
	assert_non_null(strstr(text_of(&f.causes, e),
	                       "not enough information: no kernel names (compute-bound"));

	e = cause_of(&f, 1024, 1024, 1024, "f16", 'N', 'N');
	assert_int_equal(e->kind, GS_CAUSE_NONE);
	assert_string_equal(text_of(&f.causes, e), "");

	/* Split: 80 + 80 + 50 + 100 lost; 50 saved. */
	assert_true(f.causes.lost_us[GS_CAUSE_QUANTIZATION] == 80);
	assert_true(f.causes.lost_us[GS_CAUSE_KERNEL_CHANGED] == 80);
	assert_true(f.causes.lost_us[GS_CAUSE_SAME_KERNEL_SLOWER] == 50);
	assert_true(f.causes.lost_us[GS_CAUSE_UNKNOWN] == 100);
	assert_true(f.causes.saved_us[GS_CAUSE_SAME_KERNEL_FASTER] == 50);
	assert_true(f.c.s.time_lost_us == 310);
	assert_int_equal(f.causes.missing_lost, GS_MISS_NAME_BASE | GS_MISS_NAME_CAND);
	done(&f);
}

/* A compare above the two-thread threshold (9,000 pairs: the causes of
 * each half found on its own thread, the second half's sentences merged
 * into the first's): every pair gets the kind and sentence a one-pair
 * compare of it gives, including sentences only the second half has
 * (the first half has no kernel names, the second has tiles that change
 * or stay). */
static void
two_threads(void **state)
{
	const gs_gpu *g = gs_gpu_find("mi300x");
	const char *tiles[3] = {KNAME("256x256"), KNAME("224x256"), KNAME("128x128")};
	const size_t n = 9000;
	fx f = {0};
	size_t ntexts_first = 0;

	(void)state;
	f.b = gs_table_new("base.csv");
	f.k = gs_table_new("cand.csv");
	for (size_t i = 0; i < n; i++) {
		long m = 256 + 64 * (long)(i % 90), nn = 1024 + 512 * (long)(i / 90 % 10);
		long k = 512 + 1024 * (long)(i / 900);
		int second = i >= n / 2;
		/* slower by 1.5x, faster by 2x or 1.02x (neutral) */
		double r = i % 3 == 0 ? 1.5 : i % 3 == 1 ? 0.5 : 1.02;

		add(f.b, m, nn, k, "f16", second ? tiles[0] : NULL, 100);
		add(f.k, m, nn, k, "f16", second ? tiles[i % 3] : NULL, 100 * r);
	}
	finish(&f);
	run(&f, g, g);
	check_split(&f);
	assert_int_equal(f.c.npairs, n);
	for (size_t i = 0; i < n / 2; i++)
		if (f.causes.by_pair[i].text + 1 > ntexts_first)
			ntexts_first = f.causes.by_pair[i].text + 1;
	assert_true(ntexts_first >= 2);
	assert_true(f.causes.ntexts > ntexts_first); /* the second half's own */
	for (size_t i = 0; i < n; i += 97) {
		const gs_pair *p = &f.c.pairs[i];
		fx one = {0};

		one.b = gs_table_new("base.csv");
		one.k = gs_table_new("cand.csv");
		add(one.b, p->base->shape.M, p->base->shape.N, p->base->shape.K, "f16",
		    gs_record_kernel(p->base), p->base->t.median);
		add(one.k, p->cand->shape.M, p->cand->shape.N, p->cand->shape.K, "f16",
		    gs_record_kernel(p->cand), p->cand->t.median);
		finish(&one);
		run(&one, g, g);
		assert_int_equal(one.causes.by_pair[0].kind, f.causes.by_pair[i].kind);
		assert_string_equal(gs_cause_text(&one.causes, 0), gs_cause_text(&f.causes, i));
		done(&one);
	}
	done(&f);
}

/* Below the ridge on an MI300X: memory_bound only near the memory roof,
 * and quantization judged by the prediction the memory time floors. */
static void
constructed_memory(void **state)
{
	const gs_gpu *g = gs_gpu_find("mi300x");
	fx f = {0};
	const gs_cause *e;

	(void)state;
	f.b = gs_table_new("base.csv");
	f.k = gs_table_new("cand.csv");
	/* 28672×4×8192 (intensity 4.0, memory roof 88.7 µs), a 28× slowdown
	 * with a new tile whose dim_eff ratio (16×) would "explain" it: the
	 * prediction, floored by the memory time on the baseline side, says
	 * 2.82×, 31 % of the change: kernel_changed, not quantization; far
	 * from the memory roof on the candidate (32 %): not memory_bound. */
	add(f.b, 28672, 4, 8192, "f16", KNAME("256x16"), 100);
	add(f.k, 28672, 4, 8192, "f16", KNAME("256x256"), 2800);
	/* The same in bf16 at 100 → 150 µs: 89 % and 59 % of the memory
	 * roof: memory_bound. */
	add(f.b, 28672, 4, 8192, "bf16", KNAME("256x16"), 100);
	add(f.k, 28672, 4, 8192, "bf16", KNAME("256x256"), 150);
	finish(&f);
	run(&f, g, g);
	check_split(&f);
	e = cause_of(&f, 28672, 4, 8192, "f16", 'N', 'N');
	assert_int_equal(e->kind, GS_CAUSE_KERNEL_CHANGED);
	assert_true(figs(&f, e).intensity < 4.0 && figs(&f, e).intensity > 3.9);
	assert_true(figs(&f, e).dim_ratio > 15 && log(figs(&f, e).dim_ratio) / log(28.0) > 0.5);
	assert_true(fabs(figs(&f, e).predicted - log(figs(&f, e).pred_ratio) / log(28.0)) < 1e-12);
	assert_true(figs(&f, e).predicted > 0.30 && figs(&f, e).predicted < 0.32);
	assert_true(figs(&f, e).mem_cand < 0.5);
	assert_non_null(strstr(text_of(&f.causes, e),
	                       "kernel changed: 256\xc3\x97"
	                       "16 \xe2\x86\x92 256\xc3\x97"
	                       "256; dim_eff 0.092 \xe2\x86\x92 0.006 (memory time floors "
	                       "the prediction) predicts 2.82\xc3\x97 of the measured "
	                       "28.00\xc3\x97 time ratio (31 % of the change)"));

	e = cause_of(&f, 28672, 4, 8192, "bf16", 'N', 'N');
	assert_int_equal(e->kind, GS_CAUSE_MEMORY_BOUND);
	assert_true(figs(&f, e).mem_base > 0.88 && figs(&f, e).mem_base < 0.89);
	assert_true(figs(&f, e).mem_cand > 0.59 && figs(&f, e).mem_cand < 0.60);
	assert_non_null(strstr(text_of(&f.causes, e), "(89 % \xe2\x86\x92 59 % of the bandwidth)"));
	assert_non_null(strstr(text_of(&f.causes, e),
	                       "1.50\xc3\x97 slower; kernel changed (256\xc3\x97"
	                       "16 \xe2\x86\x92 256\xc3\x97"
	                       "256)"));

	assert_true(f.causes.lost_us[GS_CAUSE_KERNEL_CHANGED] == 2700);
	assert_true(f.causes.lost_us[GS_CAUSE_MEMORY_BOUND] == 50);
	done(&f);
}

/* The same kernel slower while the runs' environments differ: the cause
 * names what differs (issue 13 §5), whole items only; memory within 1 %
 * is not a difference. */
static void
same_kernel_environment(void **state)
{
	const gs_gpu *g = gs_gpu_find("mi300x");
	fx f = {0};
	const gs_cause *e;

	(void)state;
	f.b = gs_table_new("base.csv");
	f.k = gs_table_new("cand.csv");
	add(f.b, 4096, 4096, 4096, "f16", KNAME("256x256"), 100);
	add(f.k, 4096, 4096, 4096, "f16", KNAME("256x256"), 150);
	assert_int_equal(gs_table_set_env(f.b, GS_ENV_LIBRARY, "hipBLASLt 100000", NAN), 0);
	assert_int_equal(gs_table_set_env(f.k, GS_ENV_LIBRARY, "hipBLASLt 100200", NAN), 0);
	assert_int_equal(gs_table_set_env(f.b, GS_ENV_SCLK, "2100 MHz", 2100), 0);
	assert_int_equal(gs_table_set_env(f.k, GS_ENV_SCLK, "1500 MHz", 1500), 0);
	assert_int_equal(gs_table_set_env(f.b, GS_ENV_MEMORY, "206.2 GB", 206.2), 0);
	assert_int_equal(gs_table_set_env(f.k, GS_ENV_MEMORY, "205.8 GB", 205.8), 0);
	finish(&f);
	run(&f, g, g);
	e = cause_of(&f, 4096, 4096, 4096, "f16", 'N', 'N');
	assert_int_equal(e->kind, GS_CAUSE_SAME_KERNEL_SLOWER);
	assert_string_equal(text_of(&f.causes, e),
	                    "identical kernel name on both sides, 1.50\xc3\x97 slower; "
	                    "the runs differ in engine clock (max) 2100 MHz \xe2\x86\x92 "
	                    "1500 MHz, library hipBLASLt 100000 \xe2\x86\x92 hipBLASLt "
	                    "100200");
	done(&f);
}

/* Different GPUs come first; one side without a GPU is not "different";
 * names missing on one side only are said so; without efficiency models
 * the names still decide. */
static void
constructed_gpus(void **state)
{
	fx f = {0};
	gs_causes c;
	gs_error err;
	const gs_cause *e;

	(void)state;
	f.b = gs_table_new("base.csv");
	f.k = gs_table_new("cand.csv");
	add(f.b, 4096, 4096, 4096, "f16", KNAME("256x256"), 100);
	add(f.k, 4096, 4096, 4096, "f16", KNAME("256x256"), 150);
	add(f.b, 8192, 8192, 8192, "f16", KNAME("256x256"), 100);
	add(f.k, 8192, 8192, 8192, "f16", NULL, 150);
	finish(&f);
	run(&f, gs_gpu_find("mi300x"), gs_gpu_find("h100"));
	check_split(&f);
	e = cause_of(&f, 4096, 4096, 4096, "f16", 'N', 'N');
	assert_int_equal(e->kind, GS_CAUSE_GPU_CHANGED);
	assert_non_null(strstr(text_of(&f.causes, e),
	                       "different GPUs (MI300X \xe2\x86\x92 H100): 1.50\xc3\x97 "
	                       "slower; same kernel"));

	gs_cause_run(&f.c, NULL, NULL, &c, &err);
	assert_int_equal(c.by_pair[0].kind, GS_CAUSE_SAME_KERNEL_SLOWER);
	assert_int_equal(c.by_pair[1].kind, GS_CAUSE_UNKNOWN);
	assert_string_equal(text_of(&c, &c.by_pair[1]),
	                    "not enough information: no kernel name on the candidate, no GPU");
	{ /* without efficiency models nothing is known to weigh */
		gs_cause_figs x;
		assert_int_equal(gs_cause_figures(&f.c, 0, NULL, NULL, &x), 0);
		assert_true(isnan(x.predicted) && isnan(x.intensity));
		assert_int_equal(gs_cause_figures(&f.c, f.c.npairs, NULL, NULL, &x), -1);
	}
	assert_true(gs_cause_sum(c.lost_us) == f.c.s.time_lost_us);
	gs_causes_free(&c);
	done(&f);
}

static void
names(void **state)
{
	(void)state;
	assert_string_equal(gs_cause_name(GS_CAUSE_QUANTIZATION), "quantization");
	assert_string_equal(gs_cause_name(GS_CAUSE_SAME_KERNEL_SLOWER), "same_kernel_slower");
	assert_string_equal(gs_cause_name(GS_CAUSE_COUNT), "none");
	assert_string_equal(gs_cause_label(GS_CAUSE_KERNEL_CHANGED),
	                    "the library picked a different kernel");
	assert_non_null(strstr(gs_cause_rules(), "(3) memory_bound"));
}

/* gs_cause_order: non-empty causes, largest first, ties in rule order,
 * none never listed. */
static void
order(void **state)
{
	double v[GS_CAUSE_COUNT] = {0};
	gs_cause_kind o[GS_CAUSE_COUNT];

	(void)state;
	assert_int_equal(gs_cause_order(v, o), 0);
	v[GS_CAUSE_NONE] = 99;
	v[GS_CAUSE_UNKNOWN] = 5;
	v[GS_CAUSE_MEMORY_BOUND] = 7;
	v[GS_CAUSE_KERNEL_CHANGED] = 5;
	v[GS_CAUSE_GPU_CHANGED] = 1;
	assert_int_equal(gs_cause_order(v, o), 4);
	assert_int_equal(o[0], GS_CAUSE_MEMORY_BOUND);
	assert_int_equal(o[1], GS_CAUSE_KERNEL_CHANGED);
	assert_int_equal(o[2], GS_CAUSE_UNKNOWN);
	assert_int_equal(o[3], GS_CAUSE_GPU_CHANGED);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(example_no_names),
	        cmocka_unit_test(example_on_mi300x),
	        cmocka_unit_test(qwen_cross_gpu),
	        cmocka_unit_test(gemm_csv_vendors),
	        cmocka_unit_test(h100_sweeps_not_memory_bound),
	        cmocka_unit_test(constructed),
	        cmocka_unit_test(two_threads),
	        cmocka_unit_test(constructed_memory),
	        cmocka_unit_test(constructed_gpus),
	        cmocka_unit_test(same_kernel_environment),
	        cmocka_unit_test(names),
	        cmocka_unit_test(order),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
