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
    public static let executableName = "versioncheck-fetch"
    /// The environment variable that overrides where the helper is.
    public static let environmentVariable = "VERSIONCHECK_FETCH_HELPER"

    /// The process environment (only `VERSIONCHECK_FETCH_HELPER` is read here; the
    /// child inherits the process's own environment).
    public var environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// Starts the helper with `request` as its arguments, stdin from `/dev/null`, stderr
    /// shared (its `-v` lines), stdout a pipe; reads the report and waits for the helper.
    public func fetch(_ request: FetchRequest) throws(Failure) -> FetchReport {
        let path = try Self.locate(environment: environment).get()
        let child: ChildProcess
        switch ChildProcess.spawn(path, arguments: request.arguments) {
        case .success(let started): child = started
        case .failure(let error):
            throw Failure(.internal, "cannot run the network helper \(Quote.single(path)): \(System.describe(errno: error.code))")
        }
        let report = ReportReader(fd: child.output).read()
        let status = child.wait()
        guard let report, status == 0 else {
            let how = status == 0 ? "answered with no report" : "failed (\(ChildProcess.describe(status: status)))"
            throw Failure(.internal, "the network helper \(Quote.single(path)) \(how)")
        }
        return report
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

    static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// Reads a `FetchReport` from a pipe: the header lines, then exactly the body's bytes
/// into one array of its final size (no copy of an 8 MiB body).
struct ReportReader {
    let fd: Int32
    /// The longest header accepted (a few short lines; URLs and validators included).
    static let maximumHeaderSize = 64 * 1024

    func read() -> FetchReport? {
        var pending: [UInt8] = []
        var headerEnd: Int?
        while headerEnd == nil {
            guard pending.count < Self.maximumHeaderSize, let chunk = System.readChunk(fd), !chunk.isEmpty else { return nil }
            let searchFrom = max(0, pending.count - 1)
            pending += chunk
            headerEnd = Self.blankLine(in: pending, from: searchFrom)
        }
        guard let headerEnd else { return nil }
        let lines = String(decoding: pending[..<headerEnd], as: UTF8.self).split(separator: "\n")
        switch FetchReport.parseHeader(lines) {
        case nil:
            return nil
        case .failure(let failure)?:
            return .failure(failure)
        case .response(let status, let url, let entityTag, let lastModified, let length)?:
            guard length <= FetchLimits.maximumBodySize else { return nil }
            var body = [UInt8](repeating: 0, count: length)
            let early = pending[(headerEnd + 2)...].prefix(length)
            body.replaceSubrange(0..<early.count, with: early)
            guard System.readExactly(fd, into: &body, from: early.count) else { return nil }
            return .response(FetchedResponse(
                status: status, url: url, entityTag: entityTag, lastModified: lastModified, body: body))
        }
    }

    /// Where `\n\n` starts in `bytes`, searching from `start`.
    private static func blankLine(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0x0A && bytes[index + 1] == 0x0A { return index }
            index += 1
        }
        return nil
    }
}
