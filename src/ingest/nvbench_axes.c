/* nvbench_axes.c: what an nvbench state's axes say of its GEMM, for the
 * JSON and the CSV reader alike (nvbench.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "ingest/csv_value.h"
#include "ingest/nvbench.h"

/* 1 if NAME is one of the NULL-ended NAMES, any case. */
static int
named(const char *name, const char *const *names)
{
	for (; *names; names++)
		if (strcasecmp(name, *names) == 0)
			return 1;
	return 0;
}

/* 'N' or 'T' for a transpose cell S, 0 for anything else. */
static char
trans_of(const char *s)
{
	char t = 0;

	return gs_csv_trans(s, 0, &t) == 0 && !strchr(s, '(') ? t : 0;
}

/* A whole-number axis (M, N, K, batch) into *OUT: 1, or -1 if bad. */
static int
whole(const char *value, long *out)
{
	return gs_csv_count(value, out) == 0 ? 1 : -1;
}

/* "TN": trans_a then trans_b, each N or T. */
static int
pair(gs_shape *key, const char *value)
{
	char a[2] = {value[0], 0}, b[2] = {value[0] ? value[1] : 0, 0};
	char ta = trans_of(a), tb = trans_of(b);

	if (strlen(value) != 2 || !ta || !tb)
		return 0;
	key->trans_a = ta;
	key->trans_b = tb;
	return 1;
}

int
gs_nvbench_axis(gs_shape *key, const char *name, const char *value)
{
	static const char *const batch[] = {"batch", "batch_count", NULL};
	static const char *const dtype[] = {"dtype", "T", "type", "precision", "ValueType", NULL};
	static const char *const ta[] = {"transA", "trans_a", "tA", NULL};
	static const char *const tb[] = {"transB", "trans_b", "tB", NULL};
	static const char *const both[] = {"trans", "layout", NULL};
	char t;

	if (strcasecmp(name, "M") == 0)
		return whole(value, &key->M);
	if (strcasecmp(name, "N") == 0)
		return whole(value, &key->N);
	if (strcasecmp(name, "K") == 0)
		return whole(value, &key->K);
	if (named(name, batch))
		return whole(value, &key->batch);
	if (named(name, dtype))
		return gs_dtype_normalize(value, key->dtype) == 0;
	if (named(name, ta) || named(name, tb)) {
		if (!(t = trans_of(value)))
			return 0;
		*(named(name, ta) ? &key->trans_a : &key->trans_b) = t;
		return 1;
	}
	return named(name, both) ? pair(key, value) : 0;
}

void
gs_nvbench_tag_add(char *tag, size_t size, const char *name, const char *value)
{
	size_t n = strlen(tag);

	if (n + 1 < size)
		snprintf(tag + n, size - n, " %s=%s", name, value);
}

const char *
gs_nvbench_clash(const gs_table *t, const gs_shape *key, const char *tag)
{
	const gs_record *r = gs_table_find(t, key);

	if (!r || !gs_record_tag(r) || strcmp(gs_record_tag(r), tag) == 0)
		return NULL;
	return "the same M, N, K, batch, dtype and transposes as a state of another "
	       "benchmark or other axis values, read earlier (keys hold no other axis)";
}
