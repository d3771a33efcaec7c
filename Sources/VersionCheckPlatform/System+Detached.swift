// The C calls of the background refresh, wrapped once: a detached child process
// (posix_spawn: its own session, standard streams on /dev/null, never waited for), the
// wait for the launch's end, the age of a lock file, a monotonic clock.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import VersionCheckCore

/// A process `System.spawnDetached` started: its pid, and the write end of the pipe it
/// may wait on (open in this process only; closing it, or exiting, ends the wait).
package struct DetachedProcess: Sendable, Equatable {
    package var pid: Int32
    package var launchEndHolder: FileDescriptor
}

extension System {
    /// Starts `path` with `arguments` as a process of its own with `posix_spawn`: a new
    /// session (`POSIX_SPAWN_SETSID`, so it outlives the terminal and the signals of the
    /// run that started it), stdin, stdout and stderr on `/dev/null` (so a shell's `$(…)`
    /// around the parent returns as soon as the parent exits), the signals a caller may
    /// catch or ignore back at their defaults, the caller's signal mask, and the process
    /// environment plus `extra` (`NAME=value` entries that replace any of the same name).
    /// Never waited for: it is reparented when this process exits. Returns it, or the
    /// `errno`.
    ///
    /// The child also gets, as descriptor `launchEnd`, the read end of a pipe whose write
    /// end only this process holds (`DetachedProcess.launchEndHolder`, close-on-exec): left
    /// open, the kernel closes it when this process exits, so the child can wait for that
    /// end of file before it does its work (`FileDescriptor.waitForEndOfFile`). A refresh is for
    /// the next run, and running it beside the exiting launch would slow the launch on a
    /// machine of two cores. A failed exec (this program replaced while it runs) is the
    /// spawn's error.
    package static func spawnDetached(
        _ path: String, arguments: [String], extra: [String], launchEnd: FileDescriptor
    ) -> Result<DetachedProcess, Errno> {
        // `NAME=` of each extra entry, as a C string.
        let replaced = extra.compactMap { entry in entry.firstIndex(of: "=").map { String(entry[...$0]).utf8CString } }
        var inherited: [UnsafeMutablePointer<CChar>?] = []
        var cursor = environmentPointer
        while let entry = cursor?.pointee {
            cursor = cursor?.successor()
            let isReplaced = replaced.contains { name in
                name.withUnsafeBufferPointer { strncmp(entry, $0.baseAddress!, $0.count - 1) == 0 }
            }
            if !isReplaced { inherited.append(entry) }
        }
        let argv = cStringArray([path] + arguments)
        let envp = cStringArray(extra, after: inherited)
        defer {
            for index in 0..<(arguments.count + 1) { free(argv[index]) }
            for index in inherited.count..<(inherited.count + extra.count) { free(envp[index]) }
            argv.deallocate()
            envp.deallocate()
        }
        // Under the spawn lock, so no other child is started while the pipe's ends exist
        // without close-on-exec; both are moved above `launchEnd`, so neither takes the
        // place of a standard descriptor here nor is `launchEnd` itself in the child.
        return ChildProcess.spawnLock.withLock {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return .failure(.current(call: "pipe")) }
            let readEnd = fcntl(ends[0], F_DUPFD_CLOEXEC, launchEnd.rawValue + 1)
            let holdEnd = fcntl(ends[1], F_DUPFD_CLOEXEC, launchEnd.rawValue + 1)
            let failure = Errno.current(call: "fcntl")
            FileDescriptor(rawValue: ends[0]).close()
            FileDescriptor(rawValue: ends[1]).close()
            guard readEnd >= 0, holdEnd >= 0 else {
                if readEnd >= 0 { FileDescriptor(rawValue: readEnd).close() }
                if holdEnd >= 0 { FileDescriptor(rawValue: holdEnd).close() }
                return .failure(failure)
            }
            defer { FileDescriptor(rawValue: readEnd).close() }
            switch spawnInNewSession(path, argv: argv, envp: envp, passing: readEnd, as: launchEnd.rawValue) {
            case .success(let pid):
                return .success(DetachedProcess(pid: pid, launchEndHolder: FileDescriptor(rawValue: holdEnd)))
            case .failure(let error):
                FileDescriptor(rawValue: holdEnd).close()
                return .failure(error)
            }
        }
    }

    /// `posix_spawn` of a new session on `/dev/null`, with `descriptor` passed as `target`.
    private static func spawnInNewSession(
        _ path: String, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
        envp: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, passing descriptor: Int32, as target: Int32
    ) -> Result<Int32, Errno> {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawn_file_actions_adddup2(&actions, descriptor, target)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGCHLD] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(spawnNewSession | POSIX_SPAWN_SETSIGDEF | spawnCloseOthers))
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        return status == 0 ? .success(Int32(pid)) : .failure(Errno(call: "posix_spawn", code: status))
    }

    /// `POSIX_SPAWN_SETSID`, which Swift does not import from glibc (it is a GNU
    /// extension there, since glibc 2.26); Darwin's value on Darwin.
    #if canImport(Darwin)
    private static let spawnNewSession: Int32 = 0x0400
    /// `POSIX_SPAWN_CLOEXEC_DEFAULT`: no descriptor but the three and `launchEnd` reaches
    /// the child (on Linux the child closes what it inherited: `closeInheritedDescriptors`).
    private static let spawnCloseOthers: Int32 = 0x4000
    #else
    private static let spawnNewSession: Int32 = 0x80
    private static let spawnCloseOthers: Int32 = 0
    #endif

    /// A nil-terminated C array: `prefix` as they are, then copies of `strings`.
    private static func cStringArray(
        _ strings: [String], after prefix: [UnsafeMutablePointer<CChar>?] = []
    ) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
        let array = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: prefix.count + strings.count + 1)
        for (index, entry) in prefix.enumerated() { array[index] = entry }
        for (index, string) in strings.enumerated() { array[prefix.count + index] = strdup(string) }
        array[prefix.count + strings.count] = nil
        return array
    }
}

extension System {
    /// Now on the monotonic clock (`clock_gettime(CLOCK_MONOTONIC)`): what `--deadline`
    /// and every bounded wait are kept on (the network helper reads the same clock).
    package static func monotonicNow() -> MonotonicInstant {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return MonotonicInstant(seconds: Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
    }

    /// Seconds since the Unix epoch on the real-time clock (never `VERSIONCHECK_TEST_NOW`):
    /// what a file's modification time is compared with.
    package static func realTimeSeconds() -> Int64 {
        Int64(truncatingIfNeeded: realTimeNanoseconds() / 1_000_000_000)
    }

    /// Closes every descriptor from 3 up that a refresh process inherited (whatever its
    /// starter held — a shell's pipe, a test runner's — must not stay open while the
    /// refresh waits on the network, or a reader of that pipe would wait too). On macOS
    /// `POSIX_SPAWN_CLOEXEC_DEFAULT` let none through, so there is nothing to close. On
    /// Linux the open ones are listed from `/proc/self/fd`; where that cannot be read,
    /// every number below the descriptor limit (`_SC_OPEN_MAX`, the soft `RLIMIT_NOFILE`)
    /// is closed, so none is left open above a fixed bound.
    package static func closeInheritedDescriptors() {
        #if !canImport(Darwin)
        if let open = openDescriptors() {
            for fd in open where fd > 2 { FileDescriptor(rawValue: fd).close() }
            return
        }
        let highest = Int(sysconf(Int32(_SC_OPEN_MAX)))
        var fd: Int32 = 3
        while Int(fd) < highest {
            FileDescriptor(rawValue: fd).close()
            fd += 1
        }
        #endif
    }

    /// `unlink(2)`, errors ignored (the refresh list, once read).
    package static func removeFile(_ path: String) {
        _ = unlink(path)
    }
}

extension FileDescriptor {
    /// The modification time of `name` in this directory, not following a symbolic link
    /// (`fstatat` with `AT_SYMLINK_NOFOLLOW`), in seconds since the Unix epoch.
    package func modificationTime(ofEntry name: String) -> Result<Int64, Errno> {
        var info = stat()
        guard fstatat(rawValue, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .failure(.current(call: "fstatat")) }
        #if canImport(Darwin)
        return .success(Int64(info.st_mtimespec.tv_sec))
        #else
        return .success(Int64(info.st_mtim.tv_sec))
        #endif
    }
}
