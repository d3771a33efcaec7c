#!/bin/sh
# check-portability.sh [ROOT]: fails, naming file:line, on the patterns that break the
# macOS build (Xcode 16.0 and later, so Swift 6.0 and later) or the Makefile and
# scripts on a Mac. It runs in `make test` on every machine, so a Linux-only change
# cannot quietly break the Mac. POSIX sh, grep-free: one awk program reads the
# files; nothing here is GNU-only itself.
#
# What is checked: Sources/ and Tests/ *.swift and Package.swift (Swift rules); the
# Makefile, Tests/**/*.sh and *.zsh (but this file, whose rule list names every
# pattern), and .ci/run (tool rules). Comment lines are
# skipped (`//`, `///` in Swift; `#` in scripts and the Makefile).
#
# Marking a Linux-only tool use (rules gnu-*, man-db-*, debian-*, spawn-initialiser):
#   - in a script (or a Swift test that runs a tool): end the line with the comment
#     `# linux-only` (Swift: `// linux-only`), and test for Linux visibly on that line
#     or in the 12 lines above it (`uname`, `Linux)` in a case, `== Linux`,
#     `os(Linux)`, `isManDB`); a marker with no such test is itself a finding;
#   - in Swift, a line inside an `#if os(Linux)` / `canImport(Glibc)` branch (or the
#     `#else` of a `canImport(Darwin)` one) needs no marker;
#   - in the Makefile: put the line inside `ifeq ($(UNAME),Linux)` (or the `else` of
#     `ifneq ($(UNAME),Linux)`), which make evaluates before any recipe runs.
#
# THE RULES, one a line: ID | APPLIES TO | PATTERN (an awk ERE, or `-` when the rule is
# structural and written out in the awk program below, under its ID) | WHY.
# APPLIES TO: swift = Swift code lines, string literals kept; syntax = Swift code with
# string literals removed; package = Package.swift; tools = scripts and the Makefile.
RULES='
glibc-without-darwin   | swift   | - | an `#if canImport(Glibc)` chain has no `canImport(Darwin)` (or `os(macOS)`) branch: on a Mac none of its imports or calls exist and the file does not compile
spawn-initialiser      | swift   | posix_spawn(_file_actions|attr)_t[(][)] | on Darwin posix_spawn_file_actions_t and posix_spawnattr_t are pointer typedefs with no `()` initialiser; write `var a: posix_spawnattr_t? = nil` under `#if canImport(Darwin)` and keep `posix_spawnattr_t()` in the Linux branch (this rule accepts it there)
proc-filesystem        | swift   | /proc/ | Linux only (no /proc on macOS); platform lookups live in Sources/VersionCheckPlatform/System.swift, the one file allowed to use it
environ                | swift   | (^|[^A-Za-z0-9_])environ([^A-Za-z0-9_]|$) | the environment block is `environ` in Glibc and a Swift overlay variable on Darwin: read it in Sources/VersionCheckPlatform/System.swift only (or use ProcessInfo in Foundation code)
networking-import      | swift   | - | `import FoundationNetworking` outside `#if canImport(FoundationNetworking)`: the module exists only on Linux (URLSession is in Foundation on Darwin)
gnu-time               | swift   | /usr/bin/time | GNU time (`-f %M`) is not macOS time (BSD); measure peak memory with wait4 and ru_maxrss (TestSupport: runMeasured)
gnu-script             | swift   | "-qec"|"-ec"|"-qc" | `script -qec CMD FILE` is util-linux; BSD script is `script -q FILE CMD...` (see PseudoTerminal in the CLI tests)
man-db-warnings        | swift   | "--warnings" | `man --warnings` is man-db (Linux); elsewhere skip the check (ExternalTool.isManDB)
swift-6.1-trailing-comma | syntax | - | a trailing comma in an argument, parameter or tuple list (or before `else` in a condition list) needs Swift 6.1; Xcode 16.0-16.2 ship Swift 6.0
swift-6.2-nonsending    | syntax  | nonisolated[(]nonsending[)]|@concurrent([^A-Za-z0-9_]|$) | Swift 6.2 attributes; the package must build with Swift 6.0
swift-6.1-nonisolated-type | syntax | (^|[^A-Za-z0-9_])nonisolated[ ]+(struct|class|enum|actor|extension|protocol)[ ] | `nonisolated` on a type or extension needs Swift 6.1
swift-6.2-raw-identifier | syntax | `[^`]*[^A-Za-z0-9_`$][^`]*` | a raw identifier (backticks around spaces or symbols, e.g. a test named by a sentence) needs Swift 6.2
swift-6.2-inline-array | syntax  | InlineArray[<]|[[][0-9]+[ ]+of[ ] | InlineArray and `[N of T]` need Swift 6.2 (and macOS 26 at run time)
swift-6.2-integer-generic | syntax | [<,][ ]*let[ ]+[A-Za-z_][A-Za-z0-9_]*[ ]*: | integer generic parameters (`<let N: Int>`) need Swift 6.2
swift-6.2-other        | syntax  | @abi[(]|isolated[ ]+deinit|weak[ ]+let[ ]|[.]defaultIsolation[(]|(^|[^A-Za-z0-9_])(Mutable)?(Raw)?Span[<]|UTF8Span | Swift 6.2 language and library features (Span types need macOS 26)
synchronization        | swift   | import[ ]+Synchronization | Mutex and Atomic need macOS 15; the package deploys to macOS 13
tools-version          | package | swift-tools-version:[ ]*(6[.][1-9]|[7-9]) | the oldest compiler the package admits is the one it must build with: keep 6.0 (raise it on purpose, in the README)
gnu-sed-in-place       | tools   | (^|[^A-Za-z0-9_-])sed([ ]+-[A-Za-z]+)*[ ]+-[A-Za-z]*i | GNU `sed -i` takes no suffix; BSD sed needs one (`sed -i ""`): write to a temporary file instead
gnu-readlink-f         | tools   | readlink([ ]+-[A-Za-z]+)*[ ]+-[A-Za-z]*f | `readlink -f` is missing before macOS 12.3; resolve with `cd -P` and `pwd -P`
gnu-stat-format        | tools   | (^|[^A-Za-z0-9_])stat[ ]+(-c|--format|--printf) | BSD stat takes -f with other letters
gnu-date-parse         | tools   | (^|[^A-Za-z0-9_])date[ ]+(-d|--date) | BSD date has no -d (it sets the clock offset)
gnu-time-format        | tools   | (^|[^A-Za-z0-9_])time[ ]+-f|/usr/bin/time | GNU time only; measure with wait4 (versioncheck-bench, runMeasured)
gnu-script            | tools   | (^|[^A-Za-z0-9_])script([ ]+-[A-Za-z]+)*[ ]+-[A-Za-z]*c | util-linux `script -c`; BSD script takes the command after the file
gnu-elf-tools          | tools   | (^|[^A-Za-z0-9_.-])(ldd|readelf)([^A-Za-z0-9_-]|$) | ELF tools; macOS has otool -L
debian-packaging       | tools   | (^|[^A-Za-z0-9_.-])(apt-get|dpkg)([^A-Za-z0-9_-]|$) | Debian and Ubuntu only
gnu-misc               | tools   | (^|[^A-Za-z0-9_])(grep[ ]+-[A-Za-z]*P|find[ ].*-printf|xargs[ ]+-r|nproc|timeout[ ]+[0-9]|install[ ]+-[A-Za-z]*D|base64[ ]+-w|sha256sum)([^A-Za-z0-9_]|$) | GNU-only flags and tools (macOS: grep -E, stat, sysctl -n hw.ncpu, shasum -a 256)
'
# Files allowed to match a rule, as ID=PATH (exactly that file).
ALLOW='
proc-filesystem=Sources/VersionCheckPlatform/System.swift
proc-filesystem=Tests/VersionCheckCLITests/DetachedSpawnTests.swift
proc-filesystem=Sources/versioncheck-bench/ManyMemoryBench.swift
environ=Sources/VersionCheckPlatform/System.swift
'

root=${1:-$(cd "$(dirname "$0")/../.." && pwd -P)}
cd "$root" || exit 2

swift_files=$(find Sources Tests -type f -name '*.swift' ! -path '*/.build*' | LC_ALL=C sort)
tool_files=$( { echo Makefile; [ -f .ci/run ] && echo .ci/run; find Tests -type f \( -name '*.sh' -o -name '*.zsh' \) ! -path Tests/Portability/check-portability.sh; } | LC_ALL=C sort)

# shellcheck disable=SC2086
awk -v rules="$RULES" -v allow="$ALLOW" '
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
function report(id, why, text) {
    printf "%s:%d: [%s] %s\n    %s\n", FILENAME, FNR, id, why, trim(text)
    findings++
}
function reportAt(file, line, id, why, text) {
    printf "%s:%d: [%s] %s\n    %s\n", file, line, id, why, trim(text)
    findings++
}
function allowed(id) { return ((id "=" FILENAME) in allowedFiles) }
BEGIN {
    n = split(rules, lines, "\n")
    for (i = 1; i <= n; i++) {
        if (trim(lines[i]) == "") continue
        # the pattern may hold "|": the first two and the last field are split off
        line = lines[i]
        p = index(line, "|"); id = trim(substr(line, 1, p - 1)); line = substr(line, p + 1)
        p = index(line, "|"); scope = trim(substr(line, 1, p - 1)); line = substr(line, p + 1)
        p = match(line, /\| [^|]*$/); why = trim(substr(line, p + 2)); pattern = trim(substr(line, 1, p - 1))
        count++; ruleId[count] = id; ruleScope[count] = scope; rulePattern[count] = pattern; ruleWhy[count] = why
        whyOf[id] = why
    }
    m = split(allow, pairs, "\n")
    for (i = 1; i <= m; i++) if (trim(pairs[i]) != "") allowedFiles[trim(pairs[i])] = 1
    guard = "uname|Linux[)]|== *\"?Linux|= *\"?Linux\"?[ ]*[]]|os[(]Linux[)]|isManDB"
}
FNR == 1 {
    finishFile()
    file = FILENAME
    kind = (file ~ /[.]swift$/) ? "swift" : (file == "Makefile" ? "make" : "script")
    depth = 0; inMultiline = 0; prevCode = ""; prevLine = 0; history = ""
    for (k = 0; k < 13; k++) recent[k] = ""
}
function finishFile() {
    while (depth > 0) closeChain()
}
# the last 13 lines, for the `linux-only` marker
{
    for (k = 12; k > 0; k--) recent[k] = recent[k - 1]
    recent[0] = $0
}
function guardedMarker(line,   k) {
    if (line !~ /(#|\/\/)[ ]*linux-only[ ]*$/) return 0
    for (k = 0; k <= 12; k++) if (recent[k] ~ guard) return 1
    report("linux-only-marker", "a `linux-only` line needs a visible Linux test (uname, `Linux)`, == Linux, os(Linux), isManDB) on it or in the 12 lines above", line)
    return 1
}
# ---- Swift: the #if stack ------------------------------------------------------
function openChain(cond) {
    depth++; chainGlibc[depth] = 0; chainDarwin[depth] = 0; chainLine[depth] = FNR
    chainText[depth] = $0; branch(cond)
}
function branch(cond) {
    if (cond ~ /canImport[(]Glibc[)]/) { chainGlibc[depth] = 1; chainLine[depth] = FNR; chainText[depth] = $0 }
    darwinBefore[depth] = chainDarwin[depth]
    if (cond ~ /canImport[(]Darwin[)]|os[(]macOS[)]/) chainDarwin[depth] = 1
    branchCond[depth] = cond
}
function closeChain() {
    # glibc-without-darwin
    if (chainGlibc[depth] && !chainDarwin[depth])
        reportAt(file, chainLine[depth], "glibc-without-darwin", whyOf["glibc-without-darwin"], chainText[depth])
    depth--
}
function inLinuxBranch(   d) {
    for (d = 1; d <= depth; d++) {
        if (branchCond[d] ~ /canImport[(](Glibc|Musl)[)]|os[(]Linux[)]/ && branchCond[d] !~ /!/) return 1
        if (branchCond[d] == "#else" && darwinBefore[d]) return 1
    }
    return 0
}
function inNetworkingBranch(   d) {
    for (d = 1; d <= depth; d++) if (branchCond[d] ~ /canImport[(]FoundationNetworking[)]/ && branchCond[d] !~ /!/) return 1
    return 0
}
function stripStrings(s) {
    gsub(/\\"/, "", s)
    gsub(/"[^"]*"/, "\"\"", s)
    return s
}
kind == "swift" {
    text = $0; t = trim(text)
    if (t ~ /^#if[ (]/) { openChain(t); next }
    if (t ~ /^#elseif[ (]/) { if (depth > 0) branch(t); next }
    if (t ~ /^#else/) { if (depth > 0) branch("#else"); next }
    if (t ~ /^#endif/) { if (depth > 0) closeChain(); next }
    # multi-line string literals: their lines are text, not code
    quotes = gsub(/"""/, "\"\"\"", t)
    if (inMultiline) { if (quotes % 2 == 1) inMultiline = 0; next }
    if (quotes % 2 == 1) inMultiline = 1
    if (FILENAME == "Package.swift" && t ~ /^\/\/ *swift-tools-version/) {
        for (r = 1; r <= count; r++)
            if (ruleScope[r] == "package" && t ~ rulePattern[r]) report(ruleId[r], ruleWhy[r], text)
    }
    if (t ~ /^\/\//) next
    code = t; sub(/[ \t]+\/\/ .*$/, "", code)
    syntax = stripStrings(code)
    for (r = 1; r <= count; r++) {
        s = ruleScope[r]
        if (rulePattern[r] == "-" || allowed(ruleId[r])) continue
        if (s == "package") continue
        if (s == "swift" && code ~ rulePattern[r]) {
            if (ruleId[r] ~ /^(spawn-initialiser|gnu-|man-db-)/ && (inLinuxBranch() || guardedMarker(text))) continue
            report(ruleId[r], ruleWhy[r], text)
        } else if (s == "syntax" && syntax ~ rulePattern[r]) {
            report(ruleId[r], ruleWhy[r], text)
        }
    }
    if (code ~ /^(@[A-Za-z_]+[ ]+)*import[ ]+FoundationNetworking/ && !inNetworkingBranch())
        report("networking-import", whyOf["networking-import"], text)
    # swift-6.1-trailing-comma: ", )" on a line, or a line ending in "," before one
    # starting with ")" or "else"
    if (syntax ~ /,[ ]*[)]/)
        report("swift-6.1-trailing-comma", whyOf["swift-6.1-trailing-comma"], text)
    else if (syntax ~ /^([)]|else([^A-Za-z0-9_]|$))/ && prevCode ~ /,$/)
        reportAt(file, prevLine, "swift-6.1-trailing-comma", whyOf["swift-6.1-trailing-comma"], prevText)
    if (syntax != "") { prevCode = syntax; prevLine = FNR; prevText = text }
    next
}
# ---- the Makefile: ifeq ($(UNAME),Linux) blocks ----------------------------------
kind == "make" {
    t = $0
    if (t ~ /^ifeq[ ]+[(]\$[(]UNAME[)],[ ]*Linux[)]/) { mdepth++; linux[mdepth] = 1; next }
    if (t ~ /^ifneq[ ]+[(]\$[(]UNAME[)],[ ]*Linux[)]/) { mdepth++; linux[mdepth] = -1; next }
    if (t ~ /^if(eq|neq|def|ndef)[ ]/) { mdepth++; linux[mdepth] = 0; next }
    if (t ~ /^else/) { linux[mdepth] = (linux[mdepth] == -1) ? 1 : (linux[mdepth] == 1 ? -1 : 0); next }
    if (t ~ /^endif/) { mdepth--; next }
    if (trim(t) ~ /^#/) next
    for (d = 1; d <= mdepth; d++) if (linux[d] == 1) next
    checkTools(t, 0)
    next
}
# ---- scripts: a `# linux-only` marker under a visible Linux test -----------------
{
    t = $0
    if (trim(t) ~ /^#/) next
    if (guardedMarker(t)) next
    checkTools(t, 1)
}
function checkTools(t, isScript,   r, code) {
    code = t
    if (isScript) sub(/[ \t]#[^"'\'']*$/, "", code)
    for (r = 1; r <= count; r++)
        if (ruleScope[r] == "tools" && code ~ rulePattern[r]) report(ruleId[r], ruleWhy[r], t)
}
END {
    finishFile()
    if (findings > 0) { printf "check-portability: %d finding(s); the rules and how to mark a Linux-only line: %s\n", findings, "Tests/Portability/check-portability.sh" > "/dev/stderr"; exit 1 }
    print "check-portability: ok (Swift 6.0 syntax, Darwin imports and types, portable scripts and Makefile)"
}
' $swift_files Package.swift $tool_files
