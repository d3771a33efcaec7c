#!/bin/sh
# stage-applications.sh PORT DEST: copies Fixtures/Applications to DEST (a folder that
# must not exist yet), symbolic links kept as links, and puts PORT where the Sparkle
# apps' SUFeedURL holds the placeholder @PORT@, so their feeds point at the fixture
# server listening on 127.0.0.1:PORT. Used by `make demo`, the tests and the bench.
set -eu
[ $# -eq 2 ] || { echo "usage: $0 PORT DEST" >&2; exit 64; }
port=$1
dest=$2
case "$port" in ''|*[!0-9]*) echo "stage-applications: PORT must be a number, not '$port'" >&2; exit 64;; esac
root=$(cd "$(dirname "$0")/../.." && pwd -P)
[ ! -e "$dest" ] || { echo "stage-applications: $dest exists already" >&2; exit 73; }
cp -R "$root/Fixtures/Applications" "$dest"
find "$dest" -name Info.plist -type f | while IFS= read -r plist; do
    if grep -q '@PORT@' "$plist"; then
        sed "s/@PORT@/$port/g" "$plist" > "$plist.staged"
        mv "$plist.staged" "$plist"
    fi
done
