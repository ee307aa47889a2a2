/* gpu.c: name lookup, variant choice, roofs and names over the built-in
 * GPU table (gpu_table_amd.c, gpu_table_nv.c).  Pure queries: spec files
 * are read by ingest/gpuspec.c.  Figures, kinds and sources:
 * reference/gpu-specs.md.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "model/gpu.h"
#include "model/gpu_impl.h"

static size_t
ngpu(void)
{
	return gs_gpu_table_amd_n + gs_gpu_table_nv_n;
}

static const gs_gpu_entry *
entry_at(size_t i)
{
	if (i < gs_gpu_table_amd_n)
		return &gs_gpu_table_amd[i];
	i -= gs_gpu_table_amd_n;
	return i < gs_gpu_table_nv_n ? &gs_gpu_table_nv[i] : NULL;
}

size_t
gs_gpu_count(void)
{
	return ngpu();
}

const gs_gpu *
gs_gpu_at(size_t i)
{
	const gs_gpu_entry *e = entry_at(i);

	return e ? &e->g : NULL;
}

/* ---- lookup ----------------------------------------------------------- */

enum { MAX_WORDS = 16, WORD_LEN = 32, JOIN = 3 };

/* Split NAME into lower-case words of letters and digits. */
static size_t
split_words(const char *name, char words[MAX_WORDS][WORD_LEN])
{
	size_t n = 0, len = 0;

	for (const char *p = name;; p++) {
		int alnum = *p && isalnum((unsigned char)*p);
		if (alnum && n < MAX_WORDS && len + 1 < WORD_LEN) {
			words[n][len++] = (char)tolower((unsigned char)*p);
		} else if (!alnum && len > 0) {
			words[n++][len] = '\0';
			len = 0;
		}
		if (!*p)
			break;
	}
	return n;
}

static int
has_alias(const gs_gpu_entry *e, const char *word)
{
	for (size_t a = 0; a < GS_GPU_MAX_ALIASES && e->alias[a]; a++)
		if (strcmp(e->alias[a], word) == 0)
			return 1;
	return 0;
}

/* The length of the longest alias of E that some run of 1..JOIN adjacent
 * words, joined, equals; 0 if none. */
static size_t
entry_match_len(const gs_gpu_entry *e, char words[MAX_WORDS][WORD_LEN], size_t n)
{
	char joined[JOIN * WORD_LEN];
	size_t best = 0;

	for (size_t i = 0; i < n; i++) {
		joined[0] = '\0';
		for (size_t k = i; k < n && k < i + JOIN; k++) {
			strcat(joined, words[k]);
			if (strlen(joined) > best && has_alias(e, joined))
				best = strlen(joined);
		}
	}
	return best;
}

/* The entry with the longest alias match in NAME (first in table order on
 * a tie), or NULL. */
static const gs_gpu_entry *
find_entry(const char *name)
{
	char words[MAX_WORDS][WORD_LEN];
	const gs_gpu_entry *best = NULL;
	size_t n, best_len = 0;

	if (!name)
		return NULL;
	n = split_words(name, words);
	for (size_t i = 0; i < ngpu(); i++) {
		size_t len = entry_match_len(entry_at(i), words, n);
		if (len > best_len) {
			best_len = len;
			best = entry_at(i);
		}
	}
	return best;
}

const gs_gpu *
gs_gpu_find(const char *name)
{
	const gs_gpu_entry *e = find_entry(name);

	return e ? &e->g : NULL;
}

/* ---- variants ------------------------------------------------------------ */

enum { MAX_GROUP = 8 };

typedef struct vset {
	const gs_gpu_entry *e[MAX_GROUP];
	size_t n;
} vset;

/* BASE and the other entries of its variant group, in table order. */
static void
group_of(const gs_gpu_entry *base, vset *s)
{
	s->n = 0;
	if (!base->group) {
		s->e[s->n++] = base;
		return;
	}
	for (size_t i = 0; i < ngpu() && s->n < MAX_GROUP; i++)
		if (entry_at(i)->group && strcmp(entry_at(i)->group, base->group) == 0)
			s->e[s->n++] = entry_at(i);
}

/* Like entry_match_len, leaving out the alias that names the whole group. */
static size_t
variant_match_len(const gs_gpu_entry *e, char words[MAX_WORDS][WORD_LEN], size_t n)
{
	gs_gpu_entry copy = *e;
	size_t k = 0;

	for (size_t a = 0; a < GS_GPU_MAX_ALIASES && e->alias[a]; a++)
		if (!e->group || strcmp(e->alias[a], e->group) != 0)
			copy.alias[k++] = e->alias[a];
	for (; k < GS_GPU_MAX_ALIASES; k++)
		copy.alias[k] = NULL;
	return entry_match_len(&copy, words, n);
}

/* Keep the members whose SCORE is within TOL of the best (lowest); members
 * with a NAN score go unless all are NAN.  Returns 1 if S shrank. */
static int
keep_best(vset *s, const double *score, double tol)
{
	double best = INFINITY;
	size_t k = 0, n0 = s->n;

	for (size_t i = 0; i < s->n; i++)
		if (!isnan(score[i]) && score[i] < best)
			best = score[i];
	if (isinf(best))
		return 0;
	for (size_t i = 0; i < s->n; i++)
		if (!isnan(score[i]) && score[i] <= best + tol)
			s->e[k++] = s->e[i];
	s->n = k;
	return k < n0;
}

static int
narrow_by_name(vset *s, const char *name)
{
	char words[MAX_WORDS][WORD_LEN];
	double score[MAX_GROUP];
	size_t n = split_words(name, words), any = 0;

	for (size_t i = 0; i < s->n; i++) {
		size_t len = variant_match_len(s->e[i], words, n);
		score[i] = len ? -(double)len : NAN;
		any |= len;
	}
	return any && keep_best(s, score, 0);
}

static int
narrow_by_fig(vset *s, size_t off, double want, int log_scale)
{
	double score[MAX_GROUP];

	if (!(want > 0))
		return 0;
	for (size_t i = 0; i < s->n; i++) {
		const gs_fig *f = (const gs_fig *)((const char *)&s->e[i]->g + off);
		score[i] = f->kind == GS_FIG_NONE || !(f->v > 0) ? NAN
		           : log_scale                           ? fabs(log(want / f->v))
		                                                 : fabs(want - f->v);
	}
	return keep_best(s, score, 1e-9);
}

/* Append "; " (unless WHY is empty) and the formatted reason to WHY. */
static void
why_add(char *why, size_t size, const char *fmt, ...)
{
	size_t len = strlen(why);
	va_list ap;

	if (len + 3 >= size)
		return;
	if (len) {
		memcpy(why + len, "; ", 3);
		len += 2;
	}
	va_start(ap, fmt);
	vsnprintf(why + len, size - len, fmt, ap);
	va_end(ap);
}

/* The variant NAME and the input's figures select from S; the reasons go
 * to WHY (SIZE bytes, starts empty). */
static const gs_gpu_entry *
choose_variant(vset *s, const gs_gpu_entry *base, const char *name, double mem_bytes, int cus,
               double clock_ghz, char *why, size_t size)
{
	if (narrow_by_name(s, name))
		why_add(why, size, "the name \"%s\" names this board", name);
	if (s->n > 1 && narrow_by_fig(s, offsetof(gs_gpu, mem_gb), mem_bytes / 1e9, 1))
		why_add(why, size, "the input's memory %.1f GB is closest to %g GB",
		        mem_bytes / 1e9, s->e[0]->g.mem_gb.v);
	if (s->n > 1 && cus > 0 && narrow_by_fig(s, offsetof(gs_gpu, cus), cus, 0))
		why_add(why, size,
		        s->e[0]->g.cus.v == cus ? "its %d CUs/SMs match"
		                                : "its %d CUs/SMs are closest to %g",
		        cus, s->e[0]->g.cus.v);
	if (s->n > 1 && narrow_by_fig(s, offsetof(gs_gpu, clock_ghz), clock_ghz, 0))
		why_add(why, size, "its clock %.3g GHz is closest to %.3g GHz", clock_ghz,
		        s->e[0]->g.clock_ghz.v);
	if (s->n == 1)
		return s->e[0];
	why_add(why, size,
	        "the input does not tell the %zu remaining variants apart, "
	        "so the default one",
	        s->n);
	for (size_t i = 0; i < s->n; i++)
		if (s->e[i] == base)
			return base;
	return s->e[0];
}

const gs_gpu *
gs_gpu_find_variant(const char *name, double mem_bytes, int cus, double clock_ghz, char *why,
                    size_t why_size)
{
	const gs_gpu_entry *base = find_entry(name), *e;
	char reasons[256] = "";
	vset s;

	if (why && why_size)
		why[0] = '\0';
	if (!base) {
		if (why && why_size)
			snprintf(why, why_size, "no built-in GPU matches \"%s\"", name ? name : "");
		return NULL;
	}
	group_of(base, &s);
	if (s.n == 1) {
		if (why && why_size)
			snprintf(why, why_size,
			         "%s: the only built-in GPU the name \"%s\" designates.",
			         base->g.name, name);
		return &base->g;
	}
	e = choose_variant(&s, base, name, mem_bytes, cus, clock_ghz, reasons, sizeof reasons);
	if (why && why_size)
		snprintf(why, why_size, "%s: %s.", e->g.name, reasons);
	return &e->g;
}

/* The built-in entry whose GPU is G, or whose name G bears (a copy). */
static const gs_gpu_entry *
entry_of(const gs_gpu *g)
{
	for (size_t i = 0; i < ngpu(); i++)
		if (&entry_at(i)->g == g)
			return entry_at(i);
	for (size_t i = 0; i < ngpu(); i++)
		if (strcmp(entry_at(i)->g.name, g->name) == 0)
			return entry_at(i);
	return NULL;
}

int
gs_gpu_same_chip(const gs_gpu *a, const gs_gpu *b)
{
	const gs_gpu_entry *ea, *eb;

	if (!a || !b)
		return 0;
	if (a == b || strcmp(a->name, b->name) == 0)
		return 1;
	ea = entry_of(a);
	eb = entry_of(b);
	return ea && eb && ea->group && eb->group && strcmp(ea->group, eb->group) == 0;
}

double
gs_gpu_largest_cache_mib(const gs_gpu *g)
{
	double l2 = g->l2_mib.kind != GS_FIG_NONE ? g->l2_mib.v : NAN;
	double llc = g->llc_mib.kind != GS_FIG_NONE ? g->llc_mib.v : NAN;

	if (isnan(l2))
		return llc;
	return isnan(llc) || l2 > llc ? l2 : llc;
}

/* ---- names and roofs -------------------------------------------------- */

static const char *const class_names[GS_PK_COUNT] = {"f16", "bf16", "tf32", "f32",
                                                     "f64", "f8",   "i8",   "f4"};

const char *
gs_gpu_class_name(int cls)
{
	return cls >= 0 && cls < GS_PK_COUNT ? class_names[cls] : "?";
}

int
gs_gpu_dtype_class(const char *dtype)
{
	if (!dtype)
		return -1;
	for (int i = 0; i < GS_PK_COUNT; i++)
		if (strcmp(dtype, class_names[i]) == 0)
			return i;
	if (strcmp(dtype, "xf32") == 0)
		return GS_PK_TF32;
	if (strncmp(dtype, "f8", 2) == 0)
		return GS_PK_F8;
	if (strcmp(dtype, "f4e2m1") == 0)
		return GS_PK_F4;
	return -1;
}

double
gs_gpu_roof_tflops(const gs_gpu *g, const char *dtype, gs_roof roof, const gs_fig **fig)
{
	int c = gs_gpu_dtype_class(dtype);
	const gs_fig *f;

	if (fig)
		*fig = NULL;
	if (c < 0)
		return NAN;
	f = &g->peak[c];
	if (roof == GS_ROOF_MEASURED && g->meas[c].kind != GS_FIG_NONE)
		f = &g->meas[c];
	if (f->kind == GS_FIG_NONE || !(f->v > 0))
		return NAN;
	if (fig)
		*fig = f;
	return f->v;
}

double
gs_gpu_roof_bw(const gs_gpu *g, gs_roof roof, const gs_fig **fig)
{
	const gs_fig *f = &g->bw_tbs;

	if (roof == GS_ROOF_MEASURED && g->meas_bw_tbs.kind != GS_FIG_NONE)
		f = &g->meas_bw_tbs;
	if (fig)
		*fig = f->kind != GS_FIG_NONE ? f : NULL;
	return f->kind != GS_FIG_NONE && f->v > 0 ? f->v : NAN;
}

const char *
gs_fig_kind_tag(gs_fig_kind k)
{
	static const char *const tags[] = {"-", "P", "P*", "D", "M", "T"};

	return (unsigned)k < sizeof tags / sizeof tags[0] ? tags[k] : "?";
}

const char *
gs_fig_kind_name(gs_fig_kind k)
{
	static const char *const names[] = {
	        "unknown", "vendor peak", "vendor peak (third-party page)",
	        "derived", "measured",    "third-party"};

	return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "?";
}

const char *
gs_fig_source(const gs_gpu *g, const gs_fig *f)
{
	if (f && f->src)
		return f->src;
	return g->source[0] ? g->source : "unknown";
}

const char *
gs_gpu_family_name(gs_gpu_family f)
{
	switch (f) {
	case GS_FAM_CDNA: return "cdna";
	case GS_FAM_RDNA: return "rdna";
	case GS_FAM_NVIDIA: return "nvidia";
	case GS_FAM_XE: return "xe";
	case GS_FAM_OTHER: return "other";
	}
	return "?";
}
