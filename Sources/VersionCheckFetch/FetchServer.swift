import Foundation
import VersionCheckCore

/// `versioncheck-fetch --serve`: one helper for many requests (`ServedFrame`). Request
/// frames are read from stdin; each request runs on a thread of its own, so they wait on
/// the network side by side (the main binary bounds how many it sends at once); each
/// report (`FetchReport.encoded`, the one report format) is written to stdout as one
/// frame, whole, as soon as its request ends. At the end of stdin the helper waits for
/// the requests under way, then exits 0; a frame that is not one is 64.
enum FetchServer {
    static func serve() -> Int32 {
        let writer = ReportWriter()
        let running = DispatchGroup()
        var parser = ServedFrame.Parser()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            switch parser.next() {
            case nil:
                let count = chunk.withUnsafeMutableBytes { buffer in
                    var outcome = 0
                    repeat { outcome = read(0, buffer.baseAddress!, buffer.count) } while outcome < 0 && errno == EINTR
                    return outcome
                }
                guard count > 0 else {
                    running.wait()
                    return parser.isEmpty ? 0 : 64
                }
                parser.append(chunk[..<count])
            case .frame(let tag, let id, let payload)?:
                guard tag == ServedFrame.requestTag else {
                    running.wait()
                    return 64
                }
                running.enter()
                Thread.detachNewThread {
                    let report: FetchReport
                    if let request = ServedFrame.request(from: payload) {
                        report = FetchHelper.fetch(request)
                    } else {
                        report = .failure(Failure(.internal, "request \(id) is not a request the helper reads"))
                    }
                    writer.write(report, id: id)
                    running.leave()
                }
            case .malformed?:
                running.wait()
                return 64
            }
        }
    }

    /// Writes whole report frames to stdout, one at a time.
    private final class ReportWriter: @unchecked Sendable {
        private let lock = NSLock()

        func write(_ report: FetchReport, id: Int) {
            let bytes = report.encoded
            let frame = ServedFrame.header(tag: ServedFrame.reportTag, id: id, length: bytes.count) + bytes
            lock.lock()
            defer { lock.unlock() }
            // A main binary that went away ends the helper by SIGPIPE: nobody waits for it.
            try? FileHandle.standardOutput.write(contentsOf: Data(frame))
        }
    }
}
