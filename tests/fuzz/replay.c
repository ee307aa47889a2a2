/* replay.c: the replay driver and temporary-file helpers of the fuzz
 * targets (replay.h). */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "replay.h"

enum { SMALL = 96 * 1024 };

static const char default_meta[] = ",\"\n\r;{}[]:-0e.\xef\xbb\xbf";

/* ---- temporary files */

int
gs_fuzz_tmpdir(char dir[GS_FUZZ_PATH])
{
	const char *tmp = getenv("TMPDIR");

	snprintf(dir, GS_FUZZ_PATH, "%s/gs-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	return mkdtemp(dir) ? 0 : -1;
}

int
gs_fuzz_put(const char *dir, const char *name, const uint8_t *data, size_t size,
            char path[GS_FUZZ_PATH])
{
	char buf[GS_FUZZ_PATH];
	FILE *f;
	int rc;

	if (!path)
		path = buf;
	if (snprintf(path, GS_FUZZ_PATH, "%s/%s", dir, name) >= GS_FUZZ_PATH)
		return -1;
	if (!(f = fopen(path, "wb")))
		return -1;
	rc = size && fwrite(data, 1, size, f) != size ? -1 : 0;
	return fclose(f) != 0 ? -1 : rc;
}

int
gs_fuzz_rmdir(const char *dir)
{
	char path[GS_FUZZ_PATH];
	struct dirent *e;
	DIR *d = opendir(dir);
	int rc = 0;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		rc |= unlink(path);
	}
	closedir(d);
	return rmdir(dir) | rc;
}

/* ---- the replay driver */

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
mutate(const char *meta, uint8_t *buf, size_t *len, size_t cap)
{
	size_t pos = *len ? next() % *len : 0;

	switch (next() % 4) {
	case 0: /* flip a bit */
		if (*len)
			buf[pos] ^= (uint8_t)(1u << (next() % 8));
		break;
	case 1: /* truncate */ *len = pos; break;
	case 2: /* insert a metacharacter */
		if (*len < cap) {
			memmove(buf + pos + 1, buf + pos, *len - pos);
			buf[pos] = (uint8_t)meta[next() % strlen(meta)];
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

/* Feed a copy of exactly LEN bytes, so that ASan sees a read past it. */
static int
feed_exact(const gs_fuzz_target *t, const uint8_t *data, size_t len)
{
	uint8_t *copy = malloc(len ? len : 1);
	int rc;

	if (!copy)
		return 1;
	if (len)
		memcpy(copy, data, len);
	rc = t->feed(copy, len);
	free(copy);
	return rc;
}

static int
slurp(const char *path, uint8_t **data, size_t *len)
{
	FILE *f = fopen(path, "rb");
	long n;

	*data = NULL;
	if (!f)
		return -1;
	if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0) {
		fclose(f);
		return -1;
	}
	rewind(f);
	*data = malloc((size_t)n + SMALL);
	*len = *data ? fread(*data, 1, (size_t)n, f) : 0;
	fclose(f);
	return *data ? 0 : -1;
}

/* One seed: as is, then mutated (small seeds only).  Returns failures. */
static int
run_seed(const gs_fuzz_target *t, const char *path)
{
	const char *meta = t->meta ? t->meta : default_meta;
	uint8_t *seed, *buf;
	size_t len, n;
	int bad = 0;

	if (slurp(path, &seed, &len) != 0) {
		fprintf(stderr, "%s: cannot read seed\n", path);
		return 1;
	}
	if (feed_exact(t, seed, len) != 0) {
		fprintf(stderr, "%s: seed: violation\n", path);
		bad++;
	}
	buf = malloc(len + SMALL);
	for (int m = 0; buf && len <= SMALL && m < t->mutations; m++) {
		memcpy(buf, seed, len);
		n = len;
		for (int k = 0, times = 1 + (int)(next() % 4); k < times; k++)
			mutate(meta, buf, &n, len + SMALL);
		if (feed_exact(t, buf, n) != 0) {
			fprintf(stderr, "%s: mutation %d: violation\n", path, m);
			bad++;
		}
	}
	free(buf);
	free(seed);
	return bad;
}

static int
run_dir(const gs_fuzz_target *t, const char *dir, int *seeds)
{
	char path[GS_FUZZ_PATH];
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
			bad += run_dir(t, path, seeds);
			continue;
		}
		bad += run_seed(t, path);
		(*seeds)++;
	}
	closedir(d);
	return bad;
}

int
gs_fuzz_main(const gs_fuzz_target *t, int argc, char **argv)
{
	char dir[GS_FUZZ_PATH];
	const char *top = getenv("top_srcdir");
	int bad = 0, seeds = 0;

	for (int i = 1; i < argc; i++) {
		snprintf(dir, sizeof dir, "%s/%s", top && *top ? top : ".", argv[i]);
		bad += run_dir(t, dir, &seeds);
	}
	printf("%s: %d seeds, %d mutations each (seeds <= %d KiB): %d failures\n", t->name, seeds,
	       t->mutations, SMALL / 1024, bad);
	return bad || !seeds ? 1 : 0;
}
