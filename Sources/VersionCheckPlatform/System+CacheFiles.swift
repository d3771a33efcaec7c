// The C calls the cache needs, wrapped once: directories opened without following a
// symbolic link, files read and written relative to that directory's descriptor
// (`FileDescriptor` methods), exclusive creation and rename for atomic replacement.
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
    package static func linkStatus(_ path: String) -> Result<FileStatus, Errno> {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .failure(.current(call: "lstat")) }
        return .success(FileStatus(info))
    }

    /// `mkdir(2)` of `path` and of every missing folder above it, each with `mode`
    /// (less the umask); a folder that exists already is left as it is.
    package static func makeDirectories(_ path: String, mode: UInt32) -> Result<Void, Errno> {
        var prefixes: [String] = []
        var current = path
        while !current.isEmpty, current != "/", current != ".", !directoryExists(current) {
            prefixes.append(current)
            guard let slash = current.lastIndex(of: "/") else { break }
            current = String(current[..<slash])
        }
        for prefix in prefixes.reversed() where mkdir(prefix, mode_t(mode)) != 0 && errno != EEXIST {
            return .failure(.current(call: "mkdir"))
        }
        return .success(())
    }

    private static func directoryExists(_ path: String) -> Bool { isExistingFolder(path) }

    /// Whether `path` names an existing directory (`stat(2)`: symbolic links followed).
    package static func isExistingFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && Int(info.st_mode) & Int(S_IFMT) == Int(S_IFDIR)
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

    /// `getpid(2)`.
    package static var processID: Int32 { Int32(getpid()) }

    /// Nanoseconds of the real-time clock (`clock_gettime(CLOCK_REALTIME)`), for unique names.
    package static func realTimeNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return UInt64(truncatingIfNeeded: now.tv_sec) &* 1_000_000_000 &+ UInt64(truncatingIfNeeded: now.tv_nsec)
    }
}

extension FileDescriptor {
    /// Opens the directory `path` for `openEntry` and friends, never through a symbolic
    /// link in its last component (`O_DIRECTORY | O_NOFOLLOW`).
    package static func openDirectory(_ path: String) -> Result<FileDescriptor, Errno> {
        open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }

    /// `fstat(2)`.
    package func status() -> Result<FileStatus, Errno> {
        var info = stat()
        guard fstat(rawValue, &info) == 0 else { return .failure(.current(call: "fstat")) }
        return .success(FileStatus(info))
    }

    /// Opens `name` inside this directory for reading, not through a symbolic link, and
    /// without blocking (`O_NONBLOCK`): a FIFO or a device where a file should be must not
    /// hang the open; the caller `fstat`s before reading.
    package func openEntryForReading(_ name: String) -> Result<FileDescriptor, Errno> {
        Errno.retryingInterrupts(call: "open") { openat(rawValue, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) }
            .map(FileDescriptor.init(rawValue:))
    }

    /// Creates `name` inside this directory, failing if it exists (`O_CREAT | O_EXCL`), and
    /// sets its mode to exactly `mode` (`fchmod`, whatever the umask).
    package func createEntryExclusively(_ name: String, mode: UInt32) -> Result<FileDescriptor, Errno> {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        let created = Errno.retryingInterrupts(call: "open") { openat(rawValue, name, flags, mode_t(mode)) }
        guard case .success(let number) = created else { return created.map(FileDescriptor.init(rawValue:)) }
        let file = FileDescriptor(rawValue: number)
        if case .failure(let failure) = file.changeMode(to: mode) {
            file.close()
            removeEntryQuietly(name)
            return .failure(failure)
        }
        return .success(file)
    }

    /// `flock(LOCK_EX)`: whether the lock was taken. It is held until `unlock` or until
    /// the last descriptor of this open of the file is closed.
    package func lockExclusively() -> Bool {
        if case .success = Errno.retryingInterrupts(call: "flock", { flock(rawValue, LOCK_EX) }) { return true }
        return false
    }

    /// `flock(LOCK_UN)`.
    package func unlock() {
        _ = flock(rawValue, LOCK_UN)
    }

    /// `fchmod(2)`.
    package func changeMode(to mode: UInt32) -> Result<Void, Errno> {
        fchmod(rawValue, mode_t(mode)) == 0 ? .success(()) : .failure(.current(call: "fchmod"))
    }

    /// `fsync(2)`.
    package func synchronize() -> Result<Void, Errno> {
        fsync(rawValue) == 0 ? .success(()) : .failure(.current(call: "fsync"))
    }

    /// `renameat(2)` within this directory: atomically replaces `to` with `from`.
    package func renameEntry(_ from: String, to: String) -> Result<Void, Errno> {
        renameat(rawValue, from, rawValue, to) == 0 ? .success(()) : .failure(.current(call: "rename"))
    }

    /// `unlinkat(2)` in this directory, errors ignored (for cleaning up a temporary file).
    package func removeEntryQuietly(_ name: String) {
        _ = unlinkat(rawValue, name, 0)
    }

    /// The names in this open directory (`readdir(3)` over a duplicate of the descriptor,
    /// so this one stays open), `.` and `..` left out; empty on failure.
    package func entryNames() -> [String] {
        let copy = openat(rawValue, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard copy >= 0 else { return [] }
        guard let stream = fdopendir(copy) else {
            FileDescriptor(rawValue: copy).close()
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

    /// What `fstatat(2)` says of `name` in this directory (a symbolic link not followed),
    /// with its modification time in seconds since the epoch.
    package func entryStatus(_ name: String) -> (status: FileStatus, modified: Int64)? {
        var info = stat()
        guard fstatat(rawValue, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec)
        #else
        let modified = Int64(info.st_mtim.tv_sec)
        #endif
        return (FileStatus(info), modified)
    }
}
