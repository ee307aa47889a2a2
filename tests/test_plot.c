/* test_plot.c: the plot module through its layout model and its SVG.
 *
 * Real data: examples/iree-kernel-benchmark/{rocblas,hipblaslt}-gemm.csv (iree-kernel-
 * benchmark, MI300X), joined on (M, N, K, dtype, A, B): baseline rocBLAS,
 * candidate hipBLASLt.  Expected numbers come from the reference notes
 * published with the data and from efficiency.md (tile grids, roofline).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
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

static void
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

static void
on_field(void *s, size_t len, void *data)
{
	rows *t = data;

	if (t->col < NFIELDS)
		snprintf(t->field[t->col], sizeof t->field[0], "%.*s", (int)len,
		         (const char *)s);
	t->col++;
}

/* Header: index,tag,name,M,N,K,dtype,A,B,mean_microseconds,
 * arithmetic_intensity,tflops,ok */
static void
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

static const char *
srcdir(void)
{
	const char *s = getenv("top_srcdir");

	return s && *s ? s : ".";
}

static void
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
	int cls[MAXROWS];       /* the threshold rule at 5 %, as compare gives
	                           it for single-sample inputs (no U test) */
	size_t n;
} pairs;

/* The classes the report model would hand the plots (no U test). */
static int
threshold_cls(double s, double t)
{
	return s - 1 > t ? GS_PLOT_IMPROVED : s - 1 < -t ? GS_PLOT_REGRESSED
	                                                 : GS_PLOT_NEUTRAL;
}

/* All-neutral classes for the small hand-made inputs. */
static const int NEUTRAL[8] = { 0 };

static int
same_key(const row *x, const row *y)
{
	return x->M == y->M && x->N == y->N && x->K == y->K && x->a == y->a &&
	       x->b == y->b && strcmp(x->dtype, y->dtype) == 0;
}

static int
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
static int
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

static void
svg_open(svgdoc *d, const char *svg, size_t len)
{
	d->doc = xmlReadMemory(svg, (int)len, "t.svg", NULL, XML_PARSE_NONET);
	assert_non_null(d->doc);
	d->xp = xmlXPathNewContext(d->doc);
	assert_non_null(d->xp);
	xmlXPathRegisterNs(d->xp, BAD_CAST "svg", BAD_CAST "http://www.w3.org/2000/svg");
	xmlXPathRegisterNs(d->xp, BAD_CAST "xlink", BAD_CAST "http://www.w3.org/1999/xlink");
}

static void
svg_close(svgdoc *d)
{
	xmlXPathFreeContext(d->xp);
	xmlFreeDoc(d->doc);
}

static xmlXPathObject *
svg_query(svgdoc *d, const char *q)
{
	xmlXPathObject *o = xmlXPathEvalExpression(BAD_CAST q, d->xp);

	assert_non_null(o);
	return o;
}

static int
nodeset_size(const xmlXPathObject *o)
{
	return o->nodesetval ? o->nodesetval->nodeNr : 0;
}

/* Collect the values of every attribute matched by Q (malloc'd array). */
static char **
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

static void
free_values(char **v, int n)
{
	for (int i = 0; i < n; i++)
		xmlFree(v[i]);
	free(v);
}

static int
in_list(char **v, int n, const char *s, size_t len)
{
	for (int i = 0; i < n; i++)
		if (strlen(v[i]) == len && memcmp(v[i], s, len) == 0)
			return 1;
	return 0;
}

/* Every id starts with PREFIX-, ids are unique, and every href="#X" and
 * url(#X) names one of them.  Returns the number of references. */
static int
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
		for (const char *u = strstr(urls[i], "url(#"); u;
		     u = strstr(u + 1, "url(#")) {
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

static char *
svg_of(const gs_plot *p, const char *prefix, size_t *len)
{
	gs_error err;
	char *svg = NULL;

	assert_int_equal(gs_plot_svg(p, prefix, &svg, len, &err), 0);
	assert_non_null(svg);
	assert_int_equal(strlen(svg), *len);
	return svg;
}

/* ---------------------------------------------------------------- font */

static void
test_font_init(void **state)
{
	char path[1024];
	gs_error err;
	FcPattern *pat, *match;
	FcResult res;
	FcChar8 *file = NULL;

	(void)state;
	assert_int_equal(gs_plot_font_init("/nonexistent-gemmscope", &err), -1);
	assert_non_null(strstr(err.file, "/nonexistent-gemmscope/fonts/DejaVuSans.ttf"));
	assert_int_equal(gs_plot_font_init(srcdir(), &err), 0);
	/* Whatever is asked for, fontconfig now answers with the shipped font. */
	pat = FcNameParse((const FcChar8 *)"Times New Roman:bold");
	FcConfigSubstitute(NULL, pat, FcMatchPattern);
	FcDefaultSubstitute(pat);
	match = FcFontMatch(NULL, pat, &res);
	assert_non_null(match);
	assert_int_equal(FcPatternGetString(match, FC_FILE, 0, &file), FcResultMatch);
	snprintf(path, sizeof path, "%s/fonts/DejaVuSans.ttf", srcdir());
	assert_string_equal((const char *)file, path);
	FcPatternDestroy(match);
	FcPatternDestroy(pat);
}

/* ------------------------------------------------------- compare plots */

static void
count_classes(const gs_plot *p, size_t c[4])
{
	double x, y;

	memset(c, 0, 4 * sizeof *c);
	for (size_t i = 0; i < gs_plot_npoints(p); i++) {
		int k = gs_plot_point_xy(p, i, &x, &y);

		c[k < 0 ? 3 : k]++;
	}
}

static void
test_scatter_real(void **state)
{
	pairs *pr = *state;
	gs_plot *p;
	size_t c[4], eq = SIZE_MAX;
	double x, y, xj, yj, lo, hi;
	int base;

	assert_int_equal(pr->n, 558);
	p = gs_plot_scatter(pr->tb, pr->tc, pr->cls, pr->n, 0.05);
	assert_non_null(p);
	assert_int_equal(gs_plot_npoints(p), 558);
	assert_int_equal(gs_plot_skipped(p), 0);
	count_classes(p, c);
	assert_int_equal(c[1], 317); /* improved */
	assert_int_equal(c[2], 152); /* regressed */
	assert_int_equal(c[0], 89);  /* neutral */
	assert_int_equal(gs_plot_legend(p), 4);
	assert_string_equal(gs_plot_legend_label(p, 0), "improved (> +5 %)");
	assert_string_equal(gs_plot_legend_label(p, 1), "regressed (< \xe2\x88\x92" "5 %)");
	assert_null(gs_plot_legend_label(p, 4));
	/* Device x grows with baseline time, device y falls as candidate time
	 * grows (y down), for every pair of shapes. */
	for (size_t i = 0; i < pr->n; i++) {
		gs_plot_point_xy(p, i, &x, &y);
		for (size_t j = 0; j < pr->n; j++) {
			gs_plot_point_xy(p, j, &xj, &yj);
			if (pr->tb[i] < pr->tb[j])
				assert_true(x < xj);
			if (pr->tc[i] < pr->tc[j])
				assert_true(y > yj);
		}
		if (pr->tb[i] == pr->tc[i])
			eq = i;
	}
	/* llama13bskinny 5120x32x640: 6.17391 us on both sides, on the diagonal. */
	assert_true(eq != SIZE_MAX);
	assert_int_equal(gs_plot_point_xy(p, eq, &x, &y), 0);
	gs_plot_range(p, GS_PLOT_X, &lo, &hi, &base);
	assert_int_equal(base, 10);
	assert_true(lo <= 6.17391 && hi >= 2757.126);
	assert_near(x, gs_plot_map(p, GS_PLOT_X, 6.17391), 1e-9);
	assert_near(y, gs_plot_map(p, GS_PLOT_Y, 6.17391), 1e-9);
	gs_plot_free(p);
}

static void
test_log_ticks(void **state)
{
	static const double tb[4] = { 1, 10, 100, 1000 };
	static const double tc[5] = { 1.2, 9, 100, 2000 };
	static const char *want[4] = { "1", "10", "100", "1000" };
	const char *const *lab;
	const double *val, *px;
	gs_plot *p;
	size_t n;

	(void)state;
	p = gs_plot_scatter(tb, tc, NEUTRAL, 4, 0.05);
	assert_non_null(p);
	n = gs_plot_ticks(p, GS_PLOT_X, &lab, &val, &px);
	assert_int_equal(n, 4);
	for (size_t i = 0; i < n; i++) {
		assert_string_equal(lab[i], want[i]);
		assert_near(val[i], tb[i], 1e-9);
	}
	/* A log axis: one decade is the same length everywhere. */
	assert_true(px[1] > px[0]);
	assert_near(px[1] - px[0], px[2] - px[1], 1e-9);
	assert_near(px[2] - px[1], px[3] - px[2], 1e-9);
	/* Candidate 2000 us extends the shared range: y shows 1 .. 1000 too. */
	n = gs_plot_ticks(p, GS_PLOT_Y, &lab, NULL, &px);
	assert_int_equal(n, 4);
	assert_string_equal(lab[3], "1000");
	assert_true(px[3] < px[0]); /* up the page */
	gs_plot_free(p);
}

static void
test_curve_real(void **state)
{
	pairs *pr = *state;
	gs_plot *p = gs_plot_speedup_curve(pr->s, pr->cls, pr->n, 0.05);
	double x, y, px = -1, py = 1e9, lo, hi, ax, ay, aw, ah, top, bottom;
	int base;

	assert_non_null(p);
	assert_int_equal(gs_plot_npoints(p), 558);
	for (size_t i = 0; i < 558; i++) {
		int k = gs_plot_point_xy(p, i, &x, &y);

		/* Sorted ascending: 152 regressed, 89 neutral, 317 improved. */
		assert_int_equal(k, i < 152 ? 2 : i < 241 ? 0 : 1);
		assert_true(x > px);
		assert_true(y <= py);
		px = x;
		py = y;
	}
	gs_plot_range(p, GS_PLOT_Y, &lo, &hi, &base);
	assert_int_equal(base, 2);
	assert_true(lo <= 1 / 5.7221 && hi >= 4.7146);
	/* The band sits at 1 +/- T on the log2 axis of the plot area. */
	assert_int_equal(gs_plot_area(p, 0, &ax, &ay, &aw, &ah), 0);
	assert_int_equal(gs_plot_band(p, &top, &bottom), 0);
	assert_near(top, ay + ah * (1 - log2(1.05 / lo) / log2(hi / lo)), 1e-9);
	assert_near(bottom, ay + ah * (1 - log2(0.95 / lo) / log2(hi / lo)), 1e-9);
	gs_plot_free(p);
}

static void
test_histogram_real(void **state)
{
	pairs *pr = *state;
	gs_plot *p = gs_plot_histogram(pr->s, pr->cls, pr->n, 0.05);
	const double *e;
	const size_t *c;
	size_t nb, sum = 0, zero_edge = 0;

	assert_non_null(p);
	nb = gs_plot_bins(p, &e, &c);
	assert_true(nb >= 5 && nb <= 60);
	for (size_t i = 0; i < nb; i++) {
		size_t recount = 0;

		for (size_t k = 0; k < pr->n; k++) {
			double v = log2(pr->s[k]);

			if (v >= e[i] && (v < e[i + 1] || (i == nb - 1 && v <= e[nb])))
				recount++;
		}
		assert_int_equal(c[i], recount);
		assert_near(e[i + 1] - e[i], e[1] - e[0], 1e-12);
		zero_edge += fabs(e[i]) < 1e-12;
		sum += c[i];
	}
	assert_int_equal(sum, 558);
	assert_int_equal(zero_edge, 1); /* s = 1 is a bin edge */
	assert_true(e[0] <= log2(1 / 5.7221) && e[nb] >= log2(4.7146));
	gs_plot_free(p);
}

static void
test_histogram_constant(void **state)
{
	double s[7] = { 1.02, 1.02, 1.02, 1.02, 1.02, 1.02, -3 };
	gs_plot *p;
	const size_t *c;

	(void)state;
	p = gs_plot_histogram(s, NEUTRAL, 7, 0.05);
	assert_non_null(p);
	assert_int_equal(gs_plot_skipped(p), 1);
	assert_int_equal(gs_plot_bins(p, NULL, &c), 1);
	assert_int_equal(c[0], 6);
	gs_plot_free(p);
}

static void
test_degenerate(void **state)
{
	double bad[3] = { 0, -1, NAN }, one[3] = { 2, 0, 4 };
	double x, y;
	gs_plot *p;

	(void)state;
	assert_null(gs_plot_speedup_curve(bad, NEUTRAL, 0, 0.05));
	assert_null(gs_plot_speedup_curve(bad, NEUTRAL, 3, 0.05));
	assert_null(gs_plot_histogram(bad, NEUTRAL, 3, 0.05));
	assert_null(gs_plot_scatter(bad, bad, NEUTRAL, 3, 0.05));
	p = gs_plot_scatter(one, one, NEUTRAL, 3, 0.05);
	assert_non_null(p);
	assert_int_equal(gs_plot_skipped(p), 1);
	assert_int_equal(gs_plot_point_xy(p, 1, &x, &y), -1);
	assert_int_equal(gs_plot_point_xy(p, 2, &x, &y), 0);
	assert_int_equal(gs_plot_point_xy(p, 3, &x, &y), -1);
	gs_plot_free(p);
}

/* Unsure shapes (past T, not confirmed by the U test) are drawn as the
 * report model classes them: their own colour, legend entry and histogram
 * segment, never as improved or regressed (issue 9). */
static const double US_S[4] = { 1.5, 0.5, 1.2, 0.8 };
static const double US_B[4] = { 15, 5, 12, 8 }, US_C[4] = { 10, 10, 10, 10 };
static const int US_CLS[4] = { GS_PLOT_UNSURE, GS_PLOT_REGRESSED, GS_PLOT_UNSURE,
                               GS_PLOT_NEUTRAL };

static int
has_legend(const gs_plot *p, const char *label)
{
	for (size_t i = 0; i < gs_plot_legend(p); i++)
		if (strcmp(gs_plot_legend_label(p, i), label) == 0)
			return 1;
	return 0;
}

/* 1 if the SVG of P paints something in the unsure colour #CC79A7. */
static int
svg_has_unsure(const gs_plot *p)
{
	size_t len;
	char *svg = svg_of(p, "u", &len);
	int found = strstr(svg, "rgb(80%,47.45098%,65.490196%)") != NULL;

	free(svg);
	return found;
}

static void
test_unsure_classes(void **state)
{
	static const int sorted[4] = { GS_PLOT_REGRESSED, GS_PLOT_NEUTRAL,
	                               GS_PLOT_UNSURE, GS_PLOT_UNSURE };
	gs_plot *p;
	size_t unsure = 0, improved = 0;
	double x, y;

	(void)state;
	p = gs_plot_speedup_curve(US_S, US_CLS, 4, 0.05);
	assert_non_null(p);
	for (size_t i = 0; i < 4; i++)
		assert_int_equal(gs_plot_point_xy(p, i, &x, &y), sorted[i]);
	assert_true(has_legend(p, "unsure (U test)"));
	assert_true(svg_has_unsure(p));
	gs_plot_free(p);
	p = gs_plot_scatter(US_B, US_C, US_CLS, 4, 0.05);
	assert_non_null(p);
	for (size_t i = 0; i < 4; i++)
		assert_int_equal(gs_plot_point_xy(p, i, &x, &y), US_CLS[i]);
	assert_true(has_legend(p, "unsure (U test)"));
	assert_true(svg_has_unsure(p));
	gs_plot_free(p);
	p = gs_plot_histogram(US_S, US_CLS, 4, 0.05);
	assert_non_null(p);
	for (size_t b = 0; b < gs_plot_bins(p, NULL, NULL); b++) {
		unsure += gs_plot_bin_class(p, b, GS_PLOT_UNSURE);
		improved += gs_plot_bin_class(p, b, GS_PLOT_IMPROVED);
	}
	assert_int_equal(unsure, 2);
	assert_int_equal(improved, 0);
	assert_true(has_legend(p, "unsure (U test)"));
	assert_true(svg_has_unsure(p));
	gs_plot_free(p);
	/* Without unsure shapes: no legend entry, no unsure paint. */
	p = gs_plot_scatter(US_B, US_C, NEUTRAL, 4, 0.05);
	assert_false(has_legend(p, "unsure (U test)"));
	assert_false(svg_has_unsure(p));
	gs_plot_free(p);
}

/* ---------------------------------------------------------------- SVG */

static void
test_svg_ids(void **state)
{
	pairs *pr = *state;
	gs_plot *p = gs_plot_scatter(pr->tb, pr->tc, pr->cls, pr->n, 0.05);
	gs_plot *q = gs_plot_histogram(pr->s, pr->cls, pr->n, 0.05);
	size_t la, lb, lc;
	char *a = svg_of(p, "scatter", &la), *b = svg_of(q, "hist", &lb);
	char *c = svg_of(p, "scatter", &lc);
	svgdoc da, db;
	int na, nb;
	char **ia, **ib;
	xmlXPathObject *o;

	assert_true(check_ids(a, la, "scatter") > 0);
	assert_true(check_ids(b, lb, "hist") > 0);
	/* Same plot twice: byte-identical, though cairo's counters moved on. */
	assert_int_equal(la, lc);
	assert_memory_equal(a, c, la);
	/* No XML declaration; the root is an SVG element with the title. */
	assert_int_equal(strncmp(a, "<svg", 4), 0);
	svg_open(&da, a, la);
	svg_open(&db, b, lb);
	o = svg_query(&da, "/svg:svg/svg:title");
	assert_int_equal(nodeset_size(o), 1);
	xmlXPathFreeObject(o);
	ia = attr_values(&da, "//@id", &na);
	ib = attr_values(&db, "//@id", &nb);
	for (int i = 0; i < na; i++)
		assert_false(in_list(ib, nb, ia[i], strlen(ia[i])));
	free_values(ia, na);
	free_values(ib, nb);
	svg_close(&da);
	svg_close(&db);
	free(a);
	free(b);
	free(c);
	gs_plot_free(p);
	gs_plot_free(q);
}

static void
test_svg_bad_prefix(void **state)
{
	double s[2] = { 1, 2 };
	gs_plot *p = gs_plot_speedup_curve(s, NEUTRAL, 2, 0.05);
	char *svg = (char *)1;
	size_t len;
	gs_error err;

	(void)state;
	assert_int_equal(gs_plot_svg(p, "1bad", &svg, &len, &err), -1);
	assert_null(svg);
	assert_int_equal(gs_plot_svg(p, "a\"b", &svg, &len, &err), -1);
	gs_plot_free(p);
}


/* ----------------------------------------------------------- tile grid */

static int
has_text(const gs_plot *p, const char *s)
{
	const char *t;

	for (size_t i = 0; (t = gs_plot_text(p, i)); i++)
		if (strcmp(t, s) == 0)
			return 1;
	return 0;
}

/* efficiency.md §4.1 example 1: 10240 x 2048, 256x64, 304 CUs. */
static void
test_tile_grid_example1(void **state)
{
	gs_tile_grid_spec g = { 10240, 2048, 256, 64, 1, 304, 1.0, 0.842105,
	                        0.842105, NULL };
	gs_plot *p = gs_plot_tile_grid(&g);
	gs_plot_tiles t;
	double x, y, w, h, lo, hi;
	int base;
	size_t len;
	char *svg;

	(void)state;
	assert_non_null(p);
	assert_int_equal(gs_plot_tile_info(p, &t), 0);
	assert_int_equal(t.tiles_m, 40);
	assert_int_equal(t.tiles_n, 32);
	assert_int_equal(t.num_tiles, 1280);
	assert_int_equal(t.waves, 5);
	assert_int_equal(t.last_wave_tiles, 64);
	assert_int_equal(t.group, 1);
	assert_int_equal(t.cells_m * t.cells_n, 1280);
	assert_true(has_text(p, "40 \xc3\x97 32 = 1280 tiles"));
	assert_true(has_text(p, "304 CUs: 5 waves, last 64 of 304"));
	assert_true(has_text(p, "wq_eff 0.8421"));
	assert_true(has_text(p, "dim_eff 0.8421"));
	assert_true(has_text(p, "wave 5 (partial)"));
	/* The grid keeps the N : M aspect, and no padding here. */
	assert_int_equal(gs_plot_area(p, 0, &x, &y, &w, &h), 0);
	assert_near(w / h, 2048.0 / 10240.0, 1e-9);
	gs_plot_range(p, GS_PLOT_X, &lo, &hi, &base);
	assert_near(hi, 2048, 0);
	gs_plot_range(p, GS_PLOT_Y, &lo, &hi, &base);
	assert_near(hi, 10240, 0);
	svg = svg_of(p, "tile1", &len);
	check_ids(svg, len, "tile1");
	free(svg);
	gs_plot_free(p);
}

/* Examples 2 and 8: padding and a tiny grid. */
static void
test_tile_grid_padding(void **state)
{
	gs_tile_grid_spec g2 = { 2048, 10240, 256, 144, 1, 304, 0.987654,
	                         0.947368, 0.935673, NULL };
	gs_tile_grid_spec g8 = { 128, 5, 64, 16, 1, 104, 0.3125, 0.019231,
	                         0.006010, "addmm 5x128x128" };
	gs_plot *p = gs_plot_tile_grid(&g2);
	gs_plot_tiles t;
	double lo, hi;
	int base;

	(void)state;
	assert_non_null(p);
	gs_plot_tile_info(p, &t);
	assert_int_equal(t.tiles_m * t.tiles_n, 576);
	assert_int_equal(t.tiles_n, 72);
	assert_int_equal(t.waves, 2);
	assert_int_equal(t.last_wave_tiles, 576 - 304);
	gs_plot_range(p, GS_PLOT_X, &lo, &hi, &base);
	assert_near(hi, 72 * 144, 0); /* N_pad = 10368 > N */
	assert_true(has_text(p, "tile_eff 0.9877"));
	gs_plot_free(p);
	p = gs_plot_tile_grid(&g8);
	assert_non_null(p);
	gs_plot_tile_info(p, &t);
	assert_int_equal(t.num_tiles, 2);
	assert_int_equal(t.waves, 1);
	assert_int_equal(t.last_wave_tiles, 2);
	assert_string_equal(gs_plot_title(p), "addmm 5x128x128");
	gs_plot_free(p);
}

static void
test_tile_grid_large(void **state)
{
	gs_tile_grid_spec g = { 65536, 65536, 64, 64, 2, 304, 1, NAN, NAN, NULL };
	gs_plot *p = gs_plot_tile_grid(&g);
	gs_plot_tiles t;

	(void)state;
	assert_non_null(p);
	gs_plot_tile_info(p, &t);
	assert_int_equal(t.tiles_m * t.tiles_n, 1048576);
	assert_int_equal(t.num_tiles, 2097152);
	assert_int_equal(t.waves, (2097152 + 303) / 304);
	assert_int_equal(t.last_wave_tiles, 2097152 - (t.waves - 1) * 304);
	assert_true(t.cells_m * t.cells_n <= 4096);
	assert_true(t.group > 1);
	assert_true(t.cells_m * t.group >= t.tiles_m);
	assert_true((t.cells_m - 1) * t.group < t.tiles_m);
	assert_true(has_text(p, "wq_eff n/a"));
	assert_true(has_text(p, "batch 2: 2097152 tiles, batch 0 shown"));
	gs_plot_free(p);
	g.cus = 0;
	assert_null(gs_plot_tile_grid(&g));
	g.cus = 304;
	g.tile_n = 0;
	assert_null(gs_plot_tile_grid(&g));
}

/* ------------------------------------------------------------ roofline */

static void
test_roofline(void **state)
{
	pairs *pr = *state;
	static const gs_roofline_ceiling mi300x[2] = { { "bf16", 1307.4 },
	                                               { "fp32", 163.4 } };
	gs_roofline_spec spec = { mi300x, 2, 5300, NULL };
	gs_roofline_point *pts = calloc(pr->cand.n + 1, sizeof *pts);
	size_t n = pr->cand.n;
	double xi, yi, xj, yj, lo, hi;
	size_t len;
	char *svg;
	gs_plot *p;
	int base;

	for (size_t i = 0; i < n; i++) {
		pts[i].ai = pr->cand.r[i].ai;
		pts[i].tflops = pr->cand.r[i].tflops;
		pts[i].time_us = pr->cand.r[i].us;
		pts[i].dim_eff = NAN;
		pts[i].arrow_to = i == 0 ? (long)n - 1 : -1;
	}
	pts[n].ai = -1; /* not drawable: skipped, keeps its slot */
	pts[n].arrow_to = -1;
	p = gs_plot_roofline(&spec, pts, n + 1);
	assert_non_null(p);
	/* Ridge = peak / bandwidth: 1307.4e12 / 5.3e12 = 246.7 FLOP/B. */
	assert_near(gs_plot_ridge(p, 0), 1307.4e12 / 5.3e12, 1e-9);
	assert_near(round(gs_plot_ridge(p, 0) * 10) / 10, 246.7, 1e-12);
	assert_near(gs_plot_ridge(p, 1), 163.4e12 / 5.3e12, 1e-9);
	assert_true(isnan(gs_plot_ridge(p, 2)));
	assert_int_equal(gs_plot_npoints(p), n + 1);
	assert_int_equal(gs_plot_skipped(p), 1);
	assert_int_equal(gs_plot_point_xy(p, n, &xi, &yi), -1);
	gs_plot_range(p, GS_PLOT_Y, &lo, &hi, &base);
	assert_int_equal(base, 10);
	assert_true(hi >= 1307.4);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(gs_plot_point_xy(p, i, &xi, &yi), 3);
		for (size_t j = 0; j < n; j++) {
			gs_plot_point_xy(p, j, &xj, &yj);
			if (pts[i].ai < pts[j].ai)
				assert_true(xi < xj);
			if (pts[i].tflops < pts[j].tflops)
				assert_true(yi > yj);
			if (pts[i].time_us < pts[j].time_us)
				assert_true(gs_plot_point_radius(p, i) <
				            gs_plot_point_radius(p, j));
		}
	}
	svg = svg_of(p, "roof", &len);
	check_ids(svg, len, "roof");
	free(svg);
	gs_plot_free(p);
	spec.bandwidth_gbs = 0;
	assert_null(gs_plot_roofline(&spec, pts, n));
	free(pts);
}

/* -------------------------------------------------------------- history */

static void
test_trend(void **state)
{
	static const char *runs[4] = { "n1", "n2", "n3", "n4" };
	double v[4] = { 1, 1.02, NAN, 0.9 };
	int cls[4] = { GS_PLOT_NEUTRAL, GS_PLOT_IMPROVED, GS_PLOT_NEUTRAL,
	               GS_PLOT_REGRESSED };
	const char *const *lab;
	gs_plot *p;
	double x0, y0, x1, y1, x3, y3;

	(void)state;
	p = gs_plot_trend(runs, v, cls, 4, "geomean vs first");
	assert_non_null(p);
	assert_int_equal(gs_plot_ticks(p, GS_PLOT_X, &lab, NULL, NULL), 4);
	for (size_t i = 0; i < 4; i++)
		assert_string_equal(lab[i], runs[i]);
	assert_int_equal(gs_plot_skipped(p), 1);
	assert_int_equal(gs_plot_point_xy(p, 2, &x0, &y0), -1);
	/* The classes are the caller's (the report model's), not the plot's. */
	assert_int_equal(gs_plot_point_xy(p, 0, &x0, &y0), GS_PLOT_NEUTRAL);
	assert_int_equal(gs_plot_point_xy(p, 1, &x1, &y1), GS_PLOT_IMPROVED);
	assert_int_equal(gs_plot_point_xy(p, 3, &x3, &y3), GS_PLOT_REGRESSED);
	assert_true(x0 < x1 && x1 < x3);
	assert_true(y1 < y0 && y0 < y3);
	assert_near(y0, gs_plot_map(p, GS_PLOT_Y, 1), 1e-9);
	assert_true(has_text(p, "geomean vs first"));
	gs_plot_free(p);
	assert_null(gs_plot_trend(runs, v + 2, cls + 2, 1, NULL));
}

static void
test_small_multiples(void **state)
{
	double a[6] = { 10, 10.2, 9.9, 12, 12.1, 12.2 };
	gs_series s[30];
	gs_plot *p;
	char name[30][16];

	(void)state;
	for (size_t i = 0; i < 30; i++) {
		snprintf(name[i], sizeof name[i], "shape %zu", i);
		s[i].name = name[i];
		s[i].values = a;
		s[i].n = 6;
		s[i].change_index = 3;
	}
	p = gs_plot_small_multiples(s, 5);
	assert_non_null(p);
	assert_int_equal(gs_plot_npanels(p), 5);
	for (size_t i = 0; i < 5; i++) {
		double x, y, w, h, x2, y2, w2, h2;

		assert_int_equal(gs_plot_area(p, i, &x, &y, &w, &h), 0);
		assert_true(w > 60 && h > 60);
		for (size_t j = 0; j < i; j++) {
			gs_plot_area(p, j, &x2, &y2, &w2, &h2);
			assert_true(x + w <= x2 || x2 + w2 <= x || y + h <= y2 ||
			            y2 + h2 <= y);
		}
	}
	assert_true(has_text(p, "shape 4"));
	gs_plot_free(p);
	p = gs_plot_small_multiples(s, 30);
	assert_int_equal(gs_plot_npanels(p), 24);
	assert_true(has_text(p, "first 24 of 30 shapes; dashed: change point"));
	gs_plot_free(p);
	assert_null(gs_plot_small_multiples(s, 0));
}

/* ---------------------------------------------------------------- PNG */

static void
test_png(void **state)
{
	pairs *pr = *state;
	gs_plot *p = gs_plot_speedup_curve(pr->s, pr->cls, pr->n, 0.05);
	char dir[] = "/tmp/gs-plot-XXXXXX", path[64];
	unsigned char magic[8];
	cairo_surface_t *img;
	gs_error err;
	FILE *f;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/curve.png", dir);
	assert_int_equal(gs_plot_png(p, path, &err), 0);
	f = fopen(path, "rb");
	assert_non_null(f);
	assert_int_equal(fread(magic, 1, 8, f), 8);
	fclose(f);
	assert_memory_equal(magic, "\x89PNG\r\n\x1a\n", 8);
	img = cairo_image_surface_create_from_png(path);
	assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
	assert_int_equal(cairo_image_surface_get_width(img), 720);
	assert_int_equal(cairo_image_surface_get_height(img), 420);
	cairo_surface_destroy(img);
	unlink(path);
	/* A directory that does not exist: error, nothing created. */
	snprintf(path, sizeof path, "%s/no/such.png", dir);
	assert_int_equal(gs_plot_png(p, path, &err), -1);
	assert_string_equal(err.file, path);
	assert_int_equal(rmdir(dir), 0);
	gs_plot_free(p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_font_init),
		cmocka_unit_test(test_log_ticks),
		cmocka_unit_test(test_histogram_constant),
		cmocka_unit_test(test_degenerate),
		cmocka_unit_test(test_unsure_classes),
		cmocka_unit_test(test_svg_bad_prefix),
		cmocka_unit_test(test_scatter_real),
		cmocka_unit_test(test_curve_real),
		cmocka_unit_test(test_histogram_real),
		cmocka_unit_test(test_svg_ids),
		cmocka_unit_test(test_png),
		cmocka_unit_test(test_tile_grid_example1),
		cmocka_unit_test(test_tile_grid_padding),
		cmocka_unit_test(test_tile_grid_large),
		cmocka_unit_test(test_roofline),
		cmocka_unit_test(test_trend),
		cmocka_unit_test(test_small_multiples),
	};

	return cmocka_run_group_tests(tests, setup_pairs, teardown_pairs);
}
