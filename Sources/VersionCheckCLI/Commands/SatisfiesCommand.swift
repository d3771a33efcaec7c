import VersionCheckCommandLine
import VersionCheckPipeline
import VersionCheckPlatform
import VersionCheckSources
import VersionCheckCore

/// `satisfies VERSION CONSTRAINT`: exit 0 if satisfied, 1 if not; prints nothing
/// (with `--json`: `{"version": "…", "constraint": "…", "satisfied": true}`).
struct SatisfiesCommand: Command {
    static let spec = CommandTable.satisfies
    let version: Version
    let constraint: VersionConstraint

    init(_ line: ParsedCommandLine, context: CommandContext) throws(Failure) {
        do {
            version = try Version(line.arguments[0])
        } catch {
            throw Failure(.invalidInput, error.description + (Self.swappedHint(line.arguments).map { "; " + $0 } ?? ""))
        }
        do {
            constraint = try VersionConstraint(line.arguments[1])
        } catch {
            throw Failure(.invalidInput, error.description)
        }
    }

    /// `the version comes first: versioncheck satisfies 1.4.0 '>= 1.2'` when the first
    /// argument is not a version but a constraint and the second is a version (SPEC.md,
    /// "Hints on likely slips"); nil otherwise.
    static func swappedHint(_ arguments: [String]) -> String? {
        guard arguments.count == 2, (try? VersionConstraint(arguments[0])) != nil, (try? Version(arguments[1])) != nil
        else { return nil }
        let words = [CommandTable.programName, spec.name, arguments[1], arguments[0]].map(Quote.shellWord)
        return "the version comes first: " + words.joined(separator: " ")
    }

    func run(_ context: CommandContext) -> ExitStatus {
        let output = context.output
        let satisfied = constraint.isSatisfied(by: version)
        if output.json {
            output.writeJSON([
                "version": .string(version.description), "constraint": .string(constraint.description),
                "satisfied": .bool(satisfied),
            ])
        }
        return satisfied ? .success : .no
    }
}
