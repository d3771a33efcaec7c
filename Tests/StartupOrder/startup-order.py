#!/usr/bin/env python3
"""Writes the link order of the static versioncheck: the functions a launch runs, in order.

    startup-order.py MAIN HELPER OUTPUT

A launcher runs versioncheck at every start, so its start-up is mostly the kernel mapping
pages of a 19 MB static binary: each first touch of a page is a fault, and the kernel maps
only the 64 KiB around a code fault. Linked in the order they first run, the functions a
check needs sit on a few pages instead of across 8 MB (`perf stat -e page-faults`).

This script runs the built binary MAIN under valgrind's lackey (every instruction
traced) on the paths a launcher and a release script take: cache hits of a
JSON manifest, an appcast and an App Store lookup (primed through HELPER against the
loopback fixture server), a launch that starts a background refresh, and the toolbox
commands. It maps each first-run address to its function (`nm` of MAIN) and writes
one name a line, in first-run order, to OUTPUT: `make release` passes it to lld as
`--symbol-ordering-file`. Any build of MAIN gives the same names; a stale list only
orders less (names the binary no longer has are ignored). Loopback only.
"""
import bisect
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def text_section(binary):
    """(start, end) of the `.text` section of `binary`."""
    sections = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
    for line in sections.splitlines():
        fields = line.replace("[ ", "[").split()
        if len(fields) > 5 and fields[1] == ".text":
            start = int(fields[3], 16)
            return start, start + int(fields[5], 16)
    sys.exit(f"startup-order.py: {binary} has no .text section")


def functions(binary):
    """(start, end, name) of every sized symbol in the code of `binary`, sorted by start.
    Only functions are ordered: ordering data as well made more faults, not fewer."""
    low, high = text_section(binary)
    listing = subprocess.run(["nm", "-nS", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    table = []
    for line in listing.splitlines():
        fields = line.split(" ", 3)
        if len(fields) == 4:
            start, size = int(fields[0], 16), int(fields[1], 16)
            if size and low <= start < high:
                table.append((start, start + size, fields[3]))
    table.sort()
    return table


def traced_addresses(argv, environment, stdin_text):
    """The code addresses `argv` runs, in first-run order, by lackey (`I  ADDRESS,SIZE` lines)."""
    with tempfile.NamedTemporaryFile(suffix=".lackey") as log:
        subprocess.run(
            ["valgrind", "--tool=lackey", "--trace-mem=yes", "--log-file=" + log.name] + argv,
            input=stdin_text.encode(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment)
        seen = set()
        order = []
        with open(log.name) as lines:
            for line in lines:
                if not line.startswith("I"):
                    continue
                # Every instruction's own address: a cache line would hide a small function
                # (versioncheck_main is 27 bytes) behind the function before it on the line.
                address = int(line[3:line.index(",")], 16)
                if address not in seen:
                    seen.add(address)
                    order.append(address)
        return order


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: startup-order.py MAIN HELPER OUTPUT")
    main_binary, helper, output = (os.path.abspath(path) for path in sys.argv[1:])
    for tool in ("valgrind", "nm", "readelf"):
        if shutil.which(tool) is None:
            sys.exit(f"startup-order.py: {tool} is not installed")
    server = subprocess.Popen(
        [sys.executable, os.path.join(ROOT, "Tests/LoopbackServer/server.py"),
         "--fixtures", os.path.join(ROOT, "Fixtures"), "--lifetime", "600"],
        stdout=subprocess.PIPE, text=True)
    scratch = tempfile.mkdtemp(prefix="versioncheck-startup-order-")
    try:
        port = server.stdout.readline().strip()
        base = f"http://127.0.0.1:{port}"
        environment = dict(os.environ, VERSIONCHECK_CACHE_DIR=os.path.join(scratch, "cache"),
                           VERSIONCHECK_FETCH_HELPER=helper, LC_ALL="C")
        checks = [
            ["manifest", "--url", f"{base}/fixtures/manifest-full.json", "--current", "1.0"],
            ["manifest", "--url", f"{base}/fixtures/appcast-sparkle2.xml", "--current", "1.0"],
            ["lookup", "--lookup-url", f"{base}/lookup", "--id", "1450000001", "--current", "1.0", "--allow-insecure"],
        ]
        for check in checks:  # prime the cache
            subprocess.run([main_binary] + check + ["--check-period", "1"], env=environment,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        runs = []
        for check in checks:
            runs.append((check + ["-q", "--check-period", "1"], ""))
            runs.append((check + ["--json", "--check-period", "1"], ""))
        # A launch that finds its entry expired and starts the refresh (traced: the launch only).
        runs.append((checks[0] + ["-q", "--check-period", "0", "--background-refresh"], ""))
        runs += [
            (["--version"], ""),
            (["compare", "1.2.3", "1.2.4"], ""),
            (["satisfies", "1.2.3", ">=1.2 <2"], ""),
            (["sort"], "1.10.0\n1.2.0\n1.9.0-beta.1\n"),
            (["bump", "minor", "1.2.3"], ""),
            (["validate", "1.2.3"], ""),
        ]
        table = functions(main_binary)
        starts = [entry[0] for entry in table]
        ordered, named = [], set()
        for arguments, stdin_text in runs:
            for address in traced_addresses([main_binary] + arguments, environment, stdin_text):
                index = bisect.bisect_right(starts, address) - 1
                if index >= 0 and address < table[index][1]:
                    name = table[index][2]
                    if name not in named:
                        named.add(name)
                        ordered.append(name)
        with open(output, "w") as out:
            out.write("\n".join(ordered) + "\n")
        print(f"startup-order.py: {len(ordered)} functions in first-run order -> {output}")
    finally:
        server.terminate()
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
