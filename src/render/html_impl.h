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
/* Times in µs (gs_fmt_us), counts with thousands separators
 * (gs_fmt_count), ratios "1.10×" (gs_fmt_ratio). */
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

/* ---- scale (html_layout.c): a page reads the same at 500 shapes and at
 * a million (DESIGN.md "The report") */

/* Rows of a per-shape table (the all-shapes and efficiency tables, change
 * points, modes) and of a secondary list (shapes in one input, excluded
 * rows, shapes missing from some runs); more are summed up by
 * gs_html_more. */
enum { GS_HTML_ROWS = 1000, GS_HTML_LIST_ROWS = 100 };

/* gs_html_toc: fill NAV (a child of <main>) with "Contents" and a list of
 * plain anchor links, one per non-empty <section> of <main> that has an id
 * and an h2 (the link's text), in page order.  Call it after every section
 * is filled. */
void gs_html_toc(gs_html *w, xmlNodePtr nav);

/* gs_html_details: a <details> under PARENT, open when OPEN, whose
 * <summary> is the printf text (at most 511 bytes).  Returns it. */
xmlNodePtr gs_html_details(gs_html *w, xmlNodePtr parent, int open, const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));

/* gs_html_more: when SHOWN < TOTAL, a <p class="more">: "12,345 more
 * shapes not listed here (1,000 of 13,345 shown): WHERE." with ONE or
 * MANY as the noun (gs_fmt_plural); nothing otherwise. */
void gs_html_more(gs_html *w, xmlNodePtr parent, size_t shown, size_t total, const char *one,
                  const char *many, const char *where);

/* gs_html_ranking: a <div class="ranking" id=ID> under SIDE (a <div
 * class="side">, which lays its rankings out side by side and stacks
 * them on a narrow screen) with an <h3> TITLE.  Returns the div. */
xmlNodePtr gs_html_ranking(gs_html *w, xmlNodePtr side, const char *id, const char *title);

/* gs_html_largest: the indices of the at most K of the items 0..N-1 with
 * the largest KEY(CTX, i), largest first (ties: the smaller index first),
 * written to OUT (room for K).  A bounded heap: O(N log K) time, O(K)
 * memory.  Returns the count (min(N, K)), or (size_t)-1 on out of
 * memory. */
size_t gs_html_largest(size_t n, double (*key)(const void *ctx, size_t i), const void *ctx,
                       size_t k, size_t *out);

/* gs_html_footer: the footer sentence (version, timestamp, self-contained). */
void gs_html_footer(gs_html *w, xmlNodePtr f);

/* gs_html_gates (html_verdict.c): when the model has CI gates, a <ul
 * class="gates"> under PARENT, one <li> per gate ("PASS: " or "FAIL: " and
 * its clause with value and threshold, gs_gate_text; class "improved" or
 * "regressed"); without gates a <p class="no-gates"> that says no gate
 * was set. */
void gs_html_gates(gs_html *w, xmlNodePtr parent);

/* The compare page's parts (html_verdict.c), each filling section SEC:
 * gs_html_compare_summary: the verdict section (verdict sentence, gates,
 * headline numbers, cause split, what to look at: the worst shape by time
 * lost and by slowdown (one line when they are the same shape), the best
 * by time saved, one line each);
 * gs_html_compare_regressions / _improvements: "Top regressions" /
 * "Top improvements", the ranking by ratio (div#worst-ratio, #best-ratio)
 * beside the ranking by time lost / saved (div#worst-time, #best-time:
 * µs and share of the total lost / saved), --top rows each. */
void gs_html_compare_summary(gs_html *w, xmlNodePtr sec);
void gs_html_compare_regressions(gs_html *w, xmlNodePtr sec);
void gs_html_compare_improvements(gs_html *w, xmlNodePtr sec);

/* gs_html_shown_pairs (html.c): the matched pairs a per-shape table of C
 * shows: all of them in input order when there are at most GS_HTML_ROWS,
 * else the GS_HTML_ROWS with the largest |t_cand - t_base|, largest first.
 * *IDX (malloc'd, the caller frees) gets *N indices into C->pairs.
 * Returns 0, or -1 on out of memory (*IDX NULL). */
int gs_html_shown_pairs(const gs_compare *c, size_t **idx, size_t *n);

/* gs_html_history_method: the history page's methodology (h2 and a dl of
 * definitions) into SEC, with H's options (threshold, window, p and
 * magnitude limits, persistence) filled in.  Formatting only. */
struct gs_history;
void gs_html_history_method(gs_html *w, const struct gs_history *h, xmlNodePtr sec);

#endif
