/* fuzz_psize: Tensile ProblemSizes (runner/psize.h) against hostile text:
 * the whole input as a YAML file (gs_psize_load, in a temporary directory
 * removed after each input), and each of its first lines as a --range and
 * an --exact string.  A spec may be accepted or rejected; every size
 * accepted is >= 1, a rejection says what (a file's names the file), and
 * a rejected string leaves the list as it was.
 * Built as a libFuzzer target and as a replay check program (replay.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/psize.h"
#include "replay.h"

enum { MAX_LINES = 8 };

typedef int (*psize_fn)(const char *, const char *, gs_psize_list *, gs_error *);

/* Check the sizes appended past OLD by a call that returned RC. */
static int
check(int rc, const gs_psize_list *l, size_t old, const gs_error *err)
{
	if (rc != 0)
		return rc != -1 || l->n != old || !err->msg[0];
	for (size_t i = old; i < l->n; i++) {
		const gs_psize *p = &l->v[i];
		if (p->m < 1 || p->n < 1 || p->batch < 1 || p->k < 1 ||
		    !memchr(p->dtype, 0, sizeof p->dtype))
			return 1;
	}
	return 0;
}

static int
check_string(psize_fn fn, const char *spec)
{
	gs_psize_list l = {0};
	gs_error err;
	int rc;

	gs_error_clear(&err);
	rc = fn(spec, "--range", &l, &err);
	if (check(rc, &l, 0, &err)) {
		fprintf(stderr, "fuzz-psize: \"%s\": rc %d: %s\n", spec, rc, err.msg);
		rc = 1;
	} else {
		rc = 0;
	}
	gs_psize_list_free(&l);
	return rc;
}

static int
check_file(const uint8_t *data, size_t size)
{
	char dir[GS_FUZZ_PATH], path[GS_FUZZ_PATH];
	gs_psize_list l = {0};
	gs_error err;
	int rc, bad;

	if (gs_fuzz_tmpdir(dir) != 0)
		return 1;
	if (gs_fuzz_put(dir, "sizes.yaml", data, size, path) != 0) {
		gs_fuzz_rmdir(dir);
		return 1;
	}
	gs_error_clear(&err);
	rc = gs_psize_load(path, &l, &err);
	/* A failed load may leave sizes of the entries before the bad one. */
	bad = rc == 0 ? check(rc, &l, 0, &err)
	              : rc != -1 || !err.msg[0] || strcmp(err.file, path) != 0;
	if (bad)
		fprintf(stderr, "fuzz-psize: load: rc %d: %s: %s\n", rc, err.file, err.msg);
	gs_psize_list_free(&l);
	return gs_fuzz_rmdir(dir) != 0 || bad;
}

static int
feed(const uint8_t *data, size_t size)
{
	size_t start = 0;
	int bad = check_file(data, size);

	for (int n = 0; n < MAX_LINES && start <= size; n++) {
		const uint8_t *nl = memchr(data + start, '\n', size - start);
		size_t len = nl ? (size_t)(nl - data) - start : size - start;
		char *spec = malloc(len + 1);

		if (!spec)
			return 1;
		memcpy(spec, data + start, len);
		spec[len] = '\0';
		bad |= check_string(gs_psize_range, spec);
		bad |= check_string(gs_psize_exact, spec);
		free(spec);
		if (!nl)
			break;
		start += len + 1;
	}
	return bad;
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
	        "fuzz-psize",
	        feed,
	        "[]{},:- \n0123456789-",
	        200,
	};

	return gs_fuzz_main(&t, argc, argv);
}
#endif
