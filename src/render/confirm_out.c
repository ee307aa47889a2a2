#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/confirm_out.h"
#include "render/fmt.h"
#include "render/jsonw.h"

static void
item(gs_jw *w, const gs_confirm_item *it)
{
	gs_jw_map_open(w);
	gs_jw_shape_fields(w, &it->shape);
	gs_jw_kv_str(w, "tag", it->tag);
	gs_jw_kv_num(w, "original_speedup", it->orig_speedup);
	gs_jw_kv_num(w, "remeasured_speedup", it->re ? it->re->speedup : NAN);
	gs_jw_kv_num(w, "p_value", it->re && it->re->tested ? it->re->p_adjusted : NAN);
	gs_jw_kv_str(w, "status", gs_confirm_status_name(it->status));
	gs_jw_map_close(w);
}

int
gs_render_confirm_json(const gs_confirm *c, FILE *out, gs_error *err)
{
	gs_jw w;

	if (gs_jw_begin(&w, out, err) != 0)
		return -1;
	gs_jw_map_open(&w);
	gs_jw_kv_str(&w, "command", "confirm");
	gs_jw_kv_num(&w, "threshold", c->threshold);
	gs_jw_kv_count(&w, "regressions", (long long)c->n);
	gs_jw_kv_count(&w, "confirmed", (long long)c->confirmed);
	gs_jw_kv_count(&w, "not_reproduced", (long long)c->not_reproduced);
	gs_jw_kv_count(&w, "unsure", (long long)c->unsure);
	gs_jw_kv_count(&w, "not_remeasured", (long long)c->not_remeasured);
	gs_jw_array_open(&w, "items");
	for (size_t i = 0; i < c->n; i++)
		item(&w, &c->items[i]);
	gs_jw_array_close(&w);
	gs_jw_map_close(&w);
	return gs_jw_end(&w, err);
}

int
gs_render_confirm_markdown(const gs_confirm *c, FILE *out, gs_error *err)
{
	char shape[256];

	fprintf(out, "### gemmscope confirm: %zu of %zu regressions confirmed\n\n",
	        c->confirmed, c->n);
	fprintf(out, "%zu confirmed, %zu not reproduced, %zu unsure, %zu not re-measured "
	        "(threshold %g %%).\n\n", c->confirmed, c->not_reproduced, c->unsure,
	        c->not_remeasured, c->threshold * 100);
	if (c->n)
		fprintf(out, "| Shape | Original slowdown | Re-measured slowdown | Status |\n"
		        "|---|---:|---:|---|\n");
	for (size_t i = 0; i < c->n; i++) {
		const gs_confirm_item *it = &c->items[i];
		fputs("| ", out);
		gs_fmt_md_text(out, gs_shape_format(&it->shape, shape, sizeof shape));
		fprintf(out, " | %.2f\xc3\x97 | ", 1 / it->orig_speedup);
		if (it->re)
			fprintf(out, "%.2f\xc3\x97", 1 / it->re->speedup);
		else
			fputs("—", out);
		fprintf(out, " | %s |\n", gs_confirm_status_name(it->status));
	}
	return ferror(out) ? gs_error_set(err, NULL, 0, 0, "write failed") : 0;
}
