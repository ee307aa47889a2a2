#!/bin/sh
# bench/trace/run.sh: trace ingest speed and memory (results: RESULTS.md).
#
# Builds ~12, ~60 and ~570 MB PyTorch traces from the Qwen MI300X trace
# (make_big_trace.py) under $OUT (default /tmp/gs-trace-bench, never the
# source tree), gzips them, and runs `zcat FILE.gz > /dev/null` and
# `ingest_bench FILE.gz` (and on the plain FILE) $RUNS times each under
# /usr/bin/time -v.  Prints one markdown row per size: the best (minimum)
# wall time of each, their ratio, MB/s of JSON ingested, and peak RSS.
#
# Usage: bench/trace/run.sh BUILDDIR [SRCDIR]
set -eu
build=${1:?usage: run.sh BUILDDIR [SRCDIR]}
src=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
out=${OUT:-/tmp/gs-trace-bench}
runs=${RUNS:-5}
trace=$src/tests/data/trace/tracelens/mi300/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz
bench=$build/bench/trace/ingest_bench
mkdir -p "$out"

# seconds from /usr/bin/time -v's "m:ss.cc"
wall() {
	sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$1" |
	awk -F: '{ print $(NF-1) * 60 + $NF }'
}
peak() { sed -n 's/.*Maximum resident set size (kbytes): //p' "$1"; }
best() { sort -g | head -1; }

echo "| copies | JSON MB | gzip MB | zcat s | .json.gz s | ratio | .json s | JSON MB/s (gz) | peak RSS MB (gz) | calls | skipped |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for copies in 2 10 96; do
	f=$out/qwen_x$copies.json
	[ -s "$f.gz" ] || {
		python3 "$src/bench/trace/make_big_trace.py" "$trace" "$copies" > "$f"
		gzip -kf "$f"
	}
	: > "$out/z.s"; : > "$out/g.s"; : > "$out/j.s"; : > "$out/g.kb"
	i=0
	while [ $i -lt "$runs" ]; do
		/usr/bin/time -v -o "$out/t" sh -c "zcat '$f.gz' > /dev/null"; wall "$out/t" >> "$out/z.s"
		/usr/bin/time -v -o "$out/t" "$bench" "$f.gz" > "$out/gz.out"; wall "$out/t" >> "$out/g.s"
		peak "$out/t" >> "$out/g.kb"
		/usr/bin/time -v -o "$out/t" "$bench" "$f" > /dev/null; wall "$out/t" >> "$out/j.s"
		i=$((i + 1))
	done
	json=$(wc -c < "$f"); gz=$(wc -c < "$f.gz")
	z=$(best < "$out/z.s"); g=$(best < "$out/g.s"); j=$(best < "$out/j.s")
	kb=$(sort -n "$out/g.kb" | tail -1)
	calls=$(sed -n 's/.* \([0-9]*\) calls.*/\1/p' "$out/gz.out")
	skipped=$(sed -n 's/.* \([0-9]*\) skipped.*/\1/p' "$out/gz.out")
	awk -v c="$copies" -v json="$json" -v gz="$gz" -v z="$z" -v g="$g" -v j="$j" \
	    -v kb="$kb" -v calls="$calls" -v sk="$skipped" 'BEGIN {
		printf "| %d | %.1f | %.1f | %.2f | %.2f | %.2f | %.2f | %.0f | %.1f | %s | %s |\n",
		       c, json / 1e6, gz / 1e6, z, g, g / z, j, json / 1e6 / g, kb / 1024, calls, sk }'
done
