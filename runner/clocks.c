#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/stats.h"
#include "runner/clocks.h"

/* NVML, as its API reference documents it (docs.nvidia.com/deploy/nvml-api):
 * C functions returning nvmlReturn_t (0 = NVML_SUCCESS), an opaque device
 * handle, clock types NVML_CLOCK_SM = 1 and NVML_CLOCK_MEM = 2 (MHz),
 * sensor NVML_TEMPERATURE_GPU = 0 (°C), power in mW.  Declared here
 * because the CUDA toolkit does not always ship nvml.h. */
typedef struct nvml_device *nvml_device;
typedef int (*nvml_init_fn)(void);
typedef int (*nvml_by_bus_fn)(const char *bus, nvml_device *dev);
typedef int (*nvml_by_index_fn)(unsigned index, nvml_device *dev);
typedef int (*nvml_clock_fn)(nvml_device dev, int type, unsigned *mhz);
typedef int (*nvml_temp_fn)(nvml_device dev, int sensor, unsigned *c);
typedef int (*nvml_power_fn)(nvml_device dev, unsigned *mw);
enum { NVML_CLOCK_SM = 1, NVML_CLOCK_MEM = 2, NVML_TEMPERATURE_GPU = 0 };

enum { PATH_LEN = 1024 };

struct gs_clocks {
	char platform[8];
	char source[PATH_LEN + 64];
	/* cuda */
	void *lib;
	nvml_device dev;
	nvml_clock_fn clock;
	nvml_temp_fn temp;
	nvml_power_fn power;
	/* hip: amdgpu sysfs files of the device, "" if absent */
	char sclk[PATH_LEN], mclk[PATH_LEN], temp_file[PATH_LEN], power_file[PATH_LEN];
	/* cpu */
	char cpuinfo[PATH_LEN];
};

/* ---- amdgpu sysfs (what ROCm SMI itself reads) --------------------------- */

/* The MHz of the active level of a pp_dpm_* file ("1: 2100Mhz *"). */
static double
dpm_mhz(const char *path)
{
	FILE *f = path[0] ? fopen(path, "r") : NULL;
	char line[128];
	double mhz = NAN;

	if (!f)
		return NAN;
	while (fgets(line, sizeof line, f)) {
		const char *colon = strchr(line, ':');
		if (colon && strchr(line, '*')) {
			mhz = strtod(colon + 1, NULL);
			break;
		}
	}
	fclose(f);
	return mhz > 0 ? mhz : NAN;
}

/* The first number in PATH times SCALE, or NAN. */
static double
number_file(const char *path, double scale)
{
	FILE *f = path[0] ? fopen(path, "r") : NULL;
	double v = NAN;

	if (f) {
		if (fscanf(f, "%lf", &v) != 1)
			v = NAN;
		fclose(f);
	}
	return v * scale;
}

/* The first line of PATH into OUT (SIZE bytes) without its newline; ""
 * when there is no such file. */
static void
line_file(const char *path, char *out, size_t size)
{
	FILE *f = fopen(path, "r");

	out[0] = '\0';
	if (!f)
		return;
	if (fgets(out, (int)size, f))
		out[strcspn(out, "\n")] = '\0';
	fclose(f);
}

/* DEV's hwmon directory ("DEV/hwmon/hwmonN") into OUT; 0 when found. */
static int
hwmon_dir(const char *dev, char *out, size_t size)
{
	char dir[PATH_LEN / 2];
	DIR *d;
	const struct dirent *e;
	int rc = -1;

	snprintf(dir, sizeof dir, "%s/hwmon", dev);
	if (!(d = opendir(dir)))
		return -1;
	while (rc != 0 && (e = readdir(d)))
		if (strncmp(e->d_name, "hwmon", 5) == 0) {
			snprintf(out, size, "%s/%s", dir, e->d_name);
			rc = 0;
		}
	closedir(d);
	return rc;
}

/* The temperature input of HWMON into OUT: the sensor labelled
 * "junction", else "edge", else the unlabelled temp1_input; "" if none. */
static void
temp_input(const char *hwmon, char *out, size_t size)
{
	static const char *const prefer[] = {"junction", "edge"};
	char path[PATH_LEN + 32], label[64];

	for (size_t p = 0; p < sizeof prefer / sizeof *prefer; p++)
		for (int n = 1; n <= 8; n++) {
			snprintf(path, sizeof path, "%s/temp%d_label", hwmon, n);
			line_file(path, label, sizeof label);
			if (strcmp(label, prefer[p]) == 0) {
				snprintf(out, size, "%s/temp%d_input", hwmon, n);
				return;
			}
		}
	snprintf(path, sizeof path, "%s/temp1_label", hwmon);
	line_file(path, label, sizeof label);
	snprintf(out, size, "%s/temp1_input", hwmon);
	if (label[0] || isnan(number_file(out, 1)))
		out[0] = '\0';
}

/* HWMON's power file into OUT: power1_average, else power1_input (Linux
 * >= 6.6 on boards without an average); "" if neither reads. */
static void
power_input(const char *hwmon, char *out, size_t size)
{
	snprintf(out, size, "%s/power1_average", hwmon);
	if (!isnan(number_file(out, 1)))
		return;
	snprintf(out, size, "%s/power1_input", hwmon);
	if (isnan(number_file(out, 1)))
		out[0] = '\0';
}

/* The device directory under DRIVER whose PCI address is BUS (any device
 * when BUS is empty) into DEV; 0 when found. */
static int
amdgpu_device(const char *driver, const char *bus, char *dev, size_t size)
{
	DIR *d = opendir(driver);
	const struct dirent *e;
	int rc = -1;

	if (!d)
		return -1;
	while (rc != 0 && (e = readdir(d)))
		if (strchr(e->d_name, ':') && (!bus[0] || strcasecmp(e->d_name, bus) == 0)) {
			snprintf(dev, size, "%s/%s", driver, e->d_name);
			rc = 0;
		}
	closedir(d);
	return rc;
}

static void
open_amdgpu(gs_clocks *c, const char *driver, const char *bus)
{
	char dev[PATH_LEN / 2 - 16], hwmon[PATH_LEN - 64];

	if (amdgpu_device(driver, bus, dev, sizeof dev) != 0) {
		snprintf(c->source, sizeof c->source, "not sampled: no amdgpu device %.40s%sin %s",
		         bus, bus[0] ? " " : "", driver);
		return;
	}
	snprintf(c->sclk, sizeof c->sclk, "%s/pp_dpm_sclk", dev);
	snprintf(c->mclk, sizeof c->mclk, "%s/pp_dpm_mclk", dev);
	if (hwmon_dir(dev, hwmon, sizeof hwmon) == 0) {
		temp_input(hwmon, c->temp_file, sizeof c->temp_file);
		power_input(hwmon, c->power_file, sizeof c->power_file);
	}
	snprintf(c->source, sizeof c->source, "amdgpu sysfs (%s)", dev);
}

static void
sample_amdgpu(const gs_clocks *c, gs_clock_sample *s)
{
	s->sclk_mhz = dpm_mhz(c->sclk);
	s->mclk_mhz = dpm_mhz(c->mclk);
	s->temp_c = number_file(c->temp_file, 1e-3);
	s->power_w = number_file(c->power_file, 1e-6);
}

/* ---- NVML ----------------------------------------------------------------- */

static void
open_nvml(gs_clocks *c, const char *lib, const char *bus)
{
	nvml_init_fn init;
	nvml_by_bus_fn by_bus;
	nvml_by_index_fn by_index;

	if (!(c->lib = dlopen(lib, RTLD_NOW | RTLD_LOCAL))) {
		snprintf(c->source, sizeof c->source, "not sampled: %s not found", lib);
		return;
	}
	*(void **)&init = dlsym(c->lib, "nvmlInit_v2");
	*(void **)&by_bus = dlsym(c->lib, "nvmlDeviceGetHandleByPciBusId_v2");
	*(void **)&by_index = dlsym(c->lib, "nvmlDeviceGetHandleByIndex_v2");
	*(void **)&c->clock = dlsym(c->lib, "nvmlDeviceGetClockInfo");
	*(void **)&c->temp = dlsym(c->lib, "nvmlDeviceGetTemperature");
	*(void **)&c->power = dlsym(c->lib, "nvmlDeviceGetPowerUsage");
	if (!init || !by_bus || !by_index || !c->clock) {
		snprintf(c->source, sizeof c->source, "not sampled: %s is not NVML", lib);
		c->clock = NULL;
	} else if (init() != 0) {
		snprintf(c->source, sizeof c->source, "not sampled: nvmlInit_v2 failed");
		c->clock = NULL;
	} else if ((bus[0] ? by_bus(bus, &c->dev) : by_index(0, &c->dev)) != 0) {
		snprintf(c->source, sizeof c->source, "not sampled: NVML has no device %.40s",
		         bus[0] ? bus : "0");
		c->clock = NULL;
	} else {
		snprintf(c->source, sizeof c->source, "NVML");
	}
}

static void
sample_nvml(const gs_clocks *c, gs_clock_sample *s)
{
	unsigned v;

	if (c->clock(c->dev, NVML_CLOCK_SM, &v) == 0)
		s->sclk_mhz = v;
	if (c->clock(c->dev, NVML_CLOCK_MEM, &v) == 0)
		s->mclk_mhz = v;
	if (c->temp && c->temp(c->dev, NVML_TEMPERATURE_GPU, &v) == 0)
		s->temp_c = v;
	if (c->power && c->power(c->dev, &v) == 0)
		s->power_w = v / 1000.0;
}

/* ---- CPU ------------------------------------------------------------------- */

/* The mean "cpu MHz" of the cpuinfo file PATH, NAN if it has none. */
static double
cpuinfo_mhz(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[256];
	double sum = 0;
	int n = 0;

	if (!f)
		return NAN;
	while (fgets(line, sizeof line, f))
		if (strncmp(line, "cpu MHz", 7) == 0 && strchr(line, ':')) {
			sum += strtod(strchr(line, ':') + 1, NULL);
			n++;
		}
	fclose(f);
	return n ? sum / n : NAN;
}

/* ---- the sampler ----------------------------------------------------------- */

gs_clocks *
gs_clocks_open_at(const char *platform, const char *pci_bus_id, const gs_clocks_paths *paths)
{
	static const gs_clocks_paths sys = {"/sys/bus/pci/drivers/amdgpu", "libnvidia-ml.so.1",
	                                    "/proc/cpuinfo"};
	gs_clocks *c = calloc(1, sizeof *c);
	const char *bus = pci_bus_id ? pci_bus_id : "";
	gs_clocks_paths p = paths ? *paths : sys;

	if (!c)
		return NULL;
	p.amdgpu_dir = p.amdgpu_dir ? p.amdgpu_dir : sys.amdgpu_dir;
	p.nvml_lib = p.nvml_lib ? p.nvml_lib : sys.nvml_lib;
	p.cpuinfo = p.cpuinfo ? p.cpuinfo : sys.cpuinfo;
	snprintf(c->platform, sizeof c->platform, "%s", platform);
	if (strcmp(platform, "cuda") == 0)
		open_nvml(c, p.nvml_lib, bus);
	else if (strcmp(platform, "hip") == 0)
		open_amdgpu(c, p.amdgpu_dir, bus);
	else if (isnan(cpuinfo_mhz(p.cpuinfo)))
		snprintf(c->source, sizeof c->source, "not sampled: %s has no cpu MHz", p.cpuinfo);
	else {
		snprintf(c->cpuinfo, sizeof c->cpuinfo, "%s", p.cpuinfo);
		snprintf(c->source, sizeof c->source, "%s", p.cpuinfo);
	}
	return c;
}

gs_clocks *
gs_clocks_open(const char *platform, const char *pci_bus_id)
{
	return gs_clocks_open_at(platform, pci_bus_id, NULL);
}

void
gs_clocks_sample(gs_clocks *c, gs_clock_sample *out)
{
	*out = (gs_clock_sample){NAN, NAN, NAN, NAN};
	if (c->clock)
		sample_nvml(c, out);
	else if (c->sclk[0])
		sample_amdgpu(c, out);
	else if (c->cpuinfo[0])
		out->sclk_mhz = cpuinfo_mhz(c->cpuinfo);
}

const char *
gs_clocks_source(const gs_clocks *c)
{
	return c->source;
}

void
gs_clocks_close(gs_clocks *c)
{
	if (!c)
		return;
	if (c->lib)
		dlclose(c->lib);
	free(c);
}

/* ---- what the readings say -------------------------------------------------- */

double
gs_clocks_throttled(const gs_clock_sample *s, size_t n, double peak_mhz, double pct)
{
	double count = 0;
	int known = 0;

	if (!(peak_mhz > 0) || !(pct > 0))
		return NAN;
	for (size_t i = 0; i < n; i++)
		if (!isnan(s[i].sclk_mhz)) {
			known = 1;
			count += s[i].sclk_mhz < pct / 100 * peak_mhz;
		}
	return known ? count : NAN;
}

double
gs_clocks_sclk_mean(const gs_clock_sample *s, size_t n)
{
	double sum = 0;
	size_t known = 0;

	for (size_t i = 0; i < n; i++)
		if (!isnan(s[i].sclk_mhz)) {
			sum += s[i].sclk_mhz;
			known++;
		}
	return known ? sum / (double)known : NAN;
}

double
gs_clocks_cycles_median(const double *us, const gs_clock_sample *s, size_t n)
{
	double *cycles = malloc((n ? n : 1) * sizeof *cycles), med;
	size_t k = 0;

	if (!cycles)
		return NAN;
	for (size_t i = 0; i < n; i++)
		if (s[i].sclk_mhz > 0)
			cycles[k++] = us[i] * s[i].sclk_mhz;
	med = k ? gs_stats_median(cycles, k) : NAN;
	free(cycles);
	return med;
}
