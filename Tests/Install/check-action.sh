#!/usr/bin/env bash
# check-action.sh BINDIR: runs the GitHub Actions' scripts (.github/actions/gate/gate.sh and
# .github/actions/check/check.sh) as a runner would — inputs in INPUT_* variables, outputs
# appended to a GITHUB_OUTPUT file — with BINDIR's versioncheck against the fixture server
# on loopback, and checks each step's exit status and outputs. `make test` runs it.
set -euo pipefail
bindir=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
failures=0 checks=0
scratch=$(mktemp -d)
source "$here/loopback.sh"
trap 'stop_loopback; rm -rf "$scratch"' EXIT
if ! start_loopback "$scratch/requests.jsonl"; then
    echo "check-action: SKIPPED: python3 is not installed"; exit 0
fi
lookup=http://127.0.0.1:$LOOPBACK_PORT/lookup

# run_step SCRIPT NAME=VALUE ...: runs the action script with those inputs and a fresh
# GITHUB_OUTPUT; sets $status and $outputs (the file's lines).
run_step() {
    local script=$1; shift
    : > "$scratch/github-output"
    status=0
    env -i PATH="$PATH" HOME="$scratch" VERSIONCHECK="$bindir/versioncheck" GITHUB_OUTPUT="$scratch/github-output" "$@" \
        "$repo/.github/actions/$script" > "$scratch/step.out" 2>&1 || status=$?
    outputs=$(cat "$scratch/github-output")
}
# expect DESCRIPTION STATUS LINE...: the last step exited STATUS and wrote every LINE.
expect() {
    local description=$1 expected=$2 line missing=; shift 2
    checks=$((checks + 1))
    for line in "$@"; do grep -qxF -- "$line" <<< "$outputs" || missing="$missing [$line]"; done
    if (( status == expected )) && [[ -z $missing ]]; then
        echo "check-action: ok: $description"
    else
        echo "check-action: FAILED: $description: exit $status (expected $expected), missing:$missing" >&2
        sed 's/^/    output: /' "$scratch/github-output" "$scratch/step.out" >&2
        failures=$((failures + 1))
    fi
}

run_step gate/gate.sh INPUT_ID=1450000001 INPUT_CURRENT=2.5.0 INPUT_LOOKUP_URL="$lookup"
expect "gate passes for 2.5.0 over the live 2.4.1" 0 passed=true latest=2.4.1 status=none exit-code=0
run_step gate/gate.sh INPUT_ID=1450000001 INPUT_CURRENT=2.4.1 INPUT_LOOKUP_URL="$lookup"
expect "gate fails for the live version itself" 1 passed=false latest=2.4.1 exit-code=1
run_step gate/gate.sh INPUT_APP="$repo/Fixtures/ios/Example.app" INPUT_LOOKUP_URL="$lookup"
expect "gate fails for a built app (2.4) older than the live 2.4.1, bundle id from the app" 1 passed=false latest=2.4.1 status=optional
run_step gate/gate.sh INPUT_ID=1999999999 INPUT_CURRENT=1.0 INPUT_LOOKUP_URL="$lookup"
expect "an app not on the store fails the gate without allow-new (69)" 69 passed=false status=error exit-code=69
run_step gate/gate.sh INPUT_ID=1999999999 INPUT_CURRENT=1.0 INPUT_ALLOW_NEW=true INPUT_LOOKUP_URL="$lookup"
expect "allow-new lets the first release pass" 0 passed=true latest= status=none exit-code=0
run_step gate/gate.sh INPUT_ID=1450000001 INPUT_CURRENT=2.5.0 INPUT_LOOKUP_URL="http://127.0.0.1:1/lookup"
expect "an unreachable store is an error, never a pass" 75 passed=false status=error exit-code=75
run_step gate/gate.sh INPUT_ID=1450000001 INPUT_CURRENT=2.5.0 INPUT_ALLOW_NEW=maybe INPUT_LOOKUP_URL="$lookup"
expect "a bad allow-new input is a usage error" 64

run_step gate/gate.sh INPUT_ID=1450000001 INPUT_CURRENT=2.5.0 INPUT_LOOKUP_URL="$lookup" INPUT_LINT="$repo/Fixtures/lint/action-appcast-clean.xml"
expect "lint: a clean feed, then the gate passes" 0 passed=true latest=2.4.1 lint-findings=0 exit-code=0
run_step gate/gate.sh INPUT_ID=1450000001 INPUT_CURRENT=2.5.0 INPUT_LOOKUP_URL="$lookup" INPUT_LINT="$repo/Fixtures/lint/action-appcast-http.xml"
expect "lint: an http enclosure (A05) fails the step before the gate" 1 passed=false status=error lint-findings=1 exit-code=1
if grep -qF "::error file=$repo/Fixtures/lint/action-appcast-http.xml,line=" "$scratch/step.out" && grep -qF "A05: " "$scratch/step.out"; then
    echo "check-action: ok: lint: the finding is an annotation on its file and line"
else
    echo "check-action: FAILED: lint: no ::error annotation for A05" >&2; sed 's/^/    output: /' "$scratch/step.out" >&2
    failures=$((failures + 1))
fi
checks=$((checks + 1))
run_step gate/gate.sh INPUT_ID=1450000001 INPUT_CURRENT=2.5.0 INPUT_LOOKUP_URL="$lookup" INPUT_LINT="$repo/Fixtures/no-such-feed.xml"
expect "lint: a missing feed is its error (69), never a pass" 69 passed=false status=error exit-code=69

run_step check/check.sh INPUT_COMMAND=manifest INPUT_ARGS="--url '$repo/Fixtures/manifest-full.json' --current 1.0.0"
expect "check: a forced update is an answer, the step succeeds" 0 status=forced exit-code=101 latest=2.1.0
run_step check/check.sh INPUT_COMMAND=manifest INPUT_ARGS="--url '$repo/Fixtures/manifest-full.json' --current 1.0.0" INPUT_FAIL_ON_UPDATE=true
expect "check: fail-on-update fails the step with the update's code" 101 status=forced exit-code=101
run_step check/check.sh INPUT_COMMAND=lookup INPUT_ARGS="--id 1450000001 --current 9.0 --lookup-url $lookup"
expect "check: up to date" 0 status=none exit-code=0 latest=2.4.1
run_step check/check.sh INPUT_COMMAND=manifest INPUT_ARGS="--url '$scratch/missing.json' --current 1.0"
expect "check: a missing manifest fails the step (69)" 69 status=error exit-code=69
run_step check/check.sh INPUT_COMMAND=manifest INPUT_ARGS="--url 'unbalanced --current 1.0"
expect "check: unbalanced quotes in args are a usage error" 64

if (( failures > 0 )); then
    echo "check-action: $failures of $checks checks failed" >&2
    exit 1
fi
echo "check-action: all $checks checks passed"
