/* units.c: see units.h. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/csv_value.h"
#include "ingest/units.h"

int
gs_number_e10(const char *s, int e10, double *out)
{
	char buf[96], *end;
	size_t n, mant;
	long e = 0;
	double v;

	if (gs_csv_number(s, &v) != 0)
		return -1;
	s += strspn(s, " \t");
	n = strcspn(s, " \t");
	mant = strcspn(s, "eE");
	if (mant < n) /* "2.79e-05": the exponent moves */
		e = strtol(s + mant + 1, NULL, 10);
	if (mant + 24 < sizeof buf && strcspn(s, "nNiIxX") >= n && e > -400 && e < 400) {
		snprintf(buf, sizeof buf, "%.*se%ld", (int)(mant < n ? mant : n), s, e + e10);
		v = strtod(buf, &end);
		if (*end == 0) {
			*out = v;
			return 0;
		}
	}
	*out = v * pow(10, e10);
	return 0;
}
