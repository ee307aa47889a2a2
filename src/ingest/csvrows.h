/* csvrows.h: RFC 4180 rows from any gs_input, on libcsv.
 *
 * One generic row reader for every CSV gemmscope reads (benchmark CSVs,
 * TraceLens GEMM.csv, rocprofv3 kernel_trace.csv): quoted fields with
 * embedded commas, quotes ("") and newlines, LF or CRLF line ends, a UTF-8
 * byte-order mark stripped, spaces and tabs around unquoted fields trimmed
 * (rocblas-bench and Tensile write ", "), blank lines skipped.  Input comes
 * through gs_input_read(), so gzip is transparent.
 */
#ifndef GS_CSVROWS_H
#define GS_CSVROWS_H

#include <stddef.h>

#include "ingest/input.h"
#include "util/error.h"

/* Bounds on one row; a longer row is an input error, not an allocation. */
enum {
	GS_CSV_MAX_ROW_BYTES = 16 << 20, /* field bytes of one row */
	GS_CSV_MAX_FIELDS = 1 << 16 /* fields of one row */
};

/* gs_csv_row_fn: called once per row.  LINE is the 1-based physical line
 * where the row starts (a quoted field may continue on later lines).
 * FIELD[i] is a NUL-terminated copy of field i (LEN[i] bytes, quotes and
 * surrounding blanks removed), valid only during the call; NFIELDS >= 1.
 * Return 0 to go on, a positive value to stop reading without error, or
 * -1 after filling ERR to stop with that error. */
typedef int (*gs_csv_row_fn)(void *ctx, long line, const char *const *field, const size_t *len,
                             size_t nfields, gs_error *err);

/* gs_csv_rows: read IN from its current position to the end and call FN
 * with CTX for every non-blank row.  Returns 0 when the input was read to
 * the end or FN asked to stop; -1 with ERR on a read error (the message
 * names the byte offset, e.g. a truncated gzip stream), malformed quoting
 * (FILE:LINE:COL, COL = 1-based field), a row over the bounds above, out of
 * memory, or when FN returned -1 (ERR as FN left it).  Owns nothing after
 * it returns; IN stays open (the caller closes it). */
int gs_csv_rows(gs_input *in, gs_csv_row_fn fn, void *ctx, gs_error *err);

#endif
