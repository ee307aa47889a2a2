/* csv_out.c: the native CSV schema written (native_csv.h), and the report
 * writers built on it: --csv (compare: every matched shape, candidate
 * side, comparison columns appended; report: every shape of the input;
 * history: csv_history.c) and --regressions (regressed shapes only, native
 * columns, read back by gemmscope and gemmscope-bench --shapes; history's
 * open regressions and confirm's confirmed ones are the model's
 * R->reg_eff).  The derived columns (gflop,
 * mib, flops_per_byte, tflops, tile, tile_eff, wq_eff, dim_eff) come from
 * the efficiency model the caller hands over (analysis/single.h: the
 * report's, or the record-only gs_single_records); nothing is computed
 * here.
 *
 * Shapes found in one input only and excluded rows are not in these files
 * (they have no comparison); the HTML and JSON outputs list them.
 */
#define _POSIX_C_SOURCE 200809L /* flockfile, open_memstream */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "analysis/single.h"
#include "model/stats.h"
#include "render/fmt.h"
#include "render/native_csv.h"
#include "render/writer_impl.h"
#include "util/ordered.h"

const char GS_NATIVE_CSV_HEADER[] =
        "op,batch,M,N,K,dtype,trans_a,trans_b,bias,tag,kernel,count,"
        "time_us_median,time_us_mean,time_us_min,time_us_max,time_us_std,"
        "time_us_sum,gflop,mib,flops_per_byte,tflops,tile_m,tile_n,tile_k,"
        "tile_eff,wq_eff,dim_eff,samples";

static const char COMPARE_HEADER[] = ",base_time_us_median,speedup,change_pct,class,p_value";

/* A row is gathered in memory and handed to stdio with one fwrite (a
 * million-shape compare's CSV is 234 MB, 34 fields a row): a putc per
 * byte cost a store and a load of the stream's pointer each.  The
 * writers hold OUT's lock for the whole file (flockfile), so each fwrite
 * takes it without contention.  Write errors stay in OUT's error flag,
 * which finish() reads. */
typedef struct rowbuf {
	FILE *out;
	size_t n; /* bytes in b */
	char b[4096]; /* a longer row (long kernel names, many samples) is
	                   handed over in pieces */
} rowbuf;

static void
row_begin(rowbuf *w, FILE *out)
{
	w->out = out;
	w->n = 0;
}

/* Hand W's bytes to its stream. */
static void
row_flush(rowbuf *w)
{
	if (w->n)
		fwrite(w->b, 1, w->n, w->out);
	w->n = 0;
}

/* Room for LEN (at most sizeof W->b) more bytes in W. */
static void
row_room(rowbuf *w, size_t len)
{
	if (len > sizeof w->b - w->n)
		row_flush(w);
}

static void
put_c(rowbuf *w, char c)
{
	row_room(w, 1);
	w->b[w->n++] = c;
}

static void
put_mem(rowbuf *w, const char *s, size_t len)
{
	if (len > sizeof w->b - w->n) {
		row_flush(w);
		if (len > sizeof w->b) {
			fwrite(s, 1, len, w->out);
			return;
		}
	}
	memcpy(w->b + w->n, s, len);
	w->n += len;
}

static void
put_s(rowbuf *w, const char *s)
{
	put_mem(w, s, strlen(s));
}

/* A text field (NULL: empty): gs_fmt_csv_field's bytes. */
static void
put_text(rowbuf *w, const char *s)
{
	if (gs_fmt_csv_plain(s)) {
		if (s)
			put_s(w, s);
		return;
	}
	row_flush(w);
	gs_fmt_csv_field(w->out, s);
}

/* A number field: the shortest exact text, empty if not finite. */
static void
put_num(rowbuf *w, double v)
{
	row_room(w, GS_FMT_LEN);
	w->n += gs_fmt_exact_n(w->b + w->n, GS_FMT_LEN, v);
}

static void
put_samples(rowbuf *w, const gs_record *r)
{
	for (size_t i = 0; i < r->nsamples; i++) {
		if (i)
			put_c(w, ';');
		put_num(w, r->samples[i]);
	}
}

/* An integer field. */
static void
put_int(rowbuf *w, long long v)
{
	row_room(w, GS_FMT_INT_LEN);
	w->n += gs_fmt_int(w->b + w->n, v);
}

/* A positive integer field, empty for 0. */
static void
put_dim(rowbuf *w, long v)
{
	if (v > 0)
		put_int(w, v);
}

/* The derived columns gflop .. dim_eff of E (NULL: all empty), each
 * followed by a comma. */
static void
put_eff(rowbuf *w, const gs_eff *e)
{
	double v[4] = {NAN, NAN, NAN, NAN}, q[3] = {NAN, NAN, NAN};

	if (e) {
		v[0] = e->cost.flop / 1e9;
		v[1] = e->cost.mib;
		v[2] = e->cost.ai;
		v[3] = e->achieved_tflops;
		q[0] = e->tile_eff;
		q[1] = e->wq_eff;
		q[2] = e->dim_eff;
	}
	for (size_t i = 0; i < 4; i++) {
		put_num(w, v[i]);
		put_c(w, ',');
	}
	put_dim(w, e ? e->tile_m : 0);
	put_c(w, ',');
	put_dim(w, e ? e->tile_n : 0);
	put_c(w, ',');
	put_dim(w, e ? e->tile_k : 0);
	for (size_t i = 0; i < 3; i++) {
		put_c(w, ',');
		put_num(w, q[i]);
	}
	put_c(w, ',');
}

/* The efficiency of R, its row in S, computed into *E.  NULL when R has
 * none (no M/N/K, or not a record of S's table): the derived columns are
 * then empty. */
static const gs_eff *
eff_of(const gs_single *s, const gs_record *r, gs_eff *e)
{
	return gs_single_eff(s, gs_single_row_of(s, r), e);
}

/* The native columns of R, without the line end. */
static void
put_record(rowbuf *w, const gs_record *r, const gs_single *eff)
{
	const gs_shape *s = &r->shape;
	const gs_time_stats t = gs_record_stats(r);
	gs_eff e;

	const long dims[4] = {s->batch, s->M, s->N, s->K};
	const char flags[7] = {',', s->trans_a, ',', s->trans_b, ',', s->bias ? '1' : '0', ','};
	const double times[6] = {t.median, t.mean, t.min, t.max, t.std, t.sum};

	put_text(w, s->op);
	for (int i = 0; i < 4; i++) {
		put_c(w, ',');
		put_int(w, dims[i]);
	}
	put_c(w, ',');
	put_text(w, s->dtype);
	for (size_t i = 0; i < sizeof flags; i++)
		put_c(w, flags[i]);
	put_text(w, gs_record_tag(r));
	put_c(w, ',');
	put_text(w, gs_record_kernel(r) ? gs_record_kernel(r) : s->name);
	put_c(w, ',');
	put_int(w, t.count);
	for (size_t i = 0; i < sizeof times / sizeof *times; i++) { /* time_us_median .. _sum */
		put_c(w, ',');
		put_num(w, times[i]);
	}
	put_c(w, ',');
	put_eff(w, eff_of(eff, r, &e));
	put_samples(w, r);
}

static int
finish(FILE *out, gs_error *err)
{
	if (fflush(out) != 0 || ferror(out))
		return gs_error_set(err, NULL, 0, 0, "cannot write the CSV output");
	return 0;
}

/* The extra fields of record I (R) of EXT, each preceded by a comma. */
static void
put_ext(rowbuf *w, const gs_native_csv_ext *ext, const gs_record *r, size_t i)
{
	gs_csv_cell cell[GS_NATIVE_CSV_EXT_MAX];

	for (size_t c = 0; c < ext->n; c++)
		cell[c] = (gs_csv_cell){NULL, NAN};
	ext->cells(ext->ctx, r, i, cell);
	for (size_t c = 0; c < ext->n; c++) {
		put_c(w, ',');
		if (cell[c].str)
			put_text(w, cell[c].str);
		else
			put_num(w, cell[c].num);
	}
}

/* Rows on two threads (util/ordered.h): runs of rows printed into memory
 * streams, written out in order.  The bytes are the plain loop's: a row
 * is printed from its own record or pair alone. */
enum { CSV_RUN = 1024 }; /* rows per run: ~0.25 MB of a compare's CSV */

/* Row I of ARG, with its newline. */
typedef void (*row_fn)(FILE *out, const void *arg, size_t i);

typedef struct csv_runs {
	FILE *out;
	row_fn row;
	const void *arg;
	struct {
		FILE *f; /* open_memstream over buf, NULL until used */
		char *buf;
		size_t size;
	} run[GS_ORDERED_SLOTS];
} csv_runs;

static int
csv_make(void *ctx, int s, size_t begin, size_t end)
{
	csv_runs *q = ctx;

	if (!q->run[s].f)
		q->run[s].f = open_memstream(&q->run[s].buf, &q->run[s].size);
	else if (fseeko(q->run[s].f, 0, SEEK_SET) != 0)
		return -1;
	if (!q->run[s].f)
		return -1;
	for (size_t i = begin; i < end; i++)
		q->row(q->run[s].f, q->arg, i);
	return fflush(q->run[s].f) != 0 || ferror(q->run[s].f) ? -1 : 0;
}

static int
csv_emit(void *ctx, int s, size_t run)
{
	csv_runs *q = ctx;
	off_t len = ftello(q->run[s].f); /* this run's bytes: a run may be
	                                    shorter than the one before */

	(void)run;
	if (len < 0 || fwrite(q->run[s].buf, 1, (size_t)len, q->out) != (size_t)len)
		return -1;
	return 0;
}

/* Rows 0..N-1 of ARG into OUT (its lock held): on two threads when there
 * are many and THREADS is 1 (ROW may then run on both at once).  Returns
 * 0, or -1 with ERR when a run could not be made (out of memory); write
 * errors stay in OUT's error flag for finish(). */
static int
put_rows(FILE *out, size_t n, row_fn row, const void *arg, int threads, gs_error *err)
{
	csv_runs q = {.out = out, .row = row, .arg = arg};
	gs_ordered o = {.n = n, .chunk = CSV_RUN, .ctx = &q, .make = csv_make, .emit = csv_emit};
	int rc;

	if (!threads || n < 4 * CSV_RUN) {
		for (size_t i = 0; i < n; i++)
			row(out, arg, i);
		return 0;
	}
	rc = gs_ordered_run(&o);
	for (int i = 0; i < GS_ORDERED_SLOTS; i++) {
		if (q.run[i].f)
			fclose(q.run[i].f);
		free(q.run[i].buf);
	}
	if (rc != 0 && !ferror(out)) /* a run not made, not a write error */
		return gs_error_set(err, NULL, 0, 0, "cannot write the CSV output: out of memory");
	return 0;
}

/* A native CSV and its extra columns (EXT NULL: none). */
typedef struct native_rows {
	const gs_single *s;
	const gs_native_csv_ext *ext;
} native_rows;

/* Native row I (a record, its derived columns, its extra cells): ARG is
 * a native_rows. */
static void
record_row(FILE *out, const void *arg, size_t i)
{
	const native_rows *nr = arg;
	const gs_record *r = &nr->s->table->rec[i];
	rowbuf w;

	row_begin(&w, out);
	put_record(&w, r, nr->s);
	if (nr->ext && nr->ext->n)
		put_ext(&w, nr->ext, r, i);
	put_c(&w, '\n');
	row_flush(&w);
}

int
gs_native_csv_write(const gs_single *s, FILE *out, gs_error *err)
{
	return gs_native_csv_write_ext(s, NULL, out, err);
}

int
gs_native_csv_write_ext(const gs_single *s, const gs_native_csv_ext *ext, FILE *out, gs_error *err)
{
	size_t n = ext ? ext->n : 0;
	const native_rows nr = {s, ext};
	int rc;

	if (n > GS_NATIVE_CSV_EXT_MAX)
		return gs_error_set(err, NULL, 0, 0, "%zu extra CSV columns, at most %d", n,
		                    GS_NATIVE_CSV_EXT_MAX);
	flockfile(out);
	fputs(GS_NATIVE_CSV_HEADER, out);
	for (size_t c = 0; ext && c < n; c++) {
		fputc(',', out);
		gs_fmt_csv_field(out, ext->names[c]);
	}
	fputc('\n', out);
	/* one thread with extra cells: their callback is not known to be
	 * thread-safe */
	rc = put_rows(out, s->table->n, record_row, &nr, n == 0, err);
	funlockfile(out);
	return rc != 0 ? -1 : finish(out, err);
}

static int
need_compare(const gs_report *r, const char *what, gs_error *err)
{
	if (r->kind != GS_REPORT_COMPARE || !r->cmp)
		return gs_error_set(err, NULL, 0, 0, "the %s output needs a comparison report",
		                    what);
	return 0;
}

static void
put_pair(rowbuf *w, const gs_compare *c, const gs_pair *p, const gs_single *cand)
{
	put_record(w, p->cand, cand);
	put_c(w, ',');
	put_num(w, p->base->t.median);
	put_c(w, ',');
	put_num(w, p->speedup);
	put_c(w, ',');
	put_num(w, (p->speedup - 1) * 100);
	put_c(w, ',');
	put_s(w, gs_class_name(p->cls));
	put_c(w, ',');
	if (p->tested)
		put_num(w, gs_pair_p_value(c, p));
	put_c(w, '\n');
}

/* Compare row I: ARG is the report. */
static void
pair_row(FILE *out, const void *arg, size_t i)
{
	const gs_report *r = arg;
	rowbuf w;

	row_begin(&w, out);
	put_pair(&w, r->cmp, &r->cmp->pairs[i], r->eff_cand);
	row_flush(&w);
}

int
gs_render_csv(const gs_report *r, FILE *out, gs_error *err)
{
	int rc;

	if (r->kind == GS_REPORT_SINGLE && r->single)
		return gs_native_csv_write(r->single, out, err);
	if (r->kind == GS_REPORT_HISTORY && r->hist && r->hseries)
		return gs_csv_history(r, out, err);
	if (need_compare(r, "CSV", err) != 0)
		return -1;
	flockfile(out);
	fputs(GS_NATIVE_CSV_HEADER, out);
	fputs(COMPARE_HEADER, out);
	fputc('\n', out);
	rc = put_rows(out, r->cmp->npairs, pair_row, r, 1, err);
	funlockfile(out);
	return rc != 0 ? -1 : finish(out, err);
}

int
gs_render_regressions(const gs_report *r, FILE *out, gs_error *err)
{
	const gs_compare *c = r->cmp;

	if ((r->kind == GS_REPORT_HISTORY || r->kind == GS_REPORT_CONFIRM) && r->reg_eff)
		return gs_native_csv_write(r->reg_eff, out, err);
	if (need_compare(r, "regressions", err) != 0)
		return -1;
	flockfile(out);
	fputs(GS_NATIVE_CSV_HEADER, out);
	fputc('\n', out);
	for (size_t i = 0; i < c->npairs; i++) {
		rowbuf w;

		if (c->pairs[i].cls != GS_REGRESSED)
			continue;
		row_begin(&w, out);
		put_record(&w, c->pairs[i].cand, r->eff_cand);
		put_c(&w, '\n');
		row_flush(&w);
	}
	funlockfile(out);
	return finish(out, err);
}
