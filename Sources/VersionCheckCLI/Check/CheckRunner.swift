/// Runs one update check and reports it through `Output`; returns the exit status
/// (0/100/101, 1 for a failed gate, or the status of the `Failure` it reported).
///
/// The real program's runner is `CheckRunner.live` (the helper for the network);
/// tests inject fakes to see the parsed request.
public typealias CheckRunner = @Sendable (CheckRequest, Output) -> ExitStatus

/// The real program's update check.
public enum LiveCheck {
    /// Checks with `checker` (by default over the network helper), prints the report or the failure.
    public static func runner(environment: [String: String]) -> CheckRunner {
        let checker = UpdateChecker(fetcher: HelperProcess(environment: environment))
        return { request, output in run(request, checker: checker, output: output) }
    }

    /// Runs `checker` on `request` and prints the outcome (or the failure).
    public static func run(_ request: CheckRequest, checker: UpdateChecker, output: Output) -> ExitStatus {
        do {
            return CheckPresenter.present(try checker.check(request), to: output)
        } catch {
            return output.report(error)
        }
    }
}
