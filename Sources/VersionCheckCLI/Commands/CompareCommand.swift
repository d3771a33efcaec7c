import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// `compare A B`: prints -1, 0 or 1 (A against B, by precedence).
struct CompareCommand: Command {
    static let spec = CommandTable.compare
    let a: Version
    let b: Version

    init(_ line: ParsedCommandLine, context: CommandContext) throws(Failure) {
        do {
            a = try Version(line.arguments[0])
            b = try Version(line.arguments[1])
        } catch {
            throw Failure(.invalidInput, error.description)
        }
    }

    func run(_ context: CommandContext) -> ExitStatus {
        let output = context.output
        let comparison = a.compare(to: b)
        if output.json {
            output.writeJSON(["a": .string(a.description), "b": .string(b.description), "comparison": .int(comparison)])
        } else {
            output.writeLine(String(comparison))
        }
        return .success
    }
}
