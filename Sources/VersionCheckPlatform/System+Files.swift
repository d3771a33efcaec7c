#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read whole.
package enum FileReadError: Error, Equatable {
    case noSuchFile
    case isDirectory
    /// `open(2)` failed.
    case cannotOpen(Errno)
    /// `fstat(2)` or `read(2)` failed.
    case readFailed(Errno)
    /// Longer than the limit.
    case tooLarge
}

extension System {
    /// The bytes of the regular file at `path`, never more than `limit` + 1 of them read:
    /// one `open`, one `fstat`, reads straight into the result's storage.
    package static func readFile(_ path: String, limit: Int) -> Result<[UInt8], FileReadError> {
        let fd: FileDescriptor
        switch FileDescriptor.open(path, O_RDONLY | O_CLOEXEC) {
        case .success(let opened): fd = opened
        case .failure(let error): return .failure(error.isNoSuchFile || error.code == ENOTDIR ? .noSuchFile : .cannotOpen(error))
        }
        defer { fd.close() }
        let expected: Int
        switch fd.status() {
        case .success(let status) where status.kind == .directory: return .failure(.isDirectory)
        case .success(let status): expected = status.size
        case .failure(let error): return .failure(.readFailed(error))
        }
        if expected > limit { return .failure(.tooLarge) }
        var bytes = [UInt8](repeating: 0, count: min(max(expected, 0), limit) + 1)
        var count = 0
        reading: while true {
            if count == bytes.count {
                guard bytes.count <= limit else { return .failure(.tooLarge) }
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - bytes.count)))
            }
            let outcome = bytes.withUnsafeMutableBytes { buffer in
                fd.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
            }
            switch outcome {
            case .success(0): break reading
            case .success(let read): count += read
            case .failure(let error): return .failure(.readFailed(error))
            }
        }
        guard count <= limit else { return .failure(.tooLarge) }
        bytes.removeLast(bytes.count - count)
        return .success(bytes)
    }

    /// Why `path` is not a regular file this process can read, or nil when it is (the
    /// file is opened without blocking, as a FIFO where the file should be must not hang).
    package static func whyNotReadableFile(_ path: String) -> String? {
        let fd: FileDescriptor
        switch FileDescriptor.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) {
        case .success(let opened): fd = opened
        case .failure(let error): return error.description
        }
        defer { fd.close() }
        switch fd.status() {
        case .success(let status): return status.kind == .regular ? nil : "not a regular file"
        case .failure(let error): return error.description
        }
    }

    /// Whether `path` is a folder this process can list and enter.
    package static func isReadableFolder(_ path: String) -> Bool {
        isExistingFolder(path) && access(path, R_OK | X_OK) == 0
    }
}
