/* test_kernel_name.c: kernel-name parsing on the names of
 * reference/kernel-names.md and on every GEMM kernel of the real traces in
 * tests/data/eff/, cross-checked against the workgroup sizes the traces
 * recorded.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "eff_test.h"
#include "model/kernel_name.h"

static void
check_flags(const gs_kernel_info *k, const char *flags, const char *name)
{
	if ((strstr(flags, "persistent") != NULL) != k->persistent)
		fail_msg("persistent %d for %s", k->persistent, name);
	if ((strstr(flags, "valu") != NULL) != k->valu)
		fail_msg("valu %d for %s", k->valu, name);
	if ((strstr(flags, "notgemm") != NULL) == k->is_gemm)
		fail_msg("is_gemm %d for %s", k->is_gemm, name);
}

static void
check_reference_row(gs_kparser *p, char **c)
{
	gs_kernel_info k;
	int known = gs_kparser_parse(p, c[7], &k);
	int tm = atoi(c[1]);

	if (strcmp(gs_kfamily_name(k.family), c[0]) != 0)
		fail_msg("family %s, want %s: %s", gs_kfamily_name(k.family), c[0], c[7]);
	assert_int_equal(known, tm > 0);
	assert_int_equal(k.has_tile, tm > 0);
	if (k.tile_m != tm || k.tile_n != atoi(c[2]) || k.tile_k != atoi(c[3]))
		fail_msg("tile %dx%dx%d, want %sx%sx%s: %s", k.tile_m, k.tile_n, k.tile_k, c[1],
		         c[2], c[3], c[7]);
	if (strcmp(c[4], "--") != 0 && (k.trans_a != c[4][0] || k.trans_b != c[4][1]))
		fail_msg("layout %c%c, want %s: %s", k.trans_a, k.trans_b, c[4], c[7]);
	if (strcmp(c[4], "--") == 0 && (k.trans_a || k.trans_b))
		fail_msg("layout guessed for %s", c[7]);
	if (strcmp(k.dtype, strcmp(c[5], "-") ? c[5] : "") != 0)
		fail_msg("dtype \"%s\", want %s: %s", k.dtype, c[5], c[7]);
	check_flags(&k, c[6], c[7]);
	if (!k.has_tile)
		assert_non_null(k.note); /* unknown is said, never guessed */
}

/* Every name of kernel-names.md with the tile, layout and dtype it gives,
 * at least three per GEMM family. */
static void
test_reference_names(void **state)
{
	static const char *const families[] = {"tensile",  "cublas",   "xmma", "nvjet",
	                                       "cutlass2", "cutlass3", "ck",   "aiter"};
	eff_tsv *t = eff_tsv_need("kernel_names.tsv");
	int count[8] = {0}, ckaiter = 0;

	for (size_t r = 0; r < t->nrows; r++) {
		assert_int_equal(t->ncols[r], 8);
		check_reference_row(*state, t->cell[r]);
		for (int f = 0; f < 8; f++)
			count[f] +=
			        strcmp(t->cell[r][0], families[f]) == 0 && atoi(t->cell[r][1]) > 0;
	}
	for (int f = 0; f < 6; f++)
		if (count[f] < 3)
			fail_msg("only %d %s names", count[f], families[f]);
	ckaiter = count[6] + count[7];
	assert_true(ckaiter >= 3);
	assert_true(t->nrows >= 40);
	eff_tsv_free(t);
}

/* kernel-names.md §2.1: waves = (MT0/(MI_M·MIWT0))·(MT1/(MI_N·MIWT1)),
 * threads = waves·64, times the WG z field (LocalSplitU, Tensile's
 * WorkGroup = [x, y, LSU]: WG16_4_4 kernels split K over 4 wave groups);
 * and the WG field's product.  Both must equal the block size the trace
 * recorded. */
static void
check_tensile_block(const gs_kernel_info *k, int wg_size, const char *name)
{
	int waves;

	assert_int_equal(k->family, GS_KF_TENSILE);
	assert_true(k->has_tile);
	if (k->block_size != wg_size)
		fail_msg("WG gives %d threads, the trace %d: %s", k->block_size, wg_size, name);
	if (k->valu)
		return;
	assert_true(k->mi_m > 0 && k->wave_tile_m > 0);
	waves = k->tile_m / (k->mi_m * k->wave_tile_m) * (k->tile_n / (k->mi_n * k->wave_tile_n));
	if (waves * k->wg[2] * 64 != wg_size)
		fail_msg("MT/MI/MIWT give %d waves x LSU %d, the trace %d threads: %s", waves,
		         k->wg[2], wg_size, name);
}

/* The MI300X and MI250 PyTorch traces: every linked GEMM kernel. */
static void
test_trace_tensile_names(void **state)
{
	static const char *const files[] = {"tracelens/mi300_gemms.tsv", "hta/mi250_gemms.tsv"};
	int launches = 0;

	for (size_t f = 0; f < 2; f++) {
		eff_tsv *t = eff_tsv_need(files[f]);
		for (size_t r = 0; r < t->nrows; r++) {
			char **c = t->cell[r];
			gs_kernel_info k;
			gs_kparser_parse(*state, c[10], &k);
			check_tensile_block(&k, atoi(c[8]), c[10]);
			assert_string_equal(k.isa, strncmp(c[0], "hta", 3) ? "942" : "90a");
			assert_int_equal(k.stream_k, strncmp(c[0], "hta", 3) ? 0 : -1);
			assert_false(k.split_k);
			launches += atoi(c[9]);
		}
		eff_tsv_free(t);
	}
	assert_int_equal(launches, 169 + 26 + 2); /* data/README.md §2.1, §2.3, §3 */
}

/* A few fields the reference spells out for the Qwen kernels. */
static void
test_qwen_fields(void **state)
{
	gs_kernel_info k;

	gs_kparser_parse(*state,
	                 "Cijk_Alik_Bljk_B_BS_BH_Bias_HA_S_SAV_UserArgs_MT128x224x64_"
	                 "MI16x16x1_SN_LDSB1_AFC1_GSUAMB_GLS0_ISA942_IU1_K1_MIWT4_7_SK0_"
	                 "SKXCCM0_WG32_8_1",
	                 &k);
	assert_int_equal(k.tile_m, 128);
	assert_int_equal(k.tile_n, 224);
	assert_int_equal(k.tile_k, 64);
	assert_int_equal(k.mi_m, 16);
	assert_int_equal(k.mi_k, 0); /* TensileLite MI has no K */
	assert_int_equal(k.mi_b, 1);
	assert_int_equal(k.wave_tile_m, 4);
	assert_int_equal(k.wave_tile_n, 7);
	assert_int_equal(k.stream_k, 0); /* _SKXCCM0 is not _SK */
	assert_string_equal(k.gsu_alg, "MB");
	assert_int_equal(k.gsu, 0); /* run-time split: not a split-K flag */
	assert_false(k.split_k);
	assert_string_equal(k.dtype, "bf16");
	assert_int_equal(k.trans_a, 'T');
	assert_int_equal(k.trans_b, 'N');
	gs_kparser_parse(*state,
	                 "Cijk_Ailk_Bljk_HHS_BH_MT256x128x16_MI32x32x8x1_SN_1LDSB1_WG128_2_1", &k);
	assert_int_equal(k.mi_k, 8); /* rocBLAS 4-field MI */
	assert_int_equal(k.block_size, 256);
	gs_kparser_parse(*state, "Cijk_Ailk_Bljk_SB_MT64x64x16_MI32x32x2x1_SE_GSU4_GSUASB_WG64_4_1",
	                 &k);
	assert_int_equal(k.gsu, 4);
	assert_true(k.split_k);
	assert_non_null(k.note);
	gs_kparser_parse(*state, "Cijk_Ailk_Bljk_SB_MT64x64x16_MI32x32x2x1_SE_GSUAMBSK_WG64_4_1",
	                 &k);
	assert_true(k.split_k);
}

/* 1 if row R's kernel name (column 7) appears in no earlier row. */
static int
first_of_name(const eff_tsv *t, size_t r)
{
	for (size_t i = 0; i < r; i++)
		if (strcmp(t->cell[i][7], t->cell[r][7]) == 0)
			return 0;
	return 1;
}

/* The rocprofv3 MI350X kernels: symbols with .kd, Stream-K, PostGSU. */
static void
test_rocprof_names(void **state)
{
	eff_tsv *t = eff_tsv_need("tracelens/rocprof_mi350x_gemms.tsv");
	long dispatches = 0;
	int main_kernels = 0, sk = 0, post = 0;

	for (size_t r = 0; r < t->nrows; r++) {
		char **c = t->cell[r];
		gs_kernel_info k;
		gs_kparser_parse(*state, c[7], &k);
		if (atol(c[0]) > 0) {
			check_tensile_block(&k, atoi(c[5]), c[7]);
			assert_string_equal(k.dtype, "bf16"); /* all BBS_BH */
			assert_string_equal(k.isa, "950");
			dispatches += atol(c[0]);
			main_kernels += first_of_name(t, r);
		} else if (k.family == GS_KF_TENSILE) {
			assert_int_equal(k.stream_k, 3);
			assert_true(k.persistent);
			sk++;
		} else {
			assert_int_equal(k.family, GS_KF_TENSILE_AUX);
			assert_false(k.has_tile);
			assert_false(k.is_gemm);
			assert_true(k.gsu == 2 || k.gsu == 4);
			post++;
		}
	}
	assert_int_equal(main_kernels, 14); /* data/README.md §2.4 */
	assert_int_equal(dispatches, 5350);
	assert_int_equal(sk, 3);
	assert_int_equal(post, 3);
	eff_tsv_free(t);
}

/* The H100 trace's two GEMM kernels, wrapped and plain. */
static void
test_h100_names(void **state)
{
	eff_tsv *t = eff_tsv_need("tracelens/h100_gemms.tsv");

	for (size_t r = 0; r < t->nrows; r++) {
		char **c = t->cell[r];
		gs_kernel_info k;
		assert_int_equal(gs_kparser_parse(*state, c[10], &k), 1);
		if (strcmp(c[0], "aten::bmm") == 0) {
			assert_int_equal(k.family, GS_KF_CUTLASS2);
			assert_int_equal(k.tile_m, 128);
			assert_int_equal(k.tile_n, 32);
			assert_string_equal(k.dtype, "f32");
		} else {
			assert_int_equal(k.family, GS_KF_XMMA);
			assert_int_equal(k.tile_m * k.tile_n * k.tile_k, 128 * 128 * 64);
			assert_int_equal(k.sm, 90);
			assert_true(k.persistent); /* grid 120 or 132 CTAs */
			assert_false(k.split_k); /* segment_k_off */
		}
	}
	eff_tsv_free(t);
}

/* Normalisation (kernel-names.md §0) and names that say nothing. */
static void
test_normalise_and_unknown(void **state)
{
	gs_kernel_info k;

	assert_int_equal(gs_kparser_parse(*state,
	                                  "  void cutlass::Kernel<cutlass_80_tensorop_"
	                                  "s1688gemm_64x64_32x6_tn_align4>(Params)",
	                                  &k),
	                 1);
	assert_int_equal(k.tile_m, 64);
	assert_int_equal(gs_kparser_parse(*state, "Cijk_Alik_Bljk_SB_MT64x128x32_SE_K1.kd", &k), 1);
	assert_int_equal(k.tile_n, 128);
	assert_int_equal(
	        gs_kparser_parse(*state,
	                         "sm90_xmma_gemm_f16f16_f16f32_f32_tn_n_tilesize"
	                         "128x128x64_warpgroupsize1x1x1_execute_segment_k_on_kernel",
	                         &k),
	        1);
	assert_true(k.split_k);
	assert_int_equal(gs_kparser_parse(*state, "nvjet_tst_128x256_64x4_2x1_v_bz_splitK_TNN", &k),
	                 1);
	assert_true(k.split_k);
	assert_int_equal(gs_kparser_parse(*state, "elementwise_kernel", &k), 0);
	assert_int_equal(k.family, GS_KF_UNKNOWN);
	assert_non_null(k.note);
	assert_int_equal(gs_kparser_parse(*state, "", &k), 0);
	assert_int_equal(gs_kparser_parse(*state, NULL, &k), 0);
	assert_int_equal(gs_kparser_parse(*state, "igemm_fwd_gtcx_nhwc_bt256x128x16_wt32x32", &k),
	                 1);
	assert_int_equal(k.family, GS_KF_MIOPEN);
	assert_false(k.is_gemm);
}

static void
test_family_blas(void **state)
{
	(void)state;
	assert_true(gs_kfamily_blas(GS_KF_TENSILE));
	assert_true(gs_kfamily_blas(GS_KF_XMMA));
	assert_true(gs_kfamily_blas(GS_KF_NVJET));
	assert_false(gs_kfamily_blas(GS_KF_CK));
	assert_false(gs_kfamily_blas(GS_KF_CUTLASS3));
	assert_false(gs_kfamily_blas(GS_KF_UNKNOWN));
}

/* Math type from the kernel name (issue 12: fp32 aten::mm on A100 runs
 * cutlass_80_tensorop_s1688gemm_* on TF32 tensor cores).  Names: the
 * traces and logs cited in reference/kernel-names.md §4, §6, and public
 * profiler tables; the Tensile X name is reconstructed from the type
 * character of kernel-names.md §2.1. */
static void
test_math_dtype(void **state)
{
	static const char *const cases[][3] = {
	        /* kernel, storage, math */
	        {"cutlass_80_tensorop_s1688gemm_128x128_16x3_tn_align4", "f32", "tf32"},
	        {"cutlass_80_tensorop_s1688gemm_64x64_32x6_tn_align4", "f32",
	         "tf32"}, /* HTA A100 */
	        {"void cutlass::Kernel2<cutlass_80_tensorop_s1688gemm_128x256_16x3_nn_align4>"
	         "(cutlass_80_tensorop_s1688gemm_128x256_16x3_nn_align4::Params)",
	         "f32", "tf32"},
	        {"sm80_xmma_gemm_f32f32_tf32f32_f32_nn_n_tilesize128x128x16_stage4_warpsize2x2x1"
	         "_tensor16x8x8_kernel",
	         "f32", "tf32"},
	        {"cutlass_tensorop_s1688tf32gemm_64x64_32x5_tt_align4", "f32", "tf32"},
	        {"cutlass_80_tensorop_s1688gemm_64x64_32x6_tn_align4", "",
	         "tf32"}, /* storage unknown */
	        {"ampere_sgemm_128x64_nn", "f32", "f32"}, /* SIMT */
	        {"cutlass_80_simt_sgemm_256x128_8x4_nn_align1", "f32", "f32"},
	        {"cutlass_80_simt_sgemm_128x32_8x5_nn_align1", "f32", "f32"}, /* Qwen H100 */
	        {"cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_64x6_tn_align8", "bf16",
	         "bf16"},
	        {"cutlass_75_tensorop_s1688gemm_bf16_64x64_tn_align1", "bf16", "bf16"},
	        {"cutlass_75_tensorop_s1688gemm_bf16_64x64_tn_align1", "", ""}, /* bf16 inputs */
	        {"cutlass_tensorop_s1688gemm_f16_256x128_32x2_nt_align8", "", ""}, /* f16 inputs */
	        {"Cijk_Ailk_Bljk_SB_MT64x64x16_MI32x32x2x1_SE_1LDSB0_", "f32", "f32"},
	        {"Cijk_Alik_Bljk_SB_MT64x128x32_SE_K1", "f32", "f32"},
	        {"Cijk_Ailk_Bljk_XB_MT64x64x16_MI32x32x2x1_SE_1LDSB0_", "f32", "xf32"},
	        {"Cijk_Ailk_Bljk_S_B_MT128x128x32_MI16x16x1_SN_XF32", "f32", "xf32"},
	        {"Cijk_Ailk_Bljk_XB_MT64x64x16_MI32x32x2x1_SE_1LDSB0_", "bf16", "bf16"},
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *m = gs_kernel_math_dtype(cases[i][0], cases[i][1]);
		if (!m || strcmp(m, cases[i][2]) != 0)
			fail_msg("%s with %s storage: math %s, want %s", cases[i][0], cases[i][1],
			         m ? m : "(null)", cases[i][2]);
	}
	assert_null(gs_kernel_math_dtype("ampere_sgemm_128x64_nn", NULL));
	assert_string_equal(gs_kernel_math_dtype(NULL, "f32"), "f32");
	assert_string_equal(gs_kernel_math_dtype("cutlass_80_tensorop_s1688gemm", NULL), "tf32");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_reference_names),
	        cmocka_unit_test(test_trace_tensile_names),
	        cmocka_unit_test(test_qwen_fields),
	        cmocka_unit_test(test_rocprof_names),
	        cmocka_unit_test(test_h100_names),
	        cmocka_unit_test(test_normalise_and_unknown),
	        cmocka_unit_test(test_family_blas),
	        cmocka_unit_test(test_math_dtype),
	};

	return cmocka_run_group_tests(tests, eff_kparser_setup, eff_kparser_teardown);
}
