/* trace.h: PyTorch profiler (Kineto) traces as inputs.
 *
 * A trace (.json or .json.gz, written by torch.profiler's
 * export_chrome_trace) is streamed through yajl: only GEMM cpu_ops, the
 * runtime calls and the GPU activities are kept, as small records, never
 * the document.  GEMM ops are linked to their kernels as PyTorch records
 * it and as TraceLens reads it (reference/formats.md §2.3): kernel ->
 * runtime call by correlation id (External id in traces without one),
 * runtime call -> innermost enclosing GEMM cpu_op on the same (pid, tid).
 * Each call's time is the busy time (union of the [ts, ts+dur) intervals)
 * of every GPU activity its runtime calls launched, in µs, as TraceLens's
 * "Kernel Time (µs)".
 */
#ifndef GS_TRACE_H
#define GS_TRACE_H

#include "ingest/ingest.h"

/* gs_trace_read: read the PyTorch trace IN (opened, ->head holds its first
 * bytes) into T: one record per GEMM shape key (op as in the trace, e.g.
 * "aten::addmm"; batch, M, N, K from Input Dims; dtype from Input type;
 * transposes from Input Strides, else from the kernel name; bias for
 * addmm/baddbmm), one sample per call (busy time, µs), record->kernel =
 * the longest-running kernel of the op's first call, record->launch from
 * that kernel (workgroups = Πgrid/Πblock on ROCm, where grid counts
 * work-items; Πgrid on CUDA, where it counts blocks), and the GPU name and
 * CU/SM count from deviceProperties (gs_table_set_gpu).  GPU activities
 * with no runtime call in the file (recorded before the CPU window) are
 * left out and counted in T->skipped; GEMM ops without a kernel or without
 * shapes are listed in T's exclusions, one line per op and reason.
 * Options used: OPTS->progress.  Returns 0, or -1 with ERR: unreadable
 * input, invalid JSON (byte offset), not a trace, or no GEMM op with a GPU
 * kernel.  Does not call gs_table_finish(). */
int gs_trace_read(gs_input *in, const gs_ingest_opts *opts, gs_table *t, gs_error *err);

#endif
