/* gpu_impl.h: the built-in GPU table as gpu.c reads it.  Private to
 * src/model/gpu*.c: the entries, their lookup aliases and variant groups,
 * and the figure macros the table files share.  Figures, kinds and
 * sources: reference/gpu-specs.md and the sources named per figure.
 */
#ifndef GS_GPU_TABLE_H
#define GS_GPU_TABLE_H

#include <stddef.h>

#include "model/gpu.h"

enum { GS_GPU_MAX_ALIASES = 8 };

typedef struct gs_gpu_entry {
	gs_gpu g;
	const char *alias[GS_GPU_MAX_ALIASES]; /* lower-case letters and digits only */
	const char *group; /* variant group (boards of one chip), NULL: alone */
} gs_gpu_entry;

/* The entries, AMD first, then NVIDIA and Intel; gs_gpu_at numbers them in
 * that order. */
extern const gs_gpu_entry gs_gpu_table_amd[];
extern const size_t gs_gpu_table_amd_n;
extern const gs_gpu_entry gs_gpu_table_nv[];
extern const size_t gs_gpu_table_nv_n;

#define P(v, s) \
	{ \
		(v), GS_FIG_PEAK, (s) \
	}
#define P3(v, s) \
	{ \
		(v), GS_FIG_PEAK_3P, (s) \
	}
#define D(v, s) \
	{ \
		(v), GS_FIG_DERIVED, (s) \
	}
#define M(v, s) \
	{ \
		(v), GS_FIG_MEASURED, (s) \
	}
#define T(v, s) \
	{ \
		(v), GS_FIG_THIRD_PARTY, (s) \
	}

#define S_3P "third-party listing"
#define S_CUDA "cuda_occupancy.h / CUDA Programming Guide"
#define S_SPECS "ROCm docs reference/gpu-specs.rst"
#define S_LLVM "LLVM AMDGPUBaseInfo.cpp"

#endif
