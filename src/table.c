/* table.c: the gs_table container (table.h): records by shape key through
 * an open-addressing index, exclusions, interned names, extras.  Stores
 * what readers give it; computes nothing from the samples. */
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "model/kernel_class.h"
#include "table.h"
#include "util/hash.h"
#include "util/grow.h"
#include "util/intern.h"
#include "util/utf8.h"

/* The most records, samples per record, exclusions, names or extra
 * columns a table holds: far above any real input, low enough that a
 * runaway input fails with "out of memory" before the machine does. */
#define GS_TABLE_MAX ((size_t)1 << 36)

/* The most records: a record position fits the index's 32-bit slot and
 * the index (twice the records) stays within 2^32 slots. */
#define GS_TABLE_MAX_RECORDS (((size_t)1 << 31) - 1)

/* One entry of the key index, 8 bytes: the record position and the upper
 * half of the key's hash.  A probe touches a record only when the halves
 * agree, and the slot a key starts from is the top bits of the same half
 * (slot_home), so growing the index moves slots without reading records. */
struct gs_slot {
	uint32_t pos; /* record position + 1; 0 = empty */
	uint32_t tag; /* shape_hash() >> 32 of that record's key */
};

/* Open-addressing indexes (linear probing, at most half full): shape key
 * to record position, and interned string to its copy. */
struct gs_index {
	struct gs_slot *slot; /* cap entries */
	size_t cap; /* power of two, at most 2^32 */
	unsigned bits; /* log2(cap) */
	char **str; /* interned strings by hash; NULL = empty */
	size_t str_cap; /* power of two, or 0 */
	int dropped; /* gs_table_drop_index: slot freed until a gs_table_get */
};

/* The key index's hash of S: the strings byte by byte, the four
 * dimensions a word each, the three flags one word.  A million-row input
 * hashes each key two or three times (gs_table_prefetch, gs_table_get,
 * the join), and byte-wise FNV over the 50 bytes was a tenth of reading's
 * CPU. */
static uint64_t
shape_hash(const gs_shape *s)
{
	uint64_t h = gs_hash_str(GS_FNV1A_BASIS, s->op);

	h = gs_hash_word(h, (uint64_t)s->batch);
	h = gs_hash_word(h, (uint64_t)s->M);
	h = gs_hash_word(h, (uint64_t)s->N);
	h = gs_hash_word(h, (uint64_t)s->K);
	h = gs_hash_str(h, s->dtype);
	h = gs_hash_word(h, (uint64_t)(unsigned char)s->trans_a |
	                            (uint64_t)(unsigned char)s->trans_b << 8 |
	                            (uint64_t)(unsigned char)s->bias << 16);
	if (s->name)
		h = gs_hash_str(h, s->name);
	return gs_mix64(h);
}

/* Ask for transparent huge pages on the large arrays (records, key
 * index): a 1M-shape table spends a fifth of its reading time in page
 * faults and TLB misses of 4 KiB pages.  Advice only: ignored where the
 * kernel has no THP. */
static void
advise_huge(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
	const uintptr_t huge = (uintptr_t)2 << 20;
	uintptr_t a = ((uintptr_t)p + huge - 1) & ~(huge - 1);
	uintptr_t e = ((uintptr_t)p + bytes) & ~(huge - 1);

	if (bytes >= 4 * huge && e > a)
		(void)madvise((void *)a, e - a, MADV_HUGEPAGE);
#else
	(void)p;
	(void)bytes;
#endif
}

gs_table *
gs_table_new(const char *path)
{
	gs_table *t = calloc(1, sizeof *t);

	if (!t)
		return NULL;
	t->path = strdup(path ? path : "");
	t->index = calloc(1, sizeof *t->index);
	for (int k = 0; k < GS_ENV_NITEMS; k++)
		t->env.num[k] = NAN;
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
		gs_record_more *m = t->rec[i].more;

		if (t->rec[i].nsamples > 1)
			free(t->rec[i].samples);
		if (m) {
			free(m->tag);
			free(m->kernel);
			free(m->extra);
			free(m->launch);
			free(m);
		}
	}
	for (size_t i = 0; i < t->nexcl; i++) {
		free(t->excl[i].what);
		free(t->excl[i].reason);
	}
	for (size_t i = 0; i < t->nextra; i++)
		free(t->extra_names[i]);
	for (int k = 0; k < GS_ENV_NITEMS; k++)
		free(t->env.text[k]);
	for (size_t i = 0; i < t->ninterned; i++)
		free(t->interned[i]);
	free(t->interned);
	gs_kmix_free(t->kmix);
	free(t->kmix);
	if (t->index) {
		free(t->index->slot);
		free(t->index->str);
	}
	free(t->index);
	free(t->extra_names);
	free(t->excl);
	free(t->rec);
	free(t->path);
	free(t->format);
	free(t->gpu);
	free(t);
}

/* A copy of S (NULL stays NULL) repaired to well-formed UTF-8 (utf8.h),
 * the replacements added to *COUNT when COUNT is given.  Returns 0, or -1
 * on out of memory (*OUT NULL). */
static int
clean_dup(size_t *count, const char *s, char **out)
{
	size_t nrep = 0;

	*out = NULL;
	if (!s)
		return 0;
	*out = strdup(s);
	if (!*out || gs_utf8_clean_str(out, &nrep) != 0) {
		free(*out);
		*out = NULL;
		return -1;
	}
	if (count)
		*count += nrep;
	return 0;
}

static int
replace_string(gs_table *t, char **field, const char *s)
{
	char *copy;

	if (clean_dup(&t->utf8_replaced, s, &copy) != 0)
		return -1;
	free(*field);
	*field = copy;
	return 0;
}

int
gs_table_set_format(gs_table *t, const char *format)
{
	return replace_string(t, &t->format, format);
}

int
gs_table_set_gpu(gs_table *t, const char *gpu, int cus)
{
	t->gpu_cus = cus;
	return replace_string(t, &t->gpu, gpu);
}

int
gs_table_set_env(gs_table *t, gs_env_item k, const char *text, double num)
{
	if (t->env.text[k] || !text || !text[0])
		return 0;
	t->env.num[k] = num;
	return replace_string(t, &t->env.text[k], text);
}

/* The slot of interned string S in T's string index: S's or an empty one. */
static char **
str_lookup(const gs_table *t, const char *s)
{
	const struct gs_index *ix = t->index;
	size_t mask = ix->str_cap - 1;

	for (size_t i = gs_mix64(gs_hash_str(GS_FNV1A_BASIS, s)) & mask;; i = (i + 1) & mask)
		if (!ix->str[i] || strcmp(ix->str[i], s) == 0)
			return &ix->str[i];
}

/* Make room in the string index for one more string.  -1 on OOM. */
static int
str_reserve(gs_table *t)
{
	struct gs_index *ix = t->index;
	size_t cap = ix->str_cap ? ix->str_cap * 2 : 64;
	char **str;

	if ((t->ninterned + 1) * 2 <= ix->str_cap)
		return 0;
	str = calloc(cap, sizeof *str);
	if (!str)
		return -1;
	free(ix->str);
	ix->str = str;
	ix->str_cap = cap;
	for (size_t i = 0; i < t->ninterned; i++)
		*str_lookup(t, t->interned[i]) = t->interned[i];
	return 0;
}

const char *
gs_table_intern(gs_table *t, const char *s)
{
	size_t nrep = 0;
	char *c, **slot;

	if (clean_dup(&nrep, s, &c) != 0 || !c || str_reserve(t) != 0) {
		free(c);
		return NULL;
	}
	slot = str_lookup(t, c);
	if (*slot) {
		free(c);
		return *slot;
	}
	if (GS_GROW(t->interned, t->interned_cap, t->ninterned + 1, GS_TABLE_MAX) != 0) {
		free(c);
		return NULL;
	}
	t->utf8_replaced += nrep;
	t->interned[t->ninterned++] = c;
	*slot = c;
	return c;
}

int
gs_table_add_extra_name(gs_table *t, const char *name)
{
	if (GS_GROW(t->extra_names, t->extra_cap, t->nextra + 1, GS_TABLE_MAX) != 0 ||
	    clean_dup(&t->utf8_replaced, name, &t->extra_names[t->nextra]) != 0)
		return -1;
	return (int)t->nextra++;
}

/* The first slot a key with hash tag TAG probes in index IX. */
static size_t
slot_home(const struct gs_index *ix, uint32_t tag)
{
	return (size_t)(tag >> (32 - ix->bits));
}

/* The slot of KEY (hash H) in T's key index: KEY's or an empty one. */
static struct gs_slot *
index_lookup(const gs_table *t, const gs_shape *key, uint64_t h)
{
	const struct gs_index *ix = t->index;
	size_t mask = ix->cap - 1;
	uint32_t tag = (uint32_t)(h >> 32);

	for (size_t i = slot_home(ix, tag);; i = (i + 1) & mask) {
		struct gs_slot *slot = &ix->slot[i];
		if (slot->pos == 0 ||
		    (slot->tag == tag && gs_shape_equal(&t->rec[slot->pos - 1].shape, key)))
			return slot;
	}
}

void
gs_table_prefetch(const gs_table *t, const gs_shape *key)
{
	const struct gs_index *ix = t->index;

	if (ix->cap && !ix->dropped)
		__builtin_prefetch(&ix->slot[slot_home(ix, (uint32_t)(shape_hash(key) >> 32))]);
}

/* Put every record of T into its (empty) key index. */
static void
index_fill(gs_table *t)
{
	for (size_t r = 0; r < t->n; r++) {
		uint64_t h = shape_hash(&t->rec[r].shape);
		struct gs_slot *slot = index_lookup(t, &t->rec[r].shape, h);
		slot->pos = (uint32_t)(r + 1);
		slot->tag = (uint32_t)(h >> 32);
	}
}

/* Double T's key index, moving the slots by their tags (keys are distinct:
 * no record is read). */
static int
index_grow(gs_table *t)
{
	struct gs_index *ix = t->index;
	struct gs_index old = *ix;
	size_t cap = ix->cap ? ix->cap * 2 : 64;
	struct gs_slot *slot = calloc(cap, sizeof *slot);

	if (!slot)
		return -1;
	advise_huge(slot, cap * sizeof *slot);
	ix->slot = slot;
	ix->cap = cap;
	ix->bits = old.cap ? old.bits + 1 : 6;
	for (size_t j = 0; j < old.cap; j++) {
		size_t i = slot_home(ix, old.slot[j].tag);
		if (!old.slot[j].pos)
			continue;
		while (slot[i].pos)
			i = (i + 1) & (cap - 1);
		slot[i] = old.slot[j];
	}
	free(old.slot);
	return 0;
}

/* Build T's key index again after gs_table_drop_index: the smallest
 * power of two at least twice the records, as gs_table_get keeps it. */
static int
index_rebuild(gs_table *t)
{
	struct gs_index *ix = t->index;
	size_t cap = 64;
	unsigned bits = 6;

	while (cap < (t->n + 1) * 2) {
		cap *= 2;
		bits++;
	}
	if (!(ix->slot = calloc(cap, sizeof *ix->slot)))
		return -1;
	advise_huge(ix->slot, cap * sizeof *ix->slot);
	ix->cap = cap;
	ix->bits = bits;
	ix->dropped = 0;
	index_fill(t);
	return 0;
}

/* KEY's op as a table keeps it, in BUF (GS_OP_LEN bytes), KEY pointed
 * there: cut to GS_OP_LEN - 1 bytes (as the readers' fixed buffers cut
 * it before the op was a pointer), repaired to well-formed UTF-8, cut
 * again at a character boundary to fit; *NREP gets the replacements.  -1
 * on OOM. */
static int
clean_op(gs_shape *key, char *buf, size_t *nrep)
{
	char *c = NULL;
	size_t len = strlen(key->op);

	if (len >= GS_OP_LEN)
		len = GS_OP_LEN - 1;
	memcpy(buf, key->op, len);
	buf[len] = '\0';
	key->op = buf;
	if (gs_utf8_clean(buf, len, &c, &len, nrep) != 0)
		return -1;
	if (!c)
		return 0; /* well-formed: gs_utf8_clean made no copy */
	if (len >= GS_OP_LEN)
		for (len = GS_OP_LEN - 1; len > 0 && ((unsigned char)c[len] & 0xc0) == 0x80;)
			len--;
	memcpy(buf, c, len);
	buf[len] = '\0';
	free(c);
	return 0;
}

/* Point every lone-sample record of T at its own storage again after the
 * records moved (grown or sorted). */
static void
relink_samples(gs_table *t)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->rec[i].nsamples == 1)
			t->rec[i].samples = &t->rec[i].t.median;
}

gs_record *
gs_table_get(gs_table *t, const gs_shape *key, long line, gs_error *err)
{
	struct gs_slot *slot;
	gs_record *r;
	uint64_t h;

	gs_shape k = *key;
	char op[GS_OP_LEN];
	size_t nrep = 0;

	if (clean_op(&k, op, &nrep) != 0 || (t->index->dropped && index_rebuild(t) != 0) ||
	    ((t->n + 1) * 2 > t->index->cap && index_grow(t) != 0))
		goto oom;
	h = shape_hash(&k);
	slot = index_lookup(t, &k, h);
	if (slot->pos)
		return &t->rec[slot->pos - 1];
	if (t->n == t->cap) {
		const gs_record *was = t->rec;
		if (GS_GROW(t->rec, t->cap, t->n + 1, GS_TABLE_MAX_RECORDS) != 0)
			goto oom;
		advise_huge(t->rec, t->cap * sizeof *t->rec);
		if (t->rec != was)
			relink_samples(t);
	}
	t->utf8_replaced += nrep;
	r = &t->rec[t->n];
	memset(r, 0, sizeof *r);
	r->shape = k;
	if (!(r->shape.op = gs_intern(op)))
		goto oom;
	r->line = line;
	if (t->nextra) {
		double *x = malloc(t->nextra * sizeof *x);
		if (!x || !gs_record_more_of(r)) {
			free(x);
			goto oom;
		}
		r->more->extra = x;
		for (size_t i = 0; i < t->nextra; i++)
			x[i] = NAN;
	}
	slot->pos = (uint32_t)++t->n;
	slot->tag = (uint32_t)(h >> 32);
	return r;
oom:
	gs_error_set(err, t->path, line, 0, "out of memory");
	return NULL;
}

int
gs_record_add_sample(gs_record *r, double time_us)
{
	size_t n = r->nsamples;
	double *s;

	if (n == 0) { /* the lone sample stays in the record, where its median
		       * goes: no allocation */
		r->t.median = time_us;
		r->samples = &r->t.median;
		r->nsamples = 1;
		return 0;
	}
	if (n == 1 || (n & (n - 1)) == 0) { /* full: the capacity is a power of two */
		if (n >= GS_TABLE_MAX)
			return -1;
		s = n == 1 ? malloc(2 * sizeof *s) : realloc(r->samples, 2 * n * sizeof *s);
		if (!s)
			return -1;
		if (n == 1)
			s[0] = r->t.median;
		r->samples = s;
	}
	r->samples[r->nsamples++] = time_us;
	return 0;
}

gs_record *
gs_table_copy_record(gs_table *t, const gs_record *src, long line, gs_error *err)
{
	size_t n = t->n;
	gs_record *dst = gs_table_get(t, &src->shape, line, err);

	if (!dst || t->n == n)
		return dst;
	for (size_t i = 0; i < src->nsamples; i++)
		if (gs_record_add_sample(dst, src->samples[i]) != 0)
			goto oom;
	if ((src->nsamples == 0 && gs_record_add_sample(dst, src->t.median) != 0) ||
	    gs_table_set_tag(NULL, dst, gs_record_tag(src)) != 0 ||
	    gs_table_set_kernel(NULL, dst, gs_record_kernel(src)) != 0)
		goto oom;
	if (src->more && src->more->launch) {
		gs_launch *l = gs_record_launch(dst);

		if (!l)
			goto oom;
		*l = *src->more->launch;
	}
	dst->t = src->t; /* a lone sample is its median: the same value */
	return dst;
oom:
	gs_error_set(err, t->path, line, 0, "out of memory");
	return NULL;
}

gs_record_more *
gs_record_more_of(gs_record *r)
{
	if (!r->more)
		r->more = calloc(1, sizeof *r->more);
	return r->more;
}

gs_launch *
gs_record_launch(gs_record *r)
{
	gs_record_more *m = gs_record_more_of(r);

	if (m && !m->launch)
		m->launch = calloc(1, sizeof *m->launch);
	return m ? m->launch : NULL;
}

/* R's tag (KERNEL 0) or kernel name (KERNEL 1) set to a copy of S,
 * repaired to well-formed UTF-8 and counted in T (may be NULL), if S is
 * given and the field is not set yet; R's more is made only for an S. */
static int
set_text(gs_table *t, gs_record *r, int kernel, const char *s)
{
	gs_record_more *m;
	char **field;

	if (!s)
		return 0;
	if (!(m = gs_record_more_of(r)))
		return -1;
	field = kernel ? &m->kernel : &m->tag;
	return *field ? 0 : clean_dup(t ? &t->utf8_replaced : NULL, s, field);
}

int
gs_table_set_tag(gs_table *t, gs_record *r, const char *s)
{
	return set_text(t, r, 0, s);
}

int
gs_table_set_kernel(gs_table *t, gs_record *r, const char *s)
{
	return set_text(t, r, 1, s);
}

int
gs_table_exclude(gs_table *t, long line, const char *what, const char *reason)
{
	gs_excluded *e;

	if (GS_GROW(t->excl, t->excl_cap, t->nexcl + 1, GS_TABLE_MAX) != 0)
		return -1;
	e = &t->excl[t->nexcl];
	e->line = line;
	e->what = e->reason = NULL;
	if (clean_dup(&t->utf8_replaced, what ? what : "", &e->what) != 0 ||
	    clean_dup(&t->utf8_replaced, reason ? reason : "", &e->reason) != 0) {
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

/* Give back the record array's unused tail (up to half of it after the
 * last doubling): a history holds dozens of tables. */
static void
shrink_records(gs_table *t)
{
	gs_record *rec;

	if (t->n == 0 || t->n == t->cap || !(rec = realloc(t->rec, t->n * sizeof *rec)))
		return; /* a failed shrink keeps the larger array */
	t->cap = t->n;
	if (rec != t->rec) {
		t->rec = rec;
		relink_samples(t);
	}
}

void
gs_table_order(gs_table *t)
{
	size_t sorted = 1;

	shrink_records(t);
	while (sorted < t->n && t->rec[sorted - 1].line <= t->rec[sorted].line)
		sorted++;
	if (sorted >= t->n)
		return; /* already in line order (a CSV's rows): index still right */
	qsort(t->rec, t->n, sizeof *t->rec, by_line);
	relink_samples(t);
	if (t->index->dropped)
		return; /* gs_table_get builds it from the new order */
	memset(t->index->slot, 0, t->index->cap * sizeof *t->index->slot);
	index_fill(t);
}

void
gs_table_drop_index(gs_table *t)
{
	free(t->index->slot);
	t->index->slot = NULL;
	t->index->cap = 0;
	t->index->bits = 0;
	t->index->dropped = 1;
}

/* The record with KEY by a scan of T's records: gs_table_find after
 * gs_table_drop_index. */
static const gs_record *
scan_for(const gs_table *t, const gs_shape *key)
{
	for (size_t i = 0; i < t->n; i++)
		if (gs_shape_equal(&t->rec[i].shape, key))
			return &t->rec[i];
	return NULL;
}

void
gs_table_find_each(const gs_table *t, const gs_table *keys, const gs_record **out)
{
	enum { AHEAD = 16 }; /* lookups in flight: covers a DRAM miss */
	uint64_t h[AHEAD];
	const struct gs_index *ix = t->index;

	if (ix->dropped) {
		for (size_t i = 0; i < keys->n; i++)
			out[i] = scan_for(t, &keys->rec[i].shape);
		return;
	}
	if (!ix->cap) {
		for (size_t i = 0; i < keys->n; i++)
			out[i] = NULL;
		return;
	}
	for (size_t i = 0; i < keys->n + AHEAD; i++) {
		if (i >= AHEAD) { /* key i - AHEAD: its slot has arrived */
			size_t j = i - AHEAD;
			const struct gs_slot *slot =
			        index_lookup(t, &keys->rec[j].shape, h[j % AHEAD]);
			out[j] = slot->pos ? &t->rec[slot->pos - 1] : NULL;
		}
		if (i < keys->n) { /* hash key i (in j's place) and fetch its slot */
			h[i % AHEAD] = shape_hash(&keys->rec[i].shape);
			__builtin_prefetch(
			        &ix->slot[slot_home(ix, (uint32_t)(h[i % AHEAD] >> 32))]);
		}
	}
}

const gs_record *
gs_table_find(const gs_table *t, const gs_shape *key)
{
	const struct gs_slot *slot;

	if (t->index->dropped)
		return scan_for(t, key);
	if (!t->index->cap)
		return NULL;
	slot = index_lookup(t, key, shape_hash(key));
	return slot->pos ? &t->rec[slot->pos - 1] : NULL;
}
