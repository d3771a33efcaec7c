import VersionCheckCLI
import VersionCheckCore
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Collects what a command writes, for in-process tests: `Output.capturing()`
/// returns an `Output` whose streams land here.
final class OutputCapture: @unchecked Sendable {
    // @unchecked: every access to the buffers holds `lock`.
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private var outBytes: [UInt8] = []
    private var errBytes: [UInt8] = []

    init() {
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Everything written to stdout so far, as UTF-8 text.
    var stdout: String { locked { String(decoding: outBytes, as: UTF8.self) } }
    /// Everything written to stderr so far, as UTF-8 text.
    var stderr: String { locked { String(decoding: errBytes, as: UTF8.self) } }

    fileprivate func append(_ bytes: UnsafeRawBufferPointer, toStdout: Bool) {
        locked {
            if toStdout { outBytes.append(contentsOf: bytes) } else { errBytes.append(contentsOf: bytes) }
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }
}

extension Output {
    /// An output that records both streams in memory; `terminal` makes both
    /// streams claim to be terminals (to test colour), `colourAllowed` as for
    /// `Output.standard`.
    static func capturing(terminal: Bool = false, colourAllowed: Bool = true) -> (Output, OutputCapture) {
        let capture = OutputCapture()
        let output = Output(
            stdout: OutputSink(isTerminal: terminal) { capture.append($0, toStdout: true) },
            stderr: OutputSink(isTerminal: terminal) { capture.append($0, toStdout: false) },
            colourAllowed: colourAllowed
        )
        return (output, capture)
    }
}
