## tests/core.mk: tests of the core (table, compare) and of the command line.

check_PROGRAMS += tests/test_table tests/test_compare tests/test_grow \
	tests/test_utf8 tests/test_util
TESTS += tests/test_table tests/test_compare tests/test_grow \
	tests/test_utf8 tests/test_util
tests_test_utf8_SOURCES = tests/test_utf8.c
tests_test_utf8_CFLAGS = $(TEST_CFLAGS)
tests_test_utf8_LDADD = $(TEST_LIBS)
tests_test_util_SOURCES = tests/test_util.c
tests_test_util_CFLAGS = $(TEST_CFLAGS)
tests_test_util_LDADD = $(TEST_LIBS)
tests_test_grow_SOURCES = tests/test_grow.c
tests_test_grow_CFLAGS = $(TEST_CFLAGS)
tests_test_grow_LDADD = $(TEST_LIBS)
tests_test_table_SOURCES = tests/test_table.c
tests_test_table_CFLAGS = $(TEST_CFLAGS)
tests_test_table_LDADD = $(TEST_LIBS)
tests_test_compare_SOURCES = tests/test_compare.c
tests_test_compare_CFLAGS = $(TEST_CFLAGS)
tests_test_compare_LDADD = $(TEST_LIBS)

EXTRA_DIST += examples/iree-kernel-benchmark/rocblas-gemm.csv \
	examples/iree-kernel-benchmark/hipblaslt-gemm.csv \
	examples/iree-kernel-benchmark/LICENSE examples/README.md

TESTS += tests/outputs.sh
EXTRA_DIST += tests/outputs.sh
TESTS += tests/cli.sh tests/confirm.sh tests/sanitizers.sh tests/exports.sh \
	tests/layers.sh tests/manpage.sh tests/readme-nightly.sh
EXTRA_DIST += tests/cli.sh tests/confirm.sh tests/sanitizers.sh tests/testdata.h \
	tests/exports.sh tests/layers.sh tests/manpage.sh tests/readme-nightly.sh
clean-local: clean-sanitizers
clean-sanitizers:
	-rm -rf build-sanitizers
.PHONY: clean-sanitizers

# Fuzz target of every reader: replayed with fixed-seed mutations in
# `make check` (and under ASan in tests/sanitizers.sh); a libFuzzer build
# with `make fuzz` (clang).
check_PROGRAMS += tests/fuzz/fuzz-ingest
TESTS += tests/fuzz/fuzz-ingest.sh
EXTRA_DIST += tests/fuzz/fuzz-ingest.sh
tests_fuzz_fuzz_ingest_SOURCES = tests/fuzz/fuzz_ingest.c
tests_fuzz_fuzz_ingest_LDADD = $(GS_LIBS)

fuzz: libgs.a
	$(MKDIR_P) tests/fuzz
	clang -g -O1 -DGS_LIBFUZZER -fsanitize=fuzzer,address,undefined \
		-I$(srcdir) $(AM_CPPFLAGS) $(DEFS) \
		$(srcdir)/tests/fuzz/fuzz_ingest.c \
		$(addprefix $(srcdir)/,$(filter %.c,$(libgs_a_SOURCES))) \
		-o tests/fuzz/fuzz-ingest-libfuzzer $(XML_LIBS) $(CAIRO_LIBS) \
		$(FONTCONFIG_LIBS) $(ZLIB_LIBS) $(YAJL_LIBS) $(YAML_LIBS) $(SQLITE_LIBS) \
		$(CSV_LIBS) $(LIBS)
.PHONY: fuzz
