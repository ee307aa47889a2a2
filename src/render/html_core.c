/* html_core.c: the node, table, template and SVG helpers of the HTML pages
 * (html_impl.h).  The template is parsed with libxml2's HTML parser, the
 * style sheet inlined, each plot's SVG parsed and imported with scripts,
 * event handlers and external references removed.
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
#include "render/html_impl.h"
#include "util/datadir.h"

enum { TEMPLATE_MAX = 1 << 20 }; /* bytes, template and style sheet each */

/* ---- nodes */

xmlNodePtr
gs_html_add(gs_html *w, xmlNodePtr parent, const char *name, const char *cls)
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

void
gs_html_text(gs_html *w, xmlNodePtr n, const char *s)
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

xmlNodePtr
gs_html_add_text(gs_html *w, xmlNodePtr parent, const char *name, const char *cls, const char *s)
{
	xmlNodePtr n = gs_html_add(w, parent, name, cls);

	gs_html_text(w, n, s);
	return n;
}

void
gs_html_set_attr(gs_html *w, xmlNodePtr n, const char *name, const char *value)
{
	if (n && !xmlSetProp(n, BAD_CAST name, BAD_CAST value))
		w->failed = 1;
}

xmlNodePtr
gs_html_para(gs_html *w, xmlNodePtr parent, const char *cls, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return gs_html_add_text(w, parent, "p", cls, buf);
}

/* ---- tables */

xmlNodePtr
gs_html_table(gs_html *w, xmlNodePtr parent, const char *cls, const char *heads, const char *align)
{
	xmlNodePtr t = gs_html_add(w, parent, "table", cls);
	xmlNodePtr tr = gs_html_add(w, gs_html_add(w, t, "thead", NULL), "tr", NULL);
	const char *p = heads;

	for (size_t i = 0; *p; i++) {
		size_t len = strcspn(p, "|");
		char head[128];
		snprintf(head, sizeof head, "%.*s", (int)len, p);
		gs_html_add_text(w, tr, "th", align[i] == 'n' ? "num" : NULL, head);
		p += len + (p[len] == '|');
	}
	return gs_html_add(w, t, "tbody", NULL);
}

xmlNodePtr
gs_html_td(gs_html *w, xmlNodePtr tr, const char *s)
{
	return gs_html_add_text(w, tr, "td", NULL, s);
}

xmlNodePtr
gs_html_td_num(gs_html *w, xmlNodePtr tr, const char *s)
{
	return gs_html_add_text(w, tr, "td", "num", s);
}

void
gs_html_td_us(gs_html *w, xmlNodePtr tr, double us)
{
	char buf[GS_FMT_LEN];

	gs_html_td_num(w, tr, gs_fmt_us(buf, sizeof buf, us));
}

void
gs_html_td_count(gs_html *w, xmlNodePtr tr, size_t n)
{
	char buf[GS_FMT_LEN];

	gs_html_td_num(w, tr, gs_fmt_count(buf, sizeof buf, n));
}

void
gs_html_td_ratio(gs_html *w, xmlNodePtr tr, double r, int decimals)
{
	char buf[GS_FMT_LEN];

	gs_html_td_num(w, tr, gs_fmt_ratio(buf, sizeof buf, r, decimals));
}

void
gs_html_td_fixed(gs_html *w, xmlNodePtr tr, double v, int decimals)
{
	char buf[GS_FMT_LEN];

	if (!isfinite(v))
		snprintf(buf, sizeof buf, "\xe2\x80\x94");
	else
		gs_fmt_grouped(buf, sizeof buf, v, decimals);
	gs_html_td_num(w, tr, buf);
}

void
gs_html_td_shape(gs_html *w, xmlNodePtr tr, const gs_shape *s)
{
	char buf[GS_FMT_SHAPE_LEN];

	gs_html_add_text(w, tr, "td", "mono", gs_fmt_shape(buf, sizeof buf, s));
}

void
gs_html_kv(gs_html *w, xmlNodePtr tbody, const char *label, const char *value)
{
	xmlNodePtr tr = gs_html_add(w, tbody, "tr", NULL);

	gs_html_add_text(w, tr, "th", NULL, label);
	gs_html_td_num(w, tr, value);
}

void
gs_html_kv_count(gs_html *w, xmlNodePtr tbody, const char *label, size_t k, size_t n)
{
	char buf[GS_FMT_LEN * 2], share[GS_FMT_LEN], count[GS_FMT_LEN];

	snprintf(buf, sizeof buf, "%s (%s)", gs_fmt_count(count, sizeof count, k),
	         gs_fmt_share(share, sizeof share, k, n));
	gs_html_kv(w, tbody, label, buf);
}

void
gs_html_kv_us(gs_html *w, xmlNodePtr tbody, const char *label, double us)
{
	char buf[GS_FMT_LEN * 2], v[GS_FMT_LEN];

	snprintf(buf, sizeof buf, "%s \xc2\xb5s", gs_fmt_us(v, sizeof v, us));
	gs_html_kv(w, tbody, label, buf);
}

/* ---- definition lists */

void
gs_html_define(gs_html *w, xmlNodePtr dl, const char *term, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	gs_html_add_text(w, dl, "dt", NULL, term);
	gs_html_add_text(w, dl, "dd", NULL, buf);
}

void
gs_html_meta_row(gs_html *w, xmlNodePtr dl, const char *label, const char *value)
{
	gs_html_add_text(w, dl, "dt", NULL, label);
	gs_html_add_text(w, dl, "dd", NULL, value);
}

void
gs_html_input_row(gs_html *w, xmlNodePtr dl, const char *label, const gs_table *t)
{
	xmlNodePtr dd;
	char buf[160], n[GS_FMT_LEN];

	gs_html_add_text(w, dl, "dt", NULL, label);
	dd = gs_html_add_text(w, dl, "dd", NULL, t->path);
	gs_html_text(w, dd, " (");
	gs_html_text(w, dd, t->format ? t->format : "unknown format");
	snprintf(buf, sizeof buf, ", %s %s", gs_fmt_count(n, sizeof n, t->n),
	         gs_fmt_plural(t->n, "shape", "shapes"));
	gs_html_text(w, dd, buf);
	if (t->gpu) {
		gs_html_text(w, dd, ", GPU ");
		gs_html_text(w, dd, t->gpu);
	}
	gs_html_text(w, dd, ")");
}

void
gs_html_meta_tool(gs_html *w, xmlNodePtr dl)
{
	char when[GS_FMT_LEN], ver[96];

	gs_html_meta_row(w, dl, "Generated", gs_fmt_utc(when, sizeof when, w->r->timestamp, 0));
	snprintf(ver, sizeof ver, "gemmscope %s", w->r->version ? w->r->version : "");
	gs_html_meta_row(w, dl, "Tool", ver);
}

void
gs_html_footer(gs_html *w, xmlNodePtr f)
{
	char when[GS_FMT_LEN];

	gs_html_para(w, f, NULL,
	             "Generated by gemmscope %s on %s. Self-contained: no "
	             "script, no network access.",
	             w->r->version ? w->r->version : "",
	             gs_fmt_utc(when, sizeof when, w->r->timestamp, 0));
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

xmlNodePtr
gs_html_slot(gs_html *w, const char *id, gs_error *err)
{
	xmlNodePtr n = find_id(xmlDocGetRootElement(w->doc), id);

	if (!n)
		gs_error_set(err, w->tpl, 0, 0, "the template has no element with id \"%s\"", id);
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
		gs_error_set(err, path, 0, 0,
		             "the style sheet contains \"</\" or a NUL byte, "
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
	gs_fmt_xml_quiet();
	doc = htmlReadMemory(html, (int)n, NULL, "UTF-8",
	                     HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING);
	gs_fmt_xml_loud();
	free(html);
	if (!doc || !xmlDocGetRootElement(doc)) {
		xmlFreeDoc(doc);
		gs_error_set(err, path, 0, 0, "the report template is not an HTML document");
		return NULL;
	}
	return doc;
}

static int
fill_style(gs_html *w, const char *dir, gs_error *err)
{
	char path[4096];
	xmlNodePtr style = gs_html_slot(w, "style", err);
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

static int
fill_title(gs_html *w, const char *default_title, gs_error *err)
{
	xmlNodePtr title = gs_html_slot(w, "title", err);

	if (!title)
		return -1;
	xmlNodeSetContent(title, NULL);
	gs_html_text(w, title, w->r->title ? w->r->title : default_title);
	return 0;
}

int
gs_html_open(gs_html *w, const gs_report *r, const char *default_title, gs_error *err)
{
	const char *dir = r->datadir ? r->datadir : gs_datadir();

	memset(w, 0, sizeof *w);
	w->r = r;
	w->c = r->kind == GS_REPORT_COMPARE ? r->cmp : NULL;
	snprintf(w->tpl, sizeof w->tpl, "%s/templates/report.html", dir);
	w->doc = read_template(w->tpl, err);
	if (!w->doc)
		return -1;
	if (fill_style(w, dir, err) != 0 || fill_title(w, default_title, err) != 0) {
		xmlFreeDoc(w->doc);
		w->doc = NULL;
		return -1;
	}
	return 0;
}

/* Remove placeholder sections nobody filled. */
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

static int
dump(xmlDocPtr doc, FILE *out, gs_error *err)
{
	xmlCharEncodingHandlerPtr utf8 = xmlFindCharEncodingHandler("UTF-8");
	xmlOutputBufferPtr buf = xmlOutputBufferCreateFile(out, utf8);

	const char *why;
	int failed;

	if (!buf)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	gs_fmt_xml_quiet();
	htmlDocContentDumpFormatOutput(buf, doc, "UTF-8", 1);
	failed = xmlOutputBufferClose(buf) < 0 || fflush(out) != 0 || ferror(out);
	why = gs_fmt_xml_loud();
	if (failed)
		return gs_error_set(err, NULL, 0, 0, "cannot write the HTML output%s%s%s",
		                    *why ? " (" : "", why, *why ? ")" : "");
	return 0;
}

int
gs_html_close(gs_html *w, FILE *out, gs_error *err)
{
	int rc = 0;

	if (!w->doc)
		return 0;
	if (out) {
		drop_empty_sections(xmlDocGetRootElement(w->doc));
		if (w->failed)
			rc = gs_error_set(err, NULL, 0, 0, "out of memory while building the page");
		else
			rc = dump(w->doc, out, err);
	}
	xmlFreeDoc(w->doc);
	w->doc = NULL;
	return rc;
}

/* ---- figures */

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

int
gs_html_add_svg(gs_html *w, xmlNodePtr fig, const gs_report_plot *p, gs_error *err)
{
	size_t len = p->svg_len ? p->svg_len : strlen(p->svg);
	/* HUGE: a scatter plot of thousands of shapes has long path data; the
	 * SVG is ours (plot module), and entities are never expanded. */
	xmlDocPtr svg;
	xmlNodePtr root, copy;

	gs_fmt_xml_quiet();
	svg = len > INT_MAX ? NULL
	                    : xmlReadMemory(p->svg, (int)len, NULL, NULL,
	                                    XML_PARSE_NONET | XML_PARSE_NOERROR |
	                                            XML_PARSE_NOWARNING | XML_PARSE_HUGE);
	gs_fmt_xml_loud();
	root = svg ? xmlDocGetRootElement(svg) : NULL;

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

xmlNodePtr
gs_html_figure(gs_html *w, xmlNodePtr parent, const gs_report_plot *p, gs_error *err)
{
	xmlNodePtr fig, cap;
	char id[128];

	if (!p->svg) {
		gs_error_set(err, NULL, 0, 0, "plot \"%s\" has no SVG", p->id ? p->id : "?");
		return NULL;
	}
	fig = gs_html_add(w, parent, "figure", NULL);
	if (!fig) {
		gs_error_set(err, NULL, 0, 0, "out of memory");
		return NULL;
	}
	snprintf(id, sizeof id, "fig-%s", p->id ? p->id : "plot");
	gs_html_set_attr(w, fig, "id", id);
	if (gs_html_add_svg(w, fig, p, err) != 0)
		return NULL;
	cap = gs_html_add(w, fig, "figcaption", NULL);
	gs_html_add_text(w, cap, "strong", NULL, p->title ? p->title : "");
	gs_html_text(w, cap, p->caption && *p->caption ? " \xe2\x80\x94 " : "");
	gs_html_text(w, cap, p->caption ? p->caption : "");
	return fig;
}

int
gs_html_plots(gs_html *w, xmlNodePtr sec, const gs_report_plot *plots, size_t n, gs_error *err)
{
	size_t shown = 0;

	gs_html_add_text(w, sec, "h2", NULL, "Plots");
	for (size_t i = 0; i < n; i++) {
		if (plots[i].place)
			continue;
		if (!gs_html_figure(w, sec, &plots[i], err))
			return -1;
		shown++;
	}
	if (shown == 0)
		gs_html_add_text(w, sec, "p", "none", "No plots were drawn for this report.");
	return 0;
}
