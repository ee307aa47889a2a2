#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cliff.h"
#include "util/hash.h"

static long
dim_of(const gs_shape *s, char d)
{
	return d == 'M' ? s->M : d == 'N' ? s->N : s->K;
}

/* Shapes P and Q compared on every key field except dimension D. */
static int
key_cmp(const gs_shape *p, const gs_shape *q, char d)
{
	long pd[3] = {p->M, p->N, p->K}, qd[3] = {q->M, q->N, q->K};
	int skip = d == 'M' ? 0 : d == 'N' ? 1 : 2, c;

	for (int i = 0; i < 3; i++)
		if (i != skip && pd[i] != qd[i])
			return pd[i] < qd[i] ? -1 : 1;
	if (p->batch != q->batch)
		return p->batch < q->batch ? -1 : 1;
	if ((c = strcmp(p->op, q->op)) || (c = strcmp(p->dtype, q->dtype)))
		return c;
	if (p->trans_a != q->trans_a)
		return p->trans_a - q->trans_a;
	if (p->trans_b != q->trans_b)
		return p->trans_b - q->trans_b;
	return p->bias - q->bias;
}

/* Tags A and B in order, no tag first. */
static int
tag_cmp(const char *a, const char *b)
{
	if (!a || !b)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

/* Rows P and Q compared on every key field except dimension D, then by
 * their tags: the grouping of sweeps. */
static int
group_cmp(const gs_record *p, const gs_record *q, char d)
{
	int c = key_cmp(&p->shape, &q->shape, d);

	return c ? c : tag_cmp(gs_record_tag(p), gs_record_tag(q));
}

static int
usable(const gs_single_row *r)
{
	double f = r->have_eff ? gs_single_achieved_tflops(r) : NAN;

	return f > 0 && isfinite(f);
}

/* Tile steps along D of row R: macro tiles over M and N, or K steps of
 * its tile_k; 0 when the tile does not tell. */
static long
tile_steps(const gs_single_row *r, char d)
{
	const gs_single_tile *t = gs_single_tile_of(r);

	if (d == 'K')
		return t->tile_k > 0 ? (r->rec->shape.K + t->tile_k - 1) / t->tile_k : 0;
	return t->tile_m > 0 && t->num_tiles > 0 ? t->num_tiles : 0;
}

/* What crossed from row A to row B along D: bits into *CROSSED, the bits
 * that could be decided into *KNOWN. */
static void
crossing(const gs_single_row *a, const gs_single_row *b, char d, unsigned *crossed, int *known)
{
	long ta = tile_steps(a, d), tb = tile_steps(b, d);
	long ra = gs_single_tile_of(a)->rounds, rb = gs_single_tile_of(b)->rounds;

	*crossed = 0;
	*known = 0;
	if (ta > 0 && tb > 0) {
		*known |= GS_CROSS_TILE;
		*crossed |= ta < tb ? GS_CROSS_TILE : 0;
	}
	if (ra > 0 && rb > 0) {
		*known |= GS_CROSS_WAVE;
		*crossed |= ra < rb ? GS_CROSS_WAVE : 0;
	}
	if (gs_record_kernel(a->rec) && gs_record_kernel(b->rec)) {
		*known |= GS_CROSS_KERNEL;
		*crossed |= strcmp(gs_record_kernel(a->rec), gs_record_kernel(b->rec))
		                    ? GS_CROSS_KERNEL
		                    : 0;
	}
}

/* Append the cliffs of sweep W (index SW) of S at threshold T to OUT. */
static int
sweep_cliffs(const gs_single *s, const gs_sweep *w, size_t sw, double t, gs_cliffs *out,
             size_t *cap)
{
	for (size_t i = 0; i + 1 < w->n; i++) {
		const gs_single_row *a = &s->rows[w->rows[i]], *b = &s->rows[w->rows[i + 1]];
		double fa = gs_single_achieved_tflops(a), fb = gs_single_achieved_tflops(b);
		gs_cliff *cl;
		if (!(fb < fa * (1 - t)))
			continue;
		if (out->ncliffs == *cap) {
			size_t nc = *cap ? 2 * *cap : 16;
			gs_cliff *p = realloc(out->cliffs, nc * sizeof *p);
			if (!p)
				return -1;
			out->cliffs = p;
			*cap = nc;
		}
		cl = &out->cliffs[out->ncliffs++];
		*cl = (gs_cliff){sw, w->rows[i], w->rows[i + 1], fa, fb, 1 - fb / fa, 0, 0};
		crossing(a, b, w->dim, &cl->crossed, &cl->known);
	}
	return 0;
}

/* The sweeps along D: runs of usable rows in ORDER (sorted by key then
 * D; GROUP: each entry's group, equal within a run) with
 * GS_CLIFF_MIN_POINTS or more distinct sizes.  Rows of a sweep stay in
 * ORDER; the rest of ORDER is overwritten.  *NUSED: how much of ORDER the
 * sweeps took. */
static int
sweeps_along(char d, size_t *order, const uint32_t *group, size_t n, gs_cliffs *out, size_t *nused,
             size_t *cap)
{
	size_t w = 0;

	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && group[j] == group[i]; j++)
			;
		if (j - i < GS_CLIFF_MIN_POINTS)
			continue;
		if (out->nsweeps == *cap) {
			size_t nc = *cap ? 2 * *cap : 16;
			gs_sweep *p = realloc(out->sweeps, nc * sizeof *p);
			if (!p)
				return -1;
			out->sweeps = p;
			*cap = nc;
		}
		memmove(order + w, order + i, (j - i) * sizeof *order);
		out->sweeps[out->nsweeps++] = (gs_sweep){d, order + w, j - i};
		w += j - i;
	}
	*nused = w;
	return 0;
}

static int
by_drop_desc(const void *a, const void *b)
{
	const gs_cliff *p = a, *q = b;

	if ((p->crossed == 0) != (q->crossed == 0)) /* what the inputs explain first */
		return p->crossed == 0 ? 1 : -1;
	if (p->drop != q->drop)
		return p->drop < q->drop ? 1 : -1;
	if (p->sweep != q->sweep)
		return p->sweep < q->sweep ? -1 : 1;
	return (p->from > q->from) - (p->from < q->from);
}

/* ---- a counting filter before the sort: a row whose other key fields
 * fewer than GS_CLIFF_MIN_POINTS rows share cannot be in a sweep.  A
 * million shapes of a random tuning sweep are almost all such rows, and
 * sorting them by key three times was a third of a compare's time.
 * Counts are per hash bucket, so they may be too high (collisions), never
 * too low: no sweep is lost, and the exact sort below decides. */

/* A hash of every key field of R but M, N and K, and of its tag. */
static uint64_t
rest_hash(const gs_record *r)
{
	const gs_shape *s = &r->shape;
	const char *tag = gs_record_tag(r) ? gs_record_tag(r) : "";
	uint64_t h = gs_fnv1a(GS_FNV1A_BASIS, tag, strlen(tag) + 1); /* with the NUL: */
	h = gs_fnv1a(h, s->op, strlen(s->op) + 1); /* tag, op and dtype apart */
	h = gs_fnv1a(h, s->dtype, strlen(s->dtype));
	h ^= gs_mix64((uint64_t)s->batch) + ((uint64_t)(unsigned char)s->trans_a << 16) +
	     ((uint64_t)(unsigned char)s->trans_b << 8) + (uint64_t)s->bias;
	return gs_mix64(h);
}

/* The hash of S's sweep along D (the bucket is its low bits), REST the
 * row's rest_hash: the two dimensions other than D mixed into it. */
static uint32_t
sweep_hash(uint32_t rest, const gs_shape *s, char d)
{
	uint64_t a = (uint64_t)(d == 'M' ? s->N : s->M), b = (uint64_t)(d == 'K' ? s->N : s->K);

	return (uint32_t)gs_mix64(rest ^ gs_mix64(gs_mix64(a) + b));
}

/* The usable rows of S that may be in a sweep along one dimension, in
 * table order, into O; returns how many.  REST: each row's rest_hash (0:
 * not usable); H: each usable row's sweep_hash along that dimension; CNT:
 * MASK + 1 zeroed counters, left zeroed. */
static size_t
candidates(const gs_single *s, const uint32_t *rest, const uint32_t *h, unsigned char *cnt,
           size_t mask, size_t *o)
{
	/* Counters are prefetched AHEAD rows ahead: CNT is megabytes, so each
	 * access would wait for memory. */
	const size_t AHEAD = 16;
	size_t m = 0;

	for (size_t i = 0; i < s->n; i++) {
		if (i + AHEAD < s->n && rest[i + AHEAD])
			__builtin_prefetch(&cnt[h[i + AHEAD] & mask], 1);
		if (rest[i]) {
			unsigned char *c = &cnt[h[i] & mask];

			*c += *c < 255;
		}
	}
	for (size_t i = 0; i < s->n; i++) {
		if (i + AHEAD < s->n && rest[i + AHEAD])
			__builtin_prefetch(&cnt[h[i + AHEAD] & mask], 0);
		if (rest[i] && cnt[h[i] & mask] >= GS_CLIFF_MIN_POINTS)
			o[m++] = i;
	}
	memset(cnt, 0, mask + 1);
	return m;
}

/* The filter's inputs, made in one walk through S's records (each walk
 * through a million records costs about as much as the sort it saves):
 * the top 32 bits of the rest_hash of every usable row of S (0 for the
 * others; a usable row's low bit set: 4 bytes a row, the filter is a
 * bound anyway) into a new array, returned; the usable rows' count into
 * *NU; each usable row's sweep_hash along M, N and K into the three
 * S->n-entry arrays of *H (one allocation, H[0]); a zeroed counter table
 * of a power of two >= 4 NU entries (at most 2^32, so that a bucket is a
 * sweep_hash's low bits) into *CNT, *MASK.  NULL on out of memory. */
static uint32_t *
filter_new(const gs_single *s, size_t *nu, uint32_t *h[3], unsigned char **cnt, size_t *mask)
{
	const char dims[3] = {'M', 'N', 'K'};
	size_t n = s->n ? s->n : 1, size = 64;
	uint32_t *rest = malloc(n * sizeof *rest);

	*nu = 0;
	*cnt = NULL;
	h[0] = malloc(3 * n * sizeof *h[0]);
	if (!rest || !h[0]) {
		free(rest);
		free(h[0]);
		return NULL;
	}
	h[1] = h[0] + n;
	h[2] = h[1] + n;
	for (size_t i = 0; i < s->n; i++) {
		const gs_record *r = s->rows[i].rec;
		if (!usable(&s->rows[i])) {
			rest[i] = 0;
			continue;
		}
		rest[i] = (uint32_t)(rest_hash(r) >> 32) | 1;
		for (int k = 0; k < 3; k++)
			h[k][i] = sweep_hash(rest[i], &r->shape, dims[k]);
		++*nu;
	}
	while (size < 4 * *nu && size < ((size_t)1 << 32))
		size *= 2;
	if (!(*cnt = calloc(size, 1))) {
		free(h[0]);
		free(rest);
		return NULL;
	}
	*mask = size - 1;
	return rest;
}

/* ---- the sort by key, then by the swept dimension.  A grid of a
 * million shapes has every row in a sweep along M and one along N; sorted
 * by reading two records and running strcmp on op, dtype and tag at each
 * comparison, that took 2 s a side.  Instead each candidate finds its
 * group (a sweep: the key but the swept dimension, and the tag) by its
 * sweep_hash, checked with group_cmp; the few groups are put in
 * group_cmp's order; and the candidates are sorted by (group's rank,
 * size), two integers.  The order, and the sweeps' numbering, are those
 * of a sort by group_cmp then size: within a group no two rows have the
 * same size (they would be one record). */

/* A candidate: its group's rank (its index until ranked), its size along
 * the swept dimension, its row. */
typedef struct sort_item {
	uint32_t group;
	uint32_t row;
	long size;
} sort_item;

static int
by_group_size(const void *pa, const void *pb)
{
	const sort_item *p = pa, *q = pb;

	if (p->group != q->group)
		return p->group < q->group ? -1 : 1;
	return (p->size > q->size) - (p->size < q->size);
}

/* The groups' first rows (the records group_cmp compares) for by_group. */
static _Thread_local const gs_single *group_s;
static _Thread_local const uint32_t *group_row;
static _Thread_local char group_dim;

static int
by_group(const void *pa, const void *pb)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;

	return group_cmp(group_s->rows[group_row[a]].rec, group_s->rows[group_row[b]].rec,
	                 group_dim);
}

/* The groups of one dimension's candidates: an open-addressing table
 * (linear probing, at most half full) of group indices + 1 (0 empty),
 * each group found by its first row's sweep_hash. */
typedef struct groups {
	uint32_t *first; /* each group's first row, cap / 2 entries */
	uint32_t *slot; /* cap entries */
	size_t n, cap;
} groups;

/* Room for one more group in G (H: the rows' sweep hashes); -1 on out of
 * memory (G unchanged but for a larger FIRST). */
static int
groups_room(groups *g, const uint32_t *h)
{
	size_t nc = g->cap ? 2 * g->cap : 1024, j;
	uint32_t *ns, *nf;

	if ((g->n + 1) * 2 <= g->cap)
		return 0;
	ns = calloc(nc, sizeof *ns);
	if ((nf = realloc(g->first, nc / 2 * sizeof *nf)))
		g->first = nf;
	if (!ns || !nf) {
		free(ns);
		return -1;
	}
	for (size_t k = 0; k < g->n; k++) {
		for (j = h[g->first[k]] & (nc - 1); ns[j]; j = (j + 1) & (nc - 1))
			;
		ns[j] = (uint32_t)k + 1;
	}
	free(g->slot);
	g->slot = ns;
	g->cap = nc;
	return 0;
}

/* The index in G of the group of row ROW of S along D (a hash match
 * checked with group_cmp), added if new; -1 on out of memory. */
static int64_t
group_of(groups *g, const gs_single *s, const uint32_t *h, size_t row, char d)
{
	size_t mask, j;

	if (groups_room(g, h) != 0)
		return -1;
	mask = g->cap - 1;
	for (j = h[row] & mask; g->slot[j]; j = (j + 1) & mask) {
		uint32_t f = g->first[g->slot[j] - 1];
		if (h[f] == h[row] && group_cmp(s->rows[f].rec, s->rows[row].rec, d) == 0)
			return g->slot[j] - 1;
	}
	g->first[g->n] = (uint32_t)row;
	g->slot[j] = (uint32_t)++g->n;
	return (int64_t)g->n - 1;
}

/* The M candidate rows O of S sorted by group along D (group_cmp's
 * order), then by D, each one's group (its rank in that order) into
 * GROUP.  H: every row's sweep_hash along D.  Returns 0 or -1 on out of
 * memory (O unchanged). */
static int
sort_candidates(const gs_single *s, const uint32_t *h, size_t *o, uint32_t *group, size_t m, char d)
{
	sort_item *it = malloc(m * sizeof *it);
	uint32_t *order = NULL, *rank = NULL;
	groups g = {NULL, NULL, 0, 0};
	int rc = -1;

	if (!it)
		return -1;
	for (size_t i = 0; i < m; i++) {
		int64_t k = group_of(&g, s, h, o[i], d);
		if (k < 0)
			goto done;
		it[i] = (sort_item){(uint32_t)k, (uint32_t)o[i],
		                    dim_of(&s->rows[o[i]].rec->shape, d)};
	}
	order = malloc(g.n * sizeof *order);
	rank = malloc(g.n * sizeof *rank);
	if (!order || !rank)
		goto done;
	for (size_t k = 0; k < g.n; k++)
		order[k] = (uint32_t)k;
	group_s = s;
	group_row = g.first;
	group_dim = d;
	qsort(order, g.n, sizeof *order, by_group);
	for (size_t k = 0; k < g.n; k++)
		rank[order[k]] = (uint32_t)k;
	for (size_t i = 0; i < m; i++)
		it[i].group = rank[it[i].group];
	qsort(it, m, sizeof *it, by_group_size);
	for (size_t i = 0; i < m; i++) {
		o[i] = it[i].row;
		group[i] = it[i].group;
	}
	rc = 0;
done:
	free(it);
	free(g.first);
	free(g.slot);
	free(order);
	free(rank);
	return rc;
}

/* OUT's order cut to the TOTAL rows its sweeps use (it was sized for
 * every usable row three times), each sweep moved with it. */
static void
shrink_order(gs_cliffs *out, size_t total)
{
	size_t *p = malloc((total ? total : 1) * sizeof *p);

	if (!p) /* keep the larger array */
		return;
	memcpy(p, out->order, total * sizeof *p);
	for (size_t w = 0; w < out->nsweeps; w++)
		out->sweeps[w].rows = p + (out->sweeps[w].rows - out->order);
	free(out->order);
	out->order = p;
}

/* A cliff's place in by_drop_desc's order as two integers: those the
 * inputs explain first, then the drop descending (a positive double's
 * bits order as its value), in K1; its sweep and first row in K2. */
typedef struct cliff_key {
	uint64_t k1, k2;
	size_t i;
} cliff_key;

static int
by_cliff_key(const void *pa, const void *pb)
{
	const cliff_key *p = pa, *q = pb;

	if (p->k1 != q->k1)
		return p->k1 < q->k1 ? -1 : 1;
	return (p->k2 > q->k2) - (p->k2 < q->k2);
}

/* OUT's cliffs in by_drop_desc's order.  A grid sweep has hundreds of
 * thousands: sorted as 24-byte keys, then moved once, instead of qsort
 * moving 56-byte cliffs and comparing them field by field.  By
 * by_drop_desc itself when out of memory or when a sweep or row index
 * does not fit 32 bits. */
static void
sort_cliffs(gs_cliffs *out)
{
	size_t n = out->ncliffs;
	cliff_key *k = malloc(n * sizeof *k);
	gs_cliff *c = malloc(n * sizeof *c);
	int fits = 1;

	for (size_t i = 0; k && c && i < n && fits; i++) {
		const gs_cliff *x = &out->cliffs[i];
		uint64_t bits;

		memcpy(&bits, &x->drop, sizeof bits); /* drop > 0: bits < 2^63 */
		fits = x->sweep <= UINT32_MAX && x->from <= UINT32_MAX;
		k[i] = (cliff_key){(uint64_t)(x->crossed == 0) << 63 | (INT64_MAX - bits),
		                   (uint64_t)x->sweep << 32 | x->from, i};
	}
	if (!k || !c || !fits) {
		qsort(out->cliffs, n, sizeof *out->cliffs, by_drop_desc);
	} else {
		qsort(k, n, sizeof *k, by_cliff_key);
		for (size_t i = 0; i < n; i++)
			c[i] = out->cliffs[k[i].i];
		free(out->cliffs);
		out->cliffs = c;
		c = NULL;
	}
	free(k);
	free(c);
}

int
gs_cliffs_find(const gs_single *s, double t, gs_cliffs *out, gs_error *err)
{
	const char dims[3] = {'M', 'N', 'K'};
	size_t nu, total = 0, scap = 0, ccap = 0, mask = 0;
	unsigned char *cnt;
	uint32_t *h[3], *rest, *group = NULL;
	int rc = -1;

	memset(out, 0, sizeof *out);
	if (!(rest = filter_new(s, &nu, h, &cnt, &mask)))
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	/* each usable row can be in one sweep per dimension */
	if (!(out->order = malloc((nu ? 3 * nu : 1) * sizeof *out->order)) ||
	    !(group = malloc((nu ? nu : 1) * sizeof *group)))
		goto done;
	for (int k = 0; k < 3; k++) {
		size_t *o = out->order + total, used;
		size_t m = candidates(s, rest, h[k], cnt, mask, o);

		group[0] = 0; /* one candidate: its own group */
		if ((m > 1 && sort_candidates(s, h[k], o, group, m, dims[k]) != 0) ||
		    sweeps_along(dims[k], o, group, m, out, &used, &scap) != 0)
			goto done;
		total += used;
	}
	free(rest); /* the filter's memory back before the cliffs' */
	free(cnt);
	free(h[0]);
	free(group);
	rest = group = h[0] = NULL;
	cnt = NULL;
	shrink_order(out, total);
	for (size_t w = 0; w < out->nsweeps; w++)
		if (sweep_cliffs(s, &out->sweeps[w], w, t, out, &ccap) != 0)
			goto done;
	if (out->ncliffs > 1) /* qsort must not get NULL, even for 0 items */
		sort_cliffs(out);
	rc = 0;
done:
	free(rest);
	free(cnt);
	free(h[0]);
	free(group);
	return rc == 0 ? 0 : gs_error_set(err, NULL, 0, 0, "out of memory");
}

void
gs_cliffs_free(gs_cliffs *c)
{
	free(c->order);
	free(c->sweeps);
	free(c->cliffs);
	memset(c, 0, sizeof *c);
}

char *
gs_cliff_crossed_text(const gs_cliff *cl, char *buf, size_t size)
{
	unsigned x = cl->crossed;
	const char *tw = (x & GS_CROSS_TILE) && (x & GS_CROSS_WAVE) ? "tile and wave boundary"
	                 : (x & GS_CROSS_TILE)                      ? "tile boundary"
	                 : (x & GS_CROSS_WAVE)                      ? "wave boundary"
	                                                            : NULL;

	if (!x)
		snprintf(buf, size, "nothing the inputs tell%s",
		         cl->known & (GS_CROSS_TILE | GS_CROSS_WAVE) ? "" : " (tiles unknown)");
	else
		snprintf(buf, size, "%s%s%s", tw ? tw : "", tw && (x & GS_CROSS_KERNEL) ? "; " : "",
		         x & GS_CROSS_KERNEL ? "kernel changed" : "");
	return buf;
}

/* ---- tile and wave boundaries along a sweep */

/* The tile along D of E and the tiles of the other output dimension times
 * batch, in E's orientation: the tile lies over the BLAS dims, M and N
 * swapped when E->swapped (efficiency.md §5).  0 when the tile is
 * unknown; OTHER is 0 along K. */
static void
grid_of_row(const gs_eff *e, char d, long *tile, long *other)
{
	int along_m = (d == 'M') != (e->swapped != 0);

	*tile = 0;
	*other = 0;
	if (d == 'K') {
		*tile = e->tile_k > 0 ? e->tile_k : 0;
		return;
	}
	if (e->tile_m <= 0 || e->tile_n <= 0)
		return;
	*tile = along_m ? e->tile_m : e->tile_n;
	*other = (along_m ? e->tiles_n : e->tiles_m) * e->batch;
}

static long
slots_of(const gs_eff *e)
{
	return e->slots > 0 ? e->slots : e->cus;
}

void
gs_sweep_grid_of(const gs_single *s, const gs_sweep *w, gs_sweep_grid *g)
{
	int cu_known = 1, waves_ok = 1;

	*g = (gs_sweep_grid){0, 0, 0, NULL};
	for (size_t i = 0; i < w->n; i++) {
		gs_eff eff;
		const gs_eff *e = gs_single_eff(s, &s->rows[w->rows[i]], &eff);
		long t, o, sl;
		if (!e) { /* a sweep's rows are usable: have_eff */
			*g = (gs_sweep_grid){0, 0, 0, "tile unknown"};
			return;
		}
		sl = slots_of(e);
		grid_of_row(e, w->dim, &t, &o);
		if (t <= 0 || (i && (t != g->tile || o != g->other))) {
			*g = (gs_sweep_grid){
			        0, 0, 0, t <= 0 ? "tile unknown" : "tile varies along the sweep"};
			return;
		}
		cu_known &= sl > 0;
		waves_ok &= sl > 0 && e->rounds > 0 && (i == 0 || sl == g->slots);
		g->tile = t;
		g->other = o;
		g->slots = sl;
	}
	if (!cu_known || !waves_ok)
		g->slots = 0;
	if (!cu_known)
		g->why = "GPU unknown";
	else if (!waves_ok && w->dim != 'K')
		g->why = "waves not modelled for this kernel";
}

/* Waves of K tiles along the sweep: ceil(K * OTHER / SLOTS). */
static long
waves_at(const gs_sweep_grid *g, long k)
{
	return (k * g->other + g->slots - 1) / g->slots;
}

/* The wave boundaries when OTHER < SLOTS: the wave count grows by at most
 * one per tile step, so wave w ends at k_w = floor(w * SLOTS / OTHER) (the
 * last k whose count is w); boundaries k0..k1 are k_w for w from the
 * count at k0 up to, not including, the count at k1 + 1. */
static size_t
wave_bounds(const gs_sweep_grid *g, long k0, long k1, long *out, size_t cap)
{
	long w0 = waves_at(g, k0), w1 = waves_at(g, k1 + 1);
	size_t n = 0;

	for (long w = w0; w < w1 && n < cap; w++)
		out[n++] = w * g->slots / g->other * g->tile;
	return (size_t)(w1 - w0);
}

size_t
gs_sweep_bounds(const gs_sweep_grid *g, long lo, long hi, int waves, long *out, size_t cap)
{
	long t = g->tile, k0, k1;
	size_t n = 0;

	if (t <= 0 || lo < 1 || hi <= lo)
		return 0;
	k0 = (lo - 1) / t + 1; /* the first k with k·t >= lo */
	k1 = (hi - 1) / t; /* the last k with k·t < hi */
	if (k1 < k0)
		return 0;
	if (waves && (g->other <= 0 || g->slots <= 0))
		return 0;
	if (waves && g->other < g->slots)
		return wave_bounds(g, k0, k1, out, cap);
	/* tiles, or waves where each tile step adds a wave or more */
	for (long k = k0; k <= k1 && n < cap; k++)
		out[n++] = k * t;
	return (size_t)(k1 - k0 + 1);
}

long
gs_sweep_match(const gs_single *a, const gs_sweep *w, const gs_single *b, const gs_cliffs *cb)
{
	const gs_record *p = a->rows[w->rows[0]].rec;

	for (size_t i = 0; i < cb->nsweeps; i++) {
		const gs_record *q = b->rows[cb->sweeps[i].rows[0]].rec;
		if (cb->sweeps[i].dim == w->dim && key_cmp(&p->shape, &q->shape, w->dim) == 0 &&
		    (!gs_record_tag(p) || !gs_record_tag(q) ||
		     strcmp(gs_record_tag(p), gs_record_tag(q)) == 0))
			return (long)i;
	}
	return -1;
}

long
gs_sweep_pos(const gs_single *s, const gs_sweep *w, size_t row)
{
	long v = dim_of(&s->rows[row].rec->shape, w->dim);
	size_t lo = 0, hi = w->n;

	/* the first size >= V (the sweep is sorted by its dimension), then
	 * the rows of that size */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (dim_of(&s->rows[w->rows[mid]].rec->shape, w->dim) < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < w->n && dim_of(&s->rows[w->rows[lo]].rec->shape, w->dim) == v; lo++)
		if (w->rows[lo] == row)
			return (long)lo;
	return -1;
}
