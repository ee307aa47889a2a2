/* trace_shape.h: which PyTorch profiler ops are GEMMs, and the shape key
 * (op, batch, M, N, K, dtype, transposes, bias) each one's args give.
 *
 * The op list and the operand positions follow TraceLens's GEMM perf
 * models (TraceLens/PerfModel/perf_model.py, torch_op_mapping.py; see
 * reference/efficiency.md §1.1).
 *
 * Transposes are the BLAS flags of the column-major call PyTorch makes
 * (reference/efficiency.md §5: BLAS A = torch B, BLAS B = torch A), so they
 * read like the kernel names: Tensile "Cijk_Alik_Bljk" and cuBLAS "..._tn_"
 * are both "TN".  They come from the operands' strides, which are the same
 * on every GPU, so one model's traces from two vendors give the same keys.
 */
#ifndef GS_TRACE_SHAPE_H
#define GS_TRACE_SHAPE_H

#include <stddef.h>

#include "model/shape.h"

enum { TR_MAX_IN = 8, TR_MAX_DIM = 4, TR_TYPE_LEN = 40 };

/* What a cpu_op's args say about its inputs.  Counts may exceed TR_MAX_IN
 * (only the first TR_MAX_IN are stored); nd/ns is -1 for an input that is
 * not a plain list of at most TR_MAX_DIM integers (scalars, TensorLists). */
typedef struct tr_inputs {
	int has_dims, has_strides, has_types;
	int n_dims, n_strides, n_types;
	int nd[TR_MAX_IN], ns[TR_MAX_IN];
	long long dims[TR_MAX_IN][TR_MAX_DIM];
	long long strides[TR_MAX_IN][TR_MAX_DIM];
	char types[TR_MAX_IN][TR_TYPE_LEN];
} tr_inputs;

/* gs_trace_gemm_kind: a small integer for the GEMM op NAME[0..LEN)
 * ("aten::mm", "aten::addmm", "aten::bmm", "aten::baddbmm",
 * "aten::_scaled_mm", "trtllm::cublas_scaled_mm",
 * "bitsandbytes::int8_linear_matmul", "vllm::gemm_with_dynamic_quant"),
 * or -1 for any other op. */
int gs_trace_gemm_kind(const char *name, size_t len);

/* gs_trace_gemm_shape: the shape key of one call of GEMM op KIND with
 * inputs IN.  KEY gets op (the aten name), batch, M, N, K (from Input
 * Dims), bias (addmm/baddbmm always; _scaled_mm with exactly 3 inputs),
 * dtype (operand A's Input type, normalised by gs_dtype_normalize(), else
 * the raw name cut to GS_DTYPE_LEN-1) and transposes from Input Strides
 * (trans_a = trans_b = 0 when the strides are missing: the caller takes
 * them from the kernel name).  Returns 0, or -1 with *WHY set to a static
 * sentence when the inputs give no shape. */
int gs_trace_gemm_shape(int kind, const tr_inputs *in, gs_shape *key, const char **why);

/* gs_trace_matrix_trans: 'N' if the row-major matrix SIZE[2] with element
 * strides STRIDE[2] reaches the BLAS call untransposed (row-major, the
 * leading stride >= the row length), 'T' if it is a transposed view
 * (column-major), and 'N' otherwise (PyTorch copies it contiguous first).
 * Dimensions of size 1 do not constrain their stride. */
char gs_trace_matrix_trans(const long long size[2], const long long stride[2]);

/* gs_trace_kernel_trans: the transposes a GEMM kernel name encodes:
 * Tensile "Cijk_Ailk|Alik_Bljk|Bjlk" and cuBLAS/CUTLASS "_nn_|_nt_|_tn_|_tt_".
 * Returns 0 and sets *TA, *TB ('N'/'T'), or -1 if NAME encodes none. */
int gs_trace_kernel_trans(const char *name, char *ta, char *tb);

#endif
