#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Emit the events { } node of an "ibm,power-pmu" description from perf JSON.

Reads the core event files of one CPU in tools/perf/pmu-events/arch/powerpc/
(for example power10/*.json), skips metric files, and writes a device-tree
source fragment with one child per event:

    events {
            PM_CYC {
                    event_code = <0x0 0x600f4>;
                    event-category = "pmc";
                    event-class = "primary";
                    description = "Processor cycles.";
            };
            ...
    };

Include it inside the pmu node of a description.  The event category is the
name of the JSON file the event comes from.

Usage: pmu-json-to-dts.py [-o OUTPUT] JSON_DIR_OR_FILE...

On any error (unreadable or malformed JSON, an event without a name or code,
a code that is not a 64-bit number, a name that is not a valid node name, a
duplicate name) it names the file and the event, writes nothing, and exits
with status 1.
"""

import argparse
import json
import os
import re
import sys
import tempfile

# The DT specification recommends at most 31 characters; perf event
# names run to 40, and dtc and the kernel take longer names.
NODE_NAME = re.compile(r"^[A-Za-z0-9,._+-]{1,63}$")


class InputError(Exception):
    pass


def json_files(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            names = sorted(n for n in os.listdir(path) if n.endswith(".json"))
            if not names:
                raise InputError("%s: no .json files" % path)
            files += [os.path.join(path, n) for n in names]
        elif os.path.isfile(path):
            files.append(path)
        else:
            raise InputError("%s: no such file or directory" % path)
    return files


def read_events(path):
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as e:
        raise InputError("%s: %s" % (path, e.strerror))
    except (ValueError, UnicodeDecodeError) as e:
        raise InputError("%s: malformed JSON: %s" % (path, e))
    if not isinstance(data, list):
        raise InputError("%s: expected a list of events" % path)

    events = []
    for i, ev in enumerate(data):
        if not isinstance(ev, dict):
            raise InputError("%s: entry %d is not an object" % (path, i))
        if "MetricName" in ev or "MetricExpr" in ev:
            continue
        name = ev.get("EventName")
        code = ev.get("EventCode")
        if not isinstance(name, str) or not name:
            raise InputError("%s: entry %d has no EventName" % (path, i))
        if not NODE_NAME.match(name):
            raise InputError("%s: %s: not a valid node name" % (path, name))
        if not isinstance(code, str):
            raise InputError("%s: %s: no EventCode" % (path, name))
        try:
            value = int(code, 16)
        except ValueError:
            raise InputError("%s: %s: EventCode %r is not hexadecimal" %
                             (path, name, code))
        if not 0 <= value < 1 << 64:
            raise InputError("%s: %s: EventCode %s does not fit 64 bits" %
                             (path, name, code))
        desc = ev.get("BriefDescription", "")
        if not isinstance(desc, str):
            raise InputError("%s: %s: BriefDescription is not a string" %
                             (path, name))
        events.append((name, value, desc))
    return events


def dts_string(s):
    return '"%s"' % s.replace("\\", "\\\\").replace('"', '\\"')


def emit(events):
    out = ["/* Generated from perf JSON event files; do not edit. */",
           "events {"]
    for name, value, category, desc in events:
        out += ["\t%s {" % name,
                "\t\tevent_code = <0x%x 0x%x>;" % (value >> 32,
                                                    value & 0xffffffff),
                "\t\tevent-category = %s;" % dts_string(category),
                '\t\tevent-class = "primary";',
                "\t\tdescription = %s;" % dts_string(desc),
                "\t};"]
    out.append("};")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-o", "--output", help="output file (default: stdout)")
    ap.add_argument("inputs", nargs="+", metavar="JSON_DIR_OR_FILE")
    args = ap.parse_args()

    try:
        events = []
        seen = {}
        for path in json_files(args.inputs):
            category = os.path.splitext(os.path.basename(path))[0]
            for name, value, desc in read_events(path):
                if name in seen:
                    raise InputError("%s: %s: duplicate event name (first in %s)"
                                     % (path, name, seen[name]))
                seen[name] = path
                events.append((name, value, category, desc))
        if not events:
            raise InputError("no events found")
    except InputError as e:
        print("pmu-json-to-dts: %s" % e, file=sys.stderr)
        return 1

    text = emit(events)
    if not args.output:
        sys.stdout.write(text)
        return 0

    # Write to a temporary file beside the output and rename it into place,
    # so that a failed run never leaves a partial file.
    outdir = os.path.dirname(os.path.abspath(args.output))
    fd, tmp = tempfile.mkstemp(dir=outdir, prefix=".pmu-json-to-dts.")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.rename(tmp, args.output)
    except OSError as e:
        os.unlink(tmp)
        print("pmu-json-to-dts: %s: %s" % (args.output, e.strerror),
              file=sys.stderr)
        return 1
    print("pmu-json-to-dts: %d events, %d bytes -> %s" %
          (len(events), len(text), args.output), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
