/* html_history.c: the history page, on the same template, style sheet and
 * node helpers as the compare page (render/html_impl.h).
 *
 * Order: header (runs, first and last input), summary (verdict, counts,
 * geomean of the last run), the trend plot, then sections inserted after
 * the template's "plots" placeholder: the evolution table (every run
 * against the first and the previous, statistics.md §1 "Evolution across
 * versions"), the change points (open regressions first), the small
 * multiples, the mode decomposition (when the runs carry mode names);
 * then shapes missing from some runs ("unmatched"), excluded rows, the
 * methodology and the footer.  Template placeholders this page does not
 * use stay empty and are removed.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/modes.h"
#include "render/fmt.h"
#include "analysis/history.h"
#include "render/html_impl.h"
#include "render/writer_impl.h"

enum { MISSING_NAMES = 8 }; /* run names listed per partial shape */

/* The page and the history it shows. */
typedef struct hp {
	gs_html w;
	const gs_history *h;
} hp;

/* ---- header and summary */

static void
fill_header(hp *p, xmlNodePtr sec)
{
	const gs_history *h = p->h;
	char buf[512];
	xmlNodePtr dl;

	gs_html_add_text(&p->w, sec, "h1", NULL,
	                 p->w.r->title ? p->w.r->title : "gemmscope history");
	dl = gs_html_add(&p->w, sec, "dl", "meta");
	snprintf(buf, sizeof buf, "%zu, oldest first, ordered %s%s", h->nruns,
	         h->opts.order_column ? "by the column " : "by name (natural order)",
	         h->opts.order_column ? h->opts.order_column : "");
	gs_html_meta_row(&p->w, dl, "Runs", buf);
	gs_html_input_row(&p->w, dl, "First run", h->runs[0].table);
	gs_html_input_row(&p->w, dl, "Last run", h->runs[h->nruns - 1].table);
	gs_html_meta_tool(&p->w, dl);
}

static void
verdict(hp *p, xmlNodePtr sec)
{
	const gs_history *h = p->h;
	const gs_history_entry *last = &h->runs[h->nruns - 1];
	char g[GS_FMT_LEN], ch[GS_FMT_LEN];

	gs_html_para(&p->w, sec, "verdict",
	             "%zu regression%s open at %s (%zu confirmed "
	             "over the series), %zu improvement%s, %zu pending; geomean of %s "
	             "against %s %s (%s)",
	             p->w.r->open_regressions, p->w.r->open_regressions == 1 ? "" : "s", last->name,
	             h->regressions, h->improvements, h->improvements == 1 ? "" : "s", h->pending,
	             last->name, h->runs[0].name,
	             gs_fmt_ratio(g, sizeof g, last->geomean_vs_first, 4),
	             gs_fmt_change(ch, sizeof ch, last->geomean_vs_first - 1));
}

static void
summary_geomeans(hp *p, xmlNodePtr tb)
{
	const gs_history *h = p->h;
	const gs_compare_summary *f = &h->runs[h->nruns - 1].vs_first.s;
	const gs_compare_summary *v = &h->runs[h->nruns - 1].vs_previous.s;
	char buf[256], g[GS_FMT_LEN], ci[2 * GS_FMT_LEN + 4];

	snprintf(buf, sizeof buf, "%s, 95 %% CI %s, n = %zu",
	         gs_fmt_ratio(g, sizeof g, f->geomean, 4),
	         gs_fmt_ci(ci, sizeof ci, f->geomean_lo, f->geomean_hi, 4), f->matched);
	gs_html_kv(&p->w, tb, "Geomean speedup, last run against the first", buf);
	snprintf(buf, sizeof buf, "%s, n = %zu", gs_fmt_ratio(g, sizeof g, v->geomean, 4),
	         v->matched);
	gs_html_kv(&p->w, tb, "Geomean speedup, last run against the previous", buf);
}

static void
kv_n(hp *p, xmlNodePtr tb, const char *label, size_t n)
{
	char buf[GS_FMT_LEN];

	gs_html_kv(&p->w, tb, label, gs_fmt_count(buf, sizeof buf, n));
}

static void
fill_summary(hp *p, xmlNodePtr sec)
{
	const gs_history *h = p->h;
	xmlNodePtr tb;
	char label[128];

	gs_html_add_text(&p->w, sec, "h2", NULL, "Verdict");
	verdict(p, sec);
	gs_html_gates(&p->w, sec);
	tb = gs_html_table(&p->w, sec, "kv", "Metric|Value", "tn");
	kv_n(p, tb, "Runs", h->nruns);
	kv_n(p, tb, "Shapes (in any run)", h->nseries);
	gs_html_kv_count(&p->w, tb, "Shapes missing from some runs", h->partial, h->nseries);
	kv_n(p, tb, "Change points found", h->ncps);
	snprintf(label, sizeof label,
	         "Regressions confirmed (slower steps that lasted "
	         "\xe2\x89\xa5 %u runs)",
	         h->opts.persist);
	kv_n(p, tb, label, h->regressions);
	gs_html_kv_count(&p->w, tb, "Shapes with a regression still open at the last run",
	                 p->w.r->open_regressions, h->nseries);
	kv_n(p, tb, "Improvements confirmed", h->improvements);
	snprintf(label, sizeof label, "Pending (newer than %u runs, either direction)",
	         h->opts.persist);
	kv_n(p, tb, label, h->pending);
	summary_geomeans(p, tb);
}

/* The plot with id ID, or NULL. */
static const gs_report_plot *
plot_by_id(const gs_report *r, const char *id)
{
	for (size_t i = 0; i < r->nplots; i++)
		if (r->plots[i].id && strcmp(r->plots[i].id, id) == 0)
			return &r->plots[i];
	return NULL;
}

static int
fill_trend(hp *p, xmlNodePtr sec, gs_error *err)
{
	const gs_report_plot *pl = plot_by_id(p->w.r, "history-trend");

	gs_html_add_text(&p->w, sec, "h2", NULL, "Trend");
	if (!pl) {
		gs_html_add_text(&p->w, sec, "p", "none", "No trend plot was drawn.");
		return 0;
	}
	return gs_html_figure(&p->w, sec, pl, err) ? 0 : -1;
}

/* ---- evolution table */

static size_t
cps_at(const gs_history *h, size_t run)
{
	size_t n = 0;

	for (size_t i = 0; i < h->ncps; i++)
		n += h->cps[i].run_index == run;
	return n;
}

static void
evolution_row(hp *p, xmlNodePtr tb, size_t i)
{
	const gs_history_entry *e = &p->h->runs[i];
	const gs_compare_summary *f = &e->vs_first.s, *v = &e->vs_previous.s;
	xmlNodePtr tr = gs_html_add(&p->w, tb, "tr", NULL);
	char buf[GS_FMT_LEN * 3 + 16], g[GS_FMT_LEN], ci[2 * GS_FMT_LEN + 4];

	gs_html_td_count(&p->w, tr, i);
	gs_html_add_text(&p->w, tr, "td", "mono", e->name);
	gs_html_td_count(&p->w, tr, e->shapes);
	gs_fmt_ratio(g, sizeof g, e->geomean_vs_first, 4);
	if (i)
		snprintf(buf, sizeof buf, "%s [%s]", g,
		         gs_fmt_ci(ci, sizeof ci, f->geomean_lo, f->geomean_hi, 3));
	else
		snprintf(buf, sizeof buf, "%s", g);
	gs_html_td_num(&p->w, tr, buf);
	gs_html_td_count(&p->w, tr, f->improved);
	gs_html_td_count(&p->w, tr, f->regressed);
	gs_html_td_count(&p->w, tr, f->unsure);
	gs_html_td_ratio(&p->w, tr, e->geomean_vs_previous, 4);
	snprintf(buf, sizeof buf, "%zu / %zu", v->improved, v->regressed);
	gs_html_td_num(&p->w, tr, buf);
	gs_html_td_count(&p->w, tr, cps_at(p->h, i));
}

static void
fill_evolution(hp *p, xmlNodePtr sec)
{
	double t = p->h->opts.cmp.threshold * 100;
	xmlNodePtr tb;

	gs_html_add_text(&p->w, sec, "h2", NULL, "Evolution across runs");
	gs_html_para(&p->w, sec, NULL,
	             "Every run against one fixed baseline, the first "
	             "run, as in the IREE report's \xe2\x80\x9c"
	             "Evolution Across Model "
	             "Iterations\xe2\x80\x9d (improved, regressed and unsure shapes "
	             "against the first run), and against the previous run. Improved: "
	             "speedup \xe2\x88\x92 1 > +%g %%; regressed: < \xe2\x88\x92%g %%. "
	             "Steps counts the change points whose first run after the step is "
	             "that run.",
	             t, t);
	tb = gs_html_table(&p->w, sec, "evolution",
	                   "#|Run|Shapes|Geomean vs first "
	                   "[95 % CI]|Improved|Regressed|Unsure|Geomean vs previous|"
	                   "Impr. / regr. vs prev.|Steps",
	                   "ntnnnnnnnn");
	for (size_t i = 0; i < p->h->nruns; i++)
		evolution_row(p, tb, i);
}

/* ---- change points */

/* Sort rank of a change point: open regressions, pending, other
 * regressions, improvements. */
static int
cp_rank(const gs_report *r, const gs_history_cp *c)
{
	if (c->pending)
		return 1;
	if (c->slower)
		return r->hseries[c->series].open == c ? 0 : 2;
	return 3;
}

/* A change point's place in the table. */
typedef struct cp_key {
	int rank;
	double magnitude;
	size_t i; /* index into h->cps */
} cp_key;

static int
cp_order(const void *a, const void *b)
{
	const cp_key *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank - y->rank;
	if (x->magnitude != y->magnitude)
		return x->magnitude > y->magnitude ? -1 : 1;
	return x->i < y->i ? -1 : 1;
}

static void
td_state(hp *p, xmlNodePtr tr, const gs_history_cp *c, int rank)
{
	static const char *const label[] = {"regression (open)", "pending", "regression (closed)",
	                                    "improvement"};
	static const char *const cls[] = {"cls regressed", "cls unsure", "cls neutral",
	                                  "cls improved"};
	char buf[64];

	snprintf(buf, sizeof buf, "%s%s%s", label[rank], rank == 1 ? ", " : "",
	         rank == 1 ? gs_history_cp_direction(c) : "");
	gs_html_add_text(&p->w, tr, "td", cls[rank], buf);
}

static void
cp_row(hp *p, xmlNodePtr tb, const cp_key *k)
{
	const gs_history_cp *c = &p->h->cps[k->i];
	const gs_record *rec = p->h->series[c->series].rec;
	xmlNodePtr tr = gs_html_add(&p->w, tb, "tr", NULL);
	char buf[64];

	gs_html_td_shape(&p->w, tr, &rec->shape);
	gs_html_td(&p->w, tr, gs_record_tag(rec) ? gs_record_tag(rec) : "");
	gs_html_add_text(&p->w, tr, "td", "mono", c->run);
	td_state(p, tr, c, k->rank);
	gs_html_td_us(&p->w, tr, c->median_before);
	gs_html_td_us(&p->w, tr, c->median_after);
	gs_html_td_ratio(&p->w, tr, c->ratio, 3);
	snprintf(buf, sizeof buf, "%.2g", c->p_value);
	gs_html_td_num(&p->w, tr, buf);
	snprintf(buf, sizeof buf, "%zu / %zu", c->runs_before, c->runs_after);
	gs_html_td_num(&p->w, tr, buf);
}

static int
fill_change_points(hp *p, xmlNodePtr sec, gs_error *err)
{
	const gs_history *h = p->h;
	cp_key *idx;
	char title[96], n[GS_FMT_LEN];
	xmlNodePtr tb;

	snprintf(title, sizeof title, "Change points (%s)", gs_fmt_count(n, sizeof n, h->ncps));
	gs_html_add_text(&p->w, sec, "h2", NULL, title);
	if (h->ncps == 0) {
		gs_html_add_text(&p->w, sec, "p", "none", "No change point was found.");
		return 0;
	}
	idx = malloc(h->ncps * sizeof *idx);
	if (!idx)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	for (size_t i = 0; i < h->ncps; i++) {
		idx[i].rank = cp_rank(p->w.r, &h->cps[i]);
		idx[i].magnitude = h->cps[i].magnitude;
		idx[i].i = i;
	}
	qsort(idx, h->ncps, sizeof *idx, cp_order);
	gs_html_para(&p->w, sec, NULL,
	             "Open regressions first, then pending steps, "
	             "then regressions since undone and improvements; largest first. "
	             "Run: the first run after the step. Time ratio = median after / "
	             "median before (> 1 is slower); p: the t-test of the two segments; "
	             "runs: those with the shape before / after the step.");
	tb = gs_html_table(&p->w, sec, "changes",
	                   "Shape (M\xc3\x97N\xc3\x97K)|Tag|Run|"
	                   "State|Before (\xc2\xb5s)|After (\xc2\xb5s)|Time ratio|p|Runs",
	                   "ttttnnnnn");
	for (size_t i = 0; i < h->ncps && i < GS_HTML_ROWS; i++)
		cp_row(p, tb, &idx[i]);
	free(idx);
	gs_html_more(&p->w, sec, h->ncps < GS_HTML_ROWS ? h->ncps : GS_HTML_ROWS, h->ncps,
	             "change point", "change points",
	             "the JSON output (--json) lists every one, and the regressions CSV the "
	             "regressions");
	return 0;
}

static int
fill_multiples(hp *p, xmlNodePtr sec, gs_error *err)
{
	const gs_report_plot *pl = plot_by_id(p->w.r, "history-changes");

	if (!pl)
		return 0;
	gs_html_add_text(&p->w, sec, "h2", NULL, "Shapes with the largest change points");
	return gs_html_figure(&p->w, sec, pl, err) ? 0 : -1;
}

/* ---- mode decomposition */

static void
mode_row(hp *p, xmlNodePtr tb, const gs_modes_row *row)
{
	xmlNodePtr tr = gs_html_add(&p->w, tb, "tr", NULL);

	gs_html_td_shape(&p->w, tr, &row->rec->shape);
	gs_html_td(&p->w, tr, gs_record_tag(row->rec) ? gs_record_tag(row->rec) : "");
	for (int m = 0; m < GS_MODE__N; m++)
		gs_html_td_fixed(&p->w, tr, row->t[m], 1);
	gs_html_td_fixed(&p->w, tr, row->direct_gain_us, 1);
	gs_html_td_fixed(&p->w, tr, row->decomp_gain_us, 1);
}

static void
fill_modes(hp *p, xmlNodePtr sec)
{
	const gs_modes *m = p->w.r->modes;
	char heads[256];
	xmlNodePtr tb;

	if (!m)
		return;
	gs_html_add_text(&p->w, sec, "h2", NULL, "Mode decomposition");
	gs_html_para(&p->w, sec, NULL,
	             "Runs %s (full), %s (no_overlap), %s (comm_only), "
	             "%s (comp_only). Direct gain = T_no_overlap \xe2\x88\x92 T_full; "
	             "decomposition gain = T_comm_only + T_comp_only \xe2\x88\x92 T_full; "
	             "a positive gain is time hidden by overlap. A larger gain does not "
	             "mean a faster kernel: compare T_full first.",
	             m->name[GS_MODE_FULL] ? m->name[GS_MODE_FULL] : "\xe2\x80\x94",
	             m->name[GS_MODE_NO_OVERLAP] ? m->name[GS_MODE_NO_OVERLAP] : "\xe2\x80\x94",
	             m->name[GS_MODE_COMM_ONLY] ? m->name[GS_MODE_COMM_ONLY] : "\xe2\x80\x94",
	             m->name[GS_MODE_COMP_ONLY] ? m->name[GS_MODE_COMP_ONLY] : "\xe2\x80\x94");
	snprintf(heads, sizeof heads,
	         "Shape (M\xc3\x97N\xc3\x97K)|Tag|full (\xc2\xb5s)|"
	         "no_overlap (\xc2\xb5s)|comm_only (\xc2\xb5s)|comp_only (\xc2\xb5s)|"
	         "Direct gain (\xc2\xb5s)|Decomposition gain (\xc2\xb5s)");
	tb = gs_html_table(&p->w, sec, "full", heads, "ttnnnnnn");
	for (size_t i = 0; i < m->nrows && i < GS_HTML_ROWS; i++)
		mode_row(p, tb, &m->rows[i]);
	gs_html_more(&p->w, sec, m->nrows < GS_HTML_ROWS ? m->nrows : GS_HTML_ROWS, m->nrows,
	             "shape", "shapes", "the JSON output (--json) has every shape's modes");
	if (m->incomplete)
		gs_html_para(&p->w, sec, "none",
		             "%zu shape%s of the full run missing from "
		             "another mode's run (\xe2\x80\x94).",
		             m->incomplete, m->incomplete == 1 ? "" : "s");
	if (m->ignored)
		gs_html_para(&p->w, sec, "none",
		             "%zu run%s without a mode word left out of "
		             "this table.",
		             m->ignored, m->ignored == 1 ? "" : "s");
}

/* ---- shapes missing from some runs, excluded rows */

static void
missing_cell(hp *p, xmlNodePtr tr, const gs_history_series *s)
{
	const gs_history *h = p->h;
	xmlNodePtr td = gs_html_add(&p->w, tr, "td", NULL);
	size_t listed = 0, missing = h->nruns - s->present;
	char more[64];

	for (size_t i = 0; i < h->nruns && listed < MISSING_NAMES; i++) {
		if (!isnan(s->t[i]))
			continue;
		gs_html_text(&p->w, td, listed ? ", " : "");
		gs_html_text(&p->w, td, h->runs[i].name);
		listed++;
	}
	if (missing > listed) {
		snprintf(more, sizeof more, " and %zu more", missing - listed);
		gs_html_text(&p->w, td, more);
	}
}

static void
fill_partial(hp *p, xmlNodePtr sec)
{
	const gs_history *h = p->h;
	size_t shown = 0;
	char total[GS_FMT_LEN];
	xmlNodePtr d, tb;

	gs_html_add_text(&p->w, sec, "h2", NULL, "Shapes missing from some runs");
	if (h->partial == 0) {
		gs_html_add_text(&p->w, sec, "p", "none", "Every shape is in every run.");
		return;
	}
	gs_html_para(&p->w, sec, NULL,
	             "Their series have gaps; each run's geomeans use "
	             "the shapes it shares with the first (or previous) run.");
	d = gs_html_details(&p->w, sec, 0, "%s %s missing from some runs",
	                    gs_fmt_count(total, sizeof total, h->partial),
	                    gs_fmt_plural(h->partial, "shape", "shapes"));
	tb = gs_html_table(&p->w, d, "full",
	                   "Shape (M\xc3\x97N\xc3\x97K)|Tag|Runs with "
	                   "it|Missing from",
	                   "ttnt");
	for (size_t i = 0; i < h->nseries && shown < GS_HTML_LIST_ROWS; i++) {
		const gs_history_series *s = &h->series[i];
		xmlNodePtr tr;
		if (s->present == h->nruns)
			continue;
		tr = gs_html_add(&p->w, tb, "tr", NULL);
		gs_html_td_shape(&p->w, tr, &s->rec->shape);
		gs_html_td(&p->w, tr, gs_record_tag(s->rec) ? gs_record_tag(s->rec) : "");
		gs_html_td_count(&p->w, tr, s->present);
		missing_cell(p, tr, s);
		shown++;
	}
	gs_html_more(&p->w, d, shown, h->partial, "shape", "shapes",
	             "the JSON output (--json) has every series with its gaps");
}

static size_t
excluded_total(const gs_history *h)
{
	size_t n = 0;

	for (size_t r = 0; r < h->nruns; r++)
		n += h->runs[r].nexcl;
	return n;
}

static void
fill_excluded(hp *p, xmlNodePtr sec)
{
	const gs_history *h = p->h;
	size_t total = excluded_total(h), shown = 0;
	char n[GS_FMT_LEN];
	xmlNodePtr d, tb;

	gs_html_add_text(&p->w, sec, "h2", NULL, "Excluded rows");
	if (total == 0) {
		gs_html_add_text(&p->w, sec, "p", "none", "No row was excluded.");
		return;
	}
	d = gs_html_details(&p->w, sec, 0, "%s excluded %s", gs_fmt_count(n, sizeof n, total),
	                    gs_fmt_plural(total, "row", "rows"));
	tb = gs_html_table(&p->w, d, "excluded", "Run|Line|Row|Reason", "tntt");
	for (size_t r = 0; r < h->nruns && shown < GS_HTML_LIST_ROWS; r++) {
		const gs_history_entry *t = &h->runs[r];
		for (size_t i = 0; i < t->nexcl && shown < GS_HTML_LIST_ROWS; i++, shown++) {
			xmlNodePtr tr = gs_html_add(&p->w, tb, "tr", NULL);
			gs_html_td(&p->w, tr, h->runs[r].name);
			gs_html_td_count(&p->w, tr, (size_t)t->excl[i].line);
			gs_html_add_text(&p->w, tr, "td", "mono", t->excl[i].what);
			gs_html_td(&p->w, tr, t->excl[i].reason);
		}
	}
	gs_html_more(&p->w, d, shown, total, "row", "rows",
	             "gemmscope report RUN --json lists all of a run's excluded rows");
}

/* ---- methodology: html_history_method.c */

static void
fill_methodology(hp *p, xmlNodePtr sec)
{
	gs_html_history_method(&p->w, p->h, sec);
}

/* ---- the document */

/* A new <section id=ID> right after AFTER; returns it (NULL on OOM, which
 * the page remembers). */
static xmlNodePtr
section_after(hp *p, xmlNodePtr after, const char *id)
{
	xmlNodePtr s = after ? xmlNewDocNode(p->w.doc, NULL, BAD_CAST "section", NULL) : NULL;

	if (!s || !xmlAddNextSibling(after, s)) {
		xmlFreeNode(s);
		p->w.failed = 1;
		return NULL;
	}
	gs_html_set_attr(&p->w, s, "id", id);
	return s;
}

static int
fill_middle(hp *p, xmlNodePtr plots, gs_error *err)
{
	xmlNodePtr evo = section_after(p, plots, "evolution");
	xmlNodePtr cps = section_after(p, evo, "change-points");
	xmlNodePtr mult = section_after(p, cps, "changes");
	xmlNodePtr modes = section_after(p, mult, "modes");

	if (!modes)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	fill_evolution(p, evo);
	if (fill_change_points(p, cps, err) != 0 || fill_multiples(p, mult, err) != 0)
		return -1;
	fill_modes(p, modes);
	return 0;
}

typedef void (*filler)(hp *p, xmlNodePtr sec);

static int
fill_page(hp *p, gs_error *err)
{
	static const struct {
		const char *id;
		filler fn;
	} parts[] = {
	        {"header", fill_header},           {"summary", fill_summary},
	        {"unmatched", fill_partial},       {"excluded", fill_excluded},
	        {"methodology", fill_methodology},
	};
	xmlNodePtr plots, foot, toc;

	for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
		xmlNodePtr sec = gs_html_slot(&p->w, parts[i].id, err);
		if (!sec)
			return -1;
		parts[i].fn(p, sec);
	}
	plots = gs_html_slot(&p->w, "plots", err);
	foot = plots ? gs_html_slot(&p->w, "footer", err) : NULL;
	if (!foot || fill_trend(p, plots, err) != 0 || fill_middle(p, plots, err) != 0)
		return -1;
	gs_html_footer(&p->w, foot);
	toc = gs_html_slot(&p->w, "toc", err);
	if (!toc)
		return -1;
	gs_html_toc(&p->w, toc);
	return 0;
}

int
gs_html_history(const gs_report *r, FILE *out, gs_error *err)
{
	hp p;

	memset(&p, 0, sizeof p);
	p.h = r->hist;
	if (gs_html_open(&p.w, r, "gemmscope history", err) != 0)
		return -1;
	if (fill_page(&p, err) != 0) {
		gs_html_close(&p.w, NULL, err);
		return -1;
	}
	return gs_html_close(&p.w, out, err);
}
