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

TESTS += tests/cli.sh tests/confirm.sh tests/sanitizers.sh tests/exports.sh
EXTRA_DIST += tests/cli.sh tests/confirm.sh tests/sanitizers.sh tests/testdata.h \
	tests/exports.sh
clean-local: clean-sanitizers
clean-sanitizers:
	-rm -rf build-sanitizers
.PHONY: clean-sanitizers

# Fuzz targets (tests/fuzz/README.md): each replayed with fixed-seed
# mutations in `make check` (and under ASan in tests/sanitizers.sh); a
# libFuzzer build of each with `make fuzz` (clang).
FUZZ_TARGETS = ingest kernel_name gpuspec psize report_json runset writers
check_PROGRAMS += tests/fuzz/fuzz-ingest tests/fuzz/fuzz-kernel-name \
	tests/fuzz/fuzz-gpuspec tests/fuzz/fuzz-psize tests/fuzz/fuzz-report-json \
	tests/fuzz/fuzz-runset tests/fuzz/fuzz-writers
TESTS += tests/fuzz/fuzz.sh
EXTRA_DIST += tests/fuzz/fuzz.sh tests/fuzz/README.md tests/fuzz/RESULTS.md \
	tests/fuzz/seeds tests/fuzz/crashes
FUZZ_REPLAY = tests/fuzz/replay.c tests/fuzz/replay.h
tests_fuzz_fuzz_ingest_SOURCES = tests/fuzz/fuzz_ingest.c $(FUZZ_REPLAY)
tests_fuzz_fuzz_ingest_LDADD = $(GS_LIBS)
tests_fuzz_fuzz_kernel_name_SOURCES = tests/fuzz/fuzz_kernel_name.c $(FUZZ_REPLAY)
tests_fuzz_fuzz_kernel_name_LDADD = $(GS_LIBS)
tests_fuzz_fuzz_gpuspec_SOURCES = tests/fuzz/fuzz_gpuspec.c $(FUZZ_REPLAY)
tests_fuzz_fuzz_gpuspec_LDADD = $(GS_LIBS)
tests_fuzz_fuzz_psize_SOURCES = tests/fuzz/fuzz_psize.c $(FUZZ_REPLAY)
tests_fuzz_fuzz_psize_LDADD = runner/librunner.a $(GS_LIBS)
tests_fuzz_fuzz_report_json_SOURCES = tests/fuzz/fuzz_report_json.c $(FUZZ_REPLAY)
tests_fuzz_fuzz_report_json_LDADD = $(GS_LIBS)
tests_fuzz_fuzz_runset_SOURCES = tests/fuzz/fuzz_runset.c $(FUZZ_REPLAY)
tests_fuzz_fuzz_runset_LDADD = $(GS_LIBS)
tests_fuzz_fuzz_writers_SOURCES = tests/fuzz/fuzz_writers.c $(FUZZ_REPLAY)
tests_fuzz_fuzz_writers_LDADD = $(GS_LIBS)

# libFuzzer builds: tests/fuzz/fuzz-NAME-libfuzzer for each NAME of
# FUZZ_TARGETS, with UBSan made fatal so that undefined behaviour stops
# the run.  The library sources are compiled once, instrumented, under
# tests/fuzz/obj/.  Run a target as `tests/fuzz/fuzz-NAME-libfuzzer
# CORPUS_DIR $(srcdir)/tests/fuzz/seeds/NAME` (tests/fuzz/README.md).
FUZZ_SAN = -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CC = clang -g -O1 -DGS_LIBFUZZER $(FUZZ_SAN) -I$(srcdir) $(AM_CPPFLAGS) $(DEFS)
FUZZ_OBJ = $(patsubst %.c,tests/fuzz/obj/%.o,$(filter %.c,$(libgs_a_SOURCES) \
	$(runner_librunner_a_SOURCES)))
tests/fuzz/obj/%.o: $(srcdir)/%.c libgs.a runner/librunner.a
	@$(MKDIR_P) $(@D)
	$(AM_V_CC)$(FUZZ_CC) -fsanitize=fuzzer-no-link -c $< -o $@
fuzz: $(FUZZ_OBJ)
	@for t in $(FUZZ_TARGETS); do \
		echo "  FUZZ     tests/fuzz/fuzz-`echo $$t | tr _ -`-libfuzzer"; \
		$(FUZZ_CC) -fsanitize=fuzzer -DGS_FUZZ_DATADIR='"$(abs_top_srcdir)"' \
			$(srcdir)/tests/fuzz/fuzz_$$t.c $(srcdir)/tests/fuzz/replay.c \
			$(FUZZ_OBJ) -o tests/fuzz/fuzz-`echo $$t | tr _ -`-libfuzzer \
			$(XML_LIBS) $(CAIRO_LIBS) $(FONTCONFIG_LIBS) $(ZLIB_LIBS) $(YAJL_LIBS) \
			$(YAML_LIBS) $(SQLITE_LIBS) $(CSV_LIBS) $(LIBS) || exit 1; \
	done
clean-local: clean-fuzz
clean-fuzz:
	-rm -rf tests/fuzz/obj tests/fuzz/*-libfuzzer
.PHONY: fuzz clean-fuzz
