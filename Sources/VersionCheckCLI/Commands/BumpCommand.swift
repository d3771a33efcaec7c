import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// `bump LEVEL VERSION [--pre ID]`: prints the next version (with `--json`:
/// `{"version": "…", "level": "…", "bumped": "…"}`). LEVEL and ID were checked by the
/// parser (64); an invalid VERSION or a bump that would not be higher is 65.
struct BumpCommand: Command {
    static let spec = CommandTable.bump
    let level: BumpLevel
    let version: String
    let pre: PrereleaseName?

    init(_ line: ParsedCommandLine, context: CommandContext) throws(Failure) {
        guard let level = line.bumpLevel(argument: 0) else {
            throw Failure(.internal, "LEVEL \(Quote.single(line.arguments[0])) was not checked by the parser (CommandTable.bump)")
        }
        self.level = level
        version = line.arguments[1]
        pre = line[Option.pre]
    }

    func run(_ context: CommandContext) -> ExitStatus {
        Self.run(level: level, version: version, pre: pre, output: context.output)
    }

    /// Bumps `text` at `level` and prints the result.
    static func run(level: BumpLevel, version text: String, pre: PrereleaseName?, output: Output) -> ExitStatus {
        let bumped: Version
        let version: Version
        do {
            version = try Version(text)
        } catch {
            return output.report(Failure(.invalidInput, error.description))
        }
        do {
            bumped = try version.bumped(level, pre: pre)
        } catch {
            return output.report(Failure(.invalidInput, error.description))
        }
        if output.json {
            output.writeJSON([
                "version": .string(version.description), "level": .string(level.rawValue),
                "bumped": .string(bumped.description),
            ])
        } else {
            output.writeLine(bumped.description)
        }
        return .success
    }
}
