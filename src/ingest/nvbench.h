/* nvbench.h: NVIDIA nvbench results as inputs (NVIDIA/nvbench
 * docs/json_output.md, nvbench/json_printer.cu, nvbench/csv_printer.cu).
 *
 * nvbench times a benchmark's states: one state per point of its axes.
 * A state becomes a GEMM when its axes name M, N and K (any case); the
 * shape key takes batch, dtype and transposes from axes that name them
 * (gs_nvbench_axis), and every other axis, with the benchmark's name,
 * becomes the record's tag ("gemm Algo=cutlass"), as nvbench_compare
 * matches states by benchmark and axis values.  Two states of different
 * tags that give one shape key cannot both be that shape: the later one
 * is excluded, saying so.  Times are nvbench's cold GPU times (CUDA
 * events, one launch per sample, L2 flushed), seconds in the file, µs in
 * the table.  Only the first device's states are read (the others are
 * counted in t->skipped): one input, one GPU, whose name and SM count
 * name the table's GPU.
 */
#ifndef GS_NVBENCH_H
#define GS_NVBENCH_H

#include <stddef.h>

#include "ingest/ingest.h"

/* gs_nvbench_sniff_json: 1 if HEAD[0..LEN), the start of a JSON document,
 * is nvbench's (its device list's "sm_default_clock_rate" key, the
 * "nvbench" version block of its meta, or "benchmarks" and "states"
 * keys), else 0. */
int gs_nvbench_sniff_json(const unsigned char *head, size_t len);

/* gs_nvbench_json_read: read nvbench JSON IN into T, streamed through
 * yajl (format "nvbench-json").  A state's time is, in order of
 * preference: its samples, when the document names a sidecar file
 * ("nv/json/bin:nv/cold/sample_times", written by --jsonbin: SIZE
 * little-endian float32 seconds, the path relative to the JSON's
 * directory) and that is a regular file; the median ("nv/cold/time/gpu/
 * median", newer nvbench); the mean ("nv/cold/time/gpu/mean").  A missing
 * sidecar is no error (docs/json_output.md: treat it as unavailable); a
 * sidecar of the wrong size or with a sample that is not a positive
 * finite time is.  The count is "nv/cold/sample_size".  Skipped states
 * are excluded with nvbench's skip_reason; states without M, N, K axes
 * or without a GPU time are excluded.  Returns 0, or -1 with ERR (read
 * error, invalid JSON or a bad axis value at its byte offset, no state
 * that is a GEMM). */
int gs_nvbench_json_read(gs_input *in, const gs_ingest_opts *opts, gs_table *t, gs_error *err);

/* gs_nvbench_axis: state axis NAME = VALUE into KEY: "M", "N", "K" (any
 * case) as a positive whole number; "batch" or "batch_count" (any case)
 * likewise; "dtype", "T", "type", "precision", "ValueType" (any case)
 * when VALUE is a dtype gs_dtype_normalize knows ("F16", "bf16",
 * "float"); "transA"/"trans_a"/"tA" and "transB"/"trans_b"/"tB" as N or
 * T; "trans" or "layout" as two letters ("TN": A then B).  Returns 1 if
 * the axis went into KEY, 0 if it is another axis (the tag's), -1 if it
 * names M, N, K or batch but VALUE is not a positive whole number up to
 * 2^53. */
int gs_nvbench_axis(gs_shape *key, const char *name, const char *value);

/* gs_nvbench_tag_add: append " NAME=VALUE" to the tag TAG (SIZE bytes,
 * NUL-terminated, started with the benchmark name); text that does not
 * fit is cut. */
void gs_nvbench_tag_add(char *tag, size_t size, const char *name, const char *value);

/* gs_nvbench_clash: the exclusion reason when a state of tag TAG gives
 * KEY, a key T already holds from a state of another tag, else NULL. */
const char *gs_nvbench_clash(const gs_table *t, const gs_shape *key, const char *tag);

#endif
