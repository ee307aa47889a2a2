/* fuzz_kernel_name: the kernel-name parser (model/kernel_name.h) against
 * hostile names.  Each line of the input (at most 16, '\0' ends a name)
 * is one name.  The parser never fails; what it fills must keep the
 * header's promises: the return value is has_tile, a known tile is
 * positive, every field is "unknown" (0) or positive, the strings are
 * terminated within their arrays, a transpose is 'N', 'T' or 0, and a
 * name without a tile says why.
 * Built as a libFuzzer target and as a replay check program (replay.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/kernel_name.h"
#include "replay.h"

enum { MAX_NAMES = 16 };

static gs_kparser *parser;

static int
check_fields(const gs_kernel_info *k)
{
	const int v[] = {k->tile_m,    k->tile_n,    k->tile_k,      k->mi_m,        k->mi_n,
	                 k->mi_k,      k->mi_b,      k->wave_tile_m, k->wave_tile_n, k->wg[0],
	                 k->wg[1],     k->wg[2],     k->block_size,  k->stages,      k->cluster_m,
	                 k->cluster_n, k->cluster_k, k->gsu,         k->sm};

	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		if (v[i] < 0)
			return 1;
	if (!memchr(k->dtype, 0, sizeof k->dtype) || !memchr(k->isa, 0, sizeof k->isa) ||
	    !memchr(k->gsu_alg, 0, sizeof k->gsu_alg))
		return 1;
	if ((k->trans_a && k->trans_a != 'N' && k->trans_a != 'T') ||
	    (k->trans_b && k->trans_b != 'N' && k->trans_b != 'T'))
		return 1;
	return k->family < GS_KF_UNKNOWN || k->family > GS_KF_TRITON;
}

static int
check_one(const char *name)
{
	gs_kernel_info k;
	int rc = gs_kparser_parse(parser, name, &k);

	if (rc != k.has_tile || (k.has_tile && (k.tile_m <= 0 || k.tile_n <= 0)) ||
	    (!k.has_tile && !k.note) || check_fields(&k) || !gs_kfamily_name(k.family)) {
		fprintf(stderr, "fuzz-kernel-name: broken result for \"%s\"\n", name);
		return 1;
	}
	(void)gs_kfamily_blas(k.family);
	return 0;
}

static int
feed(const uint8_t *data, size_t size)
{
	gs_error err;
	size_t start = 0;
	int bad = 0;

	if (!parser && !(parser = gs_kparser_new(&err))) {
		fprintf(stderr, "fuzz-kernel-name: %s\n", err.msg);
		return 1;
	}
	for (int n = 0; n < MAX_NAMES && start <= size; n++) {
		const uint8_t *nl = memchr(data + start, '\n', size - start);
		size_t len = nl ? (size_t)(nl - data) - start : size - start;
		char *name = malloc(len + 1);

		if (!name)
			return 1;
		memcpy(name, data + start, len);
		name[len] = '\0';
		bad |= check_one(name);
		free(name);
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
	        "fuzz-kernel-name",
	        feed,
	        "_x0123456789MTIWGSUKABCijklvoid<>(),:\n",
	        300,
	};
	int rc = gs_fuzz_main(&t, argc, argv);

	gs_kparser_free(parser);
	return rc;
}
#endif
