#!/usr/bin/env python3
"""gen.py: a synthetic tuning sweep as a pair of gemmscope native CSVs.

    python3 bench/compare/gen.py N OUTDIR [--samples S] [--seed 1] [--grid]

Writes OUTDIR/base-N.csv and OUTDIR/cand-N.csv with N distinct shapes each
(M,N,K,dtype,time_us_median[,samples]): 99.5 % of the keys are shared
(0.25 % only in each side), times follow a roofline-like model with
lognormal noise (sigma 3 %), and 1 % of the shared shapes are planted
regressions (candidate 1.3x slower).  With --samples S each row carries S
samples (';'-separated) around its median.  Deterministic for a seed.

With --grid the shapes are a tuning sweep's grid instead of random keys:
M and N every 64 up to a square side, K = 4096, f16 and bf16, and the
times those of 256x256 macro tiles (M and N rounded up to 256 before the
roofline), so that every fourth size along M or N crosses a tile boundary:
the sweeps and cliffs of a real Tensile / hipBLASLt size sweep.
"""
import argparse
import os

import numpy as np


def shapes(rng, n):
    """n distinct (M, N, K, dtype) keys, dims multiples of 8 in [8, 16384]."""
    keys = set()
    out = []
    dtypes = np.array(["f16", "bf16", "f32"])
    while len(out) < n:
        m = n - len(out)
        dims = rng.integers(1, 2049, size=(m * 2, 3)) * 8
        dt = rng.integers(0, 3, size=m * 2)
        for (a, b, c), d in zip(dims.tolist(), dt.tolist()):
            k = (a, b, c, d)
            if k in keys:
                continue
            keys.add(k)
            out.append(k)
            if len(out) == n:
                break
    arr = np.array(out, dtype=np.int64)
    return arr[:, 0], arr[:, 1], arr[:, 2], dtypes[arr[:, 3]]


def grid_shapes(n):
    """n (M, N, K, dtype) keys of a grid: M, N in 64..64*side, K 4096."""
    side = int(np.ceil(np.sqrt(n / 2.0)))
    i = np.arange(n)
    dtypes = np.array(["f16", "bf16"])
    return (64 * (i % side + 1), 64 * (i // side % side + 1), np.full(n, 4096),
            dtypes[i // (side * side)])


def tiled_time_us(M, N, K, dtype):
    """model_time_us of the shape padded to 256x256 macro tiles."""
    return model_time_us(-(-M // 256) * 256, -(-N // 256) * 256, K, dtype)


def model_time_us(M, N, K, dtype):
    """A roofline-like time: compute at 400/800 TFLOP/s, 4 TB/s, 5 us launch."""
    flop = 2.0 * M * N * K
    peak = np.where(dtype == "f32", 50e12, 700e12)
    size = np.where(dtype == "f32", 4, 2)
    byts = size * (M * K + K * N + M * N)
    return 5.0 + np.maximum(flop / peak, byts / 4e12) * 1e6


def write(path, M, N, K, dtype, t, samples, rng):
    with open(path, "w") as f:
        f.write("M,N,K,dtype,time_us_median" + (",samples" if samples else "") + "\n")
        for i in range(len(M)):
            row = "%d,%d,%d,%s,%.6f" % (M[i], N[i], K[i], dtype[i], t[i])
            if samples:
                s = t[i] * np.exp(rng.normal(0.0, 0.02, samples))
                s[samples // 2] = t[i]
                row += "," + ";".join("%.6f" % v for v in s)
            f.write(row + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("n", type=int)
    ap.add_argument("outdir")
    ap.add_argument("--samples", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--grid", action="store_true")
    a = ap.parse_args()
    rng = np.random.default_rng(a.seed)
    extra = max(1, a.n // 400)          # 0.25 % of N only in each side
    if a.grid:
        M, N, K, dt = grid_shapes(a.n + extra)
        t = tiled_time_us(M, N, K, dt) * np.exp(rng.normal(0.0, 0.03, len(M)))
    else:
        M, N, K, dt = shapes(rng, a.n + extra)
        t = model_time_us(M, N, K, dt) * np.exp(rng.normal(0.0, 0.10, len(M)))
    tc = t * np.exp(rng.normal(0.0, 0.03, len(M)))
    planted = rng.random(len(M)) < 0.01
    tc[planted] *= 1.3
    base = np.arange(a.n)                 # the first n keys
    cand = np.arange(extra, a.n + extra)  # all but the first `extra`, plus `extra` new
    os.makedirs(a.outdir, exist_ok=True)
    write(os.path.join(a.outdir, "base-%d.csv" % a.n), M[base], N[base], K[base],
          dt[base], t[base], a.samples, rng)
    write(os.path.join(a.outdir, "cand-%d.csv" % a.n), M[cand], N[cand], K[cand],
          dt[cand], tc[cand], a.samples, rng)


if __name__ == "__main__":
    main()
