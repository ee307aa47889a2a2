#!/bin/sh
# kernels.sh: issue 12 "rocprofv3 / rocpd: GEMMs are GEMM kernels" end to
# end on the real MI350X training-step rocprofv3 output.  Its report held
# 80 "shapes" and 4,441,741 us of "GEMM time", 93.6 % of it one RCCL
# kernel, every row "1×1×1 ? NN (kernel)" and "tiles known for 0".  Now:
# the 14 Tensile GEMM kernels in the GEMM tables, labelled by their short
# name and with the macro tile of their name; the other 66 kernels listed
# once, by class and time, in the JSON, the HTML and the markdown; a
# compare of two rocprof runs names its JUnit testcases by label.
set -u
: "${top_srcdir:?}" "${GEMMSCOPE:?}"
command -v jq >/dev/null 2>&1 || { echo "jq not installed: skipped"; exit 77; }
command -v xmllint >/dev/null 2>&1 || { echo "no xmllint: skipped"; exit 77; }
d="$top_srcdir/tests/data/trace"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gs-kernels.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$top_srcdir/tests/lib.sh"
export SOURCE_DATE_EPOCH=1767225600

status_is 0 "report of the MI350X rocprofv3 run" "$GEMMSCOPE" report \
	"$d/tracelens/rocprof/908_results.json.gz" --json "$tmp/r.json" \
	--markdown "$tmp/r.md" -o "$tmp/r.html"
same "summary: 14 GEMM kernels, their time, every tile known" "$(cat "$tmp/out")" \
	"14 shapes, 65590.5 us in total; GPU MI350X; tiles known for 14, dim_eff for 0"
same "JSON: the kernel mix, every dispatch" \
	"$(jq -c '.kernels | [.kernels, .calls, .total_us, (.gemm_share * 1e4 | round)]' "$tmp/r.json")" \
	"[80,43915,4441741.378,148]"
same "JSON: the 66 other kernels, the RCCL one first" \
	"$(jq -r '.kernels.other | "\(length) \(.[0].class) \(.[0].share * 1000 | round) \(.[0].label)"' "$tmp/r.json")" \
	"66 communication 936 ncclDevKernel_Generic_1 #f5e1"
same "JSON: the classes add up to the total" \
	"$(jq '[.kernels.classes[].total_us] | add | . * 1000 | round' "$tmp/r.json")" \
	"4441741378"
same "JSON: GEMM shapes are Tensile kernels with their label and tile" \
	"$(jq -r '[.shapes[] | select((.name | startswith("Cijk_")) and (.label | test("MT[0-9]+x[0-9]+x[0-9]+")) and .efficiency.tile_m > 0)] | length' "$tmp/r.json")" \
	14
check "markdown: the kernel line" grep -q \
	'^- Kernels: GEMM 1\.5 % of GPU time (14 of 80 kernels); other: communication 93\.6 %' \
	"$tmp/r.md"
check "markdown: rows by label, tile known" grep -q \
	'^| Cijk\\_Ailk\\_Bljk\\_BBS…MT64x32x256\\_MI16x16x1 \\#0491 | 1250 | 16,994.1 | — | 64×32 |' \
	"$tmp/r.md"
check "no output labels a kernel 1×1×1" sh -c "! grep -q '1×1×1' '$tmp/r.md' '$tmp/r.html'"
same "HTML: the GEMM share, the other kernels folded" \
	"$(xmllint --html --xpath 'string(//div[@id="kernels"]/p[@class="kernel-mix"])' "$tmp/r.html" 2>/dev/null)" \
	"GEMM kernels: 1.5 % of GPU time (14 of 80 kernels, 5,350 of 43,915 dispatches, 65,590.5 of 4,441,741.4 µs). The GEMM tables hold these kernels only."
same "HTML: ten other kernels shown, the full name in the title" \
	"$(xmllint --html --xpath 'count(//table[@class="kernel-others"]/tbody/tr[td[@title]])' "$tmp/r.html" 2>/dev/null)" \
	10

check "markdown: the top table of a kernel trace is headed by kernel, not by M×N×K" \
	grep -qx '| Kernel | Calls | Total (µs) | TFLOP/s | Tile | dim_eff | % of roofline |' "$tmp/r.md"

v2="$d/rocprof/kernel_trace_v2.csv.gz" v1="$d/rocprof/kernel_trace_v1.csv"
status_is 0 "compare two rocprof kernel traces" "$GEMMSCOPE" compare "$v2" "$v1" -q \
	--junit "$tmp/c.xml" --json "$tmp/c.json" -o "$tmp/c.html"
same "JUnit: testcases named by label, all different" \
	"$(xmllint --xpath 'count(//testcase[starts-with(@name, "Cijk_") and contains(@name, " #")])' "$tmp/c.xml") $(xmllint --xpath '//testcase/@name' "$tmp/c.xml" | sort | uniq -d | wc -l)" \
	"14 0"
same "JSON: each side's kernel mix" \
	"$(jq -c '[.kernels.baseline.kernels, .kernels.candidate.kernels]' "$tmp/c.json")" "[14,2]"

echo "1..$((passes + fails))"
[ "$fails" -eq 0 ]
