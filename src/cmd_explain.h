/* cmd_explain.h: the `gemmscope explain` and `gemmscope gpus` commands.
 * The --gpu NAME|FILE resolution the other commands share is
 * ingest/gpuspec.h's gs_gpu_resolve.
 */
#ifndef GS_CMD_EXPLAIN_H
#define GS_CMD_EXPLAIN_H

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

#endif
