# lib.sh: the counters and checks the shell tests share; sourced (never run)
# after the test has set $tmp, its scratch directory.  Each check prints a
# TAP-style "ok - NAME" or "not ok - NAME" line and counts it in $passes or
# $fails; the test ends with `[ "$fails" -eq 0 ]`.
fails=0 passes=0

ok() { passes=$((passes + 1)); echo "ok - $1"; }
fail() { fails=$((fails + 1)); echo "not ok - $1"; }
same() { # same NAME GOT WANT: GOT must equal WANT
	if [ "$2" = "$3" ]; then ok "$1"
	else fail "$1"; printf '#   got:  %s\n#   want: %s\n' "$2" "$3"; fi
}
check() { # check NAME COMMAND...: the command must succeed
	name=$1; shift
	if "$@"; then ok "$name"; else fail "$name"; fi
}
status_is() { # status_is WANT NAME COMMAND...: stdout, stderr in $tmp/out, $tmp/err
	want=$1 name=$2; shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"; got=$?
	if [ "$got" -eq "$want" ]; then ok "$name (exit $got)"
	else fail "$name: exit $got, want $want"; sed 's/^/#   /' "$tmp/err"; fi
}
