/* shape.h: the ground floor every layer shares: the GEMM shape key, what
 * an input tells about the kernel that ran it, one shape's measurements
 * (gs_record) and the dtype names.  Pure data and string helpers: no file
 * I/O, no allocation, nothing above util/.  The table that holds records
 * is table.h; readers fill it (ingest/), analyses read it.
 * All times are microseconds.
 */
#ifndef GS_MODEL_SHAPE_H
#define GS_MODEL_SHAPE_H

#include <stddef.h>

/* GS_DTYPE_LEN: a canonical dtype ("f8e4m3fnuz", the longest, is 10
 * bytes) with its NUL; a name no alias matches is kept cut to 12 bytes.
 * 13 bytes, so that with the transposes and the bias flag the key's text
 * fields fill 16 bytes and a key is 64. */
enum { GS_OP_LEN = 32, GS_DTYPE_LEN = 13 };

/* The shape key.  op is "" for benchmark CSVs that time a plain GEMM, or the
 * framework op ("aten::mm", "aten::addmm", ...) for traces: at most
 * GS_OP_LEN - 1 bytes.  In a table's record it is the process's one copy
 * (util/intern.h, set by gs_table_get), valid as long as the process; a
 * key a reader builds may point at its own buffer until the call that
 * stores it.  dtype is normalised by gs_dtype_normalize().
 * trans_a/trans_b are 'N' or 'T'. */
typedef struct gs_shape {
	const char *op;
	long batch; /* >= 1 */
	long M, N, K; /* >= 1 */
	char dtype[GS_DTYPE_LEN];
	char trans_a, trans_b; /* 'N' or 'T' */
	signed char bias; /* 0 or 1 */
	const char *name; /* kernel name when the input has no M/N/K
	                               (rocprof per-kernel tables): the key is then
	                               the name; interned by gs_table_intern(), else NULL */
} gs_shape;

/* Time statistics of one record, µs.  count is the number of calls or rows
 * aggregated (it may exceed the number of samples kept when an input gives
 * only aggregates, as the native CSV's count column does).  A record keeps
 * only its median and count (gs_record_time); gs_record_stats
 * (model/stats.h) computes the rest from its samples when a writer needs
 * them. */
typedef struct gs_time_stats {
	double median, mean, min, max, std, sum;
	long count;
} gs_time_stats;

/* What a record keeps of its statistics: the median every analysis reads
 * (set by gs_table_finish(), ingest.h) and the count, 16 bytes instead of
 * gs_time_stats' 56 in each of a million-shape compare's two million
 * records. */
typedef struct gs_record_time {
	double median;
	long count;
} gs_record_time;

/* What an input tells about the kernel that ran a record.  Zero means
 * "not given". */
typedef struct gs_launch {
	long workgroups; /* grid size in workgroups / CTAs */
	int wg_size; /* threads per workgroup */
	int vgpr, agpr, sgpr; /* AMD registers per wave (arch VGPR, AccVGPR, SGPR) */
	int regs_per_thread; /* NVIDIA registers per thread */
	long lds_bytes; /* LDS / shared memory per workgroup, bytes */
	int tile_m, tile_n, tile_k; /* macro tile from an input column, 0 if none */
} gs_launch;

/* What only some inputs tell of a record: its tag, kernel name, launch
 * and extra columns.  A benchmark CSV tells none of them, so a record
 * holds one pointer to them (NULL: none given) instead of four. */
typedef struct gs_record_more {
	char *tag; /* shape family ("llama70bskinny"), owned, may be NULL */
	char *kernel; /* kernel name, owned, may be NULL */
	gs_launch *launch; /* owned, NULL when the input gave none */
	double *extra; /* table->nextra values (NAN where absent), owned;
	                  NULL when the table has no extra column */
} gs_record_more;

/* One shape's measurements in a gs_table (table.h): its key, the samples
 * a reader added and their statistics (set by gs_table_finish(),
 * ingest.h).  Read the tag, kernel, launch and extras with
 * gs_record_tag(), gs_record_kernel(), gs_launch_of() and
 * gs_record_extra(); write them through gs_record_more_of() and
 * gs_record_launch() (table.h). */
typedef struct gs_record {
	gs_shape shape;
	gs_record_more *more; /* owned, NULL when the input told none */
	double *samples; /* µs, nsamples entries; owned when there are two or
	                    more; a lone sample (most records of a benchmark
	                    CSV have one) is kept in t.median, its median, and
	                    samples points there: read samples */
	size_t nsamples;
	gs_record_time t; /* set by gs_table_finish(); the other statistics:
	                     gs_record_stats() */
	long line; /* input line (or event index) of its first row */
} gs_record;

/* gs_launch_of: R's launch, or an all-zero one ("not given") when R has
 * none.  Never NULL; the result is read-only and lives as long as R. */
const gs_launch *gs_launch_of(const gs_record *r);

/* gs_record_tag, gs_record_kernel: R's tag / kernel name (owned by R), or
 * NULL when the input gave none.  Inline: the writers read them for every
 * shape. */
static inline const char *
gs_record_tag(const gs_record *r)
{
	return r->more ? r->more->tag : NULL;
}

static inline const char *
gs_record_kernel(const gs_record *r)
{
	return r->more ? r->more->kernel : NULL;
}

/* gs_record_extra: R's table->nextra extra values (owned by R; NAN where
 * absent), or NULL when its table has no extra column. */
static inline const double *
gs_record_extra(const gs_record *r)
{
	return r->more ? r->more->extra : NULL;
}

/* gs_shape_init: a key with batch 1, op "", trans N/N, no bias, dtype "". */
void gs_shape_init(gs_shape *s);

/* gs_shape_equal: 1 if the keys are equal. */
int gs_shape_equal(const gs_shape *a, const gs_shape *b);

/* gs_shape_format: "M×N×K dtype TN" (with "op ", "bias", "batch B" where
 * they differ from the defaults), or for a kernel-keyed record the short
 * label of its kernel name (gs_kernel_label, model/kernel_class.h), into
 * BUF of SIZE bytes.  Returns BUF. */
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
