#!/usr/bin/python3
"""Mutants of the built-in descriptions for the schema/kernel differential.

usage: schema-corpus.py OUTDIR SEED RANDOM BINDING.yaml power10.dtb power9.dtb

Writes OUTDIR/NNNNN.dtb and OUTDIR/list.tsv (name, description, mutation):
  - the systematic corpus of the KUnit malformed-corpus case, for every
    property of each description (no length limit): deleted, 4 bytes
    longer (0xff), truncated to half, a one-cell value set to 0xffffffff;
  - each one-cell value set to the next value the same property has on
    another node of the description (a counter given a control
    register's width, a register another's SPR number);
  - RANDOM seeded random mutants (half of each description): 1 to 3 of a
    cell set to a boundary or random value, a property deleted, copied
    from elsewhere, renamed, resized, a string corrupted, the cells of a
    value swapped or re-formed (<hi lo> <-> <0 hi 0 lo>), a node deleted,
    added or renamed;
  - the unmutated descriptions, the first one without the code of its last
    event (refused late: make test's fault injection sweeps all three), and
    the binding's example (case 00003).
Each blob gets the root model/compatible dt-schema asks of every root
(a description is a detached tree, not a board).  Run with Debian's
python3-libfdt (/usr/bin/python3).
"""
import os
import random
import struct
import subprocess
import sys

import libfdt

out, seed, nrand, binding = sys.argv[1], int(sys.argv[2], 0), int(sys.argv[3]), sys.argv[4]
bases = [(os.path.basename(p).split("-")[-1].split(".")[0], open(p, "rb").read())
         for p in sys.argv[5:]]
PMU = "/pmus/pmu_dts@0"
os.makedirs(out, exist_ok=True)
cases = []


def fresh(blob):
    f = libfdt.Fdt(bytearray(blob))
    f.resize(len(blob) + 16384)
    return f


def subtree(f):
    """(offset, path) of the description node and every node below it."""
    top = f.path_offset(PMU)
    nodes = [(top, PMU)]

    def walk(n, path):
        c = f.first_subnode(n, libfdt.QUIET_NOTFOUND)
        while c >= 0:
            p = path + "/" + f.get_name(c)
            nodes.append((c, p))
            walk(c, p)
            c = f.next_subnode(c, libfdt.QUIET_NOTFOUND)
    walk(top, PMU)
    return nodes


def props(f, node):
    r = []
    p = f.first_property_offset(node, libfdt.QUIET_NOTFOUND)
    while p >= 0:
        pr = f.get_property_by_offset(p)
        r.append((pr.name, bytes(pr)))
        p = f.next_property_offset(p, libfdt.QUIET_NOTFOUND)
    return r


def emit(f, desc, what):
    root = f.path_offset("/")
    f.setprop_str(root, "model", "description check")
    f.setprop_str(root, "compatible", "rig,description-check")
    f.pack()
    name = "%05d" % len(cases)
    with open(os.path.join(out, name + ".dtb"), "wb") as o:
        o.write(f.as_bytearray())
    cases.append((name, desc, what.replace("\t", " ")))


# the unmutated descriptions, the first one refused late (its last event
# without a code; make test's fault injection sweeps all three), and the
# binding's example (its one example, the end of the file)
for desc, blob in bases:
    emit(fresh(blob), desc, "unmutated")
f = fresh(bases[0][1])
last = [(n, p) for n, p in subtree(f) if "/events/" in p][-1]
f.delprop(last[0], "event_code")
emit(f, bases[0][0], "%s/event_code deleted" % last[1][len(PMU):])
text = open(binding).read().split("examples:\n  - |\n", 1)[1]
src = "/dts-v1/;\n/ {\n#address-cells = <1>;\n#size-cells = <1>;\n%s};\n" % text
example = subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb"], input=src.encode(),
                         capture_output=True, check=True).stdout
emit(fresh(example), "example", "the binding's example")

# the systematic corpus
for desc, blob in bases:
    f0 = fresh(blob)
    for node, path in subtree(f0):
        for pname, val in props(f0, node):
            for mut in ("deleted", "4 bytes longer", "truncated", "0xffffffff"):
                if mut == "truncated" and not val:
                    continue
                if mut == "0xffffffff" and len(val) != 4:
                    continue
                f = fresh(blob)
                n = f.path_offset(path)
                if mut == "deleted":
                    f.delprop(n, pname)
                elif mut == "4 bytes longer":
                    f.setprop(n, pname, val + b"\xff" * 4)
                elif mut == "truncated":
                    f.setprop(n, pname, val[:len(val) // 2])
                else:
                    f.setprop(n, pname, b"\xff" * 4)
                emit(f, desc, "%s/%s %s" % (path[len(PMU):] or "/", pname, mut))

VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 31, 32, 33, 63, 64, 65, 255, 256,
          0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff]


def value(rnd, old):
    k = rnd.randrange(4)
    if k == 0:
        return rnd.choice(VALUES)
    if k == 1:
        return (old + rnd.randrange(5) - 2) & 0xffffffff
    if k == 2:
        return old ^ (1 << rnd.randrange(32))
    return rnd.getrandbits(32)


def is_string(v):
    return len(v) >= 2 and v[-1] == 0 and all(c == 0 or 0x20 <= c <= 0x7e for c in v[:-1])


# a one-cell value that another node of the same description gives the
# same property (a counter's width as a control register's, another
# register's SPR number, another field's shift): for each one-cell
# property, the next such value in order
for desc, blob in bases:
    f0 = fresh(blob)
    cells = [(path, pname, val) for node, path in subtree(f0)
             for pname, val in props(f0, node) if len(val) == 4 and not is_string(val)]
    seen = {}
    for path, pname, val in cells:
        seen.setdefault(pname, set()).add(val)
    for path, pname, val in cells:
        others = sorted(v for v in seen[pname] if v != val)
        if not others:
            continue
        new = next((v for v in others if v > val), others[0])
        f = fresh(blob)
        f.setprop(f.path_offset(path), pname, new)
        emit(f, desc, "%s/%s set to %d, as elsewhere" % (
            path[len(PMU):] or "/", pname, struct.unpack(">I", new)[0]))


def mutate(rnd, f):
    nodes = subtree(f)
    node, path = rnd.choice(nodes)
    short = path[len(PMU):] or "/"
    kind = rnd.choice(["cell", "delete", "add", "rename", "resize", "string", "swap",
                       "delete node", "add node", "rename node"])
    ps = props(f, node)
    if kind.endswith("node"):
        if kind == "delete node":
            f.del_node(node)
            return "delete node %s" % short
        other = rnd.choice(nodes)[1].split("/")[-1]
        if kind == "add node":
            f.add_subnode(node, other)
            return "add node %s/%s" % (short, other)
        if node == nodes[0][0]:
            return None
        name = path.split("/")[-1]
        if rnd.randrange(2):
            new = other
        else:
            i = rnd.randrange(len(name))
            new = name[:i] + chr(ord("a") + rnd.randrange(26)) + name[i + 1:]
        f.set_name(node, new)
        return "rename node %s to %s" % (short, new)
    if kind == "add":
        on, opath = rnd.choice(nodes)
        op = props(f, on)
        if not op:
            return None
        name, val = rnd.choice(op)
        f.setprop(node, name, val)
        return "add %s/%s (from %s)" % (short, name, opath[len(PMU):] or "/")
    if not ps:
        return None
    name, val = rnd.choice(ps)
    what = "%s %s/%s" % (kind, short, name)
    if kind == "cell":
        if len(val) < 4:
            return None
        i = rnd.randrange(len(val) // 4) * 4
        c = value(rnd, struct.unpack(">I", val[i:i + 4])[0])
        f.setprop(node, name, val[:i] + struct.pack(">I", c) + val[i + 4:])
        return what + " cell %d = 0x%x" % (i // 4, c)
    if kind == "delete":
        f.delprop(node, name)
        return what
    if kind == "rename":
        if rnd.randrange(2):
            new = rnd.choice(props(f, rnd.choice(nodes)[0]) or [(name, b"")])[0]
        else:
            i = rnd.randrange(len(name))
            new = name[:i] + chr(ord("a") + rnd.randrange(26)) + name[i + 1:]
        f.delprop(node, name)
        f.setprop(node, new, val)
        return what + " to " + new
    if kind == "resize":
        n = rnd.randrange(len(val) + 9)
        f.setprop(node, name, (val + bytes(rnd.getrandbits(8) for _ in range(8)))[:n])
        return what + " to %d bytes" % n
    if kind == "string":
        if not is_string(val):
            return None
        v = bytearray(val)
        i = rnd.randrange(len(v) - 1)
        k = rnd.randrange(4)
        if k == 0:
            v[i] = 0x21 + rnd.randrange(94)
        elif k == 1:
            v[i] = 0
        elif k == 2:
            v = v[:-1]
        else:
            v = bytearray(b"\0")
        f.setprop(node, name, bytes(v))
        return what + " op %d at %d" % (k, i)
    # swap
    if len(val) == 8 and rnd.randrange(2):
        f.setprop(node, name, b"\0" * 4 + val[:4] + b"\0" * 4 + val[4:])
        return what + " to four cells"
    if len(val) == 16 and rnd.randrange(2):
        f.setprop(node, name, val[4:8] + val[12:16])
        return what + " to two cells"
    if len(val) < 8:
        return None
    w = 8 if len(val) % 8 == 0 and len(val) >= 16 and rnd.randrange(2) else 4
    i = rnd.randrange(len(val) // w - 1) * w
    f.setprop(node, name, val[:i] + val[i + w:i + 2 * w] + val[i:i + w] + val[i + 2 * w:])
    return what + " cells at %d swapped" % (i // 4)


rnd = random.Random(seed)
made = 0
while made < nrand:
    desc, blob = bases[made % len(bases)]
    f = fresh(blob)
    whats = []
    for _ in range(1 + (rnd.randrange(4) == 0) + (rnd.randrange(16) == 0)):
        try:
            w = mutate(rnd, f)
        except libfdt.FdtException:
            w = None
        if w:
            whats.append(w)
    if not whats:
        continue
    emit(f, desc, "; ".join(whats))
    made += 1

with open(os.path.join(out, "list.tsv"), "w") as o:
    for c in cases:
        o.write("\t".join(c) + "\n")
print("schema corpus: %d cases (%d random, seed 0x%x)" % (len(cases), nrand, seed))
