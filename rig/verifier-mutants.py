#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# The verifier mutants of issue 22 (the KUnit dts_test_verifier ones, the
# four-cell copy, the forward-compatibility cases) as blobs for the debugfs
# check file, to put any kernel to them: rig/verifier-mutants.py DTB OUTDIR,
# then RIG_SAN=OUTDIR rig/mkinitrd.sh ... and boot with kunit.enable=0
# (rig/guest/san.sh prints RIG: SCHEMA <case> <verdict>).
import libfdt, os, struct, sys
out = sys.argv[2]; os.makedirs(out, exist_ok=True)
blob = open(sys.argv[1], 'rb').read()
PMU = "/pmus/pmu_dts@0"
cases = []
def fresh():
    f = libfdt.Fdt(bytearray(blob)); f.resize(len(blob) + 16384); return f
def off(f, p): return f.path_offset(PMU + ("/" + p if p else ""))
def u32s(*v): return struct.pack(">%dI" % len(v), *v)
def emit(f, what):
    root = f.path_offset("/")
    f.setprop_str(root, "model", "description check"); f.setprop_str(root, "compatible", "rig,description-check")
    f.pack(); name = "%05d" % len(cases)
    open(os.path.join(out, name + ".dtb"), "wb").write(f.as_bytearray()); cases.append((name, "power10", what))
for i in range(3):
    emit(fresh(), "unmutated")
m = []
def mut(what, fn):
    f = fresh(); fn(f); emit(f, what)
mut("max-counter 4", lambda f: f.setprop_u32(off(f, "constraints/pmc-constraints"), "max-counter", 4))
def fmt(spec):
    def g(f):
        f.setprop_str(off(f, ""), "format-names", "event"); f.setprop_str(off(f, ""), "format-fields", spec)
    return g
mut("format config:0-4294967355", fmt("config:0-4294967355"))
mut("format config2:0-3", fmt("config2:0-3"))
def many(f):
    o = off(f, "")
    f.setprop(o, "format-names", b"".join(b"f%d\0" % i for i in range(65)))
    f.setprop(o, "format-fields", b"".join(b"config:%d\0" % (i % 60) for i in range(65)))
mut("65 formats", many)
def grp(f):
    o = off(f, "constraints/grouping")
    f.setprop(o, "group-constraint-mask", u32s(0, 0x8000)); f.setprop(o, "group-constraint-value", u32s(0, 0))
mut("group mask 0x8000", grp)
mut("SDAR_MODE on MMCRA 40-41", lambda f: f.setprop(off(f, "evt_code_format/SDAR_MODE"), "target_fields", u32s(40, 41)))
def sw(f):
    f.setprop(off(f, "evt_code_format/THRESH_STOP"), "target_fields", u32s(12, 15))
    f.setprop(off(f, "evt_code_format/THRESH_START"), "target_fields", u32s(8, 11))
mut("THRESH_STOP/START targets swapped", sw)
mut("IFM condition 0", lambda f: f.setprop_u32(off(f, "evt_code_format/IFM"), "condition", 0))
mut("pmc3 status disabled", lambda f: f.setprop_str(off(f, "sprs/pmcs/pmc3"), "status", "disabled"))
mut("THRESH_CMP config 2", lambda f: f.setprop_u32(off(f, "evt_code_format/THRESH_CMP"), "config", 2))
def four(f):
    names = {"event-mask", "constraint-mask", "mask", "group-constraint-mask", "group-constraint-value",
             "codes", "valid-events", "event_code", "read", "write", "prefetch", "event-codes"}
    todo = []
    def walk(n, path):
        p = f.first_property_offset(n, libfdt.QUIET_NOTFOUND)
        while p >= 0:
            pr = f.get_property_by_offset(p)
            if pr.name in names and len(pr) % 8 == 0: todo.append((path, pr.name, bytes(pr)))
            p = f.next_property_offset(p, libfdt.QUIET_NOTFOUND)
        c = f.first_subnode(n, libfdt.QUIET_NOTFOUND)
        while c >= 0: walk(c, path + "/" + f.get_name(c)); c = f.next_subnode(c, libfdt.QUIET_NOTFOUND)
    walk(f.path_offset(PMU), PMU)
    for path, name, v in todo:
        w = b"".join(b"\0\0\0\0" + v[i:i + 4] for i in range(0, len(v), 4))
        f.setprop(f.path_offset(path), name, w)
mut("four-cell copy of POWER10", four)
def ncat(f):
    o = f.add_subnode(off(f, "constraints"), "nc@1"); f.setprop_u32(o, "limit", 5)
mut("nc@1 beside nc", ncat)
mut("sample rule deleted", lambda f: f.del_node(off(f, "constraints/sample"), True) if hasattr(f, "del_node") else f.del_node(off(f, "constraints/sample")))
mut("generic cache-references 0x30100fc", lambda f: f.setprop(off(f, "events/cache-references"), "event_code", u32s(0, 0x30100fc)))
mut("unknown property on the PMU node", lambda f: f.setprop_u32(off(f, ""), "ibm,pmu-future", 1))
def unode(f):
    o = f.add_subnode(off(f, ""), "future-node"); f.setprop_str(o, "what", "a later CPU's")
mut("unknown child node", unode)
mut("unknown property on an event", lambda f: f.setprop_str(off(f, "events/cpu-cycles"), "event-unit", "core"))
with open(os.path.join(out, "list.tsv"), "w") as o:
    for c in cases: o.write("\t".join(c) + "\n")
print(len(cases), "cases")
