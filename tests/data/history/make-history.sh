#!/bin/sh
# make-history.sh EXAMPLE OUTDIR: write a 12-run nightly history built from a
# real benchmark CSV into OUTDIR (created if missing), for `gemmscope
# history` tests and the nightly-job example (README.md, "A nightly CI job").
#
# EXAMPLE is examples/iree-kernel-benchmark/hipblaslt-gemm.csv (558 real
# hipBLASLt timings, iree-kernel-benchmark columns index,tag,name,M,N,K,
# dtype,A,B,mean_microseconds,...).  Run r (0..11) is OUTDIR/run-r.csv in
# gemmscope's native schema plus a `date` column (2024-10-01 + r days, for
# --order date):
#   date,tag,M,N,K,dtype,trans_a,trans_b,time_us_median
# Every time is the real time times a deterministic noise factor in
# [0.98, 1.02) (one stream of the Park-Miller minimal standard generator,
# draws r*1000 + row, exact in any awk), run 9 repeats run 8's times
# exactly, and the
# plan of tests/test_history.c (tests/data/history/README.md) is planted:
#   unet 8192x5120x640 fp16 NN          x1.20 from run 4 on
#   gpt4memory 16x8192x65536 fp16 NN    x0.85 from run 7 on
#   compute 4096x4096x8192 fp16 NT      x1.25 in runs 3-7, normal from 8
#   llama70bmatvecbf16 8192x1x28672 TN  x1.30 in run 5 only (a spike)
#   llama70bskinnybf16 16000x16x8192 TN x1.20 from run 10 (two runs)
#   llama70bskinny 14336x32x8192 fp16 TN x1.25 in run 11 only (pending)
#   unet 2048x10240x1280 bf16 NN        missing from runs 2 and 6; x1.20 from 8
# (M x N x K as the CSV gives them.)  Every other shape is noise only.
set -eu

if [ $# -ne 2 ] || [ ! -r "$1" ]; then
	echo "usage: make-history.sh EXAMPLE.csv OUTDIR" >&2
	exit 2
fi
example=$1
out=$2
mkdir -p "$out"

run=0
while [ "$run" -lt 12 ]; do
	awk -F, -v run="$run" '
	function plant(key, r) {
		if (key == "unet,8192,5120,640,fp16,N,N") return r >= 4 ? 1.2 : 1
		if (key == "gpt4memory,16,8192,65536,fp16,N,N") return r >= 7 ? 0.85 : 1
		if (key == "compute,4096,4096,8192,fp16,N,T") return r >= 3 && r <= 7 ? 1.25 : 1
		if (key == "llama70bmatvecbf16,8192,1,28672,bf16,T,N") return r == 5 ? 1.3 : 1
		if (key == "llama70bskinnybf16,16000,16,8192,bf16,T,N") return r >= 10 ? 1.2 : 1
		if (key == "llama70bskinny,14336,32,8192,fp16,T,N") return r == 11 ? 1.25 : 1
		if (key == "unet,2048,10240,1280,bf16,N,N")
			return r == 2 || r == 6 ? 0 : r >= 8 ? 1.2 : 1
		return 1
	}
	# Park-Miller: x = 16807 x mod (2^31 - 1), exact in double arithmetic.
	function draw() {
		x = (16807 * x) % 2147483647
		return x / 2147483647
	}
	BEGIN {
		r = run == 9 ? 8 : run
		x = 20241001
		for (k = 0; k < r * 1000; k++)
			draw()
		printf "date,tag,M,N,K,dtype,trans_a,trans_b,time_us_median\n"
	}
	NR > 1 {
		sub(/\r$/, "")
		key = $2 "," $4 "," $5 "," $6 "," $7 "," $8 "," $9
		u = draw()
		f = plant(key, r)
		if (f == 0)
			next
		printf "2024-10-%02d,%s,%.17g\n", run + 1, key, $10 * f * (1 + 0.02 * (2 * u - 1))
	}' "$example" > "$out/run-$run.csv"
	run=$((run + 1))
done
