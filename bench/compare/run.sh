#!/bin/sh
# run.sh: gemmscope compare against the pandas reference at the sizes of a
# tuning sweep (bench/compare/RESULTS.md).
#   sh bench/compare/run.sh BUILD_DIR [N...]        default N: 10000 100000 1000000
#   SAMPLES=10 sh bench/compare/run.sh BUILD_DIR 100000   with per-shape samples
#   GRID=1 sh bench/compare/run.sh BUILD_DIR 1000000      a size sweep's grid (gen.py --grid)
# Each side runs 3 times; the table gives the median wall time and peak RSS
# (GNU time), their ratio, the output sizes, and whether gemmscope's summary
# equals the reference's (check.py).  Inputs are generated once into
# $GS_BENCH_DATA (default /tmp/gs-bench-compare) by gen.py.
set -eu
build=$(cd "${1:?build directory}" && pwd); shift
here=$(cd "$(dirname "$0")" && pwd)
data=${GS_BENCH_DATA:-/tmp/gs-bench-compare}
samples=${SAMPLES:-0}
grid=${GRID:-0}
py=${PYTHON:-python3}
mkdir -p "$data"
[ $# -gt 0 ] || set -- 10000 100000 1000000

# median3 FILE: the median of the first column and of the second of 3 lines.
median3() { sort -n "$1" | sed -n 2p | cut -d' ' -f1; sort -n -k2 "$1" | sed -n 2p | cut -d' ' -f2; }

echo "| shapes | samples | gemmscope s | gemmscope MB | pandas s | pandas MB | time ratio | html MB | json MB | csv MB | numbers |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
for n in "$@"; do
	d="$data/s$samples"
	gen=
	if [ "$grid" = 1 ]; then d="$data/grid-s$samples"; gen=--grid; fi
	[ -f "$d/base-$n.csv" ] || "$py" "$here/gen.py" "$n" "$d" --samples "$samples" $gen
	w=$(mktemp -d "${TMPDIR:-/tmp}/gs-bench.XXXXXX")
	for i in 1 2 3; do
		# Each run writes new files, as a CI job's fresh workspace does:
		# replacing the last run's outputs would make the file system free
		# them (600 MB at a million shapes) inside the timed command.
		rm -f "$w"/r.html "$w"/r.json "$w"/r.csv "$w"/ref.csv "$w"/ref.json
		# Neither side fsyncs: the kernel writes each one's outputs back
		# after it exits, and would do it inside the next timed command
		# (the other side's).  sync, untimed, before each run.
		sync
		/usr/bin/time -f '%e %M' -a -o "$w/gs.t" "$build/gemmscope" compare -q \
			"$d/base-$n.csv" "$d/cand-$n.csv" -o "$w/r.html" --json "$w/r.json" \
			--csv "$w/r.csv" >/dev/null 2>"$w/gs.err" || [ $? -eq 1 ]
		sync
		/usr/bin/time -f '%e %M' -a -o "$w/pd.t" "$py" "$here/ref.py" \
			"$d/base-$n.csv" "$d/cand-$n.csv" "$w/ref.csv" --summary "$w/ref.json"
	done
	set -- $(median3 "$w/gs.t") $(median3 "$w/pd.t")
	agree=$("$py" "$here/check.py" "$w/ref.json" "$w/r.json" || true)
	mb() { echo "scale=1; $(stat -c %s "$1") / 1048576" | bc; }
	echo "| $n | $samples | $1 | $(($2 / 1024)) | $3 | $(($4 / 1024)) |" \
	     "$(awk -v a="$1" -v b="$3" 'BEGIN { printf "%.3f", a / b }') | $(mb "$w/r.html") | $(mb "$w/r.json") |" \
	     "$(mb "$w/r.csv") | $agree |"
	rm -rf "$w"
done
