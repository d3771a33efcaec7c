#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import VersionCheckCore

/// One `versioncheck-fetch --serve` for every check of a run (`outdated`, `batch`): a
/// batch pays for one helper start instead of one per check. Requests go to the helper's
/// stdin as `ServedFrame`s, tagged with an id; a reader thread hands each report to the
/// check that waits for it, whatever order they finish in. Safe to call from many threads.
///
/// The wait is bounded (`waitBound`): past it the check is 75 `timeout`, and the helper,
/// still busy with it, is ended by `finish()`. A helper that exits, answers garbage or
/// cannot be started fails every check still waiting with 70.
final class ServedHelper: BodyFetcher, @unchecked Sendable {
    private let environment: [String: String]
    private let state = Condition()
    /// Everything below is guarded by `state`.
    private var child: ChildProcess?
    private var path = ""
    private var reader: Thread?
    private var nextID = 0
    private var answers: [Int: FetchReport] = [:]
    private var broken: Failure?
    private var abandoned = false
    /// Serialises whole request frames on the helper's stdin.
    private let writeLock = Lock()

    init(environment: [String: String]) {
        self.environment = environment
    }

    func fetch(_ request: FetchRequest) throws(Failure) -> FetchReport {
        state.lock()
        let started = startIfNeeded()
        let id = nextID
        nextID += 1
        let input = child?.input
        state.unlock()
        if let started { throw started }
        let payload = ServedFrame.payload(of: request)
        let frame = ServedFrame.header(tag: ServedFrame.requestTag, id: id, length: payload.count) + payload
        let sent = writeLock.withLock { input.map { System.sendAll($0, frame) } ?? false }
        let bound = Self.waitBound(request)
        let deadline = bound.map { Condition.now() + $0 }
        state.lock()
        defer { state.unlock() }
        while true {
            if let report = answers.removeValue(forKey: id) { return report }
            if let broken { throw broken }
            if !sent {
                throw Failure(.internal, "the network helper \(Quote.single(path)) stopped reading requests")
            }
            if !state.wait(until: deadline), answers[id] == nil, broken == nil {
                abandoned = true
                let seconds = bound.map { String(Int($0.rounded(.up))) } ?? "?"
                throw Failure(.timeout, "\(WebAddress(request.url)?.display ?? request.url): no answer within \(seconds) s (the attempts, retries and their waits, and a margin)")
            }
        }
    }

    /// Ends the helper: its stdin is closed (it exits once the requests under way end),
    /// or, when a check stopped waiting for it, it is terminated. Waits for it.
    func finish() {
        state.lock()
        let child = self.child
        let reader = self.reader
        let abandoned = self.abandoned
        state.unlock()
        guard let child else { return }
        if let input = child.input { close(input) }
        if abandoned { kill(child.pid, SIGTERM) }
        reader?.join()
        _ = child.wait()
    }

    /// How long a check may wait for its report: to `--deadline` when there is one, else
    /// every attempt's timeout (six requests each: the first and five redirects), the
    /// retry waits (at most 60 s each, `Retry-After`), plus 5 s. Nil: no bound (a
    /// `--timeout` too large to represent means no per-attempt limit).
    static func waitBound(_ request: FetchRequest) -> Double? {
        let margin = 5.0
        if let deadline = request.deadline { return max(0, deadline - System.monotonicSeconds()) + margin }
        let attempts = Double(request.retries + 1)
        let bound = attempts * request.timeout * Double(FetchLimits.maximumRedirects + 1) + Double(request.retries) * 60 + margin
        return bound.isFinite && bound < 1e8 ? bound : nil
    }

    /// Starts the helper the first time (with `state` held); the failure, if it cannot be.
    private func startIfNeeded() -> Failure? {
        if let broken { return broken }
        guard child == nil else { return nil }
        switch HelperProcess.locate(environment: environment) {
        case .failure(let failure):
            broken = failure
            return failure
        case .success(let located):
            path = located
        }
        switch ChildProcess.spawn(path, arguments: ["--serve"], input: true) {
        case .failure(let error):
            let failure = Failure(.internal, "cannot run the network helper \(Quote.single(path)): \(System.describe(errno: error.code))")
            broken = failure
            return failure
        case .success(let started):
            child = started
            reader = Thread.start { [self] in readReports(from: started.output) }
            if reader == nil { readReportsFailed("no thread could be started to read it") }
            return broken
        }
    }

    /// The reader thread: hands each report to its check until the helper's stdout ends.
    private func readReports(from fd: Int32) {
        var parser = ServedFrame.Parser()
        while true {
            switch parser.next() {
            case nil:
                guard let chunk = System.readChunk(fd), !chunk.isEmpty else {
                    state.lock()
                    readReportsFailed(parser.isEmpty ? "exited" : "stopped in the middle of a report")
                    state.unlock()
                    return
                }
                parser.append(chunk)
            case .frame(let tag, let id, let payload)?:
                guard tag == ServedFrame.reportTag, let report = ServedFrame.report(from: payload) else {
                    state.lock()
                    readReportsFailed("answered with something that is not a report")
                    state.unlock()
                    return
                }
                state.lock()
                answers[id] = report
                state.broadcast()
                state.unlock()
            case .malformed?:
                state.lock()
                readReportsFailed("answered with something that is not a report")
                state.unlock()
                return
            }
        }
    }

    /// Fails every check still waiting (with `state` held).
    private func readReportsFailed(_ how: String) {
        if broken == nil { broken = Failure(.internal, "the network helper \(Quote.single(path)) \(how)") }
        state.broadcast()
    }
}
