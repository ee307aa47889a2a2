#!/usr/bin/env python3
"""ref.py: the statistics of `gemmscope compare`, in pandas (the reference).

    python3 bench/compare/ref.py BASE.csv CAND.csv OUT.csv [--summary S.json]

Merge on the shape key, speedup s = t_base / t_cand, geomean exp(mean ln s)
with a 95 % Student-t interval on ln s, weighted speedup sum(base)/sum(cand),
classes at T = 5 % (s - 1 > T improved, < -T regressed), time saved and lost,
the top-10 improvements and regressions, breakdowns by dtype and shape class
(skinny: M or N <= 256; small: M*N < 2^20; large), and, when both inputs
carry `samples`, a two-sided Mann-Whitney U test per shape with >= 4 samples
a side, Holm-corrected, that turns a crossing shape without significance
into `unsure`.  Writes the per-shape CSV (as --csv does) and the summary.
"""
import argparse
import json

import numpy as np
import pandas as pd
from scipy import stats

KEY = ["M", "N", "K", "dtype"]
T = 0.05


def read(path):
    df = pd.read_csv(path)
    if "samples" in df:
        df["samples"] = df["samples"].map(lambda s: np.array(s.split(";"), dtype=float))
        # DESIGN.md: a shape's time is the median of its samples (gen.py's
        # time_us_median column is one of them, not their median)
        df["time_us_median"] = df["samples"].map(np.median)
    return df


def u_tests(m):
    """Holm-corrected two-sided U-test p-values, NaN where untested."""
    ok = (m["samples_b"].map(len) >= 4) & (m["samples_c"].map(len) >= 4)
    p = np.full(len(m), np.nan)
    idx = np.flatnonzero(ok.to_numpy())
    raw = np.array([stats.mannwhitneyu(m["samples_b"].iat[i], m["samples_c"].iat[i],
                                       alternative="two-sided").pvalue for i in idx])
    if len(raw):
        order = np.argsort(raw)
        adj = np.minimum(1.0, np.maximum.accumulate(raw[order] * (len(raw) - np.arange(len(raw)))))
        out = np.empty_like(raw)
        out[order] = adj
        p[idx] = out
    return p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("base")
    ap.add_argument("cand")
    ap.add_argument("out")
    ap.add_argument("--summary")
    a = ap.parse_args()
    b, c = read(a.base), read(a.cand)
    m = b.merge(c, on=KEY, suffixes=("_b", "_c"))
    s = m["time_us_median_b"] / m["time_us_median_c"]
    ls = np.log(s)
    n = len(m)
    half = stats.t.ppf(0.975, n - 1) * ls.std(ddof=1) / np.sqrt(n)
    cls = np.where(s - 1 > T, "improved", np.where(s - 1 < -T, "regressed", "neutral"))
    if "samples_b" in m and "samples_c" in m:
        p = u_tests(m)
        cls = np.where((cls != "neutral") & ~(p < 0.05) & ~np.isnan(p), "unsure", cls)
    m["speedup"], m["class"] = s, cls
    imp, reg = m[m["class"] == "improved"], m[m["class"] == "regressed"]
    skinny = (m["M"] <= 256) | (m["N"] <= 256)
    small = ~skinny & (m["M"].astype(float) * m["N"] < 2 ** 20)
    m["shape_class"] = np.where(skinny, "skinny", np.where(small, "small", "large"))
    groups = {}
    for by in ("dtype", "shape_class"):
        for name, g in m.groupby(by):
            groups["%s:%s" % (by, name)] = {
                "n": int(len(g)), "geomean": float(np.exp(np.log(g["speedup"]).mean())),
                **{k: int(v) for k, v in g["class"].value_counts().items()}}
    summary = {
        "matched": n,
        "only_in_baseline": int(len(b) - n), "only_in_candidate": int(len(c) - n),
        "geomean_speedup": float(np.exp(ls.mean())),
        "geomean_ci": [float(np.exp(ls.mean() - half)), float(np.exp(ls.mean() + half))],
        "weighted_speedup": float(m["time_us_median_b"].sum() / m["time_us_median_c"].sum()),
        "improved": int(len(imp)), "regressed": int(len(reg)),
        "neutral": int((m["class"] == "neutral").sum()), "unsure": int((m["class"] == "unsure").sum()),
        "time_saved_us": float((imp["time_us_median_b"] - imp["time_us_median_c"]).sum()),
        "time_lost_us": float((reg["time_us_median_c"] - reg["time_us_median_b"]).sum()),
        "top_improved": imp.nlargest(10, "speedup")[KEY].to_dict("records"),
        "top_regressed": reg.nsmallest(10, "speedup")[KEY].to_dict("records"),
        "groups": groups,
    }
    cols = KEY + ["time_us_median_b", "time_us_median_c", "speedup", "class"]
    m[cols].to_csv(a.out, index=False)
    if a.summary:
        with open(a.summary, "w") as f:
            json.dump(summary, f, indent=1, default=int)


if __name__ == "__main__":
    main()
