#!/bin/sh
# manpage.sh: `gemmscope COMMAND --help` for every command, and the manual
# page src/gemmscope.1 against them: every option a --help prints is in the
# manual page, and every option the manual page names is printed by some
# --help, so the two cannot drift.  The page must render without groff
# warnings where groff is installed.
set -u
: "${top_srcdir:?}" "${GEMMSCOPE:?}"
page="$top_srcdir/src/gemmscope.1"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gs-manpage.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$top_srcdir/tests/lib.sh"

# options FILE: the options FILE names (-o, --json, ...), one a line, sorted:
# a dash or two after a blank or one of [(,| and a letter, as a whole word.
options() {
	sed 's/\\-/-/g; s/\\f[BIRP]//g' "$1" |
		grep -oE -- '(^|[][ (,|`])--?[A-Za-z][A-Za-z0-9-]*' |
		sed 's/^[][ (,|`]//' | sort -u
}

commands="compare report history confirm explain gpus"
status_is 0 "gemmscope --help" "$GEMMSCOPE" --help
cp "$tmp/out" "$tmp/help-all.txt"
for c in $commands; do
	check "--help lists $c" grep -q "gemmscope $c " "$tmp/help-all.txt"
done
check "--help tells of COMMAND --help" grep -q 'gemmscope COMMAND --help' "$tmp/help-all.txt"
for c in $commands; do
	status_is 0 "$c --help" "$GEMMSCOPE" "$c" --help
	cp "$tmp/out" "$tmp/help-$c.txt"
	check "$c --help: its own usage line" grep -q "^usage: gemmscope $c " "$tmp/help-$c.txt"
	check "$c --help: nothing on stderr" test ! -s "$tmp/err"
	check "$c --help: no printf escapes left" sh -c "! grep -q '%%' '$tmp/help-$c.txt'"
	status_is 0 "$c -h" "$GEMMSCOPE" "$c" -h
	check "$c -h is --help" cmp -s "$tmp/out" "$tmp/help-$c.txt"
done
check "explain --help: a literal percent sign" grep -q 'TFLOP/s and % of roofline' "$tmp/help-explain.txt"
# The shared parser lists only what a command honours.
check "report --help: no --threshold" sh -c "! grep -q -- '--threshold' '$tmp/help-report.txt'"
check "history --help: --persist and --order" \
	sh -c "grep -q -- '--persist' '$tmp/help-history.txt' && grep -q -- '--order' '$tmp/help-history.txt'"
check "confirm --help: no -o" sh -c "! grep -q -- '^  -o ' '$tmp/help-confirm.txt'"

# --- the manual page against --help, both ways ------------------------------
options "$page" > "$tmp/page-opts.txt"
check "the manual page names options" test "$(wc -l < "$tmp/page-opts.txt")" -ge 40
for c in all $commands; do
	options "$tmp/help-$c.txt" > "$tmp/opts-$c.txt"
	missing=$(comm -23 "$tmp/opts-$c.txt" "$tmp/page-opts.txt" | tr '\n' ' ' | sed 's/ $//')
	check "every option of $c --help is in gemmscope.1${missing:+ (missing: $missing)}" \
		test -z "$missing"
done
cat "$tmp"/opts-*.txt | sort -u > "$tmp/help-opts.txt"
extra=$(comm -13 "$tmp/help-opts.txt" "$tmp/page-opts.txt" | tr '\n' ' ' | sed 's/ $//')
check "every option in gemmscope.1 is in some --help${extra:+ (not in any: $extra)}" \
	test -z "$extra"

status_is 0 "gemmscope --version" "$GEMMSCOPE" --version
check "the page's header names this version ($(cat "$tmp/out"))" \
	grep -q "^\.TH GEMMSCOPE 1 [0-9-]* \"$(cat "$tmp/out")\"" "$page"

# --- the manual page renders cleanly -------------------------------------------
if command -v groff >/dev/null 2>&1; then
	LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$page" 2>"$tmp/groff.err"
	check "groff -man -ww renders gemmscope.1 without warnings" test ! -s "$tmp/groff.err"
	sed 's/^/#   /' "$tmp/groff.err"
	LC_ALL=C.UTF-8 groff -man -Tutf8 -P-cbou "$page" 2>/dev/null > "$tmp/page.txt"
	check "rendered page has every section" sh -c "for s in NAME SYNOPSIS COMMANDS OPTIONS \
		'EXIT STATUS' 'HISTORY DIRECTORIES'; do grep -q \"^\$s\" '$tmp/page.txt' || exit 1; done"
else
	echo "# groff not installed: rendering not checked"
fi

echo "1..$((passes + fails))"
[ "$fails" -eq 0 ]
