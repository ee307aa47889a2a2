/* benchout.h: gemmscope-bench's results in gemmscope's native CSV schema.
 *
 * One row per shape, written by the one native-schema writer
 * (render/native_csv.h: its columns, shortest exact numbers, RFC 4180
 * quoting), so `gemmscope compare/report/confirm` and `gemmscope-bench
 * --shapes` read it back:
 *   op,batch,M,N,K,dtype,trans_a,trans_b,bias,tag,kernel,count,
 *   time_us_median,time_us_mean,time_us_min,time_us_max,time_us_std,
 *   time_us_sum,gflop,mib,flops_per_byte,tflops,tile_m,tile_n,tile_k,
 *   tile_eff,wq_eff,dim_eff,samples
 * (the derived columns as far as the record alone gives them,
 * gs_single_records: no GPU, so wq_eff is empty), then the table's extra
 * numeric columns (the runner's: max_rel_err, checked_outputs,
 * rotating_copies, rotating_mib, throttled_samples), then the clocks
 * sampled after each sample, parallel to `samples` (clocks.h; empty when
 * not sampled): sclk_mhz_samples,mclk_mhz_samples,temp_c_samples,
 * power_w_samples; then the run's columns, equal on every row:
 * backend,gpu,arch,cus,sclk_mhz,mclk_mhz,runtime,library,clock_source (the
 * device, its CU/SM count, peak clocks, runtime and vendor library
 * versions as gs_dev_info has them, and where the sampled clocks came
 * from; empty when unknown).
 */
#ifndef GS_BENCHOUT_H
#define GS_BENCHOUT_H

#include <stdio.h>

#include "runner/devapi.h"
#include "table.h"
#include "util/error.h"

/* The sampled-clock lists of a record: sclk, mclk, temperature, power. */
enum { GS_BENCHOUT_CLOCKS = 4 };

typedef struct gs_benchout_meta {
	const char *backend; /* "vendor", "tiled" or "cpu" */
	const gs_dev_info *info; /* the device that ran them */
	const char *clock_source; /* gs_clocks_source(), NULL if none */
	char *const (*clocks)[GS_BENCHOUT_CLOCKS]; /* per record of the table, in
	                                             order: ';'-lists (NULL: empty),
	                                             nclocks of them; may be NULL */
	size_t nclocks;
} gs_benchout_meta;

/* gs_benchout_csv: write every record of T (finished with
 * gs_table_finish) to OUT.  Returns 0, or -1 with ERR on a write error,
 * out of memory, or more extra columns than the native writer takes
 * (GS_NATIVE_CSV_EXT_MAX). */
int gs_benchout_csv(const gs_table *t, const gs_benchout_meta *meta, FILE *out, gs_error *err);

#endif
