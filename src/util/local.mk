## src/util/local.mk: the ground layer: errors as values, all-or-nothing
## output files, bounded growth (grow.h),
## checked arithmetic, strict UTF-8, the data directory.  Nothing here
## includes another layer.

libgs_a_SOURCES += \
	src/util/checked.h src/util/datadir.c src/util/hash.h src/util/datadir.h src/util/error.c \
	src/util/error.h src/util/grow.c src/util/grow.h src/util/outfile.c \
	src/util/outfile.h src/util/intern.c src/util/intern.h src/util/ordered.c src/util/ordered.h src/util/par.c src/util/par.h src/util/utf8.c src/util/utf8.h
