## src/ingest/csv.mk: owned by its module.
## Benchmark-CSV readers: the generic libcsv row reader (csvrows.h, also
## used for rocprofv3 kernel_trace.csv) and the dialects behind
## gs_csv_read() (ingest.h).

libgs_a_SOURCES += \
	src/ingest/csv.c src/ingest/csvrows.h src/ingest/csv_rows.c \
	src/ingest/csv_read.h src/ingest/csv_bind.c src/ingest/csv_plain.c \
	src/ingest/csv_bench.c src/ingest/csv_tensile.c src/ingest/fields.c \
	src/ingest/csv_value.c src/ingest/csv_value.h

check_PROGRAMS += tests/test_csv tests/test_csvrows
TESTS += tests/test_csv tests/test_csvrows
tests_test_csv_SOURCES = tests/test_csv.c
tests_test_csv_CFLAGS = $(TEST_CFLAGS)
tests_test_csv_LDADD = $(TEST_LIBS)
tests_test_csvrows_SOURCES = tests/test_csvrows.c
tests_test_csvrows_CFLAGS = $(TEST_CFLAGS)
tests_test_csvrows_LDADD = $(TEST_LIBS)

EXTRA_DIST += \
	tests/data/bad/README.md \
	tests/data/bad/bad-dtype.csv \
	tests/data/bad/bad-quote.csv \
	tests/data/bad/empty.csv \
	tests/data/bad/garbage.bin \
	tests/data/bad/header-only.csv \
	tests/data/bad/negative-time.csv \
	tests/data/bad/nonnumeric-time.csv \
	tests/data/bad/ragged.csv \
	tests/data/bad/truncated.csv.gz \
	tests/data/bad/unknown-columns.csv \
	tests/data/bad/zero-dim.csv \
	tests/data/csv/README.md \
	tests/data/csv/bom-crlf-quoted.csv \
	tests/data/csv/hipblaslt-bench.txt \
	tests/data/csv/iree-excluded.csv \
	tests/data/csv/iree-tatb.csv \
	tests/data/csv/mapped.csv \
	tests/data/csv/native.csv \
	tests/data/csv/repeated.csv \
	tests/data/csv/rocblas-bench.txt \
	tests/data/csv/tensile-nowinner.csv \
	tests/data/csv/tensile-winner.csv \
	tests/data/csv/tracelens/LICENSE \
	tests/data/csv/tracelens/bert-GEMM.csv
