#!/usr/bin/env python3
"""
Text-only reconstruction of the device-tree node skiboot 783e33f1's
hw/pmu.c adds (pmu_init()).  It reads the C source with `git show`, walks
pmu_init()'s statements in order, expands the three helpers as their
bodies do, and prints a DTS.  Nothing is compiled or run.

Encoding facts used (skiboot 783e33f1):
  dt_add_property_cells   one be32 cell per argument      core/device.c:536-552
  dt_add_property_u64s    one be64 (two cells) per arg    core/device.c:554-570
  dt_add_property_string  one NUL-terminated string       core/device.c:509-517
  dt_add_property(.., NULL, 0)  empty (boolean) property  core/device.c:472-495
  properties kept in insertion order (list_add_tail)      core/device.c:468
  children kept sorted by strcmp of the name              core/device.c:94-127
  every node gets "phandle" first when flattened          core/fdt.c:46-51
The same model with only the data errors corrected (CORRECTIONS below,
each with the kernel's reason) is the second fixture: skiboot's forms,
POWER10's data.

usage: rig/rfc-node.py OUTDIR
  writes OUTDIR/dts_pmu_rfc.dts (the node as skiboot 783e33f1 emits
  it) and OUTDIR/dts_pmu_rfc_fixed.dts (its errors corrected), the two
  KUnit fixtures of arch/powerpc/perf/tests/ (dts_test_rfc_node()); the skiboot
  repository comes from `fetch github:maddy-kerneldev/skiboot` (REPO).
"""
import re
import subprocess
import sys

REPO = "/work/.mirror/maddy-kerneldev+skiboot/repo"
SRC = subprocess.run(["git", "-C", REPO, "show", "783e33f1:hw/pmu.c"],
                     capture_output=True, text=True, check=True).stdout
LINES = SRC.split("\n")


class Node:
    def __init__(self, name, line):
        self.name, self.line = name, line
        self.props = []      # (name, kind, values, line, note)
        self.children = []


def split_args(s):
    """Split a C argument list at top-level commas, keeping string literals."""
    out, cur, depth, i = [], "", 0, 0
    while i < len(s):
        c = s[i]
        if c == '"':
            j = i + 1
            while s[j] != '"':
                j += 2 if s[j] == "\\" else 1
            cur += s[i:j + 1]
            i = j + 1
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        if c == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += c
        i += 1
    if cur.strip():
        out.append(cur.strip())
    return out


def cstr(tok):
    assert tok.startswith('"') and tok.endswith('"'), tok
    return tok[1:-1]


def cint(tok):
    return int(tok, 0)


# Collect the statements of pmu_init() (line 111 to the end), joining
# multi-line calls; each with its first line number.
start = next(i for i, l in enumerate(LINES) if l.startswith("void pmu_init(void)"))
stmts, buf, first = [], "", None
for n in range(start + 1, len(LINES)):
    l = LINES[n].strip()
    if not l or l.startswith("/*") or l.startswith("*") or l.startswith("//"):
        continue
    if buf == "":
        first = n + 1
    buf += " " + l
    if buf.count("(") == buf.count(")") and (buf.rstrip().endswith(";") or
                                               buf.rstrip().endswith("{") or
                                               buf.rstrip().endswith("}")):
        stmts.append((first, buf.strip()))
        buf = ""

var = {}
root = Node("/", 0)
var["dt_root"] = root


def new(parent, name, line):
    nd = Node(name, line)
    for c in parent.children:
        assert c.name != name, "duplicate " + name   # dt_attach_root would refuse
    parent.children.append(nd)
    return nd


def cells(node, name, toks, line, note=""):
    node.props.append((name, "cells", toks, line, note))


def u64s(node, name, toks, line, note=""):
    node.props.append((name, "u64s", toks, line, note))


def string(node, name, s, line, note=""):
    node.props.append((name, "string", s, line, note))


def boolean(node, name, line, note=""):
    node.props.append((name, "bool", None, line, note))


for line, s in stmts:
    m = re.match(r"(\w+) = dt_new\((\w+), \"([^\"]+)\"\);", s)
    if m:
        var[m.group(1)] = new(var[m.group(2)], m.group(3), line)
        continue
    m = re.match(r"(\w+) = dt_new_addr\((\w+), \"([^\"]+)\", (\w+)\);", s)
    if m:   # "%s@%llx"
        var[m.group(1)] = new(var[m.group(2)], "%s@%x" % (m.group(3), cint(m.group(4))), line)
        continue
    m = re.match(r"(\w+)\((.*)\);$", s)
    if not m:
        continue        # if (...) {, }, prlog, return, declarations
    fn, args = m.group(1), split_args(m.group(2))
    if fn == "dt_add_property_cells":
        cells(var[args[0]], cstr(args[1]), args[2:], line)
    elif fn == "dt_add_property_u64s":
        u64s(var[args[0]], cstr(args[1]), args[2:], line)
    elif fn == "dt_add_property_string":
        string(var[args[0]], cstr(args[1]), cstr(args[2]), line)
    elif fn == "dt_add_property":
        assert args[2:] == ["NULL", "0"], s
        boolean(var[args[0]], cstr(args[1]), line)
    elif fn == "add_pmc_node":          # hw/pmu.c:15-34
        p, name, sprn, w, priv, prog, ev = args
        nd = new(var[p], cstr(name), line)
        cells(nd, "sprn", [sprn], line, "add_pmc_node() hw/pmu.c:28")
        cells(nd, "register-width", [w], line, "hw/pmu.c:29")
        string(nd, "privilege", cstr(priv), line, "hw/pmu.c:30")
        cells(nd, "programmable", [prog], line, "hw/pmu.c:31")
        string(nd, "event", cstr(ev), line, "hw/pmu.c:32")
        string(nd, "status", "okay", line, "hw/pmu.c:33")
    elif fn == "add_mmcr_node":         # hw/pmu.c:37-53
        p, name, sprn, w, priv = args
        nd = new(var[p], cstr(name), line)
        cells(nd, "sprn", [sprn], line, "add_mmcr_node() hw/pmu.c:49")
        cells(nd, "register-width", [w], line, "hw/pmu.c:50")
        string(nd, "privilege", cstr(priv), line, "hw/pmu.c:51")
        string(nd, "status", "okay", line, "hw/pmu.c:52")
    elif fn == "add_evt_code_field":    # hw/pmu.c:56-83
        (p, name, desc, bs, be, ln, mmcr, has_tf, tfs, tfe,
         has_base, base, shift) = args
        nd = new(var[p], cstr(name), line)
        string(nd, "description", cstr(desc), line, "add_evt_code_field() hw/pmu.c:71")
        cells(nd, "bits", [bs, be], line, "hw/pmu.c:72")
        cells(nd, "length", [ln], line, "hw/pmu.c:73")
        cells(nd, "mmcr", [mmcr], line, "hw/pmu.c:74")
        if cint(has_tf):
            cells(nd, "target_fields", [tfs, tfe], line, "hw/pmu.c:76-77")
        if cint(has_base):
            cells(nd, "target_field_base", [base], line, "hw/pmu.c:79-80")
            cells(nd, "target_field_shift", [shift], line, "hw/pmu.c:81")
    elif fn == "add_event_node":        # hw/pmu.c:86-108
        p, name, hi, lo, cat, cls, desc = args
        nd = new(var[p], cstr(name), line)
        if cint(hi) != 0:
            u64s(nd, "event_code", [hi, lo], line,
                 "add_event_node() hw/pmu.c:99-100 (high != 0)")
        else:
            cells(nd, "event_code", [lo], line,
                  "add_event_node() hw/pmu.c:101-102 (high == 0: one cell)")
        string(nd, "event-category", cstr(cat), line, "hw/pmu.c:104")
        string(nd, "event-class", cstr(cls), line, "hw/pmu.c:105")
        string(nd, "description", cstr(desc), line, "hw/pmu.c:106")
        string(nd, "status", "okay", line, "hw/pmu.c:107")
    elif fn in ("prlog", "prerror"):
        continue
    else:
        raise SystemExit("unhandled: %d %s" % (line, s))


# The data errors of the node for POWER10, each corrected as POWER10's
# hand-coded backend (isa207-common.[ch], power10-pmu.c) and the built-in
# description have it; skiboot's forms are kept (one-cell values where
# skiboot writes one cell, <0 hi 0 lo> for the rest, the generic
# compatible, no ISA 3.1 booleans, no EBB/BHRB fields).  (path, what,
# why); the KUnit test takes the same paths, in the order the kernel
# reports the errors, from the corrected fixture into the verbatim one.
def find(path):
    nd = root.children[0].children[0]           # pmus/pmu_dts@0
    for part in [x for x in path.split("/") if x]:
        nd = [c for c in nd.children if c.name == part][0]
    return nd


def setp(path, name, kind, vals, why):
    """Set a property, where skiboot puts it if it has it."""
    nd = find(path)
    new = (name, kind, vals, None, "corrected: " + why)
    at = [i for i, p in enumerate(nd.props) if p[0] == name]
    if at:
        nd.props[at[0]] = new
    else:
        nd.props.append(new)


def delnode(path, why):
    """Remove a node; a comment in its place says why."""
    parent, _, name = path.rpartition("/")
    nd = find(parent)
    nd.children = [c for c in nd.children if c.name != name]
    gone = Node(name, None)
    gone.removed = why
    nd.children.append(gone)


def addnode(path, props, why):
    parent, _, name = path.rpartition("/")
    nd = Node(name, None)
    nd.why = why
    find(parent).children.append(nd)
    for name_, kind, vals in props:
        nd.props.append((name_, kind, vals, None, ""))
    return nd


def u64(v):
    """skiboot's dt_add_property_u64s(hi, lo) form: <0 hi 0 lo>"""
    return ["0x%x" % (v >> 32), "0x%x" % (v & 0xffffffff)]


def u64list(vals):
    out = []
    for v in vals:
        out += u64(v)
    return out


def correct():
    f = "evt_code_format/"
    setp(f + "PMCxCOMB", "target_field_base", "cells", ["40"],
         "POWER9/10 combine fields are 2 bits at MMCR1 38-2*(PMC-1) (isa207-common.h:218); "
         "36 with stride 1 is POWER8's one-bit layout")
    setp(f + "PMCxCOMB", "target_field_shift", "cells", ["2"], "as above")
    for fld in ("RAND_SAMP_MODE", "RAND_SAMP_ELIG"):
        setp(f + fld, "condition", "cells", ["1"],
             "written for marked events only (isa207-common.c:629-637)")
    setp(f + "L2L3_SELECT", "condition", "cells", ["7"],
         "written for unit 6 events only (isa207-common.c:662-666)")
    setp(f + "SDAR_MODE", "default-value", "cells", ["2"],
         "POWER9/10 program 0b10 when the code's field is 0 (isa207-common.c:100-106)")
    addnode(f + "THRESH_CMP", [("description", "string", "Threshold compare (config1)"),
                               ("config", "cells", ["1"]), ("bits", "cells", ["0", "17"]),
                               ("length", "cells", ["18"]), ("mmcr", "cells", ["4"]),
                               ("target_fields", "cells", ["45", "55"]),
                               ("encoding", "string", "thresh-cmp-p10")],
            "POWER10 takes the threshold compare from attr.config1 (isa207-common.c:655-658)")
    pmu = root.children[0].children[0]
    pmu.props.append(("siar-privilege", "bool", None, None,
                      "corrected: on POWER10 a sample's privilege comes from SIAR, SIER's "
                      "MSR_HV/MSR_PR being unreliable (PPMU_P10, core-book3s.c:294-304)"))
    pmu.props.append(("reserved-sample-value", "cells", ["0x10"], None,
                      "corrected: sample value 0x10 is reserved on POWER10 (power10-pmu.c:114-116)"))
    c = "constraints/"
    delnode(c + "cache/cache-group", "POWER9's rule (isa207-common.c:461-469), not POWER10's")
    delnode(c + "cache/cache-pmc4", "POWER9's rule (isa207-common.c:470-472), not POWER10's")
    setp(c + "cache/l2l3-group", "condition", "cells", ["7"],
         "unit 6 only (isa207-common.c:462-465)")
    setp(c + "cache/l2l3-group", "event-shift", "cells", ["40"],
         "p10_L2L3_EVENT_SHIFT (isa207-common.h:99)")
    setp(c + "cache/l2l3-group", "constraint-shift", "cells", ["55"],
         "CNST_L2L3_GROUP (isa207-common.h:179-180)")
    delnode(c + "fab-match", "POWER8's, for two events only (isa207-common.c:515-523)")
    setp(c + "threshold/thresh-sel", "constraint-mask", "u64s", u64(0x7 << 32),
         "event-mask 0x7 << 32: the select field's 3 bits; thresh-ctl holds the 8 above "
         "(CNST_THRESH_CTL_SEL, isa207-common.h:156-157, is the two)")
    setp(c + "threshold/thresh-cmp", "config", "cells", ["1"],
         "the compare value is attr.config1 (isa207-common.h:109-110)")
    setp(c + "threshold/thresh-cmp", "encoding", "string", "thresh-cmp-p10",
         "as the MMCRA field is written (isa207-common.c:505-506)")
    setp(c + "threshold/thresh-cmp", "event-shift", "cells", ["0"], "config1 bits 0-17")
    for r in ("ebb", "bhrb"):
        setp(c + r, "restricted-counters-too", "bool", None,
             "POWER10 applies it to PMC5/6 events too (isa207-common.c:445-446)")
    setp(c + "grouping", "group-constraint-mask", "u64s", u64(1 << 54),
         "bit 54 (power10-pmu.c:585-586)")
    setp(c + "grouping", "group-constraint-value", "u64s", u64(1 << 54), "as above")
    addnode(c + "alternatives/inst-cmpl", [("codes", "u64s", u64list([0x2, 0x500fa]))],
            "POWER10's alternatives (power10-pmu.c:93-96)")
    addnode(c + "alternatives/cyc", [("codes", "u64s", u64list([0x1e, 0x600f4]))], "as above")
    addnode("bhrb", [("nr", "cells", ["32"]), ("any", "cells", ["0"]),
                     ("ind-call", "cells", ["2"]), ("cond", "cells", ["3"]),
                     ("any-call", "cells", ["1"])],
            "32 entries and the filter map (power10-pmu.c:302-, 602)")
    ce = addnode("cache-events", [], "the cache event map (power10-pmu.c:133-148)")
    for name, props in (("l1d", [("read", [0x100fc, 0x3e054]), ("write", [0, 0x300f0]),
                                 ("prefetch", [0x1002c, 0])]),
                        ("l1i", [("read", [0x4080, 0x200fc]),
                                 ("write", [0x3f00000001c040, 0xffffffffffffffff]),
                                 ("prefetch", [0x40a0, 0])]),
                        ("ll", [("read", [0x1340000001c040, 0x300fe]),
                                ("write", [0x10000046080, 0x26880]),
                                ("prefetch", [0x100000016080, 0])]),
                        ("dtlb", [("read", [0, 0x300fc])]), ("itlb", [("read", [0, 0x400fc])]),
                        ("bpu", [("read", [0x4d05e, 0x400f6])])):
        nd = Node(name, None)
        ce.children.append(nd)
        for pn, vals in props:
            nd.props.append((pn, "u64s", u64list(vals), None, ""))
    names = ["event", "pmcxsel", "mark", "combine", "unit", "pmc", "cache_sel", "sdar_mode",
             "sample_mode", "thresh_sel", "thresh_stop", "thresh_start", "l2l3_sel", "src_sel",
             "invert_bit", "src_mask", "src_match", "radix_scope", "thresh_cmp"]
    fields = ["config:0-59", "config:0-7", "config:8", "config:10-11", "config:12-15",
              "config:16-19", "config:20-21", "config:22-23", "config:24-28", "config:29-31",
              "config:32-35", "config:36-39", "config:40-44", "config:45-46", "config:47",
              "config:48-53", "config:54-59", "config:9", "config1:0-17"]
    pmu.props.append(("format-names", "strings", names, None,
                      "corrected: the format/ directory (power10-pmu.c format attributes)"))
    pmu.props.append(("format-fields", "strings", fields, None, "corrected: as above"))
    setp("", "pmu-name", "string", "POWER10",
         "caps/pmu_name, which the selftests match (power10-pmu.c:581)")
    ev = "events/"
    for name, code, cat in (("cpu-cycles", 0x600f4, "core"), ("cache-references", 0x100fc, "cache"),
                            ("cache-misses", 0x400f0, "cache"),
                            ("branch-instructions", 0x2f04a, "branch")):
        addnode(ev + name, [("event_code", "cells", ["0x%x" % code]),
                            ("event-category", "string", cat),
                            ("event-class", "string", "primary"), ("status", "string", "okay")],
                "perf's generic event (power10-pmu.c generic map)")
    setp(ev + "branch-misses", "event_code", "cells", ["0x3e098"],
         "0x400f6 is POWER10 DD1's; DD2 and later count PM_MPRED_BR_FIN (power10-pmu.c:297)")


def dts_str(s):
    assert all(0x20 <= ord(c) < 0x7f for c in s) and '"' not in s and "\\" not in s
    return '"%s"' % s


def comment(ind, text, out):
    """A comment of its own before a line, wrapped to 100 columns."""
    width = 100 - 8 * len(ind) - 3
    if len(text) + 6 <= width:
        out.append("%s/* %s */" % (ind, text))
        return
    out.append(ind + "/*")
    line = " *"
    for w in text.split():
        if len(line) + 1 + len(w) > width:
            out.append(ind + line)
            line = " *"
        line += " " + w
    out.append(ind + line)
    out.append(ind + " */")


MACROS = []


def emit(out, ind, text, com):
    """A line and its trailing comment; the comment before it if too long."""
    line = ind + text
    if com and len((line + com).expandtabs(8)) > 100:
        out.append(ind + com.strip())
        com = ""
    out.append(line + com)


def render(nd, depth, out, fixed):
    ind = "\t" * depth
    for name, kind, val, line, note in nd.props:
        if note.startswith("corrected: "):
            comment(ind, note, out)
        com = ("\t/* hw/pmu.c:%d */" % line) if line else ""
        if kind == "cells":
            emit(out, ind, "%s = <%s>;" % (name, " ".join(val)), com)
        elif kind == "u64s":
            if line is not None:
                assert all(cint(v) < 2 ** 32 for v in val)
                pairs = [("0x0", t) for t in val]
            else:
                # corrected: (hi, lo) pairs, each value written <0 hi 0 lo>
                pairs = [(val[i], val[i + 1]) for i in range(0, len(val), 2)]
                pairs = sum([[("0x0", hi), ("0x0", lo)] for hi, lo in pairs], [])
            text = "%s = <%s>;" % (name, " ".join(a + " " + b for a, b in pairs))
            if len((ind + text).expandtabs(8)) > 100:
                text = "%s = <%s>;" % (name, (",\n%s\t" % ind).join(
                    "%s %s %s %s" % (pairs[i] + pairs[i + 1]) for i in range(0, len(pairs), 2)))
                text = text.replace(",\n", ">,\n").replace("\t0x", "\t<0x")
            emit(out, ind, text, com)
        elif kind == "string":
            text = "%s = %s;" % (name, dts_str(val))
            if len((ind + text + com).expandtabs(8)) > 100 and \
                    len((ind + text).expandtabs(8)) > 100:
                # too long for a line: a macro (kbuild runs cpp on .dts)
                macro = "DESC_" + nd.name.upper().replace("-", "_")
                MACROS.append("#define %s %s" % (macro, dts_str(val)))
                if len(MACROS[-1]) > 100:
                    MACROS[-1] = "#define %s \\\n\t%s" % (macro, dts_str(val))
                text = "%s = %s;" % (name, macro)
            emit(out, ind, text, com)
        elif kind == "strings":
            out.append("%s%s = %s;" % (ind, name, (",\n%s\t" % ind).join(dts_str(v) for v in val)))
        else:
            emit(out, ind, "%s;" % name, com)
    # children in the order the flattened tree has them: dt_attach_root()
    # keeps them sorted by strcmp (core/device.c:94-127)
    kids = sorted(nd.children, key=lambda c: c.name.encode())
    for c in kids:
        if nd.props or c is not kids[0]:
            out.append("")
        if getattr(c, "removed", None):
            comment(ind, "corrected: %s removed: %s" % (c.name, c.removed), out)
            continue
        if getattr(c, "why", None):
            comment(ind, "corrected: " + c.why, out)
        out.append("%s%s {%s" % (ind, c.name, ("\t/* hw/pmu.c:%d */" % c.line) if c.line else ""))
        render(c, depth + 1, out, fixed)
        out.append("%s};" % ind)


HEADER = """// SPDX-License-Identifier: GPL-2.0-or-later OR Apache-2.0
/dts-v1/;

/*
 * KUnit fixture: %s
 *
 * Reconstructed, statement by statement, from hw/pmu.c of skiboot's
 * pmu_dts branch, commit 783e33f1 ("hw: Create PMU definitions using DTS
 * for Linux driver"), the firmware half of the RFC "powerpc/perf: Add
 * Device Tree based PMU description framework".
 * pmu_init() emits this subtree on every processor generation.  Encoded
 * as skiboot does: dt_add_property_cells() one cell per argument,
 * dt_add_property_u64s(hi, lo) two 64-bit values, so <0 hi 0 lo>;
 * children sorted by name (dt_attach_root()); the phandle skiboot gives
 * every node left out.  Comments name the hw/pmu.c line of each
 * property.%s
 */

/ {
"""
WHAT = {False: "the POWER10 node as skiboot's pmu_dts branch (commit 783e33f1)\n"
               " * emits it, reconstructed from its source, verbatim.",
        True: "the node of dts_pmu_rfc.dts with its data errors for\n"
              " * POWER10 corrected, and nothing else: skiboot's forms stay."}


def write(path, fixed):
    out = []
    pm = root.children
    assert len(pm) == 1 and pm[0].name == "pmus"
    out.append("\tpmus {\t/* hw/pmu.c:127 */")
    render(pm[0], 2, out, fixed)
    out.append("\t};")
    head = HEADER % (WHAT[fixed], "\n * A \"corrected:\" comment precedes each correction and says why."
                     if fixed else "")
    if MACROS:
        head = head.replace("\n/ {\n", "\n/* descriptions too long for their line */\n%s\n\n/ {\n"
                            % "\n".join(MACROS), 1)
    del MACROS[:]
    with open(path, "w") as f:
        f.write(head + "\n".join(out) + "\n};\n")


def main():
    import os
    outdir = sys.argv[1]
    write(os.path.join(outdir, "dts_pmu_rfc.dts"), False)
    correct()
    write(os.path.join(outdir, "dts_pmu_rfc_fixed.dts"), True)


if __name__ == "__main__":
    main()
