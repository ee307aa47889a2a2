/* test_agree.c: the outputs agree about every number (issue 10).
 *
 * `gemmscope compare` runs on the shipped example (rocBLAS against
 * hipBLASLt, examples/iree-kernel-benchmark, --gpu mi300x) through the
 * command layer (gs_run_compare), writing the HTML, JSON, markdown and CSV
 * into a temporary folder.  Each file is read back with the library of its
 * format: the JSON with yajl's tree, the HTML with libxml2 and XPath, the
 * CSV with libcsv, the markdown as text.  Then:
 *  - the geomean with its CI, the weighted speedup, the counts and the
 *    time saved/lost/net of the JSON are the markdown's and the HTML
 *    summary's at the precision they print (|printed - JSON| <= half a unit
 *    of the last printed digit; counts exactly);
 *  - every matched shape of the JSON is one CSV row whose speedup, read
 *    as text with strtod, is the JSON's double exactly, and whose class is
 *    the JSON's.
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
#include <csv.h>
#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>
#include <yajl/yajl_tree.h>

#include "cmd_compare.h"
#include "render/plot.h"

typedef struct outputs {
	char dir[256];
	char *json, *md, *html, *csv;
	size_t html_len, csv_len;
	yajl_val doc;
} outputs;

static char *
slurp(const char *dir, const char *name, size_t *len)
{
	char path[512];
	FILE *f;
	char *buf;
	long n;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "rb");
	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	assert_true(n > 0);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	unlink(path);
	if (len)
		*len = (size_t)n;
	return buf;
}

static int
setup(void **state)
{
	outputs *o = calloc(1, sizeof *o);
	const char *top = getenv("top_srcdir"), *tmp = getenv("TMPDIR");
	char base[4096], cand[4096], p[4][300];
	char errbuf[256] = "";
	gs_cli cli;
	gs_error err;

	assert_non_null(o);
	top = top && *top ? top : ".";
	snprintf(o->dir, sizeof o->dir, "%s/gs-agree.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	assert_non_null(mkdtemp(o->dir));
	snprintf(base, sizeof base, "%s/examples/iree-kernel-benchmark/rocblas-gemm.csv", top);
	snprintf(cand, sizeof cand, "%s/examples/iree-kernel-benchmark/hipblaslt-gemm.csv", top);
	gs_cli_init(&cli);
	cli.quiet = 1;
	cli.ingest.progress = 0;
	cli.gpu = "mi300x";
	snprintf(p[0], sizeof p[0], "%s/r.html", o->dir);
	snprintf(p[1], sizeof p[1], "%s/r.json", o->dir);
	snprintf(p[2], sizeof p[2], "%s/r.md", o->dir);
	snprintf(p[3], sizeof p[3], "%s/r.csv", o->dir);
	cli.out.html = p[0];
	cli.out.json = p[1];
	cli.out.markdown = p[2];
	cli.out.csv = p[3];
	gs_error_clear(&err);
	assert_int_equal(gs_run_compare(&cli, base, cand, &err), 0);
	o->html = slurp(o->dir, "r.html", &o->html_len);
	o->json = slurp(o->dir, "r.json", NULL);
	o->md = slurp(o->dir, "r.md", NULL);
	o->csv = slurp(o->dir, "r.csv", &o->csv_len);
	rmdir(o->dir);
	o->doc = yajl_tree_parse(o->json, errbuf, sizeof errbuf);
	if (!o->doc)
		print_error("JSON: %s\n", errbuf);
	assert_non_null(o->doc);
	*state = o;
	return 0;
}

static int
teardown(void **state)
{
	outputs *o = *state;

	yajl_tree_free(o->doc);
	free(o->json);
	free(o->md);
	free(o->html);
	free(o->csv);
	free(o);
	gs_plot_fini(); /* the fonts the plots registered, as main does */
	return 0;
}

static double
summary(const outputs *o, const char *key)
{
	const char *path[] = {"summary", key, NULL};
	yajl_val v = yajl_tree_get(o->doc, path, yajl_t_number);

	assert_non_null(v);
	return YAJL_GET_DOUBLE(v);
}

/* The number printed at the start of S (after '*' and spaces; thousands
 * separators allowed); *DEC its decimals, *END past it. */
static double
printed(const char *s, int *dec, const char **end)
{
	char buf[64];
	size_t n = 0;
	const char *dot = NULL;

	while (*s == '*' || *s == ' ')
		s++;
	for (; (*s >= '0' && *s <= '9') || *s == ',' || *s == '.' || *s == '-'; s++) {
		if (*s == '.')
			dot = s;
		if (*s != ',' && n < sizeof buf - 1)
			buf[n++] = *s;
	}
	buf[n] = '\0';
	assert_true(n > 0);
	*dec = dot ? (int)(s - dot - 1) : 0;
	if (end)
		*end = s;
	return strtod(buf, NULL);
}

/* The number printed right after the first AFTER in TEXT equals V at its
 * printed precision; returns where the number ends. */
static const char *
assert_printed(const char *text, const char *after, double v)
{
	const char *p = strstr(text, after), *end;
	int dec;
	double x;

	if (!p)
		print_error("not found: \"%s\"\n", after);
	assert_non_null(p);
	x = printed(p + strlen(after), &dec, &end);
	if (!(fabs(x - v) <= 0.5 * pow(10, -dec) * (1 + 1e-9))) {
		print_error("\"%s\": printed %.*f, JSON %.17g\n", after, dec, x, v);
		fail();
	}
	return end;
}

/* The summary table's cell whose row header starts with LABEL. */
static char *
html_cell(const outputs *o, const char *label)
{
	htmlDocPtr doc = htmlReadMemory(o->html, (int)o->html_len, "r.html", "UTF-8",
	                                HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING);
	xmlXPathContextPtr ctx;
	xmlXPathObjectPtr x;
	char expr[256];
	char *s;

	assert_non_null(doc);
	ctx = xmlXPathNewContext(doc);
	snprintf(expr, sizeof expr,
	         "string(//section[@id='summary']//tr[starts-with(normalize-space(th), '%s')]/td)",
	         label);
	x = xmlXPathEvalExpression(BAD_CAST expr, ctx);
	assert_non_null(x);
	s = (char *)xmlXPathCastToString(x);
	xmlXPathFreeObject(x);
	xmlXPathFreeContext(ctx);
	xmlFreeDoc(doc);
	if (!s || !*s)
		print_error("no summary row '%s' in the HTML\n", label);
	assert_true(s && *s);
	return s;
}

static void
test_markdown_agrees(void **state)
{
	outputs *o = *state;
	const char *p;

	/* the verdict on the first line: 3 decimals */
	p = assert_printed(o->md, "; geomean ", summary(o, "geomean_speedup"));
	assert_true(strchr(o->md, '\n') > p);
	p = assert_printed(p, "CI ", summary(o, "geomean_ci_low"));
	assert_printed(p, "\xe2\x80\x93", summary(o, "geomean_ci_high"));
	/* the headline table: 4 decimals, counts, µs */
	p = assert_printed(o->md, "| Geomean speedup | ", summary(o, "geomean_speedup"));
	p = assert_printed(p, "CI ", summary(o, "geomean_ci_low"));
	p = assert_printed(p, "\xe2\x80\x93", summary(o, "geomean_ci_high"));
	assert_printed(p, "n = ", summary(o, "matched"));
	assert_printed(o->md, "cand) | ", summary(o, "weighted_speedup"));
	assert_printed(o->md, "| Improved (change > +5 %) | ", summary(o, "improved"));
	assert_printed(o->md,
	               "| Regressed (change < \xe2\x88\x92"
	               "5 %) | ",
	               summary(o, "regressed"));
	p = assert_printed(o->md, "| Neutral / unsure (U test not passed) | ",
	                   summary(o, "neutral"));
	assert_printed(strstr(p, " / "), " / ", summary(o, "unsure"));
	p = assert_printed(o->md, "| Time saved / lost | ", summary(o, "time_saved_us"));
	assert_printed(p, " / ", summary(o, "time_lost_us"));
	assert_printed(o->md, "| Net time saved (saved / lost) | ",
	               summary(o, "net_time_saved_us"));
}

static void
test_html_agrees(void **state)
{
	outputs *o = *state;
	struct {
		const char *label, *key;
	} rows[] = {
	        {"Weighted speedup", "weighted_speedup"},
	        {"Matched shapes", "matched"},
	        {"Improved", "improved"},
	        {"Regressed", "regressed"},
	        {"Neutral", "neutral"},
	        {"Unsure", "unsure"},
	        {"Time saved by", "time_saved_us"},
	        {"Time lost by", "time_lost_us"},
	        {"Net time saved", "net_time_saved_us"},
	};
	char *cell = html_cell(o, "Geometric-mean speedup");
	const char *p;

	p = assert_printed(cell, "", summary(o, "geomean_speedup"));
	p = assert_printed(p, "CI ", summary(o, "geomean_ci_low"));
	assert_printed(p, "\xe2\x80\x93", summary(o, "geomean_ci_high"));
	xmlFree(cell);
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		cell = html_cell(o, rows[i].label);
		assert_printed(cell, "", summary(o, rows[i].key));
		xmlFree(cell);
	}
}

/* ---- CSV rows, read with libcsv */

enum { MAX_COLS = 64 };

typedef struct csv_rows {
	char *cell[MAX_COLS];
	size_t ncell;
	char *head[MAX_COLS];
	size_t nhead;
	const outputs *o;
	size_t rows, found;
} csv_rows;

static int
col(const csv_rows *c, const char *name)
{
	for (size_t i = 0; i < c->nhead; i++)
		if (strcmp(c->head[i], name) == 0)
			return (int)i;
	print_error("no CSV column %s\n", name);
	fail();
	return -1;
}

static const char *
json_str(yajl_val s, const char *k)
{
	const char *path[] = {k, NULL};
	yajl_val v = yajl_tree_get(s, path, yajl_t_any);

	assert_non_null(v);
	if (YAJL_IS_STRING(v))
		return YAJL_GET_STRING(v);
	return YAJL_IS_NUMBER(v) ? YAJL_GET_NUMBER(v) : "";
}

/* The JSON shape with the key of the current CSV row, or NULL. */
static yajl_val
json_shape(const csv_rows *c)
{
	static const char *const key[] = {"M", "N", "K", "dtype", "trans_a", "trans_b", "batch"};
	const char *path[] = {"shapes", NULL};
	yajl_val shapes = yajl_tree_get(c->o->doc, path, yajl_t_array);

	assert_non_null(shapes);
	for (size_t i = 0; i < YAJL_GET_ARRAY(shapes)->len; i++) {
		yajl_val s = YAJL_GET_ARRAY(shapes)->values[i];
		size_t k = 0;
		while (k < 7 && strcmp(json_str(s, key[k]), c->cell[col(c, key[k])]) == 0)
			k++;
		if (k == 7)
			return s;
	}
	return NULL;
}

static void
on_cell(void *s, size_t len, void *data)
{
	csv_rows *c = data;
	char *v = malloc(len + 1);

	assert_non_null(v);
	memcpy(v, s, len);
	v[len] = '\0';
	assert_true(c->ncell < MAX_COLS);
	c->cell[c->ncell++] = v;
}

static void
on_row(int end, void *data)
{
	csv_rows *c = data;
	yajl_val s;
	const char *path[] = {"speedup", NULL};

	(void)end;
	if (!c->nhead) {
		memcpy(c->head, c->cell, sizeof c->cell);
		c->nhead = c->ncell;
		c->ncell = 0;
		return;
	}
	assert_int_equal(c->ncell, c->nhead);
	c->rows++;
	if (c->cell[col(c, "speedup")][0]) {
		s = json_shape(c);
		assert_non_null(s);
		/* the same double, as text -> double */
		assert_true(strtod(c->cell[col(c, "speedup")], NULL) ==
		            YAJL_GET_DOUBLE(yajl_tree_get(s, path, yajl_t_number)));
		assert_string_equal(c->cell[col(c, "class")], json_str(s, "class"));
		c->found++;
	}
	for (size_t i = 0; i < c->ncell; i++)
		free(c->cell[i]);
	c->ncell = 0;
}

static void
test_csv_agrees(void **state)
{
	outputs *o = *state;
	struct csv_parser p;
	csv_rows c = {.o = o};

	assert_int_equal(csv_init(&p, CSV_APPEND_NULL), 0);
	assert_int_equal(csv_parse(&p, o->csv, o->csv_len, on_cell, on_row, &c), o->csv_len);
	csv_fini(&p, on_cell, on_row, &c);
	csv_free(&p);
	for (size_t i = 0; i < c.nhead; i++)
		free(c.head[i]);
	/* every matched shape has its row */
	assert_true((double)c.found == summary(o, "matched"));
	assert_int_equal(c.found, 558);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_markdown_agrees),
	        cmocka_unit_test(test_html_agrees),
	        cmocka_unit_test(test_csv_agrees),
	};

	return cmocka_run_group_tests_name("outputs agree, iree-kernel-benchmark", tests, setup,
	                                   teardown);
}
