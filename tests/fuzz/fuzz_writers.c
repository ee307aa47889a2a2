/* fuzz_writers: every report writer (render/report.h) on a random small
 * comparison.  The input bytes choose up to 6 shapes (dims, dtype, op,
 * transposes, hostile tag, kernel, path, GPU and title strings
 * with control bytes and odd code points, sample times from 1e-300 to 1e300), which side(s) hold
 * each, excluded rows, the table paths and GPU, the compare options, the
 * gates, the title and whether the real figures are drawn (when they
 * fail, the report is written without them).  The two
 * tables are built in memory, finished and compared by the real analysis
 * (gs_compare_run); the report is then written by every writer into
 * memory and each output validated:
 *  - every output: well-formed UTF-8 (gs_utf8_scan), no NUL;
 *  - HTML: libxml2's HTML parser reports no error (unknown HTML5 tags
 *    aside); JUnit: a well-formed XML document for libxml2's parser;
 *    JSON: yajl parses it; CSV and the regressions list: every record
 *    has as many fields as the header (RFC 4180 quoting).
 * A violation aborts under libFuzzer; the replay program counts it.
 * Built as a libFuzzer target and as a replay check program (replay.h).
 */
#define _DEFAULT_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <yajl/yajl_tree.h>

#include "analysis/compare.h"
#include "analysis/gate.h"
#include "analysis/report.h"
#include "ingest/ingest.h"
#include "render/figures.h"
#include "render/plot.h"
#include "render/report.h"
#include "replay.h"
#include "table.h"
#include "util/utf8.h"

#ifndef GS_FUZZ_DATADIR
#define GS_FUZZ_DATADIR "."
#endif

/* ---- the writers: the one place to adapt when their entry points change */

enum { STR_LEN = 100 };

/* Reports written, with figures, and figure errors.  The plot axes take
 * any finite data (seeds/writers/figures-not-invertible.bin and
 * plot-frame-inf-to-long.bin were failures until they did), so a figure
 * error on a valid model is a violation; it is also counted. */
static long rendered, with_plots, figure_errors;

enum { OUT_TEXT, OUT_HTML, OUT_XML, OUT_JSON, OUT_CSV };

typedef int (*writer_fn)(const gs_report *, FILE *, gs_error *);

static const struct {
	const char *name;
	writer_fn fn;
	int kind;
} writers[] = {
        {"html", gs_render_html, OUT_HTML},
        {"json", gs_render_json, OUT_JSON},
        {"markdown", gs_render_markdown, OUT_TEXT},
        {"csv", gs_render_csv, OUT_CSV},
        {"regressions", gs_render_regressions, OUT_CSV},
        {"junit", gs_render_junit, OUT_XML},
};

/* Write R with writer W into *BUF (malloc'd, NUL-terminated, *LEN bytes).
 * Returns the writer's status. */
static int
render(size_t w, const gs_report *r, char **buf, size_t *len, gs_error *err)
{
	FILE *f = open_memstream(buf, len);
	int rc;

	if (!f)
		return -1;
	rc = writers[w].fn(r, f, err);
	return fclose(f) != 0 ? -1 : rc;
}

/* ---- reading the input */

typedef struct bytes {
	const uint8_t *p;
	size_t n, i;
} bytes;

static unsigned
take(bytes *b)
{
	return b->i < b->n ? b->p[b->i++] : 0;
}

static unsigned long
take32(bytes *b)
{
	unsigned long v = 0;

	for (int i = 0; i < 4; i++)
		v = v << 8 | take(b);
	return v;
}

static const char *const hostile[] = {
        "<script>alert(1)</script>",
        "]]><!--",
        "\"'&<>&amp;&#0;",
        "\xed\xa0\x80",
        "\xef\xbf\xbe\xef\xbf\xbf",
        "\xc0\xaf\xe0\x80\xaf",
        "\xe2\x80\xae"
        "evil",
        "\x1b[31mred\x1b[0m",
        "a|b`c*_[x](y)",
        "x,y\"z\n\r,",
        "\xf4\x90\x80\x80",
        "\t\v\f\x7f",
        "{\"a\":[1,",
        "\\u0000\\",
        "\xc2\x85\xc2\x9f",
        "=cmd|' /C calc'!A0",
        "\xf0\x9f\x98\x80 \xe2\x80\xa8",
        "\xff\xfe",
        "&nbsp;&lt;",
        "\xe2\x82",
};

/* A string of at most CAP - 1 bytes into OUT, as ingest hands strings
 * over (well-formed UTF-8, util/utf8.h, but any code point: controls,
 * noncharacters, bidi overrides): "", a hostile sample, or raw input bytes
 * (NUL read as ESC), repaired with gs_utf8_clean.  Returns OUT, or NULL
 * for "none". */
static char *
take_str(bytes *b, char *out, size_t cap)
{
	char raw[STR_LEN / 3], *clean = NULL;
	size_t max = (cap - 1) / 3 < sizeof raw ? (cap - 1) / 3 : sizeof raw;
	size_t n, clen, nrep;
	unsigned c = take(b);

	if (c < 16)
		return NULL;
	if (c >= 192) {
		const char *h = hostile[c % (sizeof hostile / sizeof hostile[0])];
		n = strlen(h) < max ? strlen(h) : max;
		memcpy(raw, h, n);
	} else {
		n = c % 32 < max ? c % 32 : max;
		for (size_t i = 0; i < n; i++) {
			unsigned v = take(b);
			raw[i] = (char)(v ? v : 0x1b);
		}
	}
	if (gs_utf8_clean(raw, n, &clean, &clen, &nrep) != 0)
		return NULL;
	memcpy(out, clean ? clean : raw, clean ? clen : n);
	out[clean ? clen : n] = '\0';
	free(clean);
	return out;
}

static double
take_time(bytes *b)
{
	static const double special[] = {1e-300, 1e300, 1e-6, 1.0, 1e9, 4.9e-324, 123.456};
	unsigned c = take(b);

	if (c >= 240)
		return special[c % (sizeof special / sizeof special[0])];
	return 1.0 + (double)(take32(b) % 1000000) / 100.0;
}

static long
take_dim(bytes *b)
{
	unsigned c = take(b);

	if (c >= 224)
		return 1 + (long)(take32(b) % 2147483647UL);
	return 1 + (long)(take32(b) % 8192);
}

/* ---- building the model */

static int
add_samples(bytes *b, gs_table *t, const gs_shape *key, const char *tag, const char *kernel,
            long line)
{
	gs_error err;
	gs_record *r = gs_table_get(t, key, line, &err);

	if (!r || gs_table_set_tag(NULL, r, tag) != 0 || gs_table_set_kernel(NULL, r, kernel) != 0)
		return -1;
	for (unsigned i = 0, n = 1 + take(b) % 6; i < n; i++)
		if (gs_record_add_sample(r, take_time(b)) != 0)
			return -1;
	return 0;
}

static int
add_shape(bytes *b, gs_table *base, gs_table *cand, long line)
{
	static const char *const dtypes[] = {"bf16", "f16", "f32", "f64", "f8e4m3", "i8", "tf32"};
	static const char *const ops[] = {"", "aten::mm", "aten::addmm", "aten::bmm"};
	char tag[STR_LEN], kernel[STR_LEN], op[GS_OP_LEN];
	unsigned c = take(b), side = take(b) % 8;
	const char *tg, *kn;
	gs_shape key;

	gs_shape_init(&key);
	if (c % 8 != 7 || !take_str(b, key.dtype, sizeof key.dtype))
		snprintf(key.dtype, sizeof key.dtype, "%s", dtypes[c % 7]);
	if (c / 8 % 8 != 7 || !take_str(b, op, sizeof op))
		snprintf(op, sizeof op, "%s", ops[c / 8 % 4]);
	key.op = op; /* the tables keep their own copy */
	key.batch = 1 + take(b) % 4;
	key.M = take_dim(b);
	key.N = take_dim(b);
	key.K = take_dim(b);
	key.trans_a = c & 64 ? 'T' : 'N';
	key.trans_b = c & 128 ? 'T' : 'N';
	key.bias = take(b) & 1;
	tg = take_str(b, tag, sizeof tag);
	kn = take_str(b, kernel, sizeof kernel);
	if (side != 1 && add_samples(b, base, &key, tg, kn, line) != 0)
		return -1;
	if (side != 2 && add_samples(b, cand, &key, tg, kn, line) != 0)
		return -1;
	return 0;
}

/* Fill BASE and CAND from B and finish them.  Returns 0, or -1 when the
 * input gives an empty table (not a violation). */
static int
build_tables(bytes *b, gs_table *base, gs_table *cand)
{
	char s1[STR_LEN], s2[STR_LEN];
	gs_error err;
	unsigned n = 1 + take(b) % 6;

	if (gs_table_set_format(base, "gemmscope") != 0 ||
	    gs_table_set_format(cand, take(b) & 1 ? "iree-kernel-benchmark" : "gemmscope") != 0)
		return -1;
	if (take_str(b, s1, sizeof s1) && gs_table_set_gpu(base, s1, (int)(take(b) % 320)) != 0)
		return -1;
	for (unsigned i = 0; i < n; i++)
		if (add_shape(b, base, cand, (long)i + 2) != 0)
			return -1;
	if (take_str(b, s1, sizeof s1) && take_str(b, s2, sizeof s2) &&
	    gs_table_exclude(base, (long)take(b), s1, s2) != 0)
		return -1;
	if (gs_table_finish(base, &err) != 0 || gs_table_finish(cand, &err) != 0)
		return -1;
	return 0;
}

static void
take_opts(bytes *b, gs_compare_opts *o)
{
	gs_compare_opts_default(o);
	o->threshold = (double)(take(b) % 32) / 100.0;
	o->top = take(b) % 12;
	o->min_samples = 2 + take(b) % 4;
	o->correction = (gs_correction)(take(b) % 3);
}

/* ---- validating an output */

static int xml_errors;
static char xml_first[256];

static void
on_xml_error(void *ctx, xmlErrorPtr e)
{
	(void)ctx;
	/* libxml2's HTML parser knows HTML 4 only: <section>, <svg> ... are
	 * reported as unknown tags but parsed; anything else is an error. */
	if (e->code == XML_HTML_UNKNOWN_TAG)
		return;
	if (xml_errors++ == 0)
		snprintf(xml_first, sizeof xml_first, "line %d: %s", e->line,
		         e->message ? e->message : "?");
}

static int
markup_ok(const char *buf, size_t len, int html)
{
	xmlDocPtr doc;

	xml_errors = 0;
	xmlSetStructuredErrorFunc(NULL, on_xml_error);
	if (html)
		doc = htmlReadMemory(buf, (int)len, NULL, "UTF-8", HTML_PARSE_NONET);
	else
		doc = xmlReadMemory(buf, (int)len, NULL, NULL, XML_PARSE_NONET);
	xmlSetStructuredErrorFunc(NULL, NULL);
	if (!doc && !xml_errors)
		snprintf(xml_first, sizeof xml_first, "no document");
	xmlFreeDoc(doc);
	return doc && !xml_errors;
}

static int
json_ok(const char *buf)
{
	char msg[256];
	yajl_val v = yajl_tree_parse(buf, msg, sizeof msg);

	if (!v)
		snprintf(xml_first, sizeof xml_first, "%s", msg);
	yajl_tree_free(v);
	return v != NULL;
}

/* Every record of the CSV BUF has as many fields as its first (RFC 4180
 * quoting; a final line break is optional). */
static int
csv_ok(const char *buf, size_t len)
{
	size_t fields = 1, want = 0, line = 1;
	int quoted = 0;

	for (size_t i = 0; i < len; i++) {
		char c = buf[i];
		if (quoted) {
			if (c == '"' && i + 1 < len && buf[i + 1] == '"')
				i++;
			else if (c == '"')
				quoted = 0;
		} else if (c == '"') {
			quoted = 1;
		} else if (c == ',') {
			fields++;
		} else if (c == '\n' || (c == '\r' && i + 1 < len && buf[i + 1] == '\n')) {
			i += c == '\r';
			if (want && fields != want)
				break;
			want = fields;
			fields = 1;
			line++;
		}
	}
	if (!quoted && (fields == want || (fields == 1 && buf[len - 1] == '\n')))
		return 1;
	snprintf(xml_first, sizeof xml_first, "record %zu: %zu fields, header %zu%s", line, fields,
	         want, quoted ? ", open quote" : "");
	return 0;
}

/* The checks every output passes: well-formed UTF-8, no NUL. */
static int
text_ok(const char *buf, size_t len)
{
	size_t first;

	if (gs_utf8_scan(buf, len, &first)) {
		snprintf(xml_first, sizeof xml_first, "ill-formed UTF-8 at byte %zu", first);
		return 0;
	}
	if (memchr(buf, 0, len)) {
		snprintf(xml_first, sizeof xml_first, "NUL byte at byte %zu",
		         (size_t)((const char *)memchr(buf, 0, len) - buf));
		return 0;
	}
	return 1;
}

/* Validate output BUF of writer W.  Returns 0, or 1 after saying why. */
static int
validate(size_t w, const char *buf, size_t len)
{
	int ok = len > 0 && text_ok(buf, len);

	if (!len)
		snprintf(xml_first, sizeof xml_first, "empty output");
	if (ok && writers[w].kind == OUT_HTML)
		ok = markup_ok(buf, len, 1);
	else if (ok && writers[w].kind == OUT_XML)
		ok = markup_ok(buf, len, 0);
	else if (ok && writers[w].kind == OUT_JSON)
		ok = json_ok(buf);
	else if (ok && writers[w].kind == OUT_CSV)
		ok = csv_ok(buf, len);
	if (!ok)
		fprintf(stderr, "fuzz-writers: %s: %s\n", writers[w].name, xml_first);
	return !ok;
}

/* ---- one input */

static const char *
datadir(void)
{
	const char *d = getenv("GEMMSCOPE_DATADIR");

	if (!d || !*d)
		d = getenv("top_srcdir");
	return d && *d ? d : GS_FUZZ_DATADIR;
}

/* Render R through every writer and validate each output. */
static int
write_all(const gs_report *r)
{
	int bad = 0;

	rendered++;
	for (size_t w = 0; w < sizeof writers / sizeof writers[0]; w++) {
		char *buf = NULL;
		size_t len = 0;
		gs_error err;

		gs_error_clear(&err);
		if (render(w, r, &buf, &len, &err) != 0) {
			fprintf(stderr, "fuzz-writers: %s failed: %s: %s\n", writers[w].name,
			        err.file, err.msg);
			bad = 1;
		} else {
			bad |= validate(w, buf, len);
		}
		free(buf);
	}
	return bad;
}

/* Compare the tables, build the report from B's remaining choices, and
 * write it.  Returns 0 when every output was valid. */
static int
report(bytes *b, const gs_table *base, const gs_table *cand)
{
	gs_report r;
	gs_compare cmp;
	gs_compare_opts o;
	gs_error err;
	char title[STR_LEN];
	unsigned c;
	int bad = 0;

	take_opts(b, &o);
	memset(&cmp, 0, sizeof cmp);
	if (gs_compare_run(base, cand, &o, &cmp, &err) != 0) {
		gs_compare_free(&cmp); /* nothing matched: not a violation */
		return !err.msg[0];
	}
	memset(&r, 0, sizeof r);
	r.kind = GS_REPORT_COMPARE;
	r.title = take_str(b, title, sizeof title) ? title : "fuzz";
	r.version = "0.0.0-fuzz";
	r.timestamp = (long long)take32(b);
	r.datadir = datadir();
	r.cmp = &cmp;
	c = take(b);
	if (c & 1)
		gs_gates_compare(&cmp, (double)(take(b) % 16) / 8.0, (long)(take(b) % 4) - 1,
		                 &r.gates);
	gs_error_clear(&err);
	if (c & 2 && gs_figures_compare(&cmp, r.datadir, &r.plots, &r.nplots, &err) != 0) {
		figure_errors++;
		fprintf(stderr, "fuzz-writers: figures failed: %s\n", err.msg);
		bad = 1;
	}
	with_plots += r.nplots > 0;
	bad |= write_all(&r);
	gs_figures_free(r.plots, r.nplots);
	gs_report_model_free(&r);
	gs_compare_free(&cmp);
	return bad;
}

static int
feed(const uint8_t *data, size_t size)
{
	bytes b = {data, size, 0};
	char p1[STR_LEN], p2[STR_LEN];
	gs_table *base = gs_table_new(take_str(&b, p1, sizeof p1) ? p1 : "base.csv");
	gs_table *cand = gs_table_new(take_str(&b, p2, sizeof p2) ? p2 : "cand.csv");
	int bad = 0;

	if (!base || !cand)
		bad = 1;
	else if (build_tables(&b, base, cand) == 0)
		bad = report(&b, base, cand);
	gs_table_free(base);
	gs_table_free(cand);
	return bad;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifdef GS_LIBFUZZER
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* libFuzzer has no end of run for us: free cairo's and fontconfig's caches
 * at exit, before LeakSanitizer's final check (registered after it, so run
 * before it), as the replay's main does. */
int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	atexit(gs_plot_fini);
	return 0;
}
#endif

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (feed(data, size) != 0)
		abort();
	return 0;
}

#ifndef GS_LIBFUZZER
int
main(int argc, char **argv)
{
	static const gs_fuzz_target t = {"fuzz-writers", feed, "\x01\xff\x80\x1b<\"&", 80};
	int rc = gs_fuzz_main(&t, argc, argv);

	printf("fuzz-writers: %ld reports written, %ld with figures, %ld figure errors\n", rendered,
	       with_plots, figure_errors);
	gs_plot_fini(); /* cairo's and fontconfig's caches, for LeakSanitizer */
	xmlCleanupParser();
	return rc;
}
#endif
