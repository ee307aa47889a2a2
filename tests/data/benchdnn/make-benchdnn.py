#!/usr/bin/env python3
"""make-benchdnn.py: write the oneDNN benchdnn logs of this folder.

Reconstructed, not measured: the lines are what `benchdnn --matmul
--mode=P --batch=FILE` prints (oneDNN tests/benchdnn/doc/
knobs_perf_report.md: the "Output template:" line, one perf line per
problem, the tests/total summaries; the default template
perf,%engine%,%impl%,%name%,%prb%,%Gops%,%-time%,%-Gflops%,%0time%,%0Gflops%;
the problem as driver_matmul.md writes it, options then the descriptor
d0x..xMxK:d0x..xKxN with an optional nNAME), the times (ms) what a
56-core Xeon with AMX plausibly gives.  Run from this folder.
"""

TEMPLATE = "perf,%engine%,%impl%,%name%,%prb%,%Gops%,%-time%,%-Gflops%,%0time%,%0Gflops%"

# impl, name, options, descriptor, batch*M*N*K, (min, avg) base, (min, avg) cand
PROBLEMS = [
    ("brg_matmul:avx512_core_amx", "", "--dt=bf16:bf16:f32 --stag=ab --wtag=any --dtag=ab",
     "1x4096:4096x4096", 1 * 4096 * 4096, (0.0713, 0.0786), (0.0702, 0.0741)),
    ("brg_matmul:avx512_core_amx", "llama2:ffn_up",
     "--dt=bf16:bf16:bf16 --stag=ab --wtag=ab --dtag=ab", '128x4096:4096x11008n"llama2:ffn_up"',
     128 * 11008 * 4096, (0.3021, 0.3120), (0.3297, 0.3412)),
    ("brg_matmul:avx512_core", "bert:qk", "--stag=abc --wtag=acb --dtag=abc",
     '12x384x64:12x64x384n"bert:qk"', 12 * 384 * 384 * 64, (0.0488, 0.0517), (0.0490, 0.0522)),
    ("brg_matmul:avx512_core_amx_fp16", "", "--dt=f16:f16:f16 --stag=ab --wtag=ba --dtag=ab",
     "1024x1024:1024x1024", 1024 ** 3, (0.0611, 0.0634), (0.0570, 0.0588)),
]
IP = ("brgemm:avx512_core_amx", "resnet:ip1", "--ip --dt=bf16:bf16:bf16",
      'mb112ic2048oc1000n"resnet:ip1"', 112 * 2048 * 1000, (0.0311, 0.0342), (0.0309, 0.0338))


def perf(impl, name, opts, desc, mnk, t):
    gops = 2 * mnk / 1e9
    drv = "" if opts.startswith("--ip") else "--matmul "
    qname = '"%s"' % name if name else ""
    return "perf,cpu,%s,%s,--mode=P %s%s %s,%.6g,%.6g,%.6g,%.6g,%.6g" % (
        impl, qname, drv, opts, desc, gops, t[0], gops / t[0] * 1e3, t[1], gops / t[1] * 1e3)


def write(path, which, ip):
    lines = ["Output template: " + TEMPLATE]
    probs = PROBLEMS + ([IP] if ip else [])
    for p in probs:
        lines.append(perf(*p[:5], p[5 + which]))
    n = len(probs)
    mins = sum(p[5 + which][0] for p in probs)
    avgs = sum(p[5 + which][1] for p in probs)
    lines.append("tests:%d passed:%d skipped:0 mistrusted:0 unimplemented:0 "
                 "invalid_arguments:0 failed:0 listed:0" % (n, n))
    lines.append("total perf: min(ms):%.6g avg(ms):%.6g" % (mins, avgs))
    lines.append("total: 4.12s; fill: 0.35s (8%); compute_ref: 0.00s (0%); compare: 0.00s (0%);")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


write("spr-onednn-3.5.txt", 0, True)
write("spr-onednn-3.6.txt", 1, False)
