import Foundation
import VersionCheckCore

/// The whole job of `versioncheck-fetch`, the network helper: read a `FetchRequest`
/// from the command line, GET it (URLSession, retries, redirects vetted, body capped),
/// and write a `FetchReport` to stdout. It decides nothing and prints nothing for the
/// user; with `--verbose` it writes one diagnostic line per request, redirect and
/// retry to stderr, as `versioncheck: …`.
public enum FetchHelper {
    /// Runs one request and returns the helper's exit status: 0 once a report is
    /// written (the report says whether the GET worked), 64 when the command line is
    /// not a request (the helper run by hand), 70 when stdout cannot be written.
    public static func run(arguments: [String]) -> Int32 {
        if arguments == [ServedFrame.serveArgument] { return FetchServer.serve() }
        guard let request = FetchRequest(arguments: arguments) else {
            standardError("versioncheck-fetch: usage: versioncheck-fetch --timeout SECONDS --retries N --user-agent TEXT [--deadline-at MONOTONIC-SECONDS] [--allow-insecure] [--verbose] [--if-none-match TAG] [--if-modified-since DATE] -- URL\n")
            return 64
        }
        do {
            switch outcome(request) {
            case .success(let (response, body)):
                // The body goes out as URLSession gave it: one copy of it in this process.
                try FileHandle.standardOutput.write(contentsOf: Data(FetchReport.responseHeader(response, bodyLength: body.count).utf8))
                try FileHandle.standardOutput.write(contentsOf: body)
            case .failure(let failure):
                try FileHandle.standardOutput.write(contentsOf: Data(FetchReport.failure(failure).encoded))
            }
        } catch {
            return 70
        }
        return 0
    }

    /// One GET with retries, as a report.
    public static func fetch(_ request: FetchRequest, transport: (any HTTPGetting)? = nil) -> FetchReport {
        switch outcome(request, transport: transport) {
        case .success(let (response, body)):
            var response = response
            response.body = [UInt8](body)
            return .response(response)
        case .failure(let failure):
            return .failure(failure)
        }
    }

    /// One GET with retries: the response (its `body` left empty) and the body as received, or the failure.
    static func outcome(_ request: FetchRequest, transport: (any HTTPGetting)? = nil) -> Result<(FetchedResponse, Data), Failure> {
        guard let url = URL(string: request.url) else {
            return .failure(Failure(.internal, "'\(request.url)' is not a URL"))
        }
        let verbose = request.verbose
        let log: @Sendable (String) -> Void = { line in if verbose { diagnostic(line) } }
        var session = URLSessionTransport(
            timeout: request.timeout, allowInsecure: request.allowInsecure, userAgent: request.userAgent, log: log)
        if let tag = request.entityTag { session.headers["If-None-Match"] = tag }
        if let date = request.lastModified { session.headers["If-Modified-Since"] = date }
        let client = RetryingHTTPClient(
            transport: transport ?? session, policy: RetryPolicy(retries: request.retries, deadline: request.deadline), log: log)
        do {
            let response = try client.get(url)
            return .success((FetchedResponse(
                status: response.status, url: Redaction.display(response.url), entityTag: response.header("ETag"),
                lastModified: response.header("Last-Modified")), response.body))
        } catch let failure as Failure {
            return .failure(failure)
        } catch let error as TransportError {
            return .failure(Failure(error.kind, "\(Redaction.display(url)): \(error)"))
        } catch {
            return .failure(Failure(.internal, "\(Redaction.display(url)): \(error)"))
        }
    }

    /// `versioncheck: LINE` on stderr, control characters escaped (as the main binary's `-v` lines).
    static func diagnostic(_ line: String) {
        standardError("versioncheck: " + TerminalText.escapingControlCharacters(line) + "\n")
    }

    private static func standardError(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}
