/* nvbench_json.c: nvbench JSON streamed through yajl (nvbench.h): which
 * container the parser is in, and what each key of nvbench's layout
 * (docs/json_output.md, format 1.0.0) holds.  Only the devices and the
 * benchmarks' states are kept, one state at a time; every other value is
 * passed over.  The state just read goes to nvbench_state.c. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/nvbench_impl.h"
#include "ingest/units.h"

/* 1 if KEY (quoted) is in HEAD[0..LEN). */
static int
has_key(const unsigned char *head, size_t len, const char *key)
{
	size_t n = strlen(key);

	for (size_t i = 0; i + n <= len; i++)
		if (head[i] == '"' && memcmp(head + i, key, n) == 0)
			return 1;
	return 0;
}

int
gs_nvbench_sniff_json(const unsigned char *head, size_t len)
{
	return has_key(head, len, "\"sm_default_clock_rate\"") ||
	       has_key(head, len, "\"nvbench\"") ||
	       (has_key(head, len, "\"benchmarks\"") && has_key(head, len, "\"states\""));
}

/* The container a map (IS_MAP) or array opened under the current key
 * is, NV_NONE for one passed over. */
static nvwhere
child(const nvb *c, int is_map)
{
	static const struct {
		nvwhere parent;
		const char *key; /* NULL: the elements of an array */
		int is_map;
		nvwhere w;
	} tree[] = {
	        {NV_ROOT, "devices", 0, NV_DEVICES},     {NV_ROOT, "benchmarks", 0, NV_BENCHES},
	        {NV_DEVICES, NULL, 1, NV_DEVICE},        {NV_BENCHES, NULL, 1, NV_BENCH},
	        {NV_BENCH, "states", 0, NV_STATES},      {NV_STATES, NULL, 1, NV_STATE},
	        {NV_STATE, "axis_values", 0, NV_AXVALS}, {NV_AXVALS, NULL, 1, NV_AXVAL},
	        {NV_STATE, "summaries", 0, NV_SUMMS},    {NV_SUMMS, NULL, 1, NV_SUMM},
	        {NV_SUMM, "data", 0, NV_DATA},           {NV_DATA, NULL, 1, NV_DATUM},
	};
	nvwhere pw;

	if (c->depth == 0)
		return is_map ? NV_ROOT : NV_NONE;
	if (c->depth == NVB_DEPTH)
		return NV_NONE;
	pw = c->wh[c->depth - 1];
	for (size_t i = 0; i < sizeof tree / sizeof *tree; i++)
		if (tree[i].parent == pw && tree[i].is_map == is_map &&
		    (!tree[i].key || strcmp(tree[i].key, c->key[c->depth - 1]) == 0))
			return tree[i].w;
	return NV_NONE;
}

static void
enter(nvb *c, nvwhere w)
{
	nvb_state *s = &c->st;

	switch (w) {
	case NV_BENCHES: c->saw_benchmarks = 1; break;
	case NV_DEVICE:
		memset(&c->cur_dev, 0, sizeof c->cur_dev);
		c->cur_dev.id = -1;
		break;
	case NV_BENCH: c->bench[0] = 0; break;
	case NV_STATE:
		s->device = -1;
		s->naxes = s->skipped = 0;
		s->skip_reason[0] = s->sidecar[0] = 0;
		s->median = s->mean = NAN;
		s->samples = s->sidecar_n = 0;
		break;
	case NV_AXVAL: s->cur.name[0] = s->cur.value[0] = 0; break;
	case NV_SUMM: s->tag[0] = s->value[0] = s->filename[0] = s->size[0] = 0; break;
	case NV_DATUM: s->dname[0] = s->dvalue[0] = 0; break;
	default: break;
	}
}

static void
copy(char *dst, size_t size, const char *s, size_t n)
{
	if (n > size - 1)
		n = size - 1;
	memcpy(dst, s, n);
	dst[n] = 0;
}

#define COPY(dst, src) copy((dst), sizeof(dst), (src), strlen(src))

/* A summary just read: the values of the tags nvbench.h uses. */
static void
summary_done(nvb_state *s)
{
	long long n;

	if (strcmp(s->tag, "nv/cold/time/gpu/median") == 0 &&
	    gs_number_e10(s->value, 6, &s->median) != 0)
		s->median = NAN;
	else if (strcmp(s->tag, "nv/cold/time/gpu/mean") == 0 &&
	         gs_number_e10(s->value, 6, &s->mean) != 0)
		s->mean = NAN;
	else if (strcmp(s->tag, "nv/cold/sample_size") == 0 &&
	         gs_json_int(s->value, strlen(s->value), &n) == 0 && n > 0)
		s->samples = n;
	else if (strcmp(s->tag, "nv/json/bin:nv/cold/sample_times") == 0 && s->filename[0] &&
	         gs_json_int(s->size, strlen(s->size), &n) == 0 && n > 0) {
		COPY(s->sidecar, s->filename);
		s->sidecar_n = n;
	}
}

/* A data entry just read: {"name": "value" | "filename" | "size", ...}. */
static void
datum_done(nvb_state *s)
{
	if (strcmp(s->dname, "value") == 0)
		COPY(s->value, s->dvalue);
	else if (strcmp(s->dname, "filename") == 0)
		COPY(s->filename, s->dvalue);
	else if (strcmp(s->dname, "size") == 0)
		COPY(s->size, s->dvalue);
}

static int
close_container(nvb *c, nvwhere w)
{
	nvb_state *s = &c->st;

	switch (w) {
	case NV_DEVICE:
		if (c->ndev < NVB_MAX_DEVICES)
			c->dev[c->ndev++] = c->cur_dev;
		return 1;
	case NV_AXVAL:
		if (s->cur.name[0] && s->naxes < NVB_MAX_AXES)
			s->axis[s->naxes++] = s->cur;
		return 1;
	case NV_DATUM: datum_done(s); return 1;
	case NV_SUMM: summary_done(s); return 1;
	case NV_STATE: c->nstates++; return gs_nvbench_state_done(c);
	default: return 1;
	}
}

static int
on_open(void *ctx, int is_map)
{
	nvb *c = ctx;
	nvwhere w;

	if (c->skip)
		return c->skip++, 1;
	w = child(c, is_map);
	if (w == NV_NONE) {
		if (c->depth == 0)
			return gs_jstream_fail(&c->js,
			                       "not nvbench JSON: the document is not an object");
		return c->skip = 1, 1;
	}
	c->wh[c->depth] = w;
	c->key[c->depth++][0] = 0;
	enter(c, w);
	return 1;
}

static int
on_start_map(void *ctx)
{
	return on_open(ctx, 1);
}

static int
on_start_array(void *ctx)
{
	return on_open(ctx, 0);
}

static int
on_close(void *ctx)
{
	nvb *c = ctx;

	if (c->skip)
		return c->skip--, 1;
	return close_container(c, c->wh[--c->depth]);
}

static int
on_key(void *ctx, const unsigned char *s, size_t n)
{
	nvb *c = ctx;

	if (!c->skip && c->depth)
		copy(c->key[c->depth - 1], NVB_NAME, (const char *)s, n);
	return 1;
}

/* A device's number, KEY. */
static void
device_number(nvb_device *d, const char *key, const char *s, size_t n)
{
	static const char *const keys[] = {"id", "number_of_sms", "sm_version",
	                                   "sm_default_clock_rate", "global_memory_size"};
	long long *dst[] = {&d->id, &d->sms, &d->sm_version, &d->clock_hz, &d->mem_bytes};
	long long v;

	for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
		if (strcmp(key, keys[i]) == 0 && gs_json_int(s, n, &v) == 0)
			*dst[i] = v;
}

/* A string or the text of a number, S[0..N), under the current key. */
static int
on_scalar(nvb *c, const char *s, size_t n)
{
	nvb_state *st = &c->st;
	const char *k;

	if (c->skip || !c->depth)
		return 1;
	k = c->key[c->depth - 1];
	switch (c->wh[c->depth - 1]) {
	case NV_DEVICE:
		if (strcmp(k, "name") == 0)
			copy(c->cur_dev.name, NVB_NAME, s, n);
		else
			device_number(&c->cur_dev, k, s, n);
		break;
	case NV_BENCH:
		if (strcmp(k, "name") == 0)
			copy(c->bench, NVB_NAME, s, n);
		break;
	case NV_STATE:
		if (strcmp(k, "device") == 0 && gs_json_int(s, n, &st->device) != 0)
			st->device = -1;
		else if (strcmp(k, "skip_reason") == 0)
			copy(st->skip_reason, NVB_NAME, s, n);
		break;
	case NV_SUMM:
		if (strcmp(k, "tag") == 0)
			copy(st->tag, NVB_NAME, s, n);
		break;
	case NV_AXVAL:
		if (strcmp(k, "name") == 0 || strcmp(k, "value") == 0)
			copy(k[0] == 'n' ? st->cur.name : st->cur.value, NVB_NAME, s, n);
		break;
	case NV_DATUM:
		if (strcmp(k, "name") == 0 || strcmp(k, "value") == 0)
			copy(k[0] == 'n' ? st->dname : st->dvalue,
			     k[0] == 'n' ? sizeof st->dname : sizeof st->dvalue, s, n);
		break;
	default: break;
	}
	return 1;
}

static int
on_number(void *ctx, const char *s, size_t n)
{
	return on_scalar(ctx, s, n);
}

static int
on_string(void *ctx, const unsigned char *s, size_t n)
{
	return on_scalar(ctx, (const char *)s, n);
}

static int
on_boolean(void *ctx, int v)
{
	nvb *c = ctx;

	if (!c->skip && c->depth && c->wh[c->depth - 1] == NV_STATE &&
	    strcmp(c->key[c->depth - 1], "is_skipped") == 0)
		c->st.skipped = v;
	return 1;
}

static const yajl_callbacks callbacks = {
        NULL,         on_boolean, NULL,     NULL,           on_number, on_string,
        on_start_map, on_key,     on_close, on_start_array, on_close,
};

int
gs_nvbench_json_read(gs_input *in, const gs_ingest_opts *opts, gs_table *t, gs_error *err)
{
	nvb *c = calloc(1, sizeof *c);
	int rc;

	if (!c)
		return gs_error_set(err, in->path, 0, 0, "out of memory");
	c->t = t;
	c->device = -1;
	rc = gs_table_set_format(t, "nvbench-json") != 0
	             ? gs_error_set(err, in->path, 0, 0, "out of memory")
	             : gs_jstream_run(&c->js, in, &callbacks, c, opts && opts->progress, err);
	if (rc == 0 && !c->saw_benchmarks)
		rc = gs_error_set_offset(err, in->path, 0, "not nvbench JSON: no benchmarks array");
	if (rc == 0)
		rc = gs_nvbench_finish(c, err);
	free(c->samp);
	free(c);
	return rc;
}
