#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import VersionCheckCore

/// Why a child could not be started: the `errno`.
package struct SpawnError: Error {
    package var code: Int32
}

/// A child process started with `posix_spawn`, its stdout a pipe the parent reads.
package struct ChildProcess {
    package let pid: pid_t
    /// The read end of the child's stdout.
    package let output: Int32
    /// With `spawn(…, input: true)`: the parent's end of the child's stdin, a stream
    /// socket (writing to it after the child is gone fails with `EPIPE`, never `SIGPIPE`:
    /// write with `System.sendAll`). Nil otherwise.
    package var input: Int32? = nil

    /// Starts `path` with `arguments` (argv[0] is `path`), the process's environment,
    /// stdin from `/dev/null`, stdout to a new pipe, stderr shared. Returns `errno` on failure.
    ///
    /// Safe to call from several threads at once: the pipe is made and the child spawned
    /// under `spawnLock`, and both ends are close-on-exec, so no other child inherits this
    /// child's pipe (which would keep it open after this child exits). Both ends are moved
    /// above the standard descriptors, so a parent started with stdout closed
    /// (`versioncheck -q … >&-`) still gives its child a working stdout.
    package static func spawn(_ path: String, arguments: [String], input: Bool = false) -> Result<ChildProcess, SpawnError> {
        spawnLock.withLock { spawnLocked(path, arguments: arguments, input: input) }
    }

    /// Serialises pipe creation and spawning across threads (see `spawn`).
    package static let spawnLock = Lock()

    private static func spawnLocked(_ path: String, arguments: [String], input: Bool) -> Result<ChildProcess, SpawnError> {
        var socketEnds: [Int32] = [-1, -1]
        if input {
            #if canImport(Darwin)
            let made = socketpair(AF_UNIX, SOCK_STREAM, 0, &socketEnds)
            #else
            let made = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &socketEnds)
            #endif
            guard made == 0 else { return .failure(SpawnError(code: errno)) }
            guard let parentEnd = aboveStandardDescriptors(socketEnds[0]) else {
                let code = errno
                close(socketEnds[1])
                return .failure(SpawnError(code: code))
            }
            guard let childEnd = aboveStandardDescriptors(socketEnds[1]) else {
                let code = errno
                close(parentEnd)
                return .failure(SpawnError(code: code))
            }
            socketEnds = [parentEnd, childEnd]
            System.suppressSIGPIPE(on: parentEnd)
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0, let readEnd = aboveStandardDescriptors(pipeEnds[0]),
              let writeEnd = aboveStandardDescriptors(pipeEnds[1])
        else {
            let code = errno
            for fd in pipeEnds + (input ? socketEnds : []) where fd > 2 { close(fd) }
            return .failure(SpawnError(code: code))
        }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input {
            posix_spawn_file_actions_adddup2(&actions, socketEnds[1], 0)
            posix_spawn_file_actions_addclose(&actions, socketEnds[1])
            posix_spawn_file_actions_addclose(&actions, socketEnds[0])
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addclose(&actions, writeEnd)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        // Last, so that no earlier action lands on its number (`HelperTie`).
        let tied = Self.tieReadEnd.map { posix_spawn_file_actions_adddup2(&actions, $0, HelperTie.descriptor) == 0 } ?? false
        let argv = ([path] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pointers: [UnsafeMutablePointer<CChar>?] = argv + [nil]
        let tieEntry = tied ? strdup("\(HelperTie.environmentVariable)=\(HelperTie.descriptor)") : nil
        defer { free(tieEntry) }
        var environment = System.inheritedEnvironment(without: HelperTie.environmentVariable) + (tieEntry.map { [$0] } ?? []) + [nil]
        var pid: pid_t = 0
        let status = pointers.withUnsafeMutableBufferPointer { buffer in
            environment.withUnsafeMutableBufferPointer { envp in
                posix_spawn(&pid, path, &actions, nil, buffer.baseAddress!, envp.baseAddress!)
            }
        }
        close(writeEnd)
        if input { close(socketEnds[1]) }
        guard status == 0 else {
            close(readEnd)
            if input { close(socketEnds[0]) }
            return .failure(SpawnError(code: status))
        }
        InterruptCleanup.register(pid)
        return .success(ChildProcess(pid: pid, output: readEnd, input: input ? socketEnds[0] : nil))
    }

    /// The read end of this process's `HelperTie` pipe, made on the first spawn (under
    /// `spawnLock`) and kept open, like its write end, until the process ends; nil when no
    /// pipe could be made (the helpers then run untied, as before). Both ends are
    /// close-on-exec and numbered above `HelperTie.descriptor`, so a child's `dup2` onto
    /// that number never closes one of them, and no child keeps the write end.
    private static let tieReadEnd: Int32? = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        let readEnd = fcntl(ends[0], F_DUPFD_CLOEXEC, HelperTie.descriptor + 1)
        let writeEnd = fcntl(ends[1], F_DUPFD_CLOEXEC, HelperTie.descriptor + 1)
        close(ends[0])
        close(ends[1])
        guard readEnd >= 0, writeEnd >= 0 else {
            if readEnd >= 0 { close(readEnd) }
            if writeEnd >= 0 { close(writeEnd) }
            return nil
        }
        return readEnd  // the write end is never written, never closed
    }()

    /// `fd`, close-on-exec and numbered 3 or above: a descriptor that took the place of a
    /// closed standard one (0, 1, 2) is moved up and its old number closed again. Nil (with
    /// `errno`) when no descriptor is left.
    package static func aboveStandardDescriptors(_ fd: Int32) -> Int32? {
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
    package func wait() -> Int32 {
        close(output)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        InterruptCleanup.unregister(pid)
        return status
    }

    /// "exit 3", "signal 9" for a wait status.
    package static func describe(status: Int32) -> String {
        let signal = status & 0x7F
        return signal == 0 ? "exit \((status >> 8) & 0xFF)" : "signal \(signal)"
    }
}

extension System {
    /// The entries of `environ` (`NAME=value`), less those of the variable `name`: a
    /// child's environment, before what the parent adds.
    package static func inheritedEnvironment(without name: String) -> [UnsafeMutablePointer<CChar>?] {
        let prefix = Array((name + "=").utf8CString.dropLast())
        var entries: [UnsafeMutablePointer<CChar>?] = []
        var cursor = environmentPointer
        while let entry = cursor?.pointee {
            cursor = cursor?.successor()
            if strncmp(entry, prefix, prefix.count) != 0 { entries.append(entry) }
        }
        return entries
    }

    /// Writing to a stream socket whose reader is gone fails with `EPIPE` instead of
    /// raising `SIGPIPE` (Darwin: `SO_NOSIGPIPE`; Linux: `System.sendAll` passes `MSG_NOSIGNAL`).
    package static func suppressSIGPIPE(on fd: Int32) {
        #if canImport(Darwin)
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// A write to the socket `fd` that blocks longer than `seconds` fails (`EAGAIN`)
    /// instead of waiting for a reader that stopped reading.
    package static func setSendTimeout(_ fd: Int32, seconds: Double) {
        var limit = timeval()
        limit.tv_sec = Int(seconds)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Writes all of `bytes` to the stream socket `fd` (EINTR retried, never `SIGPIPE`);
    /// false when the reader is gone or the write fails.
    package static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        var sent = 0
        while sent < bytes.count {
            let outcome = bytes.withUnsafeBytes { buffer in
                send(fd, buffer.baseAddress! + sent, buffer.count - sent, flags)
            }
            if outcome < 0 {
                if errno == EINTR { continue }
                return false
            }
            sent += outcome
        }
        return true
    }

    /// One `read(2)` of up to 64 KiB (EINTR retried); empty at the end, nil on error.
    package static func readChunk(_ fd: Int32) -> [UInt8]? {
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
    package static func readExactly(_ fd: Int32, into bytes: inout [UInt8], from start: Int) -> Bool {
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
    package static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, Int(info.st_mode) & Int(S_IFMT) == Int(S_IFREG) else { return false }
        return access(path, X_OK) == 0
    }
}
