/* trace_store.c: the PyTorch trace reader's store (trace_impl.h):
 * interned strings, the link-id map and set, the op index, and linking
 * while streaming (eager mode) or keeping every record (keep_all). */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/trace_impl.h"
#include "util/grow.h"

int
gs_trace_strs_intern(tr_strs *t, const char *s, size_t len)
{
	uint64_t h = 14695981039346656037ULL;
	size_t i, mask;

	if ((t->n + 1) * 2 > t->nslot) {
		size_t ns = t->nslot ? t->nslot * 2 : 256;
		size_t *slot = calloc(ns, sizeof *slot);
		if (!slot)
			return -1;
		for (size_t j = 0; j < t->n; j++) {
			uint64_t hj = 14695981039346656037ULL;
			for (const char *p = t->s[j]; *p; p++)
				hj = (hj ^ (unsigned char)*p) * 1099511628211ULL;
			for (i = hj & (ns - 1); slot[i]; i = (i + 1) & (ns - 1))
				;
			slot[i] = j + 1;
		}
		free(t->slot);
		t->slot = slot;
		t->nslot = ns;
	}
	for (size_t j = 0; j < len; j++)
		h = (h ^ (unsigned char)s[j]) * 1099511628211ULL;
	mask = t->nslot - 1;
	for (i = h & mask; t->slot[i]; i = (i + 1) & mask) {
		const char *c = t->s[t->slot[i] - 1];
		if (strncmp(c, s, len) == 0 && c[len] == 0)
			return (int)(t->slot[i] - 1);
	}
	if (GS_GROW(t->s, t->cap, t->n + 1, SIZE_MAX) != 0)
		return -1;
	t->s[t->n] = malloc(len + 1);
	if (!t->s[t->n])
		return -1;
	memcpy(t->s[t->n], s, len);
	t->s[t->n][len] = 0;
	t->slot[i] = t->n + 1;
	return (int)t->n++;
}

static void
strs_free(tr_strs *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->s[i]);
	free(t->s);
	free(t->slot);
}

void
gs_trace_store_free(tr_store *s)
{
	free(s->ops);
	free(s->rts);
	free(s->gpus);
	strs_free(&s->names);
	strs_free(&s->threads);
	free(s->ord);
	free(s->maxdur);
	free(s->links.slot);
	free(s->others.slot);
	free(s->pend.slot);
	free(s->pgpu);
	free(s->pnext);
	memset(s, 0, sizeof *s);
}

/* ---- the op index ---------------------------------------------------- */

/* qsort has no context argument; per thread: gs_ingest_read_pair reads two
 * traces at once */
static _Thread_local const tr_store *sort_store;

static int
by_thread_ts(const void *a, const void *b)
{
	const tr_op *x = &sort_store->ops[*(const int *)a];
	const tr_op *y = &sort_store->ops[*(const int *)b];

	if (x->thread != y->thread)
		return x->thread < y->thread ? -1 : 1;
	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	return *(const int *)a - *(const int *)b;
}

int
gs_trace_store_freeze(tr_store *s)
{
	free(s->ord);
	free(s->maxdur);
	s->ord = malloc((s->nops + 1) * sizeof *s->ord);
	s->maxdur = calloc(s->threads.n + 1, sizeof *s->maxdur);
	if (!s->ord || !s->maxdur)
		return -1;
	for (size_t i = 0; i < s->nops; i++) {
		const tr_op *op = &s->ops[i];
		s->ord[i] = (int)i;
		if (op->end - op->ts > s->maxdur[op->thread])
			s->maxdur[op->thread] = op->end - op->ts;
	}
	sort_store = s;
	qsort(s->ord, s->nops, sizeof *s->ord, by_thread_ts);
	s->frozen = 1;
	return 0;
}

/* Position of the last op of THREAD starting at or before TS, or -1. */
static long
last_op_before(const tr_store *s, int thread, double ts)
{
	long lo = 0, hi = (long)s->nops; /* first position after */

	while (lo < hi) {
		long mid = lo + (hi - lo) / 2;
		const tr_op *op = &s->ops[s->ord[mid]];
		if (op->thread < thread || (op->thread == thread && op->ts <= ts))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo - 1;
}

int
gs_trace_store_innermost(const tr_store *s, const tr_rt *r)
{
	if ((size_t)r->thread >= s->threads.n)
		return -1;
	for (long p = last_op_before(s, r->thread, r->ts); p >= 0; p--) {
		const tr_op *op = &s->ops[s->ord[p]];
		if (op->thread != r->thread || op->ts < r->ts - s->maxdur[r->thread])
			break;
		if (r->ts < op->end && r->end <= op->end)
			return s->ord[p];
	}
	return -1;
}

long long
gs_trace_link_id(int has_corr, long long corr, int has_ext, long long ext)
{
	if (has_corr && corr >= 0)
		return corr * 2;
	if (has_ext && ext >= 0)
		return ext * 2 + 1;
	return -1;
}

/* ---- the link-id map (linear probing, backward-shift deletion) ------- */

static int map_put(tr_map *m, long long key, int val);
static int set_add(tr_set *s, long long id);

static size_t
slot_of(const tr_map *m, long long key)
{
	uint64_t h = (uint64_t)key * 0x9E3779B97F4A7C15ULL;

	return (size_t)(h >> 17) & (m->cap - 1);
}

/* map_get: the value for KEY in M, or -1. */
static int
map_get(const tr_map *m, long long key)
{
	if (!m->cap)
		return -1;
	for (size_t i = slot_of(m, key);; i = (i + 1) & (m->cap - 1)) {
		if (!m->slot[i].used)
			return -1;
		if (m->slot[i].key == key)
			return m->slot[i].val;
	}
}

static int
map_grow(tr_map *m)
{
	tr_map g = {NULL, 0, m->cap ? m->cap * 2 : 1024};

	g.slot = calloc(g.cap, sizeof *g.slot);
	if (!g.slot)
		return -1;
	for (size_t i = 0; i < m->cap; i++)
		if (m->slot[i].used)
			map_put(&g, m->slot[i].key, m->slot[i].val);
	free(m->slot);
	*m = g;
	return 0;
}

/* map_put: set KEY to VAL in M.  Returns 0, or -1 on OOM. */
static int
map_put(tr_map *m, long long key, int val)
{
	size_t i;

	if ((m->n + 1) * 2 > m->cap && map_grow(m) != 0)
		return -1;
	for (i = slot_of(m, key); m->slot[i].used; i = (i + 1) & (m->cap - 1)) {
		if (m->slot[i].key == key) {
			m->slot[i].val = val;
			return 0;
		}
	}
	m->slot[i].key = key;
	m->slot[i].val = val;
	m->slot[i].used = 1;
	m->n++;
	return 0;
}

/* map_del: remove KEY from M (no-op if absent). */
static void
map_del(tr_map *m, long long key)
{
	size_t mask = m->cap - 1, i, j;

	if (!m->cap)
		return;
	for (i = slot_of(m, key); m->slot[i].key != key; i = (i + 1) & mask)
		if (!m->slot[i].used)
			return;
	if (!m->slot[i].used)
		return;
	/* shift later members of the probe run back into the hole */
	for (j = (i + 1) & mask; m->slot[j].used; j = (j + 1) & mask) {
		size_t home = slot_of(m, m->slot[j].key);
		if (((j - home) & mask) >= ((j - i) & mask)) {
			m->slot[i] = m->slot[j];
			i = j;
		}
	}
	m->slot[i].used = 0;
	m->n--;
}

static size_t
set_slot(const tr_set *s, long long id)
{
	return (size_t)(((uint64_t)id * 0x9E3779B97F4A7C15ULL) >> 17) & (s->cap - 1);
}

/* set_has / set_add: membership of ID (>= 0) in S; add returns 0, or -1
 * on OOM. */
static int
set_has(const tr_set *s, long long id)
{
	if (!s->cap)
		return 0;
	for (size_t i = set_slot(s, id); s->slot[i]; i = (i + 1) & (s->cap - 1))
		if (s->slot[i] == (uint64_t)id + 1)
			return 1;
	return 0;
}

static int
set_grow(tr_set *s)
{
	tr_set g = {NULL, 0, s->cap ? s->cap * 2 : 1024};

	g.slot = calloc(g.cap, sizeof *g.slot);
	if (!g.slot)
		return -1;
	for (size_t i = 0; i < s->cap; i++)
		if (s->slot[i])
			set_add(&g, (long long)(s->slot[i] - 1));
	free(s->slot);
	*s = g;
	return 0;
}

static int
set_add(tr_set *s, long long id)
{
	size_t i;

	if ((s->n + 1) * 4 > s->cap * 3 && set_grow(s) != 0)
		return -1;
	for (i = set_slot(s, id); s->slot[i]; i = (i + 1) & (s->cap - 1))
		if (s->slot[i] == (uint64_t)id + 1)
			return 0;
	s->slot[i] = (uint64_t)id + 1;
	s->n++;
	return 0;
}

/* ---- linking while streaming (eager mode) ---------------------------- */

static int
freeze(tr_store *st)
{
	return st->frozen || st->keep_all ? 0 : gs_trace_store_freeze(st);
}

/* Keep G (already linked to runtime call RT) as one of the GEMM
 * activities. */
static int
keep_gpu(tr_store *st, const tr_gpu *g, int rt)
{
	if (GS_GROW(st->gpus, st->cap_gpus, st->ngpus + 1, SIZE_MAX) != 0)
		return -1;
	st->gpus[st->ngpus] = *g;
	st->gpus[st->ngpus++].rt = rt;
	return 0;
}

/* Hold G until the runtime call with link id ID arrives. */
static int
pend_add(tr_store *st, const tr_gpu *g, long long id)
{
	int slot = st->pfree, head = map_get(&st->pend, id);

	if (slot < 0) {
		size_t cg = st->cap_pgpu, cn = st->cap_pgpu;

		/* Two arrays on one capacity: each grows from it to the same size. */
		if (GS_GROW(st->pgpu, cg, st->npgpu + 1, INT_MAX) != 0 ||
		    GS_GROW(st->pnext, cn, st->npgpu + 1, INT_MAX) != 0)
			return -1;
		st->cap_pgpu = cg < cn ? cg : cn;
		slot = (int)st->npgpu++;
	} else {
		st->pfree = st->pnext[slot];
	}
	st->pgpu[slot] = *g;
	st->pnext[slot] = head;
	st->npending++;
	return map_put(&st->pend, id, slot);
}

/* The runtime call with link id ID arrived: keep its pending activities
 * (linked to RT) when RT >= 0, else drop them. */
static int
pend_take(tr_store *st, long long id, int rt)
{
	int slot = map_get(&st->pend, id);

	if (slot < 0)
		return 0;
	map_del(&st->pend, id);
	while (slot >= 0) {
		int next = st->pnext[slot];
		if (rt >= 0 && keep_gpu(st, &st->pgpu[slot], rt) != 0)
			return -1;
		st->pnext[slot] = st->pfree;
		st->pfree = slot;
		st->npending--;
		slot = next;
	}
	return 0;
}

static int
link_rt(tr_store *st, const tr_rt *r)
{
	long long id = gs_trace_link_id(r->has_corr, r->corr, r->has_ext, r->ext);
	int op = gs_trace_store_innermost(st, r), idx;

	if (op < 0)
		return set_add(&st->others, id) != 0 ? -1 : pend_take(st, id, -1);
	if (GS_GROW(st->rts, st->cap_rts, st->nrts + 1, SIZE_MAX) != 0)
		return -1;
	idx = (int)st->nrts++;
	st->rts[idx] = *r;
	st->rts[idx].op = op;
	if (map_get(&st->links, id) < 0 && map_put(&st->links, id, idx) != 0)
		return -1; /* the first call of an id owns its activities */
	return pend_take(st, id, map_get(&st->links, id));
}

static int
link_gpu(tr_store *st, const tr_gpu *g)
{
	long long id = gs_trace_link_id(g->has_corr, g->corr, g->has_ext, g->ext);
	int rt;

	if (id < 0) {
		st->incomplete++; /* cannot be linked */
		return 0;
	}
	rt = map_get(&st->links, id);
	if (rt >= 0)
		return keep_gpu(st, g, rt);
	if (set_has(&st->others, id))
		return 0; /* launched outside GEMM ops */
	return pend_add(st, g, id);
}

int
gs_trace_store_add_op(tr_store *st, const tr_op *op)
{
	if (GS_GROW(st->ops, st->cap_ops, st->nops + 1, SIZE_MAX) != 0)
		return -1;
	st->ops[st->nops++] = *op;
	return 0;
}

int
gs_trace_store_add_rt(tr_store *st, const tr_rt *r)
{
	if (freeze(st) != 0)
		return -1;
	if (!st->keep_all)
		return link_rt(st, r);
	if (GS_GROW(st->rts, st->cap_rts, st->nrts + 1, SIZE_MAX) != 0)
		return -1;
	st->rts[st->nrts++] = *r;
	return 0;
}

int
gs_trace_store_add_gpu(tr_store *st, const tr_gpu *g)
{
	if (freeze(st) != 0)
		return -1;
	if (!st->keep_all)
		return link_gpu(st, g);
	return keep_gpu(st, g, -1);
}
