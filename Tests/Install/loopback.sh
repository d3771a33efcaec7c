# Sourced by the check scripts: a loopback HTTP server (Tests/LoopbackServer/server.py)
# that serves Fixtures/ and logs every request, to see what the installed binaries send.
#   start_loopback LOG   sets LOOPBACK_PORT and LOOPBACK_PID; returns 1 without python3
#   stop_loopback
start_loopback() {
    local log=$1 here portfile
    command -v python3 >/dev/null 2>&1 || return 1
    here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
    portfile=$(mktemp)
    python3 "$here/../LoopbackServer/server.py" --log "$log" --lifetime 120 > "$portfile" &
    LOOPBACK_PID=$!
    for _ in $(seq 100); do
        LOOPBACK_PORT=$(head -n 1 "$portfile")
        [[ -n $LOOPBACK_PORT ]] && break
        sleep 0.05
    done
    rm -f "$portfile"
    [[ -n $LOOPBACK_PORT ]] || { echo "the loopback server did not start" >&2; return 2; }
}

stop_loopback() {
    if [[ -n ${LOOPBACK_PID:-} ]]; then
        kill "$LOOPBACK_PID" 2>/dev/null || true
        wait "$LOOPBACK_PID" 2>/dev/null || true
    fi
    LOOPBACK_PID=
}
