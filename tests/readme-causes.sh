#!/bin/sh
# readme-causes.sh: the worked examples of README.md's issue 13 section
# ("## Why it regressed, and what it costs a model") run as written, so
# the README cannot drift from what gemmscope prints: every ```sh block
# of the section that shows output (its "# " lines) is run from a
# directory laid out as the top of a build tree (tests/, examples/ and the
# gemmscope just built), and each shown line must be in what it printed.
# The README wraps long lines: text is compared with runs of white space
# (no-break spaces included) made one space; "..." in a shown line stands
# for text left out.
set -u
: "${top_srcdir:?}" "${GEMMSCOPE:?}"
readme="$top_srcdir/README.md"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gs-readme-causes.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$top_srcdir/tests/lib.sh"

sed -n '/^## Why it regressed, and what it costs a model$/,/^## /p' "$readme" >"$tmp/section.md"
check "README.md has the issue 13 section" test -s "$tmp/section.md"
# block N: its commands in $tmp/cmdN.sh, its shown output in $tmp/wantN
awk -v dir="$tmp" '/^```sh$/ { n++; on = 1; next } on && /^```$/ { on = 0; next }
	on && /^# / { sub(/^# */, ""); print > (dir "/want" n); next }
	on { print > (dir "/cmd" n ".sh") }' "$tmp/section.md"

ln -s "$top_srcdir/tests" "$tmp/tests"
ln -s "$top_srcdir/examples" "$tmp/examples"
ln -s "$GEMMSCOPE" "$tmp/gemmscope"
flat() { # flat: stdin as one line, white space runs made one space
	sed 's/\xc2\xa0/ /g' | tr '\n\t' '  ' | tr -s ' '
}
blocks=0
for want in "$tmp"/want*; do
	[ -e "$want" ] || continue
	n=${want##*/want}
	blocks=$((blocks + 1))
	(cd "$tmp" && PATH=/usr/bin:/bin sh "cmd$n.sh") >"$tmp/got$n" 2>"$tmp/err$n"
	flat <"$tmp/got$n" >"$tmp/flatgot$n"
	# each piece between "..." elisions must be in the output
	flat <"$want" | awk '{ gsub(/\.\.\./, "\n"); print }' | sed 's/^ //; s/ $//' >"$tmp/pieces$n"
	while IFS= read -r piece; do
		[ ${#piece} -ge 4 ] || continue
		if grep -qF -- "$piece" "$tmp/flatgot$n"; then
			ok "README block $n prints: $piece"
		else
			fail "README block $n prints: $piece"
			sed 's/^/#   stderr: /' "$tmp/err$n"
		fi
	done <"$tmp/pieces$n"
done
check "the section shows the output of 4 examples" test "$blocks" -eq 4
echo "1..$((passes + fails))"
[ "$fails" -eq 0 ]
