#!/usr/bin/env python3
"""Times `versioncheck lookup` against a loopback fixture server, side by side
with `curl -fsS URL | jq -r '.results[0].version'`, and prints the medians and
their ratio (target: versioncheck <= 0.85x the pipeline's wall time); then the CPU
time of a check while a stalled server (accepts, never answers) keeps it waiting
for a 2 s timeout (target: user+sys <= 5% of wall).

    python3 Tests/LoopbackServer/bench-lookup.py [BINDIR] [--runs 20]

BINDIR defaults to .build/release. With BENCH_BASELINE_VERSIONCHECK set (another
build, e.g. before a change; its helper in BENCH_BASELINE_HELPER), that build's
lookup runs in the same alternation and its median is printed beside ours. Runs alternate (ours, theirs, ours, …) after
3 warm-ups of each, so a machine that gets busier mid-run slows both alike. Both
commands go through `/bin/sh -c`, so neither is charged alone for a shell.
"""
import argparse
import os
import resource
import socket
import threading
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


def stalled_server():
    """A listening socket on 127.0.0.1 that accepts connections and never answers."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    held = []

    def accept():
        while True:
            try:
                held.append(listener.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    return listener


def cpu_while_waiting(versioncheck, timeout=2.0):
    """(user+sys seconds, wall seconds, exit status) of one check against a stalled server."""
    listener = stalled_server()
    port = listener.getsockname()[1]
    command = [versioncheck, "manifest", "--url", f"http://127.0.0.1:{port}/m.json", "--current", "1.0",
               "--timeout", str(timeout), "--retries", "0"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    listener.close()
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done.returncode


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
        baseline = os.environ.get("BENCH_BASELINE_VERSIONCHECK")
        if baseline:
            helper = os.environ.get("BENCH_BASELINE_HELPER", "")
            prefix = f"VERSIONCHECK_FETCH_HELPER='{helper}' " if helper else ""
            commands.append(("baseline: the same", f"{prefix}{baseline} lookup --id 1450000001 --current 2.4.1 --lookup-url {endpoint}"))
        if shutil.which("curl") and shutil.which("jq"):
            commands.append(("curl -fsS URL | jq -r '.results[0].version'", theirs))
        for _, command in commands:  # sanity and warm-up
            for _ in range(3):
                _, done = timed(command)
                if done.returncode != 0:
                    sys.exit(f"bench-lookup: '{command}' exited {done.returncode}: {done.stderr.decode()}")
        if commands[-1][1] == theirs and timed(theirs)[1].stdout.decode().strip() != "2.4.1":
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
    for (label, _), median in list(zip(commands, medians))[1:]:
        if label.startswith("baseline"):
            print(f"  versioncheck / baseline: {medians[0] / median:.2f}x")
    if commands[-1][1] == theirs:
        ratio = medians[0] / medians[-1]
        verdict = "met" if ratio <= 0.85 else "NOT met"
        print(f"  ratio to curl | jq {ratio:.2f}x (target <= 0.85x): {verdict}")
    else:
        print("  (curl or jq is not installed: no comparison)")

    cpu, wall, status = cpu_while_waiting(versioncheck)
    share = cpu / wall * 100
    verdict = "met" if share <= 5 else "NOT met"
    print("CPU while waiting on a stalled server (accepts, never answers; --timeout 2)")
    print(f"  user+sys {cpu:.3f} s in {wall:.2f} s wall = {share:.1f}% (target <= 5%): {verdict}; exit {status}")


if __name__ == "__main__":
    main()
