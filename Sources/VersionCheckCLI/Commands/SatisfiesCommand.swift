import VersionCheckCore

/// `satisfies VERSION CONSTRAINT`: exit 0 if satisfied, 1 if not; prints nothing.
enum SatisfiesCommand {
    static func run(_ line: ParsedCommandLine, output: Output) -> ExitStatus {
        // Waits for VersionCheckCore.VersionConstraint (core branch).
        output.report(Failure(.internal, "satisfies is not implemented yet"))
    }
}
