## src/analysis/local.mk: the analyses; each command builds one report
## model (report.h) from them before any writer runs.

libgs_a_SOURCES += \
	src/analysis/cause.c src/analysis/cause_vocab.c src/analysis/cause.h src/analysis/cliff.c src/analysis/cliff.h src/analysis/compare.c \
	src/analysis/compare.h src/analysis/confirm.c src/analysis/confirm.h \
	src/analysis/effpair.c src/analysis/effpair.h src/analysis/explain.c \
	src/analysis/explain.h src/analysis/gate.c src/analysis/gate.h \
	src/analysis/history.c src/analysis/history.h src/analysis/impact.c \
	src/analysis/impact.h src/analysis/metrics.c src/analysis/metrics.h \
	src/analysis/modes.c src/analysis/modes.h src/analysis/report.c \
	src/analysis/report.h src/analysis/residual.c src/analysis/residual.h src/analysis/single.c src/analysis/single.h
