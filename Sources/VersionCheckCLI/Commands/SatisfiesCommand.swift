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
            throw Failure(.invalidInput, error.description)
        }
        do {
            constraint = try VersionConstraint(line.arguments[1])
        } catch {
            throw Failure(.invalidInput, error.description)
        }
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
