## src/render/plot.mk: every plot gemmscope draws (cairo), and its test.

libgs_a_SOURCES += \
	src/render/plot.c src/render/plot.h src/render/plot_impl.h \
	src/render/plot_frame.c src/render/plot_marks.c \
	src/render/plot_draw.c src/render/plot_svg.c \
	src/render/plot_compare.c src/render/plot_roofline.c \
	src/render/plot_tile.c src/render/plot_history.c

check_PROGRAMS += tests/test_plot tests/test_plot_figs
TESTS += tests/test_plot tests/test_plot_figs
tests_test_plot_SOURCES = tests/test_plot.c tests/plot_test.h
tests_test_plot_CFLAGS = $(TEST_CFLAGS)
tests_test_plot_LDADD = $(TEST_LIBS)
tests_test_plot_figs_SOURCES = tests/test_plot_figs.c tests/plot_test.h
tests_test_plot_figs_CFLAGS = $(TEST_CFLAGS)
tests_test_plot_figs_LDADD = $(TEST_LIBS)
