## src/render/history.mk: `gemmscope history`: its pipeline, writers and
## figures (issue 6, output side), and its end-to-end test.

libgs_a_SOURCES += \
	src/render/html_history.c src/render/json_history.c \
	src/render/markdown_history.c src/render/junit_history.c \
	src/render/csv_history.c \
	src/render/figures_history.c src/render/figures_history.h

TESTS += tests/history.sh

EXTRA_DIST += tests/history.sh tests/data/history/make-history.sh
