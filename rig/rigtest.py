#!/usr/bin/env python3
"""The rig's own tests (make check, and make test beside its lanes of
boots): planted outcomes through the host side.

usage: rigtest.py WORKDIR

Writes the consoles of a make test run that went right (every boot: the
three machines' stock and fw boots, the kunit boots, the short firmware
boots, san and lost), reads them with
boot.py --reparse and judges them with compare.py, with the rig's own rule
files (emulator-flaky.txt, emulator-retry.txt, kunit-expected.txt, ...).
Then plants one fault at a time and checks the verdict and the summary key
that must show it.  Prints one line per case and "rigtest: N passed, N
failed"; exits non-zero on any case whose verdict is not the expected one.
"""
import concurrent.futures
import hashlib
import os
import shutil
import subprocess
import sys

RIG = os.path.dirname(os.path.abspath(__file__))
work = os.path.abspath(sys.argv[1])
P10 = ["stock", "auto", "fw"]
P9 = ["stock9", "fw9"]
P8 = ["stock8", "fw8"]
SHORT = ["fw-broken"]
# the KUnit boots: the series' suite, the equivalence and the fuzzer
KB = ["kunit", "kunit9", "kunit8"]


def rules(name):
    return [ln.rstrip("\n").split("\t") for ln in open(os.path.join(RIG, name))
            if ln.strip() and not ln.startswith("#")]


# tests: one the emulator decides among (a row of the run's own
# emulator-flaky.txt, powernv10, with the stock boots behind it in its
# emulator-evidence.tsv), one the guest runs again after a failure
# (emulator-retry.txt), one held strictly, one the series adds
FLAKY = ["powernv10", "pmu/ebb/rigtest_flaky_test", "fail@L30 fail@L31",
         "2 stock boots: fail@L30 1 (r1), fail@L31 1 (r2)"]
EVIDENCE = ["powernv10\t%s\t%s\t1\tr%d" % (FLAKY[1], o, i)
            for i, o in enumerate(FLAKY[2].split(), 1)]
RETRY = [r[0].split()[0] for r in rules("emulator-retry.txt")][0]
STRICT = "pmu/ebb/rigtest_strict_test"
# a stock bug the series fixes (the run's own stock-fixed.txt)
FIXEDT = "pmu/ebb/rigtest_fixed_test"
NEW = "pmu/ebb/rigtest_new_test"
# a sampling test whose line 45 is a setup call (rig/pre-assert.txt),
# line 60 an assert, line 73 the harness wrapper (its source: SRC); the
# stock boots' evidence shows stock stopping at line 45 on powernv10 only
SAMPLING = "pmu/sampling_tests/rigtest_sampling_test"
SRC = {45: "\tFAIL_IF(!collect_samples(event.mmap_buffer));",
       60: "\tFAIL_IF(get_mmcr1_sel(reg) != 0x1e);",
       73: "\tFAIL_IF(test_harness(rigtest_sampling, \"rigtest_sampling\"));"}
EVIDENCE.append("powernv10\t%s\tfail@L45\t2\tr1 r2" % SAMPLING)
# a test that exists to catch a stock bug (the run's own
# stock-must-fail.txt): stock powernv10 fails it at line 20
MUSTFAILT = "pmu/ebb/rigtest_mustfail_test"
# a test in a boot of its own (the run's own long-tests.txt): stock, boot
# "lost", does not finish it, as the evidence says; not run on powernv9
LONGT = "pmu/ebb/rigtest_long_test"
EVIDENCE.append("powernv10\t%s\ttimeout\t1\tr1" % LONGT)
# the rule files compare.py reads beside emulator-skip.txt: the rig's, but
# for the evidence (above); a case may plant in them (RULE_PLANTS)
RULE_FILES = ["emulator-skip.txt", "kunit-expected.txt", "fw-broken-tests.txt",
              "pre-assert.txt"]
# a case may plant steps.tsv rows, and the environment compare.py runs in
STEP_PLANTS = {}
ENV_PLANTS = {}
RULE_PLANTS = {}
# what rig/upstream.sh found when all went well (every patch of patches/
# applied, no build warning); a case may plant keys of it
UPSTREAM = {"upstream_kernel": "7.2.6", "upstream_source": "Debian linux_7.2.6.orig.tar.xz",
            "upstream_patches": str(len([f for f in os.listdir(os.path.join(RIG, "..", "patches"))
                                         if f[:1] == "0" and not f.startswith("0000-")])),
            "upstream_3way": "0", "upstream_build_warnings": "0",
            "upstream_rig_fixes": str(len([f for f in os.listdir(os.path.join(RIG, "upstream-fixes"))
                                           if f[:1] == "0" and f.endswith(".patch")]))}
UPSTREAM_PLANTS = {}
TESTS = [FLAKY[1], RETRY, STRICT, NEW, FIXEDT, SAMPLING, MUSTFAILT]
KUNIT = {}
for b_, suite, n, skip in (r[0].split() if len(r) == 1 else r for r in rules("kunit-expected.txt")):
    KUNIT.setdefault(b_, []).append((suite, int(n), [] if skip == "-" else skip.split(",")))
# what the rig's KUnit prints (rig/v2/isa207-equiv-test.c, isa207-fuzz-test.c)
EQUIV = ("codes 1050000 json 20000 refused-differently 0 reserved-differently 0 groups 300000 fit 120000 "
         "fit-differently 0 mmcr-differently 0 disable-differently 0 decode-differently 0 "
         "alternatives 900 differently 0 thresh-or-refused 2300")


def fuzz_lines(n):
    # the first line does not reach the console (the fuzzer lowers the
    # loglevel while it runs): the seed is read from the last
    return ["[    9.000001]     # fuzz_mutants: mutants %d accepted 9000 codes 90000 groups 9000 "
            "fit 5000 violations 0 seed 0x1234abcd" % n,
            "[    9.000002]     # fuzz_unknown: unknown properties and nodes: 40, same model 40",
            "[    9.000003]     # fuzz_corpus: corpus: cases 600 refused 500 accepted 100 unnamed 0 "
            "violations 0",
            "[    9.000004]     # fuzz_attacks: attack 01-fewer-counters: refused: isa207-dt: "
            "/pmus/pmu@0/registers: pmc6: missing",
            "[    9.000005]     # fuzz_attacks: attack 02-sdar-zero: accepted, violations 0",
            "[    9.000006]     # fuzz_attacks: attacks: cases 2 refused 1 accepted 1 unnamed 0 "
            "violations 0",
            "[    9.000007]     # fuzz_failslab: failslab: allocations 60 refused 60 enomem 60 accepted 0 "
            "leaked 0 kept-lost 0",
            "[    9.000008]     # fuzz_power12: power12: events 24 formats 19 generic 10 cache 42 "
            "differences 0"]


def kunit_lines(b):
    out = ["[    0.500000] KTAP version 1", "[    0.500001] 1..%d" % len(KUNIT.get(b, []))]
    for i, (suite, n, skip) in enumerate(KUNIT.get(b, []), 1):
        out.append("[    0.600000]     # Subtest: %s" % suite)
        out.append("[    0.600001]     1..%d" % n)
        names = skip + ["%s_case%d" % (suite, j) for j in range(len(skip) + 1, n + 1)]
        out += ["[    0.700000]     ok %d %s%s" % (j, x, " # SKIP not here" if x in skip else "")
                for j, x in enumerate(names, 1)]
        out.append("[    0.800000] ok %d %s" % (i, suite))
    return out


# "+rig.N", N the firmware series' patches, as rig/skiboot.sh names it
RIGN = "+rig.%d" % len([p for p in os.listdir(os.path.join(RIG, "..", "firmware", "skiboot"))
                        if p.endswith(".patch") and not p.startswith("0000-")])
SKIBOOT = ["[    0.000000,5] OPAL v7.1-106-g785a5e30%s starting..." % RIGN,
           "[    1.000000,5] PMU-DESC: core PMU description added under /pmus"]


def console(b):
    """The console of boot B when everything went right."""
    # san: the series on a newer upstream kernel (rig/upstream.sh)
    out = ["[    0.000000] Linux version %s (rig@rig) #1 SMP" % (
        UPSTREAM["upstream_kernel"] if b == "san" else "6.12.0")]
    machine = "POWER9" if b.endswith("9") else "POWER8" if b.endswith("8") else "POWER10"
    hand = "%s performance monitor hardware support registered" % machine
    if b == "lost":
        return out + ["[   10.000000] Run /init as init process", "RIG: BEGIN " + LONGT,
                      "  !! killing rigtest_long", "RIG: RESULT %s fail 1 300.1" % LONGT,
                      "RIG: DONE"]
    if b == "fw-broken":
        return SKIBOOT + out + [
            "[    0.300000] isa207-dt: /pmus/pmu@0/events/pm-cyc: ibm,code: not a code the processor counts",
            "[    0.300001] isa207-dt: /pmus/pmu@0: not used", "[    0.300002] " + hand,
            "[   10.000000] Run /init as init process", "RIG: FW-STAGE broken",
            "RIG: FW-PMU broken isa207-dt: /pmus/pmu@0/events/pm-cyc: ibm,code: not a code the processor counts",
            "RIG: FW-PMU broken isa207-dt: /pmus/pmu@0: not used",
            "RIG: FW-PMU broken " + hand] + [
            "RIG: FW-RESULT %s pass" % r[0] for r in rules("fw-broken-tests.txt")] + ["RIG: DONE"]
    if b.startswith("fw") or b == "auto":
        out = SKIBOOT + out
    if b == "san":
        out = SKIBOOT + out + [
            "[    0.000000] KASAN init done",
            "[    0.300000] isa207-dt: /pmus/pmu@0/events/pm-cyc: ibm,code: not a code the processor counts",
            "[    0.300001] isa207-dt: /pmus/pmu@0: not used",
            "[    3.000000] kmemleak: Kernel memory leak detector initialized (mem pool available: 1)"]
    if b.startswith("fw"):
        out.append("[    0.300000] isa207-dt: %s PMU from /pmus/pmu@0" % machine)
    out.append("[    0.300001] " + hand)
    out += kunit_lines(b)
    if b in KB:
        out += ["[    9.000000]     # equiv_c: " + EQUIV,
                "[    9.000000]     # equiv_dt: " + EQUIV.replace("alternatives 900",
                                                                   "alternatives 901"),
                "[    9.000000]     # refuses_p10: MMCR0 owned: refused (bits of the kernel)"]
    if b in KB or b == "san":
        out += fuzz_lines(34000 if b in KB else 2000)
    out.append("[   10.000000] Run /init as init process")
    if b in KB:
        return out + ["RIG: DONE"]
    if b == "san":
        return out + ["RIG: SAN-BEGIN", "RIG: KMEMLEAK 0", "RIG: SAN-END", "RIG: DONE"]
    for t in TESTS:
        if t == MUSTFAILT and b == "stock":
            out += ["RIG: BEGIN " + t, "[FAIL] Test FAILED on line 20",
                    "RIG: RESULT %s fail 1 0.5" % t]
            continue
        out += ["RIG: BEGIN " + t, "RIG: RESULT %s pass 0 0.5" % t]
    out += ["RIG: SYSFS events/cycles event=0x600f4", "RIG: SYSFS format/event config:0-59"]
    out += ["RIG: PERF-BEGIN", "RIG: PERF-LIST   cycles [Hardware event]",
            "RIG: PERF-STAT-EVENTS cycles", "RIG: PERF-STAT 100;;cycles;1;100.00;;",
            "RIG: PERF-STAT-RC 0"]
    out += ["RIG: PERF-TEST %d|Ok|test number %d" % (i, i) for i in range(1, 86)]
    out += ["RIG: PERF-BAD PMC5 with another code rc=0 <not supported>",
            "RIG: PERF-TEST-DONE", "RIG: PERF-END"]
    out.append("RIG: DONE")
    return out


def reparse(b, text, out):
    """Write boot B's console TEXT to OUT and read it with boot.py --reparse.
    Its output depends on the boot's name, console and boot.txt alone, and a
    case plants one or two of the 16 consoles: the others are the same in
    every case, so each distinct console is read once (work/reparse/) and
    copied into the cases that have it."""
    boot_txt = "seconds: 10\nkilled: no\ncmdline: rigtest\nqemu_version: 10.0.2\n"
    key = hashlib.sha1("\0".join((b, boot_txt, text)).encode()).hexdigest()
    done = os.path.join(work, "reparse", key)
    if not os.path.isdir(done):
        tmp = "%s.%d" % (done, os.getpid())
        shutil.rmtree(tmp, ignore_errors=True)
        os.makedirs(tmp)
        open(os.path.join(tmp, "console.log"), "w").write(text)
        open(os.path.join(tmp, "boot.txt"), "w").write(boot_txt)
        subprocess.run([sys.executable, os.path.join(RIG, "boot.py"), "--reparse", b, "-", "-",
                        tmp], stdout=subprocess.DEVNULL)
        try:
            os.rename(tmp, done)
        except OSError:     # the other worker read the same console first
            shutil.rmtree(tmp, ignore_errors=True)
    shutil.copytree(done, out)


def run(case, plant=None):
    """Write, read and judge one run; plant(consoles) plants the fault."""
    d = os.path.join(work, case)
    shutil.rmtree(d, ignore_errors=True)
    res = os.path.join(d, "results")
    cons = {b: console(b) for b in P10 + P9 + P8 + SHORT + KB + ["san", "lost"]}
    if plant:
        plant(cons)
    for b, lines in cons.items():
        reparse(b, "\n".join(lines) + "\n", os.path.join(res, b))
    up = UPSTREAM_PLANTS.get(case, {})
    if up is not None:      # None: rig/upstream.sh wrote nothing
        open(os.path.join(res, "upstream.txt"), "w").write("".join(
            "%s: %s\n" % kv for kv in dict(UPSTREAM, **up).items()))
    open(os.path.join(d, "all.txt"), "w").write("\n".join(TESTS + [LONGT]) + "\n")
    open(os.path.join(d, "new.txt"), "w").write(NEW + "\n")
    open(os.path.join(res, "steps.tsv"), "w").write(STEP_PLANTS.get(
        case, "kernel-stock\tok\t5\nboot-kunit\tok\t10\n"))
    src = os.path.join(d, "src", SAMPLING + ".c")
    os.makedirs(os.path.dirname(src))
    open(src, "w").write("".join(SRC.get(i, "") + "\n" for i in range(1, 80)))
    rd = os.path.join(d, "rules")
    os.makedirs(rd)
    for f in RULE_FILES:
        if os.path.exists(os.path.join(RIG, f)):
            shutil.copy(os.path.join(RIG, f), rd)
    open(os.path.join(rd, "emulator-flaky.txt"), "w").write("\t".join(FLAKY) + "\n")
    open(os.path.join(rd, "emulator-evidence.tsv"), "w").write("\n".join(EVIDENCE) + "\n")
    open(os.path.join(rd, "stock-fixed.txt"), "w").write(
        FIXEDT + "\tpatch 3: rigtest\tstock failed it in r1\n")
    open(os.path.join(rd, "long-tests.txt"), "w").write(
        "%s\tpowernv10\tlost\trigtest\n%s\tpowernv9\t-\trigtest\n%s\tpowernv8\t-\trigtest\n" % (
            LONGT, LONGT, LONGT))
    open(os.path.join(rd, "stock-must-fail.txt"), "w").write(
        MUSTFAILT + "\tpowernv10\tpatch 1: rigtest\tstock fails it at line 20\n")
    env = dict(os.environ, RIG_SELFTEST_SRC=os.path.join(d, "src"))
    env.pop("RIG_T0", None)
    env.update(ENV_PLANTS.get(case, {}))
    env = {k: v for k, v in env.items() if v is not None}
    for f, (old, new) in RULE_PLANTS.get(case, {}).items():
        t = open(os.path.join(rd, f)).read()
        open(os.path.join(rd, f), "w").write(t.replace(old, new))
    p = subprocess.run([sys.executable, os.path.join(RIG, "compare.py"), res,
                        os.path.join(d, "all.txt"), os.path.join(d, "new.txt"),
                        os.path.join(rd, "emulator-skip.txt"), os.path.join(res, "steps.tsv")],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
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
    # stock and fw each pick a different outcome among the emulator's set
    toks = FLAKY[2].split()
    fail_at("stock", FLAKY[1], toks[0][6:])(cons)
    for b in P10[1:]:
        fail_at(b, FLAKY[1], toks[1][6:])(cons)


def retry(cons):
    i = cons["fw"].index("RIG: BEGIN " + RETRY)
    cons["fw"][i:i] = ["RIG: BEGIN " + RETRY, "[FAIL] Test FAILED on line 42",
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
WARN_MOD = ["[    5.000001] WARNING: CPU: 0 PID: 1 at dts_pmu_backend+0x10/0x20 [dts_pmu]"]
RCU = ["[   60.000000] rcu: INFO: rcu_sched self-detected stall on CPU"]
OOPS = ["[    3.000000] BUG: Kernel NULL pointer dereference on read at 0x00000000",
        "[    3.000001] Oops: Kernel access of bad area, sig: 11 [#1]"]
KMEMLEAK_OFF = ["[   20.000000] kmemleak: Memory pool empty, consider increasing "
                "CONFIG_DEBUG_KMEMLEAK_MEM_POOL_SIZE",
                "[   20.000001] kmemleak: Kernel memory leak detector disabled"]

# (case, plant, the check that must fail (every FAIL line names it; None:
# the run must be green), summary key, its expected value)
CASES = [
    ("green", None, None, "checks_failed", "0"),
    ("strict mismatch", fail_at("fw", STRICT, "99"), "selftest " + STRICT, "selftests_diff", "1"),
    ("evidence-class token", flaky_both, None, "selftests_same_by_evidence", "1"),
    ("token outside the evidence", fail_at("fw", FLAKY[1], "9999"), "selftest " + FLAKY[1],
     "selftests_diff", "1"),
    ("retry after a failure", retry, None, "emulator_retries", "1"),
    ("new test fails", fail_at("fw", NEW, "7"), "new test " + NEW, "new_tests_fail", "1"),
    ("new test fails on POWER8", fail_at("fw8", NEW, "7"), "new test " + NEW,
     "p8_new_tests_fail", "1"),
    # a new test of what the CPU lacks skips on stock and every patched boot
    ("new test skips, stock too", both(*[result(b, NEW, ["[SKIP] Test skipped on line 7"],
                                                "skip", "0") for b in P10]),
     None, "new_tests_fail", "0"),
    ("new test skips, stock passes", both(*[result(b, NEW, ["[SKIP] Test skipped on line 7"],
                                                   "skip", "0") for b in P10[1:]]),
     "new test " + NEW, "new_tests_fail", "1"),
    # the equivalence (KUnit's own lines): its size, its differences
    ("equivalence sweep under its size", edit("kunit", "codes 1050000", "codes 10000"),
     "equiv_", "checks_failed", "2"),
    ("equivalence differs", edit("kunit9", "mmcr-differently 0", "mmcr-differently 3"),
     "p9_equiv_", "p9_equiv_diffs", "6"),
    ("no JSON code swept on POWER8", edit("kunit8", "json 20000", "json 0"), "p8_equiv_",
     "checks_failed", "2"),
    ("POWER8's description differs from power8-pmu.c",
     edit("kunit8", "alternatives 901 differently 0", "alternatives 901 differently 1"),
     "p8_equiv_dt", "p8_equiv_diffs", "1"),
    ("KUnit suite missing", drop("kunit", "isa207_equiv"), "kunit suites on kunit",
     "kunit_suites_missing", "1"),
    ("KUnit case missing", drop("kunit9", "isa207_fuzz_case2"), "kunit suites on kunit9",
     "kunit_suites_missing", "1"),
    ("KUnit on a boot that should have none", add("fw", kunit_lines("kunit")[2:6]),
     "kunit suites on fw", "kunit_suites_missing", "1"),
    ("KUnit never ran", drop("san", "ok "), "kunit suites on san", "kunit_suites_missing", "3"),
    ("a KUnit case skipped that must run", edit("kunit8", "ok 3 isa207_case3",
                                               "ok 3 isa207_case3 # SKIP no CPU"),
     "kunit suites on kunit8", "kunit_suites_missing", "1"),
    ("a KUnit case ran that must skip", edit("san", "equiv_c # SKIP not here", "equiv_c"),
     "kunit suites on san", "kunit_suites_missing", "1"),
    ("WARN on kunit", add("kunit", WARN), "kernel warnings on kunit", "warnings_not_on_stock",
     "1"),
    ("WARN in a module, no file:line", add("kunit", WARN_MOD), "kernel warnings on kunit",
     "warnings_not_on_stock", "1"),
    ("WARN on the broken-node boot", add("fw-broken", WARN, "FW-STAGE broken"),
     "kernel warnings on fw-broken", "warnings_not_on_stock", "1"),
    ("WARN on stock too", both(add("kunit", WARN), add("stock", WARN)), None,
     "warnings_not_on_stock", "0"),
    ("RCU stall on san", add("san", RCU, "SAN-BEGIN"), "kernel warnings on san",
     "warnings_not_on_stock", "1"),
    ("oops on the broken-node boot", add("fw-broken", OOPS, "FW-STAGE broken"), "boot fw-broken",
     "checks_failed", "1"),
    ("KUnit on a short firmware boot", add("fw-broken", kunit_lines("kunit")[2:6],
                                           "FW-STAGE broken"),
     "kunit suites on fw-broken", "kunit_suites_missing", "1"),
    # skiboot's own lines: the firmware that ran, and what it did
    ("skiboot put no description in the tree", drop("fw9", "PMU-DESC"),
     "firmware boot fw9", "p9_firmware_boot", "no"),
    ("the firmware was not the rig's skiboot", edit("fw", RIGN + " starting", " starting"),
     "firmware boot fw", "firmware_producer", "-"),
    ("fw8 ran the hand-coded backend", drop("fw8", "PMU from /pmus/pmu@0"),
     "firmware boot fw8", "p8_firmware_boot", "no"),
    ("the default mode read the node", add("auto", ["[    0.300002] isa207-dt: POWER10 PMU "
                                                    "from /pmus/pmu@0"], "Run /init"),
     "default mode", "firmware_auto_description_lines",
     "isa207-dt: POWER10 PMU from /pmus/pmu@0"),
    ("the default mode ran Debian's skiboot", edit("auto", RIGN + " starting", " starting"),
     "default mode", "checks_failed", "1"),
    ("a test differs in the default mode", fail_at("auto", STRICT, "99"), "selftest " + STRICT,
     "selftests_diff", "1"),
    ("broken node accepted", drop("fw-broken", "ibm,code"), "firmware broken node",
     "firmware_broken_fallback", "no"),
    ("broken node: the fallback is not the hand-coded backend",
     drop("fw-broken", "RIG: FW-PMU broken POWER10 performance"), "firmware broken node",
     "firmware_broken_fallback", "no"),
    ("the broken-node boot ran Debian's skiboot", edit("fw-broken", RIGN + " starting", " starting"),
     "firmware of fw-broken", "checks_failed", "1"),
    ("KASAN not in the kernel", drop("san", "KASAN init done"), "kasan_live", "kasan_live", "no"),
    ("san ran Debian's skiboot", edit("san", RIGN + " starting", " starting"),
     ("firmware of san", "san broken node"), "san_broken_node", "no"),
    ("san: the broken node was not read", drop("san", "isa207-dt:"), "san broken node",
     "san_broken_node", "no"),
    ("san: two refusals before the table",
     add("san", ["[    0.300000] isa207-dt: /pmus/pmu@0/events/x: ibm,code: not a code the "
                 "processor counts"], "kmemleak: Kernel memory"), "san broken node",
     "san_broken_node", "no"),
    ("kmemleak not in the kernel", drop("san", "kmemleak: Kernel memory"), "kmemleak_live",
     "kmemleak_live", "no"),
    ("kmemleak switched itself off", add("san", KMEMLEAK_OFF, "SAN-BEGIN"), "kmemleak_live",
     "kmemleak_live", "no"),
    ("san's fuzzer ran nothing", edit("san", "mutants 2000 accepted", "mutants 0 accepted"),
     "san", "san_fuzz_mutants", "0"),
    ("perf test printed nothing", both(drop("stock9", "PERF-TEST "), drop("fw9", "PERF-TEST ")),
     "perf test on ", "p9_perf_test_same", "0"),
    ("one perf test removed", drop("stock9", "PERF-TEST 7|"), "perf test 7 ",
     "p9_perf_test_diff", "1"),
    ("boot did not finish", drop("kunit9", "RIG: DONE"), "boot kunit9", "checks_failed", "1"),
    ("fw8 sysfs differs from stock8", edit("fw8", "event=0x600f4", "event=0x600f5"),
     "sysfs", "p8_sysfs_identical", "no"),
    ("fuzzer found a violation", edit("kunit", "fit 5000 violations 0", "fit 5000 violations 1"),
     "fuzzer", "fuzz_violations", "1"),
    # the corpus, the unsafe descriptions, the failed allocations
    ("corpus mutant breaks an invariant", edit("kunit9", "accepted 100 unnamed 0 violations 0",
                                               "accepted 100 unnamed 0 violations 2"),
     "p9_corpus", "p9_corpus", "cases=600 refused=500 accepted=100 unnamed=0 violations=2"),
    ("corpus refusal names no node", edit("kunit", "refused 500 accepted 100 unnamed 0",
                                          "refused 500 accepted 100 unnamed 3"),
     "corpus", "corpus", "cases=600 refused=500 accepted=100 unnamed=3 violations=0"),
    ("corpus refused nothing", edit("kunit8", "refused 500 accepted 100", "refused 0 accepted 600"),
     "p8_corpus", "p8_corpus", "cases=600 refused=0 accepted=600 unnamed=0 violations=0"),
    ("unsafe description breaks an invariant",
     edit("kunit", "accepted 1 unnamed 0 violations 0", "accepted 1 unnamed 0 violations 4"),
     "attacks", "attacks", "cases=2 refused=1 accepted=1 unnamed=0 violations=4"),
    ("no unsafe description for the CPU", edit("kunit9", "attacks: cases 2 refused 1 accepted 1",
                                               "attacks: cases 0 refused 0 accepted 0"),
     "p9_attacks", "p9_attacks", "cases=0 refused=0 accepted=0 unnamed=0 violations=0"),
    ("a failed allocation accepted", edit("kunit8", "refused 60 enomem 60 accepted 0",
                                          "refused 59 enomem 59 accepted 1"),
     "p8_failslab", "p8_failslab", "allocations=60 refused=59 enomem=59 accepted=1 leaked=0"),
    ("a failed allocation refused as a bad description",
     edit("kunit9", "enomem 60 accepted", "enomem 52 accepted"),
     "p9_failslab", "p9_failslab", "allocations=60 refused=60 enomem=52 accepted=0 leaked=0"),
    ("a refused setup not freed", edit("kunit", "accepted 0 leaked 0", "accepted 0 leaked 3"),
     "failslab", "failslab", "allocations=60 refused=60 enomem=60 accepted=0 leaked=3"),
    ("Power12 differs from mainline", edit("kunit", "cache 42 differences 0", "cache 42 differences 7"),
     "Power12 against mainline", "power12_vs_mainline", "events=24 formats=19 differences=7"),
    ("Power12 comparison did not run", drop("kunit", "fuzz_power12"), "Power12 against mainline",
     "power12_vs_mainline", "events=- formats=- differences=-"),
    ("failslab line missing", drop("kunit", "fuzz_failslab"), "failslab",
     "failslab", "allocations=- refused=- enomem=- accepted=- leaked=-"),
    ("forward compatibility lost", edit("kunit8", "same model 40", "same model 39"),
     "p8_forward compatibility", "p8_fuzz_unknown", "39 of 40 the same model"),
    # emulator-flaky.txt with a token no stock boot gave (RULE_PLANTS)
    ("flaky token no stock boot gave", None, "emulator-flaky.txt tokens", "flaky_tokens_unseen",
     "1"),
    # an EBB test that passes on stock fails on fw: strict, and counted
    ("EBB test fails on fw", fail_at("fw", STRICT, "48"), "selftest " + STRICT, "ebb_pass_fw",
     "3"),
    # a stock bug the series fixes: stock may fail it, a patched boot may not
    ("stock fails a test the series fixes", both(fail_at("stock", FIXEDT, "71"),
                                                 fail_at("stock9", FIXEDT, "71")), None,
     "ebb_stock_fixed_failed_on_stock", "1"),
    # the series on a newer upstream kernel
    ("san booted the base kernel", edit("san", "Linux version 7.2.6", "Linux version 6.12.0"),
     "san boot ran Linux", "upstream_boot_kernel", "6.12.0"),
    ("a patch did not apply upstream", None, "series on Linux", "upstream_patches", "5"),
    ("upstream build warned", None, "series on Linux", "upstream_build_warnings", "1"),
    ("upstream.sh wrote nothing", None, "Linux", "upstream_patches", "-"),
    ("the san boot is missing", lambda cons: cons.pop("san"), ("san", "KASAN", "kmemleak"),
     "upstream_boot_kernel", "-"),
    ("a KUnit case failed upstream", edit("san", "ok 4 isa207_case4", "not ok 4 isa207_case4"),
     "kunit isa207.isa207_case4 on san", "checks_failed", "1"),
    ("fw fails a test the series fixes", fail_at("fw", FIXEDT, "71"),
     "selftest " + FIXEDT + ", a stock bug", "ebb_stock_fixed_failed_on_stock", "0"),
    # a test that stops before its asserts (rig/pre-assert.txt) or does
    # not end on stock and on the patched boots checked nothing
    ("stops before its asserts, stock too, stock's evidence",
     both(*[fail_at(b, SAMPLING, "45") for b in P10]), None, "not_finished_on_both", "2"),
    ("stops before its asserts, stock too, no evidence",
     both(*[fail_at(b, SAMPLING, "45") for b in P9]), "selftest " + SAMPLING + " did not finish",
     "p9_not_finished_on_both", "1"),
    ("fails at its assert, stock too", both(*[fail_at(b, SAMPLING, "60") for b in P10]), None,
     "not_finished_on_both", "1"),
    ("setup line and harness wrapper, no evidence",
     both(*[result(b, SAMPLING, ["[FAIL] Test FAILED on line 45", "[FAIL] Test FAILED on line 73"])
            for b in P9]), "selftest " + SAMPLING, "p9_not_finished_on_both", "1"),
    ("timeout on stock and every patched boot",
     both(*[result(b, STRICT, [], "timeout", "-1") for b in P10]),
     "selftest " + STRICT + " did not finish", "not_finished_on_both", "2"),
    ("the harness' own timeout on fw, stock passes",
     result("fw", STRICT, ["!! killing rigtest_strict"]), "selftest " + STRICT, "selftests_diff",
     "1"),
    ("fw stops before its asserts, stock passes", fail_at("fw", SAMPLING, "45"),
     "selftest " + SAMPLING, "selftests_diff", "1"),
    ("an EBB test never ran on fw9", drop("fw9", "rigtest_strict_test"), "selftest " + STRICT,
     "p9_ebb_upstream_run", "3"),
    # a test in a boot of its own that stock does not finish
    ("stock finishes the test it did not", edit("lost", "RESULT %s fail 1 300.1" % LONGT,
                                               "RESULT %s pass 0 200.0" % LONGT),
     "selftest " + LONGT + " on lost", "not_finished_on_both", "0"),
    ("the boot of its own did not finish", drop("lost", "RIG: DONE"), "boot lost",
     "checks_failed", "1"),
    # a test that exists to catch a stock bug must catch it
    ("stock passes the test that must catch its bug",
     edit("stock", "RIG: RESULT %s fail 1 0.5" % MUSTFAILT, "RIG: RESULT %s pass 0 0.5" % MUSTFAILT),
     "selftest " + MUSTFAILT, "stock_must_fail_ok",
     "no"),
    ("fw fails the test that must catch a stock bug", fail_at("fw", MUSTFAILT, "20"),
     "selftest " + MUSTFAILT, "stock_must_fail_ok", "no"),
    # the run's own limits and inputs
    ("make test past 85 min", None, "make test's wall time", "checks_failed", "1"),
    ("no selftest source for the pre-assert rule", None, "selftest source", "checks_failed", "1"),
    ("a build step failed", None, "step upstream", "checks_failed", "1"),
    # perf as a client
    ("perf list differs", edit("fw", "cycles [Hardware event]", "cycles [Kernel PMU event]"),
     "perf list pmu differs", "perf_list_identical", "no"),
    ("perf stat counted nothing", edit("fw8", "PERF-STAT 100;;cycles", "PERF-STAT 0;;cycles"),
     "perf stat on fw8", "p8_perf_stat_ok", "no"),
    ("perf stat failed", edit("fw9", "PERF-STAT-RC 0", "PERF-STAT-RC 1"), "perf stat on fw9",
     "p9_perf_stat_ok", "no"),
    ("perf accepts a bad event", edit("fw", "PMC5 with another code rc=0 <not supported>",
                                      "PMC5 with another code rc=0 1234 r5001e"),
     "perf bad input PMC5", "checks_failed", "1"),
    # the fuzzer's floor and seed, the sanitizers' counts
    ("fuzzer under its floor", edit("kunit", "mutants 34000 accepted", "mutants 340 accepted"),
     "fuzzer", "fuzz_mutants", "68340"),
    ("fuzzer seed not printed", edit("kunit9", "seed 0x1234abcd", "seed 0x00000000"),
     "fuzzer seeds printed", "checks_failed", "1"),
    ("KASAN report", add("san", ["[   30.000000] BUG: KASAN: slab-out-of-bounds in x+0x10/0x20"],
                         "SAN-BEGIN"), ("KASAN reports", "boot san"), "kasan_reports", "1"),
    ("kmemleak found leaks", edit("san", "RIG: KMEMLEAK 0", "RIG: KMEMLEAK 2"), "kmemleak leaks",
     "kmemleak_leaks", "2"),
]
ENV_PLANTS["make-test-past-85-min"] = {"RIG_T0": "%d" % (__import__("time").time() - 5200)}
ENV_PLANTS["no-selftest-source-for-the-pre-assert-rule"] = {"RIG_SELFTEST_SRC": None}
STEP_PLANTS["a-build-step-failed"] = "kernel-stock\tok\t5\nupstream\tfail\t9\nboot-kunit\tok\t10\n"
UPSTREAM_PLANTS["a-patch-did-not-apply-upstream"] = {"upstream_patches": "5"}
UPSTREAM_PLANTS["upstream-build-warned"] = {"upstream_build_warnings": "1"}
UPSTREAM_PLANTS["upstream.sh-wrote-nothing"] = None
RULE_PLANTS["flaky-token-no-stock-boot-gave"] = {
    "emulator-flaky.txt": ("fail@L30 fail@L31", "fail@L30 fail@L31 timeout")}

def run_case(i):
    name, plant = CASES[i][:2]
    return run(name.replace(" ", "-"), plant)


if __name__ == "__main__":
    shutil.rmtree(os.path.join(work, "reparse"), ignore_errors=True)
    # two at a time (each case is its own directory; a console two cases
    # share is read once: reparse())
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        runs = list(pool.map(run_case, range(len(CASES))))
    passed = failed = 0
    for (name, plant, fails, key, val), (rc, summ, out) in zip(CASES, runs):
        failing = [ln.rstrip("\n").split("\t")[2] for ln in open(os.path.join(
            work, name.replace(" ", "-"), "results", "checks.txt")) if ln.startswith("FAIL\t")]
        ok = rc == (1 if fails else 0) and summ.get(key) == val and \
            bool(failing) == bool(fails) and \
            all(any(f in x for f in (fails if isinstance(fails, tuple) else (fails,)))
                for x in failing)
        passed += ok
        failed += not ok
        print("%-4s %-40s exit %d, %s: %s (want %s), failed: %s" % (
            "ok" if ok else "FAIL", name, rc, key, summ.get(key), val, failing or "-"))
        if not ok:
            print("\n".join("     " + x for x in out.splitlines() if x.startswith("FAILED")))
    print("rigtest: %d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)
