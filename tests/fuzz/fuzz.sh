#!/bin/sh
# fuzz.sh: replay every fuzz target's seeds with fixed-seed mutations
# (tests/fuzz/replay.h).  The ingest target also replays the readers'
# test data.  Any violation or sanitizer report fails.
set -u
: "${top_builddir:?}"
d="$top_builddir/tests/fuzz"
s=tests/fuzz/seeds
rc=0
"$d/fuzz-ingest" tests/data/bad tests/data/csv tests/data/trace/hta tests/data/eff \
	tests/data/cutlass tests/data/nvbench tests/data/benchdnn tests/data/ncu || rc=1
for t in kernel-name gpuspec psize report-json runset writers; do
	"$d/fuzz-$t" "$s/$(echo $t | tr - _)" || rc=1
done
exit $rc
