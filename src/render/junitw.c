#include <math.h>
#include <stdlib.h>

#include "render/fmt.h"
#include "render/junitw.h"

static void
check(gs_jx *x, int rc)
{
	if (rc < 0)
		x->failed = 1;
}

int
gs_jx_begin(gs_jx *x, gs_error *err)
{
	x->failed = 0;
	gs_fmt_xml_quiet(); /* until gs_jx_finish: no libxml2 lines on stderr */
	x->buf = xmlBufferCreate();
	x->w = x->buf ? xmlNewTextWriterMemory(x->buf, 0) : NULL;
	if (!x->w) {
		xmlBufferFree(x->buf);
		gs_fmt_xml_loud();
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	}
	check(x, xmlTextWriterSetIndent(x->w, 1));
	check(x, xmlTextWriterSetIndentString(x->w, BAD_CAST "  "));
	check(x, xmlTextWriterStartDocument(x->w, NULL, "UTF-8", NULL));
	return 0;
}

int
gs_jx_finish(gs_jx *x, FILE *out, gs_error *err)
{
	const char *why;

	check(x, xmlTextWriterEndDocument(x->w));
	xmlFreeTextWriter(x->w); /* flushes into the buffer */
	if (!x->failed)
		fwrite(xmlBufferContent(x->buf), 1, (size_t)xmlBufferLength(x->buf), out);
	xmlBufferFree(x->buf);
	x->w = NULL;
	x->buf = NULL;
	why = gs_fmt_xml_loud();
	if (x->failed)
		return gs_error_set(err, NULL, 0, 0, "cannot generate the JUnit output%s%s%s",
		                    *why ? " (" : "", why, *why ? ")" : "");
	if (fflush(out) != 0 || ferror(out))
		return gs_error_set(err, NULL, 0, 0, "cannot write the JUnit output");
	return 0;
}

void
gs_jx_start(gs_jx *x, const char *element)
{
	check(x, xmlTextWriterStartElement(x->w, BAD_CAST element));
}

void
gs_jx_end(gs_jx *x)
{
	check(x, xmlTextWriterEndElement(x->w));
}

void
gs_jx_attr(gs_jx *x, const char *name, const char *value)
{
	char *clean = gs_fmt_clean(value);

	if (!clean) {
		x->failed = 1;
		return;
	}
	check(x, xmlTextWriterWriteAttribute(x->w, BAD_CAST name, BAD_CAST clean));
	free(clean);
}

void
gs_jx_attr_count(gs_jx *x, const char *name, size_t v)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%zu", v);
	gs_jx_attr(x, name, buf);
}

void
gs_jx_attr_seconds(gs_jx *x, const char *name, double us)
{
	char buf[GS_FMT_LEN];

	snprintf(buf, sizeof buf, "%.6f", isfinite(us) ? us / 1e6 : 0.0);
	gs_jx_attr(x, name, buf);
}

void
gs_jx_text(gs_jx *x, const char *text)
{
	char *clean = gs_fmt_clean(text);

	if (!clean) {
		x->failed = 1;
		return;
	}
	check(x, xmlTextWriterWriteString(x->w, BAD_CAST clean));
	free(clean);
}
