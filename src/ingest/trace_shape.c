/* trace_shape.c: see trace_shape.h. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "ingest/trace_shape.h"

/* How an op's inputs are laid out (TraceLens perf_model.py classes). */
typedef enum {
	L_AB, /* mm: A [M,K], B [K,N] */
	L_CAB, /* addmm: C, A, B; bias */
	L_BAB, /* bmm: A [b,M,K], B [b,K,N] */
	L_BCAB, /* baddbmm: C, A, B; bias */
	L_SCALED, /* _scaled_mm: A, B, scales...; bias iff 3 inputs */
	L_DYNQ, /* vllm dynamic quant: first two 2-D inputs, W [N,K] */
} layout;

static const struct {
	const char *name;
	layout layout;
} gemm_ops[] = {
        {"aten::mm", L_AB},
        {"aten::addmm", L_CAB},
        {"aten::bmm", L_BAB},
        {"aten::baddbmm", L_BCAB},
        {"aten::_scaled_mm", L_SCALED},
        {"trtllm::cublas_scaled_mm", L_SCALED},
        {"bitsandbytes::int8_linear_matmul", L_SCALED},
        {"vllm::gemm_with_dynamic_quant", L_DYNQ},
};

enum { N_OPS = sizeof gemm_ops / sizeof gemm_ops[0] };

int
gs_trace_gemm_kind(const char *name, size_t len)
{
	for (int i = 0; i < N_OPS; i++)
		if (strlen(gemm_ops[i].name) == len && memcmp(gemm_ops[i].name, name, len) == 0)
			return i;
	return -1;
}

char
gs_trace_matrix_trans(const long long size[2], const long long stride[2])
{
	long long r = size[0], c = size[1], sr = stride[0], sc = stride[1];

	if ((c == 1 || sc == 1) && (r == 1 || sr >= (c > 1 ? c : 1)))
		return 'N';
	if ((r == 1 || sr == 1) && (c == 1 || sc >= (r > 1 ? r : 1)))
		return 'T';
	return 'N';
}

int
gs_trace_kernel_trans(const char *name, char *ta, char *tb)
{
	static const char *const blas[] = {"_nn_", "_nt_", "_tn_", "_tt_"};
	const char *a = strstr(name, "Cijk_A");

	if (a && (strncmp(a + 5, "Ailk_", 5) == 0 || strncmp(a + 5, "Alik_", 5) == 0)) {
		const char *b = a + 10;
		if (strncmp(b, "Bljk", 4) == 0 || strncmp(b, "Bjlk", 4) == 0) {
			*ta = a[7] == 'l' ? 'N' : 'T'; /* Ailk: A not transposed */
			*tb = b[1] == 'l' ? 'N' : 'T'; /* Bljk: B not transposed */
			return 0;
		}
	}
	if (!strstr(name, "gemm"))
		return -1;
	for (size_t i = 0; i < sizeof blas / sizeof blas[0]; i++) {
		if (strstr(name, blas[i])) {
			*ta = (char)toupper((unsigned char)blas[i][1]);
			*tb = (char)toupper((unsigned char)blas[i][2]);
			return 0;
		}
	}
	return -1;
}

/* Operand positions of layout L: A, B, the dtype input, dims of A. */
static void
positions(layout l, const tr_inputs *in, int *ia, int *ib, int *rank)
{
	*rank = (l == L_BAB || l == L_BCAB) ? 3 : 2;
	*ia = (l == L_CAB || l == L_BCAB) ? 1 : 0;
	*ib = *ia + 1;
	if (l != L_DYNQ)
		return;
	*ia = *ib = -1;
	for (int i = 0; i < in->n_dims && i < TR_MAX_IN; i++) {
		if (in->nd[i] != 2)
			continue;
		if (*ia < 0)
			*ia = i;
		else if (*ib < 0)
			*ib = i;
	}
}

static void
set_dtype(gs_shape *key, const tr_inputs *in, int ia)
{
	const char *raw =
	        (in->has_types && ia < in->n_types && ia < TR_MAX_IN) ? in->types[ia] : "";

	if (gs_dtype_normalize(raw, key->dtype) != 0)
		snprintf(key->dtype, sizeof key->dtype, "%.*s", (int)sizeof key->dtype - 1, raw);
}

/* Transposes from the strides of torch A (BLAS B) and torch B (BLAS A). */
static void
set_trans(gs_shape *key, const tr_inputs *in, layout l, int ia, int ib)
{
	const int r = l == L_BAB || l == L_BCAB ? 3 : 2;
	long long ws[2], wd[2];

	key->trans_a = key->trans_b = 0;
	if (!in->has_strides || ia >= TR_MAX_IN || ib >= TR_MAX_IN || in->ns[ia] != r ||
	    in->ns[ib] != r)
		return;
	key->trans_b = gs_trace_matrix_trans(&in->dims[ia][r - 2], &in->strides[ia][r - 2]);
	if (l == L_DYNQ) { /* W [N,K] is torch B transposed */
		wd[0] = in->dims[ib][1], wd[1] = in->dims[ib][0];
		ws[0] = in->strides[ib][1], ws[1] = in->strides[ib][0];
		key->trans_a = gs_trace_matrix_trans(wd, ws);
	} else {
		key->trans_a = gs_trace_matrix_trans(&in->dims[ib][r - 2], &in->strides[ib][r - 2]);
	}
}

int
gs_trace_gemm_shape(int kind, const tr_inputs *in, gs_shape *key, const char **why)
{
	layout l;
	int ia, ib, r;
	const long long *a, *b;

	gs_shape_init(key);
	if (kind < 0 || kind >= N_OPS)
		return *why = "not a GEMM op", -1;
	l = gemm_ops[kind].layout;
	key->op = gemm_ops[kind].name; /* static */
	if (!in->has_dims)
		return *why = "no Input Dims (profile with record_shapes=True)", -1;
	positions(l, in, &ia, &ib, &r);
	if (ia < 0 || ib < 0 || ib >= in->n_dims || ib >= TR_MAX_IN || in->nd[ia] != r ||
	    in->nd[ib] != r)
		return *why = "Input Dims do not hold the two matrices", -1;
	a = in->dims[ia];
	b = in->dims[ib];
	key->batch = r == 3 ? a[0] : 1;
	key->M = a[r - 2];
	key->K = a[r - 1];
	key->N = l == L_DYNQ ? b[0] : b[r - 1];
	key->bias = l == L_CAB || l == L_BCAB || (l == L_SCALED && in->n_dims == 3);
	if (key->batch < 1 || key->M < 1 || key->N < 1 || key->K < 1)
		return *why = "a matrix dimension is zero", -1;
	set_dtype(key, in, ia);
	set_trans(key, in, l, ia, ib);
	return 0;
}
