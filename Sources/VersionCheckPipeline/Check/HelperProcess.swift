import VersionCheckCommandLine
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// Runs `versioncheck-fetch`, the network helper, as a child process for one GET and
/// reads its report. The main binary never links the networking stack (it would cost
/// 10-20 ms at every start); like git runs git-remote-https, it starts the helper only
/// when a check needs the network, once the command line is known to be valid.
///
/// Where the helper is, first match wins:
/// 1. `$VERSIONCHECK_FETCH_HELPER`, when set and not empty (no fallback if it is wrong);
/// 2. `versioncheck-fetch` beside the running executable (symlinks resolved);
/// 3. `../libexec/versioncheck/versioncheck-fetch` relative to the executable's folder.
public struct HelperProcess: BodyFetcher {
    /// The helper's file name.
    public static let executableName = HelperProgram.executableName
    /// The environment variable that overrides where the helper is.
    public static let environmentVariable = HelperProgram.environmentVariable

    /// The process environment (only `VERSIONCHECK_FETCH_HELPER` is read here; the
    /// child inherits the process's own environment).
    public var environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// Starts the helper with `request` as its arguments, stdin from `/dev/null`, stderr
    /// shared (its `-v` lines), stdout a pipe; reads the report and waits for the helper.
    public func fetch(_ request: FetchRequest) throws(Failure) -> FetchReport {
        if let problem = TrustedCertificates.problem(environment: environment) { throw problem }
        let path = try Self.locate(environment: environment).get()
        let child: ChildProcess
        switch ChildProcess.spawn(path, arguments: request.arguments) {
        case .success(let started): child = started
        case .failure(let error):
            throw Failure(.internal, "cannot run the network helper \(Quote.single(path)): \(error.description)")
        }
        let limit = Self.waitLimit(for: request)
        let outcome = ReportReader(fd: child.output, waitingAtMost: limit).readOutcome()
        if case .timedOut = outcome {
            child.kill()
            _ = child.wait()
            return .failure(Failure(
                .timeout,
                "\(request.url): the network helper \(Quote.single(path)) did not answer within \(Seconds.text(limit.rounded(.up))) s; stopped it"))
        }
        let report: FetchReport? = if case .report(let read) = outcome { read } else { nil }
        let status = child.wait()
        guard let report, status == 0 else {
            let how = status == 0 ? "answered with no report" : "failed (\(ChildProcess.describe(status: status)))"
            throw Failure(.internal, "the network helper \(Quote.single(path)) \(how)")
        }
        return report
    }

    /// How long the main process waits for the helper's report, in seconds: every
    /// attempt's timeout (each redirect hop may take one), every retry wait at its longest
    /// (`Retry-After` is honoured up to `FetchLimits.maximumRetryAfter`), and a few seconds for the helper's start
    /// and exit. Past it the helper is killed and the check fails as `timeout` (75), so
    /// a helper that hangs never hangs versioncheck. With `--deadline` the helper's own
    /// bound is the deadline, and the wait ends a few seconds after it.
    package static func waitLimit(for request: FetchRequest) -> Double {
        let grace = 3.0
        if let deadline = request.deadline {
            return max(0, deadline.remaining(now: System.monotonicNow())) + grace
        }
        let attempts = Double(request.retries + 1)
        let perAttempt = request.timeout * Double(FetchLimits.maximumRedirects + 1)
        return attempts * perAttempt + Double(request.retries) * FetchLimits.maximumRetryAfter + grace
    }

    /// The helper's path, or why there is none (an internal error, 70).
    public static func locate(environment: [String: String]) -> Result<String, Failure> {
        if let override = environment[environmentVariable], !override.isEmpty {
            guard System.isExecutableFile(override) else {
                return .failure(Failure(
                    .internal, "\(environmentVariable) is \(Quote.single(override)), which is not an executable file"))
            }
            return .success(override)
        }
        guard let executable = System.executablePath() else {
            return .failure(Failure(.internal, "cannot find the network helper \(executableName): the path of this program is unknown"))
        }
        let folder = directoryName(executable)
        let candidates = [
            folder + "/" + executableName,
            folder + "/../libexec/versioncheck/" + executableName,
        ]
        if let found = candidates.first(where: System.isExecutableFile) { return .success(found) }
        return .failure(Failure(
            .internal,
            "cannot find the network helper \(executableName) in \(Quote.single(folder)) or \(Quote.single(folder + "/../libexec/versioncheck")); reinstall versioncheck or set \(environmentVariable)"
        ))
    }

    package static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// Reads a `FetchReport` from a pipe: the header lines, then exactly the body's bytes
/// into one array of its final size (no copy of an 8 MiB body).
public struct ReportReader {
    package let fd: FileDescriptor
    /// When to stop waiting, on `System.monotonicNow()`'s clock; nil: wait as long as it takes.
    public var until: MonotonicInstant?

    package init(fd: FileDescriptor, until: MonotonicInstant? = nil) {
        self.fd = fd
        self.until = until
    }

    /// A reader of the descriptor numbered `fd` (the public forms, for the fuzz harness,
    /// which sees only public API).
    public init(fd: Int32, until: MonotonicInstant? = nil) {
        self.init(fd: FileDescriptor(rawValue: fd), until: until)
    }

    /// A reader of the descriptor numbered `fd` that waits at most `seconds` from now.
    public init(fd: Int32, waitingAtMost seconds: Double) {
        self.init(fd: FileDescriptor(rawValue: fd), waitingAtMost: seconds)
    }

    /// A reader of `fd` that waits at most `seconds` from now.
    package init(fd: FileDescriptor, waitingAtMost seconds: Double) {
        self.init(fd: fd, until: System.monotonicNow().advanced(by: seconds))
    }

    /// A report, no report (garbage, a flood, a short body, the helper gone), or the
    /// wait ran past `until`.
    public enum Outcome: Sendable, Equatable {
        case report(FetchReport)
        case invalid
        case timedOut
    }

    /// Thrown inside the reader when `until` passes.
    private struct TimedOut: Error {}
    /// The longest header accepted. It is a few lines, but three of them carry what a
    /// server sent: the final URL (a redirect's `Location`), `ETag` and `Last-Modified`,
    /// each up to one header line (libcurl accepts 100 KiB; the helper refuses more than
    /// 64 KiB of headers in all). The bound is well above all three together, so a long
    /// validator reaches an answer instead of "no report" (was 64 KiB: a 66 KB `ETag`
    /// failed with 70), and still keeps a helper that floods without a blank line to 1 MiB.
    package static let maximumHeaderSize = 1024 * 1024

    /// The report, or nil when there is none (whatever the reason).
    public func read() -> FetchReport? {
        if case .report(let report) = readOutcome() { return report }
        return nil
    }

    public func readOutcome() -> Outcome {
        do throws(TimedOut) {
            guard let report = try readReport() else { return .invalid }
            return .report(report)
        } catch {
            return .timedOut
        }
    }

    /// Waits until `fd` is readable (or at its end); throws once `until` passes.
    private func awaitReadable() throws(TimedOut) {
        guard let until else { return }
        guard fd.waitUntilReadable(before: until) else { throw TimedOut() }
    }

    private func readReport() throws(TimedOut) -> FetchReport? {
        var pending: [UInt8] = []
        var headerEnd: Int?
        while headerEnd == nil {
            guard pending.count < Self.maximumHeaderSize else { return nil }
            try awaitReadable()
            guard case .success(let chunk) = fd.readChunk(), !chunk.isEmpty else { return nil }
            let searchFrom = max(0, pending.count - 1)
            pending += chunk
            headerEnd = FetchReport.blankLine(in: pending, from: searchFrom)
        }
        guard let headerEnd else { return nil }
        switch FetchReport.parseHeader(bytes: pending[..<headerEnd]) {
        case nil:
            return nil
        case .failure(let failure)?:
            return .failure(failure)
        case .response(let status, let url, let entityTag, let lastModified, let length)?:
            guard length <= FetchLimits.maximumBodySize else { return nil }
            var body = [UInt8](repeating: 0, count: length)
            let early = pending[(headerEnd + 2)...].prefix(length)
            body.replaceSubrange(0..<early.count, with: early)
            var filled = early.count
            while filled < length {
                try awaitReadable()
                guard case .success(let chunk) = fd.readChunk(), !chunk.isEmpty, chunk.count <= length - filled else { return nil }
                body.replaceSubrange(filled..<(filled + chunk.count), with: chunk)
                filled += chunk.count
            }
            return .response(FetchedResponse(
                status: status, url: url, entityTag: entityTag, lastModified: lastModified, body: body))
        }
    }
}
