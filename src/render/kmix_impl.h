/* kmix_impl.h: inside render/ only.  A kernel trace's GPU time by kernel
 * class (issue 12): R->kmix as analysis set it (gs_report_kernels), in
 * the JSON, the HTML summary and the markdown.  The GEMM table holds the
 * GEMM kernels; the rest is listed here, once.  Formatting only.
 */
#ifndef GS_KMIX_IMPL_H
#define GS_KMIX_IMPL_H

#include <stdio.h>

#include "render/html_impl.h"
#include "render/jsonw.h"
#include "render/report.h"

/* Kernels of the other classes listed by the HTML (the JSON lists all of
 * them, the markdown the first three). */
enum { GS_KMIX_TOP = 10, GS_KMIX_MD_TOP = 3 };

/* gs_json_kernels: the top-level key "kernels": null when no input is a
 * kernel trace; report: one object; compare {baseline, candidate} (null
 * for a side that is no kernel trace).  An object is {total_us, calls,
 * kernels, gemm_share (0..1), classes[] ({class, kernels, calls,
 * total_us, share}, each class with a kernel, in model/kernel_class.h's
 * order), other[] ({name, label, class, calls, total_us, share}: every
 * kernel that is no GEMM, longest first)}. */
void gs_json_kernels(gs_jw *w, const gs_report *r);

/* gs_html_kernels: under SEC (id "kernels"), per input that is a kernel
 * trace, the sentence "GEMM kernels: P % of GPU time (k of n kernels, c of
 * C dispatches, t of T µs)" (with the split-K reductions' share when
 * there are any), and a folded <details> with the classes (Class |
 * Kernels | Dispatches | Time (µs) | Share) and the GS_KMIX_TOP longest
 * kernels that are no GEMM (Kernel | Class | Dispatches | Time (µs) |
 * Share).  Nothing when no input is a kernel trace. */
void gs_html_kernels(gs_html *w, xmlNodePtr sec);

/* gs_md_kernels: per input that is a kernel trace, one list item "-
 * Kernels (baseline|candidate): GEMM P % of GPU time (k of n kernels);
 * other: class P %, ...; longest: `label` P %, ..." (GS_KMIX_MD_TOP
 * kernels that are no GEMM).  Nothing when no input is a kernel trace. */
void gs_md_kernels(const gs_report *r, FILE *out);

#endif
