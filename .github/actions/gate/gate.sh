#!/usr/bin/env bash
# gate.sh: the publishing gate of the `gate` action. Reads the action's inputs from the
# environment (INPUT_APP, INPUT_ID, INPUT_BUNDLE_ID, INPUT_CURRENT, INPUT_COUNTRY,
# INPUT_PLATFORM, INPUT_ALLOW_NEW, INPUT_LOOKUP_URL, INPUT_LINT), runs
#   versioncheck lint FEED        (with INPUT_LINT: each finding also a GitHub annotation;
#                                  an error finding or a failure ends the step, no gate)
#   versioncheck lookup --gate --json …
# and writes the outputs `passed` (true|false), `latest`, `status`, `reason` and
# `exit-code` to $GITHUB_OUTPUT. Exits 0 exactly when the gate passed; 1 when it did not;
# the check's own code (64, 65, 66, 69, 75, 76, 70) when the check failed, so an error
# never reads as a pass.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=$(INPUT_INSTALL=${INPUT_INSTALL:-auto} "$here/../install/install.sh") || exit 70
output=${GITHUB_OUTPUT:-/dev/null}

args=(lookup --gate --json)
if [[ -n ${INPUT_APP:-} ]]; then args+=(--current-from "$INPUT_APP"); fi
if [[ -n ${INPUT_ID:-} ]]; then args+=(--id "$INPUT_ID"); fi
if [[ -n ${INPUT_BUNDLE_ID:-} ]]; then args+=(--bundle-id "$INPUT_BUNDLE_ID"); fi
if [[ -n ${INPUT_CURRENT:-} ]]; then args+=(--current "$INPUT_CURRENT"); fi
if [[ -n ${INPUT_COUNTRY:-} ]]; then args+=(--country "$INPUT_COUNTRY"); fi
if [[ -n ${INPUT_PLATFORM:-} ]]; then args+=(--platform "$INPUT_PLATFORM"); fi
if [[ -n ${INPUT_LOOKUP_URL:-} ]]; then args+=(--lookup-url "$INPUT_LOOKUP_URL"); fi
case ${INPUT_ALLOW_NEW:-false} in
    true) args+=(--allow-new) ;;
    false | "") ;;
    *) echo "::error::allow-new must be true or false, not '$INPUT_ALLOW_NEW'"; exit 64 ;;
esac

if [[ -n ${INPUT_LINT:-} ]]; then
    findings=$("$bin" lint -- "$INPUT_LINT")
    code=$?
    count=0
    # SOURCE:LINE: SEVERITY CODE: MESSAGE -> ::error file=SOURCE,line=LINE::CODE: MESSAGE
    while IFS= read -r finding; do
        [[ $finding =~ ^(.*):([0-9]+):\ (error|warning)\ ([A-Z][0-9][0-9]):\ (.*)$ ]] || continue
        count=$((count + 1))
        echo "::${BASH_REMATCH[3]} file=${BASH_REMATCH[1]},line=${BASH_REMATCH[2]}::${BASH_REMATCH[4]}: ${BASH_REMATCH[5]}"
    done <<< "$findings"
    echo "lint-findings=$count" >> "$output"
    if (( code != 0 )); then
        {
            echo "passed=false"
            echo "status=error"
            echo "reason=lint of $INPUT_LINT failed (exit $code)"
            echo "exit-code=$code"
        } >> "$output"
        echo "::error::versioncheck lint found errors in $INPUT_LINT (exit $code); the gate did not run"
        exit "$code"
    fi
fi

json=$("$bin" "${args[@]}")
code=$?
{ read -r latest; read -r status; read -r reason; } <<< "$(python3 "$here/../install/fields.py" latest status gateReason <<< "$json")"
case $code in
    0) passed=true ;;
    1) passed=false ;;
    *) passed=false; status=error ;;
esac
{
    echo "passed=$passed"
    echo "latest=$latest"
    echo "status=$status"
    echo "reason=$reason"
    echo "exit-code=$code"
} >> "$output"
case $code in
    0) echo "versioncheck gate passed: $reason" ;;
    1) echo "::error::versioncheck gate failed: $reason" ;;
    *) echo "::error::versioncheck could not check (exit $code); see the error above" ;;
esac
exit "$code"
