/* benchdnn.h: oneDNN benchdnn's performance output (`benchdnn --matmul
 * --mode=P ...`; oneDNN tests/benchdnn/doc/knobs_perf_report.md,
 * driver_matmul.md) as an input.
 *
 * A console log: an "Output template: perf,%engine%,%impl%,%name%,%prb%,
 * ..." line, then one "perf,..." line per problem, and summaries
 * ("tests:... passed:...", "total perf: ...") that are passed over.  The
 * template names each field of a perf line; without it the default
 * templates are assumed: perf,%engine%,%impl%,%name%,%prb%,%Gops%,
 * %-time%,%-Gflops%,%0time%,%0Gflops% (10 fields), or with one more field
 * after %Gops% (%Gfreq% or %+ctime%, 11 fields).  A perf line is split by
 * libcsv, leniently: a problem name stays quoted inside the descriptor
 * (n"resnet:ip1").  Times are ms; a problem's time is its average
 * (%0time%), else its minimum (%-time%).  The implementation (%impl%)
 * is the kernel, the problem name the tag.
 *
 * The problem (%prb%, or %desc% in older templates) is a matmul's
 * options and descriptor: "--matmul --dt=bf16:bf16:f32 --stag=ab
 * --wtag=ab 1x4096:4096x4096" (canonical: d0x..xMxK:d0x..xKxN[:dst][nS])
 * or the deprecated "[mbX]mXnXkX[_nS]".  oneDNN is row-major, as PyTorch:
 * M and N are kept as the descriptor states them and the transposes are
 * the BLAS flags of the equivalent column-major call, as the trace reader
 * sets them (trace_shape.h): trans_a from the weights' tag (--wtag),
 * trans_b from the source's (--stag), each 'T' when the tag's last two
 * dimensions are exchanged ("ba", "acb").  The batch is the product of
 * the leading dimensions (broadcast: the larger of src's and weights'),
 * the dtype the source's (--dt=SRC:WEI:DST, or the first type of the
 * older --cfg; f32 when neither is given, benchdnn's default), bias when
 * --bia_dt is given and not undef.  Problems of other drivers (--conv,
 * --ip, ...) are excluded, not read.
 */
#ifndef GS_BENCHDNN_H
#define GS_BENCHDNN_H

#include <stddef.h>

#include "ingest/ingest.h"

/* gs_benchdnn_sniff: 1 if a line of HEAD[0..LEN) begins with "Output
 * template: perf," or is a perf line ("perf," and at least 6 more
 * commas), else 0. */
int gs_benchdnn_sniff(const unsigned char *head, size_t len);

/* gs_benchdnn_read: read benchdnn output IN into T (format
 * "onednn-benchdnn"): one sample per perf line of a matmul problem.
 * Returns 0, or -1 with ERR at FILE:LINE:COL (COL the field): a perf line
 * whose field count matches no template, a time that is not a number or
 * negative, a malformed matmul descriptor; or no matmul perf line. */
int gs_benchdnn_read(gs_input *in, const gs_ingest_opts *opts, gs_table *t, gs_error *err);

/* gs_benchdnn_problem: the matmul of PRB (a %prb% or %desc% field) into
 * KEY as above.  Returns 0; 1 when PRB names another driver (*WHY says
 * so); -1 when its descriptor is malformed (*WHY says how).  *WHY is a
 * static sentence. */
int gs_benchdnn_problem(const char *prb, gs_shape *key, const char **why);

#endif
