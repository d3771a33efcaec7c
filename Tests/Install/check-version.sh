#!/usr/bin/env bash
# check-version.sh BIN_DIR VERSION: checks that a build stamped with VERSION (by
# -Xcc -DVERSIONCHECK_VERSION='"VERSION"', what `VERSION=… make release` does) shows
# it everywhere: `--version` of versioncheck and of versioncheck-fetch in BIN_DIR, the
# man page, the completion scripts, and the User-Agent that the helper sends (to a
# loopback server, through the main binary, which execs the helper beside it).
# Run by `make check-version`. Exits 1 if any check fails.
set -euo pipefail
dir=$1 version=$2
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
failures=0
fail() {
    echo "check-version: FAILED: $*" >&2
    failures=$((failures + 1))
}
pass() { echo "check-version: ok: $*"; }
scratch=$(mktemp -d)
source "$here/loopback.sh"
trap 'stop_loopback; rm -rf "$scratch"' EXIT

for binary in versioncheck versioncheck-fetch; do
    output=$("$dir/$binary" --version 2>&1) || true
    [[ $output == "versioncheck $version" ]] && pass "$binary --version: $output" ||
        fail "$binary --version printed '$output', expected 'versioncheck $version'"
done
# Each output is read whole before it is searched: `grep -q` in a pipe would stop
# reading at its first match, and a writer with more than a pipe's 64 KiB left
# (the man page) would then fail the pipeline under pipefail, by chance.
"$dir/versioncheck" help --man >"$scratch/man" || fail "help --man failed"
grep -qF "\"versioncheck $version\"" "$scratch/man" && pass "the man page says $version" ||
    fail "the man page's .TH does not say $version"
for shell in bash zsh fish; do
    "$dir/versioncheck" completions "$shell" >"$scratch/completion" || fail "completions $shell failed"
    grep -qF "completion for versioncheck $version." "$scratch/completion" &&
        pass "the $shell completion says $version" || fail "the $shell completion does not say $version"
done
if start_loopback "$scratch/requests.jsonl"; then
    status=0
    output=$(env -u VERSIONCHECK_FETCH_HELPER "$dir/versioncheck" manifest \
        --url "http://127.0.0.1:$LOOPBACK_PORT/fixtures/manifest-full.json" --current 1.0.0 2>&1) || status=$?
    stop_loopback
    (( status == 101 )) || fail "manifest on a loopback server: exit $status: $output"
    if grep -qiF "\"user-agent\": \"versioncheck/$version\"" "$scratch/requests.jsonl"; then
        pass "the helper sent User-Agent: versioncheck/$version"
    else
        fail "no request with User-Agent versioncheck/$version: $(cat "$scratch/requests.jsonl")"
    fi
else
    fail "the User-Agent check needs python3"
fi

if (( failures > 0 )); then
    echo "check-version: $failures check(s) failed" >&2
    exit 1
fi
echo "check-version: the version $version reaches both binaries"
