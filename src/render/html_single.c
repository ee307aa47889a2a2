/* html_single.c: the single-run report page (`gemmscope report INPUT`):
 * header (input, GPU), summary, plots (roofline, tile grids of the top
 * time consumers), the top time consumers, the efficiency table of every
 * shape, excluded rows and how the numbers were computed.  Same template,
 * style and helpers as the compare page (html_impl.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "analysis/single.h"
#include "render/env_impl.h"
#include "render/kmix_impl.h"
#include "render/fmt.h"
#include "render/html_eff.h"
#include "render/model_impl.h"
#include "render/overroof.h"

enum { TOP_ROWS = 10, KERNEL_SHOWN = 64 };

static const gs_single *
model(const gs_html *w)
{
	return w->r->single;
}

/* ---- header, summary */

static void
fill_header(gs_html *w, xmlNodePtr h)
{
	const gs_single *s = model(w);
	xmlNodePtr dl;
	char buf[512];

	gs_html_add_text(w, h, "h1", NULL, w->r->title ? w->r->title : "gemmscope report");
	dl = gs_html_add(w, h, "dl", "meta");
	gs_html_input_row(w, dl, "Input", s->table);
	if (s->gpu)
		snprintf(buf, sizeof buf, "%s (%s), from %s%s%s", s->gpu->full_name, s->gpu->arch,
		         s->opts.gpu_from ? s->opts.gpu_from : "?", s->opts.gpu_why ? ": " : "",
		         s->opts.gpu_why ? s->opts.gpu_why : "");
	else
		snprintf(buf, sizeof buf, "unknown");
	gs_html_meta_row(w, dl, "GPU", buf);
	gs_html_meta_tool(w, dl);
}

static void
verdict(gs_html *w, xmlNodePtr sec)
{
	const gs_single_summary *m = &model(w)->s;
	char t[GS_FMT_LEN], buf[512];
	int n;

	n = snprintf(buf, sizeof buf, "%zu shapes, %s \xc2\xb5s of GEMM time", m->shapes,
	             gs_fmt_us(t, sizeof t, m->total_us));
	if (isfinite(m->tflops) && n > 0 && (size_t)n < sizeof buf)
		n += snprintf(buf + n, sizeof buf - (size_t)n, " at %.1f TFLOP/s", m->tflops);
	if (isfinite(m->weighted_pct_roofline) && n > 0 && (size_t)n < sizeof buf)
		n += snprintf(buf + n, sizeof buf - (size_t)n, ", %.1f %% of roofline",
		              m->weighted_pct_roofline);
	if (isfinite(m->weighted_dim_eff) && n > 0 && (size_t)n < sizeof buf)
		snprintf(buf + n, sizeof buf - (size_t)n, ", time-weighted dim_eff %.3f",
		         m->weighted_dim_eff);
	gs_html_add_text(w, sec, "p", "verdict", buf);
}

static void
summary_table(gs_html *w, xmlNodePtr sec)
{
	const gs_single *s = model(w);
	const gs_single_summary *m = &s->s;
	xmlNodePtr tb = gs_html_table(w, sec, "kv", "Metric|Value", "tn");
	char buf[GS_FMT_LEN * 2], v[GS_FMT_LEN];

	gs_html_kv_count(w, tb, "Shapes with a known tile", m->with_tile, m->shapes);
	gs_html_kv_count(w, tb, "Shapes with dim_eff (tile and CU count known, data-parallel)",
	                 m->with_dim_eff, m->shapes);
	gs_html_kv_us(w, tb, "Total GEMM time (\xce\xa3 mean \xc2\xb7 calls)", m->total_us);
	snprintf(buf, sizeof buf, "%s", gs_fmt_grouped(v, sizeof v, m->total_flop / 1e9, 1));
	gs_html_kv(w, tb, "Total GFLOP (\xce\xa3 FLOP \xc2\xb7 calls)", buf);
	snprintf(buf, sizeof buf, isfinite(m->tflops) ? "%.2f" : "\xe2\x80\x94", m->tflops);
	gs_html_kv(w, tb, "Time-weighted TFLOP/s (\xce\xa3 FLOP / \xce\xa3 time)", buf);
	snprintf(buf, sizeof buf, "%zu / %zu", m->compute_bound, m->memory_bound);
	gs_html_kv(w, tb, "Compute-bound / memory-bound shapes", buf);
	snprintf(buf, sizeof buf, "%zu", s->table->nexcl);
	gs_html_kv(w, tb, "Excluded rows", buf);
}

static void
fill_summary(gs_html *w, xmlNodePtr sec)
{
	gs_html_add_text(w, sec, "h2", NULL, "Summary");
	verdict(w, sec);
	gs_html_over_roof(w, sec, model(w), NULL);
	gs_html_eff_gpu(w, sec, "GPU", model(w));
	gs_html_environment(w, sec);
	gs_html_kernels(w, sec);
	summary_table(w, sec);
}

/* ---- top time consumers */

/* ROW's % of roofline (from E, its whole efficiency, or NULL), marked
 * when it is above the roof (overroof.h). */
static void
pct_cell(gs_html *w, xmlNodePtr tr, const gs_single_row *row, const gs_eff *e)
{
	char buf[GS_FMT_LEN + 32];

	if (!e || !isfinite(e->pct_roofline)) {
		gs_html_eff_td_fixed(w, tr, NAN, 1);
		return;
	}
	snprintf(buf, sizeof buf, "%.1f%s", e->pct_roofline, gs_over_roof_note(row));
	gs_html_td_num(w, tr, buf);
}

static void
top_row(gs_html *w, xmlNodePtr tb, size_t rank, const gs_single_row *row)
{
	const gs_single_summary *m = &model(w)->s;
	gs_eff eff;
	const gs_eff *e = gs_single_eff(model(w), row, &eff);
	xmlNodePtr tr = gs_html_add(w, tb, "tr", NULL);
	char share[GS_FMT_LEN];

	gs_html_td_count(w, tr, rank);
	gs_html_td_shape(w, tr, &row->rec->shape);
	gs_html_td_count(w, tr, (size_t)(row->rec->t.count > 0 ? row->rec->t.count : 1));
	gs_html_td_us(w, tr, gs_single_total_us(row));
	snprintf(share, sizeof share, "%.1f %%",
	         m->total_us > 0 ? gs_single_total_us(row) / m->total_us * 100 : 0);
	gs_html_td_num(w, tr, share);
	gs_html_eff_td_tflops(w, tr, e ? e->achieved_tflops : NAN);
	pct_cell(w, tr, row, e);
	gs_html_eff_td_tile(w, tr, row);
	gs_html_eff_td_fixed(w, tr, e ? e->dim_eff : NAN, 3);
}

static void
fill_top(gs_html *w, xmlNodePtr sec)
{
	const gs_single *s = model(w);
	size_t n = s->n < TOP_ROWS ? s->n : TOP_ROWS;
	char title[96];
	xmlNodePtr tb;

	snprintf(title, sizeof title, "Top %zu by total time", n);
	gs_html_add_text(w, sec, "h2", NULL, title);
	tb = gs_html_table(w, sec, "top",
	                   "#|Shape (M\xc3\x97N\xc3\x97K)|Calls|"
	                   "Total (\xc2\xb5s)|Share|TFLOP/s|% of roofline|Tile|dim_eff",
	                   "ntnnnnntn");
	for (size_t i = 0; i < n; i++)
		top_row(w, tb, i + 1, &s->rows[s->by_time[i]]);
}

/* ---- the efficiency table */

static void
td_text_or_dash(gs_html *w, xmlNodePtr tr, const char *cls, const char *s)
{
	gs_html_add_text(w, tr, "td", cls, s && *s ? s : "\xe2\x80\x94");
}

static void
td_long(gs_html *w, xmlNodePtr tr, long v)
{
	if (v > 0)
		gs_html_td_count(w, tr, (size_t)v);
	else
		gs_html_td_num(w, tr, "\xe2\x80\x94");
}

static void
td_pick(gs_html *w, xmlNodePtr tr, const gs_single_row *row)
{
	char buf[96];

	if (!row->have_pick) {
		gs_html_td(w, tr, "\xe2\x80\x94");
		gs_html_td_num(w, tr, "\xe2\x80\x94");
		gs_html_td_num(w, tr, "\xe2\x80\x94");
		gs_html_td(w, tr, "\xe2\x80\x94");
		gs_html_td_num(w, tr, "\xe2\x80\x94");
		return;
	}
	snprintf(buf, sizeof buf, "%d\xc3\x97%d\xc3\x97%d", row->detail->pick.best.wg_m,
	         row->detail->pick.best.wg_n, row->detail->pick.best.wg_k);
	gs_html_add_text(w, tr, "td", "mono", buf);
	gs_html_eff_td_fixed(w, tr, row->detail->pick.best.dim_eff, 3);
	if (row->have_actual)
		snprintf(buf, sizeof buf, "%.1f / %.1f", row->detail->pick.best.cost_us,
		         row->detail->x->actual.cost_us);
	else
		snprintf(buf, sizeof buf, "%.1f", row->detail->pick.best.cost_us);
	gs_html_td_num(w, tr, buf);
	snprintf(buf, sizeof buf, "%d\xc3\x97%d\xc3\x97%d", row->detail->pick.wave.wg_m,
	         row->detail->pick.wave.wg_n, row->detail->pick.wave.wg_k);
	gs_html_add_text(w, tr, "td", "mono", buf);
	gs_html_eff_td_fixed(w, tr, row->detail->pick.wave.dim_eff, 3);
}

static void
td_occ(gs_html *w, xmlNodePtr tr, const gs_single_row *row)
{
	char buf[160], lim[96];

	if (!row->have_occ) {
		gs_html_td(w, tr, "\xe2\x80\x94");
		return;
	}
	snprintf(buf, sizeof buf, "%.1f %% (%s)", row->detail->x->occ.occupancy * 100,
	         gs_occ_limiter_names(&row->detail->x->occ, lim, sizeof lim));
	gs_html_td(w, tr, buf);
}

static void
td_bound(gs_html *w, xmlNodePtr tr, const gs_eff *e)
{
	gs_html_td(w, tr,
	           !e || !isfinite(e->roofline_us) ? "\xe2\x80\x94"
	           : e->compute_bound              ? "compute"
	                                           : "memory");
}

static void
eff_cells(gs_html *w, xmlNodePtr tr, const gs_single_row *row)
{
	gs_eff eff;
	const gs_eff *e = gs_single_eff(model(w), row, &eff);

	gs_html_eff_td_tflops(w, tr, e ? e->achieved_tflops : NAN);
	gs_html_eff_td_fixed(w, tr, e ? e->cost.ai : NAN, 1);
	gs_html_eff_td_fixed(w, tr, e ? e->pct_roofline : NAN, 1);
	td_bound(w, tr, e);
	gs_html_eff_td_tile(w, tr, row);
	td_long(w, tr, e && e->tile_m > 0 ? e->num_tiles : 0);
	td_long(w, tr, e ? e->rounds : 0);
	gs_html_eff_td_fixed(w, tr, e && e->rounds > 0 ? e->last_wave_util : NAN, 3);
	gs_html_eff_td_fixed(w, tr, e ? e->tile_eff : NAN, 3);
	gs_html_eff_td_fixed(w, tr, e ? e->wq_eff : NAN, 3);
	gs_html_eff_td_fixed(w, tr, e ? e->dim_eff : NAN, 3);
	gs_html_td(w, tr, e ? gs_eff_status_name(e->status) : "no M/N/K");
}

/* The kernel name, cut to KERNEL_SHOWN bytes with an ellipsis; the whole
 * name in the cell's title. */
static void
td_kernel(gs_html *w, xmlNodePtr tr, const char *name)
{
	char buf[KERNEL_SHOWN + 8];
	xmlNodePtr td;

	if (!name || !*name) {
		gs_html_td(w, tr, "\xe2\x80\x94");
		return;
	}
	if (strlen(name) <= KERNEL_SHOWN) {
		gs_html_add_text(w, tr, "td", "kernel", name);
		return;
	}
	snprintf(buf, sizeof buf, "%.*s\xe2\x80\xa6", KERNEL_SHOWN - 1, name);
	td = gs_html_add_text(w, tr, "td", "kernel", buf);
	if (td) {
		char *clean = gs_fmt_clean(name);
		if (!clean)
			w->failed = 1;
		else
			gs_html_set_attr(w, td, "title", clean);
		free(clean);
	}
}

static void
eff_row(gs_html *w, xmlNodePtr tb, size_t i, const gs_single_row *row)
{
	xmlNodePtr tr = gs_html_add(w, tb, "tr", NULL);

	gs_html_td_count(w, tr, i + 1);
	gs_html_td_shape(w, tr, &row->rec->shape);
	gs_html_td_count(w, tr, (size_t)(row->rec->t.count > 0 ? row->rec->t.count : 1));
	gs_html_td_us(w, tr, row->rec->t.median);
	eff_cells(w, tr, row);
	td_pick(w, tr, row);
	td_occ(w, tr, row);
	td_text_or_dash(w, tr, NULL, gs_single_kernel_family(row));
	td_kernel(w, tr, gs_record_kernel(row->rec));
}

/* The distinct notes of the rows (split-K, persistent ...), once each. */
static void
notes(gs_html *w, xmlNodePtr sec)
{
	const gs_single *s = model(w);
	const char *seen[16];
	size_t nseen = 0;
	xmlNodePtr ul = NULL;

	for (size_t i = 0; i < s->n && nseen < 16; i++) {
		gs_eff eff;
		const char *note;
		int dup = 0;
		if (!s->rows[i].have_eff || s->rows[i].status == GS_EFF_NO_TILE ||
		    !gs_single_eff(s, &s->rows[i], &eff) || !(note = eff.note))
			continue;
		for (size_t j = 0; j < nseen; j++)
			dup |= seen[j] == note;
		if (dup)
			continue;
		seen[nseen++] = note;
		if (!ul)
			ul = gs_html_add(w, sec, "ul", "notes");
		gs_html_add_text(w, ul, "li", NULL, note);
	}
}

static void
fill_efficiency(gs_html *w, xmlNodePtr sec)
{
	const gs_single *s = model(w);
	size_t n = s->n < GS_HTML_ROWS ? s->n : GS_HTML_ROWS;
	char total[GS_FMT_LEN], shown[GS_FMT_LEN];
	xmlNodePtr d, tb;

	gs_html_add_text(w, sec, "h2", NULL, "Efficiency per shape");
	gs_fmt_count(total, sizeof total, s->n);
	if (n == s->n)
		d = gs_html_details(w, sec, 0, "All %s %s, in input order", total,
		                    gs_fmt_plural(s->n, "shape", "shapes"));
	else
		d = gs_html_details(w, sec, 0,
		                    "The %s of %s shapes with the largest total time, "
		                    "largest first",
		                    gs_fmt_count(shown, sizeof shown, n), total);
	gs_html_para(w, d, NULL,
	             "TFLOP/s and %% of roofline from the "
	             "median time; tiles over the BLAS dims, with where the tile came from "
	             "(kernel name or input column); waves and last-wave utilisation over "
	             "the CUs; the tile model's pick with its predicted dim_eff and its cost "
	             "(pick / the kernel's own tile, \xc2\xb5s: a ranking, not a time), and "
	             "the pick of its wave-aware correction with its dim_eff (see How the "
	             "numbers were computed).");
	tb = gs_html_table(w, d, "full eff",
	                   "#|Shape (M\xc3\x97N\xc3\x97K)|Calls|Median (\xc2\xb5s)|TFLOP/s|"
	                   "AI (FLOP/B)|% of roofline|Bound|Tile (source)|Tiles|Waves|"
	                   "Last wave|tile_eff|wq_eff|dim_eff|Status|Model pick|"
	                   "Pick dim_eff|Model cost|Wave-aware pick|Its dim_eff|"
	                   "Occupancy (limiter)|Family|Kernel",
	                   "ntnnnnnttnnnnnnttnntnttt");
	for (size_t i = 0; i < n; i++) {
		size_t k = n == s->n || !s->by_time ? i : s->by_time[i];
		eff_row(w, tb, k, &s->rows[k]);
	}
	gs_html_more(w, sec, n, s->n, "shape", "shapes",
	             "the per-shape CSV (--csv) and JSON (--json) outputs have every one");
	notes(w, sec);
}

/* ---- plots, excluded rows, methodology */

static int
fill_plots(gs_html *w, xmlNodePtr sec, gs_error *err)
{
	const gs_single *s = model(w);

	if (gs_html_plots(w, sec, w->r->plots, w->r->nplots, err) != 0)
		return -1;
	if (!s->gpu)
		gs_html_para(w, sec, "note",
		             "No roofline: it needs a GPU (rerun with --gpu "
		             "mi300x, or another name from gemmscope gpus, or a spec file).");
	return 0;
}

static void
fill_excluded(gs_html *w, xmlNodePtr sec)
{
	const gs_table *t = model(w)->table;
	size_t n = t->nexcl < GS_HTML_LIST_ROWS ? t->nexcl : GS_HTML_LIST_ROWS;
	char total[GS_FMT_LEN];
	xmlNodePtr d, tb;

	gs_html_add_text(w, sec, "h2", NULL, "Excluded rows");
	if (t->nexcl == 0) {
		gs_html_add_text(w, sec, "p", "none", "No row was excluded.");
		return;
	}
	d = gs_html_details(w, sec, 0, "%s excluded %s",
	                    gs_fmt_count(total, sizeof total, t->nexcl),
	                    gs_fmt_plural(t->nexcl, "row", "rows"));
	tb = gs_html_table(w, d, "excluded", "Line|Row|Reason", "ntt");
	for (size_t i = 0; i < n; i++) {
		xmlNodePtr tr = gs_html_add(w, tb, "tr", NULL);
		gs_html_td_count(w, tr, (size_t)t->excl[i].line);
		gs_html_add_text(w, tr, "td", "mono", t->excl[i].what);
		gs_html_td(w, tr, t->excl[i].reason);
	}
	gs_html_more(w, d, n, t->nexcl, "row", "rows",
	             "the JSON output (--json) lists every one with its reason");
}

static void
fill_methodology(gs_html *w, xmlNodePtr sec)
{
	xmlNodePtr dl;

	gs_html_add_text(w, sec, "h2", NULL, "How the numbers were computed");
	dl = gs_html_add(w, sec, "dl", NULL);
	gs_html_define(w, dl, "Shapes and times",
	               "A shape is the key (op, batch, M, N, K, "
	               "dtype, transposes, bias); tables write it M\xc3\x97N\xc3\x97K. Times "
	               "are microseconds: a shape's time is the median of its calls or rows, "
	               "its total time mean \xc2\xb7 calls. Shapes are ranked by total time.");
	gs_html_eff_methodology(w, dl, model(w)->opts.roof);
	gs_html_model_methodology(w, dl);
	gs_html_env_methodology(w, dl);
}

typedef void (*filler)(gs_html *w, xmlNodePtr sec);

static int
fill_sections(gs_html *w, gs_error *err)
{
	static const struct {
		const char *id;
		filler fn;
	} parts[] = {
	        {"header", fill_header},
	        {"summary", fill_summary},
	        {"top", fill_top},
	        {"efficiency", fill_efficiency},
	        {"model", gs_html_model},
	        {"excluded", fill_excluded},
	        {"methodology", fill_methodology},
	        {"footer", gs_html_footer},
	};
	xmlNodePtr plots, model, toc;

	for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
		xmlNodePtr sec = gs_html_slot(w, parts[i].id, err);
		if (!sec)
			return -1;
		parts[i].fn(w, sec);
	}
	model = gs_html_slot(w, "model", err);
	if (!model || gs_html_model_figures(w, model, err) != 0)
		return -1;
	plots = gs_html_slot(w, "plots", err);
	if (!plots || fill_plots(w, plots, err) != 0)
		return -1;
	toc = gs_html_slot(w, "toc", err);
	if (!toc)
		return -1;
	gs_html_toc(w, toc);
	return 0;
}

int
gs_render_html_single(const gs_report *r, FILE *out, gs_error *err)
{
	gs_html w;

	if (r->kind != GS_REPORT_SINGLE || !r->single)
		return gs_error_set(err, NULL, 0, 0, "the single-run page needs a report model");
	if (gs_html_open(&w, r, "gemmscope report", err) != 0)
		return -1;
	if (fill_sections(&w, err) != 0) {
		gs_html_close(&w, NULL, err);
		return -1;
	}
	return gs_html_close(&w, out, err);
}
