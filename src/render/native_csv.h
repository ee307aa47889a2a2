/* native_csv.h: gemmscope's own CSV schema (DESIGN.md "Native CSV schema"),
 * written.  Reading it back is the CSV reader's job (ingest/, libcsv).
 *
 * Columns, in this order (GS_NATIVE_CSV_HEADER):
 *   op,batch,M,N,K,dtype,trans_a,trans_b,bias,tag,kernel,count,
 *   time_us_median,time_us_mean,time_us_min,time_us_max,time_us_std,
 *   time_us_sum,gflop,mib,flops_per_byte,tflops,tile_m,tile_n,tile_k,
 *   tile_eff,wq_eff,dim_eff,samples
 * gflop is FLOP / 1e9, mib bytes / 2^20 and flops_per_byte FLOP / bytes as
 * TraceLens counts them (model/gemm.h); tflops is FLOP over the median
 * time; tile_m/n/k are the macro tile over the BLAS dims (empty if
 * unknown), tile_eff, wq_eff and dim_eff the quantisation efficiencies
 * (model/efficiency.h; empty where not computed).  The reader reads back
 * the key, tag, kernel, count, median, tile and samples columns.
 * One row per record.  Times are µs, printed with the shortest text that
 * reads back to the same double; samples are the record's times joined by
 * ';'.  A statistic that does not exist (std of one sample) is an empty
 * field.  Strings are quoted as RFC 4180 says when they hold ',', '"', CR
 * or LF.  Lines end in LF.  A writer with columns of its own appends them
 * through gs_native_csv_write_ext (gemmscope-bench's run columns), so there
 * is one writer of the schema.
 */
#ifndef GS_NATIVE_CSV_H
#define GS_NATIVE_CSV_H

#include <stdio.h>

#include "analysis/single.h"
#include "table.h"
#include "util/error.h"

/* The header line, without the line end. */
extern const char GS_NATIVE_CSV_HEADER[];

/* gs_native_csv_write: every record of S->table (borrowed) in input
 * order, with the header line, to OUT; the derived columns read from S's
 * rows (the report's efficiency model, or gs_single_records for a table
 * without one: gemmscope-bench results, confirmed regressions).  Returns
 * 0, or -1 with ERR on a write error. */
int gs_native_csv_write(const gs_single *s, FILE *out, gs_error *err);

/* One field of an extra column: a string, or (STR NULL) a number. */
typedef struct gs_csv_cell {
	const char *str; /* written quoted as the schema's strings are */
	double num; /* STR NULL: the shortest exact text; empty
	                              when not finite (unknown) */
} gs_csv_cell;

/* Extra columns appended after the native ones, by the writer that owns
 * them (gemmscope-bench's run columns, runner/benchout.c). */
typedef struct gs_native_csv_ext {
	const char *const *names; /* NAMES[0 .. N): the header of each, quoted
	                              as strings are */
	size_t n; /* at most GS_NATIVE_CSV_EXT_MAX */
	/* cells: fill CELLS[0 .. N) for record R, record I of the table; CTX
	 * is passed through.  Strings must outlive the call. */
	void (*cells)(const void *ctx, const gs_record *r, size_t i, gs_csv_cell *cells);
	const void *ctx;
} gs_native_csv_ext;

enum { GS_NATIVE_CSV_EXT_MAX = 64 };

/* gs_native_csv_write_ext: gs_native_csv_write with the columns of EXT
 * (NULL: none) appended to the header and to every row.  Returns 0, or -1
 * with ERR on a write error or when EXT has more than
 * GS_NATIVE_CSV_EXT_MAX columns (nothing written then). */
int gs_native_csv_write_ext(const gs_single *s, const gs_native_csv_ext *ext, FILE *out,
                            gs_error *err);

#endif
