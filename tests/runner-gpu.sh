#!/bin/sh
# runner-gpu.sh: gemmscope-bench's device backends on a GPU; skipped (77)
# where gemmscope-bench reports no GPU (exit 3).  Every shape is checked
# against the CPU reference by the runner itself, so exit 0 means the
# tiled kernel and the vendor library computed the right product for every
# tile, dtype, transpose, bias and batch below; the methodology columns
# (cache, flushes, clocks) are checked on one tiled run.
set -u
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
BENCH="$top_builddir/gemmscope-bench"
work=$(mktemp -d "${TMPDIR:-/tmp}/gs-runner-gpu-XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
fails=0

fail() {
	echo "FAIL: $*" >&2
	fails=$((fails + 1))
}

"$BENCH" --backend tiled -m 8 -n 8 -k 8 -q -o "$work/probe.csv" 2>"$work/probe.err"
case $? in
3) cat "$work/probe.err"; exit 77 ;;
0) ;;
*) cat "$work/probe.err" >&2; exit 1 ;;
esac

# ragged sizes (not multiples of any tile), every transpose, bias, batch
shapes() {
	for t in NN NT TN TT; do
		a=${t%?}
		b=${t#?}
		"$BENCH" "$@" --transA "$a" --transB "$b" --dtype f32,f16,bf16 \
			-m 200 -n 136 -k 72 --iters 3 --warmup 1 -q -o "$work/out-$t.csv" &&
		"$BENCH" "$@" --transA "$a" --transB "$b" --dtype bf16 --bias --batch 3 \
			-m 67 -n 45 -k 300 --iters 3 --warmup 1 -q -o "$work/bias-$t.csv" ||
		return 1
	done
}

for tile in 128x128x32 64x64x16 16x16x16 256x128x16 96x80x8 256x256x16; do
	shapes --backend tiled --tile $tile || fail "tiled $tile"
done
"$BENCH" --backend tiled --flush --launches 4 --rotating 64 -m 1024 -n 1024 -k 1024 \
	--dtype f16 -q -o "$work/flush.csv" || fail "tiled with --flush --launches 4"
grep -q ',128,128,32,' "$work/flush.csv" || fail "tile columns"
# the methodology on a GPU (runner/README.md): the largest cache known (GPU
# table or runtime), the flush twice it, the instruction cache flushed on
# AMD only, and the clocks sampled where the driver lets us (else say why)
val() { # val COLUMN: its value in flush.csv (no quoted commas in these rows)
	awk -F, -v c="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next }
		{ print $k }' "$work/flush.csv"
}
platform=$(val runtime)
awk -v c="$(val cache_mib)" -v f="$(val flush_mib)" 'BEGIN { exit !(c > 0 && f == 2 * c) }' ||
	fail "cache_mib $(val cache_mib), flush_mib $(val flush_mib)"
case $platform in
HIP*) [ "$(val icache_flushed)" = 1 ] || fail "HIP: icache_flushed $(val icache_flushed)" ;;
*) [ "$(val icache_flushed)" = 0 ] || fail "CUDA: icache_flushed $(val icache_flushed)" ;;
esac
case $(val clock_source) in
"not sampled"*) echo "clocks: $(val clock_source)" ;;
*)
	[ "$(val sclk_mhz_samples | tr ';' '\n' | grep -c '[0-9]')" = 20 ] ||
		fail "sclk_mhz_samples: $(val sclk_mhz_samples)"
	awk -v c="$(val cycles_median)" 'BEGIN { exit !(c > 0) }' || fail "cycles_median"
	echo "clocks from $(val clock_source): sclk $(val sclk_mhz_mean) MHz mean," \
		"$(val throttled_samples) throttled of 20"
	;;
esac

"$BENCH" --backend vendor -m 8 -n 8 -k 8 -q -o "$work/v.csv" 2>"$work/v.err"
if [ $? = 3 ] && grep -q 'no vendor GEMM library' "$work/v.err"; then
	echo "vendor backend not built here: $(cat "$work/v.err")"
else
	shapes --backend vendor || fail "vendor"
	"$BENCH" --ceilings "$work/dev.gpu" --ceilings-size 2048 --iters 5 -q ||
		fail "--ceilings"
	grep -q '^peak_tflops_f16 = [0-9]' "$work/dev.gpu" || fail "spec file"
fi

exit $((fails > 0))
