#!/usr/bin/env bash
# check-deb.sh DEBDIR VERSION: checks the package `make deb` built (Linux; `make check-deb`):
#   - dpkg-deb --info: Package, Version, Architecture, Installed-Size, a Depends that names
#     the package of libcurl (what the helper really loads), Maintainer, Description;
#   - dpkg-deb --contents: exactly the expected files, owned by root, with their modes;
#     md5sums covers every file; the copyright file is there;
#   - the extracted package runs `versioncheck --version` (VERSION) and an App Store
#     lookup against the fixture server on loopback from its own paths (the helper found
#     in usr/libexec/versioncheck), under `env -i`;
# and prints the package size and the installed size.
set -euo pipefail
debdir=$1 version=$2
here=$(cd "$(dirname "$0")" && pwd)
case "$(uname -s)" in Linux) ;; *) echo "check-deb: SKIPPED: not Linux"; exit 0 ;; esac
arch=$(dpkg --print-architecture) # linux-only
failures=0
fail() { echo "check-deb: FAILED: $*" >&2; failures=$((failures + 1)); }
pass() { echo "check-deb: ok: $*"; }
debversion=$(printf '%s' "$version" | tr '-' '~')
deb=$(ls "$debdir"/versioncheck_"${debversion}"_*.deb)
scratch=$(mktemp -d)
source "$here/loopback.sh"
trap 'stop_loopback; rm -rf "$scratch"' EXIT

info=$(dpkg-deb --info "$deb")
field() { awk -v name="$1" '$1 == name ":" { $1 = ""; sub(/^ /, ""); print; exit }' <<< "$info"; }
[[ $(field Package) == versioncheck ]] && pass "Package: versioncheck" || fail "Package: $(field Package)"
[[ $(field Version) == "$debversion" ]] && pass "Version: $debversion" || fail "Version: $(field Version)"
[[ $(field Architecture) == "$arch" ]] && pass "Architecture: $(field Architecture)" || fail "Architecture: $(field Architecture)"
[[ $(field Depends) == *libcurl* ]] && pass "Depends: $(field Depends)" || fail "Depends names no libcurl: $(field Depends)"
[[ $(field Installed-Size) =~ ^[0-9]+$ ]] && pass "Installed-Size: $(field Installed-Size) KiB" || fail "Installed-Size: $(field Installed-Size)"
[[ -n $(field Maintainer) && -n $(field Description) ]] && pass "Maintainer and Description" || fail "Maintainer or Description missing"

contents=$(dpkg-deb --contents "$deb")
files=$(awk '$1 !~ /^d/ { print $1, $2, $6 }' <<< "$contents" | sed 's|\./|/|' | LC_ALL=C sort -k3)
expected=$(printf '%s\n' \
    "-rwxr-xr-x root/root /usr/bin/versioncheck" \
    "-rwxr-xr-x root/root /usr/libexec/versioncheck/versioncheck-fetch" \
    "-rw-r--r-- root/root /usr/share/bash-completion/completions/versioncheck" \
    "-rw-r--r-- root/root /usr/share/doc/versioncheck/copyright" \
    "-rw-r--r-- root/root /usr/share/fish/vendor_completions.d/versioncheck.fish" \
    "-rw-r--r-- root/root /usr/share/man/man1/versioncheck.1.gz" \
    "-rw-r--r-- root/root /usr/share/zsh/vendor-completions/_versioncheck" | LC_ALL=C sort -k3)
[[ $files == "$expected" ]] && pass "contents: the 7 expected files, root-owned, modes right" ||
    fail "contents differ:"$'\n'"$(diff <(echo "$expected") <(echo "$files") || true)"

dpkg-deb --control "$deb" "$scratch/DEBIAN"
sums=$(awk '{ print "/" $2 }' "$scratch/DEBIAN/md5sums" | LC_ALL=C sort)
[[ $sums == "$(awk '{ print $3 }' <<< "$files" | LC_ALL=C sort)" ]] && pass "md5sums covers every file" || fail "md5sums: $sums"

dpkg-deb -x "$deb" "$scratch/root"
(cd "$scratch/root" && md5sum -c --quiet "$scratch/DEBIAN/md5sums") && pass "md5sums match the files" || fail "md5sum -c"
# Decompressed to a file first and read without a pipe: under pipefail, `gzip -dc | head`
# fails by SIGPIPE once the page outgrows the pipe buffer, whatever the page says.
gzip -dc "$scratch/root/usr/share/man/man1/versioncheck.1.gz" > "$scratch/versioncheck.1" \
    && awk 'NR <= 5 && /^\.TH/ { found = 1 } END { exit !found }' "$scratch/versioncheck.1" \
    && pass "the man page is roff" || fail "man page"
bin=$scratch/root/usr/bin/versioncheck
run_alone() { env -i PATH=/usr/bin:/bin HOME="$scratch" "$bin" "$@"; }
[[ $(run_alone --version) == *"$version"* ]] && pass "versioncheck --version: $(run_alone --version)" || fail "--version: $(run_alone --version)"
if start_loopback "$scratch/requests.jsonl"; then
    status=0
    output=$(run_alone lookup --lookup-url "http://127.0.0.1:$LOOPBACK_PORT/lookup" --id 1450000001 --current 1.0 2>&1) || status=$?
    if (( status == 101 )) && [[ $output == "forced update: 1.0 -> 2.4.1"* ]]; then
        pass "the extracted package's lookup on loopback: forced (101), helper from usr/libexec"
    else
        fail "lookup from the extracted package: exit $status: $output"
    fi
else
    echo "check-deb: SKIPPED: lookup on loopback (python3 is not installed)"
fi
size=$(wc -c < "$deb" | tr -d ' ')
echo "check-deb: $(basename "$deb"): package $((size / 1024)) KiB; installed $(field Installed-Size) KiB:"
du -k --apparent-size "$scratch/root/usr/bin/versioncheck" "$scratch/root/usr/libexec/versioncheck/versioncheck-fetch" | sed 's|'"$scratch/root"'||; s/^/    /'
if (( failures > 0 )); then echo "check-deb: $failures check(s) failed" >&2; exit 1; fi
echo "check-deb: all checks passed"
