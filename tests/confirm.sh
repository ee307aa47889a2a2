#!/bin/sh
# confirm.sh: the regressions list regenerated from re-measured numbers.
# The example's 152 regressions are "re-measured" with 10 samples a side
# (fewer cannot survive Holm's correction over 150 U tests: 5 vs 5 fully
# separated gives p = 2/252, times 150 > 0.05, so they come out unsure):
# 100 stay slower (confirmed), 50 come back at the baseline time (not
# reproduced), 2 are missing from the candidate re-run (not re-measured).
set -u
: "${top_srcdir:?}" "${GEMMSCOPE:?}"
ex="$top_srcdir/examples/iree-kernel-benchmark"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gs-confirm.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fails=0 passes=0
check() { name=$1; shift; if "$@"; then passes=$((passes+1)); echo "ok - $name"
	else fails=$((fails+1)); echo "not ok - $name"; fi; }

"$GEMMSCOPE" compare "$ex/rocblas-gemm.csv" "$ex/hipblaslt-gemm.csv" -q -o r.html \
	--json-indent --json r.json --csv r.csv
check "compare wrote the report json" test -s r.json

# Re-measured files in the native schema, from the per-shape csv (no
# quoted fields in this data, so awk can split on commas).
remeasure='
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i
          print "op,batch,M,N,K,dtype,trans_a,trans_b,bias,tag,time_us_median,samples"; next }
$col["class"] != "regressed" { next }
{ n++
  tb = $col["base_time_us_median"]; tc = $col["time_us_median"]
  t = side == "base" ? tb : (n <= 100 ? tc : tb)
  if (side == "cand" && n > 150) next
  s = ""
  for (k = 0; k < 10; k++) s = s (k ? ";" : "") sprintf("%.6f", t * (1 + (k - 4.5) / 450))
  printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%.6f,%s\n", $col["op"], $col["batch"], $col["M"],
         $col["N"], $col["K"], $col["dtype"], $col["trans_a"], $col["trans_b"],
         $col["bias"], $col["tag"], t, s }'
awk -F, -v side=base "$remeasure" r.csv > base_re.csv
awk -F, -v side=cand "$remeasure" r.csv > cand_re.csv
check "152 re-measured baseline shapes" test "$(wc -l < base_re.csv)" -eq 153
check "150 re-measured candidate shapes" test "$(wc -l < cand_re.csv)" -eq 151

"$GEMMSCOPE" confirm r.json base_re.csv cand_re.csv --regressions regen.csv \
	--json-indent --json confirm.json --markdown confirm.md > out 2> err
check "confirm exits 0" test $? -eq 0
check "confirm counts" grep -q '^152 regressions in r.json: 100 confirmed, 50 not reproduced, 0 unsure, 2 not re-measured' out
check "regenerated list: 100 rows + header" test "$(wc -l < regen.csv)" -eq 101
check "json counts" grep -q '"confirmed": 100' confirm.json
check "markdown table: 20 rows, the confirmed first" test "$(grep -c '| confirmed |' confirm.md)" -eq 20
check "markdown says where the rest is" grep -q '^The first 20, confirmed first; --json lists all 152.$' confirm.md

# The regenerated list is the native schema: it reads back.
"$GEMMSCOPE" compare regen.csv regen.csv -o self.html > out 2> err
check "regenerated list reads back" grep -q '^100 shapes matched' out

"$GEMMSCOPE" confirm r.json base_re.csv cand_re.csv --max-regressed 99 -q > out 2> err
check "gate on confirmed regressions" test $? -eq 1
"$GEMMSCOPE" confirm r.json base_re.csv cand_re.csv --max-regressed 100 -q > out 2> err
check "gate holds at 100" test $? -eq 0

printf '{"shapes": [1, 2' > broken.json
"$GEMMSCOPE" confirm broken.json base_re.csv cand_re.csv --json-indent --json never.json > out 2> err
check "broken report: exit 2" test $? -eq 2
check "broken report: byte offset" grep -q '^broken.json: byte [0-9]*: invalid JSON' err
check "broken report: nothing written" test ! -e never.json
"$GEMMSCOPE" confirm r.json base_re.csv > out 2> err
check "usage: three inputs" test $? -eq 2

# Options confirm cannot honour are refused (exit 2, the reason on stderr,
# nothing written), never silently dropped.
refuse() { # refuse OPTION WORDS...: confirm refuses OPTION, naming it
	opt=$1; shift
	rm -f done.json
	"$GEMMSCOPE" confirm r.json base_re.csv cand_re.csv --json-indent --json done.json "$@" > out 2> err
	check "confirm $opt: exit 2" test $? -eq 2
	check "confirm $opt: says why" grep -q "^gemmscope confirm: $opt: confirm " err
	check "confirm $opt: nothing written" test ! -e done.json
}
refuse -o -o never.html
refuse --junit --junit never.xml
check "--junit: the message lists what confirm writes" grep -qx \
	'gemmscope confirm: --junit: confirm writes no JUnit output (it writes --json, --markdown, --regressions)' err
refuse --csv --csv never.csv
refuse --assets --assets never.d
refuse --title --title T
refuse --gpu --gpu mi300x
refuse --threshold --threshold 3
refuse --top --top 3
refuse --min-geomean --min-geomean 1.1
refuse --persist --persist 3
refuse --order --order date
check "refused outputs not written" test ! -e never.html -a ! -e never.xml -a ! -e never.csv -a ! -d never.d

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
