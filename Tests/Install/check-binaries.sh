#!/usr/bin/env bash
# check-binaries.sh VERSION BINARY...: proves that release binaries run on a Linux
# machine with no Swift installed. For each BINARY:
#   - ldd lists only system libraries: every one resolved under /lib, /lib64, /usr/lib
#     or /usr/lib64, none "not found", none from the Swift toolchain (libswift*,
#     libFoundation*, libdispatch, libBlocksRuntime, lib_FoundationICU, or any path
#     under the toolchain that `swift` on PATH belongs to); a static binary has none;
#   - no RPATH/RUNPATH points into the toolchain;
#   - run with an empty environment and no library path
#     (env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH=), `BINARY --version` prints
#     "versioncheck VERSION";
#   - the same holds after `strip`; both sizes are printed.
# Exits 1 if any check fails.
set -euo pipefail
version=$1
shift
failures=0
fail() {
    echo "check-binaries: FAILED: $*" >&2
    failures=$((failures + 1))
}

toolchain=
if swift=$(command -v swift 2>/dev/null); then
    toolchain=$(dirname "$(dirname "$(readlink -f "$swift")")")
    toolchain=${toolchain%/usr}
fi
toolchain_libraries='libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libicu|libXCTest|libTesting'

# Checks the libraries of $1; $2 names it in messages.
check_libraries() {
    local binary=$1 name=$2 listing line path
    listing=$(ldd "$binary" 2>&1) || true
    echo "$listing" | sed 's/^/    /'
    if [[ $listing == *"not a dynamic executable"* || $listing == *"statically linked"* ]]; then
        return
    fi
    while IFS= read -r line; do
        line=${line#"${line%%[![:space:]]*}"}
        [[ -z $line || $line == linux-vdso* || $line == linux-gate* ]] && continue
        [[ $line == *"not found"* ]] && { fail "$name: $line"; continue; }
        if [[ $line == *" => "* ]]; then path=${line#* => }; else path=$line; fi
        path=${path%% (*}
        [[ $path =~ ^/(usr/)?lib(64|32)?/ ]] || fail "$name: $path is not a system library"
        [[ $path =~ $toolchain_libraries ]] && fail "$name: $path comes from the Swift toolchain"
        [[ -n $toolchain && $path == "$toolchain"/* ]] && fail "$name: $path is in the toolchain $toolchain"
    done <<< "$listing"
    if command -v readelf >/dev/null 2>&1 && [[ -n $toolchain ]]; then
        if readelf -d "$binary" | grep -E 'RPATH|RUNPATH' | grep -qF "$toolchain"; then
            fail "$name: its RPATH/RUNPATH points into $toolchain"
        fi
    fi
}

# Runs $1 --version with an empty environment; $2 names it in messages.
check_runs_alone() {
    local binary=$1 name=$2 output
    if ! output=$(env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= "$binary" --version 2>&1); then
        fail "$name --version with an empty environment: $output"
    elif [[ $output != "versioncheck $version" ]]; then
        fail "$name --version printed '$output', expected 'versioncheck $version'"
    fi
}

megabytes() { awk -v bytes="$1" 'BEGIN { printf "%.1f MB", bytes / 1000000 }'; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
sizes=
for binary in "$@"; do
    name=$(basename "$binary")
    [[ -x $binary ]] || { fail "$binary: no such executable (run make release)"; continue; }
    echo "ldd $binary:"
    check_libraries "$binary" "$name"
    check_runs_alone "$binary" "$name"
    stripped=$scratch/$name
    cp "$binary" "$stripped"
    strip "$stripped"
    check_runs_alone "$stripped" "$name (stripped)"
    size=$(wc -c < "$binary")
    stripped_size=$(wc -c < "$stripped")
    sizes+=$(printf '%-20s %10d bytes (%s); stripped %10d bytes (%s)' "$name" "$size" "$(megabytes "$size")" "$stripped_size" "$(megabytes "$stripped_size")")$'\n'
done
printf 'sizes:\n%s' "$sizes"
if (( failures > 0 )); then
    echo "check-binaries: $failures check(s) failed" >&2
    exit 1
fi
echo "check-binaries: self-contained: only system libraries; runs with an empty environment (version $version)"
