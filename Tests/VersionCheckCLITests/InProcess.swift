import Foundation
import VersionCheckCLI
import VersionCheckCore
import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform

/// What one in-process `CLI.run` left behind.
struct RunResult: CustomStringConvertible {
    var status: ExitStatus
    var stdout: String
    var stderr: String
    /// The requests the fake check runner received (lookup/manifest only).
    var requests: [CheckRequest]

    var description: String { "exit \(status.rawValue)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Collects the requests a fake runner receives.
final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [CheckRequest] = []
    func append(_ request: CheckRequest) { lock.withLock { items.append(request) } }
    var requests: [CheckRequest] { lock.withLock { items } }
}

/// Runs the CLI in-process with a fake check runner that records the request and
/// returns `runnerStatus`.
func run(
    _ arguments: [String], stdin: String = "", environment: [String: String] = [:],
    terminal: Bool = false, runnerStatus: ExitStatus = .success
) -> RunResult {
    let log = RequestLog()
    let (output, capture) = Output.capturing(terminal: terminal, colourAllowed: Output.colourAllowed(environment: environment))
    let status = CLI.run(
        arguments: arguments, environment: environment, stdin: .text(stdin), output: output,
        checkRunner: { request, _ in
            log.append(request)
            return runnerStatus
        }
    )
    return RunResult(status: status, stdout: capture.stdout, stderr: capture.stderr, requests: log.requests)
}

func run(_ arguments: String..., stdin: String = "") -> RunResult {
    run(arguments, stdin: stdin)
}

/// Swift Testing has its own `ExitStatus` (for exit tests); ours wins in this module.
typealias ExitStatus = VersionCheckCore.ExitStatus
