#include "config.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "runner/bdtype.h"
#include "runner/cpublas.h"
#include "util/checked.h"

#ifdef HAVE_OPENBLAS
#include <cblas.h>

typedef struct blas_plan {
	gs_dev_gemm g;
	size_t na, nb, nc; /* elements of one batch's A, B and C */
	float *a32, *b32; /* f16, bf16: A and B widened to f32, one batch */
	float *c32; /* f16, bf16, or bias: the f32 result of one batch */
} blas_plan;

const char *
gs_cpublas_version(void)
{
	return openblas_get_config();
}

void
gs_cpublas_plan_free(void *vp)
{
	blas_plan *p = vp;

	if (!p)
		return;
	free(p->a32);
	free(p->b32);
	free(p->c32);
	free(p);
}

/* Element counts of one batch's A, B and C, or -1 when a dimension does
 * not fit OpenBLAS's int or a product does not fit size_t. */
static int
sizes(const gs_dev_gemm *g, size_t *na, size_t *nb, size_t *nc)
{
	if (g->m > INT_MAX || g->n > INT_MAX || g->k > INT_MAX)
		return -1;
	return gs_mul_size((size_t)g->m, (size_t)g->k, na) ||
	                       gs_mul_size((size_t)g->k, (size_t)g->n, nb) ||
	                       gs_mul_size((size_t)g->m, (size_t)g->n, nc)
	               ? -1
	               : 0;
}

static float *
floats(size_t n)
{
	size_t bytes;

	return gs_mul_size(n, sizeof(float), &bytes) ? NULL : malloc(bytes);
}

const char *
gs_cpublas_plan(const gs_dev_gemm *g, void **plan, char *kernel, size_t ksize)
{
	blas_plan *p;
	size_t na, nb, nc;
	int widen = g->dtype != GS_DEV_F32, f32_out = g->dtype != GS_DEV_F32 || g->bias;

	*plan = NULL;
	if (g->dtype != GS_DEV_F32 && g->dtype != GS_DEV_F16 && g->dtype != GS_DEV_BF16)
		return "OpenBLAS: unknown dtype";
	if (sizes(g, &na, &nb, &nc) != 0)
		return "OpenBLAS: a dimension exceeds its int";
	if (!(p = calloc(1, sizeof *p)))
		return "out of memory for the OpenBLAS plan";
	p->g = *g;
	p->na = na;
	p->nb = nb;
	p->nc = nc;
	if ((widen && (!(p->a32 = floats(na)) || !(p->b32 = floats(nb)))) ||
	    (f32_out && !(p->c32 = floats(nc)))) {
		gs_cpublas_plan_free(p);
		return "out of memory for the OpenBLAS workspace";
	}
	snprintf(kernel, ksize, "%s",
	         g->dtype == GS_DEV_BF16  ? "openblas_sgemm_bf16cvt"
	         : g->dtype == GS_DEV_F16 ? "openblas_sgemm_f16cvt"
	                                  : "openblas_sgemm");
	*plan = p;
	return NULL;
}

static enum CBLAS_TRANSPOSE
op(char t)
{
	return t == 'T' ? CblasTrans : CblasNoTrans;
}

/* One batch: C (f32, M×N, leading dimension M) = op(A)·op(B), with the
 * leading dimensions of packed column-major operands. */
static void
batch(const blas_plan *p, const void *a, const void *b, float *c)
{
	const gs_dev_gemm *g = &p->g;
	int m = (int)g->m, n = (int)g->n, k = (int)g->k;
	int lda = g->trans_a == 'T' ? k : m, ldb = g->trans_b == 'T' ? n : k;

	cblas_sgemm(CblasColMajor, op(g->trans_a), op(g->trans_b), m, n, k, 1.0f, a, lda, b, ldb,
	            0.0f, c, m);
}

/* C (f32, M×N column-major, N·M = NC elements) += bias (M elements of
 * G's dtype) down each column. */
static void
add_bias(const gs_dev_gemm *g, float *c, const void *bias, size_t nc)
{
	size_t m = (size_t)g->m;

	for (size_t i = 0; i < nc; i++) {
		size_t r = i % m;
		c[i] += g->dtype == GS_DEV_F32 ? ((const float *)bias)[r]
		        : g->dtype == GS_DEV_F16
		                ? gs_bdtype_f32_from_f16(((const uint16_t *)bias)[r])
		                : gs_bdtype_f32_from_bf16(((const uint16_t *)bias)[r]);
	}
}

const char *
gs_cpublas_run(void *vp, const void *a, const void *b, void *c, const void *bias)
{
	blas_plan *p = vp;
	const gs_dev_gemm *g = &p->g;
	size_t na = p->na, nb = p->nb, nc = p->nc, es = gs_bdtype_size(g->dtype);

	for (long long x = 0; x < g->batch; x++) {
		const char *ax = (const char *)a + (size_t)x * na * es;
		const char *bx = (const char *)b + (size_t)x * nb * es;
		void *cx = (char *)c + (size_t)x * nc * es;
		float *out = p->c32 ? p->c32 : cx;

		if (p->a32) {
			gs_bdtype_unpack(g->dtype, ax, p->a32, na);
			gs_bdtype_unpack(g->dtype, bx, p->b32, nb);
			ax = (const char *)p->a32;
			bx = (const char *)p->b32;
		}
		batch(p, ax, bx, out);
		if (bias)
			add_bias(g, p->c32, bias, nc); /* a bias gave the plan a c32 */
		if (p->c32)
			gs_bdtype_pack(g->dtype, p->c32, cx, nc);
	}
	return NULL;
}

#else /* !HAVE_OPENBLAS */

const char *
gs_cpublas_version(void)
{
	return NULL;
}

const char *
gs_cpublas_plan(const gs_dev_gemm *g, void **plan, char *kernel, size_t ksize)
{
	(void)g;
	(void)kernel;
	(void)ksize;
	*plan = NULL;
	return "this gemmscope-bench was built without OpenBLAS (install libopenblas-dev and "
	       "run configure again), so the CPU has no vendor GEMM: use --backend cpu";
}

const char *
gs_cpublas_run(void *plan, const void *a, const void *b, void *c, const void *bias)
{
	(void)plan;
	(void)a;
	(void)b;
	(void)c;
	(void)bias;
	return "no OpenBLAS in this build";
}

void
gs_cpublas_plan_free(void *plan)
{
	(void)plan;
}

#endif
