#!/usr/bin/env bash
# check-binaries.sh VERSION BINARY...: proves that release binaries run on a Linux
# machine with no Swift installed (on macOS: that they link only the system's
# libraries, under /usr/lib and /System, as `otool -L` lists them; elsewhere the
# library check is skipped, saying so). For each BINARY:
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

os=$(uname -s)
toolchain=
if [[ $os == Linux ]] && swift=$(command -v swift 2>/dev/null); then
    toolchain=$(dirname "$(dirname "$(readlink -f "$swift")")")   # linux-only
    toolchain=${toolchain%/usr}
fi
toolchain_libraries='libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libicu|libXCTest|libTesting'

# The libraries $1 links, as the system's tool lists them (empty where none is known).
library_listing() {
    case $os in
    Linux) ldd "$1" 2>&1 || true ;;   # linux-only
    Darwin) otool -L "$1" | sed 1d ;;
    esac
}

# Whether an RPATH/RUNPATH of $1 points into the toolchain (Linux: readelf).
rpath_into_toolchain() {
    case $os in
    Linux) command -v readelf >/dev/null 2>&1 && [[ -n $toolchain ]] &&   # linux-only
        readelf -d "$1" | grep -E 'RPATH|RUNPATH' | grep -qF "$toolchain" ;;   # linux-only
    *) return 1 ;;
    esac
}

# Checks the libraries of $1; $2 names it in messages.
check_libraries() {
    local binary=$1 name=$2 listing line path
    listing=$(library_listing "$binary")
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
        if [[ $os == Darwin ]]; then
            [[ $path == /usr/lib/* || $path == /System/* ]] || fail "$name: $path is not a system library (/usr/lib, /System)"
            continue
        fi
        [[ $path =~ ^/(usr/)?lib(64|32)?/ ]] || fail "$name: $path is not a system library"
        [[ $path =~ $toolchain_libraries ]] && fail "$name: $path comes from the Swift toolchain"
        [[ -n $toolchain && $path == "$toolchain"/* ]] && fail "$name: $path is in the toolchain $toolchain"
    done <<< "$listing"
    if rpath_into_toolchain "$binary"; then
        fail "$name: its RPATH/RUNPATH points into $toolchain"
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
    if [[ $os == Linux || $os == Darwin ]]; then
        echo "libraries of $binary:"
        check_libraries "$binary" "$name"
    else
        echo "check-binaries: $name: library check skipped: on $os, only Linux and macOS tools are known here"
    fi
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
echo "check-binaries: only system libraries ($os); runs with an empty environment (version $version)"
