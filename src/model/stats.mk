## src/model/stats.mk: owned by its module.
## Statistics (stats.h), change points of nightly series (changepoint.h)
## and the shape key every layer shares (shape.h).
libgs_a_SOURCES += src/model/stats.c src/model/stats.h \
	src/model/shape.c src/model/shape.h \
	src/model/changepoint.c src/model/changepoint.h

check_PROGRAMS += tests/test_stats tests/test_changepoint
TESTS += tests/test_stats tests/test_changepoint
tests_test_stats_SOURCES = tests/test_stats.c
tests_test_stats_CFLAGS = $(TEST_CFLAGS)
tests_test_stats_LDADD = $(TEST_LIBS)
tests_test_changepoint_SOURCES = tests/test_changepoint.c
tests_test_changepoint_CFLAGS = $(TEST_CFLAGS)
tests_test_changepoint_LDADD = $(TEST_LIBS)
