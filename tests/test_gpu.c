/* test_gpu.c: the built-in GPU table, name lookup, spec files
 * (ingest/gpuspec.h), and the explain / gpus model and writers
 * (analysis/explain.h, render/report.h).
 * Expected figures: reference/gpu-specs.md (tables §1–4) and the names
 * the real traces of reference/../data give their devices.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analysis/explain.h"
#include "eff_test.h"
#include "ingest/gpuspec.h"
#include "model/gpu.h"
#include "render/report.h"

static const gs_gpu *
must_find(const char *name)
{
	const gs_gpu *g = gs_gpu_find(name);

	if (!g)
		fail_msg("no GPU for \"%s\"", name);
	return g;
}

/* The list of GPUs, each findable by its short name. */
static void
test_required_gpus(void **state)
{
	static const char *const want[][2] = {
	        {"mi300x", "MI300X"},
	        {"mi325x", "MI325X"},
	        {"mi355x", "MI355X"},
	        {"mi250x", "MI250X"},
	        {"mi210", "MI210"},
	        {"mi100", "MI100"},
	        {"gfx1100", "RX7900XTX"},
	        {"gfx1151", "gfx1151"},
	        {"h100", "H100"},
	        {"h200", "H200"},
	        {"a100", "A100"},
	        {"b200", "B200"},
	        {"l40s", "L40S"},
	        {"b580", "B580"},
	        /* issue 12's list */
	        {"v100-sxm2", "V100-SXM2"},
	        {"v100 pcie", "V100-PCIe"},
	        {"t4", "T4"},
	        {"a10", "A10"},
	        {"a30", "A30"},
	        {"a100-40gb", "A100-40GB"},
	        {"l4", "L4"},
	        {"rtx4090", "RTX4090"},
	        {"rtx 6000 ada", "RTX6000Ada"},
	        {"h100 pcie", "H100-PCIe"},
	        {"h100 sxm", "H100"},
	        {"h100 nvl", "H100-NVL"},
	        {"mi300a", "MI300A"},
	        {"w7900", "W7900"},
	        {"max1550", "Max1550"},
	};

	(void)state;
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		assert_string_equal(must_find(want[i][0])->name, want[i][1]);
	assert_true(gs_gpu_count() >= 30);
}

/* What inputs call the GPU (deviceProperties names, rocprof agents,
 * gcnArchName, user shorthand). */
static void
test_lookup_aliases(void **state)
{
	static const char *const names[][2] = {
	        {"AMD Instinct MI300X VF", "MI300X"}, /* Qwen / bert MI300X traces */
	        {"gfx942", "MI300X"},
	        {"gfx942:sramecc+:xnack-", "MI300X"},
	        {"NVIDIA H100 80GB HBM3", "H100"}, /* Qwen H100 trace */
	        {"AMD Instinct MI350X", "MI350X"}, /* rocprofv3 agent product_name */
	        {"gfx950", "MI355X"},
	        {"MI300X", "MI300X"},
	        {"H100", "H100"},
	        {"sm_90", "H100"},
	        {"NVIDIA A100-SXM4-80GB", "A100"},
	        {"NVIDIA B200", "B200"},
	        {"AMD Radeon RX 7900 XTX", "RX7900XTX"},
	        {"Radeon 8060S", "gfx1151"},
	        {"Intel(R) Arc(TM) B580 Graphics", "B580"},
	        {"gfx90a", "MI210"},
	        {"gfx908", "MI100"},
	        {"NVIDIA L40S", "L40S"},
	        /* deviceProperties / nvidia-smi / rocm-smi / sycl-ls names */
	        {"Tesla V100-SXM2-16GB", "V100-SXM2"},
	        {"Tesla V100-PCIE-32GB", "V100-PCIe"},
	        {"Tesla T4", "T4"},
	        {"NVIDIA A10", "A10"},
	        {"NVIDIA A30", "A30"},
	        {"NVIDIA A100-SXM4-40GB", "A100-40GB"},
	        {"NVIDIA A100-PCIE-40GB", "A100-40GB"},
	        {"NVIDIA A100-PG509-200", "A100"}, /* the name alone: the 80 GB default */
	        {"NVIDIA L4", "L4"},
	        {"NVIDIA GeForce RTX 4090", "RTX4090"},
	        {"NVIDIA RTX 6000 Ada Generation", "RTX6000Ada"},
	        {"NVIDIA H100 PCIe", "H100-PCIe"},
	        {"NVIDIA H100 NVL", "H100-NVL"},
	        {"AMD Instinct MI300A", "MI300A"},
	        {"AMD Radeon PRO W7900", "W7900"},
	        {"Intel(R) Data Center GPU Max 1550", "Max1550"},
	};

	(void)state;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		assert_string_equal(must_find(names[i][0])->name, names[i][1]);
	/* The HTA MI250 trace calls its device this: too vague to guess. */
	assert_null(gs_gpu_find("AMD Radeon Graphics"));
	assert_null(gs_gpu_find("NVIDIA RTX A1000")); /* a word, not a fragment */
	assert_null(gs_gpu_find("mi300xx"));
	assert_null(gs_gpu_find(""));
	assert_null(gs_gpu_find(NULL));
}

static double
peak(const char *gpu, const char *dtype, gs_fig_kind *kind)
{
	const gs_fig *f;
	double v = gs_gpu_roof_tflops(must_find(gpu), dtype, GS_ROOF_PEAK, &f);

	*kind = f ? f->kind : GS_FIG_NONE;
	return v;
}

/* Figures and kinds from gpu-specs.md §1–3. */
static void
test_figures(void **state)
{
	const gs_gpu *g = must_find("mi300x");
	gs_fig_kind k;

	(void)state;
	assert_near(peak("mi300x", "bf16", &k), 1307.4, 1e-9);
	assert_int_equal(k, GS_FIG_PEAK);
	assert_near(peak("mi300x", "f8e4m3fnuz", &k), 2614.9, 1e-9);
	assert_near(peak("mi300x", "xf32", &k), 653.7, 1e-9);
	assert_near(g->cus.v, 304, 0);
	assert_near(g->bw_tbs.v, 5.3, 1e-12); /* not IREE's 662.5 GB/s */
	assert_near(g->lds_cu_kib.v, 64, 0);
	assert_near(g->wave_size.v, 64, 0);
	assert_near(g->regs.v, 512, 0);
	assert_near(g->max_waves_simd.v, 8, 0);
	assert_near(peak("mi325x", "bf16", &k), 1307.4, 1e-9);
	assert_int_equal(k, GS_FIG_PEAK_3P);
	assert_near(must_find("mi325x")->bw_tbs.v, 6.0, 1e-12);
	assert_near(peak("h100", "bf16", &k), 989.4, 1e-9); /* dense, not 1979 */
	assert_near(peak("b200", "f4e2m1", &k), 9000, 1e-9);
	assert_near(must_find("b200")->cus.v, 148, 0);
	assert_near(peak("mi100", "bf16", &k), 92.3, 1e-9);
	assert_near(must_find("mi100")->max_waves_simd.v, 10, 0);
	assert_near(must_find("mi355x")->lds_cu_kib.v, 160, 0);
	assert_near(must_find("gfx1151")->regs.v, 1536, 0);
	assert_true(isnan(peak("mi250x", "f8e4m3", &k))); /* no FP8 on CDNA2 */
	assert_int_equal(k, GS_FIG_NONE);
	assert_true(isnan(peak("mi300x", "i32", &k)));
}

/* Derived figures agree with their formulas (gpu-specs.md, efficiency.md §10). */
static void
test_derivations(void **state)
{
	gs_fig_kind k;

	(void)state;
	/* gfx1151: 40 CU x 512 FLOP/clk/CU x 2.9 GHz = 59.39 TFLOP/s */
	assert_near(peak("gfx1151", "f16", &k), 40 * 512 * 2.9e9 / 1e12, 0.01);
	assert_int_equal(k, GS_FIG_DERIVED);
	/* MI300X clock: 1307.4e12 / (2048 x 304) = 2.1 GHz */
	assert_near(must_find("mi300x")->clock_ghz.v, 1307.4e12 / (2048.0 * 304) / 1e9, 0.001);
	/* MI250X per GCD: 1024 FLOP/clk/CU x 110 x 1.7 GHz; 383.0 per OAM / 2 */
	assert_near(peak("mi250x", "f16", &k), 1024 * 110 * 1.7e9 / 1e12, 0.05);
	assert_near(peak("mi250x", "f16", &k) * 2, 383.0, 0.05);
	/* RX 7900 XTX: 96 x 512 x 2.5 GHz = 122.88, AMD's 122.8 */
	assert_near(peak("rx7900xtx", "f16", &k), 96 * 512 * 2.5e9 / 1e12, 0.1);
	/* B580: 160 XMX x 256 FLOP/clk x 2.67 GHz */
	assert_near(peak("b580", "f16", &k), 160 * 256 * 2.67e9 / 1e12, 0.05);
}

/* The ridge points of gpu-specs.md (FP16 vs DRAM, FLOP/B, rounded). */
static void
test_ridges(void **state)
{
	static const struct {
		const char *gpu;
		double ridge;
	} r[] = {
	        {"mi300x", 247}, {"mi325x", 218},    {"mi250x", 120},  {"mi210", 113},
	        {"mi100", 150},  {"rx7900xtx", 128}, {"gfx1151", 232}, {"h100", 295},
	        {"h200", 206},   {"a100", 153},      {"b200", 292},    {"l40s", 419},
	        {"b580", 240},
	};

	(void)state;
	for (size_t i = 0; i < sizeof r / sizeof r[0]; i++) {
		const gs_gpu *g = must_find(r[i].gpu);
		double ridge = g->peak[GS_PK_F16].v / g->bw_tbs.v;
		if (fabs(ridge - r[i].ridge) > 0.5)
			fail_msg("%s ridge %.2f, gpu-specs.md says %.0f", r[i].gpu, ridge,
			         r[i].ridge);
	}
	/* MI355X: gpu-specs.md's 315 is the derived 2516.6 TFLOP/s over 8 TB/s;
	 * the table's roof is AMD's rounded 2.5 PF (312.5). */
	assert_near(2516.6 / must_find("mi355x")->bw_tbs.v, 315, 0.5);
	assert_near(must_find("mi355x")->peak[GS_PK_F16].v, 2500, 0);
	/* gfx1151 at the measured 200 GB/s: 297 */
	assert_near(59.4 / gs_gpu_roof_bw(must_find("gfx1151"), GS_ROOF_MEASURED, NULL), 297, 0.5);
}

/* Every figure of every GPU has a kind and a source. */
static void
check_fig(const gs_gpu *g, const gs_fig *f, const char *what)
{
	if (f->kind != GS_FIG_NONE && (!f->src || !f->src[0]))
		fail_msg("%s: %s has no source", g->name, what);
	if (f->kind != GS_FIG_NONE && !(f->v > 0))
		fail_msg("%s: %s is not positive", g->name, what);
}

static void
test_every_figure_sourced(void **state)
{
	(void)state;
	for (size_t i = 0; i < gs_gpu_count(); i++) {
		const gs_gpu *g = gs_gpu_at(i);
		const gs_fig *one[] = {
		        &g->cus,         &g->clock_ghz,  &g->bw_tbs,
		        &g->meas_bw_tbs, &g->lds_cu_kib, &g->lds_wg_kib,
		        &g->wave_size,   &g->regs,       &g->max_waves_simd,
		};
		for (size_t j = 0; j < sizeof one / sizeof one[0]; j++)
			check_fig(g, one[j], "a figure");
		for (int c = 0; c < GS_PK_COUNT; c++) {
			check_fig(g, &g->peak[c], gs_gpu_class_name(c));
			check_fig(g, &g->meas[c], gs_gpu_class_name(c));
		}
		check_fig(g, &g->mem_gb, "memory_gb");
		check_fig(g, &g->l2_mib, "l2_mib");
		check_fig(g, &g->llc_mib, "llc_mib");
		/* a figure the roofline needs and no source gives is unknown, and
		 * the note says so */
		if (g->cus.kind == GS_FIG_NONE || g->bw_tbs.kind == GS_FIG_NONE ||
		    g->peak[GS_PK_F16].kind == GS_FIG_NONE)
			assert_non_null(g->note);
		assert_true(g->arch[0] && g->full_name[0]);
	}
}

/* The measured roof (gpu-specs.md §4) and its fallback to the peak. */
static void
test_measured_roof(void **state)
{
	const gs_fig *f;

	(void)state;
	assert_near(gs_gpu_roof_tflops(must_find("mi300x"), "bf16", GS_ROOF_MEASURED, &f), 708, 0);
	assert_int_equal(f->kind, GS_FIG_MEASURED);
	assert_near(gs_gpu_roof_tflops(must_find("mi325x"), "f16", GS_ROOF_MEASURED, &f), 794, 0);
	assert_near(gs_gpu_roof_tflops(must_find("b200"), "bf16", GS_ROOF_MEASURED, &f), 1401, 0);
	assert_near(gs_gpu_roof_bw(must_find("b200"), GS_ROOF_MEASURED, &f), 7.476, 1e-12);
	/* no measured figure: the peak, labelled as such */
	assert_near(gs_gpu_roof_tflops(must_find("mi355x"), "bf16", GS_ROOF_MEASURED, &f), 2500, 0);
	assert_int_equal(f->kind, GS_FIG_PEAK);
	assert_string_equal(gs_fig_kind_tag(GS_FIG_PEAK_3P), "P*");
	assert_string_equal(gs_fig_kind_name(GS_FIG_MEASURED), "measured");
}

/* Key figures of the GPUs issue 12 added, as entered with their sources
 * (src/model/gpu_table_*.c); NAN where no source gave the figure. */
static void
test_added_gpu_figures(void **state)
{
	static const struct {
		const char *gpu;
		double cus, f16, bw, mem;
		gs_fig_kind f16_kind;
	} r[] = {
	        {"v100-sxm2", 80, 125, 0.9, 16, GS_FIG_PEAK},
	        {"v100-pcie", 80, 112, 0.9, 16, GS_FIG_PEAK_3P},
	        {"t4", 40, 65, 0.32, 16, GS_FIG_PEAK_3P},
	        {"a10", 72, 125, 0.6, 24, GS_FIG_THIRD_PARTY},
	        {"a30", NAN, 165.1, NAN, 24, GS_FIG_DERIVED},
	        {"a100-40gb", 108, 312, 1.555, 40, GS_FIG_PEAK_3P},
	        {"l4", 58, 121, 0.3, 24, GS_FIG_PEAK_3P},
	        {"rtx6000ada", 142, 364.2, 0.96, 48, GS_FIG_DERIVED},
	        {"rtx4090", 128, 165.2, 1.008, 24, GS_FIG_THIRD_PARTY},
	        {"h100-pcie", 114, 756.5, 2.0, 80, GS_FIG_PEAK_3P},
	        {"h100-nvl", 132, NAN, NAN, 94, GS_FIG_NONE},
	        {"mi300a", 228, 980.6, 5.3, 128, GS_FIG_DERIVED},
	        {"w7900", 96, 122.6, 0.864, 48, GS_FIG_THIRD_PARTY},
	        {"max1550", 128, NAN, 3.2768, 128, GS_FIG_NONE},
	};
	gs_fig_kind k;

	(void)state;
	for (size_t i = 0; i < sizeof r / sizeof r[0]; i++) {
		const gs_gpu *g = must_find(r[i].gpu);
		double f16 = peak(r[i].gpu, "f16", &k);
		if (isnan(r[i].f16) ? !isnan(f16) : fabs(f16 - r[i].f16) > 1e-9)
			fail_msg("%s: f16 %g, want %g", r[i].gpu, f16, r[i].f16);
		assert_int_equal(k, r[i].f16_kind);
		assert_true(isnan(r[i].cus) ? g->cus.kind == GS_FIG_NONE : g->cus.v == r[i].cus);
		assert_true(isnan(r[i].bw) ? isnan(gs_gpu_roof_bw(g, GS_ROOF_PEAK, NULL))
		                           : fabs(gs_gpu_roof_bw(g, GS_ROOF_PEAK, NULL) - r[i].bw) <
		                                     1e-12);
		assert_near(g->mem_gb.v, r[i].mem, 0);
	}
	/* TF32 / XF32 roofs of the math that fp32 GEMMs run on */
	assert_near(peak("a100-40gb", "tf32", &k), 156, 0);
	assert_near(peak("h100-pcie", "tf32", &k), 378, 0);
	assert_near(peak("l4", "tf32", &k), 60, 0);
	assert_near(peak("a10", "tf32", &k), 62.5, 0);
	assert_near(peak("mi300a", "xf32", &k), 490.3, 0);
	assert_true(isnan(peak("v100-sxm2", "tf32", &k))); /* Volta has none */
	assert_true(isnan(peak("t4", "bf16", &k)));
	assert_near(peak("v100-sxm2", "f32", &k), 15.7, 0);
	assert_near(peak("rtx4090", "f8e4m3", &k), 330.3, 0);
	/* measured only: the Max 1550's XMX peak is not sourced */
	assert_near(gs_gpu_roof_tflops(must_find("max1550"), "bf16", GS_ROOF_MEASURED, NULL), 273,
	            0);
	/* derivations behind the D figures */
	assert_near(peak("mi300a", "bf16", &k), 2048 * 228 * 2.1e9 / 1e12, 0.05);
	assert_near(peak("rtx6000ada", "bf16", &k), 1024 * 142 * 2.505e9 / 1e12, 0.05);
	assert_near(peak("a30", "bf16", &k), 10.32 * 312 / 19.5, 0.05);
	assert_near(must_find("v100-sxm2")->clock_ghz.v, 125e12 / (80 * 8 * 128.0) / 1e9, 0.01);
	assert_near(must_find("w7900")->clock_ghz.v, 122.6e12 / (96 * 512.0) / 1e9, 0.001);
	assert_near(must_find("h100-pcie")->clock_ghz.v, 756e12 / (114 * 4096.0) / 1e9, 0.005);
}

static void
test_dtype_classes(void **state)
{
	(void)state;
	assert_int_equal(gs_gpu_dtype_class("bf16"), GS_PK_BF16);
	assert_int_equal(gs_gpu_dtype_class("xf32"), GS_PK_TF32);
	assert_int_equal(gs_gpu_dtype_class("f8e5m2fnuz"), GS_PK_F8);
	assert_int_equal(gs_gpu_dtype_class("f4e2m1"), GS_PK_F4);
	assert_int_equal(gs_gpu_dtype_class("i32"), -1);
	assert_string_equal(gs_gpu_class_name(GS_PK_F64), "f64");
}

static void
data_path(char *buf, size_t size, const char *rel)
{
	const char *top = getenv("top_srcdir");

	snprintf(buf, size, "%s/tests/data/eff/%s", top ? top : ".", rel);
}

/* A spec file on a base: the file's figures with its kind and source. */
static void
test_spec_file(void **state)
{
	char path[1024];
	gs_gpu g;
	gs_error err;
	const gs_fig *f;

	(void)state;
	data_path(path, sizeof path, "spec_lab.yaml");
	if (gs_gpu_resolve(path, &g, &err)) {
		gs_error_print(&err, stderr);
		fail();
	}
	assert_string_equal(g.name, "MI300X-maf");
	assert_string_equal(g.arch, "gfx942");
	assert_near(gs_gpu_roof_tflops(&g, "bf16", GS_ROOF_PEAK, &f), 708, 0);
	assert_int_equal(f->kind, GS_FIG_MEASURED);
	assert_string_equal(gs_fig_source(&g, f),
	                    "TraceLens Agent/Analysis/utils/arch/MI300X.json");
	assert_near(g.peak[GS_PK_F16].v, 654, 0);
	assert_near(g.peak[GS_PK_F8].v, 1273, 0);
	/* from the base, with the base's kind and source */
	assert_near(g.peak[GS_PK_F32].v, 163.4, 1e-9);
	assert_int_equal(g.peak[GS_PK_F32].kind, GS_FIG_PEAK);
	assert_int_equal(g.cus.kind, GS_FIG_MEASURED);
	assert_near(g.lds_cu_kib.v, 64, 0);
}

static void
test_spec_bad_file(void **state)
{
	char path[1024];
	gs_gpu g;
	gs_error err;

	(void)state;
	data_path(path, sizeof path, "spec_bad.yaml");
	assert_int_equal(gs_gpu_resolve(path, &g, &err), -1);
	assert_string_equal(err.file, path);
	assert_int_equal(err.line, 6);
	assert_int_equal(err.col, 12);
	assert_non_null(strstr(err.msg, "clock_ghz"));
	assert_int_equal(gs_gpu_resolve("no-such-gpu", &g, &err), -1);
	assert_non_null(strstr(err.msg, "unknown GPU"));
	assert_int_equal(gs_gpu_resolve("NVIDIA H200", &g, &err), 0);
	assert_near(g.bw_tbs.v, 4.8, 1e-12);
}

/* The key = value form gemmscope-bench --ceilings writes (runner/ceilings.c),
 * with TraceLens's MI300X max-achievable figures: the name designates the
 * built-in MI300X, which supplies what the file does not say. */
static void
test_spec_bench_file(void **state)
{
	char path[1024];
	gs_gpu g;
	gs_error err;
	const gs_fig *f;

	(void)state;
	data_path(path, sizeof path, "spec_bench.txt");
	if (gs_gpu_resolve(path, &g, &err)) {
		gs_error_print(&err, stderr);
		fail();
	}
	assert_string_equal(g.name, "AMD Instinct MI300X");
	assert_string_equal(g.arch, "gfx942");
	assert_near(gs_gpu_roof_tflops(&g, "bf16", GS_ROOF_PEAK, &f), 708, 0);
	assert_int_equal(f->kind, GS_FIG_MEASURED);
	assert_string_equal(gs_fig_source(&g, f), "measured by gemmscope-bench");
	assert_near(g.bw_tbs.v, 5.3, 1e-12);
	assert_near(g.peak[GS_PK_F32].v, 163, 0);
	assert_near(g.peak[GS_PK_F8].v, 2614.9, 1e-9); /* from the built-in */
	assert_int_equal(g.peak[GS_PK_F8].kind, GS_FIG_PEAK);
	assert_near(g.max_waves_simd.v, 8, 0);
}

static int
parse(const char *text, gs_gpu *g, gs_error *err)
{
	return gs_gpu_parse_spec(text, strlen(text), "spec.yaml", g, err);
}

/* Specs without a base, and the errors a spec can have. */
static void
test_spec_inline(void **state)
{
	gs_gpu g;
	gs_error err;

	(void)state;
	assert_int_equal(parse("name: lab\narch: sm_90\ncus: 132\nbandwidth_tbs: 3.0\n"
	                       "kind: peak\ntflops: {bf16: 900, f16: 900}\n",
	                       &g, &err),
	                 0);
	assert_int_equal(g.family, GS_FAM_NVIDIA);
	assert_near(g.wave_size.v, 32, 0);
	assert_int_equal(g.peak[GS_PK_BF16].kind, GS_FIG_PEAK);
	assert_string_equal(gs_fig_source(&g, &g.peak[GS_PK_BF16]), "spec.yaml");
	assert_int_equal(parse("name: x\narch: gfx942\ncus: 304\nbandwidth_tbs: 5\n", &g, &err),
	                 -1);
	assert_non_null(strstr(err.msg, "tflops"));
	/* no base, arch or family, a name that is no built-in: figures only */
	assert_int_equal(
	        parse("name: x\ncus: 304\nbandwidth_tbs: 5\ntflops:\n  bf16: 1\n", &g, &err), 0);
	assert_int_equal(g.family, GS_FAM_OTHER);
	assert_int_equal(g.wave_size.kind, GS_FIG_NONE);
	assert_non_null(g.note);
	assert_int_equal(parse("name: x\narch: gfx942\ncus: 304\nbandwidth_gbs: 5300\n"
	                       "peak_tflops_bf16: 708\n",
	                       &g, &err),
	                 0);
	assert_near(g.bw_tbs.v, 5.3, 1e-12);
	assert_near(g.peak[GS_PK_BF16].v, 708, 0);
	assert_int_equal(parse("name = x\ncus 304\n", &g, &err), -1);
	assert_int_equal(err.line, 2);
	assert_int_equal(parse("base: mi300x\nwarp: 4\n", &g, &err), -1);
	assert_int_equal(err.line, 2);
	assert_non_null(strstr(err.msg, "warp"));
	assert_int_equal(parse("base: mi300x\ntflops:\n  q7: 3\n", &g, &err), -1);
	assert_int_equal(err.line, 3);
	assert_int_equal(parse("base: mi300x\ncus: 30.5\n", &g, &err), -1);
	/* counts are ints downstream: above INT_MAX is an error, not UB (the
	 * gpuspec fuzz target's find, seeds/gpuspec/simds-per-cu-int-overflow) */
	assert_int_equal(parse("base: mi300x\nsimds_per_cu: 00222222222222222220\n", &g, &err), -1);
	assert_int_equal(err.line, 2);
	assert_non_null(strstr(err.msg, "outside 0..2147483647"));
	assert_int_equal(parse("base: mi300x\ncus: 1e12\n", &g, &err), -1);
	assert_int_equal(parse("base: nosuch\n", &g, &err), -1);
	assert_int_equal(parse("- a\n- b\n", &g, &err), -1);
	assert_int_equal(parse("name: [x\n", &g, &err), -1);
	assert_true(err.line >= 1);
	assert_int_equal(parse("", &g, &err), -1);
	assert_int_equal(
	        parse("base: h100\nname: H100-lab\nmeasured_tflops:\n  bf16: 600\n", &g, &err), 0);
	assert_near(gs_gpu_roof_tflops(&g, "bf16", GS_ROOF_MEASURED, NULL), 600, 0);
	assert_near(gs_gpu_roof_tflops(&g, "bf16", GS_ROOF_PEAK, NULL), 989.4, 1e-9);
}

/* Everything F holds, NUL-terminated; the caller frees it. */
static char *
slurp(FILE *f)
{
	long n;
	char *buf;

	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	assert_true(n >= 0);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	return buf;
}

/* The TraceLens seed's example 1 (10240 x 2048 x 2048, tile 256x64 on
 * 304 CUs): the explain model, then its JSON with the dims as M, N, K. */
static void
test_explain_model_json(void **state)
{
	gs_explain_in in = {.m = 10240,
	                    .n = 2048,
	                    .k = 2048,
	                    .batch = 1,
	                    .dtype = "bf16",
	                    .tile_m = 256,
	                    .tile_n = 64};
	gs_explain *r = calloc(1, sizeof *r);
	gs_report rep = {0};
	gs_error err;
	FILE *f = tmpfile();
	char *json;

	(void)state;
	assert_non_null(r);
	assert_non_null(f);
	assert_int_equal(gs_explain_compute(&in, must_find("mi300x"), r, &err), 0);
	assert_int_equal(r->eff.num_tiles, 1280);
	assert_int_equal(r->cus, 304);
	assert_near(r->float_tiles_m, 40, 0);
	assert_near(r->eff.wq_eff, 1280.0 / 1520, 1e-12);
	assert_string_equal(r->tile_source, "--tile");
	assert_true(r->have_pick && r->have_actual && !r->have_occ);
	rep.kind = GS_REPORT_EXPLAIN;
	rep.explain = r;
	rep.json_indent = 1; /* --json-indent: the layout below */
	assert_int_equal(gs_render_json(&rep, f, &err), 0);
	json = slurp(f);
	assert_non_null(strstr(json, "\n  \"M\": 10240,\n  \"N\": 2048,\n  \"K\": 2048,"));
	assert_null(strstr(json, "\"m\":"));
	assert_non_null(strstr(json, "\"num_tiles\": 1280,"));
	assert_non_null(strstr(json, "\"achieved_tflops\": null,"));
	free(json);
	fclose(f);
	free(r);
}

/* gpus --json: the table through the JSON writers' generator. */
static void
test_gpus_json(void **state)
{
	gs_report rep = {.kind = GS_REPORT_GPUS, .json_indent = 1}; /* --json-indent */
	gs_error err;
	FILE *f = tmpfile();
	char *json;

	(void)state;
	assert_non_null(f);
	assert_int_equal(gs_report_gpus(&rep, &err), 0);
	assert_int_equal(gs_render_json(&rep, f, &err), 0);
	gs_report_model_free(&rep);
	json = slurp(f);
	assert_non_null(strstr(json, "{\n  \"gpus\": [\n"));
	assert_non_null(strstr(json, "\"name\": \"B580\""));
	assert_non_null(strstr(json, "\"value\": 1307.4,"));
	free(json);
	fclose(f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_required_gpus),
	        cmocka_unit_test(test_lookup_aliases),
	        cmocka_unit_test(test_figures),
	        cmocka_unit_test(test_derivations),
	        cmocka_unit_test(test_ridges),
	        cmocka_unit_test(test_every_figure_sourced),
	        cmocka_unit_test(test_measured_roof),
	        cmocka_unit_test(test_dtype_classes),
	        cmocka_unit_test(test_added_gpu_figures),
	        cmocka_unit_test(test_spec_file),
	        cmocka_unit_test(test_spec_bad_file),
	        cmocka_unit_test(test_spec_bench_file),
	        cmocka_unit_test(test_spec_inline),
	        cmocka_unit_test(test_explain_model_json),
	        cmocka_unit_test(test_gpus_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
