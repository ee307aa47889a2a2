## src/analysis/history.mk: nightly history, mode decomposition and
## per-metric deltas (issue 6, analysis side).  Owned by its module.

libgs_a_SOURCES += src/analysis/history.c src/analysis/history.h \
	src/analysis/modes.c src/analysis/modes.h \
	src/analysis/metrics.c src/analysis/metrics.h \
	src/ingest/runset.c src/ingest/runset.h src/ingest/runset_dir.c \
	src/ingest/report_json.c src/ingest/report_json.h

check_PROGRAMS += tests/test_history tests/test_modes tests/test_metrics
TESTS += tests/test_history tests/test_modes tests/test_metrics
tests_test_history_SOURCES = tests/test_history.c
tests_test_history_CFLAGS = $(TEST_CFLAGS)
tests_test_history_LDADD = $(TEST_LIBS)
tests_test_modes_SOURCES = tests/test_modes.c
tests_test_modes_CFLAGS = $(TEST_CFLAGS)
tests_test_modes_LDADD = $(TEST_LIBS)
tests_test_metrics_SOURCES = tests/test_metrics.c
tests_test_metrics_CFLAGS = $(TEST_CFLAGS)
tests_test_metrics_LDADD = $(TEST_LIBS)

EXTRA_DIST += tests/data/history/README.md tests/data/history/LICENSE \
	tests/data/history/dated/nightly-a.csv \
	tests/data/history/dated/nightly-b.csv \
	tests/data/history/dated/nightly-c.csv \
	tests/data/history/modes/gemm-full.csv \
	tests/data/history/modes/gemm-no_overlap.csv \
	tests/data/history/modes/gemm-comm_only.csv \
	tests/data/history/modes/gemm-comp_only.csv \
	tests/data/history/xe/f16.csv tests/data/history/xe/try1-i8.csv \
	tests/data/history/xe/try2.csv tests/data/history/xe/try3.csv

# Causes of each classified change and --weights workload impact (issue 13).
libgs_a_SOURCES += src/analysis/cause.c src/analysis/cause.h \
	src/analysis/impact.c src/analysis/impact.h
check_PROGRAMS += tests/test_cause tests/test_impact
TESTS += tests/test_cause tests/test_impact
tests_test_cause_SOURCES = tests/test_cause.c
tests_test_cause_CFLAGS = $(TEST_CFLAGS)
tests_test_cause_LDADD = $(TEST_LIBS)
tests_test_impact_SOURCES = tests/test_impact.c
tests_test_impact_CFLAGS = $(TEST_CFLAGS)
tests_test_impact_LDADD = $(TEST_LIBS)
