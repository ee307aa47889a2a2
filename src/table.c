#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "table.h"
#include "model/stats.h"

/* Open-addressing index from shape key to record position. */
struct gs_index {
	size_t *slot;   /* record position + 1; 0 = empty */
	size_t cap;     /* power of two */
};

static uint64_t
hash_bytes(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++) {
		h ^= b[i];
		h *= 1099511628211ULL; /* FNV-1a */
	}
	return h;
}

static uint64_t
shape_hash(const gs_shape *s)
{
	uint64_t h = 14695981039346656037ULL;

	h = hash_bytes(h, s->op, strlen(s->op));
	h = hash_bytes(h, &s->batch, sizeof s->batch);
	h = hash_bytes(h, &s->M, sizeof s->M);
	h = hash_bytes(h, &s->N, sizeof s->N);
	h = hash_bytes(h, &s->K, sizeof s->K);
	h = hash_bytes(h, s->dtype, strlen(s->dtype));
	h = hash_bytes(h, &s->trans_a, 1);
	h = hash_bytes(h, &s->trans_b, 1);
	h = hash_bytes(h, &s->bias, sizeof s->bias);
	if (s->name)
		h = hash_bytes(h, s->name, strlen(s->name));
	return h;
}

void
gs_shape_init(gs_shape *s)
{
	memset(s, 0, sizeof *s);
	s->batch = 1;
	s->trans_a = 'N';
	s->trans_b = 'N';
}

int
gs_shape_equal(const gs_shape *a, const gs_shape *b)
{
	return a->batch == b->batch && a->M == b->M && a->N == b->N &&
	       a->K == b->K && a->trans_a == b->trans_a &&
	       a->trans_b == b->trans_b && a->bias == b->bias &&
	       strcmp(a->op, b->op) == 0 && strcmp(a->dtype, b->dtype) == 0 &&
	       (a->name == b->name ||
	        (a->name && b->name && strcmp(a->name, b->name) == 0));
}

char *
gs_shape_format(const gs_shape *s, char *buf, size_t size)
{
	char batch[32] = "";

	if (s->name) { /* kernel-keyed (rocprof): the name is the key */
		snprintf(buf, size, "%s", s->name);
		return buf;
	}
	if (s->batch != 1)
		snprintf(batch, sizeof batch, " batch %ld", s->batch);
	snprintf(buf, size, "%s%s%ld\xc3\x97%ld\xc3\x97%ld %s %c%c%s%s",
	         s->op, s->op[0] ? " " : "", s->M, s->N, s->K,
	         s->dtype[0] ? s->dtype : "?", s->trans_a, s->trans_b,
	         s->bias ? " bias" : "", batch);
	return buf;
}

gs_table *
gs_table_new(const char *path)
{
	gs_table *t = calloc(1, sizeof *t);

	if (!t)
		return NULL;
	t->path = strdup(path ? path : "");
	t->index = calloc(1, sizeof *t->index);
	if (!t->path || !t->index) {
		gs_table_free(t);
		return NULL;
	}
	return t;
}

void
gs_table_free(gs_table *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n; i++) {
		free(t->rec[i].tag);
		free(t->rec[i].kernel);
		free(t->rec[i].samples);
		free(t->rec[i].extra);
	}
	for (size_t i = 0; i < t->nexcl; i++) {
		free(t->excl[i].what);
		free(t->excl[i].reason);
	}
	for (size_t i = 0; i < t->nextra; i++)
		free(t->extra_names[i]);
	for (size_t i = 0; i < t->ninterned; i++)
		free(t->interned[i]);
	free(t->interned);
	if (t->index)
		free(t->index->slot);
	free(t->index);
	free(t->extra_names);
	free(t->excl);
	free(t->rec);
	free(t->path);
	free(t->format);
	free(t->gpu);
	free(t);
}

static int
replace_string(char **field, const char *s)
{
	char *copy = s ? strdup(s) : NULL;

	if (s && !copy)
		return -1;
	free(*field);
	*field = copy;
	return 0;
}

int
gs_table_set_format(gs_table *t, const char *format)
{
	return replace_string(&t->format, format);
}

int
gs_table_set_gpu(gs_table *t, const char *gpu, int cus)
{
	t->gpu_cus = cus;
	return replace_string(&t->gpu, gpu);
}

const char *
gs_table_intern(gs_table *t, const char *s)
{
	char **v;

	/* Linear: callers intern a few hundred distinct kernel names. */
	for (size_t i = 0; i < t->ninterned; i++)
		if (strcmp(t->interned[i], s) == 0)
			return t->interned[i];
	v = realloc(t->interned, (t->ninterned + 1) * sizeof *v);
	if (!v)
		return NULL;
	t->interned = v;
	v[t->ninterned] = strdup(s);
	return v[t->ninterned] ? v[t->ninterned++] : NULL;
}

int
gs_table_add_extra_name(gs_table *t, const char *name)
{
	char **names = realloc(t->extra_names, (t->nextra + 1) * sizeof *names);

	if (!names)
		return -1;
	t->extra_names = names;
	names[t->nextra] = strdup(name);
	if (!names[t->nextra])
		return -1;
	return (int)t->nextra++;
}

static size_t *
index_lookup(const gs_table *t, const gs_shape *key)
{
	const struct gs_index *ix = t->index;
	size_t mask = ix->cap - 1;

	for (size_t i = shape_hash(key) & mask;; i = (i + 1) & mask) {
		size_t *slot = &ix->slot[i];
		if (*slot == 0 || gs_shape_equal(&t->rec[*slot - 1].shape, key))
			return slot;
	}
}

static int
index_grow(gs_table *t)
{
	struct gs_index *ix = t->index;
	size_t cap = ix->cap ? ix->cap * 2 : 64;
	size_t *slot = calloc(cap, sizeof *slot);

	if (!slot)
		return -1;
	free(ix->slot);
	ix->slot = slot;
	ix->cap = cap;
	for (size_t r = 0; r < t->n; r++)
		*index_lookup(t, &t->rec[r].shape) = r + 1;
	return 0;
}

gs_record *
gs_table_get(gs_table *t, const gs_shape *key, long line, gs_error *err)
{
	size_t *slot;
	gs_record *r;

	if ((t->n + 1) * 2 > t->index->cap && index_grow(t) != 0)
		goto oom;
	slot = index_lookup(t, key);
	if (*slot)
		return &t->rec[*slot - 1];
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 64;
		gs_record *rec = realloc(t->rec, cap * sizeof *rec);
		if (!rec)
			goto oom;
		t->rec = rec;
		t->cap = cap;
	}
	r = &t->rec[t->n];
	memset(r, 0, sizeof *r);
	r->shape = *key;
	r->line = line;
	if (t->nextra) {
		r->extra = malloc(t->nextra * sizeof *r->extra);
		if (!r->extra)
			goto oom;
		for (size_t i = 0; i < t->nextra; i++)
			r->extra[i] = NAN;
	}
	*slot = ++t->n;
	return r;
oom:
	gs_error_set(err, t->path, line, 0, "out of memory");
	return NULL;
}

int
gs_record_add_sample(gs_record *r, double time_us)
{
	if (r->nsamples == r->samples_cap) {
		size_t cap = r->samples_cap ? r->samples_cap * 2 : 4;
		double *s = realloc(r->samples, cap * sizeof *s);
		if (!s)
			return -1;
		r->samples = s;
		r->samples_cap = cap;
	}
	r->samples[r->nsamples++] = time_us;
	return 0;
}

int
gs_record_set_string(char **field, const char *s)
{
	if (*field || !s)
		return 0;
	*field = strdup(s);
	return *field ? 0 : -1;
}

int
gs_table_exclude(gs_table *t, long line, const char *what, const char *reason)
{
	gs_excluded *e;

	if (t->nexcl == t->excl_cap) {
		size_t cap = t->excl_cap ? t->excl_cap * 2 : 16;
		e = realloc(t->excl, cap * sizeof *e);
		if (!e)
			return -1;
		t->excl = e;
		t->excl_cap = cap;
	}
	e = &t->excl[t->nexcl];
	e->line = line;
	e->what = strdup(what ? what : "");
	e->reason = strdup(reason ? reason : "");
	if (!e->what || !e->reason) {
		free(e->what);
		free(e->reason);
		return -1;
	}
	t->nexcl++;
	return 0;
}

static void
record_stats(gs_record *r)
{
	gs_time_stats *t = &r->t;
	long count = t->count;

	if (r->nsamples == 0)
		return; /* a reader filled t itself */
	t->median = gs_stats_median(r->samples, r->nsamples);
	t->mean = gs_stats_mean(r->samples, r->nsamples);
	t->std = gs_stats_stddev(r->samples, r->nsamples);
	t->min = t->max = r->samples[0];
	t->sum = 0;
	for (size_t i = 0; i < r->nsamples; i++) {
		t->min = fmin(t->min, r->samples[i]);
		t->max = fmax(t->max, r->samples[i]);
		t->sum += r->samples[i];
	}
	t->count = count > (long)r->nsamples ? count : (long)r->nsamples;
}

static int
by_line(const void *a, const void *b)
{
	const gs_record *x = a, *y = b;

	return (x->line > y->line) - (x->line < y->line);
}

int
gs_table_finish(gs_table *t, gs_error *err)
{
	if (t->n == 0)
		return gs_error_set(err, t->path, 0, 0, "no GEMM rows to analyse");
	for (size_t i = 0; i < t->n; i++)
		record_stats(&t->rec[i]);
	qsort(t->rec, t->n, sizeof *t->rec, by_line);
	for (size_t i = 0; i < t->index->cap; i++)
		t->index->slot[i] = 0;
	for (size_t r = 0; r < t->n; r++)
		*index_lookup(t, &t->rec[r].shape) = r + 1;
	return 0;
}

const gs_record *
gs_table_find(const gs_table *t, const gs_shape *key)
{
	size_t *slot;

	if (!t->index->cap)
		return NULL;
	slot = index_lookup(t, key);
	return *slot ? &t->rec[*slot - 1] : NULL;
}

struct dtype_alias {
	const char *alias, *canon;
};

static const struct dtype_alias dtype_aliases[] = {
	{"f16", "f16"}, {"fp16", "f16"}, {"half", "f16"}, {"float16", "f16"},
	{"c10::half", "f16"}, {"f16_r", "f16"}, {"torch.float16", "f16"},
	{"bf16", "bf16"}, {"bfloat16", "bf16"}, {"c10::bfloat16", "bf16"},
	{"bf16_r", "bf16"}, {"torch.bfloat16", "bf16"},
	{"f32", "f32"}, {"fp32", "f32"}, {"float", "f32"}, {"float32", "f32"},
	{"single", "f32"}, {"f32_r", "f32"}, {"torch.float32", "f32"},
	{"f64", "f64"}, {"fp64", "f64"}, {"double", "f64"}, {"float64", "f64"},
	{"f64_r", "f64"},
	{"tf32", "tf32"}, {"xf32", "xf32"}, {"xf32_r", "xf32"},
	{"f8e4m3", "f8e4m3"}, {"fp8", "f8e4m3"}, {"fp8e4m3", "f8e4m3"},
	{"float8_e4m3fn", "f8e4m3"}, {"c10::float8_e4m3fn", "f8e4m3"},
	{"f8_r", "f8e4m3"}, {"e4m3", "f8e4m3"}, {"fp8_e4m3", "f8e4m3"},
	{"f8e5m2", "f8e5m2"}, {"bf8", "f8e5m2"}, {"fp8e5m2", "f8e5m2"},
	{"float8_e5m2", "f8e5m2"}, {"c10::float8_e5m2", "f8e5m2"},
	{"bf8_r", "f8e5m2"}, {"e5m2", "f8e5m2"}, {"fp8_e5m2", "f8e5m2"},
	{"f8e4m3fnuz", "f8e4m3fnuz"}, {"float8_e4m3fnuz", "f8e4m3fnuz"},
	{"c10::float8_e4m3fnuz", "f8e4m3fnuz"}, {"f8_fnuz_r", "f8e4m3fnuz"},
	{"f8e5m2fnuz", "f8e5m2fnuz"}, {"float8_e5m2fnuz", "f8e5m2fnuz"},
	{"c10::float8_e5m2fnuz", "f8e5m2fnuz"}, {"bf8_fnuz_r", "f8e5m2fnuz"},
	{"f4e2m1", "f4e2m1"}, {"float4_e2m1fn_x2", "f4e2m1"}, {"fp4", "f4e2m1"},
	{"i8", "i8"}, {"int8", "i8"}, {"i8_r", "i8"}, {"signed char", "i8"},
	{"char", "i8"}, {"unsigned char", "i8"},
	{"i32", "i32"}, {"int32", "i32"}, {"int", "i32"}, {"i32_r", "i32"},
};

int
gs_dtype_normalize(const char *in, char out[GS_DTYPE_LEN])
{
	size_t n = sizeof dtype_aliases / sizeof dtype_aliases[0];

	while (*in == ' ')
		in++;
	for (size_t i = 0; i < n; i++) {
		if (strcasecmp(in, dtype_aliases[i].alias) == 0) {
			snprintf(out, GS_DTYPE_LEN, "%s", dtype_aliases[i].canon);
			return 0;
		}
	}
	return -1;
}

int
gs_dtype_bytes(const char *dtype)
{
	static const struct { const char *name; int bytes; } sizes[] = {
		{"f16", 2}, {"bf16", 2}, {"f32", 4}, {"tf32", 4}, {"xf32", 4},
		{"f64", 8}, {"i8", 1}, {"i32", 4}, {"f4e2m1", 1},
		{"f8e4m3", 1}, {"f8e5m2", 1}, {"f8e4m3fnuz", 1}, {"f8e5m2fnuz", 1},
	};

	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
		if (strcmp(dtype, sizes[i].name) == 0)
			return sizes[i].bytes;
	return 0;
}
