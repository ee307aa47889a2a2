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
if [ -f "$top_srcdir/config.status" ]; then
	# The source tree is configured (an in-tree build, as the Quick start
	# does): configure refuses a second build of it, so build a copy.
	if [ ! -f tree/configure ]; then
		mkdir -p tree
		(cd "$top_srcdir" && tar --exclude=./build-sanitizers -cf - .) | (cd tree && tar xf -)
		(cd tree && make -s distclean >/dev/null 2>&1) || true
	elif git -C "$top_srcdir" rev-parse --git-dir >/dev/null 2>&1; then
		# Later runs: bring the copy up to date with the sources (tracked
		# and new, not ignored), keeping their times so that make rebuilds
		# exactly what changed.  Without this the copy kept testing the
		# sources of its first run.
		(cd "$top_srcdir" && git ls-files -z --cached --others --exclude-standard |
			tar --null --ignore-failed-read -T - -cf - 2>/dev/null) | (cd tree && tar xf -)
	fi
	cd tree
	[ -f Makefile ] || ./configure -q --enable-sanitizers --without-hip --without-cuda
else
	[ -f Makefile ] || "$top_srcdir/configure" -q --enable-sanitizers --without-hip --without-cuda
fi
# A make of its own: variables given to the outer make (TESTS=...) must not
# leak into this one through MAKEFLAGS.
unset MAKEFLAGS MFLAGS MAKELEVEL
make -s -j2 all
GS_SANITIZED=1 ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	make -s check || { cat tests/*.log 2>/dev/null | tail -100; exit 1; }
