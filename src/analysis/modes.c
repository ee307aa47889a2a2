/* modes.c: overlap by mode decomposition (modes.h; formulas from
 * reference/seeds/gfx1151-reference.md, "Overlap Measurement Without PC
 * Sampling"). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/modes.h"

static const char *const mode_names[GS_MODE__N] = {
        [GS_MODE_FULL] = "full",
        [GS_MODE_NO_OVERLAP] = "no_overlap",
        [GS_MODE_COMM_ONLY] = "comm_only",
        [GS_MODE_COMP_ONLY] = "comp_only",
};

const char *
gs_mode_name(gs_mode m)
{
	return m < GS_MODE__N ? mode_names[m] : "?";
}

static int
is_delim(char c)
{
	return c == '\0' || c == '-' || c == '_' || c == '.' || c == '+' || c == '@';
}

/* 1 if WORD occurs in NAME as a token (delimited on both sides). */
static int
has_token(const char *name, const char *word)
{
	size_t len = strlen(word);

	for (const char *p = strstr(name, word); p; p = strstr(p + 1, word))
		if ((p == name || is_delim(p[-1])) && is_delim(p[len]))
			return 1;
	return 0;
}

int
gs_mode_of_name(const char *name)
{
	int found = -1;

	for (int m = 0; m < GS_MODE__N; m++) {
		if (!has_token(name, mode_names[m]))
			continue;
		if (found >= 0)
			return -2;
		found = m;
	}
	return found;
}

void
gs_modes_free(gs_modes *m)
{
	free(m->rows);
	memset(m, 0, sizeof *m);
}

/* Assign each labelled run to its mode slot. */
static int
assign(gs_modes *out, gs_table *const *runs, const char *const *names, size_t n, gs_error *err)
{
	for (size_t i = 0; i < n; i++) {
		int m = gs_mode_of_name(names[i]);
		if (m == -1) {
			out->ignored++;
			continue;
		}
		if (m == -2)
			return gs_error_set(err, runs[i]->path, 0, 0,
			                    "run '%s' names more than one mode "
			                    "(full, no_overlap, comm_only, comp_only)",
			                    names[i]);
		if (out->run[m])
			return gs_error_set(err, runs[i]->path, 0, 0,
			                    "a second '%s' run ('%s' and '%s')", mode_names[m],
			                    out->name[m], names[i]);
		out->run[m] = runs[i];
		out->name[m] = names[i];
	}
	return 0;
}

static int
check_modes(const gs_modes *out, gs_error *err)
{
	if (!out->run[GS_MODE_FULL])
		return gs_error_set(err, NULL, 0, 0,
		                    "mode decomposition needs a run named 'full' "
		                    "(e.g. n8192-full.csv)");
	if (!out->run[GS_MODE_NO_OVERLAP] &&
	    !(out->run[GS_MODE_COMM_ONLY] && out->run[GS_MODE_COMP_ONLY]))
		return gs_error_set(err, NULL, 0, 0,
		                    "mode decomposition needs a 'no_overlap' run, or "
		                    "both 'comm_only' and 'comp_only' runs");
	return 0;
}

/* Times of REC's shape in every present mode, then both gains. */
static int
fill_row(const gs_modes *out, const gs_record *rec, gs_modes_row *row)
{
	int incomplete = 0;

	row->rec = rec;
	for (int m = 0; m < GS_MODE__N; m++) {
		const gs_record *r = out->run[m] ? gs_table_find(out->run[m], &rec->shape) : NULL;
		row->t[m] = r ? r->t.median : NAN;
		if (out->run[m] && !r)
			incomplete = 1;
	}
	/* NAN propagates through the sums: a gain is NAN when a term is missing. */
	row->direct_gain_us = row->t[GS_MODE_NO_OVERLAP] - row->t[GS_MODE_FULL];
	row->decomp_gain_us =
	        row->t[GS_MODE_COMM_ONLY] + row->t[GS_MODE_COMP_ONLY] - row->t[GS_MODE_FULL];
	return incomplete;
}

int
gs_modes_run(gs_table *const *runs, const char *const *names, size_t n, gs_modes *out,
             gs_error *err)
{
	const gs_table *full;

	memset(out, 0, sizeof *out);
	if (assign(out, runs, names, n, err) != 0 || check_modes(out, err) != 0)
		return -1;
	full = out->run[GS_MODE_FULL];
	out->rows = calloc(full->n ? full->n : 1, sizeof *out->rows);
	if (!out->rows)
		return gs_error_set(err, NULL, 0, 0, "out of memory");
	for (size_t i = 0; i < full->n; i++)
		out->incomplete += (size_t)fill_row(out, &full->rec[i], &out->rows[i]);
	out->nrows = full->n;
	return 0;
}
