/* fmt_xml.c: libxml2's own messages captured into the writer's error
 * instead of leaking to stderr (gs_fmt_xml_quiet, gs_fmt_xml_loud: fmt.h).
 * The captured line is per thread: the writers of two outputs may run at
 * once (render/output.c). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <libxml/xmlerror.h>
#include <libxml/xmlversion.h>

#include "render/fmt.h"

/* The first line libxml2 reported while captured ("" if none). */
static _Thread_local char xml_first[160];

/* Append TEXT to xml_first while its first line is incomplete. */
static void
xml_keep(const char *text)
{
	size_t n = strlen(xml_first);

	if (memchr(xml_first, '\n', n) || n + 1 >= sizeof xml_first)
		return;
	snprintf(xml_first + n, sizeof xml_first - n, "%s", text);
}

static void
xml_generic(void *ctx, const char *msg, ...)
{
	char line[sizeof xml_first];
	va_list ap;

	(void)ctx;
	va_start(ap, msg);
	vsnprintf(line, sizeof line, msg, ap);
	va_end(ap);
	xml_keep(line);
}

#if LIBXML_VERSION >= 21200
static void
xml_structured(void *ctx, const xmlError *e)
#else
static void
xml_structured(void *ctx, xmlErrorPtr e)
#endif
{
	(void)ctx;
	if (!e || !e->message || xml_first[0])
		return;
	if (e->domain == XML_FROM_IO)
		xml_keep("I/O error: ");
	xml_keep(e->message);
	xml_keep("\n");
}

void
gs_fmt_xml_quiet(void)
{
	xml_first[0] = '\0';
	xmlSetGenericErrorFunc(NULL, xml_generic);
	xmlSetStructuredErrorFunc(NULL, xml_structured);
}

const char *
gs_fmt_xml_loud(void)
{
	size_t n;

	xmlSetGenericErrorFunc(NULL, NULL);
	xmlSetStructuredErrorFunc(NULL, NULL);
	xml_first[strcspn(xml_first, "\n")] = '\0';
	n = strlen(xml_first);
	while (n > 0 && (xml_first[n - 1] == ' ' || xml_first[n - 1] == ':'))
		xml_first[--n] = '\0';
	return xml_first;
}
