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

SPARKLE_NS = b'xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle"'

# itunes and manifest: byte 0 picks the policy and the current version; the rest is the body.
itunes = [fixture(n) for n in ("itunes-ios.json", "itunes-mac.json", "itunes-empty.json", "itunes-error-400.json")]
write("itunes", [bytes([i * 37 % 256]) + b for i, b in enumerate(itunes)])
manifests = [fixture(n) for n in ("manifest-full.json", "manifest-minimal.json", "manifest-iversion.plist", "manifest-binary.plist")]
# pubDate spellings from real feeds (SPEC.md, the `date` row): read, or no date at all.
DATES = [
    b"Tue, 10 Jun 2025 12:00:00 +0000", b"10 Jun 2025 12:00:00 +0000", b"Tue, 1 Jul 2025 09:05 GMT",
    b"Tue, 10 Jun 2025 08:00:00 EDT", b"Tue, 10 Jun 2025 13:00:00 +01:00", b"Tue, 10 Jun 2025 14:00:00 GMT+2",
    b"Tue, 10 Jun 2025 07:00:00 UTC-05:00", b"Thu, 10 Jun 99 12:00:00 Z", b"2025-06-10", b"2025-06-10T12:00:00",
    b"2017-08-08T12:51:52.662820", b"2015-03-31 22:49:59 +0000", b"mar., 20 mai 2025 09:00:00 +0200",
    b"Tue, 10 Jun 2025 12:00:00", b"9999-12-31T23:00:00-02:00",
]
# A manifest body that is an appcast goes through the same reading (the date row), and
# JSON manifests carry ISO 8601 dates; byte 0 with 0x40 set asks for --min-age.
manifests += [b'{"releases": [{"version": "2.0", "date": "' + d + b'"}, {"version": "1.5", "date": "2025-06-10"}]}' for d in DATES[8:11]]
manifests += [b"<rss " + SPARKLE_NS + b"><channel>" + b"".join(
    b"<item><sparkle:version>" + str(i + 2).encode() + b"</sparkle:version><pubDate>" + d + b"</pubDate>"
    b'<enclosure url="https://example.com/a.zip" length="1" type="x"/></item>' for i, d in enumerate(DATES)) + b"</channel></rss>"]
write("manifest", [bytes([(i * 37 % 256) | (0x40 if i >= 4 else 0)]) + b for i, b in enumerate(manifests)])

# appcast: byte 0 picks the policy and the current version, byte 1 the appcast options
# (channels, --appcast-version, rollout group, --force-on); the rest is the feed.
SPARKLE = SPARKLE_NS


def feed(*items, declare=SPARKLE):
    return b"<rss " + declare + b"><channel><title>App</title>" + b"".join(b"<item>" + i + b"</item>" for i in items) + b"</channel></rss>"


ENC = b'<enclosure url="https://example.com/a.zip" length="1" type="x"/>'
appcasts = [fixture(n) for n in ("appcast-sparkle2.xml", "appcast-sparkle1.xml", "appcast-os.xml",
                                 "appcast-legacy-build.xml", "appcast-v-prefixed.xml")] + [
    feed(b"<sparkle:version>5209</sparkle:version>" + ENC),
    feed(b'<enclosure url="u" sparkle:version="2.0b3" sparkle:shortVersionString="2.0 beta 3"/>',
         b"<sparkle:version>1.5rc1</sparkle:version><sparkle:shortVersionString>1.5</sparkle:shortVersionString>" + ENC),
    feed(b"<sparkle:version>3.0</sparkle:version><sparkle:channel>beta</sparkle:channel>" + ENC,
         b"<sparkle:version>2.9</sparkle:version>" + ENC),
    feed(b'<sparkle:version>9</sparkle:version><enclosure url="u" sparkle:os="windows"/>',
         b'<sparkle:version>8</sparkle:version><enclosure url="u" sparkle:os="macos"/>'),
    feed(b'<sparkle:version>2.1</sparkle:version><sparkle:criticalUpdate sparkle:version="2.0"/>'
         b"<sparkle:informationalUpdate><sparkle:belowVersion>1.9</sparkle:belowVersion></sparkle:informationalUpdate>" + ENC),
    feed(b"<sparkle:version>4.0</sparkle:version><pubDate>Tue, 10 Jun 2025 12:00:00 +0000</pubDate>"
         b"<sparkle:phasedRolloutInterval>86400</sparkle:phasedRolloutInterval>" + ENC),
    feed(b'<sparkle:version xml:lang="de">7</sparkle:version><sparkle:version> 6 </sparkle:version>' + ENC),
    feed(b"<sparkle:version>1&#46;<![CDATA[2]]><!-- c -->.3&#x2d;x</sparkle:version>" + ENC),
    feed(b"<s:version>2.0</s:version>" + ENC, b"<s:version>2.0.0</s:version>" + ENC,
         declare=b'xmlns:s="http://www.andymatuschak.org/xml-namespaces/sparkle"'),
    feed(b"<sparkle:version>1.0</sparkle:version><sparkle:maximumSystemVersion>14.0</sparkle:maximumSystemVersion>"
         b"<sparkle:minimumSystemVersion>16.0</sparkle:minimumSystemVersion>" + ENC, declare=b'version="2.0"'),
    b'<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY e "x">]><rss><channel><item>&e;</item></channel></rss>',
    feed(b"<sparkle:version>1..2</sparkle:version>" + ENC, b"<title>no version</title>"),
]
appcasts += [feed(b"<sparkle:version>" + str(i + 2).encode() + b"</sparkle:version><pubDate>" + d + b"</pubDate>"
                  b"<sparkle:phasedRolloutInterval>86400</sparkle:phasedRolloutInterval>" + ENC) for i, d in enumerate(DATES)]
# A short input is also read whole as a pubDate (after the two option bytes).
appcasts += DATES
write("appcast", [bytes([i * 37 % 256, i * 53 % 256]) + b for i, b in enumerate(appcasts)])

# lint: byte 0 picks the feed's URL (bits 0-1) and a --tag-prefix (bit 2), byte 1 the
# current version; the rest is the feed: the appcast corpus, and every lint fixture.
lints = appcasts + [fixture(os.path.relpath(p, os.path.join(ROOT, "Fixtures")))
                    for p in sorted(glob.glob(os.path.join(ROOT, "Fixtures", "lint", "*")))]
write("lint", [bytes([i * 37 % 256, i * 53 % 256]) + b for i, b in enumerate(lints)])

# github-releases: byte 0 picks the policy and the current version, byte 1 the options
# (bit 0 --include-prereleases, bits 1-2 a --tag-prefix); the rest is the body.
github = [fixture(n) for n in ("github-releases.json", "github-release-latest.json", "github-releases-monorepo.json")] + [
    b"[]", b'[{"tag_name": "v1.2.0"}]', b'{"tag_name": "2.0", "name": "Two", "body": "notes", "html_url": "https://x/2"}',
    b'[{"tag_name": "v3.0.0-rc.1"}, {"tag_name": "v2.9.0", "prerelease": true}, {"tag_name": "v2.8", "draft": true}]',
    b'[{"tag_name": "nightly"}, {"tag_name": "latest", "draft": false}]', b'[{"tag_name": "app-v1.0"}, {"tag_name": "cli-v2.0"}]',
    b'[{"tag_name": 1}]', b'[1, "x", null]', b'[{"tag_name": "v1", "draft": "no"}]', b'[{"tag_name": "v1", "tag_name": "v2"}]',
    b'{"latestVersion": "1.0", "tag_name": "v2"}', b'{"x": {"tag_name": "v1"}, "latestVersion": "1"}',
]
write("github-releases", [bytes([i * 37 % 256, i % 8]) + b for i, b in enumerate(github)])

# electron-builder: byte 0 picks the policy and the current version, byte 1 a
# --rollout-percentile (bit 7 set; bits 0-6 modulo 100); the rest is the YAML.
SHA = b"A" * 86 + b"=="
electron = [fixture(n) for n in ("latest-mac.yml", "latest-mac-staged.yml", "latest-mac-notes-list.yml", "beta-mac.yml",
                                 "latest-linux.yml", "app-update.yml", "app-update-generic.yml")] + [
    b"version: 1.0\npath: a.zip\n", b"---\nversion: '2.0'\nfiles:\n- url: a b.zip\n  sha512: " + SHA + b"\n  size: 3\n",
    b"version: 2.0\nfiles:\n  - url: a\n    sha512: abc\n    size: 0\n", b"version: 3\npath: x\nstagingPercentage: 50\n",
    b"version: 3\npath: x\nreleaseNotes:\n  - version: 2.5\n    note: |\n      <p>a</p>\n  - version: 3\n    note: \"b\\u00e9\"\n",
    b"version: 3\npath: x\nreleaseNotes: >-\n  folded\n  lines\n\n  kept\n", b"version: &a 1\npath: *a\n",
    b"version: !!str 1\npath: [a]\n", b"version: 1\npath: a\n---\nversion: 2\n", b"a:\n  b:\n    - c: 'd''e'\n    - \"f\\tg\"\n",
    b"version: 1\nfiles:\n  url: a\n", b"\xef\xbb\xbfversion: 1\r\npath: a\r\n",
]
write("electron-builder", [bytes([i * 37 % 256, (i * 53) % 256]) + b for i, b in enumerate(electron)])
