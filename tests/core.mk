## tests/core.mk: tests of the core (table, compare) and of the command line.

check_PROGRAMS += tests/test_table tests/test_compare
TESTS += tests/test_table tests/test_compare
tests_test_table_SOURCES = tests/test_table.c
tests_test_table_CFLAGS = $(TEST_CFLAGS)
tests_test_table_LDADD = $(TEST_LIBS)
tests_test_compare_SOURCES = tests/test_compare.c
tests_test_compare_CFLAGS = $(TEST_CFLAGS)
tests_test_compare_LDADD = $(TEST_LIBS)

EXTRA_DIST += examples/iree-kernel-benchmark/rocblas-gemm.csv \
	examples/iree-kernel-benchmark/hipblaslt-gemm.csv \
	examples/iree-kernel-benchmark/LICENSE examples/README.md

TESTS += tests/cli.sh tests/confirm.sh tests/sanitizers.sh
EXTRA_DIST += tests/cli.sh tests/confirm.sh tests/sanitizers.sh
clean-local: clean-sanitizers
clean-sanitizers:
	-rm -rf build-sanitizers
.PHONY: clean-sanitizers
