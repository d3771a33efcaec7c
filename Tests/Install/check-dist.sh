#!/usr/bin/env bash
# check-dist.sh: `make dist` is reproducible and `make formula` matches it. Clones this
# repository's HEAD twice into scratch folders (with different clone times, umasks and
# paths), runs `make dist` and `make formula` in each, and checks:
#   - the two archives are byte-identical (their sha256 printed), and the .sha256 file
#     beside each names that hash;
#   - the archive holds exactly the files git tracks at HEAD, under versioncheck-VERSION/,
#     owned by 0:0, with BuildInfo.h stamped with VERSION;
#   - the generated formula's url, sha256 and version are the archive's.
# `make test` runs it. Needs git and python3 (skipped, saying so, without python3).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
version=9.8.7-dist.1
failures=0
fail() { echo "check-dist: FAILED: $*" >&2; failures=$((failures + 1)); }
pass() { echo "check-dist: ok: $*"; }
command -v python3 >/dev/null 2>&1 || { echo "check-dist: SKIPPED: python3 is not installed"; exit 0; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
sha256() { python3 -c 'import hashlib, sys; print(hashlib.sha256(open(sys.argv[1], "rb").read()).hexdigest())' "$1"; }

git clone -q --no-hardlinks "$repo" "$scratch/one"
sleep 1
(umask 077 && git clone -q --no-hardlinks "$repo" "$scratch/two/deeper")
for clone in "$scratch/one" "$scratch/two/deeper"; do
    git -C "$clone" checkout -q "$(git -C "$repo" rev-parse HEAD)"
    make -s -C "$clone" formula VERSION=$version DIST_URL=https://example.invalid/versioncheck-$version.tar.gz > /dev/null
done
archive=.build/dist/versioncheck-$version.tar.gz
one=$(sha256 "$scratch/one/$archive") two=$(sha256 "$scratch/two/deeper/$archive")
if [[ $one == "$two" ]]; then pass "two clones, one archive: sha256 $one"; else fail "archives differ: $one vs $two"; fi
[[ $(cat "$scratch/one/$archive.sha256") == "$one  versioncheck-$version.tar.gz" ]] &&
    pass "the .sha256 file names the archive's hash" || fail ".sha256 file: $(cat "$scratch/one/$archive.sha256")"

listed=$(tar tzf "$scratch/one/$archive" | grep -v '/$' | sed "s|^versioncheck-$version/||" | LC_ALL=C sort)
tracked=$(git -C "$repo" ls-tree -r --name-only HEAD | LC_ALL=C sort)
[[ $listed == "$tracked" ]] && pass "the archive holds exactly the $(wc -l <<< "$tracked" | tr -d ' ') tracked files" ||
    fail "archive and tracked files differ:"$'\n'"$(diff <(echo "$tracked") <(echo "$listed") | head -20)"
owners=$(tar tzvf "$scratch/one/$archive" | awk '{ print $2 }' | sort -u)
[[ $owners == "0/0" ]] && pass "every entry is owned by 0/0" || fail "owners: $owners"
stamp=$(tar xzf "$scratch/one/$archive" -O "versioncheck-$version/Sources/VersionCheckBuildInfo/include/BuildInfo.h" |
    grep '^#define VERSIONCHECK_VERSION')
[[ $stamp == "#define VERSIONCHECK_VERSION \"$version\"" ]] && pass "BuildInfo.h is stamped: $stamp" || fail "stamp: $stamp"

formula=$scratch/one/.build/versioncheck.rb
grep -qxF "  url \"https://example.invalid/versioncheck-$version.tar.gz\"" "$formula" && pass "formula url" || fail "formula url: $(grep ' url ' "$formula")"
grep -qxF "  sha256 \"$one\"" "$formula" && pass "formula sha256 is the archive's" || fail "formula sha256: $(grep sha256 "$formula")"
grep -qxF "  version \"$version\"" "$formula" && pass "formula version" || fail "formula version: $(grep ' version ' "$formula")"
if grep -q '@[A-Z0-9]*@' "$formula"; then fail "formula keeps a placeholder: $(grep '@[A-Z0-9]*@' "$formula")"; fi
if command -v ruby >/dev/null 2>&1; then
    ruby -c "$formula" > /dev/null && pass "ruby -c: the formula parses" || fail "ruby -c $formula"
fi

if (( failures > 0 )); then echo "check-dist: $failures check(s) failed" >&2; exit 1; fi
echo "check-dist: all checks passed"
