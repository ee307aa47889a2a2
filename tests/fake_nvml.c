/* fake_nvml.c: a stand-in for NVML (libnvidia-ml.so.1) that
 * tests/test_runner_clocks.c points gemmscope-bench's clock sampler at
 * (runner/clocks.h), so its NVML path runs on a machine without an NVIDIA
 * driver.  It implements the six functions the sampler looks up, with
 * NVML's documented signatures and units (docs.nvidia.com/deploy/nvml-api:
 * nvmlReturn_t 0 = NVML_SUCCESS, 6 = NVML_ERROR_NOT_FOUND; clocks in MHz,
 * temperature in °C, power in mW), for one device at PCI bus id
 * 00000000:C1:00.0 (NVML's own spelling; "0000:c1:00.0" is the same
 * device): the clocks of the H100 of bench/runner (SM 1965 MHz, memory
 * 2619 MHz, read after its sweeps); the temperature and power (61 °C,
 * 512.345 W) are made up, within the card's range. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <strings.h>

typedef struct fake_device {
	int unused;
} fake_device;

static fake_device the_device;

enum { NVML_SUCCESS = 0, NVML_ERROR_NOT_FOUND = 6 };

int nvmlInit_v2(void);
int nvmlDeviceGetHandleByPciBusId_v2(const char *bus, fake_device **dev);
int nvmlDeviceGetHandleByIndex_v2(unsigned index, fake_device **dev);
int nvmlDeviceGetClockInfo(fake_device *dev, int type, unsigned *mhz);
int nvmlDeviceGetTemperature(fake_device *dev, int sensor, unsigned *c);
int nvmlDeviceGetPowerUsage(fake_device *dev, unsigned *mw);

int
nvmlInit_v2(void)
{
	return NVML_SUCCESS;
}

int
nvmlDeviceGetHandleByPciBusId_v2(const char *bus, fake_device **dev)
{
	if (strcasecmp(bus, "00000000:C1:00.0") != 0 && strcasecmp(bus, "0000:c1:00.0") != 0)
		return NVML_ERROR_NOT_FOUND;
	*dev = &the_device;
	return NVML_SUCCESS;
}

int
nvmlDeviceGetHandleByIndex_v2(unsigned index, fake_device **dev)
{
	if (index != 0)
		return NVML_ERROR_NOT_FOUND;
	*dev = &the_device;
	return NVML_SUCCESS;
}

int
nvmlDeviceGetClockInfo(fake_device *dev, int type, unsigned *mhz)
{
	if (dev != &the_device || (type != 1 && type != 2))
		return NVML_ERROR_NOT_FOUND;
	*mhz = type == 1 ? 1965 : 2619; /* NVML_CLOCK_SM, NVML_CLOCK_MEM */
	return NVML_SUCCESS;
}

int
nvmlDeviceGetTemperature(fake_device *dev, int sensor, unsigned *c)
{
	if (dev != &the_device || sensor != 0) /* NVML_TEMPERATURE_GPU */
		return NVML_ERROR_NOT_FOUND;
	*c = 61;
	return NVML_SUCCESS;
}

int
nvmlDeviceGetPowerUsage(fake_device *dev, unsigned *mw)
{
	if (dev != &the_device)
		return NVML_ERROR_NOT_FOUND;
	*mw = 512345;
	return NVML_SUCCESS;
}
