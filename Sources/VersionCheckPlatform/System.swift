// The platform file: the only one where `environ` and `/proc` may appear
// (Tests/Portability/check-portability.sh). The main binary calls libc only in this
// target (VersionCheckPlatform), through Glibc or Darwin, never Foundation:
//   Errno.swift                 the one error of a system call, and the one `EINTR` retry
//                               (`Errno.retryingInterrupts`) every call that may be
//                               interrupted goes through
//   FileDescriptor.swift        the one descriptor type: read, read to the end, write whole
//                               (or at an offset), wait to read, close, isatty
//   System.swift                the environment, the executable's path, open descriptors
//   System+Files.swift          a whole file read under a limit
//   System+CacheFiles.swift     the cache's directory and entries (`openat` and friends)
//   System+Directories.swift    folder walks for `outdated`
//   System+TemporaryFile.swift  the unlinked file of output waiting its turn
//   System+Process.swift        the helper's child process and its socket
//   System+Detached.swift       the background refresh's detached start
//   Concurrency/, Clock.swift, InterruptCleanup.swift: threads and locks, the clock, signals
// (The network helper, VersionCheckFetch, is Foundation code and calls libc on its own.)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
import MachO  // _NSGetExecutablePath, declared in mach-o/dyld.h: module MachO
#endif

/// Foundation-free wrappers over what the process is given (`environ`, the running
/// executable's path, the descriptors it holds) and the calls on paths; calls on a
/// descriptor are `FileDescriptor`'s methods.
package enum System {
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
}
