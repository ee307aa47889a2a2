/* cmd_explain.h: the `gemmscope explain` and `gemmscope gpus` commands,
 * and the --gpu NAME|FILE resolution the other commands share.
 */
#ifndef GS_CMD_EXPLAIN_H
#define GS_CMD_EXPLAIN_H

#include "model/gpu.h"
#include "util/error.h"

/* gs_main_explain: `gemmscope explain M N K [options]`.  ARGV[0] is the
 * command name ("explain"), the arguments follow (main passes argc - 1,
 * argv + 1).  Prints the efficiency breakdown of one GEMM (shape, GPU,
 * tile grid, waves, last wave, tile_eff, wq_eff, dim_eff, FLOP, bytes,
 * MiB, AI, ridge, attainable, bound, the tile model's pick and cost,
 * occupancy when registers/LDS are given) to stdout, or JSON with --json.
 * Returns 0, or 2 after a "gemmscope: ..." message on stderr for a usage
 * or input error. */
int gs_main_explain(int argc, char **argv);

/* gs_main_gpus: `gemmscope gpus [--json] [NAME|FILE]`: the built-in GPU
 * table, or every figure of one GPU with its kind and source.  ARGV as
 * gs_main_explain.  Returns 0 or 2. */
int gs_main_gpus(int argc, char **argv);

/* gs_gpu_resolve: the GPU ARG designates: a spec file when ARG names a
 * readable regular file (format GS_GPU_SPEC_FORMAT), else a built-in name
 * (gs_gpu_find).  Fills OUT (a copy).  Returns 0, or -1 with ERR (file
 * position for a bad spec, "unknown GPU" otherwise). */
int gs_gpu_resolve(const char *arg, gs_gpu *out, gs_error *err);

#endif
