#!/usr/bin/env python3
"""Tally the stock kernel's outcomes over several runs (rig/emulator-flaky.txt).

usage: evidence.py [--flaky] RESULTS_DIR...

Each RESULTS_DIR is a make test results directory (or a directory of boot
directories).  Only the stock boots count: "stock*" on powernv10 and
"stock9*" on powernv9.  For every selftest, perf test and perf bad-input
row, prints one line per machine with the outcomes seen and how often;
rows with more than one outcome are marked "*" (candidates for
rig/emulator-flaky.txt, which takes them with their evidence).  With
--flaky, prints just those rows in emulator-flaky.txt's format.
"""
import collections
import glob
import os
import sys

seen = collections.defaultdict(collections.Counter)
runs = collections.Counter()
flaky = sys.argv[1:2] == ["--flaky"]
for d in sys.argv[1 + flaky:]:
    for b in sorted(glob.glob(os.path.join(d, "stock*"))):
        if not os.path.exists(os.path.join(b, "verdicts.tsv")):
            continue
        m = "powernv9" if os.path.basename(b).startswith("stock9") else "powernv10"
        runs[m] += 1
        for ln in open(os.path.join(b, "verdicts.tsv")):
            f = ln.rstrip("\n").split("\t")
            if len(f) >= 5:
                seen[(m, f[0])][f[4]] += 1
        for name, kind in (("perf_test.tsv", "perf test: "), ("perf_bad.tsv", "perf bad input: ")):
            p = os.path.join(b, name)
            if os.path.exists(p):
                for ln in open(p):
                    f = ln.rstrip("\n").split("\t")
                    if len(f) == 2:
                        seen[(m, kind + f[0])][f[1]] += 1
if flaky:
    for (m, t), c in sorted(seen.items()):
        if len(c) > 1:
            print("%s\t%s\t%s\t%d stock boots: %s" % (
                m, t, " ".join(sorted(c)), runs[m],
                ", ".join("%s %d" % kv for kv in sorted(c.items()))))
    sys.exit(0)
for m, n in sorted(runs.items()):
    print("# %s: %d stock boots" % (m, n))
for (m, t), c in sorted(seen.items()):
    print("%s %s\t%s\t%s" % ("*" if len(c) > 1 else " ", m, t,
                             ", ".join("%s %d" % kv for kv in sorted(c.items()))))
