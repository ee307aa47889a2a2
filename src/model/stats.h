/* stats.h: the statistics gemmscope's verdicts rest on.  Pure functions, no
 * I/O.  Sources of the methods are given per function; see also
 * reference/statistics.md.
 */
#ifndef GS_STATS_H
#define GS_STATS_H

#include <stddef.h>

#include "model/shape.h"

/* gs_stats_median: median of X[0..N) (mean of the two middle values for
 * even N).  X is not modified.  NAN for N == 0 or on out of memory. */
double gs_stats_median(const double *x, size_t n);

/* gs_stats_mean: arithmetic mean; NAN for N == 0. */
double gs_stats_mean(const double *x, size_t n);

/* gs_stats_stddev: sample standard deviation (divisor N-1), as pandas'
 * std(); NAN for N < 2. */
double gs_stats_stddev(const double *x, size_t n);

/* gs_stats_geomean_ci: geometric mean of the positive ratios R[0..N),
 * exp(mean(ln r)), with a two-sided confidence interval at LEVEL (0.95)
 * from Student's t on the log ratios: exp(mean ± t_{n-1} · sd/√n).
 * With N == 1 there is no interval: *LO and *HI are NAN (a t interval
 * needs a spread; writers print "n/a", the JSON null).  Returns 0, or -1 if N == 0, a
 * ratio is not finite and > 0, or LEVEL is not in (0, 1) (outputs
 * untouched). */
int gs_stats_geomean_ci(const double *r, size_t n, double level, double *gm, double *lo,
                        double *hi);

/* gs_stats_t_quantile: the P quantile (0 < P < 1) of Student's t with DF
 * degrees of freedom (DF >= 1).  Accurate to 1e-9 relative. */
double gs_stats_t_quantile(double p, double df);

/* gs_stats_t_sf: the upper tail P(T > t) of Student's t with DF degrees of
 * freedom (DF > 0), from the regularised incomplete beta function
 * (Abramowitz & Stegun 26.7.1).  Accurate to about 1e-12 relative. */
double gs_stats_t_sf(double t, double df);

/* gs_stats_mann_whitney: two-sided Mann-Whitney U test of X[0..NX) against
 * Y[0..NY).  Exact distribution of U when there are no ties and
 * min(NX, NY) <= 8; otherwise the normal approximation with tie correction
 * and continuity correction (scipy.stats.mannwhitneyu method="auto", scipy
 * 1.10).  Writes the p-value to *P (1 if both samples are all equal).
 * Returns 0, or -1 if NX or NY is 0 or a value is NaN. */
int gs_stats_mann_whitney(const double *x, size_t nx, const double *y, size_t ny, double *p);

/* Multiple-comparison corrections of N p-values P into ADJ (may alias P).
 * Holm: step-down, adj_(i) = max_{j<=i} min(1, (n-j+1) p_(j)).
 * Benjamini-Hochberg: step-up, adj_(i) = min_{j>=i} min(1, n/j p_(j)).
 * NAN entries (untested) are skipped and left NAN; n counts tested ones.
 * Return 0, or -1 on out of memory. */
int gs_stats_holm(const double *p, size_t n, double *adj);
int gs_stats_bh(const double *p, size_t n, double *adj);

/* gs_record_stats: R's time statistics, µs: median and count as R keeps
 * them (gs_table_finish), mean, sample std (n - 1; NAN below two
 * samples), min, max and sum of its samples, in the order and with the
 * roundings gs_table_finish used when it stored them all.  A record
 * without samples gives 0 for each (its statistics were never set). */
gs_time_stats gs_record_stats(const gs_record *r);

/* gs_record_call_us: the time of one call of R, µs: the mean of its
 * samples, or its median when that mean is not a positive number (no
 * samples).  Times its call count, the time spent in the shape. */
double gs_record_call_us(const gs_record *r);

#endif
