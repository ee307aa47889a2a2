/* csv_history.c: `gemmscope history --csv` (one row per shape, its time
 * in every run), reached through gs_render_csv.  (`--regressions` is the
 * native CSV writer's, csv_out.c, over the model's R->reg_eff.)
 *
 * --csv columns: op,batch,M,N,K,dtype,trans_a,trans_b,bias,tag, then one
 * column per run, oldest first, headed by the run's name; a cell is the
 * shape's median time in µs in that run (the shortest text that reads back
 * to the same double), empty where the run lacks the shape.  Fields are
 * quoted as RFC 4180 says when they hold ',', '"', CR or LF.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ingest/ingest.h"
#include "render/fmt.h"
#include "analysis/history.h"
#include "render/writer_impl.h"

static const char KEY_HEADER[] = "op,batch,M,N,K,dtype,trans_a,trans_b,bias,tag";

static void
put_key(FILE *out, const gs_record *r)
{
	const gs_shape *s = &r->shape;

	gs_fmt_csv_field(out, s->op);
	fprintf(out, ",%ld,%ld,%ld,%ld,", s->batch, s->M, s->N, s->K);
	gs_fmt_csv_field(out, s->dtype);
	fprintf(out, ",%c,%c,%d,", s->trans_a, s->trans_b, s->bias);
	gs_fmt_csv_field(out, gs_record_tag(r) ? gs_record_tag(r) : s->name);
}

static int
finish(FILE *out, gs_error *err)
{
	if (fflush(out) != 0 || ferror(out))
		return gs_error_set(err, NULL, 0, 0, "cannot write the CSV output");
	return 0;
}

int
gs_csv_history(const gs_report *r, FILE *out, gs_error *err)
{
	const gs_history *h = r->hist;
	char buf[GS_FMT_LEN];

	fputs(KEY_HEADER, out);
	for (size_t i = 0; i < h->nruns; i++) {
		fputc(',', out);
		gs_fmt_csv_field(out, h->runs[i].name);
	}
	fputc('\n', out);
	for (size_t s = 0; s < h->nseries; s++) {
		put_key(out, h->series[s].rec);
		for (size_t i = 0; i < h->nruns; i++) {
			fputc(',', out);
			fputs(gs_fmt_exact(buf, sizeof buf, h->series[s].t[i]), out);
		}
		fputc('\n', out);
	}
	return finish(out, err);
}
