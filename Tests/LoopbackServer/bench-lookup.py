#!/usr/bin/env python3
"""Times `versioncheck lookup` against a loopback fixture server, side by side
with `curl -fsS URL | jq -r '.results[0].version'`, and prints the medians and
their ratio (target: versioncheck <= 1.0x the pipeline's wall time).

    python3 Tests/LoopbackServer/bench-lookup.py [BINDIR] [--runs 20]

BINDIR defaults to .build/release. Runs alternate (ours, theirs, ours, …) after
3 warm-ups of each, so a machine that gets busier mid-run slows both alike. Both
commands go through `/bin/sh -c`, so neither is charged alone for a shell.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))


def timed(command):
    start = time.perf_counter()
    done = subprocess.run(["/bin/sh", "-c", command], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    return elapsed, done


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bindir", nargs="?", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    versioncheck = os.path.join(os.path.abspath(args.bindir), "versioncheck")
    if not os.access(versioncheck, os.X_OK):
        sys.exit(f"bench-lookup: {versioncheck} is not built (swift build -c release)")

    server = subprocess.Popen(
        [sys.executable, os.path.join(HERE, "server.py"), "--lifetime", "300"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        port = int(server.stdout.readline())
        endpoint = f"http://127.0.0.1:{port}/lookup"
        ours = f"{versioncheck} lookup --id 1450000001 --current 2.4.1 --lookup-url {endpoint}"
        theirs = f"curl -fsS '{endpoint}?id=1450000001&country=us' | jq -r '.results[0].version'"
        commands = [("versioncheck lookup --id 1450000001 --current 2.4.1", ours)]
        if shutil.which("curl") and shutil.which("jq"):
            commands.append(("curl -fsS URL | jq -r '.results[0].version'", theirs))
        for _, command in commands:  # sanity and warm-up
            for _ in range(3):
                _, done = timed(command)
                if done.returncode != 0:
                    sys.exit(f"bench-lookup: '{command}' exited {done.returncode}: {done.stderr.decode()}")
        if len(commands) == 2 and timed(theirs)[1].stdout.decode().strip() != "2.4.1":
            sys.exit("bench-lookup: curl | jq did not print 2.4.1")
        times = [[] for _ in commands]
        for _ in range(args.runs):
            for index, (_, command) in enumerate(commands):
                times[index].append(timed(command)[0])
    finally:
        server.terminate()
        server.wait()

    medians = [statistics.median(series) * 1000 for series in times]
    print(f"lookup against a loopback server: median of {args.runs} alternating runs, after 3 warm-ups")
    for (label, _), median in zip(commands, medians):
        print(f"  {label:<52} {median:7.1f} ms")
    if len(medians) == 2:
        ratio = medians[0] / medians[1]
        verdict = "met" if ratio <= 1.0 else "NOT met"
        print(f"  ratio {ratio:.2f}x (target <= 1.00x): {verdict}")
    else:
        print("  (curl or jq is not installed: no comparison)")


if __name__ == "__main__":
    main()
