/* markdown_cause.c: the causes and --weights impact lines of a compare's
 * markdown, and the test both the markdown and the HTML use to fold the
 * top regressions' explanations into one sentence (cause_impl.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/cause.h"
#include "analysis/effpair.h"
#include "analysis/impact.h"
#include "render/cause_impl.h"
#include "render/fmt.h"

/* "lost 78 % unknown (10 shapes), 22 % memory_bound (142 shapes)". */
static void
cause_part(FILE *out, const char *what, const double v[GS_CAUSE_COUNT],
           const size_t nshapes[GS_CAUSE_COUNT], const gs_cause_kind *order, size_t n, double total)
{
	char k[32];

	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s%.0f %% %s (%s shape%s)", i ? ", " : what,
		        total > 0 ? 100 * v[order[i]] / total : 0.0, gs_cause_name(order[i]),
		        gs_fmt_count(k, sizeof k, nshapes[order[i]]),
		        nshapes[order[i]] == 1 ? "" : "s");
}

void
gs_md_causes(const gs_report *r, FILE *out)
{
	const gs_causes *c = r->causes;
	const gs_compare_summary *s = &r->cmp->s;
	int lost = s->time_lost_us > 0, saved = s->time_saved_us > 0;

	if (!c || (!lost && !saved))
		return;
	fputs("- **Causes:** ", out);
	if (lost)
		cause_part(out, "time lost ", c->lost_us, c->nlost, c->lost_order, c->nlost_order,
		           s->time_lost_us);
	if (saved)
		cause_part(out, lost ? "; time saved " : "time saved ", c->saved_us, c->nsaved,
		           c->saved_order, c->nsaved_order, s->time_saved_us);
	fputs(".\n", out);
}

char *
gs_impact_step_text(const gs_impact *m, char *buf, size_t size)
{
	char d[GS_FMT_LEN];

	if (m->steps <= 0)
		snprintf(buf, size,
		         "unknown: the workload does not say how many steps its calls make "
		         "(a PyTorch trace's ProfilerStep#N annotations do)");
	else if (!m->matched_shapes)
		snprintf(buf, size,
		         "n/a: no workload shape is in the comparison (%ld step%s traced)",
		         m->steps, m->steps == 1 ? "" : "s");
	else
		snprintf(buf, size, "%s%s \xc2\xb5s per step (%ld ProfilerStep%s in the trace)",
		         m->delta_per_step_us > 0 ? "+" : "",
		         gs_fmt_us(d, sizeof d, m->delta_per_step_us), m->steps,
		         m->steps == 1 ? "" : "s");
	return buf;
}

void
gs_md_impact(const gs_report *r, FILE *out)
{
	const gs_impact *m = r->impact;
	char a[GS_FMT_LEN], b[GS_FMT_LEN], d[GS_FMT_LEN], ch[GS_FMT_LEN], step[200];

	if (!m)
		return;
	fputs("- **Workload impact (--weights):** ", out);
	if (!m->matched_shapes)
		fprintf(out, "no workload shape is in the comparison (0 of %zu covered)", m->n);
	else
		fprintf(out,
		        "GEMM time %s \xe2\x86\x92 %s \xc2\xb5s (%s, %s), %s%s; "
		        "%zu of %zu workload shapes covered, the rest %.1f %% of its GEMM time",
		        gs_fmt_us(a, sizeof a, m->base_us), gs_fmt_us(b, sizeof b, m->cand_us),
		        gs_fmt_ratio(d, sizeof d, m->speedup, 4),
		        gs_fmt_change(ch, sizeof ch,
		                      m->base_us > 0 ? m->delta_us / m->base_us : NAN),
		        m->steps > 0 ? "" : "change per step ",
		        gs_impact_step_text(m, step, sizeof step), m->matched_shapes, m->n,
		        isfinite(m->unmatched_time_share) ? 100 * m->unmatched_time_share : 0.0);
	fputs(". Key rule: ", out);
	gs_fmt_md_text(out, m->rule);
	fputs(".\n", out);
}

/* The two no-information explanations of analysis/report.c. */
static int
says_nothing(const char *e)
{
	static const char none[] = "quantisation cannot be compared (tile unknown on both sides)";

	return !e || strcmp(e, none) == 0 ||
	       (strncmp(e, "same kernel; ", 13) == 0 && strcmp(e + 13, none) == 0);
}

int
gs_top_explained(const gs_report *r, size_t n)
{
	char e[GS_REPORT_EXPLAIN_MAX];

	for (size_t i = 0; i < n && i < r->cmp->ntop_regressed; i++)
		if (!says_nothing(gs_report_explain(r, r->cmp->top_regressed[i], e, sizeof e)))
			return 1;
	return 0;
}
