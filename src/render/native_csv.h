/* native_csv.h: gemmscope's own CSV schema (DESIGN.md "Native CSV schema"),
 * written.  Reading it back is the CSV reader's job (ingest/, libcsv).
 *
 * Columns, in this order:
 *   op,batch,M,N,K,dtype,trans_a,trans_b,bias,tag,kernel,count,
 *   time_us_median,time_us_mean,time_us_min,time_us_max,time_us_std,samples
 * One row per record.  Times are µs, printed with the shortest text that
 * reads back to the same double; samples are the record's times joined by
 * ';'.  A statistic that does not exist (std of one sample) is an empty
 * field.  Strings are quoted as RFC 4180 says when they hold ',', '"', CR
 * or LF.  Lines end in LF.
 */
#ifndef GS_NATIVE_CSV_H
#define GS_NATIVE_CSV_H

#include <stdio.h>

#include "table.h"
#include "util/error.h"

/* gs_native_csv_write: every record of T (finished, borrowed) in input
 * order, with the header line, to OUT.  For gemmscope-bench results and
 * single-run reports.  Returns 0, or -1 with ERR on a write error. */
int gs_native_csv_write(const gs_table *t, FILE *out, gs_error *err);

#endif
