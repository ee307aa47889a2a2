/* kernel_class.c: a kernel's class from its name (kernel_class.h).  The
 * GEMM families are kernel_name.h's; the other classes are the words GPU
 * libraries and PyTorch give their kernels (the names of the shipped
 * rocprofv3 and PyTorch traces, tests/data/eff/kernel_classes.tsv). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/kernel_class.h"

enum { INSPECT_MAX = 4096 };

/* ---- words ------------------------------------------------------------ */

static const char *const w_splitk[] = {"splitkreduce", "reduce_splitk", "reducesplitk",
                                       "splitk_reduce", NULL};
static const char *const w_comm[] = {
        "nccl",          "rccl",      "msccl",      "allreduce",
        "all_reduce",    "allgather", "all_gather", "reduce_scatter",
        "reducescatter", "alltoall",  "all_to_all", "cross_device_reduce",
        "sendrecv",      NULL};
static const char *const w_attention[] = {"attn", "attention", "fmha", "flash", "mha_", NULL};
static const char *const w_conv[] = {
        "conv1d", "conv2d", "conv3d", "convolution",   "convolve", "_conv_",    "winograd",
        "fprop",  "dgrad",  "wgrad",  "implicit_gemm", "igemm",    "depthwise", NULL};
static const char *const w_gemm[] = {"gemm",      "gemv",       "matmul", "nvjet",
                                     "triton_mm", "triton_bmm", NULL};
static const char *const w_memory[] = {
        "copy",        "fill",      "memset", "memcpy",  "__amd_rocclr_",
        "catarray",    "cat_array", "gather", "scatter", "index_select",
        "indexselect", "transpose", NULL};
/* Pointwise launchers whose functor is a copy or a fill. */
static const char *const w_memory_functor[] = {"direct_copy_kernel", "_copy_kernel_cuda",
                                               "fillfunctor", NULL};
static const char *const w_norm[] = {"layer_norm",    "layernorm", "rms_norm",   "rmsnorm",
                                     "batch_norm",    "batchnorm", "group_norm", "groupnorm",
                                     "instance_norm", "gammabeta", NULL};
static const char *const w_reduce[] = {"reduce",      "reduction",   "softmax", "lpnorm", "lpmax",
                                       "triton_red_", "triton_per_", "argmax",  "argmin", "topk",
                                       "cumsum",      "logsumexp",   NULL};
static const char *const w_elementwise[] = {
        "elementwise", "triton_poi_", "pointwise", "multi_tensor_apply",
        "dropout",     "activation",  "gelu",      "silu",
        "relu",        "sigmoid",     "unrolled",  "vectorized",
        "arange",      "clamp",       NULL};

static int
has_any(const char *s, const char *const *words)
{
	for (; *words; words++)
		if (strstr(s, *words))
			return 1;
	return 0;
}

/* Index just past "(anonymous namespace)" at S + I, else I. */
static size_t
skip_anon(const char *s, size_t i)
{
	static const char a[] = "(anonymous namespace)";

	return strncmp(s + i, a, sizeof a - 1) == 0 ? i + sizeof a - 1 : i;
}

/* S without leading blanks and "void ". */
static const char *
skip_void(const char *s)
{
	while (*s == ' ')
		s++;
	return strncmp(s, "void ", 5) == 0 ? s + 5 : s;
}

/* Length of the function name at S: up to its template arguments or its
 * parameter list, whichever comes first ("(anonymous namespace)" is part
 * of the name). */
static size_t
head_len(const char *s)
{
	size_t i = 0;

	while (s[i] && s[i] != '<') {
		size_t j = skip_anon(s, i);
		if (j == i && s[i] == '(')
			break;
		i = j == i ? i + 1 : j;
	}
	return i;
}

/* Lower-case copy of S[0..N) into OUT (INSPECT_MAX + 1 bytes). */
static void
lower(const char *s, size_t n, char *out)
{
	if (n > INSPECT_MAX)
		n = INSPECT_MAX;
	for (size_t i = 0; i < n; i++)
		out[i] = (char)tolower((unsigned char)s[i]);
	out[n] = '\0';
}

/* ---- class ---------------------------------------------------------- */

/* GEMM by kernel_name.h's families (K, the parse) or by the name's words. */
static int
is_gemm(const gs_kernel_info *k, const char *lc, const char *head)
{
	if (k->family != GS_KF_UNKNOWN && k->is_gemm)
		return k->family != GS_KF_CK || strstr(lc, "gemm") != NULL;
	return has_any(head, w_gemm) || strstr(lc, "::gemm::") != NULL;
}

static gs_kclass
classify(const gs_kernel_info *k, const char *lc, const char *head)
{
	if (k->family == GS_KF_TENSILE_AUX || has_any(lc, w_splitk))
		return GS_KC_SPLITK;
	if (has_any(head, w_comm))
		return GS_KC_COMM;
	if (has_any(head, w_attention))
		return GS_KC_ATTENTION;
	if (k->family == GS_KF_MIOPEN || (k->family == GS_KF_CUTLASS2 && !k->is_gemm) ||
	    has_any(head, w_conv))
		return GS_KC_CONV;
	if (is_gemm(k, lc, head))
		return GS_KC_GEMM;
	if (has_any(head, w_memory) || has_any(lc, w_memory_functor))
		return GS_KC_MEMORY;
	if (has_any(head, w_norm))
		return GS_KC_NORM;
	if (has_any(head, w_reduce))
		return GS_KC_REDUCE;
	if (has_any(head, w_elementwise))
		return GS_KC_ELEMENTWISE;
	return GS_KC_OTHER;
}

gs_kclass
gs_kernel_class(gs_kparser *p, const char *name, gs_kernel_info *info)
{
	char lc[INSPECT_MAX + 1], head[INSPECT_MAX + 1];
	gs_kernel_info mine;
	const char *s;

	if (!info)
		info = &mine;
	gs_kparser_parse(p, name, info);
	if (!name || !*name)
		return GS_KC_OTHER;
	s = skip_void(name);
	lower(s, strlen(s), lc);
	lower(s, head_len(s), head);
	return classify(info, lc, head);
}

const char *
gs_kclass_name(gs_kclass c)
{
	static const char *const names[] = {
	        [GS_KC_GEMM] = "gemm",
	        [GS_KC_SPLITK] = "split-k reduction",
	        [GS_KC_COMM] = "communication",
	        [GS_KC_ATTENTION] = "attention",
	        [GS_KC_CONV] = "convolution",
	        [GS_KC_MEMORY] = "copy/fill",
	        [GS_KC_NORM] = "normalization",
	        [GS_KC_REDUCE] = "reduction",
	        [GS_KC_ELEMENTWISE] = "elementwise",
	        [GS_KC_OTHER] = "other",
	};

	return (unsigned)c < GS_KC_COUNT ? names[c] : "?";
}

/* ---- label ---------------------------------------------------------- */

static int
is_ident(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static int
is_open(char c)
{
	return c == '<' || c == '(' || c == '{' || c == '[';
}

static int
is_close(char c)
{
	return c == '>' || c == ')' || c == '}' || c == ']';
}

/* Length of S without its parameter list: up to the first '(' outside
 * template arguments that is not "(anonymous namespace)". */
static size_t
params_at(const char *s)
{
	size_t i = 0;
	int depth = 0;

	while (s[i]) {
		size_t j = skip_anon(s, i);
		if (j != i) {
			i = j;
			continue;
		}
		if (s[i] == '<')
			depth++;
		else if (s[i] == '>' && depth > 0)
			depth--;
		else if (s[i] == '(' && depth == 0)
			break;
		i++;
	}
	return i;
}

/* The largest length <= N of S[0..) that ends on a UTF-8 boundary. */
static size_t
utf8_cut(const char *s, size_t n)
{
	while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
		n--;
	return n;
}

/* Template wrappers that say nothing of what the kernel does: their
 * argument is written in their place ("gpu_kernel_impl_nocast<F>" as F). */
static const char *const transparent[] = {"gpu_kernel_impl_nocast", "gpu_kernel_impl", NULL};

enum { DEPTH_MAX = 64 };

typedef struct compactor {
	const char *s;
	size_t i, end;
	char *out;
	size_t n, cap;
	int depth; /* brackets open in the input */
	int hidden; /* of which transparent wrappers' */
	unsigned char is_hidden[DEPTH_MAX]; /* per depth: a transparent wrapper */
	int skip_depth; /* >= 0: dropping a "::tail" up to the next ',' or
	                   close at this depth */
} compactor;

static void
emit(compactor *c, const char *t)
{
	for (; *t && c->n < c->cap; t++)
		c->out[c->n++] = *t;
}

/* Length of the identifier that ends C's output. */
static size_t
tail_ident(const compactor *c)
{
	size_t k = c->n;

	while (k > 0 && is_ident(c->out[k - 1]))
		k--;
	return c->n - k;
}

/* A "::" at C->i: a namespace or class qualifier before it is dropped;
 * after a closing bracket (a lambda or a member of an instantiation) the
 * rest of that argument is. */
static void
qualifier(compactor *c)
{
	if (c->i > 0 && is_ident(c->s[c->i - 1]))
		c->n -= tail_ident(c);
	else
		c->skip_depth = c->depth;
	c->i += 2;
}

/* Inside a dropped "::tail": 1 when C->s[C->i] is consumed by it. */
static int
skipping(compactor *c)
{
	char ch = c->s[c->i];

	if (c->skip_depth < 0)
		return 0;
	if (is_open(ch)) {
		c->depth++;
	} else if (is_close(ch) && c->depth > c->skip_depth) {
		c->depth--;
	} else if ((is_close(ch) || ch == ',') && c->depth == c->skip_depth) {
		c->skip_depth = -1;
		return 0;
	}
	c->i++;
	return 1;
}

/* An opening bracket CH: '<' after a transparent wrapper drops the
 * wrapper; the first level of template arguments is written, the second
 * as <…>, the rest and every other bracket's contents dropped. */
static void
open_bracket(compactor *c, char ch)
{
	int vis = c->depth - c->hidden;
	size_t t = tail_ident(c);
	int hide = 0;

	for (size_t k = 0; ch == '<' && vis <= 1 && transparent[k]; k++)
		hide |= t == strlen(transparent[k]) &&
		        strncmp(c->out + c->n - t, transparent[k], t) == 0;
	c->depth++;
	if (c->depth < DEPTH_MAX)
		c->is_hidden[c->depth] = (unsigned char)hide;
	if (hide) {
		c->n -= t;
		c->hidden++;
	} else if (ch == '<' && vis <= 1) {
		emit(c, vis == 0 ? "<" : "<\xe2\x80\xa6>");
	}
}

static void
close_bracket(compactor *c, char ch)
{
	int hidden = c->depth < DEPTH_MAX && c->depth > 0 && c->is_hidden[c->depth];

	if (c->depth == 0)
		return;
	if (hidden) {
		c->is_hidden[c->depth] = 0;
		c->hidden--;
	}
	c->depth--;
	if (!hidden && ch == '>' && c->depth - c->hidden == 0) {
		while (c->n > 0 && c->out[c->n - 1] == ' ')
			c->n--;
		emit(c, ">");
	}
}

static void
compact_step(compactor *c)
{
	char ch = c->s[c->i], one[2] = {ch, '\0'};
	size_t j = skip_anon(c->s, c->i);

	if (j != c->i) {
		c->i = j + (strncmp(c->s + j, "::", 2) == 0 ? 2 : 0);
		return;
	}
	if (skipping(c))
		return;
	if (ch == ':' && c->s[c->i + 1] == ':' && c->depth - c->hidden < 2) {
		qualifier(c);
		return;
	}
	c->i++;
	if (is_open(ch))
		open_bracket(c, ch);
	else if (is_close(ch))
		close_bracket(c, ch);
	else if (c->depth - c->hidden < 2 && !(ch == ' ' && c->n > 0 && c->out[c->n - 1] == ' '))
		emit(c, one);
}

/* The NAME inside a wrapper "Kernel<NAME>", "Kernel2<NAME>" or
 * "device_kernel<NAME>" (CUTLASS) that OUT[0..N) is, moved to OUT's
 * start.  Returns the new length (N when OUT is no such wrapper). */
static size_t
unwrap(char *out, size_t n)
{
	static const char *const wrappers[] = {"Kernel<", "Kernel2<", "device_kernel<"};

	for (size_t k = 0; k < sizeof wrappers / sizeof *wrappers; k++) {
		size_t w = strlen(wrappers[k]), i = w;
		if (n <= w + 1 || strncmp(out, wrappers[k], w) != 0 || out[n - 1] != '>')
			continue;
		while (i < n - 1 && is_ident(out[i]))
			i++;
		if (i != n - 1)
			continue;
		memmove(out, out + w, n - 1 - w);
		out[n - 1 - w] = '\0';
		return n - 1 - w;
	}
	return n;
}

/* S[0..END) compacted into OUT (CAP bytes and a NUL): qualifiers dropped,
 * nested template arguments <…>, parenthesised and braced groups inside
 * template arguments dropped.  Returns the length. */
static size_t
compact(const char *s, size_t end, char *out, size_t cap)
{
	compactor c;

	memset(&c, 0, sizeof c);
	c.s = s;
	c.end = end;
	c.out = out;
	c.cap = cap;
	c.skip_depth = -1;
	while (c.i < c.end && c.n < c.cap)
		compact_step(&c);
	while (c.n > 0 && c.out[c.n - 1] == ' ')
		c.n--;
	out[c.n] = '\0';
	return unwrap(out, c.n);
}

/* 1 if the '_'-separated field at F (LEN bytes) is "MT<m>x<n>x<k>". */
static int
is_mt_field(const char *f, size_t len)
{
	int x = 0;

	if (len < 7 || strncmp(f, "MT", 2) != 0 || !isdigit((unsigned char)f[2]))
		return 0;
	for (size_t i = 2; i < len; i++) {
		if (f[i] == 'x' && isdigit((unsigned char)f[i - 1]))
			x++;
		else if (!isdigit((unsigned char)f[i]))
			return 0;
	}
	return x == 2;
}

/* A Tensile name S[0..END) ("C…_A…_B…_…_MT64x32x256_MI16x16x1_…") as its
 * first four fields, its MT field and an MI field that follows it, into
 * OUT (CAP bytes and a NUL).  Returns the length, 0 if S is no Tensile
 * name. */
static size_t
tensile_label(const char *s, size_t end, char *out, size_t cap)
{
	size_t f = 0, start = 0, cut4 = 0, n;
	const char *mi;

	if (s[0] != 'C' || strncmp(s, "Cijk_", 5) != 0)
		return 0;
	for (size_t i = 0; i <= end; i++) {
		if (i < end && s[i] != '_')
			continue;
		if (++f == 4)
			cut4 = i;
		if (is_mt_field(s + start, i - start)) {
			mi = i < end && strncmp(s + i + 1, "MI", 2) == 0 ? s + i + 1 : NULL;
			n = mi ? (size_t)(strcspn(mi, "_") + (size_t)(mi - s)) : i;
			if (f <= 5)
				snprintf(out, cap + 1, "%.*s", (int)n, s);
			else
				snprintf(out, cap + 1, "%.*s\xe2\x80\xa6%.*s", (int)cut4, s,
				         (int)(n - start), s + start);
			return strlen(out);
		}
		start = i + 1;
	}
	return 0;
}

/* FNV-1a of S, folded to 16 bits. */
static unsigned
fnv16(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 16777619u;
	}
	return (unsigned)((h >> 16) ^ (h & 0xffffu));
}

char *
gs_kernel_label(const char *name, char *buf, size_t size)
{
	enum { BODY = GS_KERNEL_LABEL_MAX - 6, ELL = 3 }; /* " #xxxx", "…" */
	char tmp[INSPECT_MAX + 1], lab[GS_KERNEL_LABEL_MAX + 1];
	const char *s = skip_void(name ? name : "");
	size_t end = params_at(s), n;

	if (size == 0)
		return buf;
	while (end > 0 && s[end - 1] == ' ')
		end--;
	if (end > 3 && strncmp(s + end - 3, ".kd", 3) == 0)
		end -= 3;
	n = tensile_label(s, end, tmp, INSPECT_MAX);
	if (n == 0)
		n = compact(s, end, tmp, INSPECT_MAX);
	if (n > BODY) {
		n = utf8_cut(tmp, BODY - ELL);
		memcpy(tmp + n, "\xe2\x80\xa6", ELL + 1);
		n += ELL;
	}
	n = strlen(tmp); /* at most BODY: room for " #xxxx" */
	memcpy(lab, tmp, n + 1);
	if (strcmp(tmp, name ? name : "") != 0)
		snprintf(lab + n, sizeof lab - n, " #%04x", fnv16(name ? name : ""));
	n = strlen(lab);
	if (n >= size)
		n = utf8_cut(lab, size - 1);
	memcpy(buf, lab, n);
	buf[n] = '\0';
	return buf;
}
