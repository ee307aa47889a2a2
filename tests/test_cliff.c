/* test_cliff.c: cliffs along a swept dimension (analysis/cliff.h) on the
 * M sweeps gemmscope-bench measured on an H100 (tests/data/runner/README.md).
 * The expected cliffs and drops are pandas' on the same CSVs: TFLOP/s =
 * 2·M·N·K / time_us_median, consecutive M, a drop of more than 5 %. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analysis/cliff.h"
#include "analysis/single.h"
#include "ingest/ingest.h"
#include "model/gpu.h"
#include "table.h"

typedef struct want {
	const char *dtype;
	long from, to;
	double drop;
	unsigned crossed;
} want;

static void
check_sweep_file(const char *name, const want *w, size_t nw, int tiles_known)
{
	const char *d = getenv("top_srcdir");
	char path[4096], text[128];
	gs_table *t = NULL;
	gs_single s;
	gs_cliffs c;
	gs_error err;

	snprintf(path, sizeof path, "%s/tests/data/runner/%s", d && *d ? d : ".", name);
	assert_int_equal(gs_ingest_read(path, NULL, &t, &err), 0);
	assert_int_equal(gs_single_run(t, gs_gpu_find("h100"), NULL, &s, &err), 0);
	assert_int_equal(gs_cliffs_find(&s, 0.05, &c, &err), 0);
	/* one M sweep per dtype, 16 sizes each; N and K do not vary */
	assert_int_equal(c.nsweeps, 2);
	for (size_t i = 0; i < c.nsweeps; i++) {
		assert_int_equal(c.sweeps[i].dim, 'M');
		assert_int_equal(c.sweeps[i].n, 16);
	}
	assert_int_equal(c.ncliffs, nw);
	for (size_t i = 0; i < nw; i++) {
		const gs_cliff *cl = &c.cliffs[i];
		const gs_shape *a = &s.rows[cl->from].rec->shape, *b = &s.rows[cl->to].rec->shape;
		assert_string_equal(a->dtype, w[i].dtype);
		assert_int_equal(a->M, w[i].from);
		assert_int_equal(b->M, w[i].to);
		assert_true(fabs(cl->drop - w[i].drop) < 5e-7);
		assert_int_equal(cl->crossed, w[i].crossed);
		assert_int_equal(!!(cl->known & GS_CROSS_WAVE), tiles_known);
	}
	gs_cliff_crossed_text(&c.cliffs[0], text, sizeof text);
	assert_string_equal(text, tiles_known ? "tile and wave boundary" : "kernel changed");
	gs_cliffs_free(&c);
	gs_single_free(&s);
	gs_table_free(t);
}

/* The tiled kernel's 128x128 tile: M = 512 is 4 x 32 = 128 tiles, one wave
 * on 132 SMs; M = 576 is 160 tiles, two waves. */
static void
test_tiled_wave_cliff(void **state)
{
	const want w[] = {
	        {"bf16", 512, 576, 0.239742, GS_CROSS_TILE | GS_CROSS_WAVE},
	        {"f16", 512, 576, 0.186820, GS_CROSS_TILE | GS_CROSS_WAVE},
	};

	(void)state;
	check_sweep_file("h100-tiled-msweep.csv", w, 2, 1);
}

/* cuBLASLt: the tile enum in its kernel names is not decoded, so only the
 * kernel change is known. */
static void
test_vendor_kernel_cliffs(void **state)
{
	const want w[] = {
	        {"bf16", 768, 832, 0.096296, GS_CROSS_KERNEL},
	        {"f16", 768, 832, 0.083570, GS_CROSS_KERNEL},
	        {"f16", 640, 704, 0.050645, GS_CROSS_KERNEL},
	};

	(void)state;
	check_sweep_file("h100-vendor-msweep.csv", w, 3, 0);
}

/* The real data's sweeps, their grid and boundaries. */
typedef struct sweep_fixture {
	gs_table *t;
	gs_single s;
	gs_cliffs c;
} sweep_fixture;

static void
fixture_open(sweep_fixture *f, const char *name)
{
	const char *d = getenv("top_srcdir");
	char path[4096];
	gs_error err;

	snprintf(path, sizeof path, "%s/tests/data/runner/%s", d && *d ? d : ".", name);
	assert_int_equal(gs_ingest_read(path, NULL, &f->t, &err), 0);
	assert_int_equal(gs_single_run(f->t, gs_gpu_find("h100"), NULL, &f->s, &err), 0);
	assert_int_equal(gs_cliffs_find(&f->s, 0.05, &f->c, &err), 0);
}

static void
fixture_close(sweep_fixture *f)
{
	gs_cliffs_free(&f->c);
	gs_single_free(&f->s);
	gs_table_free(f->t);
}

/* The tiled kernel's sweeps: 128x128 tiles, N = 4096 is 32 tile columns,
 * 132 SMs.  M = 64..1024: tile boundaries at 128..896, and one wave
 * boundary, at 512 (4 x 32 = 128 tiles <= 132 < 5 x 32 = 160). */
static void
test_sweep_grid_tiled(void **state)
{
	const long tiles[] = {128, 256, 384, 512, 640, 768, 896};
	sweep_fixture f;
	long v[16];

	(void)state;
	fixture_open(&f, "h100-tiled-msweep.csv");
	for (size_t i = 0; i < f.c.nsweeps; i++) {
		gs_sweep_grid g;
		gs_sweep_grid_of(&f.s, &f.c.sweeps[i], &g);
		assert_int_equal(g.tile, 128);
		assert_int_equal(g.other, 32);
		assert_int_equal(g.slots, 132);
		assert_null(g.why);
		assert_int_equal(gs_sweep_bounds(&g, 64, 1024, 0, v, 16), 7);
		for (size_t k = 0; k < 7; k++)
			assert_int_equal(v[k], tiles[k]);
		assert_int_equal(gs_sweep_bounds(&g, 64, 1024, 1, v, 16), 1);
		assert_int_equal(v[0], 512);
		/* 1024 -> 1088 would cross the next wave (8 x 32 = 256 <= 264) */
		assert_int_equal(gs_sweep_bounds(&g, 64, 1025, 1, v, 16), 2);
		assert_int_equal(v[1], 1024);
	}
	fixture_close(&f);
}

/* cuBLASLt's tiles are unknown: no grid; its sweeps match the tiled
 * kernel's by dtype; a cliff's row is found in its sweep. */
static void
test_sweep_grid_vendor_match(void **state)
{
	sweep_fixture a, b;

	(void)state;
	fixture_open(&a, "h100-tiled-msweep.csv");
	fixture_open(&b, "h100-vendor-msweep.csv");
	for (size_t i = 0; i < b.c.nsweeps; i++) {
		const gs_sweep *w = &b.c.sweeps[i];
		gs_sweep_grid g;
		long j = gs_sweep_match(&b.s, w, &a.s, &a.c);
		gs_sweep_grid_of(&b.s, w, &g);
		assert_int_equal(g.tile, 0);
		assert_string_equal(g.why, "tile unknown");
		assert_int_equal(gs_sweep_bounds(&g, 64, 1024, 0, NULL, 0), 0);
		assert_true(j >= 0);
		assert_string_equal(a.s.rows[a.c.sweeps[j].rows[0]].rec->shape.dtype,
		                    b.s.rows[w->rows[0]].rec->shape.dtype);
	}
	for (size_t k = 0; k < b.c.ncliffs; k++) {
		const gs_sweep *w = &b.c.sweeps[b.c.cliffs[k].sweep];
		long at = gs_sweep_pos(&b.s, w, b.c.cliffs[k].to);
		assert_true(at >= 1);
		assert_int_equal(w->rows[at - 1], b.c.cliffs[k].from);
	}
	/* every row of a sweep at its place; a row of another sweep: -1 */
	for (size_t i = 0; i < b.c.sweeps[0].n; i++)
		assert_int_equal(gs_sweep_pos(&b.s, &b.c.sweeps[0], b.c.sweeps[0].rows[i]),
		                 (long)i);
	assert_int_equal(gs_sweep_pos(&b.s, &b.c.sweeps[0], b.c.sweeps[1].rows[3]), -1);
	fixture_close(&a);
	fixture_close(&b);
}

/* Wave boundaries against counting waves at every tile step, with fewer
 * and with more tiles per step than slots; the count of a huge range
 * without enumerating it. */
static void
test_sweep_bounds_brute(void **state)
{
	const gs_sweep_grid grids[] = {{64, 7, 30, NULL},
	                               {16, 200, 132, NULL},
	                               {128, 32, 132, NULL},
	                               {256, 1, 304, NULL}};
	long v[4096];

	(void)state;
	for (size_t gi = 0; gi < sizeof grids / sizeof grids[0]; gi++) {
		const gs_sweep_grid *g = &grids[gi];
		size_t n = gs_sweep_bounds(g, 100, 100000, 1, v, 4096), m = 0;
		for (long k = 1; k * g->tile < 100000; k++) {
			long w0 = (k * g->other + g->slots - 1) / g->slots;
			long w1 = ((k + 1) * g->other + g->slots - 1) / g->slots;
			if (k * g->tile < 100 || w1 == w0)
				continue;
			assert_true(m < n);
			if (m < 4096) /* the first 4096 are copied */
				assert_int_equal(v[m], k * g->tile);
			m++;
		}
		assert_int_equal(m, n);
	}
	/* 62,499,999,999 tile boundaries in [1, 10^12): counted, 4 copied */
	assert_int_equal(gs_sweep_bounds(&grids[1], 1, 1000000000000L, 0, v, 4), 62499999999L);
	assert_int_equal(v[3], 64);
	/* K: no wave boundaries */
	assert_int_equal(gs_sweep_bounds(&(gs_sweep_grid){32, 0, 132, NULL}, 1, 4096, 1, v, 16), 0);
}

/* Shape key P before Q in the order the sweeps are listed, for a sweep
 * along M: N, K, batch, op, dtype, trans_a, trans_b, bias, then the tag
 * (none first); cliff.h's grouping, written out here on its own. */
static int
group_before(const gs_record *p, const gs_record *q)
{
	const gs_shape *a = &p->shape, *b = &q->shape;
	const char *ta = gs_record_tag(p), *tb = gs_record_tag(q);
	int c;

	if (a->N != b->N)
		return a->N < b->N;
	if (a->K != b->K)
		return a->K < b->K;
	if (a->batch != b->batch)
		return a->batch < b->batch;
	if ((c = strcmp(a->op, b->op)) || (c = strcmp(a->dtype, b->dtype)))
		return c < 0;
	if (a->trans_a != b->trans_a)
		return a->trans_a < b->trans_a;
	if (a->trans_b != b->trans_b)
		return a->trans_b < b->trans_b;
	if (a->bias != b->bias)
		return a->bias < b->bias;
	if (!ta || !tb)
		return !ta && tb;
	return strcmp(ta, tb) < 0;
}

/* 144 sweeps along M, 6 sizes each, that differ in every other key field
 * and the tag (sweeps of the same key but their tags take sizes of their
 * own), added in a scrambled order: the sweeps come out in the key order
 * (strings by strcmp, no tag first), each by size, every row once; and
 * their cliffs in the order the report lists them. */
static void
test_sweep_order(void **state)
{
	static const char *const ops[2] = {"aten::mm", ""};
	static const char *const dtypes[3] = {"f32", "bf16", "f16"};
	static const char *const tags[3] = {"zz", NULL, "a"};
	enum { NG = 2 * 3 * 3 * 2 * 2 * 2, NS = 6 };
	gs_table *t = gs_table_new("order.csv");
	unsigned x = 12345;
	size_t seen = 0;
	gs_single s;
	gs_cliffs c;
	gs_error err;

	(void)state;
	assert_non_null(t);
	for (unsigned k = 0; k < NG * NS; k++) {
		/* k -> a scrambled (group, size): 7 is prime to NG * NS */
		unsigned v = (k * 7 + 3) % (NG * NS), g = v / NS, i = v % NS;
		gs_shape sh;
		gs_record *r;

		gs_shape_init(&sh);
		sh.op = ops[g % 2];
		snprintf(sh.dtype, sizeof sh.dtype, "%s", dtypes[g / 2 % 3]);
		sh.trans_a = g / 18 % 2 ? 'T' : 'N';
		sh.batch = 1 + g / 36 % 2;
		sh.N = 512 * (1 + g / 72 % 2);
		sh.K = 256;
		/* a tag is no key field: the tags' sweeps take their own sizes */
		sh.M = 64 * (long)(g / 6 % 3 * NS + NS - i);
		x = x * 1103515245 + 12345;
		assert_non_null(r = gs_table_get(t, &sh, k + 2, &err));
		assert_int_equal(gs_record_add_sample(r, 10 + (x >> 16) % 90), 0);
		assert_int_equal(gs_table_set_tag(t, r, tags[g / 6 % 3]), 0);
	}
	assert_int_equal(gs_table_finish(t, &err), 0);
	assert_int_equal(gs_single_run(t, gs_gpu_find("h100"), NULL, &s, &err), 0);
	assert_int_equal(gs_cliffs_find(&s, 0.05, &c, &err), 0);
	assert_int_equal(c.nsweeps, NG);
	for (size_t w = 0; w < c.nsweeps; w++) {
		const gs_sweep *sw = &c.sweeps[w];
		assert_int_equal(sw->dim, 'M');
		assert_int_equal(sw->n, NS);
		for (size_t i = 1; i < sw->n; i++)
			assert_true(s.rows[sw->rows[i - 1]].rec->shape.M <
			            s.rows[sw->rows[i]].rec->shape.M);
		if (w)
			assert_true(group_before(s.rows[c.sweeps[w - 1].rows[0]].rec,
			                         s.rows[sw->rows[0]].rec));
		seen += sw->n;
	}
	assert_int_equal(seen, NG * NS);
	/* the cliffs (random times: hundreds) in the listed order: those the
	 * inputs explain first, then drop descending, sweep, first row */
	assert_true(c.ncliffs > 100);
	for (size_t i = 1; i < c.ncliffs; i++) {
		const gs_cliff *p = &c.cliffs[i - 1], *q = &c.cliffs[i];
		int pe = p->crossed != 0, qe = q->crossed != 0;
		assert_true(pe > qe ||
		            (pe == qe && (p->drop > q->drop ||
		                          (p->drop == q->drop &&
		                           (p->sweep < q->sweep ||
		                            (p->sweep == q->sweep && p->from < q->from))))));
	}
	gs_cliffs_free(&c);
	gs_single_free(&s);
	gs_table_free(t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_tiled_wave_cliff),
	        cmocka_unit_test(test_sweep_order),
	        cmocka_unit_test(test_vendor_kernel_cliffs),
	        cmocka_unit_test(test_sweep_grid_tiled),
	        cmocka_unit_test(test_sweep_grid_vendor_match),
	        cmocka_unit_test(test_sweep_bounds_brute),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
