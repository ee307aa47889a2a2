#!/bin/sh
# markdown-scale.sh: the markdown summary stays a PR comment at any size
# (issue 10): at most 60 lines for a 10,000-shape compare and for a
# 12-run history of 2,000 shapes with many open regressions; the first line
# is the verdict (or the gates' PASS/FAIL); --report-url is a link; the
# JSON is compact by default (one line) and --json-indent gives the same
# document indented.  The inputs are generated here with awk.
set -u
: "${top_srcdir:?}" "${GEMMSCOPE:?}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gs-mdscale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$top_srcdir/tests/lib.sh"
cd "$tmp"
export SOURCE_DATE_EPOCH=1767225600

# 10,000 shapes over four dtypes; about 10 % slower, 10 % faster.
awk 'BEGIN {
	srand(7); split("f16 bf16 f32 fp8", dt, " ")
	print "M,N,K,dtype,time_us_median" > "base.csv"
	print "M,N,K,dtype,time_us_median" > "cand.csv"
	for (i = 0; i < 10000; i++) {
		M = 16 * int(1 + rand() * 1024); N = 16 * int(1 + rand() * 1024)
		K = 16 * int(1 + rand() * 512); d = dt[1 + i % 4]
		t = 1 + M * N * K / 2e8; u = rand()
		c = t * (u < 0.1 ? 1.3 : u < 0.2 ? 0.7 : 1 + (rand() - 0.5) / 50)
		printf "%d,%d,%d,%s,%.4f\n", M, N, K, d, t >> "base.csv"
		printf "%d,%d,%d,%s,%.4f\n", M, N, K, d, c >> "cand.csv"
	}
}'
check "10k shapes generated" test "$(wc -l < cand.csv)" -eq 10001

status_is 0 "compare 10k shapes" "$GEMMSCOPE" compare base.csv cand.csv -q -o r.html \
	--markdown r.md --json r.json --report-url 'https://ci.example/job 42/r.html'
lines=$(wc -l < r.md)
echo "# compare, 10k shapes: $lines markdown lines"
check "compare 10k: markdown at most 60 lines ($lines)" test "$lines" -le 60
# Above 1,000 points the plots are densities (issue 10): the scatter a 2-D
# histogram, the sorted curve reduced per pixel column, and the page small.
check "compare 10k: the scatter is a 2-D histogram" grep -q 'log-log, as a 2-D histogram' r.html
check "compare 10k: the sorted curve keeps each pixel column's extremes" \
	grep -q 'drawn per pixel column from the smallest' r.html
check "compare 10k: the HTML is under 3 MB" test "$(wc -c < r.html)" -lt 3145728
check "compare 10k: random shapes make no sweep, and the report says so" \
	grep -q 'Cliffs: no sweep (at least 6 sizes of one dimension' r.html
check "compare 10k: the first line is the verdict" \
	grep -q '^## GEMM comparison: [0-9]* regressions, [0-9]* improvements; geomean ' r.md
check "compare 10k: ... on the first line" sh -c "head -n 1 r.md | grep -q 'improvements; geomean'"
check "compare 10k: --report-url is a link" \
	grep -q '\[Full report (HTML)\](<https://ci.example/job%2042/r.html>)' r.md
check "compare 10k: 5 top regressions" \
	test "$(sed -n '/^### Top 5 regressions by slowdown/,/^$/p' r.md | grep -c '^| [0-9]')" -eq 5
check "compare 10k: the worst by time lost" grep -q '^### Worst 5 by time lost$' r.md
check "compare 10k: groups capped" \
	test "$(sed -n '/^### By shape class and dtype/,/^$/p' r.md | grep -c '^| [a-z]')" -eq 4
check "compare 10k: JSON compact, one line" test "$(wc -l < r.json)" -eq 1
check "compare 10k: JSON ends with a newline" test "$(tail -c 1 r.json | od -An -c | tr -d ' ')" = '\n'

# Everything the summary can hold at once: both gates failing, an
# environment that differs (library and runtime columns), --gpu, a
# --weights workload and --report-url, on the shipped example (whose
# worst regressions by time lost are its worst by slowdown: one line).
ex="$top_srcdir/examples/iree-kernel-benchmark"
"$GEMMSCOPE" report "$ex/rocblas-gemm.csv" -q -o n-b.html --csv n-b.csv
"$GEMMSCOPE" report "$ex/hipblaslt-gemm.csv" -q -o n-c.html --csv n-c.csv
awk -v lib="rocBLAS 4.1" -v rt="HIP 6.2" 'NR == 1 { print $0 ",library,runtime"; next }
	{ print $0 "," lib "," rt }' n-b.csv > env-b.csv
awk -v lib="hipBLASLt 0.10" -v rt="HIP 6.3" 'NR == 1 { print $0 ",library,runtime"; next }
	{ print $0 "," lib "," rt }' n-c.csv > env-c.csv
printf 'M,N,K,dtype,trans_a,trans_b,count,time_us_median\n28672,4,8192,f16,T,N,10,100\n' > work.csv
status_is 1 "everything at once" "$GEMMSCOPE" compare env-b.csv env-c.csv -q -o all.html \
	--markdown all.md --gpu mi300x --min-geomean 1.2 --max-regressed 3 --weights work.csv \
	--report-url https://ci.example/r.html
lines=$(wc -l < all.md)
echo "# everything at once: $lines markdown lines"
check "everything at once: at most 60 lines ($lines)" test "$lines" -le 60
check "everything at once: the environment line" grep -q '^\*\*Environment differs:\*\*' all.md
check "everything at once: the workload line" grep -q 'Workload impact (--weights)' all.md
check "everything at once: worst by time lost in one line" \
	grep -q '^\*\*Worst 5 by time lost:\*\* the same shapes as above' all.md

status_is 1 "compare 10k with a gate" "$GEMMSCOPE" compare base.csv cand.csv -q -o r2.html \
	--markdown r2.md --max-regressed 10
check "gate: the first line is FAIL with the gate" \
	grep -q '^\*\*FAIL\*\*: [0-9]* regressed > --max-regressed 10$' r2.md
check "gate: the verdict heading follows" sh -c "sed -n 3p r2.md | grep -q '^## GEMM comparison: '"
check "gate: at most 60 lines" test "$(wc -l < r2.md)" -le 60
status_is 0 "compare 10k --json-indent" "$GEMMSCOPE" compare base.csv cand.csv -q \
	-o r3.html --json r3.json --json-indent
check "--json-indent: indented" grep -q '^  "summary": {$' r3.json
# The same document: with every space and newline taken out of both (the
# indented one differs only by whitespace outside strings), the bytes agree.
tr -d ' \n' < r3.json > r3.flat
tr -d ' \n' < r.json > r.flat
check "--json-indent: larger than the compact JSON" test "$(wc -c < r3.json)" -gt "$(wc -c < r.json)"
check "--json-indent: the same document as the compact JSON" cmp -s r.flat r3.flat

# History: 12 runs of 2,000 shapes; 200 step 30 % slower at run 5 (open),
# 40 step at run 11 (pending: not yet lasted 2 runs).
i=0
while [ $i -lt 12 ]; do
	awk -v r=$i 'BEGIN { srand(11 + r); print "M,N,K,dtype,time_us_median"
		for (s = 0; s < 2000; s++) {
			t = 10 + s * (1 + (rand() - 0.5) / 100)
			if (s % 10 == 0 && r >= 5) t *= 1.3
			if (s % 50 == 1 && r >= 11) t *= 1.4
			printf "%d,%d,%d,f16,%.4f\n", 64 + s, 128, 256, t
		} }' > "run-$(printf %02d $i).csv"
	i=$((i + 1))
done
status_is 0 "history 12 runs x 2000 shapes" "$GEMMSCOPE" history run-*.csv -q -o h.html \
	--markdown h.md --report-url https://ci.example/h.html
lines=$(wc -l < h.md)
echo "# history, 12 runs x 2000 shapes: $lines markdown lines"
check "history: markdown at most 60 lines ($lines)" test "$lines" -le 60
check "history: the first line is the verdict" \
	sh -c "head -n 1 h.md | grep -q '^## GEMM history: 200 regressions open at the last run; geomean '"
check "history: open regressions capped" \
	test "$(sed -n '/^### Open regressions (200;/,/^$/p' h.md | grep -c '^| [0-9]')" -eq 8
check "history: --report-url is a link" grep -q '(<https://ci.example/h.html>)' h.md
status_is 1 "history with a gate" "$GEMMSCOPE" history run-*.csv -q -o h2.html \
	--markdown h2.md --max-regressed 0
check "history gate: the first line is FAIL" \
	grep -q '^\*\*FAIL\*\*: 200 open regressions > --max-regressed 0$' h2.md

[ "$fails" -eq 0 ]
