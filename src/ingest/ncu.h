/* ncu.h: Nsight Compute's `ncu --csv` output as an input (the details
 * page, ncu's default: NsightComputeCli "--csv", "--page details").
 *
 * The CSV is long-form: one row per metric of each profiled kernel
 * launch, the launch's columns repeated on every row: "ID","Process
 * ID","Process Name","Host Name","Kernel Name", then "Kernel Time" (a
 * timestamp, older releases) or "Block Size","Grid Size","Device","CC"
 * (newer), "Context","Stream", and "Section Name","Metric Name","Metric
 * Unit","Metric Value" (then rule columns in the newest).  The rows of
 * one launch share its ID and come together.  Metrics are read by label
 * (the default) or by name (--print-metric-name name): Duration
 * (gpu__time_duration.sum), Registers Per Thread
 * (launch__registers_per_thread), Static and Dynamic Shared Memory Per
 * Block (launch__shared_mem_per_block_static, _dynamic), Block Size
 * (launch__block_size: threads) and Grid Size (launch__grid_size:
 * blocks).  Units are ncu's, scaled unless --print-units base: nsecond,
 * usecond, msecond, second (or ns, us, ms, s); byte, Kbyte, Mbyte (SI:
 * ncu writes 228 KiB as 233.47 Kbyte); numbers may carry thousands
 * separators ("1,024").
 *
 * ncu knows kernels, not GEMM shapes: the table is keyed by kernel name
 * like a rocprof one (rocprof.h: GEMM kernels are the records, op
 * "kernel", M = N = K = 1; every kernel's time by class in t->kmix), one
 * sample per launch (its Duration, µs), the launch geometry, registers
 * per thread and shared memory per block (static + dynamic) for
 * occupancy.
 * The CSV names no GPU, only its compute capability ("CC", set as the
 * environment's).
 */
#ifndef GS_NCU_H
#define GS_NCU_H

#include <stddef.h>

#include "ingest/ingest.h"

/* gs_ncu_sniff: the byte offset in HEAD[0..LEN) of ncu's CSV header (a
 * line beginning with the ID and Process ID columns, quoted or not, that
 * has Metric Name and Metric Value columns), after whatever ncu and the
 * program printed before it ("==PROF==" lines, the program's output);
 * -1 if the head holds no such line. */
long gs_ncu_sniff(const unsigned char *head, size_t len);

/* gs_ncu_read: read ncu CSV IN into T (format "ncu-csv"), from the header
 * gs_ncu_sniff found; lines that are not rows of the table ("==PROF==
 * Disconnected ...") are skipped.  A launch without a Duration is
 * excluded.  Lines count from the start of the file.  Returns 0, or -1
 * with ERR (FILE:LINE[:COL]: a missing column, a ragged row, a negative
 * Duration or one in an unknown unit, bad quoting; no launch with a
 * Duration, no GEMM kernel). */
int gs_ncu_read(gs_input *in, const gs_ingest_opts *opts, gs_table *t, gs_error *err);

#endif
