#!/usr/bin/env python3
"""make_traces.py: writes a100_pg509_fp32.json.gz and v100_sxm2_fp16.json.gz,
two PyTorch profiler traces reconstructed for gemmscope's tests (issue 12).

No public trace of these GPUs is small enough to ship, so each file is
reconstructed in the layout of the real TraceLens H100 trace beside it
(../tracelens/h100/): the same top-level keys, the deviceProperties the
CUDA runtime reports for the board (numbers below), one aten::mm/addmm
cpu_op per call with record_shapes' Input Dims/Input type, its
cudaLaunchKernel and the kernel, linked by External id and correlation.
Kernel names are the names these libraries give their kernels on these
GPUs (CUTLASS 2.x sm80 TF32 tensor-op and cuBLAS Ampere SIMT on A100;
cuBLAS Volta h884 tensor-op on V100).  Durations are chosen to be
plausible (well under each GPU's roof) and are not measurements.

deviceProperties:
  A100-PG509-200 (the 40 GB SXM4 board): totalGlobalMem 42505273344
    (40536 MiB, as deviceQuery prints for A100 40 GB boards), 108 SMs,
    compute capability 8.0, 163 KiB opt-in shared memory per block.
  Tesla V100-SXM2-16GB: totalGlobalMem 16945512448 (16160 MiB), 80 SMs,
    compute capability 7.0, 96 KiB opt-in shared memory per block.

Run it from this folder; the output is byte-identical on every run (gzip
mtime 0, sorted keys)."""
import gzip
import json

PID, TID, STREAM = 4242, 4242, 7


def trace(props, runtime, driver, ops):
    ev, ts, ext, corr = [], 1000000.0, 100, 5000
    for op in ops:
        for dur in op["durs"]:
            ext += 1
            corr += 1
            ev.append({"ph": "X", "cat": "cpu_op", "name": op["op"], "pid": PID, "tid": TID,
                       "ts": ts, "dur": 20.0,
                       "args": {"External id": ext, "Record function id": 0,
                                "Input Dims": op["dims"], "Input type": op["types"],
                                "Input Strides": op["strides"],
                                "Concrete Inputs": [""] * len(op["dims"])}})
            ev.append({"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel",
                       "pid": PID, "tid": TID, "ts": ts + 10.0, "dur": 5.0,
                       "args": {"External id": ext, "cbid": 211, "correlation": corr}})
            ev.append({"ph": "X", "cat": "kernel", "name": op["kernel"], "pid": 0,
                       "tid": STREAM, "ts": ts + 30.0, "dur": dur,
                       "args": {"External id": ext, "queued": 0, "device": 0, "context": 1,
                                "stream": STREAM, "correlation": corr,
                                "registers per thread": op["regs"],
                                "shared memory": op["smem"], "grid": op["grid"],
                                "block": op["block"]}})
            ev.append({"ph": "s", "id": corr, "pid": PID, "tid": TID, "ts": ts + 10.0,
                       "cat": "ac2g", "name": "ac2g"})
            ev.append({"ph": "f", "id": corr, "pid": 0, "tid": STREAM, "ts": ts + 30.0,
                       "cat": "ac2g", "name": "ac2g", "bp": "e"})
            ts += dur + 100.0
    ev.append({"name": "process_labels", "ph": "M", "ts": 0, "pid": 0, "tid": 0,
               "args": {"labels": "GPU 0"}})
    return {"schemaVersion": 1, "deviceProperties": [props], "cuda_runtime_version": runtime,
            "cuda_driver_version": driver, "record_shapes": 1, "with_flops": 1,
            "displayTimeUnit": "ms", "traceEvents": ev}


def props(name, mem, sms, major, minor, optin, per_sm):
    return {"id": 0, "name": name, "totalGlobalMem": mem, "computeMajor": major,
            "computeMinor": minor, "maxThreadsPerBlock": 1024,
            "maxThreadsPerMultiprocessor": 2048, "regsPerBlock": 65536, "warpSize": 32,
            "sharedMemPerBlock": 49152, "numSms": sms, "regsPerMultiprocessor": 65536,
            "sharedMemPerBlockOptin": optin, "sharedMemPerMultiprocessor": per_sm}


def cutlass(name):
    return "void cutlass::Kernel<%s>(%s::Params)" % (name, name)


F32 = ["float", "float"]
A100_OPS = [
    # 2048x4096 @ 4096x4096 fp32 on TF32 tensor cores: 68.7 GFLOP
    {"op": "aten::mm", "dims": [[2048, 4096], [4096, 4096]], "types": F32,
     "strides": [[4096, 1], [1, 4096]],
     "kernel": cutlass("cutlass_80_tensorop_s1688gemm_128x128_16x3_tn_align4"),
     "grid": [32, 16, 1], "block": [128, 1, 1], "regs": 232, "smem": 73728,
     "durs": [702.4, 698.9, 700.3]},
    # bias + 8192x1024 @ 1024x4096 fp32, TF32 tensor cores
    {"op": "aten::addmm", "dims": [[4096], [8192, 1024], [1024, 4096]],
     "types": ["float"] + F32, "strides": [[1], [1024, 1], [1, 1024]],
     "kernel": cutlass("cutlass_80_tensorop_s1688gemm_256x128_16x3_tn_align4"),
     "grid": [32, 32, 1], "block": [256, 1, 1], "regs": 254, "smem": 110592,
     "durs": [655.0, 651.2]},
    # a skinny fp32 GEMM on CUDA cores (SIMT): 0.54 GFLOP
    {"op": "aten::mm", "dims": [[64, 4096], [4096, 1024]], "types": F32,
     "strides": [[4096, 1], [1024, 1]], "kernel": "ampere_sgemm_64x32_sliced1x4_nn",
     "grid": [32, 1, 4], "block": [128, 1, 1], "regs": 120, "smem": 16384,
     "durs": [61.2, 60.4, 60.9]},
]
H = ["c10::Half", "c10::Half"]
V100_OPS = [
    {"op": "aten::mm", "dims": [[2048, 1024], [1024, 4096]], "types": H,
     "strides": [[1024, 1], [4096, 1]], "kernel": "volta_h884gemm_128x128_ldg8_nn",
     "grid": [32, 16, 1], "block": [256, 1, 1], "regs": 234, "smem": 33024,
     "durs": [190.4, 188.7, 189.6]},
    {"op": "aten::mm", "dims": [[4096, 4096], [4096, 4096]], "types": H,
     "strides": [[4096, 1], [4096, 1]], "kernel": "volta_h884gemm_256x128_ldg8_nn",
     "grid": [32, 16, 1], "block": [256, 1, 1], "regs": 255, "smem": 49152,
     "durs": [1571.0, 1566.3]},
]


def write(path, doc):
    raw = json.dumps(doc, sort_keys=True, separators=(",", ":")).encode()
    with open(path, "wb") as f:
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=0) as g:
            g.write(raw)


write("a100_pg509_fp32.json.gz",
      trace(props("NVIDIA A100-PG509-200", 42505273344, 108, 8, 0, 166912, 167936),
            11080, 12020, A100_OPS))
write("v100_sxm2_fp16.json.gz",
      trace(props("Tesla V100-SXM2-16GB", 16945512448, 80, 7, 0, 98304, 98304),
            11080, 11040, V100_OPS))
