#include <math.h>
#include <string.h>

#include "model/gemm.h"
#include "render/fmt.h"
#include "runner/benchout.h"

static const char *const native_columns =
	"op,batch,M,N,K,dtype,trans_a,trans_b,bias,tag,kernel,count,"
	"time_us_median,time_us_mean,time_us_min,time_us_max,time_us_std,"
	"gflop,tflops,tile_m,tile_n,tile_k,samples";

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

	gs_fmt_csv_field(out, s->op);
	fprintf(out, ",%ld,%ld,%ld,%ld,%s,%c,%c,%d,", s->batch, s->M, s->N, s->K,
	        s->dtype, s->trans_a, s->trans_b, s->bias);
	gs_fmt_csv_field(out, r->tag);
	fputc(',', out);
	gs_fmt_csv_field(out, r->kernel);
	fprintf(out, ",%ld", r->t.count);
}

static void
put_times(FILE *out, const gs_record *r)
{
	gs_gemm g;

	gs_gemm_cost(&r->shape, &g); /* sets flop even for an unknown dtype size */
	put_number(out, r->t.median);
	put_number(out, r->t.mean);
	put_number(out, r->t.min);
	put_number(out, r->t.max);
	put_number(out, r->nsamples > 1 ? r->t.std : NAN);
	put_number(out, g.flop / 1e9);
	put_number(out, gs_gemm_tflops(g.flop, r->t.median));
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
	gs_fmt_csv_field(out, meta->backend);
	fputc(',', out);
	gs_fmt_csv_field(out, d->name);
	fputc(',', out);
	gs_fmt_csv_field(out, d->arch);
	put_int(out, d->cus);
	put_int(out, d->sclk_mhz);
	put_int(out, d->mclk_mhz);
	fputc(',', out);
	gs_fmt_csv_field(out, d->runtime);
	fputc(',', out);
	gs_fmt_csv_field(out, d->blas);
}

int
gs_benchout_csv(const gs_table *t, const gs_benchout_meta *meta, FILE *out,
                gs_error *err)
{
	fputs(native_columns, out);
	for (size_t x = 0; x < t->nextra; x++) {
		fputc(',', out);
		gs_fmt_csv_field(out, t->extra_names[x]);
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
