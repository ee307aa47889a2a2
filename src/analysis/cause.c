/* cause.c: one cause per classified pair and the split of time lost and
 * saved by cause (cause.h). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cause.h"
#include "analysis/residual.h"
#include "model/env.h"
#include "model/kernel_name.h"
#include "table.h"
#include "util/grow.h"
#include "util/hash.h"
#include "util/intern.h"
#include "util/par.h"

/* At least this share of the log time ratio makes the cause quantization. */
#define QUANT_MOST 0.5
/* Each side at least this share of the memory roof makes a shape below the
 * ridge memory_bound (cause.h rule 3). */
#define MEM_NEAR 0.5
/* Longest explanation, bytes. */
#define TEXT_MAX 1024

#define ARROW "\xe2\x86\x92"
#define TIMES "\xc3\x97"

void
gs_causes_free(gs_causes *c)
{
	free(c->by_pair);
	free(c->texts);
	memset(c, 0, sizeof *c);
}

/* ---- what one side knows ------------------------------------------------ */

typedef struct side {
	const gs_record *rec;
	const gs_single_row *row; /* NULL without an efficiency model */
	const gs_gpu *gpu; /* NULL if unknown */
	const gs_single *s; /* the row's model, NULL without one */
} side;

static side
side_of(const gs_single *s, const gs_record *r)
{
	side x = {r, gs_single_row_of(s, r), s ? s->gpu : NULL, s};

	return x;
}

static int
has_name(const side *s)
{
	return gs_record_kernel(s->rec) && *gs_record_kernel(s->rec);
}

/* The macro tile of S: the efficiency row's, the kernel name's, or the
 * input's tile column.  Returns 1 if known. */
static int
tile_of(const side *s, int *tm, int *tn)
{
	const gs_single_row *r = s->row;
	const gs_kernel_info *k = gs_single_kernel_of(r);

	*tm = *tn = 0;
	if (r && r->have_eff && gs_single_tile_of(r)->tile_m > 0) {
		*tm = gs_single_tile_of(r)->tile_m;
		*tn = gs_single_tile_of(r)->tile_n;
	} else if (k && k->has_tile) {
		*tm = k->tile_m;
		*tn = k->tile_n;
	} else if (gs_launch_of(s->rec)->tile_m > 0) {
		*tm = gs_launch_of(s->rec)->tile_m;
		*tn = gs_launch_of(s->rec)->tile_n;
	}
	return *tm > 0 && *tn > 0;
}

/* 1 the kernel changed, 0 the same name, -1 cannot tell (cause.h rule 5). */
static int
kernel_diff(const side *b, const side *c)
{
	const gs_launch *lb = gs_launch_of(b->rec), *lc = gs_launch_of(c->rec);

	if (has_name(b) && has_name(c))
		return strcmp(gs_record_kernel(b->rec), gs_record_kernel(c->rec)) != 0;
	if (!has_name(b) && !has_name(c) && lb->tile_m > 0 && lc->tile_m > 0 &&
	    (lb->tile_m != lc->tile_m || lb->tile_n != lc->tile_n))
		return 1;
	return -1;
}

static double
dim_eff(const side *s)
{
	return s->row && s->row->have_eff ? s->row->dim_eff : NAN;
}

/* The GPU vendor S's kernel family belongs to, NULL when it does not tell
 * (Triton, unknown names, no efficiency row). */
static const char *
vendor_of(const side *s)
{
	const gs_kernel_info *k = gs_single_kernel_of(s->row);

	if (!k)
		return NULL;
	switch (k->family) {
	case GS_KF_NVJET:
	case GS_KF_CUTLASS3:
	case GS_KF_CUTLASS2:
	case GS_KF_XMMA:
	case GS_KF_CUBLAS: return "NVIDIA";
	case GS_KF_TENSILE:
	case GS_KF_TENSILE_AUX:
	case GS_KF_CK:
	case GS_KF_AITER:
	case GS_KF_MIOPEN: return "AMD";
	default: return NULL;
	}
}

/* Rule 1: both GPUs known and different, or, not both known, kernel
 * families of different vendors. */
static int
gpu_changed(const side *b, const side *c)
{
	const char *vb = vendor_of(b), *vc = vendor_of(c);

	if (b->gpu && c->gpu)
		return strcmp(b->gpu->name, c->gpu->name) != 0;
	return vb && vc && strcmp(vb, vc) != 0;
}

/* One pair's cause while it is decided: what the report keeps, and the
 * figures behind it. */
typedef struct calc {
	gs_cause_kind kind;
	unsigned missing;
	gs_cause_figs f;
} calc;

/* Intensity, ridge and the memory roof: the baseline's row, else the
 * candidate's; the memory roof's share of each side's time. */
static void
roofline(const gs_pair *p, const side *b, const side *c, calc *out)
{
	const side *sides[2] = {b, c};
	double mem_us = NAN;

	out->f.intensity = out->f.ridge = NAN;
	for (int i = 0; i < 2; i++) {
		const gs_single_row *r = sides[i]->row;
		gs_eff e;
		if (!r || !r->have_eff)
			continue;
		if (!isfinite(out->f.intensity))
			out->f.intensity = gs_single_ai(r);
		if (sides[i]->gpu && !isfinite(out->f.ridge) && gs_single_eff(sides[i]->s, r, &e) &&
		    isfinite(e.ridge)) {
			out->f.ridge = e.ridge;
			mem_us = e.memory_us;
		}
	}
	out->f.mem_base = mem_us / p->base->t.median;
	out->f.mem_cand = mem_us / p->cand->t.median;
}

static double
predicted_us(const side *s)
{
	return s->row ? gs_residual_predicted_us(s->s, s->row) : NAN;
}

/* Rule 4's fraction; FULL 0 (a pair with no cause): from the dim_eff ratio
 * alone, without computing the whole efficiency model again. */
static void
quantization(const gs_pair *p, const side *b, const side *c, int full, calc *out)
{
	double db = dim_eff(b), dc = dim_eff(c);
	double pb = full ? predicted_us(b) : NAN, pc = full ? predicted_us(c) : NAN;
	double measured = log(p->cand->t.median / p->base->t.median);

	out->f.dim_ratio = out->f.pred_ratio = out->f.predicted = NAN;
	if (!isfinite(db) || !isfinite(dc) || db <= 0 || dc <= 0)
		return;
	out->f.dim_ratio = db / dc;
	out->f.pred_ratio = pb > 0 && pc > 0 ? pc / pb : out->f.dim_ratio;
	if (isfinite(measured) && measured != 0)
		out->f.predicted = log(out->f.pred_ratio) / measured;
}

static int
memory_bound(const calc *e)
{
	return isfinite(e->f.intensity) && isfinite(e->f.ridge) && e->f.intensity < e->f.ridge &&
	       e->f.mem_base >= MEM_NEAR && e->f.mem_cand >= MEM_NEAR;
}

static gs_cause_kind
decide(const gs_pair *p, const side *b, const side *c, const calc *e)
{
	int kd = kernel_diff(b, c);

	if (p->cls != GS_IMPROVED && p->cls != GS_REGRESSED)
		return GS_CAUSE_NONE;
	if (gpu_changed(b, c))
		return GS_CAUSE_GPU_CHANGED;
	if (kd == 0)
		return p->cls == GS_REGRESSED ? GS_CAUSE_SAME_KERNEL_SLOWER
		                              : GS_CAUSE_SAME_KERNEL_FASTER;
	if (memory_bound(e))
		return GS_CAUSE_MEMORY_BOUND;
	if (kd == 1 && isfinite(e->f.predicted) && e->f.predicted >= QUANT_MOST)
		return GS_CAUSE_QUANTIZATION;
	if (kd == 1)
		return GS_CAUSE_KERNEL_CHANGED;
	return GS_CAUSE_UNKNOWN;
}

/* The GS_MISS_* bits of an unknown cause E of sides B and C. */
static unsigned
missing_bits(const side *b, const side *c, const calc *e)
{
	unsigned m =
	        (has_name(b) ? 0u : GS_MISS_NAME_BASE) | (has_name(c) ? 0u : GS_MISS_NAME_CAND);

	if (!b->gpu && !c->gpu)
		m |= GS_MISS_GPU;
	else if (!isfinite(e->f.intensity))
		m |= GS_MISS_MNK;
	else if (!isfinite(e->f.ridge))
		m |= GS_MISS_ROOF;
	return m;
}

/* ---- the sentence ------------------------------------------------------- */

static const char *
family(const side *s)
{
	return gs_single_kernel_family(s->row);
}

/* "tensile 256×256 → cutlass2 128×64", or "256×256 → 128×64" when the
 * families agree (or are unknown). */
static int
tile_change(gs_dynbuf *d, const side *b, const side *c)
{
	const char *fb = family(b), *fc = family(c);
	int bm, bn, cm, cn, kb = tile_of(b, &bm, &bn), kc = tile_of(c, &cm, &cn);
	int fam = fb && fc && strcmp(fb, fc) != 0;
	char tb[32] = "tile unknown", tc[32] = "tile unknown";

	if (kb)
		snprintf(tb, sizeof tb, "%d" TIMES "%d", bm, bn);
	if (kc)
		snprintf(tc, sizeof tc, "%d" TIMES "%d", cm, cn);
	return gs_dynbuf_printf(d, "%s%s%s " ARROW " %s%s%s", fam ? fb : "", fam ? " " : "", tb,
	                        fam ? fc : "", fam ? " " : "", tc);
}

/* "; dim_eff x → y predicts R× of the measured M× time ratio (P % of the
 * change)", with "(memory time floors the prediction)" when the memory
 * term, not dim_eff, sets a side's prediction; nothing without one. */
static int
predicted_clause(gs_dynbuf *d, const side *b, const side *c, const calc *e)
{
	int floored = fabs(e->f.pred_ratio - e->f.dim_ratio) > 1e-9 * e->f.dim_ratio;

	if (!isfinite(e->f.predicted))
		return 0;
	return gs_dynbuf_printf(
	        d,
	        "; dim_eff %.3f " ARROW " %.3f%s predicts %.2f" TIMES " of the "
	        "measured %.2f" TIMES " time ratio (%.0f %% of the change)",
	        dim_eff(b), dim_eff(c), floored ? " (memory time floors the prediction)" : "",
	        e->f.pred_ratio, b->rec->t.median > 0 ? c->rec->t.median / b->rec->t.median : NAN,
	        e->f.predicted * 100);
}

/* A share as a percentage with the digits it needs: "61 %", "3.1 %",
 * "0.21 %". */
static const char *
pct(char *buf, size_t size, double f)
{
	double p = 100 * f;

	snprintf(buf, size, "%.*f %%", p >= 10 ? 0 : p >= 1 ? 1 : 2, p);
	return buf;
}

/* What is missing for an unknown cause, and why the roofline rules did
 * not decide when the GPU is known. */
static int
missing(gs_dynbuf *d, const side *b, const side *c, calc *e)
{
	char what[160], p1[32], p2[32];

	e->missing = missing_bits(b, c, e);
	if (gs_dynbuf_printf(d, "not enough information: %s",
	                     gs_cause_missing_text(e->missing, what, sizeof what)) != 0)
		return -1;
	if (e->missing & (GS_MISS_GPU | GS_MISS_MNK | GS_MISS_ROOF))
		return 0;
	if (!(e->f.intensity < e->f.ridge))
		return gs_dynbuf_printf(d, " (compute-bound: intensity %.1f >= ridge %.1f FLOP/B)",
		                        e->f.intensity, e->f.ridge);
	return gs_dynbuf_printf(d,
	                        " (intensity %.1f below the ridge %.1f FLOP/B, but at %s " ARROW
	                        " %s of the memory roof: not memory-bound)",
	                        e->f.intensity, e->f.ridge, pct(p1, sizeof p1, e->f.mem_base),
	                        pct(p2, sizeof p2, e->f.mem_cand));
}

static int
kernel_clause(gs_dynbuf *d, const side *b, const side *c)
{
	int kd = kernel_diff(b, c);

	if (kd < 0)
		return gs_dynbuf_printf(d, "; kernel names unknown");
	if (kd == 0)
		return gs_dynbuf_printf(d, "; same kernel");
	if (gs_dynbuf_printf(d, "; kernel changed (") != 0 || tile_change(d, b, c) != 0)
		return -1;
	return gs_dynbuf_printf(d, ")");
}

/* "different GPUs (H100 → MI300X): 7.77× slower", or with the GPUs
 * inferred "different GPU vendors (NVIDIA → AMD, inferred from the kernel
 * names: no GPU named for both inputs): ..." (F: the factor, DIR: "slower"
 * or "faster"). */
static int
gpu_text(gs_dynbuf *d, const side *b, const side *c, double f, const char *dir)
{
	if (b->gpu && c->gpu)
		return gs_dynbuf_printf(d, "different GPUs (%s " ARROW " %s): %.2f" TIMES " %s",
		                        b->gpu->name, c->gpu->name, f, dir);
	return gs_dynbuf_printf(d,
	                        "different GPU vendors (%s " ARROW " %s, inferred from the "
	                        "kernel names: no GPU named for both inputs): %.2f" TIMES " %s",
	                        vendor_of(b), vendor_of(c), f, dir);
}

static int
memory_text(gs_dynbuf *d, const gs_pair *p, const side *b, const side *c, const calc *e, double f,
            const char *dir)
{
	char p1[32], p2[32];

	return gs_dynbuf_printf(d,
	                        "memory-bound: arithmetic intensity %.1f FLOP/B below the "
	                        "ridge %.1f FLOP/B (%s, %s), both sides near the memory roof "
	                        "(%s " ARROW " %s of the bandwidth): bytes moved set its time, "
	                        "tile and wave quantization do not; %.2f" TIMES " %s",
	                        e->f.intensity, e->f.ridge, (b->gpu ? b->gpu : c->gpu)->name,
	                        p->base->shape.dtype, pct(p1, sizeof p1, e->f.mem_base),
	                        pct(p2, sizeof p2, e->f.mem_cand), f, dir) ||
	       kernel_clause(d, b, c);
}

/* ENV: what differs between the runs' environments ("" when nothing the
 * inputs state does), see env_differences. */
static int
text(gs_dynbuf *d, const gs_pair *p, const side *b, const side *c, calc *e, const char *env)
{
	double r = p->cand->t.median / p->base->t.median;
	const char *dir = r > 1 ? "slower" : "faster";
	double f = r > 1 ? r : 1 / r;

	switch (e->kind) {
	case GS_CAUSE_GPU_CHANGED: return gpu_text(d, b, c, f, dir) || kernel_clause(d, b, c);
	case GS_CAUSE_SAME_KERNEL_SLOWER:
	case GS_CAUSE_SAME_KERNEL_FASTER:
		if (env[0])
			return gs_dynbuf_printf(d,
			                        "identical kernel name on both sides, %.2f" TIMES
			                        " %s; the runs differ in %s",
			                        f, dir, env);
		return gs_dynbuf_printf(d,
		                        "identical kernel name on both sides, %.2f" TIMES " %s: "
		                        "clocks, driver, memory or code inside the same name",
		                        f, dir);
	case GS_CAUSE_MEMORY_BOUND: return memory_text(d, p, b, c, e, f, dir);
	case GS_CAUSE_QUANTIZATION:
	case GS_CAUSE_KERNEL_CHANGED:
		return gs_dynbuf_printf(d, "kernel changed: ") || tile_change(d, b, c) ||
		       predicted_clause(d, b, c, e);
	case GS_CAUSE_UNKNOWN: return missing(d, b, c, e);
	default: return 0;
	}
}

/* ---- the run ------------------------------------------------------------ */

/* The figures and the kind of pair P's cause into *E; with TEXT (may be
 * NULL) its sentence, which a neutral pair does not get.  Returns 0, or
 * -1 when out of memory. */
static int
decide_pair(const gs_pair *p, const gs_single *sb, const gs_single *sc, const char *env, calc *e,
            const char **text_out)
{
	side b = side_of(sb, p->base), c = side_of(sc, p->cand);
	gs_dynbuf d;

	memset(e, 0, sizeof *e);
	if (p->cls != GS_IMPROVED && p->cls != GS_REGRESSED) {
		/* no cause, no text and no ridge (which needs the whole
		 * efficiency model): most of a million shapes */
		e->kind = GS_CAUSE_NONE;
		e->f.intensity = b.row && b.row->have_eff   ? gs_single_ai(b.row)
		                 : c.row && c.row->have_eff ? gs_single_ai(c.row)
		                                            : NAN;
		e->f.ridge = e->f.mem_base = e->f.mem_cand = NAN;
		quantization(p, &b, &c, 0, e);
		return 0;
	}
	roofline(p, &b, &c, e);
	quantization(p, &b, &c, 1, e);
	e->kind = decide(p, &b, &c, e);
	if (!text_out)
		return 0;
	gs_dynbuf_init(&d, TEXT_MAX);
	if (text(&d, p, &b, &c, e, env) != 0) /* out of memory (the text is far below the cap) */
		return -1;
	*text_out = gs_intern(d.d ? d.d : "");
	gs_dynbuf_free(&d);
	return *text_out ? 0 : -1;
}

/* The distinct sentences of a run by their interned pointers: an
 * open-addressing table of indices into gs_causes.texts. */
typedef struct text_index {
	uint32_t *slot; /* cap entries: index + 1, 0 empty */
	size_t cap; /* power of two, more than twice the texts; 0 at first */
	size_t texts_cap; /* gs_causes.texts' */
} text_index;

/* The slot of sentence T in SLOT (CAP entries): its own, or the empty one
 * where it goes. */
static size_t
text_slot(const uint32_t *slot, size_t cap, const char *const *texts, const char *t)
{
	size_t i = (size_t)gs_mix64((uint64_t)(uintptr_t)t) & (cap - 1);

	while (slot[i] && texts[slot[i] - 1] != t)
		i = (i + 1) & (cap - 1);
	return i;
}

/* The index of sentence T (interned) in OUT->texts, added if new; -1 on
 * out of memory. */
static int64_t
text_id(gs_causes *out, text_index *x, const char *t)
{
	size_t i;

	if ((out->ntexts + 1) * 2 > x->cap) { /* double the table */
		size_t cap = x->cap ? x->cap * 2 : 64;
		uint32_t *slot = calloc(cap, sizeof *slot);

		if (!slot)
			return -1;
		for (size_t j = 0; j < x->cap; j++)
			if (x->slot[j])
				slot[text_slot(slot, cap, out->texts, out->texts[x->slot[j] - 1])] =
				        x->slot[j];
		free(x->slot);
		x->slot = slot;
		x->cap = cap;
	}
	i = text_slot(x->slot, x->cap, out->texts, t);
	if (x->slot[i])
		return x->slot[i] - 1;
	if (GS_GROW(out->texts, x->texts_cap, out->ntexts + 1, UINT32_MAX - 1) != 0)
		return -1;
	out->texts[out->ntexts] = t;
	x->slot[i] = (uint32_t)++out->ntexts;
	return (int64_t)out->ntexts - 1;
}

static int
one(const gs_pair *p, const gs_single *sb, const gs_single *sc, const char *env, gs_causes *c,
    text_index *x, gs_cause *out)
{
	calc e;
	const char *t = "";
	int64_t id = 0;

	if (p->cls != GS_IMPROVED && p->cls != GS_REGRESSED) {
		/* no cause and no sentence: the figures decide_pair would find
		 * are gs_cause_figures', not kept (most of a million shapes) */
		*out = (gs_cause){GS_CAUSE_NONE, 0, 0};
		return 0;
	}
	if (decide_pair(p, sb, sc, env, &e, &t) != 0 || (t[0] && (id = text_id(c, x, t)) < 0))
		return -1;
	out->kind = (unsigned char)e.kind;
	out->missing = (unsigned char)e.missing;
	out->text = (uint32_t)id;
	return 0;
}

const char *
gs_cause_text(const gs_causes *c, size_t i)
{
	return c->texts[c->by_pair[i].text];
}

int
gs_cause_figures(const gs_compare *cmp, size_t i, const gs_single *base, const gs_single *cand,
                 gs_cause_figs *out)
{
	calc e;

	if (i >= cmp->npairs)
		return -1;
	decide_pair(&cmp->pairs[i], base, cand, "", &e, NULL);
	*out = e.f;
	return 0;
}

/* Make gs_cause_sum(V) equal TOTAL exactly: the largest bucket takes the
 * difference, a few rounds, then last-bit steps. */
static void
reconcile(double v[GS_CAUSE_COUNT], double total)
{
	int big = 0;

	for (int i = 1; i < GS_CAUSE_COUNT; i++)
		if (v[i] > v[big])
			big = i;
	for (int round = 0; round < 64 && gs_cause_sum(v) != total; round++) {
		double diff = total - gs_cause_sum(v);
		double next = v[big] + diff;
		if (round >= 4 || next == v[big])
			next = nextafter(v[big], diff > 0 ? INFINITY : -INFINITY);
		v[big] = next;
	}
}

static void
split(const gs_compare *cmp, gs_causes *out)
{
	for (size_t i = 0; i < cmp->npairs; i++) {
		const gs_pair *p = &cmp->pairs[i];
		gs_cause_kind k = out->by_pair[i].kind;
		double tb, tc;

		if (p->cls != GS_IMPROVED && p->cls != GS_REGRESSED)
			continue; /* most pairs: their records are not read (the
			             candidate's, in its own order, a cache miss each) */
		tb = p->base->t.median;
		tc = p->cand->t.median;
		if (p->cls == GS_IMPROVED) {
			out->saved_us[k] += tb - tc;
			out->nsaved[k]++;
			out->missing_saved |= out->by_pair[i].missing;
		} else if (p->cls == GS_REGRESSED) {
			out->lost_us[k] += tc - tb;
			out->nlost[k]++;
			out->missing_lost |= out->by_pair[i].missing;
		}
	}
	reconcile(out->lost_us, cmp->s.time_lost_us);
	reconcile(out->saved_us, cmp->s.time_saved_us);
	out->nlost_order = gs_cause_order(out->lost_us, out->lost_order);
	out->nsaved_order = gs_cause_order(out->saved_us, out->saved_order);
}

/* "library hipBLASLt 100000 → hipBLASLt 100200, engine clock (max) ..."
 * into BUF (SIZE bytes, cut at an item): the environment items both inputs
 * state and that differ (model/env.h); "" when none. */
static char *
env_differences(const gs_env *a, const gs_env *b, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = 0;
	for (int i = 0; i < GS_ENV_NITEMS; i++) {
		gs_env_item k = (gs_env_item)i;
		int w;

		if (!gs_env_differs(a, b, k))
			continue;
		w = snprintf(buf + n, size - n, "%s%s %s " ARROW " %s", n ? ", " : "",
		             gs_env_name(k), a->text[k], b->text[k]);
		if (w < 0 || (size_t)w >= size - n) {
			buf[n] = 0; /* the items that fit, whole */
			break;
		}
		n += (size_t)w;
	}
	return buf;
}

/* The causes of pairs [BEGIN, END) (a gs_par_fn for one half of a
 * compare's pairs): into the shared BY_PAIR, their sentences into this
 * job's own list TEXTS (ids local to it, "" first: merged by the caller). */
typedef struct cause_job {
	const gs_compare *cmp;
	const gs_single *base, *cand;
	const char *env;
	size_t begin, end;
	gs_cause *by_pair;
	gs_causes texts; /* texts and ntexts only */
	text_index x;
} cause_job;

static int
cause_part(void *arg)
{
	cause_job *j = arg;

	if (text_id(&j->texts, &j->x, "") != 0)
		return -1;
	for (size_t i = j->begin; i < j->end; i++)
		if (one(&j->cmp->pairs[i], j->base, j->cand, j->env, &j->texts, &j->x,
		        &j->by_pair[i]) != 0)
			return -1;
	return 0;
}

/* The sentences of PART (the pairs from FIRST on) merged into OUT's
 * (indexed by X), and those pairs' ids moved to OUT's.  0 or -1 on out of
 * memory. */
static int
merge_texts(gs_causes *out, text_index *x, const gs_causes *part, size_t first)
{
	uint32_t *id = malloc(part->ntexts * sizeof *id);

	if (!id)
		return -1;
	for (size_t t = 0; t < part->ntexts; t++) {
		int64_t v = text_id(out, x, part->texts[t]);
		if (v < 0) {
			free(id);
			return -1;
		}
		id[t] = (uint32_t)v;
	}
	for (size_t i = first; i < out->n; i++)
		out->by_pair[i].text = id[out->by_pair[i].text];
	free(id);
	return 0;
}

/* Pairs of a compare above which the causes are found on two threads:
 * each classified pair costs about 2 µs (its sentence made and
 * interned), and a sweep classifies a tenth of a million. */
enum { CAUSE_PAR_MIN = 8192 };

int
gs_cause_run(const gs_compare *cmp, const gs_single *base, const gs_single *cand, gs_causes *out,
             gs_error *err)
{
	char env[512];
	cause_job j[2];
	size_t half;
	int rc, rc2 = 0;

	memset(out, 0, sizeof *out);
	if (cmp->npairs == 0)
		return 0;
	if (!(out->by_pair = calloc(cmp->npairs, sizeof *out->by_pair)))
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	out->n = cmp->npairs;
	env_differences(&cmp->base->env, &cmp->cand->env, env, sizeof env);
	half = cmp->npairs >= CAUSE_PAR_MIN ? cmp->npairs / 2 : cmp->npairs;
	memset(j, 0, sizeof j);
	for (int k = 0; k < 2; k++) {
		j[k].cmp = cmp;
		j[k].base = base;
		j[k].cand = cand;
		j[k].env = env;
		j[k].begin = k ? half : 0;
		j[k].end = k ? cmp->npairs : half;
		j[k].by_pair = out->by_pair;
	}
	if (half < cmp->npairs)
		rc = gs_par_run2(cause_part, &j[0], cause_part, &j[1], &rc2);
	else
		rc = cause_part(&j[0]);
	/* the first half's sentences are the run's; the second half's ids
	 * moved to theirs (the runs of a sweep share a handful) */
	out->texts = j[0].texts.texts;
	out->ntexts = j[0].texts.ntexts;
	if (rc == 0 && rc2 == 0 && j[1].texts.ntexts > 0)
		rc = merge_texts(out, &j[0].x, &j[1].texts, half);
	free(j[0].x.slot);
	free(j[1].x.slot);
	free(j[1].texts.texts);
	if (rc != 0 || rc2 != 0)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	split(cmp, out);
	return 0;
}
