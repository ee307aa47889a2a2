/* trace_link.c: the PyTorch trace reader's linking half.  Given the
 * records trace.c kept, link GPU activities to runtime calls and runtime
 * calls to GEMM ops, then turn each GEMM call into one sample of its
 * shape.  The rules are TraceLens's (TraceLens/Trace2Tree/trace_to_tree.py,
 * TreePerf/tree_perf.py, TreePerf/gpu_event_analyser.py; summarised in
 * reference/formats.md §2.3):
 *
 *  - kernel -> runtime call: equal args.correlation (External id in traces
 *    whose runtime calls have no correlation);
 *  - runtime call -> op: a cpu_op on the same (pid, tid) with
 *    op.ts <= rt.ts < op.ts + op.dur and rt.ts + rt.dur <= op.ts + op.dur;
 *    of nested ops the innermost (latest start) wins;
 *  - busy time: the union of [ts, ts + dur) of all the op's GPU activities,
 *    computed in doubles on the absolute timestamps exactly as TraceLens
 *    does, so the values agree with its GEMM.csv to the last bit.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/trace_impl.h"
#include "model/kernel_class.h"
#include "util/grow.h"

typedef struct linkkey {
	long long key;
	int idx;
} linkkey;

typedef struct tally { /* GEMM calls left out, per op and reason */
	char op[GS_OP_LEN];
	const char *why;
	long first_line;
	long count;
} tally;

typedef struct linker {
	tr_store *s;
	gs_table *t;
	gs_error *err;
	linkkey *keys; /* runtime calls sorted by link id */
	size_t nkeys;
	int *first, *list; /* per op: its GPU activities, list[first[op]..] */
	tally *tallies;
	size_t ntallies, cap_tallies;
	long long device; /* device of the first GEMM kernel, -1 */
	gs_kparser *kp; /* classes the kernel names (model/kernel_class.h) */
	signed char *rank; /* per kernel name id: kernel_rank + 1, 0 unknown */
} linker;

static int
by_key(const void *a, const void *b)
{
	const linkkey *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->idx - y->idx;
}

/* ---- keep_all mode: link at the end ---------------------------------- */

static int
find_runtime(const linker *L, long long key)
{
	size_t lo = 0, hi = L->nkeys;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (L->keys[mid].key < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < L->nkeys && L->keys[lo].key == key ? L->keys[lo].idx : -1;
}

static int
index_runtime(linker *L)
{
	tr_store *s = L->s;

	L->keys = malloc((s->nrts + 1) * sizeof *L->keys);
	if (!L->keys || gs_trace_store_freeze(s) != 0)
		return -1;
	for (size_t i = 0; i < s->nrts; i++) {
		tr_rt *r = &s->rts[i];
		long long id = gs_trace_link_id(r->has_corr, r->corr, r->has_ext, r->ext);
		if (id < 0)
			continue;
		r->op = gs_trace_store_innermost(s, r);
		L->keys[L->nkeys].key = id;
		L->keys[L->nkeys++].idx = (int)i;
	}
	qsort(L->keys, L->nkeys, sizeof *L->keys, by_key);
	for (size_t i = 0; i < s->ngpus; i++) {
		tr_gpu *g = &s->gpus[i];
		long long id = gs_trace_link_id(g->has_corr, g->corr, g->has_ext, g->ext);
		g->rt = id >= 0 ? find_runtime(L, id) : -1;
		if (g->rt < 0)
			L->t->skipped++; /* no launching call in the file */
	}
	return 0;
}

/* Group the linked GPU activities per GEMM op: list[first[op]..first[op+1]). */
static int
group_gpu(linker *L)
{
	tr_store *s = L->s;
	int *fill;

	L->first = calloc(s->nops + 1, sizeof *L->first);
	L->list = malloc((s->ngpus + 1) * sizeof *L->list);
	fill = calloc(s->nops + 1, sizeof *fill);
	if (!L->first || !L->list || !fill) {
		free(fill);
		return -1;
	}
	for (size_t i = 0; i < s->ngpus; i++) {
		const tr_gpu *g = &s->gpus[i];
		if (g->rt >= 0 && s->rts[g->rt].op >= 0)
			L->first[s->rts[g->rt].op + 1]++;
	}
	for (size_t i = 0; i < s->nops; i++)
		L->first[i + 1] += L->first[i];
	for (size_t i = 0; i < s->ngpus; i++) {
		const tr_gpu *g = &s->gpus[i];
		int op = g->rt >= 0 ? s->rts[g->rt].op : -1;
		if (op >= 0)
			L->list[L->first[op] + fill[op]++] = (int)i;
	}
	free(fill);
	return 0;
}

/* ---- per call -------------------------------------------------------- */

typedef struct span {
	double start, end;
} span;

static int
by_start(const void *a, const void *b)
{
	const span *x = a, *y = b;

	return (x->start > y->start) - (x->start < y->start);
}

/* Union length of the calls' GPU intervals, as GPUEventAnalyser's
 * merge_intervals + sum(end - start). */
static double
busy_time(const tr_store *s, const int *idx, int n, span *tmp)
{
	double busy = 0, cs, ce;

	for (int i = 0; i < n; i++) {
		const tr_gpu *g = &s->gpus[idx[i]];
		tmp[i].start = g->ts;
		tmp[i].end = g->ts + g->dur;
	}
	qsort(tmp, (size_t)n, sizeof *tmp, by_start);
	cs = tmp[0].start;
	ce = tmp[0].end;
	for (int i = 1; i < n; i++) {
		if (tmp[i].start <= ce) {
			if (tmp[i].end > ce)
				ce = tmp[i].end;
		} else {
			busy += ce - cs;
			cs = tmp[i].start;
			ce = tmp[i].end;
		}
	}
	return busy + (ce - cs);
}

static int
is_helper(const char *name)
{
	return strstr(name, "direct_copy_kernel") || strstr(name, "fillBuffer") ||
	       strstr(name, "copyBuffer") || strncmp(name, "__amd_rocclr_", 13) == 0 ||
	       strncmp(name, "MEMORY_COPY", 11) == 0;
}

/* How much kernel name NAME looks like the op's GEMM: 3 a GEMM kernel
 * (model/kernel_class.h), 2 another kernel, 1 the reduction of a split-K
 * GEMM (cuBLAS splitKreduce_kernel, Tensile PostGSU: it may outlast the
 * GEMM, and its name says nothing of the tile), 0 a copy or fill. */
static int
kernel_rank(gs_kparser *kp, const char *name)
{
	gs_kclass c = gs_kernel_class(kp, name, NULL);

	if (c == GS_KC_GEMM)
		return 3;
	if (is_helper(name) || c == GS_KC_MEMORY)
		return 0;
	return c == GS_KC_SPLITK ? 1 : 2;
}

/* kernel_rank of the name of G, decided once per name. */
static int
rank_of(linker *L, const tr_gpu *g)
{
	if (!L->rank[g->name])
		L->rank[g->name] = (signed char)(kernel_rank(L->kp, L->s->names.s[g->name]) + 1);
	return L->rank[g->name] - 1;
}

/* The op's GEMM kernel: its longest kernel of the highest rank_of (a GEMM
 * kernel before a split-K reduction, before a copy or fill). */
static const tr_gpu *
main_kernel(linker *L, const int *idx, int n)
{
	const tr_gpu *best = NULL;
	int best_rank = -1;

	for (int i = 0; i < n; i++) {
		const tr_gpu *g = &L->s->gpus[idx[i]];
		int r;
		if (g->kind != TR_KERNEL)
			continue;
		r = rank_of(L, g);
		if (r > best_rank || (r == best_rank && g->dur > best->dur)) {
			best = g;
			best_rank = r;
		}
	}
	return best;
}

static long long
ceil_div(long long a, long long b)
{
	return b > 0 ? (a + b - 1) / b : 0;
}

static void
fill_launch(gs_launch *l, const tr_gpu *g, const tr_rt *r)
{
	const uint32_t *grid = g->has_grid ? g->grid : r->has_grid ? r->grid : NULL;
	const uint32_t *block = g->has_grid ? g->block : r->block;

	if (grid) {
		long long wg = 1;
		for (int i = 0; i < 3; i++)
			wg *= r->hip ? ceil_div(grid[i], block[i]) : (long long)grid[i];
		l->workgroups = wg;
		l->wg_size = (int)((long long)block[0] * block[1] * block[2]);
	}
	l->regs_per_thread = g->regs;
	l->lds_bytes = g->smem ? g->smem : r->smem;
}

static int
tally_add(linker *L, const tr_op *op, const char *why)
{
	tally *t;
	char name[GS_OP_LEN]; /* the op as a record keeps it: cut to fit */

	snprintf(name, sizeof name, "%s", op->key.op);
	for (size_t i = 0; i < L->ntallies; i++) {
		t = &L->tallies[i];
		if (t->why == why && strcmp(t->op, name) == 0)
			return t->count++, 0;
	}
	if (GS_GROW(L->tallies, L->cap_tallies, L->ntallies + 1, SIZE_MAX) != 0)
		return -1;
	t = &L->tallies[L->ntallies++];
	memcpy(t->op, name, sizeof t->op);
	t->why = why;
	t->first_line = op->line;
	t->count = 1;
	return 0;
}

static int
add_call(linker *L, const tr_op *op, const tr_gpu *k, double busy)
{
	tr_store *s = L->s;
	const tr_rt *r = k ? &s->rts[k->rt] : NULL;
	const char *kname = k ? s->names.s[k->name] : NULL;
	gs_shape key = op->key;
	gs_record *rec;

	if (!key.trans_a &&
	    (!kname || gs_trace_kernel_trans(kname, &key.trans_a, &key.trans_b) != 0))
		key.trans_a = key.trans_b = 'N';
	rec = gs_table_get(L->t, &key, op->line, L->err);
	if (!rec)
		return -1;
	if (gs_record_add_sample(rec, busy) != 0 || gs_table_set_kernel(L->t, rec, kname) != 0)
		return gs_error_set(L->err, L->t->path, 0, 0, "out of memory");
	if (k && gs_launch_of(rec)->workgroups == 0 && gs_launch_of(rec)->wg_size == 0) {
		gs_launch *to = gs_record_launch(rec);
		if (!to)
			return gs_error_set(L->err, L->t->path, 0, 0, "out of memory");
		fill_launch(to, k, r);
	}
	if (k && L->device < 0)
		L->device = k->device;
	return 0;
}

static int
one_op(linker *L, size_t i, span *tmp)
{
	const tr_op *op = &L->s->ops[i];
	const int *idx = &L->list[L->first[i]];
	int n = L->first[i + 1] - L->first[i];
	double busy;

	if (op->bad)
		return tally_add(L, op, op->bad);
	if (n == 0)
		return tally_add(L, op, "no GPU kernel linked to the op");
	busy = busy_time(L->s, idx, n, tmp);
	if (!(busy > 0))
		return tally_add(L, op, "zero kernel time");
	if (!gs_time_in_range(busy)) /* issue 11, item 12 */
		return gs_error_set(L->err, L->t->path, 0, 0,
		                    "event %ld (%.*s): GPU time %g us "
		                    "is outside the accepted range 1e-6 .. 1e12 us",
		                    op->line, GS_OP_LEN - 1, op->key.op, busy);
	return add_call(L, op, main_kernel(L, idx, n), busy);
}

static int
emit(linker *L)
{
	span *tmp = malloc((L->s->ngpus + 1) * sizeof *tmp);
	char what[GS_OP_LEN + 32];

	if (!tmp)
		return gs_error_set(L->err, L->t->path, 0, 0, "out of memory");
	for (size_t i = 0; i < L->s->nops; i++) {
		if (one_op(L, i, tmp) != 0) {
			free(tmp);
			return -1;
		}
	}
	free(tmp);
	for (size_t i = 0; i < L->ntallies; i++) {
		const tally *t = &L->tallies[i];
		snprintf(what, sizeof what, "%s (%ld call%s)", t->op, t->count,
		         t->count == 1 ? "" : "s");
		if (gs_table_exclude(L->t, t->first_line, what, t->why) != 0)
			return gs_error_set(L->err, L->t->path, 0, 0, "out of memory");
	}
	return 0;
}

/* The environment (model/env.h) from device D (the GEMMs' device, may be
 * NULL) and the trace's runtime and driver versions.  -1 on OOM. */
static int
set_env(gs_table *t, const tr_store *s, const tr_dev *d)
{
	const long long *v = s->versions;
	char buf[64];
	int rc = 0;

	if (d) {
		rc |= gs_table_set_env(t, GS_ENV_DEVICE, d->name, NAN);
		if (d->sms > 0) {
			snprintf(buf, sizeof buf, "%d", d->sms);
			rc |= gs_table_set_env(t, GS_ENV_CUS, buf, d->sms);
		}
		if (d->mem_bytes > 0) {
			snprintf(buf, sizeof buf, "%.1f GB", d->mem_bytes / 1e9);
			rc |= gs_table_set_env(t, GS_ENV_MEMORY, buf, d->mem_bytes / 1e9);
		}
		if (d->cc_major >= 0 && d->cc_minor >= 0) {
			snprintf(buf, sizeof buf, "%d.%d", d->cc_major, d->cc_minor);
			rc |= gs_table_set_env(t, GS_ENV_CC, buf, NAN);
		}
	}
	rc |= gs_table_set_env(t, GS_ENV_RUNTIME,
	                       v[0] > 0 ? gs_env_version_cuda(v[0], "", buf, sizeof buf)
	                                : gs_env_version_hip(v[2], "", buf, sizeof buf),
	                       NAN);
	rc |= gs_table_set_env(t, GS_ENV_DRIVER,
	                       v[1] > 0 ? gs_env_version_cuda(v[1], " driver", buf, sizeof buf)
	                                : gs_env_version_hip(v[3], " driver", buf, sizeof buf),
	                       NAN);
	return rc ? -1 : 0;
}

static int
set_gpu(linker *L)
{
	const tr_store *s = L->s;
	const tr_dev *d = s->ndevs ? &s->devs[0] : NULL;

	for (int i = 0; i < s->ndevs; i++)
		if (s->devs[i].id == L->device)
			d = &s->devs[i];
	if (set_env(L->t, s, d) != 0)
		return -1;
	if (!d || !d->name[0])
		return 0;
	return gs_table_set_gpu(L->t, d->name, d->sms);
}

static int
no_gemm(const linker *L)
{
	const tr_store *s = L->s;

	return gs_error_set(L->err, L->t->path, 0, 0,
	                    "no GEMM op with a GPU kernel in this trace (%zu GEMM op "
	                    "calls, %zu GPU activities, %zu of them with no launching "
	                    "call in the file)",
	                    s->nops, s->ngpus, L->t->skipped);
}

int
gs_trace_link(tr_store *s, gs_table *t, gs_error *err)
{
	linker L;
	int rc = -1;

	memset(&L, 0, sizeof L);
	L.s = s;
	L.t = t;
	L.err = err;
	L.device = -1;
	t->skipped += s->incomplete + s->npending;
	t->steps = s->steps;
	if (!(L.kp = gs_kparser_new(err)))
		return -1;
	if (!(L.rank = calloc(s->names.n + 1, sizeof *L.rank)) ||
	    (s->keep_all && index_runtime(&L) != 0) || group_gpu(&L) != 0)
		gs_error_set(err, t->path, 0, 0, "out of memory");
	else if (emit(&L) != 0)
		; /* ERR says why */
	else if (set_gpu(&L) != 0)
		gs_error_set(err, t->path, 0, 0, "out of memory");
	else if (t->n == 0)
		no_gemm(&L);
	else
		rc = 0;
	free(L.keys);
	free(L.first);
	free(L.list);
	free(L.tallies);
	free(L.rank);
	gs_kparser_free(L.kp);
	return rc;
}
