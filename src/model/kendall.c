#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/kendall.h"

typedef struct xy {
	double x, y;
} xy;

static int
by_x_then_y(const void *a, const void *b)
{
	const xy *p = a, *q = b;

	if (p->x != q->x)
		return p->x < q->x ? -1 : 1;
	return (p->y > q->y) - (p->y < q->y);
}

/* Pairs tied within runs of equal keys in sorted V (N values): Σ t(t-1)/2. */
static double
tied_pairs(const double *v, size_t n)
{
	double ties = 0;

	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && v[j] == v[i]; j++)
			;
		ties += (double)(j - i) * (double)(j - i - 1) / 2;
	}
	return ties;
}

/* Pairs tied in both X and Y in P sorted by (x, y). */
static double
joint_ties(const xy *p, size_t n)
{
	double ties = 0;

	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && p[j].x == p[i].x && p[j].y == p[i].y; j++)
			;
		ties += (double)(j - i) * (double)(j - i - 1) / 2;
	}
	return ties;
}

/* Sort Y[0..N) ascending by a bottom-up merge sort through TMP and return
 * the number of exchanges of out-of-order elements (the discordant pairs
 * of the order Y had). */
static double
merge_swaps(double *y, double *tmp, size_t n)
{
	double swaps = 0;

	for (size_t w = 1; w < n; w *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
			size_t i = lo, j = mid, k = lo;
			while (i < mid && j < hi) {
				if (y[j] < y[i]) {
					swaps += (double)(mid - i);
					tmp[k++] = y[j++];
				} else {
					tmp[k++] = y[i++];
				}
			}
			while (i < mid)
				tmp[k++] = y[i++];
			while (j < hi)
				tmp[k++] = y[j++];
		}
		memcpy(y, tmp, n * sizeof *y);
	}
	return swaps;
}

int
gs_kendall_tau_b(const double *x, const double *y, size_t n, double *tau)
{
	xy *p;
	double *v, *tmp, n0, n1, n2, n3, swaps;

	if (n < 2) {
		*tau = NAN;
		return 0;
	}
	p = malloc(n * sizeof *p);
	v = malloc(n * sizeof *v);
	tmp = malloc(n * sizeof *tmp);
	if (!p || !v || !tmp) {
		free(p);
		free(v);
		free(tmp);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		p[i] = (xy){x[i], y[i]};
	qsort(p, n, sizeof *p, by_x_then_y);
	for (size_t i = 0; i < n; i++)
		v[i] = p[i].x;
	n1 = tied_pairs(v, n);
	n3 = joint_ties(p, n);
	for (size_t i = 0; i < n; i++)
		v[i] = p[i].y;
	swaps = merge_swaps(v, tmp, n);
	n2 = tied_pairs(v, n); /* v is now sorted by y */
	n0 = (double)n * (double)(n - 1) / 2;
	*tau = (n0 - n1 == 0 || n0 - n2 == 0)
	               ? NAN
	               : (n0 - n1 - n2 + n3 - 2 * swaps) / sqrt((n0 - n1) * (n0 - n2));
	free(p);
	free(v);
	free(tmp);
	return 0;
}
