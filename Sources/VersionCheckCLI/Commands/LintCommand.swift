import VersionCheckCommandLine
import VersionCheckCore
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources

/// `lint [--strict] SOURCE … [--github OWNER/REPO …]`: each feed read as `manifest`
/// reads it, its findings printed in file order, sources in the order given (SPEC.md
/// "Checking a feed before publishing").
struct LintCommand: Command {
    static let spec = CommandTable.lint
    let request: LintRequest

    init(_ line: ParsedCommandLine, context: CommandContext) throws(Failure) {
        request = try LintRequest(line)
    }

    /// 1 when a finding is an error (with `--strict`, any finding), else 0; the first
    /// failure's status when a source could not be read (the others are still linted).
    func run(_ context: CommandContext) -> ExitStatus {
        let environment = context.environment
        let checker = UpdateChecker(
            fetcher: HelperProcess(environment: environment), now: Clock.now(environment: environment),
            offline: OfflineSwitch.isOn(environment))
        var failed: ExitStatus?
        var fails = false
        for source in request.sources {
            do throws(Failure) {
                let findings = try checker.lint(source, request: request)
                LintPresenter.present(findings, source: source, to: context.output)
                fails = fails || findings.contains { $0.severity == .error || request.strict }
            } catch {
                LintPresenter.present(error, source: source, to: context.output)
                failed = failed ?? error.exitStatus
            }
        }
        return failed ?? (fails ? .no : .success)
    }
}
