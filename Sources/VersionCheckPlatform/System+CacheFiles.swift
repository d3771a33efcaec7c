// The C calls the cache needs, wrapped once (as System.swift does for the rest of
// the command line): directories opened without following a symbolic link, files
// read and written relative to that directory's descriptor, exclusive creation and
// rename for atomic replacement.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `lstat(2)`/`fstat(2)` say about a file, in the few fields the cache vets.
package struct FileStatus: Equatable {
    package enum Kind: Equatable { case regular, directory, symbolicLink, other }
    package var kind: Kind
    /// `st_uid`.
    package var owner: UInt32
    /// The permission bits (`st_mode & 0o7777`).
    package var permissions: UInt32
    /// `st_size`.
    package var size: Int

    package init(_ info: stat) {
        switch Int(info.st_mode) & Int(S_IFMT) {
        case Int(S_IFREG): kind = .regular
        case Int(S_IFDIR): kind = .directory
        case Int(S_IFLNK): kind = .symbolicLink
        default: kind = .other
        }
        owner = UInt32(info.st_uid)
        permissions = UInt32(info.st_mode) & 0o7777
        size = Int(info.st_size)
    }
}

extension System {
    /// `geteuid(2)`.
    package static var effectiveUserID: UInt32 { UInt32(geteuid()) }

    /// `lstat(2)`: the status of `path` itself (a symbolic link is not followed).
    package static func linkStatus(_ path: String) -> Result<FileStatus, SystemCallError> {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .failure(SystemCallError(call: "lstat", code: errno)) }
        return .success(FileStatus(info))
    }

    /// `fstat(2)`.
    package static func status(of fd: Int32) -> Result<FileStatus, SystemCallError> {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(SystemCallError(call: "fstat", code: errno)) }
        return .success(FileStatus(info))
    }

    /// Opens the directory `path` for `openat` and friends, never through a symbolic
    /// link in its last component (`O_DIRECTORY | O_NOFOLLOW`).
    package static func openDirectory(_ path: String) -> Result<Int32, SystemCallError> {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return .failure(SystemCallError(call: "open", code: errno)) }
        return .success(fd)
    }

    /// `mkdir(2)` of `path` and of every missing folder above it, each with `mode`
    /// (less the umask); a folder that exists already is left as it is.
    package static func makeDirectories(_ path: String, mode: UInt32) -> Result<Void, SystemCallError> {
        var prefixes: [String] = []
        var current = path
        while !current.isEmpty, current != "/", current != ".", !directoryExists(current) {
            prefixes.append(current)
            guard let slash = current.lastIndex(of: "/") else { break }
            current = String(current[..<slash])
        }
        for prefix in prefixes.reversed() where mkdir(prefix, mode_t(mode)) != 0 && errno != EEXIST {
            return .failure(SystemCallError(call: "mkdir", code: errno))
        }
        return .success(())
    }

    private static func directoryExists(_ path: String) -> Bool { isExistingFolder(path) }

    /// Whether `path` names an existing directory (`stat(2)`: symbolic links followed).
    package static func isExistingFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && Int(info.st_mode) & Int(S_IFMT) == Int(S_IFDIR)
    }

    /// Opens `name` inside the directory `directory` for reading, not through a symbolic
    /// link, and without blocking (`O_NONBLOCK`): a FIFO or a device where a file should be
    /// must not hang the open; the caller `fstat`s before reading.
    package static func openForReading(_ name: String, in directory: Int32) -> Result<Int32, SystemCallError> {
        let fd = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(SystemCallError(call: "open", code: errno)) }
        return .success(fd)
    }

    /// Creates `name` inside `directory`, failing if it exists (`O_CREAT | O_EXCL`), and
    /// sets its mode to exactly `mode` (`fchmod`, whatever the umask).
    package static func createExclusively(_ name: String, in directory: Int32, mode: UInt32) -> Result<Int32, SystemCallError> {
        let fd = openat(directory, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(mode))
        guard fd >= 0 else { return .failure(SystemCallError(call: "open", code: errno)) }
        guard fchmod(fd, mode_t(mode)) == 0 else {
            let failure = SystemCallError(call: "fchmod", code: errno)
            close(fd)
            _ = unlinkat(directory, name, 0)
            return .failure(failure)
        }
        return .success(fd)
    }

    /// `flock(fd, LOCK_EX)` (EINTR retried): whether the lock was taken. It is held until
    /// `unlock` or until the last descriptor of this open of the file is closed.
    package static func lockExclusively(_ fd: Int32) -> Bool {
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { return false }
        }
        return true
    }

    /// `flock(fd, LOCK_UN)`.
    package static func unlock(_ fd: Int32) {
        _ = flock(fd, LOCK_UN)
    }

    /// `fchmod(2)`.
    package static func changeMode(of fd: Int32, to mode: UInt32) -> Result<Void, SystemCallError> {
        fchmod(fd, mode_t(mode)) == 0 ? .success(()) : .failure(SystemCallError(call: "fchmod", code: errno))
    }

    /// Reads from `offset` until `buffer` is full or the file ends (`pread(2)`, EINTR
    /// retried); the number of bytes read.
    package static func readFully(
        _ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int
    ) -> Result<Int, SystemCallError> {
        guard let base = buffer.baseAddress else { return .success(0) }
        var filled = 0
        while filled < buffer.count {
            let outcome = pread(fd, base + filled, buffer.count - filled, off_t(offset + filled))
            if outcome < 0 {
                if errno == EINTR { continue }
                return .failure(SystemCallError(call: "read", code: errno))
            }
            if outcome == 0 { break }
            filled += outcome
        }
        return .success(filled)
    }

    /// `fsync(2)`.
    package static func synchronize(_ fd: Int32) -> Result<Void, SystemCallError> {
        fsync(fd) == 0 ? .success(()) : .failure(SystemCallError(call: "fsync", code: errno))
    }

    /// `renameat(2)` within one directory: atomically replaces `to` with `from`.
    package static func renameEntry(_ from: String, to: String, in directory: Int32) -> Result<Void, SystemCallError> {
        renameat(directory, from, directory, to) == 0 ? .success(()) : .failure(SystemCallError(call: "rename", code: errno))
    }

    /// `unlinkat(2)`, errors ignored (for cleaning up a temporary file).
    package static func removeQuietly(_ name: String, in directory: Int32) {
        _ = unlinkat(directory, name, 0)
    }

    /// The names in the open directory `directory` (`readdir(3)` over a duplicate of the
    /// descriptor, so `directory` stays open), `.` and `..` left out; empty on failure.
    package static func entryNames(in directory: Int32) -> [String] {
        let copy = openat(directory, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard copy >= 0 else { return [] }
        guard let stream = fdopendir(copy) else {
            close(copy)
            return []
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// What `fstatat(2)` says of `name` in `directory` (a symbolic link not followed), with
    /// its modification time in seconds since the epoch.
    package static func entryStatus(_ name: String, in directory: Int32) -> (status: FileStatus, modified: Int64)? {
        var info = stat()
        guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec)
        #else
        let modified = Int64(info.st_mtim.tv_sec)
        #endif
        return (FileStatus(info), modified)
    }

    /// `stat(2)` of `path` (symbolic links followed) as `SIZE-SECONDS-NANOSECONDS` of its
    /// size and modification time, which tell one build of a file from another; nil when
    /// it cannot be read.
    package static func modificationStamp(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return "\(info.st_size)-\(modified.tv_sec)-\(modified.tv_nsec)"
    }

    /// `close(2)`.
    package static func closeDescriptor(_ fd: Int32) {
        _ = close(fd)
    }

    /// `getpid(2)`.
    package static var processID: Int32 { Int32(getpid()) }

    /// Nanoseconds of the real-time clock (`clock_gettime(CLOCK_REALTIME)`), for unique names.
    package static func realTimeNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return UInt64(truncatingIfNeeded: now.tv_sec) &* 1_000_000_000 &+ UInt64(truncatingIfNeeded: now.tv_nsec)
    }
}
