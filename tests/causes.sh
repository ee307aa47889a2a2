#!/bin/sh
# causes.sh: issue 13 §1 and §2 end to end on real inputs.  The compare
# JSON of the shipped example (rocBLAS vs hipBLASLt, with and without a
# GPU) and of the TraceLens Qwen traces (H100 vs MI300X, and MI300X against
# itself slowed down: identical kernel names) has a cause on every
# classified shape, "none" on the others, and summary.time_lost_by_cause /
# time_saved_by_cause that add up (in rule order, as doubles) exactly to
# time_lost_us / time_saved_us.  --weights with a trace and with a CSV with
# a count column gives the impact object, the HTML its Impact section and
# cause split, the markdown its short lines; other commands refuse it.
set -u
: "${top_srcdir:?}" "${GEMMSCOPE:?}"
command -v jq >/dev/null 2>&1 || { echo "jq not installed: skipped"; exit 77; }
ex="$top_srcdir/examples/iree-kernel-benchmark"
base="$ex/rocblas-gemm.csv" cand="$ex/hipblaslt-gemm.csv"
tl="$top_srcdir/tests/data/trace/tracelens"
h100="$tl/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz"
mi300="$tl/mi300/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gs-causes.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$top_srcdir/tests/lib.sh"
export SOURCE_DATE_EPOCH=1767225600

jqtrue() { # jqtrue FILE FILTER: the filter must give true
	[ "$(jq "$2" "$1")" = true ]
}
# causes_ok NAME FILE: the invariants every compare JSON keeps.
causes_ok() {
	check "$1: time lost by cause sums exactly to time_lost_us" jqtrue "$2" \
		'([.summary.time_lost_by_cause[]] | add) == .summary.time_lost_us'
	check "$1: time saved by cause sums exactly to time_saved_us" jqtrue "$2" \
		'([.summary.time_saved_by_cause[]] | add) == .summary.time_saved_us'
	check "$1: shapes by cause count the regressed and improved" jqtrue "$2" \
		'([.summary.shapes_lost_by_cause[]] | add) == .summary.regressed and
		 ([.summary.shapes_saved_by_cause[]] | add) == .summary.improved'
	check "$1: every classified shape has a cause and its text" jqtrue "$2" \
		'[.shapes[] | select(.class == "improved" or .class == "regressed")
		  | .cause != "none" and (.cause_text | type) == "string"] | all'
	check "$1: neutral and unsure shapes have none" jqtrue "$2" \
		'[.shapes[] | select(.class == "neutral" or .class == "unsure")
		  | .cause == "none"] | all'
	check "$1: identical kernel names are never kernel_changed" jqtrue "$2" \
		'[.shapes[] | select(.kernel_base != null and .kernel_base == .kernel_cand)
		  | .cause != "kernel_changed" and .cause != "quantization"] | all'
}

# 1. the shipped example: no kernel names, no GPU -> unknown; with a GPU
# the memory-bound shapes are told apart.
status_is 0 "compare the example" "$GEMMSCOPE" compare "$base" "$cand" -q \
	-o "$tmp/ex.html" --json-indent --json "$tmp/ex.json" --markdown "$tmp/ex.md"
causes_ok example "$tmp/ex.json"
check "example: 152 regressions of unknown cause" jqtrue "$tmp/ex.json" \
	'.summary.shapes_lost_by_cause.unknown == 152'
check "example: no impact without --weights" jqtrue "$tmp/ex.json" 'has("impact") | not'
check "example html: the cause split in the summary" \
	grep -q '^<li class="unknown">100 % of the time lost (7,706.7 µs): unknown (missing information) for 152 shapes</li>$' \
	"$tmp/ex.html"
check "example html: a cause column in the top tables" \
	grep -q '<th>Cause</th>' "$tmp/ex.html"
check "example html: the rule chain in the methodology" \
	grep -q '<dt>Causes</dt>' "$tmp/ex.html"
check "example html: no impact section" sh -c "! grep -q 'id=\"impact\"' '$tmp/ex.html'"
check "example markdown: one causes line" \
	test "$(grep -c '^- \*\*Causes:\*\* time lost 100 % unknown (152 shapes); time saved' "$tmp/ex.md")" -eq 1
status_is 0 "compare the example on MI300X" "$GEMMSCOPE" compare "$base" "$cand" -q \
	--gpu mi300x --json-indent --json "$tmp/exg.json" -o "$tmp/exg.html"
causes_ok "example --gpu mi300x" "$tmp/exg.json"
check "example --gpu mi300x: the skinny shapes are memory_bound" jqtrue "$tmp/exg.json" \
	'.summary.shapes_lost_by_cause.memory_bound == 142 and
	 ([.shapes[] | select(.M == 28672 and .N == 4 and .K == 8192 and .dtype == "f16")
	   | .cause][0]) == "memory_bound"'

# 2. the Qwen traces: H100 -> MI300X, every shape on another GPU.
status_is 0 "compare Qwen H100 -> MI300X" "$GEMMSCOPE" compare "$h100" "$mi300" -q \
	-o "$tmp/q.html" --json-indent --json "$tmp/q.json" --markdown "$tmp/q.md"
causes_ok qwen "$tmp/q.json"
check "qwen: 5 regressions, all gpu_changed" jqtrue "$tmp/q.json" \
	'.summary.regressed == 5 and .summary.shapes_lost_by_cause.gpu_changed == 5'

# 3. MI300X against itself slowed down by half: identical kernel names.
status_is 0 "report the MI300X trace as CSV" "$GEMMSCOPE" report "$mi300" -q \
	-o "$tmp/r.html" --csv "$tmp/mi300.csv"
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "time_us_median") t = i;
	print; next } { $t = $t * 1.5; $NF = ""; NF--; $0 = $0 ","; print }' \
	"$tmp/mi300.csv" > "$tmp/slow.csv"
status_is 0 "compare MI300X against its slowed copy" "$GEMMSCOPE" compare \
	"$tmp/mi300.csv" "$tmp/slow.csv" -q --gpu mi300x --json-indent --json "$tmp/s.json" -o "$tmp/s.html"
causes_ok "same kernels" "$tmp/s.json"
check "same kernels: same_kernel_slower or memory_bound, never kernel_changed" \
	jqtrue "$tmp/s.json" '.summary.regressed > 0 and
	 ([.shapes[] | select(.class == "regressed") | .cause] | all(. == "same_kernel_slower"))'

# 4. --weights: a trace and a CSV with a count column.
status_is 0 "compare Qwen MI300X -> H100 --weights trace" "$GEMMSCOPE" compare \
	"$mi300" "$h100" -q --weights "$mi300" -o "$tmp/w.html" --json-indent --json "$tmp/w.json" \
	--markdown "$tmp/w.md"
causes_ok "qwen --weights" "$tmp/w.json"
check "--weights trace: impact fields" jqtrue "$tmp/w.json" \
	'.impact | (.speedup | type) == "number" and .matched_shapes == 5 and
	 .unmatched_shapes == 0 and .unmatched_time_share == 0 and
	 .base_us / .cand_us == .speedup and .cand_us - .base_us == .delta_us and
	 (.rule | test("row-major"))'
check "--weights html: the impact section" grep -q '<section id="impact"><h2>Impact on the workload</h2>' "$tmp/w.html"
check "--weights html: the key rule in the methodology" grep -q '<dt>Workload impact (--weights)</dt>' "$tmp/w.html"
check "--weights markdown: the impact line" grep -q '^- \*\*Workload impact (--weights):\*\* GEMM time 11,593.0 → 9,001.8 µs (1.2879×' "$tmp/w.md"
printf 'M,N,K,dtype,trans_a,trans_b,count,time_us_median\n28672,4,8192,f16,T,N,10,100\n2048,1280,5120,bf16,T,N,5,120\n12345,678,910,f16,N,N,3,50\n' > "$tmp/work.csv"
status_is 0 "compare the example --weights CSV" "$GEMMSCOPE" compare "$base" "$cand" -q \
	--weights "$tmp/work.csv" -o "$tmp/wc.html" --json-indent --json "$tmp/wc.json"
check "--weights CSV: 2 matched, 1 uncovered at 150/1750 of the time" jqtrue "$tmp/wc.json" \
	'.impact | .matched_shapes == 2 and .unmatched_shapes == 1 and
	 .unmatched_time_share == 150 / 1750 and (.top_lost | length) == 1 and
	 .top_lost[0].M == 28672 and (.unmatched[0].why == "not in the comparison")'
check "--weights CSV html: uncovered shapes listed" grep -q 'Workload shapes the benchmark does not cover' "$tmp/wc.html"
status_is 0 "the example --weights the Qwen trace (nothing matches)" "$GEMMSCOPE" \
	compare "$base" "$cand" -q --weights "$mi300" -o "$tmp/wn.html" --json-indent --json "$tmp/wn.json" \
	--markdown "$tmp/wn.md"
check "--weights, nothing matched: no speedup, all uncovered" jqtrue "$tmp/wn.json" \
	'.impact | .speedup == null and .matched_shapes == 0 and .unmatched_time_share == 1'
check "--weights, nothing matched: markdown says n/a" grep -q '(n/a, ' "$tmp/wn.md"
status_is 2 "--weights: a missing file" "$GEMMSCOPE" compare "$base" "$cand" -q \
	--weights "$tmp/none.csv" -o "$tmp/x.html"
check "--weights: a missing file writes nothing" test ! -e "$tmp/x.html"
for c in report history; do
	status_is 2 "$c refuses --weights" "$GEMMSCOPE" "$c" "$base" --weights "$tmp/work.csv" -o "$tmp/x.html"
	check "$c --weights: says why" grep -q -- "--weights is compare's" "$tmp/err"
done
status_is 2 "confirm refuses --weights" "$GEMMSCOPE" confirm "$tmp/wc.json" "$base" "$cand" --weights "$tmp/work.csv"

# --- sections 3 and 4: measured against predicted, cliffs -----------------
# The Qwen pair (H100 -> MI300X, kernel names with tiles): tau as scipy
# computes it on the same (predicted, measured) pairs (tests/test_residual.c).
q="$top_srcdir/tests/data/trace/tracelens"
"$GEMMSCOPE" compare "$q/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz" \
	"$q/mi300/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz" -q -o "$tmp/m.html" \
	--json "$tmp/m.json" --json-indent --markdown "$tmp/m.md"
check "residuals: tau per side in the JSON (baseline 0.6, candidate 0.8)" sh -c \
	"[ \"\$(grep '^      \"tau\": ' '$tmp/m.json' | tr -d ' ')\" = '\"tau\":0.6,
\"tau\":0.8,' ]"
check "residuals: 5 pairs predicted on both sides, all 5 further from the prediction" sh -c \
	"grep -A2 '^    \"shift\": {' '$tmp/m.json' | tr -d ' \n' | grep -q '\"pairs\":5,\"worse\":5,'"
check "residuals: the markdown line" grep -q '^- \*\*Measured against predicted\*\* (an upper-bound model' "$tmp/m.md"
check "residuals: the HTML section" grep -q '<section id="model"><h2>Measured against predicted, and cliffs</h2>' "$tmp/m.html"
# The H100 M sweeps (tests/data/runner/README.md): 2 cliffs in the tiled
# kernel's (tile and wave boundary), 3 in cuBLASLt's (kernel changed).
r="$top_srcdir/tests/data/runner"
"$GEMMSCOPE" compare "$r/h100-tiled-msweep.csv" "$r/h100-vendor-msweep.csv" --gpu h100 -q \
	-o "$tmp/s.html" --json "$tmp/s.json" --json-indent --markdown "$tmp/s.md"
check "cliffs: 2 sweeps each side" test "$(grep -c '^      "sweeps": 2,' "$tmp/s.json")" -eq 2
check "cliffs: what crossed" sh -c "[ \$(grep -c '\"crossed\": \"tile and wave boundary\"' '$tmp/s.json') -eq 2 ] &&
	[ \$(grep -c '\"crossed\": \"kernel changed\"' '$tmp/s.json') -eq 3 ]"
check "cliffs: the markdown line" grep -q '2 in the baseline, 3 in the candidate; the largest: M 512 → 576 (576×4096×4096 bf16 NN, baseline), −24.0 %, tile and wave boundary' "$tmp/s.md"
check "cliffs: the HTML table, 5 rows" test "$(xmllint --html --xpath 'count(//table[@class="cliffs"]/tbody/tr)' "$tmp/s.html" 2>/dev/null)" -eq 5
# The sweep figures (issue 13 §4): one per sweep with a cliff (bf16, f16),
# each after the cliffs table with its SVG, baseline and candidate in one.
sweep_figs() { # sweep_figs HTML: the sweep figures after the cliffs table, with an <svg>
	xmllint --html --xpath 'count(//section[@id="model"]/table[@class="cliffs"]/following-sibling::figure[starts-with(@id,"fig-sweep-")]/svg)' "$1" 2>/dev/null
}
check "cliffs: 2 sweep figures beside the table" test "$(sweep_figs "$tmp/s.html")" -eq 2
check "cliffs: the sweep figure's SVG" test "$(xmllint --html --xpath 'string(//figure[@id="fig-sweep-1"]/svg/title)' "$tmp/s.html" 2>/dev/null)" = "TFLOP/s along M: M×4096×4096 bf16 NN"
check "cliffs: no sweep figure under Plots" test "$(xmllint --html --xpath 'count(//section[@id="plots"]//figure[starts-with(@id,"fig-sweep-")])' "$tmp/s.html" 2>/dev/null)" -eq 0
check "cliffs: both sides in one figure" grep -q 'the baseline hollow green, the candidate blue' "$tmp/s.html"

# report (one input): the same parts, for its one sweep set.
"$GEMMSCOPE" report "$r/h100-tiled-msweep.csv" --gpu h100 -q -o "$tmp/rs.html" \
	--json "$tmp/rs.json" --json-indent --markdown "$tmp/rs.md" --assets "$tmp/rs-assets"
check "report: cliffs in the JSON" sh -c "grep -A1 '^  \"cliffs\": {' '$tmp/rs.json' | grep -q '\"sweeps\": 2,' &&
	[ \$(grep -c '\"crossed\": \"tile and wave boundary\"' '$tmp/rs.json') -eq 2 ]"
check "report: the cliffs line" grep -q '^- \*\*Cliffs\*\* (.*): 2; the largest: M 512 → 576 (576×4096×4096 bf16 NN), −24.0 %, tile and wave boundary.$' "$tmp/rs.md"
check "report: residuals over the 32 shapes" grep -q 'Kendall τ 0.63 over 32 shapes; the median shape reaches 0.39 % of its predicted time' "$tmp/rs.md"
check "report: the HTML section" grep -q '<section id="model"><h2>Measured against predicted, and cliffs</h2>' "$tmp/rs.html"
check "report: 2 sweep figures beside the table" test "$(sweep_figs "$tmp/rs.html")" -eq 2
png_size() { # png_size FILE: "WIDTH HEIGHT" from the IHDR chunk
	od -An -tu1 -j16 -N8 "$1" | awk '{ print $3 * 256 + $4, $7 * 256 + $8 }'
}
check "report: the sweep figure as SVG" test -s "$tmp/rs-assets/sweep-1.svg"
same "report: the sweep figure as PNG" "$(png_size "$tmp/rs-assets/sweep-1.png")" "720 420"
same "report: the sweep figure as a 2x PNG" "$(png_size "$tmp/rs-assets/sweep-2@2x.png")" "1440 840"
# Without its gpu, arch and cus columns the input names no GPU: the tile
# boundaries stay, the wave boundaries go, and the caption says why.
cut -d, -f1-27,31- "$r/h100-tiled-msweep.csv" >"$tmp/nogpu.csv"
"$GEMMSCOPE" report "$tmp/nogpu.csv" -q -o "$tmp/ng.html"
check "report, no GPU: the sweep caption says why there are no wave boundaries" \
	grep -q 'a size past one needs another row of tiles. No wave boundaries: GPU unknown.' "$tmp/ng.html"

echo "1..$((passes + fails))"
[ "$fails" -eq 0 ]
