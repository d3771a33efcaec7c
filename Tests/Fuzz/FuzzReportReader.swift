// Fuzz target: the main process's reader of the helper's report (`ReportReader`), fed
// through a real pipe. Byte 0 picks the mode:
// - even: the rest is what a helper (or anything pretending to be one) wrote;
// - odd: the rest is cut into a report's fields (status, URL, ETag, Last-Modified, a
//   failure's message) and a body, encoded by the helper's own writer (`FetchReport`).
//
// Invariants, beyond "no crash":
// - the reader ends (the writer has closed the pipe: never `timedOut`), and whatever it
//   gives is a report or nothing, never a body of another length than its header says;
// - a report the writer encodes reads back equal, its values made one-line as the
//   writer makes them (any status, any bytes a server can put in a URL or a validator).
import Foundation
import VersionCheckCLI
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReportReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let input = bytes(data + 1, size - 1)
    if data[0] & 1 == 0 {
        let outcome = readThroughPipe(input)
        require(outcome != .timedOut, "the reader waited past its bound on a closed pipe")
        if case .report(.response(let response)) = outcome {
            require(response.body.count <= input.count, "a body of \(response.body.count) bytes from \(input.count)")
        }
        return 0
    }
    let report = FuzzedReport.report(from: input)
    let outcome = readThroughPipe(report.encoded)
    require(outcome == .report(oneLine(report)), "\(shown(String(describing: report))) read back as \(shown(String(describing: outcome)))")
    return 0
}

private enum FuzzedReport {
    /// A report from fuzz bytes: fields split at 0xFF bytes (so any other byte, 0x0A
    /// and invalid UTF-8 included, can be in a value).
    static func report(from input: [UInt8]) -> FetchReport {
        let fields = input.split(separator: 0xFF, maxSplits: 5, omittingEmptySubsequences: false).map(Array.init)
        func field(_ index: Int) -> [UInt8]? { index < fields.count ? fields[index] : nil }
        let status = (field(0) ?? []).prefix(2).reduce(0) { $0 * 256 + Int($1) }
        if status % 7 == 6 {
            let kinds = ErrorKind.allCases
            return .failure(Failure(kinds[status % kinds.count], text(field(1) ?? [])))
        }
        return .response(FetchedResponse(
            status: status, url: text(field(1) ?? []), entityTag: field(2).map { text($0) },
            lastModified: field(3).map { text($0) }, body: field(5) ?? field(4) ?? []))
    }
}

/// The report as the reader sees it: line breaks in values are spaces (the writer's rule).
private func oneLine(_ report: FetchReport) -> FetchReport {
    func clean(_ text: String) -> String { String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 }) }
    switch report {
    case .failure(let failure):
        return .failure(Failure(failure.kind, clean(failure.message)))
    case .response(var response):
        response.url = clean(response.url)
        response.entityTag = response.entityTag.map(clean)
        response.lastModified = response.lastModified.map(clean)
        return .response(response)
    }
}

/// `bytes` written into a pipe by a thread of its own (a pipe holds 64 KiB), the pipe
/// closed, and the reader's outcome, its wait bounded at 10 s.
private func readThroughPipe(_ bytes: [UInt8]) -> ReportReader.Outcome {
    var ends: [Int32] = [0, 0]
    require(pipe(&ends) == 0, "pipe: errno \(errno)")
    signal(SIGPIPE, SIG_IGN)
    let written = DispatchSemaphore(value: 0)
    let (writeEnd, payload) = (ends[1], bytes)
    Thread {
        var offset = 0
        while offset < payload.count {
            let count = payload[offset...].withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            offset += count
        }
        close(writeEnd)
        written.signal()
    }.start()
    let outcome = ReportReader(fd: ends[0], waitingAtMost: 10).readOutcome()
    close(ends[0])  // a reader that stopped early: the writer's next write fails (EPIPE) and it ends
    written.wait()
    return outcome
}
