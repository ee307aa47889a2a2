#!/usr/bin/env python3
"""make-nvbench.py: write the nvbench JSON, sidecar and CSV files of this
folder.

Reconstructed, not measured: the layout is nvbench's JSON format 1.0.0
(NVIDIA/nvbench docs/json_output.md; the key order of
nvbench/json_printer.cu and python/scripts/test_ref.json: meta, devices,
benchmarks with axes and states, each state's axis_values and summaries
of {tag, name, hint, description, data: [{name, type, value}]}, values as
strings) and its CSV (nvbench/csv_printer.cu: Benchmark, Device, Device
Name, the axes, Skipped, one column per visible summary, "(sec)" for
durations).  The --jsonbin sidecar holds SIZE little-endian float32
seconds.  The times are what cuBLASLt plausibly gives on an H100 SXM (the
4096^3 bf16 GEMM near 700 TFLOP/s).  Run from this folder.
"""
import json
import os
import struct

DEVICE = {
    "id": 0, "name": "NVIDIA H100 80GB HBM3", "sm_version": 900, "ptx_version": 900,
    "sm_default_clock_rate": 1980000000, "number_of_sms": 132, "max_blocks_per_sm": 32,
    "max_threads_per_sm": 2048, "max_threads_per_block": 1024, "registers_per_sm": 65536,
    "registers_per_block": 65536, "global_memory_size": 84987740160,
    "global_memory_bus_peak_clock_rate": 2619000000, "global_memory_bus_width": 5120,
    "global_memory_bus_bandwidth": 3352320000000, "l2_cache_size": 52428800,
    "shared_memory_per_sm": 233472, "shared_memory_per_block": 49152, "ecc_state": True,
}

SHAPES = [(4096, 4096, 4096, "BF16"), (8192, 8192, 8192, "BF16"), (1024, 1024, 8192, "BF16"),
          (16, 4096, 4096, "BF16"), (2048, 2048, 2048, "F16")]
# mean GPU time (us) of each shape; None: skipped
BASE_US = [199.1, 1530.4, 46.8, 12.6, 27.9]
CAND_US = [191.2, 1534.0, 52.3, 11.9, 27.6]
N = 25  # samples per state (nvbench stops at --min-samples or --min-time)


def samples(mean_us, seed):
    """N times spread evenly +-1 % around MEAN_US (its mean and median),
    in an order that depends on SEED."""
    out = [mean_us * (1 + 0.02 * (j - N // 2) / (N - 1)) for j in range(N)]
    return out[seed % N:] + out[:seed % N]


def summary(tag, name, hint, value, typ="float64"):
    return {"tag": tag, "name": name, "hint": hint, "description": name,
            "data": [{"name": "value", "type": typ, "value": value}]}


def state(bench, axes, t_us, median, sidecar, skip=None):
    desc = " ".join("%s=%s" % (a["name"], a["value"]) for a in axes)
    st = {"name": "Device=0 " + desc, "min_samples": 10, "min_time": 0.5, "max_noise": 0.005,
          "skip_time": -1.0, "timeout": 15.0, "device": 0, "type_config_index": 0,
          "axis_values": axes, "summaries": [], "is_skipped": skip is not None}
    if skip:
        st["skip_reason"] = skip
        return st
    s = sorted(t_us)
    mean = sum(t_us) / len(t_us)
    sd = (sum((v - mean) ** 2 for v in t_us) / (len(t_us) - 1)) ** 0.5
    su = st["summaries"]
    su.append(summary("nv/cold/sample_size", "Samples", "sample_size", str(len(t_us)), "int64"))
    su.append(summary("nv/cold/time/cpu/mean", "CPU Time", "duration", "%.6g" % (mean * 1.04e-6)))
    su.append(summary("nv/cold/time/gpu/mean", "GPU Time", "duration", "%.6g" % (mean * 1e-6)))
    if median:
        su.append(summary("nv/cold/time/gpu/median", "Median GPU Time", "duration",
                          "%.6g" % (s[len(s) // 2] * 1e-6)))
    su.append(summary("nv/cold/time/gpu/stdev/relative", "Noise", "percentage", "%.6g" % (sd / mean)))
    if sidecar:
        su.append({"tag": "nv/json/bin:nv/cold/sample_times", "data": [
            {"name": "filename", "type": "string", "value": sidecar},
            {"name": "size", "type": "int64", "value": str(len(t_us))}]})
    return st


def axis(name, typ, value):
    return {"name": name, "type": typ, "value": str(value)}


def write(stem, means, median, jsonbin):
    states, rows = [], []
    binn = 0
    for i, ((m, n, k, t), us) in enumerate(zip(SHAPES, means)):
        axes = [axis("M", "int64", m), axis("N", "int64", n), axis("K", "int64", k),
                axis("T", "string", t)]
        t_us = samples(us, 7 + i)
        side = None
        if jsonbin:
            side = "%s.json-bin/%d.bin" % (stem, binn)
            os.makedirs("%s.json-bin" % stem, exist_ok=True)
            with open(side, "wb") as f:
                f.write(struct.pack("<%df" % len(t_us), *[v * 1e-6 for v in t_us]))
            binn += 1
        st = state("cublaslt_gemm", axes, t_us, median, side)
        states.append(st)
        rows.append(["cublaslt_gemm", 0, DEVICE["name"], m, n, k, t, "No", N,
                     "%.6g" % (us * 1.04e-6), "0.5", "%.6g" % (us * 1e-6), "0.4", 2 * N,
                     "%.6g" % (us * 0.99e-6), ""])
    skipped = [axis("M", "int64", 4096), axis("N", "int64", 4096), axis("K", "int64", 4095),
               axis("T", "string", "BF16")]
    states.append(state("cublaslt_gemm", skipped, None, median, None,
                        skip="cuBLASLt found no algorithm for K not a multiple of 8"))
    rows.append(["cublaslt_gemm", 0, DEVICE["name"], 4096, 4096, 4095, "BF16", "Yes"] + [""] * 8)
    probe = state("l2_flush_probe", [axis("Elements", "int64", 1 << 24)],
                  samples(41.7, 99), median, None)
    rows.append(["l2_flush_probe", 0, DEVICE["name"], "", "", "", "", "No", N, "4.3e-05", "0.3",
                 "4.17e-05", "0.2", 2 * N, "4.1e-05", 1 << 24])
    doc = {
        "meta": {"argv": ["./bench/gemm_bench", "--json" if not jsonbin else "--jsonbin",
                          stem + ".json"],
                 "version": {"json": {"major": 1, "minor": 0, "patch": 0, "string": "1.0.0"},
                             "nvbench": {"major": 0, "minor": 1, "patch": 0, "string": "0.1.0"}}},
        "devices": [DEVICE],
        "benchmarks": [
            {"name": "cublaslt_gemm", "index": 0, "min_samples": 10, "min_time": 0.5,
             "max_noise": 0.005, "skip_time": -1.0, "timeout": 15.0, "devices": [0],
             "axes": [{"name": n, "type": "int64", "flags": "", "values": []}
                      for n in ("M", "N", "K")] +
                     [{"name": "T", "type": "type", "flags": "", "values": []}],
             "states": states},
            {"name": "l2_flush_probe", "index": 1, "min_samples": 10, "min_time": 0.5,
             "max_noise": 0.005, "skip_time": -1.0, "timeout": 15.0, "devices": [0],
             "axes": [{"name": "Elements", "type": "int64", "flags": "pow2", "values": []}],
             "states": [probe]},
        ],
    }
    with open(stem + ".json", "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
    with open(stem + ".csv", "w") as f:
        f.write("Benchmark,Device,Device Name,M,N,K,T,Skipped,Samples,CPU Time (sec),"
                "Noise (%),GPU Time (sec),Noise (%),Samples,Batch GPU (sec),Elements\n")
        for r in rows:
            f.write(",".join(str(x) for x in r) + "\n")


write("h100-cublaslt-12.4", BASE_US, median=False, jsonbin=True)
write("h100-cublaslt-12.8", CAND_US, median=True, jsonbin=False)
