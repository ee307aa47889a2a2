/* html_eff.c: the efficiency parts of the HTML pages (html_eff.h). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/effpair.h"
#include "analysis/metrics.h"
#include "model/tile_model.h"
#include "render/cause_impl.h"
#include "render/fmt.h"
#include "render/html_eff.h"

enum { METRIC_ROWS_MAX = 200, TEXT_MAX = 1024 };

static const char DASH[] = "\xe2\x80\x94";
static const char ARROW[] = " \xe2\x86\x92 ";

/* ---- cells */

static void
tile_text(const gs_single_row *row, char *buf, size_t size)
{
	const gs_single_tile *t = row ? gs_single_tile_of(row) : NULL;

	if (!row || !row->have_eff || t->tile_m <= 0)
		snprintf(buf, size, "%s", DASH);
	else if (t->tile_k > 0)
		snprintf(buf, size, "%d\xc3\x97%d\xc3\x97%d (%s)", t->tile_m, t->tile_n, t->tile_k,
		         gs_tile_source_name(row->tile_source));
	else
		snprintf(buf, size, "%d\xc3\x97%d (%s)", t->tile_m, t->tile_n,
		         gs_tile_source_name(row->tile_source));
}

void
gs_html_eff_td_tile(gs_html *w, xmlNodePtr tr, const gs_single_row *row)
{
	char buf[96];

	tile_text(row, buf, sizeof buf);
	gs_html_add_text(w, tr, "td", "mono", buf);
}

static char *
fixed(char *buf, size_t size, double v, int decimals)
{
	if (isfinite(v))
		snprintf(buf, size, "%.*f", decimals, v);
	else
		snprintf(buf, size, "%s", DASH);
	return buf;
}

void
gs_html_eff_td_fixed(gs_html *w, xmlNodePtr tr, double v, int decimals)
{
	char buf[GS_FMT_LEN];

	gs_html_td_num(w, tr, fixed(buf, sizeof buf, v, decimals));
}

void
gs_html_eff_td_tflops(gs_html *w, xmlNodePtr tr, double tflops)
{
	char buf[GS_FMT_LEN];

	if (!isfinite(tflops))
		snprintf(buf, sizeof buf, "%s", DASH);
	else if (tflops >= 100)
		snprintf(buf, sizeof buf, "%.1f", tflops);
	else if (tflops >= 1)
		snprintf(buf, sizeof buf, "%.2f", tflops);
	else
		snprintf(buf, sizeof buf, "%.3g", tflops);
	gs_html_td_num(w, tr, buf);
}

/* ---- the GPU sentence */

void
gs_html_eff_gpu(gs_html *w, xmlNodePtr parent, const char *label, const gs_single *s)
{
	const gs_gpu *g = s ? s->gpu : NULL;

	if (!g) {
		char why[1024];
		gs_html_para(w, parent, "note",
		             "%s: %s. tile_eff is still shown where the tile is known.", label,
		             gs_fmt_gpu_unknown(why, sizeof why, s));
		return;
	}
	gs_html_para(w, parent, NULL,
	             "%s: %s (%s, %d CUs%s), chosen by %s%s%s; roofline at "
	             "%s figures (%.4g TB/s).",
	             label, g->full_name, g->arch, s->cus,
	             s->cus_from_input ? " as the input reports" : "",
	             s->opts.gpu_from ? s->opts.gpu_from : "the caller",
	             s->opts.gpu_why ? " \xe2\x80\x94 " : "",
	             s->opts.gpu_why ? s->opts.gpu_why : "",
	             s->opts.roof == GS_ROOF_PEAK ? "vendor peak" : "measured", s->roof_bw_tbs);
}

static void
compare_gpus(gs_html *w, xmlNodePtr sec, const gs_single *b, const gs_single *c)
{
	if (!b->gpu && !c->gpu && !b->table->gpu && !c->table->gpu) {
		char why[1024];
		gs_html_para(w, sec, "note",
		             "Both inputs: %s. tile_eff is still shown where the tile is known.",
		             gs_fmt_gpu_unknown(why, sizeof why, b));
		return;
	}
	if (b->gpu && c->gpu && strcmp(b->gpu->name, c->gpu->name) == 0 && b->cus == c->cus) {
		gs_html_eff_gpu(w, sec, "GPU (both inputs)", b);
		return;
	}
	gs_html_eff_gpu(w, sec, "Baseline GPU", b);
	gs_html_eff_gpu(w, sec, "Candidate GPU", c);
}

/* ---- top regressions explained */

static void
explained(gs_html *w, xmlNodePtr sec)
{
	const gs_report *r = w->r;
	const gs_compare *c = w->c;
	char shape[GS_FMT_SHAPE_LEN], text[TEXT_MAX], sl[GS_FMT_LEN], why[GS_REPORT_EXPLAIN_MAX];
	xmlNodePtr ol;

	gs_html_add_text(w, sec, "h3", NULL, "Top regressions explained");
	if (c->ntop_regressed == 0) {
		gs_html_add_text(w, sec, "p", "none", "No regressions.");
		return;
	}
	if (!r->eff_base->gpu && !r->eff_cand->gpu && !gs_top_explained(r, c->ntop_regressed)) {
		/* N lines of "tile unknown on both sides" say less than one */
		gs_html_para(w, sec, "none",
		             "The efficiency model cannot say why: no GPU is known and the top "
		             "regressions' macro tiles are not (--gpu mi300x or a spec file adds "
		             "the roofline; kernel names or tile columns add quantisation).");
		return;
	}
	ol = gs_html_add(w, sec, "ul", "explained");
	for (size_t i = 0; i < c->ntop_regressed; i++) {
		const gs_pair *p = &c->pairs[c->top_regressed[i]];
		xmlNodePtr li = gs_html_add(w, ol, "li", NULL);
		snprintf(text, sizeof text, "R%zu", i + 1);
		gs_html_add_text(w, li, "span", "rank", text);
		gs_html_add_text(w, li, "strong", "mono",
		                 gs_fmt_shape(shape, sizeof shape, &p->base->shape));
		snprintf(text, sizeof text, " \xe2\x80\x94 %s slower: ",
		         gs_fmt_ratio(sl, sizeof sl, gs_fmt_slowdown(p), 2));
		gs_html_text(w, li, text);
		gs_html_text(w, li, gs_report_explain(r, c->top_regressed[i], why, sizeof why));
		gs_html_text(w, li, ".");
	}
}

static int
is_grid(const gs_report_plot *p)
{
	return p->place && strcmp(p->place, "efficiency") == 0;
}

/* The tile-grid pairs, two figures per row. */
static int
grids(gs_html *w, xmlNodePtr sec, gs_error *err)
{
	const gs_report *r = w->r;
	xmlNodePtr row = NULL;
	size_t k = 0;

	for (size_t i = 0; i < r->nplots; i++) {
		if (!is_grid(&r->plots[i]))
			continue;
		if (k++ == 0)
			gs_html_add_text(w, sec, "h3", NULL,
			                 "Tile grids of the top regressions: "
			                 "baseline (left) and candidate (right)");
		if (k % 2 == 1)
			row = gs_html_add(w, sec, "div", "pair");
		if (!gs_html_figure(w, row, &r->plots[i], err))
			return -1;
	}
	if (k == 0 && w->c->ntop_regressed > 0)
		gs_html_para(w, sec, "none",
		             "No tile grids: for none of the top regressions are "
		             "both kernels' tiles and a CU count known (tiles come from the "
		             "kernel names or tile_m/tile_n columns; the CU count from the GPU).");
	return 0;
}

/* ---- per-shape table */

/* "A → B" with B marked worse when it is more than 1 % below A (HIGHER
 * better) or above it. */
static void
td_pair(gs_html *w, xmlNodePtr tr, double a, double b, int decimals, int higher)
{
	char fa[GS_FMT_LEN], fb[GS_FMT_LEN], buf[GS_FMT_LEN * 2 + 8];
	int worse = isfinite(a) && isfinite(b) && (higher ? b < a * 0.99 : b > a * 1.01);

	snprintf(buf, sizeof buf, "%s%s%s", fixed(fa, sizeof fa, a, decimals), ARROW,
	         fixed(fb, sizeof fb, b, decimals));
	gs_html_add_text(w, tr, "td", worse ? "num worse" : "num", buf);
}

/* The whole efficiency of ROW (a row of S) into *E, or NULL. */
static const gs_eff *
eff_of(const gs_single *s, const gs_single_row *row, gs_eff *e)
{
	return gs_single_eff(s, row, e);
}

/* Whether ROW has a % of roofline (gs_eff.pct_roofline finite). */
static int
has_pct_roofline(const gs_single_row *row)
{
	return row && row->have_eff && isfinite(row->roofline_us) &&
	       !isnan(gs_single_achieved_tflops(row));
}

static void
eff_row(gs_html *w, xmlNodePtr tb, size_t i, int tiles)
{
	const gs_report *r = w->r;
	const gs_pair *p = &w->c->pairs[i];
	const gs_single_row *b = gs_single_row_of(r->eff_base, p->base);
	const gs_single_row *c = gs_single_row_of(r->eff_cand, p->cand);
	xmlNodePtr tr = gs_html_add(w, tb, "tr", NULL);
	char tb_[96], tc_[96], buf[200];
	gs_eff fb, fc;
	const gs_eff *eb = eff_of(r->eff_base, b, &fb), *ec = eff_of(r->eff_cand, c, &fc);

	gs_html_td_count(w, tr, i + 1);
	gs_html_td_shape(w, tr, &p->base->shape);
	gs_html_td_ratio(w, tr, p->speedup, 3);
	if (tiles) {
		tile_text(b, tb_, sizeof tb_);
		tile_text(c, tc_, sizeof tc_);
		snprintf(buf, sizeof buf, "%s%s%s", tb_, ARROW, tc_);
		gs_html_add_text(w, tr, "td", "mono", buf);
		td_pair(w, tr, eb ? eb->tile_eff : NAN, ec ? ec->tile_eff : NAN, 3, 1);
		td_pair(w, tr, eb ? eb->wq_eff : NAN, ec ? ec->wq_eff : NAN, 3, 1);
		td_pair(w, tr, eb ? eb->dim_eff : NAN, ec ? ec->dim_eff : NAN, 3, 1);
	}
	td_pair(w, tr, eb ? eb->pct_roofline : NAN, ec ? ec->pct_roofline : NAN, 1, 1);
	gs_html_td_cause(w, tr, i);
}

/* What the efficiency rows of the N pairs IDX know: bit 1 a tile (either
 * side), bit 2 a % of roofline. */
static int
known(gs_html *w, const size_t *idx, size_t n)
{
	int k = 0;

	for (size_t i = 0; i < n && k != 3; i++) {
		const gs_pair *p = &w->c->pairs[idx[i]];
		const gs_single_row *e[2] = {gs_single_row_of(w->r->eff_base, p->base),
		                             gs_single_row_of(w->r->eff_cand, p->cand)};
		for (int j = 0; j < 2; j++) {
			if (e[j] && e[j]->have_eff && gs_single_tile_of(e[j])->tile_m > 0)
				k |= 1;
			if (has_pct_roofline(e[j]))
				k |= 2;
		}
	}
	return k;
}

static void
eff_rows(gs_html *w, xmlNodePtr sec, const size_t *idx, size_t n, int k)
{
	char total[GS_FMT_LEN], shown[GS_FMT_LEN];
	xmlNodePtr d, tb;

	gs_fmt_count(total, sizeof total, w->c->npairs);
	if (n == w->c->npairs)
		d = gs_html_details(w, sec, 0, "Efficiency of all %s matched %s, in input order",
		                    total, gs_fmt_plural(n, "shape", "shapes"));
	else
		d = gs_html_details(w, sec, 0,
		                    "Efficiency of the %s of %s matched shapes with the largest "
		                    "time difference, largest first",
		                    gs_fmt_count(shown, sizeof shown, n), total);
	if (!(k & 1))
		gs_html_para(w, d, "none",
		             "No tile is known for any of these shapes (neither the kernel names "
		             "nor a tile_m/tile_n column give one): the tile, tile_eff, wq_eff and "
		             "dim_eff columns are left out.");
	tb = gs_html_table(w, d, "full eff",
	                   k & 1 ? "#|Shape (M\xc3\x97N\xc3\x97K)|Speedup|"
	                           "Tile (baseline \xe2\x86\x92 candidate)|tile_eff|wq_eff|dim_eff|"
	                           "% of roofline|Cause"
	                         : "#|Shape (M\xc3\x97N\xc3\x97K)|Speedup|% of roofline|Cause",
	                   k & 1 ? "ntntnnnnt" : "ntnnt");
	for (size_t i = 0; i < n; i++)
		eff_row(w, tb, idx[i], k & 1);
	gs_html_more(w, sec, n, w->c->npairs, "shape", "shapes",
	             "the JSON output (--json) has every shape's efficiency");
}

static int
eff_table(gs_html *w, xmlNodePtr sec, gs_error *err)
{
	size_t *idx, n;
	int k;

	if (gs_html_shown_pairs(w->c, &idx, &n) != 0)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	gs_html_add_text(w, sec, "h3", NULL, "Efficiency per matched shape");
	k = known(w, idx, n);
	if (k == 0)
		gs_html_para(w, sec, "none",
		             "No efficiency table: neither a tile nor a roofline is known for any "
		             "matched shape (tiles come from the kernel names or tile_m/tile_n "
		             "columns, the roofline from the GPU).");
	else {
		gs_html_para(
		        w, sec, NULL,
		        "Each cell is baseline \xe2\x86\x92 candidate; a candidate "
		        "value more than 1 %% worse is marked. The cause is the shape's cause "
		        "of the summary's split (improved and regressed shapes; the rule chain "
		        "is under How the numbers were computed; hover it for its sentence).");
		eff_rows(w, sec, idx, n, k);
	}
	free(idx);
	return 0;
}

/* ---- per-metric deltas */

static void
td_value(gs_html *w, xmlNodePtr tr, double v)
{
	char buf[GS_FMT_LEN];

	if (!isfinite(v))
		snprintf(buf, sizeof buf, "%s", DASH);
	else if (fabs(v) >= 1e15 || v != floor(v))
		snprintf(buf, sizeof buf, "%.6g", v);
	else
		gs_fmt_grouped(buf, sizeof buf, v, 0);
	gs_html_td_num(w, tr, buf);
}

static void
metric_summary(gs_html *w, xmlNodePtr sec, const gs_metrics *ms)
{
	xmlNodePtr tb = gs_html_table(w, sec, "metrics",
	                              "Metric|Shapes|Geomean ratio "
	                              "(candidate / baseline)|Undefined ratios",
	                              "tnnn");

	for (size_t i = 0; i < ms->n; i++) {
		xmlNodePtr tr = gs_html_add(w, tb, "tr", NULL);
		gs_html_add_text(w, tr, "td", "mono", ms->m[i].name);
		gs_html_td_count(w, tr, ms->m[i].nrows);
		gs_html_eff_td_fixed(w, tr, ms->m[i].geomean_ratio, 4);
		gs_html_td_count(w, tr, ms->m[i].nundefined);
	}
}

static void
metric_details(gs_html *w, xmlNodePtr sec, const gs_metrics *ms)
{
	xmlNodePtr tb = gs_html_table(w, sec, "full metrics",
	                              "Shape (M\xc3\x97N\xc3\x97K)|"
	                              "Metric|Baseline|Candidate|Ratio",
	                              "ttnnn");
	size_t shown = 0, total = 0;

	for (size_t i = 0; i < ms->n; i++) {
		for (size_t j = 0; j < ms->m[i].nrows; j++, total++) {
			const gs_metric_row *row = &ms->m[i].rows[j];
			xmlNodePtr tr;
			if (shown == METRIC_ROWS_MAX)
				continue;
			shown++;
			tr = gs_html_add(w, tb, "tr", NULL);
			gs_html_td_shape(w, tr, &w->c->pairs[row->pair].base->shape);
			gs_html_add_text(w, tr, "td", "mono", ms->m[i].name);
			td_value(w, tr, row->base);
			td_value(w, tr, row->cand);
			gs_html_eff_td_fixed(w, tr, row->ratio, 4);
		}
	}
	if (shown < total)
		gs_html_para(w, sec, "none",
		             "First %zu of %zu rows shown; the JSON output has "
		             "them all.",
		             shown, total);
}

static void
metrics(gs_html *w, xmlNodePtr sec)
{
	const gs_metrics *ms = w->r->metrics;

	if (!ms || ms->n == 0)
		return;
	gs_html_add_text(w, sec, "h3", NULL, "Counter deltas (extra numeric columns)");
	gs_html_para(w, sec, NULL,
	             "For every extra numeric column both inputs carry "
	             "(hardware counters such as GPU_MEMORY_BYTE_READ): ratio = candidate / "
	             "baseline per matched shape, so a counter that grows has a ratio above 1 "
	             "(the opposite direction of the speedup). Equal values give 1; a zero "
	             "baseline with a non-zero candidate, or a negative value, gives an "
	             "undefined ratio. The geomean takes the ratios above 0 (benchstat's "
	             "rules). %zu column(s) only in the baseline, %zu only in the candidate.",
	             ms->only_in_baseline, ms->only_in_candidate);
	metric_summary(w, sec, ms);
	metric_details(w, sec, ms);
}

int
gs_html_eff_compare(gs_html *w, xmlNodePtr sec, gs_error *err)
{
	const gs_report *r = w->r;

	if (!r->eff_base || !r->eff_cand) {
		if (r->metrics) {
			gs_html_add_text(w, sec, "h2", NULL, "Efficiency");
			metrics(w, sec);
		}
		return 0;
	}
	gs_html_add_text(w, sec, "h2", NULL, "Efficiency");
	compare_gpus(w, sec, r->eff_base, r->eff_cand);
	explained(w, sec);
	if (grids(w, sec, err) != 0)
		return -1;
	if (eff_table(w, sec, err) != 0)
		return -1;
	metrics(w, sec);
	return 0;
}

/* ---- methodology */

static void
method_cost(gs_html *w, xmlNodePtr dl, gs_roof roof)
{
	gs_html_define(w, dl, "FLOP, bytes, arithmetic intensity",
	               "FLOP = B\xc2\xb7(2\xc2\xb7M\xc2\xb7N\xc2\xb7K "
	               "+ M\xc2\xb7N with a bias); bytes = B\xc2\xb7(M\xc2\xb7K + K\xc2\xb7N + "
	               "M\xc2\xb7N + N with a bias)\xc2\xb7"
	               "element size (2-byte output for "
	               "fp8 _scaled_mm); MiB = bytes / 2\xc2\xb2\xe2\x81\xb0; AI = FLOP / bytes. "
	               "As TraceLens counts them (AMD-AGI/TraceLens PerfModel/perf_model.py): "
	               "each operand read once, a lower bound on DRAM traffic. TFLOP/s is FLOP "
	               "over the median time.");
	gs_html_define(w, dl, "Roofline",
	               "ridge = peak / bandwidth; attainable = min(peak, "
	               "AI\xc2\xb7"
	               "bandwidth); roofline time = max(FLOP / peak, bytes / "
	               "bandwidth); compute-bound when FLOP / peak \xe2\x89\xa5 bytes / "
	               "bandwidth; %% of roofline = roofline time / measured time \xc2\xb7 100 "
	               "(TraceLens tree_perf.py). The roof here is the %s figure of the GPU "
	               "table (gemmscope gpus lists each figure with its kind and source).",
	               roof == GS_ROOF_PEAK ? "vendor peak" : "measured (max-achievable)");
}

static void
method_quant(gs_html *w, xmlNodePtr dl)
{
	gs_html_define(w, dl, "BLAS M/N swap",
	               "PyTorch is row-major, the BLAS libraries "
	               "column-major, so a framework op's C = A\xc2\xb7"
	               "B runs as "
	               "C\xe1\xb5\x80 = B\xe1\xb5\x80\xc2\xb7"
	               "A\xe1\xb5\x80: the kernel's "
	               "tile lies over BLAS M = torch N and BLAS N = torch M (pytorch "
	               "aten/src/ATen/native/cuda/Blas.cpp). Benchmark CSVs give BLAS dims "
	               "already. Where a trace gives the launched workgroups, the orientation "
	               "whose tile count they equal is used; a grid that is a multiple of it "
	               "is split-K, one that matches neither is non-data-parallel.");
	gs_html_define(w, dl, "tile_eff, wq_eff, dim_eff",
	               "tiles = ceil(M / tile_m)"
	               "\xc2\xb7"
	               "ceil(N / tile_n)\xc2\xb7"
	               "B; tile_eff = M\xc2\xb7N / "
	               "(M_pad\xc2\xb7N_pad); waves = ceil(tiles / CUs); wq_eff = tiles / "
	               "(waves\xc2\xb7"
	               "CUs); dim_eff = tile_eff\xc2\xb7wq_eff, over the BLAS "
	               "dims (TraceLens docs/conceptual/gemm-analysis.md). One workgroup per "
	               "CU per wave, as the seed; CUs from the input (deviceProperties "
	               "numSms) or the GPU table. The tile comes from an input column, else "
	               "the kernel name (Tensile MT, CK, cuBLAS tilesize ...); never guessed. "
	               "Split-K and Stream-K kernels keep tile_eff only; persistent kernels "
	               "get an approximate wq_eff.");
}

static void
method_model(gs_html *w, xmlNodePtr dl)
{
	gs_html_meta_row(w, dl, "Tile model (the pick, its dim_eff and cost)",
	                 GS_TILE_MODEL_LIMITS);
	gs_html_define(w, dl, "Occupancy",
	               "Resident waves (warps) per CU (SM) over the "
	               "maximum, limited by registers, LDS / shared memory, workgroup slots "
	               "and wave slots; shown when the input gives registers or LDS (rocprof, "
	               "CUDA traces). Rules of LLVM AMDGPUBaseInfo.cpp (CDNA, RDNA3) and "
	               "cuda_occupancy.h (NVIDIA); the limiter is the resource at the minimum.");
	gs_html_define(w, dl, "Not modelled",
	               "Clock throttling under load, cache behaviour, "
	               "XCD-level quantisation on MI300-class chips and the cost of split-K "
	               "reductions: a low %% of roofline with a high dim_eff points there.");
}

void
gs_html_eff_methodology(gs_html *w, xmlNodePtr dl, gs_roof roof)
{
	method_cost(w, dl, roof);
	method_quant(w, dl);
	method_model(w, dl);
}
