## src/ingest/local.mk: every reader, each filling the table (src/table.h):
## benchmark CSV dialects, PyTorch traces, rocprofv3 outputs, GPU spec
## files, history run sets, report JSON; sniffing in sniff.c only.

libgs_a_SOURCES += \
	src/ingest/csv.c src/ingest/csv_bench.c src/ingest/csv_bind.c \
	src/ingest/csv_plain.c src/ingest/csv_read.h src/ingest/csv_rows.c \
	src/ingest/csv_tensile.c src/ingest/csv_value.c src/ingest/csv_value.h \
	src/ingest/csvrows.h src/ingest/fields.c src/ingest/finish.c \
	src/ingest/gpuspec.c src/ingest/gpuspec.h src/ingest/gpuspec_impl.h \
	src/ingest/gpuspec_read.c src/ingest/ingest.h src/ingest/input.c \
	src/ingest/input.h src/ingest/progress.c src/ingest/progress.h \
	src/ingest/report_json.c src/ingest/report_json.h src/ingest/rocpd.c \
	src/ingest/rocprof.c src/ingest/rocprof.h src/ingest/rocprof_impl.h \
	src/ingest/rocprof_json.c src/ingest/runset.c src/ingest/runset.h \
	src/ingest/runset_dir.c src/ingest/sniff.c src/ingest/trace.c \
	src/ingest/trace.h src/ingest/trace_event.c src/ingest/trace_impl.h \
	src/ingest/trace_json.c src/ingest/trace_json.h src/ingest/trace_link.c \
	src/ingest/trace_shape.c src/ingest/trace_shape.h src/ingest/trace_store.c

# Other tools' outputs (issue 14 §2): the CUTLASS profiler and nvbench CSVs
# (dialects of csv.c), nvbench JSON, oneDNN benchdnn perf lines, Nsight
# Compute CSV.
libgs_a_SOURCES += \
	src/ingest/benchdnn.c src/ingest/benchdnn.h src/ingest/benchdnn_prb.c \
	src/ingest/lines.c src/ingest/lines.h src/ingest/ncu.c src/ingest/ncu.h \
	src/ingest/csv_cutlass.c src/ingest/csv_nvbench.c src/ingest/nvbench.h \
	src/ingest/nvbench_axes.c src/ingest/nvbench_impl.h src/ingest/nvbench_json.c \
	src/ingest/nvbench_state.c src/ingest/units.c src/ingest/units.h
