#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner/bdtype.h"
#include "runner/check.h"
#include "util/checked.h"

uint64_t
gs_check_rand(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* A value in ±[1/8, 1], rounded to DTYPE: never zero. */
static float
operand(uint64_t *state, int dtype)
{
	uint64_t r = gs_check_rand(state);
	double u = (double)(r >> 11) * 0x1.0p-53;
	double x = (1.0 + 7.0 * u) / 8.0;

	return gs_bdtype_round(dtype, (float)((r & 1) ? -x : x));
}

static void
fill(float *v, size_t n, int dtype, uint64_t seed)
{
	uint64_t state = seed;

	for (size_t i = 0; i < n; i++)
		v[i] = operand(&state, dtype);
}

void
gs_check_ops_free(gs_check_ops *o)
{
	free(o->a);
	free(o->b);
	free(o->bias);
	memset(o, 0, sizeof *o);
}

/* *OUT = A · B · C; -1 when it overflows size_t. */
static int
mul3(size_t a, size_t b, size_t c, size_t *out)
{
	size_t ab;

	return gs_mul_size(a, b, &ab) || gs_mul_size(ab, c, out) ? -1 : 0;
}

int
gs_check_ops_init(gs_check_ops *o, const gs_dev_gemm *g, uint64_t seed)
{
	size_t batch = (size_t)g->batch, m = (size_t)g->m, n = (size_t)g->n;
	size_t k = (size_t)g->k, bytes_a, bytes_b;

	memset(o, 0, sizeof *o);
	if (mul3(batch, m, k, &o->na) || mul3(batch, k, n, &o->nb) || mul3(batch, m, n, &o->nc) ||
	    gs_mul_size(o->na, sizeof *o->a, &bytes_a) ||
	    gs_mul_size(o->nb, sizeof *o->b, &bytes_b)) {
		memset(o, 0, sizeof *o);
		return -1;
	}
	o->a = malloc(bytes_a);
	o->b = malloc(bytes_b);
	o->bias = g->bias ? calloc(m, sizeof *o->bias) : NULL;
	if (!o->a || !o->b || (g->bias && !o->bias)) {
		gs_check_ops_free(o);
		return -1;
	}
	fill(o->a, o->na, g->dtype, seed ^ 0xa0a0a0a0ULL);
	fill(o->b, o->nb, g->dtype, seed ^ 0xb0b0b0b0ULL);
	if (o->bias)
		fill(o->bias, m, g->dtype, seed ^ 0xc0c0c0c0ULL);
	return 0;
}

double
gs_check_bound(const gs_dev_gemm *g)
{
	return 2.0 * gs_bdtype_unit_roundoff(g->dtype) + 8.0 * sqrt((double)g->k) * ldexp(1.0, -24);
}

/* The reference of output (x, i, j) in double, and Σ|a·b| + |bias|. */
static void
reference(const gs_dev_gemm *g, const gs_check_ops *o, size_t x, size_t i, size_t j, double *want,
          double *scale)
{
	size_t m = (size_t)g->m, n = (size_t)g->n, k = (size_t)g->k;
	const float *a = o->a + x * m * k, *b = o->b + x * k * n;
	double s = 0, abs_s = 0;

	for (size_t p = 0; p < k; p++) {
		double av = g->trans_a == 'T' ? a[p + i * k] : a[i + p * m];
		double bv = g->trans_b == 'T' ? b[j + p * n] : b[p + j * k];
		s += av * bv;
		abs_s += fabs(av * bv);
	}
	if (o->bias) {
		s += o->bias[i];
		abs_s += fabs(o->bias[i]);
	}
	*want = s;
	*scale = abs_s;
}

static float
output(int dtype, const void *c, size_t idx)
{
	float v;

	gs_bdtype_unpack(dtype, (const char *)c + idx * gs_bdtype_size(dtype), &v, 1);
	return v;
}

static void
compare_one(const gs_dev_gemm *g, const gs_check_ops *o, const void *c, size_t x, size_t i,
            size_t j, gs_check_result *res)
{
	size_t m = (size_t)g->m, n = (size_t)g->n;
	double want, scale, got, e;

	reference(g, o, x, i, j, &want, &scale);
	got = output(g->dtype, c, x * m * n + i + j * m);
	e = fabs(got - want) / scale;
	if (isnan(e))
		e = INFINITY;
	res->checked++;
	if (e > res->max_err || res->checked == 1) {
		res->max_err = e;
		res->bad_batch = (long long)x;
		res->bad_i = (long long)i;
		res->bad_j = (long long)j;
		res->got = got;
		res->want = want;
	}
}

static void
check_full(const gs_dev_gemm *g, const gs_check_ops *o, const void *c, gs_check_result *res)
{
	for (size_t x = 0; x < (size_t)g->batch; x++)
		for (size_t j = 0; j < (size_t)g->n; j++)
			for (size_t i = 0; i < (size_t)g->m; i++)
				compare_one(g, o, c, x, i, j, res);
	res->full = 1;
}

static void
check_sampled(const gs_dev_gemm *g, const gs_check_ops *o, const void *c, long nsample,
              uint64_t seed, gs_check_result *res)
{
	size_t last[2] = {0, (size_t)g->batch - 1};
	size_t m1 = (size_t)g->m - 1, n1 = (size_t)g->n - 1;
	uint64_t state = seed ^ 0xd0d0d0d0ULL;

	for (int b = 0; b < 2; b++) {
		compare_one(g, o, c, last[b], 0, 0, res);
		compare_one(g, o, c, last[b], m1, 0, res);
		compare_one(g, o, c, last[b], 0, n1, res);
		compare_one(g, o, c, last[b], m1, n1, res);
	}
	while (res->checked < nsample) {
		size_t x = gs_check_rand(&state) % (size_t)g->batch;
		size_t i = gs_check_rand(&state) % (size_t)g->m;
		size_t j = gs_check_rand(&state) % (size_t)g->n;
		compare_one(g, o, c, x, i, j, res);
	}
}

int
gs_check_gemm(const gs_dev_gemm *g, const gs_check_ops *o, const void *c, long nsample,
              uint64_t seed, gs_check_result *res)
{
	long long outs, macs;
	int big = __builtin_mul_overflow(g->batch, g->m, &outs) ||
	          __builtin_mul_overflow(outs, g->n, &outs);

	big = big || __builtin_mul_overflow(outs, g->k, &macs);
	memset(res, 0, sizeof *res);
	res->bound = gs_check_bound(g);
	if (!big && (macs <= GS_CHECK_FULL_MACS || outs <= nsample))
		check_full(g, o, c, res);
	else
		check_sampled(g, o, c, nsample, seed, res);
	return res->max_err <= res->bound ? 0 : 1;
}
