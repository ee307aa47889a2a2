#!/bin/sh
# layers.sh: the include graph runs one way (README "Layout"): util at the
# ground; model pure (no file or stream I/O); the table; ingest filling it;
# analysis building the report model; render formatting it; the commands
# and main dispatching.  Fails on an #include that runs upward, on a cycle
# between modules (see module() below), and on I/O in model/.
set -u
cd "${top_srcdir:-.}" || exit 99
rank() {
	case $1 in
	src/util/*) echo 0 ;; src/model/*) echo 1 ;; src/table.*) echo 2 ;;
	src/ingest/*) echo 3 ;; src/analysis/*) echo 4 ;; src/render/*) echo 5 ;;
	src/cmd_*|src/main.c|runner/*) echo 6 ;; *) echo -1 ;;
	esac
}
# module FILE: the module a file belongs to: X for X.c, X.h and X_impl.h,
# and for any file that includes a private X_impl.h (a writer spread over
# several files sharing one private header is one module).
module() {
	impl=$(sed -n 's/^#include "\([^"]*\)_impl\.h".*/\1/p' "$1" | head -n 1)
	if [ -n "$impl" ]; then echo "src/$impl"; return; fi
	m=${1%.[ch]}
	echo "${m%_impl}"
}
fails=0
edges=$(mktemp "${TMPDIR:-/tmp}/gs-layers.XXXXXX") || exit 99
trap 'rm -f "$edges"' EXIT
for f in $(find src runner -name '*.[ch]' | sort); do
	from=$(rank "$f")
	for inc in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f"); do
		case $inc in */*) target=src/$inc ;; *) target=$(dirname "$f")/$inc ;; esac
		[ -f "$target" ] || target=$inc
		[ -f "$target" ] || continue        # config.h, generated
		to=$(rank "$target")
		if [ "$to" -gt "$from" ]; then
			echo "upward include: $f (layer $from) includes $inc (layer $to)"
			fails=$((fails + 1))
		fi
		echo "$(module "$f") $(module "$target")" >> "$edges"
	done
done
# Cycles between modules: tsort reports them on standard error.
if tsort "$edges" 2>&1 >/dev/null | grep -q 'loop'; then
	echo "include cycle between modules:"
	tsort "$edges" 2>&1 >/dev/null | grep -v '^tsort: -:' | sed 's/^tsort: /  /'
	fails=$((fails + 1))
fi
# model/ is pure computation: no streams, files or environment.
io=$(grep -lE '\<FILE \*|\<(fopen|fprintf|printf|fputs|puts|fwrite|fread|opendir|getenv|open) *\(|\<(stdout|stderr)\>' \
	src/model/*.c src/model/*.h 2>/dev/null)
if [ -n "$io" ]; then
	echo "I/O in model/: $io"
	fails=$((fails + 1))
fi
[ $fails = 0 ] && echo "layers: $(wc -l < "$edges") includes, none upward, no cycle, model/ pure"
exit $((fails > 0))
