/* html.c: the report page.  DATADIR/templates/report.html is parsed with
 * libxml2's HTML parser; its placeholder elements (found by id: header,
 * summary, plots, top, breakdown, shapes, unmatched, excluded,
 * methodology, footer) are filled with nodes built by libxml2, so every
 * string from an input is a text node escaped on output.  The style sheet
 * (templates/report.css) is inlined, every plot's SVG is parsed and
 * imported (scripts, event handlers and external references removed).
 * Placeholders this writer does not fill and that stay empty are removed.
 * Output is a pure function of the report: the same timestamp gives the
 * same bytes.
 */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "render/fmt.h"
#include "render/report.h"
#include "util/datadir.h"

enum { TEMPLATE_MAX = 1 << 20 };   /* bytes, template and style sheet each */

/* The page being built. */
typedef struct hw {
	xmlDocPtr doc;
	const gs_report *r;
	const gs_compare *c;
	int failed;          /* a node could not be created (out of memory) */
} hw;

/* ---- node helpers: NULL parents are tolerated, failures are remembered */

static xmlNodePtr
add(hw *w, xmlNodePtr parent, const char *name, const char *cls)
{
	xmlNodePtr n;

	if (!parent)
		return NULL;
	n = xmlNewChild(parent, NULL, BAD_CAST name, NULL);
	if (!n)
		w->failed = 1;
	else if (cls && !xmlNewProp(n, BAD_CAST "class", BAD_CAST cls))
		w->failed = 1;
	return n;
}

/* Append S (any bytes, possibly from an input) as escaped text. */
static void
text(hw *w, xmlNodePtr n, const char *s)
{
	char *clean;

	if (!n)
		return;
	clean = gs_fmt_clean(s);
	if (!clean) {
		w->failed = 1;
		return;
	}
	xmlNodeAddContent(n, BAD_CAST clean);
	free(clean);
}

static xmlNodePtr
add_text(hw *w, xmlNodePtr parent, const char *name, const char *cls, const char *s)
{
	xmlNodePtr n = add(w, parent, name, cls);

	text(w, n, s);
	return n;
}

static void
set_attr(hw *w, xmlNodePtr n, const char *name, const char *value)
{
	if (n && !xmlSetProp(n, BAD_CAST name, BAD_CAST value))
		w->failed = 1;
}

static xmlNodePtr
para(hw *w, xmlNodePtr parent, const char *cls, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static xmlNodePtr
para(hw *w, xmlNodePtr parent, const char *cls, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return add_text(w, parent, "p", cls, buf);
}

/* A table under PARENT with the '|'-separated HEADS; ALIGN has one letter
 * per column, 'n' for a right-aligned number.  Returns the tbody. */
static xmlNodePtr
table(hw *w, xmlNodePtr parent, const char *cls, const char *heads, const char *align)
{
	xmlNodePtr t = add(w, parent, "table", cls);
	xmlNodePtr tr = add(w, add(w, t, "thead", NULL), "tr", NULL);
	const char *p = heads;

	for (size_t i = 0; *p; i++) {
		size_t len = strcspn(p, "|");
		char head[128];
		snprintf(head, sizeof head, "%.*s", (int)len, p);
		add_text(w, tr, "th", align[i] == 'n' ? "num" : NULL, head);
		p += len + (p[len] == '|');
	}
	return add(w, t, "tbody", NULL);
}

static xmlNodePtr
td(hw *w, xmlNodePtr tr, const char *s)
{
	return add_text(w, tr, "td", NULL, s);
}

static xmlNodePtr
td_num(hw *w, xmlNodePtr tr, const char *s)
{
	return add_text(w, tr, "td", "num", s);
}

static void
td_us(hw *w, xmlNodePtr tr, double us)
{
	char buf[GS_FMT_LEN];

	td_num(w, tr, gs_fmt_us(buf, sizeof buf, us));
}

static void
td_count(hw *w, xmlNodePtr tr, size_t n)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%zu", n);
	td_num(w, tr, buf);
}

static void
td_ratio(hw *w, xmlNodePtr tr, double r, int decimals)
{
	char buf[GS_FMT_LEN];

	td_num(w, tr, gs_fmt_ratio(buf, sizeof buf, r, decimals));
}

/* The class cell: colour by CSS class, and always the word itself. */
static void
td_class(hw *w, xmlNodePtr tr, gs_class c)
{
	char cls[32];

	snprintf(cls, sizeof cls, "cls %s", gs_class_name(c));
	add_text(w, tr, "td", cls, gs_class_name(c));
}

static const char *
pair_tag(const gs_pair *p)
{
	return p->base->tag ? p->base->tag : p->cand->tag ? p->cand->tag : "";
}

static void
td_shape(hw *w, xmlNodePtr tr, const gs_shape *s)
{
	char buf[GS_FMT_SHAPE_LEN];

	add_text(w, tr, "td", "mono", gs_fmt_shape(buf, sizeof buf, s));
}

/* ---- template */

static xmlNodePtr
find_id(xmlNodePtr n, const char *id)
{
	for (; n; n = n->next) {
		xmlChar *v;
		xmlNodePtr hit;
		if (n->type != XML_ELEMENT_NODE)
			continue;
		v = xmlGetProp(n, BAD_CAST "id");
		if (v && strcmp((const char *)v, id) == 0) {
			xmlFree(v);
			return n;
		}
		xmlFree(v);
		hit = find_id(n->children, id);
		if (hit)
			return hit;
	}
	return NULL;
}

static xmlNodePtr
slot(hw *w, const char *id, const char *tpl, gs_error *err)
{
	xmlNodePtr n = find_id(xmlDocGetRootElement(w->doc), id);

	if (!n)
		gs_error_set(err, tpl, 0, 0, "the template has no element with id \"%s\"", id);
	return n;
}

/* The whole of PATH, NUL-terminated, at most MAX bytes (*LEN set), or NULL
 * with ERR. */
static char *
read_text(const char *path, size_t max, size_t *len, gs_error *err)
{
	FILE *f = fopen(path, "rb");
	char *buf = f ? malloc(max + 1) : NULL;
	size_t n;

	if (!buf) {
		if (f)
			fclose(f);
		gs_error_set(err, path, 0, 0, f ? "out of memory" : "cannot open this file");
		return NULL;
	}
	n = fread(buf, 1, max + 1, f);
	if (ferror(f) || n > max) {
		fclose(f);
		free(buf);
		if (n > max)
			gs_error_set(err, path, 0, 0, "the file is over %zu bytes", max);
		else
			gs_error_set(err, path, 0, 0, "cannot read this file");
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
}

static char *
read_css(const char *path, gs_error *err)
{
	size_t n;
	char *css = read_text(path, TEMPLATE_MAX, &n, err);

	if (css && (strstr(css, "</") || strlen(css) != n)) {
		free(css);
		gs_error_set(err, path, 0, 0, "the style sheet contains \"</\" or a NUL byte, "
		             "which cannot be inlined");
		return NULL;
	}
	return css;
}

static xmlDocPtr
read_template(const char *path, gs_error *err)
{
	size_t n;
	char *html = read_text(path, TEMPLATE_MAX, &n, err);
	xmlDocPtr doc;

	if (!html)
		return NULL;
	doc = htmlReadMemory(html, (int)n, NULL, "UTF-8", HTML_PARSE_NONET |
	                     HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING);
	free(html);
	if (!doc || !xmlDocGetRootElement(doc)) {
		xmlFreeDoc(doc);
		gs_error_set(err, path, 0, 0, "the report template is not an HTML document");
		return NULL;
	}
	return doc;
}

static int
fill_style(hw *w, const char *dir, const char *tpl, gs_error *err)
{
	char path[4096];
	xmlNodePtr style = slot(w, "style", tpl, err);
	char *css;

	if (!style)
		return -1;
	snprintf(path, sizeof path, "%s/templates/report.css", dir);
	css = read_css(path, err);
	if (!css)
		return -1;
	xmlNodeAddContent(style, BAD_CAST css);
	free(css);
	return 0;
}

/* ---- header and footer */

static void
meta_row(hw *w, xmlNodePtr dl, const char *label, const char *value)
{
	add_text(w, dl, "dt", NULL, label);
	add_text(w, dl, "dd", NULL, value);
}

static void
input_row(hw *w, xmlNodePtr dl, const char *label, const gs_table *t)
{
	xmlNodePtr dd;
	char buf[160];

	add_text(w, dl, "dt", NULL, label);
	dd = add_text(w, dl, "dd", NULL, t->path);
	text(w, dd, " (");
	text(w, dd, t->format ? t->format : "unknown format");
	snprintf(buf, sizeof buf, ", %zu shapes", t->n);
	text(w, dd, buf);
	if (t->gpu) {
		text(w, dd, ", GPU ");
		text(w, dd, t->gpu);
	}
	text(w, dd, ")");
}

static void
fill_header(hw *w, xmlNodePtr h)
{
	const gs_report *r = w->r;
	xmlNodePtr dl;
	char when[GS_FMT_LEN], ver[96];

	add_text(w, h, "h1", NULL, r->title ? r->title : "gemmscope compare");
	dl = add(w, h, "dl", "meta");
	input_row(w, dl, "Baseline", w->c->base);
	input_row(w, dl, "Candidate", w->c->cand);
	meta_row(w, dl, "Generated", gs_fmt_utc(when, sizeof when, r->timestamp, 0));
	snprintf(ver, sizeof ver, "gemmscope %s", r->version ? r->version : "");
	meta_row(w, dl, "Tool", ver);
}

static void
fill_footer(hw *w, xmlNodePtr f)
{
	char when[GS_FMT_LEN];

	para(w, f, NULL, "Generated by gemmscope %s on %s. Self-contained: no script, "
	     "no network access.", w->r->version ? w->r->version : "",
	     gs_fmt_utc(when, sizeof when, w->r->timestamp, 0));
}

/* ---- summary */

static void
kv(hw *w, xmlNodePtr tbody, const char *label, const char *value)
{
	xmlNodePtr tr = add(w, tbody, "tr", NULL);

	add_text(w, tr, "th", NULL, label);
	td_num(w, tr, value);
}

static void
kv_count(hw *w, xmlNodePtr tbody, const char *label, size_t k, size_t n)
{
	char buf[GS_FMT_LEN * 2], share[GS_FMT_LEN];

	snprintf(buf, sizeof buf, "%zu (%s)", k, gs_fmt_share(share, sizeof share, k, n));
	kv(w, tbody, label, buf);
}

static void
kv_us(hw *w, xmlNodePtr tbody, const char *label, double us)
{
	char buf[GS_FMT_LEN * 2], v[GS_FMT_LEN];

	snprintf(buf, sizeof buf, "%s \xc2\xb5s", gs_fmt_us(v, sizeof v, us));
	kv(w, tbody, label, buf);
}

static void
summary_speed(hw *w, xmlNodePtr tb)
{
	const gs_compare_summary *s = &w->c->s;
	char buf[256], g[GS_FMT_LEN], lo[GS_FMT_LEN], hi[GS_FMT_LEN], ch[GS_FMT_LEN];

	snprintf(buf, sizeof buf, "%s (%s), 95 %% CI %s\xe2\x80\x93%s, n = %zu",
	         gs_fmt_ratio(g, sizeof g, s->geomean, 4),
	         gs_fmt_change(ch, sizeof ch, s->geomean - 1),
	         gs_fmt_ratio(lo, sizeof lo, s->geomean_lo, 4),
	         gs_fmt_ratio(hi, sizeof hi, s->geomean_hi, 4), s->matched);
	kv(w, tb, "Geometric-mean speedup", buf);
	kv(w, tb, "Weighted speedup (\xce\xa3 t_base / \xce\xa3 t_cand)",
	   gs_fmt_ratio(g, sizeof g, s->weighted, 4));
}

static void
summary_counts(hw *w, xmlNodePtr tb)
{
	const gs_compare_summary *s = &w->c->s;
	double t = w->c->opts.threshold * 100;
	char label[96];

	kv_count(w, tb, "Matched shapes", s->matched, s->matched);
	snprintf(label, sizeof label, "Improved (change > +%g %%)", t);
	kv_count(w, tb, label, s->improved, s->matched);
	snprintf(label, sizeof label, "Regressed (change < \xe2\x88\x92%g %%)", t);
	kv_count(w, tb, label, s->regressed, s->matched);
	snprintf(label, sizeof label, "Neutral (within \xc2\xb1%g %%)", t);
	kv_count(w, tb, label, s->neutral, s->matched);
	kv_count(w, tb, "Unsure (crosses the threshold, U test not significant)",
	         s->unsure, s->matched);
}

static void
summary_times(hw *w, xmlNodePtr tb)
{
	const gs_compare_summary *s = &w->c->s;
	char buf[GS_FMT_LEN];

	kv_us(w, tb, "Total baseline time", s->total_base_us);
	kv_us(w, tb, "Total candidate time", s->total_cand_us);
	kv_us(w, tb, "Time saved by improvements", s->time_saved_us);
	kv_us(w, tb, "Time lost by regressions", s->time_lost_us);
	kv_us(w, tb, "Net time saved (all matched shapes)", s->net_saved_us);
	kv(w, tb, "Time saved / time lost",
	   gs_fmt_ratio(buf, sizeof buf, s->saved_lost_ratio, 2));
}

static void
summary_rest(hw *w, xmlNodePtr tb)
{
	const gs_compare_summary *s = &w->c->s;
	char buf[64];

	snprintf(buf, sizeof buf, "%zu / %zu", s->only_in_baseline, s->only_in_candidate);
	kv(w, tb, "Shapes only in baseline / only in candidate", buf);
	snprintf(buf, sizeof buf, "%zu / %zu", s->excluded_baseline, s->excluded_candidate);
	kv(w, tb, "Excluded rows, baseline / candidate", buf);
	snprintf(buf, sizeof buf, "%zu (expected false positives %.1f)", s->tested,
	         s->expected_false_positives);
	kv(w, tb, "Shapes with a U test", buf);
}

static void
legend(hw *w, xmlNodePtr parent)
{
	static const gs_class order[] = {GS_IMPROVED, GS_REGRESSED, GS_NEUTRAL, GS_UNSURE};
	xmlNodePtr ul = add(w, parent, "ul", "legend");

	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
		add_text(w, ul, "li", gs_class_name(order[i]), gs_class_name(order[i]));
}

static void
fill_summary(hw *w, xmlNodePtr sec)
{
	char verdict[GS_FMT_VERDICT_LEN];
	xmlNodePtr tb;

	add_text(w, sec, "h2", NULL, "Summary");
	add_text(w, sec, "p", "verdict", gs_fmt_verdict(verdict, sizeof verdict, w->c));
	tb = table(w, sec, "kv", "Metric|Value", "tn");
	summary_speed(w, tb);
	summary_counts(w, tb);
	summary_times(w, tb);
	summary_rest(w, tb);
	legend(w, sec);
}

/* ---- plots */

static int
external_ref(const xmlChar *v)
{
	const char *s = (const char *)v, *u;

	if (!s)
		return 0;
	for (u = strstr(s, "url("); u; u = strstr(u + 4, "url(")) {
		const char *q = u + 4;
		q += strspn(q, " '\"");
		if (*q != '#')
			return 1;
	}
	return 0;
}

static int
dangerous_attr(xmlAttrPtr a)
{
	xmlChar *v;
	int bad;

	if (strncasecmp((const char *)a->name, "on", 2) == 0)
		return 1;
	v = xmlNodeGetContent((xmlNodePtr)a);
	bad = external_ref(v) ||
	      (strcasecmp((const char *)a->name, "href") == 0 && v && v[0] != '#');
	xmlFree(v);
	return bad;
}

/* Remove from an imported SVG what could run code or reach the network. */
static void
scrub_svg(xmlNodePtr n)
{
	while (n) {
		xmlNodePtr next = n->next;
		if (n->type == XML_ELEMENT_NODE &&
		    (strcasecmp((const char *)n->name, "script") == 0 ||
		     strcasecmp((const char *)n->name, "foreignObject") == 0)) {
			xmlUnlinkNode(n);
			xmlFreeNode(n);
		} else if (n->type == XML_ELEMENT_NODE) {
			for (xmlAttrPtr a = n->properties, an; a; a = an) {
				an = a->next;
				if (dangerous_attr(a))
					xmlRemoveProp(a);
			}
			scrub_svg(n->children);
		} else if (n->type == XML_PI_NODE || n->type == XML_ENTITY_REF_NODE) {
			xmlUnlinkNode(n);
			xmlFreeNode(n);
		}
		n = next;
	}
}

static int
add_svg(hw *w, xmlNodePtr fig, const gs_report_plot *p, gs_error *err)
{
	size_t len = p->svg_len ? p->svg_len : strlen(p->svg);
	/* HUGE: a scatter plot of thousands of shapes has long path data; the
	 * SVG is ours (plot module), and entities are never expanded. */
	xmlDocPtr svg = len > INT_MAX ? NULL :
		xmlReadMemory(p->svg, (int)len, NULL, NULL, XML_PARSE_NONET |
		              XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_HUGE);
	xmlNodePtr root = svg ? xmlDocGetRootElement(svg) : NULL, copy;

	if (!root || strcmp((const char *)root->name, "svg") != 0) {
		xmlFreeDoc(svg);
		return gs_error_set(err, NULL, 0, 0, "plot \"%s\": its SVG does not parse",
		                    p->id ? p->id : "?");
	}
	scrub_svg(root->children);
	for (xmlAttrPtr a = root->properties, an; a; a = an) {
		an = a->next;
		if (dangerous_attr(a))
			xmlRemoveProp(a);
	}
	copy = xmlDocCopyNode(root, w->doc, 1);
	xmlFreeDoc(svg);
	if (!copy || !xmlAddChild(fig, copy)) {
		xmlFreeNode(copy);
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	}
	return 0;
}

static int
fill_plots(hw *w, xmlNodePtr sec, gs_error *err)
{
	add_text(w, sec, "h2", NULL, "Plots");
	if (w->r->nplots == 0)
		add_text(w, sec, "p", "none", "No plots were drawn for this report.");
	for (size_t i = 0; i < w->r->nplots; i++) {
		const gs_report_plot *p = &w->r->plots[i];
		xmlNodePtr fig, cap;
		char id[128];
		if (!p->svg)
			return gs_error_set(err, NULL, 0, 0, "plot %zu has no SVG", i);
		fig = add(w, sec, "figure", NULL);
		if (!fig)
			return gs_error_set(err, NULL, 0, 0, "out of memory");
		snprintf(id, sizeof id, "fig-%s", p->id ? p->id : "plot");
		set_attr(w, fig, "id", id);
		if (add_svg(w, fig, p, err) != 0)
			return -1;
		cap = add(w, fig, "figcaption", NULL);
		add_text(w, cap, "strong", NULL, p->title ? p->title : "");
		text(w, cap, p->caption && *p->caption ? " \xe2\x80\x94 " : "");
		text(w, cap, p->caption ? p->caption : "");
	}
	return 0;
}

/* ---- top-N tables (the IREE seed's columns) */

static void
top_row(hw *w, xmlNodePtr tb, const gs_pair *p, int slowdown)
{
	xmlNodePtr tr = add(w, tb, "tr", gs_class_name(p->cls));

	td_shape(w, tr, &p->base->shape);
	td(w, tr, pair_tag(p));
	td_us(w, tr, p->base->t.median);
	td_us(w, tr, p->cand->t.median);
	td_ratio(w, tr, slowdown ? gs_fmt_slowdown(p) : p->speedup, 2);
}

static void
top_table(hw *w, xmlNodePtr sec, const char *what, const size_t *idx, size_t n,
          int slowdown)
{
	char title[96];
	xmlNodePtr tb;

	snprintf(title, sizeof title, "Top %zu %s", n, what);
	add_text(w, sec, "h2", NULL, title);
	if (n == 0) {
		para(w, sec, "none", "No %s.", what);
		return;
	}
	tb = table(w, sec, "top", slowdown
	           ? "Shape (M\xc3\x97K\xc3\x97N)|Tag|Baseline (\xc2\xb5s)|Candidate (\xc2\xb5s)|Slowdown"
	           : "Shape (M\xc3\x97K\xc3\x97N)|Tag|Baseline (\xc2\xb5s)|Candidate (\xc2\xb5s)|Speedup",
	           "ttnnn");
	for (size_t i = 0; i < n; i++)
		top_row(w, tb, &w->c->pairs[idx[i]], slowdown);
}

static void
fill_top(hw *w, xmlNodePtr sec)
{
	const gs_compare *c = w->c;

	top_table(w, sec, "improvements", c->top_improved, c->ntop_improved, 0);
	top_table(w, sec, "regressions", c->top_regressed, c->ntop_regressed, 1);
}

/* ---- breakdowns */

static void
group_row(hw *w, xmlNodePtr tb, const gs_group *g)
{
	xmlNodePtr tr = add(w, tb, "tr", NULL);

	td(w, tr, g->name ? g->name : "");
	td_count(w, tr, g->n);
	td_count(w, tr, g->improved);
	td_count(w, tr, g->regressed);
	td_count(w, tr, g->neutral);
	td_count(w, tr, g->unsure);
	td_ratio(w, tr, g->geomean, 4);
	td_us(w, tr, g->total_base_us);
	td_us(w, tr, g->total_cand_us);
}

static void
group_table(hw *w, xmlNodePtr sec, const char *by, const char *title)
{
	char heads[256];
	xmlNodePtr tb = NULL;

	for (size_t i = 0; i < w->c->ngroups; i++) {
		const gs_group *g = &w->c->groups[i];
		if (!g->by || strcmp(g->by, by) != 0)
			continue;
		if (!tb) {
			add_text(w, sec, "h3", NULL, title);
			snprintf(heads, sizeof heads, "%s|Shapes|Improved|Regressed|Neutral|"
			         "Unsure|Geomean|\xce\xa3 baseline (\xc2\xb5s)|"
			         "\xce\xa3 candidate (\xc2\xb5s)", title);
			tb = table(w, sec, "groups", heads, "tnnnnnnnn");
		}
		group_row(w, tb, g);
	}
}

static void
fill_breakdown(hw *w, xmlNodePtr sec)
{
	add_text(w, sec, "h2", NULL, "Breakdown");
	para(w, sec, NULL, "Shape classes: skinny if M or N \xe2\x89\xa4 256, small if "
	     "M\xc2\xb7N < 2\xc2\xb2\xe2\x81\xb0, large otherwise.");
	group_table(w, sec, "tag", "Tag");
	group_table(w, sec, "dtype", "dtype");
	group_table(w, sec, "class", "Shape class");
}

/* ---- every matched shape */

static void
td_samples(hw *w, xmlNodePtr tr, const gs_pair *p)
{
	char buf[64];

	snprintf(buf, sizeof buf, "%zu / %zu", p->base->nsamples, p->cand->nsamples);
	td_num(w, tr, buf);
}

static void
td_p(hw *w, xmlNodePtr tr, const gs_pair *p)
{
	char buf[64];

	if (p->tested)
		snprintf(buf, sizeof buf, "%.3g", p->p_adjusted);
	else
		snprintf(buf, sizeof buf, "\xe2\x80\x94");
	td_num(w, tr, buf);
}

static void
shape_row(hw *w, xmlNodePtr tb, size_t i)
{
	const gs_pair *p = &w->c->pairs[i];
	xmlNodePtr tr = add(w, tb, "tr", NULL);
	char buf[GS_FMT_LEN];

	snprintf(buf, sizeof buf, "%zu", i + 1);
	td_num(w, tr, buf);
	td_shape(w, tr, &p->base->shape);
	td(w, tr, pair_tag(p));
	td_us(w, tr, p->base->t.median);
	td_us(w, tr, p->cand->t.median);
	td_ratio(w, tr, p->speedup, 3);
	td_num(w, tr, gs_fmt_change(buf, sizeof buf, p->speedup - 1));
	td_class(w, tr, p->cls);
	td_samples(w, tr, p);
	td_p(w, tr, p);
	add_text(w, tr, "td", "kernel", p->base->kernel ? p->base->kernel : "");
	add_text(w, tr, "td", "kernel", p->cand->kernel ? p->cand->kernel : "");
}

static void
fill_shapes(hw *w, xmlNodePtr sec)
{
	char title[96];
	xmlNodePtr tb;

	snprintf(title, sizeof title, "All matched shapes (%zu)", w->c->npairs);
	add_text(w, sec, "h2", NULL, title);
	para(w, sec, NULL, "In baseline input order. Times are medians of the samples "
	     "of each shape; p is the corrected U-test p-value (\xe2\x80\x94 where "
	     "a side has fewer than %u samples).", w->c->opts.min_samples);
	tb = table(w, sec, "full",
	           "#|Shape (M\xc3\x97K\xc3\x97N)|Tag|Baseline (\xc2\xb5s)|"
	           "Candidate (\xc2\xb5s)|Speedup|Change|Class|Samples|p|"
	           "Kernel (baseline)|Kernel (candidate)", "nttnnnntnntt");
	for (size_t i = 0; i < w->c->npairs; i++)
		shape_row(w, tb, i);
}

/* ---- shapes in one input, excluded rows */

static void
one_sided(hw *w, xmlNodePtr sec, const char *title, const gs_record *const *r, size_t n)
{
	xmlNodePtr tb;

	add_text(w, sec, "h3", NULL, title);
	if (n == 0) {
		add_text(w, sec, "p", "none", "None.");
		return;
	}
	tb = table(w, sec, "one-sided", "Shape (M\xc3\x97K\xc3\x97N)|Tag|Time (\xc2\xb5s)|"
	           "Samples|Line|Kernel", "ttnnnt");
	for (size_t i = 0; i < n; i++) {
		xmlNodePtr tr = add(w, tb, "tr", NULL);
		td_shape(w, tr, &r[i]->shape);
		td(w, tr, r[i]->tag ? r[i]->tag : "");
		td_us(w, tr, r[i]->t.median);
		td_count(w, tr, r[i]->nsamples);
		td_count(w, tr, (size_t)r[i]->line);
		add_text(w, tr, "td", "kernel", r[i]->kernel ? r[i]->kernel : "");
	}
}

static void
fill_unmatched(hw *w, xmlNodePtr sec)
{
	add_text(w, sec, "h2", NULL, "Shapes in one input only");
	para(w, sec, NULL, "Listed here and left out of every number above.");
	one_sided(w, sec, "Only in the baseline", w->c->only_base, w->c->nonly_base);
	one_sided(w, sec, "Only in the candidate", w->c->only_cand, w->c->nonly_cand);
}

static void
excluded_rows(hw *w, xmlNodePtr tb, const char *side, const gs_table *t)
{
	for (size_t i = 0; i < t->nexcl; i++) {
		xmlNodePtr tr = add(w, tb, "tr", NULL);
		td(w, tr, side);
		td_count(w, tr, (size_t)t->excl[i].line);
		add_text(w, tr, "td", "mono", t->excl[i].what ? t->excl[i].what : "");
		td(w, tr, t->excl[i].reason ? t->excl[i].reason : "");
	}
}

static void
fill_excluded(hw *w, xmlNodePtr sec)
{
	xmlNodePtr tb;

	add_text(w, sec, "h2", NULL, "Excluded rows");
	if (w->c->base->nexcl + w->c->cand->nexcl == 0) {
		add_text(w, sec, "p", "none", "No row was excluded.");
		return;
	}
	tb = table(w, sec, "excluded", "Input|Line|Row|Reason", "tntt");
	excluded_rows(w, tb, "baseline", w->c->base);
	excluded_rows(w, tb, "candidate", w->c->cand);
}

/* ---- methodology */

static void
define(hw *w, xmlNodePtr dl, const char *term, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void
define(hw *w, xmlNodePtr dl, const char *term, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	add_text(w, dl, "dt", NULL, term);
	add_text(w, dl, "dd", NULL, buf);
}

static size_t
with_samples(const gs_table *t, unsigned min)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n; i++)
		n += t->rec[i].nsamples >= min;
	return n;
}

static void
method_basics(hw *w, xmlNodePtr dl)
{
	double t = w->c->opts.threshold * 100;

	define(w, dl, "Shapes and times", "A shape is the key (op, batch, M, N, K, "
	       "dtype, transposes, bias), dtype aliases normalised; tables write it "
	       "M\xc3\x97K\xc3\x97N as the IREE benchmark report does. Times are "
	       "microseconds; repeated rows of one shape in one input are samples, "
	       "and the shape's time is their median.");
	define(w, dl, "Speedup", "s = t_base / t_cand, so s > 1 means the candidate "
	       "is faster. Slowdown (regression tables) is t_cand / t_base = 1/s.");
	define(w, dl, "Threshold rule", "change = s \xe2\x88\x92 1; improved if change "
	       "> +%g %%, regressed if change < \xe2\x88\x92%g %%, neutral otherwise. This "
	       "is the speedup reading; the time-change reading ((t_cand \xe2\x88\x92 "
	       "t_base) / t_base > %g %% is a regression) differs at the boundary, e.g. "
	       "s = 0.952 is neutral here and a regression there.", t, t, t);
}

static void
method_tests(hw *w, xmlNodePtr dl)
{
	const gs_compare *c = w->c;

	define(w, dl, "Significance", "With at least %u samples on each side, a "
	       "two-sided Mann\xe2\x80\x93Whitney U test compares the two sample sets; "
	       "the p-values of the %zu tested shapes are corrected (%s) and a shape "
	       "that crosses the threshold with corrected p \xe2\x89\xa5 %g is unsure. "
	       "Without correction about %.1f false positives would be expected. "
	       "Shapes with fewer samples are classed by the threshold alone.",
	       c->opts.min_samples, c->s.tested, gs_fmt_correction(c->opts.correction),
	       c->opts.alpha, c->s.expected_false_positives);
	define(w, dl, "Samples in these inputs", "Baseline: %zu of %zu shapes have at "
	       "least %u samples; candidate: %zu of %zu.",
	       with_samples(c->base, c->opts.min_samples), c->base->n,
	       c->opts.min_samples, with_samples(c->cand, c->opts.min_samples),
	       c->cand->n);
}

static void
method_means(hw *w, xmlNodePtr dl)
{
	const gs_compare_summary *s = &w->c->s;
	char net[GS_FMT_LEN], diff[GS_FMT_LEN];

	define(w, dl, "Geometric-mean speedup", "exp(mean(ln s)) over the %zu matched "
	       "shapes, each shape weighted equally. The 95 %% confidence interval is "
	       "exp(mean \xc2\xb1 t(0.975, n\xe2\x88\x92" "1) \xc2\xb7 sd / \xe2\x88\x9an) "
	       "on ln s (Student's t).", s->matched);
	define(w, dl, "Weighted speedup", "\xce\xa3 t_base / \xce\xa3 t_cand over the "
	       "matched shapes: the speedup of running all of them once, dominated by "
	       "the longest shapes.");
	define(w, dl, "Time saved, lost and net", "Saved = \xce\xa3 (t_base \xe2\x88\x92 "
	       "t_cand) over improved shapes; lost = \xce\xa3 (t_cand \xe2\x88\x92 t_base) "
	       "over regressed shapes; net = \xce\xa3 t_base \xe2\x88\x92 \xce\xa3 t_cand "
	       "over all matched shapes, neutral and unsure ones included, so net "
	       "(%s \xc2\xb5s) \xe2\x89\xa0 saved \xe2\x88\x92 lost (%s \xc2\xb5s). "
	       "Saved / lost is their ratio.", gs_fmt_us(net, sizeof net, s->net_saved_us),
	       gs_fmt_us(diff, sizeof diff, s->time_saved_us - s->time_lost_us));
	define(w, dl, "Top tables", "Improvements by speedup, regressions by "
	       "slowdown, largest first, at most %zu rows each.", w->c->opts.top);
}

static void
fill_methodology(hw *w, xmlNodePtr sec)
{
	xmlNodePtr dl;

	add_text(w, sec, "h2", NULL, "How the numbers were computed");
	dl = add(w, sec, "dl", NULL);
	method_basics(w, dl);
	method_tests(w, dl);
	method_means(w, dl);
	define(w, dl, "Unmatched and excluded", "Shapes found in one input only and "
	       "rows excluded by a reader (failed runs, non-positive times) are listed "
	       "with their reasons and take part in no number.");
}

/* ---- the document */

/* Remove placeholder sections nobody filled (later report kinds). */
static void
drop_empty_sections(xmlNodePtr n)
{
	while (n) {
		xmlNodePtr next = n->next;
		if (n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, "section") == 0 &&
		    !xmlFirstElementChild(n)) {
			xmlUnlinkNode(n);
			xmlFreeNode(n);
		} else if (n->type == XML_ELEMENT_NODE) {
			drop_empty_sections(n->children);
		}
		n = next;
	}
}

typedef void (*filler)(hw *w, xmlNodePtr sec);

static int
fill_sections(hw *w, const char *tpl, gs_error *err)
{
	static const struct { const char *id; filler fn; } parts[] = {
		{"header", fill_header}, {"summary", fill_summary}, {"top", fill_top},
		{"breakdown", fill_breakdown}, {"shapes", fill_shapes},
		{"unmatched", fill_unmatched}, {"excluded", fill_excluded},
		{"methodology", fill_methodology}, {"footer", fill_footer},
	};
	xmlNodePtr title = slot(w, "title", tpl, err), plots;

	if (!title)
		return -1;
	xmlNodeSetContent(title, NULL);
	text(w, title, w->r->title ? w->r->title : "gemmscope compare");
	for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
		xmlNodePtr sec = slot(w, parts[i].id, tpl, err);
		if (!sec)
			return -1;
		parts[i].fn(w, sec);
	}
	plots = slot(w, "plots", tpl, err);
	if (!plots || fill_plots(w, plots, err) != 0)
		return -1;
	drop_empty_sections(xmlDocGetRootElement(w->doc));
	if (w->failed)
		return gs_error_set(err, NULL, 0, 0, "out of memory while building the page");
	return 0;
}

static int
dump(xmlDocPtr doc, FILE *out, gs_error *err)
{
	xmlCharEncodingHandlerPtr utf8 = xmlFindCharEncodingHandler("UTF-8");
	xmlOutputBufferPtr buf = xmlOutputBufferCreateFile(out, utf8);

	if (!buf)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	htmlDocContentDumpFormatOutput(buf, doc, "UTF-8", 1);
	if (xmlOutputBufferClose(buf) < 0 || fflush(out) != 0 || ferror(out))
		return gs_error_set(err, NULL, 0, 0, "cannot write the HTML output");
	return 0;
}

int
gs_render_html(const gs_report *r, FILE *out, gs_error *err)
{
	const char *dir = r->datadir ? r->datadir : gs_datadir();
	char tpl[4096];
	hw w = {NULL, r, r->cmp, 0};
	int rc;

	if (r->kind != GS_REPORT_COMPARE || !r->cmp)
		return gs_error_set(err, NULL, 0, 0,
		                    "the HTML output needs a comparison report");
	snprintf(tpl, sizeof tpl, "%s/templates/report.html", dir);
	w.doc = read_template(tpl, err);
	if (!w.doc)
		return -1;
	rc = fill_style(&w, dir, tpl, err);
	if (rc == 0)
		rc = fill_sections(&w, tpl, err);
	if (rc == 0)
		rc = dump(w.doc, out, err);
	xmlFreeDoc(w.doc);
	return rc;
}
