/* kmix.c: a kernel trace's GPU time by kernel class in the JSON, HTML and
 * markdown (kmix_impl.h). */
#include <math.h>
#include <string.h>

#include "model/kernel_class.h"
#include "render/fmt.h"
#include "render/kmix_impl.h"

static const char *const side_name[2] = {"baseline", "candidate"};

static int
two_sided(const gs_report *r)
{
	return r->kind == GS_REPORT_COMPARE;
}

/* FRAC (0..1) as "93.6 %", "< 0.1 %" for a share too small to show. */
static char *
pct(char *buf, size_t size, double frac)
{
	if (!isfinite(frac))
		snprintf(buf, size, "\xe2\x80\x94");
	else if (frac > 0 && frac < 0.0005)
		snprintf(buf, size, "< 0.1 %%");
	else
		snprintf(buf, size, "%.1f %%", 100 * frac);
	return buf;
}

static double
kernel_share(const gs_kmix *m, const gs_kmix_kernel *k)
{
	return m->total_us > 0 ? k->total_ns / 1000.0 / m->total_us : NAN;
}

/* ---- JSON */

static void
json_classes(gs_jw *w, const gs_kmix *m)
{
	gs_jw_array_open(w, "classes");
	for (int c = 0; c < GS_KC_COUNT; c++) {
		if (!m->class_kernels[c])
			continue;
		gs_jw_map_open(w);
		gs_jw_kv_str(w, "class", gs_kclass_name((gs_kclass)c));
		gs_jw_kv_count(w, "kernels", (long long)m->class_kernels[c]);
		gs_jw_kv_count(w, "calls", m->class_calls[c]);
		gs_jw_kv_num(w, "total_us", m->class_us[c]);
		gs_jw_kv_num(w, "share", gs_kmix_share(m, (gs_kclass)c));
		gs_jw_map_close(w);
	}
	gs_jw_array_close(w);
}

static void
json_mix(gs_jw *w, const char *key, const gs_kmix *m)
{
	char label[GS_KERNEL_LABEL_MAX + 1];

	gs_jw_key(w, key);
	if (!m) {
		gs_jw_str(w, NULL);
		return;
	}
	gs_jw_map_open(w);
	gs_jw_kv_num(w, "total_us", m->total_us);
	gs_jw_kv_count(w, "calls", m->calls);
	gs_jw_kv_count(w, "kernels", (long long)m->n);
	gs_jw_kv_num(w, "gemm_share", gs_kmix_share(m, GS_KC_GEMM));
	json_classes(w, m);
	gs_jw_array_open(w, "other");
	for (size_t i = 0; i < m->n; i++) {
		const gs_kmix_kernel *k = &m->k[i];
		if (k->cls == GS_KC_GEMM)
			continue;
		gs_jw_map_open(w);
		gs_jw_kv_str(w, "name", k->name);
		gs_jw_kv_str(w, "label", gs_kernel_label(k->name, label, sizeof label));
		gs_jw_kv_str(w, "class", gs_kclass_name(k->cls));
		gs_jw_kv_count(w, "calls", k->calls);
		gs_jw_kv_num(w, "total_us", k->total_ns / 1000.0);
		gs_jw_kv_num(w, "share", kernel_share(m, k));
		gs_jw_map_close(w);
	}
	gs_jw_array_close(w);
	gs_jw_map_close(w);
}

void
gs_json_kernels(gs_jw *w, const gs_report *r)
{
	if (!r->kmix[0] && !r->kmix[1]) {
		gs_jw_key(w, "kernels");
		gs_jw_str(w, NULL);
		return;
	}
	if (!two_sided(r)) {
		json_mix(w, "kernels", r->kmix[0]);
		return;
	}
	gs_jw_key(w, "kernels");
	gs_jw_map_open(w);
	json_mix(w, side_name[0], r->kmix[0]);
	json_mix(w, side_name[1], r->kmix[1]);
	gs_jw_map_close(w);
}

/* ---- HTML */

/* "GEMM kernels: P % of GPU time (k of n kernels, ...)" into BUF. */
static char *
gemm_sentence(char *buf, size_t size, const gs_kmix *m)
{
	char p[32], ps[32], k[GS_FMT_LEN], n[GS_FMT_LEN], c[GS_FMT_LEN], cn[GS_FMT_LEN];
	char t[GS_FMT_LEN], tn[GS_FMT_LEN], split[96] = "";

	if (m->class_kernels[GS_KC_SPLITK])
		snprintf(split, sizeof split,
		         "; the reductions of split-K GEMMs %s more (%zu kernel%s)",
		         pct(ps, sizeof ps, gs_kmix_share(m, GS_KC_SPLITK)),
		         m->class_kernels[GS_KC_SPLITK],
		         m->class_kernels[GS_KC_SPLITK] == 1 ? "" : "s");
	snprintf(buf, size,
	         "GEMM kernels: %s of GPU time (%s of %s kernel%s, %s of %s dispatch%s, %s of %s "
	         "\xc2\xb5s)%s.",
	         pct(p, sizeof p, gs_kmix_share(m, GS_KC_GEMM)),
	         gs_fmt_count(k, sizeof k, m->class_kernels[GS_KC_GEMM]),
	         gs_fmt_count(n, sizeof n, m->n), m->n == 1 ? "" : "s",
	         gs_fmt_count(c, sizeof c, (size_t)m->class_calls[GS_KC_GEMM]),
	         gs_fmt_count(cn, sizeof cn, (size_t)m->calls), m->calls == 1 ? "" : "es",
	         gs_fmt_us(t, sizeof t, m->class_us[GS_KC_GEMM]),
	         gs_fmt_us(tn, sizeof tn, m->total_us), split);
	return buf;
}

static void
html_classes(gs_html *w, xmlNodePtr parent, const gs_kmix *m)
{
	xmlNodePtr tb = gs_html_table(w, parent, "kernel-classes",
	                              "Class|Kernels|Dispatches|Time (\xc2\xb5s)|Share", "lnnnn");
	char buf[32];

	for (int c = 0; c < GS_KC_COUNT; c++) {
		xmlNodePtr tr;
		if (!m->class_kernels[c])
			continue;
		tr = gs_html_add(w, tb, "tr", NULL);
		gs_html_td(w, tr, gs_kclass_name((gs_kclass)c));
		gs_html_td_count(w, tr, m->class_kernels[c]);
		gs_html_td_count(w, tr, (size_t)m->class_calls[c]);
		gs_html_td_us(w, tr, m->class_us[c]);
		gs_html_td_num(w, tr, pct(buf, sizeof buf, gs_kmix_share(m, (gs_kclass)c)));
	}
}

/* The GS_KMIX_TOP longest kernels that are no GEMM, the full name in
 * each label's title. */
static void
html_others(gs_html *w, xmlNodePtr parent, const gs_kmix *m)
{
	xmlNodePtr tb = gs_html_table(w, parent, "kernel-others",
	                              "Kernel|Class|Dispatches|Time (\xc2\xb5s)|Share", "llnnn");
	char label[GS_KERNEL_LABEL_MAX + 1], buf[32];
	size_t shown = 0, others = m->n - m->class_kernels[GS_KC_GEMM];

	for (size_t i = 0; i < m->n && shown < GS_KMIX_TOP; i++) {
		const gs_kmix_kernel *k = &m->k[i];
		xmlNodePtr tr, td;
		if (k->cls == GS_KC_GEMM)
			continue;
		shown++;
		tr = gs_html_add(w, tb, "tr", NULL);
		td = gs_html_add_text(w, tr, "td", "mono",
		                      gs_kernel_label(k->name, label, sizeof label));
		if (td)
			gs_html_set_attr(w, td, "title", k->name);
		gs_html_td(w, tr, gs_kclass_name(k->cls));
		gs_html_td_count(w, tr, (size_t)k->calls);
		gs_html_td_us(w, tr, k->total_ns / 1000.0);
		gs_html_td_num(w, tr, pct(buf, sizeof buf, kernel_share(m, k)));
	}
	gs_html_more(w, parent, shown, others, "kernel", "kernels", "every one is in the JSON");
}

static void
html_mix(gs_html *w, xmlNodePtr box, const char *who, const gs_kmix *m)
{
	char sentence[512], p[32];
	size_t others = m->n - m->class_kernels[GS_KC_GEMM];
	xmlNodePtr d;

	gs_html_para(w, box, "kernel-mix", "%s%s The GEMM tables hold these kernels only.", who,
	             gemm_sentence(sentence, sizeof sentence, m));
	if (others == 0)
		return;
	d = gs_html_details(w, box, 0, "%sThe other kernels: %s of GPU time (%zu kernel%s)", who,
	                    pct(p, sizeof p, 1 - gs_kmix_share(m, GS_KC_GEMM)), others,
	                    others == 1 ? "" : "s");
	html_classes(w, d, m);
	html_others(w, d, m);
}

void
gs_html_kernels(gs_html *w, xmlNodePtr sec)
{
	const gs_report *r = w->r;
	xmlNodePtr box;

	if (!r->kmix[0] && !r->kmix[1])
		return;
	box = gs_html_add(w, sec, "div", "kernels");
	gs_html_set_attr(w, box, "id", "kernels");
	for (int s = 0; s < 2; s++)
		if (r->kmix[s])
			html_mix(w, box, two_sided(r) ? (s ? "Candidate: " : "Baseline: ") : "",
			         r->kmix[s]);
}

/* ---- markdown */

static void
md_mix(const char *who, const gs_kmix *m, FILE *out)
{
	char p[32], label[GS_KERNEL_LABEL_MAX + 1];
	size_t n = 0;

	fprintf(out, "- Kernels%s: GEMM %s of GPU time (%zu of %zu kernel%s)", who,
	        pct(p, sizeof p, gs_kmix_share(m, GS_KC_GEMM)), m->class_kernels[GS_KC_GEMM], m->n,
	        m->n == 1 ? "" : "s");
	for (int c = 0; c < GS_KC_COUNT; c++)
		if (c != GS_KC_GEMM && m->class_kernels[c])
			fprintf(out, "%s %s %s",
			        n++ ? "," : "; other:", gs_kclass_name((gs_kclass)c),
			        pct(p, sizeof p, gs_kmix_share(m, (gs_kclass)c)));
	n = 0;
	for (size_t i = 0; i < m->n && n < GS_KMIX_MD_TOP; i++) {
		if (m->k[i].cls == GS_KC_GEMM)
			continue;
		fputs(n++ ? ", `" : "; longest: `", out);
		gs_kernel_label(m->k[i].name, label, sizeof label);
		for (const char *c = label; *c; c++) /* a code span on one line */
			if (*c != '`' && (unsigned char)*c >= 0x20)
				fputc(*c, out);
		fprintf(out, "` %s", pct(p, sizeof p, kernel_share(m, &m->k[i])));
	}
	fputs("\n", out);
}

void
gs_md_kernels(const gs_report *r, FILE *out)
{
	for (int s = 0; s < 2; s++)
		if (r->kmix[s])
			md_mix(two_sided(r) ? (s ? " (candidate)" : " (baseline)") : "", r->kmix[s],
			       out);
}
