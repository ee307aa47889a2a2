/* fields.c: the fields a benchmark CSV column can map to, by name
 * (gs_field_name) and from --map FIELD=COLUMN (gs_ingest_opts_map).
 * Used by the CSV readers and the command line; calls nothing above
 * util/. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <strings.h>

#include "ingest/ingest.h"

static const char *const field_names[GS_F__N] = {
        [GS_F_OP] = "op",
        [GS_F_BATCH] = "batch",
        [GS_F_M] = "M",
        [GS_F_N] = "N",
        [GS_F_K] = "K",
        [GS_F_DTYPE] = "dtype",
        [GS_F_TRANS_A] = "trans_a",
        [GS_F_TRANS_B] = "trans_b",
        [GS_F_BIAS] = "bias",
        [GS_F_TIME] = "time",
        [GS_F_TAG] = "tag",
        [GS_F_KERNEL] = "kernel",
        [GS_F_OK] = "ok",
        [GS_F_COUNT] = "count",
        [GS_F_SAMPLES] = "samples",
        [GS_F_TILE_M] = "tile_m",
        [GS_F_TILE_N] = "tile_n",
        [GS_F_TILE_K] = "tile_k",
};

const char *
gs_field_name(gs_field f)
{
	return f < GS_F__N ? field_names[f] : "?";
}

int
gs_ingest_opts_map(gs_ingest_opts *opts, const char *spec, gs_error *err)
{
	const char *eq = strchr(spec, '=');

	if (!eq || eq == spec || !eq[1])
		return gs_error_set(err, NULL, 0, 0, "--map expects FIELD=COLUMN, got '%s'", spec);
	for (int f = 0; f < GS_F__N; f++) {
		size_t n = strlen(field_names[f]);
		if (n == (size_t)(eq - spec) && strncasecmp(spec, field_names[f], n) == 0) {
			opts->map[f] = eq + 1;
			return 0;
		}
	}
	return gs_error_set(err, NULL, 0, 0,
	                    "--map: unknown field '%.*s' (known: op batch M N K dtype "
	                    "trans_a trans_b bias time tag kernel ok count samples "
	                    "tile_m tile_n tile_k)",
	                    (int)(eq - spec), spec);
}
