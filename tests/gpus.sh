#!/bin/sh
# gpus.sh: the GPU an input ran on, end to end through the built binary
# (issue 12): the board chosen among the variants of a chip from what the
# input says, and why, in every output; a GPU per side of a compare
# (--gpu-base, --gpu-cand) and the roofline that draws both; a GEMM above
# its roof said loudly in every output; a V100 trace gets its roofline.
# Inputs: the reconstructed A100 40 GB and V100 traces and the TraceLens
# Qwen traces of tests/data/trace (see its README).
set -u
: "${GEMMSCOPE:?GEMMSCOPE must name the built binary}"
src=${top_srcdir:-.}
tr=$src/tests/data/trace
a100=$tr/reconstructed/a100_pg509_fp32.json.gz
v100=$tr/reconstructed/v100_sxm2_fp16.json.gz
qwen=Qwen_Qwen1.5-0.5B-Chat__1016005
h100=$tr/tracelens/h100/$qwen.json.gz
mi300=$tr/tracelens/mi300/$qwen.json.gz
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpus-sh.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH
. "$src/tests/lib.sh"

has() { grep -qF -- "$2" "$1"; }
json() { # json FILE EXPR: the value of a Python expression over the JSON d
	python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"
}

# --- the A100-PG509-200 with 42.5 GB is the 40 GB board (1.555 TB/s) ------
why="A100-40GB: the input's memory 42.5 GB is closest to 40 GB."
status_is 0 "report the A100 trace" "$GEMMSCOPE" report "$a100" -o "$tmp/a.html" \
	--json "$tmp/a.json" --markdown "$tmp/a.md"
same "JSON: the 40 GB board" "$(json "$tmp/a.json" "d['gpu']['name'], d['gpu']['bw_tbs']")" \
	"A100-40GB 1.555"
same "JSON: why that board" "$(json "$tmp/a.json" "d['gpu']['variant_why']")" "$why"
check "markdown: the board and why" has "$tmp/a.md" \
	"- GPU: NVIDIA A100 SXM4 40GB (from the input: $why)"
check "HTML: the board and why" has "$tmp/a.html" "NVIDIA A100 SXM4 40GB (sm_80), from the input: $why"
check "stdout: the 40 GB board" has "$tmp/out" "GPU A100-40GB"
check "no GEMM above its roof on the right board" has "$tmp/a.json" '"over_roof":0'

# --- V100: the board its name designates, and a roofline ----------------------
status_is 0 "report the V100 trace" "$GEMMSCOPE" report "$v100" -o "$tmp/v.html" \
	--json "$tmp/v.json" --assets "$tmp/v"
same "V100: the SXM2 board" "$(json "$tmp/v.json" "d['gpu']['name']")" "V100-SXM2"
check "V100: a roofline" test -s "$tmp/v/roofline.svg"
check "V100: % of roofline" sh -c "! grep -q 'no GPU is known' '$tmp/v.html'"

# --- a GPU per side -------------------------------------------------------------
status_is 0 "compare with --gpu-base and --gpu-cand" "$GEMMSCOPE" compare "$h100" "$h100" \
	--gpu-base h100 --gpu-cand mi300x -o "$tmp/c.html" --json "$tmp/c.json" \
	--markdown "$tmp/c.md" --assets "$tmp/c"
same "JSON: a GPU per side" \
	"$(json "$tmp/c.json" "d['gpus']['baseline']['name'], d['gpus']['candidate']['name'], d['gpus']['candidate']['from']")" \
	"H100 MI300X --gpu-cand"
check "markdown: GPUs line" has "$tmp/c.md" \
	'GPUs: baseline `H100` (from --gpu-base); candidate `MI300X` (from --gpu-cand).'
check "roofline caption: both memory roofs and ridges" sh -c \
	"grep -q 'H100 (memory roof 3350 GB/s; ridge points f32 H100 19.97, bf16 H100 295.3' '$tmp/c.html' &&
	 grep -q 'MI300X (memory roof 5300 GB/s; ridge points f32 MI300X 30.83, bf16 MI300X 246.7' '$tmp/c.html'"
status_is 0 "--gpu-cand overrides --gpu on its side only" "$GEMMSCOPE" compare "$h100" "$h100" \
	--gpu mi300x --gpu-cand h100 -o "$tmp/d.html" --json "$tmp/d.json"
same "--gpu for the baseline, --gpu-cand for the candidate" \
	"$(json "$tmp/d.json" "d['gpus']['baseline']['from'], d['gpus']['candidate']['name']")" \
	"--gpu H100"
status_is 2 "report refuses --gpu-base" "$GEMMSCOPE" report "$h100" --gpu-base h100 -o "$tmp/x.html"
check "report: says why" has "$tmp/err" "report has one input"
status_is 2 "an unknown --gpu-cand" "$GEMMSCOPE" compare "$h100" "$mi300" --gpu-cand nosuch \
	-o "$tmp/x.html"
check "no report written on error" test ! -e "$tmp/x.html"
status_is 0 "compare --help" "$GEMMSCOPE" compare --help
check "compare --help lists --gpu-base and --gpu-cand" sh -c \
	"grep -q -- '--gpu-base NAME|FILE' '$tmp/out' && grep -q -- '--gpu-cand NAME|FILE' '$tmp/out'"

# --- above the roof: loud in every output ---------------------------------------
# The MI300X's GEMMs (about 470 TFLOP/s) measured against gfx1151's 59.4.
status_is 0 "report on the wrong GPU" "$GEMMSCOPE" report "$mi300" --gpu gfx1151 \
	-o "$tmp/o.html" --json "$tmp/o.json" --markdown "$tmp/o.md"
check "stderr: WARNING" has "$tmp/err" "gemmscope: WARNING: 4 GEMMs run above 100 % of the roof"
same "JSON: summary.over_roof" "$(json "$tmp/o.json" "d['summary']['over_roof'], d['gpu']['over_roof']")" "4 4"
same "JSON: the shapes above the roof" \
	"$(json "$tmp/o.json" "sum(1 for s in d['shapes'] if s['efficiency']['over_roof'])")" 4
check "markdown: a bold warning" has "$tmp/o.md" "**⚠ 4 GEMMs run above 100 % of the roof"
check "markdown: the rows marked" has "$tmp/o.md" "⚠ over the roof |"
check "HTML: a warning paragraph" has "$tmp/o.html" '<p class="bug">⚠ 4 GEMMs run above 100 %'
status_is 0 "-q keeps the warning" "$GEMMSCOPE" report "$mi300" --gpu gfx1151 -q -o "$tmp/o.html"
check "-q: stderr still warns" has "$tmp/err" "WARNING"
status_is 0 "compare on the wrong candidate GPU" "$GEMMSCOPE" compare "$h100" "$mi300" \
	--gpu-cand gfx1151 -o "$tmp/p.html" --json "$tmp/p.json" --markdown "$tmp/p.md" \
	--junit "$tmp/p.xml"
check "compare stderr: the candidate" has "$tmp/err" "gemmscope: WARNING: candidate: 4 GEMMs"
same "compare JSON: per side" \
	"$(json "$tmp/p.json" "d['gpus']['baseline']['over_roof'], d['gpus']['candidate']['over_roof']")" "0 4"
check "compare markdown" has "$tmp/p.md" "**⚠ Candidate: 4 GEMMs run above 100 %"
check "compare HTML" has "$tmp/p.html" '<p class="bug">⚠ Candidate: 4 GEMMs'
check "JUnit: an error case" has "$tmp/p.xml" '<testcase classname="efficiency" name="over-roof candidate"'
check "JUnit: counted as an error" has "$tmp/p.xml" 'errors="1"'
status_is 0 "explain above the roof" "$GEMMSCOPE" explain 8944 2816 1024 --gpu gfx1151 --time 100
check "explain: WARNING line" has "$tmp/out" "WARNING:"

# --- the tile model: the seed's pick and the wave-aware one, side by side -------
status_is 0 "explain the TraceLens example" "$GEMMSCOPE" explain 10240 2048 2048 --gpu mi300x
check "explain: the seed's pick" grep -q '^tile_model:     512x256x16: .* dim_eff 0.526316' "$tmp/out"
check "explain: the wave-aware pick" grep -q '^wave_model:     128x64x32: .* dim_eff 0.935673' "$tmp/out"
status_is 0 "explain --json" "$GEMMSCOPE" explain 10240 2048 2048 --gpu mi300x --json
cp "$tmp/out" "$tmp/e.json"
same "explain JSON: both picks" \
	"$(json "$tmp/e.json" "d['tile_model']['tile_m'], d['tile_model_wave']['tile_m'], d['tile_model_wave']['workgroups']")" \
	"512 128 2560"
check "report HTML: the wave-aware pick column" has "$tmp/o.html" "Wave-aware pick"
same "report JSON: the wave-aware pick per shape" \
	"$(json "$tmp/o.json" "sum(1 for s in d['shapes'] if (s['efficiency']['tile_model'] or {}).get('wave'))")" 4

# --- hipblaslt-bench: the current header's --Solution index into the table ------
# (tests/data/csv: hipblaslt-bench-v1.txt, reconstructed from hipBLASLt's
# documented output, holds solution 1042; hipblaslt-bench.txt's winner is 501)
csv=$src/tests/data/csv
status_is 0 "compare two hipblaslt-bench logs" "$GEMMSCOPE" compare "$csv/hipblaslt-bench-v1.txt" \
	"$csv/hipblaslt-bench.txt" -o "$tmp/hb.html" --json "$tmp/hb.json"
same "the solution index of each side" \
	"$(json "$tmp/hb.json" "[(m['name'], r['M'], r['baseline'], r['candidate']) for m in d['metrics'] for r in m['rows']]")" \
	"[('solution_index', 1024, 1042, 501)]"
same "the kernel name of the current header" \
	"$(json "$tmp/hb.json" "d['shapes'][0]['kernel_base'][:51]")" \
	"Cijk_Ailk_Bljk_HHS_BH_Bias_HA_S_SAV_UserArgs_MT128x"

[ "$fails" -eq 0 ]
