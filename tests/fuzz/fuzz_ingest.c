/* fuzz_ingest: every input reader behind gs_ingest_read() (through
 * sniffing) against hostile bytes, written to a file of a fresh temporary
 * directory that is removed after each input.  Built as a libFuzzer target
 * and as a replay check program (replay.h).
 * A reader may accept or reject an input; it must never crash, leak or
 * read out of bounds, and a rejection must name the file.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/ingest.h"
#include "replay.h"

static int
feed(const uint8_t *data, size_t size)
{
	char dir[GS_FUZZ_PATH], path[GS_FUZZ_PATH];
	gs_table *t = NULL;
	gs_error err;
	int bad = 0;

	if (gs_fuzz_tmpdir(dir) != 0)
		return 1;
	if (gs_fuzz_put(dir, "input", data, size, path) != 0) {
		gs_fuzz_rmdir(dir);
		return 1;
	}
	gs_error_clear(&err);
	if (gs_ingest_read(path, NULL, &t, &err) == 0)
		gs_table_free(t);
	else if (strcmp(err.file, path) != 0 || !err.msg[0]) {
		fprintf(stderr, "fuzz-ingest: an error that does not say where: %s: %s\n", err.file,
		        err.msg);
		bad = 1;
	}
	return gs_fuzz_rmdir(dir) != 0 || bad;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (feed(data, size) != 0)
		abort(); /* libFuzzer reports it as a crash with the input */
	return 0;
}

#ifndef GS_LIBFUZZER
int
main(int argc, char **argv)
{
	static const gs_fuzz_target t = {"fuzz-ingest", feed, NULL, 200};

	return gs_fuzz_main(&t, argc, argv);
}
#endif
