/* fuzz_report_json: confirm's report-JSON reader (ingest/report_json.h)
 * against hostile files, written to a temporary directory removed after
 * each input.  A report may be accepted or rejected; a rejection names
 * the file, says what and leaves the result empty; every regression
 * accepted has a whole shape key.
 * Built as a libFuzzer target and as a replay check program (replay.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/report_json.h"
#include "replay.h"

static int
check(int rc, const gs_rjson_report *r, const gs_error *err, const char *path)
{
	if (rc != 0)
		return rc != -1 || r->n || r->items || strcmp(err->file, path) != 0 || !err->msg[0];
	for (size_t i = 0; i < r->n; i++) {
		const gs_shape *s = &r->items[i].shape;
		if (strlen(s->op) >= GS_OP_LEN || !memchr(s->dtype, 0, sizeof s->dtype))
			return 1;
	}
	return 0;
}

static int
feed(const uint8_t *data, size_t size)
{
	char dir[GS_FUZZ_PATH], path[GS_FUZZ_PATH];
	gs_rjson_report r;
	gs_error err;
	int rc, bad;

	if (gs_fuzz_tmpdir(dir) != 0)
		return 1;
	if (gs_fuzz_put(dir, "report.json", data, size, path) != 0) {
		gs_fuzz_rmdir(dir);
		return 1;
	}
	memset(&r, 0, sizeof r);
	gs_error_clear(&err);
	rc = gs_rjson_load(path, &r, &err);
	if ((bad = check(rc, &r, &err, path)))
		fprintf(stderr, "fuzz-report-json: rc %d, %zu items: %s: %s\n", rc, r.n, err.file,
		        err.msg);
	if (rc == 0)
		gs_rjson_free(&r);
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
	        "fuzz-report-json",
	        feed,
	        "{}[],:\"\\-0123456789e.ntf",
	        150,
	};

	return gs_fuzz_main(&t, argc, argv);
}
#endif
