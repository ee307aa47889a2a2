/* gpuspec_impl.h: what the two halves of the GPU spec reader share:
 * gpuspec_read.c turns spec text into key/value pairs (YAML through
 * libyaml, or `key = value` lines), gpuspec.c applies the pairs to a
 * gs_gpu.  Not for use outside src/ingest/gpuspec*.c.
 */
#ifndef GS_GPUSPEC_IMPL_H
#define GS_GPUSPEC_IMPL_H

#include <stddef.h>

#include "model/gpu.h"
#include "util/error.h"

enum { KEY_LEN = 40, VAL_LEN = 256, MAX_PAIRS = 96 };

typedef struct spec_pair {
	char key[KEY_LEN]; /* top-level key */
	char sub[KEY_LEN]; /* key inside tflops/measured_tflops, else "" */
	char val[VAL_LEN];
	long line, col;
} spec_pair;

typedef struct spec_ctx {
	const char *path;
	spec_pair *pair; /* MAX_PAIRS entries, owned by the caller */
	size_t n;
	gs_fig_kind kind;
	int have_source;
	gs_error *err;
} spec_ctx;

/* gs_gpuspec_read: collect the pairs of spec TEXT (LEN bytes) into C->pair
 * (C->n of them, in file order, with 1-based line and column); flat keys
 * peak_tflops_<dt> / measured_tflops_<dt> become tflops / measured_tflops
 * with sub <dt>.  Returns 0, or -1 with C->err at the offending position. */
int gs_gpuspec_read(spec_ctx *c, const char *text, size_t len);

#endif
