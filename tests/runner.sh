#!/bin/sh
# runner.sh: the built gemmscope-bench end to end.
#  1. the CPU backend on a regressions file, on -m/-n/-k with two dtypes and a
#     Tensile Range, on its own output (round trip), and --ceilings;
#  2. the device backends: exit 3 with one line naming the runtime status
#     when there is no GPU (or no backend built), else a checked result
#     (tests/runner-gpu.sh covers the device backends in depth);
#  3. the confirm flow's runner side: gemmscope compare's --regressions file
#     re-measured as the baseline and the candidate build.
set -u
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
BENCH="$top_builddir/gemmscope-bench"
GEMMSCOPE=${GEMMSCOPE:-$top_builddir/gemmscope}
DATA="$top_srcdir/tests/data/runner"
work=$(mktemp -d "${TMPDIR:-/tmp}/gs-runner-sh-XXXXXX") || exit 99
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
fails=0

fail() {
	echo "FAIL: $*" >&2
	fails=$((fails + 1))
}

# rows FILE: data rows of a CSV (lines after the header)
rows() {
	echo $(($(wc -l <"$1") - 1))
}

# SPLIT_CSV: an awk function that splits a CSV line into f[1..n] as RFC 4180
# says (quoted fields may hold commas and doubled quotes; no line breaks in
# them); the awk programs below start with it
SPLIT_CSV='
function split_csv(line, f,    n, i, ch, q, cur) {
	n = 0; q = 0; cur = ""
	for (i = 1; i <= length(line); i++) {
		ch = substr(line, i, 1)
		if (q && ch == "\"" && substr(line, i + 1, 1) == "\"") { cur = cur ch; i++ }
		else if (ch == "\"") q = !q
		else if (!q && ch == ",") { f[++n] = cur; cur = "" }
		else cur = cur ch
	}
	f[++n] = cur
	return n
}'

# column FILE NAME: the values of column NAME, one per line; fields are split
# as RFC 4180 says (quoted fields may hold commas; no line breaks in them)
column() {
	awk -v name="$2" "$SPLIT_CSV"'
	{ n = split_csv($0, f) }
	NR == 1 { for (i = 1; i <= n; i++) if (f[i] == name) c = i; next }
	{ print f[c] }' "$1"
}

run_cpu() {
	"$BENCH" --backend cpu --iters 3 --warmup 1 --warmup-ms 0 --rotating 1 -q "$@"
}

# --- 1. the CPU backend -------------------------------------------------------
run_cpu --shapes "$DATA/regressions.csv" -o "$work/base.csv" || fail "cpu run on regressions.csv"
[ "$(rows "$work/base.csv")" = 4 ] || fail "base.csv: expected 4 rows"
column "$work/base.csv" samples | while read -r s; do
	[ "$(echo "$s" | tr ';' '\n' | wc -l)" = 3 ] || { echo "FAIL: samples '$s'" >&2; exit 1; }
done || fails=$((fails + 1))
[ "$(column "$work/base.csv" backend | sort -u)" = cpu ] || fail "backend column"
# the native schema (render/native_csv.h, the writer gemmscope uses), then
# the runner's extra and run columns
[ "$(head -n 1 "$work/base.csv")" = "op,batch,M,N,K,dtype,trans_a,trans_b,bias,tag,kernel,count,\
time_us_median,time_us_mean,time_us_min,time_us_max,time_us_std,time_us_sum,gflop,mib,\
flops_per_byte,tflops,tile_m,tile_n,tile_k,tile_eff,wq_eff,dim_eff,samples,max_rel_err,\
checked_outputs,warmup_launches,rotating_copies,rotating_mib,cache_mib,flush_mib,icache_flushed,throttled_samples,\
sclk_mhz_mean,cycles_median,sclk_mhz_samples,mclk_mhz_samples,temp_c_samples,power_w_samples,\
backend,gpu,arch,cus,sclk_mhz,mclk_mhz,runtime,library,clock_source" ] ||
	fail "base.csv: header $(head -n 1 "$work/base.csv")"
"$GEMMSCOPE" report "$work/base.csv" -q --csv "$work/base-report.csv" -o "$work/base.html" ||
	fail "gemmscope report on gemmscope-bench output"
# the CPU's clock after every sample, from /proc/cpuinfo where it has one
# (runner/clocks.h): as many values as samples, each a frequency in MHz
if grep -q '^cpu MHz' /proc/cpuinfo; then
	[ "$(column "$work/base.csv" clock_source | sort -u)" = /proc/cpuinfo ] || fail "clock_source"
	column "$work/base.csv" sclk_mhz_samples | awk -F';' '
		NF != 3 { exit 1 } { for (i = 1; i <= NF; i++) if (!($i > 100 && $i < 10000)) exit 1 }' ||
		fail "sclk_mhz_samples: $(column "$work/base.csv" sclk_mhz_samples | head -1)"
else
	[ -z "$(column "$work/base.csv" sclk_mhz_samples | tr -d '\n')" ] || fail "no cpu MHz: no clocks"
fi
# the methodology columns (runner/README.md "How a shape is measured"): the
# CPU's L3 as the largest cache, no data flush asked, no instruction-cache
# flush on a CPU, the cycles where the clock is known
l3=$(getconf LEVEL3_CACHE_SIZE 2>/dev/null || echo 0)
if [ "${l3:-0}" -gt 0 ] 2>/dev/null; then
	[ "$(column "$work/base.csv" cache_mib | sort -u)" = "$(awk -v b="$l3" 'BEGIN { print b / 1048576 }')" ] ||
		fail "cache_mib: $(column "$work/base.csv" cache_mib | sort -u), L3 $l3 bytes"
fi
[ "$(column "$work/base.csv" flush_mib | sort -u)" = 0 ] || fail "flush_mib without --flush"
[ "$(column "$work/base.csv" warmup_launches | sort -u)" = 1 ] || fail "warmup_launches"
[ "$(column "$work/base.csv" icache_flushed | sort -u)" = 0 ] || fail "icache_flushed on a CPU"
if grep -q '^cpu MHz' /proc/cpuinfo; then
	column "$work/base.csv" cycles_median | awk '!($1 > 0) { exit 1 }' || fail "cycles_median"
fi
run_cpu -m 64 -n 64 -k 64 --flush --flush-mib 3 -o "$work/flush.csv" || fail "--flush run"
[ "$(column "$work/flush.csv" flush_mib)" = 3 ] || fail "flush_mib with --flush-mib 3"
"$BENCH" --backend cpu -m 8 -n 8 -k 8 --flush-mib 1e9 -q 2>"$work/mib.err"
[ $? = 2 ] && grep -q 'size in MiB from 0 to 16777216' "$work/mib.err" || fail "--flush-mib 1e9"
"$BENCH" --backend cpu -m 8 -n 8 -k 8 --throttle-threshold 101 -q 2>"$work/pct.err"
[ $? = 2 ] && grep -q 'percentage from 0 to 100' "$work/pct.err" || fail "--throttle-threshold 101"
medians=$(column "$work/base.csv" time_us_median)
[ -n "$medians" ] && [ "$(column "$work/base-report.csv" time_us_median)" = "$medians" ] ||
	fail "report: medians read back exactly"

run_cpu -m 64 -n 32 -k 16 --dtype f16,bf16 --range '[[16,32],0,[1],0]' \
	-o "$work/mixed.csv" || fail "cpu run on -m/-n/-k and --range"
[ "$(rows "$work/mixed.csv")" = 6 ] || fail "mixed.csv: expected 2 + 2·2 rows"
[ "$(column "$work/mixed.csv" dtype | sort | uniq -c | tr -s ' ')" = " 3 bf16
 3 f16" ] || fail "mixed.csv: dtypes"

run_cpu --shapes "$work/base.csv" -o "$work/again.csv" || fail "cpu run on its own output"
[ "$(column "$work/again.csv" M)" = "$(column "$work/base.csv" M)" ] || fail "round trip"

run_cpu --ceilings "$work/cpu.gpu" --ceilings-size 32 --ceilings-mib 1 || fail "--ceilings"
grep -q '^bandwidth_gbs = [0-9]' "$work/cpu.gpu" || fail "spec file: bandwidth_gbs"
grep -q '^peak_tflops_bf16 = [0-9]' "$work/cpu.gpu" || fail "spec file: peak_tflops_bf16"

"$BENCH" --backend cpu --dtype f8 -m 1 -n 1 -k 1 2>/dev/null
[ $? = 2 ] || fail "an unsupported dtype is a usage error (2)"

# The CPU's vendor GEMM, OpenBLAS (runner/cpublas.h), when configure found
# it (bootstrap installs it): checked like any backend, every dtype,
# transposes, bias and batch; without it, exit 3 naming what is missing.
if grep -q '^#define HAVE_OPENBLAS 1' "$top_builddir/config.h"; then
	for d in f32 f16 bf16; do
		"$BENCH" --platform cpu -m 96 -n 80 -k 200 --transA T --transB T --bias --batch 2 \
			--dtype $d --iters 3 --warmup 1 --rotating 1 -q -o "$work/blas-$d.csv" ||
			fail "OpenBLAS $d: exit $?"
		[ "$(column "$work/blas-$d.csv" backend)" = vendor ] || fail "OpenBLAS $d: backend"
		column "$work/blas-$d.csv" kernel | grep -q '^openblas_sgemm' ||
			fail "OpenBLAS $d: kernel $(column "$work/blas-$d.csv" kernel)"
		column "$work/blas-$d.csv" library | grep -q '^OpenBLAS [0-9]' ||
			fail "OpenBLAS $d: library column"
		# all 2·96·80 outputs were checked against the double reference
		[ "$(column "$work/blas-$d.csv" checked_outputs)" = 15360 ] || fail "OpenBLAS $d: check"
	done
else
	"$BENCH" --platform cpu -m 8 -n 8 -k 8 -q -o "$work/blas.csv" 2>"$work/blas.err"
	[ $? = 3 ] && grep -q 'no vendor GEMM library for the CPU' "$work/blas.err" &&
		[ ! -e "$work/blas.csv" ] || fail "no OpenBLAS: exit 3 and a message"
fi

# --- 2. the device backends ---------------------------------------------------
built=
for p in hip cuda; do
	[ -f "$top_builddir/runner/gemmscope-bench-$p.so" ] && built="$built $p"
done
for backend in tiled vendor; do
	"$BENCH" --backend $backend -m 200 -n 136 -k 72 --dtype f16 --iters 3 -q \
		-o "$work/$backend.csv" 2>"$work/$backend.err"
	rc=$?
	case $rc in
	3)
		[ "$(wc -l <"$work/$backend.err")" = 1 ] || fail "$backend: one line on exit 3"
		[ ! -e "$work/$backend.csv" ] || fail "$backend: output written on exit 3"
		if [ -n "$built" ]; then
			grep -Eq 'no GPU.*(ErrorNoDevice|ErrorInsufficientDriver|no device|cannot load)|no vendor GEMM library' \
				"$work/$backend.err" || fail "$backend: runtime status not named"
		else
			grep -q 'no device backend' "$work/$backend.err" || fail "$backend: message"
		fi
		echo "$backend: $(cat "$work/$backend.err")"
		;;
	0)
		[ "$(rows "$work/$backend.csv")" = 1 ] || fail "$backend: one row on a GPU"
		;;
	*)
		fail "$backend: exit $rc: $(cat "$work/$backend.err")"
		;;
	esac
done

# --- 3. the confirm flow, runner side ---------------------------------------------
# compare a nightly pair in which one shape got 3x slower, take its
# regressions file, and re-measure it as the baseline and the candidate build
awk -v OFS=, "$SPLIT_CSV"'
	NR == 1 { n = split_csv($0, h); for (i = 1; i <= n; i++) col[h[i]] = i; print; next }
	NR == 2 {   # no quoted fields on this row: safe to rejoin
		n = split_csv($0, f)
		m = split(f[col["samples"]], s, ";")
		out = ""
		for (i = 1; i <= m; i++) out = out (i > 1 ? ";" : "") s[i] * 3
		f[col["samples"]] = out
		f[col["time_us_median"]] = f[col["time_us_median"]] * 3
		line = f[1]
		for (i = 2; i <= n; i++) line = line "," f[i]
		print line
		next
	}
	{ print }' "$work/base.csv" >"$work/nightly-cand.csv"
"$GEMMSCOPE" compare "$work/base.csv" "$work/nightly-cand.csv" -o "$work/r.html" \
	--json "$work/r.json" --regressions "$work/regr.csv" >/dev/null 2>"$work/compare.err"
[ $? -le 1 ] || fail "gemmscope compare on gemmscope-bench output: $(cat "$work/compare.err")"
grep -Eq '"matched": ?4' "$work/r.json" || fail "compare: 4 matched shapes"
[ "$(rows "$work/regr.csv")" = 1 ] || fail "compare: one regression expected"
run_cpu --shapes "$work/regr.csv" -o "$work/base-rerun.csv" || fail "baseline re-run"
run_cpu --shapes "$work/regr.csv" --seed 2 -o "$work/cand-rerun.csv" || fail "candidate re-run"
for f in base-rerun cand-rerun; do
	[ "$(column "$work/$f.csv" M)" = 128 ] && [ "$(column "$work/$f.csv" trans_b)" = T ] ||
		fail "$f.csv: the regressed shape 128x96x64 f16 NT"
done
"$GEMMSCOPE" confirm "$work/r.json" "$work/base-rerun.csv" "$work/cand-rerun.csv" -q \
	--json "$work/c.json" 2>"$work/confirm.err"
[ $? -le 1 ] || fail "confirm on the re-runs: $(cat "$work/confirm.err")"
if grep -q '^cpu MHz' /proc/cpuinfo; then # the CPU's clock was sampled: cycles on both sides
	grep -Eq '"clock_normalised_speedup": ?[0-9]' "$work/c.json" ||
		fail "confirm: no clock-normalised speedup from the CPU re-runs"
fi

# --- 4. confirm with clocks: a slowdown that is a clock ------------------------------
# The re-runs as a GPU would record them if the candidate's run were
# power-capped: 25 % slower in time at 80 % of the baseline's shader clock
# (2000 against 1600 MHz), so the same number of cycles, with 3 of its 8
# samples below the throttle threshold.  Constructed from the CPU re-run's
# row (its key and run columns), the samples and clock columns replaced.
clocked() { # clocked SCALE SCLK THROTTLED < RERUN.csv: the row, re-clocked
	awk -v OFS=, -v scale="$1" -v sclk="$2" -v thr="$3" "$SPLIT_CSV"'
	NR == 1 { n = split_csv($0, h); for (i = 1; i <= n; i++) col[h[i]] = i; print; next }
	{
		n = split_csv($0, f)
		m = split("100;101;102;99;100.5;101.5;99.5;100.2", s, ";")
		out = ""; cyc = ""
		for (i = 1; i <= m; i++) {
			out = out (i > 1 ? ";" : "") s[i] * scale
			cyc = cyc (i > 1 ? ";" : "") sclk
		}
		f[col["samples"]] = out
		f[col["count"]] = m
		f[col["time_us_median"]] = 100.35 * scale
		f[col["sclk_mhz_samples"]] = cyc
		f[col["sclk_mhz_mean"]] = sclk
		f[col["cycles_median"]] = 100.35 * scale * sclk
		f[col["throttled_samples"]] = thr
		line = f[1]
		for (i = 2; i <= n; i++) line = line "," f[i]
		print line
	}'
}
clocked 1 2000 0 <"$work/base-rerun.csv" >"$work/base-clk.csv"
clocked 1.25 1600 3 <"$work/base-rerun.csv" >"$work/cand-clk.csv"
"$GEMMSCOPE" confirm "$work/r.json" "$work/base-clk.csv" "$work/cand-clk.csv" -q \
	--json "$work/clk.json" --markdown "$work/clk.md" 2>"$work/clk.err"
[ $? -le 1 ] || fail "confirm with clocks: $(cat "$work/clk.err")"
tr -d ' \n' <"$work/clk.json" >"$work/clk.flat"
for want in '"confirmed":1' '"clock_only":1' '"throttled":1' '"status":"confirmed"' \
	'"remeasured_speedup":0\.(8|7999999)' '"clock_normalised_speedup":1,' \
	'"throttled_samples_base":0' '"throttled_samples_cand":3' '"clock_only":true'; do
	grep -Eq "$want" "$work/clk.flat" || fail "confirm with clocks: JSON lacks $want"
done
grep -q '| 1.25× | 1.00× | 0 / 3 | confirmed |$' "$work/clk.md" ||
	fail "confirm with clocks: markdown row $(grep '128' "$work/clk.md")"
grep -q '^1 of the slowdowns confirmed or unsure in time is not one in shader clock cycles' \
	"$work/clk.md" || fail "confirm with clocks: the clock line"
grep -q '^1 re-measured shape had samples taken while throttled' "$work/clk.md" ||
	fail "confirm with clocks: the throttle line"
# the same without the clock columns (another tool's re-runs): nothing claimed
cut -d, -f1-30 "$work/cand-clk.csv" >"$work/cand-noclk.csv"
"$GEMMSCOPE" confirm "$work/r.json" "$work/base-clk.csv" "$work/cand-noclk.csv" -q \
	--json "$work/noclk.json" --markdown "$work/noclk.md" 2>/dev/null
tr -d ' \n' <"$work/noclk.json" | grep -q '"clock_normalised_speedup":null' ||
	fail "confirm without clocks: clock_normalised_speedup not null"
grep -q '| 1.25× | — | 0 / ? | confirmed |$' "$work/noclk.md" ||
	fail "confirm without clocks: markdown row $(grep '128' "$work/noclk.md")"

exit $((fails > 0))
