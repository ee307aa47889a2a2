/* junitw.h: the JUnit writers' one XML writer (libxml2 xmlTextWriter into
 * memory, two-space indent; it escapes every attribute and text).  A
 * failed call sets ->failed; gs_jx_finish() reports it once and writes the
 * document only when nothing failed.
 */
#ifndef GS_JUNITW_H
#define GS_JUNITW_H

#include <stddef.h>
#include <stdio.h>

#include <libxml/xmlwriter.h>

#include "util/error.h"

typedef struct gs_jx {
	xmlTextWriterPtr w;
	xmlBufferPtr buf;
	int failed;
} gs_jx;

/* gs_jx_begin: a writer with the XML declaration written.  Returns 0, or
 * -1 with ERR on out of memory. */
int gs_jx_begin(gs_jx *x, gs_error *err);

/* gs_jx_finish: close every open element, free the writer and write the
 * document to OUT.  Returns 0, or -1 with ERR (a call failed or OUT could
 * not be written; nothing is written in the first case). */
int gs_jx_finish(gs_jx *x, FILE *out, gs_error *err);

/* The writer calls: open ELEMENT (a program literal) / close the innermost
 * open element.  Nothing is returned: a failure sets X->failed for
 * gs_jx_finish().  Arguments are borrowed. */
void gs_jx_start(gs_jx *x, const char *element);
void gs_jx_end(gs_jx *x);
/* An attribute or text whose value may come from an input: made valid
 * UTF-8 first (gs_fmt_clean). */
void gs_jx_attr(gs_jx *x, const char *name, const char *value);
void gs_jx_attr_count(gs_jx *x, const char *name, size_t v);
/* US microseconds as JUnit's seconds ("%.6f"; 0 if not finite). */
void gs_jx_attr_seconds(gs_jx *x, const char *name, double us);
void gs_jx_text(gs_jx *x, const char *text);

#endif
