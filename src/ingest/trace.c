/* trace.c: the PyTorch trace reader's streaming half: yajl callbacks that
 * keep the events trace_impl.h describes and drop the rest.  What one
 * complete event becomes is trace_event.c; the linking half is
 * trace_link.c.
 *
 * The callbacks track where they are with a small stack of "where" codes
 * (root object, traceEvents array, one event, its args, an args list...);
 * any container not on that path is skipped by counting its depth, so
 * python_function stacks, Concrete Inputs and the like cost only the
 * parse.  An event's fields may come in any order: they are gathered in a
 * scratch record and acted on when the event's object closes.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ingest/trace.h"
#include "ingest/trace_impl.h"
#include "ingest/trace_json.h"

enum { MAX_DEPTH = 8 };

typedef enum {
	W_NONE,
	W_ROOT,
	W_ROOT_ARRAY,
	W_EVENTS,
	W_EVENT,
	W_ARGS,
	W_LIST,
	W_SUBLIST,
	W_DEVPROPS,
	W_DEVICE
} where;

typedef enum {
	K_NONE,
	K_TRACE_EVENTS,
	K_DEVPROPS,
	K_PH,
	K_CAT,
	K_NAME,
	K_PID,
	K_TID,
	K_TS,
	K_DUR,
	K_ARGS,
	K_EXT,
	K_CORR,
	K_DIMS,
	K_STRIDES,
	K_TYPES,
	K_GRID,
	K_BLOCK,
	K_REGS,
	K_SMEM,
	K_DEVICE,
	K_ID,
	K_NUMSMS,
	K_MEM,
	K_CC_MAJOR,
	K_CC_MINOR,
	K_VERSION /* K_VERSION + i: tr_store.versions[i] */
} key;

static const char *const version_keys[] = {"cuda_runtime_version", "cuda_driver_version",
                                           "hip_runtime_version", "hip_driver_version"};

typedef struct kctx {
	gs_jstream js; /* first: callbacks fail through it */
	tr_store *st;
	int depth; /* open containers on the tracked path */
	int skip; /* open containers being skipped */
	where wh[MAX_DEPTH];
	key key[MAX_DEPTH]; /* last key read in each open object */
	key list; /* which args list W_LIST is */
	long events; /* events seen, for record lines */
	int saw_events;
	int restart; /* eager linking broke: read again, keep_all */
	tr_ev e;
	tr_dev dev;
} kctx;

/* KEY_IS: the key S[0..N) equals the string literal LIT (length known at
 * compile time: this runs for every key of every event). */
#define KEY_IS(s, n, lit) ((n) == sizeof(lit) - 1 && memcmp((s), (lit), (n)) == 0)
#define key_is(s, n, lit) KEY_IS(s, n, lit)

static key
event_key(const unsigned char *s, size_t n)
{
	switch (n) {
	case 2: return key_is(s, n, "ph") ? K_PH : key_is(s, n, "ts") ? K_TS : K_NONE;
	case 3:
		return key_is(s, n, "cat")   ? K_CAT
		       : key_is(s, n, "pid") ? K_PID
		       : key_is(s, n, "tid") ? K_TID
		       : key_is(s, n, "dur") ? K_DUR
		                             : K_NONE;
	case 4: return key_is(s, n, "name") ? K_NAME : key_is(s, n, "args") ? K_ARGS : K_NONE;
	}
	return K_NONE;
}

static key
args_key(const unsigned char *s, size_t n)
{
	switch (n) {
	case 4: return key_is(s, n, "grid") ? K_GRID : K_NONE;
	case 5: return key_is(s, n, "block") ? K_BLOCK : K_NONE;
	case 6: return strncasecmp((const char *)s, "device", 6) == 0 ? K_DEVICE : K_NONE;
	case 10:
		return key_is(s, n, "Input Dims")   ? K_DIMS
		       : key_is(s, n, "Input type") ? K_TYPES
		                                    : K_NONE;
	case 11:
		if (key_is(s, n, "correlation"))
			return K_CORR;
		return strncasecmp((const char *)s, "External id", 11) == 0 ? K_EXT : K_NONE;
	case 13:
		return key_is(s, n, "Input Strides")   ? K_STRIDES
		       : key_is(s, n, "shared memory") ? K_SMEM
		                                       : K_NONE;
	case 20: return key_is(s, n, "registers per thread") ? K_REGS : K_NONE;
	}
	return K_NONE;
}

static key
classify_key(where w, const unsigned char *s, size_t n)
{
	switch (w) {
	case W_ROOT:
		if (key_is(s, n, "traceEvents"))
			return K_TRACE_EVENTS;
		if (key_is(s, n, "deviceProperties"))
			return K_DEVPROPS;
		for (int i = 0; i < 4; i++)
			if (n == strlen(version_keys[i]) && memcmp(s, version_keys[i], n) == 0)
				return (key)(K_VERSION + i);
		return K_NONE;
	case W_EVENT: return event_key(s, n);
	case W_ARGS: return args_key(s, n);
	case W_DEVICE:
		return key_is(s, n, "name")             ? K_NAME
		       : key_is(s, n, "id")             ? K_ID
		       : key_is(s, n, "numSms")         ? K_NUMSMS
		       : key_is(s, n, "totalGlobalMem") ? K_MEM
		       : key_is(s, n, "computeMajor")   ? K_CC_MAJOR
		       : key_is(s, n, "computeMinor")   ? K_CC_MINOR
		                                        : K_NONE;
	default: return K_NONE;
	}
}

static int
event_done(kctx *k)
{
	int rc;

	if (k->e.ph != 'X')
		return 1;
	rc = gs_trace_ev_keep(k->st, &k->e, k->events);
	if (rc > 0) {
		k->restart = 1;
		k->js.failed = 1; /* cancel without an error */
		return 0;
	}
	return rc == 0 ? 1 : gs_jstream_fail(&k->js, "out of memory");
}

static int
device_done(kctx *k)
{
	tr_store *st = k->st;

	if (st->ndevs < TR_MAX_DEVS)
		st->devs[st->ndevs++] = k->dev;
	return 1;
}

/* ---- containers ------------------------------------------------------ */

static where
child_where(const kctx *k, int is_map)
{
	where pw;
	key pk;

	if (k->depth == 0)
		return is_map ? W_ROOT : W_ROOT_ARRAY;
	if (k->depth == MAX_DEPTH)
		return W_NONE;
	pw = k->wh[k->depth - 1];
	pk = k->key[k->depth - 1];
	switch (pw) {
	case W_ROOT:
		if (is_map)
			return W_NONE;
		return pk == K_TRACE_EVENTS ? W_EVENTS : pk == K_DEVPROPS ? W_DEVPROPS : W_NONE;
	case W_ROOT_ARRAY:
	case W_EVENTS: return is_map ? W_EVENT : W_NONE;
	case W_EVENT: return is_map && pk == K_ARGS ? W_ARGS : W_NONE;
	case W_ARGS:
		return !is_map && (pk == K_DIMS || pk == K_STRIDES || pk == K_TYPES ||
		                   pk == K_GRID || pk == K_BLOCK)
		               ? W_LIST
		               : W_NONE;
	case W_LIST:
		return !is_map && (k->list == K_DIMS || k->list == K_STRIDES) ? W_SUBLIST : W_NONE;
	case W_DEVPROPS: return is_map ? W_DEVICE : W_NONE;
	default: return W_NONE;
	}
}

/* A new element of the Input Dims / Input Strides list; NDIM -1 marks it
 * as not a plain list of integers. */
static void
new_input(kctx *k, int plain)
{
	tr_inputs *in = &k->e.in;
	int *count = k->list == K_DIMS ? &in->n_dims : &in->n_strides;
	int *nd = k->list == K_DIMS ? in->nd : in->ns;

	if (*count < TR_MAX_IN)
		nd[*count] = plain ? 0 : -1;
	(*count)++;
}

static void
spoil_input(kctx *k)
{
	tr_inputs *in = &k->e.in;
	int count = k->list == K_DIMS ? in->n_dims : in->n_strides;
	int *nd = k->list == K_DIMS ? in->nd : in->ns;

	if (count > 0 && count <= TR_MAX_IN)
		nd[count - 1] = -1;
}

static void
enter(kctx *k, where w)
{
	switch (w) {
	case W_EVENT:
		k->events++;
		gs_trace_ev_reset(&k->e);
		break;
	case W_EVENTS:
	case W_ROOT_ARRAY: k->saw_events = 1; break;
	case W_LIST:
		k->list = k->key[k->depth - 2]; /* the parent's key */
		if (k->list == K_DIMS)
			k->e.in.has_dims = 1, k->e.in.n_dims = 0;
		else if (k->list == K_STRIDES)
			k->e.in.has_strides = 1, k->e.in.n_strides = 0;
		else if (k->list == K_TYPES)
			k->e.in.has_types = 1, k->e.in.n_types = 0;
		else if (k->list == K_GRID)
			k->e.ngrid = 0;
		else
			k->e.nblock = 0;
		break;
	case W_SUBLIST: new_input(k, 1); break;
	case W_DEVICE:
		memset(&k->dev, 0, sizeof k->dev);
		k->dev.id = -1;
		k->dev.cc_major = k->dev.cc_minor = -1;
		break;
	default: break;
	}
}

static int
open_container(void *ctx, int is_map)
{
	kctx *k = ctx;
	where w;

	if (k->skip)
		return k->skip++, 1;
	w = child_where(k, is_map);
	if (w == W_NONE) {
		if (k->depth && k->wh[k->depth - 1] == W_LIST &&
		    (k->list == K_DIMS || k->list == K_STRIDES))
			new_input(k, 0);
		else if (k->depth && k->wh[k->depth - 1] == W_SUBLIST)
			spoil_input(k);
		k->skip = 1;
		return 1;
	}
	k->wh[k->depth] = w;
	k->key[k->depth] = K_NONE;
	k->depth++;
	enter(k, w);
	return 1;
}

static int
close_container(void *ctx)
{
	kctx *k = ctx;

	if (k->skip)
		return k->skip--, 1;
	switch (k->wh[--k->depth]) {
	case W_EVENT: return event_done(k);
	case W_DEVICE: return device_done(k);
	default: return 1;
	}
}

static int
k_start_map(void *ctx)
{
	return open_container(ctx, 1);
}

static int
k_start_array(void *ctx)
{
	return open_container(ctx, 0);
}

static int
k_map_key(void *ctx, const unsigned char *s, size_t n)
{
	kctx *k = ctx;

	if (!k->skip && k->depth)
		k->key[k->depth - 1] = classify_key(k->wh[k->depth - 1], s, n);
	return 1;
}

/* ---- scalars --------------------------------------------------------- */

static void
list_number(kctx *k, const char *s, size_t n)
{
	tr_ev *e = &k->e;
	long long v;

	if (gs_json_int(s, n, &v) != 0)
		v = -1;
	if (k->list == K_GRID && e->ngrid < 3)
		e->grid[e->ngrid++] = (uint32_t)v;
	else if (k->list == K_BLOCK && e->nblock < 3)
		e->block[e->nblock++] = (uint32_t)v;
	else if (k->list == K_TYPES)
		e->in.n_types++;
	else if (k->list == K_DIMS || k->list == K_STRIDES)
		new_input(k, 0);
}

static void
sublist_number(kctx *k, const char *s, size_t n)
{
	tr_inputs *in = &k->e.in;
	int i = (k->list == K_DIMS ? in->n_dims : in->n_strides) - 1;
	int *nd = k->list == K_DIMS ? in->nd : in->ns;
	long long(*v)[TR_MAX_DIM] = k->list == K_DIMS ? in->dims : in->strides;

	if (i < 0 || i >= TR_MAX_IN || nd[i] < 0)
		return;
	if (nd[i] == TR_MAX_DIM || gs_json_int(s, n, &v[i][nd[i]]) != 0)
		nd[i] = -1;
	else
		nd[i]++;
}

static void
args_number(kctx *k, key kk, const char *s, size_t n)
{
	tr_ev *e = &k->e;
	long long v;

	if (kk == K_NONE || gs_json_int(s, n, &v) != 0)
		return;
	switch (kk) {
	case K_EXT: e->ext = v, e->has_ext = 1; break;
	case K_CORR: e->corr = v, e->has_corr = 1; break;
	case K_REGS: e->regs = v, e->has_regs = 1; break;
	case K_SMEM: e->smem = v, e->has_smem = 1; break;
	case K_DEVICE: e->device = v, e->has_device = 1; break;
	default: break;
	}
}

static void
event_number(kctx *k, key kk, const char *s, size_t n)
{
	tr_ev *e = &k->e;

	switch (kk) {
	case K_PID: gs_trace_ev_set_raw(e->pid, 'n', s, n); break;
	case K_TID: gs_trace_ev_set_raw(e->tid, 'n', s, n); break;
	case K_TS: gs_trace_ev_set_raw(e->ts, 'n', s, n); break;
	case K_DUR: gs_trace_ev_set_raw(e->dur, 'n', s, n); break;
	default: break;
	}
}

/* A number of a deviceProperties entry. */
static void
device_number(kctx *k, key kk, const char *s, size_t n)
{
	long long v;

	if (gs_json_int(s, n, &v) != 0)
		return;
	switch (kk) {
	case K_ID: k->dev.id = v; break;
	case K_NUMSMS: k->dev.sms = v > 0 && v < 1000000 ? (int)v : 0; break;
	case K_MEM: k->dev.mem_bytes = v > 0 ? (double)v : 0; break;
	case K_CC_MAJOR: k->dev.cc_major = v >= 0 && v < 1000 ? (int)v : -1; break;
	case K_CC_MINOR: k->dev.cc_minor = v >= 0 && v < 1000 ? (int)v : -1; break;
	default: break;
	}
}

static int
k_number(void *ctx, const char *s, size_t n)
{
	kctx *k = ctx;
	key kk;
	long long v;

	if (k->skip || !k->depth)
		return 1;
	kk = k->key[k->depth - 1];
	switch (k->wh[k->depth - 1]) {
	case W_EVENT: event_number(k, kk, s, n); break;
	case W_ARGS: args_number(k, kk, s, n); break;
	case W_LIST: list_number(k, s, n); break;
	case W_SUBLIST: sublist_number(k, s, n); break;
	case W_DEVICE: device_number(k, kk, s, n); break;
	case W_ROOT:
		if (kk >= K_VERSION && kk < K_VERSION + 4 && gs_json_int(s, n, &v) == 0)
			k->st->versions[kk - K_VERSION] = v;
		break;
	default: break;
	}
	return 1;
}

static void
list_string(kctx *k, const unsigned char *s, size_t n)
{
	tr_inputs *in = &k->e.in;

	if (k->list == K_TYPES) {
		if (in->n_types < TR_MAX_IN) {
			size_t m = n < TR_TYPE_LEN - 1 ? n : TR_TYPE_LEN - 1;
			memcpy(in->types[in->n_types], s, m);
			in->types[in->n_types][m] = 0;
		}
		in->n_types++;
	} else if (k->list == K_DIMS || k->list == K_STRIDES) {
		new_input(k, 0);
	}
}

static int
event_string(kctx *k, key kk, const unsigned char *s, size_t n)
{
	tr_ev *e = &k->e;

	switch (kk) {
	case K_PH: e->ph = n ? (char)s[0] : 0; break;
	case K_CAT: e->cat = gs_trace_ev_category(s, n); break;
	case K_NAME:
		if (gs_trace_ev_set_name(e, s, n) != 0)
			return gs_jstream_fail(&k->js, "out of memory");
		break;
	case K_PID: gs_trace_ev_set_raw(e->pid, 's', s, n); break;
	case K_TID: gs_trace_ev_set_raw(e->tid, 's', s, n); break;
	default: break;
	}
	return 1;
}

static int
k_string(void *ctx, const unsigned char *s, size_t n)
{
	kctx *k = ctx;

	if (k->skip || !k->depth)
		return 1;
	switch (k->wh[k->depth - 1]) {
	case W_EVENT: return event_string(k, k->key[k->depth - 1], s, n);
	case W_LIST: list_string(k, s, n); break;
	case W_SUBLIST: spoil_input(k); break;
	case W_DEVICE:
		if (k->key[k->depth - 1] == K_NAME) {
			size_t m = n < sizeof k->dev.name - 1 ? n : sizeof k->dev.name - 1;
			memcpy(k->dev.name, s, m);
			k->dev.name[m] = 0;
		}
		break;
	default: break;
	}
	return 1;
}

/* null and booleans: only an element of a dims list needs counting. */
static int
k_other(kctx *k)
{
	if (k->skip || !k->depth)
		return 1;
	if (k->wh[k->depth - 1] == W_LIST)
		list_string(k, (const unsigned char *)"", 0);
	else if (k->wh[k->depth - 1] == W_SUBLIST)
		spoil_input(k);
	return 1;
}

static int
k_null(void *ctx)
{
	return k_other(ctx);
}

static int
k_boolean(void *ctx, int b)
{
	(void)b;
	return k_other(ctx);
}

static const yajl_callbacks callbacks = {
        k_null,        k_boolean,       NULL,
        NULL,          k_number,        k_string,
        k_start_map,   k_map_key,       close_container,
        k_start_array, close_container,
};

/* ---- the reader ------------------------------------------------------ */

/* One pass over IN into ST; *RESTART is set when eager linking broke. */
static int
read_pass(gs_input *in, const gs_ingest_opts *opts, tr_store *st, int keep_all, int *restart,
          gs_error *err)
{
	kctx *k = calloc(1, sizeof *k);
	int rc;

	if (!k)
		return gs_error_set(err, in->path, 0, 0, "out of memory");
	memset(st, 0, sizeof *st);
	st->keep_all = keep_all;
	st->pfree = -1;
	k->st = st;
	rc = gs_jstream_run(&k->js, in, &callbacks, k, opts && opts->progress, err);
	*restart = k->restart;
	if (rc == 0 && !k->saw_events)
		rc = gs_error_set_offset(err, in->path, 0,
		                         "not a PyTorch profiler trace: "
		                         "no traceEvents array");
	free(k->e.name);
	free(k);
	return rc;
}

/* Eager linking met a GEMM op after a runtime call: read the file again
 * keeping everything (trace_impl.h). */
static int
read_again(const char *path, const gs_ingest_opts *opts, tr_store *st, gs_error *err)
{
	gs_input in2;
	int restart, rc;

	gs_trace_store_free(st);
	if (gs_input_open(&in2, path, err) != 0)
		return -1;
	rc = read_pass(&in2, opts, st, 1, &restart, err);
	gs_input_close(&in2);
	return rc;
}

int
gs_trace_read(gs_input *in, const gs_ingest_opts *opts, gs_table *t, gs_error *err)
{
	tr_store st;
	int restart = 0, rc;

	rc = read_pass(in, opts, &st, 0, &restart, err);
	if (rc != 0 && restart)
		rc = read_again(in->path, opts, &st, err);
	if (rc == 0)
		rc = gs_table_set_format(t, "pytorch-trace") != 0
		             ? gs_error_set(err, in->path, 0, 0, "out of memory")
		             : 0;
	if (rc == 0)
		rc = gs_trace_link(&st, t, err);
	gs_trace_store_free(&st);
	return rc;
}
