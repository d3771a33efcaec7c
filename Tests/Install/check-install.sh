#!/usr/bin/env bash
# check-install.sh DESTDIR PREFIX VERSION: checks what `make install DESTDIR=… PREFIX=…`
# put in DESTDIR (run by `make check-install`):
#   - exactly these files: the binary, the helper in libexec, the man page, the bash, zsh
#     and fish completions; binaries executable, the rest not;
#   - both binaries self-contained (check-binaries.sh) and stamped VERSION;
#   - the installed binary, run with an empty environment, answers `compare 1 2`, and
#     checks a manifest file and an App Store lookup on a loopback server: which proves
#     it finds its helper in PREFIX/libexec/versioncheck (nothing is beside it, and
#     VERSIONCHECK_FETCH_HELPER is unset), and that the helper sends User-Agent
#     versioncheck/VERSION;
#   - the man page has no groff warning and `man` finds it under PREFIX/share/man;
#   - bash (bash-completion), zsh (fpath) and fish (vendor_completions.d) find the
#     completions under PREFIX/share and complete commands, options and values.
# A check whose tool is not installed (python3, groff, man, a shell) is SKIPPED, saying
# so; `make check-deps` installs them. Exits 1 if any check fails.
set -euo pipefail
root=$1 prefix=$2 version=$3
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
installed=$root$prefix
bin=$installed/bin/versioncheck
helper=$installed/libexec/versioncheck/versioncheck-fetch
failures=0
fail() {
    echo "check-install: FAILED: $*" >&2
    failures=$((failures + 1))
}
pass() { echo "check-install: ok: $*"; }
skip() { echo "check-install: SKIPPED: $*"; }
scratch=$(mktemp -d)
source "$here/loopback.sh"
trap 'stop_loopback; rm -rf "$scratch"' EXIT
# Runs the installed binary as a user would, with nothing from this build around.
run_alone() { env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= HOME="$scratch" "$bin" "$@"; }

# 1. The file list.
expected=$(printf '%s\n' \
    "$prefix/bin/versioncheck" \
    "$prefix/libexec/versioncheck/versioncheck-fetch" \
    "$prefix/share/man/man1/versioncheck.1" \
    "$prefix/share/bash-completion/completions/versioncheck" \
    "$prefix/share/zsh/site-functions/_versioncheck" \
    "$prefix/share/fish/vendor_completions.d/versioncheck.fish" | sort)
actual=$(cd "$root" && find . \( -type f -o -type l \) | sed 's|^\.||' | sort)
if [[ $actual == "$expected" ]]; then
    pass "installed files:"$'\n'"$(sed 's/^/    /' <<< "$actual")"
else
    fail "installed files differ from the expected list:"$'\n'"$(diff <(echo "$expected") <(echo "$actual") || true)"
fi
for file in "$bin" "$helper"; do
    [[ -x $file ]] || fail "$file is not executable"
done
for file in $(grep /share/ <<< "$expected"); do
    [[ -f $root$file && ! -x $root$file ]] || fail "$root$file: expected a plain, non-executable file"
done

# 2. Self-contained and stamped.
"$here/check-binaries.sh" "$version" "$bin" "$helper" || fail "the installed binaries are not self-contained"

# 3. The installed binary works, and finds its helper in libexec.
output=$(run_alone compare 1 2 2>&1) && [[ $output == "-1" ]] && pass "compare 1 2 printed -1" ||
    fail "compare 1 2: '$output'"
status=0
output=$(run_alone manifest --url "$repo/Fixtures/manifest-full.json" --current 1.0.0 --json 2>&1) || status=$?
if (( status == 101 )) && [[ $output == '{"status": "forced", "current": "1.0.0", "latest": "2.1.0",'* ]]; then
    pass "manifest check of Fixtures/manifest-full.json through the helper in libexec: forced (101)"
else
    fail "manifest check: exit $status: $output"
fi
if start_loopback "$scratch/requests.jsonl"; then
    status=0
    output=$(run_alone lookup --lookup-url "http://127.0.0.1:$LOOPBACK_PORT/lookup" --id 1450000001 --current 1.0 --json 2>&1) || status=$?
    stop_loopback
    if (( status == 101 )) && [[ $output == '{"status": "forced", "current": "1.0", "latest": "2.4.1",'* ]]; then
        pass "lookup on a loopback server: forced (101)"
    else
        fail "lookup on a loopback server: exit $status: $output"
    fi
    if grep -qiF "\"user-agent\": \"versioncheck/$version\"" "$scratch/requests.jsonl"; then
        pass "the helper sent User-Agent: versioncheck/$version"
    else
        fail "no request with User-Agent versioncheck/$version: $(cat "$scratch/requests.jsonl")"
    fi
else
    skip "lookup on a loopback server: python3 is not installed"
fi

# 4. The man page.
page=$installed/share/man/man1/versioncheck.1
if command -v groff >/dev/null 2>&1; then
    warnings=$(groff -ww -z -man "$page" 2>&1) && [[ -z $warnings ]] && pass "groff -ww -z -man: no warning" ||
        fail "groff -ww -z -man $page: $warnings"
else
    skip "groff -ww: groff is not installed"
fi
if command -v man >/dev/null 2>&1 && command -v groff >/dev/null 2>&1; then
    rendered=$(MANPAGER=cat PAGER=cat MANWIDTH=80 man -M "$installed/share/man" versioncheck 2>"$scratch/man.err" || true)
    if [[ -s $scratch/man.err ]]; then
        fail "man versioncheck: $(cat "$scratch/man.err")"
    elif [[ $rendered == *"versioncheck - check for app updates"* && $rendered == *"versioncheck lookup (--id N | --bundle-id ID)"* ]]; then
        pass "man -M PREFIX/share/man versioncheck renders the page"
    else
        fail "man versioncheck rendered:"$'\n'"$rendered"
    fi
else
    skip "man: man-db or groff is not installed"
fi

# 5. The shells find and load the completions.
for shell in bash zsh fish; do
    if ! command -v "$shell" >/dev/null 2>&1 || { [[ $shell == bash ]] && [[ ! -f /usr/share/bash-completion/bash_completion ]]; }; then
        skip "$shell completion: $shell (or bash-completion) is not installed"
        continue
    fi
    status=0
    answers=$("$repo/Tests/Shell/complete.sh" "$shell" "$installed/share" \
        'versioncheck lo' 'versioncheck lookup --pla' 'versioncheck lookup --platform ' 2>&1) || status=$?
    answers=$(tr '\n' ' ' <<< "$answers")
    if (( status == 0 )) && [[ $answers == "lookup <<end>> --platform <<end>> "*"ios"*"mac"*"<<end>> " ]]; then
        pass "$shell finds the completion under PREFIX/share and completes: $answers"
    else
        fail "$shell completion (exit $status): $answers"
    fi
done

if (( failures > 0 )); then
    echo "check-install: $failures check(s) failed" >&2
    exit 1
fi
echo "check-install: all checks passed"
