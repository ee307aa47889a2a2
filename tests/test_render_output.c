/* test_render_output.c: the one format table (render/output.h) and the
 * writer entry points for the kinds without an input file of their own
 * (confirm, explain, gpus).
 *
 * The table says which report kinds each format can show; the command
 * line refuses from it (gs_output_refusal) and gs_output_write_all checks
 * every requested output against it before writing anything.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "analysis/confirm.h"
#include "analysis/report.h"
#include "render/output.h"
#include "render/report.h"

/* Every kind x format the table allows, as the commands document it. */
static void
test_supports(void **state)
{
	static const char *const want[GS_REPORT_NKINDS] = {
	        /* HTML JSON MD CSV REG JUNIT ASSETS TEXT */
	        [GS_REPORT_COMPARE] = "11111110", [GS_REPORT_SINGLE] = "11110010",
	        [GS_REPORT_HISTORY] = "11111110", [GS_REPORT_CONFIRM] = "01101000",
	        [GS_REPORT_EXPLAIN] = "01000001", [GS_REPORT_GPUS] = "01000001",
	};

	(void)state;
	for (int k = 0; k < GS_REPORT_NKINDS; k++)
		for (int f = 0; f < GS_OUT_NFORMATS; f++)
			assert_int_equal(gs_output_supports((gs_report_kind)k, (gs_output_format)f),
			                 want[k][f] == '1');
	assert_int_equal(gs_output_supports(GS_REPORT_NKINDS, GS_OUT_JSON), 0);
	assert_int_equal(gs_output_supports(GS_REPORT_COMPARE, GS_OUT_NFORMATS), 0);
}

static void
test_options_and_refusals(void **state)
{
	char buf[256];

	(void)state;
	assert_int_equal(gs_output_format_of("-o"), GS_OUT_HTML);
	assert_int_equal(gs_output_format_of("--json"), GS_OUT_JSON);
	assert_int_equal(gs_output_format_of("--assets"), GS_OUT_ASSETS);
	assert_int_equal(gs_output_format_of("--title"), -1);
	assert_null(gs_output_refusal(GS_REPORT_CONFIRM, GS_OUT_JSON, buf, sizeof buf));
	assert_string_equal(gs_output_refusal(GS_REPORT_CONFIRM, GS_OUT_HTML, buf, sizeof buf),
	                    "confirm writes no HTML report (it writes --json, --markdown, "
	                    "--regressions)");
	assert_string_equal(gs_output_refusal(GS_REPORT_CONFIRM, GS_OUT_ASSETS, buf, sizeof buf),
	                    "confirm draws no plots (it writes --json, --markdown, "
	                    "--regressions)");
	assert_string_equal(gs_output_refusal(GS_REPORT_SINGLE, GS_OUT_JUNIT, buf, sizeof buf),
	                    "report writes no JUnit output (it writes -o, --json, "
	                    "--markdown, --csv, --assets)");
	/* Truncated, still terminated. */
	assert_non_null(gs_output_refusal(GS_REPORT_EXPLAIN, GS_OUT_CSV, buf, 8));
	assert_int_equal(strlen(buf), 7);
}

/* A format the kind cannot show fails before anything is written. */
static void
test_write_all_refuses(void **state)
{
	const char *tmp = getenv("TMPDIR");
	char dir[4096], html[4200], junit[4200];
	gs_report r;
	gs_output_paths paths = {0};
	gs_error err;
	struct stat st;

	(void)state;
	snprintf(dir, sizeof dir, "%s/test_render_output.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	assert_non_null(mkdtemp(dir));
	snprintf(html, sizeof html, "%s/r.html", dir);
	snprintf(junit, sizeof junit, "%s/r.xml", dir);
	memset(&r, 0, sizeof r);
	r.kind = GS_REPORT_SINGLE;
	paths.html = html;
	paths.junit = junit;
	gs_error_clear(&err);
	assert_int_equal(gs_output_write_all(&r, &paths, &err), -1);
	assert_string_equal(err.file, junit);
	assert_string_equal(err.msg, "the JUnit output needs a comparison report");
	assert_int_equal(stat(html, &st), -1);
	assert_int_equal(rmdir(dir), 0);
}

/* Render R as format F into a malloc'd string. */
static char *
render(const gs_report *r, gs_output_format f)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *out = open_memstream(&buf, &n);
	gs_error err;

	assert_non_null(out);
	gs_error_clear(&err);
	assert_int_equal(gs_output_write(r, f, out, &err), 0);
	assert_int_equal(fclose(out), 0);
	return buf;
}

/* confirm: JSON and markdown through the same entry points. */
static void
test_confirm_kind(void **state)
{
	gs_confirm c;
	gs_report r;
	char *s;

	(void)state;
	memset(&c, 0, sizeof c);
	memset(&r, 0, sizeof r);
	c.threshold = 0.05;
	r.kind = GS_REPORT_CONFIRM;
	r.confirm = &c;
	s = render(&r, GS_OUT_JSON);
	/* compact, the default */
	assert_non_null(strstr(s, "\"command\":\"confirm\""));
	assert_non_null(strstr(s, "\"regressions\":0,"));
	assert_non_null(strstr(s, "\"items\":["));
	free(s);
	s = render(&r, GS_OUT_MARKDOWN);
	assert_non_null(strstr(s, "### gemmscope confirm: 0 of 0 regressions confirmed"));
	free(s);
}

/* gpus: the table from the model, as text and as JSON; a kind a format
 * cannot show is an error, not an empty output. */
static void
test_gpus_kind(void **state)
{
	gs_report r;
	gs_error err;
	char *s;

	(void)state;
	memset(&r, 0, sizeof r);
	r.kind = GS_REPORT_GPUS;
	assert_int_equal(gs_report_gpus(&r, &err), 0);
	assert_true(r.ngpus > 0);
	s = render(&r, GS_OUT_TEXT);
	assert_non_null(strstr(s, "MI300X"));
	free(s);
	s = render(&r, GS_OUT_JSON);
	assert_non_null(strstr(s, "\"name\":\"MI300X\""));
	free(s);
	assert_int_equal(gs_output_write(&r, GS_OUT_CSV, stdout, &err), -1);
	assert_non_null(strstr(err.msg, "CSV"));
	gs_report_model_free(&r);
	assert_null(r.gpus);
	r.kind = GS_REPORT_EXPLAIN;
	assert_int_equal(gs_render_text(&r, stdout, &err), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_supports),
	        cmocka_unit_test(test_options_and_refusals),
	        cmocka_unit_test(test_write_all_refuses),
	        cmocka_unit_test(test_confirm_kind),
	        cmocka_unit_test(test_gpus_kind),
	};

	return cmocka_run_group_tests_name("format table", tests, NULL, NULL);
}
