/* fuzz_ingest: every input reader behind gs_ingest_read() against hostile
 * bytes.
 *
 * Built two ways:
 *  - with libFuzzer (configure --enable-fuzzing, clang): the usual
 *    LLVMFuzzerTestOneInput target, run as `tests/fuzz/fuzz-ingest CORPUS`;
 *  - as a check program (always): it replays every file under the seed
 *    directories given on the command line and, for each small seed, a
 *    fixed-seed series of mutations (bit flips, truncations, inserted CSV
 *    and JSON metacharacters).  `make check` runs it, and the sanitizer
 *    build runs it under ASan+UBSan, so a memory error in a reader fails
 *    CI even without a fuzzing session.
 * A reader may accept or reject an input; it must never crash, leak or
 * read out of bounds, and a rejection must name the file.
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ingest/ingest.h"

static char tmp_path[] = "/tmp/gs-fuzz-XXXXXX";
static int tmp_fd = -1;

static int
feed(const uint8_t *data, size_t size)
{
	gs_table *t = NULL;
	gs_error err;

	if (tmp_fd < 0 && (tmp_fd = mkstemp(tmp_path)) < 0)
		return -1;
	if (ftruncate(tmp_fd, 0) != 0 || pwrite(tmp_fd, data, size, 0) != (ssize_t)size)
		return -1;
	gs_error_clear(&err);
	if (gs_ingest_read(tmp_path, NULL, &t, &err) == 0)
		gs_table_free(t);
	else if (strcmp(err.file, tmp_path) != 0 || !err.msg[0])
		return 1; /* an error that does not say where */
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (feed(data, size) > 0)
		abort(); /* libFuzzer reports it as a crash with the input */
	return 0;
}

#ifndef GS_LIBFUZZER

enum { SMALL = 96 * 1024, MUTATIONS = 200 };

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint64_t
next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void
mutate(uint8_t *buf, size_t *len, size_t cap)
{
	static const char meta[] = ",\"\n\r;{}[]:-0e.\xef\xbb\xbf";
	size_t pos = *len ? next() % *len : 0;

	switch (next() % 4) {
	case 0: /* flip a bit */
		if (*len)
			buf[pos] ^= (uint8_t)(1u << (next() % 8));
		break;
	case 1: /* truncate */
		*len = pos;
		break;
	case 2: /* insert a metacharacter */
		if (*len < cap) {
			memmove(buf + pos + 1, buf + pos, *len - pos);
			buf[pos] = (uint8_t)meta[next() % (sizeof meta - 1)];
			(*len)++;
		}
		break;
	default: /* duplicate a span */
		if (*len && *len + 64 <= cap) {
			size_t n = next() % 64;
			if (pos + n > *len)
				n = *len - pos;
			memmove(buf + pos + n, buf + pos, *len - pos);
			*len += n;
		}
		break;
	}
}

static int
read_file(const char *path, uint8_t **data, size_t *len)
{
	FILE *f = fopen(path, "rb");
	long n;

	if (!f)
		return -1;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	*data = malloc((size_t)n + SMALL);
	*len = *data ? fread(*data, 1, (size_t)n, f) : 0;
	fclose(f);
	return *data ? 0 : -1;
}

/* One seed: as is, then mutated (small seeds only).  Returns failures. */
static int
run_seed(const char *path)
{
	uint8_t *seed, *buf;
	size_t len, n;
	int bad = 0;

	if (read_file(path, &seed, &len) != 0)
		return 1;
	bad += feed(seed, len) != 0;
	buf = malloc(len + SMALL);
	for (int m = 0; buf && len <= SMALL && m < MUTATIONS; m++) {
		memcpy(buf, seed, len);
		n = len;
		for (int k = 0, times = 1 + (int)(next() % 4); k < times; k++)
			mutate(buf, &n, len + SMALL);
		if (feed(buf, n) != 0) {
			fprintf(stderr, "%s: mutation %d: error without a location\n", path, m);
			bad++;
		}
	}
	free(buf);
	free(seed);
	return bad;
}

static int
run_dir(const char *dir, int *seeds)
{
	char path[4096];
	struct dirent *e;
	DIR *d = opendir(dir);
	int bad = 0;

	if (!d) {
		fprintf(stderr, "%s: cannot open seed directory\n", dir);
		return 1;
	}
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' || strstr(e->d_name, ".md"))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (e->d_type == DT_DIR) {
			bad += run_dir(path, seeds);
			continue;
		}
		bad += run_seed(path);
		(*seeds)++;
	}
	closedir(d);
	return bad;
}

int
main(int argc, char **argv)
{
	char dir[4096];
	const char *top = getenv("top_srcdir");
	int bad = 0, seeds = 0;

	for (int i = 1; i < argc; i++) {
		snprintf(dir, sizeof dir, "%s/%s", top ? top : ".", argv[i]);
		bad += run_dir(dir, &seeds);
	}
	if (tmp_fd >= 0) {
		close(tmp_fd);
		unlink(tmp_path);
	}
	printf("%d seeds, %d mutations each (seeds <= %d KiB): %d failures\n",
	       seeds, MUTATIONS, SMALL / 1024, bad);
	return bad ? 1 : 0;
}

#endif
