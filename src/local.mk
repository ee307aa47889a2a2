## src/local.mk: the table every reader fills, one file per command
## (options in, report model built, outputs written), and the gemmscope
## program: main.c parses options and dispatches.

libgs_a_SOURCES += \
	src/cmd_compare.c src/cmd_compare.h src/cmd_confirm.c src/cmd_confirm.h \
	src/cmd_explain.c src/cmd_explain.h src/cmd_history.c src/cmd_history.h \
	src/cmd_report.c src/cmd_report.h src/table.c src/table.h

bin_PROGRAMS += gemmscope
gemmscope_SOURCES = src/main.c
gemmscope_LDADD = $(GS_LIBS)
dist_man1_MANS = src/gemmscope.1
