#!/bin/sh
# sanitizers.sh: the whole suite again, built with AddressSanitizer and
# UndefinedBehaviorSanitizer (configure --enable-sanitizers), in a build
# directory of its own under the build tree.  Any sanitizer report fails.
set -eu
[ -n "${GS_SANITIZED-}" ] && exit 77          # we are the sanitized run
: "${top_srcdir:?}" "${top_builddir:?}"
echo 'int main(void){return 0;}' > "$top_builddir/san-probe.c"
if ! ${CC:-cc} -fsanitize=address,undefined "$top_builddir/san-probe.c" \
	-o "$top_builddir/san-probe" 2>/dev/null; then
	rm -f "$top_builddir/san-probe.c"
	echo "compiler cannot build with -fsanitize=address,undefined: skipped"
	exit 77
fi
rm -f "$top_builddir/san-probe.c" "$top_builddir/san-probe"
dir="$top_builddir/build-sanitizers"
mkdir -p "$dir"
cd "$dir"
[ -f Makefile ] || "$top_srcdir/configure" -q --enable-sanitizers --without-hip --without-cuda
make -s -j2 all
GS_SANITIZED=1 ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	make -s check || { cat tests/*.log 2>/dev/null | tail -100; exit 1; }
