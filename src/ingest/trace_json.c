/* trace_json.c: see trace_json.h. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/progress.h"
#include "ingest/trace_json.h"

enum { CHUNK = 1 << 18, NUM_MAX = 64 };

long long
gs_jstream_offset(const gs_jstream *js)
{
	return js->chunk_start + (long long)yajl_get_bytes_consumed(js->h);
}

int
gs_jstream_fail(gs_jstream *js, const char *fmt, ...)
{
	char msg[GS_ERR_MSG_LEN];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	gs_error_set_offset(js->err, js->in->path, gs_jstream_offset(js), "%s", msg);
	js->failed = 1;
	return 0;
}

/* The parser's own error: yajl's short message without its newline. */
static int
parse_error(gs_jstream *js, const unsigned char *buf, size_t len, int at_end)
{
	unsigned char *yerr;
	char msg[256];
	size_t n;
	long long off;

	if (js->failed)
		return -1; /* a callback already said what is wrong */
	yerr = yajl_get_error(js->h, 0, buf, len);
	snprintf(msg, sizeof msg, "%s", yerr ? (const char *)yerr : "parse error");
	if (yerr)
		yajl_free_error(js->h, yerr);
	n = strlen(msg);
	while (n && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
		msg[--n] = 0;
	off = at_end ? js->in->offset : gs_jstream_offset(js);
	return gs_error_set_offset(js->err, js->in->path, off, "invalid JSON: %s%s", msg,
	                           at_end ? " (the document is cut short)" : "");
}

/* Reading and parsing overlap: a reader thread decompresses the next
 * chunks (gs_input_read) while this thread parses the current one, so a
 * gzip trace costs about max(inflate, parse) instead of their sum.  The
 * reader owns IN until it is joined. */
enum { SLOTS = 4 };

typedef struct slot {
	unsigned char *buf;
	long n; /* bytes, 0 at end of input, -1 on error */
	long long end; /* decompressed offset after the chunk */
	long long cpos; /* on-disk bytes consumed, for the progress bar */
} slot;

typedef struct prefetch {
	gs_input *in;
	slot s[SLOTS];
	unsigned head, tail; /* filled slots are [head, tail) mod SLOTS */
	int stop; /* the parser is done early */
	gs_error err; /* the reader's error (n == -1) */
	pthread_mutex_t mu;
	pthread_cond_t filled, freed;
} prefetch;

static void *
reader(void *arg)
{
	prefetch *p = arg;
	long n;

	do {
		slot *s;
		pthread_mutex_lock(&p->mu);
		while (p->tail - p->head == SLOTS && !p->stop)
			pthread_cond_wait(&p->freed, &p->mu);
		if (p->stop) {
			pthread_mutex_unlock(&p->mu);
			break;
		}
		s = &p->s[p->tail % SLOTS];
		pthread_mutex_unlock(&p->mu);
		n = gs_input_read(p->in, s->buf, CHUNK, &p->err);
		s->n = n;
		s->end = p->in->offset;
		s->cpos = gs_input_compressed_pos(p->in);
		pthread_mutex_lock(&p->mu);
		p->tail++;
		pthread_cond_signal(&p->filled);
		pthread_mutex_unlock(&p->mu);
	} while (n > 0);
	return NULL;
}

static slot *
next_slot(prefetch *p)
{
	slot *s;

	pthread_mutex_lock(&p->mu);
	while (p->head == p->tail)
		pthread_cond_wait(&p->filled, &p->mu);
	s = &p->s[p->head % SLOTS];
	pthread_mutex_unlock(&p->mu);
	return s;
}

static void
release_slot(prefetch *p)
{
	pthread_mutex_lock(&p->mu);
	p->head++;
	pthread_cond_signal(&p->freed);
	pthread_mutex_unlock(&p->mu);
}

static int
feed(gs_jstream *js, prefetch *p, gs_progress *bar)
{
	for (;;) {
		slot *s = next_slot(p);
		if (s->n < 0) {
			*js->err = p->err;
			return -1;
		}
		if (s->n == 0)
			return 0;
		js->chunk_start = s->end - s->n;
		if (yajl_parse(js->h, s->buf, (size_t)s->n) != yajl_status_ok)
			return parse_error(js, s->buf, (size_t)s->n, 0);
		gs_progress_update(bar, s->cpos);
		release_slot(p);
	}
}

static int
prefetch_init(prefetch *p, gs_input *in)
{
	memset(p, 0, sizeof *p);
	p->in = in;
	for (int i = 0; i < SLOTS; i++)
		if (!(p->s[i].buf = malloc(CHUNK)))
			return -1;
	return 0;
}

static void
prefetch_free(prefetch *p)
{
	for (int i = 0; i < SLOTS; i++)
		free(p->s[i].buf);
}

/* Parse with the reader thread running; stop and join it on every path. */
static int
parse_all(gs_jstream *js, prefetch *p, gs_progress *bar)
{
	pthread_t tid;
	int rc;

	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->filled, NULL);
	pthread_cond_init(&p->freed, NULL);
	if (pthread_create(&tid, NULL, reader, p) != 0) {
		rc = gs_error_set(js->err, js->in->path, 0, 0, "cannot start a thread");
	} else {
		rc = feed(js, p, bar);
		pthread_mutex_lock(&p->mu);
		p->stop = 1;
		pthread_cond_signal(&p->freed);
		pthread_mutex_unlock(&p->mu);
		pthread_join(tid, NULL);
	}
	pthread_cond_destroy(&p->freed);
	pthread_cond_destroy(&p->filled);
	pthread_mutex_destroy(&p->mu);
	return rc;
}

int
gs_jstream_run(gs_jstream *js, gs_input *in, const yajl_callbacks *cb, void *ctx, int progress,
               gs_error *err)
{
	prefetch *p = malloc(sizeof *p);
	gs_progress bar;
	int rc = -1;

	js->in = in;
	js->err = err;
	js->failed = 0;
	js->chunk_start = 0;
	js->h = NULL;
	if (p && prefetch_init(p, in) == 0)
		js->h = yajl_alloc(cb, NULL, ctx);
	if (!js->h) {
		if (p)
			prefetch_free(p);
		free(p);
		return gs_error_set(err, in->path, 0, 0, "out of memory");
	}
	yajl_config(js->h, yajl_dont_validate_strings, 1);
	gs_progress_start(&bar, in->path, in->file_size, progress);
	if (parse_all(js, p, &bar) == 0) {
		js->chunk_start = in->offset;
		if (yajl_complete_parse(js->h) == yajl_status_ok)
			rc = 0;
		else
			parse_error(js, NULL, 0, 1);
	}
	gs_progress_end(&bar);
	yajl_free(js->h);
	js->h = NULL;
	prefetch_free(p);
	free(p);
	return rc;
}

int
gs_json_int(const char *s, size_t len, long long *out)
{
	long long v = 0;
	size_t i = 0;
	int neg = 0;

	if (len && s[0] == '-') {
		neg = 1;
		i = 1;
	}
	if (i == len)
		return -1;
	for (; i < len; i++) {
		if (s[i] < '0' || s[i] > '9') {
			double d = gs_json_double(s, len);
			if (!isfinite(d) || d != floor(d) || fabs(d) > 9e18)
				return -1;
			*out = (long long)d;
			return 0;
		}
		if (v > (9223372036854775807LL - 9) / 10)
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	*out = neg ? -v : v;
	return 0;
}

double
gs_json_double(const char *s, size_t len)
{
	char tmp[NUM_MAX];
	char *end;
	double d;

	if (len == 0 || len >= sizeof tmp)
		return NAN;
	memcpy(tmp, s, len);
	tmp[len] = 0;
	d = strtod(tmp, &end);
	return *end ? NAN : d;
}

int
gs_json_key_is(const unsigned char *s, size_t len, const char *lit)
{
	return strlen(lit) == len && memcmp(s, lit, len) == 0;
}
