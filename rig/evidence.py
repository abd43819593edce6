#!/usr/bin/env python3
"""The evidence behind rig/emulator-flaky.txt: the stock kernel's outcomes.

usage: evidence.py [--tsv | --flaky] LABEL=BOOT_DIR_PARENT...

Each argument names a directory holding boot directories (a make test
results directory, or build/evidence/run-N) and the label its boots go by
in the evidence ("mt1", "ev2", ...).  Only stock boots count: "stock" on
powernv10, "stock9" on powernv9, and the boots rig/long-tests.txt names
(the stock kernel with those tests alone: their rows, not boots of the
count), all on the rig's QEMU (rig/qemu.sh).

Without an option: one line per machine and row (selftest, "perf test:
...", "perf bad input: ...") with the outcomes seen and how often; "*"
marks rows with more than one.

--tsv: rig/emulator-evidence.tsv: machine, row, outcome, count, the boots
that gave it; every row and outcome of every stock boot.

--flaky: the lines of rig/emulator-flaky.txt: every row whose outcome was
not the same on every stock boot of that machine, with the set of outcome
tokens those boots gave (rig/compare.py splits "fail@L58,L68" into
fail@L58 and fail@L68) and the boots each came from.  Nothing else: no
token is made up from a test's source, taken from the other machine or
added by hand (compare.py fails a run whose emulator-flaky.txt has a token
emulator-evidence.tsv does not show).  Tests in rig/stock-fixed.txt (a
stock bug the series fixes) are left out: the patched boots must pass
them.  A row that always gave the same outcome, pass or not, is compared
strictly.
"""
import collections
import glob
import os
import sys

args = sys.argv[1:]
mode = None
if args[:1] in (["--tsv"], ["--flaky"]):
    mode, args = args[0], args[1:]

# rig/long-tests.txt: test, machine, stock boot ("-": not run), why
LONG_BOOTS = sorted(set((f[2], f[1]) for f in (
    ln.rstrip("\n").split("\t") for ln in open(os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "long-tests.txt")))
    if len(f) >= 3 and not f[0].startswith("#") and f[2] != "-"))

seen = collections.defaultdict(lambda: collections.defaultdict(list))
runs = collections.defaultdict(list)
for arg in args:
    label, d = arg.split("=", 1) if "=" in arg else (os.path.basename(arg), arg)
    # the stock boots, and the boots of rig/long-tests.txt (the stock kernel
    # with those tests alone): their rows count, but they are not among the
    # machine's full stock boots
    boots = [(b, "powernv9" if os.path.basename(b).startswith("stock9") else "powernv10", True)
             for b in sorted(glob.glob(os.path.join(d, "stock*")))]
    boots += [(os.path.join(d, name), m, False) for name, m in LONG_BOOTS]
    for b, m, full in boots:
        if not os.path.exists(os.path.join(b, "verdicts.tsv")):
            continue
        if full:
            runs[m].append(label)
        for ln in open(os.path.join(b, "verdicts.tsv")):
            f = ln.rstrip("\n").split("\t")
            if len(f) >= 5:
                seen[(m, f[0])][f[4]].append(label)
        for name, kind in (("perf_test.tsv", "perf test: "), ("perf_bad.tsv", "perf bad input: ")):
            p = os.path.join(b, name)
            if os.path.exists(p):
                for ln in open(p):
                    f = ln.rstrip("\n").split("\t")
                    # a boot that ran a perf test many times (evidence.sh
                    # --perf-test) counts once for each outcome it gave
                    if len(f) == 2 and label not in seen[(m, kind + f[0])][f[1]]:
                        seen[(m, kind + f[0])][f[1]].append(label)


def tokens(o):
    if o.startswith("fail@L"):
        return ["fail@L" + x.lstrip("L") for x in o[len("fail@L"):].split(",")]
    return [o]


if mode is None:
    for m, r in sorted(runs.items()):
        print("# %s: %d stock boots: %s" % (m, len(r), " ".join(r)))
    for (m, t), c in sorted(seen.items()):
        print("%s %s\t%s\t%s" % ("*" if len(c) > 1 else " ", m, t,
                                 ", ".join("%s %d" % (o, len(b)) for o, b in sorted(c.items()))))
elif mode == "--tsv":
    for m, r in sorted(runs.items()):
        print("# %s: %d stock boots: %s" % (m, len(r), " ".join(r)))
    for (m, t), c in sorted(seen.items()):
        for o, b in sorted(c.items()):
            print("%s\t%s\t%s\t%d\t%s" % (m, t, o, len(b), " ".join(b)))
else:
    # a stock bug the series fixes is not the emulator's: compare.py holds
    # the patched boots to a pass there (rig/stock-fixed.txt)
    fixed = set(ln.split("\t")[0] for ln in open(os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "stock-fixed.txt"))
        if ln.strip() and not ln.startswith("#"))
    for (m, t), c in sorted(seen.items()):
        if len(c) < 2 or t in fixed:
            continue
        toks = set(x for o in c for x in tokens(o))
        # the boots that ran this row (a perf-test evidence boot runs no
        # selftest)
        nboots = len(set(x for b in c.values() for x in b))
        why = "%d stock boots: %s" % (nboots, ", ".join(
            "%s %d (%s)" % (o, len(b), " ".join(b)) for o, b in sorted(c.items())))
        print("%s\t%s\t%s\t%s" % (m, t, " ".join(sorted(toks)), why))
