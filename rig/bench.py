#!/usr/bin/env python3
"""Read the make bench boots and write bench.txt (key: value) + a table.

usage: bench.py BENCH_RESULTS_DIR OUT

Keys: "schedule N ratio", "get_constraint ratio", "compute_mmcr 6 ratio"
in host time and the same with " insn ratio" in guest instructions
(DT / hand-coded, same CPU, same boot; POWER9's prefixed "p9 ", those of
the kernel built as the rig builds it "rig " and "p9 rig "), the
times behind them, parse cost and bytes kept, init_ppc64_pmu()'s time at
boot on the DT and the stock boot (initcall_debug), context_switch rates.
"""
import os
import re
import statistics
import sys

res, out = sys.argv[1:3]


def console(b):
    p = os.path.join(res, b, "console.log")
    return open(p, errors="replace").read() if os.path.exists(p) else ""


dt, stock, dt9 = console("dt"), console("stock"), console("dt9")
dtr, dt9r = console("dtr"), console("dt9r")
kv = []


def grab(text, pre, pairs):
    """(key, pattern) pairs: the first match's group 1 of each, keys prefixed."""
    for key, pat in pairs:
        m = re.search(pat, text)
        if m:
            kv.append((pre + key, m.group(1).strip()))


def name(what):
    what = what.replace("_", " ").replace("get constraint", "get_constraint")
    return what.replace("compute mmcr", "compute_mmcr")


def schedule(text, pre):
    """The dts_bench_schedule_path figures of one boot, keys prefixed:
    host time (ns per call) and guest instructions per call (PMC5)."""
    # (line suffix, number, unit, ratio key): whole ns, instructions with decimals
    for sfx, num, unit, rkey in (("", r"\d+", "ns", "ratio"),
                                 ("_insn", r"[0-9.]+", "insns", "insn ratio")):
        for m in re.finditer(r"bench_(schedule_\d+|get_constraint|compute_mmcr_6)%s: hand-coded "
                             r"(%s) %s, dt (%s) %s, ratio ([0-9.]+)" % (sfx, num, unit, num, unit),
                             text):
            what = name(m.group(1))
            kv.extend([(pre + "%s handcoded %s" % (what, unit), m.group(2)),
                       (pre + "%s dt %s" % (what, unit), m.group(3)),
                       (pre + "%s %s" % (what, rkey), m.group(4))])
    grab(text, pre, (("schedule loops", r"bench_schedule_loops: (.*)"),))


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


schedule(dt, "")
grab(dt, "", (("parse_power10_us", r"bench_parse_power10_us: ([0-9.]+)"),
              ("tables_power10_bytes", r"bench_tables_power10_bytes: (\d+)"),
              ("builtin_power10_rodata_bytes", r"bench_builtin_power10_bytes: (\d+)"),
              ("parse_power10_shape_us", r"bench_parse_power10_shape_us: ([0-9.]+)"),
              ("parse_power10_compile_us", r"bench_parse_power10_compile_us: ([0-9.]+)"),
              ("parse_power10_nodes", r"bench_parse_power10_nodes: (.*)"),
              ("parse_power9_us", r"bench_parse_power9_us: ([0-9.]+)"),
              ("parse_power9_shape_us", r"bench_parse_power9_shape_us: ([0-9.]+)"),
              ("parse_power9_compile_us", r"bench_parse_power9_compile_us: ([0-9.]+)"),
              ("tables_power9_bytes", r"bench_tables_power9_bytes: (\d+)"),
              ("builtin_power9_rodata_bytes", r"bench_builtin_power9_bytes: (\d+)")))
obj = os.path.join(res, "..", "..", "obj")
for b, text, kernel in (("dt", dt, "bench"), ("stock", stock, "stock")):
    us = initcall_us(text, os.path.join(obj, kernel, "System.map"))
    if us:
        kv.append(("boot_init_ppc64_pmu_%s_us" % b, us))
schedule(dt9, "p9 ")
schedule(dtr, "rig ")
schedule(dt9r, "p9 rig ")


def switches(text):
    return [int(m.group(1)) for m in re.finditer(r"RIG: BENCH-CS \d+ (\d+)", text)]


cs = {"dt": switches(dt), "stock": switches(stock)}
for b in ("stock", "dt"):
    if cs[b]:
        kv.append(("context_switch_%s_per_s_median" % b, str(int(statistics.median(cs[b])))))
        kv.append(("context_switch_%s_samples" % b, str(len(cs[b]))))
if cs["dt"] and cs["stock"]:
    kv.append(("context_switch_ratio_dt_over_stock",
               "%.3f" % (statistics.median(cs["dt"]) / statistics.median(cs["stock"]))))
kv.append(("note", "ratios of times and of guest instructions (QEMU TCG, counted by the "
           "guest's PMC5): below 1.00 the DT backend is faster; context_switch "
           "ratio is of switches per second: above 1.00 the DT boot switches faster"))

with open(out, "w") as f:
    for k, v in kv:
        f.write("%s: %s\n" % (k, v))
d = dict(kv)
for pre, model in (("", "POWER10"), ("p9 ", "POWER9"), ("rig ", "POWER10 rig build"),
                   ("p9 rig ", "POWER9 rig build")):
    print("%-26s %10s %10s %7s %12s %12s %7s" % (model, "hc ns", "dt ns", "ratio",
                                                 "hc insns", "dt insns", "ratio"))
    for what in ("schedule 1", "schedule 4", "schedule 6", "get_constraint", "compute_mmcr 6"):
        k = pre + what
        if k + " ratio" in d:
            print("%-26s %10s %10s %7s %12s %12s %7s" % (
                what, d[k + " handcoded ns"], d[k + " dt ns"], d[k + " ratio"],
                d.get(k + " handcoded insns", "-"), d.get(k + " dt insns", "-"),
                d.get(k + " insn ratio", "-")))
for k in ("parse_power10_us", "parse_power10_shape_us", "parse_power10_compile_us",
          "parse_power10_nodes", "parse_power9_us", "tables_power10_bytes", "tables_power9_bytes",
          "builtin_power10_rodata_bytes", "builtin_power9_rodata_bytes",
          "boot_init_ppc64_pmu_dt_us", "boot_init_ppc64_pmu_stock_us",
          "context_switch_stock_per_s_median", "context_switch_dt_per_s_median",
          "context_switch_ratio_dt_over_stock"):
    if k in d:
        print("%-34s %s" % (k, d[k]))
print("bench: %s" % out)
