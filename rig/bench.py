#!/usr/bin/env python3
"""Read the two make bench boots and write bench.txt (key: value) + a table.

usage: bench.py BENCH_RESULTS_DIR OUT
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
kv = []


def grab(text, pre, pairs):
    """(key, pattern) pairs: the first match's group 1 of each, keys prefixed."""
    for key, pat in pairs:
        m = re.search(pat, text)
        if m:
            kv.append((pre + key, m.group(1).strip()))


def schedule(text, pre):
    """The dts_bench_schedule_path figures of one boot, keys prefixed."""
    for m in re.finditer(r"bench_schedule_(\d+): hand-coded (\d+) ns, dt (\d+) ns per schedule, "
                         r"ratio ([0-9.]+)", text):
        n = m.group(1)
        kv.extend([(pre + "schedule_%s_handcoded_ns" % n, m.group(2)),
                   (pre + "schedule_%s_dt_ns" % n, m.group(3)),
                   (pre + "schedule_%s_ratio" % n, m.group(4))])
    for m in re.finditer(r"bench_schedule_(\d+)_(event_cache|uncached): dt (\d+) ns per "
                         r"schedule, ratio ([0-9.]+)", text):
        kv.extend([(pre + "schedule_%s_%s_dt_ns" % (m.group(1), m.group(2)), m.group(3)),
                   (pre + "schedule_%s_%s_ratio" % (m.group(1), m.group(2)), m.group(4))])
    grab(text, pre, (("schedule_loops", r"bench_schedule_loops: (.*)"),
                     ("get_constraint_handcoded_ns", r"bench_get_constraint: hand-coded (\d+)"),
                     ("get_constraint_dt_uncached_ns", r"bench_get_constraint: .* dt (\d+)"),
                     ("compute_mmcr_6_handcoded_ns", r"bench_compute_mmcr_6: hand-coded (\d+)"),
                     ("compute_mmcr_6_dt_uncached_ns", r"bench_compute_mmcr_6: .* dt (\d+)")))


schedule(dt, "")
grab(dt, "", (("parse_us", r"bench_parse_power10_us: ([0-9.]+)"),
              ("tables_bytes", r"bench_tables_power10_bytes: (\d+)"),
              ("builtin_power10_rodata_bytes", r"bench_builtin_power10_bytes: (\d+)"),
              ("parse_power9_us", r"bench_parse_power9_us: ([0-9.]+)"),
              ("tables_power9_bytes", r"bench_tables_power9_bytes: (\d+)"),
              ("builtin_power9_rodata_bytes", r"bench_builtin_power9_bytes: (\d+)"),
              ("boot_parse_ns", r"bench_boot: parse (\d+) ns"),
              ("boot_init_to_registration_ns", r"bench_boot: parse \d+ ns of (\d+) ns"),
              ("boot_parse_share_percent", r"share ([0-9.]+)%")))
schedule(dt9, "p9_")


def switches(text):
    v = [int(m.group(1)) for m in re.finditer(r"RIG: BENCH-CS \d+ (\d+)", text)]
    return v


cs = {"dt": switches(dt), "stock": switches(stock)}
for b in ("stock", "dt"):
    if cs[b]:
        kv.append(("context_switch_%s_per_s_median" % b, str(int(statistics.median(cs[b])))))
        kv.append(("context_switch_%s_samples" % b, str(len(cs[b]))))
if cs["dt"] and cs["stock"]:
    kv.append(("context_switch_ratio_dt_over_stock",
               "%.3f" % (statistics.median(cs["dt"]) / statistics.median(cs["stock"]))))
kv.append(("note", "ratios of times: below 1.00 the DT backend is faster; context_switch "
           "ratio is of switches per second: above 1.00 the DT boot switches faster"))

with open(out, "w") as f:
    for k, v in kv:
        f.write("%s: %s\n" % (k, v))
d = dict(kv)
for pre, model in (("", "POWER10"), ("p9_", "POWER9")):
    print("%-34s %12s %12s %8s" % ("%s schedule path (ns/schedule)" % model, "hand-coded",
                                  "dt", "ratio"))
    for n in ("1", "4", "6"):
        if pre + "schedule_%s_ratio" % n in d:
            print("%-34s %12s %12s %8s" % ("group of %s, as the kernel runs" % n,
                  d[pre + "schedule_%s_handcoded_ns" % n], d[pre + "schedule_%s_dt_ns" % n],
                  d[pre + "schedule_%s_ratio" % n]))
            for kind, label in (("event_cache", "no group memo"), ("uncached", "no caches")):
                k = pre + "schedule_%s_%s" % (n, kind)
                if k + "_ratio" in d:
                    print("%-34s %12s %12s %8s" % ("group of %s, %s" % (n, label), "",
                          d[k + "_dt_ns"], d[k + "_ratio"]))
for k in ("parse_us", "boot_parse_share_percent", "tables_bytes", "builtin_power10_rodata_bytes",
          "parse_power9_us", "tables_power9_bytes", "builtin_power9_rodata_bytes",
          "context_switch_stock_per_s_median", "context_switch_dt_per_s_median",
          "context_switch_ratio_dt_over_stock"):
    if k in d:
        print("%-34s %s" % (k, d[k]))
print("bench: %s" % out)
