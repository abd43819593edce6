#!/usr/bin/env python3
"""Boot one kernel on QEMU powernv10 (or --machine) with the rig's initramfs and collect results.

usage: boot.py NAME VMLINUX INITRD OUTDIR [extra kernel args...]

Writes OUTDIR/console.log (everything the guest printed), OUTDIR/verdicts.tsv
(test, verdict, exit, seconds, outcome), OUTDIR/sysfs.txt, OUTDIR/kunit.tsv (suite.case,
ok/not ok/skip) and OUTDIR/boot.txt (key: value facts about the boot).

Watchdog: if the guest prints nothing for --idle seconds, or the whole boot
exceeds --limit seconds, QEMU is killed; the test that was running gets the
verdict "hang" and the tests never reached get "notrun".
"""
import argparse
import os
import re
import selectors
import subprocess
import sys
import time

ap = argparse.ArgumentParser()
ap.add_argument("name")
ap.add_argument("vmlinux")
ap.add_argument("initrd")
ap.add_argument("outdir")
ap.add_argument("append", nargs="*")
ap.add_argument("--idle", type=int, default=240)
ap.add_argument("--limit", type=int, default=3600)
ap.add_argument("--tests", help="tests.list, to name the tests never reached")
ap.add_argument("--interactive", action="store_true")
ap.add_argument("--machine", default="powernv10")
ap.add_argument("--mem", default="2G", help="guest RAM (QEMU -m)")
ap.add_argument("--bios", help="the firmware (QEMU -bios): rig/skiboot.sh's skiboot.lid; "
                "default Debian's qemu-system-data's")
ap.add_argument("--dtb", help="a device tree for QEMU's -dtb in place of -append "
                "(rig/v2-dtb.sh: QEMU's own with a v2 /pmus; its bootargs are the command line)")
ap.add_argument("--pmu-rate", type=int, default=16,
                help="the PMU's cycles a nanosecond of virtual time (emulator/qemu/0009); "
                "another than make test's for evidence (rig/evidence.sh --rates) only")
ap.add_argument("--reparse", action="store_true",
                help="do not boot: read OUTDIR/console.log again (the rig's own tests, "
                "a changed parser)")
a = ap.parse_args()

cmdline = "console=hvc0 panic=-1 " + " ".join(a.append)
# The rig's QEMU (rig/qemu.sh: Debian's source with emulator/qemu/'s
# patches); RIG_QEMU names another binary.
top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
qemu_bin = os.environ.get("RIG_QEMU", os.path.join(top, "build/qemu/obj/qemu-system-ppc64"))
if not a.reparse and not os.access(qemu_bin, os.X_OK):
    sys.exit("boot.py: no QEMU at %s: run rig/qemu.sh (make setup)" % qemu_bin)
# -L: the firmware (skiboot.lid) is Debian's qemu-system-data's, unless
# --bios names another (the fw boots: skiboot with firmware/skiboot/)
# -global ...pmu-cycles-per-ns (emulator/qemu/0009): the cycle events count
# 16 a nanosecond of virtual time (the property's most, not QEMU's 1 GHz),
# so the EBB tests that wait for 2^30-cycle overflows take a sixteenth of
# the time (4 until 2026-12-03: about 90 s of a full boot's selftests; the
# sampling tests rig/emulator-retry.txt retries fail as often at 16 as at
# 4, rig/evidence.sh --rates: the figures are in that file)
qemu = [qemu_bin, "-L", "/usr/share/qemu", "-machine", a.machine, "-m", a.mem, "-smp", "1",
        "-global", "powerpc64-cpu.pmu-cycles-per-ns=%d" % a.pmu_rate,
        "-nographic", "-kernel", a.vmlinux, "-initrd", a.initrd,
        "-no-reboot"] + (["-dtb", a.dtb] if a.dtb else ["-append", cmdline.strip()]) + \
       (["-bios", a.bios] if a.bios else [])

if a.interactive:
    os.execvp(qemu[0], qemu)

os.makedirs(a.outdir, exist_ok=True)


# The guest's own limit of each test (tests.list: seconds, path): a test
# may print nothing for as long as its limit allows (lost_exception_test,
# 300 s under its harness), so while one runs the idle watchdog waits for
# its limit and a minute more, whichever is longer
# tests.list, once: (path, seconds or None) in the order the guest runs them
LISTED = [(f[1], int(f[0]) if f[0].isdigit() else None)
          for f in (ln.split() for ln in (open(a.tests) if a.tests else []) if not ln.startswith("#"))
          if len(f) >= 2]
LIMITS = {t: s for t, s in LISTED if s is not None}


def run_qemu():
    """Boot, copy the console to OUTDIR/console.log; (seconds, killed)."""
    log = open(os.path.join(a.outdir, "console.log"), "w", errors="replace")
    start = time.monotonic()
    p = subprocess.Popen(qemu, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT)
    sel = selectors.DefaultSelector()
    sel.register(p.stdout, selectors.EVENT_READ)
    last = start
    killed = None
    idle = a.idle
    tail = ""
    while True:
        t = time.monotonic()
        if t - last > idle:
            killed = "idle %ds" % idle
        elif t - start > a.limit:
            killed = "limit %ds" % a.limit
        if killed:
            p.kill()
            break
        if not sel.select(timeout=5):
            continue
        chunk = os.read(p.stdout.fileno(), 65536)
        if not chunk:
            break
        last = time.monotonic()
        text = chunk.decode("utf-8", "replace").replace("\r", "")
        log.write(text)
        log.flush()
        # the test now running, if any: its limit decides the idle window
        tail = (tail + text)[-4096:]
        m = None
        for m in re.finditer(r"RIG: (BEGIN|RESULT) (\S+)", tail):
            pass
        if m:
            idle = max(a.idle, LIMITS[m.group(2)] + 60) \
                if m.group(1) == "BEGIN" and m.group(2) in LIMITS else a.idle
    p.wait()
    log.close()
    return time.monotonic() - start, killed


if a.reparse:
    # the boot's own facts stay those of the boot that printed the console
    old = {}
    for ln in open(os.path.join(a.outdir, "boot.txt")):
        if ": " in ln:
            old.setdefault(*ln.rstrip("\n").split(": ", 1))
    elapsed = float(old.get("seconds", "0"))
    killed = None if old.get("killed", "no") == "no" else old["killed"]
else:
    elapsed, killed = run_qemu()

text = open(os.path.join(a.outdir, "console.log"), errors="replace").read()
lines = text.splitlines()
all_lines = lines   # skiboot's lines too

# The short firmware boots (rig/guest/fw-stage.sh): what the stage printed
# ("RIG: FW-...") is kept apart, the rest is read from the kernel's console.
fw_lines = [ln for ln in lines if ln.startswith("RIG: FW-")]
if fw_lines:
    banners = [i for i, ln in enumerate(lines) if re.search(r"Linux version \d", ln)]
    lines = lines[banners[-1]:] if banners else lines
    text = "\n".join(lines)

# A verdict, and its outcome: how it got there.  A failure is told apart by
# the FAIL_IF lines the selftest printed (utils.h: "[FAIL] Test FAILED on
# line N"), else the signal that killed it, else its exit status:
# "fail@L120,L410", "fail@sig4", "fail@exit1".  Any other verdict is
# its own outcome.  rig/compare.py compares outcomes.


def outcome(verdict, status, out):
    if verdict != "fail":
        return verdict
    # the selftest harness' own time limit (harness.c: "!! killing NAME"
    # after its alarm, 120 s unless the test sets another): it did not end
    if any(re.match(r"\s*!! (force )?killing ", x) for x in out):
        return "timeout"
    where = [m.group(1) for m in (re.match(r"\s*\[FAIL\] Test FAILED on line (\d+)", x)
                                  for x in out) if m]
    if where:
        # several processes may print them interleaved: the set, in order
        return "fail@L" + ",L".join(sorted(set(where), key=int))
    sig = [m.group(1) for m in (re.match(r"\s*!! child died by signal (\d+)", x)
                                for x in out) if m]
    if sig:
        return "fail@sig" + sig[0]
    if status.isdigit() and int(status) > 128:
        return "fail@sig%d" % (int(status) - 128)
    return "fail@exit" + status


verdicts = {}
earlier = {}
order = []
running = None
out = []


def record(t, v):
    """@t's verdict; a test run again after a failure (rig/emulator-retry.txt)
    keeps its last attempt as the verdict and the earlier ones as reports."""
    if t in verdicts:
        earlier.setdefault(t, []).append(verdicts[t][3])
    else:
        order.append(t)
    verdicts[t] = v


for ln in lines:
    m = re.match(r"RIG: BEGIN (\S+)", ln)
    if m:
        running = m.group(1)
        out = []
        continue
    m = re.match(r"RIG: RESULT (\S+) (\S+) (\S+) (\S+)", ln)
    if m:
        record(m.group(1), (m.group(2), m.group(3), m.group(4),
                            outcome(m.group(2), m.group(3), out)))
        running = None
        continue
    if running:
        out.append(ln)
done = any(ln.startswith("RIG: DONE") for ln in lines)
if running and not done:
    record(running, ("hang", "-1", "-", "hang"))
for t, _ in LISTED:
    if t not in verdicts:
        verdicts[t] = ("notrun", "-1", "-", "notrun")
        order.append(t)

with open(os.path.join(a.outdir, "verdicts.tsv"), "w") as f:
    for t in order:
        f.write("%s\t%s\t%s\t%s\t%s\n" % ((t,) + verdicts[t]))

# tests run again after a failure: the earlier attempts' outcomes, the last
with open(os.path.join(a.outdir, "retries.tsv"), "w") as f:
    for t in order:
        if t in earlier:
            f.write("%s\t%s\t%s\n" % (t, ",".join(earlier[t]), verdicts[t][3]))

with open(os.path.join(a.outdir, "sysfs.txt"), "w") as f:
    for ln in lines:
        if ln.startswith("RIG: SYSFS "):
            f.write(ln[len("RIG: SYSFS "):] + "\n")

# perf, as rig/guest/perf-checks.sh ran it


def tagged(tag):
    p = "RIG: %s " % tag
    return [ln[len(p):].rstrip() for ln in lines if ln.startswith(p)]


perf_ran = any(ln.startswith("RIG: PERF-TEST-DONE") for ln in lines)
with open(os.path.join(a.outdir, "perf_list.txt"), "w") as f:
    for ln in tagged("PERF-LIST"):
        f.write(ln + "\n")
with open(os.path.join(a.outdir, "perf_stat.tsv"), "w") as f:
    for ln in tagged("PERF-STAT"):
        c = ln.split(";")
        if len(c) >= 3:
            f.write("%s\t%s\n" % (c[2], c[0]))
with open(os.path.join(a.outdir, "perf_test.tsv"), "w") as f:
    for ln in tagged("PERF-TEST"):
        c = ln.split("|", 2)
        if len(c) == 3:
            f.write("%s %s\t%s\n" % (c[0], c[2], c[1]))
with open(os.path.join(a.outdir, "perf_bad.tsv"), "w") as f:
    for ln in tagged("PERF-BAD"):
        m = re.match(r"(.*?) (rc=\d+ .*)$", ln)
        if m:
            f.write("%s\t%s\n" % (m.group(1), re.sub(r"\s+", " ", m.group(2))))

# KTAP: a suite's "# Subtest: name" line is indented like its cases
# ("    ok 3 case_name"); the suite's own result line is one level out.
kunit = []
names = {}
for ln in lines:
    s = re.sub(r"^\[\s*[0-9.]+\]\s?", "", ln)
    m = re.match(r"^(\s*)# Subtest: (\S+)", s)
    if m:
        d = len(m.group(1)) // 4
        names = {k: v for k, v in names.items() if k < d}
        names[d] = m.group(2)
        continue
    m = re.match(r"^(\s*)(ok|not ok) \d+ (\S+)(.*)$", s)
    if not m:
        continue
    d = len(m.group(1)) // 4
    if d == 0 or d not in names or names.get(d + 1) == m.group(3):
        continue                # a suite's summary line
    res = "skip" if "# SKIP" in m.group(4) else m.group(2)
    owner = ".".join(names[k] for k in sorted(names) if 0 < k <= d)
    kunit.append((owner + "." + m.group(3), res))
with open(os.path.join(a.outdir, "kunit.tsv"), "w") as f:
    for c, r in kunit:
        f.write("%s\t%s\n" % (c, r))

# the lines where the kernel oopsed, panicked or reported a BUG
oops_at = [i for i, ln in enumerate(all_lines) if re.search(r"Oops:|Kernel panic|BUG:", ln)]

# What the kernel warned about: one signature per
# line (WARN_ON's file and function without the line number, which the
# series moves; an RCU stall), for compare.py to hold against the stock boot
# of the same machine.  rig/kernel.config has CONFIG_BUG (without it WARN_ON
# prints nothing); the hung-task and soft-lockup detectors are off.
WARN_PATTERNS = (
    (r"WARNING: CPU: \d+ PID: \d+ at (\S+?):\d+ (\S+?)\+", lambda m: "WARN %s %s" % (
        m.group(1), m.group(2))),
    (r"WARNING: CPU: \d+ PID: \d+ at (\S+?)(\+0x\S+)?( |$)", lambda m: "WARN %s" % m.group(1)),
    (r"rcu: INFO: (\S+) (self-)?detected stall", lambda m: "RCU stall"),
    (r"rcu: INFO: \S+ detected expedited stalls", lambda m: "RCU stall"),
)
warnings = []
for ln in all_lines:
    for pat, sig in WARN_PATTERNS:
        m = re.search(pat, ln)
        if m:
            warnings.append(sig(m))
            break
with open(os.path.join(a.outdir, "warnings.txt"), "w") as f:
    f.write("".join(w + "\n" for w in warnings))

backend = [ln for ln in lines if "Kernel command line" not in ln and
           ("performance monitor hardware support registered" in ln or
            re.search(r"\] (isa207-dt: )", ln))]
with open(os.path.join(a.outdir, "boot.txt"), "w") as f:
    f.write("name: %s\n" % a.name)
    f.write("cmdline: %s\n" % (old.get("cmdline", "") if a.reparse else cmdline.strip()))
    f.write("seconds: %.0f\n" % elapsed)
    # "10.0.2+rig.5" (rig/qemu.sh sets the package version "+rig.N")
    f.write("qemu_version: %s\n" % (old.get("qemu_version", "-") if a.reparse else "".join(re.search(
        r"version (\S+)(?: \((\+rig\.\d+)\))?", subprocess.run(
            [qemu[0], "--version"], capture_output=True, text=True).stdout).groups(""))))
    # the firmware that ran, as it named itself ("OPAL v7.1-106-g785a5e30
    # starting..."), and what its PMU description code said (rig/skiboot.sh)
    m = re.search(r"OPAL (\S+) starting", "\n".join(all_lines))
    f.write("firmware: %s\n" % (m.group(1) if m else "-"))
    for ln in all_lines:
        if "PMU-DESC: " in ln:
            f.write("firmware_pmu: %s\n" % ln.split("PMU-DESC: ", 1)[1].strip())
    f.write("completed: %s\n" % ("yes" if done else "no"))
    f.write("killed: %s\n" % (killed or "no"))
    f.write("oops: %s\n" % ("yes" if oops_at else "no"))
    # figures the rig's KUnit suites print (rig/v2/isa207-equiv-test.c,
    # isa207-fuzz-test.c): "# equiv_c: codes N refused-differently N ...",
    # one key per name, equiv_c_codes, equiv_c_refused_differently, ...
    for case in ("equiv_c", "equiv_dt"):
        m = re.search(r"# %s: (codes \d+( [a-z][a-z0-9-]* \d+)*)" % case, text)
        if m:
            w = m.group(1).split()
            for k, v in zip(w[0::2], w[1::2]):
                f.write("%s_%s: %s\n" % (case, k.replace("-", "_"), v))
    facts = [
        ("fuzz_seed", r"# fuzz_mutants: mutants .* seed (0x[0-9a-f]+)"),
        ("fuzz_mutants", r"# fuzz_mutants: mutants (\d+) accepted"),
        ("fuzz_accepted", r"# fuzz_mutants: mutants \d+ accepted (\d+)"),
        ("fuzz_groups_fit", r"# fuzz_mutants: mutants .* fit (\d+) violations"),
        ("fuzz_violations", r"# fuzz_mutants: mutants .* violations (\d+)"),
        ("fuzz_unknown_runs", r"# fuzz_unknown: unknown properties and nodes: (\d+)"),
        ("fuzz_unknown_same", r"# fuzz_unknown: unknown properties and nodes: \d+, same model (\d+)"),
    ]
    for key, pat in facts:
        m = re.search(pat, text)
        if m:
            f.write("%s: %s\n" % (key, m.group(1)))
    # the corpus, the unsafe descriptions and the failed allocations
    # (isa207-fuzz-test.c): "# fuzz_corpus: corpus: cases N refused N ...",
    # one key per name, corpus_cases, corpus_refused, ...
    for case, what in (("fuzz_corpus", "corpus"), ("fuzz_attacks", "attacks"),
                       ("fuzz_failslab", "failslab"), ("fuzz_power12", "power12")):
        m = re.search(r"# %s: %s: ([a-z][a-z0-9-]* \d+( [a-z][a-z0-9-]* \d+)*)" % (case, what), text)
        if m:
            w = m.group(1).split()
            for k, v in zip(w[0::2], w[1::2]):
                f.write("%s_%s: %s\n" % (what, k.replace("-", "_"), v))
    # each unsafe description's verdict: "01-name refused", "02-x accepted"
    verdicts = re.findall(r"# fuzz_attacks: attack (\S+): (refused|accepted)", text)
    if verdicts:
        f.write("attack_verdicts: %s\n" % " ".join("%s=%s" % v for v in verdicts))
    # the weakenings of POWER10's model refuses_p10 saw refused
    f.write("refuses_refused: %d\n" % len(re.findall(r"# refuses_p10: .*: refused \(", text)))
    f.write("perf_ran: %s\n" % ("yes" if perf_ran else "no"))
    for key, tag in (("perf_stat_rc", "PERF-STAT-RC"), ("perf_stat_events", "PERF-STAT-EVENTS")):
        v = tagged(tag)
        if v:
            f.write("%s: %s\n" % (key, v[0]))
    # the sanitizer boot (rig/guest/san.sh)
    if "RIG: SAN-BEGIN" in text:
        f.write("kasan_reports: %d\n" % len(re.findall(r"BUG: KASAN", text)))
        # the sanitizers' own boot lines: a kernel built without them
        # reports no KASAN error and no leak either
        f.write("kasan_live: %s\n" % ("yes" if re.search(
            r"\] KASAN init done|KernelAddressSanitizer initialized", text) else "no"))
        # kmemleak switches itself off when its pool runs dry (failslab):
        # then it finds no leak because it no longer looks
        f.write("kmemleak_live: %s\n" % ("yes" if re.search(
            r"kmemleak: Kernel memory leak detector initialized", text) and not re.search(
            r"kmemleak: (Kernel memory leak detector disabled|Memory pool empty|"
            r"Cannot allocate a kmemleak_object)", text) else "no"))
        km = tagged("KMEMLEAK")
        f.write("kmemleak_leaks: %s\n" % (km[0] if km else "-"))
    for ln in fw_lines:
        m = re.match(r"RIG: FW-(STAGE|PMU|RESULT|KEXEC) (.*)", ln)
        if m:
            f.write("fw_%s: %s\n" % (m.group(1).lower(), m.group(2).strip()))
    for b in backend[:5]:
        f.write("pmu_log: %s\n" % re.sub(r"^\[\s*[0-9.]+\]\s?", "", b).strip())

print("boot %-8s %4.0fs  %s  tests=%d kunit=%d%s" % (
    a.name, elapsed, "completed" if done else "INCOMPLETE", len(order), len(kunit),
    ("  killed: " + killed) if killed else ""))
# An oops, or a boot that did not finish: show where, so that a log from
# a machine nobody can log in to (CI) still says what happened.
incident = os.path.join(a.outdir, "incident.txt")
if os.path.exists(incident):
    os.unlink(incident)
if oops_at or not done:
    i = oops_at[0] if oops_at else len(all_lines)
    lo, hi = max(0, i - 20), min(len(all_lines), i + 60)
    excerpt = "---- %s: console.log lines %d-%d ----\n" % (a.name, lo + 1, hi)
    excerpt += "".join("  " + ln + "\n" for ln in all_lines[lo:hi])
    with open(incident, "w") as f:
        f.write(excerpt)
    print(excerpt, end="")
sys.exit(0 if done else 1)
