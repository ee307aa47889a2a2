/* markdown_confirm.c: `gemmscope confirm --markdown`, reached through
 * gs_render_markdown (render/report.h): the gates' line, the counts, and
 * at most 20 of the original regressions, the confirmed first, each with
 * its original and re-measured slowdown, the slowdown at equal clocks and
 * the throttled samples of each side where the re-measurements carry
 * gemmscope-bench's clock columns (analysis/confirm.h "Clocks"), then a
 * line for the slowdowns that are a clock and one for throttled samples.
 * Nothing is computed here. */
#include <math.h>
#include <stdio.h>

#include "analysis/confirm.h"
#include "render/fmt.h"
#include "render/writer_impl.h"

enum { CONFIRM_ROWS = 20 };

static const char *
plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* "3 / 0" throttled samples of the baseline and candidate re-runs, "—"
 * when neither is known. */
static void
throttled_cell(FILE *out, const gs_confirm_item *it)
{
	if (isnan(it->throttled_base) && isnan(it->throttled_cand)) {
		fputs("\xe2\x80\x94", out);
		return;
	}
	for (int side = 0; side < 2; side++) {
		double v = side ? it->throttled_cand : it->throttled_base;
		if (side)
			fputs(" / ", out);
		if (isnan(v))
			fputs("?", out);
		else
			fprintf(out, "%.0f", v);
	}
}

static void
confirm_row(FILE *out, const gs_confirm_item *it)
{
	char shape[256];

	fputs("| ", out);
	gs_fmt_md_text(out, gs_shape_format(&it->shape, shape, sizeof shape));
	fprintf(out, " | %.2f\xc3\x97 | ", 1 / it->orig_speedup);
	if (it->re)
		fprintf(out, "%.2f\xc3\x97", 1 / it->re->speedup);
	else
		fputs("\xe2\x80\x94", out);
	if (!isnan(it->clock_speedup))
		fprintf(out, " | %.2f\xc3\x97 | ", 1 / it->clock_speedup);
	else
		fputs(" | \xe2\x80\x94 | ", out);
	throttled_cell(out, it);
	fprintf(out, " | %s |\n", gs_confirm_status_name(it->status));
}

/* The table: confirmed rows first, at most CONFIRM_ROWS. */
static void
confirm_table(const gs_confirm *c, FILE *out)
{
	size_t shown = 0;

	if (c->n > CONFIRM_ROWS)
		fprintf(out, "The first %d, confirmed first; --json lists all %zu.\n\n",
		        CONFIRM_ROWS, c->n);
	if (c->n)
		fputs("| Shape (M\xc3\x97N\xc3\x97K) | Original slowdown | Re-measured slowdown | "
		      "At equal clocks | Throttled samples (base / cand) | Status |\n"
		      "|---|---:|---:|---:|---:|---|\n",
		      out);
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < c->n && shown < CONFIRM_ROWS; i++) {
			int confirmed = c->items[i].status == GS_CONFIRMED;
			if (confirmed != (pass == 0))
				continue;
			confirm_row(out, &c->items[i]);
			shown++;
		}
}

int
gs_md_confirm(const gs_report *r, FILE *out, gs_error *err)
{
	const gs_confirm *c = r->confirm;

	gs_md_gates(r, out);
	fprintf(out, "### gemmscope confirm: %zu of %zu regression%s confirmed\n\n", c->confirmed,
	        c->n, plural(c->n, "", "s"));
	fprintf(out,
	        "%zu confirmed, %zu not reproduced, %zu unsure, %zu not re-measured "
	        "(threshold %g %%).",
	        c->confirmed, c->not_reproduced, c->unsure, c->not_remeasured, c->threshold * 100);
	gs_md_report_link(r, out, " ");
	fputs("\n\n", out);
	confirm_table(c, out);
	if (c->clock_only)
		fprintf(out,
		        "\n%zu of the slowdowns confirmed or unsure in time %s not one in shader "
		        "clock cycles (time \xc3\x97 sampled clock): a clock, not a kernel.\n",
		        c->clock_only, plural(c->clock_only, "is", "are"));
	if (c->throttled)
		fprintf(out,
		        "\n%zu re-measured shape%s had samples taken while throttled (shader clock "
		        "below the gemmscope-bench --throttle-threshold): re-measure on a cool, "
		        "idle GPU.\n",
		        c->throttled, plural(c->throttled, "", "s"));
	return ferror(out) ? gs_error_set(err, NULL, 0, 0, "write failed") : 0;
}
