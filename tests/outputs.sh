#!/bin/sh
# outputs.sh: what the outputs guarantee (README "What the outputs
# guarantee", issue 11): no output overwrites an input or another output,
# devices / FIFOs / "-" written in place, stale temporaries removed, the
# assets directory all-or-nothing, CSV formula cells neutralised,
# SOURCE_DATE_EPOCH bounded, libxml2 silent, shapes beyond the model's
# limits refused with their line.
set -u
: "${top_srcdir:?}" "${GEMMSCOPE:?}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gs-outputs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$top_srcdir/tests/lib.sh"

gs() { "$GEMMSCOPE" "$@"; }

cd "$tmp"
export SOURCE_DATE_EPOCH=1767225600
# Every text cell a spreadsheet would run as a formula; all four regress.
cat > base.csv <<'EOF'
M,N,K,dtype,tag,kernel,time_us_median
64,64,64,f16,=1+1,k1,10
128,64,64,f16,+cmd,k2,10
256,64,64,f16,@SUM(1),-k3,10
512,64,64,f16,-2+3,k4,10
EOF
sed 's/,10$/,20/' base.csv > cand.csv
cp base.csv base.orig

# --- item 6: no output is an input or another output ---------------------
same_refused() { # same_refused NAME WANT_IN_MESSAGE COMMAND...
	sr_name=$1 sr_msg=$2; shift 2
	status_is 2 "$sr_name" "$@"
	check "$sr_name: message names both paths" grep -q "$sr_msg" err
	check "$sr_name: input untouched" cmp -s base.csv base.orig
	cp base.orig base.csv   # the next test starts from the input again
}
same_refused "compare -o INPUT" 'base.csv: the output would overwrite the input base.csv' \
	gs compare base.csv cand.csv -o base.csv
same_refused "compare --csv INPUT (second input)" 'cand.csv.*cand.csv' \
	gs compare base.csv cand.csv --csv cand.csv
ln base.csv hard.csv
same_refused "output is a hard link of an input" 'hard.csv.*base.csv' \
	gs compare base.csv cand.csv -o hard.csv
ln -s base.csv sym.csv
same_refused "output is a symlink to an input" 'sym.csv.*base.csv' \
	gs compare base.csv cand.csv --json sym.csv
same_refused "two outputs, one file" 'same.html.*same.html' \
	gs compare base.csv cand.csv -o same.html --json same.html
check "two outputs, one file: nothing written" test ! -e same.html
same_refused "two outputs, one file through a symlink" 'link.md.*r.md' \
	sh -c 'echo old > r.md && ln -sf r.md link.md && "$GEMMSCOPE" compare base.csv cand.csv --markdown r.md --csv link.md'
same_refused "an output is an asset file" 'as/speedup-curve.svg' \
	gs compare base.csv cand.csv --assets as -o as/speedup-curve.svg
check "an output is an asset file: no assets" test ! -e as
same_refused "report --csv INPUT" 'base.csv.*base.csv' gs report base.csv --csv base.csv
cp base.csv r1.csv; cp cand.csv r2.csv
same_refused "history --json RUN" 'r1.csv.*r1.csv' gs history r1.csv r2.csv --json r1.csv
check "history --json RUN: run untouched" cmp -s r1.csv base.orig
status_is 1 "a report.json for confirm" gs compare base.csv cand.csv -o /dev/null --json rep.json \
	--max-regressed 0
cp rep.json rep.orig
status_is 2 "confirm --json REPORT.json" gs confirm rep.json base.csv cand.csv --json rep.json
check "confirm --json REPORT.json: message" grep -q 'rep.json.*rep.json' err
check "confirm --json REPORT.json: untouched" cmp -s rep.json rep.orig

# --- item 7: devices, FIFOs and "-" are written in place -----------------
status_is 0 "-o /dev/null --json /dev/null" \
	gs compare base.csv cand.csv -q -o /dev/null --json /dev/null --markdown /dev/null
check "/dev/null is still a device" test -c /dev/null
status_is 0 "--json - (stdout)" gs compare base.csv cand.csv -q -o /dev/null --json -
check "--json -: the JSON on stdout" grep -q '"shapes"\|"pairs"\|"summary"' out
status_is 0 '"-" twice' gs compare base.csv cand.csv -q -o /dev/null --markdown - --csv -
check '"-" twice: both on stdout' sh -c 'grep -q "^## " out && grep -q "^op,batch,M" out'
# Two plain writers on one stream: at 100,000 shapes each makes its rows
# on two threads for about half a second, and both on "-" used to splice
# the CSV into the middle of the JSON.  Now one after the other.
awk 'BEGIN { print "M,N,K,dtype,time_us_median"; srand(5)
	for (i = 1; i <= 100000; i++)
		print 64 + int(rand() * 16000) "," 64 + int(rand() * 16000) "," i ",f16," 10 + i % 7 }' \
	> big-base.csv
sed 's/,\([0-9]*\)$/,1\1/' big-base.csv > big-cand.csv
status_is 0 '--json - --csv -' gs compare big-base.csv big-cand.csv -q -o /dev/null --json - --csv -
check '--json - --csv -: the whole JSON, then the whole CSV' awk '
	NR == 1 { ok = /^[{]"command":"compare"/ && /[}]$/ }
	NR == 2 { ok = ok && /^op,batch,M,N,K,/ }
	NR > 2 { ok = ok && /^,1,[0-9]+,[0-9]+,[0-9]+,f16,/ }
	END { exit !(ok && NR == 100002) }' out
mkfifo fifo
cat fifo > from-fifo &
reader=$!
(sleep 30; kill "$reader") >/dev/null 2>&1 &   # never hang on an unopened FIFO
watchdog=$!
status_is 0 "--json FIFO with a reader" gs compare base.csv cand.csv -q -o /dev/null --json fifo
wait "$reader"
kill "$watchdog" 2>/dev/null
check "FIFO: the reader got the JSON" grep -q '"version"' from-fifo
check "FIFO: still a FIFO" test -p fifo

# --- item 9: stale temporaries of our own pattern are removed -------------
mkdir stale && cd stale
touch -t 202001010000 r.html.gemmscope-Ab12Cd r.json.gemmscope-000000
touch r.html.gemmscope-fresh1                    # younger than an hour: kept
touch -t 202001010000 notes.gemmscope-abc12 r.html.gemmscope-abc1234 other.tmp
mkdir as.gemmscope-old123 && touch as.gemmscope-old123/speedup-curve.svg
touch -t 202001010000 as.gemmscope-old123/speedup-curve.svg as.gemmscope-old123
status_is 0 "a run beside stale temporaries" \
	gs compare ../base.csv ../cand.csv -q -o r.html --json r.json --assets as
check "stale temporaries removed" sh -c \
	'test ! -e r.html.gemmscope-Ab12Cd && test ! -e r.json.gemmscope-000000'
check "stale assets directory removed" test ! -e as.gemmscope-old123
check "a fresh temporary kept (maybe another run's)" test -e r.html.gemmscope-fresh1
check "other names kept" sh -c \
	'test -e notes.gemmscope-abc12 && test -e r.html.gemmscope-abc1234 && test -e other.tmp'
cd ..

# --- item 8: --assets all-or-nothing --------------------------------------
status_is 2 "assets, then a failing output" \
	gs compare base.csv cand.csv -o fail.html --assets fail-assets --json /dev/full
check "failing output: no assets directory" test ! -e fail-assets
check "failing output: no temporary directory" sh -c '! ls -a | grep -q "^fail-assets\."'
check "failing output: no report" test ! -e fail.html
mkdir keep-assets && echo mine > keep-assets/notes.txt
status_is 2 "existing assets directory, failing output" \
	gs compare base.csv cand.csv -o /dev/null --assets keep-assets --json /dev/full
check "existing assets directory unchanged" sh -c \
	'[ "$(ls -A keep-assets)" = notes.txt ] && ! ls -a | grep -q "^keep-assets\."'
status_is 0 "existing assets directory" \
	gs compare base.csv cand.csv -q -o /dev/null --assets keep-assets/
check "assets moved into it, its own file kept" sh -c \
	'test -s keep-assets/speedup-curve.svg && test -s keep-assets/speedup-curve.png &&
	 grep -qx mine keep-assets/notes.txt && ! ls -a | grep -q "^keep-assets\."'
check "no temporaries inside it" sh -c '! ls -a keep-assets | grep -q gemmscope-'
# The 2x PNG: the same figure at twice the pixels in each dimension (the
# IHDR width and height, big-endian at bytes 16..23).
png_wh() { od -An -tu1 -j16 -N8 "$1" | awk '{print ($1*16777216+$2*65536+$3*256+$4) "x" ($5*16777216+$6*65536+$7*256+$8)}'; }
check "2x PNG asset: twice the 1x PNG's width and height" \
	test "$(png_wh keep-assets/speedup-curve@2x.png)" = 1440x840 -a \
	"$(png_wh keep-assets/speedup-curve.png)" = 720x420
mkdir -p clash/speedup-curve.svg
status_is 2 "an asset would replace a directory" \
	gs compare base.csv cand.csv -o /dev/null --assets clash
check "an asset would replace a directory: nothing moved" sh -c \
	'[ "$(ls -A clash)" = speedup-curve.svg ] && ! ls -a | grep -q "^clash\."'
# A write failing inside the assets (a file-size limit: EFBIG; devices are
# not limited): no directory, no file, no temporary.
status_is 2 "an asset that cannot be written" sh -c "trap '' XFSZ; ulimit -f 1;
	exec \"\$GEMMSCOPE\" compare base.csv cand.csv -o /dev/null --json /dev/null --assets efbig"
check "an asset that cannot be written: nothing left" sh -c \
	'test ! -e efbig && ! ls -a | grep -q "^efbig"'
echo file > not-a-dir
status_is 2 "--assets on a regular file" gs compare base.csv cand.csv -o /dev/null --assets not-a-dir
check "--assets on a regular file: untouched" grep -qx file not-a-dir

# --- item 14: CSV formula injection ----------------------------------------
status_is 0 "CSV outputs of formula-like cells" \
	gs compare base.csv cand.csv -q -o /dev/null --csv c.csv --regressions r.csv
for f in c.csv r.csv; do
	for cell in "'=1+1" "'+cmd" "'@SUM(1)" "'-k3" "'-2+3"; do
		check "$f: $cell neutralised" grep -qF ",$cell," "$f"
	done
	check "$f: no cell starts a formula" sh -c "! grep -q ',[=+@]' $f"
done
check "negative numbers untouched (change_pct)" grep -q ',-50,regressed,' c.csv
printf 'M,N,K,dtype,tag,time_us_median\n64,64,64,f16,"\t=1+1",10\n' > tab.csv
status_is 0 "a quoted tab-prefixed = cell" gs report tab.csv -q -o /dev/null --csv tab-out.csv
check "tab-prefixed = keeps its tab after the '" grep -q "$(printf ",'\t=1+1,")" tab-out.csv
inj="$top_srcdir/tests/data/bad-inputs"
if [ -f "$inj/inj-base.csv" ]; then
	status_is 0 "bad-inputs inj-base/inj-cand" gs compare "$inj/inj-base.csv" \
		"$inj/inj-cand.csv" -q -o /dev/null --csv inj.csv --regressions inj-r.csv
	check "bad-inputs: no cell starts a formula" sh -c \
		'! grep -q "\(^\|,\)[=+@]" inj.csv inj-r.csv'
fi

# --- item 16: SOURCE_DATE_EPOCH bounds, libxml2 messages ------------------
for v in 9223372036854775807 253402300800 -1; do
	status_is 2 "SOURCE_DATE_EPOCH=$v refused" \
		env SOURCE_DATE_EPOCH=$v "$GEMMSCOPE" compare base.csv cand.csv -o sde.html
	check "SOURCE_DATE_EPOCH=$v: says the range" grep -q '0 to 253402300799' err
done
check "SOURCE_DATE_EPOCH refused: no report" test ! -e sde.html
status_is 0 "SOURCE_DATE_EPOCH=253402300799 (year 9999)" \
	env SOURCE_DATE_EPOCH=253402300799 "$GEMMSCOPE" compare base.csv cand.csv -q -o sde.html
check "year 9999 printed as a date" grep -q '9999-12-31' sde.html
for opt in -o --junit; do
	status_is 2 "$opt /dev/full" gs compare base.csv cand.csv -o ok.html $opt /dev/full
	check "$opt /dev/full: one message, no libxml2 lines" sh -c \
		'[ "$(wc -l < err)" -eq 1 ] && grep -q "^/dev/full: cannot write" err'
done

# --- item 3: a shape beyond the model's limits ------------------------------
printf 'M,N,K,dtype,kernel,time_us_median\n64,64,64,f16,k,10\n1099511627776,1099511627776,1024,f16,Cijk_Ailk_Bljk_HHS_BH_MT1x1x32_MI32x32x8x1_SN,10\n' \
	> tiles.csv
status_is 2 "tile count above 2^53" gs report tiles.csv --gpu mi300x -o tiles.html
check "tile count above 2^53: located" grep -q '^tiles.csv:3: .*2^53' err
check "tile count above 2^53: no report" test ! -e tiles.html

# --- issue 10: per-shape efficiency in the JSON only where it tells something
# (a tile or a GPU): the example has neither without --gpu, all 558 with it.
ex="$top_srcdir/examples/iree-kernel-benchmark"
shapes_eff() { # shapes_eff JSON: "efficiency" objects inside shapes[] (--json-indent)
	awk '/^  "shapes": \[/ { in_s = 1; next } /^  []"]/ { in_s = 0 }
	     in_s && /^      "efficiency": \{/ { n++ } END { print n + 0 }' "$1"
}
gs compare "$ex/rocblas-gemm.csv" "$ex/hipblaslt-gemm.csv" -q -o x.html --json x.json --json-indent \
	--markdown x.md
check "no tile, no GPU: no per-shape efficiency" sh -c \
	"[ $(shapes_eff x.json) -eq 0 ] && [ $(grep -c '^      \"speedup\"' x.json) -ge 558 ]"
gs compare "$ex/rocblas-gemm.csv" "$ex/hipblaslt-gemm.csv" -q -o y.html --json y.json --json-indent \
	--gpu mi300x --markdown y.md
check "--gpu: every shape's efficiency" test "$(shapes_eff y.json)" -eq 558
# markdown's Why: one line when the model knows nothing, a line per shape when it does
check "no tile, no GPU: one Why line" sh -c \
	'grep -q "^\*\*Why:\*\* the efficiency model cannot say" x.md && ! grep -q "tile unknown on both sides" x.md'
check "--gpu: the Why list" test "$(grep -c "^- 4096×4096×8192 .*% of roofline" y.md)" -eq 2

echo "# $passes passed, $fails failed"
[ "$fails" -eq 0 ]
