/* table.h: the one table every reader fills and every analysis reads.
 *
 * A gs_table holds one input's GEMMs: one gs_record per shape key
 * (op, batch, M, N, K, dtype, trans_a, trans_b, bias; DESIGN.md "Shape key").
 * Repeated rows or calls of one key are samples of that shape; after
 * gs_table_finish() (ingest.h) each record's time is the median of its
 * samples.  The table only stores what a reader gave it: no statistics
 * are computed here.  All times are microseconds.
 *
 * Text: every string a reader hands to the table (kernel names, tags, ops,
 * GPU name, extra column names, exclusion descriptions) is stored as
 * well-formed UTF-8: ill-formed sequences are replaced with U+FFFD by
 * gs_utf8_clean (util/utf8.h) on the way in and counted in
 * utf8_replaced, so every writer can trust the text (issue 11, item 5).
 * The path is kept as given: it names the file in messages.
 */
#ifndef GS_TABLE_H
#define GS_TABLE_H

#include <stddef.h>

#include "model/env.h"
#include "model/shape.h"
#include "util/error.h"

/* The valid range of a time (µs) in any input (issue 11, item 12): from a
 * picosecond to about 11.6 days per call.  A finite positive time outside
 * it is refused with its location by the reader, never stored. */
#define GS_TIME_MIN_US 1e-6
#define GS_TIME_MAX_US 1e12

/* gs_time_in_range: 1 if US is within [GS_TIME_MIN_US, GS_TIME_MAX_US]
 * (NaN is not), else 0. */
static inline int
gs_time_in_range(double us)
{
	return us >= GS_TIME_MIN_US && us <= GS_TIME_MAX_US;
}

/* A row left out of the analysis, with the reason. */
typedef struct gs_excluded {
	long line;
	char *what; /* shape or row description, owned */
	char *reason; /* owned */
} gs_excluded;

struct gs_index;
struct gs_kmix;

typedef struct gs_table {
	char *path; /* input path, owned */
	char *format; /* dialect, e.g. "iree-kernel-benchmark", owned */
	char *gpu; /* GPU name if the input names it, owned, may be NULL */
	int gpu_cus; /* CU/SM count if the input gives it, else 0 */
	gs_env env; /* what the input says of its machine and software
	               (model/env.h); texts owned */
	gs_record *rec;
	size_t n, cap;
	gs_excluded *excl;
	size_t nexcl, excl_cap;
	char **extra_names; /* extra numeric columns, owned */
	size_t nextra, extra_cap;
	size_t skipped; /* events/rows skipped (not excluded) by a reader */
	long steps; /* training or inference steps the input covers (a PyTorch
	               trace's ProfilerStep#N annotations), 0 if unknown */
	char **interned; /* gs_table_intern() strings, owned */
	size_t ninterned, interned_cap;
	size_t utf8_replaced; /* U+FFFD put in for ill-formed UTF-8 in the
	                               input's text (see "Text" above) */
	struct gs_index *index; /* key -> record, private */
	struct gs_kmix *kmix; /* kernel traces (rocprof): every kernel's GPU
	                         time by class (model/kernel_class.h), the
	                         records being its GEMM kernels; owned, NULL
	                         for other inputs */
} gs_table;

/* gs_table_new: an empty table for input PATH (copied).  Returns NULL on
 * out of memory. */
gs_table *gs_table_new(const char *path);

/* gs_table_free: release T and everything it owns; NULL is fine. */
void gs_table_free(gs_table *t);

/* gs_table_set_format / gs_table_set_gpu: replace T's format / GPU name
 * with a copy of the string repaired to well-formed UTF-8 (see "Text"; NULL
 * clears it); set_gpu also sets gpu_cus to CUS (0: not given).  Return 0 or
 * -1 on out of memory. */
int gs_table_set_format(gs_table *t, const char *format);
int gs_table_set_gpu(gs_table *t, const char *gpu, int cus);

/* gs_table_set_env: item K of T's environment (model/env.h) to a copy
 * of TEXT repaired to well-formed UTF-8 (see "Text"), NUM its quantity in
 * the item's unit (NAN: none).  The first value given stays (a trace
 * states its devices in turn; the one its GEMMs ran on is set first by
 * the reader); NULL or empty TEXT is ignored.  Returns 0 or -1 on out of
 * memory. */
int gs_table_set_env(gs_table *t, gs_env_item k, const char *text, double num);

/* gs_table_intern: a copy of S owned by T, repaired to well-formed UTF-8
 * (see "Text"), the same pointer for equal strings (for gs_shape.name).
 * NULL on out of memory. */
const char *gs_table_intern(gs_table *t, const char *s);

/* gs_table_add_extra_name: declare an extra numeric column (hardware
 * counters...) before the first record is added.  Returns its index, or -1
 * on out of memory. */
int gs_table_add_extra_name(gs_table *t, const char *name);

/* gs_table_get: the record for KEY, created (with LINE) if new; KEY's op
 * is cut to GS_OP_LEN - 1 bytes and repaired to well-formed UTF-8 first
 * (cut again at a character boundary to fit), so keys differing only in
 * ill-formed bytes or beyond the cut may meet.  KEY is borrowed for the
 * call; a new record's op is the process's copy (util/intern.h).  Returns
 * NULL only on out of memory, with ERR set.  The pointer is valid until
 * the next gs_table_get() that creates a record. */
gs_record *gs_table_get(gs_table *t, const gs_shape *key, long line, gs_error *err);

/* gs_table_prefetch: a hint that KEY is looked up next (gs_table_get):
 * the slot of T's key index where its probe starts is fetched into the
 * cache now, so that a reader can parse the rest of its row while the
 * memory answers (a million-row table's index is 16 MiB, and the probe's
 * first load was a fifth of the reading).  Changes nothing; KEY is
 * borrowed for the call. */
void gs_table_prefetch(const gs_table *t, const gs_shape *key);

/* gs_record_add_sample: append one time (µs, must be finite and > 0; the
 * reader checks and excludes otherwise).  Returns 0 or -1 on out of memory.
 * A lone sample is kept inside R (in R->t.median, R->samples pointing at it) and
 * the table re-points it when its records move: a record is never copied
 * by value, it is re-added (gs_table_get + gs_record_add_sample). */
int gs_record_add_sample(gs_record *r, double time_us);

/* gs_record_more_of: R's tag, kernel, launch and extras for writing,
 * allocated all-empty (owned by R, freed with its table) when R had none.
 * NULL on out of memory. */
gs_record_more *gs_record_more_of(gs_record *r);

/* gs_record_launch: R's launch for writing, allocated all-zero (owned by R,
 * freed with its table) when R had none.  NULL on out of memory. */
gs_launch *gs_record_launch(gs_record *r);

/* gs_table_set_tag, gs_table_set_kernel: set R's tag / kernel name (R a
 * record of T) to a copy of S repaired to well-formed UTF-8 if R has none
 * yet; keeps the first value seen; S NULL: nothing (and nothing
 * allocated).  Replacements are counted in T->utf8_replaced (T may be
 * NULL: not counted).  Returns 0 or -1 (OOM). */
int gs_table_set_tag(gs_table *t, gs_record *r, const char *s);
int gs_table_set_kernel(gs_table *t, gs_record *r, const char *s);

/* gs_table_copy_record: the record of SRC's key in T: a new one holding
 * a copy of SRC (its samples, or its median when it has none, the time
 * statistics, tag, kernel and launch) at input line LINE, or T's existing
 * record of that key, left as it is.  SRC must not be a record of T.
 * Returns it (valid until T grows), or NULL with ERR when out of memory
 * or the table is full. */
gs_record *gs_table_copy_record(gs_table *t, const gs_record *src, long line, gs_error *err);

/* gs_table_exclude: record that input LINE (WHAT, e.g. "4096x4096x8192
 * bf16 TN") was left out because of REASON (both stored as well-formed
 * UTF-8).  Returns 0 or -1 on OOM. */
int gs_table_exclude(gs_table *t, long line, const char *what, const char *reason);

/* gs_table_order: order T's records by input line (the order readers and
 * writers show) and rebuild the key index; the record array is cut to
 * its records (record pointers may change).  Touches no statistics: the
 * readers' gs_table_finish() (ingest.h) computes them first. */
void gs_table_order(gs_table *t);

/* gs_table_drop_index: free T's key index (8 bytes a slot, 16 MiB for a
 * million records) when no more keys will be looked up: a compare after
 * its join.  gs_table_get builds it again (O(n)) on its next call;
 * gs_table_find and gs_table_find_each still answer, by a scan of the
 * records (O(n) a key). */
void gs_table_drop_index(gs_table *t);

/* gs_table_find: the record with KEY, or NULL. */
const gs_record *gs_table_find(const gs_table *t, const gs_shape *key);

/* gs_table_find_each: OUT[i] = gs_table_find(T, &KEYS->rec[i].shape) for
 * every record of KEYS (OUT has KEYS->n entries).  The same answers as
 * one call per key, with the index slots fetched ahead: a join of two
 * large tables waits on one cache miss per key otherwise. */
void gs_table_find_each(const gs_table *t, const gs_table *keys, const gs_record **out);

#endif
