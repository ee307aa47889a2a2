/* benchdnn_prb.c: a benchdnn matmul problem (options and descriptor)
 * into a shape key (benchdnn.h, gs_benchdnn_problem). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/benchdnn.h"
#include "util/checked.h"

enum { MAX_DIMS = 12 };

/* One tensor of a canonical descriptor: its dimensions. */
typedef struct dims {
	long long d[MAX_DIMS];
	int n;
} dims;

/* Digits at *S as a dimension (1 .. 2^53) into *V, *S moved past them. */
static int
dim(const char **s, long long *v)
{
	long long x = 0;

	if (!isdigit((unsigned char)**s))
		return -1;
	for (; isdigit((unsigned char)**s); (*s)++) {
		x = x * 10 + (**s - '0');
		if (x > GS_COUNT_MAX)
			return -1;
	}
	*v = x;
	return x >= 1 ? 0 : -1;
}

/* "d0xd1x..xdn" at *S into T; *S moved past it. */
static int
tensor(const char **s, dims *t)
{
	t->n = 0;
	do {
		if (t->n == MAX_DIMS || dim(s, &t->d[t->n++]) != 0)
			return -1;
	} while (**s == 'x' && (*s)++);
	return t->n >= 2 ? 0 : -1;
}

/* The canonical descriptor "SRC:WEI[:DST][nNAME]" into KEY. */
static int
canonical(const char *s, gs_shape *key, const char **why)
{
	dims src, wei;
	long batch = 1;
	int nd;

	*why = "malformed matmul descriptor (d0x..xMxK:d0x..xKxN[:dst])";
	if (tensor(&s, &src) != 0 || *s++ != ':' || tensor(&s, &wei) != 0)
		return -1;
	nd = src.n;
	if (wei.n != nd) {
		*why = "the source and weights of the matmul descriptor differ in rank";
		return -1;
	}
	if (src.d[nd - 1] != wei.d[nd - 2]) {
		*why = "the source's K differs from the weights' K";
		return -1;
	}
	for (int i = 0; i < nd - 2; i++) {
		long b = (long)(src.d[i] > wei.d[i] ? src.d[i] : wei.d[i]);
		if (gs_mul_long(batch, b, &batch) != 0 || batch > GS_COUNT_MAX) {
			*why = "the batch of the matmul descriptor exceeds 2^53";
			return -1;
		}
	}
	key->batch = batch;
	key->M = (long)src.d[nd - 2];
	key->K = (long)src.d[nd - 1];
	key->N = (long)wei.d[nd - 1];
	return 0;
}

/* The deprecated "[mbX]mXnXkX[_nNAME]" into KEY. */
static int
deprecated(const char *s, gs_shape *key, const char **why)
{
	static const char *const part[] = {"mb", "m", "n", "k"};
	long long v[4] = {1, 0, 0, 0};

	*why = "malformed matmul descriptor ([mbX]mXnXkX)";
	for (int i = 0; i < 4; i++) {
		size_t n = strlen(part[i]);
		while (*s == '_')
			s++;
		if (strncmp(s, part[i], n) != 0 || !isdigit((unsigned char)s[n])) {
			if (i == 0)
				continue; /* mb is optional */
			return -1;
		}
		s += n;
		if (dim(&s, &v[i]) != 0)
			return -1;
	}
	key->batch = (long)v[0];
	key->M = (long)v[1];
	key->N = (long)v[2];
	key->K = (long)v[3];
	return 0;
}

/* 'T' if a memory tag's last two dimensions are exchanged ("ba", "acb"),
 * 'N' for plain tags, "any" and blocked formats (upper case). */
static char
tag_trans(const char *tag, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!islower((unsigned char)tag[i]))
			return 'N';
	if (n < 2 || (n == 3 && strncmp(tag, "any", 3) == 0))
		return 'N';
	return tag[n - 2] > tag[n - 1] ? 'T' : 'N';
}

/* The dtype of --dt=SRC[:WEI:DST] or of the older --cfg=SRCWEIDST. */
static void
dtype_of(const char *v, size_t n, int cfg, char dtype[GS_DTYPE_LEN])
{
	static const char *const types[] = {"f8_e4m3", "f8_e5m2", "f4_e2m1", "bf16", "f16",
	                                    "f32",     "f64",     "s32",     "s8",   "u8"};
	char first[GS_DTYPE_LEN + 8];

	snprintf(first, sizeof first, "%.*s", (int)(n < sizeof first ? n : sizeof first - 1), v);
	first[strcspn(first, ":")] = 0;
	for (size_t i = 0; cfg && i < sizeof types / sizeof *types; i++)
		if (strncmp(first, types[i], strlen(types[i])) == 0)
			first[strlen(types[i])] = 0;
	if (gs_dtype_normalize(first, dtype) != 0)
		snprintf(dtype, GS_DTYPE_LEN, "%.*s", GS_DTYPE_LEN - 1, first);
}

/* One "--name=value" option of S[0..N) into KEY.  Returns 1 when it
 * names a driver other than --matmul. */
static int
option(const char *s, size_t n, gs_shape *key)
{
	static const char *const not_drivers[] = {"--mode",           "--engine",
	                                          "--max-ms-per-prb", "--fix-times-per-prb",
	                                          "--reset",          "--allow"};
	const char *eq = memchr(s, '=', n);
	size_t k = eq ? (size_t)(eq - s) : n, vn = eq ? n - k - 1 : 0;
	const char *v = eq ? eq + 1 : "";

	if (k == 4 && strncmp(s, "--dt", 4) == 0)
		dtype_of(v, vn, 0, key->dtype);
	else if (k == 5 && strncmp(s, "--cfg", 5) == 0)
		dtype_of(v, vn, 1, key->dtype);
	else if (k == 6 && strncmp(s, "--stag", 6) == 0)
		key->trans_b = tag_trans(v, vn);
	else if (k == 6 && strncmp(s, "--wtag", 6) == 0)
		key->trans_a = tag_trans(v, vn);
	else if (k == 8 && (strncmp(s, "--bia_dt", 8) == 0 || strncmp(s, "--bia-dt", 8) == 0))
		key->bias = !(vn == 5 && strncmp(v, "undef", 5) == 0);
	else if (!eq && !(k == 8 && strncmp(s, "--matmul", 8) == 0)) {
		for (size_t i = 0; i < sizeof not_drivers / sizeof *not_drivers; i++)
			if (strncmp(s, not_drivers[i], strlen(not_drivers[i])) == 0)
				return 0;
		return 1; /* --conv, --ip, ... */
	}
	return 0;
}

int
gs_benchdnn_problem(const char *prb, gs_shape *key, const char **why)
{
	const char *desc = NULL, *s = prb;

	gs_shape_init(key);
	snprintf(key->dtype, sizeof key->dtype, "f32");
	while (*s) {
		size_t n = strcspn(s, " \t");
		if (n > 2 && s[0] == '-' && s[1] == '-') {
			if (option(s, n, key)) {
				*why = "not a matmul problem (another benchdnn driver)";
				return 1;
			}
		} else if (n) {
			desc = s;
		}
		s += n;
		s += strspn(s, " \t");
	}
	if (!desc) {
		*why = "no problem descriptor";
		return -1;
	}
	return isdigit((unsigned char)desc[0]) ? canonical(desc, key, why)
	                                       : deprecated(desc, key, why);
}
