#!/usr/bin/env python3
"""The rig's own tests (make check): planted outcomes through the host side.

usage: rigtest.py WORKDIR

Writes the consoles of a make test run that went right (every boot of both
machines, the firmware stages, the sanitizer boot), reads them with
boot.py --reparse and judges them with compare.py, with the rig's own rule
files (emulator-flaky.txt, emulator-retry.txt, kunit-expected.txt, ...).
Then plants one fault at a time and checks the verdict and the summary key
that must show it.  Prints one line per case and "rigtest: N passed, N
failed"; exits non-zero on any case whose verdict is not the expected one.
"""
import os
import shutil
import subprocess
import sys

RIG = os.path.dirname(os.path.abspath(__file__))
work = os.path.abspath(sys.argv[1])
P10 = ["stock", "legacy", "dt", "fw"]
P9 = ["stock9", "dt9"]


def rules(name):
    return [ln.rstrip("\n").split("\t") for ln in open(os.path.join(RIG, name))
            if ln.strip() and not ln.startswith("#")]


# tests: one the emulator decides among (emulator-flaky.txt, powernv10),
# one the guest runs again after a failure (emulator-retry.txt), one held
# strictly, one the series adds
FLAKY = [r for r in rules("emulator-flaky.txt")
         if r[0] == "powernv10" and r[1].startswith("pmu/") and len(r[2].split()) > 1][0]
RETRY = [r[0].split()[0] for r in rules("emulator-retry.txt")][0]
STRICT = "pmu/ebb/rigtest_strict_test"
NEW = "pmu/ebb/rigtest_new_test"
TESTS = [FLAKY[1], RETRY, STRICT, NEW]
KUNIT = {}
for b_, suite, n in (r[0].split() if len(r) == 1 else r for r in rules("kunit-expected.txt")):
    KUNIT.setdefault(b_, []).append((suite, int(n)))
DUMP = ["name: POWER10", "nr_pmc: 6", "  PMCxSEL config0:0-7 -> mmcr1", "  MARK config0:8-8"]


def kunit_lines(b):
    out = ["[    0.500000] KTAP version 1", "[    0.500001] 1..%d" % len(KUNIT.get(b, []))]
    for i, (suite, n) in enumerate(KUNIT.get(b, []), 1):
        out.append("[    0.600000]     # Subtest: %s" % suite)
        out.append("[    0.600001]     1..%d" % n)
        out += ["[    0.700000]     ok %d %s_case%d" % (j, suite, j) for j in range(1, n + 1)]
        out.append("[    0.800000] ok %d %s" % (i, suite))
    return out


def console(b):
    """The console of boot B when everything went right."""
    out = ["[    0.000000] Linux version 6.12.0 (rig@rig) #1 SMP"]
    machine = "POWER9" if b.endswith("9") else "POWER10"
    if b == "san":
        out += ["[    0.000000] KASAN init done",
                "[    3.000000] kmemleak: Kernel memory leak detector initialized (mem pool available: 1)"]
    out.append("[    0.300000] %s performance monitor hardware support registered" % machine)
    if b in ("dt", "dt9", "san", "fuzz", "fuzz9"):
        out.append("[    0.300001] powerpc_pmu=dt: %s PMU from the built-in %s description" % (
            machine, machine.lower()))
    out += kunit_lines(b)
    if b in ("fuzz", "fuzz9"):
        out.append("[    9.000000]     # dts_test_fuzz: fuzz: seed 0x1234abcd, 50000 mutants, "
                   "20000 accepted, 0 invariant violations, 9000 groups (8000 scheduled)")
    if b == "dt":
        out += ["[    1.000000]     # dts_test_four_cell_form: four-cell copies equal: 2 of 2",
                "[    1.000001]     # dts_test_forward_compat: forward compatibility: 3 cases, "
                "3 with equal tables"]
    out.append("[   10.000000] Run /init as init process")
    if b.startswith("fuzz"):
        return out + ["RIG: DONE"]
    if b != "san":
        for t in TESTS:
            out += ["RIG: BEGIN " + t, "RIG: RESULT %s pass 0 0.5" % t]
        out += ["RIG: SYSFS events/cycles event=0x600f4", "RIG: SYSFS format/event config:0-59"]
    if b not in ("stock", "stock9", "legacy"):
        out += ["RIG: DEBUGFS " + x for x in DUMP[:1] + [
            "source: %s" % ("firmware node /pmus/pmu_dts@0" if b == "fw" else "built-in")] +
            (DUMP[1:][::-1] if b == "fw" else DUMP[1:])]
    out += ["RIG: PERF-BEGIN", "RIG: PERF-LIST   cycles [Hardware event]",
            "RIG: PERF-STAT-EVENTS cycles", "RIG: PERF-STAT 100;;cycles;1;100.00;;",
            "RIG: PERF-STAT-RC 0"]
    out += ["RIG: PERF-TEST %d|Ok|test number %d" % (i, i) for i in range(1, 86)]
    out += ["RIG: PERF-BAD PMC5 with another code rc=0 <not supported>",
            "RIG: PERF-TEST-DONE", "RIG: PERF-END"]
    if b == "san":
        out += ["RIG: SAN-BEGIN"]
        out += ["RIG: SCHEMA %05d accepted accepted" % i for i in range(1000)]
        out += ["RIG: FAILSLAB %05d 100 49 51 0 0" % i for i in range(3)]
        out += ["RIG: KMEMLEAK 0", "RIG: SAN-END"]
    out.append("RIG: DONE")
    if b == "fw":
        final = out
        out = ["[    0.000000] Linux version 6.12.0 (rig@rig) #1 SMP",
               "RIG: FW-STAGE first", "RIG: FW-KEXEC auto", "RIG: FW-STAGE auto",
               "RIG: FW-PMU auto powerpc_pmu=auto: POWER10 PMU from the hand-coded backend",
               "RIG: FW-STAGE broken",
               "RIG: FW-PMU broken dts-pmu: firmware description rejected: "
               "/pmus/pmu_dts@0/sprs/pmcs/pmc1: register-width = 64, outside 32..32",
               "RIG: FW-PMU broken powerpc_pmu=dt: POWER10 PMU from the built-in power10 description"]
        out += ["RIG: FW-RESULT %s pass" % r[0] for r in rules("fw-broken-tests.txt")]
        out += ["RIG: FW-STAGE final"]
        final.insert(2, "[    0.300001] powerpc_pmu=dt: POWER10 PMU from the firmware node "
                     "/pmus/pmu_dts@0")
        out += final
    return out


def run(case, plant=None):
    """Write, read and judge one run; plant(consoles) plants the fault."""
    d = os.path.join(work, case)
    shutil.rmtree(d, ignore_errors=True)
    res = os.path.join(d, "results")
    cons = {b: console(b) for b in P10 + P9 + ["fuzz", "fuzz9", "san"]}
    if plant:
        plant(cons)
    for b, lines in cons.items():
        os.makedirs(os.path.join(res, b))
        open(os.path.join(res, b, "console.log"), "w").write("\n".join(lines) + "\n")
        open(os.path.join(res, b, "boot.txt"), "w").write(
            "seconds: 10\nkilled: no\ncmdline: rigtest\nqemu_version: 10.0.2\n")
        subprocess.run([sys.executable, os.path.join(RIG, "boot.py"), "--reparse", b, "-", "-",
                        os.path.join(res, b)], stdout=subprocess.DEVNULL)
    os.makedirs(os.path.join(d, "schema"))
    with open(os.path.join(d, "schema", "list.tsv"), "w") as f:
        f.write("".join("%05d\t%s\tx\n" % (i, "example" if i == 0 else "mutant")
                        for i in range(1000)))
    with open(os.path.join(res, "schema.tsv"), "w") as f:
        f.write("".join("%05d\taccepted\n" % i for i in range(1000)))
    open(os.path.join(d, "all.txt"), "w").write("\n".join(TESTS) + "\n")
    open(os.path.join(d, "new.txt"), "w").write(NEW + "\n")
    open(os.path.join(res, "steps.tsv"), "w").write("kernel-stock\tok\t5\nboot-dt\tok\t10\n")
    p = subprocess.run([sys.executable, os.path.join(RIG, "compare.py"), res,
                        os.path.join(d, "all.txt"), os.path.join(d, "new.txt"),
                        os.path.join(RIG, "emulator-skip.txt"), os.path.join(res, "steps.tsv")],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    summ = {}
    for ln in open(os.path.join(res, "summary.txt")):
        k, v = ln.rstrip("\n").split(": ", 1)
        summ[k] = v
    return p.returncode, summ, p.stdout


def result(b, t, outcome_lines, verdict="fail", status="1"):
    """Plant: boot B's test T ends with VERDICT after printing OUTCOME_LINES."""
    def plant(cons):
        i = cons[b].index("RIG: RESULT %s pass 0 0.5" % t)
        cons[b][i:i + 1] = outcome_lines + ["RIG: RESULT %s %s %s 0.5" % (t, verdict, status)]
    return plant


def fail_at(b, t, line):
    return result(b, t, ["[FAIL] Test FAILED on line %s" % line])


def flaky_both(cons):
    # stock and dt each pick a different outcome among the emulator's set
    toks = FLAKY[2].split()
    fail_at("stock", FLAKY[1], toks[0][6:])(cons)
    for b in P10[1:]:
        fail_at(b, FLAKY[1], toks[1][6:])(cons)


def retry(cons):
    i = cons["dt"].index("RIG: BEGIN " + RETRY)
    cons["dt"][i:i] = ["RIG: BEGIN " + RETRY, "[FAIL] Test FAILED on line 42",
                       "RIG: RESULT %s fail 1 0.5" % RETRY]


def drop(b, what):
    def plant(cons):
        cons[b] = [x for x in cons[b] if what not in x]
    return plant


def add(b, lines, after="Run /init"):
    def plant(cons):
        i = [j for j, x in enumerate(cons[b]) if after in x][0]
        cons[b][i:i] = lines
    return plant


def edit(b, old, new):
    def plant(cons):
        cons[b] = [x.replace(old, new) for x in cons[b]]
    return plant


def both(*plants):
    def plant(cons):
        for p in plants:
            p(cons)
    return plant


WARN = ["[    5.000000] ------------[ cut here ]------------",
        "[    5.000001] WARNING: CPU: 0 PID: 1 at arch/powerpc/perf/core-book3s.c:1234 "
        "power_pmu_enable+0x1f0/0x6a0"]
RCU = ["[   60.000000] rcu: INFO: rcu_sched self-detected stall on CPU"]

# (case, plant, expected exit status, summary key, expected value)
CASES = [
    ("green", None, 0, "checks_failed", "0"),
    ("strict mismatch", fail_at("dt", STRICT, "99"), 1, "selftests_diff", "1"),
    ("evidence-class token", flaky_both, 0, "selftests_same_by_evidence", "1"),
    ("token outside the evidence", fail_at("dt", FLAKY[1], "9999"), 1, "selftests_diff", "1"),
    ("retry after a failure", retry, 0, "emulator_retries", "1"),
    ("new test fails", fail_at("fw", NEW, "7"), 1, "new_tests_fail", "1"),
    ("KUnit suite missing", drop("dt", "dts_pmu_equiv"), 1, "kunit_suites_missing", "1"),
    ("KUnit case missing", drop("dt9", "ok 2 dts_pmu_parser_case2"), 1,
     "kunit_suites_missing", "1"),
    ("KUnit on a boot that should have none", add("legacy", kunit_lines("dt")[2:6]), 1,
     "kunit_suites_missing", "1"),
    ("KUnit never ran", drop("san", "ok "), 1, "kunit_suites_missing", "2"),
    ("WARN on dt", add("dt", WARN), 1, "warnings_not_on_stock", "1"),
    ("WARN on an early firmware stage", add("fw", WARN, "FW-STAGE auto"), 1,
     "warnings_not_on_stock", "1"),
    ("WARN on stock too", both(add("dt", WARN), add("stock", WARN)), 0,
     "warnings_not_on_stock", "0"),
    ("RCU stall on san", add("san", RCU, "SAN-BEGIN"), 1, "warnings_not_on_stock", "1"),
    ("KASAN not in the kernel", drop("san", "KASAN init done"), 1, "kasan_live", "no"),
    ("kmemleak not in the kernel", drop("san", "kmemleak: Kernel memory"), 1,
     "kmemleak_live", "no"),
    ("perf test printed nothing", drop("dt", "PERF-TEST "), 1, "checks_failed", None),
    ("one perf test removed", drop("stock9", "PERF-TEST 7|"), 1, "p9_perf_test_diff", "1"),
    ("description dump differs", drop("fw", "MARK config0"), 1, "description_dumps_equal", "no"),
    ("boot did not finish", drop("dt9", "RIG: DONE"), 1, "checks_failed", None),
    ("failslab absorbed more than kmemleak can", edit("san", "100 49 51 0 0", "100 40 60 0 0"), 1,
     "failslab_absorbed_excess", "20"),
    ("schema exceptions over the bound", both(*[edit("san", "SCHEMA %05d accepted accepted" % i,
                                                     "SCHEMA %05d rejected rejected (-22): x: "
                                                     "not <hi lo> 64-bit values" % i)
                                                for i in range(1, 400)]), 1, "schema_kernel_exceptions",
     "399"),
    ("fuzzer boot did not finish", drop("fuzz9", "RIG: DONE"), 1, "checks_failed", None),
    ("fuzzer found a violation", edit("fuzz", "0 invariant violations", "1 invariant violations"),
     1, "fuzz_invariant_violations", "1"),
]

passed = failed = 0
for name, plant, rc_want, key, val in CASES:
    rc, summ, out = run(name.replace(" ", "-"), plant)
    ok = rc == rc_want and key in summ and (val is None and summ[key] != "0" or summ[key] == val)
    passed += ok
    failed += not ok
    print("%-4s %-40s exit %d (want %d), %s: %s (want %s)" % (
        "ok" if ok else "FAIL", name, rc, rc_want, key, summ.get(key), val or "not 0"))
    if not ok:
        print("\n".join("     " + x for x in out.splitlines() if x.startswith("FAILED")))
print("rigtest: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
