#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a child could not be started: the `errno`.
struct SpawnError: Error {
    var code: Int32
}

/// A child process started with `posix_spawn`, its stdout a pipe the parent reads.
struct ChildProcess {
    let pid: pid_t
    /// The read end of the child's stdout.
    let output: Int32

    /// Starts `path` with `arguments` (argv[0] is `path`), the process's environment,
    /// stdin from `/dev/null`, stdout to a new pipe, stderr shared. Returns `errno` on failure.
    ///
    /// Safe to call from several threads at once: the pipe is made and the child spawned
    /// under `spawnLock`, and both ends are close-on-exec, so no other child inherits this
    /// child's pipe (which would keep it open after this child exits). Both ends are moved
    /// above the standard descriptors, so a parent started with stdout closed
    /// (`versioncheck -q … >&-`) still gives its child a working stdout.
    static func spawn(_ path: String, arguments: [String]) -> Result<ChildProcess, SpawnError> {
        spawnLock.withLock { spawnLocked(path, arguments: arguments) }
    }

    /// Serialises pipe creation and spawning across threads (see `spawn`).
    private static let spawnLock = Lock()

    private static func spawnLocked(_ path: String, arguments: [String]) -> Result<ChildProcess, SpawnError> {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return .failure(SpawnError(code: errno)) }
        guard let readEnd = aboveStandardDescriptors(pipeEnds[0]), let writeEnd = aboveStandardDescriptors(pipeEnds[1]) else {
            let code = errno
            for fd in pipeEnds where fd > 2 { close(fd) }
            return .failure(SpawnError(code: code))
        }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addclose(&actions, writeEnd)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        let argv = ([path] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pointers: [UnsafeMutablePointer<CChar>?] = argv + [nil]
        var pid: pid_t = 0
        let status = pointers.withUnsafeMutableBufferPointer { buffer in
            posix_spawn(&pid, path, &actions, nil, buffer.baseAddress!, System.environmentPointer)
        }
        close(writeEnd)
        guard status == 0 else {
            close(readEnd)
            return .failure(SpawnError(code: status))
        }
        return .success(ChildProcess(pid: pid, output: readEnd))
    }

    /// `fd`, close-on-exec and numbered 3 or above: a descriptor that took the place of a
    /// closed standard one (0, 1, 2) is moved up and its old number closed again. Nil (with
    /// `errno`) when no descriptor is left.
    private static func aboveStandardDescriptors(_ fd: Int32) -> Int32? {
        guard fd <= 2 else {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            return fd
        }
        let moved = fcntl(fd, F_DUPFD_CLOEXEC, 3)
        let code = errno
        close(fd)
        errno = code
        return moved < 0 ? nil : moved
    }

    /// Closes the pipe and waits for the child; its wait status (0 for a clean exit 0).
    func wait() -> Int32 {
        close(output)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        return status
    }

    /// "exit 3", "signal 9" for a wait status.
    static func describe(status: Int32) -> String {
        let signal = status & 0x7F
        return signal == 0 ? "exit \((status >> 8) & 0xFF)" : "signal \(signal)"
    }
}

extension System {
    /// One `read(2)` of up to 64 KiB (EINTR retried); empty at the end, nil on error.
    static func readChunk(_ fd: Int32) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var outcome = 0
        chunk.withUnsafeMutableBytes { buffer in
            repeat {
                outcome = read(fd, buffer.baseAddress!, buffer.count)
            } while outcome < 0 && errno == EINTR
        }
        guard outcome >= 0 else { return nil }
        chunk.removeLast(chunk.count - outcome)
        return chunk
    }

    /// Fills `bytes[start...]` from `fd`; false if the stream ends or fails first.
    static func readExactly(_ fd: Int32, into bytes: inout [UInt8], from start: Int) -> Bool {
        var filled = start
        while filled < bytes.count {
            var outcome = 0
            bytes.withUnsafeMutableBytes { buffer in
                repeat {
                    outcome = read(fd, buffer.baseAddress! + filled, buffer.count - filled)
                } while outcome < 0 && errno == EINTR
            }
            guard outcome > 0 else { return false }
            filled += outcome
        }
        return true
    }

    /// Whether `path` is a regular file this process may execute.
    static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, Int(info.st_mode) & Int(S_IFMT) == Int(S_IFREG) else { return false }
        return access(path, X_OK) == 0
    }
}
