#include <math.h>
#include <string.h>

#include "runner/benchout.h"

static const char *const native_columns =
	"op,batch,M,N,K,dtype,trans_a,trans_b,bias,tag,kernel,count,"
	"time_us_median,time_us_mean,time_us_min,time_us_max,time_us_std,"
	"gflop,tflops,tile_m,tile_n,tile_k,samples";

double
gs_benchout_flop(const gs_shape *s)
{
	double mn = (double)s->M * (double)s->N;

	return (2.0 * mn * (double)s->K + (s->bias ? mn : 0)) * (double)s->batch;
}

/* A string field, quoted when it must be (RFC 4180 §2.6, §2.7). */
static void
put_string(FILE *out, const char *s)
{
	if (!s)
		return;
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

static void
put_number(FILE *out, double v)
{
	fputc(',', out);
	if (isfinite(v))
		fprintf(out, "%.9g", v);
}

static void
put_int(FILE *out, long v)
{
	fputc(',', out);
	if (v)
		fprintf(out, "%ld", v);
}

static void
put_key(FILE *out, const gs_record *r)
{
	const gs_shape *s = &r->shape;

	put_string(out, s->op);
	fprintf(out, ",%ld,%ld,%ld,%ld,%s,%c,%c,%d,", s->batch, s->M, s->N, s->K,
	        s->dtype, s->trans_a, s->trans_b, s->bias);
	put_string(out, r->tag);
	fputc(',', out);
	put_string(out, r->kernel);
	fprintf(out, ",%ld", r->t.count);
}

static void
put_times(FILE *out, const gs_record *r)
{
	double flop = gs_benchout_flop(&r->shape);

	put_number(out, r->t.median);
	put_number(out, r->t.mean);
	put_number(out, r->t.min);
	put_number(out, r->t.max);
	put_number(out, r->nsamples > 1 ? r->t.std : NAN);
	put_number(out, flop / 1e9);
	put_number(out, flop / r->t.median / 1e6);
	put_int(out, r->launch.tile_m);
	put_int(out, r->launch.tile_n);
	put_int(out, r->launch.tile_k);
	fputc(',', out);
	for (size_t i = 0; i < r->nsamples; i++)
		fprintf(out, "%s%.9g", i ? ";" : "", r->samples[i]);
}

static void
put_run(FILE *out, const gs_benchout_meta *meta)
{
	const gs_dev_info *d = meta->info;

	fputc(',', out);
	put_string(out, meta->backend);
	fputc(',', out);
	put_string(out, d->name);
	fputc(',', out);
	put_string(out, d->arch);
	put_int(out, d->cus);
	put_int(out, d->sclk_mhz);
	put_int(out, d->mclk_mhz);
	fputc(',', out);
	put_string(out, d->runtime);
	fputc(',', out);
	put_string(out, d->blas);
}

int
gs_benchout_csv(const gs_table *t, const gs_benchout_meta *meta, FILE *out,
                gs_error *err)
{
	fputs(native_columns, out);
	for (size_t x = 0; x < t->nextra; x++) {
		fputc(',', out);
		put_string(out, t->extra_names[x]);
	}
	fputs(",backend,gpu,arch,cus,sclk_mhz,mclk_mhz,runtime,library\n", out);
	for (size_t i = 0; i < t->n; i++) {
		const gs_record *r = &t->rec[i];
		put_key(out, r);
		put_times(out, r);
		for (size_t x = 0; x < t->nextra; x++)
			put_number(out, r->extra[x]);
		put_run(out, meta);
		fputc('\n', out);
	}
	if (ferror(out))
		return gs_error_set(err, t->path, 0, 0, "write error");
	return 0;
}
