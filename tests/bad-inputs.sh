#!/bin/sh
# bad-inputs.sh: the bad-input corpus of issue 11 (tests/data/bad-inputs,
# its README lists each file's command and the expected behaviour): every
# hostile input is refused with exit 2 and a message that names the file
# and the line, column or byte, and leaves nothing behind; the legitimate
# ones give exit 0 and valid outputs.  Runs under the sanitizer build too
# (tests/sanitizers.sh), where any report fails the run.
set -u
: "${top_srcdir:?}" "${GEMMSCOPE:?}"
top_builddir=${top_builddir:-.}
BENCH="$top_builddir/gemmscope-bench"
D="$top_srcdir/tests/data/bad-inputs"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gs-bad-inputs.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
. "$top_srcdir/tests/lib.sh"
export SOURCE_DATE_EPOCH=1767225600

# refused NAME WANT_REGEX COMMAND...: run COMMAND in an empty directory;
# it must exit 2 within 20 s, print a line matching WANT_REGEX (grep -E) on
# stderr, carry no control byte there and write nothing.
refused() {
	name=$1 want=$2; shift 2
	rm -rf "$tmp/w"; mkdir "$tmp/w"
	(cd "$tmp/w" && timeout 20 "$@" >"$tmp/out" 2>"$tmp/err"); got=$?
	if [ "$got" -ne 2 ]; then
		fail "$name: exit $got, want 2"; sed 's/^/#   /' "$tmp/err"; return
	fi
	if ! grep -Eq -- "$want" "$tmp/err"; then
		fail "$name: stderr does not match '$want'"; sed 's/^/#   /' "$tmp/err"; return
	fi
	if LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$tmp/err"; then
		fail "$name: control bytes on stderr"; return
	fi
	if [ -n "$(ls -A "$tmp/w")" ]; then
		fail "$name: left $(ls -A "$tmp/w" | tr '\n' ' ')"; return
	fi
	ok "$name"
}

# --- item 1: runner sizes and the YAML problem-size reader -------------
if [ -x "$BENCH" ]; then
	refused "bench --shapes size overflow" \
		"shapes-size-overflow.csv:2: .*operand sizes overflow 64-bit" \
		"$BENCH" --backend cpu --shapes "$D/shapes-size-overflow.csv" -o out.csv
	refused "bench -m/-k size overflow" "^-m/-n/-k: .*overflow 64-bit" \
		"$BENCH" --backend cpu -m 2147483648 -n 1 -k 2147483648 -o out.csv
	refused "bench --exact size overflow" "^--exact:1: .*overflow 64-bit" \
		"$BENCH" --backend cpu --exact 4294967296,4294967296,1,4294967296 -o out.csv
	refused "bench --exact above 2^53" "^--exact:1:[0-9]+: .*beyond 2\\^53" \
		"$BENCH" --backend cpu --exact 9223372036854775807,1,1,1 -o out.csv
	refused "bench --problem-sizes ps-huge-exact" \
		"ps-huge-exact.yaml:1:11: .*beyond 2\\^53" \
		"$BENCH" --backend cpu --problem-sizes "$D/ps-huge-exact.yaml" -o out.csv
	for f in laugh9 laugh11; do
		refused "bench --problem-sizes $f (alias expansion capped)" \
			"$f.yaml:[0-9]+:[0-9]+: the YAML expands to more than" \
			"$BENCH" --backend cpu --problem-sizes "$D/$f.yaml" -o out.csv
	done
	refused "bench --problem-sizes yaml-nest100k (depth capped)" \
		"yaml-nest100k.yaml:1:[0-9]+: YAML nested deeper than 64" \
		"$BENCH" --backend cpu --problem-sizes "$D/yaml-nest100k.yaml" -o out.csv
else
	echo "# gemmscope-bench not built: runner cases skipped"
fi

# --- item 2: rocprof durations ------------------------------------------
refused "kernel_trace.csv end - start overflow" \
	"kt-duration-overflow.csv:2: kernel dispatch lasts longer than int64" \
	"$GEMMSCOPE" report "$D/kt-duration-overflow.csv" -o out.html
refused "rocpd end - start overflow" \
	"rocpd-duration-overflow.db:1: kernel dispatch lasts longer than int64" \
	"$GEMMSCOPE" report "$D/rocpd-duration-overflow.db" -o out.html
if "$GEMMSCOPE" report "$D/rocprof-duration-overflow.json" -o "$tmp/j.html" \
	>"$tmp/out" 2>"$tmp/err" && grep -q '^1 shapes, 1.0 us' "$tmp/out"; then
	ok "results.json out-of-range timestamps skipped, the good dispatch kept"
else
	fail "results.json out-of-range timestamps"; sed 's/^/#   /' "$tmp/err"
fi

# --- item 13: rocpd through a FIFO (SQLite reopens the path) ------------
if mkfifo "$tmp/fifo" 2>/dev/null; then
	mkdir "$tmp/t"
	(cat "$D/rocpd-duration-overflow.db" >"$tmp/fifo" &)
	refused "rocpd through a FIFO is copied, not hung on" \
		"fifo:1: kernel dispatch lasts longer than int64" \
		env TMPDIR="$tmp/t" "$GEMMSCOPE" report "$tmp/fifo" -o out.html
	if [ -n "$(ls -A "$tmp/t")" ]; then fail "FIFO copy left behind"
	else ok "FIFO copy removed"; fi
	rm -f "$tmp/fifo"
fi

# --- item 16: a rocpd kernels table lacking columns ---------------------
if command -v python3 >/dev/null 2>&1; then
	python3 -c '
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("CREATE TABLE kernels (id INTEGER PRIMARY KEY, name TEXT, start BIGINT)")
db.execute("INSERT INTO kernels VALUES (1, \"k\", 1000)")
db.commit()' "$tmp/cols.db"
	refused "rocpd kernels table lacking columns names them" \
		"cols.db: rocpd table kernels lacks the column end \\(or duration\\)" \
		"$GEMMSCOPE" report "$tmp/cols.db" -o out.html
fi

# --- item 4: confirm checks report.json like a CSV ----------------------
refused "confirm: report.json dims checked" \
	"confirm-weird-dims.json: byte [0-9]+: shapes\\[0\\]: M is above 2\\^53" \
	"$GEMMSCOPE" confirm "$D/confirm-weird-dims.json" "$D/good-base.csv" \
	"$D/good-cand.csv" --json out.json

printf '{"threshold": 0.05,\000 "shapes": []}' >"$tmp/nul.json"
refused "confirm: a NUL in report.json" "nul.json: byte 19: NUL byte" \
	"$GEMMSCOPE" confirm "$tmp/nul.json" "$D/good-base.csv" "$D/good-cand.csv" \
	--json out.json

# --- items 10, 11, 12, 15, 16: ingest messages --------------------------
refused "NUL after the first 4 KB" \
	"nul-after-4k.csv: byte 5402: NUL byte in a text input" \
	"$GEMMSCOPE" report "$D/nul-after-4k.csv" -o out.html
refused "escape sequences quoted, not echoed" \
	"esc-dtype.csv:302:4: unknown dtype 'f16\\\\x1b\\]0;PWNED" \
	"$GEMMSCOPE" report "$D/esc-dtype.csv" -o out.html
for f in time-1e308 time-denormal; do
	refused "report $f: time out of range" \
		"$f.csv:2:5: time (above 1e12|below 1e-6) us is outside the accepted range" \
		"$GEMMSCOPE" report "$D/$f.csv" --gpu mi300x -o out.html
	refused "compare $f: time out of range" "$f.csv:2:5: time .* outside" \
		"$GEMMSCOPE" compare "$D/$f.csv" "$D/$f.csv" -o out.html
done
refused "gzip truncated inside its header" \
	"gz-truncated-in-header.json.gz: byte 5: truncated gzip stream" \
	"$GEMMSCOPE" report "$D/gz-truncated-in-header.json.gz" -o out.html
if command -v python3 >/dev/null 2>&1; then
	python3 -c '
import gzip, sys
b = bytearray(gzip.compress(b"M,N,K,dtype,time_us_median\n" * 200, mtime=0))
for i in range(30, 60): b[i] ^= 0x55
open(sys.argv[1], "wb").write(b)' "$tmp/bad.csv.gz"
	refused "zlib error names the path once" "^[^:]*bad.csv.gz: byte [0-9]+: cannot read: [^/]*\$" \
		"$GEMMSCOPE" report "$tmp/bad.csv.gz" -o out.html
fi
printf 'M,N,K,dtype,time_us_median\n4611686018427387904,64,64,f16,5\n' >"$tmp/big.csv"
refused "2^62 is above 2^53, not 'not a whole number'" \
	"big.csv:2:1: M is above 2\\^53" "$GEMMSCOPE" report "$tmp/big.csv" -o out.html

# --- item 5: ill-formed UTF-8 repaired once at ingest --------------------
valid_outputs() { # valid_outputs DIR: every output well-formed
	for f in r.html r.json r.md r.csv reg.csv r.xml; do
		[ -s "$1/$f" ] || { echo "# $f missing"; return 1; }
	done
	if command -v python3 >/dev/null 2>&1; then
		python3 -c '
import json, sys
d = sys.argv[1]
for f in ("r.html", "r.md", "r.csv", "reg.csv", "r.xml"):
    open(d + "/" + f, encoding="utf-8", errors="strict").read()
json.load(open(d + "/r.json", encoding="utf-8", errors="strict"))' "$1" || return 1
	fi
	if command -v xmllint >/dev/null 2>&1; then
		xmllint --noout "$1/r.xml" || return 1
		xmllint --noout --html "$1/r.html" 2>"$1/lint" || return 1
	fi
	return 0
}
for s in overlong-utf8 utf8-5byte; do
	o="$tmp/$s"; mkdir -p "$o"
	"$GEMMSCOPE" compare "$D/$s-base.csv" "$D/$s-cand.csv" -o "$o/r.html" \
		--json "$o/r.json" --markdown "$o/r.md" --csv "$o/r.csv" \
		--regressions "$o/reg.csv" --junit "$o/r.xml" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -eq 0 ] && valid_outputs "$o" &&
		grep -Eq "$s-base.csv: warning: [0-9]+ ill-formed UTF-8 sequences" "$tmp/err"; then
		ok "compare $s: repaired, counted, every output valid"
	else
		fail "compare $s (exit $got)"; sed 's/^/#   /' "$tmp/err"
	fi
done

echo "1..$((passes + fails))"
[ "$fails" -eq 0 ]
