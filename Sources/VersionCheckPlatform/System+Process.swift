#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import VersionCheckCore

/// A child process started with `posix_spawn`, its stdout a pipe the parent reads.
package struct ChildProcess {
    package let pid: pid_t
    /// The read end of the child's stdout.
    package let output: FileDescriptor
    /// With `spawn(…, input: true)`: the parent's end of the child's stdin, a stream
    /// socket (writing to it after the child is gone fails with `EPIPE`, never `SIGPIPE`:
    /// write with `FileDescriptor.sendAll`). Nil otherwise.
    package var input: FileDescriptor? = nil

    /// Starts `path` with `arguments` (argv[0] is `path`), the process's environment,
    /// stdin from `/dev/null`, stdout to a new pipe, stderr shared. Returns the failed call on failure.
    ///
    /// Safe to call from several threads at once: the pipe is made and the child spawned
    /// under `spawnLock`, and both ends are close-on-exec, so no other child inherits this
    /// child's pipe (which would keep it open after this child exits). Both ends are moved
    /// above the standard descriptors, so a parent started with stdout closed
    /// (`versioncheck -q … >&-`) still gives its child a working stdout.
    package static func spawn(_ path: String, arguments: [String], input: Bool = false) -> Result<ChildProcess, Errno> {
        spawnLock.withLock { spawnLocked(path, arguments: arguments, input: input) }
    }

    /// Serialises pipe creation and spawning across threads (see `spawn`).
    package static let spawnLock = Lock()

    private static func spawnLocked(_ path: String, arguments: [String], input: Bool) -> Result<ChildProcess, Errno> {
        var socketEnds: [Int32] = [-1, -1]
        if input {
            #if canImport(Darwin)
            let made = socketpair(AF_UNIX, SOCK_STREAM, 0, &socketEnds)
            #else
            let made = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &socketEnds)
            #endif
            guard made == 0 else { return .failure(.current(call: "socketpair")) }
            guard let parentEnd = aboveStandardDescriptors(socketEnds[0]) else {
                let failure = Errno.current(call: "fcntl")
                close(socketEnds[1])
                return .failure(failure)
            }
            guard let childEnd = aboveStandardDescriptors(socketEnds[1]) else {
                let failure = Errno.current(call: "fcntl")
                close(parentEnd)
                return .failure(failure)
            }
            socketEnds = [parentEnd, childEnd]
            FileDescriptor(rawValue: parentEnd).suppressSIGPIPE()
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            let failure = Errno.current(call: "pipe")
            for fd in input ? socketEnds : [] { close(fd) }
            return .failure(failure)
        }
        guard let readEnd = aboveStandardDescriptors(pipeEnds[0]), let writeEnd = aboveStandardDescriptors(pipeEnds[1]) else {
            let failure = Errno.current(call: "fcntl")
            for fd in pipeEnds + (input ? socketEnds : []) where fd > 2 { close(fd) }
            return .failure(failure)
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
            return .failure(Errno(call: "posix_spawn", code: status))
        }
        InterruptCleanup.register(pid)
        return .success(ChildProcess(
            pid: pid, output: FileDescriptor(rawValue: readEnd), input: input ? FileDescriptor(rawValue: socketEnds[0]) : nil))
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
        output.close()
        var status: Int32 = 0
        guard case .success = Errno.retryingInterrupts(call: "waitpid", { waitpid(pid, &status, 0) }) else { return -1 }
        InterruptCleanup.unregister(pid)
        return status
    }

    /// Sends `SIGKILL` to the child (`kill(2)`); `wait()` still reaps it.
    package func kill() {
        _ = systemKill(pid, SIGKILL)
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

    /// Whether `path` is a regular file this process may execute.
    package static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, Int(info.st_mode) & Int(S_IFMT) == Int(S_IFREG) else { return false }
        return access(path, X_OK) == 0
    }
}

extension FileDescriptor {
    /// Writing to this stream socket once its reader is gone fails with `EPIPE` instead of
    /// raising `SIGPIPE` (Darwin: `SO_NOSIGPIPE`; Linux: `sendAll` passes `MSG_NOSIGNAL`).
    package func suppressSIGPIPE() {
        #if canImport(Darwin)
        var one: Int32 = 1
        _ = setsockopt(rawValue, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// A write to this socket that blocks longer than `seconds` fails (`EAGAIN`) instead of
    /// waiting for a reader that stopped reading.
    package func setSendTimeout(seconds: Double) {
        var limit = timeval()
        limit.tv_sec = Int(seconds)
        _ = setsockopt(rawValue, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Writes all of `bytes` to this stream socket (`send(2)`, never `SIGPIPE`); false when
    /// the reader is gone or the write fails.
    package func sendAll(_ bytes: [UInt8]) -> Bool {
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        var sent = 0
        while sent < bytes.count {
            let outcome = bytes.withUnsafeBytes { buffer in
                Errno.retryingInterrupts(call: "send") { send(rawValue, buffer.baseAddress! + sent, buffer.count - sent, flags) }
            }
            guard case .success(let count) = outcome else { return false }
            sent += count
        }
        return true
    }
}

/// `kill(2)` under a name `ChildProcess.kill()` does not shadow.
private func systemKill(_ pid: pid_t, _ signal: Int32) -> Int32 { kill(pid, signal) }
