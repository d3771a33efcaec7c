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

    /// Starts `path` with `arguments` as a process of its own: a new session (`setsid`, so
    /// it outlives the terminal and the signals of the run that started it), stdin, stdout
    /// and stderr on `/dev/null` (so a shell's `$(…)` around the parent returns as soon as
    /// the parent exits), the process environment plus `extra` (`NAME=value` entries that
    /// replace any of the same name). Never waited for: it is reparented when this process
    /// exits. Returns its pid, or the `errno`.
    static func spawnDetached(_ path: String, arguments: [String], extra: [String]) -> Result<Int32, SpawnError> {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        // POSIX_SPAWN_SETSID | POSIX_SPAWN_CLOEXEC_DEFAULT (no descriptor leaks into the child).
        let flags: Int16 = 0x0400 | 0x4000
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        // POSIX_SPAWN_SETSID (glibc 2.26 and later).
        let flags: Int16 = 0x80
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, flags)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let names = extra.compactMap { entry in entry.firstIndex(of: "=").map { String(entry[...$0]) } }
        var inherited: [UnsafeMutablePointer<CChar>?] = []
        var cursor = environmentPointer
        while let entry = cursor?.pointee {
            cursor = cursor?.successor()
            let replaced = names.contains { name in strncmp(entry, name, name.utf8.count) == 0 }
            if !replaced { inherited.append(entry) }
        }
        let owned = (([path] + arguments) + extra).map { strdup($0) }
        defer { owned.forEach { free($0) } }
        var argv: [UnsafeMutablePointer<CChar>?] = Array(owned[..<(arguments.count + 1)]) + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = inherited + Array(owned[(arguments.count + 1)...]) + [nil]
        var pid: pid_t = 0
        let status = argv.withUnsafeMutableBufferPointer { argvBuffer in
            envp.withUnsafeMutableBufferPointer { envpBuffer in
                posix_spawn(&pid, path, &actions, &attributes, argvBuffer.baseAddress!, envpBuffer.baseAddress!)
            }
        }
        guard status == 0 else { return .failure(SpawnError(code: status)) }
        return .success(Int32(pid))
    }
}
