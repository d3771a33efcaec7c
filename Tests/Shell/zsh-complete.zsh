#!/usr/bin/env zsh
# zsh-complete.zsh FPATH_DIR LINE...: for each LINE, prints one per line the matches
# zsh's completion system offers when Tab is pressed at the end of LINE, then a line
# `<<end>>`, with FPATH_DIR first in fpath (it holds _versioncheck). zsh completes only
# inside its line editor, so this starts an interactive zsh on a pseudo-terminal (the
# zsh/zpty module), types each LINE and Tab, reads the matches that a wrapper of
# `compadd` prints, and clears the line (^U). What that zsh writes on stderr is copied
# to ours (an error in the script shows there). Exits 2 on timeout.
emulate -L zsh
zmodload zsh/zpty || { print -u2 'zsh-complete: the zsh/zpty module is missing'; exit 3 }
local dir=$1 init=${TMPDIR:-/tmp}/zsh-complete-init.$$ errors=${TMPDIR:-/tmp}/zsh-complete-errors.$$
: > $errors
trap 'rm -f $init $errors; zpty -d vc 2>/dev/null' EXIT

cat > $init <<INIT
exec 2>>${(q)errors}
PROMPT='' RPROMPT='' PS2=''
unset zle_bracketed_paste
fpath=(${(q)dir} \$fpath)
autoload -Uz compinit && compinit -u -D
zstyle ':completion:*' insert-tab false
zstyle ':completion:*' list-grouped false
# Tab: complete, then print a marker (comppostfuncs is emptied after each completion).
__vc_end() { print -r -- '<<end>>' }
__vc_complete() {
    comppostfuncs=(__vc_end)
    zle complete-word
}
zle -N __vc_complete
bindkey '^I' __vc_complete
# Print every match added, then add it as usual (calls that only query, with -O -A -D, pass through).
compadd() {
    if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
        builtin compadd "\$@"
        return
    fi
    local -a __vc_hits
    builtin compadd -A __vc_hits "\$@"
    local __vc_hit
    for __vc_hit in \$__vc_hits; do print -r -- "<<match>>\$__vc_hit"; done
    builtin compadd "\$@"
}
print -r -- '<<ready>>'
INIT

zpty vc zsh -f -i
zpty -w vc "source ${(q)init}"
local out seen=0 deadline=$(( SECONDS + ${ZSH_COMPLETE_TIMEOUT:-60} ))
# Wait for the shell to be ready, then type the line and Tab.
while (( SECONDS < deadline )); do
    zpty -r -t vc out '*<<ready>>*' && { seen=1; break }
    sleep 0.05
done
(( seen )) || { print -u2 'zsh-complete: zsh did not start'; exit 2 }
local line chunk text l
for line in ${@[2,-1]}; do
    zpty -w -n vc "$line"$'\t'
    text=''
    while (( SECONDS < deadline )); do
        if zpty -r -t vc chunk; then
            text+=$chunk
            [[ $text == *'<<end>>'* ]] && break
        else
            sleep 0.02
        fi
    done
    [[ $text == *"<<end>>"* ]] || { print -u2 "zsh-complete: no completion finished for '$line'"; [[ -n $ZSH_COMPLETE_DEBUG ]] && print -u2 -r -- "${(q+)text}"; exit 2 }
    for l in ${(f)text}; do
        l=${l%$'\r'}
        [[ $l == *'<<match>>'* ]] && print -r -- ${l#*<<match>>}
    done
    print -r -- '<<end>>'
    zpty -w -n vc $'\C-u'
done
[[ -s $errors ]] && cat $errors >&2
exit 0
