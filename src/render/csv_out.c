/* csv_out.c: the native CSV schema written (native_csv.h), and the two
 * report writers built on it: --csv (every matched shape, candidate side,
 * comparison columns appended) and --regressions (regressed shapes only,
 * native columns, read back by gemmscope and gemmscope-bench --shapes).
 *
 * Shapes found in one input only and excluded rows are not in these files
 * (they have no comparison); the HTML and JSON outputs list them.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/fmt.h"
#include "render/native_csv.h"
#include "render/report.h"

static const char NATIVE_HEADER[] =
	"op,batch,M,N,K,dtype,trans_a,trans_b,bias,tag,kernel,count,"
	"time_us_median,time_us_mean,time_us_min,time_us_max,time_us_std,samples";

static const char COMPARE_HEADER[] =
	",base_time_us_median,speedup,change_pct,class,p_value";

/* One string field, quoted (RFC 4180) if it holds a separator, a quote or
 * a line break; NULL is an empty field. */
static void
put_field(FILE *out, const char *s)
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

/* A number field: the shortest exact text, empty if not finite. */
static void
put_num(FILE *out, double v)
{
	char buf[GS_FMT_LEN];

	fputs(gs_fmt_exact(buf, sizeof buf, v), out);
}

static void
put_samples(FILE *out, const gs_record *r)
{
	for (size_t i = 0; i < r->nsamples; i++) {
		if (i)
			fputc(';', out);
		put_num(out, r->samples[i]);
	}
}

/* The native columns of R, without the line end. */
static void
put_record(FILE *out, const gs_record *r)
{
	const gs_shape *s = &r->shape;
	const gs_time_stats *t = &r->t;

	put_field(out, s->op);
	fprintf(out, ",%ld,%ld,%ld,%ld,", s->batch, s->M, s->N, s->K);
	put_field(out, s->dtype);
	fprintf(out, ",%c,%c,%d,", s->trans_a, s->trans_b, s->bias);
	put_field(out, r->tag);
	fputc(',', out);
	put_field(out, r->kernel ? r->kernel : s->name);
	fprintf(out, ",%ld,", t->count);
	put_num(out, t->median);
	fputc(',', out);
	put_num(out, t->mean);
	fputc(',', out);
	put_num(out, t->min);
	fputc(',', out);
	put_num(out, t->max);
	fputc(',', out);
	put_num(out, t->std);
	fputc(',', out);
	put_samples(out, r);
}

static int
finish(FILE *out, gs_error *err)
{
	if (fflush(out) != 0 || ferror(out))
		return gs_error_set(err, NULL, 0, 0, "cannot write the CSV output");
	return 0;
}

int
gs_native_csv_write(const gs_table *t, FILE *out, gs_error *err)
{
	fprintf(out, "%s\n", NATIVE_HEADER);
	for (size_t i = 0; i < t->n; i++) {
		put_record(out, &t->rec[i]);
		fputc('\n', out);
	}
	return finish(out, err);
}

static int
need_compare(const gs_report *r, const char *what, gs_error *err)
{
	if (r->kind != GS_REPORT_COMPARE || !r->cmp)
		return gs_error_set(err, NULL, 0, 0,
		                    "the %s output needs a comparison report", what);
	return 0;
}

static void
put_pair(FILE *out, const gs_pair *p)
{
	put_record(out, p->cand);
	fputc(',', out);
	put_num(out, p->base->t.median);
	fputc(',', out);
	put_num(out, p->speedup);
	fputc(',', out);
	put_num(out, (p->speedup - 1) * 100);
	fprintf(out, ",%s,", gs_class_name(p->cls));
	if (p->tested)
		put_num(out, p->p_value);
	fputc('\n', out);
}

int
gs_render_csv(const gs_report *r, FILE *out, gs_error *err)
{
	const gs_compare *c = r->cmp;

	if (need_compare(r, "CSV", err) != 0)
		return -1;
	fprintf(out, "%s%s\n", NATIVE_HEADER, COMPARE_HEADER);
	for (size_t i = 0; i < c->npairs; i++)
		put_pair(out, &c->pairs[i]);
	return finish(out, err);
}

int
gs_render_regressions(const gs_report *r, FILE *out, gs_error *err)
{
	const gs_compare *c = r->cmp;

	if (need_compare(r, "regressions", err) != 0)
		return -1;
	fprintf(out, "%s\n", NATIVE_HEADER);
	for (size_t i = 0; i < c->npairs; i++) {
		if (c->pairs[i].cls != GS_REGRESSED)
			continue;
		put_record(out, c->pairs[i].cand);
		fputc('\n', out);
	}
	return finish(out, err);
}
