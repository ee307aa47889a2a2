/* test_history: the nightly history model on a 12-run history generated at
 * run time from the real example (examples/iree-kernel-benchmark/
 * hipblaslt-gemm.csv): ±2 % deterministic noise on every shape in every
 * run, steps planted on named shapes (tests/data/history/README.md).  The
 * expectations come from the plan (which shape steps where, by how much),
 * never from the code under test; the geomeans are recomputed here from
 * the generated times. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "analysis/gate.h"
#include "analysis/history.h"
#include "analysis/report.h"
#include "analysis/single.h"
#include "ingest/ingest.h"
#include "ingest/runset.h"

enum { NRUNS = 12, NPLANT = 7, NOISE_PCT = 2 };

/* A planted shape: its key and a time factor per run (0: missing). */
typedef struct plant {
	const char *tag;
	long M, N, K;
	const char *dtype;
	char ta, tb;
	double f[NRUNS];
	long idx; /* its record in the base table, -1 until found */
} plant;

enum { STEP_UP, STEP_DOWN, UP_AND_BACK, SPIKE, LATE, LAST, GAPPY };

static plant plants[NPLANT] = {
        [STEP_UP] = {"unet",
                     8192,
                     5120,
                     640,
                     "f16",
                     'N',
                     'N',
                     {1, 1, 1, 1, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2},
                     -1},
        [STEP_DOWN] = {"gpt4memory",
                       16,
                       8192,
                       65536,
                       "f16",
                       'N',
                       'N',
                       {1, 1, 1, 1, 1, 1, 1, .85, .85, .85, .85, .85},
                       -1},
        [UP_AND_BACK] = {"compute",
                         4096,
                         4096,
                         8192,
                         "f16",
                         'N',
                         'T',
                         {1, 1, 1, 1.25, 1.25, 1.25, 1.25, 1.25, 1, 1, 1, 1},
                         -1},
        [SPIKE] = {"llama70bmatvecbf16",
                   8192,
                   1,
                   28672,
                   "bf16",
                   'T',
                   'N',
                   {1, 1, 1, 1, 1, 1.3, 1, 1, 1, 1, 1, 1},
                   -1},
        [LATE] = {"llama70bskinnybf16",
                  16000,
                  16,
                  8192,
                  "bf16",
                  'T',
                  'N',
                  {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1.2, 1.2},
                  -1},
        [LAST] = {"llama70bskinny",
                  14336,
                  32,
                  8192,
                  "f16",
                  'T',
                  'N',
                  {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1.25},
                  -1},
        [GAPPY] = {"unet",
                   2048,
                   10240,
                   1280,
                   "bf16",
                   'N',
                   'N',
                   {1, 1, 0, 1, 1, 1, 0, 1, 1.2, 1.2, 1.2, 1.2},
                   -1},
};

/* The generated history, shared by the tests of the main group. */
typedef struct fixture {
	char dir[64];
	gs_table *base; /* the real example */
	double *t; /* NRUNS x base->n generated times, NAN = missing */
	gs_table **runs;
	char **names;
	size_t n;
	gs_history h;
} fixture;

static const char *
srcdir(void)
{
	const char *d = getenv("top_srcdir");
	return d ? d : ".";
}

/* ---- generator --------------------------------------------------------- */

static uint64_t
splitmix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* Noise factor in [1 - 2 %, 1 + 2 %) of shape I in run RUN; run 9
 * repeats run 8 exactly. */
static double
noise(size_t run, size_t i)
{
	uint64_t x = splitmix64(((uint64_t)(run == 9 ? 8 : run) << 32) ^ i ^ 0x6a09e667ULL);
	double u = (double)(x >> 11) * 0x1.0p-53;
	return 1.0 + NOISE_PCT / 100.0 * (2.0 * u - 1.0);
}

static int
plant_matches(const plant *p, const gs_shape *s)
{
	return s->M == p->M && s->N == p->N && s->K == p->K && strcmp(s->dtype, p->dtype) == 0 &&
	       s->trans_a == p->ta && s->trans_b == p->tb;
}

static const plant *
plant_of(const gs_shape *s)
{
	for (int i = 0; i < NPLANT; i++)
		if (plant_matches(&plants[i], s))
			return &plants[i];
	return NULL;
}

static void
find_plants(const gs_table *base)
{
	for (size_t i = 0; i < base->n; i++)
		for (int p = 0; p < NPLANT; p++)
			if (plant_matches(&plants[p], &base->rec[i].shape)) {
				assert_int_equal(plants[p].idx, -1); /* unique key */
				plants[p].idx = (long)i;
			}
	for (int p = 0; p < NPLANT; p++)
		assert_true(plants[p].idx >= 0);
}

static void
write_run(fixture *fx, size_t run)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof path, "%s/run-%zu.csv", fx->dir, run);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "tag,M,N,K,dtype,trans_a,trans_b,time_us_median\n");
	for (size_t i = 0; i < fx->base->n; i++) {
		const gs_record *r = &fx->base->rec[i];
		const plant *p = plant_of(&r->shape);
		double factor = p ? p->f[run] : 1.0;
		double *t = &fx->t[run * fx->base->n + i];
		*t = NAN;
		if (factor == 0)
			continue;
		*t = r->t.median * factor * noise(run, i);
		fprintf(f, "%s,%ld,%ld,%ld,%s,%c,%c,%.17g\n",
		        gs_record_tag(r) ? gs_record_tag(r) : "", r->shape.M, r->shape.N,
		        r->shape.K, r->shape.dtype, r->shape.trans_a, r->shape.trans_b, *t);
	}
	assert_int_equal(fclose(f), 0);
}

static void
remove_dir(const char *dir)
{
	char path[128];

	for (size_t run = 0; run < NRUNS; run++) {
		snprintf(path, sizeof path, "%s/run-%zu.csv", dir, run);
		unlink(path);
	}
	rmdir(dir);
}

static gs_table *
load_example(void)
{
	char path[4096];
	gs_table *t = NULL;
	gs_error err;

	snprintf(path, sizeof path, "%s/examples/iree-kernel-benchmark/hipblaslt-gemm.csv",
	         srcdir());
	if (gs_ingest_read(path, NULL, &t, &err) != 0)
		gs_error_print(&err, stderr);
	return t;
}

static int
setup(void **state)
{
	fixture *fx = calloc(1, sizeof *fx);
	const char *tmp = getenv("TMPDIR");
	const char *dir = fx ? fx->dir : NULL;
	gs_history_opts o;
	gs_error err;

	assert_non_null(fx);
	snprintf(fx->dir, sizeof fx->dir, "%s/gs-history-XXXXXX",
	         tmp && strlen(tmp) < 32 ? tmp : "/tmp");
	assert_non_null(mkdtemp(fx->dir));
	fx->base = load_example();
	assert_non_null(fx->base);
	assert_int_equal(fx->base->n, 558);
	find_plants(fx->base);
	fx->t = malloc(NRUNS * fx->base->n * sizeof *fx->t);
	assert_non_null(fx->t);
	for (size_t run = 0; run < NRUNS; run++)
		write_run(fx, run);
	if (gs_runset_load(&dir, 1, NULL, NULL, &fx->runs, &fx->names, &fx->n, &err) != 0)
		gs_error_print(&err, stderr);
	assert_int_equal(fx->n, NRUNS);
	gs_history_opts_default(&o);
	if (gs_history_run(fx->runs, (const char *const *)fx->names, fx->n, &o, &fx->h, &err) != 0)
		gs_error_print(&err, stderr);
	assert_int_equal(fx->h.nruns, NRUNS);
	*state = fx;
	return 0;
}

static int
teardown(void **state)
{
	fixture *fx = *state;

	gs_history_free(&fx->h);
	gs_runset_free(fx->runs, fx->names, fx->n);
	gs_table_free(fx->base);
	remove_dir(fx->dir);
	free(fx->t);
	free(fx);
	return 0;
}

/* ---- helpers ----------------------------------------------------------- */

/* exp(mean ln(t_a / t_b)) over the shapes both runs have: the geomean
 * speedup of run B against run A, from the generated times. */
static double
expected_geomean(const fixture *fx, size_t a, size_t b, size_t *matched)
{
	double sum = 0;
	size_t n = 0, ns = fx->base->n;

	for (size_t i = 0; i < ns; i++) {
		double ta = fx->t[a * ns + i], tb = fx->t[b * ns + i];
		if (isnan(ta) || isnan(tb))
			continue;
		sum += log(ta / tb);
		n++;
	}
	*matched = n;
	return exp(sum / (double)n);
}

static size_t
series_of(const gs_history *h, const plant *p)
{
	for (size_t i = 0; i < h->nseries; i++)
		if (plant_matches(p, &h->series[i].rec->shape))
			return i;
	fail_msg("no series for %s %ldx%ldx%ld", p->tag, p->M, p->N, p->K);
	return 0;
}

/* The change point of plant P at RUN; fails if absent. */
static const gs_history_cp *
cp_at(const gs_history *h, const plant *p, size_t run)
{
	const gs_history_series *s = &h->series[series_of(h, p)];

	for (size_t j = s->cp_first; j < s->cp_first + s->ncp; j++)
		if (h->cps[j].run_index == run)
			return &h->cps[j];
	fail_msg("no change point for %s %ldx%ldx%ld at run %zu", p->tag, p->M, p->N, p->K, run);
	return NULL;
}

/* A change point as planned: direction, state, and the ratio of medians
 * within the noise band around the planted ratio. */
static void
check_cp(const gs_history *h, int plant_id, size_t run, double planted, int pending)
{
	const gs_history_cp *c = cp_at(h, &plants[plant_id], run);
	char name[32];

	snprintf(name, sizeof name, "run-%zu", run);
	assert_string_equal(c->run, name);
	assert_int_equal(c->slower, planted > 1);
	assert_string_equal(gs_history_cp_direction(c), planted > 1 ? "slower" : "faster");
	assert_int_equal(c->pending, pending);
	assert_string_equal(gs_history_cp_state(c), pending       ? "pending"
	                                            : planted > 1 ? "regression"
	                                                          : "improvement");
	assert_true(fabs(c->ratio / planted - 1) < 0.045);
	assert_true(c->ratio == c->median_after / c->median_before);
	assert_true(c->p_value <= 0.001);
}

/* ---- tests ------------------------------------------------------------- */

static void
natural_order(void **state)
{
	(void)state;
	assert_true(gs_runset_natcmp("run-2", "run-10") < 0);
	assert_true(gs_runset_natcmp("run-10", "run-9") > 0);
	assert_true(gs_runset_natcmp("run-10", "run-11") < 0);
	assert_true(gs_runset_natcmp("v1.2.10", "v1.2.9") > 0);
	assert_true(gs_runset_natcmp("a", "b") < 0);
	assert_true(gs_runset_natcmp("run", "run-1") < 0);
	assert_int_equal(gs_runset_natcmp("run-01", "run-1"), 0);
	assert_int_equal(gs_runset_natcmp("run-7", "run-7"), 0);
}

static void
run_names(void **state)
{
	static const char *const cases[][2] = {
	        {"nightly/run-3.csv", "run-3"},
	        {"a/b/n8192-full.csv.gz", "n8192-full"},
	        {"trace.json.gz", "trace"},
	        {"results.db", "results"},
	        {"nightly-2024.10.16", "nightly-2024.10.16"},
	        {"run.CSV", "run"},
	        {"x.tar.gz", "x.tar"},
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *name = gs_runset_run_name(cases[i][0]);
		assert_non_null(name);
		assert_string_equal(name, cases[i][1]);
		free(name);
	}
}

/* A directory of runs comes back in natural order: run-2 before run-10. */
static void
load_directory(void **state)
{
	fixture *fx = *state;
	char name[32];

	for (size_t i = 0; i < fx->n; i++) {
		snprintf(name, sizeof name, "run-%zu", i);
		assert_string_equal(fx->names[i], name);
		assert_string_equal(fx->h.runs[i].name, name);
		assert_ptr_equal(fx->h.runs[i].table, fx->runs[i]);
	}
	assert_int_equal(fx->runs[2]->n, 557);
	assert_int_equal(fx->runs[3]->n, 558);
}

/* Files given one by one in any order come back in the same order. */
static void
load_files_shuffled(void **state)
{
	static const size_t perm[NRUNS] = {10, 3, 11, 0, 7, 1, 9, 2, 5, 8, 6, 4};
	fixture *fx = *state;
	char paths[NRUNS][128];
	const char *p[NRUNS];
	gs_table **runs;
	char **names;
	size_t n;
	gs_error err;

	for (size_t i = 0; i < NRUNS; i++) {
		snprintf(paths[i], sizeof paths[i], "%s/run-%zu.csv", fx->dir, perm[i]);
		p[i] = paths[i];
	}
	assert_int_equal(gs_runset_load(p, NRUNS, NULL, NULL, &runs, &names, &n, &err), 0);
	assert_int_equal(n, NRUNS);
	for (size_t i = 0; i < n; i++) {
		char want[32];
		snprintf(want, sizeof want, "run-%zu", i);
		assert_string_equal(names[i], want);
		assert_int_equal(runs[i]->n, fx->runs[i]->n);
	}
	gs_runset_free(runs, names, n);
}

/* The evolution table: geomean vs first and vs previous, and the counts
 * vs first, against the generated data and the plan. */
static void
evolution(void **state)
{
	fixture *fx = *state;
	const gs_history *h = &fx->h;

	assert_true(h->runs[0].geomean_vs_first == 1.0);
	assert_true(h->runs[0].geomean_vs_previous == 1.0);
	assert_int_equal(h->runs[0].vs_first.s.neutral, 558);
	/* Run 9 repeats run 8: every speedup is exactly 1. */
	assert_true(h->runs[9].geomean_vs_previous == 1.0);
	assert_int_equal(h->runs[9].vs_previous.s.neutral, h->runs[9].vs_previous.s.matched);
	assert_true(h->runs[9].geomean_vs_first == h->runs[8].geomean_vs_first);
	for (size_t r = 0; r < NRUNS; r++) {
		size_t m1, m2;
		double g1 = expected_geomean(fx, 0, r, &m1);
		double g2 = expected_geomean(fx, r ? r - 1 : 0, r, &m2);
		const gs_history_entry *e = &h->runs[r];
		size_t reg = 0, imp = 0;
		assert_int_equal(e->vs_first.s.matched, m1);
		assert_int_equal(e->vs_previous.s.matched, m2);
		assert_true(fabs(e->geomean_vs_first / g1 - 1) < 1e-12);
		assert_true(fabs(e->geomean_vs_previous / g2 - 1) < 1e-12);
		/* Noise (at most 1.02/0.98 = 4.1 %) never crosses 5 %: only the
		 * planted shapes count. */
		for (int p = 0; p < NPLANT; p++) {
			double f0 = plants[p].f[0], fr = plants[p].f[r];
			if (fr == 0)
				continue;
			reg += f0 / fr < 0.95;
			imp += f0 / fr > 1.05;
		}
		assert_int_equal(e->vs_first.s.regressed, reg);
		assert_int_equal(e->vs_first.s.improved, imp);
		assert_int_equal(e->vs_first.s.neutral, m1 - reg - imp);
	}
	/* Spot values of the plan: run 5 has three slower shapes (the step
	 * up, the back-and-forth and the spike), run 11 four slower (the step
	 * up, the late and the last step, the gappy shape), one faster. */
	assert_int_equal(h->runs[5].vs_first.s.regressed, 3);
	assert_int_equal(h->runs[11].vs_first.s.regressed, 4);
	assert_int_equal(h->runs[11].vs_first.s.improved, 1);
	assert_int_equal(h->runs[2].vs_first.s.matched, 557);
}

/* Series: one per shape, a shape missing from runs 2 and 6 included. */
static void
series(void **state)
{
	fixture *fx = *state;
	const gs_history *h = &fx->h;
	size_t ns = fx->base->n;

	assert_int_equal(h->nseries, 558);
	assert_int_equal(h->partial, 1);
	const gs_history_series *g = &h->series[series_of(h, &plants[GAPPY])];
	assert_int_equal(g->present, 10);
	assert_int_equal(g->first_run, 0);
	assert_true(isnan(g->t[2]) && isnan(g->t[6]));
	for (size_t i = 0; i < h->nseries; i++) {
		const gs_history_series *s = &h->series[i];
		const gs_record *b = gs_table_find(fx->base, &s->rec->shape);
		assert_non_null(b);
		size_t bi = (size_t)(b - fx->base->rec);
		for (size_t r = 0; r < NRUNS; r++) {
			double want = fx->t[r * ns + bi];
			if (isnan(want))
				assert_true(isnan(s->t[r]));
			else
				assert_true(s->t[r] == want);
		}
	}
}

/* The change points are where they were planted, the spike is not one,
 * the step in the last run is pending, and no noise-only shape has one. */
static void
change_points(void **state)
{
	fixture *fx = *state;
	const gs_history *h = &fx->h;

	check_cp(h, STEP_UP, 4, 1.2, 0);
	check_cp(h, STEP_DOWN, 7, 0.85, 0);
	check_cp(h, UP_AND_BACK, 3, 1.25, 0);
	check_cp(h, UP_AND_BACK, 8, 1 / 1.25, 0);
	check_cp(h, LATE, 10, 1.2, 0);
	check_cp(h, LAST, 11, 1.25, 1);
	check_cp(h, GAPPY, 8, 1.2, 0);
	/* Runs 2 and 6 lack the gappy shape: 6 runs before its step. */
	assert_int_equal(cp_at(h, &plants[GAPPY], 8)->runs_before, 6);
	assert_int_equal(cp_at(h, &plants[GAPPY], 8)->runs_after, 4);
	assert_int_equal(cp_at(h, &plants[LAST], 11)->runs_after, 1);
	assert_int_equal(h->series[series_of(h, &plants[SPIKE])].ncp, 0);
	assert_int_equal(h->ncps, 7);
	assert_int_equal(h->regressions, 4);
	assert_int_equal(h->improvements, 2);
	assert_int_equal(h->pending, 1);
	for (size_t i = 0; i < h->nseries; i++)
		if (!plant_of(&h->series[i].rec->shape))
			assert_int_equal(h->series[i].ncp, 0);
	for (size_t i = 0; i < h->ncps; i++) {
		const gs_history_series *s = &h->series[h->cps[i].series];
		assert_true(i >= s->cp_first && i < s->cp_first + s->ncp);
	}
}

/* The report model holds the verdicts every history writer shows: the
 * open regressions (the steps up at 4, 10 and 8 of the gappy shape; the
 * step up and back is closed), the pending step of the last run, the
 * --regressions records, and the gates decided from them. */
static void
report_model(void **state)
{
	fixture *fx = *state;
	const gs_history *h = &fx->h;
	gs_report r;
	gs_error err;

	memset(&r, 0, sizeof r);
	r.kind = GS_REPORT_HISTORY;
	r.hist = h;
	assert_int_equal(gs_report_history(&r, &err), 0);
	assert_int_equal(r.open_regressions, 3);
	assert_int_equal(r.open_regressions, gs_history_open_regressions(h));
	assert_ptr_equal(r.hseries[series_of(h, &plants[STEP_UP])].open,
	                 cp_at(h, &plants[STEP_UP], 4));
	assert_null(r.hseries[series_of(h, &plants[UP_AND_BACK])].open);
	assert_ptr_equal(r.hseries[series_of(h, &plants[LAST])].pending,
	                 cp_at(h, &plants[LAST], 11));
	assert_true(isnan(r.hseries[series_of(h, &plants[LAST])].open_now));
	assert_true(r.hseries[series_of(h, &plants[LATE])].open_now >= 1.1);
	assert_int_equal(r.reg_table->n, 3);
	assert_int_equal(r.reg_eff->n, 3);
	for (size_t i = 0; i < r.reg_table->n; i++)
		assert_non_null(plant_of(&r.reg_table->rec[i].shape));
	gs_gates_history(h, r.open_regressions, 0, 2, &r.gates);
	assert_int_equal(gs_gates_crossed(&r.gates), 1);
	gs_gates_history(h, r.open_regressions, 0, 3, &r.gates);
	assert_int_equal(gs_gates_crossed(&r.gates), 0);
	gs_report_model_free(&r);
	assert_null(r.hseries);
	assert_null(r.reg_table);
}

/* --persist 3: the two-run step at run 10 is not confirmed yet. */
static void
persist_three(void **state)
{
	fixture *fx = *state;
	gs_history_opts o;
	gs_history h;
	gs_error err;

	gs_history_opts_default(&o);
	o.persist = 3;
	assert_int_equal(
	        gs_history_run(fx->runs, (const char *const *)fx->names, fx->n, &o, &h, &err), 0);
	check_cp(&h, LATE, 10, 1.2, 1);
	check_cp(&h, LAST, 11, 1.25, 1);
	check_cp(&h, STEP_UP, 4, 1.2, 0);
	assert_int_equal(h.ncps, 7);
	assert_int_equal(h.pending, 2);
	assert_int_equal(h.regressions, 3);
	gs_history_free(&h);
}

static void
bad_input(void **state)
{
	fixture *fx = *state;
	const char *two[2] = {fx->dir, fx->dir};
	const char *missing = "/nonexistent/run-1.csv";
	char empty[128];
	const char *e = empty;
	gs_history_opts o;
	gs_history h;
	gs_table **runs;
	char **names;
	size_t n;
	gs_error err;

	gs_history_opts_default(&o);
	assert_int_equal(gs_history_run(fx->runs, (const char *const *)fx->names, 1, &o, &h, &err),
	                 -1);
	assert_non_null(strstr(err.msg, "at least two runs"));
	gs_history_free(&h);
	o.persist = 0;
	assert_int_equal(gs_history_run(fx->runs, (const char *const *)fx->names, 2, &o, &h, &err),
	                 -1);
	gs_history_free(&h);
	assert_int_equal(gs_runset_load(two, 2, NULL, NULL, &runs, &names, &n, &err), -1);
	assert_non_null(strstr(err.msg, "directory"));
	assert_null(runs);
	assert_int_equal(n, 0);
	assert_int_equal(gs_runset_load(&missing, 1, NULL, NULL, &runs, &names, &n, &err), -1);
	assert_string_equal(err.file, missing);
	snprintf(empty, sizeof empty, "%s/empty", fx->dir);
	assert_int_equal(mkdir(empty, 0700), 0);
	assert_int_equal(gs_runset_load(&e, 1, NULL, NULL, &runs, &names, &n, &err), -1);
	assert_non_null(strstr(err.msg, "no input files"));
	rmdir(empty);
}

/* Ordering by a column: ISO 8601 dates with zones, and numbers. */
static void
order_column(void **state)
{
	char dir[4096];
	const char *d = dir;
	gs_table **runs;
	char **names;
	size_t n;
	gs_error err;

	(void)state;
	snprintf(dir, sizeof dir, "%s/tests/data/history/dated", srcdir());
	/* Natural order by name first. */
	assert_int_equal(gs_runset_load(&d, 1, NULL, NULL, &runs, &names, &n, &err), 0);
	assert_int_equal(n, 3);
	assert_string_equal(names[0], "nightly-a");
	assert_string_equal(names[2], "nightly-c");
	gs_runset_free(runs, names, n);
	/* b 2024-10-14 < a 2024-10-15T09:30+02:00 (07:30Z) < c 2024-10-15 08:00Z. */
	assert_int_equal(gs_runset_load(&d, 1, NULL, "DATE", &runs, &names, &n, &err), 0);
	assert_string_equal(names[0], "nightly-b");
	assert_string_equal(names[1], "nightly-a");
	assert_string_equal(names[2], "nightly-c");
	gs_runset_free(runs, names, n);
	/* build numbers a 7 < c 9 < b 12. */
	assert_int_equal(gs_runset_load(&d, 1, NULL, "build", &runs, &names, &n, &err), 0);
	assert_string_equal(names[0], "nightly-a");
	assert_string_equal(names[1], "nightly-c");
	assert_string_equal(names[2], "nightly-b");
	gs_runset_free(runs, names, n);
	assert_int_equal(gs_runset_load(&d, 1, NULL, "commit", &runs, &names, &n, &err), -1);
	assert_non_null(strstr(err.msg, "no column 'commit'"));
	assert_int_equal(err.line, 1);
	/* A column that is neither a number nor a date. */
	assert_int_equal(gs_runset_load(&d, 1, NULL, "tag", &runs, &names, &n, &err), -1);
	assert_int_equal(err.line, 2);
	assert_int_equal(err.col, 3);
}

/* The series, change points and per-run figures of A and B agree. */
static void
assert_same_history(const gs_history *a, const gs_history *b)
{
	assert_int_equal(a->nruns, b->nruns);
	assert_int_equal(a->nseries, b->nseries);
	assert_int_equal(a->ncps, b->ncps);
	assert_int_equal(a->regressions, b->regressions);
	assert_int_equal(a->improvements, b->improvements);
	assert_int_equal(a->pending, b->pending);
	assert_int_equal(a->partial, b->partial);
	for (size_t r = 0; r < a->nruns; r++) {
		assert_true(a->runs[r].geomean_vs_first == b->runs[r].geomean_vs_first);
		assert_true(a->runs[r].geomean_vs_previous == b->runs[r].geomean_vs_previous);
		assert_int_equal(a->runs[r].shapes, b->runs[r].shapes);
		assert_string_equal(a->runs[r].name, b->runs[r].name);
	}
	for (size_t i = 0; i < a->nseries; i++) {
		assert_true(gs_shape_equal(&a->series[i].rec->shape, &b->series[i].rec->shape));
		assert_int_equal(a->series[i].last_run, b->series[i].last_run);
		for (size_t r = 0; r < a->nruns; r++)
			assert_memory_equal(&a->series[i].t[r], &b->series[i].t[r], sizeof(double));
	}
	for (size_t i = 0; i < a->ncps; i++) {
		assert_int_equal(a->cps[i].series, b->cps[i].series);
		assert_int_equal(a->cps[i].run_index, b->cps[i].run_index);
		assert_true(a->cps[i].ratio == b->cps[i].ratio);
	}
}

/* The history streamed run by run (what `gemmscope history` does: each
 * table freed once the next run was compared with it) equals the one
 * built from every table at once, holds only the first and the last
 * table, and gets back the runs the open regressions' records need. */
static void
streamed(void **state)
{
	fixture *fx = *state;
	const char *dir = fx->dir;
	char **paths, **names;
	size_t n, idx[NRUNS], need;
	gs_history h;
	gs_history_opts o;
	gs_report ra, rb;
	gs_error err;

	assert_int_equal(gs_runset_list(&dir, 1, NULL, NULL, &paths, &names, &n, &err), 0);
	assert_int_equal(n, NRUNS);
	gs_history_opts_default(&o);
	assert_int_equal(gs_history_begin(&h, n, &o, &err), 0);
	for (size_t i = 0; i < n; i++) {
		gs_table *t;
		assert_int_equal(gs_ingest_read(paths[i], NULL, &t, &err), 0);
		assert_int_equal(gs_history_add(&h, t, names[i], 0, &err), 0);
		/* the first, the newest and nothing else is held */
		for (size_t j = 1; j + 1 < i + 1; j++)
			assert_null(h.runs[j].table);
		assert_non_null(h.runs[0].table);
		assert_non_null(h.runs[i].table);
	}
	assert_int_equal(gs_history_end(&h, &err), 0);
	assert_same_history(&fx->h, &h);
	/* every open regression's last run is held or handed back */
	need = gs_history_needs(&h, idx);
	for (size_t k = 0; k < need; k++) {
		gs_table *t;
		assert_null(h.runs[idx[k]].table);
		assert_int_equal(gs_ingest_read(paths[idx[k]], NULL, &t, &err), 0);
		assert_int_equal(gs_history_attach(&h, idx[k], t, &err), 0);
	}
	assert_int_equal(gs_history_needs(&h, idx), 0);
	memset(&ra, 0, sizeof ra);
	memset(&rb, 0, sizeof rb);
	ra.kind = rb.kind = GS_REPORT_HISTORY;
	ra.hist = &fx->h;
	rb.hist = &h;
	assert_int_equal(gs_report_history(&ra, &err), 0);
	assert_int_equal(gs_report_history(&rb, &err), 0);
	assert_int_equal(ra.open_regressions, rb.open_regressions);
	assert_int_equal(ra.reg_table->n, rb.reg_table->n);
	for (size_t i = 0; i < ra.reg_table->n; i++)
		assert_true(ra.reg_table->rec[i].t.median == rb.reg_table->rec[i].t.median);
	/* more runs than announced are refused, and the table is freed */
	gs_table *extra;
	assert_int_equal(gs_ingest_read(paths[0], NULL, &extra, &err), 0);
	assert_int_equal(gs_history_add(&h, extra, "extra", 0, &err), -1);
	gs_report_model_free(&ra);
	gs_report_model_free(&rb);
	gs_history_free(&h);
	gs_runset_names_free(paths, names, n);
}

/* An open regression whose shape is missing from the last run: its
 * record comes from an earlier run, which the streamed history freed and
 * must get back (tests/data/history/gap). */
static void
streamed_gap(void **state)
{
	char dir[4096];
	const char *d = dir;
	char **paths, **names;
	size_t n, idx[8];
	gs_history h;
	gs_history_opts o;
	gs_report r;
	gs_error err;

	(void)state;
	snprintf(dir, sizeof dir, "%s/tests/data/history/gap", srcdir());
	assert_int_equal(gs_runset_list(&d, 1, NULL, NULL, &paths, &names, &n, &err), 0);
	assert_int_equal(n, 8);
	gs_history_opts_default(&o);
	assert_int_equal(gs_history_begin(&h, n, &o, &err), 0);
	for (size_t i = 0; i < n; i++) {
		gs_table *t;
		assert_int_equal(gs_ingest_read(paths[i], NULL, &t, &err), 0);
		assert_int_equal(gs_history_add(&h, t, names[i], 0, &err), 0);
	}
	assert_int_equal(gs_history_end(&h, &err), 0);
	assert_int_equal(gs_history_open_regressions(&h), 1);
	assert_int_equal(gs_history_needs(&h, idx), 1);
	assert_int_equal(idx[0], 6);
	{
		gs_table *t;
		assert_int_equal(gs_ingest_read(paths[6], NULL, &t, &err), 0);
		assert_int_equal(gs_history_attach(&h, 6, t, &err), 0);
		/* a run already held is refused (and the table freed) */
		assert_int_equal(gs_ingest_read(paths[6], NULL, &t, &err), 0);
		assert_int_equal(gs_history_attach(&h, 6, t, &err), -1);
	}
	memset(&r, 0, sizeof r);
	r.kind = GS_REPORT_HISTORY;
	r.hist = &h;
	assert_int_equal(gs_report_history(&r, &err), 0);
	assert_int_equal(r.reg_table->n, 1);
	assert_int_equal(r.reg_table->rec[0].shape.M, 9999);
	assert_true(r.reg_table->rec[0].t.median == 260.0263);
	gs_report_model_free(&r);
	gs_history_free(&h);
	gs_runset_names_free(paths, names, n);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(load_directory), cmocka_unit_test(load_files_shuffled),
	        cmocka_unit_test(evolution),      cmocka_unit_test(series),
	        cmocka_unit_test(change_points),  cmocka_unit_test(report_model),
	        cmocka_unit_test(persist_three),  cmocka_unit_test(bad_input),
	        cmocka_unit_test(streamed),
	};
	const struct CMUnitTest plain[] = {
	        cmocka_unit_test(natural_order),
	        cmocka_unit_test(streamed_gap),
	        cmocka_unit_test(run_names),
	        cmocka_unit_test(order_column),
	};
	int failed = cmocka_run_group_tests_name("history-plain", plain, NULL, NULL);

	return failed + cmocka_run_group_tests_name("history", tests, setup, teardown);
}
