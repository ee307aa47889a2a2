/* table.h: the one table every reader fills and every analysis reads.
 *
 * A gs_table holds one input's GEMMs: one gs_record per shape key
 * (op, batch, M, N, K, dtype, trans_a, trans_b, bias; DESIGN.md "Shape key").
 * Repeated rows or calls of one key are samples of that shape; after
 * gs_table_finish() each record's time is the median of its samples.
 * All times are microseconds.
 */
#ifndef GS_TABLE_H
#define GS_TABLE_H

#include <stddef.h>

#include "util/error.h"

enum { GS_OP_LEN = 32, GS_DTYPE_LEN = 16 };

/* The shape key.  op is "" for benchmark CSVs that time a plain GEMM, or the
 * framework op ("aten::mm", "aten::addmm", ...) for traces.  dtype is
 * normalised by gs_dtype_normalize().  trans_a/trans_b are 'N' or 'T'. */
typedef struct gs_shape {
	char op[GS_OP_LEN];
	long batch;                 /* >= 1 */
	long M, N, K;               /* >= 1 */
	char dtype[GS_DTYPE_LEN];
	char trans_a, trans_b;      /* 'N' or 'T' */
	int bias;                   /* 0 or 1 */
	const char *name;           /* kernel name when the input has no M/N/K
	                               (rocprof per-kernel tables): the key is then
	                               the name; interned by gs_table_intern(), else NULL */
} gs_shape;

/* Time statistics of one record, µs.  count is the number of calls or rows
 * aggregated (it may exceed the number of samples kept when an input gives
 * only aggregates, as the native CSV's count column does). */
typedef struct gs_time_stats {
	double median, mean, min, max, std, sum;
	long count;
} gs_time_stats;

/* What an input tells about the kernel that ran a record.  Zero means
 * "not given". */
typedef struct gs_launch {
	long workgroups;            /* grid size in workgroups / CTAs */
	int wg_size;                /* threads per workgroup */
	int vgpr, agpr, sgpr;       /* AMD registers per wave (arch VGPR, AccVGPR, SGPR) */
	int regs_per_thread;        /* NVIDIA registers per thread */
	long lds_bytes;             /* LDS / shared memory per workgroup, bytes */
	int tile_m, tile_n, tile_k; /* macro tile from an input column, 0 if none */
} gs_launch;

typedef struct gs_record {
	gs_shape shape;
	char *tag;                  /* shape family ("llama70bskinny"), owned, may be NULL */
	char *kernel;               /* kernel name, owned, may be NULL */
	double *samples;            /* µs, owned, nsamples entries */
	size_t nsamples, samples_cap;
	gs_time_stats t;            /* set by gs_table_finish() */
	long line;                  /* input line (or event index) of its first row */
	gs_launch launch;
	double *extra;              /* table->nextra values (NAN where absent), owned */
} gs_record;

/* A row left out of the analysis, with the reason. */
typedef struct gs_excluded {
	long line;
	char *what;                 /* shape or row description, owned */
	char *reason;               /* owned */
} gs_excluded;

struct gs_index;

typedef struct gs_table {
	char *path;                 /* input path, owned */
	char *format;               /* dialect, e.g. "iree-kernel-benchmark", owned */
	char *gpu;                  /* GPU name if the input names it, owned, may be NULL */
	int gpu_cus;                /* CU/SM count if the input gives it, else 0 */
	gs_record *rec;
	size_t n, cap;
	gs_excluded *excl;
	size_t nexcl, excl_cap;
	char **extra_names;         /* extra numeric columns, owned */
	size_t nextra;
	size_t skipped;             /* events/rows skipped (not excluded) by a reader */
	char **interned;            /* gs_table_intern() strings, owned */
	size_t ninterned;
	struct gs_index *index;     /* key -> record, private */
} gs_table;

/* gs_table_new: an empty table for input PATH (copied).  Returns NULL on
 * out of memory. */
gs_table *gs_table_new(const char *path);

/* gs_table_free: release T and everything it owns; NULL is fine. */
void gs_table_free(gs_table *t);

/* gs_table_set_format / gs_table_set_gpu: copy a string into T.  Return 0 or
 * -1 on out of memory. */
int gs_table_set_format(gs_table *t, const char *format);
int gs_table_set_gpu(gs_table *t, const char *gpu, int cus);

/* gs_table_intern: a copy of S owned by T, the same pointer for equal
 * strings (for gs_shape.name).  NULL on out of memory. */
const char *gs_table_intern(gs_table *t, const char *s);

/* gs_table_add_extra_name: declare an extra numeric column (hardware
 * counters...) before the first record is added.  Returns its index, or -1
 * on out of memory. */
int gs_table_add_extra_name(gs_table *t, const char *name);

/* gs_table_get: the record for KEY, created (with LINE) if new.  Returns
 * NULL only on out of memory, with ERR set.  The pointer is valid until
 * the next gs_table_get() that creates a record. */
gs_record *gs_table_get(gs_table *t, const gs_shape *key, long line, gs_error *err);

/* gs_record_add_sample: append one time (µs, must be finite and > 0; the
 * reader checks and excludes otherwise).  Returns 0 or -1 on out of memory. */
int gs_record_add_sample(gs_record *r, double time_us);

/* gs_record_set_string: replace *FIELD (r->tag or r->kernel) with a copy of
 * S if *FIELD is NULL; keeps the first value seen.  Returns 0 or -1 (OOM). */
int gs_record_set_string(char **field, const char *s);

/* gs_table_exclude: record that input LINE (WHAT, e.g. "4096x4096x8192
 * bf16 TN") was left out because of REASON.  Returns 0 or -1 on OOM. */
int gs_table_exclude(gs_table *t, long line, const char *what, const char *reason);

/* gs_table_finish: compute each record's gs_time_stats from its samples
 * (median, mean, min, max, sample std with n-1, sum; count = nsamples
 * unless a reader already set a larger count) and order records by input
 * line.  Fails with ERR if the table has no records. */
int gs_table_finish(gs_table *t, gs_error *err);

/* gs_table_find: the record with KEY, or NULL. */
const gs_record *gs_table_find(const gs_table *t, const gs_shape *key);

/* gs_shape_init: a key with batch 1, op "", trans N/N, no bias, dtype "". */
void gs_shape_init(gs_shape *s);

/* gs_shape_equal: 1 if the keys are equal. */
int gs_shape_equal(const gs_shape *a, const gs_shape *b);

/* gs_shape_format: "M×N×K dtype TN" (with "op ", "bias", "batch B" where
 * they differ from the defaults), or the kernel name for a kernel-keyed
 * record, into BUF of SIZE bytes.  Returns BUF. */
char *gs_shape_format(const gs_shape *s, char *buf, size_t size);

/* gs_dtype_normalize: map a dtype alias to its canonical name: f16, bf16,
 * f32, f64, f8e4m3, f8e5m2, f8e4m3fnuz, f8e5m2fnuz, i8, i32, f4e2m1, tf32,
 * xf32.  Accepts e.g. fp16, half, float16, c10::Half, f16_r, bfloat16,
 * c10::BFloat16, fp32, float, f32_r, single, double, float8_e4m3fn...
 * Case-insensitive.  Returns 0 and writes OUT (GS_DTYPE_LEN bytes), or -1
 * for an unknown name (OUT untouched). */
int gs_dtype_normalize(const char *in, char out[GS_DTYPE_LEN]);

/* gs_dtype_bytes: bytes per element of a canonical dtype (f4e2m1: 1, as
 * TraceLens counts the packed pair), 0 if unknown. */
int gs_dtype_bytes(const char *dtype);

#endif
