## src/render/writers.mk: the report writers (HTML, markdown, JSON, CSV,
## JUnit) and the page template.

libgs_a_SOURCES += \
	src/render/fmt.c src/render/fmt.h \
	src/render/html.c \
	src/render/markdown.c \
	src/render/json.c \
	src/render/csv_out.c src/render/native_csv.h \
	src/render/junit.c

nobase_dist_pkgdata_DATA += templates/report.html templates/report.css

check_PROGRAMS += tests/test_render
TESTS += tests/test_render
tests_test_render_SOURCES = tests/test_render.c
tests_test_render_CFLAGS = $(TEST_CFLAGS)
tests_test_render_LDADD = $(TEST_LIBS)
