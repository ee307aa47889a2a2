/* gemm.c: FLOP and byte counts of a GEMM (TraceLens conventions). */
#include <math.h>
#include <string.h>

#include "model/gemm.h"

int
gs_gemm_cost(const gs_shape *s, gs_gemm *out)
{
	double b = (double)s->batch, m = (double)s->M, n = (double)s->N, k = (double)s->K;
	int e = gs_dtype_bytes(s->dtype), eo = e;

	out->flop = out->bytes = out->mib = out->ai = NAN;
	out->elem_bytes = e;
	out->out_bytes = e;
	if (s->batch < 1 || s->M < 1 || s->N < 1 || s->K < 1)
		return -1;
	out->flop = b * (2.0 * m * n * k + (s->bias ? m * n : 0.0));
	if (e == 0)
		return -1;
	if (s->dtype[0] == 'f' && s->dtype[1] == '8' && strcmp(s->op, "aten::_scaled_mm") == 0)
		eo = 2;
	out->out_bytes = eo;
	out->bytes = b * (m * k * e + k * n * e + m * n * eo + (s->bias ? n * e : 0.0));
	out->mib = out->bytes / 1048576.0;
	out->ai = out->flop / out->bytes;
	return 0;
}

double
gs_gemm_tflops(double flop, double time_us)
{
	if (!(isfinite(flop) && flop > 0 && isfinite(time_us) && time_us > 0))
		return NAN;
	return flop / (time_us * 1e-6) / 1e12;
}
