/* plot_test.h: what the plot module's tests share: the real data of
 * examples/iree-kernel-benchmark joined into pairs (setup_pairs, with the
 * threshold-rule classes the report model would hand the plots), the SVG
 * checks through libxml2 (ids, references), and layout look-ups
 * (has_text, has_legend).  Files are found under $top_srcdir.
 */
#ifndef GS_PLOT_TEST_H
#define GS_PLOT_TEST_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <csv.h>
#include <fontconfig/fontconfig.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

#include "render/plot.h"

#define MAXROWS 600

/* cmocka 1.1.5 compares floats in single precision: use doubles. */
#define assert_near(a, b, eps) assert_near_at((a), (b), (eps), __FILE__, __LINE__)

static inline void
assert_near_at(double a, double b, double eps, const char *file, int line)
{
	if (!(fabs(a - b) <= eps)) {
		print_error("%.17g != %.17g (eps %g)\n", a, b, eps);
		_fail(file, line);
	}
}
#define NFIELDS 13

/* ------------------------------------------------------------ real data */

typedef struct row {
	long M, N, K;
	char dtype[64], a, b;
	double us, ai, tflops;
} row;

typedef struct rows {
	row r[MAXROWS];
	size_t n;
	char field[NFIELDS][64];
	int col, line;
} rows;

static inline void
on_field(void *s, size_t len, void *data)
{
	rows *t = data;

	if (t->col < NFIELDS)
		snprintf(t->field[t->col], sizeof t->field[0], "%.*s", (int)len, (const char *)s);
	t->col++;
}

/* Header: index,tag,name,M,N,K,dtype,A,B,mean_microseconds,
 * arithmetic_intensity,tflops,ok */
static inline void
on_row(int c, void *data)
{
	rows *t = data;
	row *r;

	(void)c;
	if (t->line++ > 0 && t->col == NFIELDS && t->n < MAXROWS) {
		r = &t->r[t->n++];
		r->M = atol(t->field[3]);
		r->N = atol(t->field[4]);
		r->K = atol(t->field[5]);
		snprintf(r->dtype, sizeof r->dtype, "%s", t->field[6]);
		r->a = t->field[7][0];
		r->b = t->field[8][0];
		r->us = strtod(t->field[9], NULL);
		r->ai = strtod(t->field[10], NULL);
		r->tflops = strtod(t->field[11], NULL);
	}
	t->col = 0;
}

static inline const char *
srcdir(void)
{
	const char *s = getenv("top_srcdir");

	return s && *s ? s : ".";
}

static inline void
load(const char *name, rows *t)
{
	char path[1024], buf[8192];
	struct csv_parser p;
	FILE *f;
	size_t n;

	snprintf(path, sizeof path, "%s/examples/iree-kernel-benchmark/%s", srcdir(), name);
	f = fopen(path, "rb");
	assert_non_null(f);
	memset(t, 0, sizeof *t);
	assert_int_equal(csv_init(&p, 0), 0);
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		assert_int_equal(csv_parse(&p, buf, n, on_field, on_row, t), n);
	csv_fini(&p, on_field, on_row, t);
	csv_free(&p);
	fclose(f);
}

typedef struct pairs {
	rows base, cand;
	double tb[MAXROWS], tc[MAXROWS], s[MAXROWS];
	int cls[MAXROWS]; /* the threshold rule at 5 %, as compare gives
	                           it for single-sample inputs (no U test) */
	size_t n;
} pairs;

/* The classes the report model would hand the plots (no U test). */
static inline int
threshold_cls(double s, double t)
{
	return s - 1 > t ? GS_PLOT_IMPROVED : s - 1 < -t ? GS_PLOT_REGRESSED : GS_PLOT_NEUTRAL;
}

/* All-neutral classes for the small hand-made inputs. */
static const int NEUTRAL[8] = {0};

static inline int
same_key(const row *x, const row *y)
{
	return x->M == y->M && x->N == y->N && x->K == y->K && x->a == y->a && x->b == y->b &&
	       strcmp(x->dtype, y->dtype) == 0;
}

static inline int
setup_pairs(void **state)
{
	pairs *pr = calloc(1, sizeof *pr);

	load("rocblas-gemm.csv", &pr->base);
	load("hipblaslt-gemm.csv", &pr->cand);
	for (size_t i = 0; i < pr->base.n; i++)
		for (size_t j = 0; j < pr->cand.n; j++)
			if (same_key(&pr->base.r[i], &pr->cand.r[j])) {
				pr->tb[pr->n] = pr->base.r[i].us;
				pr->tc[pr->n] = pr->cand.r[j].us;
				pr->s[pr->n] = pr->tb[pr->n] / pr->tc[pr->n];
				pr->cls[pr->n] = threshold_cls(pr->s[pr->n], 0.05);
				pr->n++;
				break;
			}
	*state = pr;
	return 0;
}

/* Release the libraries' static caches too, so leak checkers (ASan,
 * valgrind) see only what this module leaks. */
static inline int
teardown_pairs(void **state)
{
	free(*state);
	cairo_debug_reset_static_data();
	FcFini();
	xmlCleanupParser();
	return 0;
}

/* ----------------------------------------------------------- SVG checks */

typedef struct svgdoc {
	xmlDoc *doc;
	xmlXPathContext *xp;
} svgdoc;

static inline void
svg_open(svgdoc *d, const char *svg, size_t len)
{
	d->doc = xmlReadMemory(svg, (int)len, "t.svg", NULL, XML_PARSE_NONET);
	assert_non_null(d->doc);
	d->xp = xmlXPathNewContext(d->doc);
	assert_non_null(d->xp);
	xmlXPathRegisterNs(d->xp, BAD_CAST "svg", BAD_CAST "http://www.w3.org/2000/svg");
	xmlXPathRegisterNs(d->xp, BAD_CAST "xlink", BAD_CAST "http://www.w3.org/1999/xlink");
}

static inline void
svg_close(svgdoc *d)
{
	xmlXPathFreeContext(d->xp);
	xmlFreeDoc(d->doc);
}

static inline xmlXPathObject *
svg_query(svgdoc *d, const char *q)
{
	xmlXPathObject *o = xmlXPathEvalExpression(BAD_CAST q, d->xp);

	assert_non_null(o);
	return o;
}

static inline int
nodeset_size(const xmlXPathObject *o)
{
	return o->nodesetval ? o->nodesetval->nodeNr : 0;
}

/* Collect the values of every attribute matched by Q (malloc'd array). */
static inline char **
attr_values(svgdoc *d, const char *q, int *n)
{
	xmlXPathObject *o = svg_query(d, q);
	char **v;

	*n = nodeset_size(o);
	v = calloc((size_t)*n + 1, sizeof *v);
	for (int i = 0; i < *n; i++)
		v[i] = (char *)xmlNodeGetContent(o->nodesetval->nodeTab[i]);
	xmlXPathFreeObject(o);
	return v;
}

static inline void
free_values(char **v, int n)
{
	for (int i = 0; i < n; i++)
		xmlFree(v[i]);
	free(v);
}

static inline int
in_list(char **v, int n, const char *s, size_t len)
{
	for (int i = 0; i < n; i++)
		if (strlen(v[i]) == len && memcmp(v[i], s, len) == 0)
			return 1;
	return 0;
}

/* Every id starts with PREFIX-, ids are unique, and every href="#X" and
 * url(#X) names one of them.  Returns the number of references. */
static inline int
check_ids(const char *svg, size_t len, const char *prefix)
{
	svgdoc d;
	int nid, nhref, nurl, refs = 0;
	char **ids, **hrefs, **urls;

	svg_open(&d, svg, len);
	ids = attr_values(&d, "//@id", &nid);
	hrefs = attr_values(&d, "//@*[local-name()='href']", &nhref);
	urls = attr_values(&d, "//@*[contains(., 'url(#')]", &nurl);
	assert_true(nid > 0);
	for (int i = 0; i < nid; i++) {
		assert_int_equal(strncmp(ids[i], prefix, strlen(prefix)), 0);
		assert_int_equal(ids[i][strlen(prefix)], '-');
		for (int j = 0; j < i; j++)
			assert_string_not_equal(ids[i], ids[j]);
	}
	for (int i = 0; i < nhref; i++) {
		assert_int_equal(hrefs[i][0], '#');
		assert_true(in_list(ids, nid, hrefs[i] + 1, strlen(hrefs[i] + 1)));
		refs++;
	}
	for (int i = 0; i < nurl; i++)
		for (const char *u = strstr(urls[i], "url(#"); u; u = strstr(u + 1, "url(#")) {
			const char *e = strchr(u, ')');

			assert_non_null(e);
			assert_true(in_list(ids, nid, u + 5, (size_t)(e - u - 5)));
			refs++;
		}
	free_values(ids, nid);
	free_values(hrefs, nhref);
	free_values(urls, nurl);
	svg_close(&d);
	return refs;
}

static inline char *
svg_of(const gs_plot *p, const char *prefix, size_t *len)
{
	gs_error err;
	char *svg = NULL;

	assert_int_equal(gs_plot_svg(p, prefix, &svg, len, &err), 0);
	assert_non_null(svg);
	assert_int_equal(strlen(svg), *len);
	return svg;
}

static inline int
has_text(const gs_plot *p, const char *s)
{
	const char *t;

	for (size_t i = 0; (t = gs_plot_text(p, i)); i++)
		if (strcmp(t, s) == 0)
			return 1;
	return 0;
}

static inline int
has_legend(const gs_plot *p, const char *label)
{
	for (size_t i = 0; i < gs_plot_legend(p); i++)
		if (strcmp(gs_plot_legend_label(p, i), label) == 0)
			return 1;
	return 0;
}

#endif
