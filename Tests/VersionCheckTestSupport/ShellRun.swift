import Foundation

/// What a shell script around a product left behind: the status the script wrote to
/// `$STATUS` (the product's own, as the shell saw it: 128 + N when signal N ended it),
/// and the product's stderr (the script sends it to `$ERR`).
public struct ShellRunResult: Sendable, CustomStringConvertible {
    /// The status the script wrote to `$STATUS`, nil if it wrote none.
    public var status: Int32?
    public var stderr: String

    public var description: String { "status \(status.map(String.init) ?? "none")\n--- stderr\n\(stderr)" }
}

/// Runs `/bin/sh -c script` with the product's path as `$0` and `arguments` as `$@`,
/// `stdin` on standard input, `$ERR` and `$STATUS` naming scratch files, and SIGPIPE at
/// its default action whatever the test runner does with it (`posix_spawn` with
/// `POSIX_SPAWN_SETSIGDEF`): a script that wants it ignored says `trap '' PIPE`.
///
/// For what a redirection or a pipe does to a product's output (`> /dev/full`,
/// `| head -c1`), which `runProduct` (stdout to a file) cannot show.
public func runInShell(
    _ script: String, product: String = "versioncheck", arguments: [String], stdin: Data = Data(),
    environment: [String: String] = [:], timeout: Double = 60
) throws -> ShellRunResult {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("versioncheck-shell-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let inPath = scratch.appendingPathComponent("stdin").path
    let errPath = scratch.appendingPathComponent("stderr").path
    let statusPath = scratch.appendingPathComponent("status").path
    _ = FileManager.default.createFile(atPath: inPath, contents: stdin)

    var actions = makeSpawnFileActions()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

    var attributes = makeSpawnAttributes()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)

    let argv = ["sh", "-c", script, TestPaths.executable(product).path] + arguments
    var extra = environment
    extra["ERR"] = errPath
    extra["STATUS"] = statusPath
    let envp = childEnvironment(adding: extra).map { "\($0.key)=\($0.value)" }
    let cArgv = argv.map { strdup($0) } + [nil]
    let cEnvp = envp.map { strdup($0) } + [nil]
    defer { (cArgv + cEnvp).forEach { free($0) } }

    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, cArgv, cEnvp)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    let started = Date()
    var status: Int32 = 0
    while true {
        let reaped = waitpid(pid, &status, WNOHANG)
        if reaped == pid { break }
        if reaped < 0 && errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        if Date().timeIntervalSince(started) > timeout { kill(-pid, SIGKILL) }
        usleep(2_000)
    }
    let written = (try? String(contentsOfFile: statusPath, encoding: .utf8)) ?? ""
    return ShellRunResult(
        status: Int32(written.trimmingCharacters(in: .whitespacesAndNewlines)),
        stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
}
