#!/usr/bin/env python3
"""make-ncu.py: write the Nsight Compute CSVs of this folder.

Reconstructed, not measured: `ncu --csv` (the details page, ncu's default;
NsightComputeCli docs, "--csv", "--page details", "--print-units") prints
one row per metric of each profiled launch, the launch's columns repeated
on every row, after its "==PROF==" lines and the program's own output.
The older layout (2022 releases) has a "Kernel Time" column and units
spelled "usecond", "Kbyte/block"; the newer one "Block Size", "Grid Size",
"Device", "CC" columns and rule columns; both have been seen in public
ncu CSVs with units "usecond" and "us".  The sections and metric labels
are ncu's default set (GPU Speed Of Light Throughput, Launch Statistics,
Occupancy).  The kernels are what PyTorch's cuBLAS calls launch for a
bf16 Linear on an H100 SXM (nvjet, a CUTLASS 2.x kernel, a fill), with
plausible durations, registers and shared memory.  Run from this folder.
"""

OLD_COLS = ["ID", "Process ID", "Process Name", "Host Name", "Kernel Name", "Kernel Time",
            "Context", "Stream", "Section Name", "Metric Name", "Metric Unit", "Metric Value"]
NEW_COLS = ["ID", "Process ID", "Process Name", "Host Name", "Kernel Name", "Context", "Stream",
            "Block Size", "Grid Size", "Device", "CC", "Section Name", "Metric Name",
            "Metric Unit", "Metric Value", "Rule Name", "Rule Type", "Rule Description",
            "Estimated Speedup Type", "Estimated Speedup"]

NVJET = "nvjet_tst_128x256_64x4_2x1_v_bz_coopA_TNN"
CUTLASS = ("void cutlass::Kernel2<cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_64x6_"
           "tn_align8>(T1::Params)")
FILL = ("void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, "
        "at::detail::Array<char *, 1>>(int, T2, T3)")
# kernel: block (x,y,z), grid (x,y,z), registers, static and dynamic shared
# bytes, theoretical occupancy (%) by the CUDA occupancy rules for sm_90:
# nvjet 1 block of 12 warps (its 224.25 KiB of shared memory), the CUTLASS
# kernel 2 blocks of 4 warps (registers and shared memory), the fill 16 of 4
KERNELS = {
    NVJET: ((384, 1, 1), (132, 1, 1), 168, 0, 229632, 18.75),
    CUTLASS: ((128, 1, 1), (16, 8, 1), 230, 0, 98304, 12.5),
    FILL: ((128, 1, 1), (1024, 1, 1), 16, 0, 0, 100.0),
}


def fmt(v):
    """ncu's display: thousands separators, two decimals for fractions."""
    return "{:,}".format(v) if isinstance(v, int) else "{:,.2f}".format(v)


def metrics(kernel, dur_us, old):
    (bx, by, bz), (gx, gy, gz), regs, smem_s, smem_d, occ = KERNELS[kernel]
    block, grid = bx * by * bz, gx * gy * gz
    us = "usecond" if old else "us"
    kb = "Kbyte/block"
    sol = [("Memory Throughput", "%", 41.27), ("DRAM Throughput", "%", 12.86),
           ("Duration", us, dur_us), ("L1/TEX Cache Throughput", "%", 38.05),
           ("L2 Cache Throughput", "%", 44.91), ("SM Active Cycles", "cycle", 391221.4),
           ("Compute (SM) Throughput", "%", 71.36)]
    launch = [("Block Size", "", block), ("Function Cache Configuration", "",
                                          "CachePreferNone"),
              ("Grid Size", "", grid), ("Registers Per Thread", "register/thread", regs),
              ("Shared Memory Configuration Size", "Kbyte", 233.47),
              ("Driver Shared Memory Per Block", kb, 1.02),
              ("Dynamic Shared Memory Per Block", kb, round(smem_d / 1000, 2)),
              ("Static Shared Memory Per Block", "byte/block", smem_s),
              ("Threads", "thread", block * grid), ("Waves Per SM", "", 1.0)]
    occ = [("Block Limit SM", "block", 32), ("Block Limit Registers", "block", 1),
           ("Block Limit Shared Mem", "block", 1), ("Block Limit Warps", "block", 5),
           ("Theoretical Active Warps per SM", "warp", block // 32),
           ("Theoretical Occupancy", "%", occ), ("Achieved Occupancy", "%", occ * 0.993),
           ("Achieved Active Warps Per SM", "warp", 11.92)]
    return ([("GPU Speed Of Light Throughput",) + m for m in sol] +
            [("Launch Statistics",) + m for m in launch] + [("Occupancy",) + m for m in occ])


def q(v):
    return '"%s"' % (v if isinstance(v, str) else fmt(v))


def write(path, launches, old):
    cols = OLD_COLS if old else NEW_COLS
    out = ["==PROF== Connected to process 41833 (/usr/bin/python3.10)"]
    for i, (k, _) in enumerate(launches):
        short = k.split("<")[0].replace("void ", "") if "<" in k else k
        out.append('==PROF== Profiling "%s" - %d: 0%%....50%%....100%% - 9 passes' % (short, i))
    out.append("Linear(in_features=4096, out_features=4096, bias=False): 3 iterations done")
    out.append("==PROF== Disconnected from process 41833")
    out.append(",".join('"%s"' % c for c in cols))
    for i, (k, dur) in enumerate(launches):
        (bx, by, bz), (gx, gy, gz), *_ = KERNELS[k]
        for sec, name, unit, value in metrics(k, dur, old):
            row = {"ID": str(i), "Process ID": "41833", "Process Name": "python3.10",
                   "Host Name": "127.0.0.1", "Kernel Name": k,
                   "Kernel Time": "2025-Mar-04 10:%02d:%02d" % (12, 30 + i), "Context": "1",
                   "Stream": "7", "Block Size": "(%d, %d, %d)" % (bx, by, bz),
                   "Grid Size": "(%d, %d, %d)" % (gx, gy, gz), "Device": "0", "CC": "9.0",
                   "Section Name": sec, "Metric Name": name, "Metric Unit": unit,
                   "Metric Value": value}
            out.append(",".join(q(row.get(c, "")) for c in cols))
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


BASE = [(FILL, 2.14), (NVJET, 205.41), (CUTLASS, 14.21), (NVJET, 204.87), (CUTLASS, 14.35),
        (NVJET, 205.02)]
CAND = [(FILL, 2.11), (NVJET, 193.66), (CUTLASS, 15.92), (NVJET, 194.05), (CUTLASS, 16.08),
        (NVJET, 193.90)]
write("h100-linear-ncu2022.csv", BASE, old=True)
write("h100-linear-ncu2024.csv", CAND, old=False)
