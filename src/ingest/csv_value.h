/* csv_value.h: cell values of benchmark CSVs (numbers, flags, transposes,
 * dtypes, kernel names).  Pure functions on one NUL-terminated cell, no
 * I/O; shared by the CSV dialect readers in src/ingest/csv*.c. */
#ifndef GS_CSV_VALUE_H
#define GS_CSV_VALUE_H

#include <stddef.h>

#include "model/shape.h"

/* gs_csv_number: the whole cell S (blanks around allowed) as a double;
 * "nan", "inf" and exponents accepted (strtod in the C locale).  Returns
 * 0, or -1 for an empty or non-numeric cell (*OUT untouched). */
int gs_csv_number(const char *s, double *out);

/* gs_csv_count: a positive whole number (M, N, K, batch, count, tile):
 * "4096", "4096.0", "4.096e3", at most 2^53 (GS_COUNT_MAX, util/checked.h:
 * exact in a double).  Returns 0; -1 if not a number or not whole; -2 if
 * it is a whole number below 1 (*OUT holds it); -3 if its magnitude is
 * above 2^53 (*OUT untouched). */
int gs_csv_count(const char *s, long *out);

/* gs_csv_bool: True/False, true/false, 1/0, yes/no (any case).  Returns 0
 * and *OUT = 1 or 0, or -1 for anything else. */
int gs_csv_bool(const char *s, int *out);

/* gs_csv_trans: a transpose flag as 'N' or 'T' into *OUT.  Accepts N/T (any
 * case), C (conjugate transpose, same layout as T), 0/1, True/False, and a
 * Python tuple "(True, False)" (TraceLens "param: transpose"), from which
 * element WHICH (0 = A, 1 = B) is taken.  Returns 0, or -1 for anything
 * else. */
int gs_csv_trans(const char *s, int which, char *out);

/* gs_csv_dtype: a dtype cell normalised by gs_dtype_normalize() into OUT
 * (GS_DTYPE_LEN bytes).  Also accepts a Python tuple or list such as
 * "('c10::BFloat16', 'c10::BFloat16')" (its first element) and rocBLAS
 * precision letters h, s, d.  An empty cell gives "".  Returns 0, or -1
 * for an unknown name (OUT untouched). */
int gs_csv_dtype(const char *s, char out[GS_DTYPE_LEN]);

/* gs_csv_tensile_info: read transposes and data type from a Tensile or
 * TensileLite kernel NAME (reference/kernel-names.md §2.1): the index
 * tokens Ailk/Alik and Bljk/Bjlk give 'N'/'T', the first type code after
 * them (S, D, H, B, I, X, I8, F8, B8, F8N, B8N; "_HB_" = f16 with UseBeta)
 * the dtype.  Writes only what it finds: DTYPE stays untouched for
 * complex or unknown codes, *TA / *TB for other index strings.  Returns 1
 * if NAME is a Tensile GEMM name, else 0 (nothing written). */
int gs_csv_tensile_info(const char *name, char dtype[GS_DTYPE_LEN], char *ta, char *tb);

/* gs_csv_pylist_kernel: from a TraceLens kernel_details cell, a Python list
 * of dicts "[{'name': 'K1', ..., 'total_duration_us': np.float64(3.5),
 * ...}, ...]", copy the name of the kernel with the largest
 * total_duration_us (the GEMM, not its memset) into OUT of SIZE bytes
 * (truncated).  Returns 0, or -1 if the cell names no kernel. */
int gs_csv_pylist_kernel(const char *cell, char *out, size_t size);

#endif
