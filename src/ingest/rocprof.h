/* rocprof.h: rocprofv3 outputs as inputs (reference/formats.md §3).
 *
 * Three containers of the same data, one table: kernel_trace.csv (both
 * header generations, and rocpd-converted CSV), the JSON output
 * (results.json[.gz], streamed through yajl) and the rocpd SQLite
 * database.  rocprof knows kernels, not GEMM shapes, so each record is one
 * GEMM kernel (model/kernel_class.h decides which kernels are GEMMs, once
 * per name): key op "kernel", M = N = K = 1, shape.name = the kernel name
 * (interned); one sample per dispatch (end - start, ns -> µs); launch =
 * workgroups (Πgrid / Πworkgroup, grid in work-items, of the first
 * dispatch), workgroup size, arch VGPRs, AccVGPRs, SGPRs and LDS bytes.
 * Every kernel, GEMM or not, is counted in the table's kernel mix
 * (table->kmix: dispatches and time by class).  Two rocprof runs
 * therefore compare GEMM kernel by GEMM kernel.  An output whose
 * dispatches hold no GEMM kernel is an error that says what it holds.
 */
#ifndef GS_ROCPROF_H
#define GS_ROCPROF_H

#include <stddef.h>

#include "ingest/ingest.h"

/* gs_rocprof_sniff_json: 1 if HEAD[0..LEN), the start of a JSON document,
 * is rocprofv3 JSON (has the "rocprofiler-sdk-tool" key), else 0. */
int gs_rocprof_sniff_json(const unsigned char *head, size_t len);

/* gs_rocprof_sniff_csv: 1 if the first line of HEAD[0..LEN) is a rocprofv3
 * kernel trace header (Kernel_Name, Start_Timestamp and End_Timestamp
 * columns, any case), else 0. */
int gs_rocprof_sniff_csv(const unsigned char *head, size_t len);

/* gs_rocprof_json_read: read rocprofv3 JSON IN into T (see above); the GPU
 * name (product_name, else name) and cu_count come from the agent that ran
 * the first dispatch.  Dispatches are joined to kernel_symbols on
 * kernel_id; the name is formatted_kernel_name (kernel_name without ".kd"
 * if absent).  Dispatches whose kernel_id has no symbol, or with
 * end <= start, are counted in T->skipped.  Returns 0, or -1 with ERR
 * (read error, invalid JSON with its byte offset, no dispatches). */
int gs_rocprof_json_read(gs_input *in, const gs_ingest_opts *opts, gs_table *t, gs_error *err);

/* gs_rocprof_csv_read: read a kernel_trace.csv IN (columns matched by
 * name, case-insensitive; timestamps in ns) into T.  Rows whose numbers
 * cannot be read are excluded with the reason; rows with End <= Start are
 * counted in T->skipped.  The CSV carries no GPU name.  Returns 0, or -1
 * with ERR (FILE:LINE for a missing column or bad quoting). */
int gs_rocprof_csv_read(gs_input *in, const gs_ingest_opts *opts, gs_table *t, gs_error *err);

/* gs_rocpd_read: read the rocpd SQLite database IN (its path opened
 * read-only by SQLite; a FIFO or other non-regular file is first copied
 * from IN's stream to a temporary file in $TMPDIR or /tmp, removed
 * afterwards) into T through its unsuffixed views (rocpd_kernel_dispatch
 * joined to rocpd_info_kernel_symbol; the name is the symbol's
 * display_name) or the kernels view (the columns it has: name and a
 * duration, end - start or duration, are required, the launch columns
 * default to none), and the GPU name and CU count from
 * rocpd_info_agent.  Rows count from 1 in start order.  Returns 0, or -1
 * with ERR (not a rocpd database, an rpd database, a dispatch table that
 * lacks columns (named), a dispatch ending before it starts (its row),
 * SQL error). */
int gs_rocpd_read(gs_input *in, const gs_ingest_opts *opts, gs_table *t, gs_error *err);

#endif
