/* explain_out.h: the writers of `gemmscope explain` (one GEMM's breakdown,
 * analysis/explain.h) and `gemmscope gpus` (the GPU table, model/gpu.h):
 * "label:  value" text lines whose labels are stable for scripts, and JSON
 * through the JSON writers' generator (render/jsonw.h, keys M, N, K for
 * the dims).  They format only.
 */
#ifndef GS_EXPLAIN_OUT_H
#define GS_EXPLAIN_OUT_H

#include <stdio.h>

#include "analysis/explain.h"
#include "model/gpu.h"
#include "util/error.h"

/* gs_explain_write_text: R as text lines (shape, blas_dims, gpu, kernel,
 * tile, tiles ... occ_limit) on OUT.  Returns 0, or -1 if OUT has its
 * error indicator set afterwards. */
int gs_explain_write_text(const gs_explain *r, FILE *out);

/* gs_explain_write_json: R as one JSON object on OUT (M, N, K, batch,
 * dtype, gpu, arch, the quantisation, roofline, tile model and occupancy
 * fields; NAN as null).  Returns 0, or -1 with ERR when generating or
 * writing fails. */
int gs_explain_write_json(const gs_explain *r, FILE *out, gs_error *err);

/* gs_gpus_write_table: the built-in GPU table (gs_gpu_at), one row per
 * GPU with the kind tag of each figure, and a legend, on OUT.  Returns 0,
 * or -1 if OUT has its error indicator set afterwards. */
int gs_gpus_write_table(FILE *out);

/* gs_gpus_write_detail: every known figure of G with its kind and source,
 * on OUT.  Returns as gs_gpus_write_table. */
int gs_gpus_write_detail(const gs_gpu *g, FILE *out);

/* gs_gpus_write_json: ONE as a JSON object, or (ONE NULL) the built-in
 * table as {"gpus": [...]}, on OUT; every figure as {value, kind, tag,
 * source}.  Returns 0, or -1 with ERR. */
int gs_gpus_write_json(const gs_gpu *one, FILE *out, gs_error *err);

#endif
