#!/usr/bin/env python3
"""Write rocprofv3 kernel_trace.csv fixtures from a real rocprofv3 JSON.

The dispatches are copied unchanged from ../tracelens/rocprof/908_results.json.gz
(TraceLens tests, MI350X); only the container changes, to the CSV layouts
rocprofv3 writes (reference/formats.md section 3.1):

  kernel_trace_v2.csv.gz   ROCm 6.4 / 7.x header, every Tensile GEMM dispatch
  kernel_trace_v1.csv      ROCm 6.2 / 6.3 header, two 50-dispatch GEMM kernels
  kernel_trace_rocpd.csv   `rocpd convert` layout (Guid column, Lds/Vgpr case),
                           one 50-dispatch GEMM kernel

Usage: derive_kernel_trace.py [908_results.json.gz]   (writes next to itself)
"""
import csv
import gzip
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    HERE, "..", "tracelens", "rocprof", "908_results.json.gz")

V2 = ["Kind", "Agent_Id", "Queue_Id", "Stream_Id", "Thread_Id", "Dispatch_Id",
      "Kernel_Id", "Kernel_Name", "Correlation_Id", "Start_Timestamp",
      "End_Timestamp", "LDS_Block_Size", "Scratch_Size", "VGPR_Count",
      "Accum_VGPR_Count", "SGPR_Count", "Workgroup_Size_X", "Workgroup_Size_Y",
      "Workgroup_Size_Z", "Grid_Size_X", "Grid_Size_Y", "Grid_Size_Z"]
V1 = ["Kind", "Agent_Id", "Queue_Id", "Thread_Id", "Dispatch_Id", "Kernel_Id",
      "Kernel_Name", "Correlation_Id", "Start_Timestamp", "End_Timestamp",
      "Private_Segment_Size", "Group_Segment_Size", "Workgroup_Size_X",
      "Workgroup_Size_Y", "Workgroup_Size_Z", "Grid_Size_X", "Grid_Size_Y",
      "Grid_Size_Z"]
RP = ["Guid", "Kind", "Agent_Id", "Queue_Id", "Stream_Id", "Thread_Id",
      "Dispatch_Id", "Kernel_Id", "Kernel_Name", "Correlation_Id",
      "Start_Timestamp", "End_Timestamp", "Lds_Block_Size", "Scratch_Size",
      "Vgpr_Count", "Accum_Vgpr_Count", "Sgpr_Count", "Workgroup_Size_X",
      "Workgroup_Size_Y", "Workgroup_Size_Z", "Grid_Size_X", "Grid_Size_Y",
      "Grid_Size_Z"]


def rows(tool):
    agents = {a["id"]["handle"]: i for i, a in enumerate(tool["agents"])}
    syms = {s["kernel_id"]: s for s in tool["kernel_symbols"]}
    for d in tool["buffer_records"]["kernel_dispatch"]:
        i = d["dispatch_info"]
        s = syms[i["kernel_id"]]
        name = s["formatted_kernel_name"]
        if not (name.startswith("Cijk_") and "_MT" in name):
            continue
        yield {
            "Guid": "00000000-0000-0000-0000-000000000908",
            "Kind": "KERNEL_DISPATCH", "agent": agents[i["agent_id"]["handle"]],
            "Queue_Id": i["queue_id"]["handle"],
            "Stream_Id": d.get("stream_id", {}).get("handle", 0),
            "Thread_Id": d["thread_id"], "Dispatch_Id": i["dispatch_id"],
            "Kernel_Id": i["kernel_id"], "Kernel_Name": name,
            "Correlation_Id": d["correlation_id"]["internal"],
            "Start_Timestamp": d["start_timestamp"],
            "End_Timestamp": d["end_timestamp"],
            "LDS": i["group_segment_size"], "Scratch": i["private_segment_size"],
            "VGPR": s["arch_vgpr_count"], "AGPR": s["accum_vgpr_count"],
            "SGPR": s["sgpr_count"],
            "Workgroup_Size_X": i["workgroup_size"]["x"],
            "Workgroup_Size_Y": i["workgroup_size"]["y"],
            "Workgroup_Size_Z": i["workgroup_size"]["z"],
            "Grid_Size_X": i["grid_size"]["x"], "Grid_Size_Y": i["grid_size"]["y"],
            "Grid_Size_Z": i["grid_size"]["z"],
        }


def value(r, col, agent_fmt):
    alias = {"LDS_Block_Size": "LDS", "Lds_Block_Size": "LDS",
             "Group_Segment_Size": "LDS", "Scratch_Size": "Scratch",
             "Private_Segment_Size": "Scratch", "VGPR_Count": "VGPR",
             "Vgpr_Count": "VGPR", "Accum_VGPR_Count": "AGPR",
             "Accum_Vgpr_Count": "AGPR", "SGPR_Count": "SGPR", "Sgpr_Count": "SGPR"}
    if col == "Agent_Id":
        return agent_fmt(r["agent"])
    return r[alias.get(col, col)]


def write(path, header, data, agent_fmt, opener=open):
    with opener(path, "wt", newline="") as f:
        # rocprofv3 quotes the header and the string values, not the numbers
        w = csv.writer(f, quoting=csv.QUOTE_NONNUMERIC, lineterminator="\n")
        w.writerow(header)
        for r in data:
            w.writerow([value(r, c, agent_fmt) for c in header])


def gz_text(path, mode, newline):
    """A text stream into PATH, gzip with a zero mtime (reproducible bytes)."""
    import io
    raw = gzip.GzipFile(path, mode.replace("t", "b"), mtime=0)
    return io.TextIOWrapper(raw, newline=newline)


def main():
    with gzip.open(SRC, "rt") as f:
        tool = json.load(f)["rocprofiler-sdk-tool"][0]
    gemm = list(rows(tool))
    small = sorted({r["Kernel_Name"] for r in gemm
                    if sum(1 for x in gemm if x["Kernel_Name"] == r["Kernel_Name"]) == 50})
    write(os.path.join(HERE, "kernel_trace_v2.csv.gz"), V2, gemm,
          lambda a: "Agent %d" % a,
          gz_text)
    write(os.path.join(HERE, "kernel_trace_v1.csv"), V1,
          [r for r in gemm if r["Kernel_Name"] in small[:2]], lambda a: a)
    write(os.path.join(HERE, "kernel_trace_rocpd.csv"), RP,
          [r for r in gemm if r["Kernel_Name"] == small[2]], lambda a: "GPU %d" % (a - 2))


if __name__ == "__main__":
    main()
