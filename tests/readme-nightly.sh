#!/bin/sh
# readme-nightly.sh: the nightly CI job of README.md, tried as the README
# says, so the README cannot drift from what works: the job script is
# saved as nightly-gemm.sh and the try-it block (the ```sh block after the
# "tests/readme-nightly.sh runs the next block" marker) runs exactly as
# written, from a directory laid out as the top of a build tree (tests/,
# examples/ and the gemmscope just built).  Its outcome is checked against
# what the README's text says it is: each night's exit status, and every
# gemmscope message the nightly section quotes.  The runs are the real
# example with steps planted by tests/data/history/make-history.sh.
set -u
: "${top_srcdir:?}" "${GEMMSCOPE:?}"
readme="$top_srcdir/README.md"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gs-readme-nightly.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$top_srcdir/tests/lib.sh"

# The nightly section of the README, from its heading to the next one.
sed -n '/^### A nightly CI job$/,/^## /p' "$readme" > "$tmp/section.md"
check "README.md has the nightly section" test -s "$tmp/section.md"
# The job script: the ```sh block that starts with #!/bin/sh.
awk '/^```sh$/ { getline l; if (l ~ /^#!\/bin\/sh/) { on = 1; print l }; next }
     on && /^```$/ { exit } on' "$tmp/section.md" > "$tmp/nightly-gemm.sh"
check "the job script is there" grep -q '^# nightly-gemm.sh' "$tmp/nightly-gemm.sh"
# The try-it block: the ```sh block after the marker.
awk '/^<!-- tests\/readme-nightly.sh runs the next block/ { m = 1; next }
     m && /^```sh$/ { on = 1; next } on && /^```$/ { exit } on' "$tmp/section.md" > "$tmp/try.sh"
check "the try-it block is there" grep -q 'sh nightly-gemm.sh' "$tmp/try.sh"

# The top of a build tree: what the block names by relative path.
ln -s "$top_srcdir/tests" "$tmp/tests"
ln -s "$top_srcdir/examples" "$tmp/examples"
ln -s "$GEMMSCOPE" "$tmp/gemmscope"
cd "$tmp"
# Nothing of the caller's environment may stand in for what the block sets.
unset HISTORY PUBLISH TONIGHT KEEP SHAPES BENCH_CMD MAX_REGRESSED MIN_GEOMEAN \
	PERSIST GITHUB_STEP_SUMMARY
PATH=/usr/bin:/bin sh try.sh > out 2> err
rc=$?
check "the try-it block exits 0, as its last command (exit $rc)" test "$rc" -eq 0
check "no command was missing (exit 127)" sh -c '! grep -q "exit 127" out && ! grep -q "not found" err'
sed -n 's/^night \([0-9]\): exit \([0-9]*\)$/\1 \2/p' out | tr '\n' ' ' > nights.txt
check "nights 0 to 3 exit 0, nights 4 and 5 exit 1 (got: $(cat nights.txt))" \
	test "$(cat nights.txt)" = "0 0 1 0 2 0 3 0 4 1 5 1 "
# ... which is what the README says.
tr '\n' ' ' < section.md > section.txt
check "README: nights 0 to 3 exit 0, night 4 exits 1" \
	grep -q 'Nights 0 to 3 exit 0\. Night 4 exits 1' section.txt
check "README: night 5 counts both" grep -q 'night 5 counts both' section.txt
# Every gemmscope message the section quotes was printed.
grep -o '`gemmscope: [a-z]*: [^`]*`' section.txt | tr -d '`' > quoted.txt
check "the README quotes a gate and a note" test "$(wc -l < quoted.txt)" -ge 2
while IFS= read -r msg; do
	check "printed as the README quotes it: $msg" grep -qF "$msg" err
done < quoted.txt

# What the job left behind, as the README's layout shows it.
check "one folder per night, each with its CSV" \
	test "$(ls gemm-history/*/*.csv | grep -c '/\(2026-01-1[0-5]\)/\1\.csv$')" -eq 6
check "the fixed baseline" test -s gemm-history/baseline.csv
check "night 5: the report against last night" test -s gemm-history/2026-01-15/vs-last-night.html
for f in history.html vs-baseline.html vs-last-night.html history-junit.xml history.md; do
	check "published $f" test -s "public/$f"
done
check "history of the directory: the two persistent regressions" \
	sh -c "tail -n 1 out | grep -q '^6 runs, 558 shapes: .* 2 regressions confirmed (2 open at the last run)'"
check "history of the directory wrote its report" test -s history.html

echo "1..$((passes + fails))"
[ "$fails" -eq 0 ]
