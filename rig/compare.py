#!/usr/bin/env python3
"""Compare the boots' results and print the verdict table.

usage: [RIG_SELFTEST_SRC=DIR] [RIG_T0=EPOCH] compare.py RESULTS_DIR
                  SELFTESTS_ALL NEW_TESTS EMULATOR_SKIP STEPS [--only BOOT]

RIG_SELFTEST_SRC: the patched tree's tools/testing/selftests/powerpc, read
by the pre-assert rule (without it a full comparison fails a check);
RIG_T0: make test's start (time_wall).

Boots are compared in groups, each against the stock kernel on the same
machine: stock, fw (QEMU powernv10), stock9, fw9 (powernv9) and stock8,
fw8 (powernv8); a group whose boots did not run at all is left out (make
test-quick: --only BOOT, that boot alone, no stock).  The other boots are
checked on their own: kunit, kunit9 and kunit8 (kunit_boots()), fw-broken
(firmware_short()), san (sanitizers(); its kernel is the series on a
newer upstream tree: newer_upstream()), lost (rig/long-tests.txt).

Every check counts once in the closing "N passed, N failed" line:
  - each build/boot step recorded in STEPS (tab-separated: step, ok|fail),
    rigtest among them;
  - each boot reached RIG: DONE without an oops;
  - each upstream selftest: the outcome on every patched boot is stock's,
    or each of its tokens is in the row's rig/emulator-flaky.txt set
    (same()); a patched boot that did not finish a test stock finished
    fails;
  - a test that did not end (timeout, its harness' included; hang; never
    run) or stopped at a setup call before its asserts (rig/pre-assert.txt)
    on stock and on every patched boot: "not checked" (skipped, and counted
    in not_finished_on_both) when the stock boots' evidence
    (rig/emulator-evidence.tsv) shows it, else a failure;
  - each test of rig/long-tests.txt, in the boots that file names (stock
    alone: it must not finish, as its evidence says);
  - each new selftest (added by the series): passes on every patched boot
    (or skips there as on stock);
  - each test in rig/stock-fixed.txt (a stock bug a patch of the series
    fixes): passes on every patched boot, whatever stock did;
  - each test in rig/stock-must-fail.txt: fails on that machine's stock
    boot and passes on every patched boot (stock_must_fail_ok);
  - each KUnit case on every patched boot: ok; each boot's suites and
    cases as rig/kunit-expected.txt lists;
  - no kernel warning on a patched boot that its stock boot lacks;
  - sysfs events/ format/ caps/ of every patched boot equal stock's;
  - perf (rig/guest/perf-checks.sh): ran to the end on every boot; the PMU
    part of "perf list" equals stock's; "perf stat" counts every event on
    every boot; each "perf test" verdict and each bad-input error equals
    stock's;
  - the firmware, equivalence, fuzzer, sanitizer and upstream checks
    (the functions named above);
  - no token of rig/emulator-flaky.txt that no stock boot gave
    (flaky_tokens_unseen);
  - with RIG_T0: make test's wall time (time_wall) within 85 minutes
    (5100 s, rig/test.sh's limit).
Tests listed in EMULATOR_SKIP are not run; they count as skipped, not passed.
Tests in rig/emulator-retry.txt ran again after a failure (at most the
attempts it gives): the last attempt is the verdict compared; the earlier
ones are reported (emulator_retries, emulator_retried, retries.txt).
Writes RESULTS_DIR/summary.txt, RESULTS_DIR/verdicts.txt (the table, with
each boot's outcomes) and RESULTS_DIR/checks.txt (each check's name and
ok/FAIL: what two runs must have alike).
"""
import os
import re
import sys

res, all_path, new_path, skip_path, steps_path = sys.argv[1:6]
# (label, boots: the stock boot first, summary key prefix)
GROUPS = [("POWER10 (powernv10)", ["stock", "auto", "fw"], "", "powernv10"),
          ("POWER9 (powernv9)", ["stock9", "fw9"], "p9_", "powernv9"),
          ("POWER8 (powernv8)", ["stock8", "fw8"], "p8_", "powernv8")]
if sys.argv[6:8] and sys.argv[6] == "--only":
    # make test-quick: one boot, no stock to compare with; a test passes
    # when it does not fail (its stock verdict is not known here).
    GROUPS = [("quick", [sys.argv[7]], "", "powernv10")]
quick = len(GROUPS[0][1]) == 1


def read_tsv(path):
    if not os.path.exists(path):
        return []
    return [ln.rstrip("\n").split("\t") for ln in open(path) if ln.strip()]


def kv(path):
    d = {}
    if os.path.exists(path):
        for ln in open(path):
            if ": " in ln:
                k, v = ln.rstrip("\n").split(": ", 1)
                d.setdefault(k, v)
    return d


tests = [ln.strip() for ln in open(all_path) if ln.strip()] if os.path.exists(all_path) else []
new = set(ln.strip() for ln in open(new_path) if ln.strip()) if os.path.exists(new_path) else set()
emu = {}
for ln in open(skip_path):
    if ln.strip() and not ln.startswith("#"):
        f = ln.split(None, 1)
        emu[f[0]] = f[1].strip() if len(f) > 1 else ""

def rule_rows(name):
    """The rows of rig rule file NAME (beside EMULATOR_SKIP): its
    tab-separated fields, comments and blank lines left out."""
    return [ln.rstrip("\n").split("\t") for ln in open(os.path.join(os.path.dirname(skip_path), name))
            if ln.strip() and not ln.startswith("#")]


# What the emulator can establish (rig/emulator-flaky.txt): per machine and
# test, the outcomes that vary between stock boots on the rig's QEMU,
# derived from those boots (rig/evidence.py says how).  Outcomes of one set
# count as one; any other outcome stays a DIFF.
SEEN = {(f[0], f[1]): set(f[2].split()) for f in rule_rows("emulator-flaky.txt")}
# The stock boots behind it (rig/emulator-evidence.tsv: machine, row,
# outcome, the boots that gave it): a token of emulator-flaky.txt that no
# stock boot gave is "unseen", and fails the run.
EVIDENCE = {}
for f in rule_rows("emulator-evidence.tsv"):
    EVIDENCE.setdefault((f[0], f[1]), set()).update(
        set("fail@L" + x.lstrip("L") for x in f[2][6:].split(","))
        if f[2].startswith("fail@L") else {f[2]})
# Stock bugs a patch of the series fixes (rig/stock-fixed.txt: test, the
# patch, the boots that showed it): the stock kernel fails the test some of
# the time, so its outcome is shown, not compared; every patched boot must
# pass it.
FIXED = set(f[0] for f in rule_rows("stock-fixed.txt"))
# Tests that exist to catch a stock bug (rig/stock-must-fail.txt: test,
# machine, the patch, the evidence): on that machine the stock boot must
# fail them and every patched boot pass them.  A test that stops catching
# the bug (an emulator change that hides it) fails the run.
MUSTFAIL = [f[:2] for f in rule_rows("stock-must-fail.txt")]
mustfail_bad = []
# A selftest that stops at a setup call, before what it asserts
# (rig/pre-assert.txt: the calls, matched on the FAIL_IF line of the
# test's source, RIG_SELFTEST_SRC), or that did not end (a timeout, the
# harness' own included; a hang; never reached) checked nothing.
PRE_CALLS = [f[0] for f in rule_rows("pre-assert.txt")]
SRC = os.environ.get("RIG_SELFTEST_SRC", "")
UNFINISHED = {"timeout", "hang", "notrun", "missing"}
_src_lines = {}


def src_line(t, n):
    if t not in _src_lines:
        p = os.path.join(SRC, t + ".c")
        _src_lines[t] = open(p, errors="replace").read().splitlines() if SRC and \
            os.path.exists(p) else []
    lines = _src_lines[t]
    return lines[n - 1] if 0 < n <= len(lines) else ""


def pre_assert_line(t, n):
    """Line N of test T's source is a FAIL_IF on a setup call: "setup";
    the harness wrapper in main(): "wrapper"; else None."""
    ln = src_line(t, n)
    if "FAIL_IF" not in ln:
        return None
    if "test_harness(" in ln:
        return "wrapper"
    return "setup" if any(c in ln for c in PRE_CALLS) else None


def unfinished(t, o):
    """Outcome O of test T checked nothing: it did not end, or it stopped at
    a setup call (every FAIL_IF line a setup call or the harness wrapper)."""
    if o in UNFINISHED:
        return True
    if not o.startswith("fail@L"):
        return False
    kinds = [pre_assert_line(t, int(x[6:])) for x in toks(o)]
    return "setup" in kinds and None not in kinds


not_finished = []       # (machine, test, outcomes, evidenced)
# Tests in boots of their own (rig/long-tests.txt): (test, machine) ->
# the stock boot that runs it, "-" where it is not run
LONG = {(f[0], f[1]): f[2] for f in rule_rows("long-tests.txt")}
LONG_TESTS = set(t for t, _ in LONG)
UNSEEN = sorted("%s %s %s" % (m, r, tok) for (m, r), tk in SEEN.items()
                for tok in tk - EVIDENCE.get((m, r), set()))


def toks(o):
    """An outcome's tokens: "fail@L58,L68" -> {fail@L58, fail@L68}."""
    return set("fail@L" + x.lstrip("L") for x in o[6:].split(",")) if o.startswith("fail@L") \
        else {o}


def same(machine, t, o, ref):
    """THE RULE: the patched outcome is stock's, or all its tokens are ones
    the emulator picks among for this test (stock's own outcome in this run
    may be new evidence; it is never held against the patched kernel)."""
    return o == ref or toks(o) <= SEEN.get((machine, t), set())


passed = failed = skipped = 0
fails = []
summary = []
tables = []


checks = []
retries = []        # tests run again after a failure, every boot
where = "build"     # the machine whose boots are being compared


def check(ok, what):
    global passed, failed
    # checks.txt: one line per check, its name without the values seen, so
    # that two runs' tables compare line by line
    checks.append("%s\t%s\t%s" % ("ok" if ok else "FAIL", where, what.split(": ", 1)[0]))
    if ok:
        passed += 1
    else:
        failed += 1
        fails.append(what)


step_rows = []
times = []         # (step or boot, seconds): where make test's time went
for row in read_tsv(steps_path):
    times.append((row[0], row[2] if len(row) > 2 else "-"))
# steps.tsv is in the order the steps ended, which varies where they run
# side by side: checked in name order, so that checks.txt is the same
# from run to run
for row in sorted(r for r in read_tsv(steps_path) if not r[0].startswith("boot-")):
    step, st = row[0], row[1]
    check(st == "ok", "step " + step)
    step_rows.append(("step: " + step, {}, st))

# The KUnit suites each boot must run, with their case counts
# (rig/kunit-expected.txt); a boot it does not name must run none.
KUNIT_WANT = {}     # boot: {suite: (cases, the cases that must skip)}
for ln in open(os.path.join(os.path.dirname(skip_path), "kunit-expected.txt")):
    if ln.strip() and not ln.startswith("#"):
        b_, suite_, n_, skip_ = ln.split()
        KUNIT_WANT.setdefault(b_, {})[suite_] = (
            int(n_), set() if skip_ == "-" else set(skip_.split(",")))
kunit_missing = []  # "boot suite: want N, got M"
# The KUnit boot of each machine (the patched kernel of its fw boot, KUnit
# only: the series' suite, and the rig's equivalence and fuzzer,
# rig/v2-overlay.sh), its stock boot and its summary prefix: kunit_boots()
KUNIT_BOOTS = [("kunit", "stock", ""), ("kunit9", "stock9", "p9_"), ("kunit8", "stock8", "p8_")]


def kunit_suites(b, cases):
    """Check boot B's KUnit cases (suite.case, result) against the list:
    every suite, its number of cases, and which of them skipped."""
    got, skips = {}, {}
    for case, r in cases:
        suite = case.split(".")[0]
        got[suite] = got.get(suite, 0) + 1
        if r == "skip":
            skips.setdefault(suite, set()).add(case.split(".")[-1])
    want = KUNIT_WANT.get(b, {})
    bad = ["%s %s: want %d cases, got %d" % (b, x, want.get(x, (0,))[0], got.get(x, 0))
           for x in sorted(set(want) | set(got)) if want.get(x, (0,))[0] != got.get(x, 0)]
    bad += ["%s %s: skipped %s, want %s" % (b, x, ",".join(sorted(skips.get(x, ()))) or "-",
                                            ",".join(sorted(want[x][1])) or "-")
            for x in sorted(want) if x in got and skips.get(x, set()) != want[x][1]]
    kunit_missing.extend(bad)
    check(not bad, "kunit suites on %s: %s" % (b, "; ".join(bad) or "as listed"))


# Kernel warnings (boot.py's warnings.txt: WARN_ON, RCU stalls, hung
# tasks) on a boot that its machine's stock boot does not show.
warn_new = []       # "boot: signature"


def read_lines(path):
    return [ln.rstrip("\n") for ln in open(path)] if os.path.exists(path) else None


def warnings_vs(b, ref):
    mine = read_lines(os.path.join(res, b, "warnings.txt"))
    base = set(read_lines(os.path.join(res, ref, "warnings.txt")) or []) if ref else set()
    new_ = sorted(set(w for w in (mine or []) if w not in base))
    if mine is None:
        new_ = ["no warnings.txt (boot.py did not read this boot)"]
    warn_new.extend("%s: %s" % (b, w) for w in new_)
    check(not new_, "kernel warnings on %s not on %s: %s" % (b, ref or "-", new_ or "none"))


def boot_without_tests(b, ref):
    """A boot that runs no selftests (the kunit boots, san, the short
    firmware boots): it finished without an oops, its KUnit suites are the
    listed ones (a skip only where kunit-expected.txt says) and pass, and it
    warned of nothing REF, its machine's stock boot, did not."""
    global skipped
    i = kv(os.path.join(res, b, "boot.txt"))
    check(i.get("completed") == "yes" and i.get("oops") == "no",
          "boot %s: completed=%s oops=%s killed=%s" % (
              b, i.get("completed"), i.get("oops"), i.get("killed")))
    cases = read_tsv(os.path.join(res, b, "kunit.tsv"))
    kunit_suites(b, cases)
    warnings_vs(b, ref)
    for case, r in cases:
        if r == "skip":
            skipped += 1
            continue
        check(r == "ok", "kunit %s on %s" % (case, b))
    return i


def pmu_logs(b):
    """Boot B's kernel lines about the PMU backend (boot.py's pmu_log)."""
    p = os.path.join(res, b, "boot.txt")
    return [ln.rstrip("\n").split(": ", 1)[1] for ln in open(p)
            if ln.startswith("pmu_log: ")] if os.path.exists(p) else []


# perf test must have run: fewer results than this on a boot is a failure
# (stock 6.12's perf test lists 88 tests and subtests on this rig's guest;
# the rig's perf is built without most libraries, so a handful skip).
PERF_TEST_MIN = 80


def compare(label, BOOTS, pre, machine):
    """Check the boots of one machine against its stock boot; add to the summary."""
    global skipped
    boots = [b for b in BOOTS if os.path.exists(os.path.join(res, b, "boot.txt"))]
    patched = [b for b in boots if b != BOOTS[0] or quick]
    NPATCHED = len(BOOTS) - (0 if quick else 1)
    ref = BOOTS[0]
    rows = list(step_rows) if not pre else []
    verd = {b: {r[0]: r[4] for r in read_tsv(os.path.join(res, b, "verdicts.tsv"))} for b in boots}
    info = {b: kv(os.path.join(res, b, "boot.txt")) for b in boots}
    for b in BOOTS:
        if b not in boots:
            check(False, "boot %s: no result" % b)
            continue
        ok = info[b].get("completed") == "yes" and info[b].get("oops") == "no"
        check(ok, "boot %s: completed=%s oops=%s killed=%s" % (
            b, info[b].get("completed"), info[b].get("oops"), info[b].get("killed")))

    nsame = diff = emu_n = new_pass = new_fail = by_evidence = fixed_stock_fail = 0
    suites = {}
    # the boots of the tests that run in boots of their own
    for b in sorted(set(b for (t, m), b in LONG.items() if m == machine and t in tests
                        and b != "-")):
        i = kv(os.path.join(res, b, "boot.txt"))
        check(i.get("completed") == "yes" and i.get("oops") == "no",
              "boot %s: completed=%s oops=%s killed=%s" % (
                  b, i.get("completed"), i.get("oops"), i.get("killed")))
        for r in read_tsv(os.path.join(res, b, "verdicts.tsv")):
            verd.setdefault(b, {})[r[0]] = r[4]
    for t in tests:
        if t in LONG_TESTS and not quick:
            lb = LONG.get((t, machine), "-")
            if lb == "-":
                skipped += 1
                rows.append((t, {b: "not run" for b in BOOTS}, "not run (rig/long-tests.txt)"))
                continue
            # stock alone: it must not finish, as its evidence says
            o = verd.get(lb, {}).get(t, "missing")
            shown = {BOOTS[0]: "%s (%s)" % (o, lb)}
            if unfinished(t, o) and toks(o) <= EVIDENCE.get((machine, t), set()):
                skipped += 1
                not_finished.append((machine, t, {lb: o}, True))
                rows.append((t, shown, "not checked (stock does not finish it)"))
                continue
            check(False, "selftest %s on %s: %s; stock finishing it (or without "
                  "evidence) means the patched boots must run it (rig/long-tests.txt)" % (
                      t, lb, o))
            rows.append((t, shown, "FAIL"))
            continue
        if t in emu:
            emu_n += 1
            skipped += 1
            rows.append((t, {b: "skip: emulator" for b in BOOTS}, "skip: emulator"))
            continue
        v = {b: verd.get(b, {}).get(t, "missing") for b in BOOTS}
        suite = os.path.dirname(t)
        for b in BOOTS:
            suites.setdefault((suite, b), {}).setdefault(v[b], 0)
            suites[(suite, b)][v[b]] += 1
        if [t, machine] in MUSTFAIL and t not in new and not quick:
            rows.append((t, v, "must fail on stock (below)"))
            continue
        if t in new:
            ok = all(v[b] == "pass" for b in patched) and len(patched) == NPATCHED
            # a test of what this CPU lacks (MMCR3 on POWER9) skips, and
            # skips on stock too: the same binary on the same machine
            cpu_skip = not ok and not quick and len(patched) == NPATCHED and \
                v[ref] == "skip" and all(v[b] == "skip" for b in patched)
            if cpu_skip:
                skipped += 1
                check(True, "new test %s skips as on stock: %s" % (t, v))
                rows.append((t, v, "new: skip (stock too)"))
                continue
            new_pass += ok
            new_fail += not ok
            check(ok, "new test %s: %s" % (t, v))
            rows.append((t, v, "new: " + ("pass" if ok else "FAIL")))
            continue
        if t in FIXED and not quick:
            ok = len(patched) == NPATCHED and all(v[b] == "pass" for b in patched)
            fixed_stock_fail += v[ref] != "pass"
            check(ok, "selftest %s, a stock bug the series fixes: %s" % (t, v))
            rows.append((t, v, ("fixed (stock: %s)" % v[ref]) if ok else "FAIL"))
            continue
        if quick:
            if v[BOOTS[0]] == "skip":
                skipped += 1
                rows.append((t, v, "skip"))
                continue
            ok = v[BOOTS[0]] == "pass"
            check(ok, "selftest %s: %s" % (t, v))
            rows.append((t, v, "pass" if ok else "FAIL"))
            continue
        # stock and every patched boot did not finish or did not reach the
        # asserts: nothing compared.  Not a pass: "not checked" when the
        # stock boots' evidence (emulator-evidence.tsv) shows stock gives
        # those outcomes, a failure when not.
        if len(patched) == NPATCHED and unfinished(t, v[ref]) and \
                all(unfinished(t, v[b]) for b in patched):
            seen = EVIDENCE.get((machine, t), set())
            evidenced = all(toks(v[b]) <= seen for b in BOOTS)
            not_finished.append((machine, t, v, evidenced))
            if evidenced:
                skipped += 1
                rows.append((t, v, "not checked (stock's evidence)"))
            else:
                check(False, "selftest %s did not finish or reach its asserts, stock "
                      "neither, and no stock boot's evidence shows it: %s" % (t, v))
                rows.append((t, v, "NOT FINISHED"))
            continue
        # a patched boot that did not finish while stock did: not compared
        ok = len(patched) == NPATCHED and v[ref] != "missing" and \
            all(same(machine, t, v[b], v[ref]) and
                (unfinished(t, v[ref]) or not unfinished(t, v[b])) for b in patched)
        nsame += ok
        diff += not ok
        check(ok, "selftest %s: %s" % (t, v))
        merged = ok and any(v[b] != v[ref] for b in patched)
        by_evidence += merged
        rows.append((t, v, ("same (seen on stock)" if merged else "same") if ok else "DIFF"))

    # the tests that exist to catch a stock bug must catch it here
    for t, m in MUSTFAIL:
        if m != machine or quick:
            continue
        v = {b: verd.get(b, {}).get(t, "missing") for b in BOOTS}
        ok = v[ref].startswith("fail") and len(patched) == NPATCHED and \
            all(v[b] == "pass" for b in patched)
        if not ok:
            mustfail_bad.append("%s %s" % (machine, t))
        check(ok, "selftest %s must fail on stock and pass on every patched boot: %s" % (t, v))

    kunit_pass = kunit_fail = kunit_skip = 0
    for b in boots:
        kunit_suites(b, read_tsv(os.path.join(res, b, "kunit.tsv")))
        if b != ref or quick:
            warnings_vs(b, None if quick else ref)
    for b in patched:
        for case, r in read_tsv(os.path.join(res, b, "kunit.tsv")):
            if r == "skip":
                kunit_skip += 1
                skipped += 1
                continue
            kunit_pass += r == "ok"
            kunit_fail += r != "ok"
            check(r == "ok", "kunit %s on %s" % (case, b))

    sysfs = {b: open(os.path.join(res, b, "sysfs.txt")).read()
             if os.path.exists(os.path.join(res, b, "sysfs.txt")) else None for b in boots}
    sysfs_ok = quick or ref in sysfs and bool(sysfs[ref]) and len(patched) == NPATCHED and \
        all(sysfs[b] == sysfs[ref] for b in patched)
    if not quick:
        check(sysfs_ok, "sysfs events/format/caps differ from stock")

    # perf as a client (rig/guest/perf-checks.sh): the PMU part of perf list,
    # perf stat counting every event, perf test and bad input, each as on stock.
    perf_list_ok = perf_stat_ok = None
    perf_same = perf_diff = 0
    perf_boots = [b for b in boots if info[b].get("perf_ran") == "yes"]
    if not quick:
        for b in BOOTS:
            check(b in perf_boots, "perf checks did not run to the end on %s" % b)

        def read_file(b, name):
            p = os.path.join(res, b, name)
            return open(p).read() if os.path.exists(p) else ""

        plist = {b: read_file(b, "perf_list.txt") for b in perf_boots}
        perf_list_ok = len(perf_boots) == len(BOOTS) and bool(plist[ref].strip()) and \
            all(plist[b] == plist[ref] for b in patched)
        check(perf_list_ok, "perf list pmu differs from stock")

        perf_stat_ok = len(perf_boots) == len(BOOTS)
        for b in perf_boots:
            want = info[b].get("perf_stat_events", "").split()
            got = dict((r[0], r[1]) for r in read_tsv(os.path.join(res, b, "perf_stat.tsv"))
                       if len(r) == 2)
            counted = [e for e in want if got.get(e, "").isdigit() and int(got[e]) > 0]
            ok = info[b].get("perf_stat_rc") == "0" and bool(want) and len(counted) == len(want)
            perf_stat_ok = perf_stat_ok and ok
            check(ok, "perf stat on %s: rc %s, counted %s of %s" % (
                b, info[b].get("perf_stat_rc"), counted, want))
            rows.append(("perf stat (%s): every event counted" % b, {b: "%d/%d" % (
                len(counted), len(want))}, "ok" if ok else "FAIL"))

        for kind, fname in (("perf test", "perf_test.tsv"), ("perf bad input", "perf_bad.tsv")):
            res_by = {b: dict((r[0], r[1]) for r in read_tsv(os.path.join(res, b, fname))
                              if len(r) == 2) for b in perf_boots}
            names = []
            for b in BOOTS:
                for k in res_by.get(b, {}):
                    if k not in names:
                        names.append(k)
            if kind == "perf test":
                for b in BOOTS:
                    n_ = len(res_by.get(b, {}))
                    check(n_ >= PERF_TEST_MIN, "perf test on %s: %d results (at least %d)" % (
                        b, n_, PERF_TEST_MIN))
            for k in names:
                v = {b: res_by.get(b, {}).get(k, "missing") for b in BOOTS}
                row = "%s: %s" % (kind, k)
                ok = v[ref] != "missing" and len(patched) == NPATCHED and \
                    all(same(machine, row, v[b], v[ref]) for b in patched)
                if kind == "perf test":
                    perf_same += ok
                    perf_diff += not ok
                    shown = {b: v[b].split(" (")[0] for b in BOOTS}
                else:
                    shown = {b: v[b][:15] for b in BOOTS}
                check(ok, "%s %s: %s" % (kind, k, v))
                rows.append((row, shown, "same" if ok else "DIFF"))


    w = max([len(r[0]) for r in rows] + [10])
    out = ["%s" % label,
           "%-*s  " % (w, "test") + "".join("%-15s " % b for b in BOOTS) + "patched = stock"]
    for name, v, st in rows:
        out.append("%-*s  " % (w, name) + "".join("%-15s " % v.get(b, "") for b in BOOTS) + st)
    tables.append("\n".join(out))

    nf = [x for x in not_finished if x[0] == machine]
    summary.extend([
        (pre + "not_finished_on_both", len(nf)),
        (pre + "not_finished_on_both_evidenced", len([x for x in nf if x[3]])),
        (pre + "not_finished_on_both_which", " ".join(
            "%s%s" % (x[1].split("/")[-1], "" if x[3] else "(no evidence)") for x in nf) or "-"),
        (pre + "boots", len(boots)),
        (pre + "selftests_total", len(tests)),
        (pre + "selftests_run", len(tests) - emu_n),
        (pre + "selftests_emulator_skip", emu_n),
        (pre + "selftests_same_as_stock", nsame),
        (pre + "selftests_same_by_evidence", by_evidence),
        (pre + "selftests_diff", diff),
        (pre + "new_tests_pass", new_pass),
        (pre + "new_tests_fail", new_fail),
        (pre + "kunit_pass", kunit_pass),
        (pre + "kunit_fail", kunit_fail),
        (pre + "kunit_skip", kunit_skip),
        (pre + "sysfs_identical", "n/a" if quick else "yes" if sysfs_ok else "no"),
        (pre + "perf_list_identical", "n/a" if quick else "yes" if perf_list_ok else "no"),
        (pre + "perf_stat_ok", "n/a" if quick else "yes" if perf_stat_ok else "no"),
        (pre + "perf_test_same", "n/a" if quick else perf_same),
        (pre + "perf_test_diff", "n/a" if quick else perf_diff),
    ])
    for b in BOOTS:
        summary.append(("boot_%s_seconds" % b, info.get(b, {}).get("seconds", "-")))
        summary.append(("boot_%s_pmu" % b, " | ".join(pmu_logs(b) if b in boots else []) or "-"))
    for b in BOOTS:
        if b.startswith("fw"):
            firmware(b, info.get(b), pre, rows)
    if "fw" in BOOTS and not quick:
        default_mode(rows)
        firmware_short(rows)
    # the sampling path the emulator runs: samples delivered, BHRB read
    samp = [t for t in tests if t.startswith("pmu/sampling_tests/") and t not in emu]
    bhrb = [t for t in samp if "/mmcra_bhrb_" in t]
    ran = {b: len([t for t in bhrb if verd.get(b, {}).get(t, "missing") not in
                   ("missing", "notrun", "hang", "skip")]) for b in BOOTS}
    if not quick:
        summary.append((pre + "bhrb_tests_run", min(ran.values())))
        summary.append((pre + "bhrb_tests_run_by_boot",
                        " ".join("%s=%d" % (b, ran[b]) for b in BOOTS)))
        desc = [b for b in BOOTS if b.startswith("fw")][0]
        for b, key in ((ref, "stock"), (desc, desc.rstrip("98"))):
            summary.append((pre + "sampling_pass_" + key, len(
                [t for t in samp if verd.get(b, {}).get(t) == "pass"])))
        summary.append((pre + "qemu_version", info.get(ref, {}).get("qemu_version", "-")))
        # the upstream EBB suite (pmu/ebb/, the series' own tests left out):
        # passes per boot, and how each test is compared: strictly, or
        # among the outcomes stock boots gave (rig/emulator-flaky.txt)
        ebb = [t for t in tests if t.startswith("pmu/ebb/") and t not in new]
        for b in BOOTS:
            summary.append((pre + "ebb_pass_" + b.rstrip("98"), len(
                [t for t in ebb if verd.get(b, {}).get(t) == "pass"])))
        summary.append((pre + "ebb_upstream", len(ebb)))
        # the upstream EBB tests that ran to an end on every boot
        summary.append((pre + "ebb_upstream_run", len(
            [t for t in ebb if t not in emu and
             all(not unfinished(t, verd.get(b, {}).get(t, "missing")) and
                 verd.get(b, {}).get(t) != "skip" for b in BOOTS)])))
        summary.append((pre + "ebb_emulator_skip", len([t for t in ebb if t in emu])))
        by_ev = [t for t in ebb if t not in emu and t not in FIXED and (machine, t) in SEEN]
        summary.append((pre + "ebb_strict", len([t for t in ebb if t not in emu and
                                                  t not in LONG_TESTS]) - len(by_ev)))
        summary.append((pre + "ebb_own_boots", len([t for t in ebb if t in LONG_TESTS])))
        summary.append((pre + "ebb_by_evidence", len(by_ev)))
        summary.append((pre + "ebb_stock_fixed", len([t for t in ebb if t in FIXED])))
        summary.append((pre + "ebb_stock_fixed_failed_on_stock", fixed_stock_fail))
        summary.append((pre + "ebb_by_evidence_which",
                        " ".join(t.split("/")[-1] for t in by_ev) or "-"))
    # tests the guest ran again after a failure (rig/emulator-retry.txt):
    # the last attempt was compared above; the earlier ones are reported
    retried = ["%s %s: %s, then %s" % (b, r[0], r[1], r[2]) for b in boots
               for r in read_tsv(os.path.join(res, b, "retries.tsv"))]
    retries.extend(retried)
    summary.append((pre + "emulator_retries", len(retried)))
    summary.append((pre + "emulator_retried", " | ".join(retried) or "-"))
    for (suite, b), counts in sorted(suites.items()):
        summary.append(("verdicts_%s_%s" % (b, suite.replace("/", "_")),
                        " ".join("%s=%d" % kv_ for kv_ in sorted(counts.items()))))


SKIBOOT_PATCHES = len([f for f in os.listdir(os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware", "skiboot"))
    if re.match(r"\d{4}-.*\.patch$", f) and not f.startswith("0000-")])


def rig_skiboot(info):
    """The rig's skiboot ran: the version it printed at boot
    ("v7.1-106-g785a5e30+rig.2") ends in "+rig.N", N the patches of
    firmware/skiboot/ (rig/skiboot.sh).  The match (version, N) or None."""
    m = re.match(r"(\S+)\+rig\.(\d+)$", info.get("firmware", "-"))
    return m if m and int(m.group(2)) == SKIBOOT_PATCHES else None


def firmware(b, info, pre, rows):
    """A firmware boot (fw, fw9, fw8): skiboot with firmware/skiboot/
    (rig/skiboot.sh) put its description under /pmus, and the kernel
    (CONFIG_PPC_PMU_DT_PREFER) runs the PMU from that node."""
    info = info or {}
    p = os.path.join(res, b, "boot.txt")
    lines = [ln.rstrip("\n").split(": ", 1) for ln in open(p) if ": " in ln] \
        if os.path.exists(p) else []
    line = [v for v in pmu_logs(b) if v.startswith("isa207-dt: ")]
    m = rig_skiboot(info)
    said = [v for k, v in lines if k == "firmware_pmu"]
    ok = info.get("completed") == "yes" and bool(m) and \
        any("added under /pmus" in x for x in said) and \
        len(line) == 1 and bool(re.match(r"isa207-dt: \S+ PMU from /pmus/pmu@0$", line[0]))
    check(ok, "firmware boot %s: skiboot %s said %s; backend %s" % (
        b, info.get("firmware", "-"), said, line))
    rows.append(("firmware boot: backend from skiboot's node", {b: "yes" if ok else "no"},
                 "ok" if ok else "FAIL"))
    summary.extend([
        (pre + "firmware_producer", "skiboot %s + %s patches" % m.groups() if m else "-"),
        (pre + "firmware_boot", "yes" if ok else "no"),
        (pre + "firmware_backend_line", line[0] if line else "-"),
    ])


def default_mode(rows):
    """auto: the series in its default mode (the default kernel) on the
    rig's skiboot, its description in the tree: the hand-coded backend,
    and the node not read (no isa207-dt: line)."""
    i = kv(os.path.join(res, "auto", "boot.txt"))
    logs = pmu_logs("auto")
    auto = [x for x in logs if "hardware support registered" in x]
    unused = [x for x in logs if x.startswith("isa207-dt: ")]
    auto_ok = bool(rig_skiboot(i)) and \
        auto == ["POWER10 performance monitor hardware support registered"] and not unused
    check(auto_ok, "default mode: firmware %s, backend %s, description lines %s" % (
        i.get("firmware", "-"), auto, unused))
    rows.append(("default mode: the hand-coded model kept, the node not read",
                 {"auto": "yes" if auto_ok else "no"}, "ok" if auto_ok else "FAIL"))
    summary.extend([
        ("firmware_auto_line", auto[0] if auto else "-"),
        ("firmware_auto_description_lines", " | ".join(unused) or "-"),
    ])


def broken_node(lines):
    """The kernel's lines on fw-broken's skiboot (rig/skiboot.sh): the node
    refused once, with the property at fault named (ibm,code), "not used",
    and the hand-coded POWER10 backend registered, alone.  (ok, the
    refusals, the backends registered)"""
    rejected = [x for x in lines if x.startswith("isa207-dt: /pmus/pmu@0")
                and not x.endswith(": not used")]
    notused = [x for x in lines if x == "isa207-dt: /pmus/pmu@0: not used"]
    fallback = [x for x in lines if "hardware support registered" in x]
    ok = len(rejected) == 1 and "ibm,code" in rejected[0] and len(notused) == 1 \
        and fallback == ["POWER10 performance monitor hardware support registered"]
    return ok, rejected, fallback


def firmware_short(rows):
    """The short firmware boot (rig/guest/fw-stage.sh): fw-broken, skiboot
    built with a broken description (rig/skiboot.sh), refused with a
    fallback."""
    b = "fw-broken"
    p = os.path.join(res, b, "boot.txt")
    i = boot_without_tests(b, "stock")
    # the rig's skiboot ran (the one built with the broken node)
    check(bool(rig_skiboot(i)), "firmware of %s: %s" % (b, i.get("firmware", "-")))
    fw = [ln.rstrip("\n").split(": ", 1) for ln in open(p) if ln.startswith("fw_")] \
        if os.path.exists(p) else []
    stages = [v for k, v in fw if k == "fw_stage"]
    check(stages == ["broken"], "firmware stages run: %s" % stages)
    pmu = {}
    for k, v in fw:
        if k == "fw_pmu":
            st, line = v.split(" ", 1)
            pmu.setdefault(st, []).append(line)
    # the broken node refused, and the hand-coded backend runs the tests
    node_ok, rejected, fallback = broken_node(pmu.get("broken", []))
    results = [v.split() for k, v in fw if k == "fw_result"]
    want = [ln.strip() for ln in open(os.path.join(os.path.dirname(skip_path),
                                                   "fw-broken-tests.txt"))
            if ln.strip() and not ln.startswith("#")]
    tests_ok = [r[0] for r in results if r[1:] == ["pass"]] == want
    fb_ok = node_ok and tests_ok
    check(fb_ok, "firmware broken node: rejected %s, backend %s, tests %s" % (
        rejected, fallback, results))
    rows.append(("firmware boot: broken node refused, fallback runs",
                 {"fw-broken": "yes" if fb_ok else "no"}, "ok" if fb_ok else "FAIL"))
    summary.extend([
        ("firmware_stages", " ".join(stages)),
        ("firmware_broken_rejection", " | ".join(rejected) or "-"),
        ("firmware_broken_backend_line", fallback[0] if fallback else "-"),
        ("firmware_broken_tests", " ".join("%s=%s" % (r[0], r[1]) for r in results) or "-"),
        ("firmware_broken_fallback", "yes" if fb_ok else "no"),
    ])


for label, group, pre, machine in GROUPS:
    # a group none of whose boots ran is not part of this run
    if pre and not any(os.path.exists(os.path.join(res, b)) for b in group):
        continue
    where = machine
    compare(label, group, pre, machine)

# the sizes the rig asks for (rig/test.sh): the equivalence's sweeps of
# random codes and groups per model, the fuzzer's mutants in all
EQUIV_CODES_MIN = 10 ** 6
EQUIV_GROUPS_MIN = 10 ** 4
FUZZ_MUTANTS_MIN = 10 ** 5


def kunit_boots():
    """kunit, kunit9, kunit8: the series' KUnit suite and the rig's
    (rig/v2-overlay.sh) on each machine: equivalence of the model from C
    (equiv_c) and from the firmware series' description (equiv_dt) with the
    base tree's isa207-common.c and alternatives, the refused weakenings
    (refuses_p10), the fuzzer (fuzz_mutants) and forward compatibility
    (fuzz_unknown)."""
    global where
    fz = []
    for b, ref, pre in KUNIT_BOOTS:
        where = b
        i = boot_without_tests(b, ref)
        summary.append(("boot_%s_seconds" % b, i.get("seconds", "-")))
        diffs = 0
        for case in ("equiv_c", "equiv_dt"):
            n = {k[len(case) + 1:]: v for k, v in i.items() if k.startswith(case + "_")}
            d = sum(int(v) for k, v in n.items() if k.endswith("differently"))
            diffs += d
            summary.append((pre + case, " ".join("%s=%s" % kv_ for kv_ in sorted(n.items())) or "-"))
            # the random codes (those of perf's JSON lists are counted apart)
            rnd = int(n.get("codes", 0)) - int(n.get("json", 0))
            check(rnd >= EQUIV_CODES_MIN and int(n.get("groups", 0)) >= EQUIV_GROUPS_MIN,
                  "%s%s: %d random codes, %s groups, want >= %d and >= %d" % (
                      pre, case, rnd, n.get("groups", "-"), EQUIV_CODES_MIN, EQUIV_GROUPS_MIN))
            # every event code of perf's JSON lists, on each PMC field value
            check(int(n.get("json", 0)) >= 100 * 14, "%s%s: %s cases of perf's JSON codes" % (
                pre, case, n.get("json", "-")))
            check(d == 0, "%s%s: %d differences" % (pre, case, d))
        summary.append((pre + "equiv_diffs", diffs))
        summary.append((pre + "refuses_weakenings", i.get("refuses_refused", "-")))
        fz.append(i)
        summary.append((pre + "fuzz_unknown", "%s of %s the same model" % (
            i.get("fuzz_unknown_same", "-"), i.get("fuzz_unknown_runs", "-"))))
        check(i.get("fuzz_unknown_runs", "0") != "0" and
              i.get("fuzz_unknown_same") == i.get("fuzz_unknown_runs"),
              "%sforward compatibility: %s of %s unknown properties and nodes give the same model" % (
                  pre, i.get("fuzz_unknown_same"), i.get("fuzz_unknown_runs")))
        # the corpus (each property of the CPU's description changed),
        # the unsafe descriptions of rig/v2/attack/ for the CPU, and each
        # allocation of the setup failed in turn
        for what, keys in (("corpus", ("cases", "refused", "accepted", "unnamed", "violations")),
                           ("attacks", ("cases", "refused", "accepted", "unnamed", "violations")),
                           ("failslab", ("allocations", "refused", "enomem", "accepted", "leaked"))):
            got = {k: i.get("%s_%s" % (what, k)) for k in keys}
            summary.append((pre + what, " ".join("%s=%s" % (k, v or "-") for k, v in got.items())))
            if None in got.values():
                check(False, "%s%s: no result line" % (pre, what))
                continue
            n = {k: int(v) for k, v in got.items()}
            if what == "failslab":
                # refused as out of memory, not as a bad description, and
                # what the refused setup made freed
                check(n["allocations"] > 0 and n["accepted"] == 0 and
                      n["enomem"] == n["allocations"] and n["leaked"] == 0,
                      "%sfailslab: each of %d allocations failed in turn, %d accepted, "
                      "%d refused with -ENOMEM, %d allocations not freed" % (
                          pre, n["allocations"], n["accepted"], n["enomem"], n["leaked"]))
            else:
                # the corpus must refuse some of its mutants (a reader that
                # refuses nothing reads nothing); an unsafe description may
                # be accepted when it breaks nothing
                check(n["cases"] > 0 and (n["refused"] > 0 or what == "attacks") and
                      n["unnamed"] == 0 and n["violations"] == 0,
                      "%s%s: %s" % (pre, what, summary[-1][1]))
        summary.append((pre + "attack_verdicts", i.get("attack_verdicts", "-")))
        # the firmware series' Power12 description against mainline's
        # Power12 tables (ISA 3.1: the POWER10 boot only)
        if not pre:
            p12 = {k: i.get("power12_" + k) for k in ("events", "formats", "differences")}
            summary.append(("power12_vs_mainline", " ".join(
                "%s=%s" % (k, v or "-") for k, v in p12.items())))
            check(p12["events"] not in (None, "0") and p12["formats"] not in (None, "0") and
                  p12["differences"] == "0", "Power12 against mainline's tables: %s" % summary[-1][1])
    where = "kunit"
    total = {k: sum(int(i.get(k, 0)) for i in fz) for k in
             ("fuzz_mutants", "fuzz_accepted", "fuzz_violations", "fuzz_groups_fit")}
    for k, v in total.items():
        summary.append((k, v))
    check(total["fuzz_mutants"] >= FUZZ_MUTANTS_MIN and total["fuzz_accepted"] > 0
          and total["fuzz_violations"] == 0, "fuzzer: %s" % total)
    # a new seed every boot (the fuzzer draws one), printed to replay
    summary.append(("fuzz_seed", " ".join(i.get("fuzz_seed", "-") for i in fz)))
    check(len(fz) == len(KUNIT_BOOTS) and all(i.get("fuzz_seed", "0x00000000") not in
                                              ("0x00000000", "-") for i in fz),
          "fuzzer seeds printed: %s" % summary[-1][1])


def sanitizers():
    """san: the series' kernel on Linux 7.2.6 (rig/upstream.sh) with KASAN
    and kmemleak, the described backend tried first, on the rig's skiboot
    with the broken node (fw-broken's): the node refused and what its
    reading made freed, the hand-coded backend in use; its KUnit suites
    (the reader on the descriptions and on 2,000 mutants of each), then a
    kmemleak scan (rig/guest/san.sh)."""
    global where
    where = "san"
    san = kv(os.path.join(res, "san", "boot.txt"))
    boot_without_tests("san", "stock")
    summary.append(("boot_san_seconds", san.get("seconds", "-")))
    fw_ok = bool(rig_skiboot(san))
    check(fw_ok, "firmware of san: %s" % san.get("firmware", "-"))
    # the boot's lines up to the first backend registered: the KUnit
    # suites' refusals come later
    logs = pmu_logs("san")
    reg = [j for j, x in enumerate(logs) if "hardware support registered" in x]
    node_ok = fw_ok and broken_node(logs[:reg[0] + 1] if reg else logs)[0]
    summary.append(("san_broken_node", "yes" if node_ok else "no"))
    check(node_ok, "san broken node: refused, the table in use: %s" % logs)
    # the sanitizers were in the kernel: their own boot lines
    for k in ("kasan_live", "kmemleak_live"):
        summary.append((k, san.get(k, "no")))
        check(san.get(k) == "yes", "%s: %s (rig/sanitize.config built in?)" % (k, san.get(k)))
    for k in ("kasan_reports", "kmemleak_leaks"):
        summary.append((k, san.get(k, "-")))
    check(san.get("kasan_reports") == "0", "KASAN reports: %s" % san.get("kasan_reports"))
    check(san.get("kmemleak_leaks") == "0", "kmemleak leaks: %s" % san.get("kmemleak_leaks"))
    summary.append(("san_fuzz_mutants", san.get("fuzz_mutants", "-")))
    check(int(san.get("fuzz_mutants", 0)) > 0, "san: the fuzzer ran (%s mutants)" % san.get(
        "fuzz_mutants", "-"))


def newer_upstream():
    """The series on a newer upstream kernel (rig/upstream.sh): every patch
    applied with git am -3, the build warned of nothing, and the san boot
    ran that kernel (its KUnit suites: sanitizers())."""
    global where
    where = "upstream"
    u = kv(os.path.join(res, "upstream.txt"))
    # upstream_rig_fixes: the rig's fixes to 7.2.6's own code
    # (rig/upstream-fixes/), applied after the series
    for k in ("upstream_kernel", "upstream_source", "upstream_patches", "upstream_3way",
              "upstream_rig_fixes", "upstream_build_warnings"):
        summary.append((k, u.get(k, "-")))
    pdir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "patches")
    npatch = len([f for f in os.listdir(pdir) if re.match(r"0\d+-", f) and f[:5] != "0000-"])
    check(u.get("upstream_patches") == str(npatch) and u.get("upstream_build_warnings") == "0",
          "series on Linux %s: %s of %d patches applied, %s build warnings" % (
              u.get("upstream_kernel", "-"), u.get("upstream_patches", "-"), npatch,
              u.get("upstream_build_warnings", "-")))
    con = os.path.join(res, "san", "console.log")
    banner = re.search(r"Linux version (\S+)", open(con, errors="replace").read()) \
        if os.path.exists(con) else None
    ran = banner.group(1) if banner else "-"
    summary.append(("upstream_boot_kernel", ran))
    check(u.get("upstream_kernel", "-") != "-" and ran.startswith(u.get("upstream_kernel", "-")),
          "san boot ran Linux %s, the upstream tree is %s" % (ran, u.get("upstream_kernel", "-")))


if not quick:
    kunit_boots()
    sanitizers()
    newer_upstream()
where = "build"
check(not UNSEEN, "emulator-flaky.txt tokens no stock boot gave: %s" % (" | ".join(UNSEEN) or "-"))
summary.append(("flaky_tokens_unseen", len(UNSEEN)))
if not quick:
    summary.append(("stock_must_fail_ok", "no" if mustfail_bad else "yes"))
    summary.append(("stock_must_fail_which", " ".join("%s %s" % (m, t.split("/")[-1])
                                                      for t, m in MUSTFAIL) or "-"))
# the pre-assert rule reads the selftests' source: without it no outcome
# could be told to have stopped before its asserts
check(quick or bool(SRC) and os.path.isdir(SRC),
      "selftest source for rig/pre-assert.txt: %s" % (SRC or "RIG_SELFTEST_SRC not set"))
summary.append(("flaky_tokens_unseen_which", " | ".join(UNSEEN) or "-"))
summary.append(("kunit_suites_missing", len(kunit_missing)))
summary.append(("kunit_suites_missing_which", " | ".join(kunit_missing) or "-"))
summary.append(("warnings_not_on_stock", len(warn_new)))
summary.append(("warnings_not_on_stock_which", " | ".join(warn_new) or "-"))
for name, sec in times:
    summary.append(("time_" + name, sec))
# the kunit boots overlap the builds: the steps add up to more than the wall time
summary.append(("time_sum_of_steps_and_boots", sum(int(x) for _, x in times if x.isdigit())))
if os.environ.get("RIG_T0", "").isdigit():
    import time
    wall = int(time.time()) - int(os.environ["RIG_T0"])
    summary.append(("time_wall", wall))
    # CI stops a run at 90 min and says nothing; the rig stops at 85
    # (rig/test.sh) and fails a run that got here past that
    check(wall <= 85 * 60, "make test's wall time: %d s, limit 5100" % wall)

summary.append(("checks_passed", passed))
summary.append(("checks_failed", failed))
with open(os.path.join(res, "summary.txt"), "w") as f:
    for k, v in summary:
        f.write("%s: %s\n" % (k, v))
with open(os.path.join(res, "retries.txt"), "w") as f:
    f.write("".join(x + "\n" for x in retries))
with open(os.path.join(res, "checks.txt"), "w") as f:
    f.write("\n".join(checks) + "\n")
table = "\n\n".join(tables)
open(os.path.join(res, "verdicts.txt"), "w").write(table + "\n")

print(table)
print()
for k, v in summary:
    print("%s: %s" % (k, v))
for x in fails:
    print("FAILED: " + x)
print()
print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
sys.exit(1 if failed else 0)
