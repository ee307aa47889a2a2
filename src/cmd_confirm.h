/* cmd_confirm.h: `gemmscope confirm REPORT.json BASE_RE CAND_RE`. */
#ifndef GS_CMD_CONFIRM_H
#define GS_CMD_CONFIRM_H

#include "cmd_compare.h"

/* gs_run_confirm: mark each regression of the compare report REPORT as
 * confirmed or not by the re-measured BASE_RE and CAND_RE, print the
 * counts, and write --regressions (the regenerated list: confirmed only,
 * native schema), --json and --markdown.  Returns 0, 1 when more than
 * --max-regressed regressions are confirmed, or 2 with ERR (nothing
 * written). */
int gs_run_confirm(const gs_cli *cli, const char *report, const char *base_re, const char *cand_re,
                   gs_error *err);

#endif
