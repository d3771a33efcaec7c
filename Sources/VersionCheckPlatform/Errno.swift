#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: its C name and the `errno` it set (or, for `posix_spawn`, the
/// code it returned). The one error type of the platform layer, as swift-system's `Errno`.
///
/// `description` is `strerror(3)` of the code alone (`No such file or directory`), the
/// words every message quotes; `call` is for the few messages that name the call too.
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call's C name (`open`, `renameat`, `posix_spawn`, …).
    package var call: String
    /// The `errno` value.
    package var code: Int32

    package init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// The `errno` the last failed call in this thread set, as the failure of `call`.
    package static func current(call: String) -> Errno {
        Errno(call: call, code: errno)
    }

    /// `strerror(3)` of the code (`error N` for a code it does not know).
    package var description: String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// `ENOENT`: no such file or directory.
    package var isNoSuchFile: Bool { code == ENOENT }
    /// `EEXIST`: the file exists.
    package var isAlreadyExisting: Bool { code == EEXIST }
    /// `ELOOP` or `ENOTDIR` when opening with `O_NOFOLLOW | O_DIRECTORY`: a symbolic link or
    /// not a directory.
    package var isNotAPlainDirectory: Bool { code == ELOOP || code == ENOTDIR }
}

extension Errno {
    /// Calls `body`, a system call that returns a negative value and sets `errno` when it
    /// fails, again and again for as long as it fails with `EINTR`: its first other result,
    /// or its failure as the `Errno` of `call`. The one place a call is retried after a
    /// signal (swift-system's `valueOrErrno(retryOnInterrupt:)`). A call whose arguments
    /// depend on the time (a `poll` timeout) computes them inside `body`, so a retry waits
    /// only for what is left.
    ///
    /// No allocation: `body` is not escaping, and `call` is a literal.
    package static func retryingInterrupts<Value: FixedWidthInteger & SignedInteger>(
        call: String, _ body: () -> Value
    ) -> Result<Value, Errno> {
        while true {
            let value = body()
            if value >= 0 { return .success(value) }
            let code = errno
            if code != EINTR { return .failure(Errno(call: call, code: code)) }
        }
    }
}
