/* clocks.h: the clocks, temperature and power a GEMM sample ran at.
 *
 * The runtime's sclk/mclk figures (gs_dev_info) are peak values; a
 * throttled GPU runs below them, and a "regression" measured on a hot or
 * power-capped GPU is a clock, not a kernel.  gemmscope-bench samples the
 * actual clocks after every timed sample (outside the timing events) and
 * writes them beside the samples, with the count of samples taken while
 * throttled and the median sample in shader clock cycles, as nvbench's
 * robust comparison confirms a time difference in cycle space
 * (NVIDIA/nvbench docs/nvbench_compare_robust.md).
 *
 * Sources, none of which is needed to build or run (a missing one
 * degrades to "not sampled", never to a failed run):
 *   hip:  the amdgpu driver's sysfs files of the device whose PCI address
 *         the runtime reports, the files ROCm SMI itself reads
 *         (rsmi_dev_gpu_clk_freq_get reads pp_dpm_*): pp_dpm_sclk and
 *         pp_dpm_mclk (the level marked '*' is the current one, "1:
 *         1700Mhz *"), and in its hwmon directory the temperature whose
 *         label is "junction" (else "edge", else the unlabelled
 *         temp1_input; MI300-class boards have no edge sensor), in m°C,
 *         and power1_average (else power1_input, Linux >= 6.6), in µW;
 *   cuda: NVML (libnvidia-ml.so.1, dlopen'ed at run time, so no build
 *         needs the driver): nvmlDeviceGetClockInfo (SM and MEM, MHz),
 *         nvmlDeviceGetTemperature (GPU, °C), nvmlDeviceGetPowerUsage
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

/* Where a sampler reads; a NULL member is the system's: the amdgpu
 * driver's directory "/sys/bus/pci/drivers/amdgpu", NVML's library
 * "libnvidia-ml.so.1", "/proc/cpuinfo".  Tests point them elsewhere. */
typedef struct gs_clocks_paths {
	const char *amdgpu_dir;
	const char *nvml_lib;
	const char *cpuinfo;
} gs_clocks_paths;

/* gs_clocks_open_at: a sampler for PLATFORM ("hip", "cuda" or "cpu") and
 * the device at PCI_BUS_ID ("0000:c1:00.0"; "" or NULL: the first device)
 * reading where PATHS says (NULL: the system's).  Never fails for want of
 * a source: without one, every reading is NAN and gs_clocks_source() says
 * why.  Returns NULL only on out of memory.  Free with gs_clocks_close(). */
gs_clocks *gs_clocks_open_at(const char *platform, const char *pci_bus_id,
                             const gs_clocks_paths *paths);

/* gs_clocks_open: gs_clocks_open_at with the system's paths. */
gs_clocks *gs_clocks_open(const char *platform, const char *pci_bus_id);

/* gs_clocks_sample: read the clocks now into OUT (NAN where unknown). */
void gs_clocks_sample(gs_clocks *c, gs_clock_sample *out);

/* gs_clocks_source: where the readings come from ("amdgpu sysfs (DIR)",
 * "NVML", "/proc/cpuinfo"), or why there are none ("not sampled:
 * libnvidia-ml.so.1 not found" ...).  Owned by C. */
const char *gs_clocks_source(const gs_clocks *c);

/* gs_clocks_close: NULL is fine. */
void gs_clocks_close(gs_clocks *c);

/* GS_CLOCKS_THROTTLE_PCT: a sample whose shader clock is below this
 * percentage of the device's peak clock was taken while throttled:
 * nvbench's --throttle-threshold default (docs/cli_help.md: "percentage of
 * the device's default clock rate", 75). */
enum { GS_CLOCKS_THROTTLE_PCT = 75 };

/* gs_clocks_throttled: how many of the N readings S have a shader clock
 * below PCT % of PEAK_MHZ; NAN when PEAK_MHZ <= 0, PCT <= 0 or no reading
 * has a shader clock.  Pure. */
double gs_clocks_throttled(const gs_clock_sample *s, size_t n, double peak_mhz, double pct);

/* gs_clocks_sclk_mean: the mean shader clock of the N readings S that
 * have one, MHz; NAN if none.  Pure. */
double gs_clocks_sclk_mean(const gs_clock_sample *s, size_t n);

/* gs_clocks_cycles_median: the median over the N samples of US[i] (µs)
 * × S[i].sclk_mhz, i.e. each sample in shader clock cycles (µs × MHz =
 * cycles), taking the samples whose clock is known; NAN if none.  A
 * change in time that is not a change in cycles is a change of clock
 * (nvbench_compare_robust.md: "cycles = sample_time *
 * sample_frequency").  The clock is the one read just after the sample,
 * an estimate of the clock during it.  Pure but for malloc; NAN on out of
 * memory. */
double gs_clocks_cycles_median(const double *us, const gs_clock_sample *s, size_t n);

#endif
