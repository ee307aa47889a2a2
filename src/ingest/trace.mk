## src/ingest/trace.mk: PyTorch profiler traces and rocprofv3 outputs as
## inputs (trace*.c: Kineto JSON; rocprof.c: kernel_trace.csv, JSON,
## rocpd), the JSON streaming driver and the progress bar.

libgs_a_SOURCES += \
	src/ingest/trace.c src/ingest/trace.h src/ingest/trace_store.c \
	src/ingest/trace_event.c \
	src/ingest/trace_impl.h src/ingest/trace_link.c \
	src/ingest/trace_shape.c src/ingest/trace_shape.h \
	src/ingest/trace_json.c src/ingest/trace_json.h \
	src/ingest/rocprof.c src/ingest/rocprof.h src/ingest/rocprof_impl.h \
	src/ingest/rocprof_json.c src/ingest/rocpd.c \
	src/ingest/progress.c src/ingest/progress.h

check_PROGRAMS += tests/test_trace tests/test_trace_shape tests/test_rocprof
TESTS += tests/test_trace tests/test_trace_shape tests/test_rocprof
tests_test_trace_SOURCES = tests/test_trace.c
tests_test_trace_CFLAGS = $(TEST_CFLAGS)
tests_test_trace_LDADD = $(TEST_LIBS)
tests_test_trace_shape_SOURCES = tests/test_trace_shape.c
tests_test_trace_shape_CFLAGS = $(TEST_CFLAGS)
tests_test_trace_shape_LDADD = $(TEST_LIBS)
tests_test_rocprof_SOURCES = tests/test_rocprof.c
tests_test_rocprof_CFLAGS = $(TEST_CFLAGS)
tests_test_rocprof_LDADD = $(TEST_LIBS)

# Ingest benchmark driver (bench/trace/RESULTS.md); built by `make check`,
# not run by it.
check_PROGRAMS += bench/trace/ingest_bench
bench_trace_ingest_bench_SOURCES = bench/trace/ingest_bench.c
bench_trace_ingest_bench_LDADD = $(GS_LIBS)

EXTRA_DIST += \
	tests/data/trace/README.md \
	tests/data/trace/tracelens/LICENSE \
	tests/data/trace/tracelens/mi300/gaunernst_bert-small-uncased__1016001.json.gz \
	tests/data/trace/tracelens/mi300/gaunernst_bert-small-uncased__1016001_perf_report_csvs/GEMM.csv \
	tests/data/trace/tracelens/mi300/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz \
	tests/data/trace/tracelens/mi300/Qwen_Qwen1.5-0.5B-Chat__1016005_perf_report_csvs/GEMM.csv \
	tests/data/trace/tracelens/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz \
	tests/data/trace/tracelens/h100/Qwen_Qwen1.5-0.5B-Chat__1016005_perf_report_csvs/GEMM.csv \
	tests/data/trace/tracelens/rocprof/908_results.json.gz \
	tests/data/trace/hta/LICENSE \
	tests/data/trace/hta/mi250_minitoy_train_ROCm6_2_kineto.json.gz \
	tests/data/trace/rocprof/derive_kernel_trace.py \
	tests/data/trace/rocprof/kernel_trace_v2.csv.gz \
	tests/data/trace/rocprof/kernel_trace_v1.csv \
	tests/data/trace/rocprof/kernel_trace_rocpd.csv \
	bench/trace/RESULTS.md bench/trace/make_big_trace.py bench/trace/run.sh
