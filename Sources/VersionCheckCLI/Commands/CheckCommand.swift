import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckCore
import VersionCheckSources

/// `lookup` and `manifest`: turns a parsed command line into a `CheckRequest`
/// (versions parsed here: an invalid one is 65, naming its option; `--current-from`'s
/// Info.plist read here, before any request), then hands it to the injected `CheckRunner`.
struct LookupCommand: CheckingCommand {
    static let spec = CommandTable.lookup
    let request: CheckRequest
}

struct ManifestCommand: CheckingCommand {
    static let spec = CommandTable.manifest
    let request: CheckRequest
}

/// `lookup` and `manifest`: a `CheckRequest` built once from the line, run by the check runner.
protocol CheckingCommand: Command {
    var request: CheckRequest { get }
    init(request: CheckRequest)
}

extension CheckingCommand {
    init(_ line: ParsedCommandLine, context: CommandContext) throws(Failure) {
        self.init(request: try CheckRequestBuilder.request(from: line, environment: context.environment))
    }

    func run(_ context: CommandContext) -> ExitStatus { context.checkRunner(request, context.output) }
}
