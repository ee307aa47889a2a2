/* env.c: the inputs' environment in the JSON, HTML and markdown
 * (env_impl.h). */
#include <string.h>

#include "render/env_impl.h"
#include "render/fmt.h"

static int
two_sided(const gs_report *r)
{
	return r->kind == GS_REPORT_COMPARE;
}

static const char *
text_of(const gs_report *r, int side, gs_env_item k)
{
	return r->env[side] ? r->env[side]->text[k] : NULL;
}

static int
differs(const gs_report *r, gs_env_item k)
{
	return (r->env_differs >> k) & 1u;
}

static size_t
known_items(const gs_report *r)
{
	size_t n = 0;

	for (int k = 0; k < GS_ENV_NITEMS; k++)
		n += (size_t)gs_report_env_known(r, (gs_env_item)k);
	return n;
}

/* ---- JSON */

void
gs_json_environment(gs_jw *w, const gs_report *r)
{
	gs_jw_array_open(w, "environment");
	for (int i = 0; i < GS_ENV_NITEMS; i++) {
		gs_env_item k = (gs_env_item)i;

		if (!gs_report_env_known(r, k))
			continue;
		gs_jw_map_open(w);
		gs_jw_kv_str(w, "item", gs_env_key(k));
		gs_jw_kv_str(w, "name", gs_env_name(k));
		if (two_sided(r)) {
			gs_jw_kv_str(w, "baseline", text_of(r, 0, k));
			gs_jw_kv_str(w, "candidate", text_of(r, 1, k));
			gs_jw_kv_bool(w, "differs", differs(r, k));
		} else {
			gs_jw_kv_str(w, "value", text_of(r, 0, k));
		}
		gs_jw_map_close(w);
	}
	gs_jw_array_close(w);
}

/* ---- what each side states */

/* The items side SIDE of R states, as bits (1u << item). */
static unsigned
stated(const gs_report *r, int side)
{
	unsigned m = 0;

	for (int k = 0; k < GS_ENV_NITEMS; k++)
		if (text_of(r, side, (gs_env_item)k))
			m |= 1u << k;
	return m;
}

/* "device, runtime and library" into BUF: the names of the items of MASK. */
static char *
names_of(unsigned mask, char *buf, size_t size)
{
	size_t n = 0, total = 0;

	for (int k = 0; k < GS_ENV_NITEMS; k++)
		total += (mask >> k) & 1u;
	buf[0] = 0;
	for (int k = 0; k < GS_ENV_NITEMS; k++) {
		if (!((mask >> k) & 1u))
			continue;
		n++;
		if (n > 1)
			strncat(buf, n == total ? " and " : ", ", size - strlen(buf) - 1);
		strncat(buf, gs_env_name((gs_env_item)k), size - strlen(buf) - 1);
	}
	return buf;
}

static size_t
count_of(unsigned mask)
{
	size_t n = 0;

	for (; mask; mask >>= 1)
		n += mask & 1u;
	return n;
}

/* A compare whose stated items do not differ, into BUF: "the same on both
 * sides (6 items both inputs state)", "the same in the 3 items both
 * inputs state; only the candidate states memory and driver", "only the
 * candidate states it (device, ...); the baseline states nothing, so
 * nothing can be compared", "nothing to compare: the baseline states
 * library, the candidate device". */
static char *
same_sentence(const gs_report *r, char *buf, size_t size)
{
	unsigned b = stated(r, 0), c = stated(r, 1), both = b & c;
	char nb[512], nc[512], one[600] = "";
	size_t k = count_of(both);

	if (!both && (!b || !c)) {
		snprintf(buf, size,
		         "only the %s states it (%s); the %s states nothing, so nothing can be "
		         "compared",
		         b ? "baseline" : "candidate", names_of(b | c, nb, sizeof nb),
		         b ? "candidate" : "baseline");
		return buf;
	}
	if (!both) {
		snprintf(buf, size, "nothing to compare: the baseline states %s, the candidate %s",
		         names_of(b, nb, sizeof nb), names_of(c, nc, sizeof nc));
		return buf;
	}
	if (b & ~both && c & ~both)
		snprintf(one, sizeof one, "; only the baseline states %s, only the candidate %s",
		         names_of(b & ~both, nb, sizeof nb), names_of(c & ~both, nc, sizeof nc));
	else if ((b | c) & ~both)
		snprintf(one, sizeof one, "; only the %s states %s",
		         b & ~both ? "baseline" : "candidate",
		         names_of((b | c) & ~both, nb, sizeof nb));
	if (one[0])
		snprintf(buf, size, "the same in the %zu item%s both inputs state%s", k,
		         k == 1 ? "" : "s", one);
	else
		snprintf(buf, size, "the same on both sides (%zu item%s both inputs state)", k,
		         k == 1 ? "" : "s");
	return buf;
}

/* ---- HTML */

static void
env_table(gs_html *w, xmlNodePtr parent)
{
	int two = two_sided(w->r);
	xmlNodePtr tb =
	        gs_html_table(w, parent, "env", two ? "Item|Baseline|Candidate" : "Item|Value",
	                      two ? "lll" : "ll");

	for (int i = 0; i < GS_ENV_NITEMS; i++) {
		gs_env_item k = (gs_env_item)i;
		xmlNodePtr tr;

		if (!gs_report_env_known(w->r, k))
			continue;
		tr = gs_html_add(w, tb, "tr", differs(w->r, k) ? "differs" : NULL);
		gs_html_add_text(w, tr, "th", NULL, gs_env_name(k));
		for (int s = 0; s < 1 + two; s++)
			gs_html_td(w, tr,
			           text_of(w->r, s, k) ? text_of(w->r, s, k) : "\xe2\x80\x94");
	}
}

void
gs_html_environment(gs_html *w, xmlNodePtr sec)
{
	const gs_report *r = w->r;
	size_t n = known_items(r);
	char names[512], same[1400];
	xmlNodePtr box = gs_html_add(w, sec, "div", "environment");

	gs_html_set_attr(w, box, "id", "environment");
	if (n == 0) {
		gs_html_para(w, box, "none",
		             "Environment: %s states its GPU, clocks or library "
		             "version.",
		             two_sided(r) ? "neither input" : "the input never");
		return;
	}
	if (two_sided(r) && r->env_differs) {
		gs_html_para(w, box, "env-warn",
		             "The two runs differ in %s: a change of machine or software moves "
		             "every time, whatever the kernels did. Compare like with like before "
		             "reading the tables.",
		             names_of(r->env_differs, names, sizeof names));
		env_table(w, box);
		return;
	}
	if (two_sided(r))
		env_table(w, gs_html_details(w, box, 0, "Environment: %.480s",
		                             same_sentence(r, same, sizeof same)));
	else
		env_table(w, gs_html_details(w, box, 0, "Environment (%zu item%s the input states)",
		                             n, n == 1 ? "" : "s"));
}

void
gs_html_env_methodology(gs_html *w, xmlNodePtr dl)
{
	gs_html_define(w, dl, "Environment",
	               "What each input says of its machine and software: the hipblaslt-bench "
	               "and rocblas-bench banner (library version, device, gfx target, memory, "
	               "max. SCLK and MCLK, compute capability), a PyTorch trace's "
	               "deviceProperties and its CUDA or HIP runtime and driver versions, the "
	               "rocprofv3 or rocpd GPU agent (product, gfx target, CUs, max. engine "
	               "clock), gemmscope-bench's run columns. A compare puts the sides item by "
	               "item: memory within 1 %% is the same board, clocks and text compare "
	               "exactly. An item only one side states is shown and said so, never "
	               "called the same or a difference. A difference is said first: it moves "
	               "every time, whatever the kernels did.");
}

/* ---- markdown */

static void
md_code(FILE *out, const char *s)
{
	fputc('`', out);
	for (; s && *s; s++)
		if (*s != '`' && (unsigned char)*s >= 0x20)
			fputc(*s, out);
	fputc('`', out);
}

void
gs_md_environment(const gs_report *r, FILE *out)
{
	size_t n = known_items(r), m = 0;

	if (n == 0)
		return;
	if (!two_sided(r)) {
		fputs("- Environment:", out);
		for (int k = 0; k < GS_ENV_NITEMS; k++)
			if (text_of(r, 0, (gs_env_item)k)) {
				fprintf(out, "%s %s ", m++ ? "," : "", gs_env_name((gs_env_item)k));
				md_code(out, text_of(r, 0, (gs_env_item)k));
			}
		fputs("\n", out);
		return;
	}
	if (!r->env_differs) {
		char same[1400];
		fprintf(out, "Environment: %s.\n\n", same_sentence(r, same, sizeof same));
		return;
	}
	fputs("**Environment differs:**", out);
	for (int k = 0; k < GS_ENV_NITEMS; k++) {
		if (!differs(r, (gs_env_item)k))
			continue;
		fprintf(out, "%s %s ", m++ ? ";" : "", gs_env_name((gs_env_item)k));
		md_code(out, text_of(r, 0, (gs_env_item)k));
		fputs(" \xe2\x86\x92 ", out);
		md_code(out, text_of(r, 1, (gs_env_item)k));
	}
	fputs(". Times moved by this are not the kernels'.\n\n", out);
}

/* One side's GPU in the GPUs line. */
static void
md_gpu(FILE *out, const char *label, const gs_single *s)
{
	fprintf(out, "%s ", label);
	if (!s || !s->gpu) {
		fputs("unknown", out);
		return;
	}
	md_code(out, s->gpu->name);
	fprintf(out, " (from %s", s->opts.gpu_from ? s->opts.gpu_from : "?");
	if (s->opts.gpu_why) {
		fputs(": ", out);
		gs_fmt_md_text(out, s->opts.gpu_why);
	}
	fputc(')', out);
}

void
gs_md_gpus(const gs_report *r, FILE *out)
{
	const gs_single *b = r->eff_base, *c = r->eff_cand;

	if (!two_sided(r) || ((!b || !b->gpu) && (!c || !c->gpu)))
		return;
	md_gpu(out, "GPUs: baseline", b);
	md_gpu(out, "; candidate", c);
	fputs(".\n\n", out);
}
