#!/usr/bin/env python3
"""Regenerates Fixtures/manifest-binary.plist (a binary property list manifest).

Run from anywhere: python3 Fixtures/make-binary-plist.py
The output is deterministic (sorted keys), so re-running it leaves git clean.
"""
import os
import plistlib

MANIFEST = {
    "1.0": "First release",
    "1.1": "Added export to PDF",
    "1.3.0": ["Widgets", "Bug fixes"],
}

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "manifest-binary.plist"), "wb") as out:
    plistlib.dump(MANIFEST, out, fmt=plistlib.FMT_BINARY, sort_keys=True)
