#!/usr/bin/env python3
"""Regenerates the generated property list fixtures in Fixtures/.

Run from anywhere: python3 Fixtures/make-binary-plist.py
The output is deterministic (fixed key order), so re-running it leaves git clean.

- manifest-binary.plist: a binary manifest, keys sorted.
- manifest-same-precedence.plist (XML) and manifest-same-precedence-binary.plist:
  the same manifest, keys in the order written below (sort_keys=False keeps
  insertion order). "1.2.0" and "1.2" have equal precedence; "1.2.0" comes first
  in the file, so it must win, though "1.2" sorts first as text.
"""
import os
import plistlib

MANIFEST = {
    "1.0": "First release",
    "1.1": "Added export to PDF",
    "1.3.0": ["Widgets", "Bug fixes"],
}

SAME_PRECEDENCE = {
    "1.2.0": ["Listed first", "so it wins"],
    "1.0": "First release",
    "1.2": "Listed second",
}

here = os.path.dirname(os.path.abspath(__file__))


def write(name, value, fmt, sort_keys):
    with open(os.path.join(here, name), "wb") as out:
        plistlib.dump(value, out, fmt=fmt, sort_keys=sort_keys)


write("manifest-binary.plist", MANIFEST, plistlib.FMT_BINARY, True)
write("manifest-same-precedence.plist", SAME_PRECEDENCE, plistlib.FMT_XML, False)
write("manifest-same-precedence-binary.plist", SAME_PRECEDENCE, plistlib.FMT_BINARY, False)
