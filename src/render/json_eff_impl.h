/* json_eff_impl.h: inside render/ only.  The efficiency objects json.c
 * writes (json_eff.c).
 *
 * gs_json_gpu: under key K, S's GPU (name, how it was chosen and why, its
 * roofs), or null without one.
 * gs_json_efficiency: under key K, the efficiency object of ROW, a row of
 * S (null without a row; without M/N/K only kernel_family and occupancy).
 * gs_json_efficiency_pair: pair I's "efficiency" (both sides) and
 * "explanation" keys, written only where a tile or a GPU is known on
 * either side (without them every field but FLOP, bytes and TFLOP/s, which
 * the CSV has, would be null). */
#ifndef GS_JSON_EFF_IMPL_H
#define GS_JSON_EFF_IMPL_H

#include <stddef.h>

#include "analysis/single.h"
#include "render/jsonw.h"
#include "render/report.h"

void gs_json_gpu(gs_jw *w, const char *k, const gs_single *s);
void gs_json_efficiency(gs_jw *w, const char *k, const gs_single *s, const gs_single_row *row);
void gs_json_efficiency_pair(gs_jw *w, const gs_report *r, size_t i);

#endif
