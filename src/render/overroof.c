/* overroof.c: GEMMs faster than their roof, in every output (overroof.h). */
#include <math.h>
#include <stdio.h>

#include "render/fmt.h"
#include "render/html_impl.h"
#include "render/overroof.h"

/* The highest % of roofline among S's rows above their roof. */
static double
worst(const gs_single *s)
{
	double m = 0;

	for (size_t i = 0; i < s->n; i++) {
		gs_eff e;
		if (s->rows[i].over_roof && gs_single_eff(s, &s->rows[i], &e) && e.pct_roofline > m)
			m = e.pct_roofline;
	}
	return m;
}

char *
gs_over_roof_text(const gs_single *s, const char *label, char *buf, size_t size)
{
	size_t n = s ? s->s.over_roof : 0;
	const char *from = s ? s->opts.gpu_from : NULL, *gpu = s && s->gpu ? s->gpu->name : "?";
	int option = from && from[0] == '-';
	char head[256];
	double w;
	int dec;

	if (size)
		buf[0] = '\0';
	if (n == 0 || size == 0)
		return NULL;
	w = worst(s);
	/* as many decimals as it takes to show it above 100 (100.3 %, not 100 %) */
	dec = w >= 101 ? 0 : w >= 100.1 ? 1 : w >= 100.01 ? 2 : 3;
	snprintf(head, sizeof head,
	         "%s%s%zu GEMM%s run%s above 100 %% of the roof of %s math on %s (up to %.*f %%)",
	         label ? label : "", label ? ": " : "", n, n == 1 ? "" : "s", n == 1 ? "s" : "",
	         n == 1 ? "its" : "their", gpu, dec, w);
	if (option)
		snprintf(
		        buf, size,
		        "%s: the input cannot have run on the GPU %s names, or a figure of it "
		        "(or the math type gemmscope took) is wrong; %s %% of roofline %s no result.",
		        head, from, n == 1 ? "its" : "their", n == 1 ? "is" : "are");
	else
		snprintf(
		        buf, size,
		        "%s: that is a bug in gemmscope (a wrong figure for %s, the wrong board, or "
		        "the wrong math type), never a result; %s %% of roofline %s wrong. Please "
		        "report it with the input.",
		        head, gpu, n == 1 ? "its" : "their", n == 1 ? "is" : "are");
	return buf;
}

void
gs_html_over_roof(gs_html *w, xmlNodePtr parent, const gs_single *s, const char *label)
{
	char buf[768];

	if (gs_over_roof_text(s, label, buf, sizeof buf))
		gs_html_para(w, parent, "bug", "\xe2\x9a\xa0 %s", buf);
}

void
gs_md_over_roof(FILE *out, const gs_single *s, const char *label)
{
	char buf[768];

	if (!gs_over_roof_text(s, label, buf, sizeof buf))
		return;
	fputs("**\xe2\x9a\xa0 ", out);
	gs_fmt_md_text(out, buf);
	fputs("**\n\n", out);
}

const char *
gs_over_roof_note(const gs_single_row *row)
{
	return row && row->have_eff && row->over_roof ? " \xe2\x9a\xa0 over the roof" : "";
}
