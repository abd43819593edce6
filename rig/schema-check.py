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
(a property whose size does not fit its type).
"""
import contextlib
import io
import json
import multiprocessing
import os
import sys

import dtschema

schema_file, corpus, out = sys.argv[1:4]
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


def verdict(name):
    errors, selected = [], []
    msgs = io.StringIO()
    try:
        # what dt-schema says while decoding ("size (2) error for type
        # uint32"): dt-validate prints it, make check fails on it
        with contextlib.redirect_stderr(msgs):
            trees = dtschema.load(os.path.join(corpus, name + ".dtb"))
        for tree in trees:
            check(tree, "/", errors, selected)
    except Exception as e:  # dt-schema cannot read the blob
        errors.append("unreadable: %s" % type(e).__name__)
    errors[:0] = ["decoding: " + m for m in msgs.getvalue().splitlines()]
    if not selected and not errors:
        errors.append("no node the binding selects")
    return "%s\t%s\t%s\n" % (name, "rejected" if errors else "accepted",
                              (errors or [""])[0].replace("\t", " ")[:300])


cases = [ln.split("\t", 1)[0] for ln in open(os.path.join(corpus, "list.tsv"))]
# the unmutated descriptions are the corpus' first two cases
schemas = load_schemas([os.path.join(corpus, c + ".dtb") for c in cases[:2]])
with multiprocessing.Pool(NPROC) as pool, open(out, "w") as o:
    for ln in pool.imap(verdict, cases, chunksize=16):
        o.write(ln)
print("schema check: %d cases, %d schemas" % (len(cases), len(schemas)))
