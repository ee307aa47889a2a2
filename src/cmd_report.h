/* cmd_report.h: `gemmscope report INPUT`: one run's efficiency breakdown. */
#ifndef GS_CMD_REPORT_H
#define GS_CMD_REPORT_H

#include "cmd_compare.h"

/* gs_run_report: read INPUT, build the single-run model (efficiency per
 * shape on the GPU of --gpu or the input) and write every output CLI asks
 * for.  Returns the exit status: 0 done, 2 with ERR set (nothing written). */
int gs_run_report(const gs_cli *cli, const char *input, gs_error *err);

#endif
