#!/bin/sh
# report.sh: `gemmscope report INPUT` and the efficiency parts of
# `gemmscope compare`, end to end through the built binary, on the real
# traces and GEMM.csv files of tests/data/trace and the Xe counter files of
# tests/data/history/xe.  The numbers themselves are checked by
# tests/test_single, tests/test_render(_eff); here: exit statuses, which
# outputs exist, the GPU choice, the no-GPU hint, round trips and
# byte-identical reruns.
set -u

: "${GEMMSCOPE:?GEMMSCOPE must name the built binary}"
src=${top_srcdir:-.}
tl=$src/tests/data/trace/tracelens
qwen=Qwen_Qwen1.5-0.5B-Chat__1016005
mi300=$tl/mi300/$qwen.json.gz
h100=$tl/h100/$qwen.json.gz
mi300_csv=$tl/mi300/${qwen}_perf_report_csvs/GEMM.csv
xe=$src/tests/data/history/xe
tmp=$(mktemp -d "${TMPDIR:-/tmp}/report-sh.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH

failures=0
fail() {
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}

# run NAME WANT_STATUS ARGS...: run gemmscope, stdout/stderr to $tmp/NAME.*
run() {
	name=$1 want=$2
	shift 2
	"$GEMMSCOPE" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
	got=$?
	[ "$got" -eq "$want" ] || { fail "$name: exit $got, want $want"; cat "$tmp/$name.err" >&2; }
}

has() {   # has FILE TEXT: FILE contains TEXT (fixed string)
	grep -qF -- "$2" "$1" || fail "$1 lacks '$2'"
}

lacks() {
	! grep -qF -- "$2" "$1" || fail "$1 contains '$2'"
}

# 1. report on the MI300X trace: every output, GPU from the trace
run mi300 0 report "$mi300" -o "$tmp/r.html" --json-indent --json "$tmp/r.json" \
	--csv "$tmp/r.csv" --markdown "$tmp/r.md"
for f in r.html r.json r.csv r.md; do
	[ -s "$tmp/$f" ] || fail "report did not write $f"
done
has "$tmp/mi300.out" "5 shapes"
has "$tmp/mi300.out" "GPU MI300X"
[ "$(wc -l <"$tmp/r.csv")" -eq 6 ] || fail "r.csv: want a header and 5 rows"
has "$tmp/r.csv" "tile_m,tile_n,tile_k,tile_eff,wq_eff,dim_eff"
has "$tmp/r.json" '"command": "report"'
has "$tmp/r.html" 'id="fig-roofline"'
has "$tmp/r.html" 'id="fig-tiles-4"'
has "$tmp/r.md" "### Top 5 shapes by total time"

# 2. the same again gives the same bytes
run again 0 report "$mi300" -o "$tmp/r2.html" --json-indent --json "$tmp/r2.json" -q
cmp -s "$tmp/r.html" "$tmp/r2.html" || fail "report HTML differs between runs"
cmp -s "$tmp/r.json" "$tmp/r2.json" || fail "report JSON differs between runs"
[ -s "$tmp/again.out" ] && fail "-q printed a summary"

# 3. the report's CSV reads back: the same medians, every shape matched
run roundtrip 0 compare "$tmp/r.csv" "$mi300" -o "$tmp/rt.html"
has "$tmp/roundtrip.out" "5 shapes matched: geomean speedup 1.0000"

# 4. an unknown --gpu: usage error, nothing written
run badgpu 2 report "$mi300" --gpu no-such-gpu -o "$tmp/bad.html"
has "$tmp/badgpu.err" "unknown GPU"
[ -e "$tmp/bad.html" ] && fail "bad.html written despite the error"

# 5. JUnit needs a comparison: the whole run fails, no HTML either
run junit 2 report "$mi300" -o "$tmp/j.html" --junit "$tmp/j.xml"
[ -e "$tmp/j.html" ] && fail "j.html written although --junit failed"

# 6. a GEMM.csv names no GPU: the hint; --gpu mi300x adds the roofline
run nogpu 0 report "$mi300_csv" -o "$tmp/n.html"
has "$tmp/n.html" "--gpu mi300x"
lacks "$tmp/n.html" 'id="fig-roofline"'
has "$tmp/nogpu.out" "GPU unknown"
run withgpu 0 report "$mi300_csv" --gpu mi300x -o "$tmp/g.html"
has "$tmp/g.html" 'id="fig-roofline"'
has "$tmp/g.html" "chosen by --gpu"

# 7. compare H100 -> MI300X traces: each side on its own GPU, tile grids
run cmp 0 compare "$h100" "$mi300" -o "$tmp/c.html" --json-indent --json "$tmp/c.json" \
	--csv "$tmp/c.csv"
has "$tmp/c.html" "Baseline GPU: NVIDIA H100"
has "$tmp/c.html" "Candidate GPU: AMD Instinct MI300X"
has "$tmp/c.html" 'id="fig-tiles-r1-base"'
has "$tmp/c.html" 'id="fig-tiles-r1-cand"'
has "$tmp/c.json" '"efficiency": {'
lacks "$tmp/c.json" '"efficiency_cause"'
has "$tmp/c.json" '"cause": "gpu_changed"'
has "$tmp/c.csv" ",dim_eff,samples,base_time_us_median,"

# 8. --gpu applies to both sides
run cmpgpu 0 compare "$h100" "$mi300" --gpu mi300x -o "$tmp/cg.html"
has "$tmp/cg.html" "GPU (both inputs): AMD Instinct MI300X"

# 9. counters: the per-metric delta table
run xe 0 compare "$xe/f16.csv" "$xe/try2.csv" -o "$tmp/x.html" --json-indent --json "$tmp/x.json"
has "$tmp/x.html" "Counter deltas"
has "$tmp/x.json" '"name": "XVE_INST_EXECUTED_ALU0_ALL"'

# 10. the same model's GEMM.csv from two GPUs joins on every shape: the H100
#     file has no `param: transpose`, so its transposes come from the strides
h100_csv=$tl/h100/${qwen}_perf_report_csvs/GEMM.csv
run gemmcsv 0 compare "$mi300_csv" "$h100_csv" -o "$tmp/gc.html" --json-indent --json "$tmp/gc.json"
has "$tmp/gemmcsv.out" "5 shapes matched"
has "$tmp/gc.json" '"only_in_candidate": 0'
run gemmtrace 0 compare "$mi300" "$h100" -o "$tmp/gt.html"
cmp -s "$tmp/gemmcsv.out" "$tmp/gemmtrace.out" ||
	fail "GEMM.csv pair and trace pair disagree: $(cat "$tmp/gemmcsv.out") vs $(cat "$tmp/gemmtrace.out")"

# Issue 12: inputs gemmscope used to misread (tests/data/csv/README.md).
d="$top_srcdir/tests/data/csv"
"$GEMMSCOPE" report "$d/hipblaslt-grep.txt" -q -o "$tmp/hg.html" --csv "$tmp/hg.csv" ||
	fail "hipblaslt-bench log starting with [0]: not read"
[ "$(cut -d, -f3-5,13 "$tmp/hg.csv" | tail -1)" = "1024,1024,1024,7.516" ] ||
	fail "hipblaslt-grep: $(tail -1 "$tmp/hg.csv" | cut -c1-80)"
"$GEMMSCOPE" report "$d/hipblaslt-bench-v1.txt" -q -o "$tmp/hv.html" --csv "$tmp/hv.csv" ||
	fail "hipblaslt-bench current header not read"
[ "$(cut -d, -f13,23-25 "$tmp/hv.csv" | tail -1)" = "7.516,128,128,64" ] ||
	fail "hipblaslt-bench v1: time and kernel tile: $(cut -d, -f13,23-25 "$tmp/hv.csv" | tail -1)"
"$GEMMSCOPE" report "$d/tensile-nonbatched.csv" -q -o "$tmp/tn.html" --csv "$tmp/tn.csv" ||
	fail "non-batched Tensile CSV not read"
[ "$(cut -d, -f2-5,13 "$tmp/tn.csv" | tail -n +2 | tr '\n' ' ')" = "1,128,128,64,167.77216 1,256,128,512,279.6202666666667 " ] ||
	fail "non-batched Tensile: $(cut -d, -f2-5,13 "$tmp/tn.csv" | tail -n +2 | tr '\n' ' ')"
"$GEMMSCOPE" report "$top_srcdir/README.md" -q -o "$tmp/rd.html" 2>"$tmp/rd.err"
[ $? -eq 2 ] && grep -q 'README.md:1: format not recognised: not a benchmark CSV' "$tmp/rd.err" &&
	[ ! -e "$tmp/rd.html" ] || fail "README.md: $(cat "$tmp/rd.err")"

# gemmscope-bench results name their GPU (run columns gpu, cus): a known
# one is used, an unknown one still gives wave quantisation from its SM
# count, and the report says what is missing (issue 12).
r="$top_srcdir/tests/data/runner"
"$GEMMSCOPE" report "$r/h100-tiled-msweep.csv" -q -o "$tmp/hk.html" --markdown "$tmp/hk.md"
grep -q '^- GPU: NVIDIA H100 SXM5 (from the input: H100: its 132 CUs/SMs match' "$tmp/hk.md" || fail "runner CSV: GPU from its gpu column"
sed 's/NVIDIA H100 80GB HBM3/NVIDIA Foo 9000/' "$r/h100-tiled-msweep.csv" > "$tmp/foo.csv"
"$GEMMSCOPE" report "$tmp/foo.csv" -q -o "$tmp/foo.html" --markdown "$tmp/foo.md"
grep -q "^- GPU: the input names NVIDIA Foo 9000, which the built-in GPU table lacks: wave quantisation uses the input's 132 CUs/SMs; the roofline" "$tmp/foo.md" &&
	grep -q '^| Shapes | 32 (tile known for 32, dim_eff for 32) |' "$tmp/foo.md" ||
	fail "unknown GPU named by the input: $(sed -n 4p "$tmp/foo.md")"

if [ "$failures" -ne 0 ]; then
	echo "$failures check(s) failed" >&2
	exit 1
fi
echo "report.sh: all checks passed"
