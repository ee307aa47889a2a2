#!/bin/sh
# html-scale.sh: the HTML report reads the same at any number of shapes
# (issue 10, DESIGN.md "The report"): the verdict section first, a table of
# contents whose links all land on the page, per-shape tables capped at
# 1,000 rows (the largest |t_cand - t_base| first) and secondary lists at
# 100 (in <details>), each with an honest "N more" line whose number and
# plural are right.  Inputs generated here with awk (native CSV):
#   big:   1,600 matched shapes (time t = 10 + i us; odd i slower by a
#          factor 1.1 + 1/i, even i 10 % faster), 150 only in the baseline,
#          120 excluded rows;
#   one:   1,001 matched shapes of which exactly one regressed, 101 only in
#          the baseline, 101 excluded rows: every count of one is singular;
#   runs/: a history of 6 runs whose change points and partial shapes
#          overflow the same caps.
set -u
: "${top_srcdir:?}" "${GEMMSCOPE:?}"
command -v xmllint >/dev/null 2>&1 || { echo "no xmllint: skipped"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gs-html-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
export SOURCE_DATE_EPOCH=1767225600 LC_ALL=C TZ=UTC
. "$top_srcdir/tests/lib.sh"

hx() { xmllint --html --xpath "$2" "$1" 2>/dev/null; }
# toc FILE: "ok" when every contents link names one element of the page
# and the links are the page's titled sections, in order.
toc() {
	n=$(hx "$1" 'count(//nav[@id="toc"]//a)')
	[ "$n" -ge 3 ] || { echo "only $n links"; return; }
	[ "$n" = "$(hx "$1" 'count(//main/section[h2])')" ] || { echo "$n links"; return; }
	i=1
	while [ "$i" -le "$n" ]; do
		h=$(hx "$1" "string((//nav[@id=\"toc\"]//a)[$i]/@href)")
		s=$(hx "$1" "string((//main/section[h2])[$i]/@id)")
		[ "$h" = "#$s" ] || { echo "link $i: $h, section $s"; return; }
		[ "$(hx "$1" "count(//*[@id=\"$s\"])")" = 1 ] || { echo "#$s not unique"; return; }
		i=$((i + 1))
	done
	echo ok
}

awk 'BEGIN {
	h = "M,N,K,dtype,time_us_median"; print h > "big-b.csv"; print h > "big-c.csv"
	for (i = 1; i <= 1600; i++) {
		t = 10 + i
		printf "%d,128,256,f16,%g\n", i, t > "big-b.csv"
		printf "%d,128,256,f16,%.17g\n", i, (i % 2 ? t * (1.1 + 1 / i) : t * 0.9) > "big-c.csv"
	}
	for (i = 1; i <= 150; i++) printf "%d,64,64,f16,5\n", i > "big-b.csv"
	for (i = 1; i <= 120; i++) printf "%d,32,32,f16,0\n", i > "big-b.csv"
	print h > "one-b.csv"; print h > "one-c.csv"
	for (i = 1; i <= 1001; i++) {
		printf "%d,128,256,f16,100\n", i > "one-b.csv"
		printf "%d,128,256,f16,%g\n", i, i == 7 ? 150 : 80 > "one-c.csv"
	}
	for (i = 1; i <= 101; i++) printf "%d,64,64,f16,5\n", i > "one-b.csv"
	for (i = 1; i <= 101; i++) printf "%d,32,32,f16,0\n", i > "one-b.csv"
}'

status_is 0 "compare 1,600 shapes" "$GEMMSCOPE" compare big-b.csv big-c.csv -q -o big.html
status_is 0 "compare 1,001 shapes, one regression" \
	"$GEMMSCOPE" compare one-b.csv one-c.csv -q -o one.html

# --- verdict first, contents -------------------------------------------
same "big: the verdict is the first section" "$(hx big.html 'string(//main/section[1]/h2)')" Verdict
same "big: no gate set, and it says so" \
	"$(hx big.html 'normalize-space(//main/section[1]/p[@class="no-gates"])')" \
	"No gate was set (--min-geomean, --max-regressed): nothing here fails a CI job."
same "big: contents right after the verdict" \
	"$(hx big.html 'name(//main/section[1]/following-sibling::*[1])')" nav
same "big: every contents link lands" "$(toc big.html)" ok
same "one: every contents link lands" "$(toc one.html)" ok
same "big: regressions before the plots" \
	"$(hx big.html 'count(//section[@id="regressions"]/following-sibling::section[@id="plots"])')" 1

# --- capped tables -----------------------------------------------------
same "big: 1,000 shape rows" "$(hx big.html 'count(//section[@id="shapes"]//tbody/tr)')" 1000
same "big: largest time difference first (i = 1599: 161.9 us)" \
	"$(hx big.html 'string(//section[@id="shapes"]//tbody/tr[1]/td[1])') $(hx big.html 'string(//section[@id="shapes"]//tbody/tr[1]/td[2])')" \
	"1599 1599×128×256 f16 NN"
same "big: the 1,000th row is i = 606 (61.6 us)" \
	"$(hx big.html 'string(//section[@id="shapes"]//tbody/tr[1000]/td[1])')" 606
same "big: the shapes table is folded" "$(hx big.html 'count(//section[@id="shapes"]/details/table)')" 1
same "big: N more shapes" "$(hx big.html 'normalize-space(//section[@id="shapes"]/p[@class="more"])')" \
	"600 more shapes not listed here (1,000 of 1,600 shown): every shape is in the per-shape CSV (--csv) and JSON (--json) outputs."
same "big: 100 baseline-only rows" "$(hx big.html 'count(//section[@id="unmatched"]/details//tbody/tr)')" 100
same "big: 50 more one-sided" "$(hx big.html 'substring-before(//section[@id="unmatched"]//p[@class="more"], ":")')" \
	"50 more shapes not listed here (100 of 150 shown)"
same "big: 100 excluded rows" "$(hx big.html 'count(//section[@id="excluded"]/details//tbody/tr)')" 100
same "big: 20 more excluded" "$(hx big.html 'substring-before(//section[@id="excluded"]//p[@class="more"], ":")')" \
	"20 more rows not listed here (100 of 120 shown)"
same "big: top tables hold --top rows" \
	"$(hx big.html 'count(//div[@id="worst-ratio"]//tbody/tr)') $(hx big.html 'count(//div[@id="worst-time"]//tbody/tr)')" \
	"10 10"
same "big: worst by time lost is the largest slower shape (i = 1599)" \
	"$(hx big.html 'string(//div[@id="worst-time"]//tbody/tr[1]/td[1])') $(hx big.html 'string(//div[@id="worst-time"]//tbody/tr[1]/td[2])')" \
	"1599×128×256 f16 NN 161.9"
same "big: no tag in the inputs, no Tag column" \
	"$(hx big.html 'count(//section[@id="regressions" or @id="shapes"]//th[.="Tag"])')" 0

same "big: no tile and no roofline (no GPU): the efficiency table dropped, saying why" \
	"$(hx big.html 'count(//section[@id="efficiency"]//table[contains(@class, "eff")])') $(hx big.html 'substring-before(//section[@id="efficiency"]/p[starts-with(., "No efficiency table")], ":")')" \
	"0 No efficiency table"

# --- plurals with one of each ------------------------------------------
same "one: verdict" "$(hx one.html 'substring-before(//p[@class="verdict"], ";")')" \
	"1 regression, 1,000 improvements"
same "one: ranking titles" \
	"$(hx one.html 'string(//div[@id="worst-ratio"]/h3)'); $(hx one.html 'string(//div[@id="worst-time"]/h3)')" \
	"Top 1 regression by slowdown; Top 1 regression by time lost"
same "one: 1 more shape" "$(hx one.html 'substring-before(//section[@id="shapes"]/p[@class="more"], ":")')" \
	"1 more shape not listed here (1,000 of 1,001 shown)"
same "one: 1 more one-sided shape" \
	"$(hx one.html 'substring-before(//section[@id="unmatched"]//p[@class="more"], ":")')" \
	"1 more shape not listed here (100 of 101 shown)"
same "one: 1 more excluded row" \
	"$(hx one.html 'substring-before(//section[@id="excluded"]//p[@class="more"], ":")')" \
	"1 more row not listed here (100 of 101 shown)"
same "one: what to look at" "$(hx one.html 'normalize-space(//ul[@class="look"]/li[1])')" \
	"Worst by time lost and by slowdown: 7×128×256 f16 NN: +50.00 µs (100.0 % of the time lost), 1.50× slower."
same "big: worst by time lost and worst by slowdown on two lines" \
	"$(hx big.html 'normalize-space(//ul[@class="look"]/li[2])')" \
	"Worst by slowdown: 1×128×256 f16 NN: +12.10 µs (<0.1 % of the time lost), 2.10× slower."

# --- history: 6 runs of 1,200 shapes, 50 % slower from run 4 (1,200
# change points), 120 shapes missing from run 1 --------------------------
mkdir runs
awk 'BEGIN {
	for (r = 1; r <= 6; r++) {
		f = sprintf("runs/run-%d.csv", r)
		print "M,N,K,dtype,time_us_median" > f
		for (i = 1; i <= 1200; i++) printf "%d,128,256,f16,%g\n", i, (10 + i) * (r > 3 ? 1.5 : 1) > f
		if (r > 1) for (i = 1; i <= 120; i++) printf "%d,64,64,f16,5\n", i > f
	}
}'
status_is 0 "history of 6 runs x 1,320 shapes" "$GEMMSCOPE" history runs -q -o h.html
same "history: the verdict is the first section" "$(hx h.html 'string(//main/section[1]/h2)')" Verdict
same "history: every contents link lands" "$(toc h.html)" ok
same "history: 1,000 change point rows" \
	"$(hx h.html 'count(//section[@id="change-points"]//tbody/tr)')" 1000
same "history: 200 more change points" \
	"$(hx h.html 'substring-before(//section[@id="change-points"]/p[@class="more"], ":")')" \
	"200 more change points not listed here (1,000 of 1,200 shown)"
same "history: 100 partial shapes, folded" \
	"$(hx h.html 'count(//section[@id="unmatched"]/details//tbody/tr)')" 100
same "history: 20 more partial shapes" \
	"$(hx h.html 'substring-before(//section[@id="unmatched"]//p[@class="more"], ":")')" \
	"20 more shapes not listed here (100 of 120 shown)"

# A breakdown with more tags than rows: one tag per shape (300), the
# largest baseline times first, capped at 100 with the "more" line.
awk 'BEGIN {
	print "M,N,K,dtype,tag,time_us_median" > "tag-b.csv"
	print "M,N,K,dtype,tag,time_us_median" > "tag-c.csv"
	for (i = 1; i <= 300; i++) {
		printf "%d,64,64,f16,t%d,%d\n", i, i, i > "tag-b.csv"
		printf "%d,64,64,f16,t%d,%d\n", i, i, i > "tag-c.csv"
	}
}'
status_is 0 "compare 300 shapes of 300 tags" "$GEMMSCOPE" compare tag-b.csv tag-c.csv -q -o tag.html
same "tags: 100 rows, the largest baseline time first" \
	"$(hx tag.html 'count(//section[@id="breakdown"]/table[1]/tbody/tr)') $(hx tag.html 'string(//section[@id="breakdown"]/table[1]/tbody/tr[1]/td[1])') $(hx tag.html 'string(//section[@id="breakdown"]/table[1]/tbody/tr[100]/td[1])')" \
	"100 t300 t201"
same "tags: 200 more tags" \
	"$(hx tag.html 'substring-before(//section[@id="breakdown"]/p[@class="more"], ":")')" \
	"200 more tags not listed here (100 of 300 shown)"

# --- the 3 MB bound where every plot draws markers ----------------------
# A 44 x 44 grid of M and N (1,936 shapes: each plot one marker a shape
# when markers went up to 2,000; 88 sweeps of 44 sizes) whose times jump
# every step, so that cliffs abound, with --gpu for both sides' roofline.
# It was 3.5 MB (issue 10 bounds any report at 3 MB).
awk 'BEGIN {
	h = "M,N,K,dtype,time_us_median"; print h > "grid-b.csv"; print h > "grid-c.csv"
	for (i = 1; i <= 44; i++)
		for (j = 1; j <= 44; j++) {
			printf "%d,%d,4096,bf16,%d\n", 64 * i, 64 * j, 10 + (i * 37 + j * 91) % 990 > "grid-b.csv"
			printf "%d,%d,4096,bf16,%d\n", 64 * i, 64 * j, 10 + (i * 53 + j * 29) % 990 > "grid-c.csv"
		}
}'
status_is 0 "compare a 44 x 44 grid, --gpu mi300x" \
	"$GEMMSCOPE" compare grid-b.csv grid-c.csv -q -o grid.html --gpu mi300x
bytes=$(wc -c <grid.html)
if [ "$bytes" -le 3145728 ]; then ok "grid: $bytes bytes <= 3 MB"; else fail "grid: $bytes bytes > 3 MB"; fi

echo "# $passes passed, $fails failed"
[ "$fails" -eq 0 ]
