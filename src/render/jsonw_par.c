/* jsonw_par.c: gs_jw_array_par, a long JSON array made on two threads
 * (util/ordered.h).  A million-shape compare's "shapes" array is three
 * quarters of the JSON writer's time.
 *
 * Each run of elements is made by its own compact memory generator, which
 * opens an array and writes the elements: "[" then the elements separated
 * by commas.  Without the "[", and after a "," from the second run on, the
 * runs join into exactly the text the plain loop writes; the writer's own
 * generator sees an empty array and closes it with "]".
 */
#include "render/jsonw.h"
#include "util/ordered.h"

/* Elements per run: GS_ORDERED_SLOTS runs of compare shapes (about 420
 * bytes each) are 7 MB. */
enum { CHUNK = 1024 };

typedef void (*element_fn)(gs_jw *, const void *, size_t);

typedef struct par_array {
	gs_jw *w; /* the document's generator */
	element_fn element;
	const void *arg;
	/* memory generators, .g NULL until used; each in a cache line of
	 * its own: the two threads store their generator's length for every
	 * token (about 180 a shape), and generators sharing a line made each
	 * store wait for the other core (perf: 40 % of print_cb on that load) */
	struct {
		_Alignas(64) gs_jw w;
	} run[GS_ORDERED_SLOTS];
} par_array;

/* Elements [BEGIN, END) as a new document on place S's generator (its
 * buffer kept from the run before). */
static int
make(void *ctx, int s, size_t begin, size_t end)
{
	par_array *q = ctx;
	gs_jw *g = &q->run[s].w;
	gs_error err;

	if (g->g)
		gs_jw_mem_reset(g);
	else if (gs_jw_begin_mem(g, &err) != 0)
		return -1;
	gs_jw_array_open(g, NULL);
	for (size_t i = begin; i < end; i++)
		q->element(g, q->arg, i);
	return g->failed || g->len < 1 ? -1 : 0;
}

static int
emit(void *ctx, int s, size_t run)
{
	par_array *q = ctx;
	const gs_jw *g = &q->run[s].w;

	if (run > 0)
		gs_jw_raw(q->w, ",", 1);
	gs_jw_raw(q->w, g->buf + 1, g->len - 1); /* without the "[" */
	return q->w->failed ? -1 : 0;
}

void
gs_jw_array_par(gs_jw *w, size_t n, element_fn element, const void *arg)
{
	par_array q = {.w = w, .element = element, .arg = arg};
	gs_ordered o = {.n = n, .chunk = CHUNK, .ctx = &q, .make = make, .emit = emit};

	if (w->indent || n < 4 * CHUNK) { /* indented, or too short to share */
		for (size_t i = 0; i < n; i++)
			element(w, arg, i);
		return;
	}
	if (gs_ordered_run(&o) != 0)
		w->failed = 1;
	for (int i = 0; i < GS_ORDERED_SLOTS; i++)
		gs_jw_free(&q.run[i].w);
}
