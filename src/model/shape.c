/* shape.c: the shape key and dtype names (model/shape.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "model/kernel_class.h"
#include "model/shape.h"

void
gs_shape_init(gs_shape *s)
{
	memset(s, 0, sizeof *s);
	s->op = "";
	s->batch = 1;
	s->trans_a = 'N';
	s->trans_b = 'N';
}

int
gs_shape_equal(const gs_shape *a, const gs_shape *b)
{
	return a->batch == b->batch && a->M == b->M && a->N == b->N && a->K == b->K &&
	       a->trans_a == b->trans_a && a->trans_b == b->trans_b && a->bias == b->bias &&
	       strcmp(a->op, b->op) == 0 && strcmp(a->dtype, b->dtype) == 0 &&
	       (a->name == b->name || (a->name && b->name && strcmp(a->name, b->name) == 0));
}

char *
gs_shape_format(const gs_shape *s, char *buf, size_t size)
{
	char batch[32] = "";

	if (s->name) /* kernel-keyed (rocprof): the name's short label */
		return gs_kernel_label(s->name, buf, size);
	if (s->batch != 1)
		snprintf(batch, sizeof batch, " batch %ld", s->batch);
	snprintf(buf, size, "%s%s%ld\xc3\x97%ld\xc3\x97%ld %s %c%c%s%s", s->op, s->op[0] ? " " : "",
	         s->M, s->N, s->K, s->dtype[0] ? s->dtype : "?", s->trans_a, s->trans_b,
	         s->bias ? " bias" : "", batch);
	return buf;
}

struct dtype_alias {
	const char *alias, *canon;
};

static const struct dtype_alias dtype_aliases[] = {
        {"f16", "f16"},
        {"fp16", "f16"},
        {"half", "f16"},
        {"float16", "f16"},
        {"c10::half", "f16"},
        {"f16_r", "f16"},
        {"torch.float16", "f16"},
        {"bf16", "bf16"},
        {"bfloat16", "bf16"},
        {"c10::bfloat16", "bf16"},
        {"bf16_r", "bf16"},
        {"torch.bfloat16", "bf16"},
        {"f32", "f32"},
        {"fp32", "f32"},
        {"float", "f32"},
        {"float32", "f32"},
        {"single", "f32"},
        {"f32_r", "f32"},
        {"torch.float32", "f32"},
        {"f64", "f64"},
        {"fp64", "f64"},
        {"double", "f64"},
        {"float64", "f64"},
        {"f64_r", "f64"},
        {"tf32", "tf32"},
        {"xf32", "xf32"},
        {"xf32_r", "xf32"},
        {"f8e4m3", "f8e4m3"},
        {"fp8", "f8e4m3"},
        {"fp8e4m3", "f8e4m3"},
        {"float8_e4m3fn", "f8e4m3"},
        {"c10::float8_e4m3fn", "f8e4m3"},
        {"f8_r", "f8e4m3"},
        {"e4m3", "f8e4m3"},
        {"fp8_e4m3", "f8e4m3"},
        {"f8_e4m3", "f8e4m3"}, /* oneDNN benchdnn --dt */
        {"f8e5m2", "f8e5m2"},
        {"bf8", "f8e5m2"},
        {"fp8e5m2", "f8e5m2"},
        {"float8_e5m2", "f8e5m2"},
        {"c10::float8_e5m2", "f8e5m2"},
        {"bf8_r", "f8e5m2"},
        {"e5m2", "f8e5m2"},
        {"fp8_e5m2", "f8e5m2"},
        {"f8_e5m2", "f8e5m2"}, /* oneDNN benchdnn --dt */
        {"f8e4m3fnuz", "f8e4m3fnuz"},
        {"float8_e4m3fnuz", "f8e4m3fnuz"},
        {"c10::float8_e4m3fnuz", "f8e4m3fnuz"},
        {"f8_fnuz_r", "f8e4m3fnuz"},
        {"f8e5m2fnuz", "f8e5m2fnuz"},
        {"float8_e5m2fnuz", "f8e5m2fnuz"},
        {"c10::float8_e5m2fnuz", "f8e5m2fnuz"},
        {"bf8_fnuz_r", "f8e5m2fnuz"},
        {"f4e2m1", "f4e2m1"},
        {"float4_e2m1fn_x2", "f4e2m1"},
        {"fp4", "f4e2m1"},
        {"e2m1", "f4e2m1"}, /* CUTLASS profiler --A=e2m1:row */
        {"f4_e2m1", "f4e2m1"}, /* oneDNN benchdnn --dt */
        {"i8", "i8"},
        {"int8", "i8"},
        {"i8_r", "i8"},
        {"signed char", "i8"},
        {"char", "i8"},
        {"unsigned char", "i8"},
        {"s8", "i8"}, /* CUTLASS profiler and oneDNN benchdnn */
        {"u8", "i8"}, /* oneDNN benchdnn: one byte, as "unsigned char" */
        {"i32", "i32"},
        {"int32", "i32"},
        {"int", "i32"},
        {"i32_r", "i32"},
        {"s32", "i32"}, /* CUTLASS profiler and oneDNN benchdnn */
};

const gs_launch *
gs_launch_of(const gs_record *r)
{
	static const gs_launch none;

	return r->more && r->more->launch ? r->more->launch : &none;
}

int
gs_dtype_normalize(const char *in, char out[GS_DTYPE_LEN])
{
	/* Canonical names map to themselves: checked first, exactly, because
	 * a benchmark CSV of a million rows names one of them on every row. */
	static const char *const canon_first[] = {"f16", "bf16", "f32", "f8e4m3"};
	size_t n = sizeof dtype_aliases / sizeof dtype_aliases[0];

	while (*in == ' ')
		in++;
	for (size_t i = 0; i < sizeof canon_first / sizeof *canon_first; i++) {
		/* fast path: already canonical (each name is shorter than
		 * GS_DTYPE_LEN) */
		if (in[0] == canon_first[i][0] && in[1] == canon_first[i][1] &&
		    strcmp(in, canon_first[i]) == 0) {
			memcpy(out, canon_first[i], strlen(canon_first[i]) + 1);
			return 0;
		}
	}
	for (size_t i = 0; i < n; i++) {
		if (strcasecmp(in, dtype_aliases[i].alias) == 0) {
			snprintf(out, GS_DTYPE_LEN, "%s", dtype_aliases[i].canon);
			return 0;
		}
	}
	return -1;
}

int
gs_dtype_bytes(const char *dtype)
{
	static const struct {
		const char *name;
		int bytes;
	} sizes[] = {
	        {"f16", 2},    {"bf16", 2},       {"f32", 4},        {"tf32", 4},   {"xf32", 4},
	        {"f64", 8},    {"i8", 1},         {"i32", 4},        {"f4e2m1", 1}, {"f8e4m3", 1},
	        {"f8e5m2", 1}, {"f8e4m3fnuz", 1}, {"f8e5m2fnuz", 1},
	};

	/* two bytes first (every name has two, so DTYPE's second is read only
	 * after its first matched): called several times for every row of
	 * every model, it then calls strcmp once, on the name */
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
		if (dtype[0] == sizes[i].name[0] && dtype[1] == sizes[i].name[1] &&
		    strcmp(dtype, sizes[i].name) == 0)
			return sizes[i].bytes;
	return 0;
}
