/* test_kernel_class: what a kernel's name says it does (model/
 * kernel_class.h), on real names: every kernel the shipped rocprofv3 run
 * dispatched, every kernel of the shipped PyTorch traces and the names of
 * reference/kernel-names.md (tests/data/eff/kernel_classes.tsv, each class
 * given by hand), the short labels of all of them, and a profile's time
 * split by class.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "eff_test.h"
#include "model/kernel_class.h"
#include "testdata.h"

/* Every name of the table gets the class written beside it. */
static void
classes_by_hand(void **state)
{
	eff_tsv *t = eff_tsv_need("kernel_classes.tsv");
	size_t per[GS_KC_COUNT] = {0};

	assert_true(t->nrows >= 170);
	for (size_t r = 0; r < t->nrows; r++) {
		gs_kclass c = gs_kernel_class(*state, t->cell[r][2], NULL);
		if (strcmp(gs_kclass_name(c), t->cell[r][0]) != 0)
			fail_msg("row %zu (%s): %s, expected %s", r + 2, t->cell[r][2],
			         gs_kclass_name(c), t->cell[r][0]);
		per[c]++;
	}
	for (int c = 0; c < GS_KC_COUNT; c++) /* every class is exercised */
		if (per[c] == 0)
			fail_msg("no name of class %s in the table", gs_kclass_name((gs_kclass)c));
	eff_tsv_free(t);
}

/* Every GEMM name of the kernel-name reference is a GEMM kernel, whatever
 * its family; its parse comes back through INFO. */
static void
reference_gemms(void **state)
{
	eff_tsv *t = eff_tsv_need("kernel_names.tsv");
	size_t gemms = 0;

	for (size_t r = 0; r < t->nrows; r++) {
		gs_kernel_info k;
		gs_kclass c = gs_kernel_class(*state, t->cell[r][7], &k);
		if (strstr(t->cell[r][6], "notgemm"))
			continue;
		if (c != GS_KC_GEMM)
			fail_msg("%s: %s, expected gemm", t->cell[r][7], gs_kclass_name(c));
		assert_string_equal(gs_kfamily_name(k.family), t->cell[r][0]);
		gemms++;
	}
	assert_true(gemms >= 35);
	/* cuBLAS nvjet with an arch field, as Blackwell (sm103) profiles print
	 * it: the kernel-name parser reads no family from it, the class is
	 * still GEMM */
	assert_int_equal(
	        gs_kernel_class(*state, "nvjet_sm103_tst_64x8_64x16_4x1_v_bz_splitK_TNT", NULL),
	        GS_KC_GEMM);
	assert_int_equal(gs_kernel_class(*state, NULL, NULL), GS_KC_OTHER);
	assert_int_equal(gs_kernel_class(*state, "", NULL), GS_KC_OTHER);
	eff_tsv_free(t);
}

/* 1 if S is well-formed UTF-8 (no check of overlong forms needed here:
 * the labels only cut strings, they never make bytes up). */
static int
utf8_ok(const char *s)
{
	while (*s) {
		unsigned char c = (unsigned char)*s;
		int n = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : 3;
		if (c >= 0x80 && (c & 0xC0) == 0x80)
			return 0;
		for (s++; n > 0; n--, s++)
			if (((unsigned char)*s & 0xC0) != 0x80)
				return 0;
	}
	return 1;
}

/* Labels are short, well-formed and, over all the table's names, all
 * different. */
static void
labels_short_distinct(void **state)
{
	eff_tsv *t = eff_tsv_need("kernel_classes.tsv");
	static char lab[TSV_MAX_ROWS][GS_KERNEL_LABEL_MAX + 1];

	(void)state;
	for (size_t r = 0; r < t->nrows; r++) {
		gs_kernel_label(t->cell[r][2], lab[r], sizeof lab[r]);
		assert_true(strlen(lab[r]) > 0 && strlen(lab[r]) <= GS_KERNEL_LABEL_MAX);
		assert_true(utf8_ok(lab[r]));
		for (size_t q = 0; q < r; q++)
			if (strcmp(lab[q], lab[r]) == 0 &&
			    strcmp(t->cell[q][2], t->cell[r][2]) != 0)
				fail_msg("%s and %s are both labelled %s", t->cell[q][2],
				         t->cell[r][2], lab[r]);
	}
	eff_tsv_free(t);
}

/* LABEL starts with HEAD and, when it is not NAME itself, ends in " #"
 * and four hex digits. */
static void
assert_label(const char *name, const char *head)
{
	char lab[GS_KERNEL_LABEL_MAX + 1];
	size_t n = strlen(head);

	gs_kernel_label(name, lab, sizeof lab);
	if (strncmp(lab, head, n) != 0)
		fail_msg("label of %s is %s, expected %s...", name, lab, head);
	if (strcmp(name, head) == 0) {
		assert_string_equal(lab, name);
		return;
	}
	assert_int_equal(strlen(lab), n + 6);
	assert_true(lab[n] == ' ' && lab[n + 1] == '#');
	assert_int_equal(strspn(lab + n + 2, "0123456789abcdef"), 4);
}

static void
labels_of_real_names(void **state)
{
	(void)state;
	assert_label("attn_fwd", "attn_fwd");
	assert_label("nvjet_tst_192x8_64x8_4x1_v_bz_TNT", "nvjet_tst_192x8_64x8_4x1_v_bz_TNT");
	assert_label("ncclDevKernel_Generic_1(ncclDevKernelArgsStorage<4096ul>)",
	             "ncclDevKernel_Generic_1");
	/* the rocprofv3 symbol with ".kd" is the same kernel */
	assert_label(
	        "Cijk_Ailk_Bljk_BBS_BH_Bias_HA_S_SAV_UserArgs_MT64x32x256_MI16x16x1_SN_LDSB1_"
	        "AFC0_AFEM1_AFEM1_ASEM1_CLR1_CADS0_DTLA0_DTLB0_DTVA0_DTVB0_EPS0_FDSI0_GRPM1.kd",
	        "Cijk_Ailk_Bljk_BBS\xe2\x80\xa6MT64x32x256_MI16x16x1");
	assert_label("Cijk_Alik_Bljk_SB_MT64x128x32_SE_K1", "Cijk_Alik_Bljk_SB_MT64x128x32");
	assert_label("void cutlass::Kernel2<cutlass_80_simt_sgemm_128x32_8x5_nn_align1>"
	             "(cutlass_80_simt_sgemm_128x32_8x5_nn_align1::Params)",
	             "cutlass_80_simt_sgemm_128x32_8x5_nn_align1");
	assert_label(
	        "void at::native::elementwise_kernel<128, 4, at::native::gpu_kernel_impl_nocast"
	        "<at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::"
	        "operator()() const::{lambda()#7}::operator()() const::{lambda(float)#1}> >(int, "
	        "at::native::gpu_kernel_impl_nocast<at::native::direct_copy_kernel_cuda(at::"
	        "TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#7}::operator()"
	        "() const::{lambda(float)#1}>(at::TensorIteratorBase&, at::native::direct_copy_"
	        "kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::"
	        "{lambda()#7}::operator()() const::{lambda(float)#1} const&)::{lambda(int)#1})",
	        "elementwise_kernel<128, 4, direct_copy_kernel_cuda>");
	assert_label("void at::native::(anonymous namespace)::layer_norm_grad_input_kernel<float, "
	             "float, false>(float const*, float const*, float const*, float const*, float "
	             "const*, float const*, float*, int)",
	             "layer_norm_grad_input_kernel<float, float, false>");
	assert_label("void at::native::lpnorm_cleanup<float, (at::native::NormType)1, float, float>"
	             "(float const*, at::native::TensorListAddresses, int)",
	             "lpnorm_cleanup<float, 1, float, float>");
}

/* A label cut to a small buffer ends on a character boundary. */
static void
label_small_buffers(void **state)
{
	const char *name = "Cijk_Ailk_Bljk_BBS_BH_Bias_HA_S_SAV_UserArgs_MT64x32x256_MI16x16x1_SN";
	char full[GS_KERNEL_LABEL_MAX + 1], buf[32];

	(void)state;
	gs_kernel_label(name, full, sizeof full);
	for (size_t size = 1; size < sizeof buf; size++) {
		memset(buf, 'x', sizeof buf);
		gs_kernel_label(name, buf, size);
		assert_true(strlen(buf) < size);
		assert_true(utf8_ok(buf));
		assert_memory_equal(buf, full, strlen(buf));
	}
	assert_string_equal(gs_kernel_label(NULL, buf, sizeof buf), "");
}

/* Every kernel the shipped rocprofv3 run dispatched is in the table,
 * and the reader put it in the class written there. */
static void
rocprof_run_covered(void **state)
{
	gs_table *t = gs_test_read(
	        gs_test_path("tests/data/trace/tracelens/rocprof/908_results.json.gz"), NULL);
	eff_tsv *c = eff_tsv_need("kernel_classes.tsv");

	(void)state;
	assert_non_null(t->kmix);
	assert_int_equal(t->kmix->n, 80);
	for (size_t i = 0; i < t->kmix->n; i++) {
		const gs_kmix_kernel *k = &t->kmix->k[i];
		size_t r = 0;
		while (r < c->nrows && strcmp(c->cell[r][2], k->name) != 0)
			r++;
		if (r == c->nrows)
			fail_msg("%s is not in kernel_classes.tsv", k->name);
		assert_string_equal(c->cell[r][1], "908");
		assert_string_equal(gs_kclass_name(k->cls), c->cell[r][0]);
	}
	eff_tsv_free(c);
	gs_table_free(t);
}

static void
mix_by_class(void **state)
{
	gs_kmix m;
	long nccl, gemm, copy;

	(void)state;
	memset(&m, 0, sizeof m);
	nccl = gs_kmix_add_kernel(&m, "ncclDevKernel_Generic_1", GS_KC_COMM);
	gemm = gs_kmix_add_kernel(&m, "Cijk_MT64x32x256", GS_KC_GEMM);
	copy = gs_kmix_add_kernel(&m, "__amd_rocclr_copyBuffer", GS_KC_MEMORY);
	assert_true(nccl == 0 && gemm == 1 && copy == 2);
	gs_kmix_add_ns(&m, (size_t)gemm, 1500);
	gs_kmix_add_ns(&m, (size_t)gemm, 2500);
	gs_kmix_add_ns(&m, (size_t)nccl, 90000);
	gs_kmix_add_ns(&m, (size_t)copy, 0); /* no duration: not a dispatch */
	gs_kmix_add_ns(&m, 7, 100); /* no such kernel */
	gs_kmix_finish(&m);
	assert_near(m.total_us, 94.0, 1e-12);
	assert_int_equal(m.calls, 3);
	assert_near(m.class_us[GS_KC_GEMM], 4.0, 1e-12);
	assert_int_equal(m.class_calls[GS_KC_GEMM], 2);
	assert_int_equal(m.class_kernels[GS_KC_MEMORY], 1);
	assert_near(gs_kmix_share(&m, GS_KC_GEMM), 4.0 / 94.0, 1e-15);
	assert_near(gs_kmix_share(&m, GS_KC_COMM), 90.0 / 94.0, 1e-15);
	/* longest first */
	assert_string_equal(m.k[0].name, "ncclDevKernel_Generic_1");
	assert_string_equal(m.k[1].name, "Cijk_MT64x32x256");
	assert_string_equal(m.k[2].name, "__amd_rocclr_copyBuffer");
	gs_kmix_free(&m);
	assert_null(m.k);
	assert_true(isnan(gs_kmix_share(&m, GS_KC_GEMM)));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(classes_by_hand),       cmocka_unit_test(reference_gemms),
	        cmocka_unit_test(labels_short_distinct), cmocka_unit_test(labels_of_real_names),
	        cmocka_unit_test(label_small_buffers),   cmocka_unit_test(rocprof_run_covered),
	        cmocka_unit_test(mix_by_class),
	};

	return cmocka_run_group_tests(tests, eff_kparser_setup, eff_kparser_teardown);
}
