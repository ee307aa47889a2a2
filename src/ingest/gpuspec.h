/* gpuspec.h: the GPU spec reader: a spec file (YAML, or the `key = value`
 * lines gemmscope-bench --ceilings writes) or a built-in name, as --gpu
 * NAME|FILE takes it.  The built-in table and its queries are model/gpu.h;
 * this module is the only one that reads spec text or files.
 */
#ifndef GS_GPUSPEC_H
#define GS_GPUSPEC_H

#include <stddef.h>

#include "model/gpu.h"
#include "util/error.h"

/* The spec-file format, for --help and the documentation.  (The macro is
 * the name it had in model/gpu.h; only gs_ symbols leave the library.) */
extern const char gs_gpu_spec_format[];
#define GS_GPU_SPEC_FORMAT gs_gpu_spec_format

/* gs_gpu_parse_spec: read a GPU spec (YAML, or `key = value` lines as
 * gemmscope-bench --ceilings writes; text TEXT of LEN bytes; PATH
 * names it in errors and becomes OUT->source unless the file has a
 * `source` key) into OUT.  Format: GS_GPU_SPEC_FORMAT.  Returns 0, or -1
 * with ERR at the offending line and column (OUT is then unspecified).
 * No file access: the caller owns TEXT. */
int gs_gpu_parse_spec(const char *text, size_t len, const char *path, gs_gpu *out, gs_error *err);

/* gs_gpu_resolve: the GPU ARG designates: a spec file when ARG names a
 * readable regular file (format GS_GPU_SPEC_FORMAT, at most 1 MiB), else
 * a built-in name (gs_gpu_find).  Fills OUT (a copy).  Returns 0, or -1
 * with ERR (file position for a bad spec, "unknown GPU" otherwise). */
int gs_gpu_resolve(const char *arg, gs_gpu *out, gs_error *err);

#endif
