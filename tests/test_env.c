/* test_env.c: the environment items (model/env.h) and the report's
 * decision of what differs (gs_report_environment): a silent side is not a
 * difference, memory within 1 % is the same board, clocks and text compare
 * exactly; versions decode as cudaRuntimeGetVersion and HIP_VERSION
 * encode them. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analysis/report.h"
#include "model/env.h"
#include "table.h"

static void
test_versions(void **state)
{
	char buf[64];

	(void)state;
	assert_string_equal(gs_env_version_cuda(12040, "", buf, sizeof buf), "CUDA 12.4");
	assert_string_equal(gs_env_version_cuda(12090, " driver", buf, sizeof buf),
	                    "CUDA driver 12.9");
	assert_string_equal(gs_env_version_cuda(13000, "", buf, sizeof buf), "CUDA 13.0");
	assert_string_equal(gs_env_version_hip(60443483, "", buf, sizeof buf), "HIP 6.4.43483");
	assert_string_equal(gs_env_version_hip(60342134, " driver", buf, sizeof buf),
	                    "HIP driver 6.3.42134");
	assert_null(gs_env_version_cuda(0, "", buf, sizeof buf));
	assert_null(gs_env_version_hip(-1, "", buf, sizeof buf));
}

static void
test_differs(void **state)
{
	gs_table *a = gs_table_new("a"), *b = gs_table_new("b");
	gs_report r;

	(void)state;
	assert_non_null(a);
	assert_non_null(b);
	/* the same MI300X as two ROCm releases report it: not a difference */
	assert_int_equal(gs_table_set_env(a, GS_ENV_MEMORY, "206.2 GB", 206.2), 0);
	assert_int_equal(gs_table_set_env(b, GS_ENV_MEMORY, "205.8 GB", 205.8), 0);
	/* a clock: exact */
	assert_int_equal(gs_table_set_env(a, GS_ENV_SCLK, "2100 MHz", 2100), 0);
	assert_int_equal(gs_table_set_env(b, GS_ENV_SCLK, "1900 MHz", 1900), 0);
	/* text: exact */
	assert_int_equal(gs_table_set_env(a, GS_ENV_LIBRARY, "hipBLASLt 100000", NAN), 0);
	assert_int_equal(gs_table_set_env(b, GS_ENV_LIBRARY, "hipBLASLt 100200", NAN), 0);
	assert_int_equal(gs_table_set_env(a, GS_ENV_DEVICE, "AMD Instinct MI300X", NAN), 0);
	assert_int_equal(gs_table_set_env(b, GS_ENV_DEVICE, "AMD Instinct MI300X", NAN), 0);
	/* one side silent */
	assert_int_equal(gs_table_set_env(b, GS_ENV_RUNTIME, "HIP 6.4.43483", NAN), 0);
	/* the first value stays; empty is ignored */
	assert_int_equal(gs_table_set_env(a, GS_ENV_DEVICE, "AMD Instinct MI325X", NAN), 0);
	assert_int_equal(gs_table_set_env(a, GS_ENV_ARCH, "", NAN), 0);
	assert_string_equal(a->env.text[GS_ENV_DEVICE], "AMD Instinct MI300X");
	assert_null(a->env.text[GS_ENV_ARCH]);

	memset(&r, 0, sizeof r);
	r.kind = GS_REPORT_COMPARE;
	gs_report_environment(&r, a, b);
	assert_int_equal(r.env_differs, (1u << GS_ENV_SCLK) | (1u << GS_ENV_LIBRARY));
	assert_true(gs_report_env_known(&r, GS_ENV_RUNTIME));
	assert_false(gs_report_env_known(&r, GS_ENV_DRIVER));
	/* 1 % of the larger: 206.2 against 203 differs */
	free(b->env.text[GS_ENV_MEMORY]);
	b->env.text[GS_ENV_MEMORY] = NULL;
	assert_int_equal(gs_table_set_env(b, GS_ENV_MEMORY, "203.0 GB", 203.0), 0);
	gs_report_environment(&r, a, b);
	assert_true(r.env_differs & (1u << GS_ENV_MEMORY));
	/* one input: nothing differs */
	gs_report_environment(&r, a, NULL);
	assert_int_equal(r.env_differs, 0);
	assert_false(gs_report_env_known(&r, GS_ENV_RUNTIME));
	gs_table_free(a);
	gs_table_free(b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_versions),
	        cmocka_unit_test(test_differs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
