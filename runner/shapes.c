#include <stdio.h>
#include <string.h>

#include "ingest/ingest.h"
#include "runner/bdtype.h"
#include "runner/shapes.h"

/* Add KEY (dtype set) to PLAN, or list it as excluded.  Returns 1 if
 * added, 0 if excluded, -1 on out of memory. */
static int
add_key(gs_table *plan, const gs_shape *key, const char *tag, long line,
        gs_error *err)
{
	char what[160], why[96];
	gs_record *r;

	if (gs_bdtype_from_name(key->dtype) < 0) {
		gs_shape_format(key, what, sizeof what);
		snprintf(why, sizeof why, "dtype %s is not run by gemmscope-bench "
		         "(f32, f16, bf16)", key->dtype[0] ? key->dtype : "(none)");
		return gs_table_exclude(plan, line, what, why) == 0 ? 0 :
		       gs_error_set(err, plan->path, line, 0, "out of memory");
	}
	r = gs_table_get(plan, key, (long)plan->n + 1, err);
	if (!r || gs_record_set_string(&r->tag, tag) != 0)
		return gs_error_set(err, plan->path, line, 0, "out of memory");
	return 1;
}

/* Add KEY once per dtype: its own if it names one, else each of O's. */
static long
add_dtypes(gs_table *plan, gs_shape key, const char *tag, long line,
           const gs_bshapes_opts *o, gs_error *err)
{
	long added = 0;
	int rc;

	if (key.dtype[0]) {
		rc = add_key(plan, &key, tag, line, err);
		return rc < 0 ? -1 : rc;
	}
	for (const char *const *d = o->dtypes; *d; d++) {
		snprintf(key.dtype, sizeof key.dtype, "%s", *d);
		if ((rc = add_key(plan, &key, tag, line, err)) < 0)
			return -1;
		added += rc;
	}
	return added;
}

static long
add_record(gs_table *plan, const gs_record *r, const gs_bshapes_opts *o,
           gs_error *err)
{
	gs_shape key = r->shape;

	if (key.name || key.M < 1 || key.N < 1 || key.K < 1) {
		char what[160];
		snprintf(what, sizeof what, "%s", key.name ? key.name : "?");
		return gs_table_exclude(plan, r->line, what, "no M, N, K in the input") == 0 ?
		       0 : gs_error_set(err, plan->path, r->line, 0, "out of memory");
	}
	return add_dtypes(plan, key, r->tag, r->line, o, err);
}

long
gs_bshapes_add_file(gs_table *plan, const char *path, const gs_bshapes_opts *o,
                    gs_error *err)
{
	gs_table *in = NULL;
	long added = 0;

	if (gs_ingest_read(path, NULL, &in, err) != 0)
		return -1;
	for (size_t i = 0; i < in->n; i++) {
		long n = add_record(plan, &in->rec[i], o, err);
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
		if ((n = add_dtypes(plan, key, NULL, p->line, o, err)) < 0)
			return gs_error_set(err, where, p->line, 0, "out of memory");
		added += n;
	}
	return added;
}

long
gs_bshapes_add_mnk(gs_table *plan, long m, long n, long k, long batch,
                   const gs_bshapes_opts *o, gs_error *err)
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
	return add_dtypes(plan, key, NULL, 0, o, err);
}
