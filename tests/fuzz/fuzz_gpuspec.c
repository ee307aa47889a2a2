/* fuzz_gpuspec: the GPU spec reader (ingest/gpuspec.h) against hostile
 * spec text: gs_gpu_parse_spec on the bytes (see GS_FUZZ_TERMINATE below), and gs_gpu_resolve on the same bytes as a file of a
 * temporary directory that is removed after each input.  A spec may be
 * accepted or rejected; a rejection must name the spec and say what, an
 * accepted spec's strings must be terminated within their arrays.
 * Built as a libFuzzer target and as a replay check program (replay.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/gpuspec.h"
#include "replay.h"

/* gs_gpu_parse_spec takes LEN bytes that need no NUL: the text is handed
 * over without one, so a read past LEN is an ASan report (it was, until
 * is_kv_form bounded its key scan: seeds/gpuspec/unterminated-key-strspn).
 * -DGS_FUZZ_TERMINATE=1 adds a NUL after LEN. */
#ifndef GS_FUZZ_TERMINATE
#define GS_FUZZ_TERMINATE 0
#endif

static int
check(int rc, const gs_gpu *g, const gs_error *err, const char *path)
{
	if (rc != 0 && rc != -1)
		return 1;
	if (rc != 0)
		return strcmp(err->file, path) != 0 || !err->msg[0];
	return !memchr(g->name, 0, sizeof g->name) ||
	       !memchr(g->full_name, 0, sizeof g->full_name) ||
	       !memchr(g->arch, 0, sizeof g->arch) || !memchr(g->source, 0, sizeof g->source);
}

static int
feed(const uint8_t *data, size_t size)
{
	char dir[GS_FUZZ_PATH], path[GS_FUZZ_PATH];
	char *text = malloc(size + GS_FUZZ_TERMINATE ? (size + GS_FUZZ_TERMINATE) : 1);
	gs_gpu g;
	gs_error err;
	int rc, bad;

	if (!text)
		return 1;
	if (size)
		memcpy(text, data, size);
	if (GS_FUZZ_TERMINATE)
		text[size] = '\0';
	gs_error_clear(&err);
	rc = gs_gpu_parse_spec(text, size, "spec.yaml", &g, &err);
	free(text);
	if ((bad = check(rc, &g, &err, "spec.yaml")))
		fprintf(stderr, "fuzz-gpuspec: parse: rc %d: %s: %s\n", rc, err.file, err.msg);
	if (gs_fuzz_tmpdir(dir) != 0)
		return 1;
	if (gs_fuzz_put(dir, "spec.yaml", data, size, path) != 0) {
		gs_fuzz_rmdir(dir);
		return 1;
	}
	gs_error_clear(&err);
	rc = gs_gpu_resolve(path, &g, &err);
	/* An unusable file is an error about the file, or a built-in name
	 * lookup of the path (rejected as "unknown GPU"). */
	if (rc == 0 ? check(rc, &g, &err, path) : !err.msg[0]) {
		fprintf(stderr, "fuzz-gpuspec: resolve: rc %d: %s: %s\n", rc, err.file, err.msg);
		bad = 1;
	}
	return gs_fuzz_rmdir(dir) != 0 || bad;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (feed(data, size) != 0)
		abort();
	return 0;
}

#ifndef GS_LIBFUZZER
int
main(int argc, char **argv)
{
	static const gs_fuzz_target t = {
	        "fuzz-gpuspec",
	        feed,
	        ":= \n#-\"'{}[],.0123456789e\t",
	        150,
	};

	return gs_fuzz_main(&t, argc, argv);
}
#endif
