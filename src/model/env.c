/* env.c: the environment items (env.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/env.h"

static const struct {
	const char *name, *key;
	double tol; /* relative tolerance of a quantity */
} items[GS_ENV_NITEMS] = {
        [GS_ENV_DEVICE] = {"device", "device", 0},
        [GS_ENV_ARCH] = {"architecture", "arch", 0},
        [GS_ENV_CC] = {"compute capability", "compute_capability", 0},
        [GS_ENV_CUS] = {"CUs/SMs", "cus", 0},
        [GS_ENV_MEMORY] = {"memory", "memory_gb", 0.01},
        [GS_ENV_SCLK] = {"engine clock (max)", "sclk_mhz", 0},
        [GS_ENV_MCLK] = {"memory clock (max)", "mclk_mhz", 0},
        [GS_ENV_LIBRARY] = {"library", "library", 0},
        [GS_ENV_RUNTIME] = {"runtime", "runtime", 0},
        [GS_ENV_DRIVER] = {"driver", "driver", 0},
        [GS_ENV_BACKEND] = {"gemmscope-bench backend", "backend", 0},
};

const char *
gs_env_name(gs_env_item k)
{
	return items[k].name;
}

const char *
gs_env_key(gs_env_item k)
{
	return items[k].key;
}

int
gs_env_differs(const gs_env *a, const gs_env *b, gs_env_item k)
{
	double x = a->num[k], y = b->num[k];

	if (!a->text[k] || !b->text[k])
		return 0;
	if (!isnan(x) && !isnan(y))
		return fabs(x - y) > items[k].tol * fmax(fabs(x), fabs(y));
	return strcmp(a->text[k], b->text[k]) != 0;
}

char *
gs_env_version_cuda(long long v, const char *what, char *buf, size_t size)
{
	if (v <= 0)
		return NULL;
	snprintf(buf, size, "CUDA%s %lld.%lld", what, v / 1000, v % 1000 / 10);
	return buf;
}

char *
gs_env_version_hip(long long v, const char *what, char *buf, size_t size)
{
	if (v <= 0)
		return NULL;
	snprintf(buf, size, "HIP%s %lld.%lld.%lld", what, v / 10000000, v % 10000000 / 100000,
	         v % 100000);
	return buf;
}
