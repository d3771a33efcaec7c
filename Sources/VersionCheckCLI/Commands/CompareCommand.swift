import VersionCheckCore

/// `compare A B`: prints -1, 0 or 1 (A against B, by precedence).
enum CompareCommand {
    static func run(_ line: ParsedCommandLine, output: Output) -> ExitStatus {
        let a: Version
        let b: Version
        do {
            a = try Version(line.arguments[0])
            b = try Version(line.arguments[1])
        } catch {
            return output.report(Failure(.invalidInput, error.description))
        }
        let comparison = a.compare(to: b)
        if output.json {
            output.writeJSON(["a": .string(a.description), "b": .string(b.description), "comparison": .int(comparison)])
        } else {
            output.writeLine(String(comparison))
        }
        return .success
    }
}
