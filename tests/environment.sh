#!/bin/sh
# environment.sh: issue 13 §5 end to end on real inputs.  What each input
# says of its machine and software reaches the JSON (environment[]), the
# HTML (a warning and the differing rows marked, before the summary) and
# the markdown (one line), and differs exactly where the inputs do:
# hipBLASLt 1.0.0 against 1.2.0 on the same MI300X (the library only: the
# banner's 206.2 and 205.8 GB are one board), the TraceLens Qwen traces
# (H100 against MI300X: device, CUs, memory, runtime, driver), the
# gemmscope-bench sweeps on one H100 (only the backend), and an input
# against itself (nothing).  Inputs that say nothing give an empty list
# and a plain note; an input that says nothing against one that does, or
# items only one side states, are said so, never "the same on both sides".
set -u
: "${top_srcdir:?}" "${GEMMSCOPE:?}"
command -v jq >/dev/null 2>&1 || { echo "jq not installed: skipped"; exit 77; }
command -v xmllint >/dev/null 2>&1 || { echo "no xmllint: skipped"; exit 77; }
d="$top_srcdir/tests/data"
tl="$d/trace/tracelens"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gs-env.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$top_srcdir/tests/lib.sh"
export SOURCE_DATE_EPOCH=1767225600

# run NAME BASE CAND: compare with every output into $tmp/NAME.*
run() {
	status_is 0 "$1: compare" "$GEMMSCOPE" compare "$2" "$3" -q --json "$tmp/$1.json" \
		--markdown "$tmp/$1.md" -o "$tmp/$1.html"
}
# differing NAME: the items the JSON marks as differing, one line
differing() {
	jq -r '[.environment[] | select(.differs) | .item] | join(",")' "$tmp/$1.json"
}
rows() { # rows NAME CLASS: rows of the HTML environment table with CLASS
	xmllint --html --xpath "count(//div[@id=\"environment\"]//table[@class=\"env\"]/tbody/tr$2)" \
		"$tmp/$1.html" 2>/dev/null
}

run lib "$d/csv/hipblaslt-bench-v1.txt" "$d/csv/hipblaslt-bench.txt"
same "hipblaslt: only the library differs" "$(differing lib)" library
same "hipblaslt: the library, both sides" \
	"$(jq -r '.environment[] | select(.item == "library") | .baseline + " | " + .candidate' "$tmp/lib.json")" \
	"hipBLASLt 100000 (git 1a2b3c4) | hipBLASLt 100200 (git 0a1b2c3d4e)"
same "hipblaslt: 206.2 and 205.8 GB are one board" \
	"$(jq -r '.environment[] | select(.item == "memory_gb") | [.baseline, .candidate, .differs] | join(" ")' "$tmp/lib.json")" \
	"206.2 GB 205.8 GB false"
same "hipblaslt: 7 items stated" "$(jq '.environment | length' "$tmp/lib.json")" 7
same "hipblaslt: HTML marks 1 of 7 rows" "$(rows lib '') $(rows lib '[@class="differs"]')" "7 1"
check "hipblaslt: HTML warns before the summary tables" grep -q \
	'class="env-warn">The two runs differ in library:' "$tmp/lib.html"
check "hipblaslt: markdown line" grep -q \
	'^\*\*Environment differs:\*\* library `hipBLASLt 100000 (git 1a2b3c4)` → `hipBLASLt 100200 (git 0a1b2c3d4e)`' \
	"$tmp/lib.md"

run qwen "$tl/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz" \
	"$tl/mi300/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz"
same "qwen: H100 against MI300X" "$(differing qwen)" \
	device,compute_capability,cus,memory_gb,runtime,driver
same "qwen: runtimes as the traces state them" \
	"$(jq -r '.environment[] | select(.item == "runtime") | .baseline + " | " + .candidate' "$tmp/qwen.json")" \
	"CUDA 12.4 | HIP 6.4.43483"
same "qwen: HTML marks 6 of 6 rows" "$(rows qwen '') $(rows qwen '[@class="differs"]')" "6 6"

sw="$d/runner"
run sweep "$sw/h100-tiled-msweep.csv" "$sw/h100-vendor-msweep.csv"
same "bench sweeps: one H100, only the backend differs" "$(differing sweep)" backend
same "bench sweeps: the runner's runtime read as a trace states it" \
	"$(jq -r '.environment[] | select(.item == "runtime") | .baseline' "$tmp/sweep.json")" "CUDA 13.0"

run self "$tl/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz" \
	"$tl/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz"
same "self: nothing differs" "$(differing self)" ""
same "self: HTML folds the table" \
	"$(xmllint --html --xpath 'count(//div[@id="environment"]/details/table[@class="env"])' "$tmp/self.html" 2>/dev/null)" 1
check "self: no warning" sh -c "! grep -q 'class=.env-warn' '$tmp/self.html'"
check "self: markdown says the same" grep -q '^Environment: the same on both sides (6 items both inputs state)\.$' "$tmp/self.md"

# TraceLens's GEMM.csv states nothing of its machine, the trace it came
# from six items: nothing to compare, and not "the same on both sides".
run onesided "$tl/mi300/Qwen_Qwen1.5-0.5B-Chat__1016005_perf_report_csvs/GEMM.csv" \
	"$tl/mi300/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz"
same "one side silent: JSON baseline null throughout" \
	"$(jq -c '[.environment[] | .baseline] | unique' "$tmp/onesided.json")" "[null]"
one='only the candidate states it (device, compute capability, CUs/SMs, memory, runtime and driver); the baseline states nothing, so nothing can be compared'
check "one side silent: the markdown says what each side states" \
	grep -qF "Environment: $one." "$tmp/onesided.md"
check "one side silent: the HTML too" grep -qF "<summary>Environment: $one</summary>" "$tmp/onesided.html"
check "one side silent: never 'the same on both sides'" sh -c "! grep -q 'the same on both sides' '$tmp/onesided.md' '$tmp/onesided.html'"

# The H100 sweep against itself without its runtime and library columns:
# six items on both sides agree, two only the baseline states.
cut -d, -f1-32 "$d/runner/h100-tiled-msweep.csv" >"$tmp/nolib.csv"
run partial "$d/runner/h100-tiled-msweep.csv" "$tmp/nolib.csv"
check "partial: the markdown names the one-sided items" grep -qF \
	'Environment: the same in the 6 items both inputs state; only the baseline states library and runtime.' \
	"$tmp/partial.md"

ex="$top_srcdir/examples/iree-kernel-benchmark"
run iree "$ex/rocblas-gemm.csv" "$ex/hipblaslt-gemm.csv"
same "iree CSVs say nothing: empty list" "$(jq -c '.environment' "$tmp/iree.json")" "[]"
check "iree: the HTML says so, as a plain note, not a warning" grep -q \
	'<p class="none">Environment: neither input states' "$tmp/iree.html"
check "iree: no markdown line" sh -c "! grep -q Environment '$tmp/iree.md'"

status_is 0 "report of a rocprofv3 JSON" "$GEMMSCOPE" report \
	"$tl/rocprof/908_results.json.gz" -q --json "$tmp/rp.json" --markdown "$tmp/rp.md" \
	-o "$tmp/rp.html"
same "rocprofv3 agent: device, gfx target, CUs, engine clock" \
	"$(jq -r '[.environment[] | .item + "=" + .value] | join(" ")' "$tmp/rp.json")" \
	"device=AMD Instinct MI350X arch=gfx950 cus=256 sclk_mhz=2200 MHz"
check "report markdown: the environment item" grep -q \
	'^- Environment: device `AMD Instinct MI350X`, architecture `gfx950`, CUs/SMs `256`, engine clock (max) `2200 MHz`$' \
	"$tmp/rp.md"

echo "1..$((passes + fails))"
[ "$fails" -eq 0 ]
