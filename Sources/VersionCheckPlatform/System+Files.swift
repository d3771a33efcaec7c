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
    /// `open(2)` failed: the `errno`.
    case cannotOpen(Int32)
    /// `read(2)` failed: the `errno`.
    case readFailed(Int32)
    /// Longer than the limit.
    case tooLarge
}

extension System {
    /// The bytes of the regular file at `path`, never more than `limit` + 1 of them read:
    /// one `open`, one `fstat`, reads straight into the result's storage.
    package static func readFile(_ path: String, limit: Int) -> Result<[UInt8], FileReadError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            return .failure(code == ENOENT || code == ENOTDIR ? .noSuchFile : .cannotOpen(code))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.readFailed(errno)) }
        if Int(info.st_mode) & Int(S_IFMT) == Int(S_IFDIR) { return .failure(.isDirectory) }
        let expected = Int(info.st_size)
        if expected > limit { return .failure(.tooLarge) }
        var bytes = [UInt8](repeating: 0, count: min(max(expected, 0), limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count <= limit else { return .failure(.tooLarge) }
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - bytes.count)))
            }
            var outcome = 0
            bytes.withUnsafeMutableBytes { buffer in
                repeat {
                    outcome = read(fd, buffer.baseAddress! + count, buffer.count - count)
                } while outcome < 0 && errno == EINTR
            }
            if outcome < 0 { return .failure(.readFailed(errno)) }
            if outcome == 0 { break }
            count += outcome
        }
        guard count <= limit else { return .failure(.tooLarge) }
        bytes.removeLast(bytes.count - count)
        return .success(bytes)
    }

}
