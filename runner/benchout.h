/* benchout.h: gemmscope-bench's results in gemmscope's native CSV schema.
 *
 * One row per shape with the native columns (DESIGN.md "Native CSV
 * schema"), so `gemmscope compare/report/confirm` and `gemmscope-bench
 * --shapes` read it back:
 *   op,batch,M,N,K,dtype,trans_a,trans_b,bias,tag,kernel,count,
 *   time_us_median,time_us_mean,time_us_min,time_us_max,time_us_std,
 *   gflop,tflops,tile_m,tile_n,tile_k,samples
 * then the table's extra numeric columns (the runner's: max_rel_err,
 * checked_outputs, rotating_copies), then the run's columns, equal on
 * every row: backend,gpu,arch,cus,sclk_mhz,mclk_mhz,runtime,library (the
 * device, its CU/SM count, peak clocks, runtime and vendor library
 * versions as gs_dev_info has them; empty when unknown).
 * Times are µs per launch; gflop = (2·M·N·K + M·N with bias)·batch / 1e9
 * (DESIGN.md "Definitions"); tflops = gflop / median µs / 1e3.  Strings
 * are quoted as RFC 4180 says when they hold a comma, quote or newline.
 */
#ifndef GS_BENCHOUT_H
#define GS_BENCHOUT_H

#include <stdio.h>

#include "runner/devapi.h"
#include "table.h"
#include "util/error.h"

typedef struct gs_benchout_meta {
	const char *backend;        /* "vendor", "tiled" or "cpu" */
	const gs_dev_info *info;    /* the device that ran them */
} gs_benchout_meta;

/* gs_benchout_csv: write every record of T (finished with
 * gs_table_finish) to OUT.  Returns 0, or -1 with ERR on a write error. */
int gs_benchout_csv(const gs_table *t, const gs_benchout_meta *meta, FILE *out,
                    gs_error *err);

#endif
