#!/usr/bin/env python3
"""Write a large PyTorch profiler trace to stdout by repeating a real one.

The events of TRACE (a Kineto .json or .json.gz) are written COPIES times
in one traceEvents array, in Kineto's order: the host events of every copy
(cpu_op, python_function, ... up to the first runtime call or GPU event
of the original), then the runtime calls, flows and GPU events of every
copy, then the metadata once.  Copy i is shifted so that it is a later,
non-overlapping stretch of the same run: timestamps move by i * span, and
every id that links events (args "External id", "correlation", "Record
function id", "Ev Idx", flow "id") moves by i * stride, so the big trace
links exactly like COPIES traces side by side (gemmscope must report
COPIES times the calls of the original).  The GPU events the original
recorded before its CPU window (no runtime call has their correlation id)
are written once, with the first copy, as a longer profile would have them.
Nothing is kept in memory but the original trace.

Usage: make_big_trace.py TRACE COPIES > big.json
"""
import gzip
import json
import sys

ID_ARGS = ("External id", "correlation", "Record function id", "Ev Idx")


def load(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        return json.load(f)


def extent(events):
    lo, hi, top = None, None, 0
    for e in events:
        ts = e.get("ts")
        if isinstance(ts, (int, float)):
            end = ts + e.get("dur", 0)
            lo = ts if lo is None or ts < lo else lo
            hi = end if hi is None or end > hi else hi
        args = e.get("args", {})
        for k in ID_ARGS:
            if isinstance(args.get(k), int):
                top = max(top, args[k])
        if isinstance(e.get("id"), int):
            top = max(top, e["id"])
    return lo, hi, top


def shifted(e, dt, did):
    e = dict(e)
    if isinstance(e.get("ts"), (int, float)):
        e["ts"] = round(e["ts"] + dt, 3)
    if isinstance(e.get("id"), int):
        e["id"] += did
    if "args" in e:
        args = dict(e["args"])
        for k in ID_ARGS:
            if isinstance(args.get(k), int):
                args[k] += did
        e["args"] = args
    return e


GPU_CATS = ("kernel", "gpu_memcpy", "gpu_memset")


def launched(events):
    """Correlation ids of the runtime calls in EVENTS."""
    return {e["args"]["correlation"] for e in events
            if e.get("cat") in ("cuda_runtime", "cuda_driver")
            and "correlation" in e.get("args", {})}


def repeatable(e, calls):
    """False for GPU events (and their flows) with no launching call."""
    if e.get("cat") in GPU_CATS:
        return e.get("args", {}).get("correlation") in calls
    if e.get("cat") == "ac2g" and e.get("ph") == "f":
        return e.get("id") in calls
    return True


def main():
    trace = load(sys.argv[1])
    copies = int(sys.argv[2])
    events = trace["traceEvents"]
    calls = launched(events)
    lo, hi, top = extent(events)
    span = (hi - lo) + 1000.0
    stride = 10 ** len(str(top))
    first_dev = next(i for i, e in enumerate(events)
                     if e.get("cat") in GPU_CATS + ("cuda_runtime", "cuda_driver", "ac2g"))
    host = [e for e in events[:first_dev] if e.get("ph") != "M"]
    dev = [e for e in events[first_dev:] if e.get("ph") != "M"]
    meta = [e for e in events if e.get("ph") == "M"]
    out = sys.stdout
    out.write("{")
    for k, v in trace.items():
        if k != "traceEvents":
            out.write(json.dumps(k) + ": " + json.dumps(v) + ", ")
    out.write('"traceEvents": [\n')
    sep = ""
    for part in (host, dev):
        for i in range(copies):
            for e in part:
                if i and not repeatable(e, calls):
                    continue    # pre-window GPU events once
                out.write(sep + json.dumps(shifted(e, i * span, i * stride)))
                sep = ",\n"
    for e in meta:
        out.write(sep + json.dumps(e))
    out.write("\n]}\n")


if __name__ == "__main__":
    main()
