#!/bin/sh
# style.sh: the C sources satisfy .clang-format, and cppcheck finds nothing
# (warning, performance and portability checks; a finding that is a false
# positive is suppressed inline with `cppcheck-suppress` and a reason).
# Skipped (77) where neither tool is installed; `./bootstrap --deps`
# installs both.
set -u
top_srcdir=${top_srcdir:-.}
cd "$top_srcdir" || exit 99
files=$(find src runner tests -name '*.[ch]' ! -path '*/build-sanitizers/*' | sort)
ran=0 fails=0
out=$(mktemp "${TMPDIR:-/tmp}/gs-style.XXXXXX") || exit 99
trap 'rm -f "$out"' EXIT
if command -v clang-format >/dev/null 2>&1; then
	ran=1
	if ! clang-format --dry-run --Werror $files 2>"$out"; then
		head -40 "$out" >&2
		echo "FAIL: clang-format: $(grep -c 'error:' "$out") lines differ from .clang-format" \
		     "(run clang-format -i on the files above)" >&2
		fails=$((fails + 1))
	fi
fi
if command -v cppcheck >/dev/null 2>&1; then
	ran=1
	if ! cppcheck --quiet --std=c11 --enable=warning,performance,portability \
		--inline-suppr --error-exitcode=1 -I src -I . src runner >&2; then
		echo "FAIL: cppcheck" >&2
		fails=$((fails + 1))
	fi
fi
[ $ran = 1 ] || { echo "neither clang-format nor cppcheck is installed"; exit 77; }
exit $((fails > 0))
