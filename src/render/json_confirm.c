/* json_confirm.c: the JSON of `gemmscope confirm --json`, reached through
 * gs_render_json (render/report.h): {command, threshold, regressions,
 * confirmed, not_reproduced, unsure, not_remeasured, clock_only, throttled,
 * gates[], items[]: key fields, tag, original_speedup, remeasured_speedup
 * (null if not re-measured), p_value (null if untested), status,
 * clock_normalised_speedup (the speedup at equal clocks, from
 * cycles_median; null without the clock columns), throttled_samples_base
 * and _cand (null when unknown), clock_only (analysis/confirm.h)}.
 * Nothing is computed here.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/confirm.h"
#include "render/jsonw.h"
#include "render/writer_impl.h"

static void
item(gs_jw *w, const gs_confirm *c, const gs_confirm_item *it)
{
	gs_jw_map_open(w);
	gs_jw_shape_fields(w, &it->shape);
	gs_jw_kv_str_known(w, "tag", it->tag);
	gs_jw_kv_num(w, "original_speedup", it->orig_speedup);
	gs_jw_kv_num(w, "remeasured_speedup", it->re ? it->re->speedup : NAN);
	gs_jw_kv_num(w, "p_value", it->re ? gs_pair_p_adjusted(&c->re, it->re) : NAN);
	gs_jw_kv_str(w, "status", gs_confirm_status_name(it->status));
	gs_jw_kv_num(w, "clock_normalised_speedup", it->clock_speedup);
	gs_jw_kv_num(w, "throttled_samples_base", it->throttled_base);
	gs_jw_kv_num(w, "throttled_samples_cand", it->throttled_cand);
	gs_jw_kv_bool(w, "clock_only", it->clock_only);
	gs_jw_map_close(w);
}

int
gs_json_confirm(const gs_report *r, FILE *out, gs_error *err)
{
	const gs_confirm *c = r->confirm;
	gs_jw w;

	if (gs_jw_begin(&w, out, r->json_indent, err) != 0)
		return -1;
	gs_jw_map_open(&w);
	gs_jw_kv_str(&w, "command", "confirm");
	gs_jw_kv_num(&w, "threshold", c->threshold);
	gs_jw_kv_count(&w, "regressions", (long long)c->n);
	gs_jw_kv_count(&w, "confirmed", (long long)c->confirmed);
	gs_jw_kv_count(&w, "not_reproduced", (long long)c->not_reproduced);
	gs_jw_kv_count(&w, "unsure", (long long)c->unsure);
	gs_jw_kv_count(&w, "not_remeasured", (long long)c->not_remeasured);
	gs_jw_kv_count(&w, "clock_only", (long long)c->clock_only);
	gs_jw_kv_count(&w, "throttled", (long long)c->throttled);
	gs_jw_gates(&w, &r->gates);
	gs_jw_array_open(&w, "items");
	for (size_t i = 0; i < c->n; i++)
		item(&w, c, &c->items[i]);
	gs_jw_array_close(&w);
	gs_jw_map_close(&w);
	return gs_jw_end(&w, err);
}
