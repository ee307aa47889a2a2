#!/usr/bin/env python3
"""gen.py: a nightly series as R gemmscope native CSVs of N shapes each.

    python3 bench/history/gen.py R N OUTDIR [--seed 1]

Writes OUTDIR/run-001.csv .. run-R.csv (M,N,K,dtype,time_us_median), the
same N keys in every run (dims multiples of 8, three dtypes), times from a
roofline-like model with lognormal run-to-run noise (sigma 2 %); 0.5 % of
the shapes take a lasting step (1.25x slower) at a random run in the second
half, so the history has change points to find.  Deterministic for a seed.
"""
import argparse
import os

import numpy as np


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("runs", type=int)
    ap.add_argument("n", type=int)
    ap.add_argument("outdir")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = np.random.default_rng(a.seed)
    dims = rng.integers(1, 2049, size=(a.n * 2, 3)) * 8
    dt = rng.integers(0, 3, size=a.n * 2)
    keys = np.unique(np.column_stack([dims, dt]), axis=0)
    keys = keys[rng.permutation(len(keys))[: a.n]]
    M, N, K, d = (keys[:, i].astype(np.float64) for i in range(4))
    dtype = np.array(["f16", "bf16", "f32"])[keys[:, 3]]
    peak = np.where(d == 2, 50e12, 700e12)
    size = np.where(d == 2, 4, 2)
    base = 5.0 + np.maximum(2 * M * N * K / peak, size * (M * K + K * N + M * N) / 4e12) * 1e6
    step_at = np.full(a.n, a.runs + 1)
    stepped = rng.random(a.n) < 0.005
    step_at[stepped] = rng.integers(a.runs // 2, a.runs, size=stepped.sum())
    os.makedirs(a.outdir, exist_ok=True)
    prefix = np.char.add(
        np.char.add(np.char.add(keys[:, 0].astype(str), ","), keys[:, 1].astype(str)),
        np.char.add(np.char.add(",", keys[:, 2].astype(str)), np.char.add(",", dtype)),
    )
    for r in range(a.runs):
        t = base * np.exp(rng.normal(0.0, 0.02, a.n)) * np.where(r >= step_at, 1.25, 1.0)
        rows = np.char.add(np.char.add(prefix, ","), np.char.mod("%.6f", t))
        with open(os.path.join(a.outdir, "run-%03d.csv" % (r + 1)), "w") as f:
            f.write("M,N,K,dtype,time_us_median\n")
            f.write("\n".join(rows.tolist()))
            f.write("\n")


if __name__ == "__main__":
    main()
