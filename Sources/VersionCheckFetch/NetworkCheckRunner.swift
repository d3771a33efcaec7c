import Foundation
import VersionCheckCLI

/// The real `CheckRunner` of `versioncheck-fetch`: an `UpdateChecker` over
/// URLSession with retries, reporting through the CLI's `Output`.
public enum NetworkCheckRunner {
    /// `User-Agent: versioncheck/<version>`, the version from the CLI's one constant.
    public static let userAgent = "versioncheck/\(ToolInfo.version)"

    /// A runner that checks over the network. `environment` only serves to name the
    /// lookup endpoint's setting in messages (`VERSIONCHECK_LOOKUP_URL` when it came
    /// from there).
    public static func make(environment: [String: String]) -> CheckRunner {
        { request, output in
            let log: @Sendable (String) -> Void = { line in output.diagnostic(line) }
            let transport = URLSessionTransport(
                timeout: request.timeout, allowInsecure: request.allowInsecure, userAgent: userAgent, log: log)
            let client = RetryingHTTPClient(transport: transport, policy: RetryPolicy(retries: request.retries), log: log)
            let checker = UpdateChecker(http: client, lookupSetting: lookupSetting(request, environment: environment))
            return run(request, checker: checker, output: output)
        }
    }

    /// Runs `checker` on `request` and prints the outcome (or the failure).
    public static func run(_ request: CheckRequest, checker: UpdateChecker, output: Output) -> ExitStatus {
        do {
            return CheckPresenter.present(try checker.check(request), to: output)
        } catch {
            return output.report(error)
        }
    }

    /// `--lookup-url`, unless the endpoint is the one `VERSIONCHECK_LOOKUP_URL` gave
    /// (a flag wins over the environment, so equal values mean the flag was absent or the same).
    static func lookupSetting(_ request: CheckRequest, environment: [String: String]) -> String {
        guard case .appStore(let query) = request.source, let endpoint = query.endpoint,
              environment["VERSIONCHECK_LOOKUP_URL"] == endpoint
        else { return "--lookup-url" }
        return "VERSIONCHECK_LOOKUP_URL"
    }
}
