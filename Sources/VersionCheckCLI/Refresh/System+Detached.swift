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
