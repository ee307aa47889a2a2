#!/bin/sh
# exports.sh: only gs_ symbols leave the libraries.  Every global symbol
# defined in libgs.a and runner/librunner.a must start with the module
# prefix gs_ (GS_ for constant tables); anything else is listed and fails
# the test.  Internal helpers are static or take a gs_<module>_ name.
# Names starting with "__" belong to the compiler (ASan's __odr_asan.*
# in the sanitizer build) and are not ours.
set -u
: "${top_builddir:=.}"
NM=${NM:-nm}
command -v "$NM" >/dev/null 2>&1 || { echo "no $NM: skipped"; exit 77; }
status=0
for lib in "$top_builddir/libgs.a" "$top_builddir/runner/librunner.a"; do
	if [ ! -f "$lib" ]; then
		echo "FAIL: $lib is not built" >&2
		status=1
		continue
	fi
	bad=$("$NM" -g --defined-only "$lib" |
		awk 'NF == 3 && $3 !~ /^(gs|GS)_/ && $3 !~ /^__/ { print $3 }' | sort -u)
	if [ -n "$bad" ]; then
		echo "FAIL: $lib exports symbols without the gs_ prefix:" >&2
		echo "$bad" | sed 's/^/  /' >&2
		status=1
	fi
done
exit $status
