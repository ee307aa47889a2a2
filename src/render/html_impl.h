/* html_impl.h: the building blocks of the HTML report pages, shared by the
 * compare page (html.c), the single-run page (html_single.c) and the
 * history page (html_history.c).  Not a public interface of the tool: only
 * the HTML writers include it.
 *
 * A page is built on DATADIR/templates/report.html parsed by libxml2; its
 * placeholder elements are found by id (gs_html_slot) and filled with
 * nodes, so every string from an input is a text node escaped on output.
 * The node helpers tolerate a NULL parent (they then do nothing and return
 * NULL) and remember an allocation failure in w->failed, which
 * gs_html_close turns into an error: callers need not check each node.
 */
#ifndef GS_HTML_IMPL_H
#define GS_HTML_IMPL_H

#include <stddef.h>
#include <stdio.h>

#include <libxml/tree.h>

#include "render/report.h"
#include "table.h"
#include "util/error.h"

/* The page being built. */
typedef struct gs_html {
	xmlDocPtr doc; /* owned until gs_html_close */
	const gs_report *r;
	const gs_compare *c; /* r->cmp (compare pages), else NULL */
	char tpl[4096]; /* the template's path, for error messages */
	int failed; /* a node could not be created (out of memory) */
} gs_html;

/* gs_html_open: read DATADIR/templates/report.html (R->datadir, else
 * gs_datadir()), inline templates/report.css into the element with id
 * "style" and set the <title> to R->title or DEFAULT_TITLE.  Returns 0, or
 * -1 with ERR (nothing to free). */
int gs_html_open(gs_html *w, const gs_report *r, const char *default_title, gs_error *err);

/* gs_html_slot: the template element with id ID, or NULL with ERR (the
 * template lacks it). */
xmlNodePtr gs_html_slot(gs_html *w, const char *id, gs_error *err);

/* gs_html_close: remove the <section>s left empty, then, if OUT is not
 * NULL, write the page to OUT (UTF-8, indented).  Always frees the
 * document.  Returns 0, or -1 with ERR (a node failed earlier, or the
 * write failed). */
int gs_html_close(gs_html *w, FILE *out, gs_error *err);

/* ---- nodes */

/* An element NAME (with class CLS if not NULL) appended to PARENT. */
xmlNodePtr gs_html_add(gs_html *w, xmlNodePtr parent, const char *name, const char *cls);
/* Append S (any bytes, possibly from an input; NULL is "") as escaped,
 * UTF-8-cleaned text to N. */
void gs_html_text(gs_html *w, xmlNodePtr n, const char *s);
/* gs_html_add then gs_html_text. */
xmlNodePtr gs_html_add_text(gs_html *w, xmlNodePtr parent, const char *name, const char *cls,
                            const char *s);
/* Set attribute NAME of N to VALUE (possibly from an input: libxml2
 * escapes it; it is UTF-8-cleaned first). */
void gs_html_set_attr(gs_html *w, xmlNodePtr n, const char *name, const char *value);
/* A <p> of the printf-formatted text (at most 1023 bytes). */
xmlNodePtr gs_html_para(gs_html *w, xmlNodePtr parent, const char *cls, const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));

/* ---- tables */

/* A <table class=CLS> under PARENT with the '|'-separated HEADS; ALIGN has
 * one letter per column, 'n' for a right-aligned number.  Returns the
 * tbody. */
xmlNodePtr gs_html_table(gs_html *w, xmlNodePtr parent, const char *cls, const char *heads,
                         const char *align);
xmlNodePtr gs_html_td(gs_html *w, xmlNodePtr tr, const char *s);
xmlNodePtr gs_html_td_num(gs_html *w, xmlNodePtr tr, const char *s);
/* Times in µs (gs_fmt_us), counts, ratios "1.10×" (gs_fmt_ratio). */
void gs_html_td_us(gs_html *w, xmlNodePtr tr, double us);
void gs_html_td_count(gs_html *w, xmlNodePtr tr, size_t n);
void gs_html_td_ratio(gs_html *w, xmlNodePtr tr, double r, int decimals);
/* A number with DECIMALS decimals and thousands separators, "—" if not
 * finite. */
void gs_html_td_fixed(gs_html *w, xmlNodePtr tr, double v, int decimals);
/* A shape as gs_fmt_shape writes it, monospace. */
void gs_html_td_shape(gs_html *w, xmlNodePtr tr, const gs_shape *s);
/* A key/value row (th, numeric td) of a two-column table. */
void gs_html_kv(gs_html *w, xmlNodePtr tbody, const char *label, const char *value);
/* "K (share of N)" and "V µs" values. */
void gs_html_kv_count(gs_html *w, xmlNodePtr tbody, const char *label, size_t k, size_t n);
void gs_html_kv_us(gs_html *w, xmlNodePtr tbody, const char *label, double us);

/* ---- definition lists (methodology, header metadata) */

/* A <dt>TERM</dt><dd>printf text</dd> pair under DL (text at most 1023
 * bytes). */
void gs_html_define(gs_html *w, xmlNodePtr dl, const char *term, const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));
/* A <dt>LABEL</dt><dd>VALUE</dd> pair. */
void gs_html_meta_row(gs_html *w, xmlNodePtr dl, const char *label, const char *value);
/* <dt>LABEL</dt><dd>path (format, N shapes, GPU g)</dd> for input T. */
void gs_html_input_row(gs_html *w, xmlNodePtr dl, const char *label, const gs_table *t);
/* The "Generated ... / Tool gemmscope VERSION" rows of the header. */
void gs_html_meta_tool(gs_html *w, xmlNodePtr dl);

/* ---- figures */

/* gs_html_add_svg: parse P->svg and append it to FIG, with scripts,
 * foreignObject, event handlers and external references removed.  Returns
 * 0, or -1 with ERR (the SVG does not parse, or out of memory). */
int gs_html_add_svg(gs_html *w, xmlNodePtr fig, const gs_report_plot *p, gs_error *err);
/* gs_html_figure: a <figure id="fig-ID"> under PARENT holding P's SVG and
 * a caption "TITLE — CAPTION".  Returns the figure, or NULL with ERR. */
xmlNodePtr gs_html_figure(gs_html *w, xmlNodePtr parent, const gs_report_plot *p, gs_error *err);
/* gs_html_plots: an <h2>Plots</h2> and a figure for each of the N plots
 * whose place is NULL (or a "no plots" note); plots with a place are drawn
 * by the section that owns them.  Returns 0, or -1 with ERR. */
int gs_html_plots(gs_html *w, xmlNodePtr sec, const gs_report_plot *plots, size_t n, gs_error *err);

/* gs_html_footer: the footer sentence (version, timestamp, self-contained). */
void gs_html_footer(gs_html *w, xmlNodePtr f);

/* gs_html_gates (html.c): when the model has CI gates, a <ul class="gates">
 * under PARENT, one <li> per gate ("PASS: " or "FAIL: " and its clause,
 * gs_gate_text; class "improved" or "regressed"); nothing without gates. */
void gs_html_gates(gs_html *w, xmlNodePtr parent);

/* gs_html_history_method: the history page's methodology (h2 and a dl of
 * definitions) into SEC, with H's options (threshold, window, p and
 * magnitude limits, persistence) filled in.  Formatting only. */
struct gs_history;
void gs_html_history_method(gs_html *w, const struct gs_history *h, xmlNodePtr sec);

#endif
