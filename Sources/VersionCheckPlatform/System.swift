// The platform file: the only one where `environ` and `/proc` may appear
// (Tests/Portability/check-portability.sh), and the plain POSIX wrappers around read(2)
// and write(2). Its neighbours System+Files.swift and System+Process.swift hold file
// reading and the helper's child process. Other files still call libc themselves — the
// locks and threads (Concurrency/), the helper's pipes (Check/), the cache's files and
// clock (Cache/), the refresh's start (Refresh/), directories, output and interrupts —
// each through Glibc or Darwin, none through Foundation.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
import MachO  // _NSGetExecutablePath, declared in mach-o/dyld.h: module MachO
#endif

/// Thin, Foundation-free wrappers over `read(2)`, `write(2)`, `isatty(3)`, `environ`
/// and the running executable's path.
package enum System {
    /// Writes every byte (`write(2)`, or `pwrite(2)` at `offset` when given; EINTR and
    /// partial writes retried).
    package static func writeFully(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int? = nil) -> Result<Void, SystemCallError> {
        guard var base = bytes.baseAddress else { return .success(()) }
        var remaining = bytes.count
        while remaining > 0 {
            let written = offset.map { pwrite(fd, base, remaining, off_t($0 + bytes.count - remaining)) } ?? write(fd, base, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return .failure(SystemCallError(call: "write", code: errno))
            }
            remaining -= written
            base += written
        }
        return .success(())
    }

    /// Reads `fd` to its end, or stops after the read that completed a line (split at
    /// `\n`, handed over without it) for which `stop` says true.
    package static func readAll(_ fd: Int32, stoppingAfter stop: (UnsafeBufferPointer<UInt8>) -> Bool) -> Result<[UInt8], ReadError> {
        var lineStart = 0
        var scanned = 0
        return readAll(fd) { bytes in
            bytes.withUnsafeBufferPointer { buffer in
                while let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                    let line = UnsafeBufferPointer(rebasing: buffer[lineStart..<newline])
                    lineStart = newline + 1
                    scanned = lineStart
                    if stop(line) { return true }
                }
                scanned = buffer.count
                return false
            }
        }
    }

    /// Reads `fd` to its end, 64 KiB at a time straight into the result's storage.
    /// `isEnough` sees the bytes so far after each read; true stops there.
    package static func readAll(_ fd: Int32, isEnough: ([UInt8]) -> Bool = { _ in false }) -> Result<[UInt8], ReadError> {
        let chunk = 1 << 16
        var bytes: [UInt8] = []
        while true {
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: chunk))
            var outcome = 0
            var failure: Int32 = 0
            bytes.withUnsafeMutableBytes { buffer in
                repeat {
                    outcome = read(fd, buffer.baseAddress! + start, chunk)
                } while outcome < 0 && errno == EINTR
                if outcome < 0 { failure = errno }
            }
            if outcome < 0 {
                return .failure(ReadError(code: failure))
            }
            bytes.removeLast(chunk - outcome)
            if outcome == 0 || isEnough(bytes) { return .success(bytes) }
        }
    }

    /// Whether `fd` is a terminal (`isatty(3)`).
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// The process's `environ`, for a child's environment. Glibc and Musl declare it in
    /// C; on Darwin, where C code calls `_NSGetEnviron()` (crt_externs.h), the Swift
    /// Darwin overlay defines `environ` over it (swift/stdlib/public/Platform:
    /// `_swift_stdlib_getEnviron`).
    package static var environmentPointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? { environ }

    /// The process environment, read from `environ` once: the variables whose entry
    /// (`NAME=value`, as bytes) `isWanted` accepts, so that no String is made for the rest.
    package static func environment(where isWanted: (UnsafeBufferPointer<UInt8>) -> Bool = { _ in true }) -> [String: String] {
        var result: [String: String] = [:]
        var cursor = environmentPointer
        while let entry = cursor?.pointee {
            cursor = cursor?.successor()
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(entry).assumingMemoryBound(to: UInt8.self), count: strlen(entry))
            guard isWanted(bytes), let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let key = String(decoding: bytes[..<equals], as: UTF8.self)
            if result[key] == nil { result[key] = String(decoding: bytes[(equals + 1)...], as: UTF8.self) }
        }
        return result
    }

    /// The absolute path of the running executable, symlinks resolved: `/proc/self/exe`
    /// on Linux, `_NSGetExecutablePath` on Darwin; nil where neither exists.
    package static func executablePath() -> String? {
        #if os(Linux)
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
        }
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length], as: UTF8.self)
        #elseif canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        guard let resolved = realpath(buffer, nil) else { return String(cString: buffer) }
        defer { free(resolved) }
        return String(cString: resolved)
        #else
        return nil
        #endif
    }

    /// The descriptors this process has open, from `/proc/self/fd` on Linux (the listing's
    /// own descriptor among them, closed by then); nil where it cannot be listed.
    package static func openDescriptors() -> [Int32]? {
        #if os(Linux)
        guard case .success(let names) = directoryEntries("/proc/self/fd") else { return nil }
        return names.compactMap { Int32($0) }
        #else
        return nil
        #endif
    }

    /// The message of an `errno` value (`strerror(3)`).
    package static func describe(errno code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

/// A failed `read(2)`.
package struct ReadError: Error {
    package var code: Int32
    package var description: String { System.describe(errno: code) }
}

/// A failed system call: which one and its `errno`.
package struct SystemCallError: Error, Equatable {
    /// The call's C name (`open`, `renameat`, …).
    package var call: String
    package var code: Int32

    /// `strerror(3)` of the code.
    package var description: String { System.describe(errno: code) }
    /// `ENOENT`.
    package var isNoSuchFile: Bool { code == ENOENT }
    /// `EEXIST`.
    package var isAlreadyExisting: Bool { code == EEXIST }
    /// `ELOOP` or `ENOTDIR` when opening with `O_NOFOLLOW | O_DIRECTORY`: a symbolic link or not a directory.
    package var isNotAPlainDirectory: Bool { code == ELOOP || code == ENOTDIR }
}
