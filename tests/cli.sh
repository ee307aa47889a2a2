#!/bin/sh
# cli.sh: the command line end to end on the shipped example: outputs,
# reproducibility, gates, exit statuses, atomic outputs, escaping.
set -u
: "${top_srcdir:?}" "${GEMMSCOPE:?}"
ex="$top_srcdir/examples/iree-kernel-benchmark"
base="$ex/rocblas-gemm.csv" cand="$ex/hipblaslt-gemm.csv"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gs-cli.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$top_srcdir/tests/lib.sh"

# --- the main job -----------------------------------------------------
cd "$tmp"
export SOURCE_DATE_EPOCH=1767225600
run_all() { # run_all DIR
	mkdir -p "$1"
	"$GEMMSCOPE" compare "$base" "$cand" -o "$1/r.html" --json "$1/r.json" \
		--markdown "$1/r.md" --csv "$1/r.csv" --regressions "$1/regr.csv" \
		--junit "$1/junit.xml" --assets "$1/assets"
}
status_is 0 "compare the example with every output" run_all a
check "summary line" grep -q '^558 shapes matched: geomean speedup 1.1032' out
for f in r.html r.json r.md r.csv regr.csv junit.xml; do
	check "output $f written" test -s "a/$f"
done
for p in speedup-curve time-scatter speedup-histogram; do
	check "asset $p.svg and .png" test -s "a/assets/$p.svg" -a -s "a/assets/$p.png"
done
check "no temporary files left" sh -c '! ls a | grep -q "\.[A-Za-z0-9]\{6\}$"'
status_is 0 "second run" run_all b
for f in r.html r.json r.md r.csv regr.csv junit.xml; do
	check "SOURCE_DATE_EPOCH: $f byte-identical" cmp -s "a/$f" "b/$f"
done
check "html has no script element" sh -c '! grep -qi "<script" a/r.html'
check "html loads nothing from the network" sh -c '! grep -Eq "(src|href)=\"https?:" a/r.html'
check "regressions file: 152 rows + header" test "$(wc -l < a/regr.csv)" -eq 153

# The native outputs read back.
status_is 0 "regressions list reads back" "$GEMMSCOPE" compare a/regr.csv a/regr.csv -o self.html
check "regressions vs itself: 152 matched, all neutral" \
	grep -q '^152 shapes matched: geomean speedup 1.0000 .* 0 improved, 0 regressed, 152 neutral' out
status_is 0 "per-shape csv reads back" "$GEMMSCOPE" compare "$base" a/r.csv -o csv.html
check "csv as candidate reproduces the comparison" \
	grep -q '^558 shapes matched: geomean speedup 1.1032 .* 317 improved, 152 regressed, 89 neutral' out

# --- gates --------------------------------------------------------------
status_is 1 "--min-geomean 1.2 crossed" "$GEMMSCOPE" compare "$base" "$cand" -o g.html --min-geomean 1.2
check "gate message" grep -q 'min-geomean' err
check "a crossed gate still writes the report" test -s g.html
status_is 0 "--min-geomean 1.1 holds" "$GEMMSCOPE" compare "$base" "$cand" -o g.html --min-geomean 1.1
status_is 1 "--max-regressed 100 crossed" "$GEMMSCOPE" compare "$base" "$cand" -o g.html --max-regressed 100
status_is 0 "--max-regressed 152 holds" "$GEMMSCOPE" compare "$base" "$cand" -o g.html --max-regressed 152
status_is 0 "--threshold 10" "$GEMMSCOPE" compare "$base" "$cand" -o g.html --threshold 10

# --- usage errors -------------------------------------------------------
status_is 2 "no arguments" "$GEMMSCOPE"
status_is 2 "unknown command" "$GEMMSCOPE" frobnicate
status_is 2 "compare with one input" "$GEMMSCOPE" compare "$base"
status_is 2 "unknown option" "$GEMMSCOPE" compare "$base" "$cand" --frobnicate
status_is 2 "bad --threshold" "$GEMMSCOPE" compare "$base" "$cand" --threshold abc
status_is 2 "bad --map" "$GEMMSCOPE" compare "$base" "$cand" --map nonsense
status_is 2 "missing input" "$GEMMSCOPE" compare "$base" nonexistent.csv -o missing.html
check "missing input names the file" grep -q '^nonexistent.csv: ' err
check "missing input: no report" test ! -e missing.html
status_is 2 "bad SOURCE_DATE_EPOCH" env SOURCE_DATE_EPOCH=yesterday "$GEMMSCOPE" compare "$base" "$cand" -o e.html

# --- bad inputs: exit 2, FILE:LINE message, nothing written or replaced --
echo "precious" > keep.html
for bad in "$top_srcdir"/tests/data/bad/*; do
	case $bad in *.md) continue ;; esac
	name=$(basename "$bad")
	status_is 2 "bad input $name" "$GEMMSCOPE" compare "$base" "$bad" -o keep.html \
		--json keep.json
	check "bad input $name: message names file and line" \
		grep -q "^$bad:\( byte \)\?[0-9]" err
	check "bad input $name: existing report untouched" grep -qx precious keep.html
	check "bad input $name: no json" test ! -e keep.json
done
check "no temporary files left by failures" sh -c '! ls | grep -q "keep\.html\."'

# --- options a command cannot honour ------------------------------------
# Refused with the reason, never silently ignored.
refused() { # refused CMD OPTION INPUTS_AND_OPTIONS...
	c=$1 opt=$2; shift 2
	status_is 2 "$c refuses $opt" "$GEMMSCOPE" "$c" "$@" -o refused.html
	check "$c $opt: says why" grep -q "^gemmscope $c: $opt: " "$tmp/err"
	check "$c $opt: nothing written" test ! -e refused.html
}
refused compare --persist "$base" "$cand" --persist 3
refused compare --order "$base" "$cand" --order date
refused report --threshold "$cand" --threshold 3
refused report --top "$cand" --top 3
refused report --correction "$cand" --correction bh
refused report --min-geomean "$cand" --min-geomean 1.1
refused report --max-regressed "$cand" --max-regressed 0
refused report --persist "$cand" --persist 3
refused report --order "$cand" --order date
refused history --gpu "$base" "$cand" --gpu mi300x
# Output options are refused by the format table (render/output.c) at parse
# time, before any input is read.
status_is 2 "report refuses --junit" "$GEMMSCOPE" report "$cand" -o rj.html --junit rj.xml
check "report --junit: the format table's reason" grep -qx \
	'gemmscope report: --junit: report writes no JUnit output (it writes -o, --json, --markdown, --csv, --assets)' "$tmp/err"
check "report --junit: nothing written" test ! -e rj.html -a ! -e rj.xml
status_is 2 "report refuses --regressions" "$GEMMSCOPE" report "$cand" -o rj.html --regressions rj.csv
check "report --regressions: says why" grep -q '^gemmscope report: --regressions: report writes no regressions list' "$tmp/err"
check "report --regressions: nothing written" test ! -e rj.html -a ! -e rj.csv
status_is 2 "report refuses --junit before reading its input" "$GEMMSCOPE" report no-such.csv --junit rj.xml
check "report --junit before input: the refusal, not the input error" grep -q '^gemmscope report: --junit: ' "$tmp/err"

# --- escaping -------------------------------------------------------------
{
	printf 'index,tag,name,M,N,K,dtype,A,B,mean_microseconds,arithmetic_intensity,tflops,ok\n'
	printf '0,<script>alert(1)</script>,x,64,64,64,fp16,N,N,10.0,1,1,True\n'
	printf '1,"""><img src=x onerror=alert(1)>",x,128,64,64,fp16,N,N,10.0,1,1,True\n'
} > evil-base.csv
sed 's/,10.0,/,12.5,/' evil-base.csv > evil-cand.csv
status_is 0 "hostile tags" "$GEMMSCOPE" compare evil-base.csv evil-cand.csv -o evil.html --markdown evil.md
check "tag appears escaped" grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' evil.html
check "no script element" sh -c '! grep -qi "<script" evil.html'
check "no img element" sh -c '! grep -qi "<img" evil.html'

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
