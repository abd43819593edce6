#!/usr/bin/env python3
"""Compare the boots' results and print the verdict table.

usage: [RIG_SELFTEST_SRC=DIR] [RIG_T0=EPOCH] compare.py RESULTS_DIR
                  SELFTESTS_ALL NEW_TESTS EMULATOR_SKIP STEPS [--only BOOT]

RIG_SELFTEST_SRC: the patched tree's tools/testing/selftests/powerpc, read
by the pre-assert rule (without it a full comparison fails a check);
RIG_T0: make test's start (time_wall).

Boots are compared in groups, each against the stock kernel on the same
machine: stock, legacy, fw (QEMU powernv10) and stock9, fw9 (powernv9);
a group whose boots did not run at all is left out (make test-quick:
--only BOOT, that boot alone, no stock).  The other boots are checked on
their own: dt and dt9 (builtin_short()), fw-auto and fw-broken
(firmware_short()), the fuzz boots and san (fuzz_and_sanitizers()), up
(newer_upstream()), lost (rig/long-tests.txt).

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
  - the firmware, fuzzer, sanitizer, schema/kernel and upstream checks
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
GROUPS = [("POWER10 (powernv10)", ["stock", "legacy", "fw"], "", "powernv10"),
          ("POWER9 (powernv9)", ["stock9", "fw9"], "p9_", "powernv9")]
# The boot of each machine that runs the built-in description: its KUnit
# figures are the summary's.  dt and dt9 are short boots (KUnit, sysfs and
# the description dump, no selftests: builtin_short()); fw and fw9 run the
# tests with the same tables, read from skiboot's node (skiboot's copy is
# the built-in description byte for byte, make check step 9; the kernel
# refuses a firmware node whose tables differ from its built-in ones; and
# the dumps must be equal: description_dumps()).
BUILTIN = {"": "dt", "p9_": "dt9"}
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
FUZZ_BOOTS = [("fuzz-a", "stock"), ("fuzz-b", "stock"), ("fuzz-a9", "stock9"),
              ("fuzz-b9", "stock9")]


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
    """A boot that runs no selftests (the fuzz boots, san, dt, dt9, the short
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
    # the DT boot's KUnit figures (issues 3, 4 and 5): dt or dt9, not fw
    dtinfo = kv(os.path.join(res, BOOTS[0] if quick else BUILTIN[pre], "boot.txt"))
    for key in ("malformed_cases", "malformed_failures", "equiv_events", "equiv_events_cases",
                "equiv_random_codes", "equiv_random_groups", "equiv_random_groups_schedulable",
                "equiv_unknown_cpu_events"):
        if key in dtinfo:
            summary.append((pre + key, dtinfo[key]))
    # the equivalence sweeps at the size the rig asks for (rig/test.sh:
    # their defaults are small; a lost command-line parameter shrinks them)
    for key, least in (("equiv_random_codes", 1000000), ("equiv_random_groups", 10000)):
        if key in dtinfo:
            check(int(dtinfo[key]) >= least, "%s%s: %s, want >= %d" % (pre, key, dtinfo[key], least))
    # the built-in Power12 description against mainline's Power12 tables
    # (dts_test_power12; its compute path needs an ISA 3.1 CPU, so POWER10)
    if "power12_tables_equal" in dtinfo:
        v = dtinfo["power12_tables_equal"]
        summary.append((pre + "power12_tables_equal", v))
        # POWER9 shows the tables only ("tables-only"): yes needs POWER10
        check(v == "yes" or (pre and v == "tables-only"), "%spower12_tables_equal: %s" % (pre, v))
    diff_keys = [k for k in dtinfo if k.startswith("equiv_") and k.endswith("_diffs")]
    if diff_keys:
        summary.append((pre + "equiv_diffs", sum(int(dtinfo[k]) for k in diff_keys)))
    for b in BOOTS:
        summary.append(("boot_%s_seconds" % b, info.get(b, {}).get("seconds", "-")))
        summary.append(("boot_%s_pmu" % b, " | ".join(pmu_logs(b) if b in boots else []) or "-"))
    for b in BOOTS:
        if b.startswith("fw"):
            firmware(b, info.get(b), pre, rows)
    if "fw" in BOOTS:
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
        desc = [b for b in BOOTS if b.startswith(("dt", "fw"))][0]
        for b, key in ((ref, "stock"), (desc, desc.rstrip("9"))):
            summary.append((pre + "sampling_pass_" + key, len(
                [t for t in samp if verd.get(b, {}).get(t) == "pass"])))
        summary.append((pre + "qemu_version", info.get(ref, {}).get("qemu_version", "-")))
        # the upstream EBB suite (pmu/ebb/, the series' own tests left out):
        # passes per boot, and how each test is compared: strictly, or
        # among the outcomes stock boots gave (rig/emulator-flaky.txt)
        ebb = [t for t in tests if t.startswith("pmu/ebb/") and t not in new]
        for b in BOOTS:
            summary.append((pre + "ebb_pass_" + b.rstrip("9"), len(
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
    """A firmware boot (fw, fw9): skiboot with firmware/skiboot/
    (rig/skiboot.sh) put its description under /pmus, and the kernel
    (powerpc_pmu=dt) runs the PMU from that node."""
    info = info or {}
    p = os.path.join(res, b, "boot.txt")
    lines = [ln.rstrip("\n").split(": ", 1) for ln in open(p) if ": " in ln] \
        if os.path.exists(p) else []
    line = [v for v in pmu_logs(b) if v.startswith("powerpc_pmu=")]
    m = rig_skiboot(info)
    said = [v for k, v in lines if k == "firmware_pmu"]
    ok = info.get("completed") == "yes" and bool(m) and \
        any("added under /pmus" in x for x in said) and \
        bool(line) and "firmware node /pmus/" in line[0]
    check(ok, "firmware boot %s: skiboot %s said %s; backend %s" % (
        b, info.get("firmware", "-"), said, line))
    rows.append(("firmware boot: backend from skiboot's node", {b: "yes" if ok else "no"},
                 "ok" if ok else "FAIL"))
    summary.extend([
        (pre + "firmware_producer", "skiboot %s + %s patches" % m.groups() if m else "-"),
        (pre + "firmware_boot", "yes" if ok else "no"),
        (pre + "firmware_backend_line", line[0] if line else "-"),
    ])


def firmware_short(rows):
    """The short firmware boots (rig/guest/fw-stage.sh): fw-auto, the
    default mode with skiboot's description in the tree; fw-broken, skiboot
    built with a broken one (rig/fw-broken.dts), refused with a fallback."""
    fw = []
    for b in ("fw-auto", "fw-broken"):
        p = os.path.join(res, b, "boot.txt")
        i = boot_without_tests(b, "stock")
        # the rig's skiboot ran (fw-broken: the one built with the broken node)
        check(bool(rig_skiboot(i)),
              "firmware of %s: %s" % (b, i.get("firmware", "-")))
        if os.path.exists(p):
            fw += [ln.rstrip("\n").split(": ", 1) for ln in open(p) if ln.startswith("fw_")]
    stages = [v for k, v in fw if k == "fw_stage"]
    check(stages == ["auto", "broken"], "firmware stages run: %s" % stages)
    pmu = {}
    for k, v in fw:
        if k == "fw_pmu":
            st, line = v.split(" ", 1)
            pmu.setdefault(st, []).append(line)
    auto = [x for x in pmu.get("auto", []) if x.startswith("powerpc_pmu=")]
    # the default keeps the hand-coded model of a CPU that has one, even
    # with a valid description in the boot tree (powerpc_pmu= precedence)
    # ... and says, in one line, that the firmware's node is not read
    unused = [x for x in pmu.get("auto", []) if x.startswith("dts-pmu: firmware node /pmus/")
              and " not used: " in x]
    auto_ok = bool(auto) and auto[0].endswith("PMU from the hand-coded backend") and \
        len(unused) == 1
    check(auto_ok, "firmware boot, powerpc_pmu=auto: backend %s, unused node %s" % (auto, unused))
    rows.append(("firmware boot: auto keeps the hand-coded model, names the node",
                 {"fw-auto": "yes" if auto_ok else "no"}, "ok" if auto_ok else "FAIL"))
    broken = pmu.get("broken", [])
    rejected = [x for x in broken if "rejected" in x]
    fallback = [x for x in broken if x.startswith("powerpc_pmu=")]
    results = [v.split() for k, v in fw if k == "fw_result"]
    want = [ln.strip() for ln in open(os.path.join(os.path.dirname(skip_path),
                                                   "fw-broken-tests.txt"))
            if ln.strip() and not ln.startswith("#")]
    tests_ok = [r[0] for r in results if r[1:] == ["pass"]] == want
    fb_ok = len(rejected) == 1 and "pmc1" in rejected[0] and "register-width" in rejected[0] \
        and bool(fallback) and "firmware" not in fallback[0] and tests_ok
    check(fb_ok, "firmware broken node: rejected %s, backend %s, tests %s" % (
        rejected, fallback, results))
    rows.append(("firmware boot: broken node refused, fallback runs",
                 {"fw-broken": "yes" if fb_ok else "no"}, "ok" if fb_ok else "FAIL"))
    summary.extend([
        ("firmware_stages", " ".join(stages)),
        ("firmware_auto_line", auto[0] if auto else "-"),
        ("firmware_auto_unused_line", unused[0] if unused else "-"),
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

def fuzz_and_sanitizers():
    """The fuzzer (its own boots, fuzz on powernv10 and fuzz9 on powernv9,
    half the mutants each), the sanitizer boot (san) and the schema/kernel
    differential (issue 15)."""
    global where
    where = "san"
    info = {b: kv(os.path.join(res, b, "boot.txt")) for b in ["dt", "san"] + [
        f for f, _ in FUZZ_BOOTS]}
    for b, ref in FUZZ_BOOTS:
        boot_without_tests(b, ref)
        summary.append(("boot_%s_seconds" % b, info[b].get("seconds", "-")))
    fz = [info[b] for b, _ in FUZZ_BOOTS if "fuzz_mutants" in info[b]]
    total = {k: sum(int(i.get(k, 0)) for i in fz) for k in
             ("fuzz_mutants", "fuzz_accepted", "fuzz_invariant_violations",
              "fuzz_groups_scheduled")}
    check(len(fz) == len(FUZZ_BOOTS) and total["fuzz_mutants"] >= 50000 and total["fuzz_accepted"] > 0
          and total["fuzz_invariant_violations"] == 0,
          "fuzzer: %s" % total)
    summary.extend(total.items())
    # a new seed every boot (the fuzzer draws one), printed to replay
    summary.append(("fuzz_seed", " ".join(info[b].get("fuzz_seed", "-") for b, _ in FUZZ_BOOTS)))
    check(all(info[b].get("fuzz_seed", "0x0") != "0x0" for b, _ in FUZZ_BOOTS),
          "fuzzer seeds printed: %s" % summary[-1][1])
    # issue 22: the four-cell form and forward compatibility (dt boot's KUnit)
    dt = info["dt"]
    four = dt.get("fourcell_copies", "0") == "2" and dt.get("fourcell_copies_equal") == "2"
    summary.append(("fourcell_equal", "yes" if four else "no"))
    check(four, "four-cell copies of both built-ins equal: %s of %s" % (
        dt.get("fourcell_copies_equal"), dt.get("fourcell_copies")))
    fc = int(dt.get("forward_compat_cases", 0))
    fc_ok = fc >= 3 and dt.get("forward_compat_equal") == str(fc)
    summary.append(("forward_compat_cases", fc if fc_ok else "%d (%s equal)" % (
        fc, dt.get("forward_compat_equal"))))
    check(fc_ok, "forward compatibility: %s cases, %s equal" % (
        fc, dt.get("forward_compat_equal")))
    # issue 25: skiboot 783e33f1's node (dt boot's KUnit, dts_test_rfc_node):
    # its four forms read, its errors refused one by one, the corrected
    # node equal to the built-in description
    rfc_ok = dt.get("rfc_node_forms") == "0xf" and dt.get("rfc_node_corrected_equal") == "equal" \
        and int(dt.get("rfc_node_errors", 0)) > 0
    for k in ("rfc_node_errors", "rfc_node_parser_errors", "rfc_node_builtin_errors",
              "rfc_node_forms"):
        summary.append((k, dt.get(k, "-")))
    check(rfc_ok, "the RFC's skiboot node: forms %s, %s errors, corrected node %s" % (
        dt.get("rfc_node_forms"), dt.get("rfc_node_errors"),
        dt.get("rfc_node_corrected_equal", "not equal")))

    san = info["san"]
    boot_without_tests("san", "stock")
    # the sanitizers were in the kernel: their own boot lines
    for k in ("kasan_live", "kmemleak_live"):
        summary.append((k, san.get(k, "no")))
        check(san.get(k) == "yes", "%s: %s (rig/sanitize.config built in?)" % (k, san.get(k)))
    keys = ("kasan_reports", "kmemleak_leaks", "failslab_injections", "failslab_refused",
            "failslab_absorbed", "failslab_wrong", "failslab_oopses")
    for k in keys:
        summary.append((k, san.get(k, "-")))
    check(san.get("kasan_reports") == "0", "KASAN reports: %s" % san.get("kasan_reports"))
    check(san.get("kmemleak_leaks") == "0", "kmemleak leaks: %s" % san.get("kmemleak_leaks"))
    check(san.get("failslab_blobs") == "3" and int(san.get("failslab_injections", 0)) >= 100
          and san.get("failslab_wrong") == "0" and san.get("failslab_oopses") == "0",
          "failslab: %s" % {k: san.get(k) for k in keys if k.startswith("failslab")})
    # An absorbed injection is one kmemleak took: it allocates metadata for
    # every object the check path allocates and falls back to its pool.  So
    # a blob absorbs one injection per allocation the check path refuses
    # (-ENOMEM) and a few for the write's own allocations before the check
    # path (2 on 6.12): more means the check path itself swallowed a failed
    # allocation and went on.
    FAILSLAB_ABSORBED_EXCESS = 4
    excess = int(san.get("failslab_absorbed_excess", "999"))
    summary.append(("failslab_absorbed_excess", san.get("failslab_absorbed_excess", "-")))
    check(excess <= FAILSLAB_ABSORBED_EXCESS,
          "failslab: absorbed beyond one per refused allocation, per blob: %d (at most %d)" % (
              excess, FAILSLAB_ABSORBED_EXCESS))

    host = {r[0]: r[1:] for r in read_tsv(os.path.join(res, "schema.tsv"))}
    kern = {r[0]: r[1:] for r in read_tsv(os.path.join(res, "san", "schema-kernel.tsv"))}
    corpus = os.path.join(os.path.dirname(res.rstrip("/")), "schema", "list.tsv")
    what = {r[0]: r[1:] for r in read_tsv(corpus)}
    # the kernel's rules the binding cannot express (rig/schema-exceptions.txt,
    # and the binding's description says the same)
    exc = [re.compile(ln.strip()) for ln in open(os.path.join(os.path.dirname(skip_path),
                                                              "schema-exceptions.txt"))
           if ln.strip() and not ln.startswith("#")]
    dis, excepted, unknown, one_cell_form = [], [], [], []

    def one_cell(m):
        """A mutation that leaves a single 64-bit value in one cell."""
        x = re.match(r"(\S+) truncated$", m.strip()) or \
            re.match(r"resize (\S+) to 4 bytes$", m.strip())
        return bool(x) and x.group(1).rsplit("/", 1)[-1] in (
            "event_code", "event-mask", "constraint-mask", "mask", "group-constraint-mask",
            "group-constraint-value")
    for name in sorted(what):
        h, k = host.get(name, ["missing"]), kern.get(name, ["missing"])
        if h[0] == k[0] and h[0] in ("accepted", "rejected"):
            continue
        line = "%s\t%s\tschema %s: %s\tkernel %s: %s" % (
            name, " ".join(what[name]), h[0], (h[1:] or [""])[0], k[0], (k[1:] or [""])[0])
        if h[0] == "accepted" and k[0] == "rejected" and \
                any(e.search((k[1:] or [""])[0]) for e in exc):
            excepted.append(line)
        elif h[0] == "rejected" and k[0] == "accepted" and h[2:3] == ["unknown-only"]:
            # every schema error a property or node the binding does not
            # name: the kernel ignores those (forward compatibility)
            unknown.append(line)
        elif h[0] == "rejected" and k[0] == "accepted" and \
                (k[1:] or [""])[0].split()[1:] == ["form:one-cell"] and \
                all(one_cell(m) for m in what[name][1].split("; ")):
            # the RFC's node writes a 64-bit value whose high half is 0 in
            # one cell: the kernel reads it, with a warning; the binding,
            # which firmware is built against, does not (its description
            # says so)
            one_cell_form.append(line)
        else:
            dis.append(line)
    with open(os.path.join(res, "schema-disagreements.txt"), "w") as f:
        f.write("".join(d + "\n" for d in dis))
    with open(os.path.join(res, "schema-exceptions.txt"), "w") as f:
        f.write("".join(d + "\n" for d in excepted))
    with open(os.path.join(res, "schema-one-cell.txt"), "w") as f:
        f.write("".join(d + "\n" for d in one_cell_form))
    with open(os.path.join(res, "schema-unknown.txt"), "w") as f:
        f.write("".join(d + "\n" for d in unknown))
    example = [n for n in what if what[n][0] == "example"]
    ex_ok = bool(example) and all(host.get(n, [""])[0] == kern.get(n, [""])[0] == "accepted"
                                  for n in example)
    summary.append(("schema_kernel_cases", len(what)))
    summary.append(("schema_kernel_accepted_both", len(
        [n for n in what if host.get(n, [""])[0] == kern.get(n, [""])[0] == "accepted"])))
    summary.append(("schema_kernel_exceptions", len(excepted)))
    summary.append(("schema_kernel_disagreements", len(dis)))
    summary.append(("schema_only_unknown", len(unknown)))
    summary.append(("schema_only_one_cell_form", len(one_cell_form)))
    summary.append(("binding_example_accepted", "yes" if ex_ok else "no"))
    # dt-schema, run when firmware is built, is where the binding is strict
    # (DESIGN.md 4): of what the kernel refuses, the binding must refuse all
    # but the few rules it cannot express (schema-exceptions.txt): at most
    # 15 % (on the corpus of 2026-11-24: 228 of 2578, 8.8 %)
    refused_k = len([n for n in what if kern.get(n, [""])[0] == "rejected"])
    check(len(excepted) <= 0.15 * refused_k,
          "schema exceptions: %d of the kernel's %d refusals (at most 15 %%)" % (
              len(excepted), refused_k))
    check(len(what) >= 1000 and not dis,
          "schema/kernel differential: %d cases, %d disagreements (schema-disagreements.txt), "
          "%d refused by a documented kernel-only rule" % (len(what), len(dis), len(excepted)))
    check(ex_ok, "the binding's example: schema %s, kernel %s" % (
        [host.get(n) for n in example], [kern.get(n) for n in example]))


def builtin_short():
    """dt and dt9: the patched kernel with powerpc_pmu=dt and no firmware
    node, so the built-in description; KUnit, sysfs and the description
    dump (description_dumps()), no selftests or perf: fw and fw9 run those
    on the same tables, read from skiboot's copy of the description (equal
    dumps)."""
    global where
    for b, ref, pre, where, model in (("dt", "stock", "", "powernv10", "POWER10"),
                                      ("dt9", "stock9", "p9_", "powernv9", "POWER9")):
        i = boot_without_tests(b, ref)
        logs = pmu_logs(b)
        line = [x for x in logs if x.startswith("powerpc_pmu=")]
        line_ok = line == ["powerpc_pmu=dt: %s PMU from the built-in %s description" % (
            model, model.lower())]
        check(line_ok, "%s backend line: %s" % (b, line))
        sysfs = [read_lines(os.path.join(res, x, "sysfs.txt")) for x in (b, ref)]
        sysfs_ok = bool(sysfs[1]) and sysfs[0] == sysfs[1]
        check(sysfs_ok, "%s sysfs events/format/caps: %s %s's" % (
            b, "equal to" if sysfs_ok else "differ from", ref))
        summary.extend([
            (pre + "builtin_backend_line", line[0] if line else "-"),
            (pre + "builtin_sysfs_identical", "yes" if sysfs_ok else "no"),
            ("boot_%s_seconds" % b, i.get("seconds", "-")),
            ("boot_%s_pmu" % b, " | ".join(logs) or "-"),
        ])


def read_dump(b):
    """A boot's debugfs dump of the live description (dts_pmu.txt), as
    blocks (a line and the indented lines under it), sorted within and
    between blocks: the order of fields follows the node order."""
    blocks = []
    for x in read_lines(os.path.join(res, b, "dts_pmu.txt")) or []:
        if x.startswith("source: "):
            continue
        if x.startswith(" ") and blocks:
            blocks[-1][1].append(x)
        else:
            blocks.append((x, []))
    return sorted((h, sorted(c)) for h, c in blocks)


def description_dumps():
    """The built-in description (dt, dt9), skiboot's copy of it (fw, fw9)
    and the sanitizer boot's must be understood alike."""
    global where
    ok_all = True
    for where, ref, others in (("powernv10", "dt", ("fw", "san")), ("powernv9", "dt9", ("fw9",))):
        dumps = {b: read_dump(b) for b in (ref,) + others}
        ok = bool(dumps[ref]) and all(dumps[b] == dumps[ref] for b in others)
        ok_all = ok_all and ok
        check(ok, "debugfs description dumps of %s: %s blocks, %s" % (
            ", ".join(dumps), ", ".join(str(len(d)) for d in dumps.values()),
            "equal" if ok else "differ"))
    summary.append(("description_dumps_equal", "yes" if ok_all else "no"))


def newer_upstream():
    """The series on a newer upstream kernel (rig/upstream.sh): every patch
    applied with git am -3, the build warned of nothing, and the "up" boot
    ran that kernel and its KUnit suites passed as on the 6.12 base."""
    global where
    where = "upstream"
    u = kv(os.path.join(res, "upstream.txt"))
    for k in ("upstream_kernel", "upstream_source", "upstream_patches", "upstream_3way",
              "upstream_build_warnings"):
        summary.append((k, u.get(k, "-")))
    pdir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "patches")
    npatch = len([f for f in os.listdir(pdir) if re.match(r"0\d+-", f) and f[:5] != "0000-"])
    check(u.get("upstream_patches") == str(npatch) and u.get("upstream_build_warnings") == "0",
          "series on Linux %s: %s of %d patches applied, %s build warnings" % (
              u.get("upstream_kernel", "-"), u.get("upstream_patches", "-"), npatch,
              u.get("upstream_build_warnings", "-")))
    boot_without_tests("up", "stock")
    con = os.path.join(res, "up", "console.log")
    banner = re.search(r"Linux version (\S+)", open(con, errors="replace").read()) \
        if os.path.exists(con) else None
    ran = banner.group(1) if banner else "-"
    summary.append(("upstream_boot_kernel", ran))
    check(u.get("upstream_kernel", "-") != "-" and ran.startswith(u.get("upstream_kernel", "-")),
          "up boot ran Linux %s, the upstream tree is %s" % (ran, u.get("upstream_kernel", "-")))


if not quick:
    fuzz_and_sanitizers()
    builtin_short()
    description_dumps()
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
# the fuzz boots overlap the builds: the steps add up to more than the wall time
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
