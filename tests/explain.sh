#!/bin/sh
# explain.sh: `gemmscope explain` and `gemmscope gpus` print the numbers of
# the TraceLens seed (reference/seeds/tracelens-gemm-efficiency.md) and of
# the worked examples in reference/efficiency.md §1.2 and §4.1.
# Environment: GEMMSCOPE (the binary), LC_ALL=C (set by the harness).

GS=${GEMMSCOPE:-./gemmscope}

fails=0
tmp=${TMPDIR:-/tmp}/gs-explain.$$
trap 'rm -f "$tmp"' EXIT

fail() {
	echo "FAIL: $*"
	fails=$((fails + 1))
}

# run ARGS...: explain into $tmp; a failure to run is a test failure.
run() {
	if ! "$GS" explain "$@" >"$tmp" 2>&1; then
		fail "gemmscope explain $* exited non-zero"
		cat "$tmp"
	fi
}

# field LABEL [N]: the Nth word (default 1) after "LABEL:".
field() {
	awk -v l="$1:" -v n="${2:-1}" '$1 == l { print $(n + 1); exit }' "$tmp"
}

# near LABEL WANT TOL [N]: |field - WANT| <= TOL.
near() {
	got=$(field "$1" "${4:-1}")
	if ! awk -v g="$got" -v w="$2" -v t="$3" \
	    'BEGIN { d = g - w; if (g == "" || d > t || -d > t) exit 1 }'; then
		fail "$args: $1 = '$got', expected $2 (within $3)"
	fi
}

# has TEXT: the output contains TEXT.
has() {
	grep -F -- "$1" "$tmp" >/dev/null || fail "$args: no '$1' in the output"
}

# Seed example 1: M=10240 N=2048 K=2048, MT 256x64, 304 CUs.
args="10240 2048 2048 --tile 256x64 --gpu mi300x"
run $args
has "tiles:          40 x 32 x 1 = 1280"
near num_tiles 1280 0
near tile_eff 1.0 0.0005
near waves 5 0
near float_waves 4.21 0.005
near wq_eff 0.842 0.0005
near dim_eff 0.842 0.0005
near last_wave 64 0

# Seed example 2: M=2048 N=10240 K=2048, MT 256x144.
args="2048 10240 2048 --tile 256x144 --gpu mi300x"
run $args
has "tiles:          8 x 72 x 1 = 576"
near float_tiles 71.11 0.005 3
near tile_eff 0.9877 0.00005
near float_waves 1.895 0.0005
near waves 2 0
near wq_eff 0.947 0.0005
near dim_eff 0.935673 0.0000005

# Seed table: aten::mm 2048x2048x10240, FLOPS/Byte 930.90, tiles 256, 0.84.
args="2048 2048 10240 --tile 256x64"
run $args
near num_tiles 256 0
near ai 930.90 0.01
near tile_eff 1.00 0.005
near wq_eff 0.84 0.005
near dim_eff 0.84 0.005

# efficiency.md §4.1 rows 4-8 (BLAS dims) and row 4 from torch dims (--swap).
args="2816 8944 1024 --tile 128x224"
run $args
near num_tiles 880 0
near tile_eff 0.998214 0.0000005
near wq_eff 0.964912 0.0000005
near dim_eff 0.963189 0.0000005
args="8944 2816 1024 --swap --tile 128x224"
run $args
near num_tiles 880 0
has "M 2816, N 8944 (swapped"
near other_orient 910 0
args="8944 2816 1024 --no-swap --tile 128x224"
run $args
near num_tiles 910 0
near dim_eff 0.963189 0.0000005
args="1024 8944 1024 --tile 256x128"
run $args
near dim_eff 0.919408 0.0000005
args="30522 141 512 --tile 128x144"
run $args
near num_tiles 239 0
near dim_eff 0.768044 0.0000005
args="2048 141 512 --tile 32x64"
run $args
near tile_eff 0.734375 0.0000005
near dim_eff 0.463816 0.0000005
args="128 5 128 --tile 64x16 --gpu mi250 --dtype f32"
run $args
near num_tiles 2 0
near tile_eff 0.3125 0.0000005
near wq_eff 0.019231 0.0000005
near dim_eff 0.006010 0.0000005

# Occupancy-aware slots (efficiency.md §3): 2 workgroups per CU, 608 slots.
args="10240 2048 2048 --tile 256x64 --wgs-per-cu 2"
run $args
near waves 3 0
near wq_eff 0.701754 0.0000005

# The tile from a kernel name (the Qwen MI300X mm kernel).
args="8944 2816 1024 --swap --kernel Cijk_Alik_Bljk_B_BS_BH_Bias_HA_S_SAV_UserArgs_MT128x224x64_MI16x16x1_SN_LDSB1_GSUAMB_GLS0_ISA942_MIWT4_7_SK0_WG32_8_1 --grid 880"
run $args
has "tile:           128x224x64 (kernel name)"
has "confirmed by the grid"
near dim_eff 0.963189 0.0000005

# efficiency.md §1.2: Qwen addmm 8944x1024x1024 bf16 with bias, 41.038 us.
args="8944 1024 1024 --swap --bias --tile 256x128 --time 41.038"
run $args
near flop 18766086144 0
near bytes 38733824 0
near mib 36.939453 0.000001
near ai 484.49 0.005
near ridge 246.7 0.05
near pct_roofline 35.0 0.05
has "bound:          compute"
args="$args --roof measured"
run $args
near pct_roofline 64.6 0.05
has "[measured]"

# A spec file as gemmscope-bench --ceilings writes it: the measured roof.
top=${top_srcdir:-.}
args="8944 1024 1024 --swap --bias --tile 256x128 --time 41.038 --gpu $top/tests/data/eff/spec_bench.txt"
run $args
near pct_roofline 64.6 0.05
args="8 8 8 --gpu $top/tests/data/eff/spec_bad.yaml"
"$GS" explain $args >"$tmp" 2>&1
[ $? -eq 2 ] || fail "explain $args: expected exit 2"
has "spec_bad.yaml:6:12: clock_ghz"

# Without --tile: the tile model's pick is used, and said so.
args="10240 2048 2048"
run $args
has "the tile model's pick: no --tile given"
has "model_seed:"

# Occupancy: the gfx1151 seed's torch.compile kernel (37.5 %, VGPR+LDS) and
# the MI350X MT64x80x256 kernel (LDS-limited, 12.5 %).
args="8192 8192 8192 --gpu gfx1151 --dtype f16 --wg-size 128 --vgpr 256 --sgpr 128 --lds 17408"
run $args
near occupancy 37.5 0.005
has "occ_limit:      VGPR+LDS"
args="4096 4096 4096 --gpu \"AMD Instinct MI350X\" --wg-size 256 --vgpr 140 --lds 156672"
"$GS" explain 4096 4096 4096 --gpu "AMD Instinct MI350X" --wg-size 256 --vgpr 140 --lds 156672 >"$tmp" 2>&1 ||
	fail "$args exited non-zero"
near occupancy 12.5 0.005
has "occ_limit:      LDS"
args="8944 1024 1024 --gpu h100 --wg-size 384 --regs 168 --lds 231424"
run $args
near occupancy 18.75 0.005

# JSON: the keys DESIGN.md names, the dims as M, N, K as in every JSON output.
args="10240 2048 2048 --tile 256x64 --json-indent --json"
run $args
has '"M": 10240'
has '"N": 2048'
has '"K": 2048'
grep -E '"[mnk]":' "$tmp" >/dev/null && fail "$args: a lower-case m, n or k key"
has '"num_tiles": 1280'
has '"tile_eff": 1'
has '"wq_eff": 0.842105'
has '"dim_eff": 0.842105'
has '"flop": 85899345920'
has '"bytes": 92274688'
has '"flops_per_byte": 930.90'

# Usage and input errors: exit 2 with a gemmscope: message.
for bad in "1 2" "1 2 3 4" "0 2 3" "8 8 8 --tile 0x5" "8 8 8 --tile 64" \
    "8 8 8 --gpu no-such-gpu" "8 8 8 --dtype q9" "8 8 8 --frob" "8 8 8 --tile"; do
	# shellcheck disable=SC2086
	"$GS" explain $bad >"$tmp" 2>&1
	rc=$?
	[ "$rc" -eq 2 ] || fail "explain $bad: exit $rc, expected 2"
	grep '^gemmscope: ' "$tmp" >/dev/null || fail "explain $bad: no 'gemmscope:' message"
done

# gpus: the table, one GPU's sources, JSON.
"$GS" gpus >"$tmp" 2>&1 || fail "gemmscope gpus exited non-zero"
args=gpus
has "MI300X     gfx942   304P   1307.4P"
has "H100       sm_90    132P*  989.4P*"
"$GS" gpus mi300x >"$tmp" 2>&1 || fail "gemmscope gpus mi300x exited non-zero"
has "5.3 TB per second"
has "measured_tflops.bf16"
"$GS" gpus --json-indent --json >"$tmp" 2>&1 || fail "gemmscope gpus --json-indent --json exited non-zero"
has '"gpus"'
has '"name": "gfx1151"'
"$GS" gpus --json-indent --json "$top/tests/data/eff/spec_lab.yaml" >"$tmp" 2>&1 ||
	fail "gemmscope gpus --json-indent --json spec_lab.yaml exited non-zero"
args="gpus --json-indent --json spec_lab.yaml"
has '"name": "MI300X-maf"'
"$GS" gpus no-such-gpu >"$tmp" 2>&1
[ $? -eq 2 ] || fail "gpus no-such-gpu: expected exit 2"

if [ "$fails" -ne 0 ]; then
	echo "$fails failure(s)"
	exit 1
fi
echo "explain.sh: all checks passed"
exit 0
