import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// One `versioncheck-fetch --serve` for every check of a run (`outdated`, `batch`): a
/// batch pays for one helper start instead of one per check. Requests go to the helper's
/// stdin as `ServedFrame`s, tagged with an id; a reader thread hands each report to the
/// check that waits for it, whatever order they finish in. Safe to call from many threads.
///
/// Every wait is bounded. A check waits for its report as long as `HelperProcess.waitLimit`
/// allows a helper of its own; past it the check is 75 `timeout` (the others go on), and
/// the helper, still busy with it, is killed by `finish()`. A helper that exits, answers
/// garbage, stops reading requests or cannot be started fails every check still waiting
/// (and every later one) with 70, naming the helper.
package final class ServedHelper: BodyFetcher, @unchecked Sendable {
    private let environment: [String: String]
    private let state = Condition()
    /// Everything below is guarded by `state`.
    private var child: ChildProcess?
    private var path = ""
    private var reader: Thread?
    private var readerEnded = false
    private var nextID = 0
    private var answers: [Int: FetchReport] = [:]
    private var broken: Failure?
    private var abandoned = false
    /// Serialises whole request frames on the helper's stdin.
    private let writeLock = Lock()

    /// How long a write of a request may block before the helper counts as no longer
    /// reading (a request is a few hundred bytes; the socket holds far more).
    package static let sendTimeout = 10.0
    /// How long `finish()` lets the helper end by itself once its stdin is closed.
    package static let exitGrace = 5.0

    package init(environment: [String: String]) {
        self.environment = environment
    }

    package func fetch(_ request: FetchRequest) throws(Failure) -> FetchReport {
        state.lock()
        let started = startIfNeeded()
        let id = nextID
        nextID += 1
        let input = child?.input
        state.unlock()
        if let started { throw started }
        let payload = ServedFrame.payload(of: request)
        let frame = ServedFrame.header(tag: ServedFrame.requestTag, id: id, length: payload.count) + payload
        let sent = writeLock.withLock { input?.sendAll(frame) ?? false }
        let limit = HelperProcess.waitLimit(for: request)
        let deadline = System.monotonicNow().advanced(by: limit)
        state.lock()
        defer { state.unlock() }
        while true {
            if let report = answers.removeValue(forKey: id) { return report }
            if let broken { throw broken }
            if !sent {
                broken = Failure(.internal, "the network helper \(Quote.single(path)) stopped reading requests")
                state.broadcast()
                continue
            }
            if !state.wait(until: deadline), answers[id] == nil, broken == nil {
                abandoned = true
                return .failure(Failure(
                    .timeout,
                    "\(request.url): the network helper \(Quote.single(path)) did not answer within \(Seconds.text(limit.rounded(.up))) s"))
            }
        }
    }

    /// Ends the helper and waits for it: its stdin is closed, so it exits once the
    /// requests under way end; it is killed at once when a check stopped waiting for it,
    /// or when it is still there `exitGrace` seconds later.
    package func finish() {
        state.lock()
        guard let child else {
            state.unlock()
            return
        }
        child.input?.close()
        if abandoned { child.kill() }
        let deadline = System.monotonicNow().advanced(by: Self.exitGrace)
        while !readerEnded && reader != nil {
            if !state.wait(until: deadline) && !readerEnded {
                child.kill()
                break
            }
        }
        let reader = self.reader
        state.unlock()
        reader?.join()
        _ = child.wait()
    }

    /// Starts the helper the first time (with `state` held); the failure, if it cannot be.
    private func startIfNeeded() -> Failure? {
        if let broken { return broken }
        guard child == nil else { return nil }
        if let problem = TrustedCertificates.problem(environment: environment) {
            broken = problem
            return problem
        }
        switch HelperProcess.locate(environment: environment) {
        case .failure(let failure):
            broken = failure
            return failure
        case .success(let located):
            path = located
        }
        switch ChildProcess.spawn(path, arguments: [ServedFrame.serveArgument], input: true) {
        case .failure(let error):
            let failure = Failure(.internal, "cannot run the network helper \(Quote.single(path)): \(error.description)")
            broken = failure
            return failure
        case .success(let started):
            child = started
            started.input?.setSendTimeout(seconds: Self.sendTimeout)
            reader = Thread.start { [self] in readReports(from: started.output) }
            if reader == nil { fail("could not be read from (no thread could be started)") }
            return broken
        }
    }

    /// The reader thread: hands each report to its check until the helper's stdout ends.
    private func readReports(from fd: FileDescriptor) {
        var parser = ServedFrame.Parser()
        var ending: String?
        while ending == nil {
            switch parser.next() {
            case nil:
                guard case .success(let chunk) = fd.readChunk(), !chunk.isEmpty else {
                    ending = parser.isEmpty ? "ended before answering" : "ended in the middle of a report"
                    break
                }
                parser.append(chunk)
            case .frame(let tag, let id, let payload)?:
                guard tag == ServedFrame.reportTag, let report = ServedFrame.report(from: payload) else {
                    ending = "answered with something that is not a report"
                    break
                }
                state.lock()
                answers[id] = report
                state.broadcast()
                state.unlock()
            case .malformed?:
                ending = "answered with something that is not a report"
            }
        }
        state.lock()
        if let ending { fail(ending) }
        readerEnded = true
        state.broadcast()
        state.unlock()
    }

    /// Fails every check still waiting, and every later one (with `state` held).
    private func fail(_ how: String) {
        if broken == nil { broken = Failure(.internal, "the network helper \(Quote.single(path)) \(how)") }
        state.broadcast()
    }
}
