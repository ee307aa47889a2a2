/* table.c: the gs_table container (table.h): records by shape key through
 * an open-addressing index, exclusions, interned names, extras.  Stores
 * what readers give it; computes nothing from the samples. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "table.h"

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

static int
by_line(const void *a, const void *b)
{
	const gs_record *x = a, *y = b;

	return (x->line > y->line) - (x->line < y->line);
}

void
gs_table_order(gs_table *t)
{
	qsort(t->rec, t->n, sizeof *t->rec, by_line);
	for (size_t i = 0; i < t->index->cap; i++)
		t->index->slot[i] = 0;
	for (size_t r = 0; r < t->n; r++)
		*index_lookup(t, &t->rec[r].shape) = r + 1;
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
