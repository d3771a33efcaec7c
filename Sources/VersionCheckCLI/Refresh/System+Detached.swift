// The C calls of the background refresh, wrapped once: a detached child process
// (its own session, standard streams on /dev/null, never waited for), the age of a
// lock file, a monotonic clock.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if os(Linux)
import VersionCheckLaunch
#endif

extension System {
    /// Starts `path` with `arguments` as a process of its own: a new session (`setsid`, so
    /// it outlives the terminal and the signals of the run that started it), stdin, stdout
    /// and stderr on `/dev/null` (so a shell's `$(…)` around the parent returns as soon as
    /// the parent exits), the process environment plus `extra` (`NAME=value` entries that
    /// replace any of the same name). Never waited for: it is reparented when this process
    /// exits. Returns its pid, or the `errno`.
    ///
    /// On Linux the child runs the program only once this process has ended (it waits on a
    /// pipe whose write end only this process holds), and starting it costs this process
    /// neither a copy of its page tables nor a wait for the exec
    /// (`versioncheck_launch_detached`). A refresh is for the next run, and the launch
    /// that starts one is then nearly as quick as one that does not: loading the 19 MB
    /// program beside the exiting launch slowed it by a third on a 2-core machine, and
    /// `posix_spawn` or `fork` cost it 0.2 ms more (`versioncheck-bench launcher`). A failed
    /// exec (this program replaced while it runs) ends the child with 127, unreported; its
    /// refresh lock goes stale after 5 minutes.
    static func spawnDetached(_ path: String, arguments: [String], extra: [String]) -> Result<Int32, SpawnError> {
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
        #if os(Linux)
        // Never freed: the child reads them when it execs, after this process has ended.
        return launchAfterExit(argv[0]!, argv: argv, envp: envp)
        #else
        defer {
            for index in 0..<(arguments.count + 1) { free(argv[index]) }
            for index in inherited.count..<(inherited.count + extra.count) { free(envp[index]) }
            argv.deallocate()
            envp.deallocate()
        }
        return spawnNow(path, argv: argv, envp: envp)
        #endif
    }

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

    #if os(Linux)
    private static func launchAfterExit(
        _ path: UnsafeMutablePointer<CChar>, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
        envp: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    ) -> Result<Int32, SpawnError> {
        // The child waits on the read end until this process is gone. Both ends are made
        // close-on-exec and moved above the standard descriptors under the spawn lock, so no
        // other child keeps the write end open and the child's `dup2`s never land on them.
        ChildProcess.spawnLock.withLock {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return .failure(SpawnError(code: errno)) }
            guard let waitEnd = ChildProcess.aboveStandardDescriptors(ends[0]) else {
                let failure = errno
                _ = close(ends[1])
                return .failure(SpawnError(code: failure))
            }
            guard let holdEnd = ChildProcess.aboveStandardDescriptors(ends[1]) else {
                let failure = errno
                _ = close(waitEnd)
                return .failure(SpawnError(code: failure))
            }
            let pid = versioncheck_launch_detached(path, argv, envp, waitEnd, holdEnd)
            guard pid > 0 else {
                _ = close(holdEnd)
                return .failure(SpawnError(code: -pid))
            }
            return .success(pid)
        }
    }
    #else
    private static func spawnNow(
        _ path: String, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
        envp: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    ) -> Result<Int32, SpawnError> {
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        // POSIX_SPAWN_SETSID | POSIX_SPAWN_CLOEXEC_DEFAULT (no descriptor leaks into the child).
        let flags: Int16 = 0x0400 | 0x4000
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, flags)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        return status == 0 ? .success(Int32(pid)) : .failure(SpawnError(code: status))
    }
    #endif
}

extension System {
    /// Seconds on the monotonic clock (`clock_gettime(CLOCK_MONOTONIC)`), for `--deadline`.
    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Seconds since the Unix epoch on the real-time clock (never `VERSIONCHECK_TEST_NOW`):
    /// what a file's modification time is compared with.
    static func realTimeSeconds() -> Int64 {
        Int64(truncatingIfNeeded: realTimeNanoseconds() / 1_000_000_000)
    }

    /// The modification time of `name` in `directory`, not following a symbolic link
    /// (`fstatat` with `AT_SYMLINK_NOFOLLOW`), in seconds since the Unix epoch.
    static func modificationTime(of name: String, in directory: Int32) -> Result<Int64, SystemCallError> {
        var info = stat()
        guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            return .failure(SystemCallError(call: "fstatat", code: errno))
        }
        #if canImport(Darwin)
        return .success(Int64(info.st_mtimespec.tv_sec))
        #else
        return .success(Int64(info.st_mtim.tv_sec))
        #endif
    }

    /// Closes every descriptor from 3 up (the refresh process, first thing: whatever its
    /// starter inherited — a shell's pipe, a test runner's — must not stay open while the
    /// refresh waits on the network, or a reader of that pipe would wait too). On macOS
    /// `POSIX_SPAWN_CLOEXEC_DEFAULT` has done it already. The open ones are listed where
    /// the system can (Linux): closing every number up to the limit is 20,000 to 65,536
    /// system calls, on the other core while the launch that started it is still exiting.
    static func closeInheritedDescriptors() {
        if let open = openDescriptors() {
            for fd in open where fd > 2 { _ = close(fd) }
            return
        }
        let limit = min(Int(sysconf(Int32(_SC_OPEN_MAX))), 1 << 16)
        var fd: Int32 = 3
        while fd < Int32(max(limit, 3)) {
            _ = close(fd)
            fd += 1
        }
    }

    /// `unlink(2)`, errors ignored (the refresh list, once read).
    static func removeFile(_ path: String) {
        _ = unlink(path)
    }
}
