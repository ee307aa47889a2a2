/* progress.h: a progress bar on stderr for long inputs.
 *
 * Drawn only when the caller asked for it, stderr is a terminal, and the
 * input has already taken more than a second: short runs and pipes stay
 * silent.  One line, redrawn in place with '\r', at most ten times a
 * second.
 */
#ifndef GS_PROGRESS_H
#define GS_PROGRESS_H

typedef struct gs_progress {
	int enabled; /* wanted and stderr is a terminal */
	int shown; /* the bar has been drawn at least once */
	double t0, last; /* monotonic seconds: start, last redraw */
	long long total; /* bytes expected (on-disk size), <= 0 unknown */
	long long done; /* bytes read at the last update */
	const char *label; /* borrowed, e.g. the input path */
} gs_progress;

/* gs_progress_start: initialise P for an input of TOTAL bytes (<= 0:
 * unknown) named LABEL (borrowed, must outlive P).  WANT is the caller's
 * wish (gs_ingest_opts.progress); the bar is also off unless isatty(2). */
void gs_progress_start(gs_progress *p, const char *label, long long total, int want);

/* gs_progress_update: DONE bytes of TOTAL are read.  Cheap when nothing is
 * drawn (one clock read). */
void gs_progress_update(gs_progress *p, long long done);

/* gs_progress_end: finish the line if a bar was drawn. */
void gs_progress_end(gs_progress *p);

#endif
