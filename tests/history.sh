#!/bin/sh
# history.sh: `gemmscope history` end to end on a 12-run nightly history
# built from the real example by tests/data/history/make-history.sh (steps
# planted on named shapes, +-2 % noise on all): change points at the planted
# runs and nowhere else, persistence, gates, ordering by a date column,
# every output format, reproducibility, atomic outputs, mode decomposition,
# the README's nightly job and the directory layout it builds (history DIR:
# one folder per night, what is no run skipped with a note).
# Expectations come from the plan in make-history.sh and from the generated
# inputs (geomeans recomputed here with awk), never from gemmscope itself.
set -u
: "${top_srcdir:=.}" "${GEMMSCOPE:?}"
example="$top_srcdir/examples/iree-kernel-benchmark/hipblaslt-gemm.csv"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gs-history.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$top_srcdir/tests/lib.sh"


# cps JSON: the change points, one line each, sorted:
# tag M N K run_index run direction state open
cps() {
	awk '
	/^  "change_points": \[/ { on = 1; next }
	on && /^  \]/ { on = 0 }
	on && /^    \{/ { split("", v); next }
	on && /^    \}/ {
		print v["tag"], v["M"], v["N"], v["K"], v["run_index"], v["run"],
		      v["direction"], v["state"], v["open"]
		next
	}
	on {
		k = $0; sub(/^ *"/, "", k); sub(/".*/, "", k)
		val = $0; sub(/^[^:]*: */, "", val); sub(/,$/, "", val); gsub(/"/, "", val)
		v[k] = val
	}' "$1" | sort
}
# jnum JSON KEY: the first value of "KEY" in JSON.
jnum() { sed -n "s/^ *\"$2\": \\([^,]*\\),\\{0,1\\}\$/\\1/p" "$1" | head -n 1; }
# geomean A B: exp(mean(ln(t_A / t_B))) over the keys both generated runs have.
geomean() {
	awk -F, 'FNR == 1 { next }
	{ k = $2 FS $3 FS $4 FS $5 FS $6 FS $7 FS $8 }
	NR == FNR { a[k] = $9; next }
	k in a { s += log(a[k] / $9); n++ }
	END { printf "%.15g\n", exp(s / n) }' "$1" "$2"
}
# close X Y: |X/Y - 1| < 1e-9
close() { awk -v x="$1" -v y="$2" 'BEGIN { d = x / y - 1; exit !(d < 1e-9 && d > -1e-9) }'; }

# --- the generated history ---------------------------------------------
runs="$tmp/runs"
check "make-history.sh writes 12 runs" sh "$top_srcdir/tests/data/history/make-history.sh" \
	"$example" "$runs"
check "12 run files" test "$(ls "$runs" | wc -l)" -eq 12
cd "$tmp"
export SOURCE_DATE_EPOCH=1767225600
run_all() { # run_all DIR [options]
	d=$1; shift
	mkdir -p "$d"
	"$GEMMSCOPE" history "$runs" -o "$d/h.html" --json-indent --json "$d/h.json" \
		--markdown "$d/h.md" --csv "$d/h.csv" --regressions "$d/regr.csv" \
		--junit "$d/junit.xml" --assets "$d/assets" "$@"
}
status_is 0 "history of the 12 runs with every output" run_all a
check "summary line" grep -q '^12 runs, 558 shapes: 7 change points; 4 regressions confirmed (3 open at the last run), 2 improvements, 1 pending' out
for f in h.html h.json h.md h.csv regr.csv junit.xml; do
	check "output $f written" test -s "a/$f"
done
for p in history-trend history-changes; do
	check "asset $p.svg and .png" test -s "a/assets/$p.svg" -a -s "a/assets/$p.png"
done

# The plan: where each step is, its direction and state (open: a
# regression not undone by the last run).
cat > want.txt <<'EOF'
compute 4096 4096 8192 3 run-3 slower regression false
compute 4096 4096 8192 8 run-8 faster improvement false
gpt4memory 16 8192 65536 7 run-7 faster improvement false
llama70bskinny 14336 32 8192 11 run-11 slower pending false
llama70bskinnybf16 16000 16 8192 10 run-10 slower regression true
unet 2048 10240 1280 8 run-8 slower regression true
unet 8192 5120 640 4 run-4 slower regression true
EOF
cps a/h.json > got.txt
check "change points at the planted runs, none on noise-only shapes or the spike" \
	cmp -s got.txt want.txt
cmp -s got.txt want.txt || diff got.txt want.txt | sed 's/^/#   /'
same "summary counts" "$(jnum a/h.json change_points) $(jnum a/h.json regressions) $(jnum a/h.json improvements) $(jnum a/h.json pending) $(jnum a/h.json open_regressions) $(jnum a/h.json partial_shapes)" \
	"7 4 2 1 3 1"
check "ratio of the unet step within noise of 1.2" \
	awk '/"run": "run-4"/ { on = 1 } on && /"ratio"/ { sub(/.*: /, ""); sub(/,/, "");
		exit !($0 > 1.2 * 0.955 && $0 < 1.2 / 0.955) }' a/h.json

# Evolution: every run's geomean against the first and the previous run,
# recomputed from the generated files.
sed -n 's/^      "geomean_vs_first": \(.*\),$/\1/p' a/h.json > gfirst.txt
sed -n 's/^      "geomean_vs_previous": \(.*\),$/\1/p' a/h.json > gprev.txt
check "runs[]: 12 geomeans vs first and vs previous" \
	test "$(wc -l < gfirst.txt)" -eq 12 -a "$(wc -l < gprev.txt)" -eq 12
bad=0 r=0
while [ $r -lt 12 ]; do
	p=$((r > 0 ? r - 1 : 0))
	close "$(sed -n "$((r + 1))p" gfirst.txt)" "$(geomean "$runs/run-0.csv" "$runs/run-$r.csv")" || bad=$((bad + 1))
	close "$(sed -n "$((r + 1))p" gprev.txt)" "$(geomean "$runs/run-$p.csv" "$runs/run-$r.csv")" || bad=$((bad + 1))
	r=$((r + 1))
done
same "geomeans match the generated times (12 runs x 2)" "$bad" 0
same "run names in natural order" "$(sed -n 's/^      "name": "\(.*\)",$/\1/p' a/h.json | tr '\n' ' ')" \
	"run-0 run-1 run-2 run-3 run-4 run-5 run-6 run-7 run-8 run-9 run-10 run-11 "
check "no mode decomposition in a nightly series" grep -q '^  "modes": null$' a/h.json

# --- gates ---------------------------------------------------------------
g=$(geomean "$runs/run-0.csv" "$runs/run-11.csv")
above=$(awk -v g="$g" 'BEGIN { printf "%.6f", g * 1.0005 }')
below=$(awk -v g="$g" 'BEGIN { printf "%.6f", g * 0.9995 }')
status_is 0 "--max-regressed 3: three open regressions pass" run_all gate1 --max-regressed 3
status_is 1 "--max-regressed 2 crossed" run_all gate2 --max-regressed 2
check "gate message names the count" grep -q 'gate: 3 persistent regressions open at run-11 > --max-regressed 2' err
check "outputs written although a gate failed" test -s gate2/h.json -a -s gate2/junit.xml
status_is 1 "--min-geomean just above the last run's geomean ($above)" run_all gate3 --min-geomean "$above"
check "min-geomean message" grep -q 'gate: geomean speedup of run-11 against run-0' err
status_is 0 "--min-geomean just below it ($below)" run_all gate4 --min-geomean "$below"

# --persist 3: the two-run step at run 10 is pending, not yet a regression.
status_is 0 "--persist 3" run_all p3 --persist 3
cps p3/h.json > p3.txt
check "persist 3: run-10 step pending" \
	grep -q '^llama70bskinnybf16 16000 16 8192 10 run-10 slower pending false$' p3.txt
same "persist 3 counts" "$(jnum p3/h.json regressions) $(jnum p3/h.json pending) $(jnum p3/h.json open_regressions)" "3 2 2"
check "persist 3: JUnit 2 failures, 2 skipped" \
	grep -q '<testsuite name="gemmscope history" tests="558" failures="2" errors="0" skipped="2"' p3/junit.xml
status_is 0 "--persist 3 --max-regressed 2 passes" run_all p3g --persist 3 --max-regressed 2

# --- JUnit -----------------------------------------------------------------
check "JUnit suite counts" \
	grep -q '<testsuite name="gemmscope history" tests="558" failures="3" errors="0" skipped="1" time="[0-9.]*" timestamp="2026-01-01T00:00:00Z"' a/junit.xml
check "JUnit: one testcase per shape" test "$(grep -c '<testcase ' a/junit.xml)" -eq 558
check "JUnit: the unet step is a failure with its numbers" \
	grep -A1 'name="8192×5120×640 f16 NN"' a/junit.xml | grep -q '<failure message="slower at run-4: median [0-9.]* µs → [0-9.]* µs, time ratio 1\.[12][0-9]*×'
check "JUnit: the last-run step is skipped as pending" \
	grep -A1 'name="14336×32×8192 f16 TN"' a/junit.xml | grep -q '<skipped message="pending (lasted 1 of 2 runs): slower at run-11'
check "JUnit: the step undone at run 8 passes" \
	sh -c "grep 'name=\"4096×4096×8192 f16 NT\"' a/junit.xml | grep -q '/>\$'"
if command -v xmllint >/dev/null 2>&1; then
	check "JUnit is well-formed XML" xmllint --noout a/junit.xml
fi

# --- CSV, regressions, markdown, HTML ------------------------------------
check "CSV header: key columns and one column per run" \
	grep -qx 'op,batch,M,N,K,dtype,trans_a,trans_b,bias,tag,run-0,run-1,run-2,run-3,run-4,run-5,run-6,run-7,run-8,run-9,run-10,run-11' a/h.csv
check "CSV: 558 shapes" test "$(wc -l < a/h.csv)" -eq 559
check "CSV: the gappy shape is empty in run-2 and run-6 only" \
	awk -F, '$3 == 2048 && $4 == 10240 && $5 == 1280 && $6 == "bf16" && $7 $8 == "NN" {
		n++; for (i = 11; i <= 22; i++) if (($i == "") != (i == 13 || i == 17)) bad++ }
		END { exit !(n == 1 && !bad) }' a/h.csv
check "CSV: the unet series equals the generated times" \
	awk -F, 'FNR == 1 { f++ } f <= 12 && $3 == 8192 && $4 == 5120 && $5 == 640 && $6 $7 $8 == "fp16NN" {
			t[f - 1] = $9 }
		f == 13 && $3 == 8192 && $4 == 5120 && $5 == 640 && $6 $7 $8 == "f16NN" {
			for (r = 0; r < 12; r++) if ($(11 + r) + 0 != t[r] + 0) bad++; n++ }
		END { exit !(n == 1 && !bad) }' \
		"$runs/run-0.csv" "$runs/run-1.csv" "$runs/run-2.csv" "$runs/run-3.csv" \
		"$runs/run-4.csv" "$runs/run-5.csv" "$runs/run-6.csv" "$runs/run-7.csv" \
		"$runs/run-8.csv" "$runs/run-9.csv" "$runs/run-10.csv" "$runs/run-11.csv" a/h.csv
check "regressions file: the 3 open regressions + header" test "$(wc -l < a/regr.csv)" -eq 4
status_is 0 "regressions file reads back" "$GEMMSCOPE" compare a/regr.csv a/regr.csv -o self.html
check "regressions vs itself: 3 matched" grep -q '^3 shapes matched' out
check "markdown verdict" sh -c "head -n 1 a/h.md | grep -q '^## GEMM history: 3 regressions open at the last run' && grep -q '4 regressions confirmed in all, 2 improvements, 1 pending' a/h.md"
check "markdown lists the unet regression" grep -q '^| 8192×5120×640 f16 NN | unet | run-4 |' a/h.md
check "html has no script element" sh -c '! grep -qi "<script" a/h.html'
check "html loads nothing from the network" sh -c '! grep -Eq "(src|href)=\"https?:" a/h.html'
for id in evolution change-points fig-history-trend fig-history-changes methodology; do
	check "html has #$id" grep -q "id=\"$id\"" a/h.html
done
check "html: evolution table has the 12 runs" test "$(grep -c '<td class="mono">run-[0-9]*</td>' a/h.html)" -ge 12
check "html: no mode section" sh -c '! grep -q "Mode decomposition" a/h.html'

# --- reproducibility and atomic outputs -----------------------------------
status_is 0 "second run" run_all b
for f in h.html h.json h.md h.csv regr.csv junit.xml; do
	check "SOURCE_DATE_EPOCH: $f byte-identical" cmp -s "a/$f" "b/$f"
done
check "no temporary files left" sh -c '! ls a | grep -q "\.[A-Za-z0-9]\{6\}$"'
mkdir one
cp "$runs/run-0.csv" one/
status_is 2 "one run is not a history" "$GEMMSCOPE" history one -o none.html --json-indent --json none.json
check "no output written on error" test ! -e none.html -a ! -e none.json
status_is 2 "missing directory" "$GEMMSCOPE" history "$tmp/nope" -o none.html
check "error names the input" grep -q "$tmp/nope" err
status_is 0 "two runs given as files" "$GEMMSCOPE" history -q "$runs/run-1.csv" "$runs/run-0.csv" \
	-o two.html --json-indent --json two.json
same "two files ordered by name" "$(sed -n 's/^      "name": "\(.*\)",$/\1/p' two.json | tr '\n' ' ')" "run-0 run-1 "

# --- --order: names that sort backwards, dates that do not -----------------
mkdir dated
r=0
while [ $r -lt 12 ]; do cp "$runs/run-$r.csv" "dated/n$((11 - r)).csv"; r=$((r + 1)); done
status_is 0 "--order date" "$GEMMSCOPE" history dated --order date -q -o d.html --json-indent --json d.json
same "runs ordered by the date column" "$(sed -n 's/^      "name": "\(.*\)",$/\1/p' d.json | tr '\n' ' ')" \
	"n11 n10 n9 n8 n7 n6 n5 n4 n3 n2 n1 n0 "
same "--order date: the same change points" "$(cps d.json | cut -d' ' -f1-5,7-)" "$(cut -d' ' -f1-5,7- want.txt)"

# --- mode decomposition -----------------------------------------------------
modes="$top_srcdir/tests/data/history/modes"
status_is 0 "history of the four mode runs" "$GEMMSCOPE" history "$modes" -q -o m.html --json-indent --json m.json
gain() { # gain TAG: direct and decomposition gain from the four inputs
	for m in full no_overlap comm_only comp_only; do
		awk -F, -v t="$1" '$1 == t { print $8; f = 1 } END { if (!f) print "-" }' "$modes/gemm-$m.csv"
	done | awk 'NR == 1 { f = $1 } NR == 2 { n = $1 } NR == 3 { c = $1 } NR == 4 { p = $1 }
		END { printf "%s %s\n", n - f, c == "-" ? "null" : c + p - f }'
}
modegains() { # modegains TAG: direct and decomposition gain from m.json
	awk -v t="$1" '/"tag":/ { on = index($0, "\"" t "\"") > 0 }
		on && /"direct_gain_us"/ { sub(/.*: /, ""); sub(/,/, ""); d = $0 }
		on && /"decomposition_gain_us"/ { sub(/.*: /, ""); sub(/,/, ""); print d, $0; exit }' m.json
}
for t in sq8192 sq4096 sq2048; do
	same "mode gains of $t" "$(modegains $t)" "$(gain $t)"
done
check "html has the mode section" grep -q "Mode decomposition" m.html
mkdir twofull
cp "$runs/run-0.csv" twofull/a-full.csv
cp "$runs/run-1.csv" twofull/b-full.csv
status_is 0 "two full runs: a history without decomposition" "$GEMMSCOPE" history twofull \
	-o tf.html --json-indent --json tf.json
check "a note says why" grep -q 'note: no mode decomposition' err
check "modes null" grep -q '^  "modes": null$' tf.json

# --- the nightly job of README.md, run for real ------------------------------
awk '/^```sh$/ { getline l; if (l ~ /^#!\/bin\/sh/) { on = 1; print l }; next }
     on && /^```$/ { exit } on' "$top_srcdir/README.md" > nightly-gemm.sh
check "README.md has the job script" grep -q '^# nightly-gemm.sh' nightly-gemm.sh
mkdir nightly
i=0
while [ $i -le 5 ]; do
	want=0
	[ $i -ge 4 ] && want=1
	status_is $want "nightly job, night $i" env -u GITHUB_STEP_SUMMARY \
		TONIGHT="2026-01-1$i" BENCH_CMD="cp $runs/run-$i.csv" GEMMSCOPE="$GEMMSCOPE" \
		HISTORY=nightly/h PUBLISH=nightly/pub sh nightly-gemm.sh
	i=$((i + 1))
done
check "night 5: both persistent regressions gate the job" \
	grep -q 'gate: 2 persistent regressions open at 2026-01-15 > --max-regressed 0' err
# The job writes compact JSON (the default); cps reads the 2-space layout.
indent() { python3 -c 'import json, sys
json.dump(json.load(open(sys.argv[1])), sys.stdout, indent=2)
print()' "$1"; }
command -v python3 >/dev/null 2>&1 || { echo "no python3: skipped"; exit 77; }
indent nightly/h/2026-01-15/history.json > job.json
check "night 5: the history names the steps of nights 3 and 4" \
	test "$(cps job.json | grep -c ' regression true$')" -eq 2
for f in history.html vs-baseline.html vs-last-night.html history-junit.xml history.md; do
	check "nightly job published $f" test -s "nightly/pub/$f"
done
check "nightly job kept the regressions to re-measure" test -s nightly/h/2026-01-15/regressions.csv
check "nightly job kept one CSV per night" test "$(ls nightly/h/*/*.csv | grep -c '/\(2026-01-1[0-5]\)/\1\.csv$')" -eq 6

# --- history DIR: the job's own layout, and what is no run -------------------
# The directory the nightly job above built, read as a whole: one run per
# night folder (NIGHT/NIGHT.csv, named by the night), the night's reports
# beside it ignored, the fixed baseline skipped with a note.
names() { sed -n 's/^      "name": "\(.*\)",$/\1/p' "$1" | tr '\n' ' '; }
status_is 0 "history of the nightly job's directory" "$GEMMSCOPE" history nightly/h -q \
	-o nd.html --json-indent --json nd.json
same "nightly layout: one run per night, named by its folder" "$(names nd.json)" \
	"2026-01-10 2026-01-11 2026-01-12 2026-01-13 2026-01-14 2026-01-15 "
check "nightly layout: the baseline skipped with one note" \
	grep -qx 'gemmscope: note: nightly/h: skipped 1 entry (not a run): baseline.csv' err
cps nd.json > nd.txt
cps job.json > job.txt
check "nightly layout: the job's history has change points" test -s job.txt
check "nightly layout: the change points of the job's own history" cmp -s nd.txt job.txt
echo "looked at the unet step, see PR 12" > nightly/h/notes.txt
echo "<html></html>" > nightly/h/report.html
echo "# nightly" > nightly/h/README.md
mkdir nightly/h/2026-01-16 nightly/h/.cache
status_is 0 "notes, a report, a README and a night without its CSV are skipped" \
	"$GEMMSCOPE" history nightly/h -q -o nd2.html --json-indent --json nd2.json
check "one note line: the count and the first four, sorted" grep -qx 'gemmscope: note: nightly/h: skipped 5 entries (not runs): 2026-01-16/, README.md, baseline.csv, notes.txt and 1 more' err
same "the same six runs" "$(names nd2.json)" "$(names nd.json)"
gzip -c nightly/h/2026-01-15/2026-01-15.csv > nightly/h/2026-01-15/2026-01-15.csv.gz
status_is 2 "two runs in one night folder" "$GEMMSCOPE" history nightly/h -q -o none.html
check "error names both" grep -q '2026-01-15.csv.gz.*a second run of night .2026-01-15. (beside .*/2026-01-15.csv): keep one' err
rm nightly/h/2026-01-15/2026-01-15.csv.gz
# The flat layout: the run files of the directory; a .txt is a run when it
# reads as one (the real hipblaslt-bench log), not when it is a note.
mkdir flat flat/assets
cp "$runs/run-0.csv" "$runs/run-1.csv" flat/
cp "$top_srcdir/tests/data/csv/hipblaslt-bench.txt" flat/bench-log.txt
echo "not a run" > flat/notes.txt
echo "<html></html>" > flat/report.html
status_is 0 "flat layout: a benchmark log among the runs is read" \
	"$GEMMSCOPE" history flat -q -o fl0.html --json-indent --json fl0.json
same "flat layout: the log is a run" "$(names fl0.json)" "bench-log run-0 run-1 "
rm flat/bench-log.txt
status_is 0 "flat layout: notes, a report and a folder skipped" "$GEMMSCOPE" history flat -q \
	-o fl.html --json-indent --json fl.json
same "flat layout: the two runs" "$(names fl.json)" "run-0 run-1 "
check "flat layout: one note line" \
	grep -qx 'gemmscope: note: flat: skipped 3 entries (not runs): assets/, notes.txt, report.html' err
mkdir logs
cp "$top_srcdir/tests/data/csv/hipblaslt-bench.txt" logs/a.txt
cp "$top_srcdir/tests/data/csv/hipblaslt-bench.txt" logs/b.txt
echo "not a run" > logs/notes.txt
status_is 0 "benchmark logs (.txt) are runs, notes.txt is not" "$GEMMSCOPE" history logs -q \
	-o lg.html --json-indent --json lg.json
same "the two logs" "$(names lg.json)" "a b "
check "notes.txt skipped" grep -qx 'gemmscope: note: logs: skipped 1 entry (not a run): notes.txt' err
mkdir lone
cp "$runs/run-0.csv" lone/
echo "not a run" > lone/notes.txt
status_is 2 "one run and a note: still not a history" "$GEMMSCOPE" history lone -q -o none.html
check "the note, then the error" grep -q 'a history needs at least two runs, found 1' err

# A streamed history frees each run's table once the next run is compared
# with it; the regressions list takes an open regression's record from the
# last run that has it, here run-6 of 8 (tests/data/history/gap/README).
status_is 0 "gap: history of 8 runs" "$GEMMSCOPE" history "$top_srcdir/tests/data/history/gap" \
	-q -o gap.html --regressions gap-reg.csv
same "gap: the open regression's record is run-6's" \
	"$(awk -F, 'NR == 2 { print $3, $13 }' gap-reg.csv)" "9999 260.0263"

echo "1..$((passes + fails))"
[ "$fails" -eq 0 ]
