/* eff_test.h: helpers of the efficiency module's tests.
 *
 * assert_near: a double-precision comparison (cmocka 1.1.5's
 * assert_float_equal converts to float).
 * eff_tsv_load: read a tab-separated file of tests/data/eff/ with libcsv;
 * the first row is a header and is skipped.  Files are found under
 * $top_srcdir (default "."), as the test harness sets it.  eff_tsv_need:
 * the same, failing the test when it cannot.  eff_kparser_setup/teardown:
 * a kernel-name parser as the group state.
 */
#ifndef GS_EFF_TEST_H
#define GS_EFF_TEST_H

#include <csv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/kernel_name.h"

#define assert_near(a, b, tol) \
	assert_near_((double)(a), (double)(b), (double)(tol), #a, __FILE__, __LINE__)

static inline void
assert_near_(double a, double b, double tol, const char *expr, const char *file, int line)
{
	if (!(fabs(a - b) <= tol))
		fail_msg("%s:%d: %s = %.17g, expected %.17g within %g", file, line, expr, a, b,
		         tol);
}

enum { TSV_MAX_ROWS = 256, TSV_MAX_COLS = 16 };

typedef struct eff_tsv {
	char *cell[TSV_MAX_ROWS][TSV_MAX_COLS];
	size_t ncols[TSV_MAX_ROWS];
	size_t nrows; /* data rows, header excluded */
	size_t row, col; /* parser position, header included */
	int overflow;
} eff_tsv;

static inline void
eff_tsv_field(void *s, size_t len, void *data)
{
	eff_tsv *t = data;
	char *copy;

	if (t->row == 0 || t->row > TSV_MAX_ROWS || t->col >= TSV_MAX_COLS) {
		t->overflow |= t->row > TSV_MAX_ROWS || t->col >= TSV_MAX_COLS;
		t->col++;
		return;
	}
	copy = malloc(len + 1);
	if (!copy) {
		t->overflow = 1;
		return;
	}
	memcpy(copy, s, len);
	copy[len] = '\0';
	t->cell[t->row - 1][t->col++] = copy;
}

static inline void
eff_tsv_row(int c, void *data)
{
	eff_tsv *t = data;

	(void)c;
	if (t->row > 0 && t->row <= TSV_MAX_ROWS) {
		t->ncols[t->row - 1] = t->col;
		t->nrows = t->row;
	}
	t->row++;
	t->col = 0;
}

static inline void
eff_tsv_free(eff_tsv *t)
{
	for (size_t r = 0; r < TSV_MAX_ROWS; r++)
		for (size_t c = 0; c < TSV_MAX_COLS; c++)
			free(t->cell[r][c]);
	free(t);
}

/* eff_tsv_load: tests/data/eff/REL.  Returns the table (free with
 * eff_tsv_free) or NULL if the file cannot be read or parsed. */
static inline eff_tsv *
eff_tsv_load(const char *rel)
{
	const char *top = getenv("top_srcdir");
	char path[1024], buf[4096];
	struct csv_parser p;
	eff_tsv *t = calloc(1, sizeof *t);
	FILE *f;
	size_t n;
	int ok = 1;

	snprintf(path, sizeof path, "%s/tests/data/eff/%s", top ? top : ".", rel);
	if (!t || !(f = fopen(path, "rb"))) {
		fprintf(stderr, "cannot open %s\n", path);
		free(t);
		return NULL;
	}
	csv_init(&p, CSV_APPEND_NULL);
	csv_set_delim(&p, '\t');
	csv_set_quote(&p, '\0');
	while (ok && (n = fread(buf, 1, sizeof buf, f)) > 0)
		ok = csv_parse(&p, buf, n, eff_tsv_field, eff_tsv_row, t) == n;
	ok = ok && !ferror(f) && csv_fini(&p, eff_tsv_field, eff_tsv_row, t) == 0;
	csv_free(&p);
	fclose(f);
	if (!ok || t->overflow) {
		fprintf(stderr, "cannot parse %s\n", path);
		eff_tsv_free(t);
		return NULL;
	}
	return t;
}

/* eff_tsv_need: eff_tsv_load, the test failing when the file cannot be
 * loaded (include after <cmocka.h>). */
static inline eff_tsv *
eff_tsv_need(const char *rel)
{
	eff_tsv *t = eff_tsv_load(rel);

	if (!t)
		fail_msg("cannot load tests/data/eff/%s", rel);
	return t;
}

/* Group setup and teardown of the kernel-name tests: *STATE is a parser. */
static inline int
eff_kparser_setup(void **state)
{
	gs_error err;

	*state = gs_kparser_new(&err);
	return *state ? 0 : -1;
}

static inline int
eff_kparser_teardown(void **state)
{
	gs_kparser_free(*state);
	return 0;
}

#endif
