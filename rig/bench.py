#!/usr/bin/env python3
"""Read the make bench boots (rig/bench.sh) and write bench.txt (key: value)
and a table.

usage: bench.py BOOTS_DIR OUT OBJ_DIR

Per machine (p10, p9, p8): "schedule N stock|c|dt ns|insns" per call of
the schedule path of N events, the ratios "schedule N c/stock" (the
hand-coded backend with the series against without it) and "schedule N
dt/c" (the described model against the C one, same engine, same boot),
in host time and in guest instructions ("... insn ratio"); "decode 6
c|dt" and its dt/c ratio (the decode made when an event is created, 6
events); "read us" (isa207_dt_read() of the machine's description).
Then init_ppc64_pmu()'s time at boot on powernv10 (initcall_debug): the
stock kernel, the patched kernel's hand-coded backend, its described one.
"""
import os
import re
import sys

res, out, obj = sys.argv[1:4]
kv = []


def console(b):
    p = os.path.join(res, b, "console.log")
    return open(p, errors="replace").read() if os.path.exists(p) else ""


def ratio(a, b):
    return "%.2f" % (float(a) / float(b)) if float(b) else "-"


for m in ("10", "9", "8"):
    text, pre = console("bench" + m), "p%s " % m
    got = {}
    for what, n, who, ns, insns in re.findall(
            r"bench_(schedule|decode)_(\d+)_(stock|c|dt): (\d+) ns ([0-9.]+) insns", text):
        got[(what, n, who)] = (ns, insns)
        kv += [(pre + "%s %s %s ns" % (what, n, who), ns),
               (pre + "%s %s %s insns" % (what, n, who), insns)]
    for (what, n, who), (ns, insns) in sorted(got.items()):
        for base in ("stock", "c"):
            if who != base and (what, n, base) in got and (who, base) != ("stock", "c"):
                bns, bin_ = got[(what, n, base)]
                kv += [(pre + "%s %s %s/%s ratio" % (what, n, who, base), ratio(ns, bns)),
                       (pre + "%s %s %s/%s insn ratio" % (what, n, who, base), ratio(insns, bin_))]
    m_ = re.search(r"bench_read_us: ([0-9.]+)", text)
    if m_:
        kv.append((pre + "read us", m_.group(1)))
    m_ = re.search(r"bench_codes: (.*)", text)
    if m_:
        kv.append((pre + "codes", m_.group(1).strip()))


def initcall_us(text, sysmap):
    """init_ppc64_pmu()'s time at boot (initcall_debug), in microseconds.
    Without kallsyms the kernel prints the initcall's address: System.map."""
    names = ["init_ppc64_pmu"]
    if os.path.exists(sysmap):
        names += ["0x" + ln.split()[0] for ln in open(sysmap) if ln.rstrip().endswith(" init_ppc64_pmu")]
    for n in names:
        m = re.search(r"initcall %s(?:\+\S+)? returned -?\d+ after (\d+) usecs" % re.escape(n), text)
        if m:
            return m.group(1)
    return None


for b, kernel in (("stock", "stock"), ("c", "patched"), ("dt", "patched")):
    text = console("init-" + b)
    us = initcall_us(text, os.path.join(obj, kernel, "System.map"))
    kv.append(("boot init_ppc64_pmu %s us" % b, us or "-"))
    m = re.search(r"isa207-dt: (\S+) PMU from (\S+)", text)
    if b == "dt":
        kv.append(("boot dt backend", "%s from %s" % m.groups() if m else "- (not registered)"))
kv.append(("note", "ratios below 1.00: the first is faster; instructions are the guest's "
           "(PMC5, counted by QEMU), times the host's"))

with open(out, "w") as f:
    for k, v in kv:
        f.write("%s: %s\n" % (k, v))
d = dict(kv)
for m in ("10", "9", "8"):
    pre = "p%s " % m
    print("POWER%-3s %-12s %9s %9s %9s %8s %8s | %9s %9s %9s %8s %8s" % (
        m, "", "stock ns", "c ns", "dt ns", "c/stock", "dt/c",
        "stock in", "c in", "dt in", "c/stock", "dt/c"))
    for what, n in (("schedule", "1"), ("schedule", "4"), ("schedule", "6"), ("decode", "6")):
        k = pre + "%s %s " % (what, n)
        print("%-8s %-12s %9s %9s %9s %8s %8s | %9s %9s %9s %8s %8s" % (
            "", "%s %s" % (what, n),
            d.get(k + "stock ns", "-"), d.get(k + "c ns", "-"), d.get(k + "dt ns", "-"),
            d.get(k + "c/stock ratio", "-"), d.get(k + "dt/c ratio", "-"),
            d.get(k + "stock insns", "-"), d.get(k + "c insns", "-"), d.get(k + "dt insns", "-"),
            d.get(k + "c/stock insn ratio", "-"), d.get(k + "dt/c insn ratio", "-")))
    print("%-8s %-12s %s us" % ("", "read", d.get(pre + "read us", "-")))
for b in ("stock", "c", "dt"):
    print("init_ppc64_pmu at boot, %-5s %s us" % (b, d["boot init_ppc64_pmu %s us" % b]))
print("described backend at boot: %s" % d.get("boot dt backend"))
print("bench: %s" % out)
