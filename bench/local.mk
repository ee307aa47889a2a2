## bench/local.mk: performance benchmarks and their recorded results.
## Built by `make check` (so they keep compiling), run by hand:
## bench/trace/run.sh, bench/compare/run.sh, bench/runner/sweep.sh.

check_PROGRAMS += bench/trace/ingest_bench
bench_trace_ingest_bench_SOURCES = bench/trace/ingest_bench.c
bench_trace_ingest_bench_LDADD = $(GS_LIBS)

EXTRA_DIST += \
	bench/compare/RESULTS.md bench/compare/check.py bench/compare/gen.py bench/history/gen.py \
	bench/compare/ingest_compare.c bench/compare/ref.py bench/compare/run.sh \
	bench/runner/README.md bench/runner/cpu-square.csv bench/runner/sweep.sh \
	bench/runner/h100/nvidia-smi.txt bench/runner/h100/tiled-msweep.csv \
	bench/runner/h100/tiled.gpu bench/runner/h100/vendor-msweep.csv \
	bench/runner/h100/vendor.gpu \
	bench/trace/RESULTS.md bench/trace/make_big_trace.py bench/trace/run.sh

# The JSON writer's benchmark (bench/compare/JSON.md), built by hand.
EXTRA_DIST += bench/compare/JSON.md bench/compare/json_write.c
