#include <stdio.h>
#include <stdlib.h>

#include "runner/tile.h"

int
gs_tile_threads(int tm, int tn, int *rm, int *rn)
{
	int best = -1, best_dist = 0, best_skew = 0;

	for (int a = 1; a <= GS_TILE_MAX_R; a++) {
		for (int b = 1; b <= GS_TILE_MAX_R; b++) {
			int threads, dist, skew;
			if (tm % a || tn % b)
				continue;
			threads = (tm / a) * (tn / b);
			if (threads > GS_TILE_MAX_THREADS)
				continue;
			dist = abs(threads - 256);
			skew = abs(a - b);
			if (best < 0 || dist < best_dist ||
			    (dist == best_dist && skew < best_skew)) {
				best = threads;
				best_dist = dist;
				best_skew = skew;
				*rm = a;
				*rn = b;
			}
		}
	}
	return best;
}

long
gs_tile_lds_bytes(const gs_dev_gemm *g)
{
	return (long)(g->tile_m + g->tile_n) * g->tile_k * 4;
}

static int
parse_dims(const char *spec, int *tm, int *tn, int *tk)
{
	int used = 0;

	if (sscanf(spec, "%dx%dx%d%n", tm, tn, tk, &used) == 3 && !spec[used])
		return 0;
	*tk = 32;
	used = 0;
	if (sscanf(spec, "%dx%d%n", tm, tn, &used) == 2 && !spec[used])
		return 0;
	return -1;
}

int
gs_tile_parse(const char *spec, gs_dev_gemm *g, gs_error *err)
{
	int tm = 0, tn = 0, tk = 32;

	if (parse_dims(spec, &tm, &tn, &tk) != 0)
		return gs_error_set(err, "--tile", 0, 0,
		                    "expected TMxTNxTK such as 128x128x32, got '%s'", spec);
	if (tm < 1 || tn < 1 || tk < 1 || tm > GS_TILE_MAX || tn > GS_TILE_MAX || tk > GS_TILE_MAX)
		return gs_error_set(err, "--tile", 0, 0, "tile sizes must be 1 to %d, got '%s'",
		                    GS_TILE_MAX, spec);
	if (gs_tile_threads(tm, tn, &g->thr_m, &g->thr_n) < 0)
		return gs_error_set(err, "--tile", 0, 0,
		                    "no thread layout fits %dx%d: each of TM and TN needs a "
		                    "divisor up to %d that leaves at most %d threads",
		                    tm, tn, GS_TILE_MAX_R, GS_TILE_MAX_THREADS);
	g->tile_m = tm;
	g->tile_n = tn;
	g->tile_k = tk;
	return 0;
}
