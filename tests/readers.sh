#!/bin/sh
# readers.sh: issue 14 §2 end to end.  For each of the other tools'
# formats (tests/data/{cutlass,nvbench,benchdnn,ncu}, reconstructed from
# their documented layouts), `gemmscope compare A B` of two runs and a
# `report` of one, with the numbers checked against the files' own values:
# times in µs after the unit conversion (CUTLASS and benchdnn ms, nvbench
# s, ncu us), speedups t_base / t_cand computed here from those values,
# classes, the macro tile from CUTLASS's cta_* columns, the GPU nvbench
# names, the occupancy of ncu's launches.  Every input is recognised by
# content: each is also read under a name that says nothing.
set -u
: "${top_srcdir:?}" "${GEMMSCOPE:?}"
command -v jq >/dev/null 2>&1 || { echo "jq not installed: skipped"; exit 77; }
d="$top_srcdir/tests/data"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gs-readers.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
. "$top_srcdir/tests/lib.sh"
export SOURCE_DATE_EPOCH=1767225600

# run NAME BASE CAND [GPU]: compare into $tmp/NAME.json, on GPU (h100;
# "-": the one the inputs name)
run() {
	g=${4:-h100}
	[ "$g" = - ] && set -- "$1" "$2" "$3" || set -- "$1" "$2" "$3" --gpu "$g"
	rn=$1 rb=$2 rc=$3
	shift 3
	status_is 0 "$rn: compare" "$GEMMSCOPE" compare "$rb" "$rc" -q "$@" \
		--json "$tmp/$rn.json" -o "$tmp/$rn.html"
}
# q NAME FILTER: one value of $tmp/NAME.json
q() { jq -r "$2" "$tmp/$1.json"; }
# shape NAME M N K FIELDS: FIELDS of the shape M×N×K, space-separated
shape() {
	jq -r --argjson m "$2" --argjson n "$3" --argjson k "$4" \
		".shapes[] | select(.M == \$m and .N == \$n and .K == \$k) | [$5] | map(tostring) | join(\" \")" \
		"$tmp/$1.json"
}
# ratio A B: A / B to 6 decimals, the oracle of a speedup
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", a / b }'; }
r6() { awk -v a="$1" 'BEGIN { printf "%.6f", a }'; }

# ---- CUTLASS profiler: Runtime ms, best operation per problem ----------
c="$d/cutlass"
run cutlass "$c/h100-cutlass-3.5.gemm.csv" "$c/h100-cutlass-3.8.gemm.csv"
same "cutlass: format" "$(q cutlass '.inputs.baseline.format + " " + .inputs.candidate.format')" \
	"cutlass-profiler cutlass-profiler"
same "cutlass: counts" "$(q cutlass '.summary | [.matched, .improved, .regressed, .neutral, .only_in_candidate, .excluded_baseline] | join(" ")')" \
	"4 2 1 1 1 1"
same "cutlass: 4096^3 bf16 TN, 0.1985 -> 0.189 ms" \
	"$(shape cutlass 4096 4096 4096 '.trans_a, .trans_b, .time_base_us, .time_cand_us, .class')" \
	"T N 198.5 189 improved"
same "cutlass: 4096^3 speedup" "$(r6 "$(shape cutlass 4096 4096 4096 .speedup)")" \
	"$(ratio 0.1985 0.189)"
same "cutlass: 1024x1024x8192 regressed, 0.0452 -> 0.0519 ms" \
	"$(shape cutlass 1024 1024 8192 '.time_base_us, .time_cand_us, .class')" "45.2 51.9 regressed"
same "cutlass: 1024x1024x8192 speedup" "$(r6 "$(shape cutlass 1024 1024 8192 .speedup)")" \
	"$(ratio 0.0452 0.0519)"
same "cutlass: macro tile from cta_m, cta_n, cta_k" \
	"$(shape cutlass 4096 4096 4096 '.efficiency.baseline | .tile_source, .tile_m, .tile_n, .tile_k')" \
	"column 128 256 64"
same "cutlass: the 16-row GEMM's 64x128 tile" \
	"$(shape cutlass 16 4096 4096 '.efficiency.candidate | .tile_m, .tile_n')" "64 128"
same "cutlass: geomean over the 4 matched" "$(r6 "$(q cutlass .summary.geomean_speedup)")" \
	"$(awk 'BEGIN { printf "%.6f", exp((log(0.1985/0.189) + log(1.527/1.5302) + log(0.0452/0.0519) + log(0.0118/0.0109)) / 4) }')"
same "cutlass: the excluded shape and why" \
	"$(q cutlass '.excluded[] | .side + " " + (.line | tostring) + " " + .what + ": " + .reason')" \
	"baseline 12 2048×2048×2048 f16 TN: Disposition not_supported"
status_is 0 "cutlass: report" "$GEMMSCOPE" report "$c/h100-cutlass-3.5.gemm.csv" --gpu h100 \
	-q -o /dev/null --csv "$tmp/cutlass-report.csv"
same "cutlass: report CSV, 4096^3 row: µs, tile" \
	"$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } $3 == 4096 && $4 == 4096 { print $c["time_us_median"], $c["tile_m"], $c["tile_n"], $c["tile_k"] }' "$tmp/cutlass-report.csv")" \
	"198.5 128 256 64"

# ---- nvbench: s -> µs; JSON with sidecar samples, JSON, CSV ------------
n="$d/nvbench"
run nvjson "$n/h100-cublaslt-12.4.json" "$n/h100-cublaslt-12.8.json" -
same "nvbench JSON: counts" "$(q nvjson '.summary | [.matched, .improved, .regressed, .neutral] | join(" ")')" \
	"5 1 1 3"
same "nvbench JSON: 4096^3 from 25 sidecar samples against the median summary (one time: no list)" \
	"$(shape nvjson 4096 4096 4096 '(.samples_base | length), has("samples_cand"), .time_cand_us')" \
	"25 false 191.2"
# keys that do not apply are left out (README "JSON"): nvbench names no
# kernel, and one side's single time runs no U test
same "nvbench JSON: no kernel names, no p-values" \
	"$(shape nvjson 4096 4096 4096 'has("kernel_base"), has("kernel_cand"), has("p_value"), has("p_adjusted")')" \
	"false false false false"
# and the runner's CSVs, with kernels and samples but no tag: every pair
# has its U test and lists, none a tag
run runner "$d/runner/h100-tiled-msweep.csv" "$d/runner/h100-vendor-msweep.csv" -
same "runner CSV: tags left out, kernels, samples and p-values there" \
	"$(q runner '([.shapes[] | has("tag")] | any), ([.shapes[] | has("kernel_base") and has("p_value") and (.samples_cand | length) > 1] | all)')" \
	"false
true"
same "nvbench JSON: 4096^3 speedup (float32 samples)" \
	"$(awk -v s="$(shape nvjson 4096 4096 4096 .speedup)" 'BEGIN { printf "%.4f", s }')" \
	"$(awk 'BEGIN { printf "%.4f", 0.0001991 / 0.0001912 }')"
same "nvbench JSON: the GPU its device list names" \
	"$(q nvjson '.gpus.baseline | .name + " " + (.cus | tostring) + " " + .from')" "H100 132 the input"
same "nvbench JSON: the device, as the environment" \
	"$(q nvjson '.environment[] | select(.item == "device") | .baseline')" "NVIDIA H100 80GB HBM3"
run nvcsv "$n/h100-cublaslt-12.4.csv" "$n/h100-cublaslt-12.8.csv"
same "nvbench CSV: 1024x1024x8192 regressed, 4.68e-05 -> 5.23e-05 s" \
	"$(shape nvcsv 1024 1024 8192 '.time_base_us, .time_cand_us, .class')" "46.8 52.3 regressed"
same "nvbench CSV: its speedup" "$(r6 "$(shape nvcsv 1024 1024 8192 .speedup)")" \
	"$(ratio 4.68e-05 5.23e-05)"
same "nvbench CSV: tag = benchmark" "$(shape nvcsv 16 4096 4096 .tag)" "cublaslt_gemm"
run nvmix "$n/h100-cublaslt-12.4.csv" "$n/h100-cublaslt-12.4.json"
same "nvbench: a run's CSV against its JSON, 5 neutral" \
	"$(q nvmix '.summary | [.matched, .neutral] | join(" ")')" "5 5"

# ---- oneDNN benchdnn: %0time% ms ---------------------------------------
b="$d/benchdnn"
run benchdnn "$b/spr-onednn-3.5.txt" "$b/spr-onednn-3.6.txt"
same "benchdnn: counts" "$(q benchdnn '.summary | [.matched, .improved, .regressed, .neutral, .excluded_baseline] | join(" ")')" \
	"4 2 1 1 1"
same "benchdnn: the FFN GEMM, 0.312 -> 0.3412 ms" \
	"$(shape benchdnn 128 11008 4096 '.dtype, .time_base_us, .time_cand_us, .class, .tag')" \
	"bf16 312 341.2 regressed llama2:ffn_up"
same "benchdnn: its speedup" "$(r6 "$(shape benchdnn 128 11008 4096 .speedup)")" \
	"$(ratio 0.312 0.3412)"
same "benchdnn: batched attention GEMM, weights transposed" \
	"$(shape benchdnn 384 384 64 '.batch, .dtype, .trans_a, .trans_b, .kernel_base')" \
	"12 f32 T N brg_matmul:avx512_core"

# ---- Nsight Compute: per kernel -----------------------------------------
u="$d/ncu"
run ncu "$u/h100-linear-ncu2022.csv" "$u/h100-linear-ncu2024.csv"
k=nvjet_tst_128x256_64x4_2x1_v_bz_coopA_TNN
kshape() { q ncu ".shapes[] | select(.kernel_base | startswith(\"$1\")) | [$2] | map(tostring) | join(\" \")"; }
same "ncu: counts (the GEMM kernels)" "$(q ncu '.summary | [.matched, .improved, .regressed, .neutral] | join(" ")')" "2 1 1 0"
same "ncu: nvjet, median of 3 launches each" "$(kshape $k '.time_base_us, .time_cand_us, .class')" \
	"205.02 193.9 improved"
same "ncu: nvjet speedup" "$(r6 "$(kshape $k .speedup)")" "$(ratio 205.02 193.90)"
same "ncu: the CUTLASS kernel, 2 launches each" \
	"$(r6 "$(kshape 'void cutlass::Kernel2' .speedup)")" \
	"$(awk 'BEGIN { printf "%.6f", (14.21 + 14.35) / 2 / ((15.92 + 16.08) / 2) }')"
status_is 0 "ncu: report" "$GEMMSCOPE" report "$u/h100-linear-ncu2024.csv" --gpu h100 -q \
	-o /dev/null --json "$tmp/ncu-report.json"
same "ncu: the fill kernel is not a GEMM row: listed once, as copy/fill" \
	"$(jq -r '.kernels | (.kernels | tostring) + " " + (.other[] | .class + " " + (.calls | tostring) + " " + (.total_us | tostring))' "$tmp/ncu-report.json")" \
	"3 copy/fill 1 2.11"
# 384 threads, 168 registers, 224 KiB of shared memory: one block of 12
# warps an SM, of 64 by the CUDA occupancy rules (the file's Theoretical
# Occupancy, 18.75 %, says the same)
same "ncu: nvjet occupancy from its launch statistics" \
	"$(jq -r ".shapes[] | select(.kernel == \"$k\") | .efficiency.occupancy | [.occupancy, .waves_per_cu, .max_waves_per_cu] | map(tostring) | join(\" \")" "$tmp/ncu-report.json")" \
	"0.1875 12 64"

# ---- recognised by content, not by name --------------------------------
for x in "$c/h100-cutlass-3.8.gemm.csv cutlass-profiler" "$n/h100-cublaslt-12.8.json nvbench-json" \
	"$n/h100-cublaslt-12.8.csv nvbench-csv" "$b/spr-onednn-3.6.txt onednn-benchdnn" \
	"$u/h100-linear-ncu2024.csv ncu-csv"; do
	f=${x% *}
	cp "$f" "$tmp/input"
	status_is 0 "${x#* } read as 'input'" "$GEMMSCOPE" report "$tmp/input" -q -o /dev/null \
		--json "$tmp/named.json"
	same "${x#* }: format by content" "$(jq -r .input.format "$tmp/named.json")" "${x#* }"
done

# ---- bad input: exit 2, FILE:LINE:COL (byte offset for JSON) ----------
for x in "$c/bad-runtime.gemm.csv:2:42: time is not a number" \
	"$n/bad-time.csv:2:12: time is not a number" \
	"$n/bad-axis.json: byte [0-9]*: state 2: axis M" \
	"$b/bad-descriptor.txt:3:5: the source's K differs" \
	"$u/bad-duration.csv:13:15: Duration '-2.11' us is negative"; do
	f=${x%%:*}
	status_is 2 "$(basename "$f") refused" "$GEMMSCOPE" report "$f" -o "$tmp/none.html"
	check "$(basename "$f"): located" grep -q "^$x" "$tmp/err"
	check "$(basename "$f"): nothing written" test ! -e "$tmp/none.html"
done

[ "$fails" -eq 0 ]
