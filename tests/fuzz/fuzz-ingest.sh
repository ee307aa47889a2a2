#!/bin/sh
# Replay the readers' seeds with fixed-seed mutations (see fuzz_ingest.c).
exec "${top_builddir:?}/tests/fuzz/fuzz-ingest" tests/data/bad tests/data/csv \
	tests/data/trace/hta tests/data/eff
