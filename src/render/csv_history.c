/* csv_history.c: `gemmscope history --csv` (one row per shape, its time
 * in every run) and `--regressions` (the shapes with an open regression,
 * native schema, render/native_csv.h).
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
#include "render/history_out.h"
#include "render/native_csv.h"

static const char KEY_HEADER[] = "op,batch,M,N,K,dtype,trans_a,trans_b,bias,tag";

static void
put_key(FILE *out, const gs_record *r)
{
	const gs_shape *s = &r->shape;

	gs_fmt_csv_field(out, s->op);
	fprintf(out, ",%ld,%ld,%ld,%ld,", s->batch, s->M, s->N, s->K);
	gs_fmt_csv_field(out, s->dtype);
	fprintf(out, ",%c,%c,%d,", s->trans_a, s->trans_b, s->bias);
	gs_fmt_csv_field(out, r->tag ? r->tag : s->name);
}

static int
finish(FILE *out, gs_error *err)
{
	if (fflush(out) != 0 || ferror(out))
		return gs_error_set(err, NULL, 0, 0, "cannot write the CSV output");
	return 0;
}

int
gs_render_csv_history(const gs_report *r, FILE *out, gs_error *err)
{
	const gs_history *h = r->hist;
	char buf[GS_FMT_LEN];

	if (gs_history_need(r, "CSV", err) != 0)
		return -1;
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

/* ---- --regressions */

/* The record of series S in the last run that has it. */
static const gs_record *
last_record(const gs_history *h, size_t s)
{
	const gs_shape *key = &h->series[s].rec->shape;

	for (size_t i = h->nruns; i-- > 0;) {
		const gs_record *rec = gs_table_find(h->runs[i].table, key);
		if (rec)
			return rec;
	}
	return h->series[s].rec;
}

/* Copy SRC into T as the record of input "line" LINE (its series order). */
static int
copy_record(gs_table *t, const gs_record *src, long line, gs_error *err)
{
	gs_record *dst = gs_table_get(t, &src->shape, line, err);

	if (!dst)
		return -1;
	for (size_t i = 0; i < src->nsamples; i++)
		if (gs_record_add_sample(dst, src->samples[i]) != 0)
			return gs_error_set(err, NULL, 0, 0, "out of memory");
	if ((src->nsamples == 0 && gs_record_add_sample(dst, src->t.median) != 0) ||
	    (src->tag && gs_record_set_string(&dst->tag, src->tag) != 0) ||
	    (src->kernel && gs_record_set_string(&dst->kernel, src->kernel) != 0))
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	dst->t.count = src->t.count;
	return 0;
}

/* T with its record-only efficiency.  FIXME(issue 9): the table of open
 * regressions and its efficiency belong in the report model, built by
 * analysis, once the open-regression test lives in analysis/history.c. */
static int
native_csv(const gs_table *t, FILE *out, gs_error *err)
{
	gs_single s;
	int rc = gs_single_records(t, &s, err);

	if (rc == 0)
		rc = gs_native_csv_write(&s, out, err);
	gs_single_free(&s);
	return rc;
}

int
gs_render_regressions_history(const gs_report *r, FILE *out, gs_error *err)
{
	const gs_history *h = r->hist;
	gs_table *t;
	int rc = 0;

	if (gs_history_need(r, "regressions", err) != 0)
		return -1;
	t = gs_table_new("regressions");
	if (!t)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	for (size_t s = 0; rc == 0 && s < h->nseries; s++)
		if (gs_history_open_regression(h, s, NULL))
			rc = copy_record(t, last_record(h, s), (long)s + 1, err);
	/* An empty table cannot be finished; the writer then gives the header. */
	if (rc == 0 && (t->n == 0 || gs_table_finish(t, err) == 0))
		rc = native_csv(t, out, err);
	else
		rc = -1;
	gs_table_free(t);
	return rc;
}
