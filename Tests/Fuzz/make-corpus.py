#!/usr/bin/env python3
"""Builds the committed fuzz seed corpus, Tests/Fuzz/corpus/<target>/, from Fixtures/
and the string literals of the test tables. Deterministic: each seed is named by the
SHA-1 of its bytes (as libFuzzer names units). Run from the package root:

    python3 Tests/Fuzz/make-corpus.py
"""
import glob
import hashlib
import os
import re
import shutil

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUT = os.path.join(ROOT, "Tests", "Fuzz", "corpus")
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.){1,60})"')


def unescape(text):
    """Swift string escapes: \\u{X…}, \\n, \\t, \\r, \\0, \\\\, \\\"."""
    text = re.sub(r"\\u\{([0-9a-fA-F]{1,8})\}", lambda m: chr(int(m.group(1), 16)), text)
    simple = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'"}
    return re.sub(r"\\(.)", lambda m: simple.get(m.group(1), m.group(1)), text)


def literals(pattern):
    """Short string literals of the Swift files matching `pattern`, unescaped, in file order."""
    seen = []
    for path in sorted(glob.glob(os.path.join(ROOT, pattern))):
        with open(path, encoding="utf-8") as f:
            for match in LITERAL.finditer(f.read()):
                text = match.group(1)
                if "\\(" in text:
                    continue
                text = unescape(text).encode("utf-8", "surrogatepass")
                if text not in seen:
                    seen.append(text)
    return seen


def write(target, seeds):
    folder = os.path.join(OUT, target)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for seed in seeds:
        with open(os.path.join(folder, hashlib.sha1(seed).hexdigest()), "wb") as f:
            f.write(seed)
    print(f"{target}: {len(set(seeds))} seeds")


def fixture(name):
    with open(os.path.join(ROOT, "Fixtures", name), "rb") as f:
        return f.read()


versionish = re.compile(rb"^[ \tvV0-9.xX*+\-a-zA-Z|,<>=!~^]*$")
core = [t for t in literals("Tests/VersionCheckCoreTests/*.swift") if versionish.match(t)]
cli = [t for t in literals("Tests/VersionCheckCLITests/*.swift") if len(t) <= 40]

# version: byte 0 picks the mode and the decision policy.
write("version", [bytes([i % 256]) + t for i, t in enumerate(core)])

# constraint: VERSION NUL CONSTRAINT, every constraint-looking literal against a few versions.
constraints = [t for t in core if re.search(rb"[<>=~^|,*xX ]", t)]
versions = [b"1.2.3", b"2.0.0-beta", b"0.0.3", b"1.2"]
write("constraint", [versions[i % len(versions)] + b"\0" + c for i, c in enumerate(constraints)] + constraints)

# command-line: arguments joined by NUL; with a NUL, the last piece is stdin.
argvs = [
    [b"compare", b"1.2", b"1.10"], [b"compare", b"--json", b"v2.0.0+build.7", b"2"],
    [b"satisfies", b"1.4.2", b"~> 1.2"], [b"satisfies", b"--json", b"2.0.0-beta", b"^1.2.3"],
    [b"sort", b"1.10", b"1.2", b"1.2.0-rc.1"], [b"sort", b"--reverse", b""],
    [b"sort", b"--json", b"1.10\n1.2\r\n\n  v1.2.0  \n"], [b"sort", b"3.0\n1.2.0-rc.1\n1.2\n"],
    [b"validate", b"--strict", b"1.2.3", b"v1.2"], [b"validate", b"--app-store", b"--json", b"2020121701"],
    [b"lookup", b"--id", b"284882215", b"--current", b"1.2.0", b"--timeout", b"1.5", b"--retries=3"],
    [b"lookup", b"--bundle-id", b"com.example.app", b"--country", b"DE", b"--current", b"1.2.0", b"--json"],
    [b"manifest", b"--url", b"https://example.com/app.json", b"--current", b"1.2.0", b"--min-age", b"7", b"--gate"],
    [b"manifest", b"--url=./m.plist", b"--current=1.2", b"--force-on", b"minor", b"--optional-on=never", b"-qv"],
    [b"help", b"lookup"], [b"--version"], [b"-h"], [b"--json", b"compare", b"--", b"-1", b"2"],
] + [[t] for t in cli[:40]]
write("command-line", [b"\0".join(a) for a in argvs])

# itunes and manifest: byte 0 picks the policy and the current version; the rest is the body.
itunes = [fixture(n) for n in ("itunes-ios.json", "itunes-mac.json", "itunes-empty.json", "itunes-error-400.json")]
write("itunes", [bytes([i * 37 % 256]) + b for i, b in enumerate(itunes)])
manifests = [fixture(n) for n in ("manifest-full.json", "manifest-minimal.json", "manifest-iversion.plist", "manifest-binary.plist")]
write("manifest", [bytes([i * 37 % 256]) + b for i, b in enumerate(manifests)])
