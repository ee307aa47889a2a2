/* test_runner_clocks.c: gemmscope-bench's clock sampler (runner/clocks.h,
 * runner/README.md "Clocks"): every source and its fallbacks, against a
 * fake amdgpu sysfs tree, a fake NVML library (tests/fake-nvml.so, built
 * from tests/fake_nvml.c) and fake /proc/cpuinfo files, all written here,
 * and what the readings say: throttled samples, the mean clock, cycles. */
#define _XOPEN_SOURCE 700
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "runner/clocks.h"
#include "runner_test.h"

static void
assert_nan_sample(gs_clocks *c)
{
	gs_clock_sample s;

	gs_clocks_sample(c, &s);
	assert_true(isnan(s.sclk_mhz) && isnan(s.mclk_mhz) && isnan(s.temp_c) && isnan(s.power_w));
}

/* A fake amdgpu driver directory (reconstructed from the formats the
 * kernel's amdgpu documentation gives: pp_dpm_* lines "N: FREQMhz" with
 * '*' on the current level; hwmon tempN_label/tempN_input in m°C,
 * powerN_* in µW): an MI300X-like board (no edge sensor: junction and
 * mem; power1_input only, as on Linux >= 6.6), an RDNA-like board (edge,
 * junction, mem; power1_average) and a board without hwmon. */
static void
fake_amdgpu(void)
{
	gs_rt_put("amdgpu/0000:c1:00.0/pp_dpm_sclk", "0: 500Mhz\n1: 1700Mhz *\n2: 2100Mhz\n");
	gs_rt_put("amdgpu/0000:c1:00.0/pp_dpm_mclk", "0: 900Mhz\n1: 1300Mhz *\n");
	gs_rt_put("amdgpu/0000:c1:00.0/hwmon/hwmon3/temp2_label", "junction\n");
	gs_rt_put("amdgpu/0000:c1:00.0/hwmon/hwmon3/temp2_input", "61000\n");
	gs_rt_put("amdgpu/0000:c1:00.0/hwmon/hwmon3/temp3_label", "mem\n");
	gs_rt_put("amdgpu/0000:c1:00.0/hwmon/hwmon3/temp3_input", "52000\n");
	gs_rt_put("amdgpu/0000:c1:00.0/hwmon/hwmon3/power1_input", "512000000\n");
	gs_rt_put("amdgpu/0000:03:00.0/pp_dpm_sclk", "0: 500Mhz\n1: 2304Mhz *\n");
	gs_rt_put("amdgpu/0000:03:00.0/pp_dpm_mclk", "0: 96Mhz\n1: 1249Mhz *\n");
	gs_rt_put("amdgpu/0000:03:00.0/hwmon/hwmon1/temp1_label", "edge\n");
	gs_rt_put("amdgpu/0000:03:00.0/hwmon/hwmon1/temp1_input", "48000\n");
	gs_rt_put("amdgpu/0000:03:00.0/hwmon/hwmon1/temp2_label", "junction\n");
	gs_rt_put("amdgpu/0000:03:00.0/hwmon/hwmon1/temp2_input", "67000\n");
	gs_rt_put("amdgpu/0000:03:00.0/hwmon/hwmon1/power1_average", "301000000\n");
	gs_rt_put("amdgpu/0000:44:00.0/pp_dpm_sclk", "0: 500Mhz\n1: 1800Mhz\n"); /* no '*' */
	gs_rt_put("amdgpu/module", "not a device\n");
}

/* One board's reading from the fake tree: the device the runtime calls
 * BUS is the directory DIR; its clocks, temperature and power. */
static void
amdgpu_reads(const char *bus, const char *dir, double sclk, double mclk, double temp, double power)
{
	gs_clocks_paths p = {gs_rt_tmp("amdgpu"), NULL, NULL};
	gs_clocks *c = gs_clocks_open_at("hip", bus, &p);
	gs_clock_sample s;
	char want[600];

	assert_non_null(c);
	snprintf(want, sizeof want, "amdgpu sysfs (%s/%s)", gs_rt_tmp("amdgpu"), dir);
	assert_string_equal(gs_clocks_source(c), want);
	gs_clocks_sample(c, &s);
	assert_true(s.sclk_mhz == sclk || (isnan(sclk) && isnan(s.sclk_mhz)));
	assert_true(s.mclk_mhz == mclk || (isnan(mclk) && isnan(s.mclk_mhz)));
	assert_true(fabs(s.temp_c - temp) < 1e-9 || (isnan(temp) && isnan(s.temp_c)));
	assert_true(fabs(s.power_w - power) < 1e-9 || (isnan(power) && isnan(s.power_w)));
	gs_clocks_close(c);
}

static void
test_clocks_amdgpu(void **state)
{
	char driver[512], nowhere[512];
	gs_clocks_paths p = {driver, NULL, NULL}, none = {nowhere, NULL, NULL};
	gs_clocks *c;

	(void)state;
	snprintf(driver, sizeof driver, "%s", gs_rt_tmp("amdgpu"));
	snprintf(nowhere, sizeof nowhere, "%s", gs_rt_tmp("no-driver"));
	fake_amdgpu();
	/* junction; power1_input */
	amdgpu_reads("0000:c1:00.0", "0000:c1:00.0", 1700, 1300, 61, 512);
	/* junction over edge */
	amdgpu_reads("0000:03:00.0", "0000:03:00.0", 2304, 1249, 67, 301);
	/* no current level, no hwmon */
	amdgpu_reads("0000:44:00.0", "0000:44:00.0", NAN, NAN, NAN, NAN);
	/* the runtime's bus id in upper case is the same device */
	amdgpu_reads("0000:C1:00.0", "0000:c1:00.0", 1700, 1300, 61, 512);
	/* a device the driver does not have, or no driver: not sampled */
	c = gs_clocks_open_at("hip", "0000:ff:1f.7", &p);
	assert_true(strncmp(gs_clocks_source(c), "not sampled: no amdgpu device 0000:ff:1f.7 in ",
	                    46) == 0);
	assert_nan_sample(c);
	gs_clocks_close(c);
	c = gs_clocks_open_at("hip", "", &none);
	assert_true(strncmp(gs_clocks_source(c), "not sampled: no amdgpu device in ", 33) == 0);
	assert_nan_sample(c);
	gs_clocks_close(c);
}

/* An edge-only board (an older GCN card: temp1 "edge", no junction). */
static void
test_clocks_amdgpu_edge(void **state)
{
	gs_clocks_paths p = {gs_rt_tmp("edge"), NULL, NULL};
	gs_clocks *c;
	gs_clock_sample s;

	(void)state;
	gs_rt_put("edge/0000:0a:00.0/pp_dpm_sclk", "0: 300Mhz *\n1: 1750Mhz\n");
	gs_rt_put("edge/0000:0a:00.0/hwmon/hwmon0/temp1_label", "edge\n");
	gs_rt_put("edge/0000:0a:00.0/hwmon/hwmon0/temp1_input", "39000\n");
	c = gs_clocks_open_at("hip", NULL, &p);
	gs_clocks_sample(c, &s);
	assert_true(s.sclk_mhz == 300 && isnan(s.mclk_mhz) && s.temp_c == 39 && isnan(s.power_w));
	gs_clocks_close(c);
}

/* NVML through the stand-in library tests/fake-nvml.so (fake_nvml.c). */
static void
test_clocks_nvml(void **state)
{
	const char *b = getenv("top_builddir");
	char lib[512];
	gs_clocks_paths p = {NULL, lib, NULL},
	                missing = {NULL, gs_rt_tmp("libnvidia-ml.so.1"), NULL},
	                not_nvml = {NULL, "libm.so.6", NULL};
	gs_clocks *c;
	gs_clock_sample s;

	(void)state;
	snprintf(lib, sizeof lib, "%s/tests/fake-nvml.so", b && *b ? b : ".");
	c = gs_clocks_open_at("cuda", "0000:c1:00.0", &p);
	assert_string_equal(gs_clocks_source(c), "NVML");
	gs_clocks_sample(c, &s);
	assert_true(s.sclk_mhz == 1965 && s.mclk_mhz == 2619 && s.temp_c == 61);
	assert_true(fabs(s.power_w - 512.345) < 1e-9); /* mW to W */
	gs_clocks_close(c);
	c = gs_clocks_open_at("cuda", NULL, &p); /* the first device */
	assert_string_equal(gs_clocks_source(c), "NVML");
	gs_clocks_close(c);
	c = gs_clocks_open_at("cuda", "0000:02:00.0", &p);
	assert_string_equal(gs_clocks_source(c), "not sampled: NVML has no device 0000:02:00.0");
	assert_nan_sample(c);
	gs_clocks_close(c);
	c = gs_clocks_open_at("cuda", "0000:c1:00.0", &missing);
	assert_true(strstr(gs_clocks_source(c), "not found") != NULL);
	assert_nan_sample(c);
	gs_clocks_close(c);
	c = gs_clocks_open_at("cuda", "0000:c1:00.0", &not_nvml);
	assert_string_equal(gs_clocks_source(c), "not sampled: libm.so.6 is not NVML");
	assert_nan_sample(c);
	gs_clocks_close(c);
}

static void
test_clocks_cpu(void **state)
{
	gs_clocks_paths p = {NULL, NULL, gs_rt_tmp("cpuinfo")},
	                bare = {NULL, NULL, gs_rt_tmp("cpuinfo-bare")};
	gs_clocks *c;
	gs_clock_sample s;

	(void)state;
	gs_rt_put("cpuinfo", "processor\t: 0\ncpu MHz\t\t: 2000.000\n\nprocessor\t: 1\n"
	                     "cpu MHz\t\t: 3000.500\n");
	gs_rt_put("cpuinfo-bare", "processor\t: 0\nBogoMIPS\t: 100.00\n"); /* arm64 has no MHz */
	c = gs_clocks_open_at("cpu", NULL, &p);
	assert_string_equal(gs_clocks_source(c), gs_rt_tmp("cpuinfo"));
	gs_clocks_sample(c, &s);
	assert_true(s.sclk_mhz == 2500.25 && isnan(s.mclk_mhz));
	gs_clocks_close(c);
	c = gs_clocks_open_at("cpu", NULL, &bare);
	assert_true(strstr(gs_clocks_source(c), "has no cpu MHz") != NULL);
	assert_nan_sample(c);
	gs_clocks_close(c);
}

/* Throttled samples and cycles.  A candidate that runs 25 % longer at 80
 * % of the baseline's clock ran as many cycles: a clock, not a kernel. */
static void
test_clock_summaries(void **state)
{
	const gs_clock_sample s[5] = {{2100, 1300, 60, 700},
	                              {1600, 1300, 70, 750},
	                              {1500, 1300, 85, 750},
	                              {NAN, NAN, NAN, NAN},
	                              {1000, 900, 95, 400}};
	const double us[5] = {10, 12, 11, 9, 20};
	gs_clock_sample base[3], cand[3];
	double tb[3] = {10, 10.2, 9.9}, tc[3];

	(void)state;
	/* 75 % of 2100 MHz is 1575: 1500 and 1000 are below */
	assert_true(gs_clocks_throttled(s, 5, 2100, 75) == 2);
	assert_true(gs_clocks_throttled(s, 5, 2100, 50) == 1);
	assert_true(isnan(gs_clocks_throttled(s, 5, 0, 75))); /* peak unknown */
	assert_true(isnan(gs_clocks_throttled(s, 5, 2100, 0))); /* judging off */
	assert_true(isnan(gs_clocks_throttled(s + 3, 1, 2100, 75))); /* no clock known */
	assert_true(gs_clocks_sclk_mean(s, 5) == 1550);
	assert_true(isnan(gs_clocks_sclk_mean(s + 3, 1)));
	/* 21000, 19200, 16500, 20000 cycles (µs × MHz): median 19600 */
	assert_true(gs_clocks_cycles_median(us, s, 5) == 19600);
	assert_true(isnan(gs_clocks_cycles_median(us + 3, s + 3, 1)));
	for (int i = 0; i < 3; i++) {
		base[i] = (gs_clock_sample){2000, 1300, 60, 700};
		cand[i] = (gs_clock_sample){1600, 1300, 90, 700};
		tc[i] = tb[i] * 1.25;
	}
	assert_true(fabs(gs_clocks_cycles_median(tc, cand, 3) -
	                 gs_clocks_cycles_median(tb, base, 3)) < 1e-9);
	assert_true(gs_clocks_throttled(cand, 3, 2100, 75) == 0); /* 1600 > 1575 */
	assert_true(gs_clocks_throttled(cand, 3, 2200, 75) == 3);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_clocks_amdgpu),   cmocka_unit_test(test_clocks_amdgpu_edge),
	        cmocka_unit_test(test_clocks_nvml),     cmocka_unit_test(test_clocks_cpu),
	        cmocka_unit_test(test_clock_summaries),
	};

	return cmocka_run_group_tests(tests, gs_rt_setup, gs_rt_teardown);
}
