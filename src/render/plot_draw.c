/* plot_draw.c: the thin drawing layer and the one surface switch.
 *
 * paint() walks the display list of a laid-out gs_plot and issues cairo
 * calls; it computes nothing but text alignment and, for raster output
 * only, pixel snapping of axis-aligned 1 px lines.  render() is the
 * surface switch: SVG or PNG bytes into memory.  The SVG is then rewritten
 * with libxml2 so its ids carry a caller prefix (rrdtool issue #267).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <cairo-svg.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "render/plot.h"
#include "render/plot_impl.h"
#include "util/outfile.h"

enum { FMT_SVG, FMT_PNG };

#define OUT_CAP ((size_t)256 << 20) /* no plot is anywhere near this */

typedef struct membuf {
	unsigned char *d;
	size_t n, cap;
	int oom;
} membuf;

static cairo_status_t
membuf_write(void *closure, const unsigned char *data, unsigned int len)
{
	membuf *b = closure;

	if (b->n + len + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 65536;
		unsigned char *nd;

		while (cap < b->n + len + 1)
			cap *= 2;
		nd = cap <= OUT_CAP ? realloc(b->d, cap) : NULL;
		if (!nd) {
			b->oom = 1;
			return CAIRO_STATUS_WRITE_ERROR;
		}
		b->d = nd;
		b->cap = cap;
	}
	memcpy(b->d + b->n, data, len);
	b->n += len;
	b->d[b->n] = 0;
	return CAIRO_STATUS_SUCCESS;
}

/* ---------------------------------------------------------------- paint */

typedef struct draw {
	cairo_t *cr;
	int raster;
	const gs_plot *p;
} draw;

static void
set_colour(cairo_t *cr, gs_rgb c)
{
	if (c.a >= 1)
		cairo_set_source_rgb(cr, c.r, c.g, c.b);
	else
		cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a);
}

static double
snap(const draw *d, double v)
{
	return d->raster ? floor(v) + 0.5 : v;
}

static void
set_dash(cairo_t *cr, int dash)
{
	static const double dashed[2] = { 5, 3 }, dotted[2] = { 1.5, 2.5 };

	if (dash == 1)
		cairo_set_dash(cr, dashed, 2, 0);
	else if (dash == 2)
		cairo_set_dash(cr, dotted, 2, 0);
	else
		cairo_set_dash(cr, NULL, 0, 0);
}

static void
paint_line(const draw *d, const gs_mark *m)
{
	double x0 = m->x, y0 = m->y, x1 = m->w, y1 = m->h;

	if (m->axis_aligned && m->lw <= 1) {
		if (x0 == x1)
			x0 = x1 = snap(d, x0);
		if (y0 == y1)
			y0 = y1 = snap(d, y0);
	}
	set_colour(d->cr, m->stroke);
	cairo_set_line_width(d->cr, m->lw);
	set_dash(d->cr, m->dash);
	cairo_move_to(d->cr, x0, y0);
	cairo_line_to(d->cr, x1, y1);
	cairo_stroke(d->cr);
	set_dash(d->cr, 0);
}

static void
paint_poly(const draw *d, const gs_mark *m)
{
	if (m->npts < 2)
		return;
	set_colour(d->cr, m->stroke);
	cairo_set_line_width(d->cr, m->lw);
	cairo_set_line_join(d->cr, CAIRO_LINE_JOIN_ROUND);
	cairo_move_to(d->cr, m->pts[0], m->pts[1]);
	for (size_t i = 1; i < m->npts; i++)
		cairo_line_to(d->cr, m->pts[2 * i], m->pts[2 * i + 1]);
	cairo_stroke(d->cr);
}

static void
paint_rect(const draw *d, const gs_mark *m)
{
	double x = m->x, y = m->y, w = m->w, h = m->h;

	if (m->stroke.a > 0 && d->raster) {
		x = snap(d, x);
		y = snap(d, y);
		w = floor(w + 0.5);
		h = floor(h + 0.5);
	}
	cairo_rectangle(d->cr, x, y, w, h);
	if (m->fill.a > 0) {
		set_colour(d->cr, m->fill);
		cairo_fill_preserve(d->cr);
	}
	if (m->stroke.a > 0) {
		set_colour(d->cr, m->stroke);
		cairo_set_line_width(d->cr, m->lw);
		cairo_stroke(d->cr);
	}
	cairo_new_path(d->cr);
}

static void
paint_circle(const draw *d, const gs_mark *m)
{
	cairo_new_sub_path(d->cr);
	cairo_arc(d->cr, m->x, m->y, m->w, 0, 2 * GS_PI);
	if (m->fill.a > 0) {
		set_colour(d->cr, m->fill);
		cairo_fill_preserve(d->cr);
	}
	if (m->stroke.a > 0) {
		set_colour(d->cr, m->stroke);
		cairo_set_line_width(d->cr, m->lw);
		cairo_stroke(d->cr);
	}
	cairo_new_path(d->cr);
}

static void
paint_text(const draw *d, const gs_mark *m)
{
	cairo_text_extents_t te;
	cairo_font_extents_t fe;
	double dx = 0, dy = 0;

	if (!m->text || !*m->text)
		return;
	cairo_set_font_size(d->cr, m->size);
	cairo_text_extents(d->cr, m->text, &te);
	cairo_font_extents(d->cr, &fe);
	if (m->halign == GS_AL_CENTER)
		dx = -te.x_advance / 2;
	else if (m->halign == GS_AL_RIGHT)
		dx = -te.x_advance;
	if (m->valign == GS_AL_TOP)
		dy = fe.ascent;
	else if (m->valign == GS_AL_MIDDLE)
		dy = (fe.ascent - fe.descent) / 2;
	else if (m->valign == GS_AL_BOTTOM)
		dy = -fe.descent;
	cairo_save(d->cr);
	cairo_translate(d->cr, m->x, m->y);
	cairo_rotate(d->cr, m->angle);
	set_colour(d->cr, m->fill);
	cairo_move_to(d->cr, dx, dy);
	cairo_show_text(d->cr, m->text);
	cairo_new_path(d->cr);
	cairo_restore(d->cr);
}

static void
paint_arrow(const draw *d, const gs_mark *m)
{
	double dx = m->w - m->x, dy = m->h - m->y, len = hypot(dx, dy);
	double ux, uy, hl = 7, hw = 3.5;

	if (len < 1e-6)
		return;
	ux = dx / len;
	uy = dy / len;
	set_colour(d->cr, m->stroke);
	cairo_set_line_width(d->cr, m->lw);
	cairo_move_to(d->cr, m->x, m->y);
	cairo_line_to(d->cr, m->w - ux * hl, m->h - uy * hl);
	cairo_stroke(d->cr);
	cairo_move_to(d->cr, m->w, m->h);
	cairo_line_to(d->cr, m->w - ux * hl - uy * hw, m->h - uy * hl + ux * hw);
	cairo_line_to(d->cr, m->w - ux * hl + uy * hw, m->h - uy * hl - ux * hw);
	cairo_close_path(d->cr);
	cairo_fill(d->cr);
}

static void
paint_hatch(const draw *d, const gs_mark *m)
{
	cairo_save(d->cr);
	cairo_rectangle(d->cr, m->x, m->y, m->w, m->h);
	cairo_clip(d->cr);
	set_colour(d->cr, m->stroke);
	cairo_set_line_width(d->cr, m->lw);
	for (double t = -m->h; t < m->w; t += 6) {
		cairo_move_to(d->cr, m->x + t, m->y + m->h);
		cairo_line_to(d->cr, m->x + t + m->h, m->y);
	}
	cairo_stroke(d->cr);
	cairo_restore(d->cr);
}

static void
paint_mark(const draw *d, const gs_mark *m)
{
	switch (m->kind) {
	case GS_MK_LINE:
		paint_line(d, m);
		break;
	case GS_MK_POLY:
		paint_poly(d, m);
		break;
	case GS_MK_RECT:
		paint_rect(d, m);
		break;
	case GS_MK_CIRCLE:
		paint_circle(d, m);
		break;
	case GS_MK_TEXT:
		paint_text(d, m);
		break;
	case GS_MK_ARROW:
		paint_arrow(d, m);
		break;
	case GS_MK_HATCH:
		paint_hatch(d, m);
		break;
	}
}

/* Consecutive marks clipped to the same panel share one clip. */
static void
set_clip(const draw *d, int *cur, int want)
{
	const gs_panel *pn;

	if (*cur == want)
		return;
	if (*cur >= 0)
		cairo_restore(d->cr);
	*cur = want;
	if (want < 0 || (size_t)want >= d->p->npanels) {
		*cur = -1;
		return;
	}
	pn = &d->p->panel[want];
	cairo_save(d->cr);
	cairo_rectangle(d->cr, pn->x, pn->y, pn->w, pn->h);
	cairo_clip(d->cr);
}

static void
paint(cairo_t *cr, const gs_plot *p, int raster)
{
	draw d = { cr, raster, p };
	cairo_font_options_t *fo = cairo_font_options_create();
	gs_mark title;
	int clip = -1;

	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
	                       CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	for (size_t i = 0; i < p->nmarks; i++) {
		set_clip(&d, &clip, p->mark[i].clip);
		paint_mark(&d, &p->mark[i]);
	}
	set_clip(&d, &clip, -1);
	memset(&title, 0, sizeof title);
	title.kind = GS_MK_TEXT;
	title.x = p->title_x;
	title.y = p->title_y;
	title.text = p->title;
	title.size = GS_FS_TITLE;
	title.valign = GS_AL_BASELINE;
	title.fill = gs_col_ink;
	paint_text(&d, &title);
}

/* ------------------------------------------------------- surface switch */

static cairo_surface_t *
surface_open(const gs_plot *p, int fmt, membuf *out)
{
	cairo_surface_t *s;

	if (fmt == FMT_PNG)
		return cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
		                                  (int)ceil(p->width),
		                                  (int)ceil(p->height));
	s = cairo_svg_surface_create_for_stream(membuf_write, out, p->width,
	                                        p->height);
	cairo_svg_surface_restrict_to_version(s, CAIRO_SVG_VERSION_1_1);
	cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
	return s;
}

/* Render P as FMT bytes into OUT.  Returns 0 or -1 with ERR set. */
static int
render(const gs_plot *p, int fmt, membuf *out, gs_error *err)
{
	cairo_surface_t *s = surface_open(p, fmt, out);
	cairo_status_t st;
	cairo_t *cr;

	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return gs_error_set(err, "", 0, 0, "cairo cannot create a surface");
	}
	cr = cairo_create(s);
	paint(cr, p, fmt == FMT_PNG);
	st = cairo_status(cr);
	cairo_destroy(cr);
	if (st == CAIRO_STATUS_SUCCESS && fmt == FMT_PNG)
		st = cairo_surface_write_to_png_stream(s, membuf_write, out);
	cairo_surface_finish(s);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(s);
	cairo_surface_destroy(s);
	if (st != CAIRO_STATUS_SUCCESS || out->oom || !out->n)
		return gs_error_set(err, "", 0, 0, "cairo cannot draw the plot: %s",
		                    out->oom ? "out of memory" :
		                    cairo_status_to_string(st));
	return 0;
}

/* ---------------------------------------------------------- SVG ids */

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
			if (m->n == m->cap) {
				size_t cap = m->cap ? 2 * m->cap : 64;
				char **o = realloc(m->old, cap * sizeof *o);

				if (!o) {
					m->oom = 1;
					xmlFree(id);
					return;
				}
				m->old = o;
				m->cap = cap;
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
id_lookup(const idrank *tab, size_t n, const char *prefix, const char *old,
          size_t oldlen, char *buf, size_t size)
{
	char key[256];
	idrank k = { key, 0 }, *hit;

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

		if (!id_lookup(rw->tab, rw->n, rw->prefix, u + 5, idlen, name,
		               sizeof name))
			snprintf(name, sizeof name, "%.*s", (int)idlen, u + 5);
		n += (size_t)snprintf(out + n, cap - n, "%.*surl(#%s)",
		                      (int)(u - s), s, name);
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
		if (id_lookup(rw->tab, rw->n, rw->prefix, (char *)v,
		              strlen((char *)v), buf, sizeof buf))
			xmlSetProp(a->parent, a->name, BAD_CAST buf);
	} else if (strcmp(name, "href") == 0 && v[0] == '#') {
		if (id_lookup(rw->tab, rw->n, rw->prefix, (char *)v + 1,
		              strlen((char *)v + 1), buf + 1, sizeof buf - 1)) {
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

static int
prefix_ok(const char *s)
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
	idmap m = { 0 };
	rewriter rw = { 0 };
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
gs_plot_svg(const gs_plot *p, const char *id_prefix, char **svg, size_t *len,
            gs_error *err)
{
	membuf raw = { 0 };
	xmlDoc *doc;
	int rc = -1;

	*svg = NULL;
	*len = 0;
	if (!prefix_ok(id_prefix))
		return gs_error_set(err, "", 0, 0, "bad SVG id prefix \"%s\"",
		                    id_prefix ? id_prefix : "");
	if (render(p, FMT_SVG, &raw, err) < 0) {
		free(raw.d);
		return -1;
	}
	doc = xmlReadMemory((const char *)raw.d, (int)raw.n, "plot.svg", NULL,
	                    XML_PARSE_NONET | XML_PARSE_NOBLANKS | XML_PARSE_HUGE);
	free(raw.d);
	if (!doc)
		return gs_error_set(err, "", 0, 0, "cairo wrote SVG that libxml2 cannot parse");
	if (svg_prefix_ids(doc, id_prefix) == 0 &&
	    svg_add_title(xmlDocGetRootElement(doc), gs_plot_title(p)) == 0 &&
	    svg_serialize(doc, svg, len) == 0)
		rc = 0;
	xmlFreeDoc(doc);
	if (rc < 0)
		gs_error_set(err, "", 0, 0, "out of memory writing SVG");
	return rc;
}

int
gs_plot_png(const gs_plot *p, const char *path, gs_error *err)
{
	membuf png = { 0 };
	gs_outfile out;

	if (render(p, FMT_PNG, &png, err) < 0) {
		free(png.d);
		if (err)
			snprintf(err->file, sizeof err->file, "%s", path);
		return -1;
	}
	if (gs_outfile_open(&out, path, err) < 0) {
		free(png.d);
		return -1;
	}
	if (fwrite(png.d, 1, png.n, out.fp) != png.n) {
		free(png.d);
		gs_outfile_abort(&out);
		return gs_error_set(err, path, 0, 0, "cannot write PNG");
	}
	free(png.d);
	return gs_outfile_commit(&out, err);
}
