/* fmt.h: number, time and string formatting shared by the writers, so the
 * HTML page, the markdown summary and the JUnit messages spell a number the
 * same way.  Display helpers write into a caller's buffer and return it;
 * they never fail (output is truncated to SIZE - 1 bytes).
 */
#ifndef GS_FMT_H
#define GS_FMT_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/compare.h"
#include "table.h"

enum { GS_FMT_LEN = 64, GS_FMT_SHAPE_LEN = 256, GS_FMT_VERDICT_LEN = 256 };

/* From this magnitude on, numbers and ratios are written in scientific
 * notation ("2.631e+57×"): "%f" of a double near DBL_MAX is 309 digits,
 * which GS_FMT_LEN cut, once between the two bytes of "×" (a fuzzed
 * geomean of 2.6e57: ill-formed UTF-8 in the markdown). */
#define GS_FMT_HUGE 1e15

/* gs_fmt_grouped: V with DECIMALS decimals and ',' between thousands
 * ("638,568.5"); U+2212 for a negative sign; "n/a" if V is not finite. */
char *gs_fmt_grouped(char *buf, size_t size, double v, int decimals);

/* gs_fmt_us: a time in µs for display, precision by magnitude: 3 decimals
 * below 10 µs, 2 below 100 µs, 1 above (the IREE seed's "48,358.2"). */
char *gs_fmt_us(char *buf, size_t size, double us);

/* gs_fmt_ratio: a speedup or slowdown "1.1032×" with DECIMALS decimals;
 * "∞" for +INFINITY, "n/a" for NaN. */
char *gs_fmt_ratio(char *buf, size_t size, double r, int decimals);

/* gs_fmt_change: a fraction as a signed percentage with one decimal:
 * 0.1032 -> "+10.3 %", -0.05 -> "−5.0 %". */
char *gs_fmt_change(char *buf, size_t size, double frac);

/* gs_fmt_share: K of N as a percentage with one decimal ("56.8 %");
 * "0.0 %" when N is 0. */
char *gs_fmt_share(char *buf, size_t size, size_t k, size_t n);

/* gs_fmt_exact: the shortest "%.15g".."%.17g" text that reads back to
 * exactly V with strtod (for CSV and JSON); "" if V is not finite. */
char *gs_fmt_exact(char *buf, size_t size, double v);

/* gs_fmt_exact_n: gs_fmt_exact's text into BUF (SIZE bytes, GS_FMT_LEN
 * for every value), returning its length without the NUL: the CSV and
 * JSON writers print 12 numbers a shape and need the length anyway. */
size_t gs_fmt_exact_n(char *buf, size_t size, double v);

/* gs_fmt_int: V in decimal ("%lld" without printf: writers print several
 * integers per shape) into BUF, which must hold GS_FMT_INT_LEN bytes.
 * Returns the length written, without the NUL. */
enum { GS_FMT_INT_LEN = 24 };
size_t gs_fmt_int(char *buf, long long v);

/* gs_fmt_utc: seconds since the epoch as "2026-11-22 02:51:56 UTC", or as
 * ISO 8601 "2026-11-22T02:51:56Z" when ISO is 1. */
char *gs_fmt_utc(char *buf, size_t size, long long t, int iso);

/* gs_fmt_shape: a shape as M×N×K (DESIGN.md "The report": one order
 * everywhere), then dtype, transposes (A then B) and the extras:
 * "4112×2048×2048 bf16 TN (addmm)",
 * " bias", " batch 8".  A key that is a kernel name (S->name) is written
 * as the name's short label (gs_shape_format).  The result may hold input
 * bytes: escape it for the target format. */
char *gs_fmt_shape(char *buf, size_t size, const gs_shape *s);

/* gs_fmt_ci: a confidence interval "0.9465×–1.2622×" (gs_fmt_ratio's
 * DECIMALS), or "n/a" when LO or HI is NaN (fewer than 2 shapes: stats.h
 * gives no interval). */
char *gs_fmt_ci(char *buf, size_t size, double lo, double hi, int decimals);

/* gs_fmt_verdict: the one-sentence verdict of C, e.g. "152 regressions,
 * 317 improvements; geomean 1.103× [95 % CI 1.084–1.122] over 558 shapes"
 * (plus "; N unsure" when some are; "[95 % CI n/a]" for a single shape). */
char *gs_fmt_verdict(char *buf, size_t size, const gs_compare *c);

/* gs_fmt_plural: ONE when N is 1, else MANY ("1 shape", "2 shapes",
 * "0 shapes"); both static strings of the caller. */
const char *gs_fmt_plural(size_t n, const char *one, const char *many);

/* gs_fmt_count: N with ',' between thousands ("1,000,000"). */
char *gs_fmt_count(char *buf, size_t size, size_t n);

struct gs_single;

/* gs_fmt_gpu_unknown: why the efficiency model S (analysis/single.h) has no
 * GPU, as one clause for BUF (SIZE bytes): "no GPU is known (the input
 * names none and no --gpu was given): ..." or, when the input names one
 * the built-in table lacks, "the input names NVIDIA Foo 9000, which the
 * built-in GPU table lacks: wave quantisation uses the input's 132
 * CUs/SMs; the roofline, the tile model and occupancy need the GPU's
 * figures: ..." (what is missing, and the --gpu that supplies it).  The
 * name is input text: escape it for the target format.  Returns BUF. */
char *gs_fmt_gpu_unknown(char *buf, size_t size, const struct gs_single *s);

/* gs_fmt_slowdown: cand / base of P (the regression tables' Slowdown). */
double gs_fmt_slowdown(const gs_pair *p);

/* gs_fmt_clean: a malloc'd copy of S (NULL is taken as "") that is valid
 * UTF-8 with no control characters other than tab: invalid bytes and
 * controls become U+FFFD, so XML and JSON writers accept any input string.
 * Returns NULL on out of memory; the caller frees. */
char *gs_fmt_clean(const char *s);

/* gs_fmt_correction: "Holm", "Benjamini-Hochberg" or "none". */
const char *gs_fmt_correction(gs_correction c);

/* gs_fmt_md_text: write S (from an input) to OUT escaped for a markdown
 * line or table cell: made valid UTF-8 (gs_fmt_clean), < > & as entities,
 * tabs as spaces, markdown punctuation (\ ` | * _ [ ] # ! ~) backslashed,
 * so a tag or kernel name can neither break a table nor inject markup. */
void gs_fmt_md_text(FILE *out, const char *s);

/* gs_fmt_csv_field: write the text S as one CSV field (RFC 4180
 * §2.6-2.7): as is, or quoted with inner quotes doubled when it holds a
 * comma, a quote or a line break.  A text that begins with '=', '+', '-',
 * '@', a tab or a carriage return gets a leading "'" so a spreadsheet
 * shows it as text instead of running it as a formula (OWASP, "CSV
 * Injection"); numbers are never written through this function.  NULL
 * writes an empty field.  Reading CSV is libcsv's job; this is the
 * writing half. */
void gs_fmt_csv_field(FILE *out, const char *s);

/* gs_fmt_csv_plain: 1 when gs_fmt_csv_field writes S (NULL: nothing)
 * byte for byte as it is, 0 when it quotes or neutralises it. */
int gs_fmt_csv_plain(const char *s);

/* gs_fmt_xml_quiet: from now on, libxml2's own error and warning messages
 * (its generic and structured handlers) are captured instead of printed
 * on stderr, so a writer turns a failure into its gs_error.  Not nested;
 * single-threaded. */
void gs_fmt_xml_quiet(void);

/* gs_fmt_xml_loud: restore libxml2's default handlers and return the
 * first message captured since gs_fmt_xml_quiet, one line without its
 * trailing separators ("" if none; static, valid until the next
 * gs_fmt_xml_quiet), e.g. "I/O error : No space left on device". */
const char *gs_fmt_xml_loud(void);

#endif
