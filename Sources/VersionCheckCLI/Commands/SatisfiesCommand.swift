import VersionCheckCore

/// `satisfies VERSION CONSTRAINT`: exit 0 if satisfied, 1 if not; prints nothing
/// (with `--json`: `{"version": "…", "constraint": "…", "satisfied": true}`).
enum SatisfiesCommand {
    static func run(_ line: ParsedCommandLine, output: Output) -> ExitStatus {
        let version: Version
        let constraint: VersionConstraint
        do {
            version = try Version(line.arguments[0])
        } catch {
            return output.report(Failure(.invalidInput, error.description))
        }
        do {
            constraint = try VersionConstraint(line.arguments[1])
        } catch {
            return output.report(Failure(.invalidInput, error.description))
        }
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
