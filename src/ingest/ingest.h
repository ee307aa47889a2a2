/* ingest.h: read any supported input into a gs_table.
 *
 * Format sniffing lives here and only here (sniff.c): the content decides,
 * not the file name.  One reader per format fills the same table.
 */
#ifndef GS_INGEST_H
#define GS_INGEST_H

#include "ingest/input.h"
#include "table.h"
#include "util/error.h"

/* The fields a benchmark CSV column can map to (--map FIELD=COLUMN). */
typedef enum gs_field {
	GS_F_OP,
	GS_F_BATCH,
	GS_F_M,
	GS_F_N,
	GS_F_K,
	GS_F_DTYPE,
	GS_F_TRANS_A,
	GS_F_TRANS_B,
	GS_F_BIAS,
	GS_F_TIME,
	GS_F_TAG,
	GS_F_KERNEL,
	GS_F_OK,
	GS_F_COUNT,
	GS_F_SAMPLES,
	GS_F_TILE_M,
	GS_F_TILE_N,
	GS_F_TILE_K,
	GS_F__N
} gs_field;

typedef struct gs_ingest_opts {
	const char *map[GS_F__N]; /* column name per field from --map, NULL = detect */
	int progress; /* 1: progress bar on stderr for long inputs */
} gs_ingest_opts;

/* gs_field_name: the --map name of F ("M", "time", "trans_a", ...). */
const char *gs_field_name(gs_field f);

/* gs_ingest_opts_map: apply one --map SPEC "FIELD=COLUMN" to OPTS (the
 * column string is borrowed from SPEC).  Returns 0, or -1 with ERR for an
 * unknown field or missing '='. */
int gs_ingest_opts_map(gs_ingest_opts *opts, const char *spec, gs_error *err);

/* gs_ingest_read: sniff PATH's format, read it, and finish the table.
 * Text in the table is well-formed UTF-8 (table.h "Text"); when bytes had
 * to be replaced, one line "PATH: warning: N ill-formed UTF-8 sequences
 * ..." goes to stderr and the count stays in (*OUT)->utf8_replaced.  On
 * success returns 0 and *OUT owns a table with at least one record; on
 * failure returns -1, *OUT is NULL and ERR names file, line, column (or
 * byte offset). */
int gs_ingest_read(const char *path, const gs_ingest_opts *opts, gs_table **out, gs_error *err);

/* gs_ingest_read_pair: gs_ingest_read(PA) and gs_ingest_read(PB) at once,
 * on two threads (a compare's baseline and candidate).  The result, the
 * UTF-8 warnings (A's first) and the error are those of the two calls
 * made in order: on failure returns -1 with *A and *B NULL and ERR set to
 * A's error if A failed, else B's.  Only A draws a progress bar.  Standard
 * input ("-") on either side reads them one after the other. */
int gs_ingest_read_pair(const char *pa, const char *pb, const gs_ingest_opts *opts, gs_table **a,
                        gs_table **b, gs_error *err);

/* gs_table_finish: make read table T ready for analysis: each record's
 * gs_time_stats from its samples (median, mean, min, max, sample std with
 * n-1, sum; model/stats.h; count = nsamples unless a reader already set a
 * larger count; a record without samples keeps what its reader set), then
 * the records ordered by input line (gs_table_order).  Returns 0, or -1
 * with ERR if the table has no records. */
int gs_table_finish(gs_table *t, gs_error *err);

/* Readers.  Each reads IN (already opened, ->head holds the first bytes)
 * into T, excluding bad rows with a reason and failing with ERR on input
 * that cannot be read.  They do not call gs_table_finish(). */
int gs_csv_read(gs_input *in, const gs_ingest_opts *opts, gs_table *t, gs_error *err);

#endif
