/* modes.h: overlap measured by mode decomposition.
 *
 * Where PC sampling is unavailable (gfx1151), how much a kernel overlaps
 * communication (memory traffic) with computation is estimated by running
 * it in four controlled modes (reference/seeds/gfx1151-reference.md,
 * "Overlap Measurement Without PC Sampling"):
 *
 *   full        the kernel as shipped
 *   no_overlap  the same work, serialised
 *   comm_only   only the data movement
 *   comp_only   only the computation
 *
 * and deriving, per shape, with median times in µs:
 *
 *   direct gain         T_no_overlap - T_full
 *   decomposition gain  T_comm_only + T_comp_only - T_full
 *
 * A positive gain is time hidden by overlap.  As the reference warns, a
 * larger overlap gain does not mean a faster kernel: compare T_full first.
 *
 * The mode of a run comes from its name (the file name without directory
 * and extensions, as gs_runset_load() names runs): the mode word must be
 * the whole name or a token of it delimited by the start or end of the
 * name or one of "-", "_", ".", "+", "@" (e.g. "n8192-full",
 * "cfg2222_no_overlap", "comm_only.rocprof").  A gs_table keeps no string
 * columns, so a "mode" column inside the file is not read.
 */
#ifndef GS_MODES_H
#define GS_MODES_H

#include <stddef.h>

#include "table.h"
#include "util/error.h"

typedef enum gs_mode {
	GS_MODE_FULL,
	GS_MODE_NO_OVERLAP,
	GS_MODE_COMM_ONLY,
	GS_MODE_COMP_ONLY,
	GS_MODE__N
} gs_mode;

/* One shape of the full run. */
typedef struct gs_modes_row {
	const gs_record *rec; /* the full run's record (key, tag), borrowed */
	double t[GS_MODE__N]; /* median µs per mode; NAN where the run
	                               lacks the shape or the mode is absent */
	double direct_gain_us; /* T_no_overlap - T_full, NAN if unknown */
	double decomp_gain_us; /* T_comm_only + T_comp_only - T_full, NAN if unknown */
} gs_modes_row;

typedef struct gs_modes {
	const gs_table *run[GS_MODE__N]; /* borrowed; NULL for an absent mode */
	const char *name[GS_MODE__N]; /* the run names, borrowed; NULL if absent */
	gs_modes_row *rows; /* owned: every shape of the full run, in
	                                     its order (shapes only in other modes
	                                     are not listed) */
	size_t nrows;
	size_t incomplete; /* rows that a present mode's run lacks */
	size_t ignored; /* runs whose name carries no mode */
} gs_modes;

/* gs_mode_name: "full", "no_overlap", "comm_only", "comp_only". */
const char *gs_mode_name(gs_mode m);

/* gs_mode_of_name: the mode NAME is labelled with (rules above), or -1 if
 * none; -2 if NAME carries two different mode words. */
int gs_mode_of_name(const char *name);

/* gs_modes_run: decompose the N runs RUNS[i] (finished tables) named
 * NAMES[i] (both borrowed for the life of OUT).  Runs without a mode word
 * are ignored (counted; their RUNS[i] may be NULL: a streamed history
 * holds only the tables of runs named by a mode).  Needs a full run and, for at least one gain,
 * either a no_overlap run or both comm_only and comp_only.  Returns 0, or
 * -1 with ERR naming the run for a duplicated mode, a name with two mode
 * words, a missing full run, no gain computable, or out of memory.  Free
 * OUT with gs_modes_free() in either case. */
int gs_modes_run(gs_table *const *runs, const char *const *names, size_t n, gs_modes *out,
                 gs_error *err);

/* gs_modes_free: release what M owns (not the tables); M is left empty. */
void gs_modes_free(gs_modes *m);

#endif
