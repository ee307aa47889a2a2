## src/render/writers.mk: the report writers (HTML, markdown, JSON, CSV,
## JUnit), the page template, and the single-run efficiency model with the
## per-pair explanations they render (issue 3).

libgs_a_SOURCES += \
	src/analysis/single.c src/analysis/single.h \
	src/analysis/effpair.c src/analysis/effpair.h \
	src/analysis/gate.c src/analysis/gate.h \
	src/analysis/report.c src/analysis/report.h \
	src/render/fmt.c src/render/fmt.h \
	src/render/html.c src/render/html_core.c src/render/html_impl.h \
	src/render/html_single.c src/render/html_eff.c src/render/html_eff.h \
	src/render/markdown.c src/render/writer_impl.h \
	src/render/json.c src/render/jsonw.c src/render/jsonw.h \
	src/render/json_confirm.c src/render/json_explain.c src/render/text.c \
	src/render/csv_out.c src/render/native_csv.h \
	src/render/junit.c src/render/junitw.c src/render/junitw.h \
	src/render/cause_impl.h src/render/json_cause.c src/render/html_cause.c

nobase_dist_pkgdata_DATA += templates/report.html templates/report.css

check_PROGRAMS += tests/test_render tests/test_render_eff tests/test_render_output \
	tests/test_single
TESTS += tests/test_render tests/test_render_eff tests/test_render_output \
	tests/test_single tests/report.sh
tests_test_render_SOURCES = tests/test_render.c tests/render_test.h
tests_test_render_CFLAGS = $(TEST_CFLAGS)
tests_test_render_LDADD = $(TEST_LIBS)
tests_test_render_eff_SOURCES = tests/test_render_eff.c tests/render_test.h
tests_test_render_eff_CFLAGS = $(TEST_CFLAGS)
tests_test_render_eff_LDADD = $(TEST_LIBS)
tests_test_render_output_SOURCES = tests/test_render_output.c
tests_test_render_output_CFLAGS = $(TEST_CFLAGS)
tests_test_render_output_LDADD = $(TEST_LIBS)
tests_test_single_SOURCES = tests/test_single.c
tests_test_single_CFLAGS = $(TEST_CFLAGS)
tests_test_single_LDADD = $(TEST_LIBS)

# tests/report.sh and test_single read the traces and GEMM.csv files of
# tests/data/trace (src/ingest/trace.mk) and the Xe counters of
# tests/data/history/xe (src/analysis/history.mk).
EXTRA_DIST += tests/report.sh
