/* test_csvrows.c: the generic CSV row reader (csvrows.h) and the cell
 * values of benchmark CSVs (csv_value.h), on the files of tests/data/csv
 * and hand-made cells; the dialect readers are test_csv.c. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <cmocka.h>

#include "testdata.h"

#include "ingest/csv_value.h"
#include "ingest/csvrows.h"
#include "ingest/ingest.h"

static char *
csv_data(const char *name)
{
	char rel[256];

	snprintf(rel, sizeof rel, "tests/data/csv/%s", name);
	return gs_test_path(rel);
}

/* ---- the row reader ------------------------------------------------ */

struct seen {
	long line[8];
	char field[8][8][64];
	size_t n[8];
	size_t rows;
	int stop_after;
};

static int
collect(void *ctx, long line, const char *const *f, const size_t *len, size_t n, gs_error *err)
{
	struct seen *s = ctx;

	(void)err;
	if (s->rows < 8) {
		s->line[s->rows] = line;
		s->n[s->rows] = n;
		for (size_t i = 0; i < n && i < 8; i++) {
			assert_int_equal(strlen(f[i]), len[i]);
			snprintf(s->field[s->rows][i], 64, "%s", f[i]);
		}
	}
	s->rows++;
	return s->stop_after && (int)s->rows == s->stop_after ? 1 : 0;
}

static int
run_rows(const char *path, gs_csv_row_fn fn, void *ctx, gs_error *err)
{
	gs_input in;
	int rc;

	gs_error_clear(err);
	assert_int_equal(gs_input_open(&in, path, err), 0);
	rc = gs_csv_rows(&in, fn, ctx, err);
	gs_input_close(&in);
	return rc;
}

static void
test_rows_bom_crlf_quoted(void **state)
{
	struct seen s;
	gs_error err;

	(void)state;
	memset(&s, 0, sizeof s);
	assert_int_equal(run_rows(csv_data("bom-crlf-quoted.csv"), collect, &s, &err), 0);
	assert_int_equal(s.rows, 3);
	assert_int_equal(s.line[0], 1);
	assert_int_equal(s.line[1], 2);
	assert_int_equal(s.line[2], 4); /* line 3 is blank */
	assert_string_equal(s.field[0][0], "M"); /* BOM and quotes gone */
	assert_string_equal(s.field[0][5], "time_us_median");
	assert_string_equal(s.field[1][4], "Cijk_Ailk_Bljk_BBS_BH, \"quoted\" name");
	assert_string_equal(s.field[2][0], "128"); /* " 128 " trimmed */
	assert_string_equal(s.field[2][4], "multi\r\nline");
	assert_string_equal(s.field[2][5], "7.25");
	assert_int_equal(s.n[2], 6);
}

static void
test_rows_stop(void **state)
{
	struct seen s;
	gs_error err;

	(void)state;
	memset(&s, 0, sizeof s);
	s.stop_after = 2;
	assert_int_equal(run_rows(csv_data("repeated.csv"), collect, &s, &err), 0);
	assert_int_equal(s.rows, 2);
	assert_int_equal(s.line[1], 2);
}

static int
refuse_third(void *ctx, long line, const char *const *f, const size_t *len, size_t n, gs_error *err)
{
	(void)ctx;
	(void)f;
	(void)len;
	(void)n;
	if (line == 3)
		return gs_error_set(err, "x.csv", line, 2, "refused");
	return 0;
}

static void
test_rows_callback_error(void **state)
{
	gs_error err;

	(void)state;
	assert_int_equal(run_rows(csv_data("repeated.csv"), refuse_third, NULL, &err), -1);
	assert_int_equal(err.line, 3);
	assert_int_equal(err.col, 2);
	assert_string_equal(err.msg, "refused");
}

/* ---- cell values ------------------------------------------------------------ */

static void
test_tensile_names(void **state)
{
	static const struct {
		const char *name, *dtype;
		char ta, tb;
	} ok[] = {
	        /* reference/kernel-names.md §2.3 */
	        {"Cijk_Ailk_Bljk_HHS_BH_MT256x128x16_MI32x32x8x1_SN_1LDSB1_AMAS3_WG128_2_1_WGM12",
	         "f16", 'N', 'N'},
	        {"Cijk_Alik_Bljk_BBS_BH_MT256x256x32_MI32x32x8x1_SN_FL0_GLS0_WGM4", "bf16", 'T',
	         'N'},
	        {"Cijk_Alik_Bljk_SB_MT64x128x32_SE_K1", "f32", 'T', 'N'},
	        {"Cijk_Alik_Bljk_B_BS_BH_Bias_HA_S_SAV_UserArgs_MT128x224x64_MI16x16x1_SN_LDSB1_WG32_8_1",
	         "bf16", 'T', 'N'},
	        {"Cijk_Ailk_Bljk_S_B_Bias_HA_S_SAV_UserArgs_MT16x16x128_MI16x16x1_SN_WG16_4_4",
	         "f32", 'N', 'N'},
	        {"Cijk_Ailk_Bjlk_BBS_BH_Bias_BiasSrcB_SAV_MT32x32x32_MI16x16x1_SN_GRVWB2_GSU1_MIWT1_1_WG32_8_1_WGM8",
	         "bf16", 'N', 'T'},
	        {"Cijk_Ailk_Bljk_HB_MT64x64x16_SN_K1", "f16", 'N', 'N'},
	        {"Cijk_Alik_Bljk_F8BS_MT128x128x64_MI16x16x1_SN_TEST", "f8e4m3", 'T', 'N'},
	        {"Custom_Cijk_Alik_Bjlk_DB_MT64x64x8_SE_K1", "f64", 'T', 'T'},
	};

	(void)state;
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		char dtype[GS_DTYPE_LEN] = "";
		char ta = '?', tb = '?';
		assert_int_equal(gs_csv_tensile_info(ok[i].name, dtype, &ta, &tb), 1);
		assert_string_equal(dtype, ok[i].dtype);
		assert_int_equal(ta, ok[i].ta);
		assert_int_equal(tb, ok[i].tb);
	}
	char dtype[GS_DTYPE_LEN] = "x";
	char ta = '?', tb = '?';
	/* split-K reduction kernel (no _MT) and non-Tensile names */
	assert_int_equal(gs_csv_tensile_info("Cijk_SB_BiasB_HAS_ScaleAlphaVec_PostGSU2_VW2", dtype,
	                                     &ta, &tb),
	                 0);
	assert_int_equal(
	        gs_csv_tensile_info("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64",
	                            dtype, &ta, &tb),
	        0);
	assert_string_equal(dtype, "x");
	assert_int_equal(ta, '?');
}

static void
test_cell_values(void **state)
{
	char dtype[GS_DTYPE_LEN];
	char tr, name[128];
	long n;
	double d;

	(void)state;
	assert_int_equal(gs_csv_dtype("('c10::BFloat16', 'c10::BFloat16')", dtype), 0);
	assert_string_equal(dtype, "bf16");
	assert_int_equal(gs_csv_dtype("('float', 'float')", dtype), 0);
	assert_string_equal(dtype, "f32");
	assert_int_equal(gs_csv_dtype("f16_r", dtype), 0);
	assert_string_equal(dtype, "f16");
	assert_int_equal(gs_csv_dtype("h", dtype), 0);
	assert_string_equal(dtype, "f16");
	assert_int_equal(gs_csv_dtype("", dtype), 0);
	assert_string_equal(dtype, "");
	assert_int_equal(gs_csv_dtype("fp13", dtype), -1);
	assert_int_equal(gs_csv_trans("(True, False)", 0, &tr), 0);
	assert_int_equal(tr, 'T');
	assert_int_equal(gs_csv_trans("(True, False)", 1, &tr), 0);
	assert_int_equal(tr, 'N');
	assert_int_equal(gs_csv_trans("t", 0, &tr), 0);
	assert_int_equal(tr, 'T');
	assert_int_equal(gs_csv_trans("0", 0, &tr), 0);
	assert_int_equal(tr, 'N');
	assert_int_equal(gs_csv_trans("X", 0, &tr), -1);
	assert_int_equal(gs_csv_count("4096", &n), 0);
	assert_int_equal(n, 4096);
	assert_int_equal(gs_csv_count("4.096e3", &n), 0);
	assert_int_equal(n, 4096);
	assert_int_equal(gs_csv_count("40.5", &n), -1);
	assert_int_equal(gs_csv_count("0", &n), -2);
	assert_int_equal(gs_csv_count("", &n), -1);
	assert_int_equal(gs_csv_count("9007199254740992", &n), 0); /* 2^53 */
	assert_int_equal(gs_csv_count("4611686018427387904", &n), -3); /* 2^62 */
	/* digits alone take a path of their own: its ends and neighbours */
	assert_int_equal(gs_csv_count("0064", &n), 0);
	assert_int_equal(n, 64);
	assert_int_equal(gs_csv_count(" 64 ", &n), 0);
	assert_int_equal(n, 64);
	assert_int_equal(gs_csv_count("999999999999999", &n), 0); /* 15 digits */
	assert_int_equal(n, 999999999999999L);
	assert_int_equal(gs_csv_count("0000000000000064", &n), 0); /* 16 */
	assert_int_equal(n, 64);
	assert_int_equal(gs_csv_count("000", &n), -2);
	assert_int_equal(n, 0);
	assert_int_equal(gs_csv_count("64x", &n), -1);
	assert_int_equal(gs_csv_count("-64", &n), -2);
	assert_int_equal(n, -64);
	assert_int_equal(gs_csv_number(" 1e-3 ", &d), 0);
	assert_true(d == 1e-3);
	assert_int_equal(gs_csv_number("12us", &d), -1);
	/* the H100 TraceLens cell lists the memset first: take the GEMM */
	assert_int_equal(
	        gs_csv_pylist_kernel(
	                "[{'name': 'Memset (Device)', 'stream': 7, 'count': 48, "
	                "'total_duration_us': np.float64(39.75)}, {'name': "
	                "'sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64', "
	                "'stream': 7, 'count': 48, 'total_duration_us': np.float64(4015.5)}]",
	                name, sizeof name),
	        0);
	assert_string_equal(name, "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64");
	assert_int_equal(gs_csv_pylist_kernel("[]", name, sizeof name), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_rows_bom_crlf_quoted), cmocka_unit_test(test_rows_stop),
	        cmocka_unit_test(test_rows_callback_error),  cmocka_unit_test(test_tensile_names),
	        cmocka_unit_test(test_cell_values),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
