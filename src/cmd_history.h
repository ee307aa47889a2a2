/* cmd_history.h: `gemmscope history RUN... | DIR`: a nightly series. */
#ifndef GS_CMD_HISTORY_H
#define GS_CMD_HISTORY_H

#include <stddef.h>

#include "cmd_compare.h"

/* gs_run_history: read the N runs (files, or one directory), build the
 * history model and write every output CLI asks for.  Returns the exit
 * status: 0 done, 1 a gate was crossed (--max-regressed counts persistent
 * regressions at the last run; --min-geomean the last run against the
 * first), 2 with ERR set (nothing written). */
int gs_run_history(const gs_cli *cli, const char *const *inputs, size_t n, gs_error *err);

#endif
