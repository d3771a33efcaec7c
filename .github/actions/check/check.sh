#!/usr/bin/env bash
# check.sh: the `check` action. Runs `versioncheck COMMAND ARGS --json`, where COMMAND is
# INPUT_COMMAND (lookup or manifest) and ARGS is INPUT_ARGS split as a POSIX shell splits
# words (quotes and backslashes, no expansion), and writes the outputs `status`
# (none|optional|forced|error), `exit-code`, `latest` and `url` to $GITHUB_OUTPUT.
# An update (100, 101) is an answer, not a failure: the step succeeds with 0, 100 and 101
# and fails with the check's code on an error (or, with INPUT_FAIL_ON_UPDATE=true, on
# an update too).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=$(INPUT_INSTALL=${INPUT_INSTALL:-auto} "$here/../install/install.sh") || exit 70
output=${GITHUB_OUTPUT:-/dev/null}
case ${INPUT_COMMAND:-} in
    lookup | manifest) ;;
    *) echo "::error::command must be lookup or manifest, not '${INPUT_COMMAND:-}'"; exit 64 ;;
esac
words=()
split=$(mktemp)
trap 'rm -f "$split"' EXIT
python3 -c 'import shlex, sys; sys.stdout.write("".join(w + "\0" for w in shlex.split(sys.argv[1], posix=True)))' \
    "${INPUT_ARGS:-}" > "$split" 2>/dev/null || { echo "::error::args: unbalanced quotes or a trailing backslash"; exit 64; }
while IFS= read -r -d '' word; do words+=("$word"); done < "$split"

json=$("$bin" "$INPUT_COMMAND" ${words[@]+"${words[@]}"} --json)
code=$?
{ read -r status; read -r latest; read -r url; } <<< "$(python3 "$here/../install/fields.py" status latest url <<< "$json")"
[[ -n $status ]] || status=error
{
    echo "status=$status"
    echo "exit-code=$code"
    echo "latest=$latest"
    echo "url=$url"
} >> "$output"
case $code in
    0) echo "versioncheck: up to date (latest ${latest:-none})"; exit 0 ;;
    100 | 101)
        echo "versioncheck: $status update to $latest"
        if [[ ${INPUT_FAIL_ON_UPDATE:-false} == true ]]; then exit "$code"; fi
        exit 0 ;;
    *) echo "::error::versioncheck could not check (exit $code); see the error above"; exit "$code" ;;
esac
