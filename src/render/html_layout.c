/* html_layout.c: what keeps a page the same size at 500 shapes and at a
 * million (DESIGN.md "The report"): the table of contents, <details>
 * blocks for long secondary lists, the honest "N more" line under a capped
 * table, the side-by-side pair of ranking tables, and the choice of the
 * rows a capped table shows (html_impl.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/fmt.h"
#include "render/html_impl.h"

/* ---- table of contents */

/* The text of SEC's first h2 (malloc'd, NULL if none). */
static xmlChar *
heading(xmlNodePtr sec)
{
	for (xmlNodePtr n = xmlFirstElementChild(sec); n; n = xmlNextElementSibling(n))
		if (strcmp((const char *)n->name, "h2") == 0)
			return xmlNodeGetContent(n);
	return NULL;
}

void
gs_html_toc(gs_html *w, xmlNodePtr nav)
{
	xmlNodePtr main = nav ? nav->parent : NULL, ul;

	if (!main)
		return;
	gs_html_add_text(w, nav, "strong", NULL, "Contents");
	ul = gs_html_add(w, nav, "ul", NULL);
	for (xmlNodePtr s = xmlFirstElementChild(main); s; s = xmlNextElementSibling(s)) {
		xmlChar *id, *title;
		char href[256];
		if (strcmp((const char *)s->name, "section") != 0 || !xmlFirstElementChild(s))
			continue;
		id = xmlGetProp(s, BAD_CAST "id");
		title = heading(s);
		if (id && title) {
			xmlNodePtr a = gs_html_add(w, gs_html_add(w, ul, "li", NULL), "a", NULL);
			snprintf(href, sizeof href, "#%s", (const char *)id);
			gs_html_set_attr(w, a, "href", href);
			gs_html_text(w, a, (const char *)title);
		}
		xmlFree(id);
		xmlFree(title);
	}
}

/* ---- long lists */

xmlNodePtr
gs_html_details(gs_html *w, xmlNodePtr parent, int open, const char *fmt, ...)
{
	xmlNodePtr d = gs_html_add(w, parent, "details", NULL);
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (open)
		gs_html_set_attr(w, d, "open", "open");
	gs_html_add_text(w, d, "summary", NULL, buf);
	return d;
}

void
gs_html_more(gs_html *w, xmlNodePtr parent, size_t shown, size_t total, const char *one,
             const char *many, const char *where)
{
	char n[GS_FMT_LEN], s[GS_FMT_LEN], t[GS_FMT_LEN];

	if (shown >= total)
		return;
	gs_html_para(w, parent, "more", "%s more %s not listed here (%s of %s shown): %s.",
	             gs_fmt_count(n, sizeof n, total - shown),
	             gs_fmt_plural(total - shown, one, many), gs_fmt_count(s, sizeof s, shown),
	             gs_fmt_count(t, sizeof t, total), where);
}

xmlNodePtr
gs_html_ranking(gs_html *w, xmlNodePtr side, const char *id, const char *title)
{
	xmlNodePtr div = gs_html_add(w, side, "div", "ranking");

	gs_html_set_attr(w, div, "id", id);
	gs_html_add_text(w, div, "h3", NULL, title);
	return div;
}

/* ---- the rows of a capped table */

typedef struct item {
	double key;
	size_t i;
} item;

/* 1 if A ranks before B: larger key, then smaller index. */
static int
before(const item *a, const item *b)
{
	return a->key > b->key || (a->key == b->key && a->i < b->i);
}

/* Restore the heap (the worst-ranked item at the root) below slot I. */
static void
sift_down(item *h, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		item t;
		if (l < n && before(&h[m], &h[l]))
			m = l;
		if (r < n && before(&h[m], &h[r]))
			m = r;
		if (m == i)
			return;
		t = h[i];
		h[i] = h[m];
		h[m] = t;
		i = m;
	}
}

static int
by_rank(const void *a, const void *b)
{
	return before(a, b) ? -1 : before(b, a) ? 1 : 0;
}

size_t
gs_html_largest(size_t n, double (*key)(const void *ctx, size_t i), const void *ctx, size_t k,
                size_t *out)
{
	item *h = k ? malloc(k * sizeof *h) : NULL;
	size_t m = 0;

	if (k == 0)
		return 0;
	if (!h)
		return (size_t)-1;
	for (size_t i = 0; i < n; i++) {
		item it = {key(ctx, i), i};
		if (m < k) {
			h[m++] = it;
			if (m == k)
				for (size_t j = k / 2 + 1; j-- > 0;)
					sift_down(h, m, j);
		} else if (before(&it, &h[0])) {
			h[0] = it;
			sift_down(h, m, 0);
		}
	}
	qsort(h, m, sizeof *h, by_rank);
	for (size_t j = 0; j < m; j++)
		out[j] = h[j].i;
	free(h);
	return m;
}
