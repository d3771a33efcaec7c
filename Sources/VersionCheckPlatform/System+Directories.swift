// The C calls `outdated` needs to walk folders: directory listing and `lstat(2)` with
// the file's identity, so a bundle reached twice is checked once.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's kind and identity (`st_dev`, `st_ino`).
package struct FileIdentity: Hashable {
    package var device: UInt64
    package var inode: UInt64
}

extension System {
    /// `lstat(2)` (`follow`: `stat(2)`): the kind and identity of `path`.
    package static func identity(_ path: String, follow: Bool) -> Result<(FileStatus.Kind, FileIdentity), Errno> {
        var info = stat()
        let result = follow ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else { return .failure(.current(call: follow ? "stat" : "lstat")) }
        return .success((FileStatus(info).kind, FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))))
    }

    /// The names in the folder `path` (without `.` and `..`), in no particular order.
    package static func directoryEntries(_ path: String) -> Result<[String], Errno> {
        guard let directory = opendir(path) else { return .failure(.current(call: "opendir")) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }
}
