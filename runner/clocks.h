/* clocks.h: the clocks, temperature and power a GEMM sample ran at.
 *
 * The runtime's sclk/mclk figures (gs_dev_info) are peak values; a
 * throttled GPU runs below them, and a "regression" measured on a hot or
 * power-capped GPU is a clock, not a kernel.  gemmscope-bench samples the
 * actual clocks after every timed sample (outside the timing events) and
 * writes them beside the samples, as nvbench's robust comparison does.
 *
 * Sources, each loaded at run time (dlopen) so that a missing library
 * degrades to "not sampled" instead of failing the run:
 *   hip:  ROCm SMI (librocm_smi64.so): rsmi_dev_gpu_clk_freq_get (SYS and
 *         MEM clocks, Hz), rsmi_dev_temp_metric_get (junction, else edge,
 *         millidegrees C), rsmi_dev_power_ave_get (µW); the device is the
 *         one whose PCI bus/device/function matches the runtime's;
 *   cuda: NVML (libnvidia-ml.so.1): nvmlDeviceGetClockInfo (SM and MEM,
 *         MHz), nvmlDeviceGetTemperature (GPU, °C), nvmlDeviceGetPowerUsage
 *         (mW); the device by the runtime's PCI bus id;
 *   cpu:  /proc/cpuinfo: the mean "cpu MHz" over the cores (no memory
 *         clock, temperature or power).
 */
#ifndef GS_CLOCKS_H
#define GS_CLOCKS_H

#include <stddef.h>

/* One reading; NAN where the source does not tell. */
typedef struct gs_clock_sample {
	double sclk_mhz; /* shader / SM / core clock, MHz */
	double mclk_mhz; /* memory clock, MHz */
	double temp_c; /* GPU temperature (junction where known), °C */
	double power_w; /* board power, W */
} gs_clock_sample;

typedef struct gs_clocks gs_clocks;

/* gs_clocks_open: a sampler for PLATFORM ("hip", "cuda" or "cpu") and the
 * device at PCI_BUS_ID ("0000:c1:00.0"; "" or NULL: the first device).
 * Never fails for want of a source: without one, every reading is NAN and
 * gs_clocks_source() says why.  Returns NULL only on out of memory.  Free
 * with gs_clocks_close(). */
gs_clocks *gs_clocks_open(const char *platform, const char *pci_bus_id);

/* gs_clocks_sample: read the clocks now into OUT (NAN where unknown). */
void gs_clocks_sample(gs_clocks *c, gs_clock_sample *out);

/* gs_clocks_source: "ROCm SMI", "NVML", "/proc/cpuinfo", or why none:
 * "not sampled: libnvidia-ml.so.1 not found" ...  Static or owned by C. */
const char *gs_clocks_source(const gs_clocks *c);

/* gs_clocks_close: NULL is fine. */
void gs_clocks_close(gs_clocks *c);

#endif
