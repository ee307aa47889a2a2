#!/bin/sh
# gates.sh: the CI gates (--min-geomean, --max-regressed) in every output,
# not only on stderr (issue 10, DESIGN.md "JSON"): JSON gates[] (name,
# threshold, value, passed; [] without a gate, in every JSON output), the
# markdown's first line (PASS or FAIL naming each crossed gate with its
# value and threshold), the HTML verdict's gate list, and one JUnit
# testcase per gate (classname "gates") failing when the gate is crossed.
# compare on the shipped example (558 shapes, 152 regressed, geomean
# 1.1032 rocBLAS -> hipBLASLt; 317 regressed, 0.9065 the other way), history
# on tests/data/history (0 open regressions in dated/; 3 in the generated
# 12-run history), confirm with 100 confirmed regressions (as confirm.sh).
set -u
: "${top_srcdir:?}" "${GEMMSCOPE:?}"
ex="$top_srcdir/examples/iree-kernel-benchmark"
base="$ex/rocblas-gemm.csv" cand="$ex/hipblaslt-gemm.csv"
command -v python3 >/dev/null 2>&1 || { echo "no python3: skipped"; exit 77; }
command -v xmllint >/dev/null 2>&1 || { echo "no xmllint: skipped"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gs-gates.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
export SOURCE_DATE_EPOCH=1767225600 LC_ALL=C TZ=UTC
. "$top_srcdir/tests/lib.sh"

status_is() { # status_is WANT NAME COMMAND...
	want=$1 name=$2; shift 2
	"$@" >out 2>err; got=$?
	if [ "$got" -eq "$want" ]; then ok "$name (exit $got)"
	else fail "$name: exit $got, want $want"; sed 's/^/#   /' err; fi
}
# gates JSON: the gates as "name threshold value passed;" (numbers as the
# JSON has them), or "missing" when the key is absent.
gates() {
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
if "gates" not in d:
    print("missing")
else:
    print(" ".join("%s %s %s %s;" % (g["name"], json.dumps(g["threshold"]),
          json.dumps(g["value"]), json.dumps(g["passed"])) for g in d["gates"]))
' "$1"
}
# xp FILE XPATH: an XPath number or string of an XML file.
xp() { xmllint --xpath "$2" "$1" 2>/dev/null; }
# hx FILE XPATH: the same on an HTML page.
hx() { xmllint --html --xpath "$2" "$1" 2>/dev/null; }
# junit FILE: "tests failures gate-cases gate-failures gate-message..."
junit() {
	echo "$(xp "$1" 'string(/testsuites/testsuite/@tests)')" \
		"$(xp "$1" 'string(/testsuites/testsuite/@failures)')" \
		"$(xp "$1" 'count(//testcase[@classname="gates"])')" \
		"$(xp "$1" 'count(//testcase[@classname="gates"]/failure)')"
}
# html_gates FILE: the gate list's items' text, one per line.
html_gates() {
	n=$(hx "$1" 'count(//ul[@class="gates"]/li)')
	i=1
	while [ "$i" -le "$n" ]; do
		printf '%s\n' "$(hx "$1" "normalize-space(//ul[@class=\"gates\"]/li[$i])")"
		i=$((i + 1))
	done
}
compare() { # compare DIR BASE CAND [options]
	d=$1 b=$2 c=$3; shift 3
	mkdir -p "$d"
	"$GEMMSCOPE" compare "$b" "$c" -q -o "$d/r.html" --json "$d/r.json" \
		--markdown "$d/r.md" --junit "$d/r.xml" "$@"
}

# --- compare ----------------------------------------------------------
status_is 0 "compare, no gate" compare none "$base" "$cand"
same "no gate: JSON gates []" "$(gates none/r.json)" ""
same "no gate: markdown starts with the title" "$(head -n 1 none/r.md | cut -d: -f1)" "## GEMM comparison"
same "no gate: no HTML gate list" "$(hx none/r.html 'count(//ul[@class="gates"])')" 0
same "no gate: no JUnit gate case" "$(junit none/r.xml)" "558 152 0 0"

status_is 0 "compare, both gates hold" compare pass "$base" "$cand" \
	--min-geomean 1.1 --max-regressed 152
geo=$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["summary"]["geomean_speedup"])' pass/r.json)
same "pass: JSON gates" "$(gates pass/r.json)" \
	"min-geomean 1.1 $geo true; max-regressed 152 152 true;"
same "pass: markdown first line" "$(head -n 1 pass/r.md)" \
	"**PASS**: geomean speedup 1.1032 ≥ --min-geomean 1.1; 152 regressed ≤ --max-regressed 152"
same "pass: markdown title follows" "$(sed -n 3p pass/r.md | cut -d: -f1)" "## GEMM comparison"
same "pass: JUnit 2 gate cases, none failing" "$(junit pass/r.xml)" "560 152 2 0"
same "pass: HTML names both gates" "$(html_gates pass/r.html)" \
	"PASS: geomean speedup 1.1032 ≥ --min-geomean 1.1
PASS: 152 regressed ≤ --max-regressed 152"

status_is 1 "compare, both gates crossed" compare fail "$cand" "$base" \
	--min-geomean 1.2 --max-regressed 3
same "fail: JSON gates" "$(gates fail/r.json | sed 's/ 0\.906[0-9]* / 0.906 /')" \
	"min-geomean 1.2 0.906 false; max-regressed 3 317 false;"
same "fail: markdown first line" "$(head -n 1 fail/r.md)" \
	"**FAIL**: geomean speedup 0.9065 < --min-geomean 1.2; 317 regressed > --max-regressed 3"
same "fail: JUnit 2 gate cases, both failing" "$(junit fail/r.xml)" "560 319 2 2"
q='//testcase[@classname="gates"][@name="max-regressed"]/failure/@message'
same "fail: JUnit failure message" "$(xp fail/r.xml "string($q)")" \
	"317 regressed > --max-regressed 3"
same "fail: HTML names both gates" "$(html_gates fail/r.html)" \
	"FAIL: geomean speedup 0.9065 < --min-geomean 1.2
FAIL: 317 regressed > --max-regressed 3"

status_is 1 "compare, one gate crossed" compare one "$base" "$cand" \
	--min-geomean 1.1 --max-regressed 100
same "one: markdown names only the crossed gate" "$(head -n 1 one/r.md)" \
	"**FAIL**: 152 regressed > --max-regressed 100"
same "one: JUnit 2 gate cases, one failing" "$(junit one/r.xml)" "560 153 2 1"
same "one: HTML names the passed gate too" "$(html_gates one/r.html)" \
	"PASS: geomean speedup 1.1032 ≥ --min-geomean 1.1
FAIL: 152 regressed > --max-regressed 100"

# --- history ----------------------------------------------------------
history() { # history DIR INPUT [options]
	d=$1 in=$2; shift 2
	mkdir -p "$d"
	"$GEMMSCOPE" history "$in" -q -o "$d/h.html" --json "$d/h.json" \
		--markdown "$d/h.md" --junit "$d/h.xml" "$@"
}
dated="$top_srcdir/tests/data/history/dated"
status_is 0 "history, no gate" history hnone "$dated"
same "history no gate: JSON gates []" "$(gates hnone/h.json)" ""
same "history no gate: markdown starts with the title" "$(head -n 1 hnone/h.md | cut -d: -f1)" "## GEMM history"
same "history no gate: no JUnit gate case" "$(junit hnone/h.xml)" "3 0 0 0"

status_is 0 "history --max-regressed 0 holds" history hpass "$dated" --max-regressed 0
same "history pass: JSON gates" "$(gates hpass/h.json)" "max-regressed 0 0 true;"
same "history pass: markdown first line" "$(head -n 1 hpass/h.md)" \
	"**PASS**: 0 open regressions ≤ --max-regressed 0"
same "history pass: JUnit" "$(junit hpass/h.xml)" "4 0 1 0"
same "history pass: HTML" "$(html_gates hpass/h.html)" \
	"PASS: 0 open regressions ≤ --max-regressed 0"

runs="$tmp/runs"
sh "$top_srcdir/tests/data/history/make-history.sh" "$ex/hipblaslt-gemm.csv" "$runs" \
	>/dev/null 2>&1 || fail "make-history.sh"
status_is 1 "history --max-regressed 2 crossed (3 open)" history hfail "$runs" --max-regressed 2
same "history fail: JSON gates" "$(gates hfail/h.json)" "max-regressed 2 3 false;"
same "history fail: markdown first line" "$(head -n 1 hfail/h.md)" \
	"**FAIL**: 3 open regressions > --max-regressed 2"
same "history fail: JUnit gate case fails" \
	"$(xp hfail/h.xml 'string(//testcase[@classname="gates"]/failure/@message)')" \
	"3 open regressions > --max-regressed 2"
same "history fail: HTML" "$(html_gates hfail/h.html)" \
	"FAIL: 3 open regressions > --max-regressed 2"

# --- confirm (re-measured inputs as in confirm.sh) --------------------
"$GEMMSCOPE" compare "$base" "$cand" -q -o c.html --json c.json --csv c.csv ||
	fail "compare for confirm"
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
awk -F, -v side=base "$remeasure" c.csv > base_re.csv
awk -F, -v side=cand "$remeasure" c.csv > cand_re.csv
confirm() { # confirm NAME [options]
	n=$1; shift
	"$GEMMSCOPE" confirm c.json base_re.csv cand_re.csv -q --json "$n.json" \
		--markdown "$n.md" "$@"
}
status_is 0 "confirm, no gate" confirm cnone
same "confirm no gate: JSON gates []" "$(gates cnone.json)" ""
same "confirm no gate: markdown starts with the title" "$(head -c 20 cnone.md)" \
	"### gemmscope confir"
status_is 1 "confirm --max-regressed 99 crossed" confirm cfail --max-regressed 99
same "confirm fail: JSON gates" "$(gates cfail.json)" "max-regressed 99 100 false;"
same "confirm fail: markdown first line" "$(head -n 1 cfail.md)" \
	"**FAIL**: 100 confirmed regressions > --max-regressed 99"
status_is 0 "confirm --max-regressed 100 holds" confirm cpass --max-regressed 100
same "confirm pass: markdown first line" "$(head -n 1 cpass.md)" \
	"**PASS**: 100 confirmed regressions ≤ --max-regressed 100"

# --- every other JSON output has "gates": [] ----------------------------
"$GEMMSCOPE" report "$cand" -q -o rep.html --json rep.json >/dev/null 2>&1
same "report JSON gates []" "$(gates rep.json)" ""
"$GEMMSCOPE" explain 4096 4096 4096 --gpu mi300x --json > explain.json 2>/dev/null
same "explain JSON gates []" "$(gates explain.json)" ""
"$GEMMSCOPE" gpus --json > gpus.json 2>/dev/null
same "gpus JSON gates []" "$(gates gpus.json)" ""
"$GEMMSCOPE" gpus mi300x --json > gpu.json 2>/dev/null
same "gpus GPU JSON gates []" "$(gates gpu.json)" ""

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
