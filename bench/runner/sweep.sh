#!/bin/sh
# sweep.sh: the runner's recorded sweeps (bench/runner/README.md).
#   sh bench/runner/sweep.sh BUILD_DIR OUT_DIR [BACKEND]
# BACKEND cpu (default) runs the CPU reference sweep; tiled and vendor run the
# tile-quantization sweep on a GPU: M across 128-wide tile boundaries at
# N = K = 4096, with the tiled kernel's 128x128x32 tile and the vendor library.
set -eu
build=${1:?build directory}
out=${2:?output directory}
backend=${3:-cpu}
bench="$build/gemmscope-bench"
mkdir -p "$out"
case $backend in
cpu)
	"$bench" --backend cpu --range '[[64,64,512],0,[1],0]' --dtype f32,bf16 \
		--warmup 2 --iters 7 -o "$out/cpu-square.csv"
	;;
tiled|vendor)
	"$bench" --backend "$backend" --tile 128x128x32 --dtype f16,bf16 \
		--range '[[64,64,1024],[4096],[1],[4096]]' --iters 50 \
		-o "$out/$backend-msweep.csv"
	"$bench" --backend "$backend" --ceilings "$out/$backend.gpu"
	;;
*)
	echo "sweep.sh: backend cpu, tiled or vendor" >&2
	exit 2
	;;
esac
