## tests/local.mk: every test.  Each tests/test_X.c is a cmocka binary of
## its own (automake's default source) linked with libgs and cmocka
## (LDADD in Makefile.am); the shell tests run the built programs end to
## end; sanitizers.sh runs the whole suite again under ASan and UBSan.

check_PROGRAMS += \
	tests/test_cause tests/test_changepoint tests/test_compare tests/test_csv \
	tests/test_csvrows tests/test_efficiency tests/test_gpu \
	tests/test_gpu_variant tests/test_grow tests/test_history tests/test_impact \
	tests/test_kernel_name tests/test_metrics tests/test_modes \
	tests/test_occupancy tests/test_plot tests/test_plot_dense tests/test_plot_figs tests/test_psize \
	tests/test_render tests/test_render_eff tests/test_render_output \
	tests/test_rocprof tests/test_runner tests/test_single tests/test_stats \
	tests/test_table tests/test_tile_model tests/test_trace \
	tests/test_trace_shape tests/test_utf8 tests/test_util

TESTS += \
	tests/test_cause tests/test_changepoint tests/test_compare tests/test_csv \
	tests/test_csvrows tests/test_efficiency tests/test_gpu \
	tests/test_gpu_variant tests/test_grow tests/test_history tests/test_impact \
	tests/test_kernel_name tests/test_metrics tests/test_modes \
	tests/test_occupancy tests/test_plot tests/test_plot_dense tests/test_plot_figs tests/test_psize \
	tests/test_render tests/test_render_eff tests/test_render_output \
	tests/test_rocprof tests/test_runner tests/test_single tests/test_stats \
	tests/test_table tests/test_tile_model tests/test_trace \
	tests/test_trace_shape tests/test_utf8 tests/test_util

TESTS += \
	tests/bad-inputs.sh tests/causes.sh tests/cli.sh tests/confirm.sh tests/explain.sh \
	tests/exports.sh tests/gates.sh tests/history.sh tests/html-scale.sh tests/layers.sh tests/writers-scale.sh \
	tests/manpage.sh tests/outputs.sh \
	tests/readme-nightly.sh tests/report.sh tests/runner-gpu.sh tests/runner.sh \
	tests/style.sh tests/sanitizers.sh

# Kendall's tau-b, measured/predicted residuals, cliffs and the sweep
# figure (issue 13 §3, §4).
check_PROGRAMS += tests/test_kendall tests/test_residual tests/test_cliff tests/test_plot_sweep
TESTS += tests/test_kendall tests/test_residual tests/test_cliff tests/test_plot_sweep

# What each input says of its machine and software (issue 13 §5).
check_PROGRAMS += tests/test_env
TESTS += tests/test_env tests/environment.sh
EXTRA_DIST += tests/environment.sh

# README's issue 13 worked examples, run as written.
TESTS += tests/readme-causes.sh
EXTRA_DIST += tests/readme-causes.sh

# Issue 10: the outputs agree about every number; the markdown stays short.
check_PROGRAMS += tests/test_agree
TESTS += tests/test_agree tests/markdown-scale.sh
EXTRA_DIST += tests/markdown-scale.sh

# Issue 12: a memory roof, compute roofs and ridges per GPU; GPU boards.
check_PROGRAMS += tests/test_roofs
TESTS += tests/test_roofs tests/gpus.sh
EXTRA_DIST += tests/gpus.sh

# The runner's own tests link its library (runner/local.mk).
tests_test_runner_LDADD = $(RUNNER_LIBS) $(LDADD)
tests_test_psize_LDADD = $(RUNNER_LIBS) $(LDADD)

# The runner's methodology (issue 14 §1): cache sizing, flushes, warm-up,
# OpenBLAS against the reference loop, size overflow; the clock sampler
# against fake sysfs/NVML/cpuinfo sources.  tests/fake-nvml.so stands in for
# libnvidia-ml.so.1 (tests/fake_nvml.c).
check_PROGRAMS += tests/test_runner_method tests/test_runner_clocks
TESTS += tests/test_runner_method tests/test_runner_clocks
tests_test_runner_method_LDADD = $(RUNNER_LIBS) $(LDADD)
tests_test_runner_clocks_LDADD = $(RUNNER_LIBS) $(LDADD)
tests_test_runner_method_CPPFLAGS = $(AM_CPPFLAGS) $(OPENBLAS_CFLAGS)
check_DATA = tests/fake-nvml.so
tests/fake-nvml.so: $(srcdir)/tests/fake_nvml.c
	$(AM_V_CC)$(MKDIR_P) tests && \
	$(CC) $(AM_CFLAGS) $(CFLAGS) -fPIC -shared $(AM_LDFLAGS) $(LDFLAGS) -o $@ \
		$(srcdir)/tests/fake_nvml.c
CLEANFILES += tests/fake-nvml.so
EXTRA_DIST += tests/fake_nvml.c tests/runner_test.h

EXTRA_DIST += \
	tests/eff_test.h tests/plot_test.h tests/render_test.h tests/testdata.h \
	tests/lib.sh tests/bad-inputs.sh tests/causes.sh tests/cli.sh tests/confirm.sh tests/explain.sh \
	tests/exports.sh tests/gates.sh tests/history.sh tests/html-scale.sh tests/layers.sh tests/writers-scale.sh \
	tests/manpage.sh tests/outputs.sh \
	tests/readme-nightly.sh tests/report.sh tests/runner-gpu.sh tests/runner.sh \
	tests/style.sh tests/sanitizers.sh

EXTRA_DIST += \
	tests/data/bad-inputs/README.md \
	tests/data/bad-inputs/confirm-weird-dims.json \
	tests/data/bad-inputs/esc-dtype.csv tests/data/bad-inputs/good-base.csv \
	tests/data/bad-inputs/good-cand.csv \
	tests/data/bad-inputs/gz-truncated-in-header.json.gz \
	tests/data/bad-inputs/inj-base.csv tests/data/bad-inputs/inj-cand.csv \
	tests/data/bad-inputs/kt-duration-overflow.csv \
	tests/data/bad-inputs/laugh11.yaml tests/data/bad-inputs/laugh9.yaml \
	tests/data/bad-inputs/nul-after-4k.csv \
	tests/data/bad-inputs/overlong-utf8-base.csv \
	tests/data/bad-inputs/overlong-utf8-cand.csv \
	tests/data/bad-inputs/ps-huge-exact.yaml \
	tests/data/bad-inputs/rocpd-duration-overflow.db \
	tests/data/bad-inputs/rocprof-duration-overflow.json \
	tests/data/bad-inputs/shapes-size-overflow.csv \
	tests/data/bad-inputs/tiles-overflow.csv \
	tests/data/bad-inputs/time-1e308.csv tests/data/bad-inputs/time-denormal.csv \
	tests/data/bad-inputs/utf8-5byte-base.csv \
	tests/data/bad-inputs/utf8-5byte-cand.csv \
	tests/data/bad-inputs/yaml-nest100k.yaml tests/data/bad/README.md \
	tests/data/bad/bad-dtype.csv tests/data/bad/bad-quote.csv \
	tests/data/bad/empty.csv tests/data/bad/garbage.bin \
	tests/data/bad/header-only.csv tests/data/bad/negative-time.csv \
	tests/data/bad/nonnumeric-time.csv tests/data/bad/ragged.csv \
	tests/data/bad/truncated.csv.gz tests/data/bad/unknown-columns.csv \
	tests/data/bad/zero-dim.csv tests/data/csv/README.md \
	tests/data/csv/bom-crlf-quoted.csv tests/data/csv/hipblaslt-bench.txt \
	tests/data/csv/hipblaslt-bench-v1.txt tests/data/csv/hipblaslt-grep.txt \
	tests/data/csv/tensile-nonbatched.csv \
	tests/data/csv/iree-excluded.csv tests/data/csv/iree-tatb.csv \
	tests/data/csv/mapped.csv tests/data/csv/native.csv \
	tests/data/csv/repeated.csv tests/data/csv/rocblas-bench.txt \
	tests/data/csv/tensile-nowinner.csv tests/data/csv/tensile-winner.csv \
	tests/data/csv/tracelens/LICENSE tests/data/csv/tracelens/bert-GEMM.csv \
	tests/data/eff/README.md tests/data/eff/hta/LICENSE \
	tests/data/eff/hta/mi250_gemms.tsv tests/data/eff/kernel_names.tsv \
	tests/data/eff/spec_bad.yaml tests/data/eff/spec_bench.txt \
	tests/data/eff/spec_lab.yaml tests/data/eff/tracelens/LICENSE \
	tests/data/eff/tracelens/h100_gemms.tsv \
	tests/data/eff/tracelens/mi300_gemms.tsv \
	tests/data/eff/tracelens/rocprof_mi350x_gemms.tsv tests/data/history/LICENSE \
	tests/data/history/README.md tests/data/history/dated/nightly-a.csv \
	tests/data/history/gap/run-0.csv tests/data/history/gap/run-1.csv \
	tests/data/history/gap/run-2.csv tests/data/history/gap/run-3.csv \
	tests/data/history/gap/run-4.csv tests/data/history/gap/run-5.csv \
	tests/data/history/gap/run-6.csv tests/data/history/gap/run-7.csv \
	tests/data/history/dated/nightly-b.csv \
	tests/data/history/dated/nightly-c.csv tests/data/history/make-history.sh \
	tests/data/history/modes/gemm-comm_only.csv \
	tests/data/history/modes/gemm-comp_only.csv \
	tests/data/history/modes/gemm-full.csv \
	tests/data/history/modes/gemm-no_overlap.csv tests/data/history/xe/f16.csv \
	tests/data/history/xe/try1-i8.csv tests/data/history/xe/try2.csv \
	tests/data/history/xe/try3.csv tests/data/runner/README.md \
	tests/data/runner/h100-tiled-msweep.csv tests/data/runner/h100-vendor-msweep.csv \
	tests/data/runner/bad-range.yaml tests/data/runner/regressions.csv \
	tests/data/runner/sizes.yaml tests/data/runner/tensile-config.yaml \
	tests/data/trace/README.md tests/data/trace/hta/LICENSE \
	tests/data/trace/hta/mi250_minitoy_train_ROCm6_2_kineto.json.gz \
	tests/data/trace/reconstructed/a100_pg509_fp32.json.gz \
	tests/data/trace/reconstructed/make_traces.py \
	tests/data/trace/reconstructed/v100_sxm2_fp16.json.gz \
	tests/data/trace/rocprof/derive_kernel_trace.py \
	tests/data/trace/rocprof/kernel_trace_rocpd.csv \
	tests/data/trace/rocprof/kernel_trace_v1.csv \
	tests/data/trace/rocprof/kernel_trace_v2.csv.gz \
	tests/data/trace/tracelens/LICENSE \
	tests/data/trace/tracelens/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz \
	tests/data/trace/tracelens/h100/Qwen_Qwen1.5-0.5B-Chat__1016005_perf_report_csvs/GEMM.csv \
	tests/data/trace/tracelens/mi300/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz \
	tests/data/trace/tracelens/mi300/Qwen_Qwen1.5-0.5B-Chat__1016005_perf_report_csvs/GEMM.csv \
	tests/data/trace/tracelens/mi300/gaunernst_bert-small-uncased__1016001.json.gz \
	tests/data/trace/tracelens/mi300/gaunernst_bert-small-uncased__1016001_perf_report_csvs/GEMM.csv \
	tests/data/trace/tracelens/rocprof/908_results.json.gz

clean-local: clean-sanitizers clean-fuzz
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
tests_fuzz_fuzz_psize_LDADD = $(RUNNER_LIBS) $(GS_LIBS)
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
FUZZ_CC = clang -g -O1 -DGS_LIBFUZZER $(FUZZ_SAN) -I$(srcdir) $(AM_CPPFLAGS) $(OPENBLAS_CFLAGS) $(DEFS)
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
			$(YAML_LIBS) $(SQLITE_LIBS) $(CSV_LIBS) $(OPENBLAS_LIBS) $(LIBS) || exit 1; \
	done
clean-fuzz:
	-rm -rf tests/fuzz/obj tests/fuzz/*-libfuzzer
.PHONY: fuzz clean-fuzz

# What a kernel's name says it does; a profile's time by kernel class
# (issue 12).
check_PROGRAMS += tests/test_kernel_class
TESTS += tests/test_kernel_class
EXTRA_DIST += tests/data/eff/kernel_classes.tsv
TESTS += tests/kernels.sh
EXTRA_DIST += tests/kernels.sh
EXTRA_DIST += tests/data/trace/rocpd/gfx1151-torch8192.sql \
	tests/data/trace/rocpd/gfx1151-torch8192.db

# Other tools' outputs (issue 14 §2): a reader test per format on the
# reconstructed runs of tests/data/{cutlass,nvbench,benchdnn,ncu}, and
# compare/report of each end to end.
check_PROGRAMS += tests/test_cutlass tests/test_nvbench tests/test_benchdnn tests/test_ncu
TESTS += tests/test_cutlass tests/test_nvbench tests/test_benchdnn tests/test_ncu
EXTRA_DIST += tests/readers_test.h \
	tests/data/cutlass/README.md tests/data/cutlass/make-cutlass.py \
	tests/data/cutlass/h100-cutlass-3.5.gemm.csv tests/data/cutlass/h100-cutlass-3.8.gemm.csv \
	tests/data/cutlass/bad-runtime.gemm.csv \
	tests/data/nvbench/README.md tests/data/nvbench/make-nvbench.py \
	tests/data/nvbench/h100-cublaslt-12.4.json tests/data/nvbench/h100-cublaslt-12.4.csv \
	tests/data/nvbench/h100-cublaslt-12.4.json-bin tests/data/nvbench/h100-cublaslt-12.8.json \
	tests/data/nvbench/h100-cublaslt-12.8.csv tests/data/nvbench/bad-axis.json \
	tests/data/nvbench/bad-time.csv \
	tests/data/benchdnn/README.md tests/data/benchdnn/make-benchdnn.py \
	tests/data/benchdnn/spr-onednn-3.5.txt tests/data/benchdnn/spr-onednn-3.6.txt \
	tests/data/benchdnn/v1-deprecated.txt tests/data/benchdnn/bad-descriptor.txt \
	tests/data/ncu/README.md tests/data/ncu/make-ncu.py \
	tests/data/ncu/h100-linear-ncu2022.csv tests/data/ncu/h100-linear-ncu2024.csv \
	tests/data/ncu/bad-duration.csv
TESTS += tests/readers.sh
EXTRA_DIST += tests/readers.sh
