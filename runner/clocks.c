#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

struct gs_clocks {
	char platform[8];
	char source[400];
	/* cuda */
	void *lib;
	nvml_device dev;
	nvml_clock_fn clock;
	nvml_temp_fn temp;
	nvml_power_fn power;
	/* hip: amdgpu sysfs files of the device, "" if absent */
	char sclk[320], mclk[320], temp_file[1024], power_file[1024];
};

/* ---- amdgpu sysfs (what ROCm SMI itself reads) --------------------------- */

/* The MHz of the active level of a pp_dpm_* file ("1: 2100Mhz *"). */
static double
dpm_mhz(const char *path)
{
	FILE *f = fopen(path, "r");
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
	return mhz;
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

/* DEV's hwmon directory file NAME into OUT (SIZE bytes), "" if none. */
static void
hwmon_file(const char *dev, const char *name, char *out, size_t size)
{
	char dir[320];
	DIR *d;
	struct dirent *e;

	out[0] = '\0';
	snprintf(dir, sizeof dir, "%s/hwmon", dev);
	if (!(d = opendir(dir)))
		return;
	while ((e = readdir(d)))
		if (strncmp(e->d_name, "hwmon", 5) == 0) {
			snprintf(out, size, "%s/%s/%s", dir, e->d_name, name);
			if (!isnan(number_file(out, 1)))
				break;
			out[0] = '\0';
		}
	closedir(d);
}

/* The amdgpu device directory whose PCI address is BUS (any amdgpu device
 * when BUS is empty) into DEV; 0 when found. */
static int
amdgpu_device(const char *bus, char *dev, size_t size)
{
	DIR *d = opendir("/sys/bus/pci/drivers/amdgpu");
	struct dirent *e;
	int rc = -1;

	if (!d)
		return -1;
	while (rc != 0 && (e = readdir(d)))
		if (strchr(e->d_name, ':') && (!bus[0] || strcasecmp(e->d_name, bus) == 0)) {
			snprintf(dev, size, "/sys/bus/pci/drivers/amdgpu/%s", e->d_name);
			rc = 0;
		}
	closedir(d);
	return rc;
}

static void
open_amdgpu(gs_clocks *c, const char *bus)
{
	char dev[300];

	if (amdgpu_device(bus, dev, sizeof dev) != 0) {
		snprintf(c->source, sizeof c->source,
		         "not sampled: no amdgpu device %.40s in /sys/bus/pci/drivers/amdgpu", bus);
		return;
	}
	snprintf(c->sclk, sizeof c->sclk, "%s/pp_dpm_sclk", dev);
	snprintf(c->mclk, sizeof c->mclk, "%s/pp_dpm_mclk", dev);
	hwmon_file(dev, "temp2_input", c->temp_file, sizeof c->temp_file); /* junction */
	if (!c->temp_file[0])
		hwmon_file(dev, "temp1_input", c->temp_file, sizeof c->temp_file); /* edge */
	hwmon_file(dev, "power1_average", c->power_file, sizeof c->power_file);
	if (!c->power_file[0])
		hwmon_file(dev, "power1_input", c->power_file, sizeof c->power_file);
	snprintf(c->source, sizeof c->source, "amdgpu sysfs (%s)", dev);
}

/* ---- NVML ----------------------------------------------------------------- */

static void
open_nvml(gs_clocks *c, const char *bus)
{
	nvml_init_fn init;
	nvml_by_bus_fn by_bus;
	nvml_by_index_fn by_index;

	if (!(c->lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL))) {
		snprintf(c->source, sizeof c->source, "not sampled: libnvidia-ml.so.1 not found");
		return;
	}
	*(void **)&init = dlsym(c->lib, "nvmlInit_v2");
	*(void **)&by_bus = dlsym(c->lib, "nvmlDeviceGetHandleByPciBusId_v2");
	*(void **)&by_index = dlsym(c->lib, "nvmlDeviceGetHandleByIndex_v2");
	*(void **)&c->clock = dlsym(c->lib, "nvmlDeviceGetClockInfo");
	*(void **)&c->temp = dlsym(c->lib, "nvmlDeviceGetTemperature");
	*(void **)&c->power = dlsym(c->lib, "nvmlDeviceGetPowerUsage");
	if (!init || !by_bus || !by_index || !c->clock || init() != 0 ||
	    (bus[0] ? by_bus(bus, &c->dev) : by_index(0, &c->dev)) != 0) {
		snprintf(c->source, sizeof c->source, "not sampled: NVML has no device %.40s",
		         bus[0] ? bus : "0");
		c->clock = NULL;
		return;
	}
	snprintf(c->source, sizeof c->source, "NVML");
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

/* The mean "cpu MHz" of /proc/cpuinfo, NAN if it has none. */
static double
cpuinfo_mhz(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
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
gs_clocks_open(const char *platform, const char *pci_bus_id)
{
	gs_clocks *c = calloc(1, sizeof *c);
	const char *bus = pci_bus_id ? pci_bus_id : "";

	if (!c)
		return NULL;
	snprintf(c->platform, sizeof c->platform, "%s", platform);
	if (strcmp(platform, "cuda") == 0)
		open_nvml(c, bus);
	else if (strcmp(platform, "hip") == 0)
		open_amdgpu(c, bus);
	else
		snprintf(c->source, sizeof c->source, "%s",
		         isnan(cpuinfo_mhz()) ? "not sampled: /proc/cpuinfo has no cpu MHz"
		                              : "/proc/cpuinfo");
	return c;
}

void
gs_clocks_sample(gs_clocks *c, gs_clock_sample *out)
{
	*out = (gs_clock_sample){NAN, NAN, NAN, NAN};
	if (strcmp(c->platform, "cuda") == 0) {
		if (c->clock)
			sample_nvml(c, out);
	} else if (strcmp(c->platform, "hip") == 0) {
		if (c->sclk[0]) {
			out->sclk_mhz = dpm_mhz(c->sclk);
			out->mclk_mhz = dpm_mhz(c->mclk);
			out->temp_c = number_file(c->temp_file, 1e-3);
			out->power_w = number_file(c->power_file, 1e-6);
		}
	} else {
		out->sclk_mhz = cpuinfo_mhz();
	}
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
