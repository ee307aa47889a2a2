/* kernel_mix.c: a profile's GPU kernel time by class (gs_kmix,
 * kernel_class.h). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/kernel_class.h"

enum { KMIX_MAX = 1 << 30 };

long
gs_kmix_add_kernel(gs_kmix *m, const char *name, gs_kclass cls)
{
	gs_kmix_kernel *k;

	if (m->n == m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 64;
		if (cap > KMIX_MAX || !(k = realloc(m->k, cap * sizeof *k)))
			return -1;
		m->k = k;
		m->cap = cap;
	}
	k = &m->k[m->n];
	k->name = name;
	k->cls = (unsigned)cls < GS_KC_COUNT ? cls : GS_KC_OTHER;
	k->calls = 0;
	k->total_ns = 0;
	return (long)m->n++;
}

void
gs_kmix_add_ns(gs_kmix *m, size_t i, double ns)
{
	if (i >= m->n || !(ns > 0))
		return;
	m->k[i].calls++;
	m->k[i].total_ns += ns;
}

static int
by_time(const void *a, const void *b)
{
	const gs_kmix_kernel *x = a, *y = b;

	if (x->total_ns != y->total_ns)
		return x->total_ns > y->total_ns ? -1 : 1;
	return strcmp(x->name ? x->name : "", y->name ? y->name : "");
}

void
gs_kmix_finish(gs_kmix *m)
{
	double class_ns[GS_KC_COUNT] = {0}, total_ns = 0;

	m->calls = 0;
	memset(m->class_calls, 0, sizeof m->class_calls);
	memset(m->class_kernels, 0, sizeof m->class_kernels);
	for (size_t i = 0; i < m->n; i++) {
		const gs_kmix_kernel *k = &m->k[i];
		class_ns[k->cls] += k->total_ns;
		total_ns += k->total_ns;
		m->class_calls[k->cls] += k->calls;
		m->class_kernels[k->cls]++;
		m->calls += k->calls;
	}
	for (int c = 0; c < GS_KC_COUNT; c++)
		m->class_us[c] = class_ns[c] / 1000.0;
	m->total_us = total_ns / 1000.0;
	if (m->n > 1)
		qsort(m->k, m->n, sizeof *m->k, by_time);
}

double
gs_kmix_share(const gs_kmix *m, gs_kclass c)
{
	if (!m || !(m->total_us > 0) || (unsigned)c >= GS_KC_COUNT)
		return NAN;
	return m->class_us[c] / m->total_us;
}

void
gs_kmix_free(gs_kmix *m)
{
	if (!m)
		return;
	free(m->k);
	memset(m, 0, sizeof *m);
}
