## src/model/eff.mk: owned by its module.
## Efficiency models (GPU specs, kernel names, FLOP/bytes, roofline and
## quantisation, tile model, occupancy), the GPU spec reader, and the
## explain / gpus commands (model, writers, options).
libgs_a_SOURCES += \
	src/model/gpu.c src/model/gpu.h src/model/gpu_impl.h \
	src/model/gpu_table_amd.c src/model/gpu_table_nv.c \
	src/model/gemm.c src/model/gemm.h \
	src/model/kernel_name.c src/model/kernel_name.h src/model/kernel_name_impl.h \
	src/model/kernel_name_nv.c src/model/kernel_name_amd.c src/model/kernel_math.c \
	src/model/efficiency.c src/model/efficiency.h \
	src/model/tile_model.c src/model/tile_model.h \
	src/model/occupancy.c src/model/occupancy.h \
	src/ingest/gpuspec.c src/ingest/gpuspec.h \
	src/ingest/gpuspec_read.c src/ingest/gpuspec_impl.h \
	src/analysis/explain.c src/analysis/explain.h \
	src/cmd_explain.c src/cmd_explain.h

check_PROGRAMS += tests/test_gpu tests/test_gpu_variant tests/test_kernel_name tests/test_efficiency \
	tests/test_tile_model tests/test_occupancy
TESTS += tests/test_gpu tests/test_gpu_variant tests/test_kernel_name tests/test_efficiency \
	tests/test_tile_model tests/test_occupancy tests/explain.sh

tests_test_gpu_SOURCES = tests/test_gpu.c tests/eff_test.h
tests_test_gpu_CFLAGS = $(TEST_CFLAGS)
tests_test_gpu_LDADD = $(TEST_LIBS)
tests_test_gpu_variant_SOURCES = tests/test_gpu_variant.c tests/eff_test.h
tests_test_gpu_variant_CFLAGS = $(TEST_CFLAGS)
tests_test_gpu_variant_LDADD = $(TEST_LIBS)
tests_test_kernel_name_SOURCES = tests/test_kernel_name.c tests/eff_test.h
tests_test_kernel_name_CFLAGS = $(TEST_CFLAGS)
tests_test_kernel_name_LDADD = $(TEST_LIBS)
tests_test_efficiency_SOURCES = tests/test_efficiency.c tests/eff_test.h
tests_test_efficiency_CFLAGS = $(TEST_CFLAGS)
tests_test_efficiency_LDADD = $(TEST_LIBS)
tests_test_tile_model_SOURCES = tests/test_tile_model.c tests/eff_test.h
tests_test_tile_model_CFLAGS = $(TEST_CFLAGS)
tests_test_tile_model_LDADD = $(TEST_LIBS)
tests_test_occupancy_SOURCES = tests/test_occupancy.c tests/eff_test.h
tests_test_occupancy_CFLAGS = $(TEST_CFLAGS)
tests_test_occupancy_LDADD = $(TEST_LIBS)

EXTRA_DIST += tests/explain.sh \
	tests/data/eff/README.md \
	tests/data/eff/kernel_names.tsv \
	tests/data/eff/spec_lab.yaml \
	tests/data/eff/spec_bad.yaml \
	tests/data/eff/spec_bench.txt \
	tests/data/eff/tracelens/LICENSE \
	tests/data/eff/tracelens/mi300_gemms.tsv \
	tests/data/eff/tracelens/h100_gemms.tsv \
	tests/data/eff/tracelens/rocprof_mi350x_gemms.tsv \
	tests/data/eff/hta/LICENSE \
	tests/data/eff/hta/mi250_gemms.tsv
