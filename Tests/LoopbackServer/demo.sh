#!/usr/bin/env bash
# `make demo`: starts the fixture server on 127.0.0.1, runs real `lookup` and
# `manifest` checks against it, `lint` and `--explain`, `outdated` over Fixtures/Applications and a `batch`,
# shows each command, its output and its exit code, then stops the server. Needs python3 and a built versioncheck.
#
#   Tests/LoopbackServer/demo.sh [BINDIR]     (default .build/debug)
set -uo pipefail
exec 2>&1  # keep errors and -v lines in order with the output
cd "$(dirname "$0")/../.."
BINDIR=${1:-.build/debug}
[ -x "$BINDIR/versioncheck" ] || { echo "demo: $BINDIR/versioncheck is not built (swift build)" >&2; exit 1; }
export PATH="$PWD/$BINDIR:$PATH"

workdir=$(mktemp -d)
server_pid=
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$workdir"; }
trap cleanup EXIT
python3 Tests/LoopbackServer/server.py --lifetime 120 >"$workdir/port" 2>/dev/null &
server_pid=$!
for _ in $(seq 100); do [ -s "$workdir/port" ] && break; sleep 0.05; done
port=$(head -n1 "$workdir/port")
[ -n "$port" ] || { echo "demo: the fixture server did not start" >&2; exit 1; }
export VERSIONCHECK_LOOKUP_URL="http://127.0.0.1:$port/lookup"

run() {
    printf '\n$ %s\n' "$*"
    "$@"
    printf '[exit %d]\n' "$?"
}

echo "Fixture server on 127.0.0.1:$port; VERSIONCHECK_LOOKUP_URL=$VERSIONCHECK_LOOKUP_URL"
run versioncheck lookup --id 1450000001 --current 2.4.1
run versioncheck lookup --bundle-id com.example.notes --current 2.3.0
run versioncheck lookup --bundle-id com.example.clipboard --platform mac --current 2.9 --json
run versioncheck lookup --id 1450000001 --current 2.5.0 --gate
run versioncheck lookup --id 999 --current 1.0 -v
run versioncheck manifest --url "http://127.0.0.1:$port/fixtures/manifest-full.json" --current 1.9.0
run versioncheck manifest --url Fixtures/manifest-iversion.plist --current 1.1 --json
run versioncheck manifest --url "http://127.0.0.1:$port/fixtures/manifest-binary.plist" --current 1.3.0
run versioncheck manifest --url "http://127.0.0.1:$port/fixtures/appcast-sparkle2.xml" --current 5209
run versioncheck manifest --url "http://127.0.0.1:$port/fixtures/appcast-sparkle2.xml" --current 5.3.0 --appcast-version display --channel beta
run versioncheck lookup --current-from Fixtures/macos/Example.app --gate
cache=$(mktemp -d)
run versioncheck manifest --url "http://127.0.0.1:$port/fixtures/manifest-full.json" --current 2.1.0 --check-period 1 --cache-dir "$cache/vc" -v
run versioncheck manifest --url "http://127.0.0.1:$port/fixtures/manifest-full.json" --current 2.0.0 --check-period 1 --cache-dir "$cache/vc" -v
echo
echo "lint: feeds checked before they are published, as an updater will read them:"
run versioncheck lint Fixtures/lint/appcast-clean-generate-appcast.xml "http://127.0.0.1:$port/fixtures/latest-mac.yml"
run versioncheck lint "http://127.0.0.1:$port/fixtures/appcast-sparkle2.xml"
run versioncheck manifest --url Fixtures/appcast-sparkle2.xml --current 5000 --os-version 12.5 --rollout-group 6 --explain
rm -rf "$cache"
apps="$workdir/Applications"
Tests/LoopbackServer/stage-applications.sh "$port" "$apps"
echo
echo "An Applications folder (Fixtures/Applications, its Sparkle feeds pointed at the server);"
echo "outdated never checks a bundle inside a bundle, one four levels down, or a symbolic link:"
(cd "$apps" && find . -name '*.app' | sed 's|^\./||' | sort | while IFS= read -r app; do
    if [ -L "$app" ]; then echo "  $app -> $(readlink "$app")"; else echo "  $app"; fi
done)
run versioncheck outdated "$apps"
run versioncheck outdated "$apps" --all --jobs 4
run versioncheck outdated "$apps/Notes.app" --json
printf '%s\n' "# the studio's apps" \
    "lookup --bundle-id com.example.notes --current 2.4.1" \
    "lookup --bundle-id com.example.clipboard --platform mac --current 3.9" \
    "manifest --url 'http://127.0.0.1:$port/fixtures/appcast-sparkle2.xml' --current 5209" \
    "manifest --url 'http://127.0.0.1:$port/fixtures/manifest-full.json' --current 2.1.0" >"$workdir/studio.txt"
run cat "$workdir/studio.txt"
run versioncheck batch "$workdir/studio.txt" --all
run versioncheck bump minor 1.2.3 --pre beta
run sh -c 'printf "v1.9.2\nnightly\nv2.0.0-rc.1\nv1.10.0\n" | versioncheck sort --stable --ignore-invalid --latest'
exit 0
