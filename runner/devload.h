/* devload.h: find, load and start a device backend of gemmscope-bench.
 *
 * Device backends are shared libraries built from runner/gemm_kernels.hip:
 * gemmscope-bench-hip.so (hipcc) and gemmscope-bench-cuda.so (nvcc through
 * hip2cuda.h).  Loading them at run time keeps one gemmscope-bench binary
 * for AMD, NVIDIA and GPU-less machines: when no backend is built, none
 * loads, or its runtime finds no device, the caller reports why and exits
 * with status 3.
 */
#ifndef GS_DEVLOAD_H
#define GS_DEVLOAD_H

#include <stddef.h>

#include "runner/devapi.h"

typedef struct gs_devload {
	void *handle; /* dlopen handle */
	const gs_dev_api *api;
	char path[1024]; /* the library loaded */
} gs_devload;

/* gs_devload_open: try the backends PLATFORM names ("auto": hip, then
 * cuda; or "hip" or "cuda") in each directory of DIRS (NULL-terminated;
 * "" entries are skipped), and start the first one whose runtime
 * has device DEVICE.  On success returns 0, L holds the library (close it
 * with gs_devload_close) and INFO describes the device.  On failure
 * returns -1 and writes one line to WHY (WHYSIZE bytes): no backend
 * library found, a library that does not load (dlerror), or each
 * runtime's status ("cuda: cudaGetDeviceCount: cudaErrorNoDevice (no
 * CUDA-capable device is detected)"). */
int gs_devload_open(gs_devload *l, const char *platform, const char *const *dirs, int device,
                    gs_dev_info *info, char *why, size_t whysize);

/* gs_devload_close: finish the backend and unload it; safe on a zeroed L. */
void gs_devload_close(gs_devload *l);

#endif
