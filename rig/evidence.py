#!/usr/bin/env python3
"""The evidence behind rig/emulator-flaky.txt: the stock kernel's outcomes.

usage: evidence.py [--flaky SELFTEST_SRC] BOOT_DIR_PARENT...

Each argument is a directory holding boot directories (a make test results
directory, or build/evidence/run-N).  Only stock boots count: "stock" on
powernv10, "stock9" on powernv9.

Without --flaky: one line per machine and row (selftest, "perf test: ...",
"perf bad input: ...") with the outcomes seen and how often; "*" marks rows
with more than one.

With --flaky: the lines of rig/emulator-flaky.txt, for every row with more
than one outcome on stock and for every upstream test under pmu/ebb/ and
the two count tests (count_instructions, count_stcx_fail) that did not
pass on every stock boot.  A line's set is made of outcome tokens (rig/
compare.py splits "fail@L58,L68" into fail@L58 and fail@L68):
  - every token the stock kernel gave on that machine; for the ebb and
    count tests, on either machine (their outcome is decided by QEMU's
    TCG PMU emulation, one code for powernv9 and powernv10);
  - for perf test 63 (software events only), the tokens stock gave on
    either machine;
  - for an ebb or count test that stock failed after its setup at least
    once (at a FAIL_IF line that is not setup, by a signal, or by a spin
    to the timeout): every FAIL_IF line of the test's source
    (SELFTEST_SRC/<test>.c) except those that set the test up (open or
    enable an event, set up a handler, fork, pipes, CPU binding), and for
    an ebb test also timeout and fail@sig4 (where an EBB lands decides
    between a failed check, a spin and QEMU's SIGILL on the test's
    user-mode mtspr MMCR0).  A patched kernel failing at setup where
    stock never did, passing where stock never passed, dying by another
    signal, or hanging, stays a difference.
"""
import collections
import glob
import os
import re
import sys

SETUP = re.compile(r"event_open|event_enable|setup_ebb_handler|pipe\(|fork\(|bind_to_cpu|"
                   r"require_paranoia|SKIP_IF")

args = sys.argv[1:]
src = None
if args[:1] == ["--flaky"]:
    src, args = args[1], args[2:]

seen = collections.defaultdict(collections.Counter)
runs = collections.Counter()
for d in args:
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


def tokens(o):
    if o.startswith("fail@L"):
        return ["fail@L" + x.lstrip("L") for x in o[len("fail@L"):].split(",")]
    return [o]


def measured_lines(test):
    """FAIL_IF lines of the test's source other than its setup."""
    path = os.path.join(src, test + ".c")
    if not os.path.exists(path):
        return [], []
    keep, setup = [], []
    for n, ln in enumerate(open(path, errors="replace"), 1):
        if re.search(r"\bFAIL_IF(_EXIT)?(_MSG)?\(", ln):
            (setup if SETUP.search(ln) else keep).append(n)
    return keep, setup


if src is None:
    for m, n in sorted(runs.items()):
        print("# %s: %d stock boots" % (m, n))
    for (m, t), c in sorted(seen.items()):
        print("%s %s\t%s\t%s" % ("*" if len(c) > 1 else " ", m, t,
                                 ", ".join("%s %d" % kv for kv in sorted(c.items()))))
    sys.exit(0)

FAMILY = ("pmu/count_instructions", "pmu/count_stcx_fail")
# rows whose outcome TCG's timing decides on both machines alike, not the
# PMU model: software events only
ANY_MACHINE = ("perf test: 63 Number of exit events of a simple workload",)
# For the tests whose outcome QEMU's timing decides (EBB delivery and the
# instruction counts, both from the same TCG PMU code on powernv9 and
# powernv10), what stock gave on either machine counts for both.
both = collections.defaultdict(collections.Counter)
for (m, t), c in seen.items():
    both[t].update(c)
for (m, t), c in sorted(seen.items()):
    family = (t.startswith("pmu/ebb/") or t in FAMILY) and set(both[t]) != {"pass"}
    anym = family or t in ANY_MACHINE
    if len(c) < 2 and not (family or (t in ANY_MACHINE and len(both[t]) > 1)):
        continue
    toks = set(x for o in (both[t] if anym else c) for x in tokens(o))
    why = "%d stock boots: %s" % (runs[m], ", ".join("%s %d" % kv for kv in sorted(c.items())))
    if anym:
        other = [o for o in both[t] if o not in c]
        if other:
            why += "; on the other machine also %s" % " ".join(sorted(other))
    # failed after its setup on some stock boot: at a FAIL_IF line that is
    # not setup, or killed by a signal (SIGILL at a user-mode PMU access)
    keep, setup = measured_lines(t) if family else ([], [])
    after = [x for x in toks if x.startswith("fail@sig") or x == "timeout" or
             (x.startswith("fail@L") and int(x[6:]) in keep)]
    if after:
        toks |= set("fail@L%d" % n for n in keep)
        why += "; FAIL_IF lines after setup: %s (setup, strict: %s)" % (
            " ".join(map(str, keep)) or "-", " ".join(map(str, setup)) or "-")
        if t.startswith("pmu/ebb/"):
            # where an EBB arrives decides between a failed check, a spin
            # and QEMU's SIGILL on the user-mode mtspr MMCR0
            toks |= {"timeout", "fail@sig4"}
            why += "; EBB delivery: timeout, fail@sig4"
    print("%s\t%s\t%s\t%s" % (m, t, " ".join(sorted(toks)), why))
