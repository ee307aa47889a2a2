/* sniff.c: decide an input's format from its content and dispatch to the
 * reader.  The only place that knows which formats exist. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "ingest/benchdnn.h"
#include "ingest/ingest.h"
#include "ingest/ncu.h"
#include "ingest/nvbench.h"
#include "ingest/rocprof.h"
#include "ingest/trace.h"

typedef enum { FMT_CSV, FMT_JSON, FMT_SQLITE, FMT_BINARY, FMT_EMPTY } sniffed;

/* 1 if P (up to END) starts with hipblaslt-bench's "[N]:" row prefix, as
 * its log reads once grep has dropped the banner: CSV, not a JSON array. */
static int
bench_prefix(const unsigned char *p, const unsigned char *end)
{
	const unsigned char *q = p + 1;

	while (q < end && *q >= '0' && *q <= '9')
		q++;
	return q > p + 1 && end - q >= 2 && q[0] == ']' && q[1] == ':';
}

static sniffed
sniff(const gs_input *in)
{
	const unsigned char *p = in->head, *end = in->head + in->head_len;

	if (in->head_len >= 16 && memcmp(p, "SQLite format 3", 16) == 0)
		return FMT_SQLITE;
	if (end - p >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf)
		p += 3;
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
		p++;
	if (p == end)
		return FMT_EMPTY;
	if (*p == '{' || (*p == '[' && !bench_prefix(p, end)))
		return FMT_JSON;
	for (const unsigned char *q = p; q < end; q++)
		if (*q == 0 || (*q < 0x20 && *q != '\t' && *q != '\r' && *q != '\n'))
			return FMT_BINARY;
	return FMT_CSV;
}

static int
read_format(gs_input *in, const gs_ingest_opts *opts, gs_table *t, gs_error *err)
{
	switch (sniff(in)) {
	case FMT_EMPTY: return gs_error_set(err, in->path, 1, 0, "empty input");
	case FMT_BINARY:
		return gs_error_set(err, in->path, 1, 0,
		                    "binary data: not a CSV, JSON trace or rocpd database");
	case FMT_JSON:
		if (gs_rocprof_sniff_json(in->head, in->head_len))
			return gs_rocprof_json_read(in, opts, t, err);
		if (gs_nvbench_sniff_json(in->head, in->head_len))
			return gs_nvbench_json_read(in, opts, t, err);
		return gs_trace_read(in, opts, t, err);
	case FMT_SQLITE:
		if (in->compressed)
			return gs_error_set(err, in->path, 0, 0,
			                    "a gzip-compressed SQLite "
			                    "database: decompress it first");
		return gs_rocpd_read(in, opts, t, err);
	case FMT_CSV: break;
	}
	if (gs_rocprof_sniff_csv(in->head, in->head_len))
		return gs_rocprof_csv_read(in, opts, t, err);
	if (gs_ncu_sniff(in->head, in->head_len) >= 0)
		return gs_ncu_read(in, opts, t, err);
	if (gs_benchdnn_sniff(in->head, in->head_len))
		return gs_benchdnn_read(in, opts, t, err);
	return gs_csv_read(in, opts, t, err);
}

/* The note of issue 11 item 5: a warning line on stderr when T's text had
 * ill-formed UTF-8 (the count stays in T->utf8_replaced for reports). */
static void
warn_utf8(const gs_table *t)
{
	gs_error w;

	if (!t->utf8_replaced)
		return;
	gs_error_set(&w, t->path, 0, 0,
	             "warning: %zu ill-formed UTF-8 sequence%s in "
	             "the text replaced with U+FFFD",
	             t->utf8_replaced, t->utf8_replaced == 1 ? "" : "s");
	gs_error_print(&w, stderr);
}

/* gs_ingest_read without the UTF-8 warning: the caller prints it (in input
 * order when two inputs are read at once). */
static int
read_table(const char *path, const gs_ingest_opts *opts, gs_table **out, gs_error *err)
{
	static const gs_ingest_opts defaults;
	gs_input in;
	gs_table *t;
	int rc;

	*out = NULL;
	if (!opts)
		opts = &defaults;
	if (gs_input_open(&in, path, err) != 0)
		return -1;
	in.progress = opts->progress;
	t = gs_table_new(path);
	if (!t) {
		gs_input_close(&in);
		return gs_error_set(err, path, 0, 0, "out of memory");
	}
	rc = read_format(&in, opts, t, err);
	gs_input_close(&in);
	if (rc == 0)
		rc = gs_table_finish(t, err);
	if (rc != 0) {
		gs_table_free(t);
		return -1;
	}
	*out = t;
	return 0;
}

int
gs_ingest_read(const char *path, const gs_ingest_opts *opts, gs_table **out, gs_error *err)
{
	if (read_table(path, opts, out, err) != 0)
		return -1;
	warn_utf8(*out);
	return 0;
}

/* One read of gs_ingest_read_pair on its own thread. */
struct pair_job {
	const char *path;
	gs_ingest_opts opts;
	gs_table *t;
	gs_error err;
	int rc;
};

static void *
pair_thread(void *arg)
{
	struct pair_job *j = arg;

	j->rc = read_table(j->path, &j->opts, &j->t, &j->err);
	return NULL;
}

/* 1 if PATH names standard input: two such reads must stay in order. */
static int
is_stdin(const char *path)
{
	return strcmp(path, "-") == 0 || strcmp(path, "/dev/stdin") == 0;
}

/* Both reads sequentially, as two gs_ingest_read calls. */
static int
pair_sequential(const char *pa, const char *pb, const gs_ingest_opts *opts, gs_table **a,
                gs_table **b, gs_error *err)
{
	*b = NULL;
	if (gs_ingest_read(pa, opts, a, err) != 0)
		return -1;
	if (gs_ingest_read(pb, opts, b, err) != 0) {
		gs_table_free(*a);
		*a = NULL;
		return -1;
	}
	return 0;
}

int
gs_ingest_read_pair(const char *pa, const char *pb, const gs_ingest_opts *opts, gs_table **a,
                    gs_table **b, gs_error *err)
{
	static const gs_ingest_opts defaults;
	struct pair_job jb = {.path = pb, .opts = opts ? *opts : defaults};
	pthread_t th;

	*a = *b = NULL;
	if (is_stdin(pa) || is_stdin(pb))
		return pair_sequential(pa, pb, opts, a, b, err);
	jb.opts.progress = 0; /* one progress bar on the terminal: A's */
	if (pthread_create(&th, NULL, pair_thread, &jb) != 0)
		return pair_sequential(pa, pb, opts, a, b, err);
	if (read_table(pa, opts, a, err) != 0) {
		pthread_join(th, NULL);
		gs_table_free(jb.t);
		return -1;
	}
	pthread_join(th, NULL);
	warn_utf8(*a);
	if (jb.rc != 0) {
		*err = jb.err;
		gs_table_free(*a);
		*a = NULL;
		return -1;
	}
	warn_utf8(jb.t);
	*b = jb.t;
	return 0;
}
