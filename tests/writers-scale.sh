#!/bin/sh
# writers-scale.sh: the per-shape CSV and JSON of a large compare and of
# a large report are made on two threads in runs of 1,024 shapes
# (util/ordered.h) from 4,096 shapes on, and must read exactly as the
# one-thread writers write them.  A row depends on its own pair or record
# alone, so the first and the last 3,000 rows of a 20,000-shape compare
# (runs 0-2, and the last runs with the short one) must equal those of
# compares of only those shapes (one thread: below 4,096), and the same
# for report.  Inputs generated here with awk (native CSV): time t = 10 + i/7
# us, every third shape 20 % slower, every fifth 10 % faster, times with
# 17 significant digits so every number takes the full text path.
set -u
: "${top_srcdir:?}" "${GEMMSCOPE:?}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gs-writers-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
export SOURCE_DATE_EPOCH=1767225600 LC_ALL=C TZ=UTC
. "$top_srcdir/tests/lib.sh"

awk 'BEGIN {
	h = "M,N,K,dtype,time_us_median"
	print h > "all-b.csv"; print h > "all-c.csv"
	print h > "head-b.csv"; print h > "head-c.csv"
	print h > "tail-b.csv"; print h > "tail-c.csv"
	for (i = 1; i <= 20000; i++) {
		t = 10 + i / 7
		c = i % 3 == 0 ? t * 1.2 : i % 5 == 0 ? t * 0.9 : t
		b = sprintf("%d,%d,%d,%s,%.17g", 64 + i, 128 + i % 97, 256, i % 2 ? "f16" : "bf16", t)
		d = sprintf("%d,%d,%d,%s,%.17g", 64 + i, 128 + i % 97, 256, i % 2 ? "f16" : "bf16", c)
		print b > "all-b.csv"; print d > "all-c.csv"
		if (i <= 3000) { print b > "head-b.csv"; print d > "head-c.csv" }
		if (i > 17000) { print b > "tail-b.csv"; print d > "tail-c.csv" }
	}
}'
for s in all head tail; do
	status_is 0 "compare $s" "$GEMMSCOPE" compare $s-b.csv $s-c.csv -q -o $s.html \
		--csv $s.csv --json $s.json
done
same "20,000 CSV rows" "$(($(wc -l <all.csv) - 1))" 20000
check "the first 3,000 CSV rows as one thread writes them" \
	cmp -s head.csv "$(head -n 3001 all.csv >all-head.csv && echo all-head.csv)"
check "the last 3,000 CSV rows as one thread writes them" \
	cmp -s "$(tail -n 3000 tail.csv >t1 && echo t1)" "$(tail -n 3000 all.csv >t2 && echo t2)"

# The JSON's shapes array, one shape per line: the compact JSON has no
# newline inside, and "},{" appears between shapes only (no key holds an
# object followed by another in a list).
shapes() {
	sed -e 's/.*"shapes":\[//' -e 's/\],"only_in_baseline".*//' "$1" | sed 's/},{/}\n{/g'
}
same "20,000 JSON shapes" "$(shapes all.json | wc -l)" 20000
check "the first 3,000 JSON shapes as one thread writes them" \
	cmp -s "$(shapes head.json >j1 && echo j1)" "$(shapes all.json | head -n 3000 >j2 && echo j2)"
check "the last 3,000 JSON shapes as one thread writes them" \
	cmp -s "$(shapes tail.json >j3 && echo j3)" "$(shapes all.json | tail -n 3000 >j4 && echo j4)"

# report: the native CSV (its derived columns from the efficiency model)
# and the JSON shapes, made in runs the same way.  The JSON's "line" is
# the input line, so only the first rows' JSON can match.
for s in all head tail; do
	status_is 0 "report $s" "$GEMMSCOPE" report $s-b.csv -q -o r-$s.html --csv r-$s.csv \
		--json r-$s.json
done
same "report: 20,000 CSV rows" "$(($(wc -l <r-all.csv) - 1))" 20000
check "report: the first 3,000 CSV rows as one thread writes them" \
	cmp -s r-head.csv "$(head -n 3001 r-all.csv >r1 && echo r1)"
check "report: the last 3,000 CSV rows as one thread writes them" \
	cmp -s "$(tail -n 3000 r-tail.csv >r2 && echo r2)" "$(tail -n 3000 r-all.csv >r3 && echo r3)"
rshapes() {
	sed -e 's/.*"shapes":\[//' -e 's/\],"top_time".*//' "$1" | sed 's/},{/}\n{/g'
}
same "report: 20,000 JSON shapes" "$(rshapes r-all.json | wc -l)" 20000
check "report: the first 3,000 JSON shapes as one thread writes them" \
	cmp -s "$(rshapes r-head.json >r4 && echo r4)" "$(rshapes r-all.json | head -n 3000 >r5 && echo r5)"

echo "# $passes passed, $fails failed"
[ "$fails" -eq 0 ]
