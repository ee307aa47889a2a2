/* trace_event.c: one PyTorch trace event, gathered by the streaming
 * callbacks (trace.c) into a tr_ev, and acted on when it is complete: a
 * GEMM cpu_op, a runtime call or a GPU activity kept in the store
 * (trace_store.c), everything else dropped.  Private to the trace module
 * (trace_impl.h). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/trace_impl.h"
#include "ingest/trace_json.h"
#include "util/grow.h"

tr_category
gs_trace_ev_category(const unsigned char *s, size_t n)
{
	static const struct {
		const char *name;
		tr_category cat;
	} cats[] = {
	        {"cpu_op", TR_C_OP},
	        {"kernel", TR_C_KERNEL},
	        {"cuda_runtime", TR_C_RT},
	        {"cuda_driver", TR_C_RT},
	        {"gpu_memcpy", TR_C_MEMCPY},
	        {"gpu_memset", TR_C_MEMSET},
	        {"user_annotation", TR_C_ANNOT},
	        /* legacy (torch 1.9 era) categories */
	        {"Operator", TR_C_OP},
	        {"Kernel", TR_C_KERNEL},
	        {"Runtime", TR_C_RT},
	        {"Driver", TR_C_RT},
	        {"Memcpy", TR_C_MEMCPY},
	        {"Memset", TR_C_MEMSET},
	};

	for (size_t i = 0; i < sizeof cats / sizeof cats[0]; i++)
		if (gs_json_key_is(s, n, cats[i].name))
			return cats[i].cat;
	return TR_C_OTHER;
}

/* ---- the scratch event ---------------------------------------------- */

void
gs_trace_ev_reset(tr_ev *e)
{
	e->ph = 0;
	e->cat = TR_C_OTHER;
	e->name_len = 0;
	e->pid[0] = e->tid[0] = e->ts[0] = e->dur[0] = 0;
	e->has_corr = e->has_ext = e->has_device = e->has_regs = e->has_smem = 0;
	e->ngrid = e->nblock = 0;
	e->in.has_dims = e->in.has_strides = e->in.has_types = 0;
	e->in.n_dims = e->in.n_strides = e->in.n_types = 0;
}

int
gs_trace_ev_set_name(tr_ev *e, const unsigned char *s, size_t n)
{
	/* Every named trace event passes here: test the capacity inline. */
	if (n >= e->name_cap && GS_GROW(e->name, e->name_cap, n + 1, SIZE_MAX) != 0)
		return -1;
	memcpy(e->name, s, n);
	e->name[n] = 0;
	e->name_len = n;
	return 0;
}

void
gs_trace_ev_set_raw(char *dst, char type, const void *s, size_t n)
{
	if (n > TR_RAW_LEN - 2)
		n = TR_RAW_LEN - 2;
	dst[0] = type;
	memcpy(dst + 1, s, n);
	dst[n + 1] = 0;
}

static int
times(const tr_ev *e, double *ts, double *dur)
{
	if (!e->ts[0] || !e->dur[0])
		return -1;
	*ts = gs_json_double(e->ts + 1, strlen(e->ts + 1));
	*dur = gs_json_double(e->dur + 1, strlen(e->dur + 1));
	return isfinite(*ts) && isfinite(*dur) && *dur >= 0 ? 0 : -1;
}

static int
thread_id(tr_store *st, const tr_ev *e)
{
	char buf[2 * TR_RAW_LEN + 1];
	int n = snprintf(buf, sizeof buf, "%s\037%s", e->pid, e->tid);

	return gs_trace_strs_intern(&st->threads, buf, (size_t)n);
}

/* ---- acting on a complete event ------------------------------------- */

static int
add_op(tr_store *st, const tr_ev *e, long line)
{
	int kind = gs_trace_gemm_kind(e->name ? e->name : "", e->name_len);
	double ts, dur;
	tr_op op;

	if (kind < 0)
		return 0;
	if (st->frozen) {
		st->late_op = 1;
		return 1; /* eager linking is off: restart */
	}
	if (times(e, &ts, &dur) != 0) {
		st->incomplete++;
		return 0;
	}
	op.ts = ts;
	op.end = ts + dur;
	op.line = line;
	op.bad = NULL;
	if (gs_trace_gemm_shape(kind, &e->in, &op.key, &op.bad) != 0 && !op.bad)
		op.bad = "no shape";
	op.thread = thread_id(st, e);
	if (op.thread < 0)
		return -1;
	return gs_trace_store_add_op(st, &op);
}

/* ---- runtime calls and GPU activities -------------------------------- */

static int
add_rt(tr_store *st, const tr_ev *e)
{
	double ts, dur;
	tr_rt r;

	if (!e->has_corr && !e->has_ext)
		return 0; /* links nothing */
	if (times(e, &ts, &dur) != 0) {
		st->incomplete++;
		return 0;
	}
	memset(&r, 0, sizeof r);
	r.corr = e->corr;
	r.ext = e->ext;
	r.has_corr = (unsigned char)e->has_corr;
	r.has_ext = (unsigned char)e->has_ext;
	r.ts = ts;
	r.end = ts + dur;
	r.op = -1;
	r.hip = e->name_len >= 3 && strncmp(e->name, "hip", 3) == 0;
	r.has_grid = e->ngrid == 3 && e->nblock == 3;
	memcpy(r.grid, e->grid, sizeof r.grid);
	memcpy(r.block, e->block, sizeof r.block);
	r.smem = e->has_smem ? (long)e->smem : 0;
	r.thread = thread_id(st, e);
	if (r.thread < 0)
		return -1;
	return gs_trace_store_add_rt(st, &r);
}

static int
add_gpu(tr_store *st, const tr_ev *e)
{
	double ts, dur;
	tr_gpu g;

	if (times(e, &ts, &dur) != 0) {
		st->incomplete++;
		return 0;
	}
	memset(&g, 0, sizeof g);
	g.corr = e->corr;
	g.ext = e->ext;
	g.has_corr = (unsigned char)e->has_corr;
	g.has_ext = (unsigned char)e->has_ext;
	g.ts = ts;
	g.dur = dur;
	g.rt = -1;
	g.device = e->has_device ? e->device : -1;
	g.kind = e->cat == TR_C_KERNEL ? TR_KERNEL : e->cat == TR_C_MEMCPY ? TR_MEMCPY : TR_MEMSET;
	g.has_grid = e->ngrid == 3 && e->nblock == 3;
	memcpy(g.grid, e->grid, sizeof g.grid);
	memcpy(g.block, e->block, sizeof g.block);
	g.regs = e->has_regs ? (int)e->regs : 0;
	g.smem = e->has_smem ? (long)e->smem : 0;
	g.name = -1;
	if (g.kind == TR_KERNEL) {
		g.name = gs_trace_strs_intern(&st->names, e->name ? e->name : "", e->name_len);
		if (g.name < 0)
			return -1;
	}
	return gs_trace_store_add_gpu(st, &g);
}

int
gs_trace_ev_keep(tr_store *st, const tr_ev *e, long line)
{
	switch (e->cat) {
	case TR_C_OP: return add_op(st, e, line);
	case TR_C_RT: return add_rt(st, e);
	case TR_C_KERNEL:
	case TR_C_MEMCPY:
	case TR_C_MEMSET: return add_gpu(st, e);
	case TR_C_ANNOT:
		/* torch.profiler's step marker, once per step on the CPU side (its
		 * gpu_user_annotation twin is another category) */
		st->steps +=
		        e->ph == 'X' && e->name_len > 13 && !strncmp(e->name, "ProfilerStep#", 13);
		break;
	case TR_C_OTHER: break;
	}
	return 0;
}
