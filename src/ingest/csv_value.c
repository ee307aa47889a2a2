/* csv_value.c: cell values of benchmark CSVs (csv_value.h). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ingest/csv_value.h"

static const char *
skip_blanks(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* Clinger's fast path (W. D. Clinger, "How to read floating point numbers
 * accurately", PLDI 1990): a plain decimal [-]DIGITS[.DIGITS] whose digits
 * make an integer below 2^53 with at most 22 after the point is that
 * integer divided by a power of ten, both exact doubles, so the one
 * correctly rounded division equals strtod's result.  Returns the end of
 * the number with *OUT set, or NULL when S is not such a number (the
 * caller uses strtod). */
static const char *
fast_decimal(const char *s, double *out)
{
	static const double pow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
	                               1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
	                               1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
	unsigned long long m = 0;
	int neg = *s == '-', ndig = 0, frac = -1;

	for (s += neg || *s == '+';; s++) {
		if (*s >= '0' && *s <= '9') {
			if (m >= (1ULL << 53) / 10)
				return NULL;
			m = m * 10 + (unsigned)(*s - '0');
			ndig++;
			frac += frac >= 0;
		} else if (*s == '.' && frac < 0) {
			frac = 0;
		} else {
			break;
		}
	}
	if (ndig == 0 || frac > 22 || *s == 'e' || *s == 'E')
		return NULL;
	*out = frac > 0 ? (double)m / pow10[frac] : (double)m;
	if (neg)
		*out = -*out;
	return s;
}

int
gs_csv_number(const char *s, double *out)
{
	const char *fast;
	char *end;
	double v;

	s = skip_blanks(s);
	if (!*s)
		return -1;
	if ((fast = fast_decimal(s, &v)) != NULL && !*skip_blanks(fast)) {
		*out = v;
		return 0;
	}
	v = strtod(s, &end);
	if (end == s || *skip_blanks(end))
		return -1;
	*out = v;
	return 0;
}

int
gs_csv_count(const char *s, long *out)
{
	const char *p = s;
	long n = 0;
	double v;

	/* digits alone, at most 15 (below 2^53): a dimension as nearly every
	 * input writes it, three to a row */
	while (*p >= '0' && *p <= '9' && p - s < 15)
		n = n * 10 + (*p++ - '0');
	if (!*p && p > s) {
		*out = n;
		return n < 1 ? -2 : 0;
	}
	if (gs_csv_number(s, &v) != 0 || !isfinite(v) || v != floor(v))
		return -1;
	if (fabs(v) > 9007199254740992.0) /* 2^53: exact in a double */
		return -3;
	*out = (long)v;
	return v < 1 ? -2 : 0;
}

/* Copy the cell without surrounding blanks and quotes into BUF. */
static void
strip_cell(const char *s, char *buf, size_t size)
{
	size_t n;

	s = skip_blanks(s);
	while (*s == '\'' || *s == '"')
		s++;
	n = strcspn(s, "'\"");
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (n >= size)
		n = size - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
}

/* Element WHICH of a Python tuple or list cell "(a, b)" into BUF; the cell
 * itself if it is not one.  Returns 0, or -1 if the element is missing. */
static int
tuple_item(const char *s, int which, char *buf, size_t size)
{
	const char *p = skip_blanks(s);

	if (*p != '(' && *p != '[') {
		strip_cell(p, buf, size);
		return 0;
	}
	p++;
	for (int i = 0; i < which; i++) {
		p = strchr(p, ',');
		if (!p)
			return -1;
		p++;
	}
	char item[128];
	size_t n = strcspn(p, ",)]");
	if (n >= sizeof item)
		n = sizeof item - 1;
	memcpy(item, p, n);
	item[n] = '\0';
	strip_cell(item, buf, size);
	return 0;
}

int
gs_csv_bool(const char *s, int *out)
{
	static const char *const yes[] = {"true", "1", "yes"};
	static const char *const no[] = {"false", "0", "no"};
	char v[16];

	strip_cell(s, v, sizeof v);
	for (size_t i = 0; i < 3; i++) {
		if (strcasecmp(v, yes[i]) == 0) {
			*out = 1;
			return 0;
		}
		if (strcasecmp(v, no[i]) == 0) {
			*out = 0;
			return 0;
		}
	}
	return -1;
}

int
gs_csv_trans(const char *s, int which, char *out)
{
	char v[16];
	int b;

	if (tuple_item(s, which, v, sizeof v) != 0)
		return -1;
	if (strcasecmp(v, "N") == 0) {
		*out = 'N';
		return 0;
	}
	if (strcasecmp(v, "T") == 0 || strcasecmp(v, "C") == 0) {
		*out = 'T';
		return 0;
	}
	if (gs_csv_bool(v, &b) != 0)
		return -1;
	*out = b ? 'T' : 'N';
	return 0;
}

int
gs_csv_dtype(const char *s, char out[GS_DTYPE_LEN])
{
	static const char *const letters[][2] = {
	        {"h", "f16"},
	        {"s", "f32"},
	        {"d", "f64"},
	};
	char v[64];

	if (tuple_item(s, 0, v, sizeof v) != 0)
		return -1;
	if (!v[0]) {
		out[0] = '\0';
		return 0;
	}
	for (size_t i = 0; !v[1] && i < sizeof letters / sizeof letters[0]; i++) {
		if (strcasecmp(v, letters[i][0]) == 0) { /* one letter: BLAS's */
			strcpy(out, letters[i][1]);
			return 0;
		}
	}
	return gs_dtype_normalize(v, out);
}

/* Tensile type codes, longest first (reference/kernel-names.md §2.1). */
static const char *const tensile_types[][2] = {
        {"F8N", "f8e4m3fnuz"}, {"B8N", "f8e5m2fnuz"}, {"F8", "f8e4m3"}, {"B8", "f8e5m2"},
        {"I8", "i8"},          {"4xi8", "i8"},        {"S", "f32"},     {"D", "f64"},
        {"H", "f16"},          {"B", "bf16"},         {"I", "i32"},     {"X", "xf32"},
};

static void
tensile_dtype(const char *tok, char dtype[GS_DTYPE_LEN])
{
	for (size_t i = 0; i < sizeof tensile_types / sizeof tensile_types[0]; i++) {
		size_t n = strlen(tensile_types[i][0]);
		if (strncmp(tok, tensile_types[i][0], n) == 0) {
			strcpy(dtype, tensile_types[i][1]);
			return;
		}
	}
}

/* 1 if the N bytes at P are an upper-case LEAD followed by lower-case
 * index letters (Cijk, Alik, Bljk). */
static int
index_token(const char *p, size_t n, char lead)
{
	if (n < 2 || p[0] != lead)
		return 0;
	for (size_t i = 1; i < n; i++)
		if (p[i] < 'a' || p[i] > 'z')
			return 0;
	return 1;
}

static size_t
token_len(const char *p)
{
	return strcspn(p, "_");
}

/* Position of "C..._A..._B..._" in NAME, or NULL. */
static const char *
tensile_problem(const char *name)
{
	for (const char *p = name; (p = strchr(p, 'C')) != NULL; p++) {
		const char *a, *b;
		if (p != name && p[-1] != '_')
			continue;
		if (!index_token(p, token_len(p), 'C') || p[token_len(p)] != '_')
			continue;
		a = p + token_len(p) + 1;
		if (!index_token(a, token_len(a), 'A') || a[token_len(a)] != '_')
			continue;
		b = a + token_len(a) + 1;
		if (index_token(b, token_len(b), 'B') && b[token_len(b)] == '_')
			return p;
	}
	return NULL;
}

int
gs_csv_tensile_info(const char *name, char dtype[GS_DTYPE_LEN], char *ta, char *tb)
{
	const char *c = tensile_problem(name), *a, *b, *types;

	if (!c || !strstr(name, "_MT"))
		return 0;
	a = c + token_len(c) + 1;
	b = a + token_len(a) + 1;
	types = b + token_len(b) + 1;
	if (token_len(a) == 4 && strncmp(a, "Ailk", 4) == 0)
		*ta = 'N';
	else if (token_len(a) == 4 && strncmp(a, "Alik", 4) == 0)
		*ta = 'T';
	if (token_len(b) == 4 && strncmp(b, "Bljk", 4) == 0)
		*tb = 'N';
	else if (token_len(b) == 4 && strncmp(b, "Bjlk", 4) == 0)
		*tb = 'T';
	tensile_dtype(types, dtype);
	return 1;
}

/* The value after KEY in the dict text [P, END), unwrapping np.float64(...);
 * -1 if absent. */
static double
dict_number(const char *p, const char *end, const char *key)
{
	const char *k = strstr(p, key);
	double v;

	if (!k || k >= end)
		return -1;
	k += strlen(key);
	if (strncmp(k, "np.float64(", 11) == 0)
		k += 11;
	v = strtod(k, NULL);
	return isfinite(v) ? v : -1;
}

int
gs_csv_pylist_kernel(const char *cell, char *out, size_t size)
{
	static const char key[] = "'name': '";
	const char *best = NULL;
	size_t best_len = 0;
	double best_us = -2;

	for (const char *p = strstr(cell, key); p;) {
		const char *name = p + strlen(key);
		const char *next = strstr(name, key);
		const char *end = next ? next : name + strlen(name);
		size_t n = strcspn(name, "'");
		double us = dict_number(name + n, end, "'total_duration_us': ");
		if (us > best_us) {
			best = name;
			best_len = n;
			best_us = us;
		}
		p = next;
	}
	if (!best || best_len == 0 || size == 0)
		return -1;
	if (best_len >= size)
		best_len = size - 1;
	memcpy(out, best, best_len);
	out[best_len] = '\0';
	return 0;
}
