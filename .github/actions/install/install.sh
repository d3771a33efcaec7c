#!/usr/bin/env bash
# install.sh: makes `versioncheck` available to the steps of a GitHub Actions job.
# Uses the one on PATH when there is one (INPUT_INSTALL=auto, the default) or the path in
# VERSIONCHECK; otherwise builds this repository (the action's own checkout, at the tag
# the workflow named) with `make release install` into $RUNNER_TEMP/versioncheck and adds
# its bin folder to GITHUB_PATH. Prints the binary's path.
set -euo pipefail
if [[ -n ${VERSIONCHECK:-} ]]; then
    [[ -x $VERSIONCHECK ]] || { echo "::error::VERSIONCHECK=$VERSIONCHECK is not executable" >&2; exit 1; }
    echo "$VERSIONCHECK"; exit 0
fi
if [[ ${INPUT_INSTALL:-auto} == auto ]] && command -v versioncheck >/dev/null 2>&1; then
    command -v versioncheck; exit 0
fi
repo=$(cd "$(dirname "$0")/../../.." && pwd)
prefix=${RUNNER_TEMP:-$(mktemp -d)}/versioncheck
make -C "$repo" release install PREFIX="$prefix" >&2
[[ -n ${GITHUB_PATH:-} ]] && echo "$prefix/bin" >> "$GITHUB_PATH"
echo "$prefix/bin/versioncheck"
