/* progress.c: see progress.h. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "ingest/progress.h"

enum { BAR_WIDTH = 30 };

static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void
gs_progress_start(gs_progress *p, const char *label, long long total, int want)
{
	p->enabled = want && isatty(2);
	p->shown = 0;
	p->t0 = p->enabled ? now_s() : 0;
	p->last = p->t0;
	p->total = total;
	p->done = 0;
	p->label = label ? label : "";
}

static void
draw(const gs_progress *p, long long done, double t)
{
	double mb = (double)done / 1e6, rate = mb / (t - p->t0 > 0 ? t - p->t0 : 1);

	if (p->total > 0) {
		double f = (double)done / (double)p->total;
		int fill = (int)(f * BAR_WIDTH + 0.5);
		if (f > 1)
			f = 1;
		if (fill > BAR_WIDTH)
			fill = BAR_WIDTH;
		fprintf(stderr, "\r%s [%.*s%*s] %3d%% %.1f MB/s", p->label, fill,
		        "##############################", BAR_WIDTH - fill, "", (int)(f * 100),
		        rate);
	} else {
		fprintf(stderr, "\r%s %.1f MB read, %.1f MB/s", p->label, mb, rate);
	}
	fflush(stderr);
}

void
gs_progress_update(gs_progress *p, long long done)
{
	double t;

	if (!p->enabled)
		return;
	p->done = done;
	t = now_s();
	if (t - p->t0 < 1.0 || (p->shown && t - p->last < 0.1))
		return;
	draw(p, done, t);
	p->shown = 1;
	p->last = t;
}

void
gs_progress_end(gs_progress *p)
{
	if (p->enabled && p->shown) {
		draw(p, p->total > 0 ? p->total : p->done, now_s());
		fputc('\n', stderr);
	}
	p->shown = 0;
}
