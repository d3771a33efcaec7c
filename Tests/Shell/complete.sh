#!/usr/bin/env bash
# complete.sh SHELL SOURCE LINE...: for each LINE, prints one per line what SHELL (bash,
# zsh or fish) offers when Tab is pressed at the end of LINE, then a line `<<end>>`,
# after loading versioncheck's completion script the way the shell does:
#   SOURCE = a script file: the shell loads that file;
#   SOURCE = a directory:   it is a PREFIX/share folder; the shell finds the script in
#                           it by its own rules (bash-completion's loader, zsh's fpath,
#                           fish's vendor_completions.d), as after `make install`
#                           (fish also needs PREFIX/bin/versioncheck).
# Values are printed without an `--option=` prefix or a description. Anything the
# shell prints on stderr while loading or completing is an error (exit 1).
set -euo pipefail
shell=$1 source=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
errors=$(mktemp)
trap 'rm -f "$errors"' EXIT

complete_bash() {
    # bash: call the completion function as readline would, with COMP_WORDS split at
    # spaces and at '=' (in the default COMP_WORDBREAKS).
    bash --norc --noprofile -c '
        source=$1
        shift
        if [[ -d $source ]]; then
            source /usr/share/bash-completion/bash_completion
            XDG_DATA_DIRS=$source __load_completion versioncheck ||
                { echo "bash-completion did not find versioncheck under $source" >&2; exit 1; }
        else
            source "$source"
        fi
        spec=$(complete -p versioncheck) || exit 1
        function=${spec#*-F }
        function=${function%% *}
        for line in "$@"; do
            read -ra COMP_WORDS <<< "${line//=/ = }"
            [[ $line == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMP_LINE=$line COMP_POINT=${#line}
            COMPREPLY=()
            "$function" versioncheck "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            (( ${#COMPREPLY[@]} == 0 )) || printf "%s\n" "${COMPREPLY[@]}"
            echo "<<end>>"
        done
    ' bash "$source" "$@"
}

complete_zsh() {
    local dir
    if [[ -d $source ]]; then
        dir=$source/zsh/site-functions
    else
        dir=$(mktemp -d)
        cp "$source" "$dir/_versioncheck"
    fi
    zsh -f "$here/zsh-complete.zsh" "$dir" "$@"
    [[ -d $source ]] || rm -rf "$dir"
}

complete_fish() {
    local script='
        for line in $argv
            complete -C $line
            echo "<<end>>"
        end'
    if [[ -d $source ]]; then
        # fish autoloads the completions of a command only if it is on PATH: SOURCE/../bin.
        local config
        config=$(mktemp -d)
        PATH="$source/../bin:$PATH" XDG_CONFIG_HOME=$config \
            XDG_DATA_DIRS="$source:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" fish -c "$script" "$@"
        rm -rf "$config"
    else
        fish --no-config -c "source \$argv[1]; or exit 1; set -e argv[1]; $script" "$source" "$@"
    fi | cut -f1
}

case $shell in
bash | zsh | fish) ;;
*) echo "complete.sh: unknown shell '$shell'" >&2; exit 64 ;;
esac
status=0
"complete_$shell" "$@" 2>"$errors" | sed 's/^--[a-z-]*=//' || status=$?
if [[ -s $errors ]]; then
    cat "$errors" >&2
    (( status != 0 )) || status=1
fi
exit "$status"
