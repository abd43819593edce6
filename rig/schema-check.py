#!/usr/bin/python3
"""The schema side of the schema/kernel differential: dt-validate's checks
(Debian's dt-schema library, as /usr/bin/dt-validate runs them) on every
blob of a corpus, in one process.

usage: schema-check.py PROCESSED_SCHEMA CORPUS_DIR OUT.tsv

Writes one line per case of CORPUS_DIR/list.tsv: name, "accepted" or
"rejected", the first error.  A case is accepted when dt-schema reports no
error and the ibm,power-pmu binding selected its description node (a node
the binding does not select is not a description: the kernel finds none
either).  A blob dt-schema cannot even read (a string property that is not
ASCII) is rejected, and so is one it reports an error in while decoding
(a property whose size does not fit its type, a string without its
terminating NUL: see prop_value() below), and so is a tree with two
sibling nodes or properties of one name (duplicates()).
"""
import contextlib
import io
import json
import multiprocessing
import os
import re
import sys

import dtschema
import libfdt

schema_file, corpus, out = sys.argv[1:4]

# dt-schema 2022.08 decodes a string-typed property by dropping its last
# byte unread: a string cut short (no terminating NUL) or empty reads as a
# valid, shorter string.  dtc and libfdt treat it as not a string; say so
# the way the decoder reports its other findings (on stderr).
_prop_value = dtschema.dtb.prop_value


def prop_value(nodename, p):
    v = _prop_value(nodename, p)
    data = bytes(p)
    if isinstance(v, list) and v and all(isinstance(x, str) for x in v) and \
            (not data or data[-1] != 0):
        print("%s: string not NUL-terminated" % p.name, file=sys.stderr)
    return v


dtschema.dtb.prop_value = prop_value
BINDING = "http://devicetree.org/schemas/perf/ibm,power-pmu.yaml#"
NPROC = 2


def nodes(tree, name="/"):
    yield name, tree
    for k, v in tree.items():
        if isinstance(v, dict):
            yield from nodes(v, k)


def load_schemas(names):
    """The schemas that can select a node of a description: the binding,
    those selecting every node, those selecting by node name one of the
    unmutated descriptions' nodes.  The 4000 others select by a compatible
    no description carries (dt-validate tries them all on every node, 3 s
    a blob), and vendor-prefixes checks property names with a vendor
    prefix, which neither a description nor a mutation has (0.15 s)."""
    every = dtschema.set_schemas([schema_file])
    keep = {}
    for k, s in every.items():
        if s["$id"] in ("generated-compatibles",
                        "http://devicetree.org/schemas/vendor-prefixes.yaml#"):
            continue
        if s["$id"] == BINDING or s["select"] is True:
            keep[k] = s
        elif "$nodename" in json.dumps(s["select"]):
            sel = dtschema.DTValidator(s["select"])
            for n in names:
                for tree in dtschema.load(n):
                    for nn, node in nodes(tree):
                        node["$nodename"] = [nn]
                        if sel.is_valid(node):
                            keep[k] = s
    for s in keep.values():
        s["$select_validator"] = dtschema.DTValidator(s["select"])
        s["$validator"] = dtschema.DTValidator(s)
    return keep


def check(node, nodename, errors, selected):
    if nodename.startswith("__"):
        return
    node["$nodename"] = [nodename]
    for s in schemas.values():
        if "$select_validator" not in s or not s["$select_validator"].is_valid(node):
            continue
        if s["$id"] == BINDING:
            selected.append(nodename)
        for e in s["$validator"].iter_errors(node):
            errors.append("%s: %s" % (nodename, e.message))
    for name, value in list(node.items()):
        if isinstance(value, dict):
            check(value, name, errors, selected)


def duplicates(path):
    """Sibling nodes or properties of one name: dt-schema reads a node as a
    dictionary and keeps the last; dtc refuses such a tree."""
    f = libfdt.Fdt(open(path, "rb").read())
    found = []

    def walk(n, where):
        names = []
        p = f.first_property_offset(n, libfdt.QUIET_NOTFOUND)
        while p >= 0:
            names.append(f.get_property_by_offset(p).name)
            p = f.next_property_offset(p, libfdt.QUIET_NOTFOUND)
        c = f.first_subnode(n, libfdt.QUIET_NOTFOUND)
        while c >= 0:
            names.append(f.get_name(c))
            walk(c, where + "/" + f.get_name(c))
            c = f.next_subnode(c, libfdt.QUIET_NOTFOUND)
        found.extend("%s/%s twice" % (where, x) for x in set(names) if names.count(x) > 1)
    walk(0, "")
    return found


# jsonschema's messages for a name the binding does not have: with and
# without patternProperties on the node
UNKNOWN = re.compile(r"(Additional|Unevaluated) properties are not allowed \(.* (was|were) "
                     r"unexpected\)|do(es)? not match any of the regexes: ")


def places(blob):
    """The node paths of a flattened tree, and (path, property) pairs."""
    f = libfdt.Fdt(blob)
    nodes, props = set(), set()

    def walk(n, path):
        nodes.add(path)
        p = f.first_property_offset(n, libfdt.QUIET_NOTFOUND)
        while p >= 0:
            props.add((path, f.get_property_by_offset(p).name))
            p = f.next_property_offset(p, libfdt.QUIET_NOTFOUND)
        c = f.first_subnode(n, libfdt.QUIET_NOTFOUND)
        while c >= 0:
            walk(c, path + "/" + f.get_name(c))
            c = f.next_subnode(c, libfdt.QUIET_NOTFOUND)
    walk(0, "")
    return nodes, props


def pruned(path, base):
    """The blob at @path without the nodes and properties the unmutated
    description does not have at their place (@base: its places()): the
    names a mutation added or renamed, which the kernel does not read."""
    nodes, props = base
    f = libfdt.Fdt(bytearray(open(path, "rb").read()))

    def walk(n, where):
        p = f.first_property_offset(n, libfdt.QUIET_NOTFOUND)
        drop = []
        while p >= 0:
            pname = f.get_property_by_offset(p).name
            if (where, pname) not in props:
                drop.append(pname)
            p = f.next_property_offset(p, libfdt.QUIET_NOTFOUND)
        for pname in drop:
            f.delprop(n, pname)
        while True:
            c = f.first_subnode(n, libfdt.QUIET_NOTFOUND)
            gone = False
            while c >= 0:
                cpath = where + "/" + f.get_name(c)
                if cpath not in nodes:
                    f.del_node(c)
                    gone = True
                    break
                walk(c, cpath)
                c = f.next_subnode(c, libfdt.QUIET_NOTFOUND)
            if not gone:
                break
    walk(0, "")
    f.pack()
    return bytes(f.as_bytearray())


def schema_errors(path, msgs, errors, selected):
    """dt-schema's checks of the blob at @path into @errors, what it says
    while decoding ("size (2) error for type uint32": dt-validate prints
    it, make check fails on it) into @msgs."""
    with contextlib.redirect_stderr(msgs):
        trees = dtschema.load(path)
    for tree in trees:
        check(tree, "/", errors, selected)


def verdict(name):
    errors, selected = [], []
    msgs = io.StringIO()
    try:
        errors.extend("decoding: " + d for d in duplicates(os.path.join(corpus, name + ".dtb")))
        schema_errors(os.path.join(corpus, name + ".dtb"), msgs, errors, selected)
    except Exception as e:  # dt-schema cannot read the blob
        errors.append("unreadable: %s" % type(e).__name__)
    errors[:0] = ["decoding: " + m for m in msgs.getvalue().splitlines()]
    if not selected and not errors:
        errors.append("no node the binding selects")
    # refused only for names the binding does not give that node, which the
    # kernel ignores (compare.py: schema_only_unknown): every error one of
    # jsonschema's for an unknown name, or none left once the names the
    # unmutated description does not have at their place are taken out
    unknown = bool(errors) and all(UNKNOWN.search(e) for e in errors)
    base = BASES.get(DESC.get(name))
    # only a mutation that adds or renames can bring a name in
    if errors and not unknown and base and ADDS.get(name) and not any(e.startswith("decoding: ") and
                                                  "twice" in e for e in errors):
        tmp = os.path.join(corpus, name + ".pruned.dtb")
        try:
            with open(tmp, "wb") as o:
                o.write(pruned(os.path.join(corpus, name + ".dtb"), base))
            left, left_msgs = [], io.StringIO()
            schema_errors(tmp, left_msgs, left, [])
            unknown = not left and not left_msgs.getvalue()
        except Exception:  # libfdt or dt-schema cannot read it: not unknown
            unknown = False
        finally:
            if os.path.exists(tmp):
                os.remove(tmp)
    return "%s\t%s\t%s\t%s\n" % (name, "rejected" if errors else "accepted",
                                  (errors or [""])[0].replace("\t", " ")[:300],
                                  "unknown-only" if unknown else "")


rows = [ln.rstrip("\n").split("\t") for ln in open(os.path.join(corpus, "list.tsv"))]
cases = [r[0] for r in rows]
DESC = {r[0]: r[1] for r in rows}
ADDS = {r[0]: len(r) > 2 and ("add" in r[2] or "rename" in r[2]) for r in rows}
# the places of the unmutated description of each platform, to tell
# added names apart (read once, before the workers fork)
BASES = {r[1]: places(open(os.path.join(corpus, r[0] + ".dtb"), "rb").read())
         for r in rows if len(r) > 2 and r[2] == "unmutated"}
# the unmutated descriptions are the corpus' first two cases
schemas = load_schemas([os.path.join(corpus, c + ".dtb") for c in cases[:2]])
with multiprocessing.Pool(NPROC) as pool, open(out, "w") as o:
    for ln in pool.imap(verdict, cases, chunksize=16):
        o.write(ln)
print("schema check: %d cases, %d schemas" % (len(cases), len(schemas)))
