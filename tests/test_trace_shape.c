/* test_trace_shape: the trace reader's shape helpers (trace_shape.h):
 * BLAS transposes from a matrix's sizes and strides and from a kernel
 * name, and the GEMM shape of an aten op's inputs. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "ingest/trace_shape.h"

/* ---- shape helpers --------------------------------------------------- */

static void
matrix_transposes(void **state)
{
	static const struct {
		long long size[2], stride[2];
		char want;
	} cases[] = {
	        {{8944, 1024}, {1024, 1}, 'N'}, /* contiguous */
	        {{1024, 2816}, {1, 1024}, 'T'}, /* weight.t() */
	        {{128, 5}, {1, 128}, 'T'}, /* HTA dW operand */
	        {{32, 1}, {1, 1}, 'N'}, /* size-1 dims: contiguous */
	        {{1, 559}, {559, 1}, 'N'},      {{64, 32}, {64, 1}, 'N'}, /* padded leading dim */
	        {{64, 32}, {2, 128}, 'N'}, /* neither: copied first */
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_int_equal(gs_trace_matrix_trans(cases[i].size, cases[i].stride),
		                 cases[i].want);
}

static void
kernel_name_transposes(void **state)
{
	char a = 0, b = 0;

	(void)state;
	assert_int_equal(gs_trace_kernel_trans("Cijk_Ailk_Bjlk_SB_Bias_MT64x16x16", &a, &b), 0);
	assert_int_equal(a, 'N');
	assert_int_equal(b, 'T');
	assert_int_equal(gs_trace_kernel_trans("Cijk_Alik_Bljk_B_BS_BH_MT256x128x64", &a, &b), 0);
	assert_int_equal(a, 'T');
	assert_int_equal(b, 'N');
	assert_int_equal(
	        gs_trace_kernel_trans("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64",
	                              &a, &b),
	        0);
	assert_int_equal(a, 'T');
	assert_int_equal(b, 'N');
	assert_int_equal(
	        gs_trace_kernel_trans("void at::native::vectorized_elementwise_kernel", &a, &b),
	        -1);
}

static void
op_shapes(void **state)
{
	tr_inputs in;
	gs_shape key;
	const char *why = NULL;
	int k;

	(void)state;
	assert_int_equal(gs_trace_gemm_kind("aten::linear", 12), -1);
	memset(&in, 0, sizeof in);
	in.has_dims = in.has_types = 1;
	/* baddbmm: C, A [b,M,K], B [b,K,N]; bias; batch from A */
	in.n_dims = in.n_types = 3;
	in.nd[0] = 3, in.nd[1] = 3, in.nd[2] = 3;
	memcpy(in.dims[1], (long long[]){12, 64, 80}, 3 * sizeof(long long));
	memcpy(in.dims[2], (long long[]){12, 80, 96}, 3 * sizeof(long long));
	strcpy(in.types[1], "c10::BFloat16");
	k = gs_trace_gemm_kind("aten::baddbmm", 13);
	assert_int_equal(gs_trace_gemm_shape(k, &in, &key, &why), 0);
	assert_int_equal(key.batch, 12);
	assert_int_equal(key.M, 64);
	assert_int_equal(key.N, 96);
	assert_int_equal(key.K, 80);
	assert_true(key.bias);
	assert_string_equal(key.dtype, "bf16");
	assert_int_equal(key.trans_a, 0); /* no strides: from the kernel */
	/* _scaled_mm: bias only with exactly three inputs */
	in.nd[0] = in.nd[1] = 2;
	memcpy(in.dims[0], (long long[]){16, 32}, 2 * sizeof(long long));
	memcpy(in.dims[1], (long long[]){32, 8}, 2 * sizeof(long long));
	strcpy(in.types[0], "c10::Float8_e4m3fnuz");
	in.n_dims = 4;
	k = gs_trace_gemm_kind("aten::_scaled_mm", 16);
	assert_int_equal(gs_trace_gemm_shape(k, &in, &key, &why), 0);
	assert_false(key.bias);
	assert_string_equal(key.dtype, "f8e4m3fnuz");
	in.n_dims = 3;
	assert_int_equal(gs_trace_gemm_shape(k, &in, &key, &why), 0);
	assert_true(key.bias);
	/* mm given 3-D operands: no shape, with a reason */
	in.nd[0] = 3;
	k = gs_trace_gemm_kind("aten::mm", 8);
	assert_int_equal(gs_trace_gemm_shape(k, &in, &key, &why), -1);
	assert_non_null(why);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(matrix_transposes),
	        cmocka_unit_test(kernel_name_transposes),
	        cmocka_unit_test(op_shapes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
