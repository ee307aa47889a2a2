/* plot_svg.c: the SVG cairo wrote, made fit for inlining: every id gets
 * the caller's prefix and a number in document order (so ids no longer
 * depend on cairo's process-wide counters, rrdtool issue #267), every
 * reference follows, and a <title> is added.  libxml2 does the parsing
 * and the serialising.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "render/plot_impl.h"
#include "util/grow.h"

/* ---------------------------------------------------------- SVG ids */

/* Bound on a document's ids (cairo's glyphs, clips and patterns): as many
 * as a plot may have marks, far above any real plot. */
#define IDS_MAX GS_PLOT_MAX_MARKS

/* The ids of a document, in document order (owned, xmlFree). */
typedef struct idmap {
	char **old;
	size_t n, cap;
	int oom;
} idmap;

static void
ids_collect(idmap *m, xmlNode *node)
{
	for (; node; node = node->next) {
		xmlChar *id;

		if (node->type != XML_ELEMENT_NODE)
			continue;
		id = xmlGetNoNsProp(node, BAD_CAST "id");
		if (id) {
			if (GS_GROW(m->old, m->cap, m->n + 1, IDS_MAX) != 0) {
				m->oom = 1;
				xmlFree(id);
				return;
			}
			m->old[m->n++] = (char *)id;
		}
		ids_collect(m, node->children);
	}
}

typedef struct idrank {
	const char *name;
	size_t rank;
} idrank;

static int
cmp_idrank(const void *a, const void *b)
{
	return strcmp(((const idrank *)a)->name, ((const idrank *)b)->name);
}

/* New name of OLD into BUF, or 0 if OLD is not an id of the document. */
static int
id_lookup(const idrank *tab, size_t n, const char *prefix, const char *old, size_t oldlen,
          char *buf, size_t size)
{
	char key[256];
	idrank k = {key, 0}, *hit;

	if (oldlen >= sizeof key)
		return 0;
	memcpy(key, old, oldlen);
	key[oldlen] = 0;
	hit = bsearch(&k, tab, n, sizeof *tab, cmp_idrank);
	if (!hit)
		return 0;
	snprintf(buf, size, "%s-%zu", prefix, hit->rank + 1);
	return 1;
}

typedef struct rewriter {
	idrank *tab;
	size_t n;
	const char *prefix;
	int oom;
} rewriter;

/* Rewrite every url(#X) in VALUE.  Each occurrence (at least 6 bytes)
 * grows by at most strlen(prefix) + 22 bytes, which sizes the output.
 * Returns a malloc'd string or NULL. */
static char *
rewrite_urls(const rewriter *rw, const char *value)
{
	size_t vlen = strlen(value);
	size_t cap = vlen + (vlen / 6 + 1) * (strlen(rw->prefix) + 24) + 1, n = 0;
	char *out = malloc(cap), name[320];
	const char *s = value, *u, *e;

	if (!out)
		return NULL;
	while ((u = strstr(s, "url(#")) && (e = strchr(u + 5, ')'))) {
		size_t idlen = (size_t)(e - u - 5);

		if (!id_lookup(rw->tab, rw->n, rw->prefix, u + 5, idlen, name, sizeof name))
			snprintf(name, sizeof name, "%.*s", (int)idlen, u + 5);
		n += (size_t)snprintf(out + n, cap - n, "%.*surl(#%s)", (int)(u - s), s, name);
		s = e + 1;
	}
	snprintf(out + n, cap - n, "%s", s);
	return out;
}

static void
rewrite_attr(rewriter *rw, xmlAttr *a)
{
	xmlChar *v = xmlNodeGetContent((xmlNode *)a);
	const char *name = (const char *)a->name;
	char buf[320], *nv = NULL;

	if (!v)
		return;
	if (strcmp(name, "id") == 0 && !a->ns) {
		if (id_lookup(rw->tab, rw->n, rw->prefix, (char *)v, strlen((char *)v), buf,
		              sizeof buf))
			xmlSetProp(a->parent, a->name, BAD_CAST buf);
	} else if (strcmp(name, "href") == 0 && v[0] == '#') {
		if (id_lookup(rw->tab, rw->n, rw->prefix, (char *)v + 1, strlen((char *)v + 1),
		              buf + 1, sizeof buf - 1)) {
			buf[0] = '#';
			xmlSetNsProp(a->parent, a->ns, a->name, BAD_CAST buf);
		}
	} else if (strstr((char *)v, "url(#")) {
		nv = rewrite_urls(rw, (char *)v);
		if (nv)
			xmlSetNsProp(a->parent, a->ns, a->name, BAD_CAST nv);
		else
			rw->oom = 1;
		free(nv);
	}
	xmlFree(v);
}

static void
rewrite_tree(rewriter *rw, xmlNode *node)
{
	for (; node; node = node->next) {
		if (node->type != XML_ELEMENT_NODE)
			continue;
		for (xmlAttr *a = node->properties; a; a = a->next)
			rewrite_attr(rw, a);
		rewrite_tree(rw, node->children);
	}
}

int
gs_svg_prefix_ok(const char *s)
{
	if (!s || !((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
		return 0;
	if (strlen(s) > 200)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '-' || *s == '_'))
			return 0;
	return 1;
}

/* Rename every id of DOC to PREFIX-k (k in document order, from 1) and
 * every reference to it.  Returns 0 or -1 when out of memory. */
static int
svg_prefix_ids(xmlDoc *doc, const char *prefix)
{
	idmap m = {0};
	rewriter rw = {0};
	int rc = 0;

	ids_collect(&m, xmlDocGetRootElement(doc));
	rw.tab = malloc((m.n ? m.n : 1) * sizeof *rw.tab);
	if (m.oom || !rw.tab) {
		rc = -1;
		goto out;
	}
	for (size_t i = 0; i < m.n; i++) {
		rw.tab[i].name = m.old[i];
		rw.tab[i].rank = i;
	}
	qsort(rw.tab, m.n, sizeof *rw.tab, cmp_idrank);
	rw.n = m.n;
	rw.prefix = prefix;
	rewrite_tree(&rw, xmlDocGetRootElement(doc));
	rc = rw.oom ? -1 : 0;
out:
	for (size_t i = 0; i < m.n; i++)
		xmlFree(m.old[i]);
	free(m.old);
	free(rw.tab);
	return rc;
}

/* Put <title>TITLE</title> first in ROOT (accessible name; glyphs are
 * outlines, so the SVG holds no text otherwise). */
static int
svg_add_title(xmlNode *root, const char *title)
{
	xmlNode *t = xmlNewDocNode(root->doc, root->ns, BAD_CAST "title", NULL);

	if (!t)
		return -1;
	xmlNodeAddContent(t, BAD_CAST title);
	if (root->children)
		xmlAddPrevSibling(root->children, t);
	else
		xmlAddChild(root, t);
	xmlSetProp(root, BAD_CAST "role", BAD_CAST "img");
	return 0;
}

static int
svg_serialize(xmlDoc *doc, char **svg, size_t *len)
{
	xmlBuffer *b = xmlBufferCreate();
	int n;

	if (!b)
		return -1;
	n = xmlNodeDump(b, doc, xmlDocGetRootElement(doc), 0, 0);
	if (n < 0) {
		xmlBufferFree(b);
		return -1;
	}
	*len = (size_t)xmlBufferLength(b);
	*svg = malloc(*len + 1);
	if (*svg) {
		memcpy(*svg, xmlBufferContent(b), *len);
		(*svg)[*len] = 0;
	}
	xmlBufferFree(b);
	return *svg ? 0 : -1;
}

int
gs_svg_finish(const char *raw, size_t n, const char *prefix, const char *title, char **svg,
              size_t *len, gs_error *err)
{
	xmlDoc *doc = xmlReadMemory(raw, (int)n, "plot.svg", NULL,
	                            XML_PARSE_NONET | XML_PARSE_NOBLANKS | XML_PARSE_HUGE);
	int rc = -1;

	if (!doc)
		return gs_error_set(err, "", 0, 0, "cairo wrote SVG that libxml2 cannot parse");
	if (svg_prefix_ids(doc, prefix) == 0 &&
	    svg_add_title(xmlDocGetRootElement(doc), title) == 0 &&
	    svg_serialize(doc, svg, len) == 0)
		rc = 0;
	xmlFreeDoc(doc);
	if (rc < 0)
		gs_error_set(err, "", 0, 0, "out of memory writing SVG");
	return rc;
}
