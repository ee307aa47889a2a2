#!/usr/bin/env python3
"""check.py REF.json GEMMSCOPE.json: do gemmscope's summary numbers equal the
pandas reference's?  Counts exactly, geomean and weighted within 1e-9
relative, time saved/lost within 1e-9 relative.  Prints one word (agree, or
the first disagreement) and exits 0/1."""
import json
import sys

ref = json.load(open(sys.argv[1]))
got = json.load(open(sys.argv[2]))["summary"]
exact = ["matched", "only_in_baseline", "only_in_candidate", "improved", "regressed",
         "neutral", "unsure"]
close = ["geomean_speedup", "weighted_speedup", "time_saved_us", "time_lost_us"]
for k in exact:
    if ref[k] != got[k]:
        print("%s: pandas %s, gemmscope %s" % (k, ref[k], got[k]))
        sys.exit(1)
for k in close:
    if abs(ref[k] - got[k]) > 1e-9 * max(abs(ref[k]), 1e-300):
        print("%s: pandas %r, gemmscope %r" % (k, ref[k], got[k]))
        sys.exit(1)
print("agree")
