#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ingest/ingest.h"
#include "runner/bdtype.h"
#include "runner/shapes.h"
#include "util/checked.h"

/* The host memory this machine has (bytes), or 2^47 when it cannot say. */
static long
host_bytes(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	long total;

	if (pages <= 0 || size <= 0 || gs_mul_long(pages, size, &total) != 0)
		return 1L << 47;
	return total;
}

/* gs_bshapes_bytes: the host bytes one run of KEY needs at least: f32
 * copies of A (batch·M·K) and B (batch·K·N) for the check (check.c), C
 * (batch·M·N) twice (the output read back and the reference), and the
 * bias (M), 4 bytes each.  Returns 0, or -1 when a product overflows. */
static int
run_bytes(const gs_shape *key, long *bytes)
{
	long a, b, c, sum;

	if (gs_mul_long3(key->batch, key->M, key->K, &a) ||
	    gs_mul_long3(key->batch, key->K, key->N, &b) ||
	    gs_mul_long3(key->batch, key->M, key->N, &c) || gs_add_long(a, b, &sum) ||
	    gs_add_long(sum, c, &sum) || gs_add_long(sum, c, &sum) ||
	    gs_add_long(sum, key->M, &sum))
		return -1;
	return gs_mul_long(sum, 4, bytes);
}

/* Refuse KEY when its operands do not fit in this machine's memory (or
 * in 64-bit sizes at all): every backend keeps host copies of them, so
 * no backend could run it (issue 11, item 1).  ERR at WHERE:LINE. */
static int
check_size(const gs_shape *key, const char *where, long line, gs_error *err)
{
	char what[160];
	long bytes, limit = host_bytes();

	gs_shape_format(key, what, sizeof what);
	if (run_bytes(key, &bytes) != 0)
		return gs_error_set(err, where, line, 0,
		                    "%s: its operand sizes overflow "
		                    "64-bit arithmetic: no backend can allocate them",
		                    what);
	if (bytes > limit)
		return gs_error_set(err, where, line, 0,
		                    "%s needs %ld bytes of host memory "
		                    "for its operands, more than the %ld bytes of this "
		                    "machine",
		                    what, bytes, limit);
	return 0;
}

/* Add KEY (dtype set) to PLAN, or list it as excluded.  Returns 1 if
 * added, 0 if excluded, -1 with ERR at WHERE:LINE on a shape too large
 * to run or out of memory. */
static int
add_key(gs_table *plan, const gs_shape *key, const char *tag, const char *where, long line,
        gs_error *err)
{
	char what[160], why[96];
	gs_record *r;

	if (gs_bdtype_from_name(key->dtype) < 0) {
		gs_shape_format(key, what, sizeof what);
		snprintf(why, sizeof why,
		         "dtype %s is not run by gemmscope-bench "
		         "(f32, f16, bf16)",
		         key->dtype[0] ? key->dtype : "(none)");
		return gs_table_exclude(plan, line, what, why) == 0
		               ? 0
		               : gs_error_set(err, plan->path, line, 0, "out of memory");
	}
	if (check_size(key, where, line, err) != 0)
		return -1;
	r = gs_table_get(plan, key, (long)plan->n + 1, err);
	if (!r || gs_table_set_tag(NULL, r, tag) != 0)
		return gs_error_set(err, where, line, 0, "out of memory");
	return 1;
}

/* Add KEY once per dtype: its own if it names one, else each of O's. */
static long
add_dtypes(gs_table *plan, gs_shape key, const char *tag, const char *where, long line,
           const gs_bshapes_opts *o, gs_error *err)
{
	long added = 0;
	int rc;

	if (key.dtype[0]) {
		rc = add_key(plan, &key, tag, where, line, err);
		return rc < 0 ? -1 : rc;
	}
	for (const char *const *d = o->dtypes; *d; d++) {
		snprintf(key.dtype, sizeof key.dtype, "%s", *d);
		if ((rc = add_key(plan, &key, tag, where, line, err)) < 0)
			return -1;
		added += rc;
	}
	return added;
}

static long
add_record(gs_table *plan, const gs_record *r, const char *path, const gs_bshapes_opts *o,
           gs_error *err)
{
	gs_shape key = r->shape;

	if (key.name || key.M < 1 || key.N < 1 || key.K < 1) {
		char what[160];
		snprintf(what, sizeof what, "%s", key.name ? key.name : "?");
		return gs_table_exclude(plan, r->line, what, "no M, N, K in the input") == 0
		               ? 0
		               : gs_error_set(err, plan->path, r->line, 0, "out of memory");
	}
	return add_dtypes(plan, key, gs_record_tag(r), path, r->line, o, err);
}

long
gs_bshapes_add_file(gs_table *plan, const char *path, const gs_bshapes_opts *o, gs_error *err)
{
	gs_table *in = NULL;
	long added = 0;

	if (gs_ingest_read(path, NULL, &in, err) != 0)
		return -1;
	for (size_t i = 0; i < in->n; i++) {
		long n = add_record(plan, &in->rec[i], path, o, err);
		if (n < 0) {
			added = -1;
			break;
		}
		added += n;
	}
	gs_table_free(in);
	return added;
}

long
gs_bshapes_add_psizes(gs_table *plan, const gs_psize_list *l, const char *where,
                      const gs_bshapes_opts *o, gs_error *err)
{
	long added = 0;

	for (size_t i = 0; i < l->n; i++) {
		const gs_psize *p = &l->v[i];
		gs_shape key;
		long n;

		gs_shape_init(&key);
		key.M = p->m;
		key.N = p->n;
		key.K = p->k;
		key.batch = p->batch;
		key.trans_a = p->trans_a ? p->trans_a : o->trans_a;
		key.trans_b = p->trans_b ? p->trans_b : o->trans_b;
		memcpy(key.dtype, p->dtype, sizeof key.dtype);
		if ((n = add_dtypes(plan, key, NULL, where, p->line, o, err)) < 0)
			return -1;
		added += n;
	}
	return added;
}

long
gs_bshapes_add_mnk(gs_table *plan, long m, long n, long k, long batch, const gs_bshapes_opts *o,
                   gs_error *err)
{
	gs_shape key;

	gs_shape_init(&key);
	key.M = m;
	key.N = n;
	key.K = k;
	key.batch = batch;
	key.trans_a = o->trans_a;
	key.trans_b = o->trans_b;
	key.bias = o->bias;
	return add_dtypes(plan, key, NULL, "-m/-n/-k", 0, o, err);
}
