/* effpair.c: why a matched shape's time changed (effpair.h). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "analysis/effpair.h"

/* dim_eff ratios within this of 1 are "the same quantisation". */
#define DIM_SAME 0.005

static double
dim_eff(const gs_eff *e)
{
	return e ? e->dim_eff : NAN;
}

static double
pct_roof(const gs_eff *e)
{
	return e ? e->pct_roofline : NAN;
}

static int
same_gpu(const gs_gpu *gb, const gs_gpu *gc)
{
	if (!gb || !gc)
		return -1;
	return strcmp(gb->name, gc->name) == 0;
}

static int
same_kernel(const gs_single_row *b, const gs_single_row *c)
{
	if (!b || !c || !gs_record_kernel(b->rec) || !gs_record_kernel(c->rec))
		return -1;
	return strcmp(gs_record_kernel(b->rec), gs_record_kernel(c->rec)) == 0;
}

static const char *
cause(const gs_effpair *e)
{
	double change = e->slowdown - 1;

	if (isfinite(e->dim_ratio) && change > 0 && e->dim_ratio - 1 >= change / 2)
		return "quantisation";
	if (e->same_gpu == 0)
		return "gpu";
	if (isfinite(e->dim_ratio) && isfinite(e->roof_ratio) && e->roof_ratio > 1)
		return "roofline";
	if (e->same_kernel == 0)
		return "kernel";
	return "unknown";
}

void
gs_effpair_compute(const gs_pair *p, const gs_effpair_side *sb, const gs_effpair_side *sc,
                   gs_effpair *out)
{
	const gs_single_row *b = sb->row, *c = sc->row;
	const gs_gpu *gb = sb->gpu, *gc = sc->gpu;
	double db = dim_eff(sb->eff), dc = dim_eff(sc->eff), rb = pct_roof(sb->eff),
	       rc = pct_roof(sc->eff);

	memset(out, 0, sizeof *out);
	out->slowdown = p->speedup > 0 ? 1 / p->speedup : NAN;
	out->dim_ratio = isfinite(db) && isfinite(dc) && dc > 0 ? db / dc : NAN;
	out->roof_ratio = isfinite(rb) && isfinite(rc) && rc > 0 ? rb / rc : NAN;
	out->same_gpu = same_gpu(gb, gc);
	out->same_kernel = same_kernel(b, c);
	out->cause = cause(out);
}

/* ---- the sentence */

typedef struct sb {
	char *buf;
	size_t size, len;
} sb;

static void put(sb *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
put(sb *s, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (s->len + 1 >= s->size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(s->buf + s->len, s->size - s->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		s->len = s->len + (size_t)n < s->size ? s->len + (size_t)n : s->size - 1;
}

static void
clause(sb *s)
{
	if (s->len)
		put(s, "; ");
}

static void
tile_text(const gs_single_row *r, char *buf, size_t size)
{
	const char *fam = gs_single_kernel_family(r);
	const gs_single_tile *t = gs_single_tile_of(r);

	if (!fam)
		fam = "no kernel name";
	if (r->have_eff && t->tile_m > 0)
		snprintf(buf, size, "%s %d\xc3\x97%d", fam, t->tile_m, t->tile_n);
	else
		snprintf(buf, size, "%s, tile unknown", fam);
}

static void
gpu_clause(sb *s, const gs_effpair *e, const gs_gpu *gb, const gs_gpu *gc)
{
	if (e->same_gpu != 0)
		return;
	clause(s);
	put(s, "different GPUs (%s \xe2\x86\x92 %s)", gb->name, gc->name);
}

static void
kernel_clause(sb *s, const gs_effpair *e, const gs_single_row *b, const gs_single_row *c)
{
	char tb[96], tc[96];

	if (e->same_kernel < 0)
		return;
	clause(s);
	if (e->same_kernel) {
		put(s, "same kernel");
		return;
	}
	tile_text(b, tb, sizeof tb);
	tile_text(c, tc, sizeof tc);
	put(s, "kernel changed (%s \xe2\x86\x92 %s)", tb, tc);
}

/* Why a row with efficiency E has no dim_eff although its tile is known. */
static const char *
no_dim_reason(const gs_eff *e)
{
	if (!e || e->tile_m <= 0 || isfinite(e->dim_eff))
		return NULL;
	if (e->cus <= 0)
		return "no CU count (no GPU)";
	return gs_eff_status_name(e->status);
}

static void
quant_clause(sb *s, const gs_effpair *e, const gs_effpair_side *sb_, const gs_effpair_side *sc_)
{
	const gs_eff *b = sb_->eff, *c = sc_->eff;
	double tb = b ? b->tile_eff : NAN;
	double tc = c ? c->tile_eff : NAN;

	clause(s);
	if ((sb_->row && sb_->row->rec->shape.name) || (sc_->row && sc_->row->rec->shape.name)) {
		put(s, "quantisation not computed (keyed by kernel name: no M, N, K)");
		return;
	}
	if (!isfinite(e->dim_ratio)) {
		const char *rb = no_dim_reason(b), *rc = no_dim_reason(c);
		if (isfinite(tb) && isfinite(tc) && rb && rc && strcmp(rb, rc) == 0)
			put(s,
			    "tile_eff %.3f \xe2\x86\x92 %.3f (no wave quantisation: %s on both "
			    "sides)",
			    tb, tc, rb);
		else if (isfinite(tb) && isfinite(tc))
			put(s, "tile_eff %.3f \xe2\x86\x92 %.3f (no wave quantisation: %s%s%s%s%s)",
			    tb, tc, rb ? "baseline " : "", rb ? rb : "", rb && rc ? ", " : "",
			    rc ? "candidate " : "", rc ? rc : "");
		else
			put(s, "quantisation cannot be compared (tile unknown on %s)",
			    isfinite(tb)   ? "the candidate"
			    : isfinite(tc) ? "the baseline"
			                   : "both sides");
		return;
	}
	put(s,
	    "dim_eff %.3f \xe2\x86\x92 %.3f (waves %ld \xe2\x86\x92 %ld, last wave %.1f %% "
	    "\xe2\x86\x92 %.1f %%)",
	    b->dim_eff, c->dim_eff, b->rounds, c->rounds, b->last_wave_util * 100,
	    c->last_wave_util * 100);
	if (e->slowdown > 1 && e->dim_ratio >= 1 + DIM_SAME)
		put(s,
		    ": quantisation alone predicts %.2f\xc3\x97 of the measured %.2f\xc3\x97 "
		    "slowdown",
		    e->dim_ratio, e->slowdown);
}

static void
roof_clause(sb *s, const gs_eff *b, const gs_eff *c)
{
	double rb = pct_roof(b), rc = pct_roof(c);
	char vb[32] = "n/a", vc[32] = "n/a";

	if (!isfinite(rb) && !isfinite(rc))
		return;
	if (isfinite(rb))
		snprintf(vb, sizeof vb, "%.1f", rb);
	if (isfinite(rc))
		snprintf(vc, sizeof vc, "%.1f", rc);
	clause(s);
	put(s, "%% of roofline %s \xe2\x86\x92 %s", vb, vc);
}

char *
gs_effpair_explain(const gs_pair *p, const gs_effpair_side *b, const gs_effpair_side *c, char *buf,
                   size_t size)
{
	sb s = {buf, size, 0};
	gs_effpair e;

	if (size == 0)
		return buf;
	buf[0] = '\0';
	gs_effpair_compute(p, b, c, &e);
	gpu_clause(&s, &e, b->gpu, c->gpu);
	kernel_clause(&s, &e, b->row, c->row);
	quant_clause(&s, &e, b, c);
	roof_clause(&s, b->eff, c->eff);
	if (strcmp(e.cause, "roofline") == 0 && e.slowdown > 1) {
		clause(&s);
		put(&s, "not quantisation: the candidate runs further from the roofline "
		        "(clocks, memory traffic or kernel code)");
	}
	return buf;
}
