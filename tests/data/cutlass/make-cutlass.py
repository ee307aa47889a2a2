#!/usr/bin/env python3
"""make-cutlass.py: write the CUTLASS profiler CSVs of this folder.

Reconstructed, not measured: the layout is what cutlass_profiler
--output=FILE writes for GEMM (NVIDIA/cutlass tools/profiler/src/
performance_report.cpp: Problem,Provider,OperationKind,Operation,
Disposition,Status, the operation's arguments, Bytes,Flops,Flops/Byte,
Runtime (ms),GB/s,GFLOPs; the argument names of gemm_operation_profiler.cu),
the kernels are CUTLASS 3.x sm90 procedural names (media/docs/cpp/
profiler.md), the runtimes what an H100 SXM plausibly gives (about 70 % of
its 989 dense bf16 TFLOP/s on large shapes).  Run from this folder.
"""

ARGS = ("gemm_kind,m,n,k,A,B,C,D,alpha,beta,split_k_mode,split_k_slices,batch_count,"
        "raster_order,swizzle_size,op_class,accum,cta_m,cta_n,cta_k,cluster_m,cluster_n,"
        "cluster_k,stages,warps_m,warps_n,warps_k,inst_m,inst_n,inst_k,min_cc,max_cc")
HEADER = ("Problem,Provider,OperationKind,Operation,Disposition,Status," + ARGS +
          ",Bytes,Flops,Flops/Byte,Runtime,GB/s,GFLOPs")


def kernel(tm, tn, tk, cm, sched, dt="bf16"):
    inst = "s64x%dx16gemm" % min(tn, 256)
    return ("cutlass3x_sm90_tensorop_%s_%s_%s_f32_void_%s_%dx%dx%d_%dx1x1_0_tnn_align8_"
            "warpspecialized_%s_epi_tma" % (inst, dt, dt, dt, tm, tn, tk, cm, sched))


def row(prob, provider, op, disp, status, m, n, k, dt, tile, cluster, ms, batch=1):
    tm, tn, tk = tile
    bytes_ = (m * k + n * k + m * n) * 2 * batch
    flops = 2 * (m * n * k + m * n) * batch
    args = ["universal", m, n, k, "%s:row" % dt, "%s:column" % dt, "void:column",
            "%s:column" % dt, 1, 0, "serial", 1, batch, "heuristic", 1, "tensorop", "f32",
            tm, tn, tk, cluster, 1, 1, 4, 4 if tm >= 128 else 2, 2 if tn >= 256 else 1, 1,
            64, min(tn, 256), 16, 90, 90]
    good = disp in ("passed", "not_verified")
    tail = [bytes_, flops, flops // bytes_, ms if good else 0,
            "%.6g" % (bytes_ / 2**30 / (ms / 1e3)) if good else "",
            "%.6g" % (flops / 1e9 / (ms / 1e3)) if good else ""]
    return ",".join(str(x) for x in [prob, provider, "gemm", op, disp, status] + args + tail)


def write(path, problems, cublas=()):
    with open(path, "w") as f:
        f.write(HEADER + "\n")
        for i, (m, n, k, dt, ops) in enumerate(problems):
            for tile, cluster, sched, disp, status, ms in ops:
                op = kernel(*tile, cluster, sched, dt)
                f.write(row(i, "CUTLASS", op, disp, status, m, n, k, dt, tile, cluster, ms) + "\n")
                if i in cublas:
                    f.write(row(i, "cuBLAS", op, "passed", "success", m, n, k, dt, tile,
                                cluster, cublas[i]) + "\n")


C128 = ((128, 128, 64), 1, "cooperative")
C256 = ((128, 256, 64), 2, "cooperative")
P64 = ((64, 128, 64), 1, "pingpong")
P128 = ((128, 128, 64), 1, "pingpong")

BASE = [
    (4096, 4096, 4096, "bf16", [C128 + ("passed", "success", 0.2168), C256 + ("passed", "success", 0.1985)]),
    (8192, 8192, 8192, "bf16", [C128 + ("passed", "success", 1.658), C256 + ("passed", "success", 1.527)]),
    (1024, 1024, 8192, "bf16", [P128 + ("passed", "success", 0.0452), C256 + ("passed", "success", 0.0533)]),
    (16, 4096, 4096, "bf16", [P64 + ("passed", "success", 0.0118), C128 + ("incorrect", "success", 0.0104)]),
    (2048, 2048, 2048, "f16", [C256 + ("not_supported", "error_not_supported", 0)]),
]
CAND = [
    (4096, 4096, 4096, "bf16", [C128 + ("passed", "success", 0.2081), C256 + ("passed", "success", 0.189)]),
    (8192, 8192, 8192, "bf16", [C128 + ("passed", "success", 1.661), C256 + ("passed", "success", 1.5302)]),
    (1024, 1024, 8192, "bf16", [P128 + ("passed", "success", 0.0519), C256 + ("passed", "success", 0.0561)]),
    (16, 4096, 4096, "bf16", [P64 + ("passed", "success", 0.0109), C128 + ("passed", "success", 0.0131)]),
    (2048, 2048, 2048, "f16", [C256 + ("passed", "success", 0.0301)]),
]

write("h100-cutlass-3.5.gemm.csv", BASE, cublas={0: 0.2011})
write("h100-cutlass-3.8.gemm.csv", CAND)
